#ifndef CAIRN_CINTL_SHIM_H
#define CAIRN_CINTL_SHIM_H
// GNU gettext as glibc provides it (libintl.h; no library to link): Swift's Glibc module does
// not export it (issue 37). Plus the locale calls the message and number set-up needs.
#include <libintl.h>
#include <locale.h>
#include <langinfo.h>

static inline int cairn_lc_messages(void) { return LC_MESSAGES; }
static inline int cairn_lc_numeric_mask(void) { return LC_NUMERIC_MASK; }
static inline locale_t cairn_newlocale_numeric(const char *name) {
    return newlocale(LC_NUMERIC_MASK, name, (locale_t)0);
}
static inline const char *cairn_radix_char(locale_t l) { return nl_langinfo_l(RADIXCHAR, l); }
#endif

#ifndef CAIRN_CLIBXML2_SHIM_H
#define CAIRN_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; ICU's UErrorCode then clashes with Foundation's (PLATFORM.md).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlIO.h>
#include <libxml/encoding.h>

// xmlFree is a function-pointer variable; call it through a function.
static inline void cairn_xml_free(void *p) { xmlFree(p); }
#endif

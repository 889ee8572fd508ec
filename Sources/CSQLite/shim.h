#ifndef CAIRN_CSQLITE_SHIM_H
#define CAIRN_CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a macro cast that Swift cannot import.
static inline sqlite3_destructor_type cairn_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif

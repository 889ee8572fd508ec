#ifndef CAIRN_CZLIB_SHIM_H
#define CAIRN_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev): gzopen/gzread for .osm.gz map extracts.
#include <zlib.h>
#endif

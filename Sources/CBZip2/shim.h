#ifndef CAIRN_CBZIP2_SHIM_H
#define CAIRN_CBZIP2_SHIM_H
// libbzip2 (Debian libbz2-dev): BZ2_bzRead for .osm.bz2 map extracts.
#include <stdio.h>
#include <bzlib.h>
#endif

// libzip (Debian libzip-dev 1.7.3): read zip archives, reporting each entry's
// uncompressed size before inflating. Used by TrailTerrain for SRTM `.hgt.zip` tiles.
#include <zip.h>

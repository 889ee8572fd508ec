// zlib (Debian zlib1g-dev): raw deflate streams, used to read what is left of a cut-off KMZ
// whose zip central directory is missing (libzip needs the directory).
#include <zlib.h>

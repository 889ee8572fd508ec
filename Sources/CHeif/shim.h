// libheif (Debian libheif-dev): the EXIF block of HEIC/HEIF photographs, for `cairn photos`.
#include <libheif/heif.h>

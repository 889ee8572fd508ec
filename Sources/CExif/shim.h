// libexif (Debian libexif-dev): EXIF tags of JPEG photographs, for `cairn photos`.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>
#include <libexif/exif-ifd.h>

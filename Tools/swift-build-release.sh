#!/usr/bin/env bash
# swift build -c release [ARGS...] with the release link that makes `cairn` start fast (issue 38,
# DECISIONS 990): the Swift runtime and Foundation linked in (--static-swift-stdlib), the Debian C
# libraries that have an archive (libxml2 with ICU and liblzma, SQLite, libexif, ncursesw,
# libtinfo, expat, bzip2, zlib, libstdc++) linked in from their .a files, a position-independent
# executable (ASLR kept: it reads untrusted files) that exports no symbols (DECISIONS 991). What stays shared:
# libc, libm, libgcc_s; libcurl for cairn-overpass. libzip (no Debian archive; it brings
# libcrypto) and libheif are opened with dlopen when a zip archive or a HEIF photo is first read
# (DECISIONS 992, 1070), so `cairn` NEEDs neither.
#
# How: a directory .build/static-libs holds links to the archives (found with `cc
# -print-file-name`), and a libxml-2.0.pc there names it first (-L), so every -lNAME of the link
# finds NAME's archive before the shared library in /usr/lib; libxml2's own dependencies, which
# an archive does not record, are named at the end of the link. A library without an archive
# here is linked shared as before (said on stderr). CAIRN_RELEASE_SHARED=1 builds the plain
# shared-library release instead (to compare). Prints nothing of its own on success.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

if [ "${CAIRN_RELEASE_SHARED:-0}" = 1 ]; then
    exec "$SWIFT" build -c release "$@"
fi

DIR=$PWD/.build/static-libs
mkdir -p "$DIR"
# The C compiler asked where the archives are: cc, else the clang of the Swift toolchain.
CC=${CC:-$(command -v cc || command -v clang || echo cc)}
static_ok=1
for lib in xml2 icuuc icudata lzma sqlite3 exif ncursesw tinfo expat bz2 z stdc++; do
    path=$("$CC" -print-file-name="lib$lib.a" 2>/dev/null || true)
    if [ -n "$path" ] && [ "$path" != "lib$lib.a" ] && [ -f "$path" ]; then
        ln -sfn "$path" "$DIR/lib$lib.a"
    else
        rm -f "$DIR/lib$lib.a"
        echo "swift-build-release: lib$lib.a not found: lib$lib linked shared" >&2
        case $lib in xml2|icuuc|icudata|lzma) static_ok=0 ;; esac
    fi
done
# libxml2's archive needs ICU and liblzma after it; without all four archives, libxml2 is
# linked shared (its .so records its own dependencies).
if [ "$static_ok" = 0 ]; then rm -f "$DIR/libxml2.a"; fi
# cairn-overpass links FoundationNetworking, whose archive needs libcurl: Debian's runtime
# libcurl.so.4 is named libcurl.so here when no development link is installed (linked shared).
if [ "$("$CC" -print-file-name=libcurl.so)" = libcurl.so ]; then
    curl=$("$CC" -print-file-name=libcurl.so.4)
    if [ "$curl" != libcurl.so.4 ]; then ln -sfn "$curl" "$DIR/libcurl.so"; fi
fi
CFLAGS_XML=$(pkg-config --cflags libxml-2.0 2>/dev/null || echo "-I/usr/include/libxml2")
cat > "$DIR/libxml-2.0.pc" <<EOF
Name: libXML
Description: libxml2, linked from $DIR first (Tools/swift-build-release.sh)
Version: $(pkg-config --modversion libxml-2.0 2>/dev/null || echo 2)
Libs: -L$DIR -lxml2
Cflags: $CFLAGS_XML
EOF

LATE=(-Xlinker "-L$DIR")
if [ -e "$DIR/libxml2.a" ]; then
    for lib in icuuc icudata lzma; do LATE+=(-Xlinker "-l$lib"); done
fi
# What the archives above use, again at the end: ncursesw's libtinfo, libxml2's zlib, ICU's and
# COSMReader's libstdc++, and libm.
for lib in tinfo z stdc++ m dl pthread; do LATE+=(-Xlinker "-l$lib"); done

# --disable-local-rpath: no RUNPATH $ORIGIN (SwiftPM's default), which nothing of the static link
# needs, so dlopen (libzip, libheif) never looks for a library beside the installed binary
# (DECISIONS 1072).
PKG_CONFIG_PATH="$DIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" exec "$SWIFT" build -c release \
    --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic "${LATE[@]}" "$@"

#!/bin/sh
# Places along a 30 km hike over the whole Andorra map (issue 15). Prints figures; never fails
# on a slow machine. Imports ../shared/data/osm/WorldKG-andorra-latest-2021-06-22.osm.pbf (or
# $1) into a fresh map store, then runs cairn-bench-places (see its header for what is timed).
# Target: the search (with the terrain's heights) under 50 ms.
set -eu
cd "$(dirname "$0")/.."
FILE="${1:-../shared/data/osm/WorldKG-andorra-latest-2021-06-22.osm.pbf}"
if [ ! -f "$FILE" ]; then echo "places-bench.sh: skipped: $FILE not found"; exit 0; fi
Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-places >/dev/null
BIN="$(swift build -c release --show-bin-path)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
"$BIN/cairn" map import --map "$OUT/map.sqlite" "$FILE" >/dev/null 2>&1
# The SRTM tile under Andorra: heights for the places without an ele tag, as the screen shows them.
"$BIN/cairn" dem import --dem "$OUT/dem" Samples/N42E001.hgt.zip >/dev/null 2>&1
echo "map: $FILE"
"$BIN/cairn-bench-places" --map "$OUT/map.sqlite" --dem "$OUT/dem" --within 1000 --iterations 50

#!/bin/sh
# Trail matching benchmark (issue 16). Prints figures; does not fail on a slow machine.
#
# 1. Builds release (cairn and cairn-bench-match).
# 2. Imports ../shared/data/osm/WorldKG-andorra-2021-east-clip.osm into a fresh map store.
# 3. Runs cairn-bench-match on the four recorded Andorra tracks inside the clip: graph build,
#    match time (median of 5) per 1,000 points against the candidate search alone (the
#    reference in the same run), then a 100,000-point track and its peak RSS.
#    Target: < 100 ms per 1,000 points.
set -eu
cd "$(dirname "$0")/.."
DATA=../shared/data
FILE="$DATA/osm/WorldKG-andorra-2021-east-clip.osm"
if [ ! -f "$FILE" ]; then echo "match-bench.sh: $FILE not found: skipped"; exit 0; fi
Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-match >/dev/null
BIN="$(swift build -c release --show-bin-path)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
"$BIN/cairn" map import --map "$OUT/map.sqlite" "$FILE" >/dev/null 2>&1
"$BIN/cairn-bench-match" --map "$OUT/map.sqlite" --big "${BIG:-100000}" \
    $DATA/gpx-unlicensed/adrutas-180429_a2.gpx $DATA/gpx-unlicensed/adrutas-180429_b.gpx \
    $DATA/gpx-unlicensed/adrutas-180430_a.gpx $DATA/gpx-unlicensed/adrutas-180430_b.gpx

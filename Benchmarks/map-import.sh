#!/bin/sh
# Map import and query benchmark (issue 4). Prints figures; does not fail on a slow machine.
#
# 1. Builds release.
# 2. Imports ../shared/data/osm/WorldKG-andorra-2021-east-clip.osm (or $1) into a fresh map store,
#    timed with /usr/bin/time -v (wall time, peak RSS), and times
#    `osmium cat FILE -f opl -o /dev/null --overwrite` in the same run as the parse floor;
#    prints the ratio. Targets: within 4x of osmium, peak RSS < 300 MB.
# 3. Runs cairn-bench-map: median and p99 of MapStore.features(in:zoom:) for a 200 x 60-cell
#    view at street zoom (z16) over the densest part of the store (and z14 for reference).
#    Target: median < 2 ms.
set -eu
cd "$(dirname "$0")/.."
FILE="${1:-../shared/data/osm/WorldKG-andorra-2021-east-clip.osm}"
RUNS="${RUNS:-3}"
if [ ! -f "$FILE" ]; then echo "map-import.sh: $FILE not found (give an .osm file as argument)"; exit 0; fi
if [ ! -x /usr/bin/time ]; then echo "map-import.sh: /usr/bin/time missing (apt-get install time)"; exit 1; fi
command -v osmium >/dev/null || { echo "map-import.sh: osmium missing (apt-get install osmium-tool)"; exit 1; }

Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-map >/dev/null
BIN="$(swift build -c release --show-bin-path)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

best() { sort -n | head -1; }
echo "file: $FILE ($(wc -c < "$FILE") bytes), best of $RUNS runs"
i=0
while [ $i -lt "$RUNS" ]; do
    rm -f "$OUT"/map.sqlite*
    /usr/bin/time -v "$BIN/cairn" map import --map "$OUT/map.sqlite" "$FILE" >/dev/null 2>"$OUT/time.txt"
    awk -F': ' '/Elapsed \(wall clock\)/ {split($2, t, ":"); print (t[1] * 60 + t[2])}' "$OUT/time.txt" >> "$OUT/cairn.s"
    awk -F': ' '/Maximum resident set size/ {print $2}' "$OUT/time.txt" >> "$OUT/cairn.kb"
    /usr/bin/time -f "%e" osmium cat "$FILE" -f opl -o /dev/null --overwrite 2>> "$OUT/osmium.s"
    i=$((i + 1))
done
C=$(best < "$OUT/cairn.s"); O=$(best < "$OUT/osmium.s"); K=$(sort -n "$OUT/cairn.kb" | tail -1)
echo "cairn map import: ${C} s, peak RSS $((K / 1024)) MB (target < 300 MB)"
echo "osmium cat -f opl: ${O} s"
awk -v c="$C" -v o="$O" 'BEGIN { if (o > 0) printf "ratio cairn/osmium: %.2f (target <= 4)\n", c / o; else print "ratio: osmium too fast to time" }'
ls -l "$OUT/map.sqlite" | awk '{printf "map store: %.1f MB\n", $5 / 1e6}'

echo "query, street zoom:"
"$BIN/cairn-bench-map" --map "$OUT/map.sqlite" --zoom 16 --cols 200 --rows 60 --iterations 2000
echo "query, z14 (reference):"
"$BIN/cairn-bench-map" --map "$OUT/map.sqlite" --zoom 14 --cols 200 --rows 60 --iterations 500

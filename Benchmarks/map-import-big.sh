#!/bin/sh
# PBF import at the size hikers download (issue 12). Prints figures; never fails on a slow machine.
#
# 1. Builds release, and Benchmarks/MapImportBig/make-big-pbf.cpp with g++ (libosmium).
# 2. Generates tile copies of ../shared/data/osm/WorldKG-andorra-latest-2021-06-22.osm.pbf
#    (246,806 nodes) with shifted coordinates and offset ids: 8 copies (2.0 M nodes) and
#    $COPIES copies (default 82: 20.2 M nodes), under $WORK (default /tmp/cairn-bench; never
#    committed, kept between runs).
# 3. For the real file and both generated ones: `cairn map import` wall time and peak RSS
#    (/usr/bin/time -v), `osmium cat FILE -f opl -o /dev/null` in the same run, wall and CPU
#    (user + system) ratios (target <= 3), RSS bytes per node (growth visible across the sizes; target < 600 MB
#    at 20 M nodes) and store size per million nodes.
# 4. Over the 20 M-node store: bbox query for a 200 x 60 view at z10/12/14/16 (cairn-bench-map,
#    median; target < 2 ms) and the full hike-screen frame at those zooms (cairn-bench-render
#    --store; p99; target < 16 ms).
set -eu
cd "$(dirname "$0")/.."
ANDORRA=../shared/data/osm/WorldKG-andorra-latest-2021-06-22.osm.pbf
WORK="${WORK:-/tmp/cairn-bench}"
COPIES="${COPIES:-82}"
if [ ! -f "$ANDORRA" ]; then echo "map-import-big.sh: skipped: ../shared/data not found"; exit 0; fi
command -v osmium >/dev/null || { echo "map-import-big.sh: osmium missing (apt-get install osmium-tool)"; exit 1; }
[ -x /usr/bin/time ] || { echo "map-import-big.sh: /usr/bin/time missing (apt-get install time)"; exit 1; }
mkdir -p "$WORK"

Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-map >/dev/null
Tools/swift-build-release.sh --product cairn-bench-render >/dev/null
BIN="$(swift build -c release --show-bin-path)"
GEN="$WORK/make-big-pbf"
if [ ! -x "$GEN" ] || [ Benchmarks/MapImportBig/make-big-pbf.cpp -nt "$GEN" ]; then
    g++ -O2 -std=c++17 -o "$GEN" Benchmarks/MapImportBig/make-big-pbf.cpp -lz -lbz2 -lexpat -pthread
fi
for n in 8 "$COPIES"; do
    [ -f "$WORK/big-$n.osm.pbf" ] || "$GEN" "$ANDORRA" "$WORK/big-$n.osm.pbf" "$n"
done

seconds() { awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$1"; }
# CPU seconds (user + system): on the shared 2-core machine wall time is mostly waiting to run.
cpu() { awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {print u + s}' "$1"; }
for FILE in "$ANDORRA" "$WORK/big-8.osm.pbf" "$WORK/big-$COPIES.osm.pbf"; do
    STORE="$WORK/$(basename "$FILE" .osm.pbf).sqlite"
    rm -f "$STORE" "$STORE-wal" "$STORE-shm"
    /usr/bin/time -v "$BIN/cairn" map import --map "$STORE" "$FILE" > "$WORK/import.txt" 2> "$WORK/time.txt"
    C=$(seconds "$WORK/time.txt")
    CC=$(cpu "$WORK/time.txt")
    K=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")
    /usr/bin/time -v osmium cat "$FILE" -f opl -o /dev/null --overwrite 2> "$WORK/otime.txt"
    O=$(seconds "$WORK/otime.txt")
    OC=$(cpu "$WORK/otime.txt")
    NODES=$(sed -n 's/.*(\([0-9]*\) nodes.*/\1/p' "$WORK/import.txt" | head -1)
    SIZE=$(cat "$STORE" "$STORE-wal" 2>/dev/null | wc -c)
    echo "$(basename "$FILE"): $(wc -c < "$FILE") bytes, $NODES nodes"
    echo "  cairn map import: wall $C s, CPU $CC s, peak RSS $((K / 1024)) MB; osmium cat -f opl: wall $O s, CPU $OC s"
    awk -v c="$C" -v o="$O" -v cc="$CC" -v oc="$OC" -v k="$K" -v n="$NODES" -v s="$SIZE" 'BEGIN {
        if (o > 0) printf "  ratio cairn/osmium: wall %.2f, CPU %.2f (target <= 3)\n", c / o, (oc > 0 ? cc / oc : 0)
        printf "  RSS per node: %.1f bytes; store: %.1f MB, %.1f MB per million nodes\n", k * 1024 / n, s / 1e6, s / 1e6 / (n / 1e6) }'
done

BIG="$WORK/big-$COPIES.sqlite"
echo "queries over $(basename "$BIG") (200 x 60 view, densest area):"
for z in 10 12 14 16; do
    printf "  z%s: " "$z"
    "$BIN/cairn-bench-map" --map "$BIG" --zoom "$z" --cols 200 --rows 60 --iterations 300 | tail -3 | sed "2,3s/^/       /"
done
GPX=../shared/data/gpx-unlicensed/adrutas-180430_a.gpx
echo "hike-screen frames over $(basename "$BIG") (200 x 60):"
for z in 10 12 14 16; do
    echo "  z$z:"
    "$BIN/cairn-bench-render" --store "$BIG" --gpx "$GPX" --zoom "$z" --iterations 100 | sed 's/^/    /'
done

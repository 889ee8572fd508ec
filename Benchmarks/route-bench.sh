#!/bin/sh
# Walking router benchmark (issue 7). Prints figures; does not fail on a slow machine.
#
# 1. Builds release (cairn and cairn-bench-route).
# 2. Imports ../shared/data/osm/WorldKG-andorra-2021-east-clip.osm (or $1) into a fresh map store.
# 3. Runs cairn-bench-route: the time to build the walking graph of the whole clip (median of
#    5), and the median / p90 time of 100 routes between random junctions 1-15 km apart
#    (seeded), search alone and through RoutePlanner.leg with the graph cached.
#    Target: < 20 ms per route.
# 4. Times one `cairn route` process end to end with hyperfine when installed (open the
#    store, build the graph for the stops, route, name the stops, print).
set -eu
cd "$(dirname "$0")/.."
FILE="${1:-../shared/data/osm/WorldKG-andorra-2021-east-clip.osm}"
if [ ! -f "$FILE" ]; then echo "route-bench.sh: $FILE not found (give an .osm file as argument)"; exit 0; fi

Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-route >/dev/null
BIN="$(swift build -c release --show-bin-path)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

"$BIN/cairn" map import --map "$OUT/map.sqlite" "$FILE" >/dev/null
echo "file: $FILE"
"$BIN/cairn-bench-route" --map "$OUT/map.sqlite" --pairs "${PAIRS:-100}" --seed "${SEED:-42}"
# Before / after climb costs (issue 13): the same pairs on a graph with SRTM elevations.
"$BIN/cairn" dem import --dem "$OUT/dem" Samples/N42E001.hgt.zip >/dev/null
"$BIN/cairn-bench-route" --map "$OUT/map.sqlite" --pairs "${PAIRS:-100}" --seed "${SEED:-42}" --dem "$OUT/dem"

if command -v hyperfine >/dev/null; then
    # Encamp to Refugi de Juclar, about 13 km as the crow flies (east clip).
    hyperfine -N --warmup 2 --runs 20 --style basic \
        "$BIN/cairn route --map $OUT/map.sqlite 42.5359781,1.5836753 42.6074087,1.7154436" 2>/dev/null \
        | grep -E "Time|Range" | sed 's/^/cairn route (one process): /'
fi

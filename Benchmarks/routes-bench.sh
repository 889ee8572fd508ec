#!/bin/sh
# Waymarked routes (issue 17): listing near a view (target < 20 ms) and trail completion of a
# route against 1,000 stored hikes (target < 500 ms), each against a reference measured in the
# same run (see Benchmarks/RoutesBench/main.swift). Imports the Andorra east clip (or $1) into a
# fresh map store. Prints figures; never fails on a slow machine.
set -eu
cd "$(dirname "$0")/.."
FILE="${1:-../shared/data/osm/WorldKG-andorra-2021-east-clip.osm}"
if [ ! -f "$FILE" ]; then echo "routes-bench.sh: skipped: $FILE not found"; exit 0; fi
Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-routes >/dev/null
BIN="$(swift build -c release --show-bin-path)"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
"$BIN/cairn" map import --map "$OUT/map.sqlite" "$FILE" >/dev/null 2>&1
"$BIN/cairn-bench-routes" --map "$OUT/map.sqlite" --iterations 30 --hikes 1000

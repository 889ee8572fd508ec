#!/usr/bin/env bash
# Hike store benchmark (issue 3). Prints:
#   1. `cairn import` of the generated 100 MB GPX (1,000,000 trackpoints with ele and time, made
#      by Benchmarks/make-big-gpx.py and cached in Benchmarks/out/, shared with gpx-parse.sh)
#      into a fresh store: wall time, MB/s end to end (read, statistics, hash, write, commit)
#      and peak RSS; best of RUNS runs, GNU time (/usr/bin/time -v). Targets: >= 40 MB/s,
#      < 150 MB.
#   2. `cairn list` on a store of 1,000 hikes (2,000 points each, filled by StoreBenchmark
#      fill): mean time from hyperfine. Target: < 100 ms.
#   3. The point-layout comparison behind DECISIONS.md (StoreBenchmark layout).
# MB = 10^6 bytes. Environment: POINTS (default 1000000), RUNS (default 3), HIKES (default 1000).
set -euo pipefail
cd "$(dirname "$0")/.."

POINTS=${POINTS:-1000000}
RUNS=${RUNS:-3}
HIKES=${HIKES:-1000}
OUT=Benchmarks/out
FILE=$OUT/bench-$POINTS.gpx
mkdir -p "$OUT"

for tool in /usr/bin/time hyperfine python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "missing $tool (Debian packages: time hyperfine python3)" >&2; exit 1; }
done
if [ ! -s "$FILE" ]; then
    echo "generating $FILE ($POINTS trackpoints)..."
    python3 Benchmarks/make-big-gpx.py --points "$POINTS" "$FILE.tmp" && mv "$FILE.tmp" "$FILE"
fi
BYTES=$(stat -c %s "$FILE")
MB=$(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }')

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "building release (cairn, StoreBenchmark)..."
    Tools/swift-build-release.sh --product cairn >/dev/null
    Tools/swift-build-release.sh --product StoreBenchmark >/dev/null
fi
CAIRN=.build/release/cairn
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat "$FILE" >/dev/null  # warm the page cache

best_s="" best_rss=""
for ((i = 1; i <= RUNS; i++)); do
    rm -f "$TMP"/import.sqlite*
    /usr/bin/time -v -o "$TMP/time.txt" "$CAIRN" import "$FILE" --store "$TMP/import.sqlite" >/dev/null 2>"$TMP/err.txt" \
        || { cat "$TMP/err.txt" >&2; exit 1; }
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s }' "$TMP/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$TMP/time.txt")
    echo "  run $i: $wall s, peak RSS $rss MB"
    if [ -z "$best_s" ] || awk -v a="$wall" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then best_s=$wall best_rss=$rss; fi
done
STORE_MB=$(awk -v b="$(stat -c %s "$TMP/import.sqlite")" 'BEGIN { printf "%.1f", b / 1e6 }')

echo "filling a store with $HIKES hikes..."
.build/release/StoreBenchmark fill "$TMP/list.sqlite" "$HIKES" >/dev/null
hyperfine --warmup 3 --runs 30 --export-json "$TMP/list.json" -N "$CAIRN list --store $TMP/list.sqlite" >/dev/null
LIST_MS=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.1f %.1f" % (r["mean"]*1000, r["stddev"]*1000))' "$TMP/list.json")
hyperfine --warmup 3 --runs 30 --export-json "$TMP/json.json" -N "$CAIRN list --json --store $TMP/list.sqlite" >/dev/null
JSON_MS=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.1f %.1f" % (r["mean"]*1000, r["stddev"]*1000))' "$TMP/json.json")

verdict() { if awk "BEGIN { exit !($1) }"; then echo "met"; else echo "MISSED"; fi; }
echo
echo "import: $FILE ($MB MB, $POINTS trackpoints) into a fresh store ($STORE_MB MB afterwards)"
awk -v mb="$MB" -v s="$best_s" 'BEGIN { printf "  time        %7.2f s\n  throughput  %7.1f MB/s   (target >= 40)   ", s, mb / s }'
verdict "$MB / $best_s >= 40"
awk -v r="$best_rss" 'BEGIN { printf "  peak RSS    %7.1f MB     (target < 150)   ", r }'
verdict "$best_rss < 150"
echo "list: $HIKES hikes"
set -- $LIST_MS
printf "  cairn list         %6.1f ms ± %.1f   (target < 100)   " "$1" "$2"
verdict "$1 < 100"
set -- $JSON_MS
printf "  cairn list --json  %6.1f ms ± %.1f\n" "$1" "$2"
echo
echo "point layouts (StoreBenchmark layout $POINTS):"
.build/release/StoreBenchmark layout "$POINTS"

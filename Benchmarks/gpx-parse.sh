#!/usr/bin/env bash
# GPX parsing benchmark (issue 2): one run prints throughput and peak memory of
#   1. `cairn stats FILE --json` (or the command in CAIRN_STATS_CMD, "{}" standing for the file),
#   2. `xmllint --stream --noout FILE` (libxml2 in C: the floor),
#   3. Python gpxpy's gpxpy.parse (in a venv under Benchmarks/out/),
# on a generated 100 MB GPX (1,000,000 trackpoints with ele and time, cached in Benchmarks/out/),
# then the ratios against the targets: >= 60 MB/s, within 1.5x of xmllint, >= 15x faster than
# gpxpy, peak RSS < 120 MB. MB = 10^6 bytes. Times are the best of RUNS runs (gpxpy: one run),
# from a warm page cache, measured with GNU time (/usr/bin/time -v).
#
# Environment: CAIRN_STATS_CMD (default ".build/release/cairn stats {} --json"), POINTS
# (default 1000000), RUNS (default 3), SKIP_GPXPY=1 to leave gpxpy out, SENSORS=1 for a file
# whose points also carry Garmin hr/cad/atemp (about 270 MB).
set -euo pipefail
cd "$(dirname "$0")/.."

POINTS=${POINTS:-1000000}
RUNS=${RUNS:-3}
OUT=Benchmarks/out
SENSORS=${SENSORS:-0}
FILE=$OUT/bench-$POINTS.gpx
GENERATOR_FLAGS=()
if [ "$SENSORS" = 1 ]; then FILE=$OUT/bench-$POINTS-sensors.gpx; GENERATOR_FLAGS=(--sensors); fi
mkdir -p "$OUT"

need_package() {  # $1 = command to check, $2 = Debian package
    command -v "$1" >/dev/null 2>&1 && return 0
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y "$2" >/dev/null
    else
        echo "missing $1: run   sudo apt-get install -y $2" >&2
        exit 1
    fi
}
[ -x /usr/bin/time ] || need_package /usr/bin/time time
need_package xmllint libxml2-utils
need_package python3 python3

if [ ! -s "$FILE" ]; then
    echo "generating $FILE ($POINTS trackpoints)..."
    python3 Benchmarks/make-big-gpx.py --points "$POINTS" "${GENERATOR_FLAGS[@]}" "$FILE.tmp"
    mv "$FILE.tmp" "$FILE"
fi
BYTES=$(stat -c %s "$FILE")
MB=$(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }')

CMD_TEMPLATE=${CAIRN_STATS_CMD:-".build/release/cairn stats {} --json"}
if [ -z "${CAIRN_STATS_CMD:-}" ] && [ ! -x .build/release/cairn ]; then
    echo "building release..."
    Tools/swift-build-release.sh --product cairn >/dev/null
fi
CAIRN_CMD=${CMD_TEMPLATE//\{\}/$FILE}

cat "$FILE" >/dev/null  # warm the page cache

# measure LABEL RUNS COMMAND...: sets BEST_S (wall seconds, best run) and BEST_RSS_MB (of that run).
measure() {
    local label=$1 runs=$2
    shift 2
    BEST_S="" BEST_RSS_MB=""
    for ((i = 1; i <= runs; i++)); do
        if ! /usr/bin/time -v -o "$OUT/time-$label.txt" "$@" >/dev/null 2>"$OUT/stderr-$label.txt"; then
            echo "$label failed: $*" >&2
            cat "$OUT/stderr-$label.txt" >&2
            exit 1
        fi
        local wall rss
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
            n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s }' "$OUT/time-$label.txt")
        rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$OUT/time-$label.txt")
        if [ -z "$BEST_S" ] || awk -v a="$wall" -v b="$BEST_S" 'BEGIN { exit !(a < b) }'; then
            BEST_S=$wall BEST_RSS_MB=$rss
        fi
    done
}

echo "file: $FILE ($MB MB, $POINTS trackpoints)"
# shellcheck disable=SC2086
measure cairn "$RUNS" $CAIRN_CMD
CAIRN_S=$BEST_S CAIRN_RSS=$BEST_RSS_MB
measure xmllint "$RUNS" xmllint --stream --noout "$FILE"
XMLLINT_S=$BEST_S XMLLINT_RSS=$BEST_RSS_MB

if [ "${SKIP_GPXPY:-0}" != 1 ]; then
    if [ ! -x "$OUT/venv/bin/python" ]; then
        echo "creating $OUT/venv with gpxpy..."
        python3 -m venv "$OUT/venv"
        "$OUT/venv/bin/pip" install --quiet gpxpy
    fi
    measure gpxpy 1 "$OUT/venv/bin/python" -c 'import sys, gpxpy; gpxpy.parse(open(sys.argv[1], encoding="utf-8"))' "$FILE"
    GPXPY_S=$BEST_S GPXPY_RSS=$BEST_RSS_MB
fi

row() { awk -v n="$1" -v s="$2" -v r="$3" -v mb="$MB" 'BEGIN { printf "%-10s %8.2f s %9.1f MB/s %9.1f MB peak RSS\n", n, s, mb / s, r }'; }
echo
echo "command: $CAIRN_CMD"
row cairn "$CAIRN_S" "$CAIRN_RSS"
row xmllint "$XMLLINT_S" "$XMLLINT_RSS"
[ -n "${GPXPY_S:-}" ] && row gpxpy "$GPXPY_S" "$GPXPY_RSS"
echo
verdict() { if awk "BEGIN { exit !($1) }"; then echo "met"; else echo "MISSED"; fi; }
awk -v mb="$MB" -v s="$CAIRN_S" 'BEGIN { printf "throughput  %7.1f MB/s   (target >= 60)     ", mb / s }'
verdict "$MB / $CAIRN_S >= 60"
awk -v a="$CAIRN_S" -v b="$XMLLINT_S" 'BEGIN { printf "vs xmllint  %7.2fx      (target <= 1.5x)   ", a / b }'
verdict "$CAIRN_S / $XMLLINT_S <= 1.5"
if [ -n "${GPXPY_S:-}" ]; then
    awk -v a="$GPXPY_S" -v b="$CAIRN_S" 'BEGIN { printf "vs gpxpy    %7.1fx      (target >= 15x)    ", a / b }'
    verdict "$GPXPY_S / $CAIRN_S >= 15"
fi
awk -v r="$CAIRN_RSS" 'BEGIN { printf "peak RSS    %7.1f MB     (target < 120)     ", r }'
verdict "$CAIRN_RSS < 120"

#!/usr/bin/env bash
# `make bench-check` (issue 38): a short guard over the benchmarks that have a reference tool,
# each measured once, cairn and the reference one right after the other in the same run, so the
# ratio holds on a loaded machine. Fails (exit 1) when a ratio is worse than its target by more
# than a third (ratio > target x 4/3); a ratio above the target but within the third is printed
# as "missed" and does not fail.
#
#   GPX     `cairn stats FILE --json` against `xmllint --stream --noout FILE` on a generated GPX
#           (BENCH_GPX_POINTS trackpoints, default 300,000 = about 31 MB, cached in
#           Benchmarks/out/); wall time.                                       target <= 1.3x
#   PBF     `cairn map import` of the Andorra PBF (shared data) into a fresh store against
#           `OSMIUM_POOL_THREADS=2 osmium cat -f opl -o /dev/null`; wall time.   target <= 2x
#           (the issue's target for small dense files; 1.5x is for 2 M and 20 M nodes)
#   query   cairn-bench-map's "cairn / R*Tree + blob" CPU ratio over that store, busiest
#           200 x 60 view at z10, z12, z14 and z16.                            target <= 1.5x
#   start   CPU (user + system) of BENCH_STARTS runs (default 500: /usr/bin/time counts in 10 ms,
#           and 100 starts of the release link take about 0.2 s) of `cairn --version`
#           against as many of `osmium --version`.                             target <= 2x
#   libs    the shared libraries `cairn` needs at every start (readelf -d): libc, libm,
#           libgcc_s and the loader only; any other fails.
#
# Targets can be moved with BENCH_TARGET_GPX, BENCH_TARGET_PBF, BENCH_TARGET_QUERY,
# BENCH_TARGET_START.
#
# BENCH_CI=1 (what .ci/run sets; DECISIONS 823) makes the check fit a loaded, shared 2-core CI
# machine: the GPX and PBF ratios compare CPU time (user + system) instead of wall time (the
# PBF import's two threads then count in full, a stricter measure than its wall target), and
# a target still known to be unmet (BENCH_KNOWN_PBF, BENCH_KNOWN_QUERY, BENCH_KNOWN_START: the
# ratio this round measured, Benchmarks/HISTORY.md) fails only when the ratio grows more than
# a third beyond that known figure, printed as "unmet (known)". A check that fails is measured
# once more and fails only if the second run fails too (a neighbour's burst on a shared core). Without ../shared/data (next to the checkout) the PBF and query checks are
# skipped with a notice. BENCH_NO_BUILD=1 uses the release binaries already in .build/release.
# Prints the total run time at the end. Figures: MB = 10^6 bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
START_NS=$(date +%s%N)

OUT=Benchmarks/out
mkdir -p "$OUT"
DATA=${CAIRN_SHARED_DATA:-../shared/data}
PBF=$DATA/osm/WorldKG-andorra-latest-2021-06-22.osm.pbf
POINTS=${BENCH_GPX_POINTS:-300000}
STARTS=${BENCH_STARTS:-500}
T_GPX=${BENCH_TARGET_GPX:-1.3}
T_PBF=${BENCH_TARGET_PBF:-2}
T_QUERY=${BENCH_TARGET_QUERY:-1.5}
T_START=${BENCH_TARGET_START:-2}
CI=${BENCH_CI:-0}
# About the ratios measured in the 2026-12-05 round (17:51-17:54 UTC, CPU, load 8-9) for the
# targets not met yet; used only with BENCH_CI=1. Lower them as the code gets faster; remove
# one (empty) once its target holds. The query's was lowered from 3.6 by the 2026-12-05 21:09
# round (packed view column and one decoding buffer, DECISIONS 940-941: 2.16-2.51x here). The
# start-up's (8) was removed by the 2026-12-05 23:20 round: the release link of
# Tools/swift-build-release.sh (DECISIONS 990) measured 1.6x, within its target. The query's
# went from 2.6 to 1.7 in the 2026-12-06 01:56-02:01 round (the flat view result, DECISIONS
# 1010-1011: z12 1.47-1.48x, met; z16 1.61-1.62x). The query's was removed by the 2026-12-06
# 04:30 round (rows read through SQLite's pointers, z16 one blob per row, DECISIONS 1060-1061:
# z10-z16 1.35-1.48x over the Andorra, 2 M and 20 M-node stores), which also checks z10 and z14.
K_PBF=${BENCH_KNOWN_PBF-}
K_QUERY=${BENCH_KNOWN_QUERY-}
K_START=${BENCH_KNOWN_START-}
[ "$CI" = 1 ] || { K_PBF=; K_QUERY=; K_START=; }

for tool in /usr/bin/time xmllint python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench-check: $tool missing (make setup installs it)" >&2; exit 1; }
done

if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
    echo "building release (cairn, cairn-bench-map)..."
    Tools/swift-build-release.sh --product cairn >/dev/null
    Tools/swift-build-release.sh --product cairn-bench-map >/dev/null
fi
BIN=.build/release
[ -x "$BIN/cairn" ] || { echo "bench-check: $BIN/cairn missing" >&2; exit 1; }

echo "bench-check$([ "$CI" = 1 ] && echo ' (CI: CPU ratios, known unmet targets)') $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
FAILED=0
# verdict RATIO TARGET [KNOWN]: met, missed (within a third), unmet (known), or FAIL.
verdict() {
    awk -v r="$1" -v t="$2" -v k="${3:-}" 'BEGIN {
        if (r <= t) print "met"
        else if (k != "" && r <= k * 4 / 3) print "unmet (known " k "x)"
        else if (k == "" && r <= t * 4 / 3) print "missed (within a third)"
        else print "FAIL" }'
}
# check NAME RATIO TARGET DETAIL [KNOWN]: prints one line and records a failure.
check() {
    local v limit
    v=$(verdict "$2" "$3" "${5:-}")
    [ "$v" = FAIL ] && FAILED=1
    limit=$(awk -v t="$3" -v k="${5:-}" 'BEGIN { print (k != "" ? k : t) * 4 / 3 }')
    printf '%-6s %6.2fx  (target <= %sx, fails above %.2fx)  %-23s %s\n' "$1" "$2" "$3" "$limit" "$v" "$4"
}
# failing RATIO TARGET [KNOWN]: true when that ratio would fail (to measure it once more in CI).
failing() { [ "$CI" = 1 ] && [ "$(verdict "$1" "$2" "${3:-}")" = FAIL ]; }
# timed OUTFILE COMMAND...: runs under /usr/bin/time, sets WALL and CPU (seconds).
timed() {
    local file=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$file" "$@" >/dev/null 2>"$file.err" || { echo "bench-check: failed: $*" >&2; cat "$file.err" >&2; exit 1; }
    read -r WALL U S < "$file"
    CPU=$(awk -v u="$U" -v s="$S" 'BEGIN { print u + s }')
}

# GPX reading.
GPX=$OUT/bench-$POINTS.gpx
if [ ! -s "$GPX" ]; then
    python3 Benchmarks/make-big-gpx.py --points "$POINTS" "$GPX.tmp" && mv "$GPX.tmp" "$GPX"
fi
cat "$GPX" >/dev/null
MB=$(awk -v b="$(stat -c %s "$GPX")" 'BEGIN { printf "%.1f", b / 1e6 }')
KIND=wall
[ "$CI" = 1 ] && KIND=CPU
for attempt in 1 2; do
    timed "$OUT/check-cairn.t" "$BIN/cairn" stats "$GPX" --json; C=$WALL; [ "$CI" = 1 ] && C=$CPU
    timed "$OUT/check-xmllint.t" xmllint --stream --noout "$GPX"; X=$WALL; [ "$CI" = 1 ] && X=$CPU
    R=$(awk -v c="$C" -v x="$X" 'BEGIN { print (x > 0 ? c / x : 0) }')
    [ "$attempt" = 1 ] && failing "$R" "$T_GPX" && { echo "GPX    $R x: measuring once more"; continue; }
    break
done
check GPX "$R" "$T_GPX" \
    "cairn $C s $KIND ($(awk -v m="$MB" -v c="$C" 'BEGIN { printf "%.0f", (c > 0 ? m / c : 0) }') MB/s), xmllint $X s, $MB MB"

# PBF import and the query over its store.
if [ -f "$PBF" ] && command -v osmium >/dev/null 2>&1; then
    STORE=$(mktemp -d)
    trap 'rm -rf "$STORE"' EXIT
    for attempt in 1 2; do
        rm -f "$STORE"/map.sqlite*
        timed "$OUT/check-import.t" "$BIN/cairn" map import --map "$STORE/map.sqlite" "$PBF"; C=$WALL CC=$CPU
        timed "$OUT/check-osmium.t" env OSMIUM_POOL_THREADS=2 osmium cat "$PBF" -f opl -o /dev/null --overwrite; O=$WALL OC=$CPU
        if [ "$CI" = 1 ]; then R=$(awk -v c="$CC" -v o="$OC" 'BEGIN { print (o > 0 ? c / o : 0) }')
        else R=$(awk -v c="$C" -v o="$O" 'BEGIN { print (o > 0 ? c / o : 0) }'); fi
        [ "$attempt" = 1 ] && failing "$R" "$T_PBF" "$K_PBF" && { echo "PBF    $R x: measuring once more"; continue; }
        break
    done
    check PBF "$R" "$T_PBF" "cairn $C s wall / $CC s CPU, osmium $O s / $OC s (Andorra PBF; ratio of $KIND)" "$K_PBF"
    if [ -x "$BIN/cairn-bench-map" ]; then
        for z in 10 12 14 16; do
            for attempt in 1 2; do
                R=$("$BIN/cairn-bench-map" --map "$STORE/map.sqlite" --zoom "$z" --cols 200 --rows 60 --iterations 200 \
                    | sed -n 's/.*cairn \/ R\*Tree + blob \([0-9.]*\).*/\1/p')
                [ -n "$R" ] || { echo "bench-check: cairn-bench-map printed no ratio" >&2; exit 1; }
                [ "$attempt" = 1 ] && failing "$R" "$T_QUERY" "$K_QUERY" && { echo "q z$z  $R x: measuring once more"; continue; }
                break
            done
            check "q z$z" "$R" "$T_QUERY" "cairn-bench-map CPU median against the R*Tree + geometry blob query" "$K_QUERY"
        done
    else
        echo "query  skipped: $BIN/cairn-bench-map not built"
    fi
else
    echo "PBF    skipped: $PBF or osmium not found (no shared data)"
    echo "query  skipped: needs the imported PBF"
fi

# Start-up.
if command -v osmium >/dev/null 2>&1; then
    for attempt in 1 2; do
        timed "$OUT/check-start-cairn.t" sh -c "for i in \$(seq $STARTS); do $BIN/cairn --version; done"; C=$CPU
        timed "$OUT/check-start-osmium.t" sh -c "for i in \$(seq $STARTS); do osmium --version; done"; O=$CPU
        R=$(awk -v c="$C" -v o="$O" 'BEGIN { print (o > 0 ? c / o : 0) }')
        [ "$attempt" = 1 ] && failing "$R" "$T_START" "$K_START" && { echo "start  $R x: measuring once more"; continue; }
        break
    done
    check start "$R" "$T_START" "CPU of $STARTS x: cairn --version $C s, osmium --version $O s" "$K_START"
else
    echo "start  skipped: osmium not installed"
fi
# What every start loads: the release link needs libc, libm, libgcc_s and the loader only
# (DECISIONS 990, 992, 1070). A library linked again fails here even while the ratio above still
# passes (linked libzip with libcrypto cost 2.1x, libheif with its codecs 4.7x).
if command -v readelf >/dev/null 2>&1; then
    NEEDED=$(readelf -d "$BIN/cairn" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    EXTRA=
    for lib in $NEEDED; do
        case $lib in libc.so.*|libm.so.*|libgcc_s.so.*|ld-linux*) ;; *) EXTRA="$EXTRA $lib" ;; esac
    done
    if [ -n "$EXTRA" ]; then
        echo "libs   FAIL: cairn needs$EXTRA at every start (expected libc, libm, libgcc_s and the loader only)"
        FAILED=1
    else
        echo "libs   met: cairn needs ${NEEDED% } only"
    fi
else
    echo "libs   skipped: readelf not installed"
fi

awk -v a="$START_NS" -v b="$(date +%s%N)" 'BEGIN { printf "bench-check total run time: %.1f s\n", (b - a) / 1e9 }'
if [ "$FAILED" = 1 ]; then echo "bench-check: FAILED (a ratio is worse than its target by more than a third)"; exit 1; fi
echo "bench-check: passed"

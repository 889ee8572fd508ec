#!/usr/bin/env bash
# Builds the libFuzzer targets (Package.swift declares them under CAIRN_FUZZ=1) with
# -sanitize=fuzzer,address in .build-fuzz and runs each for SECONDS on its seed corpus.
#   Fuzz/run.sh SECONDS [TARGET…]          (make fuzz FUZZ_SECONDS=… FUZZ_TARGETS=…)
#   Fuzz/run.sh --ci [TARGET…]             replay: every seed and regression input once, no
#                                          mutation, nothing kept; any crash, leak or hang fails
#                                          (make fuzz-ci; deterministic, DECISIONS 241)
#   FUZZ_RUNS=N stops each target after N executions (or SECONDS, whichever comes first).
#   FUZZ_MAX_LEN=N caps mutated inputs (default 16384: every parser's bugs so far needed far
#   less, and big inputs cost ASan time per execution; the replay keeps 65536, the seed limit).
# Work corpora grow in .build-fuzz/corpus/TARGET; crashes, hangs and out-of-memory inputs land
# in .build-fuzz/findings/TARGET/ and the script exits 1. Each target's last libFuzzer status
# line (executions, cov:, ft:) is printed at the end. See Fuzz/README.md.
set -uo pipefail
cd "$(dirname "$0")/.."
ci=0
if [ "${1:-}" = "--ci" ]; then
    ci=1; shift
else
    seconds=${1:?usage: Fuzz/run.sh SECONDS [TARGET…] | Fuzz/run.sh --ci [TARGET…]}; shift
fi
all_targets=(fuzz-gpx fuzz-osm fuzz-nmea fuzz-gpsd fuzz-theme fuzz-dem fuzz-config fuzz-fit fuzz-tcx fuzz-kml fuzz-geojson)
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
scratch=.build-fuzz
shared=../shared/data
# A Swift trap (Int(Double) overflow, index out of range) goes straight to libFuzzer's
# deadly-signal handler, which prints the stack and writes the input; the Swift runtime's own
# backtracer, run under ASan, crashed in its memory reader instead and buried the report.
export SWIFT_BACKTRACE=enable=no
# The LeakSanitizer suppressions of `make test-asan` (Tools/sanitizers/lsan.supp): memory a Swift
# global allocates in its one-time initializer lives until exit, and LSan misreads some of it as
# leaked (fuzz-config, which reads every command's options, reported it on every run).
export LSAN_OPTIONS="suppressions=$PWD/Tools/sanitizers/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# Seed files of one target, one path a line (small files only: libFuzzer mutates whole inputs).
seeds() {
    case "$1" in
    fuzz-gpx)   ls Samples/*.gpx Tests/TrailFormatsTests/Fixtures/*.gpx "$shared"/gpx/*.gpx 2>/dev/null ;;
    # Not the decompression bombs (bomb.osm.*): each takes seconds to inflate (past the 10 s
    # timeout on a loaded machine), their own tests cover them, and mutants of them only slow
    # every run down.
    fuzz-osm)   ls Tests/TrailMapTests/Fixtures/*.osm* Tests/TrailMapTests/Fixtures/*.osc \
                   Tests/TrailFormatsTests/Fixtures/not-gpx.osm 2>/dev/null | grep -v '/bomb\.' ;;
    fuzz-theme) ls Themes/*.json ;;
    # The bad-archive fixtures; real tiles (2 MB zipped) are over the size limit, so
    # Fuzz/seeds/fuzz-dem/ has small crafted ones (a flat and a terraced SRTM3 tile deflate to
    # 3-6 KB) and truncated heads and tails of the real one.
    fuzz-dem)   ls Tests/TrailTerrainTests/Fixtures/*.zip Samples/*.hgt.zip "$shared"/dem/* 2>/dev/null ;;
    # The real FIT files under 64 KiB (the cut-off, monitoring and compressed-timestamp ones);
    # Fuzz/seeds/fuzz-fit/ adds the heads of the big ones (developer fields, Edge 810/500).
    fuzz-fit)   ls "$shared"/fit/*.fit 2>/dev/null ;;
    fuzz-tcx)   ls "$shared"/tcx/*.tcx 2>/dev/null ;;
    fuzz-kml)   ls "$shared"/kml/*.kml 2>/dev/null ;;
    fuzz-geojson) ls "$shared"/kml/*.geojson 2>/dev/null ;;
    esac | while read -r f; do [ "$(stat -c %s "$f")" -le 65536 ] && echo "$f"; done
    ls Fuzz/seeds/"$1"/* 2>/dev/null || true
    ls Fuzz/regressions/"$1"/* 2>/dev/null || true
}

status=0
summary=()
for t in "${targets[@]}"; do
    echo "== building $t"
    CAIRN_FUZZ=1 swift build -c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address \
        --product "$t" 2>&1 | grep -v '^\[[0-9]*/[0-9]*\]'
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "cannot build $t" >&2; exit 2; }
    exe="$scratch/release/$t"
    seed_dir=$(mktemp -d); trap 'rm -rf "$seed_dir"' EXIT
    seeds "$t" | while read -r f; do cp "$f" "$seed_dir/"; done
    findings="$scratch/findings/$t"; mkdir -p "$findings"
    log="$scratch/logs/$t.log"; mkdir -p "$(dirname "$log")"
    if [ $ci = 1 ]; then
        # Replay: libFuzzer executes every input of the corpus once while loading it, and
        # -runs=0 stops it before the first mutation.
        echo "== replaying $t on $(ls "$seed_dir" | wc -l) seed and regression inputs (log $log)"
        "$exe" -runs=0 -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
            -artifact_prefix="$findings/" "$seed_dir" >"$log" 2>&1
        rc=$?
    else
        corpus="$scratch/corpus/$t"; mkdir -p "$corpus"
        dict=(); [ -f "Fuzz/dict/$t.dict" ] && dict=(-dict="Fuzz/dict/$t.dict")
        echo "== running $t for ${seconds}s ($(ls "$seed_dir" | wc -l) seeds; log $log)"
        runs_limit=(); [ -n "${FUZZ_RUNS:-}" ] && runs_limit=(-runs="$FUZZ_RUNS")
        "$exe" -max_total_time="$seconds" "${runs_limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-16384}" -print_final_stats=1 \
            -artifact_prefix="$findings/" "${dict[@]}" "$corpus" "$seed_dir" >"$log" 2>&1
        rc=$?
    fi
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    summary+=("$t: rc=$rc executions=${runs:-?} ${last#*	}")
    if [ $rc -ne 0 ]; then
        status=1
        echo "!! $t failed (rc $rc); input in $findings:" >&2
        grep -E 'ERROR|==ABORTING|Test unit written|Fatal error|panic|SUMMARY' "$log" | head -20 >&2
        # The input itself, so a CI log keeps it when the clone (and .build-fuzz) is gone:
        # `base64 -d > input` gives it back.
        for f in $(grep -oE "Test unit written to [^ ]+" "$log" | awk '{print $5}'); do
            [ -f "$f" ] && { echo "!! $f ($(stat -c %s "$f") bytes), base64:" >&2; base64 -w 100 "$f" | head -700 >&2; }
        done
    fi
    rm -rf "$seed_dir"
done
printf '%s\n' "${summary[@]}"
exit $status

#!/usr/bin/env bash
# TUI benchmark (issue 6): start-up to the first complete frame of the real `cairn tui` with a
# store of 1,000 hikes (1,000,000 points) and the Andorra sample map, and the cost of one scrub
# keypress. Targets: first frame < 200 ms; scrub < 16 ms.
#
# Start-up: hyperfine runs `cairn tui` under a pseudo-terminal (`script`), with
# CAIRN_BENCH_FIRST_FRAME=1 so it leaves right after the first frame that shows the hike list
# and the preview map (store opened, hikes listed, preview hike and its map data loaded and
# drawn). The pty wrapper's own cost (`script` running `true`) is measured in the same run and
# subtracted.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Benchmarks/out/tui
mkdir -p "$out"
Tools/swift-build-release.sh --product cairn >/dev/null
Tools/swift-build-release.sh --product cairn-bench-tui >/dev/null
bin=.build/release
store="$out/hikes.sqlite"; map="$out/map.sqlite"
if [ ! -f "$store" ]; then "$bin/cairn-bench-tui" fill "$store" 1000 1000; fi
if [ ! -f "$map" ]; then "$bin/cairn" map import --map "$map" Samples/andorra-ordino.osm >/dev/null 2>&1; fi
"$bin/cairn" list --store "$store" | tail -n +2 | wc -l | xargs echo "hikes in store:"
export CAIRN_BENCH_FIRST_FRAME=1 TERM=xterm-256color LANG=C.UTF-8
cmd="$PWD/$bin/cairn tui --store $PWD/$store --map $PWD/$map"
hyperfine -N --warmup 3 --runs 30 --export-json "$out/startup.json" \
  "script -qec 'stty cols 200 rows 60; $cmd' /dev/null" "script -qec 'stty cols 200 rows 60; true' /dev/null" >/dev/null
python3 - "$out/startup.json" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))["results"]
tui, base = r[0]["times"], r[1]["times"]
m, b = statistics.median(tui) * 1000, statistics.median(base) * 1000
p99 = sorted(tui)[min(len(tui) - 1, int(0.99 * (len(tui) - 1) + 0.5))] * 1000
print(f"start-up to first complete frame: median {m - b:.1f} ms (raw {m:.1f} ms, pty wrapper {b:.1f} ms), "
      f"slowest {p99 - b:.1f} ms; target < 200 ms")
PY
"$bin/cairn-bench-tui" scrub "$store" "$map" 1000
echo "target for a scrub keypress: < 16 ms"

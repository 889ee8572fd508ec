#!/usr/bin/env bash
# CPU of the recording screen (the viewer, not headless) at one fix a second: tmux runs
# `cairn record` on a 120x40 terminal replaying (--speed 1) a generated walk with one fix a
# second (1.2 m/s due north, 0.1 m of climb a second, for 15 minutes), the 1 Hz tick redrawing
# the clock, and /proc/PID/stat gives user + system CPU over
# the window after 10 s of warm-up. Target (issue 35): under 2 % of one core.
# Run: Benchmarks/record-screen-cpu.sh [window-seconds]   (CAIRN_BIN=.build/debug/cairn to
# measure a debug build: an upper bound, a debug build costs more, never less)
set -euo pipefail
cd "$(dirname "$0")/.."
WINDOW=${1:-60}
command -v tmux >/dev/null || { echo "skipped: tmux not found"; exit 0; }
if [ -z "${CAIRN_BIN:-}" ]; then Tools/swift-build-release.sh --product cairn >/dev/null; fi
BIN=$(realpath "${CAIRN_BIN:-.build/release/cairn}")
OUT=$(mktemp -d)
SOCK="$OUT/tmux.sock"
trap 'tmux -S "$SOCK" kill-server 2>/dev/null || true; rm -rf "$OUT"' EXIT
python3 - "$OUT/walk.gpx" <<'PY'
import sys, datetime
t0 = datetime.datetime(2026, 6, 1, 8, 0, 0)
with open(sys.argv[1], "w") as f:
    f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="record-screen-cpu" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n')
    for i in range(900):
        lat = 46.5 + i * 1.2 / 111_150.0
        f.write(f'<trkpt lat="{lat:.7f}" lon="7.5"><ele>{1500 + i * 0.1:.1f}</ele>'
                f'<time>{(t0 + datetime.timedelta(seconds=i)).isoformat()}Z</time></trkpt>\n')
    f.write('</trkseg></trk></gpx>\n')
PY
tmux -S "$SOCK" -f /dev/null new-session -d -x 120 -y 40 \
  "env TERM=tmux-256color LANG=C.UTF-8 XDG_RUNTIME_DIR=$OUT sh -c 'echo \$\$ > $OUT/pid; exec $BIN record --gps replay:$OUT/walk.gpx --speed 1 --store $OUT/hikes.sqlite --map $OUT/none.sqlite'"
sleep 10
REC=$(cat "$OUT/pid")
ticks() { awk '{print $14 + $15}' /proc/$REC/stat; }
HZ=$(getconf CLK_TCK)
T0=$(ticks)
sleep "$WINDOW"
T1=$(ticks)
POINTS=$(tmux -S "$SOCK" capture-pane -p | grep -o 'Points *[0-9]* recorded' | head -1 || true)
awk -v t0="$T0" -v t1="$T1" -v hz="$HZ" -v w="$WINDOW" -v p="$POINTS" 'BEGIN {
  cpu = (t1 - t0) / hz; printf "recording screen at 1 Hz: %.2f s CPU in %d s = %.2f %% of a core (target < 2 %%); %s\n", cpu, w, 100 * cpu / w, p }'

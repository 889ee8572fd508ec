#!/usr/bin/env bash
# CPU of `cairn record` waiting for fixes at real speed: gpsfake replays the Oybin sample (one
# fix a second: GGA + RMC every 0.5 s) through a real gpsd on 127.0.0.1:29481, the release
# cairn records it headless, and /proc/PID/stat gives user + system CPU over a 60 s window
# (after 10 s of warm-up). Target: under 1 % of one core. Also prints RSS at both ends.
# Run: Benchmarks/record-cpu.sh [window-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
WINDOW=${1:-60}
PORT=29481
command -v gpsfake >/dev/null || { echo "skipped: gpsfake not found (Debian: gpsd-clients)"; exit 0; }
# CAIRN_BIN=.build/debug/cairn measures another build (a debug build costs more, never less).
if [ -z "${CAIRN_BIN:-}" ]; then Tools/swift-build-release.sh --product cairn >/dev/null; fi
BIN=${CAIRN_BIN:-.build/release/cairn}
OUT=$(mktemp -d)
trap 'kill $FAKE 2>/dev/null || true; kill $REC 2>/dev/null || true; rm -rf "$OUT"' EXIT
python3 Tools/gpx2nmea.py Samples/GPSTools-Oybin.gpx -o "$OUT/walk.nmea"
gpsfake -q -n -1 -W 1 -c 0.5 -P $PORT "$OUT/walk.nmea" >/dev/null 2>&1 &
FAKE=$!
sleep 1
"$BIN" record --gps gpsd://127.0.0.1:$PORT --store "$OUT/hikes.sqlite" --point-log "$OUT/points.log" >"$OUT/status.txt" 2>&1 &
REC=$!
sleep 10
ticks() { awk '{print $14 + $15}' /proc/$REC/stat; }
rss() { awk '/VmRSS/ {print $2}' /proc/$REC/status; }
HZ=$(getconf CLK_TCK)
T0=$(ticks); R0=$(rss); P0=$(wc -l <"$OUT/points.log")
sleep "$WINDOW"
T1=$(ticks); R1=$(rss); P1=$(wc -l <"$OUT/points.log")
kill -INT $REC; wait $REC || true
awk -v t0="$T0" -v t1="$T1" -v hz="$HZ" -v w="$WINDOW" -v r0="$R0" -v r1="$R1" -v p=$((P1 - P0)) 'BEGIN {
  cpu = (t1 - t0) / hz; printf "cairn record at real speed: %.2f s CPU in %d s = %.2f %% of a core (target < 1 %%); %d points accepted in the window\n", cpu, w, 100 * cpu / w, p
  printf "RSS %.1f MiB -> %.1f MiB\n", r0 / 1024, r1 / 1024 }'
tail -1 "$OUT/status.txt"

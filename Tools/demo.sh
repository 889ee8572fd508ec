#!/usr/bin/env bash
# `make demo`: opens Cairn on the bundled Samples in a demo store of its own (never the
# user's store): the sample hikes and the Andorra map extract are imported afresh each time.
set -euo pipefail
cd "$(dirname "$0")/.."
demo_dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn-demo}
bin=${CAIRN_BIN:-.build/release/cairn}
mkdir -p "$demo_dir"
chmod 700 "$demo_dir"
store="$demo_dir/hikes.sqlite"
map="$demo_dir/map.sqlite"
dem="$demo_dir/terrain"
rm -f "$store" "$store-wal" "$store-shm" "$map" "$map-wal" "$map-shm"
echo "Demo store: $demo_dir"
"$bin" import --store "$store" Samples/*.gpx >/dev/null 2>&1
# Meaningful names for the samples whose own are not (Samples/demo-names.tsv: FILE<TAB>NAME).
while IFS=$'\t' read -r file name; do
  case "$file" in ''|'#'*) continue ;; esac
  "$bin" list --store "$store" --json | python3 -c '
import json, sys
for h in json.load(sys.stdin):
    if h.get("sourceFile") == sys.argv[1]: print(h["id"])' "$file" 2>/dev/null |
    while read -r id; do "$bin" rename --store "$store" "$id" "$name" >/dev/null; done || true
done < Samples/demo-names.tsv
"$bin" map import --map "$map" Samples/andorra-ordino.osm 2>/dev/null | head -1
# The SRTM tile under Andorra: contour lines on the map and terrain profiles for drawn routes.
"$bin" dem import --dem "$dem" Samples/N42E001.hgt.zip | head -1
# A replayed walk over the demo hike, to follow (f) or to record (R): Samples/cairn-walk-serrat-
# sorteny.nmea, an NMEA log walked along the demo route at 4 km/h with a 60 m detour at 4.0-4.4 km
# (made by Tools/gpx2nmea.py; Samples/SOURCES.md), played 20 times faster than it was walked.
# The viewer's status line gives the tip (--gps shows it inside the viewer).
walk="$PWD/Samples/cairn-walk-serrat-sorteny.nmea"
gps=(--gps "nmea:$walk" --speed 20)
echo "A replayed walk over \"El Serrat to Borda de Sorteny\": open it and press f, then Enter, to follow it"
echo "(the off-route banner and the bell at 4 km), or press R in the library to record it. x stops and saves."
echo "Places: open \"El Serrat to Borda de Sorteny\" and press p: the huts and peaks along it; a adds one."
if [ -t 0 ] && [ -t 1 ]; then
  # --within 2km: Places (p on a hike) lists the peaks above the demo hike too, not only its huts.
  # --select: the library opens on the demo hike, which the replayed walk follows.
  demo_hike=$("$bin" list --store "$store" --json | python3 -c '
import json, sys
print(next((h["id"] for h in json.load(sys.stdin) if h.get("sourceFile") == "cairn-route-serrat-sorteny.gpx"), ""))' 2>/dev/null || true)
  select=()
  [ -n "$demo_hike" ] && select=(--select "$demo_hike")
  exec "$bin" tui --store "$store" --map "$map" --dem "$dem" --within 2km "${select[@]}" "${gps[@]}"
else
  echo "(not a terminal: listing the demo hikes instead of opening the viewer)"
  "$bin" list --store "$store"
fi

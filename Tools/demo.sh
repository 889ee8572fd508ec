#!/usr/bin/env bash
# `make demo`: opens Cairn on the bundled Samples in a demo store of its own (never the
# user's store): the sample hikes and the Andorra map extract are imported afresh each time.
set -euo pipefail
cd "$(dirname "$0")/.."
demo_dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn-demo}
bin=.build/release/cairn
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
# Following live: a walk along the Andorra sample with a 60 m detour, as an NMEA log replayed
# 20 times faster than it was walked (Tools/gpx2nmea.py needs only python3). In the viewer, open
# "Andorra: Ordino to El Serrat" and press f: the source prompt is filled in with it (the viewer's
# status line says so: --gps shows the tip inside it).
gps=()
if command -v python3 >/dev/null 2>&1; then
  walk="$demo_dir/andorra-walk-with-detour.nmea"
  python3 Tools/gpx2nmea.py Samples/graphhopper-andorra_for_map_matching.gpx --detour 250:500:60:30 -o "$walk"
  gps=(--gps "nmea:$walk" --speed 20)
  echo "To follow a hike live: open \"Andorra: Ordino to El Serrat\" and press f, then Enter: a replayed walk"
  echo "with a detour (the banner and the bell at about 40%). x stops and saves the summary."
  echo "Places: open \"El Serrat to Borda de Sorteny\" and press p: the huts and peaks along it; a adds one."
fi
if [ -t 0 ] && [ -t 1 ]; then
  # --within 2km: Places (p on a hike) lists the peaks above the demo hike too, not only its huts.
  exec "$bin" tui --store "$store" --map "$map" --dem "$dem" --within 2km "${gps[@]}"
else
  echo "(not a terminal: listing the demo hikes instead of opening the viewer)"
  "$bin" list --store "$store"
fi

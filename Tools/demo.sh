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
rm -f "$store" "$store-wal" "$store-shm" "$map" "$map-wal" "$map-shm"
echo "Demo store: $demo_dir"
"$bin" import --store "$store" Samples/*.gpx >/dev/null 2>&1
"$bin" map import --map "$map" Samples/andorra-ordino.osm 2>/dev/null | head -1
if [ -t 0 ] && [ -t 1 ]; then
  exec "$bin" tui --store "$store" --map "$map"
else
  echo "(not a terminal: listing the demo hikes instead of opening the viewer)"
  "$bin" list --store "$store"
fi

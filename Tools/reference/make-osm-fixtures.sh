#!/bin/sh
# Regenerates the OSM PBF and decompression-bomb fixtures of Tests/TrailMapTests/Fixtures with
# osmium-tool (Debian osmium-tool 1.15), gzip and bzip2. The PBF files are Samples/andorra-ordino.osm
# (ODbL, © OpenStreetMap contributors) converted and cut by osmium, an independent reference
# implementation of the formats; the tests compare what Cairn imports from them with the XML
# and with `osmium tags-filter` counts computed at test time.
set -eu
cd "$(dirname "$0")/../.."
F=Tests/TrailMapTests/Fixtures
osmium cat Samples/andorra-ordino.osm -o $F/andorra-ordino.osm.pbf -O
# Two neighbouring extracts that overlap between 1.53 and 1.54 E; ways crossing a cut are kept
# whole in both (complete_ways), so those objects are in both files.
osmium extract -b 1.48,42.57,1.54,42.66 -s complete_ways Samples/andorra-ordino.osm -o $F/ordino-west.osm.pbf -O --set-bounds --output-header osmosis_replication_timestamp=2021-06-22T20:21:08Z
osmium extract -b 1.53,42.57,1.59,42.66 -s complete_ways Samples/andorra-ordino.osm -o $F/ordino-east.osm.pbf -O --set-bounds --output-header osmosis_replication_timestamp=2021-06-22T20:21:08Z
# Decompression bombs: a valid <osm> start followed by 100 MB of spaces (inflates ~1000:1 and
# more, far past any OSM XML's 10-25:1).
{ printf '<?xml version="1.0"?>\n<osm version="0.6">\n'; head -c 100000000 /dev/zero | tr '\0' ' '; } | gzip -9 > $F/bomb.osm.gz
{ printf '<?xml version="1.0"?>\n<osm version="0.6">\n'; head -c 100000000 /dev/zero | tr '\0' ' '; } | bzip2 -9 > $F/bomb.osm.bz2

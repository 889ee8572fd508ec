#!/usr/bin/env bash
# Reader speed of the issue-33 formats on the largest real FIT file (python-fitparse's Edge 500
# ride, 356,829 bytes, 10,677 positioned records), in one run:
#   1. in-process: cairn-bench-formats reads it 50 times through TrackFileReader (MB/s);
#   2. whole process, farm-bench pairs: cairn-bench-formats FILE 1 vs
#      `gpsbabel -i garmin_fit -f FILE -o gpx -F /dev/null`, and vs python-fitparse reading every
#      record (pip install fitparse). MB/s = file bytes / median wall seconds.
# Needs: swift, farm-bench, gpsbabel, python3 with fitparse. MB = 10^6 bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${FILE:-../shared/data/fit/fitparse-garmin-edge-500-activity.fit}
Tools/swift-build-release.sh --product cairn-bench-formats 2>&1 | grep -v '^\[' | tail -1
BENCH=.build/release/cairn-bench-formats
echo "== in-process"
for i in 1 2 3; do "$BENCH" "$FILE" 50; done
echo "== cairn-bench-formats vs gpsbabel"
farm-bench -n 10 --vs "gpsbabel -i garmin_fit -f $FILE -o gpx -F /dev/null" -- "$BENCH" "$FILE" 1
echo "== cairn-bench-formats vs fitparse"
farm-bench -n 5 --timeout 300 \
    --vs "python3 -c \"import fitparse,sys; [m.get_values() for m in fitparse.FitFile(sys.argv[1]).get_messages('record')]\" $FILE" \
    -- "$BENCH" "$FILE" 1

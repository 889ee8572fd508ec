#!/usr/bin/env bash
# kill -9 during `cairn record` fed by gpsfake, 50 times (make test does 3): every accepted
# point logged before a kill must be in the store; prints accepted / found / lost per kill.
# Run: Benchmarks/record-kill.sh [kills] [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
CAIRN_RECORD_KILLS=${1:-50} CAIRN_RECORD_KILL_SEED=${2:-20261201} \
  swift test --skip-build --filter RecordKillTests 2>&1 | grep -E "round|record kill|passed after|failed|skipped"

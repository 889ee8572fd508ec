#!/usr/bin/env bash
# `make bench`: every benchmark in turn. Each prints its own figures and targets; none fails on
# a slow machine. Those that need ../shared/data say so and are skipped when it is absent.
set -uo pipefail
cd "$(dirname "$0")/.."
# The release programs are built as `make release` builds them (Tools/swift-build-release.sh), so
# the build directory is not rebuilt with other flags between two benchmarks.
rel() { Tools/swift-build-release.sh --product "$1" >/dev/null && ".build/release/$1"; }
section() { printf '\n=== %s ===\n' "$1"; }
section "GPX parsing: cairn stats vs xmllint vs gpxpy (issue 2)"; ./Benchmarks/gpx-parse.sh
section "Statistics on 1,000,000 points (issue 2)"; rel stats-benchmark
section "Hike store import and list (issue 3)"; ./Benchmarks/store-import.sh
section "Map import and bbox queries (issue 4)"; ./Benchmarks/map-import.sh
section "PBF import at country size, 20 M nodes (issue 12)"; ./Benchmarks/map-import-big.sh
section "Braille canvas (issue 5)"; rel cairn-bench-termui
section "Hike screen rendering (issue 5)"; rel cairn-bench-render
section "TUI start-up and scrubbing (issue 6)"; ./Benchmarks/tui-bench.sh
section "Walking router (issue 7)"; ./Benchmarks/route-bench.sh
section "Following (issue 8)"; rel FollowBenchmark
section "Recording: 12 h at 1 Hz into the store (issue 14)"; rel RecordBenchmark
section "Recording: CPU at real speed (issue 14)"; ./Benchmarks/record-cpu.sh
section "Recording: 50 kills -9 under gpsfake (issue 14)"; ./Benchmarks/record-kill.sh
section "Terrain heights and contours (issue 13)"; rel cairn-bench-terrain
section "Library preview load and list with terrain gains (issue 13)"; rel cairn-bench-library
section "Trail matching (issue 16)"; ./Benchmarks/match-bench.sh
section "Places along a 30 km hike (issue 15)"; ./Benchmarks/places-bench.sh
section "Waymarked routes: listing and completion (issue 17)"; ./Benchmarks/routes-bench.sh
section "Totals over 1,000 hikes and 5,000 walks (issue 18)"; rel TotalsBenchmark

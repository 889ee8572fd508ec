#!/usr/bin/env bash
# `make demo`: shows Cairn on the bundled Samples, never touching the user's own store.
set -euo pipefail
cd "$(dirname "$0")/.."
demo_dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn-demo}
mkdir -p "$demo_dir"
bin=.build/release/cairn
"$bin" stats Samples/*.gpx

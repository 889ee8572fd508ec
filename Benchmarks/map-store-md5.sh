#!/bin/sh
# md5 of every stored map table of a store, in key order, one line per table (issue 12, 38):
# two imports of the same file must print the same lines (the rows byte for byte; blobs and
# reals as SQLite's quote() spells them). The `imports` table is left out: it holds the path and
# the import time. Since migration map-5 (DECISIONS 940) the `features` rows hold the packed
# `view` column, so that table's figure differs from a store written before it (every other
# table's is unchanged); a map-4 store migrated by map-5 prints what a fresh import prints.
# Likewise map-6 (DECISIONS 1060: the view fields after each row's `geometry`) changes the
# `features` figure again, and a migrated map-5 store prints what a fresh import prints.
#   Benchmarks/map-store-md5.sh STORE
set -eu
STORE=${1:?usage: map-store-md5.sh STORE}
command -v sqlite3 >/dev/null || { echo "map-store-md5.sh: sqlite3 missing (apt-get install sqlite3)" >&2; exit 1; }
for t in features feature_bbox feature_names routes route_members route_bbox feature_sources route_sources coverage_areas; do
    # Tables WITHOUT ROWID (route_members, the *_sources) by their whole row: the key comes first.
    if sqlite3 -readonly "$STORE" "SELECT rowid FROM $t LIMIT 1" >/dev/null 2>&1; then q="SELECT rowid, * FROM $t ORDER BY rowid"
    else q="SELECT * FROM $t ORDER BY 1, 2"; fi
    printf '%-16s %s\n' "$t" "$(sqlite3 -readonly -cmd '.mode quote' "$STORE" "$q" | md5sum | cut -d' ' -f1)"
done

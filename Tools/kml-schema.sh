#!/usr/bin/env bash
# Validates Cairn's KML export against OGC KML 2.2 + Google's gx extension (issue 33): fetches
# the pyKML wheel from PyPI (`pip download`, its pykml/schemas/ holds local copies of
# ogckml22.xsd, kml22gx.xsd, atom-author-link.xsd and xAL.xsd with local imports), then runs
# TrackFormatRoundTripTests.kmlExportsValidateAgainstKML22 with CAIRN_KML_XSD pointing at
# kml22gx.xsd. The schemas stay in a temporary folder (not redistributed with Cairn).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pip download --quiet --no-deps -d "$dir" pykml==0.2.0
(cd "$dir" && python3 -m zipfile -e pykml-0.2.0-py3-none-any.whl unpacked)
export CAIRN_KML_XSD="$dir/unpacked/pykml/schemas/kml22gx.xsd"
swift test --skip-build --filter kmlExportsValidateAgainstKML22

#!/usr/bin/env bash
# Python reference tools for the tests (never for the product): the live-following tests
# compare Cairn with GeographicLib's geodesics. Installs geographiclib for the python3 on PATH
# when it is missing; without network the tests that need it print a notice and skip.
set -u
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: reference-value tests will be skipped"; exit 0; }
python3 -c 'import geographiclib' 2>/dev/null && exit 0
echo "Installing the Python package geographiclib (test reference values only)"
python3 -m pip install --quiet geographiclib 2>/dev/null \
  || python3 -m pip install --quiet --user geographiclib 2>/dev/null \
  || python3 -m pip install --quiet --break-system-packages geographiclib 2>/dev/null \
  || echo "could not install geographiclib: the tests that need it will be skipped"
exit 0

#!/usr/bin/env bash
# Compiles po/LANG.po (each language of po/LINGUAS) into DIR/LANG/LC_MESSAGES/cairn.mo, checking
# formats and headers (msgfmt --check). `make build`/`release` put them in locale/ beside the
# binary, where cairn looks first (Localization.start); `make install` copies them under
# $(PREFIX)/share/locale.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: Tools/po-compile.sh DIR}
command -v msgfmt >/dev/null || { echo "msgfmt (Debian package gettext) is missing: messages stay in English" >&2; exit 0; }
for lang in $(cat po/LINGUAS); do
  mkdir -p "$dir/$lang/LC_MESSAGES"
  msgfmt --check -o "$dir/$lang/LC_MESSAGES/cairn.mo" "po/$lang.po"
done

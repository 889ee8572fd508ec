#!/usr/bin/env bash
# Extracts every translatable string of Sources/ into po/cairn.pot and merges it into each
# po/LANG.po (po/README.md). Swift is read as C (xgettext has no Swift parser), so the
# strings marked with L("…"), Ln("…", "…", n) and N("…") must be single plain literals.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(find Sources -name '*.swift' | LC_ALL=C sort)
xgettext --language=C --from-code=UTF-8 --no-wrap --sort-by-file \
  --keyword= --keyword=L --keyword=Ln:1,2 --keyword=N --keyword=Lc:1c,2 \
  --flag=L:1:c-format --flag=Ln:1:c-format --flag=Ln:2:c-format --flag=Lc:2:c-format \
  --add-comments=TRANSLATORS: \
  --package-name=cairn --msgid-bugs-address="see po/README.md" \
  --copyright-holder="the Cairn authors" \
  -o po/cairn.pot $files 2> >(grep -v "warning: unterminated\|warning: invalid multibyte" >&2 || true)
sed -i 's/^"Content-Type: text\/plain; charset=CHARSET\\n"/"Content-Type: text\/plain; charset=UTF-8\\n"/' po/cairn.pot
for lang in $(cat po/LINGUAS); do
  if [ -f "po/$lang.po" ]; then
    msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching "po/$lang.po" po/cairn.pot
  else
    msginit --no-translator --no-wrap --locale="$lang.UTF-8" -i po/cairn.pot -o "po/$lang.po"
  fi
done
echo "po/cairn.pot: $(grep -c '^msgid ' po/cairn.pot) strings"

#!/bin/sh
# The translations (po/, docs/architecture.md "Languages"): every language
# of po/LINGUAS compiles clean (msgfmt --check) and complete (no untranslated
# or fuzzy entry), knows every text the sources mark, and every source file
# that marks texts is listed in po/POTFILES, so none is left out of the
# catalogue. gettext's tools come with build.sh's packages.
#   test_po.sh SOURCE_ROOT
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

for tool in msgfmt xgettext msgcmp; do
    command -v "$tool" >/dev/null 2>&1 || { echo "FAIL: $tool is missing (Debian gettext; ./build.sh installs it)"; exit 1; }
done

# the files that mark texts, and POTFILES
(cd "$src" && grep -rlE '(^|[^A-Za-z0-9_])(N_|_|ngettext|C_|NC_|game_emit|game_event_add|game_event_reword|game_refuse|party_refuse|party_say|protocol_refuse|server_refuse|server_kick)\(' src --include='*.c' | sort) >"$tmp/marking"
grep -v '^#' "$src/po/POTFILES" | sed '/^$/d' | sort >"$tmp/listed"
missing=$(comm -23 "$tmp/marking" "$tmp/listed")
[ -z "$missing" ] || fail "po/POTFILES lacks files that mark texts: $missing"
while read -r f; do
    [ -f "$src/$f" ] || fail "po/POTFILES lists $f, which is gone"
done <"$tmp/listed"

# the rules' emitters and the catalogue's ITS rules as po/meson.build has them
(cd "$src" && GETTEXTDATADIRS="$src/po" xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
    --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=game_emit:4 --keyword=game_event_add:2 --keyword=game_event_reword:2 \
    --keyword=game_refuse:3 --keyword=party_refuse:3 --keyword=party_say:2 --keyword=protocol_refuse:2 \
    --keyword=server_refuse:2 --keyword=server_kick:2 \
    -f po/POTFILES -o "$tmp/questboard.pot") 2>"$tmp/xgettext" ||

    fail "xgettext: $(cat "$tmp/xgettext")"

for lang in $(sed 's/#.*//' "$src/po/LINGUAS"); do
    po=$src/po/$lang.po
    if ! msgfmt --check --statistics -o "$tmp/$lang.mo" "$po" >"$tmp/stats" 2>&1; then
        fail "msgfmt --check po/$lang.po: $(cat "$tmp/stats")"
        continue
    fi
    echo "po/$lang.po: $(cat "$tmp/stats")"
    grep -qE 'untranslated|fuzzy' "$tmp/stats" && fail "po/$lang.po is not complete: $(cat "$tmp/stats")"
    msgcmp "$po" "$tmp/questboard.pot" >"$tmp/cmp" 2>&1 ||
        fail "po/$lang.po lacks texts the sources mark (meson compile -C build questboard-update-po):
$(head -20 "$tmp/cmp")"
done

if [ "$fails" -gt 0 ]; then
    echo "$fails failed"
    exit 1
fi
echo "translations: all complete"

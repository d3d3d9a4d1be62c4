#!/bin/sh
# The loader's and the checker's messages in the player's language
# (docs/architecture.md "Languages"): questboard --check under LANGUAGE=de
# says a broken mission's problems in German, keeping the "FILE:LINE:" and
# "square (x,y):" an author's tools read; under the tests' English
# (LANGUAGE empty) the same problems read in English. So do the checker's
# warnings, the HeroScribe import's and the editor's answers.
#   test_messages_de.sh QUESTBOARD
set -u
qb=$1
data=$TEST_DATA/missions
fails=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# says LANG FILE WANT: questboard --check FILE in LANG writes a line holding WANT
says() {
    lang=$1 file=$2 want=$3
    got=$(LANGUAGE=$lang "$qb" --check "$file" 2>&1)
    case $got in
        *"$want"*) ;;
        *) fail "LANGUAGE=$lang questboard --check $file: expected '$want' in:
$got" ;;
    esac
}

# the loader: the checker's findings, the XML and the bitmap
says de "$data/bad-many.xml" "bad-many.xml:5: square (12,3): Monster liegt außerhalb des Spielbretts (10x7)"
says de "$data/bad-many.xml" "bad-many.xml:9: Ziel: kein Monster hat die id „nobody“"
says "" "$data/bad-many.xml" "bad-many.xml:9: objective: no monster has the id 'nobody'"
says de "$data/bad-overlap.xml" "square (0,0): Monster orc steht auf demselben Feld wie Held barbarian (Zeile 4)"
says de "$data/bad-unclosed.xml" "bad-unclosed.xml:2: das hier geöffnete <mission> ist vor dem Dateiende nicht geschlossen"
says "" "$data/bad-unclosed.xml" "bad-unclosed.xml:2: <mission> opened here is not closed before the file ends"
says de "$data/bad-range.xml" "<rules>-Attribut move-dice=\"9\" liegt außerhalb des Bereichs: erlaubt ist eine ganze Zahl von 1 bis 4"
says de "$data/bad-typo-attribute.xml" "bad-typo-attribute.xml:5: Element „door“: Das Attribut „side“ ist nötig, fehlt aber."
says "" "$data/bad-typo-attribute.xml" "bad-typo-attribute.xml:5: Element 'door': The attribute 'side' is required but missing."
says de "$dir/missing.xml" "missing.xml: lässt sich nicht öffnen: "
says "" "$dir/missing.xml" "missing.xml: cannot open: "
says de "$data/bad-bitmap-missing.xml" "Bitmap „missing.png“ nicht gefunden"
sed 's/board.png/board.gif/' "$data/good.xml" >"$dir/gif.xml"
cp "$TEST_DATA/bad-gif.png" "$dir/board.gif"
says de "$dir/gif.xml" "das ist ein GIF-Bild: als PNG speichern"
says "" "$dir/gif.xml" "this is a GIF image: save it as PNG"

# the checker's warnings (--check loads, then says what cannot be played)
says de "$data/analysis/stuck.xml" "stuck.xml:7: warning: dieser Held kann sich nie bewegen: Wände, Fels, Möbel oder Geröll an jeder Seite"
says de "$data/analysis/boxed.xml" "boxed.xml:15: warning: Ziel „Enter room B“: der Raum von (6,0) liegt außerhalb der Reichweite aller Helden: das Ziel ist nie zu erfüllen"
says "" "$data/analysis/boxed.xml" "boxed.xml:15: warning: objective 'Enter room B': the room of (6,0) lies out of every hero's reach: it can never be met"

# the HeroScribe import's warnings
got=$(LANGUAGE=de "$qb" --import "$TEST_DATA/heroscribe/vault-of-vorth.xml" "$dir/vault" 2>&1)
case $got in
    *"vault-of-vorth.xml:55: warning: HeroScribe-Objekt „HurricaneTrap“ übersprungen: die Regeln kennen keine Orkanfalle"*) ;;
    *) fail "LANGUAGE=de questboard --import: no German warning in:
$got" ;;
esac

# the editor's refusals and its check (--edit-script answers "? why")
cat >"$dir/edit.txt" <<'SCRIPT'
new 6 3
colour Hall ffffff
rect 0 0 5 2 ffffff
place barbarian 0 0
place dragon 1 1
check
SCRIPT
got=$(LANGUAGE=de "$qb" --edit-script "$dir/edit.txt" 2>&1)
for want in "? „dragon“ ist keine Figurenart" "error - die Mission hat keine Ziele"; do
    case $got in
        *"$want"*) ;;
        *) fail "LANGUAGE=de questboard --edit-script: expected '$want' in:
$got" ;;
    esac
done

if [ "$fails" -gt 0 ]; then
    echo "$fails failed"
    exit 1
fi
echo "the loader and the checker speak German and English"

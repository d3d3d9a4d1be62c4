#!/bin/sh
# The loader's and the checker's messages in the player's language
# (docs/architecture.md "Languages"): questboard --check under LANGUAGE=de
# says a broken mission's problems in German, keeping the "FILE:LINE:" and
# "square (x,y):" an author's tools read; under the tests' English
# (LANGUAGE empty) the same problems read in English.
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
says de "$data/bad-bitmap-missing.xml" "Bitmap „missing.png“ nicht gefunden"
sed 's/board.png/board.gif/' "$data/good.xml" >"$dir/gif.xml"
cp "$TEST_DATA/bad-gif.png" "$dir/board.gif"
says de "$dir/gif.xml" "das ist ein GIF-Bild: als PNG speichern"
says "" "$dir/gif.xml" "this is a GIF image: save it as PNG"

if [ "$fails" -gt 0 ]; then
    echo "$fails failed"
    exit 1
fi
echo "the loader and the checker speak German and English"

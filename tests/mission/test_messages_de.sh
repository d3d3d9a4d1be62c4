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

# libxml2's own messages an author can cause, in plain words (and in
# English too); one no rule knows says it is the reader's English
broken() { # broken NAME SED: good.xml changed by SED
    sed "$2" "$data/good.xml" >"$dir/$1.xml"
}
broken amp 's/The Star Gem/Star \& Gem/'
says de "$dir/amp.xml" "amp.xml:28: ein einzelnes „&“: für ein einfaches & schreibt man &amp;"
says "" "$dir/amp.xml" "amp.xml:28: a lone '&': write &amp; for a plain &"
broken entity 's/The Star Gem/Star \&nbsp; Gem/'
says de "$dir/entity.xml" "unbekannter Verweis &nbsp;: XML kennt &amp;"
broken lt 's/The Star Gem/Star < Gem/'
says de "$dir/lt.xml" "lt.xml:28: ein „<“ im Wert eines Attributs: dafür schreibt man &lt;"
broken noquote 's/move-dice="3"/move-dice=3/'
says de "$dir/noquote.xml" "noquote.xml:8: der Wert eines Attributs gehört in Anführungszeichen"
says de "$dir/noquote.xml" "noquote.xml:8: das Start-Tag <rules> endet nicht mit „>“"
broken twice 's/<door x="3" y="0" side="east"\/>/<door x="3" y="0" x="4" side="east"\/>/'
says de "$dir/twice.xml" "twice.xml:16: das Attribut „x“ steht zweimal in diesem Element"
broken novalue 's/<door x="3" y="0" side="east"/<door x="3" y="0" side "east"/'
says de "$dir/novalue.xml" "novalue.xml:16: das Attribut „side“ hat keinen Wert"
broken latin1 's/The Star Gem/The St\xe4r Gem/'
says de "$dir/latin1.xml" "latin1.xml:28: die Datei ist kein UTF-8-Text (hier die Bytes 0xE4"
broken decl '1s/^/\n/'
says de "$dir/decl.xml" "die Deklaration <?xml ...?> muss ganz am Anfang der Datei stehen"
broken comment 's/<exits>/<!-- <exits>/'
says de "$dir/comment.xml" "ein Kommentar (<!--), den kein --> schließt"
broken words 's/<heroes>/<heroes>stray words/'
says de "$dir/words.xml" "words.xml:10: Element „heroes“: Text ist hier nicht erlaubt, nur Elemente."
says "" "$dir/words.xml" "words.xml:10: Element 'heroes': Text is not allowed here, only elements."
broken rgb 's/rgb="#c3c3c3"/rgb="c3c3c3"/'
says de "$dir/rgb.xml" "<colour>-Attribut rgb=\"c3c3c3\" hat nicht die verlangte Form: „#“ und sechs Hexziffern"
broken idspace 's/id="box"/id="my box"/'
says "" "$dir/idspace.xml" "<piece> attribute id=\"my box\" does not have the form it takes: lower-case letters"
broken corridor 's/name="Rock"/name="Rock" corridor="maybe"/'
says de "$dir/corridor.xml" "<colour>-Attribut corridor=\"maybe\" ist weder true noch false"
broken root 's/<mission id/<misson id/; s#</mission>#</misson>#'
says de "$dir/root.xml" "Element „misson“: Mit diesem Element sollte die Datei nicht beginnen."
broken encoding '1s/UTF-8/bogus/'
says de "$dir/encoding.xml" "encoding.xml:1: Unsupported encoding bogus (Meldung des XML-Lesers, nur auf Englisch)"
says "" "$dir/encoding.xml" "encoding.xml:1: Unsupported encoding bogus"
for f in noquote lt; do
    case $(LANGUAGE=de "$qb" --check "$dir/$f.xml" 2>&1) in
        *"attributes construct error"*) fail "$f.xml: libxml2's follow-on 'attributes construct error' shown" ;;
    esac
done

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

#!/bin/sh
# The command line speaks the system's language (app/lang.h): German under
# LANGUAGE=de, and under LANG=de_DE.UTF-8 even where that locale is not
# installed; English under C.UTF-8 with no LANGUAGE; and LANGUAGE wins over
# LANG, as gettext has it.
#   test_lang_cli.sh QUESTBOARD
set -u
qb=$1
fails=0

fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

says() { # WANT ENV... : questboard --bogus under ENV writes WANT on stderr
    want=$1
    shift
    got=$(env -u LC_ALL -u LANGUAGE -u LC_MESSAGES "$@" "$qb" --bogus 2>&1 >/dev/null)
    case $got in
        *"$want"*) ;;
        *) fail "$* questboard --bogus: '$got', expected '$want'" ;;
    esac
}

says "unbekannte Option „--bogus“ (siehe questboard --help)" LANGUAGE=de LANG=C.UTF-8
says "unbekannte Option „--bogus“" LANG=de_DE.UTF-8
says "unbekannte Option „--bogus“" LC_ALL=C LANGUAGE=de
says "unknown option '--bogus' (see questboard --help)" LANG=C.UTF-8
says "unknown option '--bogus'" LANGUAGE=en LANG=de_DE.UTF-8

# --help and the command line's own messages in German (issue 27): the same
# options as in English, the words translated.
de() { env -u LC_MESSAGES LC_ALL=C.UTF-8 LANGUAGE=de "$qb" "$@" 2>&1; }
en() { env -u LC_MESSAGES LC_ALL=C.UTF-8 LANGUAGE= "$qb" "$@" 2>&1; }
opts() { grep -o -- '--[a-z][a-z0-9-]*' | sort -u; }
help_de=$(de --help)
help_en=$(en --help)
for want in "Aufruf: questboard [OPTIONEN] [MISSION]" "--check DATEI" "Startwert" \
    "Abenteuerpaket" "Spielstand" "--generate ORDNER" "Bilder breiter oder höher als N"; do
    case $help_de in
        *"$want"*) ;;
        *) fail "LANGUAGE=de questboard --help lacks '$want'" ;;
    esac
done
case $help_en in
    "usage: questboard [OPTIONS] [MISSION]"*) ;;
    *) fail "questboard --help in English: $(echo "$help_en" | head -1)" ;;
esac
[ "$(echo "$help_de" | opts)" = "$(echo "$help_en" | opts)" ] ||
    fail "--help names other options in German than in English"
long=$(echo "$help_de" | awk 'length > 80')
[ -z "$long" ] || fail "German --help lines over 80 columns: $long"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
error_is() { # WANT ARGS... : questboard ARGS in German says WANT and exits 2
    want=$1
    shift
    got=$(de "$@")
    status=$?
    case $got in
        *"$want"*) [ "$status" -eq 2 ] || fail "questboard $*: exit $status, expected 2" ;;
        *) fail "LANGUAGE=de questboard $*: '$got', expected '$want'" ;;
    esac
}
error_is "questboard: --check braucht eine DATEI (siehe questboard --help)" --check
error_is "--style braucht dungeon, caverns oder wilds, nicht „dungen“ (war dungeon gemeint?)" \
    --generate "$tmp/gen" --style dungen
error_is "--style passt nicht zu einer MISSION zum Spielen, sondern zu --generate" --style wilds
error_is "$tmp/none: nicht gefunden" --pack "$tmp/none" "$tmp/out.questpack"
error_is "questboard: --seed gehört zu einem Spiel" --edit --seed 3
error_is "$tmp/none.xml: lässt sich nicht öffnen" --check "$tmp/none.xml"

# reasons built by helpers away from a marked format: a save's parse
# errors with their line, the editor script's usage lines
printf 'garbage\n' >"$tmp/x.qbsave"
error_is "x.qbsave: Zeile 1: kein Spielstand von Questboard" --replay "$tmp/x.qbsave" --verify
said=$(printf 'rooms 1\n' | de --edit-script -)
case $said in
    *"? Aufruf: rooms"*) ;;
    *) fail "LANGUAGE=de questboard --edit-script: '$said', expected '? Aufruf: rooms'" ;;
esac

# --simulate's report is for people (--format json is for programs)
report=$(de --simulate 2 "$QUESTBOARD_DATA/missions/first-light/mission.xml")
for want in "2 Spiele, Startwerte 1-2, Helden:" "Runden bis zum Sieg" "verlorene Körperpunkte je Spiel: Barbar"; do
    case $report in
        *"$want"*) ;;
        *) fail "LANGUAGE=de questboard --simulate 2: no '$want' in: $report" ;;
    esac
done

if [ "$fails" -gt 0 ]; then
    echo "$fails failed"
    exit 1
fi
echo "the command line speaks German and English"

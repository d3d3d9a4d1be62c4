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

if [ "$fails" -gt 0 ]; then
    echo "$fails failed"
    exit 1
fi
echo "the command line speaks German and English"

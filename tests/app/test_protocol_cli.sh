#!/bin/sh
# questboard --protocol as a process: answers, blank-line framing, quit,
# end of input, and the same transcript for the same seed.
# usage: test_protocol_cli.sh QUESTBOARD
qb="$1"
fail=0
out=$(mktemp)
trap 'rm -f "$out" "$out.2"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

script='seed 9
load
roll
move 0 3 3
bogus
end
state
quit
state'
printf '%s\n' "$script" | "$qb" --protocol >"$out" 2>&1
check "protocol exits 0" $?
head -n 1 "$out" | grep -q '^= 9$'; check "seed answers = 9" $?
grep -q '^= first-light ' "$out"; check "load without a path loads the default mission" $?
grep -q '^? unknown command' "$out"; check "unknown commands are refused" $?
grep -q '^= status playing' "$out"; check "state answers" $?
[ "$(grep -c '^[=?]' "$out")" -eq 8 ]; check "one answer per command, none after quit" $?
[ "$(tail -c 2 "$out" | od -An -c | tr -d ' ')" = '\n\n' ]; check "answers end with a blank line" $?
printf '%s\n' "$script" | "$qb" --protocol >"$out.2" 2>&1
cmp -s "$out" "$out.2"; check "same seed, same transcript" $?
# `words on`: each event line carries its text's parts as one token
# before " | TEXT" (the online client says the line in its player's
# language from them); the text itself stays the same
printf 'seed 9\nload\nwords on\nroll\nwords off\nend\nwords maybe\n' | "$qb" --protocol >"$out" 2>&1
grep -q '^= on$' "$out"; check "words on answers = on" $?
grep -q '^roll 0 -1 [0-9,-]* [0-9,-]* [0-9]* [0-9]* [0-9,]* - w:%25s%20rolls,tBarbarian/[^ ]* | Barbarian rolls ' "$out"
check "an event line carries its words" $?
grep -q '^turn 1 -1 [0-9,]* [0-9,]* 1 0 - - | turn 1: Dwarf$' "$out"; check "the line without words as before" $?
[ "$(grep -c ' w:' "$out")" -eq 1 ]; check "only while words are on" $?
grep -q '^? usage: words on|off' "$out"; check "words takes on or off" $?
printf 'load\nroll' | "$qb" --protocol >"$out" 2>&1
check "end of input without quit exits 0" $?
grep -q '^= 1$' "$out"; check "a last line without a newline still runs" $?
exit $fail

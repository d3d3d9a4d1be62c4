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
printf 'load\nroll' | "$qb" --protocol >"$out" 2>&1
check "end of input without quit exits 0" $?
grep -q '^= 1$' "$out"; check "a last line without a newline still runs" $?
exit $fail

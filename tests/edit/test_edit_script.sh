#!/bin/sh
# questboard --edit-script: docs/editor.md's worked example, run as the
# docs say, answers exactly what the docs show and saves a mission that
# passes --check --strict and that the bot wins; undo and redo come back
# to byte-identical saves; the exit status tells refused commands and a
# script that cannot be read.
# usage: test_edit_script.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root="$QUESTBOARD_DATA"
fail=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

# The script and the answers as docs/editor.md shows them.
awk '/the worked example: tests\/edit/ { f = 1; next } f && /^```text/ { g = 1; next }
     g && /^```/ { exit } g' "$root/docs/editor.md" >example.txt
awk '/^The answers, in order/ { f = 1; next } f && /^```text/ { g = 1; next }
     g && /^```/ { exit } g' "$root/docs/editor.md" >answers.txt
[ -s example.txt ] && [ -s answers.txt ]; check "docs/editor.md has the example and its answers" $?

"$qb" --edit-script example.txt >out.txt 2>err.txt
check "the worked example runs, every command accepted (exit 0)" $?
grep -v '^$' out.txt >got.txt
cmp -s got.txt answers.txt; check "its answers are those docs/editor.md shows" $?
cmp -s got.txt answers.txt || diff got.txt answers.txt | head -20

"$qb" --check --strict goblin-larder/mission.xml >check.txt 2>&1
check "the mission made passes --check --strict" $?
"$qb" --simulate 10 goblin-larder/mission.xml >sim.txt 2>&1
grep -Eq '^won ([1-9]|10) ' sim.txt; check "the bot wins it" $?

# Undo and redo: saves byte for byte.
cat >undo.txt <<'SCRIPT'
new 10 6 hex
colour Hall ffffff
rect 0 0 9 2 ffffff
rect 0 3 9 5 a04040
place elf 1 1
place orc 5 4 id=boss
door 5 2 se
objective kill boss
save a
paint 3 3 ffffff
place dwarf 2 1
set name Changed
move 5 4 6 4
rock 8 0 9 1
save b
undo
undo
undo
undo
undo
save a2
redo
redo
redo
redo
redo
save b2
SCRIPT
"$qb" --edit-script undo.txt >undo.out 2>&1; check "the undo script runs" $?
cmp -s a/board.png a2/board.png && cmp -s a/mission.xml a2/mission.xml
check "undo comes back to a byte-identical save" $?
cmp -s b/board.png b2/board.png && cmp -s b/mission.xml b2/mission.xml
check "redo comes back to a byte-identical save" $?
cmp -s a/mission.xml b/mission.xml; [ $? -ne 0 ]; check "the two saves differ" $?

# Exit status.
printf 'new 4 4\nplace orc 9 9\nstate\n' | "$qb" --edit-script - >refused.txt 2>&1
[ $? -eq 1 ]; check "a refused command: exit 1" $?
grep -q '^? 9,9 is outside the 4x4 board' refused.txt; check "the refusal says why" $?
grep -q '^= untitled 4x4 square' refused.txt; check "the script goes on after a refusal" $?
"$qb" --edit-script no-such-script.txt >/dev/null 2>err.txt
[ $? -eq 2 ] && grep -q 'no-such-script.txt' err.txt; check "a missing script: exit 2, named" $?

[ "$fail" -eq 0 ] && echo "edit_script: all ok" || echo "edit_script: $fail failed"
[ "$fail" -eq 0 ]

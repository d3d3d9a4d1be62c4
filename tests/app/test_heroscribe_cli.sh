#!/bin/sh
# HeroScribe quests from the command line: --check (and --strict) on a
# quest, --import into a folder that --check passes, the same screenshot
# and the same protocol transcript from the quest and from its folder,
# and refusals with FILE:LINE and exit 2.
# usage: test_heroscribe_cli.sh QUESTBOARD   (TEST_DATA set by meson)
qb="$1"
quests="$TEST_DATA/heroscribe"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

"$qb" --check "$quests/vault-of-vorth.xml" >"$work/out" 2>"$work/err"
check "--check passes a quest" $?
grep -q "heroes=4 monsters=9 doors=22 furniture=12 objectives=3 warnings=5" "$work/out"
check "--check counts what the quest became" $?
grep -q "vault-of-vorth.xml:68: warning: unknown HeroScribe object 'Dice' skipped" "$work/err"
check "unknown objects are named once with their line" $?
"$qb" --strict --check "$quests/vault-of-vorth.xml" >/dev/null 2>&1
[ $? -eq 2 ]; check "--strict makes the warnings fail the check" $?

"$qb" --import "$quests/vault-of-vorth.xml" "$work/vault" >"$work/out" 2>"$work/err"
check "--import writes a folder" $?
grep -q "^$work/vault/mission.xml id=vault-of-vorth size=26x19 .* warnings=5" "$work/out"
check "--import says what it wrote" $?
[ -f "$work/vault/board.png" ] && [ -f "$work/vault/mission.xml" ]; check "board.png and mission.xml" $?
grep -q '^  objective 1: Kill the Gargoyle, from the speech on line 9: "Defeat the Gargoyle in its vault' "$work/out"
check "--import prints each objective with the sentence it came from" $?
grep -q '^  objective 3: Return to the stairway and leave the dungeon (every quest ends so)$' "$work/out"
check "... and the escape every quest gets" $?
"$qb" --strict --check "$work/vault/mission.xml" >"$work/out" 2>&1
check "the folder passes --check --strict (the skipped objects are gone from it)" $?
grep -q '<note label="A" x="15" y="3">' "$work/vault/mission.xml"; check "notes are kept on their marks" $?
"$qb" --import "$quests/vault-of-vorth.xml" "$work/vault" >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "already exists" "$work/err"; check "an import never replaces a mission without --force" $?
"$qb" --import "$quests/vault-of-vorth.xml" "$work/vault" --force >/dev/null 2>&1
check "--force replaces it" $?
"$qb" --import "$quests/vault-of-vorth.xml" "$work/strict" --strict >/dev/null 2>"$work/err"
[ $? -eq 2 ] && [ ! -e "$work/strict/mission.xml" ] && grep -q "nothing written" "$work/err"
check "--import --strict refuses a quest with warnings and writes nothing" $?
"$qb" --import "$quests/twin-keeps.xml" "$work/twin" >"$work/out" 2>&1
grep -q "size=53x39" "$work/out"; check "a 2x2 quest imports as one 53x39 board" $?

# the same game from the quest and from its folder
script="seed 5
load QUEST
roll
state
end
state
quit"
for q in "$quests/vault-of-vorth.xml" "$work/vault/mission.xml"; do
    printf '%s\n' "$script" | sed "s|QUEST|$q|" | "$qb" --protocol >>"$work/transcript.$(basename "$(dirname "$q")")" 2>&1
done
grep -q "^= vault-of-vorth 26x19 heroes 4 seed 5" "$work/transcript.heroscribe"
check "the protocol loads a quest" $?
cmp -s "$work/transcript.heroscribe" "$work/transcript.vault"
check "quest and folder: the same transcript" $?

# a game of a quest saves and restores (the save names the quest)
qb_abs=$(cd "$(dirname "$qb")" && pwd)/$(basename "$qb")
(cd "$work" && printf 'seed 2\nload %s\nroll\nsave game.sav\nrestore game.sav\nquit\n' \
    "$quests/vault-of-vorth.xml" | "$qb_abs" --protocol >restore.txt 2>&1)
[ "$(grep -c '^= 1 actions' "$work/restore.txt")" -eq 2 ] && grep -q "^mission .*vault-of-vorth.xml" "$work/game.sav"
check "a quest's game saves and restores" $?

"$qb" --screenshot "$work/quest.png" --size 800x500 --reveal "$quests/vault-of-vorth.xml" >/dev/null 2>&1
check "--screenshot draws a quest" $?
"$qb" --screenshot "$work/folder.png" --size 800x500 --reveal "$work/vault/mission.xml" >/dev/null 2>&1
check "--screenshot draws the imported folder" $?
cmp -s "$work/quest.png" "$work/folder.png"; check "quest and folder: the same picture" $?
[ "$(wc -c <"$work/folder.png")" -gt 20000 ]; check "the picture is a board, not a blank" $?

# refusals
printf '<?xml version="1.0"?>\n<!DOCTYPE quest [\n<!ENTITY x "boom">\n]>\n<quest><board/></quest>\n' >"$work/evil.xml"
"$qb" --check "$work/evil.xml" >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "evil.xml:2: this DOCTYPE is not HeroScribe's" "$work/err"
check "an internal subset is refused with its line" $?
"$qb" --import "$TEST_DATA/../../docs/example/mission.xml" "$work/x" >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "not a HeroScribe quest" "$work/err"; check "--import refuses a mission file" $?
exit $fail

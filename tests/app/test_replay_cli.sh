#!/bin/sh
# --replay FILE --verify (docs/replays.md): a saved game, and the same game
# in a quest pack, print the same one line and exit 0; a game whose mission
# changed since, or a damaged save, exit 2 with the reason; --replay
# alone opens the window (no display here); --at N --screenshot draws a
# position (heroes' sight or all), refuses a position past the end.
# usage: test_replay_cli.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}
export XDG_DATA_HOME="$work/data" HOME="$work"
cp -r "$QUESTBOARD_DATA/missions/first-light" "$work/m"
(cd "$work" && printf 'seed 9\nload m/mission.xml\nroll\nend\nroll\nend\nsave game.qbsave\nquit\n' |
    "$qb" --protocol >/dev/null)
"$qb" --replay "$work/game.qbsave" --verify >"$work/a.txt" 2>&1; check "a save verifies" $?
grep -Eq '^actions=4 rounds=[0-9]+ outcome=unfinished state=[0-9a-f]{64}$' "$work/a.txt"
check "one line: actions, rounds, outcome, state ($(cat "$work/a.txt"))" $?
"$qb" --replay "$work/game.qbsave" --verify >"$work/b.txt" 2>&1
cmp -s "$work/a.txt" "$work/b.txt"; check "the same line twice" $?
"$qb" --pack "$work/game.qbsave" "$work/game.questpack" >/dev/null 2>&1
"$qb" --replay "$work/game.questpack" --verify >"$work/c.txt" 2>&1; check "a game pack verifies" $?
cmp -s "$work/a.txt" "$work/c.txt"; check "to the same line as its save" $?
"$qb" --pack "$work/m" "$work/shipped.questpack" --replay "$work/game.qbsave" >/dev/null 2>"$work/err.txt"
check "a mission packs with a replay (--pack ... --replay SAVE) ($(cat "$work/err.txt"))" $?
"$qb" --replay "$work/shipped.questpack" --verify >"$work/d.txt" 2>&1; check "the mission pack's replay verifies" $?
cmp -s "$work/a.txt" "$work/d.txt"; check "to the same line as its save" $?
"$qb" --check "$work/shipped.questpack" >/dev/null 2>&1; check "--check passes the pack with its replay" $?
cp -r "$QUESTBOARD_DATA/missions/bone-orchard" "$work/other"
"$qb" --pack "$work/other" "$work/wrong.questpack" --replay "$work/game.qbsave" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "does not replay" "$work/err.txt" && [ ! -e "$work/wrong.questpack" ]
check "a replay of another mission is refused, nothing written" $?
"$qb" --pack "$work/game.qbsave" "$work/twice.questpack" --replay "$work/game.qbsave" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "ships a saved game with a mission" "$work/err.txt"
check "--replay goes with a mission, not a saved game" $?

# --at N --screenshot: a position drawn headless, as the heroes saw it or all-seeing
"$qb" --replay "$work/game.qbsave" --at 2 --screenshot "$work/h.png" --size 320x200 2>"$work/err.txt"
[ $? -eq 0 ] && [ -s "$work/h.png" ]; check "--at 2 --screenshot writes a PNG ($(cat "$work/err.txt"))" $?
"$qb" --screenshot "$work/h2.png" --replay "$work/game.qbsave" --size 320x200 --at 2 --view heroes
cmp -s "$work/h.png" "$work/h2.png"; check "in either order, the same picture (heroes the default)" $?
"$qb" --replay "$work/game.qbsave" --at 2 --screenshot "$work/a.png" --size 320x200 --view all
[ -s "$work/a.png" ] && ! cmp -s "$work/h.png" "$work/a.png"; check "--view all draws another picture (no fog)" $?
"$qb" --replay "$work/game.qbsave" --at 0 --screenshot "$work/z.png" --size 320x200
[ -s "$work/z.png" ] && ! cmp -s "$work/h.png" "$work/z.png"; check "--at 0 is another position" $?
"$qb" --replay "$work/game.qbsave" --at 5 --screenshot "$work/x.png" 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "from 0 to 4" "$work/err.txt" && [ ! -e "$work/x.png" ]
check "--at past the end is refused" $?
"$qb" --replay "$work/game.qbsave" --at 2 --verify 2>/dev/null; [ $? -eq 2 ]; check "--verify takes no --at" $?
"$qb" --replay "$work/game.qbsave" --view nobody --screenshot "$work/x.png" 2>/dev/null
[ $? -eq 2 ]; check "an unknown --view is refused" $?

sed -i 's/<name>First Light<\/name>/<name>First Light, changed<\/name>/' "$work/m/mission.xml"
"$qb" --replay "$work/game.qbsave" --verify >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "has changed since the game was saved" "$work/err.txt"
check "a changed mission is refused (exit 2)" $?
head -n 8 "$work/game.qbsave" >"$work/cut.qbsave"
"$qb" --replay "$work/cut.qbsave" --verify >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "cut.qbsave" "$work/err.txt"; check "a cut save is refused (exit 2)" $?
env -u SDL_VIDEODRIVER DISPLAY= WAYLAND_DISPLAY= "$qb" --replay "$work/game.qbsave" >/dev/null 2>"$work/err.txt"
[ $? -eq 1 ] && grep -q "no display found" "$work/err.txt"
check "--replay FILE alone opens the viewer's window (here: no display)" $?
"$qb" --replay "$work/game.qbsave" --at 2 >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "goes with --screenshot" "$work/err.txt"; check "--at wants --screenshot" $?
exit $fail

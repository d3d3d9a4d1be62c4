#!/bin/sh
# The replay viewer in the window (docs/replays.md): `questboard --replay
# FILE` opens a saved game at its start; End seeks to the end, Home back to
# a picture identical to the opening one; Left steps back from the end;
# Right steps forward (animated) to the same picture as a seek there; V
# shows all-seeing and back; B saves a bookmark with its note beside the
# save, which the bar shows and M jumps to after a reopening; C continues
# from here into a new save slot holding the actions up to there (the
# replay's file unchanged); the slots screen's W opens a slot's replay.
# Skipped (77) only without Xvfb.
# usage: test_replay.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the test changes folder
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

# a game of 16 actions: four rounds of the four heroes rolling and ending
cp -r "$QUESTBOARD_DATA/missions/first-light" "$work/m"
moves=""
for i in 1 2 3 4 5 6 7 8; do moves="${moves}roll\nend\n"; done
(cd "$work" && printf "seed 9\nload m/mission.xml\n${moves}save game.qbsave\nquit\n" |
    "$qb" --protocol >/dev/null)
"$qb" --replay "$work/game.qbsave" --verify >"$work/verify.txt" 2>&1
grep -q '^actions=16 ' "$work/verify.txt"; check "the game to watch has 16 actions" $?
cp "$work/game.qbsave" "$work/game-before.qbsave"

start viewer --replay "$work/game.qbsave"
shot_stable open
key End
shot_after open end; check "End seeks to the end (another picture)" $?
shot_stable end
key Left
shot_after end back; check "Left steps back from the end" $?
key Home
shot_stable home
d=$(diff_px open home)
[ "$d" -lt 50 ]; check "Home: the picture of the start again ($d px)" $?
key Right Right Right
sleep 5 # the steps' events play, the dice linger and fade
shot_stable stepped
key Home
shot_stable home2
xdotool key --window "$wid" shift+Right # one hero's turn: roll, end
sleep 0.3
key Right
sleep 5
shot_stable turned
d=$(diff_px stepped turned)
[ "$d" -lt 50 ]; check "three steps forward, animated, equal a turn's seek plus one step ($d px)" $?
key v
shot_after turned all; check "V: the all-seeing view is another picture" $?
key v v
sleep 4.5 # the toast naming the view goes
shot_stable heroes
d=$(diff_px turned heroes)
[ "$d" -lt 50 ]; check "V twice more: the heroes' sight again ($d px)" $?

key b
xdotool type --window "$wid" "first blood"
key Return
sleep 0.3
grep -qx '3 first blood' "$work/game.qbsave.marks"; check "B saves the bookmark and its note beside the save" $?
shot_stable noted
differs heroes noted; check "the bookmark's note shows at its position" $?
key End
shot_stable end2
xdotool key --window "$wid" shift+m
sleep 0.3
shot_stable marked
d=$(diff_px noted marked)
[ "$d" -lt 50 ]; check "Shift+M jumps back from the end to the bookmark ($d px)" $?
key Home m
shot_stable marked2
d=$(diff_px noted marked2)
[ "$d" -lt 50 ]; check "M jumps forward from the start to the bookmark ($d px)" $?

key Home Right Right
sleep 1
key c
slot=$(wait_file 'slot-01.qbsave')
[ -n "$slot" ]; check "C: continue from here writes a new save slot" $?
sleep 0.5
"$qb" --replay "$slot" --verify >"$work/branch.txt" 2>&1
grep -q '^actions=2 ' "$work/branch.txt"; check "the new game holds the actions up to here ($(cat "$work/branch.txt"))" $?
cmp -s "$work/game.qbsave" "$work/game-before.qbsave"; check "the replay's file stays as it was" $?
shot_stable continued
key r
shot_after continued rolled; check "the new game plays (the dice roll)" $?
kill $pid
wait $pid 2>/dev/null
pid=""

# the slots screen: W watches the selected slot
start slots
shot_stable title
key End Up Up Up Return # Load: the fourth from the end (Load, Settings, Help, Quit)
shot_after title slots; check "the slots screen opens" $?
key w
shot_after slots watching; check "W opens the slot's replay" $?
key End
shot_after watching watch-end; check "...and it seeks" $?
kill $pid
wait $pid 2>/dev/null
pid=""
exit $((fail > 0))

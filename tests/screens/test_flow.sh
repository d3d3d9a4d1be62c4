#!/bin/sh
# End to end under xvfb: title -> new game -> pick a mission (the player's
# own folder) -> briefing -> heroes -> play a hero's move -> save -> quit ->
# start again -> continue; screenshots and the saved file are checked at
# each step. Skipped (77) only without Xvfb.
# usage: test_flow.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

make_mission "$pref/missions/arena" '#8a6d3b'

start first
shot title
colours=$(identify -format '%k' "$work/title.png")
[ "${colours:-0}" -gt 20 ]; check "the title screen is drawn ($colours colours)" $?

key Return # "New game" (Continue is greyed: no save yet)
shot_after title picker; check "New game opens the mission picker" $?
key End Up # the last row is "open by path"; above it the player's own mission
shot_after picker picked; check "the player's mission is highlighted" $?
key Return
shot_after picked briefing; check "Return shows the briefing" $?
key Return
shot_after briefing heroes; check "then the heroes and players" $?
key Return # "Start the quest" is selected
shot_after heroes game; check "Start opens the game" $?
sleep 1.5 # the first frames of the game screen settle
shot game

key r # roll the movement dice
sleep 1.2
key Right Right Right # the cursor appears on the hero, then two squares right
key Return # move there
sleep 2
xdotool mousemove --window "$wid" 1 1
shot_stable moved # the slide and the dice are over (slow under load)
differs game moved; check "the hero's move changes the picture" $?

key F5 # save dialog: "save to a new slot" is selected, its name field has the keys
shot_after moved savedialog; check "F5 opens the save dialog" $?
xdotool type --window "$wid" " run" # after the mission's name, filled in
key Return # save: one Return (issue 25 item 12)
saved=$(wait_file 'save-arena-run.qbsave')
[ -n "$saved" ]; check "the save is written as save-arena-run.qbsave" $?
if [ -n "$saved" ]; then
    head -n 1 "$saved" | grep -q '^questboard-slot 1 .*slot=Arena%20run.*mission=Arena'
    check "its header names the slot and the mission" $?
    sed -n 2p "$saved" | grep -q '^questboard-save [0-9]'; check "its body is the rules' save" $?
    grep -q '^roll ' "$saved" && grep -q '^move ' "$saved"; check "it holds the roll and the move" $?
fi
grep -q 'saved "Arena run"' "$work/out-first.txt"; check "the window says it saved" $?

key Escape # drops the keyboard cursor
sleep 0.3
shot nocursor
key Escape # nothing left to close: the in-game menu
shot_after nocursor menu; check "Escape opens the in-game menu" $?
key Up Return # "Quit to title" is the last item
shot_after menu title2; check "Quit to title shows the title" $?
quit_from_title

start second
shot title3
key Return # Continue is enabled and selected now
shot_after title3 continued; check "Continue opens the saved game" $?
# Let the "loaded" notice run out and the picture settle before comparing:
# the comparison is about the board, not about passing notices.
sleep 4.5
xdotool mousemove --window "$wid" 2 2
sleep 0.3
xdotool mousemove --window "$wid" 1 1
shot_stable continued
# The top of the board (hero, floor, shading of the squares he may reach),
# clear of the dice, the notices and the side panel.
near=$(diff_px_crop continued moved 320x180+10+10)
far=$(diff_px_crop continued game 320x180+10+10)
echo "continued vs moved: $near px, vs the first turn: $far px"
[ "$near" -lt "$far" ]; check "the continued game shows the hero where he moved" $?
grep -q 'loaded save-arena-run.qbsave' "$work/out-second.txt"; check "the newest save was continued" $?
key Escape # the in-game menu (the mouse clicked nothing, no cursor)
sleep 0.3
key Up Return
sleep 0.5
quit_from_title

# Quit to title keeps the round's moves for Continue: the autosave was
# only written when a round began, so a roll (and all a round's moves)
# before Quit to title were lost
auto="$pref/saves/autosave.qbsave"
[ ! -e "$auto" ]; check "no round was finished: no autosave yet" $?
start third "$pref/missions/arena/mission.xml"
key r
sleep 1.5
key Escape # the in-game menu
sleep 0.3
key Up Return # Quit to title
sleep 0.5
head -n 1 "$auto" 2>/dev/null | grep -q 'mission=Arena' && grep -q '^roll ' "$auto"
check "Quit to title writes the autosave with the round's roll" $?
quit_from_title
exit $((fail > 0))

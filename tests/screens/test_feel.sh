#!/bin/sh
# The window's feel under xvfb (issue 17): typing into the save dialog's
# name field does not drive the game underneath (ddddwwww used to pan the
# board); Escape on the title asks before quitting.
# usage: test_feel.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

make_mission "$pref/missions/arena" '#8a6d3b'
start typing "$pref/missions/arena/mission.xml"
xdotool mousemove --window "$wid" 1 1
shot_stable before
key F5 # the save dialog: "save to a new slot" is selected
shot_after before dialog; check "F5 opens the save dialog" $?
key Return # the name field has the keys now
xdotool keydown --window "$wid" d; sleep 0.6; xdotool keyup --window "$wid" d
xdotool type --window "$wid" --delay 60 "ddddwwww"
xdotool keydown --window "$wid" w; sleep 0.6; xdotool keyup --window "$wid" w
key ctrl+a
xdotool type --window "$wid" --delay 60 "Crypt"
key Return # saved as "Crypt": the field took every key, Ctrl+A replaced the text
saved=$(wait_file 'save-crypt.qbsave')
[ -n "$saved" ]; check "Ctrl+A selected the name: saved as save-crypt.qbsave" $?
shot_stable after
# the board (top left, clear of toasts and dice) did not move
moved=$(diff_px_crop before after 300x200+40+120)
echo "board pixels changed while typing: $moved"
[ "${moved:-1}" -lt 50 ]; check "held d and w in the field did not pan the board" $?
key Escape
shot_after after menu; check "Escape opens the in-game menu" $?
key Up Return
sleep 0.5
quit_from_title
exit $((fail > 0))

#!/bin/sh
# Hot reload under xvfb: while a mission is played (the hero has rolled and
# moved two squares), its bitmap is redrawn (a valid edit: the moves are
# replayed on it), then redrawn so the move no longer fits (the running
# game is kept, and the window says so), then put back, then its XML is
# broken, then fixed. The window must show the new board, then the error
# panel over the last good board, then the fixed board, and never stop.
# Skipped (77) only without Xvfb.
# usage: test_hotreload.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

m="$work/mission"
make_mission "$m" '#8a6d3b'
start reload "$m/mission.xml" # a mission on the command line opens straight into play
xdotool mousemove --window "$wid" 1 1
key r # roll, then move the hero two squares right with the keyboard cursor
sleep 1.2
key Right Right Right Return
sleep 1.5
key Escape # drop the cursor
sleep 0.5
shot before

# a valid edit: the room turns blue and gains a wall of rock down the middle
convert -size 9x7 'xc:#3b5a8a' -fill '#c3c3c3' -draw 'line 4,0 4,4' "PNG24:$m/board.tmp.png"
mv "$m/board.tmp.png" "$m/board.png"
shot_after before edited; check "a bitmap edit shows the new board" $?
grep -q "reloaded $m/mission.xml" "$work/out-reload.txt"; check "the reload is reported" $?
sleep 4.5 # the "reloaded" toast fades
shot edited

# an edit the game so far does not fit: rock where the hero walked
cp "$m/board.png" "$work/good.png"
convert -size 9x7 'xc:#3b5a8a' -fill '#c3c3c3' -draw 'line 2,0 3,6' "PNG24:$m/board.tmp.png"
mv "$m/board.tmp.png" "$m/board.png"
i=0
while ! grep -q "no longer fits" "$work/out-reload.txt" && [ $i -lt 40 ]; do sleep 0.1; i=$((i + 1)); done
grep -q "no longer fits the game in progress" "$work/out-reload.txt"
check "an edit the moves do not fit keeps the running game and says so" $?
sleep 4.5
shot kept
[ "$(diff_px kept edited)" -lt 2000 ]; check "the board on screen is still the last one played" $?
cp "$work/good.png" "$m/board.tmp.png"
mv "$m/board.tmp.png" "$m/board.png"
i=0
while [ "$(grep -c "reloaded" "$work/out-reload.txt")" -lt 2 ] && [ $i -lt 40 ]; do sleep 0.1; i=$((i + 1)); done
[ "$(grep -c "reloaded" "$work/out-reload.txt")" -ge 2 ]; check "putting the bitmap back reloads it" $?
sleep 4.5

# a broken edit: the XML is cut short
cp "$m/mission.xml" "$work/good.xml"
head -n 6 "$work/good.xml" >"$m/mission.xml"
shot_after edited broken; check "a broken XML shows the error panel" $?
grep -q "reload failed" "$work/err-reload.txt"; check "the error is reported on stderr too" $?
grep -q "mission.xml:[0-9]*:" "$work/err-reload.txt"; check "it names the file and line" $?
kill -0 $pid; check "the game keeps running" $?
# the panel covers the top of the window; the board below is the last good one
convert "$work/edited.png" -crop 900x200+0+400 +repage "$work/edited-low.png"
convert "$work/broken.png" -crop 900x200+0+400 +repage "$work/broken-low.png"
[ "$(diff_px edited-low broken-low)" -lt 2000 ]; check "the last good board stays under the panel" $?

# the fix: the panel goes, the board is the edited one
cp "$work/good.xml" "$m/mission.xml"
shot_after broken fixed; check "fixing the XML removes the panel" $?
sleep 4.5
shot fixed
d=$(diff_px fixed edited)
echo "fixed vs edited: $d px"
[ "$d" -lt 2000 ]; check "the fixed board is the edited board" $?

key Escape # the in-game menu
sleep 0.3
key Up Return
sleep 0.5
quit_from_title
exit $((fail > 0))

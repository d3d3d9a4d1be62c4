#!/bin/sh
# Hot reload under xvfb: while a mission is played, its bitmap is redrawn
# (a valid edit), then its XML is broken, then fixed. The window must show
# the new board, then the error panel over the last good board, then the
# fixed board, and never stop. Skipped (77) only without xvfb-run.
# usage: test_hotreload.sh QUESTBOARD
qb="$1"
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 xvfb-run -a -s "-screen 0 1280x800x24" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

m="$work/mission"
make_mission "$m" '#8a6d3b'
start reload "$m/mission.xml" # a mission on the command line opens straight into play
xdotool mousemove --window "$wid" 1 1
sleep 0.5
shot before

# a valid edit: the room turns blue and gains a wall of rock down the middle
convert -size 9x7 'xc:#3b5a8a' -fill '#c3c3c3' -draw 'line 4,0 4,4' "PNG24:$m/board.tmp.png"
mv "$m/board.tmp.png" "$m/board.png"
shot_after before edited; check "a bitmap edit shows the new board" $?
grep -q "reloaded $m/mission.xml" "$work/out-reload.txt"; check "the reload is reported" $?
sleep 4.5 # the "reloaded" toast fades
shot edited

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

key Escape Up Return
sleep 0.5
quit_from_title
exit $((fail > 0))

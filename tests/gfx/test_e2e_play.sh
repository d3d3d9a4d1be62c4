#!/bin/sh
# End to end: playing in the real window under a virtual X server. Starts
# the doors fixture mission (one barbarian at the board's top-left), finds
# the hero by his gold ring in a screenshot, clicks him, rolls (R), clicks
# the square to his right and checks he moved there, ends the turn (E) and
# checks the autosave file appears, then quits through the in-game menu
# and the title.
# Skipped (77) only without Xvfb.
# usage: test_e2e_play.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
for tool in xdotool import convert; do
    command -v $tool >/dev/null 2>&1 || { echo "FAIL: $tool missing (xdotool, imagemagick)"; exit 1; }
done
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"

work=$(mktemp -d)
trap 'kill $pid 2>/dev/null; cat "$work/out.txt" "$work/err.txt"; rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

export XDG_DATA_HOME="$work/data" HOME="$work"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" # see test_e2e.sh
unset SDL_VIDEODRIVER
"$qb" --size 900x600 "$TEST_DATA/gfx/doors.xml" >"$work/out.txt" 2>"$work/err.txt" &
pid=$!
# xdotool's search stops with BadWindow when a window it lists goes away
# before it asks about it (the window system's start makes and drops some):
# search again, as tests/screens/lib.sh does, for a minute at most (a loaded machine under the sanitizers is slow to open it).
wid=""
i=0
while [ -z "$wid" ] && [ $i -lt 30 ] && kill -0 $pid 2>/dev/null; do
    wid=$(timeout 2 xdotool search --sync --onlyvisible --name Questboard 2>/dev/null | head -n 1)
    i=$((i + 1))
done
[ -n "$wid" ]; check "window opens" $?
[ -n "$wid" ] || exit 1
timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || timeout 10 xdotool windowactivate --sync "$wid" 2>/dev/null
xdotool mousemove --window "$wid" 880 300 # over the side panel, out of the way
sleep 0.5

shot() { import -window "$wid" "$work/$1.png" 2>/dev/null; }
# The hero's square in a screenshot: the box around the gold of his ring
# and turn marker, looked for in the board's part of the window only.
hero_box() { # NAME -> "W H X Y"
    convert "$work/$1.png" -crop 540x380+0+40 +repage -fuzz 1% -fill white -opaque 'rgb(236,188,52)' \
        -fill black +opaque white -morphology Open Square:1 -format '%@' info: 2>/dev/null | tr 'x+' '  '
}
wait_box() { # NAME: screenshot until a hero box is found (5 s at most)
    i=0
    while [ $i -lt 20 ]; do
        shot "$1"
        box=$(hero_box "$1")
        [ -n "$box" ] && [ "$(echo "$box" | cut -d' ' -f1)" -gt 10 ] 2>/dev/null && return 0
        sleep 0.25
        i=$((i + 1))
    done
    return 1
}

wait_box start; check "the hero is drawn" $?
set -- $box
w=$1 h=$2 x=$3 y=$4
cx=$((x + w / 2)) cy=$((y + 40 + h / 2))
echo "hero at $cx,$cy (square about $w px)"

xdotool mousemove --window "$wid" $cx $cy click 1
sleep 0.2
xdotool key --window "$wid" r
sleep 2.5 # the dice land (half a second of tumbling, then one every 0.16 s; slower on a loaded machine)
xdotool mousemove --window "$wid" $((cx + w)) $cy click 1
sleep 1.5 # the step animates
xdotool mousemove --window "$wid" 880 300
sleep 0.3
wait_box moved
set -- $box
echo "hero now at x=$3"
[ "$3" -gt $((x + w / 2)) ]; check "clicking a reachable square moves the hero right" $?

xdotool key --window "$wid" e # movement is left: the window asks first (issue 25 item 6)
sleep 0.3
xdotool key --window "$wid" e # ...and the same key again ends the turn
saved=""
i=0
while [ -z "$saved" ] && [ $i -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
    saved=$(find "$work/data" -name 'autosave.qbsave' 2>/dev/null | head -n 1)
done
[ -n "$saved" ]; check "ending the round writes the autosave" $?
[ -n "$saved" ] && head -n 2 "$saved" | grep -q '^questboard-save [0-9]'; check "the autosave holds the save text" $?

# Escape opens the in-game menu; its last item goes back to the title,
# where Escape asks whether to quit and Return does
xdotool key --window "$wid" Escape
sleep 0.3
xdotool key --window "$wid" Up Return
sleep 0.3
xdotool key --window "$wid" Escape
sleep 0.5
kill -0 $pid 2>/dev/null; check "Escape on the title asks before quitting" $?
xdotool key --window "$wid" Return
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
! kill -0 $pid 2>/dev/null; check "Escape, Quit to title, Escape, Return quits" $?
kill $pid 2>/dev/null
wait $pid
check "exit status 0" $?
exit $((fail > 0))

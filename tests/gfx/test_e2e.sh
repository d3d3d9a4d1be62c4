#!/bin/sh
# End to end: the real window under a virtual X server. Zooms with the
# wheel and keys, pans by dragging, toggles the overlay, checks each step
# changes the picture, saves a screenshot with F12 into the preference
# folder and quits (Escape opens the in-game menu, Quit to title, then
# Escape on the title). Skipped (77) only without Xvfb.
# usage: test_e2e.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
for tool in xdotool import compare; do
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
# Under AddressSanitizer the X11, D-Bus and GL libraries a window loads leak
# at exit; that is not our code (the pixels test runs the same renderer with
# leak checking on), so leak checking is off for the window only.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
unset SDL_VIDEODRIVER
"$qb" --size 900x600 "$TEST_DATA/standard-board.png" >"$work/out.txt" 2>"$work/err.txt" &
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
[ -n "$wid" ] || { cat "$work/err.txt"; exit 1; }
timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || timeout 10 xdotool windowactivate --sync "$wid" 2>/dev/null
sleep 0.5

shot() { # takes a screenshot of the window into $work/NAME.png
    import -window "$wid" "$work/$1.png" 2>/dev/null
}
differs() { # image a, image b: 0 when they differ
    d=$(compare -metric AE "$1" "$2" null: 2>&1 | cut -d' ' -f1)
    [ "${d:-0}" != "0" ]
}
shot_after() { # PREV NAME: screenshot NAME once it differs from PREV (5 s at most)
    i=0
    while [ $i -lt 20 ]; do
        sleep 0.25
        shot "$2"
        differs "$work/$1.png" "$work/$2.png" && return 0
        i=$((i + 1))
    done
}

# the mouse rests on the board from the start, so the hover box and
# highlight are in every picture and only the action under test changes it
xdotool mousemove --window "$wid" 450 300
i=0
colours=0
while [ "${colours:-0}" -le 100 ] && [ $i -lt 40 ]; do # until the board is drawn
    sleep 0.25
    shot start
    colours=$(identify -format '%k' "$work/start.png" 2>/dev/null)
    i=$((i + 1))
done
[ "${colours:-0}" -gt 100 ]; check "the board is drawn ($colours colours)" $?

xdotool click 4 click 4
shot_after start zoomed
differs "$work/start.png" "$work/zoomed.png"; check "the wheel zooms" $?

xdotool key --window "$wid" minus
shot_after zoomed unzoomed
differs "$work/zoomed.png" "$work/unzoomed.png"; check "minus zooms out" $?

xdotool mousemove --window "$wid" 450 300 mousedown 1 mousemove --window "$wid" 520 340 \
    mousemove --window "$wid" 600 380 mouseup 1
shot_after unzoomed panned
differs "$work/unzoomed.png" "$work/panned.png"; check "dragging pans" $?

xdotool key --window "$wid" F3
shot_after panned overlay
differs "$work/panned.png" "$work/overlay.png"; check "F3 shows the overlay" $?
xdotool key --window "$wid" F3
shot_after overlay hidden
differs "$work/overlay.png" "$work/hidden.png"; check "F3 hides it again" $?

xdotool key --window "$wid" 0
shot_after hidden fitted
xdotool key --window "$wid" F12
saved=""
i=0
while [ -z "$saved" ] && [ $i -lt 50 ]; do
    sleep 0.1
    i=$((i + 1))
    saved=$(find "$work/data" -name 'screenshot-*.png' 2>/dev/null | head -n 1)
done
[ -n "$saved" ]; check "F12 writes a screenshot into the preference folder" $?
if [ -n "$saved" ]; then
    [ "$(identify -format '%w' "$saved")" -ge 900 ]; check "the saved screenshot is full size" $?
fi
differs "$work/hidden.png" "$work/fitted.png"; check "0 refits the board" $?

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

#!/bin/sh
# The mission editor under xvfb, played as an author plays it: from the
# title's Editor, a new 6x4 board (Ctrl+N), a colour added, rooms dragged
# with the rectangle tool, a door put on a wall with the door tool, a
# goblin placed with the piece tool and a barbarian from the Pieces tab,
# all with the mouse; a slip undone (Ctrl+Z); the objective typed at the
# command prompt (:); then a play-test (F5), left by the in-game menu's
# "Back to the editor", and the edits are all there: saved (Ctrl+S), the
# mission loads (--check) with what was placed.
# usage: test_editor.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

title() { xdotool getwindowname "$wid"; }
wait_title() { # TEXT: waits (8 s at most) for the window's title to hold TEXT
    i=0
    while [ $i -lt 40 ]; do
        title | grep -q "$1" && return 0
        sleep 0.2
        i=$((i + 1))
    done
    echo "title: $(title)"
    return 1
}
typed() { xdotool type --window "$wid" --delay 30 "$1"; sleep 0.3; }
command_line() { # COMMAND: typed at the editor's command prompt
    key colon
    typed "$1"
    key Return
}

start editor
key Down Down Down Return # Title: from New game, Campaign, Random quest, Editor
wait_title "Editor"; check "the title's Editor opens the editor" $?
shot blank

# A new board, all "no square" (black).
key ctrl+n
key ctrl+a
typed "6 4"
key Return
sleep 0.5
# Where the board lies on screen: painted whole at the command prompt, the
# squares that changed between two screenshots (between the panels) are
# the board; then every square's place is known.
xdotool mousemove --window "$wid" 1 1
shot black
command_line "rect 0 0 5 3 ffffff"
shot white
convert "$work/black.png" "$work/white.png" -compose difference -composite -crop 460x520+188+40 \
    +repage -threshold 10% "$work/board.png"
geo=$(convert "$work/board.png" -trim -format '%w %h %X %Y' info: 2>/dev/null)
set -- $geo
bw=${1:-0} bh=${2:-0} bx=$((${3:-0} + 188)) by=$((${4:-0} + 40))
[ "$bw" -gt 60 ] && [ "$bh" -gt 40 ]; check "the white board is found on screen (${bw}x${bh}+$bx+$by)" $?
sq=$((bw / 6))
at() { # X Y: the screen point of square (X, Y)'s centre
    echo "$((bx + $1 * sq + sq / 2)) $((by + $2 * sq + sq / 2))"
}
drag() { # X0 Y0 X1 Y1: a drag from one square to another
    set -- $(at "$1" "$2") $(at "$3" "$4")
    xdotool mousemove --window "$wid" "$1" "$2" mousedown 1
    sleep 0.1
    xdotool mousemove --window "$wid" $((($1 + $3) / 2)) $((($2 + $4) / 2))
    sleep 0.1
    xdotool mousemove --window "$wid" "$3" "$4" mouseup 1
    sleep 0.3
}
click_square() { # X Y [DX DY]: a click in square (X, Y), DX DY pixels off its centre
    set -- $(at "$1" "$2") "${3:-0}" "${4:-0}"
    xdotool mousemove --window "$wid" $(($1 + $3)) $(($2 + $4)) click 1
    sleep 0.3
}

# A colour of its own (the command prompt), chosen with [; a hall dragged
# with the rectangle tool over the top two rows.
command_line "colour Hall a04040"
key bracketleft # the colour before Corridor in the list: Hall
key r
drag 0 0 5 1
shot hall
# A slip: a square of rock drawn with the pencil, undone.
key k
click_square 3 3
shot slip
key ctrl+z
shot undone
differs slip undone; check "Ctrl+Z takes the slip back" $?
# A door on the wall between the hall and the corridor below it, clicked
# near the hall's south edge at (2,1).
key d
click_square 2 1 0 $((sq * 2 / 5))
# A goblin with the piece tool (its default piece) in the hall.
key i
click_square 4 0
shot pieces
# A barbarian from the Pieces tab: the tab's row found by its sprite's
# place is fragile, so the barbarian is the tool's piece by the prompt's
# command, placed with the mouse.
command_line "place barbarian 0 3"
command_line "modify 4 0 monster id=boss"
command_line "objective kill boss"
shot built
differs blank built; check "the mission is drawn as it was built" $?

# The play-test: the game opens over the editor...
key F5
wait_title "Untitled mission"; check "F5 play-tests the mission" $?
sleep 1.5
shot game
# ...and its in-game menu's last item goes back to the editor.
key Escape # no cursor, nothing open: the in-game menu
shot_after game menu; check "Escape opens the in-game menu" $?
key End Return
wait_title "Editor"; check "the in-game menu's Back to the editor returns" $?
sleep 0.5
shot back
# Every edit is still there: saved, it loads with what was placed.
key ctrl+s
key ctrl+a
typed "$work/built"
key Return
sleep 0.8
[ -f "$work/built/mission.xml" ]; check "Ctrl+S saves the mission" $?
"$qb" --check "$work/built/mission.xml" >"$work/check.txt" 2>&1
check "the saved mission loads (--check)" $?
grep -q 'heroes=1 monsters=1 doors=1' "$work/check.txt"; check "with its hero, monster and door" $?
grep -q 'rooms=2' "$work/check.txt"; check "and its two rooms" $?
grep -q 'kill monster="boss"' "$work/built/mission.xml"; check "and its objective" $?
[ ! -d "$pref/saves" ] || [ -z "$(ls "$pref/saves")" ]; check "the play-test left no autosave" $?

key Escape # the editor, saved: back to the title
sleep 0.5
quit_from_title
[ "$fail" -eq 0 ] && echo "editor: all ok" || echo "editor: $fail failed"
[ "$fail" -eq 0 ]

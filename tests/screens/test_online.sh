#!/bin/sh
# Online play in the window under xvfb (issue 22): window A goes to title
# -> Online, hosts First Light for two hero players with a server in its
# own process (on 127.0.0.1, any free port, which it prints); window B
# joins it by address and game code in seat 1. Each plays its heroes'
# turns of the first round with keys (R rolls, E ends the turn) while the
# other waits; a spectator on the same server (questboard --connect) checks
# that the server's game is in round 2 with every hero's roll in its log,
# and both windows show the board with the other player's name. Then B's
# window is closed: A is told that B dropped.
# usage: test_online.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

mkdir -p "$pref"
printf 'questboard-settings 1\nanimation_speed = instant\n' >"$pref/settings.ini"

title() { xdotool getwindowname "$wid"; }

wait_title() { # TEXT: waits (10 s at most) for the window's title to hold TEXT
    i=0
    while [ $i -lt 50 ]; do
        title | grep -q "$1" && return 0
        sleep 0.2
        i=$((i + 1))
    done
    echo "title: $(title)"
    return 1
}

use() { # WID: sends the next keys to that window
    wid=$1
    xdotool windowraise "$wid" 2>/dev/null
    timeout 5 xdotool windowactivate --sync "$wid" 2>/dev/null || timeout 5 xdotool windowfocus --sync "$wid" 2>/dev/null
    sleep 0.3
}

typeit() { xdotool type --delay 40 "$1"; sleep 0.3; }

# --- window A hosts ----------------------------------------------------------------
USER=Ann start host
wa=$wid
pa=$pid
key Down Down Down Down Return # New game, Campaign, Random quest, Editor, Online
sleep 0.5
shot online
key Up Right # Players: 2 hero players
key Down Return # Host here
wait_title "Questboard: game"; check "A hosts a game" $?
shot lobby-a
port=""
code=""
i=0
while [ -z "$port" ] && [ $i -lt 50 ]; do
    line=$(grep -m1 "friends join at" "$work/out-host.txt")
    port=$(echo "$line" | sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p')
    code=$(echo "$line" | sed -n 's/.*Game \([A-Z]*\):.*/\1/p')
    [ -n "$port" ] || sleep 0.2
    i=$((i + 1))
done
[ -n "$port" ] && [ -n "$code" ]; check "A says where friends join ($code at port $port)" $?
[ -n "$port" ] || exit 1
key Return # Play
wait_title "Your turn"; check "A's board: A's turn" $?

# --- window B joins --------------------------------------------------------------------
USER=Bo "$qb" --size 900x600 >"$work/out-join.txt" 2>"$work/err-join.txt" &
pb=$!
wb=""
i=0
while [ -z "$wb" ] && [ $i -lt 100 ]; do
    wb=$(xdotool search --onlyvisible --name Questboard 2>/dev/null | grep -v "^$wa\$" | head -n 1)
    [ -n "$wb" ] || sleep 0.2
    i=$((i + 1))
done
[ -n "$wb" ]; check "B's window opens" $?
use "$wb"
sleep 0.5
key Down Down Down Down Return # Online
sleep 0.5
key Up Up Up Return # Server
typeit "127.0.0.1:$port"
key Return
key Down Down Down Down Down Return # Game code
typeit "$code"
key Return
key Down Right # Seat 1
key Down Return # Join
wait_title "Questboard: game $code"; check "B joins game $code" $?
shot lobby-b
key Return # Play
wait_title "Ann's turn"; check "B's board: Ann's turn" $?
shot board-b

# --- the first round: Ann's heroes 0 and 2, Bo's 1 and 3 -------------------------------------------
play() { # WINDOW OTHER NAME: this window's player rolls and ends a turn; the other's turn comes
    use "$1"
    wait_title "Your turn"; check "$3: my turn" $?
    key r
    sleep 0.5
    key e
    wid=$2
    wait_title "Your turn"; check "$3 ended the turn: the other player's" $?
}
use "$wa"
wait_title "Your turn"; check "Ann, hero 0: my turn" $?
shot before-roll
key r
shot_after before-roll board-a-rolled; check "A's board changes when the hero rolls (the squares it may reach)" $?
key e
wid=$wb
wait_title "Your turn"; check "Ann ended hero 0's turn: Bo's" $?
play "$wb" "$wa" "Bo, hero 1"
play "$wa" "$wb" "Ann, hero 2"
use "$wb"
shot board-b-hero3
key r
sleep 0.5
key e
wid=$wa
wait_title "Your turn"; check "Bo ended hero 3's turn; the monsters played; round 2: Ann's turn" $?
use "$wa"
shot board-a-round2

# --- a spectator checks the server's game -------------------------------------------------------
spec=$(printf 'join %s spectator\nstate\nquit\n' "$code" | timeout 20 "$qb" --connect "127.0.0.1:$port" --name Cy)
echo "$spec" | grep -q "status playing turn 2 current 0"; check "the server's game: round 2, hero 0's turn" $?

# --- B's window goes: A is told ------------------------------------------------------------------
kill "$pb"
wait "$pb" 2>/dev/null
i=0
while ! grep -q "Bo's connection dropped" "$work/out-host.txt" 2>/dev/null && [ $i -lt 100 ]; do
    sleep 0.2
    i=$((i + 1))
done
grep -q "Bo's connection dropped" "$work/out-host.txt"; check "A is told that Bo dropped" $?
use "$wa"
shot dropped-a
kill "$pa"
wait "$pa" 2>/dev/null
pid=""
[ $fail -eq 0 ] || exit 1

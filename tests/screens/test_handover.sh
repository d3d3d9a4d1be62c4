#!/bin/sh
# Hotseat hand-over under xvfb (issue 17): with "hand_over = true" in the
# settings, a two-hero game whose Dwarf is played by Player 2 shows "Pass to
# Player 2" over a hidden board when the Barbarian's turn ends, and "Pass
# to Player 1" when the round comes back; the key that dismisses the
# screen does nothing else (E, end turn, leaves the Dwarf's turn running).
# Then the setting is turned off on the Settings screen: the next change
# of player only gets its toast.
# usage: test_handover.sh QUESTBOARD
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

mkdir -p "$pref/missions/pair"
convert -size 9x7 'xc:#8a6d3b' "PNG24:$pref/missions/pair/board.png"
cat >"$pref/missions/pair/mission.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mission id="pair" version="1">
  <name>Pair</name>
  <briefing>A test of the hand-over: two heroes, one orc far away.</briefing>
  <board bitmap="board.png"/>
  <heroes>
    <hero type="barbarian" x="1" y="1"/>
    <hero type="dwarf" x="1" y="3"/>
  </heroes>
  <monsters>
    <monster id="boss" type="orc" x="7" y="5"/>
  </monsters>
  <objectives>
    <kill monster="boss" text="Defeat the orc"/>
  </objectives>
</mission>
XML
mkdir -p "$pref"
printf 'questboard-settings 1\nanimation_speed = instant\nhand_over = true\nask_end_turn = false\n' >"$pref/settings.ini"

start handover
key Return # New game
sleep 0.8
key End Up # the player's own mission, above "open by path"
key Return # the briefing
sleep 0.5
key Return # the heroes: each is its own player's (the Dwarf: Player 2)
sleep 0.5
key Return # "Start the quest" is selected
wait_title "Player 1: Barbarian"; check "the game starts with Player 1's Barbarian" $?
xdotool mousemove --window "$wid" 1 1
shot_stable board

key e # the Barbarian ends his turn; the monsters, then the Dwarf's
wait_title "Pass to Player 2"; check "the title says: pass to Player 2" $?
shot_stable pass2
bright=$(convert "$work/pass2.png" -crop 300x200+40+120 +repage -format '%[fx:mean]' info:)
echo "the board's corner on the hand-over screen: mean $bright"
awk -v b="$bright" 'BEGIN { exit !(b < 0.1) }'; check "the board is hidden" $?
differs board pass2; check "the hand-over screen covers the game" $?

key e # hands over; the key does not end the Dwarf's turn
wait_title "Player 2: Dwarf"; check "after the key: Player 2's Dwarf" $?
shot_stable dwarf
differs pass2 dwarf; check "the board is back" $?
sleep 1
title | grep -q "Player 2: Dwarf"; check "the Dwarf's turn goes on (the key only handed over)" $?

key e # the Dwarf ends his turn: back to Player 1
wait_title "Pass to Player 1"; check "the title says: pass to Player 1" $?
xdotool click --window "$wid" 1 # a click hands over too
wait_title "Player 1: Barbarian"; check "a click hands over to Player 1" $?

# Off on the Settings screen: no hand-over at the next change of player.
key Escape # the in-game menu: Resume is selected
sleep 0.5
key Down Down Down Return # Settings
sleep 0.5
shot settings
key Down Down Down Down Return # "Hotseat hand-over": off
sleep 0.3
grep -q '^hand_over = false' "$pref/settings.ini"; check "the Settings screen turns it off (settings.ini)" $?
key Escape # back to the menu
key Escape # resume
sleep 0.3
key e # the Barbarian ends his turn again
wait_title "Player 2: Dwarf"; check "then Player 2's Dwarf without a hand-over" $?
title | grep -vq "Pass to"; check "no hand-over screen" $?
shot_stable nopass
differs pass2 nopass; check "the board shows" $?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
pid=""
exit $((fail > 0))

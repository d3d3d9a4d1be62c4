#!/bin/sh
# The window's feel under xvfb (issue 17): typing into the save dialog's
# name field does not drive the game underneath (ddddwwww used to pan the
# board); Escape on the title asks before quitting; each hero's ring
# colour, a named foe's plate, the dice and effects of an attack.
# usage: test_feel.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

make_mission "$pref/missions/arena" '#8a6d3b'
start typing "$pref/missions/arena/mission.xml"
xdotool mousemove --window "$wid" 1 1
shot_stable before
key F5 # the save dialog: "save to a new slot" is selected, the name field has the keys
shot_after before dialog; check "F5 opens the save dialog" $?
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

# Readable pieces and combat: a Barbarian and a Dwarf beside the orc
# "boss" (a named foe). The Dwarf's blue ring shows on the board and by his
# name in the panel; the orc wears its name plate; the attack key brings the
# dice tray (tumbling, then landed) and the blow's effects, which settle.
count_colour() { # NAME COLOUR: pixels of exactly COLOUR in NAME.png
    convert "$work/$1.png" -fill black +opaque "$2" -fill white -opaque "$2" -format '%[fx:round(mean*w*h)]' info:
}
mkdir -p "$pref/missions/duel"
convert -size 9x7 "xc:#8a6d3b" "PNG24:$pref/missions/duel/board.png"
cat >"$pref/missions/duel/mission.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mission id="duel" version="1">
  <name>Duel</name>
  <briefing>A test of the screens: two heroes beside an orc.</briefing>
  <board bitmap="board.png"/>
  <heroes>
    <hero type="barbarian" x="3" y="3"/>
    <hero type="dwarf" x="3" y="4"/>
  </heroes>
  <monsters>
    <monster id="boss" type="orc" x="4" y="3"/>
  </monsters>
  <objectives>
    <kill monster="boss" text="Defeat the orc"/>
  </objectives>
</mission>
XML
start duel "$pref/missions/duel/mission.xml"
xdotool mousemove --window "$wid" 1 1
shot_stable duel
blue=$(count_colour duel '#4a90e8')
echo "blue ring pixels: $blue"
[ "${blue:-0}" -gt 80 ]; check "the Dwarf's own ring colour, on the board and in the panel" $?
plate=$(count_colour duel '#962820')
echo "name plate edge pixels: $plate"
[ "${plate:-0}" -gt 40 ]; check "the named orc wears a name plate" $?
key f
shot tumble
sleep 0.25
shot tumble2
differs duel tumble; check "the attack key brings the dice tray" $?
differs tumble tumble2; check "the dice and the blow move on screen" $?
shot_stable settled; check "the fight's effects settle" $?
kill "$pid"
wait "$pid" 2>/dev/null
pid=""
exit $((fail > 0))

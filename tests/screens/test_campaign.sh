#!/bin/sh
# End to end under xvfb: the title's Campaign -> choose a campaign (the
# player's own folder) -> the party (rename a hero, choose its player) ->
# briefing -> the quest, won at the first End turn -> the end-of-quest
# screen -> the armoury (buy, sell) -> the next briefing; the campaign slot
# is checked after each step, Continue resumes the campaign, and a tampered
# campaign save is refused with the slot left as it was. Screenshots of the
# end-of-quest and armoury screens are compared with the screens before
# them and checked for their colours. Skipped (77) only without xvfb-run.
# usage: test_campaign.sh QUESTBOARD
qb="$1"
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 xvfb-run -a -s "-screen 0 1280x800x24" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

# A campaign of two quests: a barbarian in a hall whose objective is the
# hall itself (met at the first End turn), with a reward of gold and an
# artifact; 300 gold to start with.
book="$pref/campaigns/trial"
mkdir -p "$book/q1"
convert -size 9x7 "xc:#8a6d3b" -fill '#c3c3c3' -draw 'point 4,3' "PNG24:$book/q1/board.png"
cat >"$book/q1/mission.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mission id="trial" version="1">
  <name>The Trial</name>
  <briefing>Stand in the hall and claim the prize.</briefing>
  <board bitmap="board.png"/>
  <heroes><hero type="barbarian" x="1" y="1"/></heroes>
  <monsters><monster id="boss" type="orc" x="7" y="5"/></monsters>
  <objectives>
    <reach-room x="2" y="2" text="Stand in the hall">
      <reward gold="40"/>
      <reward item="wraithbane"/>
    </reach-room>
  </objectives>
</mission>
XML
cat >"$book/campaign.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<campaign id="trial" version="1">
  <name>The Trial Book</name>
  <intro>A test of the campaign screens.</intro>
  <rules starting-gold="300" heroes="barbarian"/>
  <missions>
    <mission path="q1/mission.xml" gold="30"/>
    <mission path="q2/mission.xml" gold="30"/>
  </missions>
</campaign>
XML
# the second quest: the far corner to reach, so it is still under way
# after the first End turn
mkdir -p "$book/q2"
cp "$book/q1/board.png" "$book/q2/board.png"
sed -e 's/id="trial"/id="trial-2"/' -e 's/<name>The Trial</<name>The Second Trial</' \
    -e 's/<reach-room x="2" y="2"/<reach x="8" y="6"/' -e 's/reach-room>/reach>/' "$book/q1/mission.xml" >"$book/q2/mission.xml"
stop() { # closes the window as the window manager would (SDL's quit event)
    kill -TERM $pid
    wait $pid
    check "$run: a quit event closes the window cleanly" $?
    pid=""
}
slot() { find "$work/data" -name 'save-campaign-trial-*.qbsave' 2>/dev/null | head -n 1; }

start first
shot title
key Down # New game -> Campaign
key Return
shot_after title campaigns; check "Campaign opens the campaign list" $?
key End # the player's campaign comes after the bundled ones
shot_after campaigns picked; check "the player's campaign is highlighted" $?
key Return
shot_after picked party; check "Return shows the party" $?
key Return # rename the hero
xdotool type --window "$wid" "Brak"
key Return Right # and give it to player 2
key Down Return # Begin the campaign
shot_after party briefing; check "Begin shows the first briefing" $?
saved=$(slot)
[ -n "$saved" ]; check "the campaign has its save slot" $?
sed -n 2p "$saved" | grep -q '^questboard-campaign 1'; check "the slot holds a campaign save" $?
grep -q '^hero barbarian 1 300 .*Brak' "$saved"; check "...with the hero's name, player and gold" $?

key Return # Start the quest
shot_after briefing game; check "Start opens the quest" $?
sleep 1.5
key e # End turn: the hero has not moved, so the window asks first
sleep 0.5
shot asked
differs game asked; check "ending a turn without moving asks first" $?
key e # End turn again: yes; the monsters move, the hall is held: victory
sleep 4
xdotool mousemove --window "$wid" 1 1
shot_stable over
grep -q '^quest ' "$saved" && grep -q '^end' "$saved"; check "the quest is saved inside the campaign after each action" $?
key Return # Go on with the campaign
shot_after over report; check "the end panel leads to the end-of-quest screen" $?
gold=$(convert "$work/report.png" -fill black +opaque '#ecc46e' -format '%[fx:mean>0?1:0]' info: 2>/dev/null)
[ "$gold" = 1 ]; check "the end-of-quest screen has its gold title" $?
grep -q '^hero barbarian 1 370 1 ' "$saved"; check "the quest is settled: 300 + 30 + 40 gold, one quest" $?
grep -q '^kit broadsword,wraithbane' "$saved"; check "...and the artifact is kept" $?

key Return # Go on to the armoury
shot_after report armoury; check "the armoury opens" $?
differs report armoury; check "the armoury is not the end-of-quest screen" $?
key Return # buy the first offer (the dagger)
sleep 0.5
grep -q 'Brak buys the Dagger for 25 gold' "$work/out-first.txt"; check "Return buys the chosen item" $?
grep -q '^hero barbarian 1 345 ' "$saved"; check "the purchase is saved at once" $?
shot bought
differs armoury bought; check "the purchase shows" $?
key Tab Return # sell the first thing the hero carries (the broadsword) for half price
sleep 0.5
grep -q 'Brak sells the Broadsword for 125 gold' "$work/out-first.txt"; check "Tab, Return sells for half price" $?
grep -q '^hero barbarian 1 470 ' "$saved"; check "the sale is saved" $?
key Escape
sleep 0.5
shot next
differs bought next; check "Escape leaves the armoury for the next briefing" $?
key Return # Start the second quest
shot_after next game2; check "the second quest starts" $?
sleep 1.5
key e e # End turn, and yes to the question: the corner is still far
sleep 4
grep -q '^book 1 0 quest' "$saved" && grep -q '^end' "$saved"; check "the second quest is saved under way" $?
cp "$saved" "$work/good.qbsave"
stop # in the middle of the quest: nothing more to save

start again
shot title3
key Return # Continue (enabled and selected): the campaign's quest
shot_after title3 continued; check "Continue opens a screen" $?
grep -q 'loaded save-campaign-trial' "$work/out-again.txt"; check "Continue resumes the campaign" $?
xdotool getwindowname "$wid" | grep -q 'The Second Trial'; check "...in the middle of its second quest" $?
cmp -s "$saved" "$work/good.qbsave"; check "...and restoring it writes nothing new" $?
stop

# a tampered campaign save: more gold, same checksum
sed 's/^hero barbarian 1 470 /hero barbarian 1 9470 /' "$work/good.qbsave" >"$saved"
cp "$saved" "$work/tampered.qbsave"
start tampered
shot title4
key Return # Continue
shot_after title4 refused; check "a tampered campaign save gets a message" $?
grep -qi 'checksum' "$work/err-tampered.txt"; check "...naming the checksum" $?
cmp -s "$saved" "$work/tampered.qbsave"; check "...and the slot is left as it was" $?
kill -0 $pid; check "...and the window goes on" $?
key Return
sleep 0.3
quit_from_title

[ $fail -eq 0 ] && echo "all campaign screen checks passed"
exit $fail

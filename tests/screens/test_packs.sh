#!/bin/sh
# Quest packs in the window (docs/packs.md): a mission packed with art of
# its own opens straight into play from `questboard FILE.questpack`, its
# own floor tile on the board, and plays (the dice roll); the bundled
# campaign's pack opens the campaign's party page. Skipped (77) only
# without Xvfb.
# usage: test_packs.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

count() { # PICTURE COLOUR: how many pixels are exactly COLOUR
    convert "$work/$1.png" -fill black +opaque "$2" -fill white -opaque "$2" -format '%[fx:mean*w*h]' info:
}

m="$work/arena"
make_mission "$m" '#8a6d3b'
mkdir -p "$m/tiles"
convert -size 16x16 'xc:#ff00ff' "PNG32:$m/tiles/8a6d3b_1.png"
"$qb" --pack "$m" "$work/arena.questpack" >/dev/null 2>"$work/err-pack.txt"
check "the mission is packed" $?
rm -r "$m" # the pack is all there is

start pack "$work/arena.questpack"
shot_stable play
[ "$(count play '#ff00ff')" -gt 1000 ]; check "the pack's own floor tile is on the board" $?
key r
shot_after play rolled; check "the game from the pack plays (the dice roll)" $?
[ -n "$(find "$pref/missions/.unpacked" -name mission.xml)" ]
check "it was unpacked into the missions folder" $?
key Escape # the in-game menu
sleep 0.3
key Up Return
sleep 0.5
quit_from_title

"$qb" --pack "$QUESTBOARD_DATA/missions/campaigns/ashen-crown" "$work/ashen.questpack" \
    >/dev/null 2>"$work/err-pack2.txt"
check "the campaign is packed" $?
start title
shot_stable title
quit_from_title
start campaign "$work/ashen.questpack"
shot_stable campaign
differs title campaign; check "the campaign pack opens its own screen over the title" $?
key Escape
sleep 0.5
shot_stable back
d=$(diff_px title back)
[ "$d" -lt 2000 ]; check "Escape leads back to the title ($d px)" $?
quit_from_title

# a campaign save packed: the quest under way opens over the campaign
qb_abs=$(cd "$(dirname "$qb")" && pwd)/$(basename "$qb")
(cd "$work" && printf 'seed 5\ncampaign load %s\nnext\nroll\nsave quest.qbsave\nquit\n' \
    "$QUESTBOARD_DATA/missions/campaigns/ashen-crown/campaign.xml" | "$qb_abs" --protocol >/dev/null)
"$qb" --pack "$work/quest.qbsave" "$work/party.questpack" >/dev/null 2>"$work/err-pack3.txt"
check "the campaign save is packed" $?
start party "$work/party.questpack"
shot_stable party
differs campaign party; check "the campaign save's pack opens its quest, not the party page" $?
differs title party; check "... over the title" $?
key Escape # the in-game menu
sleep 0.3
key Up Return # leaves the quest
sleep 0.5
shot_stable party_left
d=$(diff_px title party_left)
[ "$d" -lt 2000 ]; check "leaving the quest leads back to the title ($d px)" $?
quit_from_title
exit $((fail > 0))

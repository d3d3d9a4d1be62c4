#!/bin/sh
# Quest packs from the command line (docs/packs.md): every bundled mission
# and the bundled campaign packed with --pack, checked with --check, and
# shown from the pack (--screenshot draws the same frame as from the
# folder; the protocol plays the unpacked mission to the same answers); a
# saved game packed and replayed by --check; what --pack refuses; a
# damaged pack refused by --check; packs are unpacked only into the
# missions folder of the player's data.
# usage: test_pack_cli.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}
export XDG_DATA_HOME="$work/data" HOME="$work" TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
data="$QUESTBOARD_DATA"
unpacked="$XDG_DATA_HOME/questboard/questboard/missions/.unpacked"

for dir in "$data"/missions/*/; do
    [ -f "$dir/mission.xml" ] || continue
    name=$(basename "$dir")
    pack="$work/$name.questpack"
    "$qb" --pack "$dir" "$pack" --author "Questboard" --licence "CC0 1.0" >"$work/out.txt" 2>&1
    check "$name: packed" $?
    grep -q "mission '" "$work/out.txt"; check "$name: --pack names what it packed" $?
    "$qb" --check "$pack" >"$work/check.txt" 2>&1
    check "$name: --check of the pack passes" $?
    grep -q "pack '.*' by Questboard, licence CC0 1.0: a mission" "$work/check.txt"
    check "$name: --check names the pack" $?
    grep -q "warnings=0" "$work/check.txt"; check "$name: its mission checks clean" $?
    "$qb" --screenshot "$work/folder.png" --size 400x300 "$dir/mission.xml" 2>/dev/null &&
        "$qb" --screenshot "$work/pack.png" --size 400x300 "$pack" 2>/dev/null
    check "$name: screenshots drawn" $?
    cmp -s "$work/folder.png" "$work/pack.png"; check "$name: the pack draws as the folder" $?
    # the protocol plays the unpacked mission as it plays the folder's
    m=$(ls -d "$unpacked"/*/"$name"/mission.xml | head -1)
    for src in "$dir/mission.xml" "$m"; do
        printf 'seed 7\nload %s\nroll\nstate\nend\nstate\nquit\n' "$src" | "$qb" --protocol |
            grep -v '^= .* seed' >"$work/proto-$(basename "$(dirname "$(dirname "$src")")").txt"
    done
    [ -n "$m" ] && cmp -s "$work"/proto-missions.txt "$work"/proto-*[0-9a-f].txt
    check "$name: the unpacked mission plays as the folder" $?
    rm -f "$work"/proto-*.txt
    "$qb" --pack "$dir" "$pack" >/dev/null 2>"$work/err.txt"
    [ $? -eq 2 ] && grep -q "is there already (--force replaces it)" "$work/err.txt"
    check "$name: an existing pack is kept without --force" $?
    "$qb" --pack "$dir" "$pack" --force >/dev/null 2>&1; check "$name: --force replaces it" $?
done

# the same pack twice: the same bytes
"$qb" --pack "$data/missions/first-light" "$work/a.questpack" >/dev/null 2>&1
"$qb" --pack "$data/missions/first-light" "$work/b.questpack" >/dev/null 2>&1
cmp -s "$work/a.questpack" "$work/b.questpack"; check "packs are reproducible" $?

# the campaign
camp="$work/ashen-crown.questpack"
"$qb" --pack "$data/missions/campaigns/ashen-crown" "$camp" --title "The Ashen Crown (test)" \
    >"$work/out.txt" 2>&1
check "campaign: packed" $?
grep -q "campaign 'The Ashen Crown (test)'" "$work/out.txt"; check "campaign: --title kept" $?
"$qb" --check "$camp" >"$work/check.txt" 2>&1; check "campaign: --check passes" $?
grep -q "campaign=ashen-crown missions=5" "$work/check.txt"; check "campaign: all five quests checked" $?
"$qb" --screenshot "$work/first.png" --size 400x300 \
    "$data/missions/campaigns/ashen-crown/1-toll-house/mission.xml" 2>/dev/null &&
    "$qb" --screenshot "$work/campaign.png" --size 400x300 "$camp" 2>/dev/null
cmp -s "$work/first.png" "$work/campaign.png"; check "campaign: the pack shows its first quest" $?

# a saved game: packed with its mission, replayed by --check
(cd "$work" && printf 'seed 3\nload %s\nroll\nend\nroll\nsave game.qbsave\nquit\n' \
    "$data/missions/first-light/mission.xml" | "$qb" --protocol >/dev/null)
"$qb" --pack "$work/game.qbsave" "$work/game.questpack" >"$work/out.txt" 2>&1
check "save: packed" $?
"$qb" --check "$work/game.questpack" >"$work/check.txt" 2>&1; check "save: --check passes" $?
grep -q "game.qbsave: replays: actions=3 .* outcome=unfinished" "$work/check.txt"
check "save: --check replays it" $?
"$qb" --screenshot "$work/game.png" --size 400x300 "$work/game.questpack" 2>/dev/null
check "save: --screenshot of a game pack" $?

# a campaign save: packed with its campaign, checked, and resumed from the
# pack by the protocol as from the save itself
cs="$data/missions/campaigns/ashen-crown/campaign.xml"
(cd "$work" && printf 'seed 5\ncampaign load %s\ncampaign name 0 0 Brak\nsave between.qbsave\nnext\nroll\nsave quest.qbsave\nquit\n' \
    "$cs" | "$qb" --protocol >/dev/null)
for s in between quest; do
    "$qb" --pack "$work/$s.qbsave" "$work/party-$s.questpack" >"$work/out.txt" 2>&1
    check "campaign save ($s): packed" $?
    grep -q "party 'The Ashen Crown, a party at quest 1 of 5'" "$work/out.txt"
    check "campaign save ($s): --pack names a party" $?
    "$qb" --check "$work/party-$s.questpack" >"$work/check.txt" 2>&1
    check "campaign save ($s): --check passes" $?
    grep -q "campaign=ashen-crown missions=5" "$work/check.txt"
    check "campaign save ($s): its campaign is checked" $?
    for f in "$s.qbsave" "party-$s.questpack"; do
        (cd "$work" && printf 'restore %s\ncampaign state\nstate\nroll\nstate\nquit\n' "$f" |
            "$qb" --protocol >"$work/resumed-$f.txt")
    done
    grep -q "^= campaign ashen-crown step 0 of 5" "$work/resumed-$s.qbsave.txt" &&
        cmp -s "$work/resumed-$s.qbsave.txt" "$work/resumed-party-$s.questpack.txt"
    check "campaign save ($s): resumed from the pack as from the save" $?
done
grep -q "party.qbsave: a party at step 0 of the campaign, in a quest" "$work/check.txt" &&
    grep -q "party.qbsave: replays: actions=1 .* outcome=unfinished" "$work/check.txt"
check "campaign save: --check replays the quest under way" $?
grep -q "with its quest" "$work/resumed-party-quest.questpack.txt"
check "campaign save: the quest under way resumes" $?
saved=$(grep -l "^mission 1-toll-house/mission.xml$" "$unpacked"/*/party.qbsave | head -1)
[ -n "$saved" ] && grep -q "^campaign campaign.xml$" "$saved" && ! grep -q "$data" "$saved"
check "campaign save: the pack names its files inside it, not where they were" $?
(cd "$work" && printf 'restore game.questpack\nquit\n' | "$qb" --protocol >"$work/out.txt")
grep -q "^? game.questpack: a pack of a game: restore takes one of a campaign save" "$work/out.txt"
check "campaign save: restore refuses a pack of another kind" $?
sed 's/^seed 5$/seed 6/' "$work/quest.qbsave" >"$work/tampered.qbsave"
"$qb" --pack "$work/tampered.qbsave" "$work/tampered.questpack" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "tampered.qbsave: .*checksum mismatch" "$work/err.txt" &&
    [ ! -e "$work/tampered.questpack" ]
check "campaign save: a tampered one is not packed" $?
cp -r "$data/missions/campaigns/ashen-crown" "$work/crown"
(cd "$work" && printf 'seed 5\ncampaign load crown/campaign.xml\nsave moved.qbsave\nquit\n' |
    "$qb" --protocol >/dev/null)
sed 's/starting-gold="0"/starting-gold="5"/' "$data/missions/campaigns/ashen-crown/campaign.xml" \
    >"$work/crown/campaign.xml"
cmp -s "$work/crown/campaign.xml" "$data/missions/campaigns/ashen-crown/campaign.xml" &&
    echo >>"$work/crown/campaign.xml"
"$qb" --pack "$work/moved.qbsave" "$work/moved.questpack" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "moved.qbsave" "$work/err.txt" && [ ! -e "$work/moved.questpack" ]
check "campaign save: one of a changed campaign is not packed" $?
head -c 2000 "$work/party-quest.questpack" >"$work/cut.questpack"
(cd "$work" && printf 'restore cut.questpack\nquit\n' | "$qb" --protocol >"$work/out.txt")
grep -q "^? cut.questpack: .*not a quest pack" "$work/out.txt"
check "campaign save: restore refuses a cut pack with the reason" $?
"$qb" --pack "$work/quest.qbsave" "$work/x.questpack" --replay "$work/quest.qbsave" \
    >/dev/null 2>&1
[ $? -eq 2 ]; check "campaign save: --replay does not take one" $?

# refusals
mkdir -p "$work/broken"
printf '<mission id="x" version="1"><name>x</name>' >"$work/broken/mission.xml"
"$qb" --pack "$work/broken" "$work/broken.questpack" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "broken/mission.xml:" "$work/err.txt" && [ ! -e "$work/broken.questpack" ]
check "a mission that does not load is not packed" $?
"$qb" --pack "$data/missions/first-light" "$work/x.zip" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "ends in .questpack" "$work/err.txt"; check "OUT must end in .questpack" $?
head -c 1000 "$work/a.questpack" >"$work/cut.questpack"
"$qb" --check "$work/cut.questpack" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "cut.questpack: not a quest pack" "$work/err.txt"
check "--check refuses a cut pack" $?
"$qb" --screenshot "$work/no.png" "$work/cut.questpack" >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "cut.questpack" "$work/err.txt"; check "--screenshot refuses it too" $?

# nothing written but packs in the missions folder's .unpacked
left=$(find "$XDG_DATA_HOME" -type f ! -path "$unpacked/*" | head -3)
[ -z "$left" ]; check "no file written outside the missions folder (${left:-none})" $?
[ -z "$(ls -A "$TMPDIR")" ]; check "--check left no temporary folder" $?
ls "$unpacked" | grep -q tmp; [ $? -ne 0 ]; check "no unpack left half-done" $?
exit $fail

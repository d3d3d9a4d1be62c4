#!/bin/sh
# Writes the hostile inputs of issue 26 into folder OUT (no committed
# blobs): small files that cost a lot, or that hold what the game never
# writes. Used by tests/app/test_hostile.sh (with a small N) and by the
# measurements of docs/benchmarks.md (N=20000, COPIES=100, BIG=1).
#
#   usage: make_hostile.sh OUT [N] [COPIES] [BIG]
#     N       attributes on one element of each flood file (default 1000)
#     COPIES  how many times dup-campaign names its one quest (default 100)
#     BIG     1: also big.png, one colour, 8192x8192 (needs ImageMagick's
#             convert; a few seconds and ~10 MB of memory)
#
# Files (TEST_DATA: tests/data, or the folder given in TEST_DATA):
#   flood-mission/mission.xml   N attributes on <board>
#   flood-campaign/campaign.xml N attributes on <rules>
#   flood-quest.xml             a HeroScribe quest with N attributes on <quest>
#   dup-campaign/campaign.xml   one quest (quest.xml: tests/data's good.xml,
#                               5 warnings) named COPIES times
#   once-campaign/campaign.xml  the same quest named once
#   rich-campaign/campaign.xml  starting-gold="2147483647"
set -eu
out="$1"
n="${2:-1000}"
copies="${3:-100}"
big="${4:-0}"
here=$(cd "$(dirname "$0")" && pwd)
data="${TEST_DATA:-$here/data}"
mkdir -p "$out"

# FILE with N attributes a0="1" a1="1" ... written after the first TEXT
# (awk makes them: a command line cannot hold 20,000).
flood() { # FILE TEXT
    awk -v n="$n" -v at="$2" '!done && (k = index($0, at)) {
        printf "%s", substr($0, 1, k + length(at) - 1)
        for (i = 0; i < n; i++) printf " a%d=\"1\"", i
        print substr($0, k + length(at)); done = 1; next
    } { print }' "$1"
}

# A mission: good.xml with the flood on <board ...>.
mkdir -p "$out/flood-mission"
cp "$data/missions/board.png" "$out/flood-mission/board.png"
flood "$data/missions/good.xml" '<board bitmap="board.png"' >"$out/flood-mission/mission.xml"

# A campaign of one quest, its <rules> flooded, and the quest itself.
quest_folder() { # DIR: quest.xml and its board
    mkdir -p "$1"
    cp "$data/missions/good.xml" "$1/quest.xml"
    cp "$data/missions/board.png" "$1/board.png"
}
campaign() { # DIR COPIES RULES-ATTRIBUTES
    quest_folder "$1"
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<campaign id="hostile" version="1">'
        echo '  <name>Hostile</name>'
        echo "  <rules heroes=\"barbarian elf\"$3/>"
        echo '  <missions>'
        i=0
        while [ "$i" -lt "$2" ]; do
            echo '    <mission path="quest.xml" gold="10"/>'
            i=$((i + 1))
        done
        echo '  </missions>'
        echo '</campaign>'
    } >"$1/campaign.xml"
}
campaign "$out/flood-campaign" 1 ""
flood "$out/flood-campaign/campaign.xml" '<rules' >"$out/flood-campaign/flooded"
mv "$out/flood-campaign/flooded" "$out/flood-campaign/campaign.xml"
campaign "$out/dup-campaign" "$copies" ""
campaign "$out/once-campaign" 1 ""
campaign "$out/rich-campaign" 1 ' starting-gold="2147483647"'

# A HeroScribe quest with the flood on <quest ...>.
flood "$data/heroscribe/vault-of-vorth.xml" '<quest' >"$out/flood-quest.xml"

if [ "$big" = 1 ]; then
    convert -size 8192x8192 xc:'#808080' -define png:color-type=2 "$out/big.png"
fi

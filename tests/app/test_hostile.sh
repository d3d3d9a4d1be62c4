#!/bin/sh
# Hostile inputs of issue 26, made by tests/make_hostile.sh (nothing
# committed): attribute floods refused at their line before libxml2 (item
# 1), a campaign's bounds (2), --generate's folder checked first and its
# whole error shown (6), a quest named many times checked once (7), and
# every number of the command line fed its extremes (5): each is read
# strictly, in range, nothing wraps (--size 4294967308x12 made 12x12).
# usage: test_hostile.sh QUESTBOARD
qb="$1"
fail=0
dir=$(mktemp -d)
out="$dir/out"
err="$dir/err"
trap 'rm -rf "$dir"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

h="$dir/h"
sh "$(dirname "$0")/../make_hostile.sh" "$h" 1000 3
check "make_hostile.sh writes the files" $?

# --- item 1: floods --------------------------------------------------------
for f in flood-mission/mission.xml:3:board flood-campaign/campaign.xml:4:rules; do
    file=${f%%:*} rest=${f#*:} line=${rest%%:*} tag=${rest#*:}
    "$qb" --check "$h/$file" >"$out" 2>"$err"
    [ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
        grep -q "^$h/$file:$line: <$tag> has more than 64 attributes" "$err"
    check "$file: the flood is refused at its line, alone" $?
done
"$qb" --import "$h/flood-quest.xml" "$dir/imported" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^$h/flood-quest.xml:8: <quest> has more than 64 attributes" "$err" &&
    [ ! -e "$dir/imported" ]
check "a HeroScribe quest's flood is refused (it was accepted silently)" $?

# --- item 2: a campaign's gold is bounded ----------------------------------
"$qb" --check "$h/rich-campaign/campaign.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^$h/rich-campaign/campaign.xml:4: .*attribute starting-gold=\"2147483647\" is out of range: it takes a whole number from 0 to 100000" "$err"
check "starting-gold 2147483647 is refused at its line" $?

# --- item 7: one quest named three times is checked once ---------------------
"$qb" --check "$h/once-campaign/campaign.xml" >"$dir/once" 2>"$dir/once.err"
"$qb" --check "$h/dup-campaign/campaign.xml" >"$dir/dup" 2>"$dir/dup.err"
[ "$(wc -l <"$dir/dup.err")" -eq "$(wc -l <"$dir/once.err")" ] && [ -s "$dir/once.err" ] &&
    grep -q " missions=3 .* warnings=5$" "$dir/dup" && grep -q " missions=1 .* warnings=5$" "$dir/once"
check "a quest named three times: its warnings once" $?

# --- item 6: --generate's folder -------------------------------------------
"$qb" --generate "" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "no folder given" "$err"; check "--generate '' is refused" $?
long="$dir/$(printf '%4200s' '' | tr ' ' 'a')"
"$qb" --generate "$long" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "the folder's path is too long (4[0-9]* bytes, at most 4000)" "$err" &&
    [ "$(wc -c <"$err")" -lt 300 ]
check "a 4200-byte folder: the reason, not 1023 bytes of its path" $?

# --- item 5: every number of the command line at its extremes ----------------
mkdir -p "$dir/taken" && : >"$dir/taken/mission.xml"
gen="--generate $dir/taken" # refused after reading its options: a mission is there
nope="$dir/nowhere.xml"
# accepts OPTION VALUE ARGS...: the value is read (the run fails for
# another reason, not naming the option)
accepts() {
    opt="$1" value="$2"
    shift 2
    # shellcheck disable=SC2068
    "$qb" $@ "$opt" "$value" >"$out" 2>"$err"
    ! grep -q "questboard: $opt needs" "$err"
    check "$opt '$value' is read" $?
}
refuses() {
    opt="$1" value="$2"
    shift 2
    # shellcheck disable=SC2068
    "$qb" $@ "$opt" "$value" >"$out" 2>"$err"
    [ $? -eq 2 ] && grep -q "questboard: $opt needs .*, not '$value'" "$err"
    check "$opt '$value' is refused with its range" $?
}
bad_forms() { # OPTION GOOD-VALUE ARGS...: ways of writing a number that are not one
    opt="$1" good="$2"
    shift 2
    for v in "+$good" " $good" "$good " "0x1" "1e3" "1.0" "" "--" "${good}x"; do
        # shellcheck disable=SC2068
        refuses "$opt" "$v" $@
    done
}
# OPTION MIN MAX 2^32+MIN 2^64+MIN ARGS... ("-": in range, not tried)
for row in \
    "--max-side 1 1073741824 4294967297 18446744073709551617 --check $nope" \
    "--max-squares 1 9223372036854775807 - 18446744073709551617 --check $nope" \
    "--max-rooms 1 9223372036854775807 - 18446744073709551617 --check $nope" \
    "--jobs 1 64 4294967297 18446744073709551617 --simulate 1 $nope" \
    "--heroes 1 4 4294967297 18446744073709551617 $gen" \
    "--seed 0 18446744073709551615 4294967296 18446744073709551616 $gen"; do
    # shellcheck disable=SC2086
    set -- $row
    opt=$1 min=$2 max=$3 w32=$4 w64=$5
    shift 5
    accepts "$opt" "$min" "$@"
    accepts "$opt" "$max" "$@"
    [ "$min" = 0 ] || refuses "$opt" "$((min - 1))" "$@"
    [ "$max" = 18446744073709551615 ] || [ "$max" = 9223372036854775807 ] ||
        refuses "$opt" "$((max + 1))" "$@"
    [ "$w32" = - ] || [ "$max" = 18446744073709551615 ] || refuses "$opt" "$w32" "$@"
    refuses "$opt" "$w64" "$@"
    refuses "$opt" "-1" "$@"
    bad_forms "$opt" "$min" "$@"
done
refuses --max-squares 9223372036854775808 --check "$nope"
refuses --max-side 99999999999999999999999999999 --check "$nope"
# --simulate's N is the mode's own argument
"$qb" --simulate 1000000 "$nope" >"$out" 2>"$err"
! grep -q "questboard: --simulate needs" "$err"; check "--simulate 1000000 is read" $?
for v in 0 1000001 4294967297 18446744073709551617 -1 +1 " 1"; do
    "$qb" --simulate "$v" "$nope" >"$out" 2>"$err"
    [ $? -eq 2 ] && grep -q "questboard: --simulate needs a whole number from 1 to 1000000" "$err"
    check "--simulate '$v' is refused" $?
done
# sizes: each side at its extremes, the other at its least
for v in 12x12 4096x12 12x4096 4096x4096; do accepts --size "$v" $gen; done
for v in 11x12 4097x12 12x4097 4294967308x12 12x4294967308 18446744073709551628x12 12x 30 \
    +12x12 "12x 12" 12x12x 0x12 -12x12; do
    refuses --size "$v" $gen
done
shot="--screenshot $dir/shot.png $nope"
for v in 16x16 16384x16 16x16384; do accepts --size "$v" $shot; done
for v in 15x16 16385x16 4294967312x16 16x4294967312; do refuses --size "$v" $shot; done
[ ! -e "$dir/shot.png" ]; check "no screenshot was drawn" $?
for v in square8:1/1 square8:100/100 square8:7/5; do accepts --topology "$v" --check "$nope"; done
for v in square8:0/1 square8:101/1 square8:4294967299/2 square8:3/4294967298 square8:3/ \
    square8:/2 "square8:3/2 " square8:+3/2 hex:3/2; do
    refuses --topology "$v" --check "$nope"
done
[ ! -e "$dir/taken/board.png" ]; check "nothing was generated" $?

echo "hostile: $fail failed"
[ "$fail" -eq 0 ]

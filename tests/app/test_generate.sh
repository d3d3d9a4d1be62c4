#!/bin/sh
# questboard --generate: writes a folder that --check passes, prints the
# path and seed, the same seed gives the same bytes, other seeds others,
# an existing mission is kept unless --force, bad options exit 2 with a
# message.
# usage: test_generate.sh QUESTBOARD
qb="$1"
fail=0
dir=$(mktemp -d)
out="$dir/out"
err="$dir/err"
trap 'rm -rf "$dir"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

for style in dungeon caverns wilds; do
    "$qb" --generate "$dir/$style-a" --style "$style" --seed 77 >"$out" 2>"$err"
    check "$style: generate exits 0" $?
    grep -q "^$dir/$style-a/mission.xml seed=77 style=$style size=26x19 " "$out"
    check "$style: prints the mission's path and seed" $?
    [ -f "$dir/$style-a/board.png" ] && [ -f "$dir/$style-a/mission.xml" ]
    check "$style: writes board.png and mission.xml" $?
    "$qb" --check "$dir/$style-a/mission.xml" >"$out" 2>"$err"
    check "$style: --check passes" $?
    [ ! -s "$err" ]; check "$style: --check says nothing on stderr" $?
    grep -q "width=26 height=19 .* heroes=4 " "$out"; check "$style: the board and party" $?
    "$qb" --generate "$dir/$style-b" --style "$style" --seed 77 >"$out" 2>"$err"
    cmp -s "$dir/$style-a/board.png" "$dir/$style-b/board.png" &&
        cmp -s "$dir/$style-a/mission.xml" "$dir/$style-b/mission.xml"
    check "$style: the same seed gives the same bytes" $?
    "$qb" --generate "$dir/$style-c" --style "$style" --seed 78 >"$out" 2>"$err"
    ! cmp -s "$dir/$style-a/mission.xml" "$dir/$style-c/mission.xml"
    check "$style: another seed gives another mission" $?
done

# The quest's German (issue 27): the folder carries the generator's
# texts in every language of its data as <translations>, the same bytes
# whatever the language of the command line, and --check reads it.
"$qb" --generate "$dir/de-7" --seed 7 >"$out" 2>"$err"
for want in '<name xml:lang="de">Die Überfluteten Keller von Vorlag</name>' \
            '<objective xml:lang="de" n="1" text="Holt das Horn der Beschwörung aus der Gruft"/>' \
            '<treasure xml:lang="de" n="1" name="Das Horn der Beschwörung"/>' \
            '<colour xml:lang="de" rgb="#55555f" name="Gruft"/>'; do
    grep -qF "$want" "$dir/de-7/mission.xml"; check "German in the folder: $want" $?
done
LANGUAGE=de LC_ALL=C.UTF-8 "$qb" --generate "$dir/de-7b" --seed 7 >"$out" 2>"$err"
cmp -s "$dir/de-7/mission.xml" "$dir/de-7b/mission.xml"
check "the language of the command line changes nothing written" $?
LANGUAGE=de LC_ALL=C.UTF-8 "$qb" --check "$dir/de-7/mission.xml" >"$out" 2>"$err"
check "--check passes the German in German" $?
"$qb" --generate "$dir/de-key" --seed 3 >"$out" 2>"$err"
grep -qF 'name="Der Schlüssel zur Kerkerzelle"/>' "$dir/de-key/mission.xml"
check "a locked room's key in German" $?

# Options: size, heroes, difficulty; a seed is chosen and printed when none is given.
"$qb" --generate "$dir/big" --style caverns --size 60x40 --heroes 2 --difficulty hard >"$out" 2>"$err"
check "size, heroes and difficulty are accepted" $?
grep -q "seed=[0-9][0-9]* style=caverns size=60x40 difficulty=hard heroes=2 " "$out"
check "the chosen seed is printed" $?
"$qb" --check "$dir/big/mission.xml" >"$out" 2>"$err"
grep -q "width=60 height=40 .* heroes=2 " "$out"; check "the options reach the mission" $?

# The protocol's generate HEROES means --heroes (and the Random quest
# screen's Heroes row, which writes --generate's bytes): the game it
# starts is the game of the written folder.
"$qb" --generate "$dir/three" --style wilds --seed 9 --heroes 3 --difficulty easy >"$out" 2>"$err"
printf 'generate wilds 9 easy 3\nstate\n' | "$qb" --protocol >"$dir/gen.txt" 2>&1
printf 'load %s\nstate\n' "$dir/three/mission.xml" | "$qb" --protocol >"$dir/load.txt" 2>&1
grep -q "^= wilds-9 26x19 heroes 3 seed 1 mission generate:wilds:9:26x19:easy:3" "$dir/gen.txt"
check "protocol generate with 3 heroes" $?
sed 1d "$dir/gen.txt" >"$dir/gen-state.txt"
sed 1d "$dir/load.txt" >"$dir/load-state.txt"
[ "$(grep -c ' hero ' "$dir/gen-state.txt")" -eq 3 ] &&
    cmp -s "$dir/gen-state.txt" "$dir/load-state.txt"
check "generate 3 heroes plays as --generate --heroes 3's folder" $?

# An existing mission is kept unless --force.
cp "$dir/dungeon-a/mission.xml" "$dir/keep.xml"
"$qb" --generate "$dir/dungeon-a" --seed 5 >"$out" 2>"$err"
[ $? -eq 2 ]; check "an existing mission is refused" $?
grep -q "already exists" "$err"; check "the refusal says why" $?
cmp -s "$dir/keep.xml" "$dir/dungeon-a/mission.xml"; check "the mission is untouched" $?
"$qb" --generate "$dir/dungeon-a" --seed 5 --force >"$out" 2>"$err"
check "--force replaces it" $?
! cmp -s "$dir/keep.xml" "$dir/dungeon-a/mission.xml"; check "the mission is new" $?

# Bad options.
for args in "--style moon" "--size 11x20" "--size 4097x20" "--size 30" "--heroes 0" \
            "--heroes 5" "--difficulty deadly" "--seed -1" "--seed 1x" \
            "--seed 18446744073709551616"; do
    # shellcheck disable=SC2086
    "$qb" --generate "$dir/bad" $args >"$out" 2>"$err"
    [ $? -eq 2 ]; check "$args exits 2" $?
    grep -q "questboard: --" "$err"; check "$args names the option" $?
done
[ ! -e "$dir/bad" ]; check "bad options write nothing" $?
"$qb" --generate >"$out" 2>"$err"
[ $? -eq 2 ]; check "--generate without a folder exits 2" $?
touch "$dir/file"
"$qb" --generate "$dir/file" >"$out" 2>"$err"
[ $? -eq 2 ]; check "a file for the folder exits 2" $?
grep -q "not a folder" "$err"; check "and says so" $?

echo "generate: $fail failed"
[ "$fail" -eq 0 ]

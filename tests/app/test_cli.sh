#!/bin/sh
# The command-line tools: --dump-rooms and --check on good and bad files.
# usage: test_cli.sh QUESTBOARD
qb="$1"
data="$TEST_DATA"
fail=0
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

"$qb" --dump-rooms "$data/seed-example.png" >"$out" 2>"$err"
check "dump-rooms exits 0" $?
[ "$(head -n 1 "$out")" = "10 7 5" ]; check "dump-rooms header is W H N" $?
[ "$(sed -n 2p "$out")" = "1 1 1 1 2 2 3 3 3 3" ]; check "dump-rooms first row" $?
[ "$(sed -n 4p "$out")" = "-1 2 2 2 2 2 2 2 2 2" ]; check "dump-rooms rock row" $?
[ "$(sed -n 8p "$out")" = "4 4 4 4 2 2 5 5 5 -1" ]; check "dump-rooms last row" $?
[ "$(wc -l <"$out")" -eq 8 ]; check "dump-rooms prints H+1 lines" $?

"$qb" --check "$data/standard-board.png" >"$out" 2>"$err"
check "check exits 0" $?
for key in width=26 height=19 squares=494 walkable=494 rooms=23 walls= load_ms= label_ms= walls_ms=; do
    grep -q "$key" "$out"; check "check prints $key" $?
done
[ "$(wc -l <"$out")" -eq 1 ]; check "check prints one line" $?

for bad in bad-16bit.png bad-truncated.bmp bad-huge.png bad-notimage.png missing.png; do
    "$qb" --check "$data/$bad" >"$out" 2>"$err"
    [ $? -eq 2 ]; check "check $bad exits 2" $?
    grep -q "^$data/$bad: " "$err"; check "check $bad names the file" $?
    "$qb" --dump-rooms "$data/$bad" >"$out" 2>"$err"
    [ $? -eq 2 ]; check "dump-rooms $bad exits 2" $?
done

# Mission XML files: counts on the summary line, every error on failure.
m="$data/missions"
"$qb" --check "$m/good.xml" >"$out" 2>"$err"
check "check mission exits 0" $?
grep -q "rooms=5 .* heroes=2 monsters=2 doors=3 furniture=3 objectives=5 warnings=5$" "$out"
check "check mission prints the counts" $?
[ "$(wc -l <"$out")" -eq 1 ]; check "check mission prints one line" $?
"$qb" --check "$m/good.xml" >"$out" 2>"$err"
# Warnings: FILE:LINE: warning: (or FILE: square (x,y): warning:) on
# stderr, exit 0 unless --strict.
[ "$(grep -c "^$m/good.xml:[0-9]*: warning: " "$err")" -eq 4 ] &&
    [ "$(grep -c "^$m/good.xml: square ([0-9]*,[0-9]*): warning: " "$err")" -eq 1 ]
check "check mission prints its warnings with file and line or square" $?
grep -q "^$m/good.xml:[0-9]*: note: " "$err"; check "check mission prints notes" $?
"$qb" --check "$m/good.xml" --strict >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q " warnings=5$" "$out" && grep -q "warning: " "$err"
check "check --strict fails on warnings (exit 2)" $?
a="$m/analysis"
"$qb" --check "$a/key-own.xml" >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q "^$a/key-own.xml:10: warning: the key 'key_b' (line 16) lies behind this locked door" "$err"
check "check warns about a key behind its own door, exit 0" $?
"$qb" --strict --check "$a/clean.xml" >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q " warnings=0$" "$out" && [ ! -s "$err" ]
check "check --strict passes a clean mission" $?
"$qb" --check "$a/near.png" >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q " warnings=2$" "$out" &&
    grep -q "^$a/near.png: square (2,0): warning: colour #a04141" "$err"
check "check lints a bare bitmap" $?
# --strict written between --check and its FILE is not taken for the FILE.
"$qb" --check --strict "$a/key-own.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q " warnings=2$" "$out"
check "check --strict FILE fails on warnings too" $?
"$qb" --check --topology hex "$data/seed-example.png" >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q " topology=hex " "$out"
check "check --topology T FILE applies the topology" $?
"$qb" --check >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^questboard: --check needs a FILE" "$err"
check "check without a FILE says so" $?
"$qb" --check "$a/key-own.xml" "$a/clean.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^questboard: one FILE only" "$err"
check "check with two FILEs refuses rather than checking one" $?
"$qb" --strict --dump-rooms "$a/near.png" >"$out" 2>"$err"
[ $? -eq 2 ]; check "--strict only goes with --check" $?
"$qb" --check "$m/bad-many.xml" >"$out" 2>"$err"
[ $? -eq 2 ]; check "check bad mission exits 2" $?
[ "$(grep -c "^$m/bad-many.xml:[0-9]*: " "$err")" -eq 5 ]
check "check bad mission prints all 5 errors with file and line" $?
for bad in bad-gzip.xml bad-bomb.xml bad-path-escape.xml bad-truncated.xml; do
    "$qb" --check "$m/$bad" >"$out" 2>"$err"
    [ $? -eq 2 ]; check "check $bad exits 2" $?
    grep -q "^$m/$bad:[0-9]*: " "$err"; check "check $bad names file and line" $?
done
"$qb" --dump-rooms "$m/good.xml" >"$out" 2>"$err"
check "dump-rooms mission exits 0" $?
[ "$(head -n 1 "$out")" = "10 7 5" ]; check "dump-rooms mission header" $?
"$qb" --dump-rooms "$m/bad-door.xml" >"$out" 2>"$err"
[ $? -eq 2 ]; check "dump-rooms bad mission exits 2" $?
for mission in "$QUESTBOARD_DATA"/missions/*/mission.xml; do
    "$qb" --strict --check "$mission" >"$out" 2>"$err"
    check "bundled $(basename "$(dirname "$mission")") checks clean, even --strict" $?
done
"$qb" --strict --check "$QUESTBOARD_DATA/docs/example/mission.xml" >"$out" 2>"$err"
check "the worked example of docs/missions.md checks clean" $?
grep -q "heroes=4 monsters=4 doors=5 furniture=5 objectives=3 warnings=0" "$out"
check "the worked example's counts match the docs" $?
# Campaign files: the bundled campaign checks clean with all its missions;
# every bad campaign exits 2 with the file and line of each problem.
"$qb" --check "$QUESTBOARD_DATA/missions/campaigns/ashen-crown/campaign.xml" >"$out" 2>"$err"
check "the bundled campaign checks clean" $?
grep -q "^campaign=ashen-crown missions=5 heroes=4 offers=14 load_ms=" "$out"
check "check campaign prints its summary" $?
for bad in missing escape symlink gold item price nouser artifact; do
    "$qb" --check "$m/campaign-bad-$bad.xml" >"$out" 2>"$err"
    [ $? -eq 2 ]; check "check campaign-bad-$bad exits 2" $?
    grep -q "^$m/campaign-bad-$bad.xml:[0-9]*: " "$err"; check "campaign-bad-$bad names file and line" $?
done
"$qb" --check "$m/campaign-bad-reward.xml" >"$out" 2>"$err"
[ $? -eq 2 ]; check "a campaign whose mission does not fit it exits 2" $?
grep -q "^$m/good.xml:[0-9]*: reward: no hero of the campaign may use 'wraithbane'" "$err"
check "the mission's reward is named with the mission's file and line" $?

# The palette may turn a colour into blocked squares: the archive floods
# the rooms it does not use, so they have room -1.
"$qb" --dump-rooms "$QUESTBOARD_DATA/missions/the-drowned-archive/mission.xml" >"$out" 2>"$err"
[ "$(sed -n 6p "$out" | cut -d' ' -f2)" = "-1" ]; check "palette override blocks a colour" $?

# --simulate: the balance report, the same on 1 and 2 threads, JSON.
fl="$QUESTBOARD_DATA/missions/first-light/mission.xml"
"$qb" --simulate 6 --jobs 2 "$fl" >"$out" 2>"$err"
check "simulate exits 0" $?
for key in "6 games, seeds 1-6" "95% Wilson interval" "rounds to win" "heroes lost per game" \
    "body points lost per game: Barbarian" "objectives met:" "Slay Grashnak" "monsters never reached" \
    "time: "; do
    grep -q "$key" "$out"; check "simulate prints '$key'" $?
done
grep -v '^time: ' "$out" >"$out.2"
"$qb" --simulate 6 "$fl" | grep -v '^time: ' | cmp -s - "$out.2"
check "simulate gives the same report on 1 and 2 threads" $?
"$qb" --simulate 3 --seed 10 --format json "$fl" >"$out" 2>"$err"
check "simulate --format json exits 0" $?
[ "$(head -c 1 "$out")" = "{" ] && grep -q '"games": 3,' "$out" && grep -q '"first_seed": 10,' "$out" \
    && grep -q '"win_interval": {"method": "wilson"' "$out" && [ "$(tail -n 1 "$out")" = "}" ]
check "simulate --format json prints the report as one object" $?
rm -f "$out.2"
for args in "--simulate 5" "--simulate 0 $fl" "--simulate x $fl" "--jobs 2 $fl" "--simulate 2 --jobs 0 $fl" \
    "--simulate 2 --format xml $fl" "--seed 5" "--seed 5 --protocol" "--seed 5 --check $fl" \
    "--seed x $fl" "--seed -1 $fl" "--seed 5 --screenshot $out.png $fl"; do
    # shellcheck disable=SC2086
    "$qb" $args >"$out" 2>"$err"
    [ $? -eq 2 ] && [ -s "$err" ]; check "'$args' is refused with a message" $?
done
"$qb" --simulate 2 "$m/bad-door.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^$m/bad-door.xml:[0-9]*: " "$err"; check "simulate on a bad mission names file and line" $?
# A campaign: every quest in order, each alone, then the whole book by
# parties that keep what they win; its file's problems with their lines.
camp="$QUESTBOARD_DATA/missions/campaigns/ashen-crown/campaign.xml"
"$qb" --simulate 2 "$camp" >"$out" 2>"$err"
[ $? -eq 0 ] && [ "$(grep -c "^== quest [1-5] of 5: " "$out")" -eq 5 ] &&
    [ "$(grep -c ": 2 games, seeds 1-2, heroes: " "$out")" -eq 5 ] &&
    grep -q "^== quest 5 of 5: 5-ashen-throne/mission.xml (alone, by a fresh party)$" "$out"
check "simulate on a campaign reports on each quest in order" $?
grep -q "^== the whole book, quest after quest, by parties that keep what they win$" "$out" &&
    grep -q "^The Ashen Crown (ashen-crown): 2 parties, seeds 1-2, each carrying its gold" "$out" &&
    [ "$(grep -c "^  quest [1-5] [1-5]-[a-z-]*/mission.xml: reached by " "$out")" -eq 5 ]
check "simulate on a campaign then plays the whole book (issue 25 item 16)" $?
"$qb" --simulate 1 --format json "$camp" >"$out" 2>"$err"
[ $? -eq 0 ] && [ "$(head -n 1 "$out")" = '{"campaign": "ashen-crown", "quests": [' ] &&
    [ "$(grep -c '^  "mission": ' "$out")" -eq 5 ] && grep -q '^"book": {"parties": 1, ' "$out" &&
    [ "$(tail -n 1 "$out" | tail -c 3)" = "}}" ]
check "simulate --format json on a campaign: one object, a report per quest and the book" $?
"$qb" --simulate 2 "$m/campaign-bad-gold.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "^$m/campaign-bad-gold.xml:[0-9]*: " "$err"
check "simulate on a bad campaign names file and line" $?

# Bitmaps in other formats are named, with what to do, at the line of
# <board bitmap="…">; a damaged PNG gives our message and nothing of the
# decoder's own.
f="$m/formats"
for fmt in jpg:JPEG gif:GIF webp:WebP tiff:TIFF svg:SVG; do
    ext=${fmt%%:*} name=${fmt#*:}
    "$qb" --check "$f/bad-$ext.xml" >"$out" 2>"$err"
    [ $? -eq 2 ] && grep -q "^$f/bad-$ext.xml:5: bitmap 'board.$ext': this is an* $name " "$err" &&
        grep -q "PNG" "$err"
    check "a $name board is named as such, with the mission's line" $?
    "$qb" --check "$f/board.$ext" >"$out" 2>"$err"
    [ $? -eq 2 ] && grep -q "^$f/board.$ext: this is an* $name " "$err"
    check "a bare $name file is named as such" $?
done
"$qb" --check "$f/bad-damaged.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
    grep -q "^$f/bad-damaged.xml:5: bitmap 'damaged.png': damaged or truncated PNG image" "$err" &&
    ! grep -qi "libpng" "$err"
check "a damaged PNG gives one line of ours, no decoder output" $?
"$qb" --check "$m/bad-typo-bitmap.xml" >"$out" 2>"$err"
[ $? -eq 2 ] && grep -q "bitmap 'bord.png' not found (looked for .*): did you mean 'board.png'?" "$err"
check "a misspelt bitmap name gets a did-you-mean" $?

"$qb" --max-side 5 --check "$data/seed-example.png" >"$out" 2>"$err"
[ $? -eq 2 ]; check "--max-side limits the size" $?
grep -q "over the limit" "$err"; check "--max-side message" $?
"$qb" --bogus >"$out" 2>"$err"
[ $? -eq 2 ]; check "unknown option exits 2" $?
# One line naming it and pointing to --help, not the whole usage (which
# it printed before: issue 25 item 15).
[ "$(wc -l <"$err")" -eq 1 ] && grep -q "^questboard: unknown option '--bogus' (see questboard --help)$" "$err"
check "unknown option: one line naming it, pointing to --help" $?

# No display and no driver chosen: say so and stop (SDL would fall back to
# an off-screen driver and run for ever unseen).
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 "$qb" \
    "$QUESTBOARD_DATA/missions/first-light/mission.xml" >"$out" 2>"$err"
[ $? -eq 1 ]; check "no display: exits 1 at once" $?
grep -q "no display found" "$err"; check "no display: says so" $?

# The bundled hex and square8 missions: --check prints the topology, a
# screenshot draws them, and at 60x40 pixels (a few per hex: the far map,
# whose blocks take the hexes' walls) too.
shot=$(mktemp --suffix=.png)
for m in the-ember-hive:topology=hex the-leaning-nave:diagonal-cost=3/2; do
    id=${m%%:*} key=${m#*:}
    "$qb" --check "$QUESTBOARD_DATA/missions/$id/mission.xml" >"$out" 2>"$err"
    grep -q "$key" "$out"; check "check $id prints $key" $?
    for size in 640x480 60x40; do
        timeout 60 "$qb" "$QUESTBOARD_DATA/missions/$id/mission.xml" --screenshot "$shot" \
            --size $size >"$out" 2>"$err"
        check "screenshot of $id at $size (exit $?)" $?
    done
done
# --topology plays a bare bitmap as hexes
"$qb" --check --topology hex:even "$data/seed-example.png" >"$out" 2>"$err"
grep -q "topology=hex hex-offset=even" "$out"; check "--topology hex:even on a bare bitmap" $?
rm -f "$shot"

echo "cli: $fail failed"
[ "$fail" -eq 0 ]

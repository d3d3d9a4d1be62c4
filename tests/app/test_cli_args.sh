#!/bin/sh
# The command line as read (getopt_long and the table of modes): --help
# and --version; every refusal is one line naming what was wrong and
# pointing to --help, never the whole usage; an option the mode does not
# take is refused, not silently ignored; options read alike in any order.
# usage: test_cli_args.sh QUESTBOARD
qb="$1"
data="$TEST_DATA"
fail=0
dir=$(mktemp -d)
out="$dir/out"
err="$dir/err"
trap 'rm -rf "$dir"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

"$qb" --help >"$out" 2>"$err"
[ $? -eq 0 ] && [ ! -s "$err" ] && grep -q "^usage: questboard \[OPTIONS\] \[MISSION\]" "$out"
check "--help prints the usage on stdout, exit 0" $?
for mode in --screenshot --check --dump-rooms --protocol --generate --import --simulate \
    --max-side --topology --labels --seed --jobs --style --force --strict; do
    grep -q -- "^ *$mode" "$out"; check "--help lists $mode" $?
done
[ "$(awk '{ if (length($0) > 80) n++ } END { print n + 0 }' "$out")" -eq 0 ]
check "--help fits 80 columns" $?
"$qb" -h >"$dir/h" 2>&1 && cmp -s "$out" "$dir/h"; check "-h is --help" $?
"$qb" --check x --help >"$dir/h" 2>&1 && cmp -s "$out" "$dir/h"; check "--help wins over a mode" $?
"$qb" --version >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q "^questboard [0-9][0-9.]*$" "$out"; check "--version" $?

# Refusals: exit 2, one line on stderr starting "questboard: ", saying
# what (each case: the arguments, then a piece of the line).
refused() { # description, expected text, arguments...
    what="$1" text="$2"
    shift 2
    "$@" >"$out" 2>"$err"
    [ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "^questboard: " "$err" &&
        grep -qF -- "$text" "$err" && [ ! -s "$out" ]
    check "$what" $?
    [ -s "$err" ] || return 0
    grep -q "usage:" "$err" && { echo "FAIL: $what: prints the usage"; fail=$((fail + 1)); }
    return 0
}
refused "unknown option" "unknown option '--bogus' (see questboard --help)" "$qb" --bogus
refused "unknown option with a value" "unknown option '--bogus=3'" "$qb" --bogus=3
refused "a misspelt option gets a did-you-mean" "did you mean --seed?" "$qb" --sede 4
refused "a misspelt mode too" "did you mean --simulate?" "$qb" --simulte 3 x.xml
refused "an ambiguous prefix lists what it could be" "could be --screenshot, --simulate" "$qb" --s
refused "an unknown short option" "unknown option '-x'" "$qb" -x
refused "a missing argument names the option" "--size needs WxH" "$qb" --size
refused "a missing mode argument" "--generate needs DIR" "$qb" --generate
refused "a flag given a value" "--debug takes no argument" "$qb" --debug=yes
refused "two modes" "--check and --generate are two modes" "$qb" --check a.png --generate b
refused "--check without FILE" "--check needs a FILE" "$qb" --check
refused "two FILEs" "one FILE only, not both a.png and b.png" "$qb" --check a.png b.png
refused "--import with one FILE" "--import needs a QUEST file and a folder DIR" "$qb" --import q.xml
refused "--import with three" "not also 'c'" "$qb" --import a b c
refused "--protocol takes no FILE" "--protocol takes no FILE" "$qb" --protocol m.xml
# An option of another mode was silently ignored before: --style with
# --check, --topology with --generate, --jobs with a MISSION to play.
refused "an option of another mode" "--style does not go with --check; it goes with --generate" \
    "$qb" --check a.png --style caverns
refused "the limits do not go with --generate" "--topology does not go with --generate" \
    "$qb" --generate "$dir/g" --topology hex
refused "--jobs with a MISSION to play" "--jobs does not go with a MISSION to play" \
    "$qb" --jobs 2 m.xml
refused "--seed with --check names where it goes" \
    "it goes with a MISSION to play, --generate or --simulate" "$qb" --seed 5 --check m.xml
refused "--seed without a MISSION" "--seed needs a MISSION to play" "$qb" --seed 5
refused "a bad choice lists the choices" "--format needs text or json, not 'xml'" \
    "$qb" --simulate 2 --format xml m.xml
refused "a near choice gets a did-you-mean" "(did you mean caverns?)" \
    "$qb" --generate "$dir/g" --style cavrens
[ ! -e "$dir/g" ]; check "refusals write nothing" $?

# Order does not matter: FILE before or after the mode and its options,
# "--opt=value" as "--opt value", "--" before a FILE starting with '-'.
a="$QUESTBOARD_DATA/missions/first-light/mission.xml"
"$qb" --check "$a" >"$dir/one" 2>/dev/null
"$qb" "$a" --check >"$dir/two" 2>/dev/null
sed 's/_ms=[0-9.]*//g' "$dir/one" >"$dir/one.t"
sed 's/_ms=[0-9.]*//g' "$dir/two" >"$dir/two.t"
[ -s "$dir/one.t" ] && cmp -s "$dir/one.t" "$dir/two.t"; check "FILE before --check reads the same" $?
"$qb" --check --topology=hex "$data/seed-example.png" >"$out" 2>"$err"
grep -q " topology=hex " "$out"; check "--opt=value" $?
cp "$data/seed-example.png" "$dir/-dash.png"
qbabs=$(cd "$(dirname "$qb")" && pwd)/$(basename "$qb")
(cd "$dir" && "$qbabs" --check -- -dash.png) >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q "^width=10 height=7 " "$out"; check "-- before a FILE starting with '-'" $?
POSIXLY_CORRECT=1 "$qb" "$data/seed-example.png" --check >"$out" 2>"$err"
[ $? -eq 0 ] && grep -q "^width=10 " "$out"; check "the same under POSIXLY_CORRECT" $?

echo "cli_args: $fail failed"
[ "$fail" -eq 0 ]

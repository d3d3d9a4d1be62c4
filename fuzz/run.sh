#!/bin/sh
# Fuzzes one harness for a while, its work outside the source tree: the
# corpus it finds, any crash input and its log go to
# ${FUZZ_WORK:-/tmp/questboard-fuzz}/NAME (the log: NAME/fuzz.log), so no
# run leaves files in the repository. Seeds: the harness's corpus and
# dictionary (fuzz/NAME/corpus, fuzz/NAME.dict; fuzz_mission's are
# fuzz/corpus and fuzz/mission.dict).
#
#   usage: fuzz/run.sh NAME [SECONDS] [BUILD_DIR]
#     NAME       mission, slot, settings, save, party, campaign, protocol,
#                heroscribe, pack, netmsg or words
#     SECONDS    how long (default 300)
#     BUILD_DIR  a -Dfuzz=true build (default build-fuzz)
#
# Prints the last status line (inputs run, coverage) when it stops.
set -eu
name="$1"
seconds="${2:-300}"
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${3:-$src/build-fuzz}" && pwd)
work="${FUZZ_WORK:-/tmp/questboard-fuzz}/$name"
exe="$build/fuzz/fuzz_$name"
[ -x "$exe" ] || { echo "run.sh: no $exe (CC=clang meson setup build-fuzz -Dfuzz=true)" >&2; exit 2; }
seeds="$src/fuzz/$name/corpus" dict="$src/fuzz/$name.dict"
[ "$name" = mission ] && seeds="$src/fuzz/corpus"
# The largest input tried: a flood of attributes (issue 26: 20,000 on one
# element, 213 KB) needs more than libFuzzer's default of 4 KB.
case $name in
mission | heroscribe) max_len=131072 ;;
campaign) max_len=262144 ;;
*) max_len=0 ;; # libFuzzer's choice from the corpus
esac
mkdir -p "$work/corpus"
set -- -max_total_time="$seconds" -artifact_prefix="$work/" -print_final_stats=1
[ "$max_len" -gt 0 ] && set -- "$@" -max_len="$max_len"
[ -f "$dict" ] && set -- "$@" -dict="$dict"
cd "$work"
nice "$exe" "$@" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1 || {
    echo "run.sh: fuzz_$name stopped on a finding: see $work/fuzz.log and $work/crash-*" >&2
    tail -n 30 "$work/fuzz.log" >&2
    exit 1
}
grep -E "^(#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::new_units_added)" "$work/fuzz.log" | tail -n 3

#!/bin/sh
# Every sample of a command's output in the docs is what the command
# prints (issue 25 item 18): each fenced block of docs/*.md and README.md
# whose first line is `$ questboard …` is run, its commands (the `$ `
# lines) in one shell, and what they print is compared with the lines
# after them. Times (`load_ms=`, `ms=`, `time:`) are not compared; `...`
# or `…` in a sample line stands for any text.
#
# An HTML comment on the line before the block says where and how it
# runs, by words in any order:
#   docs/example/mistakes   in that folder of the tree
#   tmp                     in an empty temporary folder
#   session                 a session typed in: the block's first line
#                           after the command and each line after a blank
#                           one are typed on standard input, the rest is
#                           what the command prints
#   given: COMMANDS         (last) shell commands run first in the same
#                           folder, their output not compared: the state
#                           the sample needs (a pack, a save slot);
#                           $QUESTBOARD_DATA is the top of the tree
#   slow                    only with QB_SLOW_SAMPLES=1
#   skip REASON             never (REASON says why: a server or a window
#                           needed)
# e.g. <!-- sample: tmp given: questboard --pack ... -->. Without one it
# runs at the top of the tree. Every sample runs with a HOME of its own
# (an empty folder; XDG_DATA_HOME and XDG_CONFIG_HOME unset), so `~` in a
# sample is that folder and no sample reads or writes the user's files.
# usage: test_doc_samples.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root="$QUESTBOARD_DATA"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
unset XDG_DATA_HOME XDG_CONFIG_HOME
fail=0 ran=0 skipped=0

# The samples as a stream: "S FILE:LINE WHERE", then "C COMMAND" and
# "O OUTPUT" lines, in order.
for doc in "$root"/docs/*.md "$root"/README.md; do
    awk -v file="${doc#$root/}" '
        /^<!-- sample: .* -->$/ { where = $0; sub(/^<!-- sample: /, "", where); sub(/ -->$/, "", where); next }
        /^```/ {
            if (in_block) { in_block = 0; where = ""; next }
            in_block = 1; first = 1; next
        }
        in_block && first {
            first = 0
            if ($0 !~ /^\$ questboard/) { in_block = 0; where = ""; next }
            printf "S %s:%d %s\n", file, NR, where == "" ? "." : where
        }
        in_block && /^\$ / { print "C " substr($0, 3); next }
        in_block { print "O " $0; next }
        { where = "" }
    ' "$doc"
done >"$work/samples"

# Both sides without the times, one line each.
normalise() {
    sed -E 's/(_ms|ms)=[0-9.]+/\1=T/g; s/^time: .*/time: T/'
}

# expected (with ... and … wildcards) against actual, line by line.
same() {
    awk '
        NR == FNR { want[++n] = $0; next }
        { got[++m] = $0 }
        END {
            if (n != m) exit 1
            for (i = 1; i <= n; i++) {
                w = want[i]
                gsub(/…/, "...", w)
                if (index(w, "...") == 0) {
                    if (w != got[i]) exit 1
                    continue
                }
                k = split(w, parts, /\.\.\./)
                s = got[i]
                if (substr(s, 1, length(parts[1])) != parts[1]) exit 1
                s = substr(s, length(parts[1]) + 1)
                for (j = 2; j < k; j++) {
                    p = index(s, parts[j])
                    if (p == 0) exit 1
                    s = substr(s, p + length(parts[j]))
                }
                if (length(s) < length(parts[k]) || substr(s, length(s) - length(parts[k]) + 1) != parts[k]) exit 1
            }
        }
    ' "$1" "$2"
}

# A session's block: the typed lines (the first and each after a blank
# one) into $work/typed, the rest into $work/want.
split_session() {
    awk -v typed="$work/typed" '
        NR == 1 || blank { print > typed; blank = 0; next }
        { print; blank = ($0 == "") }
    ' "$work/want" >"$work/want.s"
    touch "$work/typed"
    mv "$work/want.s" "$work/want"
}

run_sample() { # FILE:LINE WORDS
    case "$2" in
    skip*) echo "skip: $1 (${2#skip })"; skipped=$((skipped + 1)); return ;;
    esac
    dir="$root" session="" given="" rest="$2"
    case "$rest" in
    *"given: "*) given=${rest#*given: }; rest=${rest%%given: *} ;;
    esac
    for word in $rest; do
        case "$word" in
        slow)
            if [ -z "$QB_SLOW_SAMPLES" ]; then
                echo "skip: $1 (slow: QB_SLOW_SAMPLES=1 runs it)"; skipped=$((skipped + 1)); return
            fi ;;
        session) session=1 ;;
        tmp) dir="$work/tmp"; rm -rf "$dir"; mkdir -p "$dir" ;;
        .) dir="$root" ;;
        *) dir="$root/$word" ;;
        esac
    done
    rm -rf "$work/home" "$work/typed"
    mkdir -p "$work/home"
    : >"$work/typed"
    [ -n "$session" ] && split_session
    prelude="questboard() { \"$qb\" \"\$@\"; }"
    ran=$((ran + 1))
    if [ -n "$given" ] &&
        ! (cd "$dir" && printf '%s\n%s\n' "$prelude" "$given" | sh -e) >"$work/given.out" 2>&1 </dev/null; then
        echo "FAIL: $1: its given state could not be made ($given):"
        sed 's/^/    /' "$work/given.out"
        fail=$((fail + 1))
        return
    fi
    { echo "$prelude"; cat "$work/cmds"; } >"$work/script"
    (cd "$dir" && sh "$work/script" <"$work/typed") 2>&1 | normalise >"$work/got"
    normalise <"$work/want" >"$work/want.n"
    if same "$work/want.n" "$work/got"; then
        echo "ok: $1"
    else
        echo "FAIL: $1 prints another text than the doc shows:"
        diff "$work/want.n" "$work/got" | sed 's/^/    /'
        fail=$((fail + 1))
    fi
}

current=""
: >"$work/cmds"
: >"$work/want"
while IFS= read -r line; do
    case "$line" in
    "S "*)
        [ -n "$current" ] && run_sample "${current%% *}" "${current#* }"
        current=${line#S }
        : >"$work/cmds"
        : >"$work/want" ;;
    "C "*) printf '%s\n' "${line#C }" >>"$work/cmds" ;;
    "O "*) printf '%s\n' "${line#O }" >>"$work/want" ;;
    esac
done <"$work/samples"
[ -n "$current" ] && run_sample "${current%% *}" "${current#* }"

echo "doc samples: $ran run, $skipped skipped, $fail failed"
[ "$ran" -gt 0 ] && [ "$fail" -eq 0 ]

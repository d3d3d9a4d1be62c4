#!/bin/sh
# Every sample of a command's output in the docs is what the command
# prints (issue 25 item 18): each fenced block of docs/*.md and README.md
# whose first line is `$ questboard …` is run, its commands (the `$ `
# lines) in one shell, and what they print is compared with the lines
# after them. Times (`load_ms=`, `ms=`, `time:`) are not compared; `...`
# or `…` in a sample line stands for any text.
#
# An HTML comment on the line before the block says where it runs:
#   <!-- sample: docs/example/mistakes -->  in that folder of the tree
#   <!-- sample: tmp -->                    in an empty temporary folder
#   <!-- sample: slow -->                   only with QB_SLOW_SAMPLES=1
#   <!-- sample: skip REASON -->            never (REASON says why)
# Without one it runs at the top of the tree.
# usage: test_doc_samples.sh QUESTBOARD
qb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root="$QUESTBOARD_DATA"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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

run_sample() { # FILE:LINE WHERE
    case "$2" in
    skip*) echo "skip: $1 (${2#skip })"; skipped=$((skipped + 1)); return ;;
    slow)
        if [ -z "$QB_SLOW_SAMPLES" ]; then
            echo "skip: $1 (slow: QB_SLOW_SAMPLES=1 runs it)"; skipped=$((skipped + 1)); return
        fi
        dir="$root" ;;
    tmp) dir="$work/tmp"; rm -rf "$dir"; mkdir -p "$dir" ;;
    .) dir="$root" ;;
    *) dir="$root/$2" ;;
    esac
    { echo "questboard() { \"$qb\" \"\$@\"; }"; cat "$work/cmds"; } >"$work/script"
    (cd "$dir" && sh "$work/script" </dev/null) 2>&1 | normalise >"$work/got"
    normalise <"$work/want" >"$work/want.n"
    ran=$((ran + 1))
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

#!/bin/sh
# The author docs against the program: what authors tripped on stays
# fixed. The worked example's facts line is what --check prints; README,
# --help and missions.md agree on what questboard opens without a
# mission; no author doc sends authors to source files they do not have;
# every bundled mission has its --simulate numbers in missions.md.
# usage: test_docs.sh QUESTBOARD
qb="$1"
root="$QUESTBOARD_DATA"
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

check() { # description, condition result
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

authors="$root/README.md $root/docs/missions.md $root/docs/rules.md $root/docs/protocol.md"

# The attribute is <rules move-dice>; an old name lingered in rules.md.
! grep -n "hero-move-dice" $authors; check "no doc names hero-move-dice" $?

# Authors have the game, not its source: no src/ folder or header named
# (build/src/questboard, the program, is fine).
! grep -nE "src/[a-z_]+/|[a-z_]+\.h[\`)]" $authors
check "author docs name no source file" $?

# What questboard without a mission opens: the title screen, everywhere.
"$qb" --help >"$out" 2>&1
grep -q "without it the title screen opens" "$out"; check "--help: no mission opens the title screen" $?
grep -q "Without MISSION the title screen opens" "$root/README.md"
check "README: no mission opens the title screen" $?
grep -q '`questboard` without a mission opens the title screen' "$root/docs/missions.md"
check "missions.md: no mission opens the title screen" $?

# The worked example's facts line in missions.md is --check's, but for
# the times.
"$qb" --check "$root/docs/example/mission.xml" >"$out" 2>/dev/null
got=$(sed 's/_ms=[0-9.]*/_ms=T/g' "$out")
doc=$(grep -m 1 "^width=12 height=7 " "$root/docs/missions.md" | sed 's/_ms=[0-9.]*/_ms=T/g')
[ -n "$got" ] && [ "$got" = "$doc" ]; check "missions.md shows --check's facts line as printed" $?
# ... and its table explains every figure of it.
for key in $(tr ' ' '\n' <"$out" | sed 's/=.*//'); do
    case $key in monsters | doors | furniture) continue ;; esac # under "heroes … objectives"
    grep -q "^| .*\`$key\`.* |" "$root/docs/missions.md"
    check "missions.md explains the facts figure $key" $?
done

# The palette attributes that make corridors and sealed rooms.
grep -q '^| `corridor` |' "$root/docs/missions.md"; check "missions.md: palette corridor=" $?
grep -q '^| `sealed` |' "$root/docs/missions.md"; check "missions.md: palette sealed=" $?

# protocol.md: the find event's kind codes.
for row in "| 0 | gold |" "| 1 | potion |" "| 2 | item |" "| 3 | hazard |" "| 4 | wandering monster |"; do
    grep -qF "$row" "$root/docs/protocol.md"; check "protocol.md find kinds: $row" $?
done

# How hard is each bundled mission: a row for every one, campaign quests
# included.
for mission in "$root"/missions/*/mission.xml "$root"/missions/campaigns/*/*/mission.xml; do
    id=$(basename "$(dirname "$mission")")
    sed -n '/^### How hard is each bundled mission/,/^## /p' "$root/docs/missions.md" |
        grep -q "^| \`$id\` |"
    check "missions.md has --simulate numbers for $id" $?
done

echo "docs: $fail failed"
[ "$fail" -eq 0 ]

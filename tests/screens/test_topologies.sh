#!/bin/sh
# The bundled hex mission (the-ember-hive) and square8 mission
# (the-leaning-nave) won in the real window under Xvfb, by key presses
# alone (issue 12: they had been won headless only). route_keys plays each
# mission headless with test_play's keyboard player, finds a seed it wins,
# and writes the keys the play screen took and the autosave the window
# must write at each new round. The window starts on the mission with that
# seed (--seed) at instant animation speed; xdotool presses each round's
# keys, and the test waits for the window's autosave of the next round and
# compares it with the expected one (seed, heroes, every action so far):
# the window plays the same game, move for move. At the end the autosave
# says victory, the protocol restores it and reports "status victory", and
# the victory panel is on screen.
# usage: test_topologies.sh QUESTBOARD ROUTE_KEYS
qb="$1"
route="$2"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"
root="${QUESTBOARD_DATA:?}"

mkdir -p "$pref"
printf 'questboard-settings 1\nanimation_speed = instant\nask_end_turn = false\n' >"$pref/settings.ini"
autosave="$pref/saves/autosave.qbsave"

wait_autosave() { # EXPECTED: waits (20 s at most) until the autosave's body is EXPECTED
    i=0
    while [ $i -lt 200 ]; do
        tail -n +2 "$autosave" 2>/dev/null | cmp -s - "$1" && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

play_mission() { # NAME FOLDER: wins bundled mission FOLDER in the window
    name=$1
    mission="$root/missions/$2/mission.xml"
    rdir="$work/route-$name"
    mkdir -p "$rdir"
    "$route" "$mission" 1 "$rdir" 2>"$work/err-route-$name.txt"
    check "$name: a winning route is found headless" $?
    seed=$(sed -n 's/^seed //p' "$rdir/keys.txt")
    keys=$(grep -cv '^seed \|^round \|^end ' "$rdir/keys.txt")
    rounds=$(grep -c '^round ' "$rdir/keys.txt")
    echo "$name: seed $seed, $keys key presses over $rounds new rounds"
    rm -f "$autosave"
    begin=$(date +%s)
    start "$name" --seed "$seed" "$mission"
    xdotool mousemove --window "$wid" 1 1
    shot_stable "$name-start"
    batch=""
    synced=0
    while read -r word arg; do
        case "$word" in
        seed) ;;
        round | end)
            # shellcheck disable=SC2086
            [ -z "$batch" ] || xdotool key --window "$wid" --delay 8 $batch
            batch=""
            want="$rdir/round-$arg.sav"
            [ "$word" = end ] && want="$rdir/end.sav"
            if ! wait_autosave "$want"; then
                echo "$name: the window's autosave is not the route's at $word $arg:"
                tail -n +2 "$autosave" 2>/dev/null | diff - "$want" | head -n 20
                break
            fi
            synced=$((synced + 1))
            [ "$arg" = 4 ] && shot "$name-round4" # the game under way, to look at
            ;;
        *) batch="$batch $word" ;;
        esac
    done <"$rdir/keys.txt"
    [ "$synced" -eq $((rounds + 1)) ]
    check "$name: the window played the route's game round by round ($synced of $((rounds + 1)) autosaves)" $?
    head -n 1 "$autosave" | grep -q ' outcome=victory'
    check "$name: the window's last autosave says victory" $?
    tail -n +2 "$autosave" >"$work/$name-final.sav"
    # what the keys did on this topology: moves, attacks, doors opened
    for kind in move attack open leave; do
        n=$(sed '1,/^actions /d' "$work/$name-final.sav" | grep -c "^$kind ")
        echo "$name: $n $kind actions"
        [ "$n" -gt 0 ]; check "$name: the keys made $kind actions" $?
    done
    # restore takes a path under the working directory
    qb_abs=$(cd "$(dirname "$qb")" && pwd)/$(basename "$qb")
    (cd "$work" && printf 'restore %s-final.sav\nstate\n' "$name" | "$qb_abs" --protocol) >"$work/$name-state.txt" 2>&1
    grep -q '^= status victory ' "$work/$name-state.txt"
    check "$name: the protocol restores the window's game: status victory" $?
    grep ' hero ' "$work/$name-state.txt"
    shot_stable "$name-victory"
    differs "$name-start" "$name-victory"; check "$name: the victory panel is on screen" $?
    echo "$name: won in the window in $(($(date +%s) - begin)) s"
    kill "$pid"
    wait "$pid" 2>/dev/null
    pid=""
}

play_mission hex the-ember-hive
play_mission square8 the-leaning-nave
exit $((fail > 0))

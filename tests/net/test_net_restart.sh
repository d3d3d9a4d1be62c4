#!/bin/sh
# questboard --serve killed with SIGKILL in the middle of a game, started
# again on the same --data: the game is resumed as it was (the same state
# for its player, who comes back with the seat's token) and plays on.
# Also --connect's framing, and --serve's refusals. Loopback only.
set -eu
QB=$1
WORK=$(mktemp -d)
SERVER=
cleanup() {
    [ -n "$SERVER" ] && kill -9 "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "test_net_restart: $*" >&2; exit 1; }

start_server() {
    "$QB" --serve --port 0 --data "$WORK/data" >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER=$!
    for _ in $(seq 100); do
        grep -q '^listening ' "$WORK/server.out" 2>/dev/null && break
        sleep 0.1
    done
    PORT=$(sed -n 's/^listening 127\.0\.0\.1://p' "$WORK/server.out")
    [ -n "$PORT" ] || fail "no 'listening' line: $(cat "$WORK/server.err")"
}

# One --connect session; its output without the notices (blocks from "! ").
session() {
    timeout 60 "$QB" --connect "127.0.0.1:$PORT" --name Ann >"$WORK/raw.out" ||
        fail "--connect failed: $(cat "$WORK/raw.out")"
    awk 'BEGIN { RS = ""; ORS = "\n\n" } !/^! / { print }' "$WORK/raw.out"
}

start_server
printf 'host first-light seats=1 drop=wait\nend\nend\nend\nend\nroll\nstate\nquit\n' |
    session >"$WORK/first.out"
CODE=$(sed -n 's/^= \([A-Z]*\) token \([a-z0-9]*\)$/\1/p' "$WORK/first.out")
TOKEN=$(sed -n 's/^= \([A-Z]*\) token \([a-z0-9]*\)$/\2/p' "$WORK/first.out")
[ -n "$CODE" ] && [ -n "$TOKEN" ] || fail "host gave no code and token: $(cat "$WORK/first.out")"
grep -q '^= status playing turn 2 current 0 phase hero$' "$WORK/first.out" ||
    fail "not in round 2: $(cat "$WORK/first.out")"
# the state as the player saw it, from its answer
awk 'BEGIN { RS = ""; ORS = "\n\n" } /^= status/' "$WORK/first.out" >"$WORK/before.state"

kill -9 "$SERVER"
wait "$SERVER" 2>/dev/null || true
SERVER=
[ -f "$WORK/data/$CODE.save" ] || fail "no $CODE.save kept"
start_server

printf 'games\nrejoin %s %s\nstate\nend\nquit\n' "$CODE" "$TOKEN" | session >"$WORK/second.out"
grep -q "^$CODE 1/1 playing turn 2 " "$WORK/second.out" || fail "the game is not listed: $(cat "$WORK/second.out")"
grep -q "^= $CODE token $TOKEN$" "$WORK/second.out" || fail "rejoin refused: $(cat "$WORK/second.out")"
awk 'BEGIN { RS = ""; ORS = "\n\n" } /^= status/' "$WORK/second.out" >"$WORK/after.state"
cmp -s "$WORK/before.state" "$WORK/after.state" || {
    diff "$WORK/before.state" "$WORK/after.state" >&2
    fail "the state changed across the restart"
}
grep -q '^turn 1 -1 ' "$WORK/second.out" || fail "the game does not play on: $(cat "$WORK/second.out")"

# a wrong token, a seat out of range, a file name: refused with reasons
printf 'rejoin %s aaaa\njoin %s 7\nhost ../first-light\nquit\n' "$CODE" "$CODE" | session >"$WORK/third.out"
grep -q '^? no seat of game' "$WORK/third.out" || fail "wrong token: $(cat "$WORK/third.out")"
grep -q '^? game [A-Z]* has seats 0 to 0$' "$WORK/third.out" || fail "seat 7: $(cat "$WORK/third.out")"
grep -q "is not a mission name" "$WORK/third.out" || fail "a path: $(cat "$WORK/third.out")"

# --serve's own refusals
"$QB" --serve --port 70000 2>"$WORK/err" && fail "--port 70000 accepted"
grep -q 'port' "$WORK/err" || fail "--port 70000: $(cat "$WORK/err")"
"$QB" --serve --bind nowhere --port 0 2>"$WORK/err" && fail "--bind nowhere accepted"
grep -q 'not an IPv4 address' "$WORK/err" || fail "--bind nowhere: $(cat "$WORK/err")"
"$QB" --connect nohost 2>"$WORK/err" && fail "--connect nohost accepted"
grep -q 'HOST:PORT' "$WORK/err" || fail "--connect nohost: $(cat "$WORK/err")"
echo "test_net_restart: ok"

#!/bin/sh
# questboard --serve under a German operator's locale (issue 27): the
# console's lines while it serves are German (a game's save that cannot be
# written, its data folder gone), while a player still gets the protocol's
# English refusal with its words on the w: line. Loopback only.
set -eu
QB=$1
WORK=$(mktemp -d)
SERVER=
cleanup() {
    [ -n "$SERVER" ] && kill -9 "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "test_net_console: $*" >&2; exit 1; }

# env execs the program: a background job of a shell function would be a
# subshell, and $! would name the subshell, not the server it leaves behind
DE="env -u LC_ALL -u LC_MESSAGES LANGUAGE=de LANG=de_DE.UTF-8"

$DE "$QB" --serve --port 0 --data "$WORK/data" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER=$!
for _ in $(seq 100); do
    grep -q '^listening ' "$WORK/server.out" 2>/dev/null && break
    sleep 0.1
done
PORT=$(sed -n 's/^listening 127\.0\.0\.1://p' "$WORK/server.out")
[ -n "$PORT" ] || fail "no 'listening' line: $(cat "$WORK/server.err")"

# the data folder gone under the running server: the game's files cannot
# be written, which only the operator is told
rm -rf "$WORK/data"
printf 'words all\nseats NOPE\nhost first-light seats=1\nquit\n' |
    $DE timeout 60 "$QB" --connect "127.0.0.1:$PORT" --name Ann >"$WORK/client.out" ||
    fail "--connect failed: $(cat "$WORK/client.out")"
kill -TERM "$SERVER"
wait "$SERVER" 2>/dev/null || true
SERVER=

# the wire: English, the refusal's words after it
grep -q '^? no game NOPE on this server$' "$WORK/client.out" ||
    fail "the refusal is not the protocol's English: $(cat "$WORK/client.out")"
grep -q '^w:no%20game%20%25s%20on%20this%20server,tNOPE$' "$WORK/client.out" ||
    fail "the refusal's words: $(cat "$WORK/client.out")"
grep -q '^= [A-Z]* token ' "$WORK/client.out" || fail "host refused: $(cat "$WORK/client.out")"

# the console: the operator's German
grep -q '^questboard: Partie [A-Z]*: .* lässt sich nicht schreiben: ' "$WORK/server.err" ||
    fail "the console is not German: $(cat "$WORK/server.err")"
if grep -q 'cannot' "$WORK/server.err"; then
    fail "English on the console: $(cat "$WORK/server.err")"
fi
echo "test_net_console: ok"

#!/bin/sh
# The window tests' virtual X server.
#   xvfb.sh COMMAND ARGS...  runs COMMAND with DISPLAY on a private Xvfb and
#                            stops the server afterwards; exits as COMMAND.
#   xvfb.sh --wait           waits (10 s at most) until $DISPLAY takes clients.
# Why not `xvfb-run -a`: it guesses a free display number from lock files,
# and window tests of two checkouts (or two builds) started together race
# for the same number and fail with "Can't open display". Xvfb's -displayfd
# lets the server pick the number itself, atomically. The server resets
# when its last client leaves (we keep that: without the reset, windows of
# the previous run linger in the server's state) and refuses connections
# for a moment while it does; --wait covers that gap between two runs.
if [ "${1:-}" = --wait ]; then
    i=0
    while [ $i -lt 100 ]; do
        xdotool getdisplaygeometry >/dev/null 2>&1 && exit 0
        sleep 0.1
        i=$((i + 1))
    done
    echo "xvfb.sh: display $DISPLAY takes no clients" >&2
    exit 1
fi
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
server=$!
i=0
while [ ! -s "$dir/display" ] && kill -0 $server 2>/dev/null && [ $i -lt 200 ]; do
    sleep 0.05
    i=$((i + 1))
done
num=$(head -n 1 "$dir/display")
if [ -z "$num" ]; then
    echo "xvfb.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    kill $server 2>/dev/null
    rm -rf "$dir"
    exit 1
fi
DISPLAY=":$num" "$@"
status=$?
kill $server 2>/dev/null
wait $server 2>/dev/null
rm -rf "$dir"
exit $status

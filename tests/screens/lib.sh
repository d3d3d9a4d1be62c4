# Shared helpers of the screens' end-to-end tests (sourced). Each test runs
# the real window under Xvfb (tests/xvfb.sh) with xdotool and ImageMagick, with
# XDG_DATA_HOME in a temporary folder so the pref path is isolated.
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
for tool in xdotool import compare convert; do
    command -v $tool >/dev/null 2>&1 || { echo "FAIL: $tool missing (xdotool, imagemagick)"; exit 1; }
done

work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "${QB_KEEP_SHOTS:-}" ] && cp "$work"/*.png "$QB_KEEP_SHOTS"; cat "$work"/out*.txt "$work"/err*.txt 2>/dev/null; rm -rf "$work"' EXIT
fail=0
export XDG_DATA_HOME="$work/data" HOME="$work"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" # X11 and GL libraries leak at exit
unset SDL_VIDEODRIVER
pref="$work/data/questboard/questboard"

check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}

start() { # NAME ARGS...: starts questboard, waits for its window
    run=$1
    shift
    # The server resets when the previous run's window leaves and takes no
    # clients for a moment (tests/xvfb.sh): wait for it first.
    sh "$(dirname "$0")/../xvfb.sh" --wait
    xdotool mousemove 0 0
    size="--size ${QB_SIZE:-900x600}"
    [ "${QB_SIZE:-}" = default ] && size="" # the window's own choice
    # shellcheck disable=SC2086
    "$qb" $size "$@" >"$work/out-$run.txt" 2>"$work/err-$run.txt" &
    pid=$!
    wid=""
    i=0
    while [ -z "$wid" ] && [ $i -lt 100 ] && kill -0 $pid 2>/dev/null; do
        wid=$(timeout 2 xdotool search --sync --onlyvisible --name Questboard 2>/dev/null | head -n 1)
        i=$((i + 1))
    done
    [ -n "$wid" ]; check "$run: the window opens" $?
    [ -n "$wid" ] || exit 1
    timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || timeout 10 xdotool windowactivate --sync "$wid" 2>/dev/null
    sleep 0.8
}

shot() { import -window "$wid" "$work/$1.png" 2>/dev/null; }

diff_px() { # A B: how many pixels differ
    compare -metric AE -fuzz 2% "$work/$1.png" "$work/$2.png" null: 2>&1 | cut -d' ' -f1
}

differs() { [ "$(diff_px "$1" "$2")" != "0" ]; }

diff_px_crop() { # A B GEOMETRY: how many pixels differ inside GEOMETRY (WxH+X+Y)
    convert "$work/$1.png" -crop "$3" +repage "$work/$1-crop.png"
    convert "$work/$2.png" -crop "$3" +repage "$work/$2-crop.png"
    diff_px "$1-crop" "$2-crop"
}

shot_after() { # PREV NAME: screenshot NAME once it differs from PREV (6 s at most)
    i=0
    while [ $i -lt 24 ]; do
        sleep 0.25
        shot "$2"
        differs "$1" "$2" && { sleep 0.3; shot "$2"; return 0; }
        i=$((i + 1))
    done
    return 1
}

shot_stable() { # NAME: screenshot NAME once two shots in a row agree (animations over; 8 s at most)
    shot "$1"
    i=0
    while [ $i -lt 20 ]; do
        sleep 0.4
        cp "$work/$1.png" "$work/$1-before.png"
        shot "$1"
        differs "$1-before" "$1" || return 0
        i=$((i + 1))
    done
    return 1
}

key() { xdotool key --window "$wid" "$@"; sleep 0.25; }

quit_from_title() { # Escape on the title asks, Return quits; checks the exit status
    key Escape
    sleep 0.3
    kill -0 $pid 2>/dev/null; check "$run: Escape on the title asks first" $?
    key Return
    i=0
    while kill -0 $pid 2>/dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    ! kill -0 $pid 2>/dev/null; check "$run: Escape, Return on the title quits" $?
    kill -0 $pid 2>/dev/null && { shot stuck; kill $pid; }
    wait $pid
    check "$run: exit status 0" $?
    pid=""
}

wait_file() { # PATTERN (find -name) under $work/data: prints the first match (5 s at most)
    i=0
    found=""
    while [ -z "$found" ] && [ $i -lt 50 ]; do
        found=$(find "$work/data" -name "$1" 2>/dev/null | head -n 1)
        [ -n "$found" ] || sleep 0.1
        i=$((i + 1))
    done
    echo "$found"
}

make_mission() { # DIR COLOUR: a one-room mission: a barbarian at (1,1), an orc at (6,4)
    mkdir -p "$1"
    convert -size 9x7 "xc:$2" -fill '#c3c3c3' -draw 'point 4,3' "PNG24:$1/board.png"
    cat >"$1/mission.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mission id="arena" version="1">
  <name>Arena</name>
  <briefing>A test of the screens: one room, one hero, one orc.</briefing>
  <board bitmap="board.png"/>
  <heroes>
    <hero type="barbarian" x="1" y="1"/>
  </heroes>
  <monsters>
    <monster id="boss" type="orc" x="7" y="5"/>
  </monsters>
  <objectives>
    <kill monster="boss" text="Defeat the orc"/>
  </objectives>
</mission>
XML
}

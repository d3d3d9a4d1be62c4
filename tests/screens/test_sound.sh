#!/bin/sh
# The game really plays sound (issue 17): the window runs under SDL's disk
# audio driver, which writes what the game would play to a file. With the
# music turned down in settings.ini, the board is silent until the player
# rolls; the roll's dice sound then reaches the output. Then the music
# alone: a mission's mood plays with the effects turned down. The samples
# are signed 16-bit mono at 22050 Hz (src/audio/audio.h, AUDIO_RATE).
# usage: test_sound.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

export SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$work/audio.raw"

peak() { # FILE [SKIP_BYTES]: the loudest sample (absolute value) after SKIP_BYTES
    tail -c +$((${2:-0} + 1)) "$1" | od -An -v -td2 -w2 |
        awk 'BEGIN { m = 0 } { v = $1 < 0 ? -$1 : $1; if (v > m) m = v } END { print m }'
}

loud_after() { # SKIP_BYTES LEVEL: waits (8 s at most) for a sample above LEVEL; prints the peak
    i=0
    while [ $i -lt 32 ]; do
        sleep 0.25
        p=$(peak "$work/audio.raw" "$1")
        [ "${p:-0}" -gt "$2" ] && break
        i=$((i + 1))
    done
    echo "${p:-0}"
}

settings() { # MUSIC EFFECTS: the volumes in a fresh settings.ini
    mkdir -p "$pref"
    printf 'questboard-settings 1\nvolume_master = 100\nvolume_effects = %s\nvolume_music = %s\nmute = false\n' \
        "$2" "$1" >"$pref/settings.ini"
}

make_mission "$pref/missions/arena" '#8a6d3b'

# Effects: silence on the board, then the dice of a roll.
settings 0 100
start effects "$pref/missions/arena/mission.xml"
xdotool mousemove --window "$wid" 1 1
shot_stable board
sleep 0.5
before=$(stat -c %s "$work/audio.raw" 2>/dev/null || echo 0)
[ "$before" -gt 0 ]; check "the disk driver is writing the game's output" $?
quiet=$(peak "$work/audio.raw")
echo "peak before the roll: $quiet (of $before bytes)"
[ "${quiet:-1}" -eq 0 ]; check "nothing plays before the roll (music at 0)" $?
key r
loud=$(loud_after "$before" 3000) # the dice, as the disk driver writes them (in real time)
echo "peak after the roll: $loud"
[ "${loud:-0}" -gt 3000 ]; check "the roll's dice are heard" $?
command -v sox >/dev/null 2>&1 && sox -t raw -r 22050 -e signed -b 16 -c 1 "$work/audio.raw" -n stat 2>&1 | grep -E 'Length|Maximum amp|RMS +amp'
kill $pid 2>/dev/null
wait $pid 2>/dev/null
pid=""

# Music: the mission's mood with the effects off.
rm -f "$work/audio.raw"
settings 100 0
start music "$pref/missions/arena/mission.xml"
music=$(loud_after 0 500) # the music fades in over two seconds
echo "peak of the music: $music"
[ "${music:-0}" -gt 500 ]; check "the mission's music plays" $?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
pid=""
exit $((fail > 0))

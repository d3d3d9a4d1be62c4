#!/bin/sh
# Settings and saves from disk under xvfb: a damaged settings file and a
# damaged save at start are reported, never fatal; a setting changed on the
# settings screen is written at once and read back on the next start.
# Skipped (77) only without Xvfb.
# usage: test_files.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

mkdir -p "$pref/saves"
printf 'questboard-settings 1\nui_scale = banana\nwindow_width = 900\n\001\002junk\n' >"$pref/settings.ini"
printf 'questboard-slot 1 slot=Broken mission=Gone turn=3 date=2026-01-01T00:00:00Z\nquestboard-save 1\ngarbage\n' \
    >"$pref/saves/slot-01.qbsave"
head -c 300 /dev/urandom >"$pref/saves/slot-02.qbsave"

QB_SIZE=1280x800 # room for UI scale 1.25 (the scale applies as far as the window has room)
start damaged
shot panel
grep -q "settings.ini:2:" "$work/err-damaged.txt"; check "the bad settings line is reported with its line" $?
kill -0 $pid; check "a damaged settings file is not fatal" $?
key Return # closes the settings report
shot_after panel title; check "the report closes onto the title" $?

key End Up Up Up Return # Load (slot-01 has a good header, slot-02 is junk)
shot_after title load; check "the load screen opens" $?
key Return # slot-01 has a good header: loading it reports why it fails
shot_after load loaderror; check "loading a damaged save shows an error panel" $?
kill -0 $pid; check "a damaged save is not fatal" $?
key Return Escape
sleep 0.3

key End Up Up Return # Settings
shot_after title settings; check "the settings screen opens" $?
key Down Right # UI scale 1.00 -> 1.25
sleep 0.5
grep -q '^ui_scale = 1.25' "$pref/settings.ini"; check "the UI scale is saved at once" $?
grep -q '^questboard-settings 1' "$pref/settings.ini"; check "the rewritten file is clean" $?
key Escape
sleep 0.3
shot title_scaled
quit_from_title

start again
shot title_again
[ -z "$(grep settings.ini "$work/err-again.txt")" ]; check "the rewritten settings load without problems" $?
near=$(diff_px title_again title_scaled)
far=$(diff_px title_again title)
echo "title now vs at scale 1.25: $near px, vs at scale 1.00: $far px"
[ "$near" -lt "$far" ]; check "the UI scale is read back" $?
quit_from_title

# A first start (no settings file, no --size) opens a share of the
# screen; a setting changed then writes that size, for the next start
# (it wrote the default 1280x800: a window as big as this whole screen)
rm -f "$pref/settings.ini"
QB_SIZE=default
start first
geometry=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')
key End Up Up Return # Settings
sleep 0.5
key Down Down Right # animation speed: normal -> fast, written at once
sleep 0.5
grep -q "^window_width = ${geometry%x*}\$" "$pref/settings.ini" &&
    grep -q "^window_height = ${geometry#*x}\$" "$pref/settings.ini"
check "a first start's window ($geometry) is the size written" $?
grep window_ "$pref/settings.ini"
key Escape
sleep 0.3
quit_from_title
exit $((fail > 0))

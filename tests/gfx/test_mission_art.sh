#!/bin/sh
# A mission's own art (docs/tiles.md, "A mission's own art"): a folder
# tiles/ beside the mission XML gives its colours' pictures before the
# bundled (here --tiles) ones, a folder sprites/ its sprites before the
# bundled ones; a tiles/ that is a symbolic link, and a tile in it that is
# one, are left out with a warning, so no art is read from outside the
# mission's folder.
# usage: test_mission_art.sh QUESTBOARD
qb="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}
# how many pixels of the picture are exactly colour $2
count() {
    convert "$1" -fill black +opaque "$2" -fill white -opaque "$2" -format '%[fx:mean*w*h]' info:
}
shot() { # out.png
    timeout 60 "$qb" --screenshot "$1" --size 320x240 --reveal --tiles "$TEST_DATA/gfx/tiles" \
        "$work/m/mission.xml" 2>>"$work/err.txt"
}
export XDG_DATA_HOME="$work/data" HOME="$work"
mkdir -p "$work/m" "$work/elsewhere"
cp "$TEST_DATA/gfx/rooms.png" "$work/m/"
cp "$TEST_DATA/gfx/doors.xml" "$work/m/mission.xml"
shot "$work/plain.png"; check "drawn without art of its own" $?
[ "$(count "$work/plain.png" '#ff00ff')" = 0 ]; check "no magenta before" $?
[ "$(count "$work/plain.png" '#00ffff')" = 0 ]; check "no cyan before" $?

mkdir -p "$work/m/tiles" "$work/m/sprites/pieces"
convert -size 16x16 xc:'#ff00ff' "PNG32:$work/m/tiles/ff0000_1.png"
convert -size 64x64 xc:'#00ffff' "PNG32:$work/m/sprites/pieces/barbarian.png"
shot "$work/own.png"; check "drawn with art of its own" $?
[ "$(count "$work/own.png" '#ff00ff')" -gt 500 ]; check "the red rooms show the mission's tile" $?
[ "$(count "$work/own.png" '#00ffff')" -gt 50 ]; check "the barbarian shows the mission's sprite" $?

# a tile that is a link to a file outside: skipped with a warning
convert -size 16x16 xc:'#ff00ff' "PNG32:$work/elsewhere/ff0000_1.png"
rm "$work/m/tiles/ff0000_1.png"
ln -s "$work/elsewhere/ff0000_1.png" "$work/m/tiles/ff0000_1.png"
: >"$work/err.txt"
shot "$work/linked-tile.png"; check "drawn with a linked tile" $?
[ "$(count "$work/linked-tile.png" '#ff00ff')" = 0 ]; check "the linked tile is not used" $?
grep -q "tiles/ff0000_1.png: not a regular file in the mission's folder" "$work/err.txt"
check "stderr names the linked tile" $?

# tiles/ itself a link to a folder outside: left out, with a warning
rm -r "$work/m/tiles"
ln -s "$work/elsewhere" "$work/m/tiles"
: >"$work/err.txt"
shot "$work/linked-folder.png"; check "drawn with a linked folder" $?
[ "$(count "$work/linked-folder.png" '#ff00ff')" = 0 ]; check "the linked folder is not used" $?
"$qb" --check "$work/m/mission.xml" >"$work/check.txt" 2>&1
grep -q "tiles/ is a symbolic link" "$work/check.txt"; check "--check warns of the linked folder" $?

# a sprites/ folder reached through a linked sub-folder: the bundled sprite
rm "$work/m/tiles"
mv "$work/m/sprites/pieces" "$work/elsewhere/pieces"
ln -s "$work/elsewhere/pieces" "$work/m/sprites/pieces"
shot "$work/linked-sprites.png"; check "drawn with linked sprites" $?
[ "$(count "$work/linked-sprites.png" '#00ffff')" = 0 ]; check "the linked sprite folder is not used" $?
[ $fail -eq 0 ] || cat "$work/err.txt"
exit $fail

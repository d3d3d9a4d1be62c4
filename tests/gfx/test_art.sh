#!/bin/sh
# Art folders are untrusted: --screenshot with a tile folder and a sprite
# folder holding a FIFO, an SVG named .png, a PNG whose header claims
# 100000x100000 pixels and one over the 1024-pixel art limit still draws
# the frame (exit 0, within the time limit), names each bad file on stderr
# and uses the good tiles.
# usage: test_art.sh QUESTBOARD
qb="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # description, status
    if [ "$2" -ne 0 ]; then echo "FAIL: $1"; fail=$((fail + 1)); else echo "ok: $1"; fi
}
mkdir -p "$work/tiles" "$work/sprites/pieces"
cp "$TEST_DATA/gfx/tiles/ffffff_1.png" "$TEST_DATA/gfx/tiles/c3c3c3_1.png" "$work/tiles/"
svg='<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'
huge() { # a PNG signature and a header of 100000 x 100000 pixels, nothing more
    printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\001\206\240\000\001\206\240\010\006\000\000\000' >"$1"
}
for d in "$work/tiles/808080_1.png:$work/tiles/404040_1.png:$work/tiles/202020_1.png" \
         "$work/sprites/pieces/barbarian.png:$work/sprites/pieces/dwarf.png:$work/sprites/pieces/elf.png"; do
    fifo=${d%%:*}; rest=${d#*:}; svgf=${rest%%:*}; hugef=${rest#*:}
    mkfifo "$fifo"
    printf '%s\n' "$svg" >"$svgf"
    huge "$hugef"
done
export XDG_DATA_HOME="$work/data" HOME="$work"
timeout 60 "$qb" --screenshot "$work/shot.png" --size 320x240 --tiles "$work/tiles" \
    --sprites "$work/sprites" "$TEST_DATA/gfx/rooms.png" >"$work/out.txt" 2>"$work/err.txt"
status=$?
check "the screenshot is drawn (exit $status)" "$status"
[ -s "$work/shot.png" ]; check "the picture is written" $?
for f in tiles/808080_1.png tiles/404040_1.png tiles/202020_1.png; do
    grep -q "$f" "$work/err.txt"; check "stderr names $f" $?
done
grep -q "not a regular file" "$work/err.txt"; check "the FIFO is refused" $?
grep -q "not a PNG file" "$work/err.txt"; check "the SVG is refused" $?
grep -q "100000x100000" "$work/err.txt"; check "the huge header is refused" $?
[ $fail -eq 0 ] || cat "$work/err.txt"
exit $fail

#!/bin/sh
# The window on SDL's software renderer (SDL_RENDER_DRIVER=software) shows
# its surface directly: no OpenGL driver is loaded for it (SDL would
# otherwise upload the surface through a GL texture of its own, which under
# Xvfb is Mesa's llvmpipe: 88 MiB and about 70 ms of start-up, issue 28).
# The title screen is drawn all the same.
# usage: test_software.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

export SDL_RENDER_DRIVER=software
unset SDL_FRAMEBUFFER_ACCELERATION
start title
shot title
# the backdrop's flagstones and the menu: more than a handful of colours
colours=$(convert "$work/title.png" -format '%k' info: 2>/dev/null)
[ "${colours:-0}" -gt 16 ]; check "the title screen is drawn ($colours colours)" $?
gl=$(grep -cE '_dri\.so|libLLVM|libGLX_mesa' "/proc/$pid/maps" 2>/dev/null)
[ "${gl:-0}" -eq 0 ]; check "no GL driver is mapped ($gl mappings)" $?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
pid=""
exit $((fail > 0))

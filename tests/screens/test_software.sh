#!/bin/sh
# The renderer's choice (issue 28): Xvfb has no DRI2 or DRI3, so OpenGL there
# could only be Mesa's software one (llvmpipe: 88 MiB and about 70 ms of
# start-up). With no SDL_RENDER_DRIVER the window chooses SDL's software
# renderer by itself and shows its surface directly: no GL driver is mapped
# (SDL would otherwise upload the surface through a GL texture of its own).
# SDL_RENDER_DRIVER=software does the same; SDL_RENDER_DRIVER=opengl still
# wins over the choice (the GL driver is mapped). The title screen is drawn
# each time, the same picture on both software paths.
# usage: test_software.sh QUESTBOARD
qb="$1"
command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb missing: skipped"; exit 77; }
[ -n "${QB_E2E_INNER:-}" ] || exec env QB_E2E_INNER=1 sh "$(dirname "$0")/../xvfb.sh" sh "$0" "$@"
. "$(dirname "$0")/lib.sh"

unset SDL_FRAMEBUFFER_ACCELERATION SDL_RENDER_DRIVER

gl_maps() { grep -cE '_dri\.so|libLLVM|libGLX_mesa' "/proc/$pid/maps" 2>/dev/null; }

stop() {
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    pid=""
}

title_run() { # NAME: the title screen, its picture and the GL driver's mappings
    start "$1"
    shot_stable "$1"
    colours=$(convert "$work/$1.png" -format '%k' info: 2>/dev/null)
    # the backdrop's flagstones and the menu: more than a handful of colours
    [ "${colours:-0}" -gt 16 ]; check "$1: the title screen is drawn ($colours colours)" $?
    gl=$(gl_maps)
}

title_run auto
[ "${gl:-0}" -eq 0 ]; check "auto: no GL driver is mapped under Xvfb ($gl mappings)" $?
stop

export SDL_RENDER_DRIVER=software
title_run software
[ "${gl:-0}" -eq 0 ]; check "software: no GL driver is mapped ($gl mappings)" $?
stop
[ "$(diff_px auto software)" = 0 ]; check "the same picture chosen or asked for" $?

export SDL_RENDER_DRIVER=opengl
title_run opengl
[ "${gl:-0}" -gt 0 ]; check "opengl: SDL_RENDER_DRIVER wins over the choice ($gl mappings)" $?
stop
exit $((fail > 0))

#!/bin/sh
# Sets up, builds and runs Questboard. On a fresh Debian 12 machine it first
# installs the Debian packages the build needs (as root, or through sudo).
#   ./build.sh play [ARGS...]   build, then start the game (its title screen;
#                               ARGS as questboard's: a MISSION starts into it)
#   ./build.sh test             build, then run every test
#   ./build.sh build            only configure and build
# BUILD_DIR (default: build) and MESON_ARGS (extra `meson setup` options)
# choose the build folder and its options.
set -eu
cd "$(dirname "$0")"

PACKAGES="meson ninja-build pkg-config gcc libc6-dev libsdl2-dev libsdl2-image-dev \
libsdl2-ttf-dev libxml2-dev libpng-dev libzip-dev nettle-dev libenet-dev xvfb xauth xdotool imagemagick clang libclang-rt-14-dev"
BUILD_DIR=${BUILD_DIR:-build}
# The validators of the desktop files (tests/app/test_desktop.sh).
PACKAGES="$PACKAGES desktop-file-utils appstream shared-mime-info groff-base libxml2-utils"
# The translations: msgfmt and xgettext build and check po/ (tests/app/test_po.sh).
PACKAGES="$PACKAGES gettext"
# Narration through speech-dispatcher (src/app/narrate_spd.c).
PACKAGES="$PACKAGES libspeechd-dev"
# The X server's extensions, asked by the window's renderer choice (src/app/gpuprobe.c).
PACKAGES="$PACKAGES libx11-dev"

missing_packages() {
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
    done
}

install_packages() {
    missing=$(missing_packages)
    [ -z "$missing" ] && return 0
    echo "build.sh: installing Debian packages:" $missing
    if [ "$(id -u)" -eq 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        echo "build.sh: please install as root: apt-get install" $missing >&2
        exit 1
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}

build() {
    install_packages
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        # shellcheck disable=SC2086
        meson setup "$BUILD_DIR" ${MESON_ARGS:-}
    fi
    meson compile -C "$BUILD_DIR"
}

cmd=${1:-play}
[ $# -gt 0 ] && shift
case "$cmd" in
    play) build; exec "$BUILD_DIR/src/questboard" "$@" ;;
    test) build; exec meson test -C "$BUILD_DIR" --print-errorlogs "$@" ;;
    build) build ;;
    *) echo "usage: ./build.sh play|test|build" >&2; exit 2 ;;
esac

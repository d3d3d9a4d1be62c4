#!/bin/sh
# The software centre's screenshots (dist/screenshots/, named in the
# AppStream metainfo): frames drawn by questboard --screenshot at 1280x720
# (16:9, as AppStream asks), with --reveal so the whole board shows.
# Nothing here is copied art: the frames are the game's own drawing of its
# bundled missions.
#   tools/make_screenshots.sh [QUESTBOARD]   (default: build/src/questboard)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
qb=${1:-$root/build/src/questboard}
out=$root/dist/screenshots
mkdir -p "$out"
shot() { # NAME MISSION
    "$qb" --screenshot "$out/$1.png" --size 1280x720 --reveal "$root/missions/$2/mission.xml"
    echo "wrote dist/screenshots/$1.png"
}
shot first-light first-light
shot ember-hive the-ember-hive
shot drowned-archive the-drowned-archive

#!/bin/sh
# Screens reach each other by id through the stack's registry (screens.h,
# screens_go; screenlist.h), so no screen includes another screen's header
# (issue 21). A screen's header is any header in src/app/screens/, or any
# other header of src/app that makes screens (declares a function
# returning Screen *), the stack's own screens.h aside. Checked: every
# file in src/app/screens/ includes no screen's header but its own, the
# stack (screens.c, screens.h) includes none, and every ScreenEntry a
# screen defines has its line in screenlist.h.
# usage: test_screen_includes.sh SRC_APP_DIR   (the source's src/app)
app="${1:?usage: test_screen_includes.sh SRC_APP_DIR}"
src=$(cd "$app/.." && pwd)
app="$src/app"
fail=0

# A header that makes screens: in screens/, or declaring "Screen *name(".
is_screen_header() { # path (absolute, normalised)
    case "$1" in
        "$app/screens.h") return 1 ;;
        "$app/screens/"*.h) return 0 ;;
        "$app/"*.h) grep -Eq '^Screen \*[A-Za-z0-9_]+\(' "$1" ;;
        *) return 1 ;;
    esac
}

# Where an #include "x" of file names: beside the file, else under src/.
resolve() { # file, included name
    dir=$(dirname "$1")
    for base in "$dir" "$src"; do
        if [ -f "$base/$2" ]; then
            (cd "$(dirname "$base/$2")" && printf '%s/%s\n' "$(pwd)" "$(basename "$2")")
            return
        fi
    done
}

check_file() { # file, its own header (or "")
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1" |
        while read -r inc; do
            target=$(resolve "$1" "$inc")
            [ -n "$target" ] || continue
            [ "$target" = "$2" ] && continue
            if is_screen_header "$target"; then
                echo "FAIL: ${1#"$src"/} includes another screen's header: $inc" \
                     "(go by id: screens_go, screenlist.h)"
                echo x
            fi
        done
}

files=$(find "$app/screens" -name '*.[ch]' | sort)
[ -n "$files" ] || { echo "FAIL: no screens under $app/screens"; exit 1; }
bad=$(for f in $files; do
          own="${f%.[ch]}.h"
          check_file "$f" "$own"
      done
      for f in "$app/screens.c" "$app/screens.h"; do
          check_file "$f" "$app/screens.h"
      done)
if [ -n "$bad" ]; then
    printf '%s\n' "$bad" | grep -v '^x$'
    fail=1
fi

# Every entry a screen defines is registered, so it can be gone to.
for entry in $(grep -rhoE '^const ScreenEntry [A-Za-z0-9_]+' "$app" | awk '{print $3}'); do
    if ! grep -Eq "^SCREEN\([A-Z0-9_]+, $entry\)" "$app/screenlist.h"; then
        echo "FAIL: $entry is defined but has no line in screenlist.h"
        fail=1
    fi
done

n=$(printf '%s\n' "$files" | wc -l)
[ $fail -eq 0 ] && echo "ok: $n files of src/app/screens include no other screen's header"
exit $fail

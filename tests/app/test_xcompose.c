/* The Compose table's cache folder (app/xcompose.h): chosen from the
 * environment, never over the user's own cache, never for root. */
#include "app/xcompose.h"
#include "check.h"

#include <string.h>

static void test_dir(void)
{
    char out[256];
    CHECK(xcompose_cache_dir(NULL, NULL, "/home/ann", false, false, out, sizeof out));
    CHECK(strcmp(out, "/home/ann/.cache/questboard/compose") == 0);
    CHECK(xcompose_cache_dir(NULL, "/var/c", "/home/ann", false, false, out, sizeof out));
    CHECK(strcmp(out, "/var/c/questboard/compose") == 0);
    CHECK(xcompose_cache_dir("", "rel", "/home/ann", false, false, out, sizeof out));
    CHECK(strcmp(out, "/home/ann/.cache/questboard/compose") == 0); /* relative XDG: ignored */
    /* the user's own cache, root, no home: left to libX11 */
    CHECK(!xcompose_cache_dir("/mine", NULL, "/home/ann", false, false, out, sizeof out));
    CHECK(!xcompose_cache_dir(NULL, NULL, "/home/ann", true, false, out, sizeof out));
    CHECK(!xcompose_cache_dir(NULL, NULL, "/root", false, true, out, sizeof out));
    CHECK(!xcompose_cache_dir(NULL, NULL, NULL, false, false, out, sizeof out));
    CHECK(!xcompose_cache_dir(NULL, NULL, "", false, false, out, sizeof out));
    /* too long for out: refused, not cut */
    char small[16];
    CHECK(!xcompose_cache_dir(NULL, NULL, "/home/ann", false, false, small, sizeof small));
}

int main(void)
{
    test_dir();
    return check_finish("xcompose");
}

/* The generator's files (src/gen/genfile): the PNG holds exactly the
 * generated pixels and is the same bytes every time; a written folder
 * loads through mission_load like any mission and passes the fairness
 * check; an existing mission is never replaced without overwrite. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "gen/genfile.h"
#include "gen/genverify.h"
#include "mission/bitmap.h"
#include "mission/mission.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char assets[1024], cat_path[1100];

static void test_png(const GenResult *r)
{
    uint8_t *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    char err[256];
    CHECK(genfile_png(r->rgba, r->width, r->height, &a, &na, err, sizeof err));
    CHECK(genfile_png(r->rgba, r->width, r->height, &b, &nb, err, sizeof err));
    CHECK(na == nb && na > 0 && memcmp(a, b, na) == 0);
    BitmapLimits lim = bitmap_default_limits();
    Bitmap bm = {0};
    CHECK(bitmap_decode("board.png", a, na, &lim, &bm, err, sizeof err));
    CHECK_INT(bm.width, r->width);
    CHECK_INT(bm.height, r->height);
    CHECK(bm.rgba && memcmp(bm.rgba, r->rgba, (size_t)r->width * r->height * 4) == 0);
    bitmap_free(&bm);
    free(a);
    free(b);
}

static void test_folder(GenStyle style, const char *dir)
{
    GenOptions o = gen_default_options();
    o.style = style;
    o.seed = 2024;
    ErrorList errs;
    errors_init(&errs, 0);
    GenResult r;
    char xml_path[4200];
    CHECK(genfile_generate(assets, &o, dir, false, &r, xml_path, sizeof xml_path, &errs));
    errors_print(&errs, stderr);
    errors_clear(&errs);
    test_png(&r);
    /* the folder loads like any mission, with the same facts */
    MissionLoadOptions lo = {0};
    lo.catalogue_path = cat_path;
    Mission *m = mission_load(xml_path, &lo, &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    if (m && r.mission) {
        CHECK(genverify_mission(m, &errs));
        CHECK_INT(board_room_count(m->board), board_room_count(r.mission->board));
        CHECK_INT(m->monster_count, r.mission->monster_count);
        CHECK(strcmp(m->name, r.name) == 0);
    }
    mission_destroy(m);
    errors_clear(&errs);
    /* a second time is refused and changes nothing; overwrite replaces */
    GenResult again;
    CHECK(!genfile_generate(assets, &o, dir, false, &again, xml_path, sizeof xml_path, &errs));
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : "", "already exists");
    errors_clear(&errs);
    CHECK(genfile_generate(assets, &o, dir, true, &again, xml_path, sizeof xml_path, &errs));
    gen_result_free(&again);
    gen_result_free(&r);
    errors_clear(&errs);
}

/* The verifier itself: the bundled missions that hide nothing behind
 * secret doors are fair; the drowned archive's room behind its secret
 * door is not reachable for it (secret doors count as walls). */
static void test_verify(void)
{
    MissionLoadOptions lo = {0};
    lo.catalogue_path = cat_path;
    const char *root = getenv("QUESTBOARD_DATA");
    const char *names[] = {"first-light", "bone-orchard", "the-drowned-archive"};
    for (int i = 0; i < 3; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", root, names[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &lo, &errs);
        CHECK(m != NULL);
        if (m) {
            bool fair = genverify_mission(m, &errs);
            CHECK(fair == (i < 2));
            if (i == 2)
                CHECK_STR_CONTAINS(errs.count ? errs.items[0] : "", "in room 2 cannot be reached");
        }
        mission_destroy(m);
        errors_clear(&errs);
    }
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    snprintf(assets, sizeof assets, "%s/assets", root ? root : ".");
    snprintf(cat_path, sizeof cat_path, "%s/pieces.xml", assets);
    SDL_Init(0);
    test_verify();
    char dir[] = "/tmp/qb-genfile-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char sub[200];
    for (int s = 0; s < GEN_STYLE_COUNT; s++) {
        /* a folder two levels down is made whole */
        snprintf(sub, sizeof sub, "%s/missions/%s-2024", dir, gen_style_name((GenStyle)s));
        test_folder((GenStyle)s, sub);
    }
    /* a file where the folder should be */
    snprintf(sub, sizeof sub, "%s/plain-file", dir);
    FILE *f = fopen(sub, "w");
    fclose(f);
    GenOptions o = gen_default_options();
    ErrorList errs;
    errors_init(&errs, 0);
    GenResult r;
    char xml_path[4200];
    CHECK(!genfile_generate(assets, &o, sub, false, &r, xml_path, sizeof xml_path, &errs));
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : "", "not a folder");
    errors_clear(&errs);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    SDL_Quit();
    return check_finish("genfile");
}

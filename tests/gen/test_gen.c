/* The mission generator (src/gen): its data file, noise, scattering and
 * routes, determinism, and 1,000 seeds of every style checked through the
 * mission loader's own reader, schema and checks plus the fairness check
 * (genverify) and the style's room limits. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/alloc.h"
#include "core/fileio.h"
#include "gen/gen.h"
#include "gen/genmap.h"
#include "gen/gennoise.h"
#include "gen/genroute.h"
#include "gen/genscatter.h"
#include "gen/genverify.h"
#include "mission/analysis.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 1000

static char cat_path[1024], data_path[1024];
static Catalogue *cat;
static GenData *data;

static GenSources sources(void)
{
    return (GenSources){data, cat, cat_path};
}

static bool generate(const GenOptions *o, GenResult *r)
{
    GenSources src = sources();
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = gen_generate(o, &src, r, &errs);
    if (!ok)
        errors_print(&errs, stderr);
    errors_clear(&errs);
    return ok;
}

/* --- the data file ------------------------------------------------------- */

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
}

/* A copy of the bundled data with one line replaced, loaded from a
 * temporary folder that also holds the schemas; the errors it gives. */
static ErrorList load_changed(const char *from, const char *to)
{
    char dir[] = "/tmp/qb-gendata-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *root = getenv("QUESTBOARD_DATA");
    char src[1024], dst[1200], cmd[4096];
    snprintf(cmd, sizeof cmd, "cp '%s/assets/generator.xsd' '%s/assets/common.xsd' '%s/assets/xml.xsd' '%s'",
             root, root, root, dir);
    CHECK(system(cmd) == 0);
    uint8_t *bytes;
    size_t size;
    char err[256];
    snprintf(src, sizeof src, "%s/assets/generator.xml", root);
    CHECK(fileio_read(src, 1 << 20, &bytes, &size, err, sizeof err));
    char *text = (char *)bytes, *at = strstr(text, from);
    CHECK(at != NULL);
    char *changed = xmalloc(size + strlen(to) + 1, 1);
    snprintf(changed, size + strlen(to) + 1, "%.*s%s%s", (int)(at - text), text, to,
             at + strlen(from));
    snprintf(dst, sizeof dst, "%s/generator.xml", dir);
    write_text(dst, changed);
    ErrorList errs;
    errors_init(&errs, 0);
    GenData *d = gendata_load(dst, &errs);
    CHECK(d == NULL);
    gendata_destroy(d);
    free(changed);
    free(bytes);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return errs;
}

static void test_data(void)
{
    CHECK(gendata_theme_count(data) > 10);
    CHECK_INT(gendata_terrain(data, GEN_TERRAIN_ROCK)->rgb, 0xc3c3c3);
    CHECK_INT(gendata_terrain(data, GEN_TERRAIN_WATER)->type, SQUARE_BLOCKED);
    CHECK(gendata_difficulty(data, 0)->budget < gendata_difficulty(data, 2)->budget);
    /* a terrain given twice, and a style left without an entry theme */
    ErrorList e = load_changed("<terrain id=\"passage\"", "<terrain id=\"rock\"");
    CHECK(e.count >= 1);
    CHECK_STR_CONTAINS(e.items[0], "generator.xml:");
    CHECK_STR_CONTAINS(e.items[0], "terrain 'rock' is given twice");
    errors_clear(&e);
    e = load_changed("styles=\"caverns\" use=\"entry\"", "styles=\"caverns\" use=\"room\"");
    CHECK(e.count == 1);
    CHECK_STR_CONTAINS(e.count ? e.items[0] : "", "no theme for style caverns has use=\"entry\"");
    errors_clear(&e);
    e = load_changed("<boss base=\"orc\"", "<boss bass=\"orc\"");
    CHECK(e.count >= 1);
    CHECK_STR_CONTAINS(e.count ? e.items[0] : "", "generator.xml:");
    errors_clear(&e);
}

/* --- the parts ----------------------------------------------------------- */

static void test_noise(void)
{
    GenNoise n = {12345, 8, 3};
    uint16_t row[300];
    int lo = 65535, hi = 0;
    for (int y = -5; y < 40; y += 3) {
        gennoise_row(&n, y, 300, row);
        for (int x = 0; x < 300; x++) {
            CHECK_INT(row[x], gennoise_at(&n, x, y));
            lo = row[x] < lo ? row[x] : lo;
            hi = row[x] > hi ? row[x] : hi;
        }
    }
    /* it spreads over most of the range, and is smooth: neighbours differ
     * by a small step */
    CHECK(lo < 20000 && hi > 45000);
    for (int x = 0; x < 299; x++)
        CHECK(abs(row[x] - row[x + 1]) < 12000);
    /* integers only: these values are the same on every machine */
    CHECK_INT(gennoise_at(&n, 0, 0), gennoise_at(&n, 0, 0));
    GenNoise other = {12346, 8, 3};
    int differ = 0;
    for (int x = 0; x < 100; x++)
        differ += gennoise_at(&n, x, 7) != gennoise_at(&other, x, 7);
    CHECK(differ > 90);
}

static void test_scatter(void)
{
    Rng rng = rng_make(7, 1);
    GenList pts;
    genlist_init(&pts, sizeof(BoardPos));
    genscatter_poisson(120, 80, 6, &rng, &pts);
    CHECK(pts.count > 100);
    int too_close = 0;
    for (size_t i = 0; i < pts.count; i++)
        for (size_t j = i + 1; j < pts.count; j++) {
            const BoardPos *a = genlist_at(&pts, i), *b = genlist_at(&pts, j);
            int dx = a->x - b->x, dy = a->y - b->y;
            too_close += dx * dx + dy * dy < 36;
        }
    CHECK_INT(too_close, 0);
    /* near-maximal: no square is far from every point */
    int far = 0;
    for (int y = 0; y < 80; y += 2)
        for (int x = 0; x < 120; x += 2) {
            int best = 1 << 30;
            for (size_t i = 0; i < pts.count; i++) {
                const BoardPos *a = genlist_at(&pts, i);
                int d = (a->x - x) * (a->x - x) + (a->y - y) * (a->y - y);
                best = d < best ? d : best;
            }
            far += best > 4 * 36 * 2;
        }
    CHECK(far < 10);
    genlist_free(&pts);
}

/* A 20x5 field: row 2 costs 1, everything else 5, column 10 is a wall
 * except at row 4. */
static int field_cost(void *ctx, BoardPos p)
{
    (void)ctx;
    if (p.x == 10 && p.y != 4)
        return -1;
    return p.y == 2 ? 1 : 5;
}

static bool field_goal(void *ctx, BoardPos p)
{
    (void)ctx;
    return p.x == 19 && p.y == 2;
}

static void test_route(void)
{
    GenRoute *rt = genroute_create();
    GenRouteQuery q = {{0, 0}, {19, 4}, {19, 2}, {19, 2}, 1, field_cost, field_goal, NULL};
    BoardPos start = {0, 2};
    const BoardPos *path;
    int n = genroute_find(rt, &q, &start, 1, &path);
    CHECK(n > 20);
    CHECK(n > 0 && path[0].x == 0 && path[n - 1].x == 19 && path[n - 1].y == 2);
    bool through_gap = false;
    for (int i = 0; i < n; i++) {
        CHECK(field_cost(NULL, path[i]) >= 0);
        through_gap |= path[i].x == 10 && path[i].y == 4;
        if (i)
            CHECK_INT(grid_manhattan(path[i - 1], path[i]), 1);
    }
    CHECK(through_gap);
    /* a window that leaves out the gap has no route */
    GenRouteQuery shut = q;
    shut.max.y = 3;
    CHECK_INT(genroute_find(rt, &shut, &start, 1, &path), -1);
    genroute_destroy(rt);
}

/* Each square's distance and each region's, as two arrays to compare. */
static void snapshot_dist(const GenMap *m, int32_t *squares, int32_t *regions)
{
    memcpy(squares, m->dist, (size_t)m->area * sizeof *squares);
    for (int r = 1; r <= m->region_count; r++)
        regions[r] = m->regions[r].dist;
}

/* Opens rock square (x,y) into passage. */
static int32_t open_square(GenMap *m, int x, int y)
{
    int64_t i = genmap_index(m, (BoardPos){x, y});
    genmap_remove(m, i, GEN_LAYER_ROCK);
    genmap_add(m, i, GEN_LAYER_PASSAGE);
    return (int32_t)i;
}

/* genmap_distances_opened (the tidying's squares opened after the entry's
 * flood) gives what a new flood gives: shortcuts lower the squares and
 * rooms beyond them, through doors, and squares opened side by side are
 * settled from each other. */
static void test_distances_opened(void)
{
    /* a corridor winding down the map (P passage, R rock) to a room (A)
     * behind a door west of (6,7) */
    static const char *const rows[] = {
        "PPPPPPPPP", "RRRRRRRRP", "PPPPPPPPP", "PRRRRRRRR",
        "PRRRRRRRR", "PPPPPPPPP", "RRRRRRRRP", "AAAAAAPPP",
    };
    int w = 9, h = 8;
    GenMap *m = genmap_create(w, h);
    int room = genmap_region_new(m, GEN_REGION_ROOM);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int64_t i = (int64_t)y * w + x;
            if (rows[y][x] == 'A')
                genmap_region_add(m, room, i, GEN_LAYER_ROOM);
            else
                genmap_add(m, i, rows[y][x] == 'P' ? GEN_LAYER_PASSAGE : GEN_LAYER_ROCK);
        }
    genmap_door_add(m, (BoardPos){5, 7}, GRID_DIR_EAST, DOOR_NORMAL, false);
    genmap_distances(m, (BoardPos){0, 0});
    CHECK_INT(m->dist[5 * w + 8], 29);
    CHECK_INT(m->regions[room].dist, 34);
    int32_t *kept = xmalloc((size_t)m->area, sizeof *kept);
    int32_t *fresh = xmalloc((size_t)m->area, sizeof *fresh);
    int32_t kept_r[2], fresh_r[2];
    /* two squares side by side, each alone joining nothing (the far one
     * first: its seed from the long way is lowered again); then a
     * shortcut at the other end */
    static const BoardPos opened[3] = {{8, 4}, {8, 3}, {0, 1}};
    int first[2] = {0, 2}, counts[2] = {2, 1};
    int32_t want_far[2] = {13, 13}, want_room[2] = {18, 18}, want_turn[2] = {21, 5};
    for (int k = 0; k < 2; k++) {
        int32_t squares[2];
        for (int n = 0; n < counts[k]; n++)
            squares[n] = open_square(m, opened[first[k] + n].x, opened[first[k] + n].y);
        genmap_distances_opened(m, squares, counts[k]);
        snapshot_dist(m, kept, kept_r);
        genmap_distances(m, (BoardPos){0, 0});
        snapshot_dist(m, fresh, fresh_r);
        CHECK(memcmp(kept, fresh, (size_t)m->area * sizeof *kept) == 0);
        CHECK_INT(kept_r[room], fresh_r[room]);
        CHECK_INT(kept[5 * w + 8], want_far[k]);
        CHECK_INT(kept[5 * w + 0], want_turn[k]);
        CHECK_INT(kept_r[room], want_room[k]);
    }
    free(kept);
    free(fresh);
    genmap_destroy(m);
}

static void test_options(void)
{
    GenOptions o = gen_default_options();
    char err[256];
    CHECK(gen_check_options(&o, err, sizeof err));
    o.width = 11;
    CHECK(!gen_check_options(&o, err, sizeof err));
    CHECK_STR_CONTAINS(err, "12 to 4096");
    o = gen_default_options();
    o.heroes = 5;
    CHECK(!gen_check_options(&o, err, sizeof err));
    CHECK_STR_CONTAINS(err, "heroes must be 1 to 4");
    int w, h;
    CHECK(gen_size_parse("26x19", &w, &h) && w == 26 && h == 19);
    CHECK(!gen_size_parse("4097x20", &w, &h));
    CHECK(!gen_size_parse("20x20x", &w, &h));
    CHECK(!gen_size_parse("ax20", &w, &h));
    /* sscanf's %d wrapped 2^32 + 12 to 12 (issue 26 item 5) */
    CHECK(!gen_size_parse("4294967308x12", &w, &h));
    CHECK(!gen_size_parse("12x4294967308", &w, &h));
    CHECK(!gen_size_parse(" 26x19", &w, &h));
    CHECK(!gen_size_parse("+26x19", &w, &h));
    GenStyle s;
    CHECK(gen_style_parse("wilds", &s) && s == GEN_STYLE_WILDS);
    CHECK(!gen_style_parse("Wilds", &s));
    GenResult r;
    ErrorList errs;
    errors_init(&errs, 0);
    GenSources src = sources();
    o.heroes = 0;
    CHECK(!gen_generate(&o, &src, &r, &errs));
    CHECK(errs.count == 1);
    errors_clear(&errs);
}

/* --- whole missions ---------------------------------------------------------- */

static void test_determinism(GenStyle style)
{
    GenOptions o = gen_default_options();
    o.style = style;
    o.seed = 99;
    GenResult a, b, c;
    CHECK(generate(&o, &a));
    CHECK(generate(&o, &b));
    o.seed = 100;
    CHECK(generate(&o, &c));
    CHECK(a.xml_size == b.xml_size && memcmp(a.xml, b.xml, a.xml_size) == 0);
    CHECK(memcmp(a.rgba, b.rgba, (size_t)a.width * a.height * 4) == 0);
    CHECK(a.xml_size != c.xml_size || memcmp(a.xml, c.xml, a.xml_size) != 0);
    CHECK(memcmp(a.rgba, c.rgba, (size_t)a.width * a.height * 4) != 0);
    CHECK_STR_CONTAINS(a.xml, "<mission id=\"");
    gen_result_free(&a);
    gen_result_free(&b);
    gen_result_free(&c);
}

/* True for the colours of the squares outside rooms: passages, open
 * country. */
static bool terrain_colour(uint32_t rgb)
{
    for (int t = 0; t < GEN_TERRAIN_COUNT; t++)
        if (gendata_terrain(data, (GenTerrain)t)->rgb == rgb)
            return true;
    return false;
}

/* The style's rooms: dungeon rooms are rectangles of 3x3 to 10x8 (the
 * rest is passage), cave rooms have at least 8 squares, huts are 3x3 to
 * 4x4 (the rest is open country). */
static int check_rooms(GenStyle style, const Mission *m)
{
    const Board *b = m->board;
    int bad = 0;
    for (int32_t r = 1; r <= board_room_count(b); r++) {
        const BoardRoom *info = board_room_info(b, r);
        if (terrain_colour(info->rgb))
            continue;
        int w = info->max.x - info->min.x + 1, h = info->max.y - info->min.y + 1;
        bool rect = info->squares == (int64_t)w * h;
        if (style == GEN_STYLE_DUNGEON)
            bad += w < 3 || h < 3 || w > 10 || h > 8 || !rect;
        else if (style == GEN_STYLE_CAVERNS)
            bad += info->squares < 8;
        else
            bad += w < 3 || h < 3 || w > 4 || h > 4 || !rect;
    }
    return bad;
}

/* Nothing stands where nothing may stand. */
static int check_pieces(const Mission *m)
{
    int bad = 0;
    for (size_t i = 0; i < m->hero_count; i++)
        bad += !board_walkable(m->board, m->heroes[i].pos);
    for (size_t i = 0; i < m->monster_count; i++)
        bad += !board_walkable(m->board, m->monsters[i].pos);
    for (size_t i = 0; i < m->furniture_count; i++)
        for (int y = 0; y < m->furniture[i].height; y++)
            for (int x = 0; x < m->furniture[i].width; x++)
                bad += !board_walkable(m->board, (BoardPos){m->furniture[i].pos.x + x,
                                                            m->furniture[i].pos.y + y});
    for (size_t i = 0; i < m->trap_count; i++)
        bad += !board_walkable(m->board, m->traps[i].pos);
    return bad;
}

static void test_many(GenStyle style)
{
    int failed = 0, retries = 0, unfair = 0, warned = 0, bad_rooms = 0, bad_pieces = 0, bad_heroes = 0;
    int rooms_min = 1 << 30, rooms_max = 0, boss = 0;
    for (int s = 0; s < SEEDS; s++) {
        GenOptions o = gen_default_options();
        o.style = style;
        o.seed = (uint64_t)s * 7919u + 3u;
        o.heroes = 1 + s % 4;
        o.difficulty = (GenDifficulty)(s % 3);
        GenResult r;
        if (!generate(&o, &r)) {
            failed++;
            continue;
        }
        const Mission *m = r.mission;
        retries += r.stats.attempts - 1;
        ErrorList errs;
        errors_init(&errs, 0);
        unfair += !genverify_mission(m, &errs);
        /* what --check warns about: nothing */
        warned += analysis_run(m, &errs, NULL) > 0;
        errors_clear(&errs);
        bad_rooms += check_rooms(style, m);
        bad_pieces += check_pieces(m);
        bad_heroes += (int)m->hero_count != o.heroes || m->objective_count < 1;
        for (size_t i = 0; i < m->monster_count; i++)
            boss += strcmp(m->monsters[i].id, "boss") == 0;
        int rooms = board_room_count(m->board);
        rooms_min = rooms < rooms_min ? rooms : rooms_min;
        rooms_max = rooms > rooms_max ? rooms : rooms_max;
        CHECK(r.xml_size < (1u << 20));
        gen_result_free(&r);
    }
    printf("%s: %d seeds, %d failed, %d retries, rooms %d..%d\n", gen_style_name(style), SEEDS,
           failed, retries, rooms_min, rooms_max);
    CHECK_INT(failed, 0);
    CHECK_INT(unfair, 0);
    CHECK_INT(warned, 0);
    CHECK_INT(bad_rooms, 0);
    CHECK_INT(bad_pieces, 0);
    CHECK_INT(bad_heroes, 0);
    CHECK_INT(boss, SEEDS);
    CHECK(rooms_min >= 3);
    CHECK(retries < SEEDS / 2);
}

/* A bigger board of each style, and the smallest. */
static void test_sizes(GenStyle style)
{
    int sizes[][2] = {{12, 12}, {GEN_MIN_SIDE, 40}, {128, 96}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        GenOptions o = gen_default_options();
        o.style = style;
        o.seed = 5;
        o.width = sizes[k][0];
        o.height = sizes[k][1];
        GenResult r;
        CHECK(generate(&o, &r));
        if (r.mission)
            CHECK_INT(board_width(r.mission->board), o.width);
        gen_result_free(&r);
    }
}

/* The wilds' palette carries the terrain costs of the data file (forest
 * and hills 2), the rules read them per square, and the dungeon's has
 * none (every square costs 1: the rules keep breadth-first search). */
static void test_terrain_costs(void)
{
    GenOptions o = gen_default_options();
    o.style = GEN_STYLE_WILDS;
    o.seed = 11;
    o.width = o.height = 64;
    GenResult r;
    CHECK(generate(&o, &r));
    if (!r.mission)
        return;
    const GenTerrainInfo *forest = gendata_terrain(data, GEN_TERRAIN_FOREST);
    CHECK_INT(forest->cost, 2);
    CHECK_STR_CONTAINS(r.xml, "name=\"Forest\" area=\"outdoors\" corridor=\"true\" cost=\"2\"");
    uint8_t *costs = mission_square_costs(r.mission);
    CHECK(costs != NULL);
    int forest_squares = 0, wrong = 0;
    const Board *b = r.mission->board;
    for (int y = 0; y < o.height; y++)
        for (int x = 0; x < o.width; x++) {
            uint32_t rgb = board_rgb(b, (BoardPos){x, y});
            int want = rgb == forest->rgb ? 2 : 1;
            forest_squares += want == 2;
            wrong += costs && board_walkable(b, (BoardPos){x, y}) &&
                     rgb != gendata_terrain(data, GEN_TERRAIN_HILLS)->rgb &&
                     costs[(size_t)y * o.width + x] != want;
        }
    CHECK(forest_squares > 0);
    CHECK_INT(wrong, 0);
    free(costs);
    gen_result_free(&r);
    o.style = GEN_STYLE_DUNGEON;
    CHECK(generate(&o, &r));
    if (r.mission)
        CHECK(mission_square_costs(r.mission) == NULL);
    gen_result_free(&r);
}

/* Each colour of a generated palette has a name of its own (issue 25
 * item 17: three colours were called "Kitchen"), and the goal's room
 * keeps its theme's name, the one the briefing uses. */
static void test_palette_names(void)
{
    int repeated = 0, numbered = 0;
    for (int style = 0; style < GEN_STYLE_COUNT; style++)
        for (uint64_t seed = 40; seed < 52; seed++) {
            GenOptions o = gen_default_options();
            o.style = (GenStyle)style;
            o.seed = seed;
            GenResult r;
            if (!generate(&o, &r))
                continue;
            const Mission *m = r.mission;
            for (size_t i = 0; i < m->palette_count; i++) {
                numbered += strstr(m->palette[i].name, " II") != NULL;
                for (size_t k = 0; k < i; k++)
                    repeated += strcmp(m->palette[i].name, m->palette[k].name) == 0;
            }
            gen_result_free(&r);
        }
    CHECK_INT(repeated, 0);
    CHECK(numbered > 0); /* some theme did come twice */
}

/* Caverns keep a floor on rooms and doors by the board's size (seed 42
 * at the default size gave 3 rooms and 2 doors): 5 rooms and 3 doors at
 * 26x19, more on bigger boards. */
static void test_caverns_floor(void)
{
    int sizes[][3] = {{26, 19, 5}, {40, 30, 13}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (uint64_t seed = 40; seed < 50; seed++) {
            GenOptions o = gen_default_options();
            o.style = GEN_STYLE_CAVERNS;
            o.seed = seed;
            o.width = sizes[k][0];
            o.height = sizes[k][1];
            GenResult r;
            CHECK(generate(&o, &r));
            if (!r.mission)
                continue;
            int area = o.width * o.height;
            CHECK(r.stats.regions >= sizes[k][2]);
            CHECK(r.stats.doors >= area / 160);
            gen_result_free(&r);
        }
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root ? root : ".");
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root ? root : ".");
    ErrorList errs;
    errors_init(&errs, 0);
    cat = catalogue_load(cat_path, &errs);
    data = gendata_load(data_path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(cat && data);
    if (!cat || !data)
        return check_finish("gen");
    test_data();
    test_noise();
    test_scatter();
    test_route();
    test_distances_opened();
    test_palette_names();
    test_caverns_floor();
    test_options();
    test_terrain_costs();
    for (int s = 0; s < GEN_STYLE_COUNT; s++) {
        test_determinism((GenStyle)s);
        test_sizes((GenStyle)s);
        test_many((GenStyle)s);
    }
    gendata_destroy(data);
    catalogue_destroy(cat);
    return check_finish("gen");
}

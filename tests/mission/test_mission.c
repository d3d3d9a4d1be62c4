/* The mission loader: the bundled missions and a full fixture load, a bare
 * bitmap becomes a mission, and every error class is refused with a
 * message naming the file and the line. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"
#include "mission/mission.h"
#include "mission/xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char catalogue_path[1024];

static const char *fixture(const char *name)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/missions/%s", getenv("TEST_DATA"), name);
    return buf;
}

static Mission *load(const char *path, ErrorList *errs)
{
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    errors_init(errs, 0);
    Mission *m = mission_load(path, &opts, errs);
    for (size_t i = 0; i < errs->count; i++)
        fprintf(stderr, "  (%s)\n", errs->items[i]);
    return m;
}

static void test_good(void)
{
    ErrorList errs;
    Mission *m = load(fixture("good.xml"), &errs);
    CHECK(m != NULL);
    CHECK_INT(errs.count, 0);
    if (!m)
        return;
    CHECK_STR_CONTAINS(m->id, "fixture");
    CHECK_STR_CONTAINS(m->name, "Fixture");
    CHECK_INT(m->hero_count, 2);
    CHECK_INT(m->monster_count, 2);
    CHECK_INT(m->door_count, 3);
    CHECK_INT(m->furniture_count, 3);
    CHECK_INT(m->rubble_count, 1);
    CHECK_INT(m->trap_count, 2);
    CHECK_INT(m->treasure_count, 3);
    CHECK_INT(m->doors[2].kind, DOOR_LOCKED);
    CHECK_INT(m->doors[2].key_treasure, 2); /* brass_key */
    CHECK_INT(m->doors[0].key_treasure, -1);
    CHECK_INT(m->exit_count, 1);
    CHECK_INT(m->objective_count, 5);
    CHECK_INT(m->rules.hero_move_dice, 3);
    CHECK_INT(m->rules.turn_limit, 30);
    CHECK_STR_CONTAINS(m->rules.wandering_monster, "goblin");
    CHECK_STR_CONTAINS(m->rules.heroes_allowed[1], "elf");
    /* The mission's own type joins its catalogue copy. */
    CHECK(catalogue_find(m->catalogue, "boss_orc") != NULL);
    CHECK_INT(catalogue_find(m->catalogue, "boss_orc")->body, 3);
    /* Doors are stored from their west or north square. */
    CHECK_INT(m->doors[1].pos.x, 5);
    CHECK_INT(m->doors[1].side, GRID_DIR_EAST);
    CHECK_INT(m->doors[1].kind, DOOR_SECRET);
    CHECK_INT(m->doors[0].side, GRID_DIR_EAST);
    CHECK(mission_door_at(m, (BoardPos){6, 1}, GRID_DIR_WEST) == &m->doors[1]);
    CHECK(mission_door_at(m, (BoardPos){5, 1}, GRID_DIR_EAST) == &m->doors[1]);
    CHECK(mission_door_at(m, (BoardPos){4, 0}, GRID_DIR_WEST) == &m->doors[0]);
    CHECK(mission_door_at(m, (BoardPos){4, 0}, GRID_DIR_EAST) == NULL);
    CHECK(mission_is_exit(m, (BoardPos){9, 2}));  /* an <exits> square */
    CHECK(mission_is_exit(m, (BoardPos){5, 3}));  /* the stairway at (4,2) */
    CHECK(!mission_is_exit(m, (BoardPos){6, 3}));
    CHECK(!mission_is_exit(m, (BoardPos){9, 0})); /* a chest */
    /* A bookcase (3x1) turned 90 degrees covers 1x3. */
    CHECK_INT(m->furniture[1].width, 1);
    CHECK_INT(m->furniture[1].height, 3);
    CHECK(mission_furniture_at(m, (BoardPos){0, 6}) == &m->furniture[1]);
    CHECK(mission_furniture_at(m, (BoardPos){1, 4}) == NULL);
    CHECK_INT(m->treasure[0].room, board_room(m->board, (BoardPos){9, 0}));
    CHECK_INT(m->treasure[1].room, board_room(m->board, (BoardPos){2, 4}));
    CHECK_INT(m->objectives[0].kind, OBJECTIVE_KILL);
    CHECK_STR_CONTAINS(m->objectives[0].target, "boss");
    CHECK_INT(m->objectives[0].reward_count, 2);
    CHECK_INT(m->objectives[0].rewards[0].gold, 50);
    CHECK_STR_CONTAINS(m->objectives[0].rewards[1].item, "wraithbane");
    CHECK_INT(m->objectives[0].rewards[1].gold, 0);
    CHECK_INT(m->objectives[1].reward_count, 0);
    CHECK_STR_CONTAINS(m->objectives[1].text, "Star Gem");
    CHECK_INT(m->objectives[4].kind, OBJECTIVE_ESCAPE);
    CHECK_STR_CONTAINS(mission_colour_name(m, 0xc82828), "Red room");
    CHECK(mission_colour_name(m, 0x123456) == NULL);
    CHECK_INT(m->traps[0].kind, TRAP_PIT);
    CHECK_INT(m->line, 2);
    CHECK_INT(m->heroes[1].line, 12);
    /* The hash is FNV-1a over the XML bytes, then the bitmap bytes. */
    uint8_t *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    char err[128];
    CHECK(fileio_read(fixture("good.xml"), 1 << 20, &a, &na, err, sizeof err));
    CHECK(fileio_read(fixture("board.png"), 1 << 20, &b, &nb, err, sizeof err));
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < na + nb; i++) {
        h ^= i < na ? a[i] : b[i - na];
        h *= 0x100000001b3ull;
    }
    CHECK(m->hash == h);
    free(a);
    free(b);
    CHECK_STR_CONTAINS(mission_door_kind_name(DOOR_LOCKED), "locked");
    CHECK_STR_CONTAINS(mission_trap_kind_name(TRAP_FALLING_BLOCK), "falling_block");
    CHECK_STR_CONTAINS(mission_treasure_kind_name(TREASURE_WANDERING_MONSTER), "wandering");
    CHECK_STR_CONTAINS(mission_objective_kind_name(OBJECTIVE_REACH_ROOM), "reach-room");
    mission_destroy(m);
    mission_destroy(NULL);
    errors_clear(&errs);
}

/* True when a door of kind normal stands on the edge from a in dir
 * (written from either side of it). */
static bool normal_door(const Mission *m, BoardPos a, GridDir dir)
{
    BoardPos b = grid_step(board_grid(m->board), a, dir);
    GridDir back = grid_dir_opposite(dir);
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        if (d->kind == DOOR_NORMAL && ((grid_pos_equal(d->pos, a) && d->side == dir) ||
                                       (grid_pos_equal(d->pos, b) && d->side == back)))
            return true;
    }
    return false;
}

static bool blocks(const Mission *m, BoardPos p)
{
    const MissionFurniture *f = mission_furniture_at(m, p);
    if (f && (catalogue_find(m->catalogue, f->type)->flags & PIECE_BLOCKS_MOVE))
        return true;
    for (size_t i = 0; i < m->rubble_count; i++)
        if (grid_pos_equal(m->rubble[i].pos, p))
            return true;
    return false;
}

/* Squares the heroes can walk to through normal doors only (monsters can
 * be fought, so they do not block; locked and secret doors do). */
static bool *reachable(const Mission *m)
{
    const Grid *g = board_grid(m->board);
    int64_t area = grid_area(g);
    bool *seen = calloc((size_t)area, 1);
    int64_t *queue = malloc((size_t)area * sizeof *queue);
    int64_t head = 0, tail = 0;
    for (size_t i = 0; i < m->hero_count; i++) {
        int64_t k = grid_index(g, m->heroes[i].pos);
        if (!seen[k]) {
            seen[k] = true;
            queue[tail++] = k;
        }
    }
    while (head < tail) {
        BoardPos p = grid_pos(g, queue[head++]);
        /* across edges only (square8 diagonals reach nothing more) */
        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
        int n = grid_neighbours(g, p, nb);
        for (int j = 0; j < n; j++) {
            BoardPos q = nb[j].pos;
            GridDir d = nb[j].dir;
            if (!grid_is_edge(g, d) || !board_walkable(m->board, q) || blocks(m, q))
                continue;
            if (board_wall(m->board, p, d) && !normal_door(m, p, d))
                continue;
            int64_t k = grid_index(g, q);
            if (!seen[k]) {
                seen[k] = true;
                queue[tail++] = k;
            }
        }
    }
    free(queue);
    return seen;
}

static bool seen_at(const Mission *m, const bool *seen, BoardPos p)
{
    return board_contains(m->board, p) && seen[grid_index(board_grid(m->board), p)];
}

/* Some reachable square of the furniture's room touches it (to search it). */
static bool furniture_reachable(const Mission *m, const bool *seen, const char *id)
{
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        if (strcmp(f->id, id) != 0)
            continue;
        for (int y = f->pos.y - 1; y <= f->pos.y + f->height; y++)
            for (int x = f->pos.x - 1; x <= f->pos.x + f->width; x++)
                if (seen_at(m, seen, (BoardPos){x, y}) &&
                    board_room(m->board, (BoardPos){x, y}) == board_room(m->board, f->pos))
                    return true;
    }
    return false;
}

static bool room_reachable(const Mission *m, const bool *seen, int32_t room)
{
    for (int y = 0; y < board_height(m->board); y++)
        for (int x = 0; x < board_width(m->board); x++)
            if (board_room(m->board, (BoardPos){x, y}) == room && seen_at(m, seen, (BoardPos){x, y}))
                return true;
    return false;
}

static bool objective_reachable(const Mission *m, const bool *seen, const MissionObjective *o)
{
    switch (o->kind) {
    case OBJECTIVE_KILL:
        for (size_t i = 0; i < m->monster_count; i++)
            if (strcmp(m->monsters[i].id, o->target) == 0)
                return seen_at(m, seen, m->monsters[i].pos);
        return false;
    case OBJECTIVE_FIND_ITEM:
        for (size_t i = 0; i < m->treasure_count; i++)
            if (strcmp(m->treasure[i].id, o->target) == 0)
                return m->treasure[i].furniture[0]
                           ? furniture_reachable(m, seen, m->treasure[i].furniture)
                           : room_reachable(m, seen, m->treasure[i].room);
        return false;
    case OBJECTIVE_REACH_SQUARE:
        return seen_at(m, seen, o->pos);
    case OBJECTIVE_REACH_ROOM:
        return room_reachable(m, seen, board_room(m->board, o->pos));
    case OBJECTIVE_ESCAPE:
        for (size_t i = 0; i < m->exit_count; i++)
            if (seen_at(m, seen, m->exits[i].pos))
                return true;
        for (size_t i = 0; i < m->furniture_count; i++) {
            const MissionFurniture *f = &m->furniture[i];
            if ((catalogue_find(m->catalogue, f->type)->flags & PIECE_EXIT) &&
                seen_at(m, seen, f->pos))
                return true;
        }
        return false;
    case OBJECTIVE_KIND_COUNT:
        break;
    }
    return false;
}

/* A bundled mission can be won without secret or locked doors. */
/* Author notes (folded text, on a square or not) and a door open from
 * the start. */
static void test_notes(void)
{
    ErrorList errs;
    Mission *m = load(fixture("notes.xml"), &errs);
    CHECK(m != NULL);
    errors_clear(&errs);
    if (!m)
        return;
    CHECK_INT(m->note_count, 2);
    CHECK_INT(m->notes[0].pos.x, -1);
    CHECK(strcmp(m->notes[0].text, "The heroes must cross the hall. A second line.") == 0);
    CHECK(strcmp(m->notes[1].label, "A") == 0);
    CHECK_INT(m->notes[1].pos.x, 8);
    CHECK_INT(m->notes[1].pos.y, 5);
    CHECK(strcmp(m->notes[1].text, "A chest not here: <nothing>") == 0);
    CHECK_INT(m->door_count, 2);
    CHECK(m->doors[0].open);
    CHECK(!m->doors[1].open);
    CHECK_INT(m->seed, 77);
    mission_destroy(m);
}

static void check_winnable(const Mission *m)
{
    bool *seen = reachable(m);
    for (size_t i = 0; i < m->objective_count; i++) {
        bool ok = objective_reachable(m, seen, &m->objectives[i]);
        if (!ok)
            fprintf(stderr, "%s: objective on line %d cannot be reached\n", m->id,
                    m->objectives[i].line);
        CHECK(ok);
    }
    free(seen);
}

/* The bundled missions' white squares are corridors, seen square by
 * square (the Drowned Archive's "Flooded gallery" was a room: its whole
 * outer ring showed at the first door). */
static void check_corridors_flagged(const Mission *m)
{
    for (int y = 0; y < board_height(m->board); y++)
        for (int x = 0; x < board_width(m->board); x++) {
            BoardPos pos = {x, y};
            if (board_type(m->board, pos) != SQUARE_WALKABLE || board_rgb(m->board, pos) != 0xffffff)
                continue;
            if (!mission_room_is_corridor(m, board_room(m->board, pos))) {
                fprintf(stderr, "%s: white square (%d,%d) is not a corridor\n", m->id, x, y);
                CHECK(false);
                return;
            }
        }
}

/* Every bundled mission loads cleanly. */
static void test_bundled(void)
{
    static const char *const ids[] = {"first-light", "the-drowned-archive", "bone-orchard",
                                      "the-ember-hive", "the-leaning-nave"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", getenv("QUESTBOARD_DATA"),
                 ids[i]);
        ErrorList errs;
        Mission *m = load(path, &errs);
        CHECK(m != NULL);
        if (m) {
            CHECK_STR_CONTAINS(m->id, ids[i]);
            CHECK(m->hero_count >= 1 && m->hero_count <= 4);
            CHECK(m->objective_count >= 1);
            CHECK(m->name[0] && m->briefing[0]);
            check_winnable(m);
            check_corridors_flagged(m);
        }
        mission_destroy(m);
        errors_clear(&errs);
    }
}

/* A bare bitmap: four heroes on the first squares of room 1, nothing else. */
static void test_bare(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/seed-example.png", getenv("TEST_DATA"));
    ErrorList errs;
    Mission *m = load(path, &errs);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK(m->bare);
    /* played as hexes (--topology hex) it is another mission for saves,
     * the same files played again as squares keep their hash */
    Grid hex = grid_make(1, 1, GRID_HEX);
    MissionLoadOptions ho = {.catalogue_path = catalogue_path, .shape = &hex};
    ErrorList herrs;
    errors_init(&herrs, 0);
    Mission *h = mission_load(path, &ho, &herrs);
    CHECK(h != NULL && board_grid(h->board)->topology == GRID_HEX && h->hash != m->hash);
    mission_destroy(h);
    errors_clear(&herrs);
    Mission *again = load(path, &herrs);
    CHECK(again != NULL && again->hash == m->hash);
    mission_destroy(again);
    errors_clear(&herrs);
    CHECK_INT(m->hero_count, 4);
    CHECK_STR_CONTAINS(m->heroes[0].type, "barbarian");
    CHECK_STR_CONTAINS(m->heroes[3].type, "wizard");
    for (size_t i = 0; i < m->hero_count; i++)
        CHECK_INT(board_room(m->board, m->heroes[i].pos), 1);
    CHECK_INT(m->heroes[0].pos.x, 0);
    CHECK_INT(m->heroes[0].pos.y, 0);
    CHECK_INT(m->heroes[3].pos.x, 3);
    CHECK_INT(m->monster_count, 0);
    CHECK_INT(m->objective_count, 0);
    CHECK_STR_CONTAINS(m->id, "seed-example");
    mission_destroy(m);
    errors_clear(&errs);
}

typedef struct BadCase {
    const char *file;
    int line;
    const char *message;
} BadCase;

/* One fixture per error class: refused, and the first message names the
 * file and line and says what is wrong. */
static void test_bad(void)
{
    static const BadCase cases[] = {
        {"bad-outside.xml", 5, "square (12,3): monster is outside the 10x7 board"},
        {"bad-none-square.xml", 5, "square (9,6): monster is on a square that is not part"},
        {"bad-blocked-square.xml", 5, "square (0,2): monster is on a blocked square"},
        {"bad-overlap.xml", 5, "square (0,0): monster orc is on the same square as hero barbarian (line 4)"},
        {"bad-footprint.xml", 5, "furniture table leaves its room"},
        {"bad-door.xml", 5, "square (0,0): a door must stand on a wall between two rooms"},
        /* hex and square8 boards: messages name hexes, sides and ratios */
        {"bad-hex-blocked.xml", 5, "hex (0,2): monster is on a blocked hex (colour #c3c3c3)"},
        {"bad-hex-door-side.xml", 5,
         "hex (3,0): side=\"n\" is no edge of a hex board (a door stands on side ne, e, se, sw, w "
         "or nw)"},
        {"bad-diagonal-cost.xml", 3, "diagonal-cost=\"7/101\": two whole numbers from 1 to 100"},
        {"bad-unknown-type.xml", 5, "unknown monster type 'dragon'"},
        {"bad-objective.xml", 5, "no monster has the id 'nobody'"},
        {"bad-escape.xml", 5, "escape needs a way out"},
        {"bad-no-heroes.xml", 2, "places no heroes"},
        /* schema refusals in plain words, with the range (issue 25 item 15) */
        {"bad-schema.xml", 5, "<monster> attribute x=\"seven\" is not a whole number: it takes a whole number"},
        {"bad-range.xml", 4, "<rules> attribute move-dice=\"9\" is out of range: it takes a whole number from 1 to 4"},
        /* a mistake in <rules> at its own line, not the mission's */
        {"bad-rules-type.xml", 4, "unknown monster type 'gobbo'"},
        /* an element left open is named first, at the line that opened it */
        {"bad-unclosed.xml", 3, "<name> opened here is not closed: </mission> at line 6 comes first"},
        {"bad-bomb.xml", 2, "DOCTYPE"},
        {"bad-external-entity.xml", 2, "DOCTYPE"},
        {"bad-gzip.xml", 1, "gzip"},
        {"bad-utf16.xml", 1, "UTF-8"},
        {"bad-empty.xml", 1, "empty"},
        {"bad-truncated.xml", 8, ""},
        {"bad-path-escape.xml", 4, "may not use '..'"},
        {"bad-path-absolute.xml", 4, "must be a path relative to the mission file"},
        {"bad-path-symlink.xml", 4, "leads outside the mission's folder"},
        {"bad-bitmap-missing.xml", 4, "not found"},
        {"bad-many.xml", 5, "square (12,3)"},
        {"bad-door-twice.xml", 6, "square (3,0): there is already a door on this edge (line 5)"},
        {"bad-palette-twice.xml", 5, "colour #ffffff is already in the palette on line 4"},
        {"bad-treasure.xml", 5, "no furniture has the id 'nowhere'"},
        {"bad-key-missing.xml", 5, "a locked door needs key=\"…\": the id of the item treasure that opens it"},
        {"bad-key-unknown.xml", 5, "key=\"rusty_key\": no treasure of kind item has that id"},
        {"bad-key-not-locked.xml", 5, "key=\"gem\" on a normal door: only a locked door takes a key"},
        {"bad-too-many-lines.xml", 65535, "more than 65534 lines"},
        {"bad-note-half.xml", 5, "a note on a square needs both x and y"},
        {"bad-open-secret.xml", 5, "open=\"true\" on a secret door"},
        /* Did you mean: types, ids, attributes, elements, bitmap files. */
        {"bad-typo-type.xml", 5,
         "unknown monster type 'gobiln' (not in the catalogue): did you mean 'goblin'?"},
        {"bad-typo-id.xml", 5, "objective: no monster has the id 'bos': did you mean 'boss'?"},
        {"bad-typo-attribute.xml", 5,
         "Element 'door', attribute 'sid': The attribute 'sid' is not allowed. Did you mean 'side'?"},
        {"bad-typo-element.xml", 5, "Element 'rubbel': This element is not expected. Did you mean 'rubble'?"},
        {"bad-typo-bitmap.xml", 4, "bitmap 'bord.png' not found (looked for "},
        /* Bitmaps that are no PNG or BMP, or a damaged one: named, at the
         * line of <board>. */
        {"formats/bad-jpg.xml", 5, "bitmap 'board.jpg': this is a JPEG image: re-export it as PNG"},
        {"formats/bad-gif.xml", 5, "bitmap 'board.gif': this is a GIF image: save it as PNG"},
        {"formats/bad-webp.xml", 5, "bitmap 'board.webp': this is a WebP image: re-export it as PNG"},
        {"formats/bad-tiff.xml", 5, "bitmap 'board.tiff': this is a TIFF image: save it as PNG"},
        {"formats/bad-svg.xml", 5, "bitmap 'board.svg': this is an SVG drawing"},
        {"formats/bad-damaged.xml", 5, "bitmap 'damaged.png': damaged or truncated PNG image ("},
        {"bad-reward-item.xml", 7, "reward: unknown item 'excalibur'"},
        {"bad-reward-both.xml", 6, "reward: give gold=\"N\" or item=\"ID\", one of the two"},
        {"bad-chest-trap.xml", 5, "no treasure has the id 'nothing'"},
        {"bad-trap-square.xml", 5, "only a chest trap guards a treasure; a pit trap takes x and y"},
        {"bad-treasure-item.xml", 5, "potion treasure gives item 'tool_kit', which is not a potion"},
        /* where a falling block lands (EU): beside its trap, no wall between */
        {"bad-fall-kind.xml", 5, "only a falling-block trap takes fall-x and fall-y; this one is a pit trap"},
        {"bad-fall-half.xml", 5, "the falling block needs both fall-x and fall-y"},
        {"bad-fall-far.xml", 5,
         "square (5,3): the falling block must land on a square that shares a side with its trap (7,3)"},
        {"bad-fall-wall.xml", 5,
         "square (7,4): a wall stands between the falling-block trap (7,3) and the square its block lands on"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const BadCase *c = &cases[i];
        char path[1024], where[1100];
        snprintf(path, sizeof path, "%s", fixture(c->file));
        snprintf(where, sizeof where, "%s:%d: ", path, c->line);
        ErrorList errs;
        Mission *m = load(path, &errs);
        CHECK(m == NULL);
        CHECK(errs.count >= 1);
        const char *first = errs.count ? errs.items[0] : NULL;
        CHECK_STR_CONTAINS(first, where);
        CHECK_STR_CONTAINS(first, c->message);
        /* Nothing read from outside the folder ever reaches a message. */
        for (size_t k = 0; k < errs.count; k++)
            CHECK(strstr(errs.items[k], "SECRET-OUTSIDE") == NULL);
        mission_destroy(m);
        errors_clear(&errs);
    }
}

/* All errors are reported, not just the first, in file order. */
static void test_many(void)
{
    ErrorList errs;
    Mission *m = load(fixture("bad-many.xml"), &errs);
    CHECK(m == NULL);
    CHECK_INT(errs.count, 5);
    CHECK_STR_CONTAINS(errs.count > 4 ? errs.items[4] : NULL, "no monster has the id");
    mission_destroy(m);
    errors_clear(&errs);
    /* A cap keeps the list short but counts the rest. */
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    errors_init(&errs, 2);
    m = mission_load(fixture("bad-many.xml"), &opts, &errs);
    CHECK(m == NULL);
    CHECK_INT(errs.count, 2);
    CHECK_INT(errs.dropped, 3);
    CHECK_INT(errors_total(&errs), 5);
    errors_clear(&errs);
}

/* Files that are not regular files are refused without blocking. */
static void test_not_regular(void)
{
    char dir[] = "/tmp/qb-mission-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char fifo[256];
    snprintf(fifo, sizeof fifo, "%s/mission.xml", dir);
    CHECK(mkfifo(fifo, 0600) == 0);
    ErrorList errs;
    Mission *m = load(fifo, &errs);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "not a regular file");
    errors_clear(&errs);
    m = load(dir, &errs);
    CHECK(m == NULL);
    CHECK(errs.count == 1);
    errors_clear(&errs);
    unlink(fifo);
    /* More than 1 MiB is refused before parsing. */
    FILE *f = fopen(fifo, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("<?xml version=\"1.0\"?>\n<mission id=\"big\" version=\"1\">", f);
        for (int i = 0; i < 70000; i++)
            fputs("<!-- padding padding -->", f);
        fputs("</mission>\n", f);
        fclose(f);
    }
    m = load(fifo, &errs);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "more than the limit of 1048576");
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, fifo);
    errors_clear(&errs);
    unlink(fifo);
    rmdir(dir);
}

/* A mission's bitmap is judged by its header before the file is read: a
 * 300 MB file (sparse, so it costs no disk) whose header claims 100000
 * pixels a side is refused for its size, not read and then refused for
 * its length. */
static void test_bitmap_header_first(void)
{
    char dir[] = "/tmp/qb-mission-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char xml_path[256], png_path[256], err[128];
    snprintf(xml_path, sizeof xml_path, "%s/mission.xml", dir);
    snprintf(png_path, sizeof png_path, "%s/board.png", dir);
    uint8_t *xml = NULL;
    size_t nx = 0;
    CHECK(fileio_read(fixture("good.xml"), 1 << 20, &xml, &nx, err, sizeof err));
    CHECK(fileio_write_atomic(xml_path, xml, nx, err, sizeof err));
    free(xml);
    static const uint8_t head[33] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                                     'I', 'H', 'D', 'R', 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0,
                                     8, 2, 0, 0, 0};
    FILE *f = fopen(png_path, "wb");
    CHECK(f != NULL);
    if (f) {
        CHECK(fwrite(head, 1, sizeof head, f) == sizeof head);
        CHECK(ftruncate(fileno(f), (off_t)300 << 20) == 0);
        fclose(f);
    }
    ErrorList errs;
    Mission *m = load(xml_path, &errs);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "100000x100000, over the limit");
    /* Bitmap errors of a mission point at its <board bitmap="…"> line. */
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "/mission.xml:3: bitmap 'board.png': ");
    errors_clear(&errs);
    unlink(png_path);
    unlink(xml_path);
    rmdir(dir);
}

/* corridor="true"/"false" in the palette, then the name, then the shape
 * (an unnamed colour filling less than half its box). */
/* Chest traps by treasure or square, treasures naming items, a mission's
 * own potion made an item, EU rules. */
static void test_traps_and_items(void)
{
    ErrorList errs;
    Mission *m = load(fixture("traps.xml"), &errs);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_INT(m->rules.edition, MISSION_EDITION_EU);
    CHECK_INT(m->trap_count, 4);
    /* the falling block lands beside its trap (EU) */
    CHECK(m->traps[3].kind == TRAP_FALLING_BLOCK && m->traps[3].has_fall);
    CHECK(m->traps[3].fall.x == 5 && m->traps[3].fall.y == 2);
    CHECK(!m->traps[2].has_fall);
    CHECK_INT(m->traps[0].kind, TRAP_CHEST);
    CHECK(m->traps[0].pos.x == 9 && m->traps[0].pos.y == 0); /* the box's square */
    CHECK_INT(m->traps[0].damage, 2);
    CHECK(m->traps[1].pos.x == 2 && m->traps[1].damage == 1);
    CHECK(strcmp(m->treasure[1].item, "tool_kit") == 0 && !m->treasure[1].own_item);
    /* the brandy names no item: the loader made one, a potion healing 2,
     * named after its square (1,1), not its place in the file, which
     * would count the treasure before it */
    CHECK(m->treasure[3].own_item && strcmp(m->treasure[3].item, "find-1-1") == 0);
    int brandy = catalogue_find_item(m->catalogue, "find-1-1");
    CHECK(brandy >= 0);
    const ItemType *it = catalogue_item_at(m->catalogue, (size_t)brandy);
    CHECK(it && it->kind == ITEM_POTION && it->heal == 2);
    /* so is the gem, a quest item known by its id */
    int gem = catalogue_find_item(m->catalogue, "gem");
    CHECK(gem >= 0 && catalogue_item_at(m->catalogue, (size_t)gem)->kind == ITEM_QUEST);
    mission_destroy(m);
}

static void test_corridor_flags(void)
{
    ErrorList errs;
    Mission *m = load(fixture("corridor.xml"), &errs);
    CHECK(m != NULL);
    if (!m)
        return;
    const Board *b = m->board;
    CHECK(mission_room_is_corridor(m, board_room(b, (BoardPos){0, 0})));  /* corridor="true" */
    CHECK(!mission_room_is_corridor(m, board_room(b, (BoardPos){4, 0}))); /* corridor="false" */
    CHECK(mission_room_is_corridor(m, board_room(b, (BoardPos){6, 4})));  /* "Blue passage" */
    CHECK(!mission_room_is_corridor(m, board_room(b, (BoardPos){0, 4}))); /* unnamed, compact */
    CHECK(!mission_room_is_corridor(m, -1));
    mission_destroy(m);
}

/* good.xml with its <types> replaced by n monster types: t0, t1 ... and,
 * last, the fixture's boss_orc (which its monsters use). */
static char *xml_with_types(int n, size_t *size)
{
    uint8_t *xml = NULL;
    size_t nx = 0;
    char err[128];
    CHECK(fileio_read(fixture("good.xml"), 1 << 20, &xml, &nx, err, sizeof err));
    const char *open = strstr((const char *)xml, "<types>");
    const char *close = strstr((const char *)xml, "</types>");
    size_t cap = nx + (size_t)n * 160 + 64;
    char *out = malloc(cap);
    size_t len = (size_t)(open - (const char *)xml) + 7;
    memcpy(out, xml, len);
    for (int i = 0; i < n; i++) {
        char id[16];
        snprintf(id, sizeof id, i == n - 1 ? "boss_orc" : "t%d", i);
        len += (size_t)snprintf(out + len, cap - len,
                                "<monster id=\"%s\" name=\"T\" move=\"8\" attack=\"2\" defend=\"2\" "
                                "body=\"1\" mind=\"1\" sprite=\"pieces/orc\"/>",
                                id);
    }
    size_t rest = nx - (size_t)(close - (const char *)xml);
    memcpy(out + len, close, rest);
    len += rest;
    out[len] = '\0';
    free(xml);
    *size = len;
    return out;
}

/* <types> is capped like the other sections, and types are found by id
 * through a hash table (12,795 types took 60 s under ASan when every
 * lookup was a linear search). */
static void test_types_cap(void)
{
    uint8_t *png = NULL;
    size_t np = 0, nx = 0;
    char err[128];
    CHECK(fileio_read(fixture("board.png"), 1 << 20, &png, &np, err, sizeof err));
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    char *xml = xml_with_types(CATALOGUE_MAX_TYPES, &nx);
    Mission *m = mission_load_memory("types.xml", (const uint8_t *)xml, nx, png, np, &opts, &errs);
    CHECK(m != NULL);
    if (m) {
        CHECK(catalogue_find(m->catalogue, "t0") != NULL);
        CHECK(catalogue_find(m->catalogue, "t998") != NULL);
        CHECK(catalogue_find(m->catalogue, "t999") == NULL);
        CHECK(catalogue_find(m->catalogue, "goblin") != NULL); /* the shared ones stay */
        CHECK_INT(catalogue_find(m->catalogue, "boss_orc")->attack, 2);
    }
    mission_destroy(m);
    errors_clear(&errs);
    free(xml);
    xml = xml_with_types(CATALOGUE_MAX_TYPES + 1, &nx);
    m = mission_load_memory("types.xml", (const uint8_t *)xml, nx, png, np, &opts, &errs);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL,
                       "types.xml:9: 1001 piece types, more than the limit of 1000");
    errors_clear(&errs);
    free(xml);
    free(png);
}

/* Loads good.xml from memory with text inserted before <name> (or, with
 * in_prolog, before the root element); true when it loads. */
static bool loads_with(const char *insert, bool in_prolog, char *first_error, size_t size)
{
    uint8_t *xml = NULL, *png = NULL;
    size_t nx = 0, np = 0;
    char err[128];
    CHECK(fileio_read(fixture("good.xml"), 1 << 20, &xml, &nx, err, sizeof err));
    CHECK(fileio_read(fixture("board.png"), 1 << 20, &png, &np, err, sizeof err));
    const char *at = strstr((const char *)xml, in_prolog ? "<mission" : "<name>");
    size_t head = (size_t)(at - (const char *)xml), n = strlen(insert);
    char *text = malloc(nx + n + 1);
    memcpy(text, xml, head);
    memcpy(text + head, insert, n);
    memcpy(text + head + n, at, nx - head + 1);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load_memory("doc.xml", (const uint8_t *)text, nx + n, png, np, &opts, &errs);
    snprintf(first_error, size, "%s", errs.count ? errs.items[0] : "");
    bool ok = m != NULL;
    mission_destroy(m);
    errors_clear(&errs);
    free(text);
    free(xml);
    free(png);
    return ok;
}

/* The DOCTYPE scan skips comments, CDATA and processing instructions: the
 * word there is no declaration. A real one is still refused. */
static void test_doctype_words(void)
{
    char err[512];
    CHECK(loads_with("<!-- no <!DOCTYPE here -->", false, err, sizeof err));
    CHECK(loads_with("<!-- a note: <!DOCTYPE is refused -->\n", true, err, sizeof err));
    CHECK(loads_with("<?note <!DOCTYPE ?>", true, err, sizeof err));
    CHECK(loads_with("<briefing><![CDATA[<!DOCTYPE x>]]></briefing>", false, err, sizeof err));
    CHECK(!loads_with("<!-- c --><!DOCTYPE mission>\n", true, err, sizeof err));
    CHECK_STR_CONTAINS(err, "doc.xml:2: DOCTYPE declarations");
    CHECK(!loads_with("<?pi <!-- ?><!DOCTYPE mission>\n", true, err, sizeof err));
    CHECK_STR_CONTAINS(err, "DOCTYPE declarations");
    CHECK(!loads_with("<!-- open <!DOCTYPE mission>\n", true, err, sizeof err));
}

/* Loading from memory: the fuzzer's entry point. */
static void test_memory(void)
{
    uint8_t *xml = NULL, *png = NULL;
    size_t nx = 0, np = 0;
    char err[128];
    CHECK(fileio_read(fixture("good.xml"), 1 << 20, &xml, &nx, err, sizeof err));
    CHECK(fileio_read(fixture("board.png"), 1 << 20, &png, &np, err, sizeof err));
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load_memory("mem.xml", xml, nx, png, np, &opts, &errs);
    CHECK(m != NULL);
    mission_destroy(m);
    m = mission_load_memory("mem.xml", NULL, 0, png, np, &opts, &errs);
    CHECK(m != NULL && m->bare && m->hero_count == 4);
    mission_destroy(m);
    m = mission_load_memory("mem.xml", xml, nx, png, np / 2, &opts, &errs);
    CHECK(m == NULL);
    CHECK(errors_any(&errs));
    errors_clear(&errs);
    free(xml);
    free(png);
}

/* What was dropped over an ErrorList's cap is counted by kind: a list of
 * warnings ended "... and N more errors" (issue 25 item 15). */
static void test_more_counts_kinds(void)
{
    char buf[96];
    ErrorList list;
    errors_init(&list, 1);
    errors_add(&list, "m.xml:3: warning: one");
    errors_add(&list, "m.xml:4: warning: two");
    errors_add(&list, "m.xml:5: warning: three");
    CHECK(strcmp(errors_more_text(&list, buf, sizeof buf), "2 more warnings") == 0);
    errors_add(&list, "m.xml:6: no such door");
    errors_add(&list, "m.xml:7: note: a room");
    CHECK(strcmp(errors_more_text(&list, buf, sizeof buf), "4 more (1 error, 2 warnings, 1 note)") == 0);
    errors_clear(&list);
    errors_init(&list, 1);
    errors_add(&list, "m.xml:3: a");
    errors_add(&list, "m.xml:4: b");
    CHECK(strcmp(errors_more_text(&list, buf, sizeof buf), "1 more error") == 0);
    errors_clear(&list);
    CHECK(strcmp(errors_more_text(&list, buf, sizeof buf), "") == 0);
}

/* The translation test_error_words says: in capitals (conversions kept). */
static const char *shout(const char *text)
{
    static char buf[4][128];
    static int next;
    char *out = buf[next++ % 4];
    size_t i = 0;
    for (; text[i] && i + 1 < sizeof buf[0]; i++)
        out[i] = text[i] >= 'a' && text[i] <= 'z' && (i == 0 || text[i - 1] != '%') ? (char)(text[i] - 32)
                                                                                : text[i];
    out[i] = '\0';
    return out;
}

/* A message keeps its place and its parts (format and arguments), said
 * again through a translation (errors_said); one whose format eventtext
 * cannot keep (%f) is said as it is; the first message errors_print
 * prints after errors_printed_reset is kept with its parts (the online
 * server's refusal of a pack, issue 27). */
static void test_error_words(void)
{
    ErrorList list;
    errors_init(&list, 0);
    errors_add_at(&list, "m.xml", 4, "no door %d in %s", 7, "kitchen");
    errors_add_in(&list, "map.png", "%s", "bad picture");
    errors_add(&list, "%s: %.1f squares", "m.xml", 2.5);
    char buf[200];
    CHECK(strcmp(list.items[0], "m.xml:4: no door 7 in kitchen") == 0);
    CHECK(strcmp(errors_said(&list, 0, shout, buf, sizeof buf), "m.xml:4: NO DOOR 7 IN KITCHEN") == 0);
    const ErrorWords *w = errors_words(&list, 0);
    CHECK(w && strcmp(w->file, "m.xml") == 0 && w->line == 4);
    CHECK(strcmp(list.items[1], "map.png: bad picture") == 0);
    CHECK(strcmp(errors_said(&list, 1, shout, buf, sizeof buf), "map.png: BAD PICTURE") == 0);
    CHECK(errors_words(&list, 2) == NULL);
    CHECK(strcmp(errors_said(&list, 2, shout, buf, sizeof buf), "m.xml: 2.5 squares") == 0);
    const char *text = NULL;
    errors_printed_reset();
    CHECK(errors_printed_first(&text) == NULL && strcmp(text, "") == 0);
    FILE *sink = fopen("/dev/null", "w");
    errors_print(&list, sink);
    errors_clear(&list);
    w = errors_printed_first(&text);
    CHECK(w && strcmp(text, "m.xml:4: no door 7 in kitchen") == 0 && w->line == 4 &&
          strcmp(w->file, "m.xml") == 0);
    char said[128];
    CHECK(w && eventtext_render(&w->message, NULL, NULL, said, sizeof said) &&
          strcmp(said, "no door 7 in kitchen") == 0);
    /* only the first print after the reset */
    errors_init(&list, 0);
    errors_add(&list, "later");
    errors_print(&list, sink);
    errors_clear(&list);
    CHECK(errors_printed_first(&text) == w && strcmp(text, "m.xml:4: no door 7 in kitchen") == 0);
    fclose(sink);
}

/* Data from more schema folders than the compiled-schema cache holds:
 * each is still validated against, and one not kept is freed after its
 * document (under LeakSanitizer a kept-nowhere schema was a leak). */
static void test_many_schemas(void)
{
    static const char XSD[] =
        "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
        "<xs:element name=\"a\"><xs:complexType><xs:attribute name=\"n\" type=\"xs:int\" "
        "use=\"required\"/></xs:complexType></xs:element></xs:schema>";
    static const char GOOD[] = "<a n=\"3\"/>", BAD[] = "<a n=\"x\"/>";
    for (int i = 0; i < 12; i++) {
        char dir[] = "/tmp/qb-schemas-XXXXXX", path[64], err[128];
        CHECK(mkdtemp(dir) != NULL);
        snprintf(path, sizeof path, "%s/s.xsd", dir);
        CHECK(fileio_write_atomic(path, XSD, sizeof XSD - 1, err, sizeof err));
        ErrorList errs;
        errors_init(&errs, 0);
        xmlDoc *doc = xmldoc_parse("good.xml", (const uint8_t *)GOOD, sizeof GOOD - 1, path, &errs);
        CHECK(doc != NULL && !errors_any(&errs));
        xmlFreeDoc(doc);
        doc = xmldoc_parse("bad.xml", (const uint8_t *)BAD, sizeof BAD - 1, path, &errs);
        CHECK(doc == NULL && errors_any(&errs));
        errors_clear(&errs);
        remove(path);
        rmdir(dir);
    }
}

int main(void)
{
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml",
             getenv("QUESTBOARD_DATA"));
    test_good();
    test_notes();
    test_bundled();
    test_bare();
    test_bad();
    test_many();
    test_more_counts_kinds();
    test_error_words();
    test_not_regular();
    test_bitmap_header_first();
    test_types_cap();
    test_doctype_words();
    test_memory();
    test_corridor_flags();
    test_traps_and_items();
    test_many_schemas();
    return check_finish("mission");
}

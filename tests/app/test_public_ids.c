/* Ids tell nothing hidden (issue 25, item 1): a mission and copies of it
 * that differ only in one hidden thing (a monster, a trap, a secret door,
 * a treasure), each put first in its list of the file so that every file
 * index after it moves, answer every command alike over the protocol
 * until the heroes come to know the thing: `state`, `board`, events,
 * refusals, and the actions of a save. Before public ids the numbers
 * followed the file (the first `state` already said "door 1", not
 * "door 0", in the copy with the secret door). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "protocol_util.h"

#include "core/alloc.h"
#include "core/fileio.h"
#include "core/rng.h"
#include "rules/game.h"

#include <sys/stat.h>
#include <unistd.h>

#define GAMES 6
#define COMMANDS 400

typedef struct Variant {
    const char *name;
    const char *list; /* the opening tag the thing goes after */
    const char *thing;
    GameIdKind kind;
    BoardPos near; /* where the heroes head for, to come to know it */
} Variant;

/* first-light's rooms: the guard room (6..11,1..3), the kitchen
 * (13..19,1..4), the cistern (2..4,6..9); corridors around them. */
static const Variant variants[] = {
    {"monster", "<monsters>", "<monster type=\"goblin\" x=\"4\" y=\"6\"/>", GAME_ID_PIECE,
     {3, 8}},
    {"trap", "<traps>", "<trap kind=\"spear\" x=\"18\" y=\"4\"/>", GAME_ID_TRAP, {18, 4}},
    {"secret door", "<doors>", "<door x=\"19\" y=\"4\" side=\"south\" kind=\"secret\"/>",
     GAME_ID_DOOR, {18, 3}},
    {"treasure", "<treasures>",
     "<treasure name=\"A purse\" kind=\"gold\" amount=\"15\" x=\"10\" y=\"3\"/>",
     GAME_ID_TREASURE, {14, 3}}, /* by way of the kitchen's own treasure */
};

static char dir[] = "qb_ids_XXXXXX"; /* saves stay under the working directory */
static long compared;

/* Writes first-light into sub (under dir), with thing after the list's
 * opening tag when given. */
static void write_mission(const char *sub, const Variant *v)
{
    char src[1024], path[1200], err[256];
    uint8_t *data;
    size_t size;
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    CHECK(mkdir(path, 0700) == 0);
    const char *data_dir = getenv("QUESTBOARD_DATA");
    snprintf(src, sizeof src, "%s/missions/first-light/board.png", data_dir ? data_dir : ".");
    CHECK(fileio_read(src, 1 << 24, &data, &size, err, sizeof err));
    snprintf(path, sizeof path, "%s/%s/board.png", dir, sub);
    CHECK(fileio_write_atomic(path, data, size, err, sizeof err));
    free(data);
    pt_mission("first-light", src, sizeof src);
    CHECK(fileio_read(src, 1 << 20, &data, &size, err, sizeof err));
    char *xml = xmalloc(size + 512, 1);
    memcpy(xml, data, size);
    xml[size] = '\0';
    free(data);
    if (v) {
        char *at = strstr(xml, v->list);
        CHECK(at != NULL);
        at += strlen(v->list);
        memmove(at + strlen(v->thing), at, strlen(at) + 1);
        memcpy(at, v->thing, strlen(v->thing));
    }
    snprintf(path, sizeof path, "%s/%s/mission.xml", dir, sub);
    CHECK(fileio_write_atomic(path, xml, strlen(xml), err, sizeof err));
    free(xml);
}

/* True once the copy's extra thing (index 0 of its list; the heroes come
 * before the monsters) is known to the heroes. */
static bool known(const Game *g, const Variant *v)
{
    switch (v->kind) {
    case GAME_ID_PIECE: return game_piece(g, game_setup(g)->hero_count)->revealed;
    case GAME_ID_TRAP: return game_trap(g, 0)->found;
    case GAME_ID_DOOR: return game_door(g, 0)->found;
    default: return game_treasure_found(g, 0);
    }
}

/* A save's text without the lines that name the mission file (its path
 * and hash differ between the copies) and the checksum over them. */
static char *save_body(const char *path)
{
    uint8_t *data;
    size_t size;
    char err[256];
    CHECK(fileio_read(path, 1 << 24, &data, &size, err, sizeof err));
    char *out = xmalloc(size + 1, 1), *o = out;
    for (const char *s = (const char *)data, *end = s + size; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
        if (strncmp(s, "mission", 7) != 0 && strncmp(s, "checksum", 8) != 0) {
            memcpy(o, s, len);
            o += len;
        }
        s += len;
    }
    *o = '\0';
    free(data);
    return out;
}

static bool same(const Variant *v, const char *line, char *x, char *y)
{
    bool ok = strcmp(x, y) == 0;
    if (!ok)
        fprintf(stderr, "%s: '%s' tells the hidden thing:\n%s---\n%s", v->name, line, x, y);
    compared++;
    free(x);
    free(y);
    return ok;
}

/* Runs line in both sessions: alike answers. */
static bool alike(const Variant *v, Protocol *a, Protocol *b, const char *line)
{
    return same(v, line, pt_run(a, line), pt_run(b, line));
}

/* Saves both games and compares their actions. */
static bool alike_saves(const Variant *v, Protocol *a, Protocol *b)
{
    char line[2][300], path[2][128];
    for (int k = 0; k < 2; k++) {
        snprintf(path[k], sizeof path[k], "%s/%c.save", dir, "ab"[k]);
        snprintf(line[k], sizeof line[k], "save %s", path[k]);
    }
    free(pt_must(a, line[0]));
    free(pt_must(b, line[1]));
    bool ok = same(v, "save", save_body(path[0]), save_body(path[1]));
    unlink(path[0]);
    unlink(path[1]);
    return ok;
}

/* A random command: a move toward anywhere or toward the hidden thing,
 * attacks and casts at any id (known or not), searches, doors, disarming,
 * ending the turn. */
static void random_command(Rng *r, const Game *g, const Variant *v, char *cmd, size_t size)
{
    int me = game_current(g) >= 0 ? game_current(g) : 0;
    const GamePiece *h = game_piece(g, me);
    int x = (int)rng_below(r, 22), y = (int)rng_below(r, 12), id = (int)rng_below(r, 20);
    int nx = h->pos.x + (int)rng_below(r, 3) - 1, ny = h->pos.y + (int)rng_below(r, 3) - 1;
    BoardPos way[64];
    int len, go;
    switch (rng_below(r, 13)) {
    case 0: snprintf(cmd, size, "roll"); break;
    case 1: snprintf(cmd, size, "move %d %d %d", me, x, y); break;
    case 2:
    case 12: /* as far as the movement goes toward the thing */
        len = game_path(g, me, v->near, way, 64);
        go = len < game_move_left(g) ? len : game_move_left(g);
        if (go > 0)
            snprintf(cmd, size, "move %d %d %d", me, way[go - 1].x, way[go - 1].y);
        else
            snprintf(cmd, size, "%s", game_has_rolled(g) ? "end" : "roll");
        break;
    case 3: snprintf(cmd, size, "attack %d %d", me, id); break;
    case 4: snprintf(cmd, size, "cast %d ball_of_flame %d", me, id); break;
    case 5: snprintf(cmd, size, "search traps"); break;
    case 6: snprintf(cmd, size, "search treasure"); break;
    case 7: snprintf(cmd, size, "open %d %d %d", me, nx, ny); break;
    case 8: snprintf(cmd, size, "disarm %d %d %d", me, nx, ny); break;
    case 9: snprintf(cmd, size, "path %d %d %d", id, x, y); break;
    default: snprintf(cmd, size, "end"); break;
    }
}

/* One seeded game on the mission and its copy; returns the commands
 * compared before the thing became known. */
static int play(const Variant *v, uint64_t seed)
{
    Protocol *a = protocol_create(), *b = protocol_create();
    char cmd[512];
    snprintf(cmd, sizeof cmd, "seed %llu", (unsigned long long)seed);
    free(pt_must(a, cmd));
    free(pt_must(b, cmd));
    snprintf(cmd, sizeof cmd, "load %s/base/mission.xml", dir);
    free(pt_must(a, cmd));
    snprintf(cmd, sizeof cmd, "load %s/copy/mission.xml", dir);
    free(pt_must(b, cmd));
    Rng r = rng_make(seed, 77);
    const Game *g = protocol_game(b);
    int n = 0;
    while (n < COMMANDS && !known(g, v) && game_status(g) == GAME_STATUS_PLAYING) {
        CHECK(alike(v, a, b, "state"));
        CHECK(alike(v, a, b, "board"));
        if (n % 25 == 0)
            CHECK(alike_saves(v, a, b));
        random_command(&r, protocol_game(a), v, cmd, sizeof cmd);
        char *x = pt_run(a, cmd), *y = pt_run(b, cmd);
        /* the command that reveals it may tell it */
        CHECK(known(g, v) ? (free(x), free(y), true) : same(v, cmd, x, y));
        g = protocol_game(b);
        n++;
    }
    protocol_destroy(a);
    protocol_destroy(b);
    return n;
}

static void remove_mission(const char *sub)
{
    char path[256];
    const char *files[] = {"mission.xml", "board.png"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s/%s", dir, sub, files[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    rmdir(path);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    write_mission("base", NULL);
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        const Variant *v = &variants[i];
        write_mission("copy", v);
        int total = 0, revealed = 0;
        for (uint64_t seed = 1; seed <= GAMES; seed++) {
            int n = play(v, seed);
            total += n;
            revealed += n < COMMANDS;
        }
        printf("%s: %d commands alike before it was known (%d of %d games revealed it)\n",
               v->name, total, revealed, GAMES);
        CHECK(total > 100);
        remove_mission("copy");
    }
    remove_mission("base");
    rmdir(dir);
    printf("%ld answers compared\n", compared);
    return check_finish("public_ids");
}

/* Soak: many seeded games of random legal and illegal commands through the
 * protocol, on every bundled mission in turn, bounded in time: 15 s in
 * the suite; QB_SOAK_SECONDS=N plays games until N seconds have passed
 * (CI runs a longer soak this way). After every command: no two pieces share a
 * square, no piece stands where it may not, body points stay in 0..max,
 * and a refused command changed nothing (the full state, `reveal on`, is
 * compared). Save and restore along the way must give back the identical
 * state.
 *
 * Nothing leaks from the fog: before every command, a second session plays
 * the game as the heroes know it (game_clone_known: every piece, furniture
 * and rubble no hero has seen taken away). The player's queries (state,
 * board, reachable, path) must answer alike in both, and so must the
 * command itself unless it revealed something new. One thing may differ:
 * where the monsters go. The monster side knows the whole board, as at the
 * table, so a revealed monster may take the long way round something no
 * hero has seen; when the revealed monsters stand elsewhere after the
 * command in the two games, the command is not compared (counted apart). */
#define _XOPEN_SOURCE 700 /* open_memstream, mkdtemp */
#include "protocol_util.h"

#include "core/fileio.h"
#include "core/rng.h"
#include "core/timer.h"
#include "rules/game.h"

#include <dirent.h>
#include <limits.h>
#include <unistd.h>

#define SOAK_GAMES 150
#define SOAK_COMMANDS 400
#define SOAK_MAX_MS 15000.0
#define SOAK_MAX_MISSIONS 64

static long compared, leaks, monster_choices;
static const char *game_label = ""; /* "mission seed N", named with a leak */

/* The state with everything shown, for "a refused command changed
 * nothing". */
static char *full_state(Protocol *p)
{
    free(pt_must(p, "reveal on"));
    char *s = pt_run(p, "state");
    free(pt_must(p, "reveal off"));
    return s;
}

/* What the heroes have seen so far: squares and pieces. */
static long seen_count(const Game *g)
{
    const Board *b = game_mission(g)->board;
    long n = 0;
    for (int y = 0; y < board_height(b); y++)
        for (int x = 0; x < board_width(b); x++)
            n += game_square_revealed(g, (BoardPos){x, y});
    for (size_t i = 0; i < game_piece_count(g); i++)
        n += game_piece(g, (int)i)->revealed;
    return n;
}

/* Runs line in both sessions; the answers must be equal. */
static void same_answer(Protocol *p, Protocol *k, const char *line)
{
    char *a = pt_run(p, line), *b = pt_run(k, line);
    compared++;
    if (strcmp(a, b) != 0) {
        leaks++;
        fprintf(stderr, "%s: '%s' depends on what no hero has seen:\n%s---\n%s", game_label, line, a,
                b);
    }
    CHECK(strcmp(a, b) == 0);
    free(a);
    free(b);
}

/* Whether a monster the heroes know stands elsewhere in the game as they
 * know it (k) than in the real one (g): the monster side chose its way
 * with the whole board. */
static bool monsters_chose(const Game *g, const Game *k)
{
    for (size_t i = 0; i < game_piece_count(g) && i < game_piece_count(k); i++) {
        const GamePiece *a = game_piece(g, (int)i), *b = game_piece(k, (int)i);
        if (a->side == GAME_SIDE_MONSTERS && a->revealed && b->revealed &&
            (a->pos.x != b->pos.x || a->pos.y != b->pos.y))
            return true;
    }
    return false;
}

/* The player's queries, in the real game and in the game as the heroes
 * know it; then the command itself, compared when it revealed nothing. */
static char *command_without_leak(Protocol *p, Rng *r, const char *cmd)
{
    const Game *g = protocol_game(p);
    Protocol *k = protocol_create_playing(game_clone_known(g));
    char line[128];
    int me = game_current(g) >= 0 ? game_current(g) : 0;
    int other = (int)rng_below(r, (uint32_t)game_piece_count(g));
    const Board *b = game_mission(g)->board;
    int x = (int)rng_below(r, (uint32_t)board_width(b)), y = (int)rng_below(r, (uint32_t)board_height(b));
    same_answer(p, k, "state");
    same_answer(p, k, "board");
    snprintf(line, sizeof line, "reachable %d", me);
    same_answer(p, k, line);
    snprintf(line, sizeof line, "path %d %d %d", me, x, y);
    same_answer(p, k, line);
    snprintf(line, sizeof line, "path %d %d %d", other, x, y);
    same_answer(p, k, line);
    long seen = seen_count(g);
    char *answer = pt_run(p, cmd), *known = pt_run(k, cmd);
    bool chose = monsters_chose(protocol_game(p), protocol_game(k));
    monster_choices += chose;
    if (seen_count(protocol_game(p)) == seen && !chose) {
        compared++;
        if (strcmp(answer, known) != 0) {
            leaks++;
            fprintf(stderr, "%s: '%s' depends on what no hero has seen:\n%s---\n%s", game_label, cmd,
                    answer, known);
        }
        CHECK(strcmp(answer, known) == 0);
    }
    free(known);
    protocol_destroy(k);
    return answer;
}

static void check_invariants(const Game *g)
{
    const Mission *m = game_mission(g);
    size_t n = game_piece_count(g);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *p = game_piece(g, (int)i);
        CHECK(p->body >= 0 && p->body <= p->body_max);
        CHECK(p->alive == (p->body > 0) || p->escaped);
        if (!p->alive || p->escaped)
            continue;
        CHECK(board_walkable(m->board, p->pos));
        CHECK(!game_square_rubble(g, p->pos));
        const MissionFurniture *f = mission_furniture_at(m, p->pos);
        const PieceType *ft = f ? catalogue_find(m->catalogue, f->type) : NULL;
        CHECK(!ft || !(ft->flags & PIECE_BLOCKS_MOVE));
        CHECK_INT(game_piece_at(g, p->pos), (int)i); /* nobody else on its square */
        for (size_t j = i + 1; j < n; j++) {
            const GamePiece *q = game_piece(g, (int)j);
            if (q->alive && !q->escaped)
                CHECK(!grid_pos_equal(p->pos, q->pos));
        }
    }
}

/* A random command: mostly plausible, some nonsense. */
static void random_command(Rng *r, const Game *g, char *buf, size_t size)
{
    int me = game_current(g);
    const GamePiece *p = game_piece(g, me >= 0 ? me : 0);
    int x = p->pos.x + (int)rng_below(r, 13) - 6, y = p->pos.y + (int)rng_below(r, 13) - 6;
    int nx = p->pos.x + (int)rng_below(r, 3) - 1, ny = p->pos.y + (int)rng_below(r, 3) - 1;
    int other = (int)rng_below(r, (uint32_t)game_piece_count(g) + 2) - 1;
    int who = rng_below(r, 8) == 0 ? other : me;
    size_t spells = game_spell_count(g);
    const SpellType *spell = spells ? game_spell(g, (int)rng_below(r, (uint32_t)spells)) : NULL;
    switch (rng_below(r, 23)) {
    case 0: case 1: snprintf(buf, size, "roll"); break;
    case 2: case 3: case 4: case 5: snprintf(buf, size, "move %d %d %d", who, x, y); break;
    case 6: case 7: snprintf(buf, size, "attack %d %d", who, other); break;
    case 8: snprintf(buf, size, "search %s", rng_below(r, 2) ? "treasure" : "traps"); break;
    case 9: snprintf(buf, size, "open %d %d %d", who, nx, ny); break;
    case 10: snprintf(buf, size, "disarm %d %d %d", who, nx, ny); break;
    case 11: snprintf(buf, size, "leave %d", who); break;
    case 12: case 13: snprintf(buf, size, "end"); break;
    case 14: snprintf(buf, size, "path %d %d %d", other, x, y); break;
    case 15: snprintf(buf, size, "reachable %d", other); break;
    case 16: snprintf(buf, size, "move %d", who); break;
    case 17: snprintf(buf, size, "frobnicate %d", x); break;
    case 18: snprintf(buf, size, "attack x y"); break;
    case 19: { /* drink whatever: potions carried or not, tools, nonsense */
        size_t items = game_item_count(g);
        const ItemType *it = items ? game_item(g, (int)rng_below(r, (uint32_t)items)) : NULL;
        snprintf(buf, size, "use %d %s", who, it ? it->id : "nothing");
        break;
    }
    case 20: case 21: /* any spell on anyone: casts and refusals */
        snprintf(buf, size, "cast %d %s %d", who, spell ? spell->id : "nothing",
                 rng_below(r, 3) ? other : me);
        break;
    case 22: snprintf(buf, size, "undo"); break; /* taken back, or refused with a reason */
    default: snprintf(buf, size, "move %d 99999999999 -3", who); break;
    }
}

/* Plays one game; returns false when time ran out. */
static bool soak_game(Protocol *p, const char *mission, uint64_t seed, const char *save_path,
                      double deadline, long *commands, long *refused)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "seed %llu", (unsigned long long)seed);
    free(pt_must(p, cmd));
    snprintf(cmd, sizeof cmd, "load %s", mission);
    free(pt_must(p, cmd));
    Rng r = rng_make(seed, 77);
    for (int i = 0; i < SOAK_COMMANDS; i++) {
        const Game *g = protocol_game(p);
        if (game_status(g) != GAME_STATUS_PLAYING || timer_now_ms() > deadline)
            break;
        char *before = full_state(p);
        if (rng_below(&r, 50) == 0) {
            snprintf(cmd, sizeof cmd, "save %s", save_path);
            free(pt_must(p, cmd));
            snprintf(cmd, sizeof cmd, "restore %s", save_path);
            free(pt_must(p, cmd));
            char *after = full_state(p);
            CHECK(strcmp(before, after) == 0);
            free(after);
        } else {
            random_command(&r, g, cmd, sizeof cmd);
            char *answer = command_without_leak(p, &r, cmd);
            CHECK(answer[0] == '=' || answer[0] == '?');
            CHECK(strlen(answer) >= 3 && strcmp(answer + strlen(answer) - 2, "\n\n") == 0);
            if (answer[0] == '?') {
                char *after = full_state(p);
                if (strcmp(before, after) != 0)
                    fprintf(stderr, "refused '%s' changed the state\n", cmd);
                CHECK(strcmp(before, after) == 0);
                free(after);
                (*refused)++;
            }
            free(answer);
        }
        free(before);
        check_invariants(protocol_game(p));
        (*commands)++;
    }
    return timer_now_ms() <= deadline;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bundled missions: every folder of the data folder's missions/ with
 * a mission.xml, sorted by name. */
static int bundled_missions(char **paths, int max)
{
    const char *data = getenv("QUESTBOARD_DATA");
    char root[PATH_MAX - 64];
    snprintf(root, sizeof root, "%s/missions", data ? data : ".");
    DIR *d = opendir(root);
    int n = 0;
    for (struct dirent *e; d && n < max && (e = readdir(d)) != NULL;) {
        char path[sizeof root + 300];
        snprintf(path, sizeof path, "%s/%s/mission.xml", root, e->d_name);
        if (e->d_name[0] != '.' && fileio_is_file(path)) {
            char real[PATH_MAX];
            paths[n++] = strdup(realpath(path, real) ? real : path);
        }
    }
    if (d)
        closedir(d);
    qsort(paths, (size_t)n, sizeof *paths, by_name);
    return n;
}

int main(void)
{
    /* protocol saves go under the working directory */
    char dir[] = "/tmp/qb_soak_XXXXXX", home[PATH_MAX];
    CHECK(mkdtemp(dir) != NULL);
    const char *save_path = "soak.sav";
    char *missions[SOAK_MAX_MISSIONS];
    int mission_count = bundled_missions(missions, SOAK_MAX_MISSIONS);
    CHECK(mission_count >= 3);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(chdir(dir) == 0);
    const char *env = getenv("QB_SOAK_SECONDS");
    double seconds = env ? atof(env) : 0;
    int max_games = seconds > 0 ? INT_MAX : SOAK_GAMES;
    Protocol *p = protocol_create();
    double start = timer_now_ms();
    double deadline = start + (seconds > 0 ? seconds * 1000.0 : SOAK_MAX_MS);
    long commands = 0, refused = 0;
    int games = 0, over = 0, won = 0;
    /* QB_SOAK_FIRST=N starts at game N (0-based), to play again a game a
     * long soak named */
    const char *first = getenv("QB_SOAK_FIRST");
    for (int i = first ? atoi(first) : 0; i < max_games && mission_count > 0; i++) {
        char label[PATH_MAX + 64];
        snprintf(label, sizeof label, "game %d (%s, seed %d)", i, missions[i % mission_count], i + 1);
        game_label = label;
        bool in_time = soak_game(p, missions[i % mission_count], (uint64_t)i + 1, save_path,
                                 deadline, &commands, &refused);
        games++;
        over += game_status(protocol_game(p)) != GAME_STATUS_PLAYING;
        won += game_status(protocol_game(p)) == GAME_STATUS_VICTORY;
        if (!in_time)
            break;
    }
    game_label = "";
    printf("soak: %.0f s, %d missions, %d games (%d over, %d won), %ld commands, %ld refused; "
           "%ld answers compared with the game as the heroes know it, %ld differed, %ld monster "
           "turns not compared (the monster side chose its way with the whole board)\n",
           (timer_now_ms() - start) / 1000.0, mission_count, games, over, won, commands, refused,
           compared, leaks, monster_choices);
    CHECK(commands > 500);
    CHECK(refused > 0 && refused < commands);
    protocol_destroy(p);
    unlink(save_path);
    CHECK(chdir(home) == 0);
    rmdir(dir);
    for (int i = 0; i < mission_count; i++)
        free(missions[i]);
    return check_finish("soak");
}

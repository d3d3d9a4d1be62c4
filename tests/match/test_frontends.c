/* One game, three front ends: the same seeded games played through the
 * window's play code (headless, by key presses: the keyboard player of
 * test_play, with undo, trap searches, fights and treasure searches
 * thrown in), then through the text protocol (the same commands as lines)
 * and through the simulator's path (a match keeping no story, as
 * balance_run plays it) end in the same state, with the same log and the
 * same save. On square, square8 and hex missions. */
/* realpath, mkdtemp, open_memstream */
#define _XOPEN_SOURCE 700
#include "../app/play_util.h"

#include "../app/kbplayer.h"
#include "../app/protocol_util.h"

#include "bot/bot.h"
#include "match/match.h"

#include <SDL_image.h>
#include <SDL_ttf.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ROUNDS 14
#define MAX_COMMANDS 4000

/* A command as a front end issues it: an action, or undo. */
typedef struct Command {
    bool undo;
    Action action;
} Command;

typedef struct Script {
    Command items[MAX_COMMANDS];
    int count;
} Script;

/* A log line: the round it was told in and its text. */
typedef struct Line {
    int turn;
    char text[GAME_EVENT_TEXT];
} Line;

typedef struct Log {
    Line *lines;
    size_t count, cap;
    size_t marks[MAX_COMMANDS]; /* lines before each command */
    int turn;
} Log;

static void log_add(Log *l, int turn, const char *text)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->lines = realloc(l->lines, l->cap * sizeof *l->lines);
    }
    l->lines[l->count].turn = turn;
    snprintf(l->lines[l->count++].text, sizeof l->lines[0].text, "%s", text);
}

/* The log of one event, as the window tells it: no single steps. */
static void log_event(Log *l, EventKind kind, int value, const char *text)
{
    if (kind == EVENT_TURN)
        l->turn = value;
    if (text[0] && kind != EVENT_STEP)
        log_add(l, l->turn, text);
}

/* --- what a game is, as text ------------------------------------------------ */

static void digest(const Game *g, char *out, size_t size)
{
    size_t n = 0;
#define PUT(...) n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__)
    PUT("status %d turn %d current %d rolled %d left %d acted %d rng %016llx log %zu undo %zu\n",
        (int)game_status(g), game_turn(g), game_current(g), game_has_rolled(g),
        game_move_left(g), game_has_acted(g), (unsigned long long)game_rng_state(g),
        game_log_count(g), game_undo_count(g));
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        PUT("piece %d %s %d,%d body %d alive %d esc %d seen %d gold %d spells %u items", p->id,
            p->type->id, p->pos.x, p->pos.y, p->body, p->alive, p->escaped, p->revealed, p->gold,
            p->spells);
        for (int k = 0; k < p->item_count; k++)
            PUT(" %d%s", p->items[k].item, p->items[k].worn ? "w" : "");
        PUT("\n");
    }
    for (size_t i = 0; i < game_door_count(g); i++)
        PUT("door %zu %d %d\n", i, game_door(g, i)->open, game_door(g, i)->found);
    for (size_t i = 0; i < game_trap_count(g); i++)
        PUT("trap %zu %d %d %d\n", i, game_trap(g, i)->found, game_trap(g, i)->gone,
            game_trap(g, i)->sprung);
    for (size_t i = 0; i < game_mission(g)->treasure_count; i++)
        PUT("treasure %zu %d\n", i, game_treasure_found(g, i));
    for (size_t i = 0; i < game_objective_count(g); i++)
        PUT("objective %zu %d by %d\n", i, game_objective_met(g, i), game_objective_by(g, i));
    const Board *b = game_mission(g)->board;
    uint64_t fog = 1469598103934665603ull;
    for (int y = 0; y < board_height(b); y++)
        for (int x = 0; x < board_width(b); x++)
            fog = (fog ^ (uint64_t)game_square_revealed(g, (BoardPos){x, y})) * 1099511628211ull;
    PUT("fog %016llx\n", (unsigned long long)fog);
    /* the actions as the rules read them: the window and the protocol
     * fill the fields an action does not use differently (a leave's
     * square, the spell of what is no cast) */
    for (size_t i = 0; i < game_log_count(g); i++) {
        const Action *a = game_log_at(g, i);
        bool square = a->kind == ACTION_MOVE || a->kind == ACTION_OPEN || a->kind == ACTION_DISARM;
        PUT("%d %d %d", a->kind, a->piece, a->target);
        if (square)
            PUT(" %d,%d", a->pos.x, a->pos.y);
        if (a->kind == ACTION_CAST)
            PUT(" spell %d", a->spell);
        if (a->kind == ACTION_ATTACK || a->kind == ACTION_USE)
            PUT(" item %d", a->item);
        PUT(";");
    }
#undef PUT
}

/* --- the protocol's answers, comparing ---------------------------------------- */

/* The events of an answer ("KIND P T X,Y X,Y V V2 DICE DICE | TEXT") into
 * the log. (Not inlined: GCC 12 takes the answer for pt_run's local.) */
__attribute__((noinline)) static void answer_events(Log *log, const char *answer)
{
    for (const char *l = strchr(answer, '\n'); l && l[1] && l[1] != '\n'; l = strchr(l + 1, '\n')) {
        char kind[32], text[GAME_EVENT_TEXT];
        int value = 0;
        const char *bar = strstr(l + 1, " | ");
        const char *end = strchr(l + 1, '\n');
        if (!bar || (end && bar > end) || sscanf(l + 1, "%31s %*d %*d %*s %*s %d", kind, &value) != 2)
            continue;
        size_t len = end ? (size_t)(end - bar - 3) : strlen(bar + 3);
        snprintf(text, sizeof text, "%.*s", (int)len, bar + 3);
        EventKind k = EVENT_KIND_COUNT;
        for (int e = 0; e < EVENT_KIND_COUNT; e++)
            if (strcmp(game_event_name((EventKind)e), kind) == 0)
                k = (EventKind)e;
        log_event(log, k, value, text);
    }
}

/* The window's log (a ring of its last lines) against the end of
 * another's. */
static void same_log(const char *what, const Log *a, const Log *b)
{
    CHECK(a->count <= b->count);
    size_t skip = b->count - (a->count < b->count ? a->count : b->count);
    int diffs = 0;
    for (size_t i = 0; i < a->count && i + skip < b->count; i++) {
        const Line *x = &a->lines[i], *y = &b->lines[i + skip];
        if ((x->turn != y->turn || strcmp(x->text, y->text) != 0) && diffs++ < 3)
            fprintf(stderr, "%s, log line %zu: window (%d) '%s', other (%d) '%s'\n", what, i,
                    x->turn, x->text, y->turn, y->text);
    }
    CHECK_INT(diffs, 0);
}

static void same_text(const char *what, const char *a, const char *b)
{
    if (strcmp(a, b) != 0)
        fprintf(stderr, "%s differ:\n%s\n---\n%s\n", what, a, b);
    CHECK(strcmp(a, b) == 0);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* --- the three front ends, in lockstep ------------------------------------------ */

/* One game played three ways: the window (by keys), the protocol (the
 * same commands as lines) and the simulator's path (a match keeping no
 * story, as balance_run makes them). After every step of the window the
 * commands it issued go to the other two, and the states and logs are
 * compared. */
typedef struct Trio {
    const Mission *m;
    Play *window;
    Protocol *proto;
    Match *sim;
    Script script;
    Log plog, slog;
    int steps, diffs;
} Trio;

static void sim_command(Trio *t, const Command *c)
{
    char why[256] = "";
    bool ok = c->undo ? match_undo(t->sim, 0, why, sizeof why)
                      : match_act(t->sim, 0, &c->action, why, sizeof why);
    if (!ok)
        fprintf(stderr, "simulator: command %d refused: %s\n", t->script.count, why);
    CHECK(ok);
    if (!ok || c->undo)
        return;
    /* what the hero seat is told, as the window and the protocol */
    const GameEvents *ev = match_events(t->sim);
    MatchView v = match_view(t->sim, 0);
    for (size_t k = 0; k < ev->count; k++)
        if (view_event(&v, &ev->items[k]))
            log_event(&t->slog, ev->items[k].kind, ev->items[k].value, ev->items[k].text);
}

static void proto_command(Trio *t, const Command *c)
{
    char line[256];
    if (c->undo)
        snprintf(line, sizeof line, "undo");
    else
        bot_command(protocol_game(t->proto), &c->action, line, sizeof line);
    char *answer = pt_must(t->proto, line);
    if (!c->undo)
        answer_events(&t->plog, answer);
    free(answer);
}

/* A command the window issued, played by the other two. */
static void issue(Trio *t, Command c)
{
    if (t->script.count >= MAX_COMMANDS)
        return;
    int i = t->script.count;
    t->plog.marks[i] = t->plog.count;
    t->slog.marks[i] = t->slog.count;
    if (c.undo && i > 0) { /* the move's lines go with it */
        t->plog.count = t->plog.marks[i - 1];
        t->slog.count = t->slog.marks[i - 1];
    }
    t->script.items[t->script.count++] = c;
    proto_command(t, &c);
    sim_command(t, &c);
}

/* The window's log as shown now (its first line, "... begins.", left
 * out), compared with the others'; the states too. */
static void compare_now(Trio *t)
{
    static Log wlog;
    wlog.count = 0;
    const MsgLog *ml = play_log(t->window);
    for (size_t i = 1; i < msglog_count(ml); i++)
        log_add(&wlog, msglog_line(ml, i)->turn, msglog_line(ml, i)->text);
    int before = check_failures;
    same_log("protocol", &wlog, &t->plog);
    same_log("simulator", &wlog, &t->slog);
    static char a[1 << 18], b[1 << 18], c[1 << 18];
    digest(play_game(t->window), a, sizeof a);
    digest(protocol_game(t->proto), b, sizeof b);
    digest(match_game(t->sim), c, sizeof c);
    same_text("window and protocol states", a, b);
    same_text("window and simulator states", a, c);
    t->steps++;
    t->diffs += check_failures != before;
}

/* What a step of the window did to the game: the actions it added to the
 * log, or the move it took back; played by the others, then compared. */
static void record(Trio *t, size_t before)
{
    const Game *g = play_game(t->window);
    size_t after = game_log_count(g);
    if (after + 1 == before)
        issue(t, (Command){.undo = true});
    for (size_t i = before; i < after; i++)
        issue(t, (Command){.action = *game_log_at(g, i)});
    if (after != before)
        compare_now(t);
}

/* Now and then, before the keyboard player's turn: a move taken back with
 * the undo key, a search for traps, a potion. */
static void extra_keys(Trio *t, BoardPos *reach, int turn)
{
    Play *p = t->window;
    const Game *g = play_game(p);
    int hero = game_current(g);
    size_t before = game_log_count(g);
    if (turn % 3 == 1) {
        key(p, SDLK_r);
        settle(p);
        record(t, before);
        size_t n = game_reachable(g, hero, -1, reach, 4096);
        BoardPos at = game_piece(g, hero)->pos;
        if (n > 1 && game_can_move(g)) {
            before = game_log_count(g);
            cursor_to(p, at, reach[n / 2]);
            record(t, before);
            if (game_can_undo(g, NULL, 0)) {
                before = game_log_count(g);
                key(p, SDLK_u);
                settle(p);
                record(t, before);
            }
        }
    } else if (turn % 5 == 2) {
        key(p, SDLK_y);
        settle(p);
        record(t, before);
    } else if (turn % 7 == 3) {
        key(p, SDLK_p);
        settle(p);
        record(t, before);
    }
}

/* The three front ends on mission m (loaded from its absolute path). */
static bool trio_start(Trio *t, const Mission *m, const char *path, uint64_t seed,
                       const char *saves)
{
    memset(t, 0, sizeof *t);
    t->m = m;
    PlayOptions po = {.anim_factor = 0, .save_dir = saves};
    t->window = play_create(m, NULL, seed, &po, W, H);
    t->proto = protocol_create();
    char line[4200];
    snprintf(line, sizeof line, "load %s", path);
    free(pt_must(t->proto, line));
    snprintf(line, sizeof line, "seed %llu", (unsigned long long)seed);
    free(pt_must(t->proto, line));
    /* as balance_run makes its matches: the computer's hero seat, no story */
    static const MatchSeat seats[] = {
        {.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_COMPUTER, .heroes = MATCH_ALL_HEROES},
        {.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER},
    };
    char why[256] = "";
    MatchConfig c = {.mission = m, .mission_ref = path, .seed = seed, .seats = seats,
                     .seat_count = 2};
    t->sim = match_create(&c, why, sizeof why);
    t->plog.turn = t->slog.turn = 1;
    CHECK(play_game(t->window) && protocol_game(t->proto) && t->sim);
    return play_game(t->window) && protocol_game(t->proto) && t->sim;
}

/* The window plays, by keys, until the game ends or MAX_ROUNDS. */
static void trio_play(Trio *t)
{
    const Game *g = play_game(t->window);
    kb_grid = board_grid(t->m->board);
    kb_route = true;
    BoardPos *reach = malloc(4096 * sizeof *reach);
    draw(t->window);
    for (int turn = 0; game_status(g) == GAME_STATUS_PLAYING && game_turn(g) <= MAX_ROUNDS &&
                       turn < 400;
         turn++) {
        extra_keys(t, reach, turn);
        size_t before = game_log_count(g);
        if (game_status(g) == GAME_STATUS_PLAYING)
            keyboard_turn(t->window, reach);
        record(t, before);
    }
    free(reach);
    kb_grid = NULL;
    kb_route = false;
    CHECK(strstr(msglog_line(play_log(t->window), 0)->text, "begins.") != NULL);
    CHECK(match_log_count(t->sim) == 0); /* the simulator keeps no story */
}

/* The same save, whoever writes it: the window's and the simulator's
 * texts are equal; the protocol's (which fills a leave's unused square
 * otherwise) restores to the same game. */
static void trio_saves(Trio *t)
{
    size_t wsize, ssize;
    char *wsave = match_save_text(play_match(t->window), &wsize);
    char *ssave = match_save_text(t->sim, &ssize);
    char file[64], line[128];
    snprintf(file, sizeof file, "fe-%d.qbsave", (int)getpid());
    snprintf(line, sizeof line, "save %s", file);
    free(pt_must(t->proto, line));
    char *psave = read_all(file);
    unlink(file);
    CHECK(wsave && ssave && psave);
    if (wsave && ssave && psave) {
        same_text("window and simulator saves", wsave, ssave);
        MatchConfig rc = {.mission = t->m};
        char why[256] = "";
        Match *r = match_restore(&rc, psave, strlen(psave), why, sizeof why);
        CHECK(r != NULL);
        static char a[1 << 18], b[1 << 18];
        digest(play_game(t->window), a, sizeof a);
        if (r) {
            digest(match_game(r), b, sizeof b);
            same_text("window and the protocol's restored save", a, b);
        }
        match_destroy(r);
    }
    free(wsave);
    free(ssave);
}

static void trio_end(Trio *t)
{
    free(t->plog.lines);
    free(t->slog.lines);
    match_destroy(t->sim);
    protocol_destroy(t->proto);
    play_destroy(t->window);
}

/* Games on the missions played, with what they held. */
static int total_undos, total_attacks, total_searches;

static void check_mission(const char *root, const char *name, uint64_t seed, const char *tmp)
{
    char rel[4096], path[PATH_MAX], catalogue[4096], saves[4200];
    snprintf(rel, sizeof rel, "%s/missions/%s/mission.xml", root, name);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(saves, sizeof saves, "%s/saves-%s", tmp, name);
    CHECK(realpath(rel, path) != NULL); /* the protocol records absolute paths */
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &mo, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    static Trio t;
    if (m && trio_start(&t, m, path, seed, saves)) {
        trio_play(&t);
        trio_saves(&t);
        const Game *g = play_game(t.window);
        int moves = 0, undos = 0, attacks = 0, searches = 0;
        for (int i = 0; i < t.script.count; i++) {
            const Command *c = &t.script.items[i];
            undos += c->undo;
            moves += !c->undo && c->action.kind == ACTION_MOVE;
            attacks += !c->undo && c->action.kind == ACTION_ATTACK;
            searches += !c->undo && (c->action.kind == ACTION_SEARCH_TRAPS ||
                                     c->action.kind == ACTION_SEARCH_TREASURE);
        }
        fprintf(stderr, "%s seed %llu: %s at round %d; %d commands (%d moves, %d taken back, "
                        "%d attacks, %d searches), %zu log lines; %d steps compared, %d differed\n",
                name, (unsigned long long)seed, game_status_name(game_status(g)), game_turn(g),
                t.script.count, moves, undos, attacks, searches, t.slog.count, t.steps, t.diffs);
        CHECK(moves > 5 && undos > 0);
        total_undos += undos, total_attacks += attacks, total_searches += searches;
    }
    trio_end(&t);
    mission_destroy(m);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA"), *data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    char tmp[64];
    snprintf(tmp, sizeof tmp, "/tmp/qb-frontends-XXXXXX");
    if (!mkdtemp(tmp) || !play_util_init(W, H, root, data))
        return 2;
    check_mission(root, "first-light", 3, tmp);
    check_mission(root, "bone-orchard", 9, tmp);
    check_mission(root, "the-leaning-nave", 1, tmp); /* square8 */
    check_mission(root, "the-ember-hive", 1, tmp);   /* hex */
    /* fights and searches happened, in these games together */
    CHECK(total_attacks > 10 && total_searches > 5 && total_undos > 10);
    play_util_finish();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("frontends");
}

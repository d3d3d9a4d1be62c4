/* A game's files in the server's data folder: CODE.save, the match's own
 * save (the game save, or for a campaign the campaign save holding it),
 * written after every accepted action, and CODE.game, the seats, their
 * tokens and the commitment, written when they change. Both atomically
 * (a temporary renamed over the file), save first, so a server killed at
 * any moment restarts with every action that was answered (the file is
 * in the system's cache the moment it is renamed, whatever becomes of
 * the server). The flush to disk, against a power cut, is one syncfs for
 * every file written, at most once a second (store_sync): a sync per
 * action would make the disk's latency every player's (docs/benchmarks.md,
 * "Online play"). */
#define _POSIX_C_SOURCE 200809L
#include "server_internal.h"

#include "../core/i18n.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/numparse.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define STORE_VERSION 1
#define STORE_HEADER_MAX (64u << 10)

static void file_of(const NetServer *s, const char *code, const char *ext, char *out, size_t n)
{
    snprintf(out, n, "%s/%s.%s", s->data_dir, code, ext);
}

static char *header_text(const NetGame *g, size_t *size)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, size);
    if (!out)
        return NULL;
    char salt[33];
    for (int i = 0; i < 16; i++)
        snprintf(salt + 2 * i, 3, "%02x", g->salt[i]);
    fprintf(out, "questboard-netgame %d\ncode %s\ntitle %s\nsource %s\nseed %" PRIu64
                 "\nsalt %s\ngrace %d\ndrop %s\nmonsters %s\nseats %d\n",
            STORE_VERSION, g->code, g->title, g->source, g->seed, salt, g->grace_s,
            g->drop_bot ? "bot" : "wait", g->monsters_human ? "human" : "computer", g->seat_count);
    for (int i = 0; i < g->seat_count; i++) {
        const NetSeat *seat = &g->seats[i];
        fprintf(out, "seat %d %s %u %s %s\n",
                seat->kind == MATCH_SEAT_MONSTERS ? 1 : seat->kind == MATCH_SEAT_SPECTATOR ? 2 : 0,
                seat->taken ? seat->token : "-", seat->heroes, seat->computer ? "computer" : "player",
                seat->taken && seat->name[0] ? seat->name : "-");
    }
    fclose(out);
    return text;
}

/* Writes a game's file (text NULL: none was made). Why it cannot is told
 * the operator alone, so it is said in the operator's language
 * (i18n_english_pause), strerror's words too. */
static bool write_file(const char *path, const char *text, size_t size, char *why, size_t why_size)
{
    i18n_english_pause();
    bool ok = text && fileio_write_atomic_unsynced(path, text, size, why, why_size);
    i18n_english_resume();
    return ok;
}

void store_write(NetServer *s, NetGame *g)
{
    if (!s || !s->data_dir[0])
        return;
    char path[4200], why[256], said[512];
    size_t actions = game_log_count(match_game(g->match));
    if (actions != g->saved_actions || g->dirty) {
        size_t size;
        char *text = match_save_text(g->match, &size);
        file_of(s, g->code, "save", path, sizeof path);
        if (!write_file(path, text, size, why, sizeof why))
            server_console(N_("questboard: game %s: cannot write %s: %s\n"), g->code, path,
                           server_console_said(NULL, text ? why : N_("no save"), said, sizeof said));
        else
            g->saved_actions = actions;
        s->unsynced = true;
        free(text);
    }
    if (!g->dirty)
        return;
    size_t size;
    char *text = header_text(g, &size);
    file_of(s, g->code, "game", path, sizeof path);
    if (!write_file(path, text, size, why, sizeof why))
        server_console(N_("questboard: game %s: cannot write %s: %s\n"), g->code, path,
                       server_console_said(NULL, text ? why : N_("out of memory"), said, sizeof said));
    else
        g->dirty = false;
    s->unsynced = true;
    free(text);
}

void store_sync(NetServer *s)
{
    char why[256];
    double now = server_now();
    if (!s->unsynced || !s->data_dir[0] || now - s->synced_at < 1.0)
        return;
    s->unsynced = false;
    s->synced_at = now;
    i18n_english_pause(); /* the reason is the operator's alone */
    bool synced = fileio_sync_dir(s->data_dir, why, sizeof why);
    i18n_english_resume();
    if (!synced)
        server_console("questboard: %s\n", why);
}

void store_remove(NetServer *s, const NetGame *g)
{
    char path[4200];
    file_of(s, g->code, "save", path, sizeof path);
    remove(path);
    file_of(s, g->code, "game", path, sizeof path);
    remove(path);
}

/* --- reading ----------------------------------------------------------------- */

/* The next line of the header into line (without its break); false at the end. */
static bool next(char **cur, char *line, size_t n)
{
    if (!**cur)
        return false;
    size_t len = strcspn(*cur, "\n");
    snprintf(line, n, "%.*s", (int)(len < n ? len : n - 1), *cur);
    *cur += len + ((*cur)[len] == '\n');
    return true;
}

/* "KEY VALUE": the value, or NULL when the line is not that key's. */
static const char *value(const char *line, const char *key)
{
    size_t n = strlen(key);
    return strncmp(line, key, n) == 0 && line[n] == ' ' ? line + n + 1 : NULL;
}

static bool parse_seat(const char *line, NetSeat *seat)
{
    char token[64], control[16], name[NET_NAME_MAX + 1];
    int monsters, used = 0;
    unsigned heroes;
    if (sscanf(line, "seat %d %63s %u %15s %n", &monsters, token, &heroes, control, &used) != 4 ||
        monsters < 0 || monsters > 2 || heroes > 15 || !line[used])
        return false;
    snprintf(name, sizeof name, "%s", line + used);
    static const MatchSeatKind kinds[] = {MATCH_SEAT_HEROES, MATCH_SEAT_MONSTERS,
                                          MATCH_SEAT_SPECTATOR};
    *seat = (NetSeat){.kind = kinds[monsters],
                      .heroes = heroes, .computer = strcmp(control, "computer") == 0};
    seat->taken = strcmp(token, "-") != 0;
    if (seat->taken) {
        if (strlen(token) != SEAT_TOKEN_LEN)
            return false;
        snprintf(seat->token, sizeof seat->token, "%s", token);
        snprintf(seat->name, sizeof seat->name, "%s", strcmp(name, "-") ? name : "");
    }
    return true;
}

/* The reason a line of a game file is not what it should be. */
static bool expected(char *why, size_t n, int line, const char *what)
{
    snprintf(why, n, _("line %d: expected '%s'"), line, what);
    return false;
}

static bool parse_header(char *text, NetGame *g, char *why, size_t n)
{
    char line[512];
    const char *v;
    char *cur = text;
    int version = 0, seats = 0;
    long long grace;
    if (!next(&cur, line, sizeof line) || !(v = value(line, "questboard-netgame")) ||
        !numparse_int(v, 1, 1000, &version) || version != STORE_VERSION)
        return snprintf(why, n, "%s", _("not a game file of this version")), false;
    if (!next(&cur, line, sizeof line) || !(v = value(line, "code")) ||
        strlen(v) != GAME_CODE_LEN || strspn(v, "ABCDEFGHJKLMNPQRSTUVWXYZ") != GAME_CODE_LEN)
        return expected(why, n, 2, "code CODE");
    snprintf(g->code, sizeof g->code, "%s", v);
    if (!next(&cur, line, sizeof line) || !(v = value(line, "title")))
        return expected(why, n, 3, "title TEXT");
    snprintf(g->title, sizeof g->title, "%.95s", v);
    if (!next(&cur, line, sizeof line) || !(v = value(line, "source")))
        return expected(why, n, 4, "source TEXT");
    snprintf(g->source, sizeof g->source, "%.159s", v);
    if (!next(&cur, line, sizeof line) || !(v = value(line, "seed")) || !numparse_u64(v, &g->seed))
        return expected(why, n, 5, "seed N");
    if (!next(&cur, line, sizeof line) || !(v = value(line, "salt")) || strlen(v) != 32)
        return expected(why, n, 6, "salt HEX");
    for (int i = 0; i < 16; i++) {
        unsigned b;
        if (sscanf(v + 2 * i, "%2x", &b) != 1)
            return expected(why, n, 6, "salt HEX");
        g->salt[i] = (uint8_t)b;
    }
    if (!next(&cur, line, sizeof line) || !(v = value(line, "grace")) ||
        !numparse_ll(v, 0, 86400, &grace))
        return expected(why, n, 7, "grace SECONDS");
    g->grace_s = (int)grace;
    if (!next(&cur, line, sizeof line) || !(v = value(line, "drop")) ||
        (strcmp(v, "bot") != 0 && strcmp(v, "wait") != 0))
        return expected(why, n, 8, "drop bot|wait");
    g->drop_bot = v[0] == 'b';
    if (!next(&cur, line, sizeof line) || !(v = value(line, "monsters")) ||
        (strcmp(v, "human") != 0 && strcmp(v, "computer") != 0))
        return expected(why, n, 9, "monsters human|computer");
    g->monsters_human = v[0] == 'h';
    if (!next(&cur, line, sizeof line) || !(v = value(line, "seats")) ||
        !numparse_int(v, 1, NET_MAX_SEATS, &seats))
        return expected(why, n, 10, "seats N");
    g->seat_count = seats;
    for (int i = 0; i < seats; i++)
        if (!next(&cur, line, sizeof line) || !parse_seat(line, &g->seats[i]))
            return expected(why, n, 11 + i, "seat KIND TOKEN HEROES CONTROL NAME");
    return true;
}

/* Resumes the game of CODE.game; NULL with the reason. */
static NetGame *resume(NetServer *s, const char *file, char *why, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", s->data_dir, file);
    uint8_t *data;
    size_t size;
    char err[256];
    if (!fileio_read(path, STORE_HEADER_MAX, &data, &size, err, sizeof err)) {
        snprintf(why, n, "%s", err);
        return NULL;
    }
    NetGame *g = xcalloc(1, sizeof *g);
    g->told_current = -2;
    bool ok = parse_header((char *)data, g, why, n);
    free(data);
    if (ok) {
        g->host = protocol_create();
        file_of(s, g->code, "save", path, sizeof path);
        ok = protocol_restore_trusted(g->host, path, why, n);
    }
    if (!ok) {
        game_destroy_net(g);
        return NULL;
    }
    game_commit(g);
    /* nobody is connected after a restart: every player dropped now */
    double now = server_now();
    for (int i = 0; i < g->seat_count; i++)
        if (g->seats[i].taken) {
            g->seats[i].dropped_at = now;
            g->seats[i].computer = g->drop_bot;
        }
    game_bind(g);
    g->saved_actions = game_log_count(match_game(g->match));
    g->over_told = game_status(match_game(g->match)) != GAME_STATUS_PLAYING;
    return g;
}

static bool owns(const char *target, void *ctx)
{
    (void)ctx;
    size_t n = strlen(target);
    return n == GAME_CODE_LEN + 5 &&
           (strcmp(target + GAME_CODE_LEN, ".game") == 0 || strcmp(target + GAME_CODE_LEN, ".save") == 0);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void store_load_all(NetServer *s)
{
    if (!s->data_dir[0])
        return;
    if (mkdir(s->data_dir, 0700) != 0 && errno != EEXIST)
        server_console(N_("questboard: cannot make %s: %s\n"), s->data_dir, strerror(errno));
    fileio_remove_stale_temps(s->data_dir, owns, NULL);
    DIR *d = opendir(s->data_dir);
    if (!d)
        return;
    char **names = NULL;
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && count < 100000;) {
        size_t n = strlen(e->d_name);
        if (n == GAME_CODE_LEN + 5 && strcmp(e->d_name + GAME_CODE_LEN, ".game") == 0) {
            names = xrealloc(names, count + 1, sizeof *names);
            names[count++] = xstrdup(e->d_name);
        }
    }
    closedir(d);
    /* the same order on every start */
    if (count > 1)
        qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        char why[512];
        if (s->game_count >= s->cfg.max_games)
            server_console(N_("questboard: %s not resumed: the server hosts %d games, its most\n"),
                           names[i], s->cfg.max_games);
        else {
            NetGame *g = resume(s, names[i], why, sizeof why);
            if (g)
                s->games[s->game_count++] = g;
            else
                server_console(N_("questboard: %s/%s not resumed: %s\n"), s->data_dir, names[i], why);
        }
        free(names[i]);
    }
    free(names);
}

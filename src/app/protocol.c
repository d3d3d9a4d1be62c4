/* The text protocol's session and its reading: one command a line, looked
 * up in the command table, answered "= ..." or "? reason" and a blank
 * line. The game in play is a match (match/match.h), played through the
 * player's seat and shown through its view. */
/* strtok_r */
#define _XOPEN_SOURCE 700
#include "protocol.h"

#include "../core/alloc.h"
#include "../core/numparse.h"
#include "protocol_internal.h"
#include "textfield.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define PROTOCOL_MAX_ARGS 8
#define PROTOCOL_LINE_MAX 4096

void protocol_say(Answer *a, const char *fmt, ...)
{
    if (a->first) {
        fputs("= ", a->out);
        a->first = false;
    } else {
        fputc('\n', a->out);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(a->out, fmt, ap);
    va_end(ap);
}

bool protocol_refuse(Answer *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    game_vrefuse(a->why, sizeof a->why, fmt, ap); /* its parts: game_refusal_words */
    va_end(ap);
    return false;
}

bool protocol_refused(Answer *a, const char *why)
{
    snprintf(a->why, sizeof a->why, "%s", why);
    return false;
}

/* --- the session ------------------------------------------------------ */

Protocol *protocol_create(void)
{
    Protocol *p = xcalloc(1, sizeof *p);
    p->seed = 1;
    return p;
}

void protocol_destroy(Protocol *p)
{
    if (!p)
        return;
    protocol_campaign_end(p);
    if (!p->borrowed)
        match_destroy(p->match);
    catalogue_destroy(p->cat);
    free(p);
}

Protocol *protocol_create_playing(Game *g)
{
    Protocol *p = protocol_create();
    p->match = match_create_from_game(g, 0);
    char why[128];
    MatchSeat debug = {.kind = MATCH_SEAT_DEBUG, .control = MATCH_CONTROL_LOCAL};
    match_seat_add(p->match, &debug, why, sizeof why); /* the default two and this: room */
    p->seed = game_seed(g);
    p->setup = *game_setup(g);
    return p;
}

const Game *protocol_game(const Protocol *p)
{
    return protocol_g(p);
}

MatchView protocol_view(const Protocol *p)
{
    if (p->borrowed)
        return match_view(p->match, p->seat);
    return match_view(p->match, p->reveal ? PROTOCOL_SEAT_DEBUG : PROTOCOL_SEAT_PLAYER);
}

int protocol_act_seat(const Protocol *p)
{
    if (p->borrowed)
        return p->seat;
    return game_monsters_turn(protocol_g(p)) ? PROTOCOL_SEAT_MONSTERS : PROTOCOL_SEAT_PLAYER;
}

Protocol *protocol_create_seat(struct Match *match, int seat)
{
    Protocol *p = protocol_create();
    p->match = match;
    p->borrowed = true;
    p->seat = seat;
    return p;
}

void protocol_seat_rebind(Protocol *p, struct Match *match)
{
    p->match = match;
}

struct Match *protocol_match(Protocol *p)
{
    return p->match;
}

void protocol_tell_events(const Protocol *p, FILE *out)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return;
    Answer a = {f, true, {0}};
    protocol_print_events(&a, p, match_events(p->match));
    fclose(f);
    fputs(len > 2 ? buf + 2 : "0", out); /* the answer's lines without its "= " */
    free(buf);
}

bool protocol_restore_trusted(Protocol *p, const char *path, char *why, size_t why_size)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *sink = open_memstream(&buf, &len);
    if (!sink) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    Answer a = {sink, true, {0}};
    bool ok = protocol_restore_path(p, path, &a);
    fclose(sink);
    free(buf);
    if (!ok)
        snprintf(why, why_size, "%s", a.why);
    return ok;
}

/* --- arguments ------------------------------------------------------- */

bool protocol_arg_int(const char *s, long min, long max, int *out)
{
    long long v;
    if (!numparse_ll(s, min, max, &v))
        return false;
    *out = (int)v;
    return true;
}

/* Commands name pieces by their public ids (docs/protocol.md, "Ids"): one
 * the heroes have not seen has none, `reveal on` or not, so probing ids
 * tells nothing. */
bool protocol_arg_piece(Answer *a, const Protocol *p, const char *s, int *id)
{
    MatchView v = protocol_view(p);
    int pub;
    if (!protocol_arg_int(s, 0, INT_MAX, &pub) || (*id = view_index(&v, GAME_ID_PIECE, pub)) < 0)
        return protocol_refuse(a, "'%s' is not a piece id", s ? s : "");
    return true;
}

bool protocol_arg_square(Answer *a, const char *x, const char *y, BoardPos *pos)
{
    if (!protocol_arg_int(x, INT_MIN, INT_MAX, &pos->x) ||
        !protocol_arg_int(y, INT_MIN, INT_MAX, &pos->y))
        return protocol_refuse(a, "expected a square X Y");
    return true;
}

bool protocol_need_game(Answer *a, const Protocol *p)
{
    return p->match ? true : protocol_refuse(a, "no mission loaded (use load PATH)");
}

/* --- the commands ------------------------------------------------------ */

/* What a server's player may send: reading and playing the game. */
static bool seat_command(const char *name)
{
    static const char *const ok[] = {"state", "board", "reachable", "path", "roll", "move",
                                     "attack", "search", "open", "disarm", "leave", "end",
                                     "cast", "use", "undo", "words"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (strcmp(name, ok[i]) == 0)
            return true;
    return false;
}

typedef bool (*CommandFn)(Protocol *p, int argc, char **argv, Answer *a);

static const struct {
    const char *name;
    CommandFn fn;
} COMMANDS[] = {
    {"load", protocol_cmd_load},         {"seed", protocol_cmd_seed},
    {"heroes", protocol_cmd_heroes},     {"state", protocol_cmd_state},
    {"board", protocol_cmd_board},       {"reachable", protocol_cmd_reachable},
    {"path", protocol_cmd_path},         {"roll", protocol_cmd_action},
    {"move", protocol_cmd_action},       {"attack", protocol_cmd_action},
    {"search", protocol_cmd_action},     {"open", protocol_cmd_action},
    {"disarm", protocol_cmd_action},     {"leave", protocol_cmd_action},
    {"end", protocol_cmd_action},        {"cast", protocol_cmd_action},
    {"use", protocol_cmd_action},        {"undo", protocol_cmd_undo},
    {"reveal", protocol_cmd_reveal},     {"save", protocol_cmd_save},
    {"restore", protocol_cmd_restore},   {"generate", protocol_cmd_generate},
    {"campaign", protocol_cmd_campaign}, {"shop", protocol_cmd_shop},
    {"buy", protocol_cmd_trade},         {"sell", protocol_cmd_trade},
    {"equip", protocol_cmd_trade},       {"unequip", protocol_cmd_trade},
    {"give", protocol_cmd_give},         {"next", protocol_cmd_next},
    {"seat", protocol_cmd_seat},         {"words", protocol_cmd_words},
};

static void list_commands(Answer *a)
{
    protocol_say(a, "%s", "");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(a->out, "%s%s", i ? " " : "", COMMANDS[i].name);
    fputs(" help quit", a->out);
}

bool protocol_execute(Protocol *p, const char *line, FILE *out)
{
    char buf[PROTOCOL_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", line);
    buf[strcspn(buf, "\r\n#")] = '\0';
    char *argv[PROTOCOL_MAX_ARGS + 1], *save = NULL;
    int argc = 0;
    for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
        argv[argc < PROTOCOL_MAX_ARGS ? argc++ : argc] = t;
    if (argc == 0)
        return true;
    Answer a = {out, true, {0}};
    bool ok = false, quit = strcmp(argv[0], "quit") == 0, found = quit;
    if (quit || strcmp(argv[0], "help") == 0) {
        found = ok = true;
        if (!quit)
            list_commands(&a);
    }
    if (!found && p->borrowed && !seat_command(argv[0])) {
        found = true;
        protocol_refuse(&a, "'%s' is not played over the network", argv[0]);
    }
    for (size_t i = 0; !found && i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(argv[0], COMMANDS[i].name) == 0) {
            found = true;
            ok = COMMANDS[i].fn(p, argc, argv, &a);
        }
    if (!found)
        protocol_refuse(&a, "unknown command '%s' (try help)", argv[0]);
    if (ok)
        fputs(a.first ? "=\n\n" : "\n\n", out);
    else
        fprintf(out, "? %s\n\n", a.why[0] ? a.why : "refused");
    fflush(out);
    return !quit;
}

/* What reading one line found. */
typedef enum LineKind { LINE_END, LINE_TEXT, LINE_TOO_LONG, LINE_NUL, LINE_NOT_UTF8 } LineKind;

static bool valid_utf8(const char *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len)
        if ((len = textfield_utf8_length(s + i, n - i)) == 0)
            return false;
    return true;
}

/* Reads one line into buf (PROTOCOL_LINE_MAX + 1 bytes). The whole line is
 * consumed, up to and with its newline, whatever it holds, so the next
 * read starts at the next line: a bad line gets its own answer and never
 * takes the next command with it. A line holds at most
 * PROTOCOL_LINE_MAX - 1 bytes before its newline ("\r\n" counts as the
 * newline). */
static LineKind read_line(FILE *in, char *buf, size_t *len)
{
    size_t n = 0;
    bool nul = false, over = false;
    int c = getc(in);
    if (c == EOF)
        return LINE_END;
    for (; c != EOF && c != '\n'; c = getc(in)) {
        nul |= c == '\0';
        if (n < PROTOCOL_LINE_MAX)
            buf[n++] = (char)c;
        else
            over = true;
    }
    if (!over && n > 0 && buf[n - 1] == '\r')
        n--;
    if (over || n > PROTOCOL_LINE_MAX - 1)
        return LINE_TOO_LONG;
    buf[n] = '\0';
    *len = n;
    if (nul)
        return LINE_NUL;
    return valid_utf8(buf, n) ? LINE_TEXT : LINE_NOT_UTF8;
}

int protocol_run(FILE *in, FILE *out)
{
    Protocol *p = protocol_create();
    char line[PROTOCOL_LINE_MAX + 1];
    size_t len = 0;
    for (LineKind k; (k = read_line(in, line, &len)) != LINE_END;) {
        static const char *const why[] = {
            [LINE_TOO_LONG] = "line longer than 4095 bytes",
            [LINE_NUL] = "line holds a NUL byte",
            [LINE_NOT_UTF8] = "line is not valid UTF-8",
        };
        if (k != LINE_TEXT) {
            fprintf(out, "? %s\n\n", why[k]);
            fflush(out);
        } else if (!protocol_execute(p, line, out)) {
            break;
        }
    }
    protocol_destroy(p);
    return 0;
}

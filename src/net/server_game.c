/* One online game (server_internal.h): hosting, seats, playing through
 * the seats' protocol sessions, telling every seat what its view lets
 * through, the computer's turns, the commitment to the seed. */
#define _GNU_SOURCE /* getrandom, open_memstream */
#include "server_internal.h"

#include "../app/paths.h"
#include "../core/alloc.h"
#include "../core/digest.h"
#include "../core/fileio.h"
#include "../core/i18n.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

/* --- small helpers ------------------------------------------------------------ */

static void random_bytes(void *out, size_t n)
{
    uint8_t *p = out;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got <= 0)
            continue; /* interrupted: the kernel's pool never runs dry */
        p += got;
        n -= (size_t)got;
    }
}

void game_random_text(char *out, size_t n, const char *alphabet)
{
    size_t k = strlen(alphabet);
    uint8_t bytes[64];
    random_bytes(bytes, n);
    for (size_t i = 0; i < n; i++)
        out[i] = alphabet[bytes[i] % k]; /* 32 or 26 letters: a bias of at most 1/10 */
    out[n] = '\0';
}

/* Runs one line in session p; true when it was accepted. The answer is
 * kept in why (its first line) when refused. */
static bool run(Protocol *p, const char *line, char *why, size_t why_size)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return false;
    protocol_execute(p, line, out);
    fclose(out);
    bool ok = len > 0 && text[0] == '=';
    if (!ok && why)
        snprintf(why, why_size, "%.*s", (int)strcspn(text + (len > 2 ? 2 : 0), "\n"),
                 text + (len > 2 ? 2 : 0));
    free(text);
    return ok;
}

/* A name a client may give for a mission or campaign: lower-case
 * letters, digits, '-' and '_', not starting with '-' (never a path). */
static bool plain_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 64 || s[0] == '-')
        return false;
    return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

/* The file a name stands for: the bundled one, else the missions folder's. */
static bool find_file(const NetServer *s, const char *bundled_dir, const char *name,
                      const char *file, char *out, size_t size)
{
    char rel[256];
    snprintf(rel, sizeof rel, "%s/%s/%s", bundled_dir, name, file);
    paths_data_file(rel, out, size);
    if (fileio_is_file(out))
        return true;
    if (!s->missions_dir[0])
        return false;
    int n = snprintf(out, size, "%s/%s/%s", s->missions_dir, name, file);
    return n > 0 && (size_t)n < size && fileio_is_file(out);
}

static void tell_all(NetGame *g, const Peer *except, NetNotice kind, int seat, const char *name,
                     const char *text)
{
    for (int i = 0; i < g->seat_count; i++)
        if (g->seats[i].peer && g->seats[i].peer != except)
            server_notice(g->seats[i].peer, kind, seat, name, text);
}

/* tell_all of a notice whose text is words' line (said in each player's
 * language by a window that asked for the words). */
static void tell_all_said(NetGame *g, NetNotice kind, int seat, const char *name, const EventText *words)
{
    for (int i = 0; i < g->seat_count; i++)
        if (g->seats[i].peer)
            server_notice_said(g->seats[i].peer, kind, seat, name, words);
}

/* --- the match and its seats ---------------------------------------------------- */

void game_bind(NetGame *g)
{
    g->match = protocol_match(g->host);
    MatchSeat seats[NET_MAX_SEATS];
    for (int i = 0; i < g->seat_count; i++) {
        const NetSeat *ns = &g->seats[i];
        seats[i] = (MatchSeat){.kind = ns->kind, .heroes = ns->heroes,
                               .control = ns->computer ? MATCH_CONTROL_COMPUTER
                                                       : MATCH_CONTROL_REMOTE};
        snprintf(seats[i].name, sizeof seats[i].name, "%s", ns->taken ? ns->name : "");
    }
    char why[128], said[256];
    if (!match_set_seats(g->match, seats, g->seat_count, why, sizeof why))
        server_console(N_("questboard: game %s: %s\n"), g->code,
                       server_console_said(game_refusal_words(), why, said, sizeof said));
    for (int i = 0; i < g->seat_count; i++) {
        if (!g->seats[i].session)
            g->seats[i].session = protocol_create_seat(g->match, i);
        else
            protocol_seat_rebind(g->seats[i].session, g->match);
    }
    if (!g->bot)
        g->bot = bot_create(match_game(g->match));
}

void game_commit(NetGame *g)
{
    char text[128], salt[33];
    for (int i = 0; i < 16; i++)
        snprintf(salt + 2 * i, 3, "%02x", g->salt[i]);
    snprintf(text, sizeof text, "questboard-seed %" PRIu64 " %s", g->seed, salt);
    digest_sha256_hex(text, strlen(text), g->commit);
}

/* Splits the heroes between n seats: hero i plays in seat i mod n. */
static void make_seats(NetGame *g, int heroes, int n, bool monsters)
{
    g->seat_count = n + monsters;
    for (int i = 0; i < n; i++)
        g->seats[i] = (NetSeat){.kind = MATCH_SEAT_HEROES};
    for (int h = 0; h < heroes; h++)
        g->seats[h % n].heroes |= 1u << h;
    if (monsters)
        g->seats[n] = (NetSeat){.kind = MATCH_SEAT_MONSTERS, .computer = true};
    g->monsters_human = monsters;
}

bool game_finished(const NetGame *g)
{
    bool held = false;
    for (int i = 0; i < g->seat_count; i++) {
        if (g->seats[i].peer)
            return false;
        held |= g->seats[i].taken;
    }
    return !held || game_status(match_game(g->match)) != GAME_STATUS_PLAYING;
}

void game_destroy_net(NetGame *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->seat_count; i++) {
        if (g->seats[i].peer)
            g->seats[i].peer->game = NULL;
        protocol_destroy(g->seats[i].session);
    }
    bot_destroy(g->bot);
    bot_destroy(g->hint_bot);
    protocol_destroy(g->host);
    free(g->pack);
    free(g);
}

/* --- hosting ------------------------------------------------------------------------ */

/* The seats=, drop= and grace= options; false with the reason. */
static bool options(NetGame *g, int argc, char **argv, int *players, char *why, size_t n)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (strncmp(a, "seats=", 6) == 0) {
            long v = strtol(a + 6, &end, 10);
            bool monsters = strcmp(end, "+monsters") == 0;
            if (end == a + 6 || v < 1 || v > 4 || (*end && !monsters))
                return game_refuse(why, n, "seats=N or seats=N+monsters, with 1 to 4 hero players");
            *players = (int)v;
            g->monsters_human = monsters;
        } else if (strcmp(a, "drop=wait") == 0 || strcmp(a, "drop=bot") == 0) {
            g->drop_bot = a[5] == 'b';
        } else if (strncmp(a, "grace=", 6) == 0) {
            long v = strtol(a + 6, &end, 10);
            if (*end || end == a + 6 || v < 0 || v > 86400)
                return game_refuse(why, n, "grace=SECONDS, 0 to 86400");
            g->grace_s = (int)v;
        } else {
            return game_refuse(why, n, "'%s' is no option (seats=, drop=, grace=)", a);
        }
    }
    return true;
}

/* Starts the host session's game from the source words; false with why. */
static bool start(NetServer *s, NetGame *g, int argc, char **argv, int *used, char *why,
                  size_t n)
{
    char line[4400], path[4096];
    snprintf(line, sizeof line, "seed %" PRIu64, g->seed);
    run(g->host, line, NULL, 0);
    run(g->host, g->monsters_human ? "seat monsters human" : "seat monsters computer", NULL, 0);
    const char *what = argv[0];
    if (strcmp(what, "generate") == 0) {
        if (argc < 3)
            return game_refuse(why, n, "usage: generate STYLE SEED [WxH]");
        bool size = argc > 3 && strchr(argv[3], 'x');
        *used = size ? 4 : 3;
        for (int i = 1; i < *used; i++)
            if (!plain_name(argv[i]))
                return game_refuse(why, n, "'%s' is not a generator argument", argv[i]);
        snprintf(line, sizeof line, "generate %s %s%s%s", argv[1], argv[2], size ? " " : "",
                 size ? argv[3] : "");
        snprintf(g->source, sizeof g->source, "%.150s", line);
        return run(g->host, line, why, n);
    }
    if (strcmp(what, "pack") == 0) {
        /* a pack a host uploaded (server_pack.c), by its name or SHA-256 */
        const ServerPack *sp = argc > 1 ? packs_find(s, argv[1]) : NULL;
        *used = 2;
        if (argc < 2)
            return game_refuse(why, n, "usage: host pack NAME|SHA256 [OPTIONS]");
        if (!sp)
            return game_refuse(why, n, "this server holds no pack '%.80s' (packs lists them)", argv[1]);
        if (strpbrk(sp->mission, " \t#"))
            return game_refuse(why, n, "the server's packs folder holds a blank or '#'");
        char load[sizeof sp->mission + 8];
        snprintf(g->source, sizeof g->source, "pack %s", sp->hex);
        snprintf(load, sizeof load, "load %s", sp->mission);
        return run(g->host, load, why, n);
    }
    bool campaign = strcmp(what, "campaign") == 0;
    if (campaign && g->monsters_human)
        return game_refuse(why, n, "a campaign's monsters are the computer's: seats=N without +monsters");
    const char *name = campaign ? (argc > 1 ? argv[1] : "") : what;
    *used = campaign ? 2 : 1;
    if (!plain_name(name))
        return campaign ? game_refuse(why, n, "'%s' is not a campaign name (letters, digits, - and _)", name)
                        : game_refuse(why, n, "'%s' is not a mission name (letters, digits, - and _)", name);
    if (!find_file(s, campaign ? "missions/campaigns" : "missions", name,
                   campaign ? "campaign.xml" : "mission.xml", path, sizeof path))
        return campaign ? game_refuse(why, n, "this server has no campaign '%s'", name)
                        : game_refuse(why, n, "this server has no mission '%s'", name);
    if (strpbrk(path, " \t#"))
        return game_refuse(why, n, "the server's folder for '%s' holds a blank or '#'", name);
    snprintf(g->source, sizeof g->source, "%s %s", campaign ? "campaign" : "mission", name);
    snprintf(line, sizeof line, campaign ? "campaign load %s" : "load %s", path);
    if (!run(g->host, line, why, n))
        return false;
    return !campaign || run(g->host, "next", why, n);
}

NetGame *game_host(NetServer *s, Peer *peer, int argc, char **argv, FILE *out)
{
    NetGame *g = xcalloc(1, sizeof *g);
    g->grace_s = NET_DEFAULT_GRACE_S;
    g->told_current = -2;
    /* 24^6 codes: a clash with a game in play is drawn again */
    for (int tries = 0; tries < 100; tries++) {
        game_random_text(g->code, GAME_CODE_LEN, "ABCDEFGHJKLMNPQRSTUVWXYZ");
        bool clash = false;
        for (int i = 0; i < s->game_count; i++)
            clash |= strcmp(s->games[i]->code, g->code) == 0;
        if (!clash)
            break;
    }
    random_bytes(&g->seed, sizeof g->seed);
    random_bytes(g->salt, sizeof g->salt);
    game_commit(g);
    g->host = protocol_create();
    char why[512] = "";
    int used = 0, players = 1;
    /* the options come after the source's words: find where they start */
    int first_opt = argc;
    for (int i = 0; i < argc; i++)
        if (strchr(argv[i], '=')) {
            first_opt = i;
            break;
        }
    if (!options(g, argc - first_opt, argv + first_opt, &players, why, sizeof why) ||
        !start(s, g, first_opt, argv, &used, why, sizeof why) ||
        (used != first_opt && !game_refuse(why, sizeof why, "'%s' is not understood here",
                                           argv[used < argc ? used : 0]))) {
        if (!why[0])
            game_refuse(why, sizeof why, "cannot host that");
        fprintf(out, "? %s\n\n", why); /* its words: the latest refusal's */
        game_destroy_net(g);
        return NULL;
    }
    const Game *game = match_game(protocol_match(g->host));
    int heroes = game_setup(game)->hero_count;
    if (players > heroes) {
        server_refuse(out, N_("the game has %d heroes: at most %d hero players"), heroes, heroes);
        game_destroy_net(g);
        return NULL;
    }
    const Mission *m = game_mission(game);
    snprintf(g->title, sizeof g->title, "%s", m->name ? m->name : m->id);
    make_seats(g, heroes, players, g->monsters_human);
    NetSeat *seat = &g->seats[0];
    seat->taken = true;
    seat->peer = peer;
    snprintf(seat->name, sizeof seat->name, "%s", peer->name);
    game_random_text(seat->token, SEAT_TOKEN_LEN, "abcdefghijklmnopqrstuvwxyz234567");
    peer->game = g;
    peer->seat = 0;
    game_bind(g);
    g->dirty = true;
    store_write(s, g);
    fprintf(out, "= %s token %s\ncommit %s\n\n", g->code, seat->token, g->commit);
    return g;
}

/* --- seats ---------------------------------------------------------------------------- */

static void seated(NetGame *g, Peer *peer, int i, FILE *out)
{
    NetSeat *seat = &g->seats[i];
    seat->peer = peer;
    seat->computer = false;
    seat->dropped_at = 0;
    peer->game = g;
    peer->seat = i;
    game_bind(g);
    g->dirty = true;
    g->told_current = -2; /* tell the newcomer whose turn it is */
    if (peer->words)
        game_words(g, peer);
    fprintf(out, "= %s token %s\ncommit %s\n\n", g->code, seat->token, g->commit);
}

bool game_join(NetServer *s, NetGame *g, Peer *peer, int i, FILE *out)
{
    NetSeat *seat = &g->seats[i];
    if (seat->taken) {
        server_refuse(out, N_("seat %d of game %s is taken"), i, g->code);
        return false;
    }
    seat->taken = true;
    snprintf(seat->name, sizeof seat->name, "%s", peer->name);
    game_random_text(seat->token, SEAT_TOKEN_LEN, "abcdefghijklmnopqrstuvwxyz234567");
    seated(g, peer, i, out);
    tell_all(g, peer, NET_NOTICE_JOINED, i, seat->name, "");
    store_write(s, g);
    return true;
}

bool game_watch(NetServer *s, NetGame *g, Peer *peer, FILE *out)
{
    int free_seat = -1;
    for (int i = 0; i < g->seat_count && free_seat < 0; i++)
        if (g->seats[i].kind == MATCH_SEAT_SPECTATOR && !g->seats[i].taken)
            free_seat = i;
    if (free_seat < 0) {
        if (g->seat_count >= NET_MAX_SEATS) {
            server_refuse(out, N_("game %s has no room for another spectator"), g->code);
            return false;
        }
        free_seat = g->seat_count++;
        g->seats[free_seat] = (NetSeat){.kind = MATCH_SEAT_SPECTATOR};
    }
    return game_join(s, g, peer, free_seat, out);
}

bool game_rejoin(NetServer *s, NetGame *g, Peer *peer, const char *token, FILE *out)
{
    for (int i = 0; i < g->seat_count; i++) {
        NetSeat *seat = &g->seats[i];
        if (!seat->taken || strcmp(seat->token, token) != 0)
            continue;
        if (seat->peer) { /* the old connection is half dead: this one takes over */
            seat->peer->game = NULL;
            server_kick(seat->peer, N_("your seat was taken back by another connection"));
        }
        snprintf(seat->name, sizeof seat->name, "%s", peer->name);
        seated(g, peer, i, out);
        tell_all(g, peer, NET_NOTICE_BACK, i, seat->name, "");
        store_write(s, g);
        return true;
    }
    server_refuse(out, N_("no seat of game %s has that token"), g->code);
    return false;
}

void game_part(NetServer *s, NetGame *g, Peer *peer, bool left)
{
    int i = peer->seat;
    peer->game = NULL;
    peer->seat = -1;
    peer->wait_id = 0;
    if (i < 0 || i >= g->seat_count || g->seats[i].peer != peer)
        return;
    NetSeat *seat = &g->seats[i];
    seat->peer = NULL;
    EventText words; /* what happens meanwhile */
    eventtext_clear(&words);
    if (left) {
        seat->taken = false;
        seat->token[0] = '\0';
        seat->computer = seat->kind != MATCH_SEAT_SPECTATOR &&
                         (g->drop_bot || seat->kind == MATCH_SEAT_MONSTERS);
        eventtext_add(&words, seat->computer ? N_("the computer plays the seat until someone joins")
                                             : N_("the seat waits for someone to join"));
        tell_all_said(g, NET_NOTICE_LEFT, i, seat->name, &words);
    } else {
        seat->dropped_at = server_now();
        seat->computer = g->drop_bot && seat->kind != MATCH_SEAT_SPECTATOR;
        eventtext_add(&words, N_("%s for up to %d s"),
                      g->drop_bot ? N_("the computer plays the seat") : N_("the game waits"), g->grace_s);
        tell_all_said(g, NET_NOTICE_DROPPED, i, seat->name, &words);
    }
    game_bind(g);
    g->dirty = true;
    store_write(s, g);
}

void game_seats(const NetGame *g, FILE *out)
{
    fprintf(out, "= %d", g->seat_count);
    for (int i = 0; i < g->seat_count; i++) {
        const NetSeat *seat = &g->seats[i];
        fprintf(out, "\n%d %s ", i, match_seat_kind_name(seat->kind));
        int listed = 0;
        for (int h = 0; seat->kind == MATCH_SEAT_HEROES && h < GAME_MAX_HEROES; h++)
            if (seat->heroes & (1u << h))
                fprintf(out, "%s%d", listed++ ? "," : "", h);
        if (!listed)
            fputc('-', out);
        const char *state = seat->peer       ? "connected"
                            : seat->computer ? "computer"
                            : seat->taken    ? "dropped"
                                             : "free";
        fprintf(out, " %s %s", state, seat->taken ? seat->name : "-");
    }
    fputs("\n\n", out);
}

void game_tell_mission(const NetGame *g, FILE *out)
{
    /* g->source names a bundled mission or campaign, or the generator's
     * arguments: a window rebuilds the board from it; the hash tells it
     * whether its copy is the server's. A campaign's quest is named by
     * its folder, the last but one part of the mission's path. */
    const Mission *m = match_mission(g->match);
    const char *ref = match_mission_ref(g->match);
    char quest[128] = "";
    if (strncmp(g->source, "campaign ", 9) == 0 && ref) {
        const char *end = strrchr(ref, '/'), *start = end;
        while (start && start > ref && start[-1] != '/')
            start--;
        if (end && start && end > start)
            snprintf(quest, sizeof quest, " %.*s", (int)(end - start), start);
    }
    fprintf(out, "= %s%s hash %016" PRIx64 "\n\n", g->source, quest, m ? m->hash : 0);
}

void game_words(NetGame *g, const Peer *peer)
{
    if (peer->seat >= 0 && peer->seat < g->seat_count && g->seats[peer->seat].session)
        run(g->seats[peer->seat].session, "words on", NULL, 0);
}

void game_say(NetGame *g, Peer *peer, const char *text)
{
    tell_all(g, peer, NET_NOTICE_SAY, peer->seat, peer->name, text);
}

/* --- playing ---------------------------------------------------------------------------- */

/* Tells every seat but actor the events of the match's last act. */
static void tell_events(NetGame *g, int actor)
{
    for (int i = 0; i < g->seat_count; i++) {
        if (i == actor || !g->seats[i].peer)
            continue;
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        if (!out)
            continue;
        protocol_tell_events(g->seats[i].session, out);
        fclose(out);
        server_notice(g->seats[i].peer, NET_NOTICE_EVENTS, actor, "", text);
        free(text);
    }
}

/* A campaign's quest over and settled: the next one, if the book goes on. */
static void next_quest(NetGame *g)
{
    if (strncmp(g->source, "campaign ", 9) != 0 ||
        game_status(match_game(g->match)) == GAME_STATUS_PLAYING)
        return;
    Match *before = g->match;
    if (!run(g->host, "next", NULL, 0) || protocol_match(g->host) == before)
        return;
    bot_destroy(g->bot);
    bot_destroy(g->hint_bot);
    g->bot = g->hint_bot = NULL;
    game_bind(g);
    g->dirty = true;
}

/* `hint`: the command the computer would play for the seat now (the
 * bot for a hero, which goes only by what the heroes know; the monsters'
 * AI for the monster side), or why there is none. */
static void hint(NetGame *g, Peer *peer, uint32_t id)
{
    const Game *game = match_game(g->match);
    char line[256], text[300], why[200];
    Action a;
    if (game_status(game) != GAME_STATUS_PLAYING) {
        game_refuse(why, sizeof why, "the game is over");
        snprintf(text, sizeof text, "? %s\n\n", why);
        server_answer(peer, id, false, text);
        return;
    }
    if (!match_may_act(g->match, peer->seat, why, sizeof why)) {
        snprintf(text, sizeof text, "? %s\n\n", why);
        server_answer(peer, id, false, text);
        return;
    }
    if (game_monsters_turn(game)) {
        game_monster_choose(game, &a);
    } else {
        if (!g->hint_bot)
            g->hint_bot = bot_create(game);
        /* advice the rules would refuse is no advice: asked again on an
         * unchanged game the bot counts its last choice refused and
         * chooses another (and ends the turn after a bounded few) */
        bool chose;
        int tries = 0;
        while ((chose = bot_choose(g->hint_bot, game, &a)) && !game_check(game, &a, why, sizeof why) &&
               ++tries < 16)
            ;
        if (!chose || tries == 16) {
            game_refuse(why, sizeof why, "no hint"); /* the last refusal's words are this */
            snprintf(text, sizeof text, "? %s\n\n", why);
            server_answer(peer, id, false, text);
            return;
        }
    }
    /* as the seat's commands name things: by their public ids */
    bot_command(game, &a, line, sizeof line);
    snprintf(text, sizeof text, "= %s\n\n", line);
    server_answer(peer, id, true, text);
}

void game_command(NetServer *s, NetGame *g, Peer *peer, uint32_t id, const char *line)
{
    if (strcmp(line + strspn(line, " \t"), "hint") == 0)
        {
        hint(g, peer, id);
        return;
    }
    size_t before = game_log_count(match_game(g->match));
    const GameEvents *ev = match_events(g->match);
    size_t events_before = ev->count;
    const GameEvent *first = ev->count ? &ev->items[0] : NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        {
        server_kick(peer, N_("the server is out of memory"));
        return;
    }
    protocol_execute(peer->seat >= 0 ? g->seats[peer->seat].session : g->host, line, out);
    fclose(out);
    server_answer(peer, id, len > 0 && text[0] == '=', text);
    free(text);
    /* an action or an undo: the log or the events changed */
    ev = match_events(g->match);
    bool acted = game_log_count(match_game(g->match)) != before ||
                 ev->count != events_before || (ev->count && &ev->items[0] != first);
    if (!acted)
        return;
    tell_events(g, peer->seat);
    next_quest(g);
    store_write(s, g);
    game_tick(s, g);
}

void game_wait(NetServer *s, NetGame *g, Peer *peer, uint32_t id)
{
    peer->wait_id = id;
    game_tick(s, g);
}

/* The computer plays the seats it holds whose turn it is. True when
 * anything was played. */
static bool computer_turns(NetGame *g)
{
    bool any = false;
    char why[256];
    /* the monster side taken over in the middle of its turn */
    if (match_play_computer(g->match) > 0) {
        tell_events(g, -1);
        any = true;
    }
    for (int n = 0; n < 500; n++) {
        int ts = match_turn_seat(g->match);
        if (ts < 0 || !g->seats[ts].computer || g->seats[ts].kind != MATCH_SEAT_HEROES)
            break;
        Action a;
        if (!bot_choose(g->bot, match_game(g->match), &a))
            break;
        if (match_act(g->match, ts, &a, why, sizeof why)) {
            tell_events(g, -1);
            any = true;
            next_quest(g);
        }
    }
    return any;
}

static void answer_waits(NetGame *g)
{
    const Game *game = match_game(g->match);
    int ts = match_turn_seat(g->match);
    for (int i = 0; i < g->seat_count; i++) {
        Peer *p = g->seats[i].peer;
        if (!p || !p->wait_id)
            continue;
        char text[64];
        if (game_status(game) != GAME_STATUS_PLAYING)
            snprintf(text, sizeof text, "= over %s\n\n", game_status_name(game_status(game)));
        else if (ts == i)
            snprintf(text, sizeof text, "= turn\n\n");
        else
            continue;
        server_answer(p, p->wait_id, true, text);
        p->wait_id = 0;
    }
}

static void tell_turn(NetGame *g)
{
    const Game *game = match_game(g->match);
    if (game_status(game) != GAME_STATUS_PLAYING) {
        if (g->over_told)
            return;
        g->over_told = true;
        char text[256], salt[33];
        for (int i = 0; i < 16; i++)
            snprintf(salt + 2 * i, 3, "%02x", g->salt[i]);
        snprintf(text, sizeof text, "%s seed %" PRIu64 " salt %s commit %s",
                 game_status_name(game_status(game)), g->seed, salt, g->commit);
        tell_all(g, NULL, NET_NOTICE_OVER, -1, "", text);
        return;
    }
    bool monsters = game_monsters_turn(game);
    if (g->told_current == game_current(game) && g->told_turn == game_turn(game) &&
        g->told_monsters == monsters)
        return;
    g->told_current = game_current(game);
    g->told_turn = game_turn(game);
    g->told_monsters = monsters;
    int ts = match_turn_seat(g->match);
    char text[64];
    if (monsters)
        snprintf(text, sizeof text, "monsters");
    else
        snprintf(text, sizeof text, "hero %d", game_current(game));
    tell_all(g, NULL, NET_NOTICE_TURN, ts, ts >= 0 ? g->seats[ts].name : "", text);
}

void game_tick(NetServer *s, NetGame *g)
{
    double now = server_now();
    for (int i = 0; i < g->seat_count; i++) {
        NetSeat *seat = &g->seats[i];
        if (!seat->taken || seat->peer || seat->dropped_at <= 0 ||
            now - seat->dropped_at < g->grace_s)
            continue;
        /* its player did not come back in time: the seat is free, and
         * the computer plays it meanwhile so the game goes on */
        seat->taken = false;
        seat->token[0] = '\0';
        seat->dropped_at = 0;
        seat->computer = seat->kind != MATCH_SEAT_SPECTATOR;
        EventText words;
        eventtext_clear(&words);
        eventtext_add(&words, seat->computer
                                  ? N_("the player did not come back in time: the computer plays the seat")
                                  : N_("the spectator did not come back in time"));
        tell_all_said(g, seat->computer ? NET_NOTICE_COMPUTER : NET_NOTICE_LEFT, i, seat->name, &words);
        game_bind(g);
        g->dirty = true;
    }
    computer_turns(g);
    store_write(s, g); /* when the computer played, or seats changed */
    tell_turn(g);
    answer_waits(g);
}

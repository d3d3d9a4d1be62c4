/* The protocol's game commands: load, seed, heroes, the actions, undo,
 * save and restore. The game in play is a match; actions go through the
 * player's seat. */
/* realpath */
#define _XOPEN_SOURCE 700
#include "protocol_internal.h"

#include "../core/alloc.h"
#include "../core/rng.h"
#include "../mission/pack.h"
#include "../rules/save.h"
#include "paths.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* --- the match in play ------------------------------------------------------ */

static const MatchSeat SEATS[] = {
    [PROTOCOL_SEAT_PLAYER] = {.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_LOCAL,
                              .heroes = MATCH_ALL_HEROES},
    [PROTOCOL_SEAT_MONSTERS] = {.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER},
    [PROTOCOL_SEAT_DEBUG] = {.kind = MATCH_SEAT_DEBUG, .control = MATCH_CONTROL_LOCAL},
};

MatchConfig protocol_config(const Protocol *p, Mission *m, const char *ref)
{
    return (MatchConfig){.mission = m, .mission_ref = ref,
                         .setup = &p->setup, .seed = p->seed, .seats = SEATS,
                         .seat_count = (int)(sizeof SEATS / sizeof SEATS[0])};
}

void protocol_set_match(Protocol *p, Match *match)
{
    match_destroy(p->match);
    p->match = match;
    /* a game with a monster player: the session's player sits there */
    if (match && game_setup(match_game(match))->monster_player)
        match_seat_control(match, PROTOCOL_SEAT_MONSTERS,
                           p->monsters_human ? MATCH_CONTROL_LOCAL : MATCH_CONTROL_COMPUTER, NULL);
}

bool protocol_start_game(Protocol *p, Mission *m, const char *ref, Answer *a)
{
    char why[256];
    MatchConfig c = protocol_config(p, m, ref);
    Match *match = match_create(&c, why, sizeof why);
    if (!match)
        return protocol_refused(a, why);
    match_own_mission(match, m);
    protocol_set_match(p, match);
    return true;
}

/* The game in play again with the session's setup and seed. */
static bool restart(Protocol *p, Answer *a)
{
    char why[256];
    if (!match_restart(p->match, &p->setup, p->seed, why, sizeof why))
        return protocol_refused(a, why);
    return true;
}

static char *absolute(const char *path)
{
    char buf[PATH_MAX];
    return realpath(path, buf) ? xstrdup(buf) : xstrdup(path);
}

const Catalogue *protocol_catalogue(Protocol *p, Answer *a)
{
    if (p->cat)
        return p->cat;
    char path[4096];
    ErrorList errs;
    errors_init(&errs, 0);
    p->cat = catalogue_load(paths_data_file("assets/pieces.xml", path, sizeof path), &errs);
    if (!p->cat)
        protocol_refused(a, errs.count ? errs.items[0] : "cannot load the catalogue");
    errors_clear(&errs);
    return p->cat;
}

Mission *protocol_load_mission(Protocol *p, const char *path, Answer *a)
{
    char cat[4096];
    MissionLoadOptions opts = {0};
    opts.catalogue_path = paths_data_file("assets/pieces.xml", cat, sizeof cat);
    opts.catalogue = protocol_catalogue(p, a);
    if (!opts.catalogue)
        return NULL;
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m)
        snprintf(a->why, sizeof a->why, "%s%s", errs.count ? errs.items[0] : "cannot load the mission",
                        errors_total(&errs) > 1 ? " (and more errors: see questboard --check)" : "");
    errors_clear(&errs);
    return m;
}

/* --- load, seed, heroes -------------------------------------------------------- */

bool protocol_cmd_load(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc > 2)
        return protocol_refuse(a, "usage: load [PATH]");
    char fallback[4096];
    const char *file = argc == 2 ? argv[1] : paths_default_mission(fallback, sizeof fallback);
    Mission *m = protocol_load_mission(p, file, a);
    if (!m)
        return false;
    protocol_campaign_end(p); /* a mission of one's own ends the campaign */
    GameSetup keep = p->setup;
    p->setup = (GameSetup){.monster_player = p->monsters_human};
    char *path = absolute(file);
    bool ok = protocol_start_game(p, m, path, a);
    free(path);
    if (!ok) {
        p->setup = keep;
        mission_destroy(m);
        return false;
    }
    protocol_say(a, "%s %dx%d heroes %d seed %" PRIu64, m->id, board_width(m->board),
                 board_height(m->board), game_setup(protocol_g(p))->hero_count, p->seed);
    return true;
}

bool protocol_cmd_seed(Protocol *p, int argc, char **argv, Answer *a)
{
    uint64_t v;
    if (argc != 2 || !rng_seed_parse(argv[1], &v))
        return protocol_refuse(a, "usage: seed N (0 to 18446744073709551615)");
    if (p->match && match_in_quest(p->match))
        return protocol_refuse(a, "a campaign quest is in play: its seed comes from the party");
    uint64_t keep = p->seed;
    p->seed = v;
    if (p->match && !restart(p, a)) {
        p->seed = keep;
        return false;
    }
    protocol_say(a, "%" PRIu64, p->seed);
    return true;
}

bool protocol_cmd_heroes(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!protocol_need_game(a, p))
        return false;
    GameSetup s = {.monster_player = p->monsters_human};
    if (argc < 2 || argc - 1 > GAME_MAX_HEROES)
        return protocol_refuse(a, "usage: heroes I [I...] (1 to %d mission hero indices)",
                               GAME_MAX_HEROES);
    s.hero_count = argc - 1;
    for (int i = 1; i < argc; i++)
        if (!protocol_arg_int(argv[i], 0, INT_MAX, &s.heroes[i - 1]))
            return protocol_refuse(a, "'%s' is not a hero index", argv[i]);
    if (match_in_quest(p->match))
        return protocol_refuse(a, "a campaign quest is in play: the party chooses its heroes");
    GameSetup keep = p->setup;
    p->setup = s;
    if (!restart(p, a)) {
        p->setup = keep;
        return false;
    }
    protocol_say(a, "%d", s.hero_count);
    return true;
}

/* --- actions ------------------------------------------------------------------ */

/* The action a command names, without its arguments yet. */
static bool action_kind(int argc, char **argv, ActionKind *kind)
{
    const char *c = argv[0];
    if (strcmp(c, "roll") == 0 && argc == 1)
        *kind = ACTION_ROLL;
    else if (strcmp(c, "end") == 0 && argc == 1)
        *kind = ACTION_END;
    else if (strcmp(c, "search") == 0 && argc == 2 && strcmp(argv[1], "treasure") == 0)
        *kind = ACTION_SEARCH_TREASURE;
    else if (strcmp(c, "search") == 0 && argc == 2 && strcmp(argv[1], "traps") == 0)
        *kind = ACTION_SEARCH_TRAPS;
    else if (strcmp(c, "leave") == 0 && argc == 2)
        *kind = ACTION_LEAVE;
    else if (strcmp(c, "attack") == 0 && (argc == 3 || argc == 4))
        *kind = ACTION_ATTACK;
    else if (strcmp(c, "cast") == 0 && argc == 4)
        *kind = ACTION_CAST;
    else if (strcmp(c, "use") == 0 && argc == 3)
        *kind = ACTION_USE;
    else if ((strcmp(c, "move") == 0 || strcmp(c, "open") == 0 || strcmp(c, "disarm") == 0) &&
             argc == 4)
        *kind = c[0] == 'm' ? ACTION_MOVE : c[0] == 'o' ? ACTION_OPEN : ACTION_DISARM;
    else
        return false;
    return true;
}

/* Parses an action command into act. */
static bool parse_action(const Protocol *p, int argc, char **argv, Action *act, Answer *a)
{
    const Game *g = protocol_g(p);
    *act = (Action){ACTION_END, game_current(g), -1, {0, 0}, -1, 0};
    if (!action_kind(argc, argv, &act->kind))
        return protocol_refuse(a, "wrong arguments for %s (see docs/protocol.md)", argv[0]);
    if (argc >= 2 && act->kind != ACTION_SEARCH_TREASURE && act->kind != ACTION_SEARCH_TRAPS &&
        !protocol_arg_piece(a, p, argv[1], &act->piece))
        return false;
    if (act->kind == ACTION_ATTACK) {
        if (argc == 4) {
            int item = catalogue_find_item(game_mission(g)->catalogue, argv[3]);
            if (item < 0)
                return protocol_refuse(a, "'%s' is not an item", argv[3]);
            act->item = GAME_ITEM_REF(item);
        }
        return protocol_arg_piece(a, p, argv[2], &act->target);
    }
    if (act->kind == ACTION_USE) {
        int item = game_find_item(g, argv[2]);
        if (item < 0)
            return protocol_refuse(a, "'%s' is not an item", argv[2]);
        act->item = GAME_ITEM_REF(item);
    }
    if (act->kind == ACTION_CAST) {
        act->spell = catalogue_find_spell(game_mission(g)->catalogue, argv[2]);
        if (act->spell < 0)
            return protocol_refuse(a, "'%s' is not a spell", argv[2]);
        return protocol_arg_piece(a, p, argv[3], &act->target);
    }
    if (argc == 4 && !protocol_arg_square(a, argv[2], argv[3], &act->pos))
        return false;
    return true;
}

bool protocol_cmd_action(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!protocol_need_game(a, p))
        return false;
    Action act;
    if (!parse_action(p, argc, argv, &act, a))
        return false;
    if (!match_act(p->match, protocol_act_seat(p), &act, a->why, sizeof a->why))
        return false;
    protocol_print_events(a, p, match_events(p->match));
    protocol_campaign_after_action(p);
    return true;
}

/* undo: takes back the current hero's last move, by the rules' own test
 * (game_can_undo), answering like an action. */
bool protocol_cmd_undo(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argv;
    if (!protocol_need_game(a, p))
        return false;
    if (argc != 1)
        return protocol_refuse(a, "usage: undo");
    if (!match_undo(p->match, protocol_act_seat(p), a->why, sizeof a->why))
        return false;
    protocol_print_events(a, p, match_events(p->match));
    return true;
}

/* --- save and restore ------------------------------------------------------------ */

/* True when real (a resolved path) is root or lies under it. */
static bool inside(const char *real, const char *root)
{
    size_t n = strlen(root);
    if (strncmp(real, root, n) != 0)
        return false;
    return real[n] == '\0' || real[n] == '/' || (n > 0 && root[n - 1] == '/');
}

/* Protocol saves stay under the working directory, like a mission's
 * bitmap under its folder: PATH is relative, has no ".." part, and what it
 * names resolves inside the working directory, so a symbolic link cannot
 * lead out either. For a save that is the folder the file goes in (the
 * file itself is replaced, never followed); for a restore, the file. */
bool protocol_confined(const char *path, bool existing, Answer *a)
{
    if (path[0] == '/')
        return protocol_refuse(a, "'%s': save paths are relative to the working directory", path);
    for (const char *s = path; *s;) {
        size_t len = strcspn(s, "/");
        if (len == 2 && s[0] == '.' && s[1] == '.')
            return protocol_refuse(a, "'%s': '..' is not allowed in save paths", path);
        s += len + (s[len] == '/');
    }
    char root[PATH_MAX], real[PATH_MAX], folder[PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (!realpath(".", root))
        return protocol_refuse(a, "cannot resolve the working directory: %s", strerror(errno));
    if (!realpath(existing ? path : folder[0] ? folder : "/", real)) {
        snprintf(a->why, sizeof a->why, "'%.400s': %s", existing ? path : folder, strerror(errno));
        return false;
    }
    if (!inside(real, root))
        return protocol_refuse(a, "'%s' leads outside the working directory", path);
    return true;
}

bool protocol_cmd_save(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!p->party && !protocol_need_game(a, p))
        return false;
    if (argc != 2)
        return protocol_refuse(a, "usage: save PATH");
    if (!protocol_confined(argv[1], false, a))
        return false;
    if (p->party)
        return protocol_campaign_save(p, argv[1], a);
    if (!match_write(p->match, argv[1], a->why, sizeof a->why))
        return false;
    protocol_say(a, "%zu actions", game_log_count(protocol_g(p)));
    return true;
}

bool protocol_cmd_restore(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 2)
        return protocol_refuse(a, "usage: restore PATH");
    if (!protocol_confined(argv[1], true, a))
        return false;
    return protocol_restore_path(p, argv[1], a);
}

bool protocol_restore_path(Protocol *p, const char *path, Answer *a)
{
    if (protocol_campaign_file(path))
        return protocol_campaign_restore(p, path, a);
    if (pack_path_is_pack(path))
        return protocol_campaign_restore_pack(p, path, a);
    SaveData s;
    if (!save_read(path, &s, a->why, sizeof a->why))
        return false;
    Mission *m = protocol_is_generated(s.mission_path)
                     ? protocol_generated_mission(p, s.mission_path, &s.setup, a)
                     : protocol_load_mission(p, s.mission_path, a);
    MatchConfig c = protocol_config(p, m, s.mission_path);
    Match *match = m ? match_restore_data(&c, &s, a->why, sizeof a->why) : NULL;
    if (!match) {
        mission_destroy(m);
        save_data_free(&s);
        return false;
    }
    match_own_mission(match, m);
    protocol_campaign_end(p);
    p->monsters_human = s.setup.monster_player;
    protocol_set_match(p, match);
    p->seed = s.seed;
    p->setup = s.setup;
    protocol_say(a, "%zu actions", s.action_count);
    save_data_free(&s);
    return true;
}

/* seat monsters human|computer: who plays the monster side. Giving it to
 * the player makes the game one with a monster player (its monsters'
 * turns wait for `move`, `attack` and `end`), which only a game not yet
 * begun can become: before its first action the game starts again with
 * the same seed. Giving it back to the computer lets the AI play the
 * monsters' turns of such a game from then on (at once when it is the
 * monsters' turn); before the first action the game becomes a classic one
 * again. */
bool protocol_cmd_seat(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 3 || strcmp(argv[1], "monsters") != 0 ||
        (strcmp(argv[2], "human") != 0 && strcmp(argv[2], "computer") != 0))
        return protocol_refuse(a, "usage: seat monsters human|computer");
    bool human = strcmp(argv[2], "human") == 0;
    if (!p->match) {
        p->monsters_human = human;
        protocol_say(a, "monsters %s", argv[2]);
        return true;
    }
    if (match_in_quest(p->match))
        return protocol_refuse(a, "a campaign quest is in play: the computer plays its monsters");
    const Game *g = protocol_g(p);
    bool fresh = game_log_count(g) == 0;
    if (human && !game_setup(g)->monster_player && !fresh)
        return protocol_refuse(a, "the monster side can be given to a player only before the "
                                  "first action (seed N starts the game again)");
    bool keep = p->monsters_human;
    p->monsters_human = human;
    if (fresh && game_setup(g)->monster_player != human) {
        p->setup = *game_setup(g);
        p->setup.monster_player = human;
        if (!restart(p, a)) {
            p->monsters_human = keep;
            p->setup.monster_player = !human;
            return false;
        }
    }
    if (game_setup(protocol_g(p))->monster_player)
        match_seat_control(p->match, PROTOCOL_SEAT_MONSTERS,
                           human ? MATCH_CONTROL_LOCAL : MATCH_CONTROL_COMPUTER, NULL);
    protocol_say(a, "monsters %s", argv[2]);
    /* the computer takes over a monsters' turn under way */
    if (!human && match_play_computer(p->match) > 0)
        protocol_print_events(a, p, match_events(p->match));
    return true;
}

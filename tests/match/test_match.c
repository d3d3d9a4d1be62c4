/* The match layer (src/match): seats refuse acting out of turn; the
 * heroes' view holds nothing they have not seen or found while the
 * all-seeing views hold everything; events are filtered per seat; the
 * log lines and the tally follow acts, undo, clones, branches and saves;
 * the autosave policy asks when it should. Missions are built in code
 * with the rules tests' builder. */
#include "check.h"

#include "../rules/mission_builder.h"

#include "match/match.h"
#include "match/match_internal.h" /* match_story_add: an event no hero sees */

#include <string.h>

enum { SEAT_FIRST, SEAT_SECOND, SEAT_MONSTERS, SEAT_WATCHER, SEAT_DEBUG, SEAT_COUNT };

static const MatchSeat SEATS[SEAT_COUNT] = {
    [SEAT_FIRST] = {.kind = MATCH_SEAT_HEROES, .heroes = 1u << 0, .name = "Ann"},
    [SEAT_SECOND] = {.kind = MATCH_SEAT_HEROES, .heroes = 1u << 1, .name = "Bo"},
    [SEAT_MONSTERS] = {.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER},
    [SEAT_WATCHER] = {.kind = MATCH_SEAT_SPECTATOR, .control = MATCH_CONTROL_REMOTE},
    [SEAT_DEBUG] = {.kind = MATCH_SEAT_DEBUG},
};

/* Room a (the heroes'), room b behind a closed door with an ogre, a trap
 * and a treasure nobody has seen; room c behind a secret door. */
static Mission *hidden_things(void)
{
    static const char *const rows[] = {"aaabbbb", "aaabbbb", "ccccccc"};
    Mission *m = tm_create(rows, 3);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 0);
    tm_monster(m, "", "ogre", 5, 0);
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_door(m, 0, 1, GRID_DIR_SOUTH, DOOR_SECRET);
    tm_trap(m, TRAP_SPEAR, 4, 1);
    tm_treasure(m, "gem", TREASURE_GOLD, 25, 6, 1);
    tm_furniture(m, "t", "table", 6, 0);
    mission_add_own_items(m);
    return m;
}

static Match *make(const Mission *m, uint64_t seed, unsigned flags, const MatchSeat *seats,
                   int count)
{
    char why[256] = "";
    MatchConfig c = {.mission = m, .mission_ref = "test.xml", .seed = seed, .flags = flags,
                     .seats = seats, .seat_count = count};
    Match *match = match_create(&c, why, sizeof why);
    if (!match)
        fprintf(stderr, "match_create: %s\n", why);
    CHECK(match != NULL);
    return match;
}

static bool act(Match *m, int seat, ActionKind kind, int x, int y, char *why, size_t why_size)
{
    const Game *g = match_game(m);
    Action a = {kind, game_current(g), -1, {x, y}, -1, 0};
    return match_act(m, seat, &a, why, why_size);
}

static void test_seats_take_turns(void)
{
    Mission *mission = hidden_things();
    Match *m = make(mission, 7, 0, SEATS, SEAT_COUNT);
    const Game *g = match_game(m);
    char why[256];
    CHECK_INT(game_current(g), 0);
    CHECK_INT(match_turn_seat(m), SEAT_FIRST);
    CHECK_INT(match_seat_of_hero(m, 1), SEAT_SECOND);
    /* out of turn: the second player, a spectator, the monster side */
    CHECK(!act(m, SEAT_SECOND, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(strstr(why, "Bo") == NULL && strstr(why, "Ann") != NULL);
    CHECK(!act(m, SEAT_WATCHER, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(!act(m, SEAT_MONSTERS, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(!act(m, 99, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(!match_undo(m, SEAT_SECOND, why, sizeof why));
    CHECK_INT((int)game_log_count(g), 0); /* nothing changed */
    CHECK(!match_may_act(m, SEAT_SECOND, NULL, 0));
    CHECK(match_may_act(m, SEAT_FIRST, NULL, 0));
    CHECK(match_may_act(m, SEAT_DEBUG, NULL, 0));
    /* in turn */
    CHECK(act(m, SEAT_FIRST, ACTION_END, 0, 0, why, sizeof why));
    CHECK_INT(game_current(g), 1);
    CHECK_INT(match_turn_seat(m), SEAT_SECOND);
    CHECK(!act(m, SEAT_FIRST, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(act(m, SEAT_SECOND, ACTION_ROLL, 0, 0, why, sizeof why));
    /* the debug seat acts for any hero */
    CHECK(act(m, SEAT_DEBUG, ACTION_END, 0, 0, why, sizeof why));
    CHECK_INT(game_current(g), 0);
    /* the rules' own refusals still come through the right seat */
    CHECK(!act(m, SEAT_FIRST, ACTION_MOVE, 6, 2, why, sizeof why));
    CHECK_INT((int)game_log_count(g), 3);
    /* a hero held by two seats, or no seats at all, is refused */
    MatchSeat twice[2] = {SEATS[SEAT_FIRST], SEATS[SEAT_FIRST]};
    CHECK(!match_set_seats(m, twice, 2, why, sizeof why));
    CHECK(!match_set_seats(m, twice, 0, why, sizeof why));
    CHECK_INT(match_seat_count(m), SEAT_COUNT);
    MatchConfig c = {.mission = mission, .seats = twice, .seat_count = 2};
    CHECK(match_create(&c, why, sizeof why) == NULL);
    /* a dropped player's seat goes to the computer */
    CHECK(match_seat_control(m, SEAT_FIRST, MATCH_CONTROL_COMPUTER, "bot"));
    CHECK_INT(match_seat(m, SEAT_FIRST)->control, MATCH_CONTROL_COMPUTER);
    CHECK(strcmp(match_seat(m, SEAT_FIRST)->name, "bot") == 0);
    CHECK(strcmp(match_seat_kind_name(MATCH_SEAT_SPECTATOR), "spectator") == 0);
    CHECK(strcmp(match_controller_name(MATCH_CONTROL_REMOTE), "remote") == 0);
    match_destroy(m);
    /* the default seats: one player for every hero, the computer's monsters */
    m = make(mission, 7, 0, NULL, 0);
    CHECK_INT(match_seat_count(m), 2);
    CHECK_INT(match_seat_of_hero(m, 1), 0);
    CHECK_INT(match_seat(m, 1)->kind, MATCH_SEAT_MONSTERS);
    match_destroy(m);
    tm_destroy(mission);
}

/* Everything the view holds of the game, as flags: what each seat knows. */
typedef struct Known {
    bool ogre, trap, secret, treasure, square, furniture;
} Known;

static Known known(const Match *m, int seat)
{
    MatchView v = match_view(m, seat);
    const Mission *mission = match_mission(m);
    Known k = {0};
    k.ogre = view_piece(&v, 2) != NULL && view_piece_at(&v, (BoardPos){5, 0}) == 2;
    k.trap = view_trap(&v, 0) != NULL;
    k.secret = view_door(&v, 1) != NULL;
    k.treasure = view_treasure(&v, 0);
    k.square = view_square(&v, (BoardPos){5, 1});
    k.furniture = view_furniture(&v, &mission->furniture[0]);
    return k;
}

static void test_views(void)
{
    Mission *mission = hidden_things();
    Match *m = make(mission, 3, 0, SEATS, SEAT_COUNT);
    const Game *g = match_game(m);
    CHECK(!game_piece(g, 2)->revealed);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        Known k = known(m, seat);
        bool all = seat == SEAT_MONSTERS || seat == SEAT_DEBUG;
        /* hero seats and spectators: nothing they have not seen or found */
        CHECK(k.ogre == all && k.trap == all && k.secret == all && k.treasure == all);
        CHECK(k.square == all && k.furniture == all);
        MatchView v = match_view(m, seat);
        CHECK(view_all(&v) == all);
        /* heroes are known to every seat; the normal door too */
        CHECK(view_piece(&v, 0) != NULL && view_door(&v, 0) != NULL);
        CHECK(view_piece(&v, 42) == NULL && view_door(&v, 42) == NULL && !view_treasure(&v, 9));
    }
    /* a bare game seen through the heroes' eyes is the same view */
    MatchView bare = view_of(g, MATCH_SIGHT_HEROES);
    CHECK(view_piece(&bare, 2) == NULL);
    /* the door opened: the ogre and room b seen by all; the trap and the
     * treasure still hidden from the heroes */
    char why[256];
    CHECK(act(m, SEAT_FIRST, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK(act(m, SEAT_FIRST, ACTION_MOVE, 2, 0, why, sizeof why));
    CHECK(act(m, SEAT_FIRST, ACTION_OPEN, 3, 0, why, sizeof why));
    CHECK(game_piece(g, 2)->revealed);
    Known k = known(m, SEAT_WATCHER);
    CHECK(k.ogre && k.square && k.furniture && !k.trap && !k.treasure && !k.secret);
    match_destroy(m);
    tm_destroy(mission);
}

static GameEvent event(EventKind kind, int piece, int target, int value)
{
    GameEvent e = {.kind = kind, .piece = piece, .target = target, .value = value,
                   .treasure = -1, .item = -1};
    return e;
}

static void test_events_filtered(void)
{
    Mission *mission = hidden_things();
    Match *m = make(mission, 3, 0, SEATS, SEAT_COUNT);
    MatchView heroes = match_view(m, SEAT_SECOND), all = match_view(m, SEAT_MONSTERS);
    /* a step of the unseen ogre, an attack on it, a trap or a secret door
     * nobody found, a treasure nobody took: not told to the heroes */
    GameEvent hidden[] = {
        event(EVENT_STEP, 2, -1, 0),
        event(EVENT_ATTACK, 0, 2, 1),
        event(EVENT_TRAP_FOUND, 0, -1, 0),
        event(EVENT_TRAP_SPRUNG, 1, -1, 0),
        event(EVENT_SECRET_DOOR_FOUND, 0, -1, 1),
        event(EVENT_FIND, 0, -1, 25),
    };
    hidden[5].treasure = 0;
    for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++) {
        CHECK(!view_event(&heroes, &hidden[i]));
        CHECK(view_event(&all, &hidden[i]));
    }
    /* what names only known things is told */
    GameEvent open[] = {event(EVENT_ROLL, 0, -1, 7), event(EVENT_DOOR_OPENED, 0, -1, 0),
                        event(EVENT_OBJECTIVE_MET, -1, 0, 0), event(EVENT_FIND, 0, -1, 10)};
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++)
        CHECK(view_event(&heroes, &open[i]));
    /* the story keeps what the heroes' sight is not told apart: a blow of
     * the unseen ogre is in the log and the tally, not in the heroes' */
    match_destroy(m);
    m = make(mission, 3, MATCH_CHRONICLE | MATCH_LOG, SEATS, SEAT_COUNT);
    char text[GAME_EVENT_TEXT];
    CHECK(act(m, SEAT_FIRST, ACTION_ROLL, 0, 0, text, sizeof text));
    GameEvent blow = event(EVENT_ATTACK, 2, 0, 2);
    snprintf(blow.text, sizeof blow.text, "the unseen ogre strikes");
    GameEvents hidden_blow = {&blow, 1, 1};
    size_t last = match_log_count(m);
    match_story_add(m, &hidden_blow);
    CHECK_INT((int)match_log_count(m), (int)last + 1);
    CHECK(match_log_told(m, SEAT_DEBUG, last) && match_log_told(m, SEAT_MONSTERS, last));
    CHECK(!match_log_told(m, SEAT_FIRST, last) && !match_log_told(m, SEAT_WATCHER, last));
    CHECK(match_log_told(m, SEAT_FIRST, 0) && match_log_told(m, SEAT_FIRST, last - 1));
    CHECK(!match_log_told(m, SEAT_FIRST, last + 1));
    CHECK_INT(chronicle_hero(match_chronicle(m), 0)->damage_taken, 2);
    CHECK_INT(chronicle_hero(match_chronicle_for(m, SEAT_DEBUG), 0)->damage_taken, 2);
    CHECK_INT(chronicle_hero(match_chronicle_for(m, SEAT_FIRST), 0)->damage_taken, 0);
    CHECK_INT(chronicle_body(match_chronicle_for(m, SEAT_SECOND), match_game(m), 0),
              game_piece(match_game(m), 0)->body);
    /* a real action's events: the heroes' own, told to every seat */
    char why[256];
    CHECK(act(m, SEAT_FIRST, ACTION_END, 0, 0, why, sizeof why));
    const GameEvents *ev = match_events(m);
    CHECK(ev->count > 0);
    heroes = match_view(m, SEAT_SECOND); /* of this match */
    for (size_t i = 0; i < ev->count; i++)
        CHECK(view_event(&heroes, &ev->items[i]));
    match_destroy(m);
    tm_destroy(mission);
}

/* Two matches hold the same game: same generator, log and tally. */
static void same_match(const Match *a, const Match *b)
{
    const Game *ga = match_game(a), *gb = match_game(b);
    CHECK(game_rng_state(ga) == game_rng_state(gb));
    CHECK_INT((int)game_log_count(ga), (int)game_log_count(gb));
    CHECK_INT(game_turn(ga), game_turn(gb));
    CHECK_INT(game_current(ga), game_current(gb));
    CHECK_INT((int)match_log_count(a), (int)match_log_count(b));
    for (size_t i = 0; i < match_log_count(a) && i < match_log_count(b); i++) {
        CHECK(strcmp(match_log_line(a, i)->text, match_log_line(b, i)->text) == 0);
        CHECK_INT(match_log_line(a, i)->turn, match_log_line(b, i)->turn);
    }
    const Chronicle *ca = match_chronicle(a), *cb = match_chronicle(b);
    CHECK_INT(ca->rounds, cb->rounds);
    CHECK_INT(ca->kills, cb->kills);
    for (size_t i = 0; i < game_piece_count(ga); i++)
        CHECK_INT(chronicle_body(ca, ga, (int)i), chronicle_body(cb, gb, (int)i));
}

static void test_story(void)
{
    Mission *mission = hidden_things();
    Match *m = make(mission, 11, MATCH_CHRONICLE | MATCH_LOG, NULL, 0);
    char why[256];
    CHECK_INT((int)match_log_count(m), 1);
    CHECK(strcmp(match_log_line(m, 0)->text, "test begins.") == 0);
    CHECK(act(m, 0, ACTION_ROLL, 0, 0, why, sizeof why));
    size_t after_roll = match_log_count(m);
    CHECK(after_roll == 2);
    CHECK(act(m, 0, ACTION_MOVE, 0, 1, why, sizeof why));
    /* undo takes the move back, and its lines */
    CHECK(match_undo(m, 0, why, sizeof why));
    CHECK_INT((int)match_log_count(m), (int)after_roll);
    CHECK_INT(match_events(m)->items[0].kind, EVENT_UNDO);
    CHECK(act(m, 0, ACTION_MOVE, 2, 0, why, sizeof why));
    CHECK(act(m, 0, ACTION_OPEN, 3, 0, why, sizeof why));
    CHECK(act(m, 0, ACTION_END, 0, 0, why, sizeof why));
    CHECK(act(m, 0, ACTION_END, 0, 0, why, sizeof why));
    CHECK(match_log_line(m, match_log_count(m) - 1)->turn == 2);
    CHECK_INT(match_chronicle(m)->rounds, 2);
    /* a clone, a branch and a restored save hold the same game and story */
    Match *c = match_clone(m);
    same_match(m, c);
    Match *b = match_branch(m, NULL, SIZE_MAX, why, sizeof why);
    CHECK(b != NULL);
    same_match(m, b);
    size_t size;
    char *text = match_save_text(m, &size);
    CHECK(text != NULL);
    char ref[256];
    CHECK(match_save_ref(text, size, ref, sizeof ref, why, sizeof why));
    CHECK(strcmp(ref, "test.xml") == 0);
    MatchConfig cfg = {.mission = mission, .flags = MATCH_CHRONICLE | MATCH_LOG};
    Match *r = match_restore(&cfg, text, size, why, sizeof why);
    CHECK(r != NULL);
    same_match(m, r);
    CHECK(strcmp(match_mission_ref(r), "test.xml") == 0);
    /* a branch at an earlier action is the game as it was then */
    Match *early = match_branch(m, NULL, 1, why, sizeof why);
    CHECK_INT((int)game_log_count(match_game(early)), 1);
    CHECK_INT((int)match_log_count(early), (int)after_roll);
    /* the clone goes on alone */
    CHECK(act(c, 0, ACTION_END, 0, 0, why, sizeof why));
    CHECK(game_log_count(match_game(c)) == game_log_count(match_game(m)) + 1);
    /* restart: a new game, the story afresh */
    CHECK(match_restart(m, NULL, 12, why, sizeof why));
    CHECK_INT((int)game_log_count(match_game(m)), 0);
    CHECK_INT((int)match_log_count(m), 1);
    CHECK(match_seed(m) == 12);
    free(text);
    match_destroy(early);
    match_destroy(r);
    match_destroy(b);
    match_destroy(c);
    match_destroy(m);
    /* the simulator's match keeps no story */
    m = make(mission, 11, 0, NULL, 0);
    CHECK(act(m, 0, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK_INT((int)match_log_count(m), 0);
    match_destroy(m);
    tm_destroy(mission);
}

typedef struct Saves {
    int count;
    size_t last_size;
    bool fail;
} Saves;

static bool count_save(void *ctx, const Match *m, const char *text, size_t size, char *why,
                       size_t why_size)
{
    (void)m, (void)text;
    Saves *s = ctx;
    s->count++;
    s->last_size = size;
    if (s->fail)
        snprintf(why, why_size, "disk full");
    return !s->fail;
}

static void test_autosave(void)
{
    Mission *mission = hidden_things();
    Match *m = make(mission, 5, 0, NULL, 0);
    Saves saves = {0};
    char why[256];
    match_set_autosave(m, MATCH_AUTOSAVE_ROUNDS, count_save, &saves);
    CHECK_INT(match_autosave(m, why, sizeof why), 0);
    CHECK(act(m, 0, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK_INT(match_autosave(m, why, sizeof why), 0); /* the same round */
    CHECK(act(m, 0, ACTION_END, 0, 0, why, sizeof why));
    CHECK(act(m, 0, ACTION_END, 0, 0, why, sizeof why)); /* round 2 begins */
    CHECK_INT(match_autosave(m, why, sizeof why), 1);
    CHECK_INT(saves.count, 1);
    CHECK(saves.last_size > 0);
    CHECK_INT(match_autosave(m, why, sizeof why), 0);
    /* leaving: the moves since the last save are saved */
    CHECK_INT(match_autosave_unsaved(m, why, sizeof why), 0);
    CHECK(act(m, 0, ACTION_ROLL, 0, 0, why, sizeof why));
    match_note_saved(m); /* saved in a slot of the player's */
    CHECK_INT(match_autosave_unsaved(m, why, sizeof why), 0);
    CHECK(act(m, 0, ACTION_END, 0, 0, why, sizeof why));
    saves.fail = true;
    CHECK_INT(match_autosave_unsaved(m, why, sizeof why), -1);
    CHECK(strcmp(why, "disk full") == 0);
    CHECK_INT(match_autosave_unsaved(m, why, sizeof why), 0); /* told once */
    /* after every action */
    saves = (Saves){0};
    match_set_autosave(m, MATCH_AUTOSAVE_ACTIONS, count_save, &saves);
    CHECK(act(m, 0, ACTION_ROLL, 0, 0, why, sizeof why));
    CHECK_INT(match_autosave(m, why, sizeof why), 1);
    CHECK_INT(match_autosave(m, why, sizeof why), 0);
    match_destroy(m);
    /* a game made elsewhere has no save */
    m = match_create_from_game(tm_game(mission, 1), 0);
    size_t size;
    CHECK(match_save_text(m, &size) == NULL);
    CHECK(!match_write(m, "unused.qbsave", why, sizeof why));
    CHECK(!match_restart(m, NULL, 2, why, sizeof why));
    match_destroy(m);
    tm_destroy(mission);
}

int main(void)
{
    test_seats_take_turns();
    test_views();
    test_events_filtered();
    test_story();
    test_autosave();
    return check_finish("match");
}

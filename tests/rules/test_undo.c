/* Undo (docs/rules.md, "Undo"): a hero's move is taken back until it
 * revealed something new, met a trap or rolled a die, or the hero did
 * anything else; several moves one after another; the game after an undo
 * is exactly the game replayed from its log (every field of the state,
 * compared here from the inside), so saves stay exact; clones carry the
 * moves to take back; many random moves and bot games on a mission with
 * doors, traps and monsters. */
#include "mission_builder.h"

#include "bot/bot.h"
#include "rules/game_internal.h"
#include "rules/save.h"

static bool same_pieces(const GamePiece *p, const GamePiece *q)
{
    bool same = p->id == q->id && p->type == q->type && p->side == q->side &&
                grid_pos_equal(p->pos, q->pos) && p->body == q->body &&
                p->body_max == q->body_max && p->alive == q->alive && p->escaped == q->escaped &&
                p->revealed == q->revealed && p->gold == q->gold &&
                p->mission_index == q->mission_index && p->spells == q->spells &&
                p->asleep == q->asleep && p->skip_turn == q->skip_turn &&
                p->double_move == q->double_move && p->pass_walls == q->pass_walls &&
                p->pass_monsters == q->pass_monsters && p->attack_bonus == q->attack_bonus &&
                p->defend_bonus == q->defend_bonus && p->item_count == q->item_count;
    for (int k = 0; same && k < p->item_count; k++)
        same = p->items[k].item == q->items[k].item && p->items[k].worn == q->items[k].worn;
    return same;
}

#define SAME_ARRAY(a, b, n) ((n) == 0 || memcmp((a), (b), (n) * sizeof *(a)) == 0)

/* Every field of the two games' state (caches and the undo records
 * aside), so an undone game must be the replayed one bit for bit. */
static bool same_state(const Game *a, const Game *b)
{
    size_t area = (size_t)grid_area(&a->grid), rooms = (size_t)board_room_count(a->board) + 1;
    const Mission *m = a->mission;
    bool same = a->rng.state == b->rng.state && a->rng.inc == b->rng.inc &&
                a->piece_count == b->piece_count && a->status == b->status &&
                a->turn == b->turn && a->current == b->current && a->rolled == b->rolled &&
                a->acted == b->acted && a->moved == b->moved && a->move_closed == b->move_closed &&
                a->spell_move_used == b->spell_move_used && a->move_left == b->move_left &&
                a->move_dice_count == b->move_dice_count &&
                SAME_ARRAY(a->move_dice, b->move_dice, GAME_MAX_DICE) &&
                a->trail_len == b->trail_len && a->log_count == b->log_count &&
                a->drop_count == b->drop_count && a->reveals == b->reveals;
    for (size_t i = 0; same && i < a->piece_count; i++)
        same = same_pieces(&a->pieces[i], &b->pieces[i]);
    same = same && SAME_ARRAY(a->occupant, b->occupant, area) &&
           SAME_ARRAY(a->flags, b->flags, area) &&
           SAME_ARRAY(a->searched_square, b->searched_square, area) &&
           SAME_ARRAY(a->searched_room, b->searched_room, rooms) &&
           SAME_ARRAY(a->room_revealed, b->room_revealed, rooms) &&
           SAME_ARRAY(a->treasure_found, b->treasure_found, m->treasure_count) &&
           SAME_ARRAY(a->card_gone, b->card_gone, a->card_count) &&
           SAME_ARRAY(a->objective_met, b->objective_met, m->objective_count) &&
           SAME_ARRAY(a->objective_by, b->objective_by, m->objective_count) &&
           SAME_ARRAY(a->trail, b->trail, a->trail_len);
    for (size_t i = 0; same && i < a->door_count; i++)
        same = a->doors[i].open == b->doors[i].open && a->doors[i].found == b->doors[i].found;
    for (size_t i = 0; same && i < a->trap_count; i++)
        same = a->traps[i].found == b->traps[i].found && a->traps[i].gone == b->traps[i].gone &&
               a->traps[i].sprung == b->traps[i].sprung;
    for (size_t i = 0; same && i < a->drop_count; i++)
        same = a->drops[i].item == b->drops[i].item && a->drops[i].taken == b->drops[i].taken &&
               grid_pos_equal(a->drops[i].pos, b->drops[i].pos);
    for (size_t i = 0; same && i < a->log_count; i++)
        same = memcmp(&a->log[i], &b->log[i], sizeof a->log[i]) == 0;
    /* the queries read the step masks: the same squares within reach */
    BoardPos ra[512], rb[512];
    size_t na = game_reachable(a, a->current, -1, ra, 512), nb = game_reachable(b, b->current, -1, rb, 512);
    same = same && na == nb && SAME_ARRAY(ra, rb, na < 512 ? na : 512);
    return same;
}

/* The game g's save replays to: seed, setup and log through save.c. */
static Game *replayed(const Game *g)
{
    size_t size;
    char *text = save_format(g, "test/mission.xml", &size);
    SaveData data;
    char err[256];
    bool parsed = save_parse(text, size, &data, err, sizeof err);
    CHECK(parsed);
    free(text);
    if (!parsed)
        return NULL;
    Game *r = save_replay(game_mission(g), &data, err, sizeof err);
    if (!r)
        fprintf(stderr, "replay: %s\n", err);
    CHECK(r != NULL);
    save_data_free(&data);
    return r;
}

static void check_replays(const Game *g)
{
    Game *r = replayed(g);
    CHECK(r && same_state(g, r));
    game_destroy(r);
}

/* Room a (x 0-4) with the heroes, a closed door at (4,1)-east to the
 * corridor (column 5), another at (5,3)-east to room b (x 6-8) with an
 * orc; a spear trap at (2,4). Room a is lit whole from the start, so
 * moves in it show nothing new. */
static Mission *make(void)
{
    static const char *const rows[] = {"aaaaacbbb", "aaaaacbbb", "aaaaacbbb", "aaaaacbbb",
                                       "aaaaacbbb"};
    Mission *m = tm_create(rows, 5);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 4);
    tm_monster(m, "", "orc", 8, 0);
    tm_door(m, 4, 1, GRID_DIR_EAST, DOOR_NORMAL);
    tm_door(m, 5, 3, GRID_DIR_EAST, DOOR_NORMAL);
    tm_trap(m, TRAP_SPEAR, 2, 4);
    return m;
}

static bool move(Game *g, int x, int y, GameEvents *ev)
{
    return tm_do(g, ACTION_MOVE, game_current(g), -1, x, y, ev);
}

static void test_rule(void)
{
    Mission *m = make();
    Game *g = tm_game(m, 5);
    char why[256];
    CHECK(!game_can_undo(g, why, sizeof why));
    CHECK_STR_CONTAINS(why, "no move to take back");
    /* the reason kept in parts (for a window's language) says the same
     * English line: its format, the hero's type as its argument */
    char said[256];
    const EventText *words = game_refusal_words();
    CHECK(eventtext_render(words, NULL, NULL, said, sizeof said) > 0);
    CHECK(strcmp(said, why) == 0);
    CHECK(strcmp(words->format[0], "the %s has no move to take back") == 0);
    /* a refusal told to no buffer leaves them */
    Action bad = {.kind = ACTION_OPEN, .piece = 0, .target = -1, .pos = {-5, -5}};
    CHECK(!game_check(g, &bad, NULL, 0));
    CHECK(eventtext_render(words, NULL, NULL, said, sizeof said) > 0);
    CHECK(strcmp(said, why) == 0);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(!game_can_undo(g, why, sizeof why));
    int left = game_move_left(g);
    size_t logged = game_log_count(g);

    /* two quiet moves in the lit room, taken back one after the other */
    GameEvents ev;
    game_events_init(&ev);
    CHECK(move(g, 1, 0, NULL));
    CHECK(move(g, 1, 2, NULL));
    CHECK(game_can_undo(g, why, sizeof why));
    CHECK_INT(game_undo_count(g), 2);
    CHECK(game_undo(g, &ev, why, sizeof why));
    CHECK_INT(ev.count, 1);
    CHECK(ev.items[0].kind == EVENT_UNDO && ev.items[0].piece == 0);
    CHECK(grid_pos_equal(ev.items[0].from, (BoardPos){1, 2}));
    CHECK(grid_pos_equal(ev.items[0].to, (BoardPos){1, 0}));
    CHECK_STR_CONTAINS(game_event_name(ev.items[0].kind), "undo");
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){1, 0}));
    CHECK_INT(game_piece_at(g, (BoardPos){1, 2}), -1);
    CHECK_INT(game_piece_at(g, (BoardPos){1, 0}), 0);
    check_replays(g);
    CHECK(game_undo(g, NULL, why, sizeof why));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){0, 0}));
    CHECK_INT(game_move_left(g), left);
    CHECK_INT(game_log_count(g), logged);
    CHECK(!game_undo(g, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "no move to take back");
    check_replays(g);

    /* a move, then an action: the move stands */
    CHECK(move(g, 3, 0, NULL));
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
    CHECK(!game_can_undo(g, why, sizeof why));
    CHECK_STR_CONTAINS(why, "has acted");
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(!game_can_undo(g, why, sizeof why));
    /* acting first, then moving: that move may be taken back */
    CHECK_INT(game_current(g), 1);
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, NULL));
    if (game_can_move(g)) {
        CHECK(move(g, 0, 3, NULL));
        CHECK(game_can_undo(g, why, sizeof why));
        CHECK(game_undo(g, NULL, why, sizeof why));
        CHECK(grid_pos_equal(game_piece(g, 1)->pos, (BoardPos){0, 4}));
    }

    check_replays(g);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A bent corridor: from (0,0) the arm down column 3 is out of sight
 * behind the rock; walking to the bend shows it, and that move stands. */
static void test_reveal(void)
{
    static const char *const rows[] = {"cccc", "###c", "###c"};
    Mission *m = tm_create(rows, 3);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 0, 0);
    Game *g = tm_game(m, 2);
    char why[256];
    CHECK(!game_square_revealed(g, (BoardPos){3, 2}));
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(move(g, 3, 0, NULL));
    CHECK(game_square_revealed(g, (BoardPos){3, 2}));
    CHECK(!game_can_undo(g, why, sizeof why));
    CHECK_STR_CONTAINS(why, "revealed something new");
    CHECK(!game_undo(g, NULL, why, sizeof why));
    /* back along the lit corridor: quiet again */
    CHECK(move(g, 2, 0, NULL));
    CHECK(game_can_undo(g, why, sizeof why));
    CHECK(game_undo(g, NULL, why, sizeof why));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){3, 0}));
    check_replays(g);
    game_destroy(g);
    tm_destroy(m);
}

static void test_trap_and_door(void)
{
    Mission *m = make();
    Game *g = tm_game(m, 9);
    char why[256];
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    /* a door opened (a free action) reveals what is behind it */
    CHECK(move(g, 4, 1, NULL));
    CHECK(game_can_undo(g, why, sizeof why));
    CHECK(tm_do(g, ACTION_OPEN, 0, -1, 5, 1, NULL));
    CHECK(!game_can_undo(g, why, sizeof why));
    CHECK_STR_CONTAINS(why, "revealed");
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    /* the dwarf walks onto the hidden spear trap */
    CHECK_INT(game_current(g), 1);
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, NULL));
    CHECK(move(g, 1, 4, NULL));
    CHECK(game_can_undo(g, why, sizeof why));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(move(g, 2, 4, &ev));
    CHECK(tm_count(&ev, EVENT_TRAP_SPRUNG) == 1);
    CHECK(!game_can_undo(g, why, sizeof why));
    check_replays(g);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A clone carries the moves to take back; undoing it leaves g alone;
 * game_check keeps them. */
static void test_clone(void)
{
    Mission *m = make();
    Game *g = tm_game(m, 3);
    char why[256];
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(move(g, 2, 2, NULL));
    Action end = {ACTION_END, -1, -1, {0, 0}, -1, 0};
    CHECK(game_check(g, &end, why, sizeof why));
    CHECK(game_can_undo(g, why, sizeof why));
    Game *c = game_clone(g);
    CHECK(game_undo(c, NULL, why, sizeof why));
    CHECK(grid_pos_equal(game_piece(c, 0)->pos, (BoardPos){0, 0}));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){2, 2}));
    CHECK(game_undo(g, NULL, why, sizeof why));
    CHECK(same_state(g, c));
    game_destroy(c);
    game_destroy(g);
    tm_destroy(m);
}

/* Random moves and the bot's play, seed after seed: whenever moves may be
 * taken back, a clone takes them all back and must be its own replay;
 * then playing on from the undone clone and from the replay gives the
 * same game. */
static void test_random_exact(void)
{
    Mission *m = make();
    tm_treasure(m, "gold", TREASURE_GOLD, 10, 1, 1);
    int undone = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        Game *g = tm_game(m, seed);
        Bot *bot = bot_create(g);
        uint64_t r = seed * 0x9e3779b97f4a7c15ull;
        for (int step = 0; step < 150 && game_status(g) == GAME_STATUS_PLAYING; step++) {
            char why[256];
            Action a;
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            BoardPos reach[256];
            size_t n = game_can_move(g) ? game_reachable(g, game_current(g), -1, reach, 256) : 0;
            if (n > 0 && (r >> 60) < 10) {
                a = (Action){ACTION_MOVE, game_current(g), -1, reach[(r >> 33) % (n < 256 ? n : 256)], -1, 0};
            } else if (!bot_choose(bot, g, &a)) {
                break;
            }
            game_apply(g, &a, NULL, why, sizeof why);
            if (game_undo_count(g) == 0)
                continue;
            Game *c = game_clone(g);
            while (game_undo(c, NULL, why, sizeof why))
                undone++;
            Game *rep = replayed(c);
            CHECK(rep && same_state(c, rep));
            /* both play on alike: roll or end */
            Action next = {game_can_move(c) ? ACTION_END : ACTION_ROLL, game_current(c), -1, {0, 0}, -1, 0};
            bool ok1 = game_apply(c, &next, NULL, why, sizeof why);
            bool ok2 = rep && game_apply(rep, &next, NULL, why, sizeof why);
            CHECK(ok1 == ok2);
            CHECK(rep && same_state(c, rep));
            game_destroy(rep);
            game_destroy(c);
        }
        bot_destroy(bot);
        game_destroy(g);
    }
    printf("moves taken back and replayed: %d\n", undone);
    CHECK(undone > 50);
    tm_destroy(m);
}

int main(void)
{
    test_rule();
    test_reveal();
    test_trap_and_door();
    test_clone();
    test_random_exact();
    return check_finish("rules undo");
}

/* What the heroes have not seen leaks nowhere: every hero's view is kept
 * current when any piece moves; reachable squares and paths are planned
 * as if unseen pieces and furniture were not there; a move that runs into
 * one stops before it, keeping its squares; unseen pieces cannot be cast
 * on or attacked. */
#include "mission_builder.h"
#include "rules/save.h"

static bool same_reach(const Game *a, const Game *b, int hero)
{
    BoardPos ra[256], rb[256];
    size_t na = game_reachable(a, hero, -1, ra, 256), nb = game_reachable(b, hero, -1, rb, 256);
    if (na != nb)
        return false;
    for (size_t i = 0; i < na && i < 256; i++)
        if (!grid_pos_equal(ra[i], rb[i]))
            return false;
    return true;
}

static bool same_path(const Game *a, const Game *b, int hero, BoardPos goal)
{
    BoardPos pa[256], pb[256];
    int la = game_path(a, hero, goal, pa, 256), lb = game_path(b, hero, goal, pb, 256);
    if (la != lb)
        return false;
    for (int i = 0; i < la && i < 256; i++)
        if (!grid_pos_equal(pa[i], pb[i]))
            return false;
    return true;
}

static bool reaches(const Game *g, int hero, int x, int y)
{
    BoardPos r[256];
    size_t n = game_reachable(g, hero, -1, r, 256);
    for (size_t i = 0; i < n && i < 256; i++)
        if (r[i].x == x && r[i].y == y)
            return true;
    return false;
}

/* Room a (the heroes'), room b behind a closed door: in b an ogre on the
 * way and a table beside it, neither seen yet. */
static Mission *two_rooms(bool with_ogre)
{
    static const char *const rows[] = {"aaabbbbb", "aaabbbbb"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    if (with_ogre)
        tm_monster(m, "", "ogre", 5, 0);
    tm_furniture(m, "t", "table", 5, 1);
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_NORMAL);
    return m;
}

static void test_plans_ignore_the_unseen(void)
{
    Mission *m1 = two_rooms(true), *m2 = two_rooms(false);
    Game *g1 = tm_game(m1, 4), *g2 = tm_game(m2, 4);
    CHECK(!game_piece(g1, 1)->revealed);
    CHECK(tm_do(g1, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g2, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g1);
    CHECK(left >= 7);
    /* The same answers, with or without the ogre nobody has seen; the
     * ogre's and the table's squares are not holes. */
    CHECK(same_reach(g1, g2, 0));
    CHECK(reaches(g1, 0, 5, 0) && reaches(g1, 0, 5, 1));
    CHECK(same_path(g1, g2, 0, (BoardPos){7, 0}));
    CHECK(same_path(g1, g2, 0, (BoardPos){5, 0}));
    CHECK_INT(game_path(g1, 0, (BoardPos){7, 0}, NULL, 0), 7);
    /* The unseen ogre has no path and no squares for the players. */
    CHECK_INT(game_path(g1, 1, (BoardPos){6, 0}, NULL, 0), -1);
    CHECK_INT(game_reachable(g1, 1, 3, NULL, 0), 0);
    /* The copy as the heroes know it answers alike. */
    Game *k = game_clone_known(g1);
    CHECK(same_reach(g1, k, 0));
    CHECK(same_path(g1, k, 0, (BoardPos){7, 0}));
    game_destroy(k);

    /* The move runs into the ogre: the door opens, the room shows, the
     * ogre appears and the barbarian stops before it with its squares. */
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g1, ACTION_MOVE, 0, -1, 7, 0, &ev));
    CHECK(game_piece(g1, 1)->revealed);
    CHECK_INT(tm_count(&ev, EVENT_REVEAL), 1);
    CHECK_INT(tm_count(&ev, EVENT_BLOCKED), 1);
    CHECK_INT(tm_count(&ev, EVENT_STEP), 4);
    CHECK(grid_pos_equal(game_piece(g1, 0)->pos, (BoardPos){4, 0}));
    CHECK_INT(game_move_left(g1), left - 4);
    CHECK(game_can_move(g1));
    /* Now seen, the ogre and the table bar the way. */
    CHECK(!reaches(g1, 0, 5, 1) && !reaches(g1, 0, 5, 0));
    CHECK_INT(game_path(g1, 0, (BoardPos){7, 0}, NULL, 0), -1);
    /* Without the ogre the same move goes through. */
    CHECK(tm_do(g2, ACTION_MOVE, 0, -1, 7, 0, NULL));
    CHECK(grid_pos_equal(game_piece(g2, 0)->pos, (BoardPos){7, 0}));
    game_events_free(&ev);
    game_destroy(g1);
    game_destroy(g2);
    tm_destroy(m1);
    tm_destroy(m2);
}

/* A move onto the unseen monster's own square stops next to it. */
static void test_move_onto_unseen(void)
{
    Mission *m = two_rooms(true);
    Game *g = tm_game(m, 4);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 5, 0, &ev));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){4, 0}));
    CHECK_INT(game_move_left(g), left - 4);
    CHECK_INT(tm_count(&ev, EVENT_BLOCKED), 1);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Passing a friend when the way beyond turns out barred: the hero steps
 * back to the last square it may stand on. */
static void test_barred_on_a_friend(void)
{
    static const char *const rows[] = {"aaabb"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 2, 0);
    tm_monster(m, "", "ogre", 3, 0); /* behind the closed door */
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_NORMAL);
    Game *g = tm_game(m, 4);
    CHECK(!game_piece(g, 2)->revealed);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
    CHECK(game_door(g, 0)->open && game_piece(g, 2)->revealed);
    CHECK_INT(tm_count(&ev, EVENT_BLOCKED), 1);
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){1, 0}));
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, (BoardPos){2, 0}));
    CHECK_INT(game_piece_at(g, (BoardPos){1, 0}), 0);
    CHECK_INT(game_move_left(g), left - 2); /* stepping back is free */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Issue 10.1: hero B stands behind hero A; A steps out of the line; B
 * now sees the goblin (every hero looks again after any step). */
static void test_every_hero_looks(void)
{
    static const char *const rows[] = {"ccccccc", "ccccccc", "ccc#ccc"};
    Mission *m = tm_create(rows, 3);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 1, 1); /* A */
    tm_hero(m, "wizard", 0, 0);    /* B, behind A */
    tm_monster(m, "", "goblin", 5, 2);
    Game *g = tm_game(m, 2);
    CHECK(!game_piece(g, 2)->revealed);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 0, 1, &ev));
    CHECK(!game_line_of_sight(g, (BoardPos){0, 1}, (BoardPos){5, 2})); /* not A's sight */
    CHECK(game_line_of_sight(g, (BoardPos){0, 0}, (BoardPos){5, 2}));  /* but B's */
    CHECK(game_piece(g, 2)->revealed);
    CHECK_INT(tm_count(&ev, EVENT_REVEAL), 1);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK_INT(game_current(g), 1);
    /* B may not search with the goblin in sight. */
    CHECK(!tm_do(g, ACTION_SEARCH_TRAPS, 1, -1, 0, 0, NULL));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* An unseen monster cannot be attacked either. */
static void test_no_attack_on_unseen(void)
{
    static const char *const rows[] = {"aab"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "goblin", 2, 0); /* behind a wall: not next to it either */
    Game *g = tm_game(m, 2);
    Action a = {ACTION_ATTACK, 0, 1, {0, 0}, -1, 0};
    char why[256];
    CHECK(!game_apply(g, &a, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "there is no such piece"); /* its id is not told either */
    game_destroy(g);
    tm_destroy(m);
}

/* Public ids: the ogre first in the file lies unseen behind a door, the
 * goblin next to the barbarian is seen at once, so the goblin is public
 * piece 1 (its file place would make it 2). Events, refusals and saves
 * say 1; a version 1 save, which wrote the game's own ids, still
 * replays. */
static void test_public_ids(void)
{
    static const char *const rows[] = {"aaaaabbbb", "aaaaabbbb"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "ogre", 7, 0);
    tm_monster(m, "", "goblin", 1, 0);
    tm_door(m, 4, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_door(m, 4, 1, GRID_DIR_EAST, DOOR_SECRET);
    tm_trap(m, TRAP_PIT, 3, 1);
    Game *g = tm_game(m, 3);
    CHECK(!game_piece(g, 1)->revealed && game_piece(g, 2)->revealed);
    CHECK_INT(game_public_id(g, GAME_ID_PIECE, 0), 0);
    CHECK_INT(game_public_id(g, GAME_ID_PIECE, 2), 1);
    CHECK_INT(game_public_id(g, GAME_ID_PIECE, 1), -1);
    CHECK_INT(game_id_index(g, GAME_ID_PIECE, 1), 2);
    CHECK_INT(game_id_index(g, GAME_ID_PIECE, 2), -1);
    CHECK_INT(game_public_count(g, GAME_ID_DOOR), 1); /* the secret door has none yet */
    CHECK_INT(game_public_count(g, GAME_ID_TRAP), 0);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_ATTACK, 0, 2, 0, 0, &ev));
    size_t saw = 0;
    for (size_t i = 0; i < ev.count; i++) {
        GameEvent e = ev.items[i];
        CHECK(game_event_public(g, &e));
        if (e.kind == EVENT_ATTACK) {
            CHECK_INT(e.target, 1);
            saw++;
        }
    }
    CHECK_INT(saw, 1);
    size_t size;
    char *text = save_format(g, "m.xml", &size);
    CHECK_STR_CONTAINS(text, "questboard-save 3\n");
    CHECK_STR_CONTAINS(text, "\nattack 0 1 0 0\n");
    SaveData s;
    char err[256];
    CHECK(save_parse(text, size, &s, err, sizeof err));
    Game *back = save_replay(m, &s, err, sizeof err);
    CHECK(back && game_rng_state(back) == game_rng_state(g));
    game_destroy(back);
    save_data_free(&s);
    free(text);
    /* version 1 named the goblin 2, its place in the file */
    char body[256], old[320];
    snprintf(body, sizeof body, "questboard-save 1\nmission m.xml\nmission-hash %016llx\nseed 3\n"
             "heroes 1 0\nactions 1\nattack 0 2 0 0\n", (unsigned long long)m->hash);
    snprintf(old, sizeof old, "%schecksum %016llx\n", body,
             (unsigned long long)save_checksum(body, strlen(body)));
    CHECK(save_parse(old, strlen(old), &s, err, sizeof err));
    back = save_replay(m, &s, err, sizeof err);
    CHECK(back && game_rng_state(back) == game_rng_state(g));
    game_destroy(back);
    save_data_free(&s);
    /* a version 3 save naming a piece nobody has seen does not replay */
    snprintf(body, sizeof body, "questboard-save 3\nmission m.xml\nmission-hash %016llx\nseed 3\n"
             "heroes 1 0\nactions 1\nattack 0 2 0 0\n", (unsigned long long)m->hash);
    snprintf(old, sizeof old, "%schecksum %016llx\n", body,
             (unsigned long long)save_checksum(body, strlen(body)));
    CHECK(save_parse(old, strlen(old), &s, err, sizeof err));
    CHECK(save_replay(m, &s, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "nobody has seen");
    save_data_free(&s);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_public_ids();
    test_plans_ignore_the_unseen();
    test_move_onto_unseen();
    test_barred_on_a_friend();
    test_every_hero_looks();
    test_no_attack_on_unseen();
    return check_finish("hidden");
}

#define _XOPEN_SOURCE 700 /* mkdtemp */
/* Saves: format, replay to an identical game, damaged and mismatching
 * files refused, the previous save kept; replay determinism. */
#include "mission_builder.h"
#include "core/fileio.h"
#include "rules/save.h"

#include <inttypes.h>
#include <unistd.h>

/* Everything the game shows, compared field by field. */
static bool same_game(const Game *a, const Game *b)
{
    bool same = game_rng_state(a) == game_rng_state(b) && game_turn(a) == game_turn(b) &&
                game_current(a) == game_current(b) && game_status(a) == game_status(b) &&
                game_move_left(a) == game_move_left(b) && game_has_acted(a) == game_has_acted(b) &&
                game_has_rolled(a) == game_has_rolled(b) &&
                game_piece_count(a) == game_piece_count(b) && game_log_count(a) == game_log_count(b);
    for (size_t i = 0; same && i < game_piece_count(a); i++) {
        const GamePiece *p = game_piece(a, (int)i), *q = game_piece(b, (int)i);
        same = p->type == q->type && grid_pos_equal(p->pos, q->pos) && p->body == q->body &&
               p->alive == q->alive && p->revealed == q->revealed && p->gold == q->gold;
    }
    for (size_t i = 0; same && i < game_door_count(a); i++)
        same = game_door(a, i)->open == game_door(b, i)->open;
    const Board *board = game_mission(a)->board;
    for (int y = 0; same && y < board_height(board); y++)
        for (int x = 0; x < board_width(board); x++)
            same &= game_square_revealed(a, (BoardPos){x, y}) ==
                    game_square_revealed(b, (BoardPos){x, y});
    return same;
}

static Mission *make(void)
{
    static const char *const rows[] = {"aaaaabbbb", "aaaaabbbb", "aaaaabbbb"};
    Mission *m = tm_create(rows, 3);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_monster(m, "", "orc", 7, 1);
    tm_door(m, 4, 1, GRID_DIR_EAST, DOOR_NORMAL);
    return m;
}

/* A few turns of play, some refused actions among them. */
static void play(Game *g)
{
    for (int turn = 0; turn < 6; turn++) {
        int me = game_current(g);
        if (me < 0)
            return;
        tm_do(g, ACTION_ROLL, me, -1, 0, 0, NULL);
        tm_do(g, ACTION_MOVE, me, -1, 4, me, NULL);
        tm_do(g, ACTION_MOVE, me, -1, 99, 99, NULL); /* refused */
        tm_do(g, ACTION_ATTACK, me, 2, 0, 0, NULL);
        tm_do(g, ACTION_END, -1, -1, 0, 0, NULL);
    }
}

/* text (a save of seed 77) with its seed line written as seed_text and a
 * checksum that fits again. */
static char *with_seed(const char *text, size_t size, const char *seed_text, size_t *out_size)
{
    const char *line = strstr(text, "\nseed 77\n");
    const char *sum = strstr(text, "checksum ");
    CHECK(line && sum);
    char *out = malloc(size + 64);
    size_t n = (size_t)(line - text) + 1;
    memcpy(out, text, n);
    n += (size_t)sprintf(out + n, "seed %s", seed_text);
    size_t rest = (size_t)(sum - (line + 8));
    memcpy(out + n, line + 8, rest);
    n += rest;
    n += (size_t)sprintf(out + n, "checksum %016" PRIx64 "\n", save_checksum(out, n));
    *out_size = n;
    return out;
}

/* A save's seed is read by the same parser as the protocol's `seed`: a
 * sign or a number past 2^64-1 is refused, not wrapped. */
static void test_seed_line(const Game *g)
{
    size_t size, n;
    char *text = save_format(g, "m.xml", &size), err[256];
    SaveData s;
    const char *bad[] = {"-1", "18446744073709551616", "+77", "77x", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *t = with_seed(text, size, bad[i], &n);
        CHECK(!save_parse(t, n, &s, err, sizeof err));
        CHECK_STR_CONTAINS(err, "line 4: expected 'seed N'");
        free(t);
    }
    char *t = with_seed(text, size, "18446744073709551615", &n);
    CHECK(save_parse(t, n, &s, err, sizeof err));
    CHECK(s.seed == UINT64_MAX);
    save_data_free(&s);
    free(t);
    t = with_seed(text, size, "77", &n);
    CHECK(n == size && memcmp(t, text, size) == 0);
    free(t);
    free(text);
}

int main(void)
{
    Mission *m = make();
    Game *g = tm_game(m, 77);
    play(g);
    CHECK(game_log_count(g) > 10);

    /* Replay determinism: the same seed and actions, the same game. */
    Game *again = tm_game(m, 77);
    for (size_t i = 0; i < game_log_count(g); i++) {
        char why[256];
        CHECK(game_apply(again, game_log_at(g, i), NULL, why, sizeof why));
    }
    CHECK(same_game(g, again));
    game_destroy(again);
    Game *other = tm_game(m, 78);
    play(other);
    CHECK(game_rng_state(other) != game_rng_state(g));
    game_destroy(other);

    /* A clone plays on exactly like the original; game_check changes nothing. */
    Game *twin = game_clone(g);
    CHECK(same_game(g, twin));
    char why[256];
    Action end = {ACTION_END, -1, -1, {0, 0}, -1, 0}, far = {ACTION_MOVE, 0, -1, {99, 99}, -1, 0};
    uint64_t rng_before = game_rng_state(twin);
    CHECK(game_check(twin, &end, why, sizeof why));
    CHECK(!game_check(twin, &far, why, sizeof why));
    CHECK(why[0] != '\0');
    CHECK(game_rng_state(twin) == rng_before && same_game(g, twin));
    Game *orig = tm_game(m, 77);
    for (size_t i = 0; i < game_log_count(g); i++)
        CHECK(game_apply(orig, game_log_at(g, i), NULL, why, sizeof why));
    CHECK(game_apply(orig, &end, NULL, why, sizeof why) == game_apply(twin, &end, NULL, why, sizeof why));
    CHECK(same_game(orig, twin));
    game_destroy(orig);
    game_destroy(twin);

    /* Round trip through a file. */
    char dir[] = "/tmp/qb_save_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/game.sav", dir);
    CHECK(save_write(g, "missions/x/mission.xml", path, err, sizeof err));
    SaveData s;
    CHECK(save_read(path, &s, err, sizeof err));
    CHECK_STR_CONTAINS(s.mission_path, "missions/x/mission.xml");
    CHECK_INT(s.seed, 77);
    CHECK_INT(s.action_count, game_log_count(g));
    Game *restored = save_replay(m, &s, err, sizeof err);
    CHECK(restored != NULL);
    CHECK(restored && same_game(g, restored));
    game_destroy(restored);

    /* A different mission (hash) is refused. */
    m->hash++;
    CHECK(save_replay(m, &s, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "changed");
    m->hash--;
    save_data_free(&s);

    /* Damaged, truncated, foreign and future files are refused. */
    size_t size;
    char *text = save_format(g, "m.xml", &size);
    text[size / 2] ^= 1;
    CHECK(!save_parse(text, size, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "damaged");
    text[size / 2] ^= 1;
    CHECK(save_parse(text, size, &s, err, sizeof err));
    save_data_free(&s);
    CHECK(!save_parse(text, size - 5, &s, err, sizeof err));
    CHECK(!save_parse("hello\n", 6, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a questboard save");
    text[16] = '9'; /* "questboard-save 9" */
    CHECK(!save_parse(text, size, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "version 9");
    free(text);

    test_seed_line(g);

    /* A failed write leaves the previous save intact. */
    uint8_t *before, *after;
    size_t before_size, after_size;
    CHECK(fileio_read(path, 1 << 20, &before, &before_size, err, sizeof err));
    char bad[300];
    snprintf(bad, sizeof bad, "%s/missing-dir/game.sav", dir);
    CHECK(!save_write(g, "m.xml", bad, err, sizeof err));
    CHECK(!save_write(g, "bad\nname", path, err, sizeof err));
    CHECK(fileio_read(path, 1 << 20, &after, &after_size, err, sizeof err));
    CHECK(before_size == after_size && memcmp(before, after, before_size) == 0);
    free(before);
    free(after);
    unlink(path);
    rmdir(dir);
    game_destroy(g);
    tm_destroy(m);
    return check_finish("save");
}

/* The replay tape (src/match/tape): the match at every position of a
 * bot's game, wound from keyframes, is the match a replay of that many
 * actions from the start gives (state digest, log lines, tally); a step
 * forward by match_act from one position is the next position; turn and
 * round steps land where a hero's turn or a round begins; a branch from a
 * position goes on as its own game; bookmarks keep order, replace,
 * clean their notes and read back from their text, skipping lines that
 * do not read; a save that does not replay is refused with the action. */
#include "check.h"

#include "bot/bot.h"
#include "match/replay.h"
#include "match/tape.h"
#include "mission/load.h"
#include "mission/mission.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static Mission *load(const char *name)
{
    const char *data = getenv("QUESTBOARD_DATA");
    char path[4096], catalogue[4096];
    snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data, name);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", data);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions opts = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return m;
}

static void played(const Mission *m, uint64_t seed, size_t max, SaveData *s)
{
    char why[256];
    Game *g = game_create(m, NULL, seed, why, sizeof why);
    CHECK(g != NULL);
    Bot *bot = bot_create(g);
    bot_play(bot, g, max, NULL);
    bot_destroy(bot);
    size_t size;
    char *text = save_format(g, m->path, &size);
    CHECK(save_parse(text, size, s, why, sizeof why));
    free(text);
    game_destroy(g);
}

static void digest_of(const Match *m, uint8_t out[DIGEST_SIZE])
{
    replay_state_digest(match_game(m), out);
}

/* The match a replay of the first n actions from the start gives. */
static Match *reference(const Mission *m, const SaveData *s, size_t n)
{
    SaveData cut = *s;
    cut.action_count = n;
    MatchConfig c = {.mission = m, .flags = MATCH_CHRONICLE | MATCH_LOG};
    char why[256];
    Match *r = match_restore_data(&c, &cut, why, sizeof why);
    CHECK(r != NULL);
    return r;
}

static void same_story(const Match *a, const Match *b)
{
    CHECK_INT(match_log_count(a), match_log_count(b));
    for (size_t i = 0; i < match_log_count(a) && i < match_log_count(b); i++) {
        CHECK(strcmp(match_log_line(a, i)->text, match_log_line(b, i)->text) == 0);
        CHECK_INT(match_log_line(a, i)->turn, match_log_line(b, i)->turn);
    }
    const Chronicle *ca = match_chronicle(a), *cb = match_chronicle(b);
    CHECK_INT(ca->kills, cb->kills);
    CHECK_INT(ca->gold, cb->gold);
    CHECK_INT(ca->rounds, cb->rounds);
    CHECK_INT(ca->finds, cb->finds);
    for (int h = 0; h < ca->hero_count; h++)
        CHECK_INT(ca->heroes[h].damage_taken, cb->heroes[h].damage_taken);
    CHECK_INT(match_chronicle_for(a, 0)->kills, match_chronicle_for(b, 0)->kills);
}

/* Every position wound from keyframes equals the game stepped forward
 * one action at a time by match_act through the turn's seat (as the
 * viewer steps), which at the end equals the save restored. */
static void check_positions(const Mission *m, const SaveData *s, size_t interval)
{
    char why[256];
    Tape *t = tape_create(m, s, NULL, interval, why, sizeof why);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_INT(tape_length(t), s->action_count);
    Match *step = tape_at(t, 0), *start = reference(m, s, 0);
    same_story(step, start);
    match_destroy(start);
    uint8_t da[DIGEST_SIZE], dr[DIGEST_SIZE];
    for (size_t n = 0; n <= tape_length(t); n++) {
        Match *at = tape_at(t, n);
        digest_of(at, da);
        digest_of(step, dr);
        CHECK(memcmp(da, dr, DIGEST_SIZE) == 0);
        CHECK_INT(game_log_count(match_game(at)), n);
        CHECK_INT(tape_round_at(t, n), game_turn(match_game(step)));
        CHECK_INT(tape_current_at(t, n), game_current(match_game(step)));
        same_story(at, step);
        if (n < tape_length(t)) {
            int seat = match_turn_seat(step);
            CHECK(match_act(step, seat >= 0 ? seat : 0, tape_action(t, n), why, sizeof why));
        }
        match_destroy(at);
    }
    Match *ref = reference(m, s, s->action_count);
    digest_of(ref, dr);
    CHECK(memcmp(da, dr, DIGEST_SIZE) == 0);
    same_story(step, ref);
    same_story(tape_end(t), ref);
    match_destroy(ref);
    match_destroy(step);
    /* past the end: the end */
    Match *end = tape_at(t, tape_length(t) + 5);
    CHECK_INT(game_log_count(match_game(end)), tape_length(t));
    match_destroy(end);
    tape_destroy(t);
}

static void check_steps(const Mission *m, const SaveData *s)
{
    char why[256];
    Tape *t = tape_create(m, s, NULL, 0, why, sizeof why);
    CHECK(t != NULL);
    size_t len = tape_length(t);
    /* forward by turns visits every change of hero, in order */
    size_t at = 0, turns = 0;
    while (at < len) {
        size_t next = tape_step_turn(t, at, 1, false);
        CHECK(next > at);
        if (next < len)
            CHECK(tape_current_at(t, next) != tape_current_at(t, next - 1));
        for (size_t i = at + 1; i < next; i++)
            CHECK_INT(tape_current_at(t, i), tape_current_at(t, at));
        at = next;
        turns++;
    }
    CHECK(turns > 2);
    /* back by rounds lands where a round begins, and at last on 0 */
    at = len;
    size_t rounds = 0;
    while (at > 0) {
        size_t prev = tape_step_turn(t, at, -1, true);
        CHECK(prev < at);
        if (prev > 0)
            CHECK(tape_round_at(t, prev) != tape_round_at(t, prev - 1));
        at = prev;
        rounds++;
    }
    CHECK(rounds >= 2);
    /* continue from here: a branch of the position plays on as its own game */
    Match *mid = tape_at(t, len / 2);
    Match *b = match_branch(mid, NULL, SIZE_MAX, why, sizeof why);
    CHECK(b != NULL);
    uint8_t da[DIGEST_SIZE], db[DIGEST_SIZE];
    digest_of(mid, da);
    digest_of(b, db);
    CHECK(memcmp(da, db, DIGEST_SIZE) == 0);
    CHECK_INT(game_log_count(match_game(b)), len / 2);
    match_destroy(b);
    match_destroy(mid);
    tape_destroy(t);
}

static void check_bookmarks(const Mission *m, const SaveData *s)
{
    char why[256];
    Tape *t = tape_create(m, s, NULL, 0, why, sizeof why);
    CHECK(t != NULL);
    size_t len = tape_length(t);
    CHECK(tape_bookmark_add(t, 9, "the door"));
    CHECK(tape_bookmark_add(t, 3, "first\nblood"));
    CHECK(tape_bookmark_add(t, len + 100, "end"));
    CHECK(tape_bookmark_add(t, 9, "the secret door"));
    CHECK_INT(tape_bookmark_count(t), 3);
    CHECK_INT(tape_bookmark(t, 0)->at, 3);
    CHECK(strcmp(tape_bookmark(t, 0)->note, "first blood") == 0);
    CHECK(strcmp(tape_bookmark(t, 1)->note, "the secret door") == 0);
    CHECK_INT(tape_bookmark(t, 2)->at, len);
    /* a long note is cut at a whole character: 40 two-byte letters */
    char longnote[81] = "";
    for (int i = 0; i < 40; i++)
        strcat(longnote, "\xc3\xa9");
    CHECK(tape_bookmark_add(t, 1, longnote));
    CHECK_INT(strlen(tape_bookmark(t, 0)->note), 62);
    char *text = tape_bookmarks_format(t);
    Tape *u = tape_create(m, s, NULL, 0, why, sizeof why);
    tape_bookmarks_parse(u, text);
    CHECK_INT(tape_bookmark_count(u), 4);
    for (size_t i = 0; i < 4; i++) {
        CHECK_INT(tape_bookmark(u, i)->at, tape_bookmark(t, i)->at);
        CHECK(strcmp(tape_bookmark(u, i)->note, tape_bookmark(t, i)->note) == 0);
    }
    free(text);
    /* lines that do not read are skipped */
    tape_bookmarks_parse(u, "x 1\n-3 minus\n99999999999999999999999 big\n2\n4 four\n5five\n");
    CHECK_INT(tape_bookmark_count(u), 2);
    CHECK_INT(tape_bookmark(u, 0)->at, 2);
    CHECK(strcmp(tape_bookmark(u, 1)->note, "four") == 0);
    for (size_t i = 0; i < TAPE_MAX_BOOKMARKS + 2; i++)
        tape_bookmark_add(u, i % (len + 1), "");
    CHECK(tape_bookmark_count(u) <= TAPE_MAX_BOOKMARKS);
    CHECK(tape_bookmark_remove(u, 0));
    CHECK(!tape_bookmark_remove(u, TAPE_MAX_BOOKMARKS));
    tape_destroy(u);
    tape_destroy(t);
}

static void check_refused(const Mission *m, SaveData *s)
{
    char why[256];
    size_t k = s->action_count / 2;
    Action keep = s->actions[k];
    s->actions[k].kind = ACTION_ATTACK;
    s->actions[k].target = s->actions[k].piece; /* a hero attacking itself */
    CHECK(tape_create(m, s, NULL, 0, why, sizeof why) == NULL);
    char want[64];
    snprintf(want, sizeof want, "action %zu of %zu (attack)", k + 1, s->action_count);
    CHECK_STR_CONTAINS(why, want);
    s->actions[k] = keep;
    s->mission_hash ^= 1;
    CHECK(tape_create(m, s, NULL, 0, why, sizeof why) == NULL);
    CHECK_STR_CONTAINS(why, "has changed");
    s->mission_hash ^= 1;
}

int main(void)
{
    Mission *m = load("first-light");
    CHECK(m != NULL);
    if (!m)
        return check_finish("test_tape");
    SaveData s = {0};
    played(m, 11, 400, &s);
    CHECK(s.action_count > 40);
    check_positions(m, &s, 7);
    check_positions(m, &s, 1);
    check_steps(m, &s);
    check_bookmarks(m, &s);
    check_refused(m, &s);
    save_data_free(&s);
    mission_destroy(m);
    return check_finish("test_tape");
}

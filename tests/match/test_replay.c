/* Replays (src/match/replay): a game of every bundled mission played by
 * the bot, saved, verifies to the same number of actions and the same
 * state digest as the game played; an action changed in the save is
 * refused with its number; a changed mission is refused; the digest tells
 * two states apart and is the same for the same state reached twice. */
#include "check.h"

#include "bot/bot.h"
#include "core/alloc.h"
#include "match/replay.h"
#include "mission/load.h"
#include "mission/mission.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static char catalogue[4096];

static Mission *load(const char *path)
{
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions opts = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return m;
}

/* The bot plays m (seed) for at most max actions; its save is parsed into s. */
static Game *played(const Mission *m, uint64_t seed, size_t max, SaveData *s)
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
    return g;
}

static void check_mission(const char *path)
{
    Mission *m = load(path);
    CHECK(m != NULL);
    if (!m)
        return;
    SaveData s = {0};
    Game *g = played(m, 11, 2000, &s);
    ReplayCheck rc;
    CHECK(replay_verify(m, &s, &rc));
    CHECK_INT(rc.actions, game_log_count(g));
    CHECK_INT(rc.failed, 0);
    CHECK_INT(rc.rounds, game_turn(g));
    CHECK(rc.status == game_status(g));
    uint8_t d[DIGEST_SIZE];
    replay_state_digest(g, d);
    CHECK(memcmp(d, rc.state, DIGEST_SIZE) == 0);
    printf("%s: actions=%zu rounds=%d outcome=%s\n", path, rc.actions, rc.rounds,
           replay_outcome_name(rc.status));
    /* an action changed: refused with its number, the state before it kept */
    if (s.action_count > 3) {
        size_t k = s.action_count / 2;
        s.actions[k].kind = ACTION_ATTACK;
        s.actions[k].target = s.actions[k].piece; /* a hero attacking itself */
        CHECK(!replay_verify(m, &s, &rc));
        CHECK_INT(rc.failed, k + 1);
        CHECK_INT(rc.actions, k);
        CHECK(rc.why[0] != '\0');
    }
    /* a changed mission: refused before any action */
    s.mission_hash ^= 1;
    CHECK(!replay_verify(m, &s, &rc));
    CHECK_STR_CONTAINS(rc.why, "has changed");
    save_data_free(&s);
    game_destroy(g);
    mission_destroy(m);
}

static void check_digest(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/missions/first-light/mission.xml", getenv("QUESTBOARD_DATA"));
    Mission *m = load(path);
    CHECK(m != NULL);
    if (!m)
        return;
    SaveData a = {0}, b = {0};
    Game *ga = played(m, 5, 12, &a), *gb = played(m, 5, 12, &b), *gc;
    SaveData c = {0};
    gc = played(m, 5, 13, &c);
    uint8_t da[DIGEST_SIZE], db[DIGEST_SIZE], dc[DIGEST_SIZE];
    replay_state_digest(ga, da);
    replay_state_digest(gb, db);
    replay_state_digest(gc, dc);
    CHECK(memcmp(da, db, DIGEST_SIZE) == 0);
    CHECK(memcmp(da, dc, DIGEST_SIZE) != 0);
    save_data_free(&a);
    save_data_free(&b);
    save_data_free(&c);
    game_destroy(ga);
    game_destroy(gb);
    game_destroy(gc);
    mission_destroy(m);
}

/* Checks every root/NAME/mission.xml; returns how many. */
static int check_folder(const char *root)
{
    DIR *d = opendir(root);
    CHECK(d != NULL);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s/mission.xml", root, e->d_name);
        FILE *f = e->d_name[0] != '.' ? fopen(path, "r") : NULL;
        if (!f)
            continue;
        fclose(f);
        check_mission(path);
        n++;
    }
    if (d)
        closedir(d);
    return n;
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", data);
    char root[4096];
    snprintf(root, sizeof root, "%s/missions", data);
    CHECK(check_folder(root) >= 5);
    snprintf(root, sizeof root, "%s/missions/campaigns/ashen-crown", data);
    CHECK_INT(check_folder(root), 5);
    check_digest();
    return check_finish("test_replay");
}

/* The simulator's games stay the same games: the bot plays every bundled
 * mission (the five missions and the campaign's five quests) from fixed
 * seeds, as --simulate plays them (bot_choose, game_apply), and a hash of
 * everything that happened (every action as its protocol command, every
 * event with its fields and text, the final status, round and dice
 * generator) must equal the value recorded from commit 5e4494e, before
 * the simulator was made faster (docs/benchmarks.md, "Simulation"). A
 * change to the rules or to the bot that changes games on purpose must
 * record the values again: QB_SIMGAMES_PRINT=1 prints them as C. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "bot/bot.h"
#include "mission/mission.h"
#include "rules/game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 6
/* A guard against a loop, far above any game's length. */
#define MAX_CHOICES 200000

static const char *const MISSIONS[] = {
    "missions/first-light/mission.xml",
    "missions/the-drowned-archive/mission.xml",
    "missions/bone-orchard/mission.xml",
    "missions/the-ember-hive/mission.xml",
    "missions/the-leaning-nave/mission.xml",
    "missions/campaigns/ashen-crown/1-toll-house/mission.xml",
    "missions/campaigns/ashen-crown/2-sunken-chapel/mission.xml",
    "missions/campaigns/ashen-crown/3-kel-durn/mission.xml",
    "missions/campaigns/ashen-crown/4-star-tower/mission.xml",
    "missions/campaigns/ashen-crown/5-ashen-throne/mission.xml",
};
#define MISSION_COUNT (sizeof MISSIONS / sizeof MISSIONS[0])

/* Recorded from 5e4494e: one hash per mission and seed 1..SEEDS. */
static const uint64_t EXPECTED[MISSION_COUNT][SEEDS] = {
    {0xb15b20063cb22c8eull, 0x8b050ff75488f336ull, 0x0be91a59f0ea6ac0ull, 0x70af6aa8d61cf8f4ull, 0xa9e44b166882acabull, 0xb104f4fddc84c26eull},
    {0x58756bd96a29b533ull, 0x7aaad9a39aacc4aaull, 0x785b8e52c4c15a76ull, 0x7ede84db7a2e4d9dull, 0x4d8e691d5402b67full, 0x040730c01035346eull},
    {0x0cd1a4c35302860bull, 0x6dcfaadf22a2d74bull, 0xae74fd3c1360ce8cull, 0x3a90cc5778aa3c71ull, 0x5a452f15ce511337ull, 0x6a38c03a8a7a6fe5ull},
    {0x5d2b15ee52281c21ull, 0x408edb73f2dc5c94ull, 0xe58956a6a37ed0adull, 0xaabb8ea6c3e3323full, 0x82331ae21854c3bfull, 0x071c90343d9f29ffull},
    {0xf14e341c0bf204cbull, 0x0f7f30da2c7fd963ull, 0xaadb3df4b11bd488ull, 0xc5deb5ba0354a9bdull, 0x3a6ed9017c0d747full, 0x029541983e785c93ull},
    {0xe19a9a0af526a7fcull, 0xa3712770bd80bb8cull, 0x45fec98a31ec6cd3ull, 0xb2fb69b45a012888ull, 0xc785ca96be77cee9ull, 0xe8d697b47e33e060ull},
    {0x5b11771f1515dcefull, 0xb446de9f9736bdcbull, 0xf9059a47fd8b0a69ull, 0x1b22e663ab85d760ull, 0x2e131e0e4b2c7a6dull, 0x00cc3d9b4145f1afull},
    {0x53ada2b86d08b450ull, 0xae846b9c051a069aull, 0x0e09e0cc3f6bdaf8ull, 0x01f7eb9853bc977bull, 0xc54e07846114aa8aull, 0x88263870650c158full},
    {0x0f7adbd01315b54eull, 0xbe2d7ed15eb06ad5ull, 0x93e1fbd74ce66777ull, 0x7828d81e2a63f23eull, 0x4dbe4cba09d189beull, 0x4f0d30617b36ff33ull},
    {0x9b792e4b21e9f9fcull, 0xf623bf272ea392a1ull, 0x499a9d52ea1bd031ull, 0x477d406ac728d83cull, 0xa98f75784ffa5dd0ull, 0x5ecf26904fb7feb0ull},
};

typedef struct Hash {
    uint64_t h;
} Hash;

static void hash_bytes(Hash *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h->h ^= b[i];
        h->h *= 1099511628211ull;
    }
}

static void hash_int(Hash *h, long long v)
{
    hash_bytes(h, &v, sizeof v);
}

static void hash_str(Hash *h, const char *s)
{
    hash_bytes(h, s, strlen(s) + 1);
}

static void hash_event(Hash *h, const GameEvent *e)
{
    hash_int(h, e->kind);
    hash_int(h, e->piece);
    hash_int(h, e->target);
    hash_int(h, e->from.x);
    hash_int(h, e->from.y);
    hash_int(h, e->to.x);
    hash_int(h, e->to.y);
    hash_int(h, e->value);
    hash_int(h, e->value2);
    hash_int(h, e->treasure);
    hash_int(h, e->item);
    for (int k = 0; k < e->dice_count && k < GAME_MAX_DICE; k++)
        hash_int(h, e->dice[k]);
    for (int k = 0; k < e->dice2_count && k < GAME_MAX_DICE; k++)
        hash_int(h, e->dice2[k]);
    hash_str(h, e->text);
}

/* One game as --simulate plays it; returns its hash and counts its
 * actions into *actions. */
static uint64_t play(const Mission *m, uint64_t seed, size_t *actions)
{
    char why[256] = "";
    Hash h = {14695981039346656037ull};
    Game *g = game_create(m, NULL, seed, why, sizeof why);
    CHECK(g != NULL);
    if (!g) {
        fprintf(stderr, "game_create: %s\n", why);
        return 0;
    }
    Bot *bot = bot_create(g);
    GameEvents ev;
    game_events_init(&ev);
    Action a;
    char cmd[256];
    for (int n = 0; n < MAX_CHOICES && bot_choose(bot, g, &a); n++) {
        game_events_clear(&ev);
        bot_command(g, &a, cmd, sizeof cmd);
        hash_str(&h, cmd);
        bool ok = game_apply(g, &a, &ev, why, sizeof why);
        hash_int(&h, ok);
        for (size_t i = 0; i < ev.count; i++)
            hash_event(&h, &ev.items[i]);
    }
    hash_int(&h, game_status(g));
    hash_int(&h, game_turn(g));
    hash_int(&h, (long long)game_rng_state(g));
    *actions = game_log_count(g);
    game_events_free(&ev);
    bot_destroy(bot);
    game_destroy(g);
    return h.h;
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root) {
        fprintf(stderr, "QUESTBOARD_DATA must be set\n");
        return 1;
    }
    bool print = getenv("QB_SIMGAMES_PRINT") != NULL;
    char catalogue[1024];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    MissionLoadOptions opts = {.catalogue_path = catalogue};
    if (print)
        printf("static const uint64_t EXPECTED[MISSION_COUNT][SEEDS] = {\n");
    for (size_t i = 0; i < MISSION_COUNT; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", root, MISSIONS[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &opts, &errs);
        errors_print(&errs, stderr);
        errors_clear(&errs);
        CHECK(m != NULL);
        if (!m)
            continue;
        if (print)
            printf("    {");
        for (int s = 0; s < SEEDS; s++) {
            size_t actions = 0;
            uint64_t got = play(m, (uint64_t)s + 1, &actions);
            CHECK(actions > 20); /* the bot played, not just looked */
            if (print)
                printf("0x%016" PRIx64 "ull%s", got, s + 1 < SEEDS ? ", " : "},\n");
            else if (got != EXPECTED[i][s])
                fprintf(stderr, "%s seed %d: game hash %016" PRIx64 ", recorded %016" PRIx64 "\n",
                        MISSIONS[i], s + 1, got, EXPECTED[i][s]);
            CHECK(print || got == EXPECTED[i][s]);
        }
        mission_destroy(m);
    }
    if (print)
        printf("};\n");
    return check_finish("simgames");
}

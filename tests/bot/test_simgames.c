/* The simulator's games stay the same games: the bot plays every bundled
 * mission (the five missions and the campaign's five quests) from fixed
 * seeds, as --simulate plays them (bot_choose, game_apply), and a hash of
 * everything that happened (every action as its protocol command, every
 * event with its fields and text, the final status, round and dice
 * generator) must equal the value recorded from main at 7e43ed3, before
 * the simulator was made faster (docs/benchmarks.md, "Simulation"); the
 * first values, from 5e4494e, changed with issue 25's rule fixes. A
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
    {0xf8fac0b2944628f0ull, 0x9ea4a5da13f08de0ull, 0xdb5c49e7b8e36af5ull, 0x5c72aaed0c321201ull, 0x8b4226ec4b2822caull, 0x4821d891da3df2fbull},
    {0xbb87755b8d16e054ull, 0xdb9e77389ca69982ull, 0xefa4837ca2ca30f2ull, 0x590703075474cdfbull, 0xa08fd76b1ec65de3ull, 0x5ee755442ca9bdf6ull},
    {0xf83e6930c5a37eb8ull, 0x960cb3c35c0a06ccull, 0x6f59eb40269bf15full, 0xfafceaaa31fa4a29ull, 0xc3b3c9cc879a6a03ull, 0x5bb5ec9f646278d8ull},
    {0xcc9692b0825a2d48ull, 0x50c009b938974075ull, 0xbd9f648677ed6af9ull, 0x13113878c2da0cd6ull, 0xb00539a91c875b20ull, 0x83ba1eaef3b04994ull},
    {0x513a03a4c48f10c9ull, 0x278b59acdd0f59efull, 0x72d55859d3e9e839ull, 0x1baf3ae4801e0b7bull, 0xa3ffa2ad4f53d48eull, 0x713317e6afc13324ull},
    {0x459a86e95dd185acull, 0x09fe518f78bd93eeull, 0x31c8435eb3bd84a8ull, 0x374f1a17c6a413e4ull, 0x9b505eb33445de75ull, 0x18581f32cc613165ull},
    {0xf71677381505ca11ull, 0x1ee978cd815d607cull, 0x9f80a5bcc25025e8ull, 0x87629ec3b80a5c33ull, 0x161f6137312645ddull, 0xecb183f5effc40b6ull},
    {0xc90909b2311a3576ull, 0xa4d26f0e565fb4b1ull, 0x2942bd5791022897ull, 0xfe75893aaf3ec850ull, 0x6ee6a6ec2fced405ull, 0x0d761f24b6764624ull},
    {0x11f6cd710e5122e2ull, 0xd213771d03a6e381ull, 0x4523f29a8bbc6186ull, 0x1e3847e3aaf85b90ull, 0x11108747c7f06321ull, 0x7cbb56a7eee9ebbfull},
    {0xdefc09509cf09127ull, 0x203a925eb3ac6f42ull, 0xb25af470218c024full, 0x9e2923a503efd0b8ull, 0x2ffa0845caef10aeull, 0xa51376edae718446ull},
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

static int words_differ;

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
    /* the line kept in parts (a window's translation) says the same in
     * English: every emitter's words are kept whole */
    char again[GAME_EVENT_TEXT];
    eventtext_render(&e->words, NULL, NULL, again, sizeof again);
    if (strcmp(again, e->text) != 0) {
        fprintf(stderr, "event words differ:\n  text:  %s\n  words: %s\n", e->text, again);
        words_differ++;
    }
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
    CHECK_INT(words_differ, 0);
    return check_finish("simgames");
}

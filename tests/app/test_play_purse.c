/* The heroes' gold in a campaign's quest (issue 25 item 7), headless: the
 * panel showed "0g" for every hero and the hero card had no purse, though
 * the briefing said Brak carries 17. The panel shows what each hero
 * brought into the quest plus what it finds; the card says the sum and
 * what the quest added. */
#include "play_util.h"

#include "gfx/layoutprobe.h"
#include "match/match.h"
#include "mission/campaign.h"
#include "rules/party.h"

#include <SDL_ttf.h>
#include <string.h>

/* True when the frame as drawn now holds a line containing text. */
static bool drawn(Play *p, const char *text)
{
    LayoutProbe probe = {0};
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    bool found = layoutprobe_find(&probe, text) != NULL;
    layoutprobe_free(&probe);
    return found;
}

/* The bundled campaign's party with gold of their own (Brak 17, the
 * others 40, 0 and 5), in its first quest. */
static void check_quest(const char *root, const char *catalogue)
{
    char path[4096], why[512] = "";
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(catalogue, &errs);
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml", root);
    Campaign *book = cat ? campaign_load(path, catalogue, cat, &errs) : NULL;
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(book != NULL);
    if (!book) {
        catalogue_destroy(cat);
        return;
    }
    static const char *const names[] = {"Brak", "Grum", "Lira", "Zoltan"};
    Party *fresh = party_create(book, cat, 4, names, 7, why, sizeof why);
    CHECK(fresh != NULL);
    PartyHero heroes[PARTY_MAX_HEROES];
    static const int gold[] = {17, 40, 0, 5};
    int n = fresh ? party_hero_count(fresh) : 0;
    for (int i = 0; i < n; i++) {
        heroes[i] = *party_hero(fresh, i);
        heroes[i].gold = gold[i];
    }
    Party *party = party_restore(book, cat, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, n, why, sizeof why);
    party_destroy(fresh);
    CHECK(party != NULL);
    Mission *m = load_mission(catalogue, book->dir, book->missions[0].rel);
    Match *match = NULL;
    if (party && m) {
        MatchConfig c = {.mission = m, .flags = MATCH_CHRONICLE | MATCH_LOG};
        match = match_create_quest(&c, party, book->path, why, sizeof why);
        if (!match)
            fprintf(stderr, "purse: %s\n", why);
    }
    CHECK(match != NULL);
    if (match) {
        PlayOptions po = {.anim_factor = 0};
        Play *p = play_create_with_match(match, &po, W, H);
        const Game *g = play_game(p);
        /* every hero of the quest shows its own gold, not 0g */
        for (int k = 0; k < game_setup(g)->hero_count; k++) {
            const PartyHero *h = party_hero(party, match_party_hero(match, k));
            char want[32];
            snprintf(want, sizeof want, "  %dg", h->gold + game_piece(g, k)->gold);
            if (!drawn(p, want))
                fprintf(stderr, "purse: %s's line does not say '%s'\n", h->name, want);
            CHECK(drawn(p, want));
        }
        /* Brak's card: what he brought and what he found */
        double x, y;
        play_square_centre(p, game_piece(g, 0)->pos, &x, &y);
        motion(p, x, y);
        char want[96];
        const PartyHero *brak = party_hero(party, match_party_hero(match, 0));
        snprintf(want, sizeof want, "Gold: %d (+0 this quest)", brak->gold);
        CHECK(brak->gold == 17);
        CHECK(drawn(p, want));
        play_destroy(p);
    }
    mission_destroy(m);
    party_destroy(party);
    campaign_destroy(book);
    catalogue_destroy(cat);
}

/* A mission alone: the card says the gold found. */
static void check_mission(const char *root, const char *catalogue)
{
    Mission *m = load_mission(catalogue, root, "missions/first-light/mission.xml");
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 0};
    Play *p = play_create(m, NULL, 3, &po, W, H);
    const Game *g = play_game(p);
    double x, y;
    play_square_centre(p, game_piece(g, 0)->pos, &x, &y);
    motion(p, x, y);
    CHECK(drawn(p, "Gold: 0 found"));
    CHECK(drawn(p, "  0g"));
    play_destroy(p);
    mission_destroy(m);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA"), *data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    char catalogue[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    CHECK(play_util_init(W, H, root, data));
    if (renderer) {
        check_quest(root, catalogue);
        check_mission(root, catalogue);
    }
    play_util_finish();
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return check_finish("play_purse");
}

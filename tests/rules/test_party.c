/* The campaign's party: starting kits and gold, the armoury (buy, sell at
 * half price, wearing, giving gold only when the campaign allows it),
 * setting up a quest, settling it (gold found, rewards, carry-over,
 * thrown weapons coming back, the fallen losing everything and being
 * replaced), the book moving on or retrying, and the campaign save. */
#include "mission_builder.h"

#include "mission/campaign.h"
#include "rules/party.h"
#include "rules/party_save.h"
#include "rules/save.h"

#include <inttypes.h>

static char catalogue_path[1024];
static Catalogue *bundled;
static Campaign *book;    /* the bundled campaign: gold may not be given */
static Campaign *fixture; /* tests/data/missions/campaign-good.xml: it may */

static int item(const char *id)
{
    int i = catalogue_find_item(bundled, id);
    CHECK(i >= 0);
    return i;
}

static bool carries(const PartyHero *h, const char *id, bool worn)
{
    for (int i = 0; i < h->kit.count; i++)
        if (h->kit.items[i].item == item(id) && h->kit.items[i].worn == worn)
            return true;
    return false;
}

static Campaign *load_campaign(const char *path)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Campaign *c = campaign_load(path, catalogue_path, bundled, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(c != NULL);
    return c;
}

/* A party of the bundled campaign's four heroes with some gold each. */
static Party *rich_party(const Campaign *c, int gold)
{
    char why[256] = "";
    Party *fresh = party_create(c, bundled, 0, NULL, 7, why, sizeof why);
    PartyHero heroes[PARTY_MAX_HEROES];
    int n = party_hero_count(fresh);
    for (int i = 0; i < n; i++) {
        heroes[i] = *party_hero(fresh, i);
        heroes[i].gold = gold;
    }
    Party *p = party_restore(c, bundled, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, n, why, sizeof why);
    CHECK(p != NULL);
    party_destroy(fresh);
    return p;
}

static void test_create(void)
{
    char why[256] = "";
    const char *names[] = {"Brak", NULL, "", "Mirel"};
    Party *p = party_create(book, bundled, 0, names, 42, why, sizeof why);
    CHECK(p != NULL);
    CHECK_INT(party_hero_count(p), 4);
    CHECK_INT(party_stage(p), PARTY_BETWEEN);
    CHECK_INT(party_step(p), 0);
    CHECK_STR_CONTAINS(party_hero(p, 0)->name, "Brak");
    CHECK_STR_CONTAINS(party_hero(p, 1)->name, "Dwarf");
    CHECK_STR_CONTAINS(party_hero(p, 2)->name, "Elf");
    CHECK_STR_CONTAINS(party_hero(p, 3)->name, "Mirel");
    CHECK(carries(party_hero(p, 0), "broadsword", false));
    CHECK(carries(party_hero(p, 3), "dagger", false));
    CHECK_INT(party_hero(p, 0)->gold, 0);
    CHECK_INT(party_hero(p, 2)->player, 2);
    CHECK_INT(party_find_hero(p, "wizard"), 3);
    CHECK_INT(party_find_hero(p, "Brak"), 0);
    CHECK_INT(party_find_hero(p, "1"), 1);
    CHECK_INT(party_find_hero(p, "7"), -1);
    CHECK(party_quest_seed(p) != 0 && party_report(p) == NULL);
    /* the fixture: two heroes with its starting gold */
    Party *q = party_create(fixture, bundled, 0, NULL, 1, why, sizeof why);
    CHECK_INT(party_hero_count(q), 2);
    CHECK_INT(party_hero(q, 1)->gold, 25);
    party_destroy(q);
    party_destroy(p);
    party_destroy(NULL);
}

static void test_armoury(void)
{
    char why[256] = "";
    Party *p = rich_party(book, 1000);
    CHECK_INT(party_price(p, item("helmet")), 125);
    CHECK_INT(party_sell_price(p, item("helmet")), 62);
    CHECK_INT(party_sell_price(p, item("dagger")), 12);
    CHECK_INT(party_price(p, item("wraithbane")), -1);
    CHECK_INT(party_sell_price(p, item("wraithbane")), -1);
    /* buying: gold, worn armour, a second helmet only carried */
    CHECK(party_buy(p, 0, item("helmet"), why, sizeof why));
    CHECK_INT(party_hero(p, 0)->gold, 875);
    CHECK(carries(party_hero(p, 0), "helmet", true));
    CHECK(party_buy(p, 0, item("helmet"), why, sizeof why));
    CHECK(carries(party_hero(p, 0), "helmet", false));
    CHECK(!party_buy(p, 0, item("plate_armour"), why, sizeof why)); /* 750 left */
    CHECK_INT(party_hero(p, 0)->gold, 750);
    party_destroy(p);

    p = rich_party(book, 1000);
    CHECK(!party_buy(p, 3, item("helmet"), why, sizeof why)); /* the Wizard */
    CHECK_STR_CONTAINS(why, "may not use");
    CHECK(!party_buy(p, 0, item("wraithbane"), why, sizeof why));
    CHECK_STR_CONTAINS(why, "does not sell");
    CHECK(party_buy(p, 0, item("plate_armour"), why, sizeof why));
    CHECK(!party_buy(p, 0, item("plate_armour"), why, sizeof why)); /* 150 left */
    CHECK_STR_CONTAINS(why, "costs 850 gold; Barbarian has 150");
    CHECK_INT(party_hero(p, 0)->gold, 150);
    /* selling: half price, the artifact refused, not carried refused */
    CHECK(party_sell(p, 0, item("plate_armour"), why, sizeof why));
    CHECK_INT(party_hero(p, 0)->gold, 150 + 425);
    CHECK(!party_sell(p, 0, item("plate_armour"), why, sizeof why));
    CHECK_STR_CONTAINS(why, "does not carry");
    CHECK(party_sell(p, 0, item("broadsword"), why, sizeof why));
    CHECK_INT(party_hero(p, 0)->gold, 575 + 125);
    CHECK_INT(party_hero(p, 0)->kit.count, 0);
    /* wearing: one per slot; weapons are not worn */
    CHECK(party_buy(p, 1, item("chain_mail"), why, sizeof why));
    CHECK(party_buy(p, 1, item("shield"), why, sizeof why));
    CHECK(carries(party_hero(p, 1), "chain_mail", true) && carries(party_hero(p, 1), "shield", true));
    CHECK(party_wear(p, 1, item("shield"), false, why, sizeof why));
    CHECK(carries(party_hero(p, 1), "shield", false));
    CHECK(!party_wear(p, 1, item("shortsword"), true, why, sizeof why));
    CHECK_STR_CONTAINS(why, "not worn");
    /* gold stays with its hero in the bundled campaign */
    CHECK(!party_give(p, 0, 1, 10, why, sizeof why));
    CHECK_STR_CONTAINS(why, "keep their own gold");
    CHECK(party_name(p, 2, "Ilwen Swift", 1, why, sizeof why));
    CHECK_STR_CONTAINS(party_hero(p, 2)->name, "Ilwen Swift");
    CHECK(!party_name(p, 2, "", 1, why, sizeof why));
    /* the armoury is closed during a quest */
    CHECK(party_begin_quest(p, why, sizeof why));
    CHECK(!party_buy(p, 0, item("dagger"), why, sizeof why));
    CHECK_STR_CONTAINS(why, "between quests");
    CHECK(!party_begin_quest(p, why, sizeof why));
    party_destroy(p);

    p = rich_party(fixture, 100);
    CHECK(party_give(p, 0, 1, 60, why, sizeof why));
    CHECK(party_hero(p, 0)->gold == 40 && party_hero(p, 1)->gold == 160);
    CHECK(!party_give(p, 0, 1, 41, why, sizeof why));
    CHECK(!party_buy(p, 1, item("shield"), why, sizeof why)); /* not in its armoury */
    CHECK(party_buy(p, 1, item("helmet"), why, sizeof why));
    CHECK_INT(party_hero(p, 1)->gold, 35);
    party_destroy(p);
}

/* A quest built in code with the bundled items: an orc boss whose death
 * earns an artifact and gold, found gold, an escape. */
static Mission *quest(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa"};
    Mission *m = tm_create(rows, 2);
    Catalogue *test = m->catalogue;
    m->catalogue = catalogue_clone(bundled);
    catalogue_put(m->catalogue, catalogue_find(test, "titan"));
    tm_type(m->catalogue, "straw", PIECE_MONSTER, 0, 0, 0, 1, PIECE_BLOCKS_MOVE, 1, 1);
    catalogue_destroy(test);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "wizard", 0, 1);
    tm_hero(m, "dwarf", 5, 1);
    tm_monster(m, "boss", "straw", 1, 0);
    tm_monster(m, "", "titan", 5, 0);
    tm_objective(m, OBJECTIVE_KILL, "boss", 0, 0);
    MissionObjective *o = &m->objectives[0];
    o->reward_count = 2;
    snprintf(o->rewards[0].item, sizeof o->rewards[0].item, "wraithbane");
    o->rewards[1].gold = 15;
    return m;
}

static void test_settle(void)
{
    char why[256] = "";
    Party *p = party_create(book, bundled, 0, NULL, 3, why, sizeof why);
    Mission *m = quest();
    GameSetup s;
    int hero_of[GAME_MAX_HEROES];
    CHECK(party_setup(p, m, &s, hero_of, why, sizeof why));
    /* the elf has no place in this quest: three take part */
    CHECK_INT(s.hero_count, 3);
    CHECK(hero_of[0] == 0 && hero_of[1] == 1 && hero_of[2] == 3); /* party order */
    CHECK(s.has_kits && s.kits[0].items[0].item == item("broadsword"));
    CHECK(!party_settle(p, NULL, hero_of, why, sizeof why));
    CHECK(party_begin_quest(p, why, sizeof why));
    /* play until the boss falls to the barbarian; the titan kills the dwarf */
    Game *g = NULL;
    for (uint64_t seed = 1; seed < 60; seed++) {
        game_destroy(g);
        g = game_create(m, &s, seed, why, sizeof why);
        CHECK(g != NULL);
        Action a = {ACTION_ATTACK, 0, 3, {0, 0}, -1, 0}; /* the boss: piece 3 */
        if (game_apply(g, &a, NULL, why, sizeof why) && game_status(g) == GAME_STATUS_VICTORY)
            break;
    }
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    CHECK(party_settle(p, g, hero_of, why, sizeof why));
    const PartyReport *r = party_report(p);
    CHECK(r && r->status == GAME_STATUS_VICTORY && r->step == 0);
    /* victory: 30 (the campaign's first quest) + 15 gold each; the artifact
     * to the barbarian who killed the boss */
    CHECK_INT(party_hero(p, 0)->gold, 45);
    CHECK_INT(party_hero(p, 3)->gold, 45);
    CHECK_INT(party_hero(p, 2)->gold, 0); /* did not take part */
    CHECK(carries(party_hero(p, 0), "wraithbane", false));
    CHECK(r->heroes[0].items_gained_count == 1 && r->heroes[0].items_gained[0] == item("wraithbane"));
    CHECK(!r->heroes[2].took_part);
    CHECK_INT(party_hero(p, 0)->quests, 1);
    CHECK_INT(party_stage(p), PARTY_BETWEEN);
    CHECK_INT(party_step(p), 1);
    CHECK_INT(party_result(p, 0), PARTY_WON);
    CHECK(r->line_count >= 2);
    game_destroy(g);
    party_destroy(p);
    tm_destroy(m);
}

/* Death: a fallen hero loses what it carried and a new one of its type
 * joins at the next quest; a lost quest is played again (retry). */
static void test_death(void)
{
    static const char *const rows[] = {"aaaa"};
    char why[256] = "";
    Party *p = rich_party(book, 300);
    CHECK(party_buy(p, 3, item("staff"), why, sizeof why));
    Mission *m = tm_create(rows, 1);
    Catalogue *test = m->catalogue;
    m->catalogue = catalogue_clone(bundled);
    catalogue_put(m->catalogue, catalogue_find(test, "titan"));
    catalogue_destroy(test);
    tm_hero(m, "wizard", 0, 0);
    tm_monster(m, "boss", "titan", 1, 0);
    tm_objective(m, OBJECTIVE_KILL, "boss", 0, 0);
    GameSetup s;
    int hero_of[GAME_MAX_HEROES];
    CHECK(party_setup(p, m, &s, hero_of, why, sizeof why));
    CHECK(party_begin_quest(p, why, sizeof why));
    Game *g = game_create(m, &s, 5, why, sizeof why);
    for (int i = 0; i < 20 && game_status(g) == GAME_STATUS_PLAYING; i++)
        tm_do(g, ACTION_END, 0, -1, 0, 0, NULL);
    CHECK_INT(game_status(g), GAME_STATUS_DEFEAT);
    CHECK(party_settle(p, g, hero_of, why, sizeof why));
    /* the wizard fell in the monsters' phase: the round after it, already
     * counted by game_turn, was not played (issue 25 item 8: the end panel
     * said 6 rounds, the campaign's report 7) */
    CHECK_INT(party_report(p)->turns, game_turn(g) - 1);
    CHECK_INT(party_report(p)->turns, game_rounds_played(g));
    const PartyHero *w = party_hero(p, 3);
    CHECK(w->fallen && w->gold == 0 && w->kit.count == 0);
    CHECK(party_report(p)->heroes[3].died && party_report(p)->heroes[3].items_lost == 2);
    CHECK_INT(party_hero(p, 0)->gold, 300); /* the others kept theirs */
    CHECK_INT(party_result(p, 0), PARTY_LOST);
    CHECK_INT(party_step(p), 0); /* the first quest is played again */
    CHECK_INT(party_attempt(p), 1);
    CHECK(party_report(p)->retry);
    uint64_t seed1 = party_quest_seed(p);
    CHECK(party_begin_quest(p, why, sizeof why));
    w = party_hero(p, 3);
    CHECK(!w->fallen && w->generation == 1 && w->player == 3);
    CHECK_STR_CONTAINS(w->name, "Wizard 2");
    CHECK(carries(w, "dagger", false));
    CHECK_INT(party_quest_seed(p), seed1);
    game_destroy(g);
    party_destroy(p);
    tm_destroy(m);
}

/* The save text with its "quest N" line saying N + 1 and the checksum made
 * right again, so that only the count is wrong. */
static char *quest_line_plus_one(const char *text, size_t *size)
{
    const char *q = strstr(text, "\nquest ") + 1;
    size_t lines = strtoul(q + 6, NULL, 10);
    char *out = xmalloc(*size + 64, 1);
    int k = snprintf(out, *size + 64, "%.*squest %zu%s", (int)(q - text), text, lines + 1,
                     strchr(q, '\n'));
    const char *last = out + k - 1;
    while (last > out && last[-1] != '\n')
        last--;
    size_t body = (size_t)(last - out);
    *size = body + (size_t)snprintf(out + body, 64, "checksum %016" PRIx64 "\n",
                                    save_checksum(out, body));
    return out;
}

/* The campaign save: the same party back; a changed byte or campaign is
 * refused; a quest under way comes back with its game save, which
 * replays to the same game. */
static void test_save(void)
{
    char why[256] = "", err[256] = "";
    Party *p = rich_party(book, 200);
    CHECK(party_buy(p, 0, item("helmet"), why, sizeof why));
    CHECK(party_name(p, 1, "Old Grum%", 2, why, sizeof why));
    size_t size;
    char *text = party_save_format(p, "/x/campaign.xml", NULL, 0, &size);
    CHECK(party_save_is_campaign(text, size));
    CHECK_STR_CONTAINS(text, "kit broadsword,helmet*\n");
    CHECK_STR_CONTAINS(text, "Old%20Grum%25");
    char *path;
    uint64_t hash;
    CHECK(party_save_head(text, size, &path, &hash, err, sizeof err));
    CHECK_STR_CONTAINS(path, "/x/campaign.xml");
    CHECK(hash == book->hash);
    free(path);
    char *game_text;
    size_t game_size;
    Party *q = party_save_parse(text, size, book, bundled, &game_text, &game_size, err, sizeof err);
    CHECK(q != NULL && game_text == NULL);
    if (q) {
        size_t size2;
        char *again = party_save_format(q, "/x/campaign.xml", NULL, 0, &size2);
        CHECK(size2 == size && memcmp(again, text, size) == 0);
        free(again);
        CHECK_STR_CONTAINS(party_hero(q, 1)->name, "Old Grum%");
    }
    party_destroy(q);
    /* one changed byte (more gold) is refused, and so is another campaign */
    char *bad = xmalloc(size + 1, 1);
    memcpy(bad, text, size + 1);
    *strstr(bad, " 75 ") = '9';
    CHECK(party_save_parse(bad, size, book, bundled, &game_text, &game_size, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "checksum mismatch");
    CHECK(party_save_parse(text, size, fixture, bundled, &game_text, &game_size, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "has changed since the party was saved");
    CHECK(party_save_parse(text, size - 5, book, bundled, &game_text, &game_size, err, sizeof err) == NULL);
    free(bad);
    free(text);

    /* mid-quest */
    Mission *m = quest();
    GameSetup s;
    int hero_of[GAME_MAX_HEROES];
    CHECK(party_setup(p, m, &s, hero_of, why, sizeof why));
    CHECK(party_begin_quest(p, why, sizeof why));
    Game *g = game_create(m, &s, party_quest_seed(p), why, sizeof why);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    size_t gsize;
    char *gtext = save_format(g, "quest.xml", &gsize);
    text = party_save_format(p, "/x/campaign.xml", gtext, gsize, &size);
    CHECK_STR_CONTAINS(text, "book 0 0 quest\n");
    q = party_save_parse(text, size, book, bundled, &game_text, &game_size, err, sizeof err);
    CHECK(q != NULL && game_text != NULL);
    if (q && game_text) {
        CHECK(game_size == gsize && memcmp(game_text, gtext, gsize) == 0);
        CHECK_INT(party_stage(q), PARTY_IN_QUEST);
        SaveData d;
        CHECK(save_parse(game_text, game_size, &d, err, sizeof err));
        Game *r = save_replay(m, &d, err, sizeof err);
        CHECK(r && game_rng_state(r) == game_rng_state(g));
        CHECK(r && game_piece(r, 0)->item_count == 2);
        game_destroy(r);
        save_data_free(&d);
    }
    free(game_text);
    party_destroy(q);
    /* a quest line counting the checksum line among the game save's lines
     * is refused with a reason (fuzz_party: it was refused with none) */
    char *over = quest_line_plus_one(text, &size);
    CHECK(party_save_parse(over, size, book, bundled, &game_text, &game_size, err, sizeof err) ==
          NULL);
    CHECK(game_text == NULL);
    CHECK_STR_CONTAINS(err, "runs over the checksum line");
    free(over);
    free(text);
    free(gtext);
    game_destroy(g);
    tm_destroy(m);
    party_destroy(p);
}

/* The game calls a hero by its party name in its events, its refusals
 * and its save (a save keeps it), a hero still named after its type by
 * the type's name; a name that is not one line is refused. */
static void test_names(void)
{
    char why[256] = "", err[256] = "";
    const char *names[] = {"Brak the Bold", NULL, NULL, "Mirel"};
    Party *p = party_create(book, bundled, 0, names, 5, why, sizeof why);
    Mission *m = quest();
    GameSetup s;
    int hero_of[GAME_MAX_HEROES];
    CHECK(party_setup(p, m, &s, hero_of, why, sizeof why));
    CHECK_STR_CONTAINS(s.names[0], "Brak the Bold");
    CHECK_INT(s.names[1][0], 0); /* the dwarf is still "Dwarf": the type's name */
    CHECK_STR_CONTAINS(s.names[2], "Mirel");
    Game *g = game_create(m, &s, 9, why, sizeof why);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_STR_CONTAINS(game_piece_name(g, 0), "Brak the Bold");
    CHECK(game_piece_named(g, 0) && !game_piece_named(g, 1) && !game_piece_named(g, 3));
    CHECK_STR_CONTAINS(game_piece_name(g, 1), "Dwarf"); /* party order: piece 1 is the dwarf */
    CHECK_STR_CONTAINS(game_piece_name(g, 3), "straw");
    GameEvents ev;
    game_events_init(&ev);
    Action a = {ACTION_ATTACK, 0, 3, {0, 0}, -1, 0};
    CHECK(game_apply(g, &a, &ev, why, sizeof why));
    CHECK(ev.count > 0 && strncmp(ev.items[0].text, "Brak the Bold attacks straw", 27) == 0);
    Action far = {ACTION_ATTACK, 0, 4, {0, 0}, -1, 0}; /* the titan is out of reach */
    game_events_clear(&ev);
    game_destroy(g);
    s.names[2][0] = '\0';
    snprintf(s.names[1], sizeof s.names[1], "Mirel");
    g = game_create(m, &s, 9, why, sizeof why);
    CHECK(g && !game_apply(g, &far, &ev, why, sizeof why));
    CHECK_STR_CONTAINS(why, "Brak the Bold");
    /* the save keeps the names; the replay calls the heroes the same */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    size_t size;
    char *text = save_format(g, "quest.xml", &size);
    CHECK_STR_CONTAINS(text, "\nname 0 Brak the Bold\nname 1 Mirel\nactions ");
    CHECK(strstr(text, "name 2") == NULL);
    SaveData d;
    CHECK(save_parse(text, size, &d, err, sizeof err));
    Game *r = save_replay(m, &d, err, sizeof err);
    CHECK(r && strcmp(game_piece_name(r, 1), "Mirel") == 0 && !game_piece_named(r, 2));
    game_destroy(r);
    save_data_free(&d);
    /* a name line with no name, or one naming a hero twice, is refused */
    static const char *const bad[] = {"name 0 Brak the Bold\n", "name 1 Mirel\n"};
    static const char *const worse[] = {"name 0 \n", "name 0 Mirel\n"};
    for (int i = 0; i < 2; i++) {
        char *t = xmalloc(size + 64, 1);
        const char *at = strstr(text, bad[i]);
        size_t head = (size_t)(at - text);
        int n = snprintf(t, size + 64, "%.*s%s%s", (int)head, text, worse[i], at + strlen(bad[i]));
        /* a fresh checksum: the name line itself is what must be refused */
        char *sum = strstr(t, "checksum ");
        snprintf(sum, 40, "checksum %016" PRIx64 "\n", save_checksum(t, (size_t)(sum - t)));
        CHECK(!save_parse(t, strlen(t), &d, err, sizeof err));
        CHECK_STR_CONTAINS(err, "expected 'name HERO TEXT'");
        save_data_free(&d);
        (void)n;
        free(t);
    }
    free(text);
    game_destroy(g);
    /* a name is one line */
    snprintf(s.names[0], sizeof s.names[0], "Brak\nthe Bold");
    CHECK(game_create(m, &s, 9, why, sizeof why) == NULL);
    CHECK_STR_CONTAINS(why, "hero 0's name");
    game_events_free(&ev);
    tm_destroy(m);
    party_destroy(p);
}

int main(void)
{
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    ErrorList errs;
    errors_init(&errs, 0);
    bundled = catalogue_load(catalogue_path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(bundled != NULL);
    if (!bundled)
        return check_finish("party");
    (void)tm_game;
    char path[1024];
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml",
             getenv("QUESTBOARD_DATA"));
    book = load_campaign(path);
    snprintf(path, sizeof path, "%s/missions/campaign-good.xml", getenv("TEST_DATA"));
    fixture = load_campaign(path);
    if (book && fixture) {
        test_create();
        test_names();
        test_armoury();
        test_settle();
        test_death();
        test_save();
    }
    campaign_destroy(book);
    campaign_destroy(fixture);
    catalogue_destroy(bundled);
    return check_finish("party");
}

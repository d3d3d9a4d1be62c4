/* The book simulation (issue 25 item 16): the shopping policy on a party
 * with gold (tests/data/missions/campaign-shop.xml: the better weapon,
 * then armour for an empty slot, then two healing potions; never the
 * crossbow, the shield beside a two-handed axe, nor plate armour), and
 * whole books of the bundled campaign: every party accounted for, each
 * quest's games add up, what a party carries into a quest comes from the
 * quests before (a fresh party brings nothing), and the report is the
 * same on 1 and 2 threads; a party that cannot win a quest it must
 * play again gives up. */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include "check.h"

#include "bot/booksim.h"
#include "mission/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[4096];

typedef struct Book {
    Catalogue *cat;
    Campaign *c;
    Mission **missions;
} Book;

static bool book_load(Book *b, const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", getenv("QUESTBOARD_DATA"), rel);
    ErrorList errs;
    errors_init(&errs, 0);
    memset(b, 0, sizeof *b);
    b->cat = catalogue_load(catalogue_path, &errs);
    b->c = b->cat ? campaign_load(path, catalogue_path, b->cat, &errs) : NULL;
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = b->cat};
    b->missions = b->c ? calloc(b->c->mission_count, sizeof *b->missions) : NULL;
    bool ok = b->c != NULL;
    for (size_t i = 0; ok && i < b->c->mission_count; i++)
        ok = (b->missions[i] = mission_load(b->c->missions[i].path, &opts, &errs)) != NULL;
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(ok);
    return ok;
}

static void book_free(Book *b)
{
    for (size_t i = 0; b->c && i < b->c->mission_count; i++)
        mission_destroy(b->missions[i]);
    free(b->missions);
    campaign_destroy(b->c);
    catalogue_destroy(b->cat);
}

/* How many of item id hero i carries, and how many of them it wears. */
static int carries(const Party *p, int i, const char *id, int *worn)
{
    const PartyHero *h = party_hero(p, i);
    int item = catalogue_find_item(party_catalogue(p), id), n = 0;
    *worn = 0;
    for (int k = 0; k < h->kit.count; k++)
        if (h->kit.items[k].item == item) {
            n++;
            *worn += h->kit.items[k].worn;
        }
    return n;
}

static void test_shopping(void)
{
    Book b;
    if (!book_load(&b, "tests/data/missions/campaign-shop.xml"))
        return;
    char why[256];
    Party *p = party_create(b.c, b.cat, 0, NULL, 1, why, sizeof why);
    CHECK(p != NULL);
    if (p) {
        /* each hero: the battle axe (450), the helmet (125; chain mail is
         * dearer, plate slows, no shield beside the axe), two potions (50
         * each): 4 items, 325 gold left each */
        CHECK_INT(booksim_shop(p), 8);
        for (int i = 0; i < 2; i++) {
            int worn;
            CHECK_INT(carries(p, i, "battle_axe", &worn), 1);
            CHECK_INT(carries(p, i, "helmet", &worn), 1);
            CHECK_INT(worn, 1);
            CHECK_INT(carries(p, i, "healing_potion", &worn), 2);
            CHECK_INT(carries(p, i, "crossbow", &worn), 0);
            CHECK_INT(carries(p, i, "shield", &worn), 0);
            CHECK_INT(carries(p, i, "plate_armour", &worn), 0);
            CHECK_INT(carries(p, i, "chain_mail", &worn), 0);
            CHECK_INT(party_hero(p, i)->gold, 325);
        }
        CHECK_INT(booksim_shop(p), 0); /* nothing more it wants and can pay */
    }
    party_destroy(p);
    /* the fixture's book: two short errands, both won by every party,
     * the first reward (40 each) carried into the second, where nothing
     * more is bought (chain mail is dearer than what they hold) */
    BookSimOptions o = {3, 1, 1, 0};
    BookSimReport *r = booksim_run(b.c, b.cat, (const Mission *const *)b.missions, &o, why, sizeof why);
    CHECK(r != NULL);
    if (r) {
        CHECK_INT(booksim_finished(r), 3);
        CHECK_INT(booksim_won(r, 0), 3);
        CHECK_INT(booksim_won(r, 1), 3);
        CHECK(booksim_gold_at_start(r, 0) == 3 * 2 * 325); /* after shopping */
        /* the reward, and gold the treasure deck gave when they searched */
        CHECK(booksim_gold_at_start(r, 1) >= 3 * 2 * (325 + 40));
        CHECK(booksim_bought_before(r, 1) == 3 * 8);
    }
    booksim_destroy(r);
    book_free(&b);
}

static char *text_of(const BookSimReport *r, bool json)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (json)
        booksim_print_json(r, -1, out);
    else
        booksim_print_text(r, -1, out);
    fclose(out);
    return buf;
}

static void test_ashen_crown(void)
{
    Book b;
    if (!book_load(&b, "missions/campaigns/ashen-crown/campaign.xml"))
        return;
    char why[256];
    BookSimOptions one = {4, 1, 1, 0}, two = {4, 1, 2, 0};
    BookSimReport *r = booksim_run(b.c, b.cat, (const Mission *const *)b.missions, &one, why, sizeof why);
    BookSimReport *r2 = booksim_run(b.c, b.cat, (const Mission *const *)b.missions, &two, why, sizeof why);
    CHECK(r && r2);
    if (r && r2) {
        CHECK_INT(booksim_finished(r) + booksim_gave_up(r) + booksim_unfinished(r), 4);
        CHECK_INT(booksim_reached(r, 0), 4);
        CHECK_INT(booksim_gold_at_start(r, 0), 0); /* a new party: no gold */
        for (int k = 0; k < (int)b.c->mission_count; k++) {
            int lost = 0;
            for (int d = 0; d < GAME_DEFEAT_COUNT; d++)
                lost += booksim_lost_by(r, k, (GameDefeat)d);
            CHECK(booksim_played(r, k) >= booksim_reached(r, k));
            CHECK(booksim_won(r, k) + lost <= booksim_played(r, k));
        }
        /* the parties that won the first quest come to the second with its
         * reward (30 gold each) less what they bought with it */
        CHECK(booksim_reached(r, 1) > 0);
        CHECK(booksim_gold_at_start(r, 1) + booksim_bought_before(r, 1) > 0);
        char *a = text_of(r, false), *a2 = text_of(r2, false), *j = text_of(r, true);
        CHECK(strcmp(a, a2) == 0);
        CHECK_STR_CONTAINS(a, "The Ashen Crown (ashen-crown): 4 parties, seeds 1-4");
        CHECK_STR_CONTAINS(a, "quest 5 5-ashen-throne/mission.xml: reached by ");
        CHECK_STR_CONTAINS(j, "\"parties\": 4");
        CHECK_STR_CONTAINS(j, "\"lost_by\": {\"party_killed\": ");
        CHECK_STR_CONTAINS(j, "\"gold_at_start\": ");
        free(a);
        free(a2);
        free(j);
    }
    booksim_destroy(r);
    booksim_destroy(r2);
    book_free(&b);
}

/* campaign-good.xml's first quest cannot be won and is played again
 * after a loss: each party gives up after four quests per quest of the
 * book and never reaches the second. */
static void test_give_up(void)
{
    Book b;
    if (!book_load(&b, "tests/data/missions/campaign-good.xml"))
        return;
    char why[256];
    BookSimOptions o = {2, 1, 1, 0};
    BookSimReport *r = booksim_run(b.c, b.cat, (const Mission *const *)b.missions, &o, why, sizeof why);
    CHECK(r != NULL);
    if (r) {
        CHECK_INT(booksim_gave_up(r), 2);
        CHECK_INT(booksim_finished(r), 0);
        CHECK_INT(booksim_reached(r, 0), 2);
        CHECK_INT(booksim_played(r, 0), 2 * BOOKSIM_QUESTS_PER_STEP * 2);
        CHECK_INT(booksim_lost_by(r, 0, GAME_DEFEAT_TURN_LIMIT), booksim_played(r, 0));
        CHECK_INT(booksim_reached(r, 1), 0);
    }
    booksim_destroy(r);
    book_free(&b);
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA"))
        return 2;
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    test_shopping();
    test_ashen_crown();
    test_give_up();
    return check_finish("booksim");
}

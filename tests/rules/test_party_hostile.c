/* Campaign saves edited by hand, and purses at their limit (issue 26
 * items 2-5). A hostile-input campaign found, with the checksum made
 * right again: four Barbarians accepted (then `next` silently dropped
 * three), one artifact on two heroes, gold 4294967396 read as 100 (%d
 * wrapped), a Wizard wearing a broadsword and two helmets (refused only at
 * `next`), hero names holding a newline (a forged protocol answer), an ESC
 * or invalid UTF-8; and a hero at 2,147,483,647 gold who was given 5 more
 * went negative and wrote a save the game then refused. Each case here is
 * a save the game wrote, changed one line at a time, its checksum made
 * right again: refused with the reason at the hero's line. */
#include "mission_builder.h"

#include "mission/campaign.h"
#include "rules/party.h"
#include "rules/party_check.h"
#include "rules/party_save.h"
#include "rules/save.h"

#include <inttypes.h>
#include <limits.h>

static Catalogue *cat;
static Campaign *book;    /* the bundled campaign: four heroes, no giving */
static Campaign *giving;  /* tests/data/missions/campaign-good.xml: two heroes, giving */

static Campaign *load_campaign(const char *path, const char *cat_path)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Campaign *c = campaign_load(path, cat_path, cat, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(c != NULL);
    return c;
}

/* A party of campaign c whose heroes have gold each. */
static Party *party_with_gold(const Campaign *c, int gold)
{
    char why[256] = "";
    Party *fresh = party_create(c, cat, 0, NULL, 7, why, sizeof why);
    PartyHero heroes[PARTY_MAX_HEROES];
    int n = party_hero_count(fresh);
    for (int i = 0; i < n; i++) {
        heroes[i] = *party_hero(fresh, i);
        heroes[i].gold = gold;
    }
    Party *p = party_restore(c, cat, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, n, why, sizeof why);
    CHECK(p != NULL);
    party_destroy(fresh);
    return p;
}

/* text with its line starting `prefix` replaced by `line` (no newline)
 * and the checksum made right again. A new string. */
static char *edit(const char *text, const char *prefix, const char *line, size_t *size)
{
    size_t cap = strlen(text) + strlen(line) + 64;
    char *out = xmalloc(cap, 1);
    const char *at = strstr(text, prefix);
    CHECK(at != NULL);
    if (!at)
        at = text;
    const char *rest = strchr(at, '\n');
    int k = snprintf(out, cap, "%.*s%s%s", (int)(at - text), text, line, rest ? rest : "\n");
    char *sum = strstr(out, "checksum ");
    size_t body = (size_t)(sum - out);
    *size = body + (size_t)snprintf(sum, 64, "checksum %016" PRIx64 "\n", save_checksum(out, body));
    (void)k;
    return out;
}

/* Parses text against c: NULL expected, and the reason holding `why`. */
static void refused(const Campaign *c, const char *text, size_t size, const char *why)
{
    char err[512] = "", *game = NULL;
    size_t game_size = 0;
    Party *p = party_save_parse(text, size, c, cat, &game, &game_size, err, sizeof err);
    CHECK(p == NULL && game == NULL);
    CHECK_STR_CONTAINS(err, why);
    party_destroy(p);
    free(game);
}

static bool parses(const Campaign *c, const char *text, size_t size)
{
    char err[512] = "", *game = NULL;
    size_t game_size = 0;
    Party *p = party_save_parse(text, size, c, cat, &game, &game_size, err, sizeof err);
    if (!p)
        fprintf(stderr, "refused: %s\n", err);
    party_destroy(p);
    free(game);
    return p != NULL;
}

static char *save_of(const Party *p, size_t *size)
{
    return party_save_format(p, "/x/campaign.xml", NULL, 0, size);
}

/* Lines 7-14 of the bundled party's save are its four heroes and kits:
 * barbarian, dwarf, elf, wizard (line 5: the book). */
static void test_hand_edited(void)
{
    Party *p = party_with_gold(book, 100);
    size_t size, n;
    char *text = save_of(p, &size), *t;
    CHECK(parses(book, text, size));
    CHECK_STR_CONTAINS(text, "\nhero barbarian 0 100 0 0 0 Barbarian\n");

    /* four Barbarians: the party has one hero of each type */
    t = edit(text, "hero dwarf ", "hero barbarian 1 100 0 0 0 Dwarf", &n);
    char *t2 = edit(t, "kit shortsword", "kit broadsword", &n); /* the dwarf's kit, fit for it */
    refused(book, t2, n, "line 9: two heroes are of type 'barbarian' (Barbarian and Dwarf)");
    free(t);
    free(t2);
    /* gold past int: "%d" read 4294967396 as 100 */
    t = edit(text, "hero barbarian ", "hero barbarian 0 4294967396 0 0 0 Barbarian", &n);
    refused(book, t, n, "line 7: expected 'hero TYPE PLAYER GOLD");
    free(t);
    t = edit(text, "hero barbarian ", "hero barbarian 0 2147483647 0 0 0 Barbarian", &n);
    refused(book, t, n, "gold 0-10000000");
    free(t);
    t = edit(text, "hero barbarian ", "hero barbarian 0 +100 0 0 0 Barbarian", &n);
    refused(book, t, n, "line 7: expected 'hero");
    free(t);
    t = edit(text, "hero barbarian ", "hero barbarian 0 100 4294967297 0 0 Barbarian", &n);
    refused(book, t, n, "line 7: expected 'hero");
    free(t);
    t = edit(text, "book ", "book 0 4294967296 between", &n);
    refused(book, t, n, "line 5: expected 'book STEP ATTEMPT STAGE'");
    free(t);

    /* one artifact on two heroes */
    t = edit(text, "kit broadsword", "kit broadsword,wraithbane", &n);
    t2 = edit(t, "kit shortsword", "kit shortsword,wraithbane", &n);
    CHECK(parses(book, t, strlen(t)));
    refused(book, t2, n, "line 9: the Wraithbane is an artifact: there is one, not one for "
                         "Barbarian and one for Dwarf");
    free(t);
    free(t2);
    t = edit(text, "kit broadsword", "kit broadsword,wraithbane,wraithbane", &n);
    refused(book, t, n, "not one for Barbarian and one for Barbarian");
    free(t);

    /* a Wizard wearing a broadsword, two helmets, plate armour */
    t = edit(text, "kit dagger", "kit dagger,broadsword*", &n);
    refused(book, t, n, "line 13: Wizard's kit: Broadsword is not worn");
    free(t);
    t = edit(text, "kit broadsword", "kit broadsword,helmet*,helmet*", &n);
    refused(book, t, n, "line 7: Barbarian's kit: two head items worn");
    free(t);
    t = edit(text, "kit dagger", "kit dagger,plate_armour*", &n);
    refused(book, t, n, "line 13: Wizard wears the Plate Armour, which a Wizard may not wear");
    free(t);
    /* carried, not worn, is the game's own doing (a reward nobody may use) */
    t = edit(text, "kit dagger", "kit dagger,plate_armour", &n);
    CHECK(parses(book, t, n));
    free(t);
    free(text);
    party_destroy(p);
}

/* Names from a save follow the rule of every hero name (game_name_ok):
 * they reach the protocol's answers, stdout and the window's log. */
static void test_names(void)
{
    Party *p = party_with_gold(book, 0);
    size_t size, n;
    char *text = save_of(p, &size), *t;
    static const char *const bad[] = {
        "Brak%0A=%20forged",  /* a newline: a forged protocol answer */
        "Brak%1B[31m",        /* ESC: terminal escapes */
        "Brak%FF",            /* not UTF-8 */
        "Brak%C0%AF",         /* an overlong '/' */
        "Brak%C2%9B",         /* C1 control (CSI) */
        "Brak%7F",            /* DEL */
        "%ED%A0%80",          /* a surrogate */
        "Brak%00",            /* NUL: refused by the escape already */
        "ABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGH", /* 48 bytes: one too many */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char line[256];
        snprintf(line, sizeof line, "hero barbarian 0 0 0 0 0 %s", bad[i]);
        t = edit(text, "hero barbarian ", line, &n);
        refused(book, t, n, "line 7: ");
        free(t);
    }
    /* good names: UTF-8, spaces and '%' escaped */
    t = edit(text, "hero barbarian ", "hero barbarian 0 0 0 0 0 Br%C3%A5k%20%E2%80%94%20%25", &n);
    CHECK(parses(book, t, n));
    free(t);
    /* party_name keeps the same rule */
    char why[256];
    CHECK(!party_name(p, 0, "Brak\x1b[31m", 0, why, sizeof why));
    CHECK(!party_name(p, 0, "Brak\xff", 0, why, sizeof why));
    CHECK(!party_name(p, 0, "Brak\xc2\x85", 0, why, sizeof why)); /* NEL */
    CHECK(party_name(p, 0, "Br\xc3\xa5k", 0, why, sizeof why));
    CHECK(!game_name_ok("") && !game_name_ok("a\tb") && game_name_ok("a b"));
    free(text);
    party_destroy(p);
}

/* A purse holds 0 to GAME_MAX_GOLD: selling and giving past it are
 * refused, finds and rewards past it are lost; whatever the party does,
 * its save parses again. */
static void test_purse(void)
{
    char why[256];
    Party *p = party_with_gold(giving, GAME_MAX_GOLD - 10);
    int sword = catalogue_find_item(cat, "broadsword");
    CHECK(!party_sell(p, 0, sword, why, sizeof why)); /* 125 more would not fit */
    CHECK_STR_CONTAINS(why, "purse is full");
    CHECK_INT(party_hero(p, 0)->gold, GAME_MAX_GOLD - 10);
    CHECK(!party_give(p, 1, 0, 11, why, sizeof why));
    CHECK_STR_CONTAINS(why, "holds at most 10000000 gold");
    CHECK(party_give(p, 1, 0, 10, why, sizeof why));
    CHECK_INT(party_hero(p, 0)->gold, GAME_MAX_GOLD);
    size_t size;
    char *text = save_of(p, &size);
    CHECK(parses(giving, text, size));
    free(text);
    party_destroy(p);
    /* a party past the limit is not restored */
    Party *fresh = party_create(giving, cat, 0, NULL, 7, why, sizeof why);
    PartyHero heroes[PARTY_MAX_HEROES];
    for (int i = 0; i < party_hero_count(fresh); i++)
        heroes[i] = *party_hero(fresh, i);
    heroes[0].gold = INT_MAX;
    CHECK(party_restore(giving, cat, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, 2, why, sizeof why) ==
          NULL);
    CHECK_STR_CONTAINS(why, "a purse holds 0 to 10000000");
    heroes[0].gold = 0;
    heroes[1] = heroes[0]; /* two Barbarians */
    CHECK(party_restore(giving, cat, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, 2, why, sizeof why) ==
          NULL);
    CHECK_STR_CONTAINS(why, "two heroes are of type 'barbarian'");
    party_destroy(fresh);
}

/* The game save's numbers are strict too, and its names follow the same
 * rule: "%d" wrapped 4294967297 heroes to 1, and a name of invalid UTF-8
 * was accepted. */
static void test_game_save(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 0);
    GameSetup setup = {0};
    setup.hero_count = 2;
    setup.heroes[1] = 1;
    snprintf(setup.names[0], sizeof setup.names[0], "Brak");
    char why[256];
    Game *g = game_create(m, &setup, 3, why, sizeof why);
    CHECK(g != NULL);
    if (!g) {
        tm_destroy(m);
        return;
    }
    size_t size, n;
    char *text = save_format(g, "quest.xml", &size), *t;
    SaveData d;
    char err[256];
    CHECK(save_parse(text, size, &d, err, sizeof err));
    save_data_free(&d);
    static const char *const lines[][2] = {
        {"heroes ", "heroes 4294967298 0 1"}, {"heroes ", "heroes 2 0 4294967297"},
        {"heroes ", "heroes 2 0  1"},         {"heroes ", "heroes 2 0 +1"},
        {"name 0", "name 0 Brak\xff"},       {"name 0", "name 0 Brak\x1b[2J"},
        {"name 0", "name 4294967296 Brak"},   {"actions ", "actions 18446744073709551616"},
        {"mission-hash ", "mission-hash 1ffffffffffffffff"},
        {"questboard-save ", "questboard-save 4294967297"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        t = edit(text, lines[i][0], lines[i][1], &n);
        CHECK(!save_parse(t, n, &d, err, sizeof err));
        if (!err[0])
            fprintf(stderr, "accepted: %s\n", lines[i][1]);
        save_data_free(&d);
        free(t);
    }
    free(text);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    char cat_path[1024], path[1024];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    ErrorList errs;
    errors_init(&errs, 0);
    cat = catalogue_load(cat_path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(cat != NULL);
    if (!cat)
        return check_finish("party_hostile");
    (void)tm_game;
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml",
             getenv("QUESTBOARD_DATA"));
    book = load_campaign(path, cat_path);
    snprintf(path, sizeof path, "%s/missions/campaign-good.xml", getenv("TEST_DATA"));
    giving = load_campaign(path, cat_path);
    if (book && giving) {
        test_hand_edited();
        test_names();
        test_purse();
    }
    test_game_save();
    campaign_destroy(book);
    campaign_destroy(giving);
    catalogue_destroy(cat);
    return check_finish("party_hostile");
}

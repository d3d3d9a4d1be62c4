/* Campaign files: the bundled campaign loads with its five quests, each
 * of which loads and fits the campaign, and says its name and intro in
 * German; a fixture uses every element;
 * every kind of bad campaign is refused with its file and line. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/i18n.h"
#include "mission/campaign.h"
#include "mission/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];
static Catalogue *cat;

static const char *data(const char *rel)
{
    static char buf[2][1024];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s", getenv("QUESTBOARD_DATA"), rel);
    return buf[k];
}

static const char *fixture(const char *name)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/missions/%s", getenv("TEST_DATA"), name);
    return buf;
}

static Campaign *load(const char *path, ErrorList *errs)
{
    errors_init(errs, 0);
    return campaign_load(path, catalogue_path, cat, errs);
}

static void test_bundled(void)
{
    ErrorList errs;
    Campaign *c = load(data("missions/campaigns/ashen-crown/campaign.xml"), &errs);
    errors_print(&errs, stderr);
    CHECK(c != NULL);
    if (!c)
        return;
    CHECK_STR_CONTAINS(c->id, "ashen-crown");
    CHECK_STR_CONTAINS(c->name, "The Ashen Crown");
    CHECK(strlen(c->intro) > 100);
    /* its name and intro in German, the untagged ones in English */
    i18n_set_language("de");
    CHECK_STR_CONTAINS(campaign_lang_text(c, CAMPAIGN_TR_NAME), "Die Aschenkrone");
    CHECK_STR_CONTAINS(campaign_lang_text(c, CAMPAIGN_TR_INTRO), "Vor vierzig Jahren fiel der Aschenturm");
    i18n_set_language("en");
    CHECK_STR_CONTAINS(campaign_lang_text(c, CAMPAIGN_TR_NAME), "The Ashen Crown");
    CHECK_STR_CONTAINS(campaign_lang_text(c, CAMPAIGN_TR_INTRO), "Forty years ago");
    i18n_set_language("");
    CHECK(!c->give_gold);
    CHECK_INT(c->starting_gold, 0);
    CHECK_INT(c->hero_count, 4);
    CHECK_STR_CONTAINS(c->heroes[0], "barbarian");
    CHECK_INT(c->mission_count, 5);
    static const int gold[] = {30, 60, 80, 100, 200};
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = cat};
    for (size_t i = 0; i < c->mission_count && i < 5; i++) {
        CHECK_INT(c->missions[i].gold, gold[i]);
        CHECK_INT(c->missions[i].on_failure, i == 3 ? CAMPAIGN_CONTINUE : CAMPAIGN_RETRY);
        Mission *m = mission_load(c->missions[i].path, &opts, &errs);
        errors_print(&errs, stderr);
        CHECK(m != NULL);
        if (!m)
            continue;
        /* real, varied quests: a briefing, objectives, a reward each */
        CHECK(strlen(m->briefing) > 200);
        CHECK(m->objective_count >= 2);
        int rewards = 0;
        for (size_t k = 0; k < m->objective_count; k++)
            rewards += m->objectives[k].reward_count;
        CHECK(rewards >= 1);
        CHECK(campaign_check_mission(c, m, &errs));
        CHECK_INT(m->hero_count, 4);
        mission_destroy(m);
    }
    /* no <armoury>: what the catalogue prices, never an artifact */
    CHECK_INT(c->offer_count, 14);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "crossbow")), 350);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "plate_armour")), 850);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "wraithbane")), -1);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "healing_potion")), -1);
    CHECK(campaign_has_hero(c, "wizard") && !campaign_has_hero(c, "orc"));
    CHECK_STR_CONTAINS(campaign_failure_name(CAMPAIGN_CONTINUE), "continue");
    errors_clear(&errs);
    campaign_destroy(c);
    campaign_destroy(NULL);
}

static void test_fixture(void)
{
    ErrorList errs;
    Campaign *c = load(fixture("campaign-good.xml"), &errs);
    errors_print(&errs, stderr);
    CHECK(c != NULL);
    if (!c)
        return;
    CHECK(c->give_gold);
    CHECK_INT(c->starting_gold, 25);
    CHECK_INT(c->hero_count, 2);
    CHECK_STR_CONTAINS(c->heroes[1], "elf");
    CHECK_INT(c->offer_count, 2);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "crossbow")), 300);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "helmet")), 125);
    CHECK_INT(campaign_price(c, catalogue_find_item(cat, "shield")), -1);
    CHECK_INT(c->mission_count, 2);
    CHECK_INT(c->missions[0].gold, 40);
    CHECK_INT(c->missions[1].gold, 0);
    CHECK_INT(c->missions[1].on_failure, CAMPAIGN_CONTINUE);
    CHECK_STR_CONTAINS(c->missions[1].path, "/good.xml");
    CHECK_STR_CONTAINS(c->missions[1].rel, "./good.xml");
    errors_clear(&errs);
    campaign_destroy(c);
}

typedef struct BadCase {
    const char *file;
    int line;
    const char *message;
} BadCase;

static void test_bad(void)
{
    static const BadCase cases[] = {
        {"campaign-bad-missing.xml", 5, "mission 'nowhere.xml' not found"},
        {"campaign-bad-escape.xml", 5, "may not use '..': it must stay inside the campaign's folder"},
        {"campaign-bad-symlink.xml", 5, "leads outside the campaign's folder"},
        /* gold, prices and starting gold are 0 to 100000 in the schema
         * (Amount): 2147483647 starting gold overflowed a purse */
        {"campaign-bad-gold.xml", 5, "attribute gold=\"-10\" is out of range: it takes a whole number from 0 to 100000"},
        {"campaign-bad-item.xml", 6, "armoury: unknown item 'excalibur'"},
        /* did you mean: an armoury item, a mission path's folder and file */
        {"campaign-bad-typo-item.xml", 6, "armoury: unknown item 'broadswrod': did you mean 'broadsword'?"},
        {"campaign-bad-typo-path.xml", 5, "not found (looked for "},
        {"campaign-bad-typo-path.xml", 5, ": did you mean 'analysis/clean.xml'?"},
        {"campaign-bad-price.xml", 6, "attribute price=\"-5\" is out of range"},
        {"campaign-bad-nouser.xml", 6, "armoury: no hero of this campaign may use 'broadsword'"},
        {"campaign-bad-artifact.xml", 6, "armoury: 'wraithbane' is an artifact"},
        /* translations (issue 27): each with its language, once a language */
        {"campaign-bad-lang.xml", 5, "<name> in <translations> has no xml:lang"},
        {"campaign-bad-lang-twice.xml", 6, "a second <name> in 'DE' (the first is on line 5)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[1024], where[1100];
        snprintf(path, sizeof path, "%s", fixture(cases[i].file));
        snprintf(where, sizeof where, "%s:%d: ", path, cases[i].line);
        ErrorList errs;
        Campaign *c = load(path, &errs);
        CHECK(c == NULL);
        const char *first = errs.count ? errs.items[0] : NULL;
        CHECK_STR_CONTAINS(first, where);
        CHECK_STR_CONTAINS(first, cases[i].message);
        campaign_destroy(c);
        errors_clear(&errs);
    }
    /* The campaign file loads; its mission does not fit it. */
    ErrorList errs;
    Campaign *c = load(fixture("campaign-bad-reward.xml"), &errs);
    CHECK(c != NULL);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = cat};
    Mission *m = c ? mission_load(c->missions[0].path, &opts, &errs) : NULL;
    CHECK(m != NULL);
    if (m) {
        CHECK(!campaign_check_mission(c, m, &errs));
        CHECK_INT(errs.count, 2);
        CHECK_STR_CONTAINS(errs.count > 0 ? errs.items[0] : NULL,
                           "places none of the campaign's heroes (wizard)");
        CHECK_STR_CONTAINS(errs.count > 1 ? errs.items[1] : NULL,
                           "reward: no hero of the campaign may use 'wraithbane'");
    }
    mission_destroy(m);
    campaign_destroy(c);
    errors_clear(&errs);
    /* Not a campaign at all: a mission file is refused by the schema. */
    c = load(fixture("good.xml"), &errs);
    CHECK(c == NULL && errs.count >= 1);
    campaign_destroy(c);
    errors_clear(&errs);
}

int main(void)
{
    snprintf(catalogue_path, sizeof catalogue_path, "%s", data("assets/pieces.xml"));
    ErrorList errs;
    errors_init(&errs, 0);
    cat = catalogue_load(catalogue_path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(cat != NULL);
    if (cat) {
        test_bundled();
        test_fixture();
        test_bad();
    }
    catalogue_destroy(cat);
    return check_finish("campaign");
}

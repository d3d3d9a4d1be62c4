/* The piece catalogue: assets/pieces.xml loads with the HeroQuest figures,
 * the treasure deck, clones are independent, and bad catalogues are
 * refused with file and line. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "mission/catalogue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *asset(const char *name)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/assets/%s", getenv("QUESTBOARD_DATA"), name);
    return buf;
}

static void check_figures(const Catalogue *cat, const char *id, PieceKind kind, int move,
                          int attack, int defend, int body, int mind)
{
    const PieceType *t = catalogue_find(cat, id);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_INT(t->kind, kind);
    if (kind == PIECE_HERO)
        CHECK_INT(t->move_dice, 2);
    else
        CHECK_INT(t->move, move);
    CHECK_INT(t->attack, attack);
    CHECK_INT(t->defend, defend);
    CHECK_INT(t->body, body);
    CHECK_INT(t->mind, mind);
    CHECK_INT(t->width, 1);
    CHECK_INT(t->height, 1);
    CHECK(t->sprite[0] != '\0');
}

static void test_figures(const Catalogue *cat)
{
    check_figures(cat, "barbarian", PIECE_HERO, 0, 3, 2, 8, 2);
    check_figures(cat, "dwarf", PIECE_HERO, 0, 2, 2, 7, 3);
    check_figures(cat, "elf", PIECE_HERO, 0, 2, 2, 6, 4);
    check_figures(cat, "wizard", PIECE_HERO, 0, 1, 2, 4, 6);
    check_figures(cat, "goblin", PIECE_MONSTER, 10, 2, 1, 1, 1);
    check_figures(cat, "orc", PIECE_MONSTER, 8, 3, 2, 1, 2);
    check_figures(cat, "fimir", PIECE_MONSTER, 6, 3, 3, 2, 3);
    check_figures(cat, "skeleton", PIECE_MONSTER, 6, 2, 2, 1, 0);
    check_figures(cat, "zombie", PIECE_MONSTER, 5, 2, 3, 1, 0);
    check_figures(cat, "mummy", PIECE_MONSTER, 4, 3, 4, 2, 0);
    check_figures(cat, "chaos_warrior", PIECE_MONSTER, 7, 4, 4, 3, 3);
    check_figures(cat, "gargoyle", PIECE_MONSTER, 6, 4, 5, 3, 4);
    CHECK_STR_CONTAINS(catalogue_find(cat, "chaos_warrior")->sprite, "pieces/chaos_warrior");
    CHECK(catalogue_find(cat, "zombie")->flags & PIECE_UNDEAD);
    CHECK(!(catalogue_find(cat, "orc")->flags & PIECE_UNDEAD));
}

static void test_furniture(const Catalogue *cat)
{
    static const struct {
        const char *id;
        int w, h;
    } sizes[] = {{"table", 3, 2},    {"chest", 1, 1},          {"bookcase", 3, 1},
                 {"cupboard", 3, 1}, {"throne", 1, 1},         {"tomb", 3, 2},
                 {"weapons_rack", 3, 1}, {"alchemist_bench", 3, 2}, {"sorcerer_table", 3, 2},
                 {"fireplace", 3, 1}, {"stairway", 2, 2}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const PieceType *t = catalogue_find(cat, sizes[i].id);
        CHECK(t != NULL);
        if (!t)
            continue;
        CHECK_INT(t->kind, PIECE_FURNITURE);
        CHECK_INT(t->width, sizes[i].w);
        CHECK_INT(t->height, sizes[i].h);
        CHECK(!(t->flags & PIECE_BLOCKS_SIGHT));
        CHECK_STR_CONTAINS(t->sprite, "furniture/");
    }
    const PieceType *stairs = catalogue_find(cat, "stairway");
    CHECK(stairs->flags & PIECE_EXIT);
    CHECK(!(stairs->flags & PIECE_BLOCKS_MOVE));
    CHECK(catalogue_find(cat, "chest")->flags & PIECE_SEARCHABLE);
    CHECK(catalogue_find(cat, "tomb")->flags & PIECE_BLOCKS_MOVE);
    CHECK_INT(catalogue_count(cat), 23);
}

static void test_deck(const Catalogue *cat)
{
    size_t n = 0;
    const TreasureCard *deck = catalogue_treasure_deck(cat, &n);
    CHECK_INT(n, 25);
    int kinds[TREASURE_KIND_COUNT] = {0};
    for (size_t i = 0; i < n; i++)
        kinds[deck[i].kind]++;
    CHECK_INT(kinds[TREASURE_WANDERING_MONSTER], 5);
    CHECK(kinds[TREASURE_GOLD] > 0 && kinds[TREASURE_POTION] > 0 && kinds[TREASURE_HAZARD] > 0);
    for (size_t i = 0; i < n; i++)
        if (deck[i].kind == TREASURE_WANDERING_MONSTER || deck[i].kind == TREASURE_HAZARD)
            CHECK(deck[i].returns);
}

/* The twelve spells in four elements; the Wizard casts three, the Elf one. */
static void test_spells(const Catalogue *cat)
{
    CHECK_INT(catalogue_spell_count(cat), 12);
    int flame = catalogue_find_spell(cat, "ball_of_flame");
    CHECK(flame >= 0);
    const SpellType *s = catalogue_spell_at(cat, (size_t)flame);
    CHECK(s && s->effect == SPELL_DAMAGE && s->targets_monster && s->amount == 2 && s->dice == 2);
    CHECK(s && strcmp(s->element, "fire") == 0 && s->text[0]);
    CHECK(catalogue_find_spell(cat, "fireball") < 0);
    CHECK(catalogue_spell_at(cat, 12) == NULL);
    const PieceType *wizard = catalogue_find(cat, "wizard"), *elf = catalogue_find(cat, "elf");
    int wizard_spells = 0, elf_spells = 0;
    for (size_t i = 0; i < catalogue_spell_count(cat); i++) {
        wizard_spells += catalogue_hero_casts(wizard, catalogue_spell_at(cat, i)->element);
        elf_spells += catalogue_hero_casts(elf, catalogue_spell_at(cat, i)->element);
    }
    CHECK_INT(wizard_spells, 9);
    CHECK_INT(elf_spells, 3);
    CHECK(!catalogue_hero_casts(catalogue_find(cat, "barbarian"), "fire"));
    CHECK(!catalogue_hero_casts(wizard, "fir"));
    Catalogue *c = catalogue_clone(cat);
    CHECK_INT(catalogue_spell_count(c), 12);
    catalogue_destroy(c);
}

static const ItemType *item(const Catalogue *cat, const char *id)
{
    int i = catalogue_find_item(cat, id);
    CHECK(i >= 0);
    return catalogue_item_at(cat, i >= 0 ? (size_t)i : 0);
}

/* The armoury of RULES.md 10 (US prices and effects), potions, the tool
 * kit and the artifacts; who may use what; the heroes' starting kits. */
static void test_items(const Catalogue *cat)
{
    static const struct {
        const char *id;
        int price, attack;
        unsigned flags;
    } weapons[] = {
        {"battle_axe", 450, 4, ITEM_TWO_HANDED}, {"broadsword", 250, 3, 0},
        {"crossbow", 350, 3, ITEM_RANGED},       {"shortsword", 150, 2, 0},
        {"spear", 150, 2, ITEM_DIAGONAL | ITEM_THROWN},
        {"hand_axe", 200, 2, ITEM_THROWN},
        {"staff", 100, 1, ITEM_DIAGONAL | ITEM_TWO_HANDED},
        {"longsword", 350, 3, ITEM_DIAGONAL},    {"dagger", 25, 1, ITEM_THROWN},
    };
    for (size_t i = 0; i < sizeof weapons / sizeof weapons[0]; i++) {
        const ItemType *w = item(cat, weapons[i].id);
        CHECK_INT(w->kind, ITEM_WEAPON);
        CHECK_INT(w->price, weapons[i].price);
        CHECK_INT(w->attack, weapons[i].attack);
        CHECK_INT(w->flags, weapons[i].flags);
        CHECK_INT(w->slot, ITEM_SLOT_NONE);
        CHECK_STR_CONTAINS(w->sprite, "items/");
        CHECK(w->text[0] != '\0');
    }
    static const struct {
        const char *id;
        ItemSlot slot;
        int price, defend, move_dice;
    } armour[] = {
        {"chain_mail", ITEM_SLOT_BODY, 450, 1, 0}, {"plate_armour", ITEM_SLOT_BODY, 850, 2, 1},
        {"helmet", ITEM_SLOT_HEAD, 125, 1, 0},     {"shield", ITEM_SLOT_SHIELD, 150, 1, 0},
    };
    for (size_t i = 0; i < sizeof armour / sizeof armour[0]; i++) {
        const ItemType *a = item(cat, armour[i].id);
        CHECK_INT(a->kind, ITEM_ARMOUR);
        CHECK_INT(a->slot, armour[i].slot);
        CHECK_INT(a->price, armour[i].price);
        CHECK_INT(a->defend, armour[i].defend);
        CHECK_INT(a->move_dice, armour[i].move_dice);
    }
    const ItemType *kit = item(cat, "tool_kit");
    CHECK(kit->kind == ITEM_TOOL && (kit->flags & ITEM_DISARMS) && kit->price == 250);
    CHECK_INT(kit->disarm, DISARM_FAILS_ON_SKULL); /* US: a skull springs the trap */
    CHECK_INT(item(cat, "healing_potion")->kind, ITEM_POTION);
    /* US: 1 die of body points; EU: 4 */
    CHECK_INT(item(cat, "healing_potion")->heal, 0);
    CHECK_INT(item(cat, "healing_potion")->heal_dice, 1);
    CHECK_INT(item(cat, "healing_potion")->eu_heal, 4);
    CHECK_INT(catalogue_find(cat, "dwarf")->disarm, DISARM_FAILS_ON_BLACK);
    CHECK_INT(catalogue_find(cat, "barbarian")->disarm, DISARM_NONE);
    /* The deck's potions are kept as items. */
    size_t cards;
    const TreasureCard *deck = catalogue_treasure_deck(cat, &cards);
    int potion_cards = 0;
    for (size_t i = 0; i < cards; i++)
        if (deck[i].kind == TREASURE_POTION) {
            potion_cards++;
            CHECK(catalogue_find_item(cat, deck[i].item) >= 0);
        }
    CHECK(potion_cards >= 2);

    /* The Wizard: no armour, few weapons. */
    const PieceType *wizard = catalogue_find(cat, "wizard"), *dwarf = catalogue_find(cat, "dwarf");
    CHECK(catalogue_item_usable(item(cat, "dagger"), wizard));
    CHECK(catalogue_item_usable(item(cat, "staff"), wizard));
    CHECK(catalogue_item_usable(item(cat, "tool_kit"), wizard));
    static const char *const not_wizard[] = {"broadsword", "battle_axe", "crossbow", "helmet",
                                             "shield", "chain_mail", "plate_armour"};
    for (size_t i = 0; i < sizeof not_wizard / sizeof not_wizard[0]; i++) {
        CHECK(!catalogue_item_usable(item(cat, not_wizard[i]), wizard));
        CHECK(catalogue_item_usable(item(cat, not_wizard[i]), dwarf));
    }
    CHECK(!catalogue_item_usable(item(cat, "dagger"), catalogue_find(cat, "orc")));

    /* Artifacts: not for sale, bonus dice against their foes. */
    const ItemType *bane = item(cat, "wraithbane");
    CHECK((bane->flags & ITEM_ARTIFACT) && bane->price == 0 && bane->bonus > 0);
    CHECK(catalogue_item_against(bane, catalogue_find(cat, "zombie")));
    CHECK(!catalogue_item_against(bane, catalogue_find(cat, "orc")));
    CHECK(catalogue_item_against(item(cat, "tuskcleaver"), catalogue_find(cat, "goblin")));
    CHECK(!catalogue_item_against(item(cat, "broadsword"), catalogue_find(cat, "goblin")));
    /* ...in words for the armoury (issue 25 item 12: "+1 against orc goblin") */
    char words[200];
    catalogue_item_against_words(cat, item(cat, "tuskcleaver"), words, sizeof words);
    CHECK(strcmp(words, "orcs and goblins") == 0);
    catalogue_item_against_words(cat, bane, words, sizeof words);
    CHECK(strcmp(words, "the undead") == 0);
    catalogue_item_against_words(cat, item(cat, "broadsword"), words, sizeof words);
    CHECK(words[0] == '\0');
    int n_artifacts = 0;
    for (size_t i = 0; i < catalogue_item_count(cat); i++)
        n_artifacts += (catalogue_item_at(cat, i)->flags & ITEM_ARTIFACT) != 0;
    CHECK(n_artifacts >= 4);

    /* Starting kits match the heroes' attack figures. */
    static const struct {
        const char *hero, *weapon;
    } kits[] = {{"barbarian", "broadsword"}, {"dwarf", "shortsword"}, {"elf", "shortsword"},
                {"wizard", "dagger"}};
    for (size_t i = 0; i < sizeof kits / sizeof kits[0]; i++) {
        const PieceType *h = catalogue_find(cat, kits[i].hero);
        int got[4];
        CHECK_INT(catalogue_hero_kit(cat, h, got, 4), 1);
        CHECK_INT(got[0], catalogue_find_item(cat, kits[i].weapon));
        CHECK_INT(catalogue_item_at(cat, (size_t)got[0])->attack, h->attack);
    }
    CHECK(catalogue_find_item(cat, "excalibur") < 0);
    CHECK(catalogue_item_at(cat, catalogue_item_count(cat)) == NULL);
    CHECK_STR_CONTAINS(catalogue_item_slot_name(ITEM_SLOT_SHIELD), "shield");
    CHECK_STR_CONTAINS(catalogue_item_kind_name(ITEM_ARMOUR), "armour");
    Catalogue *c = catalogue_clone(cat);
    CHECK_INT(catalogue_item_count(c), catalogue_item_count(cat));
    CHECK_INT(catalogue_find_item(c, "crossbow"), catalogue_find_item(cat, "crossbow"));
    catalogue_destroy(c);
}

/* A mission's own types go into a clone; the shared catalogue is untouched. */
static void test_clone(const Catalogue *cat)
{
    Catalogue *c = catalogue_clone(cat);
    PieceType boss = *catalogue_find(cat, "orc");
    snprintf(boss.id, sizeof boss.id, "orc");
    boss.body = 5;
    catalogue_put(c, &boss);
    CHECK_INT(catalogue_find(c, "orc")->body, 5);
    CHECK_INT(catalogue_find(cat, "orc")->body, 1);
    CHECK_INT(catalogue_count(c), catalogue_count(cat));
    size_t n1, n2;
    catalogue_treasure_deck(c, &n1);
    catalogue_treasure_deck(cat, &n2);
    CHECK_INT(n1, n2);
    catalogue_destroy(c);
    catalogue_destroy(NULL);
    CHECK_STR_CONTAINS(catalogue_kind_name(PIECE_FURNITURE), "furniture");
}

/* A broken catalogue names its file and line. */
static void test_bad(void)
{
    char dir[] = "/tmp/qb-catalogue-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256], cmd[600];
    char xsd[512];
    snprintf(xsd, sizeof xsd, "%s", asset("pieces.xsd"));
    snprintf(cmd, sizeof cmd, "cp '%s' '%s' '%s/'", xsd, asset("common.xsd"), dir);
    CHECK(system(cmd) == 0);
    snprintf(path, sizeof path, "%s/pieces.xml", dir);
    FILE *f = fopen(path, "w");
    fputs("<?xml version=\"1.0\"?>\n<catalogue version=\"1\">\n"
          "  <monster id=\"orc\" move=\"8\" attack=\"3\" defend=\"2\" body=\"1\" mind=\"2\" "
          "sprite=\"pieces/orc\"/>\n"
          "  <monster id=\"orc\" move=\"8\" attack=\"3\" defend=\"2\" body=\"1\" mind=\"2\" "
          "sprite=\"pieces/orc\"/>\n"
          "  <monster id=\"Bad Id\" move=\"8\" attack=\"3\" defend=\"2\" body=\"1\" mind=\"2\" "
          "sprite=\"pieces/orc\"/>\n"
          "</catalogue>\n",
          f);
    fclose(f);
    ErrorList errs;
    errors_init(&errs, 0);
    CHECK(catalogue_load(path, &errs) == NULL);
    CHECK(errs.count >= 1);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "pieces.xml:5:");
    errors_clear(&errs);
    /* Same file without the bad id: the duplicate is reported. */
    f = fopen(path, "w");
    fputs("<?xml version=\"1.0\"?>\n<catalogue version=\"1\">\n"
          "  <furniture id=\"box\" width=\"1\" height=\"1\" sprite=\"furniture/chest\"/>\n"
          "  <furniture id=\"box\" width=\"1\" height=\"1\" sprite=\"furniture/chest\"/>\n"
          "</catalogue>\n",
          f);
    fclose(f);
    CHECK(catalogue_load(path, &errs) == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "pieces.xml:4: piece type 'box'");
    errors_clear(&errs);
    /* A hero casting an element no spell has; a spell defined twice. */
    f = fopen(path, "w");
    fputs("<?xml version=\"1.0\"?>\n<catalogue version=\"1\">\n"
          "  <hero id=\"mage\" attack=\"1\" defend=\"2\" body=\"4\" mind=\"6\" "
          "sprite=\"pieces/wizard\" spells=\"fire ice\"/>\n"
          "  <spells>\n"
          "    <spell id=\"spark\" name=\"Spark\" element=\"fire\" effect=\"damage\" "
          "amount=\"1\" target=\"monster\" text=\"A spark.\"/>\n"
          "    <spell id=\"spark\" name=\"Spark\" element=\"fire\" effect=\"damage\" "
          "amount=\"1\" target=\"monster\" text=\"A spark.\"/>\n"
          "  </spells>\n"
          "</catalogue>\n",
          f);
    fclose(f);
    CHECK(catalogue_load(path, &errs) == NULL);
    CHECK_INT(errs.count, 2);
    CHECK_STR_CONTAINS(errs.count > 0 ? errs.items[0] : NULL,
                       "pieces.xml:6: spell 'spark' is already defined on line 5");
    CHECK_STR_CONTAINS(errs.count > 1 ? errs.items[1] : NULL,
                       "pieces.xml:3: hero 'mage' casts ice spells, but no spell has the element 'ice'");
    errors_clear(&errs);
    /* Items: a user that is no hero, an item nobody may use, a kit naming
     * an unknown item and one the hero may not use, an item twice. */
    f = fopen(path, "w");
    fputs("<?xml version=\"1.0\"?>\n<catalogue version=\"1\">\n"
          "  <hero id=\"mage\" attack=\"1\" defend=\"2\" body=\"4\" mind=\"6\" "
          "sprite=\"pieces/wizard\" kit=\"wand sword\"/>\n"
          "  <monster id=\"orc\" move=\"8\" attack=\"3\" defend=\"2\" body=\"1\" mind=\"2\" "
          "sprite=\"pieces/orc\"/>\n"
          "  <items>\n"
          "    <weapon id=\"sword\" name=\"Sword\" attack=\"3\" users=\"knight\" "
          "sprite=\"items/sword\" text=\"A sword.\"/>\n"
          "    <weapon id=\"club\" name=\"Club\" attack=\"2\" users=\"orc\" "
          "sprite=\"items/club\" text=\"A club.\"/>\n"
          "    <tool id=\"club\" name=\"Club\" sprite=\"items/club\" text=\"A club.\"/>\n"
          "  </items>\n"
          "</catalogue>\n",
          f);
    fclose(f);
    CHECK(catalogue_load(path, &errs) == NULL);
    CHECK_INT(errs.count, 7);
    const char *want[] = {
        "pieces.xml:8: item 'club' is already defined on line 7",
        "pieces.xml:6: item 'sword' names 'knight' as a user, which is not a hero type",
        "pieces.xml:6: no hero may use item 'sword'",
        "pieces.xml:7: item 'club' names 'orc' as a user, which is not a hero type",
        "pieces.xml:7: no hero may use item 'club'",
        "pieces.xml:3: hero 'mage' starts with item 'wand', which is not in the catalogue",
        "pieces.xml:3: hero 'mage' starts with item 'sword', which it may not use",
    };
    for (size_t i = 0; i < 7; i++)
        CHECK_STR_CONTAINS(i < errs.count ? errs.items[i] : NULL, want[i]);
    errors_clear(&errs);
    /* A negative price is the schema's business. */
    f = fopen(path, "w");
    fputs("<?xml version=\"1.0\"?>\n<catalogue version=\"1\">\n"
          "  <hero id=\"mage\" attack=\"1\" defend=\"2\" body=\"4\" mind=\"6\" "
          "sprite=\"pieces/wizard\"/>\n"
          "  <items>\n"
          "    <tool id=\"rope\" name=\"Rope\" price=\"-5\" sprite=\"items/rope\" text=\"A rope.\"/>\n"
          "  </items>\n"
          "</catalogue>\n",
          f);
    fclose(f);
    CHECK(catalogue_load(path, &errs) == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "pieces.xml:5:");
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : NULL, "price");
    errors_clear(&errs);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

int main(void)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(asset("pieces.xml"), &errs);
    for (size_t i = 0; i < errs.count; i++)
        fprintf(stderr, "%s\n", errs.items[i]);
    CHECK(cat != NULL);
    if (cat) {
        test_figures(cat);
        test_furniture(cat);
        test_deck(cat);
        test_clone(cat);
        test_spells(cat);
        test_items(cat);
    }
    catalogue_destroy(cat);
    errors_clear(&errs);
    test_bad();
    return check_finish("catalogue");
}

/* The party's meaning checks (party_check.h). */
#include "party_check.h"

#include "game_internal.h"

#include "../core/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Static_assert(PARTY_NAME_MAX <= GAME_NAME_MAX, "a party name is a game name");

static bool refuse(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool refuse(char *why, size_t n, const char *fmt, ...)
{
    if (why && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, n, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool check_kit(const Catalogue *cat, const PartyHero *h, const PieceType *t, char *why,
                      size_t n)
{
    char inner[160];
    if (!equip_check_kit(cat, &h->kit, inner, sizeof inner))
        return refuse(why, n, _("%s's kit: %s"), h->name, inner);
    for (int i = 0; i < h->kit.count; i++) {
        const ItemType *it = catalogue_item_at(cat, (size_t)h->kit.items[i].item);
        if (h->kit.items[i].worn && !catalogue_item_usable(it, t))
            return refuse(why, n, _("%s wears the %s, which a %s may not wear"), h->name, it->name,
                          t->name);
    }
    return true;
}

bool party_check_hero(const Campaign *c, const Catalogue *cat, const PartyHero *h, char *why,
                      size_t n)
{
    const PieceType *t = catalogue_find(cat, h->type);
    if (!memchr(h->type, '\0', sizeof h->type) || !t || t->kind != PIECE_HERO ||
        !campaign_has_hero(c, h->type))
        return refuse(why, n, _("'%.*s' is not a hero of this campaign"), (int)sizeof h->type - 1,
                      h->type);
    if (!memchr(h->name, '\0', sizeof h->name) || !game_name_ok(h->name))
        return refuse(why, n, _("the %s's name is not 1 to %d bytes of UTF-8 without control "
                              "characters"), t->name, PARTY_NAME_MAX - 1);
    if (h->player < 0 || h->player > 3)
        return refuse(why, n, _("%s's player is %d: players are 0 to 3"), h->name, h->player);
    if (h->gold < 0 || h->gold > GAME_MAX_GOLD)
        return refuse(why, n, _("%s has %d gold: a purse holds 0 to %d"), h->name, h->gold,
                      GAME_MAX_GOLD);
    if (h->quests < 0 || h->quests > PARTY_MAX_COUNT || h->generation < 0 ||
        h->generation > PARTY_MAX_COUNT)
        return refuse(why, n, _("%s's quests and generation are 0 to %d"), h->name, PARTY_MAX_COUNT);
    return check_kit(cat, h, t, why, n);
}

/* The first hero before `upto` (or an earlier item of hero upto's own kit)
 * holding artifact item, or -1. */
static int artifact_holder(const PartyHero *heroes, int upto, int slot, int item)
{
    for (int i = 0; i <= upto; i++) {
        int end = i == upto ? slot : heroes[i].kit.count;
        for (int k = 0; k < end; k++)
            if (heroes[i].kit.items[k].item == item)
                return i;
    }
    return -1;
}

static bool check_artifacts(const Catalogue *cat, const PartyHero *heroes, int i, char *why,
                            size_t n)
{
    for (int k = 0; k < heroes[i].kit.count; k++) {
        int item = heroes[i].kit.items[k].item;
        const ItemType *it = catalogue_item_at(cat, (size_t)item);
        if (!(it->flags & ITEM_ARTIFACT))
            continue;
        int other = artifact_holder(heroes, i, k, item);
        if (other >= 0)
            return refuse(why, n, _("the %s is an artifact: there is one, not one for %s and one for %s"),
                          it->name, heroes[other].name, heroes[i].name);
    }
    return true;
}

bool party_check_heroes(const Campaign *c, const Catalogue *cat, const PartyHero *heroes,
                        int count, int *bad, char *why, size_t n)
{
    *bad = 0;
    if (count < 1 || count > c->hero_count)
        return refuse(why, n, _("%d heroes: this campaign's party is 1 to %d heroes"), count,
                      c->hero_count);
    for (int i = 0; i < count; i++) {
        *bad = i;
        if (!party_check_hero(c, cat, &heroes[i], why, n))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(heroes[j].type, heroes[i].type) == 0)
                return refuse(why, n, _("two heroes are of type '%s' (%s and %s): a party has one "
                                      "hero of each type"),
                              heroes[i].type, heroes[j].name, heroes[i].name);
        if (!check_artifacts(cat, heroes, i, why, n))
            return false;
    }
    return true;
}

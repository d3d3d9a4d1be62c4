/* The campaign's party: belongings between quests, the armoury, setting up
 * a quest and settling it (docs/rules.md, "Campaigns"). */
#include "party.h"

#include "../core/alloc.h"
#include "../core/numparse.h"
#include "game_internal.h"
#include "party_check.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Party {
    const Campaign *campaign;
    const Catalogue *cat;
    uint64_t seed;
    PartyHero heroes[PARTY_MAX_HEROES];
    int hero_count;
    int step, attempt;
    PartyStage stage;
    PartyResult *results; /* one per mission of the book */
    PartyReport report;
};

static const char *const stage_names[PARTY_STAGE_COUNT] = {"between", "quest", "finished"};

const char *party_stage_name(PartyStage s)
{
    return (unsigned)s < PARTY_STAGE_COUNT ? stage_names[s] : "?";
}

const char *party_result_name(PartyResult r)
{
    return r == PARTY_WON ? "won" : r == PARTY_LOST ? "lost" : "-";
}

/* A refusal's reason, kept in parts too like the rules' (game_vrefuse),
 * for a window to say in the player's language. */
static bool party_refuse(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool party_refuse(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    game_vrefuse(why, n, fmt, ap);
    va_end(ap);
    return false;
}

/* --- heroes ------------------------------------------------------------------ */

static const ItemType *item_of(const Party *p, int item)
{
    return item >= 0 ? catalogue_item_at(p->cat, (size_t)item) : NULL;
}

static bool wears_slot(const Party *p, const GameKit *k, ItemSlot slot)
{
    for (int i = 0; i < k->count; i++)
        if (k->items[i].worn && item_of(p, k->items[i].item)->slot == slot)
            return true;
    return false;
}

/* Adds an item to a kit; armour is worn when its slot is free and the
 * hero may wear it. False when the kit is full. */
static bool kit_add(const Party *p, const PieceType *t, GameKit *k, int item)
{
    if (k->count >= GAME_MAX_ITEMS)
        return false;
    const ItemType *it = item_of(p, item);
    bool wear = it->kind == ITEM_ARMOUR && catalogue_item_usable(it, t) &&
                !wears_slot(p, k, it->slot);
    k->items[k->count++] = (GameItem){(int16_t)item, wear};
    return true;
}

static void kit_remove(GameKit *k, int slot)
{
    memmove(&k->items[slot], &k->items[slot + 1], (size_t)(k->count - slot - 1) * sizeof k->items[0]);
    k->count--;
}

/* The slot of item in the kit, preferring one not worn; -1 when absent. */
static int kit_find(const GameKit *k, int item)
{
    int found = -1;
    for (int i = 0; i < k->count; i++)
        if (k->items[i].item == item && (found < 0 || k->items[found].worn))
            found = i;
    return found;
}

static const PieceType *hero_type(const Party *p, int hero)
{
    return catalogue_find(p->cat, p->heroes[hero].type);
}

/* gold + amount (amount >= 0), kept within a purse: what does not fit is
 * lost (only finds and rewards may overflow it; the armoury and give
 * refuse instead). */
static int purse_add(int gold, int amount)
{
    return amount > GAME_MAX_GOLD - gold ? GAME_MAX_GOLD : gold + amount;
}

/* count + 1, stopping at PARTY_MAX_COUNT. */
static int count_up(int count)
{
    return count < PARTY_MAX_COUNT ? count + 1 : PARTY_MAX_COUNT;
}

/* A new hero of type t: starting kit, starting gold. */
static void recruit(Party *p, PartyHero *h, const PieceType *t, int generation)
{
    char name[PARTY_NAME_MAX];
    if (h->name[0] && generation == 0)
        memcpy(name, h->name, sizeof name);
    else if (generation == 0)
        snprintf(name, sizeof name, "%.*s", PARTY_NAME_MAX - 1, t->name);
    else /* the second Barbarian of the campaign... */
        snprintf(name, sizeof name, "%.32s %d", t->name, generation % 10000 + 1);
    memset(h, 0, sizeof *h);
    snprintf(h->type, sizeof h->type, "%s", t->id);
    memcpy(h->name, name, sizeof name);
    h->generation = generation;
    h->gold = p->campaign->starting_gold;
    int items[GAME_MAX_ITEMS];
    size_t n = catalogue_hero_kit(p->cat, t, items, GAME_MAX_ITEMS);
    for (size_t i = 0; i < n && i < GAME_MAX_ITEMS; i++)
        kit_add(p, t, &h->kit, items[i]);
}

Party *party_create(const Campaign *c, const Catalogue *cat, int count,
                    const char *const *names, uint64_t seed, char *why, size_t why_size)
{
    if (count <= 0 || count > c->hero_count)
        count = c->hero_count;
    for (int i = 0; i < count; i++) {
        const PieceType *t = catalogue_find(cat, c->heroes[i]);
        if (!t || t->kind != PIECE_HERO) {
            party_refuse(why, why_size, "'%s' is not a hero type", c->heroes[i]);
            return NULL;
        }
    }
    Party *p = xcalloc(1, sizeof *p);
    p->campaign = c;
    p->cat = cat;
    p->seed = seed;
    p->results = xcalloc(c->mission_count + 1, sizeof *p->results);
    p->hero_count = count;
    for (int i = 0; i < count; i++) {
        PartyHero *h = &p->heroes[i];
        if (names && names[i])
            snprintf(h->name, sizeof h->name, "%s", names[i]);
        recruit(p, h, catalogue_find(cat, c->heroes[i]), 0);
        h->player = i;
    }
    p->stage = c->mission_count ? PARTY_BETWEEN : PARTY_FINISHED;
    return p;
}

void party_destroy(Party *p)
{
    if (!p)
        return;
    free(p->results);
    free(p);
}

const Campaign *party_campaign(const Party *p) { return p->campaign; }
const Catalogue *party_catalogue(const Party *p) { return p->cat; }
int party_hero_count(const Party *p) { return p->hero_count; }
PartyStage party_stage(const Party *p) { return p->stage; }
int party_step(const Party *p) { return p->step; }
int party_attempt(const Party *p) { return p->attempt; }
uint64_t party_seed(const Party *p) { return p->seed; }

const PartyHero *party_hero(const Party *p, int i)
{
    return i >= 0 && i < p->hero_count ? &p->heroes[i] : NULL;
}

PartyResult party_result(const Party *p, int step)
{
    return step >= 0 && (size_t)step < p->campaign->mission_count ? p->results[step]
                                                                  : PARTY_NOT_PLAYED;
}

const PartyReport *party_report(const Party *p)
{
    return p->report.valid ? &p->report : NULL;
}

int party_find_hero(const Party *p, const char *s)
{
    long long n;
    if (numparse_ll(s, 0, LLONG_MAX, &n)) /* a number, strictly: an index */
        return n < p->hero_count ? (int)n : -1;
    for (int i = 0; i < p->hero_count; i++)
        if (strcmp(p->heroes[i].type, s) == 0 || strcmp(p->heroes[i].name, s) == 0)
            return i;
    return -1;
}

uint64_t party_quest_seed(const Party *p)
{
    /* splitmix64 of the three: nearby steps and attempts get unrelated seeds */
    uint64_t z = p->seed + 0x9e3779b97f4a7c15ull * (uint64_t)(1 + p->step * 1000 + p->attempt);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* --- the armoury ----------------------------------------------------------- */

int party_price(const Party *p, int item)
{
    return campaign_price(p->campaign, item);
}

int party_sell_price(const Party *p, int item)
{
    const ItemType *it = item_of(p, item);
    if (!it || (it->flags & ITEM_ARTIFACT))
        return -1;
    int price = party_price(p, item);
    if (price < 0)
        price = it->price; /* the armoury buys what it would sell elsewhere */
    return price > 0 ? price / 2 : -1;
}

static bool may_shop(const Party *p, int hero, char *why, size_t n)
{
    if (p->stage != PARTY_BETWEEN)
        return party_refuse(why, n, "the armoury is open only between quests");
    if (hero < 0 || hero >= p->hero_count)
        return party_refuse(why, n, "there is no hero %d in the party", hero);
    return true;
}

bool party_buy(Party *p, int hero, int item, char *why, size_t n)
{
    if (!may_shop(p, hero, why, n))
        return false;
    const ItemType *it = item_of(p, item);
    int price = party_price(p, item);
    PartyHero *h = &p->heroes[hero];
    if (!it || price < 0)
        return party_refuse(why, n, "the armoury does not sell %s", it ? it->name : N_("that"));
    if (!catalogue_item_usable(it, hero_type(p, hero)))
        return party_refuse(why, n, "the %s may not use the %s", hero_type(p, hero)->name, it->name);
    if (h->gold < price)
        return party_refuse(why, n, "the %s costs %d gold; %s has %d", it->name, price, h->name, h->gold);
    if (h->kit.count >= GAME_MAX_ITEMS)
        return party_refuse(why, n, "%s carries %d things already", h->name, GAME_MAX_ITEMS);
    kit_add(p, hero_type(p, hero), &h->kit, item);
    h->gold -= price;
    return true;
}

bool party_sell(Party *p, int hero, int item, char *why, size_t n)
{
    if (!may_shop(p, hero, why, n))
        return false;
    PartyHero *h = &p->heroes[hero];
    const ItemType *it = item_of(p, item);
    int slot = it ? kit_find(&h->kit, item) : -1;
    if (slot < 0)
        return party_refuse(why, n, "%s does not carry %s", h->name, it ? it->name : N_("that"));
    int price = party_sell_price(p, item);
    if (price < 0)
        return party_refuse(why, n, "the armoury does not buy %s%s", it->name,
                      (it->flags & ITEM_ARTIFACT) ? N_(": artifacts are never sold") : "");
    if (price > GAME_MAX_GOLD - h->gold)
        return party_refuse(why, n, "%s's purse is full: it holds at most %d gold", h->name,
                      GAME_MAX_GOLD);
    kit_remove(&h->kit, slot);
    h->gold += price;
    return true;
}

bool party_wear(Party *p, int hero, int item, bool wear, char *why, size_t n)
{
    if (!may_shop(p, hero, why, n))
        return false;
    PartyHero *h = &p->heroes[hero];
    const ItemType *it = item_of(p, item);
    int slot = it ? kit_find(&h->kit, item) : -1;
    if (slot < 0)
        return party_refuse(why, n, "%s does not carry %s", h->name, it ? it->name : N_("that"));
    if (it->kind != ITEM_ARMOUR)
        return party_refuse(why, n, "the %s is not worn: weapons are all at hand", it->name);
    if (wear && !catalogue_item_usable(it, hero_type(p, hero)))
        return party_refuse(why, n, "the %s may not wear the %s", hero_type(p, hero)->name, it->name);
    for (int i = 0; wear && i < h->kit.count; i++)
        if (h->kit.items[i].worn && item_of(p, h->kit.items[i].item)->slot == it->slot)
            h->kit.items[i].worn = false;
    h->kit.items[slot].worn = wear;
    return true;
}

bool party_give(Party *p, int from, int to, int amount, char *why, size_t n)
{
    if (!may_shop(p, from, why, n) || !may_shop(p, to, why, n))
        return false;
    if (!p->campaign->give_gold)
        return party_refuse(why, n, "in this campaign heroes keep their own gold");
    if (from == to || amount <= 0)
        return party_refuse(why, n, "give a positive amount to another hero");
    if (p->heroes[from].gold < amount)
        return party_refuse(why, n, "%s has only %d gold", p->heroes[from].name, p->heroes[from].gold);
    if (amount > GAME_MAX_GOLD - p->heroes[to].gold)
        return party_refuse(why, n, "%s's purse holds at most %d gold; it has %d", p->heroes[to].name,
                      GAME_MAX_GOLD, p->heroes[to].gold);
    p->heroes[from].gold -= amount;
    p->heroes[to].gold += amount;
    return true;
}

bool party_name(Party *p, int hero, const char *name, int player, char *why, size_t n)
{
    if (hero < 0 || hero >= p->hero_count)
        return party_refuse(why, n, "there is no hero %d in the party", hero);
    if (player < 0 || player > 3)
        return party_refuse(why, n, "players are 0 to 3");
    if (strlen(name) >= PARTY_NAME_MAX || !game_name_ok(name))
        return party_refuse(why, n, "a name is 1 to %d bytes of UTF-8 on one line, without control "
                              "characters", PARTY_NAME_MAX - 1);
    snprintf(p->heroes[hero].name, sizeof p->heroes[hero].name, "%s", name);
    p->heroes[hero].player = player;
    return true;
}

/* --- quests ----------------------------------------------------------------- */

bool party_begin_quest(Party *p, char *why, size_t n)
{
    if (p->stage != PARTY_BETWEEN)
        return party_refuse(why, n, p->stage == PARTY_FINISHED ? N_("the campaign is over")
                                                         : N_("a quest is already under way"));
    for (int i = 0; i < p->hero_count; i++) {
        PartyHero *h = &p->heroes[i];
        if (h->fallen) {
            int player = h->player;
            recruit(p, h, hero_type(p, i), count_up(h->generation));
            h->player = player;
        }
    }
    p->stage = PARTY_IN_QUEST;
    return true;
}

/* hero's kit with its items resolved by id in the mission's catalogue
 * (where a mission may have put its own items after the shared ones). */
static void kit_for_mission(const Party *p, const PartyHero *h, const Catalogue *mc, GameKit *out)
{
    out->count = 0;
    for (int i = 0; i < h->kit.count; i++) {
        int item = catalogue_find_item(mc, item_of(p, h->kit.items[i].item)->id);
        if (item >= 0)
            out->items[out->count++] = (GameItem){(int16_t)item, h->kit.items[i].worn};
    }
}

bool party_setup(const Party *p, const Mission *m, GameSetup *out, int *hero_of, char *why,
                 size_t n)
{
    memset(out, 0, sizeof *out);
    out->has_kits = true;
    bool used[256] = {false};
    for (int i = 0; i < p->hero_count && out->hero_count < GAME_MAX_HEROES; i++) {
        const PartyHero *h = &p->heroes[i];
        for (size_t k = 0; k < m->hero_count && k < 256; k++) {
            if (used[k] || strcmp(m->heroes[k].type, h->type) != 0)
                continue;
            used[k] = true;
            if (hero_of)
                hero_of[out->hero_count] = i;
            out->heroes[out->hero_count] = (int)k;
            kit_for_mission(p, h, m->catalogue, &out->kits[out->hero_count]);
            /* the game's log calls the hero as the party does; a hero
             * still named after its type keeps the type's name */
            const PieceType *t = catalogue_find(m->catalogue, h->type);
            if (!t || strcmp(h->name, t->name) != 0)
                snprintf(out->names[out->hero_count], sizeof out->names[0], "%s", h->name);
            out->hero_count++;
            break;
        }
    }
    if (out->hero_count == 0)
        return party_refuse(why, n, "no hero of the party has a place in %s", m->name);
    return true;
}

/* --- settling a quest ---------------------------------------------------------- */

/* A line of the report: English, and in parts (fmt a string literal,
 * marked for the catalogue by xgettext's party_say keyword) so the window
 * says it in the player's language. */
static void party_say(Party *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void party_say(Party *p, const char *fmt, ...)
{
    PartyReport *r = &p->report;
    if (r->line_count >= PARTY_REPORT_MAX)
        return;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    vsnprintf(r->lines[r->line_count], sizeof r->lines[0], fmt, ap);
    eventtext_clear(&r->words[r->line_count]);
    eventtext_vadd(&r->words[r->line_count], fmt, again);
    r->line_count++;
    va_end(again);
    va_end(ap);
}

static void gained(PartyHeroReport *r, int item)
{
    if (r->items_gained_count < GAME_MAX_ITEMS)
        r->items_gained[r->items_gained_count++] = item;
}

/* True when item was in the hero's kit when the quest began. */
static bool owned_before(const GameKit *before, int item, int *seen)
{
    for (int i = 0; i < before->count; i++)
        if (before->items[i].item == item && !(seen[i])) {
            seen[i] = 1;
            return true;
        }
    return false;
}

/* True when a hero of the party but `except` holds item (an artifact,
 * which exists once: a second one found or awarded is not kept). */
static bool held_by_other(const Party *p, int except, int item)
{
    for (int i = 0; i < p->hero_count; i++)
        if (i != except && kit_find(&p->heroes[i].kit, item) >= 0)
            return true;
    return false;
}

static bool unique_taken(const Party *p, int hero, const GameKit *kit, int item)
{
    return (item_of(p, item)->flags & ITEM_ARTIFACT) &&
           (kit_find(kit, item) >= 0 || held_by_other(p, hero, item));
}

/* A survivor keeps what it carries now: shared catalogue items (by id),
 * plus the thrown weapons still lying on the board; an artifact once. */
static void keep_belongings(Party *p, const Game *g, int piece, int hero)
{
    PartyHero *h = &p->heroes[hero];
    const PieceType *t = hero_type(p, hero);
    GameKit before = h->kit;
    int seen[GAME_MAX_ITEMS] = {0};
    h->kit.count = 0;
    const GamePiece *pc = game_piece(g, piece);
    for (int i = 0; i < pc->item_count; i++) {
        int item = catalogue_find_item(p->cat, game_item(g, pc->items[i].item)->id);
        /* the mission's own find stays behind; an artifact is not doubled */
        if (item < 0 || unique_taken(p, hero, &h->kit, item))
            continue;
        h->kit.items[h->kit.count++] = (GameItem){(int16_t)item, pc->items[i].worn};
        if (!owned_before(&before, item, seen))
            gained(&p->report.heroes[hero], item);
    }
    for (size_t d = 0; d < game_drop_count(g); d++) {
        const GameDrop *drop = game_drop(g, d);
        int item = catalogue_find_item(p->cat, game_item(g, drop->item)->id);
        if (drop->owner == piece && !drop->taken && item >= 0 &&
            !unique_taken(p, hero, &h->kit, item))
            kit_add(p, t, &h->kit, item);
    }
}

static void fall(Party *p, int hero)
{
    PartyHero *h = &p->heroes[hero];
    PartyHeroReport *r = &p->report.heroes[hero];
    r->died = r->replaced_next = true;
    r->items_lost = h->kit.count;
    party_say(p,
              h->kit.count == 1 ? N_("%s fell, and lost %d gold and %d thing; a new %s will join")
                                : N_("%s fell, and lost %d gold and %d things; a new %s will join"),
              h->name, h->gold, h->kit.count, hero_type(p, hero)->name);
    h->fallen = true;
    h->gold = 0;
    h->kit.count = 0;
}

/* Who gets an item reward: the hero who met the objective when it is
 * alive and may use the item, else the first living hero who may, else
 * the first living one. -1 when nobody came back. */
static int reward_receiver(const Party *p, const bool *alive, int by, const ItemType *it)
{
    if (by >= 0 && alive[by] && catalogue_item_usable(it, hero_type(p, by)))
        return by;
    for (int i = 0; i < p->hero_count; i++)
        if (alive[i] && catalogue_item_usable(it, hero_type(p, i)))
            return i;
    for (int i = 0; i < p->hero_count; i++)
        if (alive[i])
            return i;
    return -1;
}

static void pay_gold(Party *p, const bool *alive, int amount, const char *why)
{
    if (amount <= 0)
        return;
    for (int i = 0; i < p->hero_count; i++)
        if (alive[i]) {
            int before = p->heroes[i].gold;
            p->heroes[i].gold = purse_add(before, amount);
            p->report.heroes[i].gold_reward += p->heroes[i].gold - before;
        }
    party_say(p, "%s: %d gold for each hero who came back", why, amount);
}

static void pay_rewards(Party *p, const Game *g, const int *hero_of, const bool *alive)
{
    const Mission *m = game_mission(g);
    pay_gold(p, alive, p->campaign->missions[p->step].gold, N_("The quest is done"));
    for (size_t o = 0; o < m->objective_count; o++) {
        int piece = game_objective_by(g, o);
        int by = piece >= 0 && piece < game_setup(g)->hero_count ? hero_of[piece] : -1;
        for (int k = 0; k < m->objectives[o].reward_count; k++) {
            const MissionReward *rw = &m->objectives[o].rewards[k];
            pay_gold(p, alive, rw->gold, m->objectives[o].text);
            int item = rw->item[0] ? catalogue_find_item(p->cat, rw->item) : -1;
            if (item < 0)
                continue;
            int to = reward_receiver(p, alive, by, item_of(p, item));
            if (to >= 0 && unique_taken(p, to, &p->heroes[to].kit, item)) {
                party_say(p, "The party holds the %s already (%s)", item_of(p, item)->name,
                          m->objectives[o].text);
                continue;
            }
            if (to < 0 || !kit_add(p, hero_type(p, to), &p->heroes[to].kit, item))
                continue;
            gained(&p->report.heroes[to], item);
            party_say(p, "%s receives %s (%s)", p->heroes[to].name, item_of(p, item)->name,
                      m->objectives[o].text);
        }
    }
}

static void move_on(Party *p, bool won)
{
    const CampaignMission *cm = &p->campaign->missions[p->step];
    p->results[p->step] = won ? PARTY_WON : PARTY_LOST;
    p->report.retry = !won && cm->on_failure == CAMPAIGN_RETRY;
    if (p->report.retry) {
        p->attempt++;
    } else {
        p->step++;
        p->attempt = 0;
    }
    p->report.next_step = p->step;
    p->stage = (size_t)p->step >= p->campaign->mission_count ? PARTY_FINISHED : PARTY_BETWEEN;
}

bool party_settle(Party *p, const Game *g, const int *hero_of, char *why, size_t n)
{
    if (p->stage != PARTY_IN_QUEST)
        return party_refuse(why, n, "no quest is under way");
    GameStatus status = game_status(g);
    if (status == GAME_STATUS_PLAYING)
        return party_refuse(why, n, "the quest is not over");
    memset(&p->report, 0, sizeof p->report);
    PartyReport *r = &p->report;
    r->valid = true;
    r->step = p->step;
    r->status = status;
    r->turns = game_rounds_played(g); /* as the end panel counts them */
    party_say(p, r->turns == 1 ? N_("%s: %s after %d round") : N_("%s: %s after %d rounds"),
              game_mission(g)->name ? game_mission(g)->name : game_mission(g)->id,
              status == GAME_STATUS_VICTORY ? "victory" : "defeat", r->turns);
    bool alive[PARTY_MAX_HEROES] = {false};
    /* the fallen first: what they carried is gone before the survivors
     * keep theirs (an artifact a fallen hero held may be kept by one who
     * found it) */
    for (int k = 0; k < game_setup(g)->hero_count; k++) {
        r->heroes[hero_of[k]].took_part = true;
        if (!game_piece(g, k)->alive)
            fall(p, hero_of[k]);
    }
    for (int k = 0; k < game_setup(g)->hero_count; k++) {
        int hero = hero_of[k];
        const GamePiece *pc = game_piece(g, k);
        if (!pc->alive)
            continue;
        alive[hero] = true;
        p->heroes[hero].quests = count_up(p->heroes[hero].quests);
        p->heroes[hero].gold = purse_add(p->heroes[hero].gold, pc->gold);
        r->heroes[hero].gold_found = pc->gold;
        keep_belongings(p, g, k, hero);
    }
    if (status == GAME_STATUS_VICTORY)
        pay_rewards(p, g, hero_of, alive);
    move_on(p, status == GAME_STATUS_VICTORY);
    return true;
}

Party *party_restore(const Campaign *c, const Catalogue *cat, uint64_t seed, int step,
                     int attempt, PartyStage stage, const PartyResult *results,
                     const PartyHero *heroes, int hero_count, char *why, size_t n)
{
    if (hero_count < 1 || hero_count > PARTY_MAX_HEROES || step < 0 ||
        (size_t)step > c->mission_count || attempt < 0 || (unsigned)stage >= PARTY_STAGE_COUNT ||
        (stage != PARTY_FINISHED && (size_t)step == c->mission_count)) {
        party_refuse(why, n, "the party's place in the book does not fit the campaign");
        return NULL;
    }
    int bad;
    if (!party_check_heroes(c, cat, heroes, hero_count, &bad, why, n))
        return NULL;
    Party *p = xcalloc(1, sizeof *p);
    p->campaign = c;
    p->cat = cat;
    p->seed = seed;
    p->step = step;
    p->attempt = attempt;
    p->stage = stage;
    p->results = xcalloc(c->mission_count + 1, sizeof *p->results);
    for (size_t i = 0; results && i < c->mission_count; i++)
        p->results[i] = results[i];
    p->hero_count = hero_count;
    memcpy(p->heroes, heroes, (size_t)hero_count * sizeof *heroes);
    return p;
}

/* The protocol's campaign commands (docs/protocol.md, "Campaigns"):
 * campaign load/state/name, shop, buy, sell, equip, unequip, give, next,
 * and the campaign save behind save and restore. */
#define _XOPEN_SOURCE 700
#include "protocol_internal.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/numparse.h"
#include "../rules/party_save.h"
#include "../rules/save.h"
#include "packcli.h"
#include "packparty.h"
#include "paths.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static bool need_party(const Protocol *p, Answer *a)
{
    return p->party ? true : protocol_refuse(a, "no campaign loaded (use campaign load PATH)");
}

void protocol_campaign_end(Protocol *p)
{
    if (p->match)
        match_leave_campaign(p->match); /* the party goes: the game plays on alone */
    party_destroy(p->party);
    campaign_destroy(p->campaign);
    free(p->campaign_path);
    p->party = NULL;
    p->campaign = NULL;
    p->campaign_path = NULL;
}

/* Takes over a loaded campaign and party as the session's. */
static void adopt(Protocol *p, Campaign *c, char *path, Party *party)
{
    protocol_campaign_end(p);
    p->campaign = c;
    p->campaign_path = path;
    p->party = party;
}

static const ItemType *item_at(const Protocol *p, int i)
{
    return catalogue_item_at(p->cat, (size_t)i);
}

/* "broadsword,helmet*" or "-". */
static void print_kit(const Protocol *p, FILE *out, const GameKit *k)
{
    for (int i = 0; i < k->count; i++)
        fprintf(out, "%s%s%s", i ? "," : "", item_at(p, k->items[i].item)->id,
                k->items[i].worn ? "*" : "");
    if (!k->count)
        fputc('-', out);
}

static char *absolute(const char *path)
{
    char buf[PATH_MAX];
    return realpath(path, buf) ? xstrdup(buf) : xstrdup(path);
}

static Campaign *load_campaign(Protocol *p, const char *path, Answer *a)
{
    if (!protocol_catalogue(p, a))
        return NULL;
    char cat[4096];
    paths_data_file("assets/pieces.xml", cat, sizeof cat);
    ErrorList errs;
    errors_init(&errs, 0);
    Campaign *c = campaign_load(path, cat, p->cat, &errs);
    if (!c)
        snprintf(a->why, sizeof a->why, "%s%s", errs.count ? errs.items[0] : "cannot load the campaign",
               errors_total(&errs) > 1 ? " (and more errors: see questboard --check)" : "");
    errors_clear(&errs);
    return c;
}

/* --- campaign load / state / name ---------------------------------------------- */

static bool campaign_load_cmd(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 3)
        return protocol_refuse(a, "usage: campaign load PATH");
    Campaign *c = load_campaign(p, argv[2], a);
    if (!c)
        return false;
    char why[256];
    Party *party = party_create(c, p->cat, 0, NULL, p->seed, why, sizeof why);
    if (!party) {
        campaign_destroy(c);
        return protocol_refused(a, why);
    }
    adopt(p, c, absolute(argv[2]), party);
    protocol_say(a, "%s missions %zu heroes %d seed %" PRIu64 " %s", c->id, c->mission_count,
        party_hero_count(party), p->seed, c->name);
    return true;
}

static void state_book(Answer *a, const Protocol *p)
{
    const Campaign *c = p->campaign;
    const Party *party = p->party;
    protocol_say(a, "campaign %s step %d of %zu attempt %d stage %s seed %" PRIu64, c->id,
        party_step(party), c->mission_count, party_attempt(party),
        party_stage_name(party_stage(party)), party_seed(party));
    protocol_say(a, "name %s", c->name);
    protocol_say(a, "rules give-gold %s starting-gold %d", c->give_gold ? "yes" : "no", c->starting_gold);
    for (size_t i = 0; i < c->mission_count; i++)
        protocol_say(a, "mission %zu %s gold %d on-failure %s result %s", i, c->missions[i].rel,
            c->missions[i].gold, campaign_failure_name(c->missions[i].on_failure),
            party_result_name(party_result(party, (int)i)));
    for (int i = 0; i < party_hero_count(party); i++) {
        const PartyHero *h = party_hero(party, i);
        protocol_say(a, "hero %d %s player %d gold %d quests %d generation %d fallen %s items ", i,
            h->type, h->player, h->gold, h->quests, h->generation, h->fallen ? "yes" : "no");
        print_kit(p, a->out, &h->kit);
        fprintf(a->out, " name %s", h->name);
    }
}

static void state_report(Answer *a, const Protocol *p)
{
    const PartyReport *r = party_report(p->party);
    if (!r)
        return;
    protocol_say(a, "report %s mission %d turns %d next %d retry %s", game_status_name(r->status),
        r->step, r->turns, r->next_step, r->retry ? "yes" : "no");
    for (int i = 0; i < party_hero_count(p->party); i++) {
        const PartyHeroReport *h = &r->heroes[i];
        protocol_say(a, "report-hero %d took-part %s died %s found %d reward %d lost %d gained ", i,
            h->took_part ? "yes" : "no", h->died ? "yes" : "no", h->gold_found, h->gold_reward,
            h->items_lost);
        for (int k = 0; k < h->items_gained_count; k++)
            fprintf(a->out, "%s%s", k ? "," : "", item_at(p, h->items_gained[k])->id);
        if (!h->items_gained_count)
            fputc('-', a->out);
    }
    for (int i = 0; i < r->line_count; i++)
        protocol_say(a, "line %s", r->lines[i]);
}

static bool campaign_name_cmd(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 5)
        return protocol_refuse(a, "usage: campaign name HERO PLAYER NAME");
    int hero = party_find_hero(p->party, argv[2]), player;
    if (hero < 0)
        return protocol_refuse(a, "'%s' is no hero of the party", argv[2]);
    /* strict: strtol's 4294967296 became player 0 */
    if (!numparse_int(argv[3], 0, 3, &player))
        return protocol_refuse(a, "'%s' is not a player number (0 to 3)", argv[3]);
    if (!party_name(p->party, hero, argv[4], player, a->why, sizeof a->why))
        return false;
    protocol_say(a, "%d %s", hero, argv[4]);
    return true;
}

bool protocol_cmd_campaign(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc >= 2 && strcmp(argv[1], "load") == 0)
        return campaign_load_cmd(p, argc, argv, a);
    if (argc >= 2 && strcmp(argv[1], "state") == 0 && argc == 2) {
        if (!need_party(p, a))
            return false;
        state_book(a, p);
        state_report(a, p);
        return true;
    }
    if (argc >= 2 && strcmp(argv[1], "name") == 0)
        return need_party(p, a) && campaign_name_cmd(p, argc, argv, a);
    return protocol_refuse(a, "usage: campaign load PATH | campaign state | campaign name HERO PLAYER NAME");
}

/* --- the armoury ------------------------------------------------------------------ */

static void offer_line(Answer *a, const Protocol *p, const CampaignOffer *o)
{
    const ItemType *it = item_at(p, o->item);
    protocol_say(a, "offer %s %d sell %d %s", it->id, o->price, party_sell_price(p->party, o->item),
        catalogue_item_kind_name(it->kind));
    if (it->kind == ITEM_WEAPON)
        fprintf(a->out, " attack %d", it->attack);
    if (it->kind == ITEM_ARMOUR)
        fprintf(a->out, " %s defend %d", catalogue_item_slot_name(it->slot), it->defend);
    fputs(" users ", a->out);
    if (!it->users[0])
        fputs("all", a->out);
    for (const char *u = it->users; *u; u++) /* one word: comma-separated */
        fputc(*u == ' ' ? ',' : *u, a->out);
    fputs(" buyers", a->out);
    int buyers = 0;
    for (int h = 0; h < party_hero_count(p->party); h++) {
        const PartyHero *hero = party_hero(p->party, h);
        if (catalogue_item_usable(it, catalogue_find(p->cat, hero->type)) && hero->gold >= o->price)
            fprintf(a->out, "%s%d", buyers++ ? "," : " ", h);
    }
    if (!buyers)
        fputs(" -", a->out);
}

bool protocol_cmd_shop(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argv;
    if (argc != 1)
        return protocol_refuse(a, "usage: shop");
    if (!need_party(p, a))
        return false;
    protocol_say(a, "%zu", p->campaign->offer_count);
    for (size_t i = 0; i < p->campaign->offer_count; i++)
        offer_line(a, p, &p->campaign->offers[i]);
    return true;
}

bool protocol_cmd_trade(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 3)
        return protocol_refuse(a, "usage: %s HERO ITEM", argv[0]);
    if (!need_party(p, a))
        return false;
    int hero = party_find_hero(p->party, argv[1]);
    int item = catalogue_find_item(p->cat, argv[2]);
    if (hero < 0)
        return protocol_refuse(a, "'%s' is no hero of the party", argv[1]);
    if (item < 0)
        return protocol_refuse(a, "'%s' is not an item", argv[2]);
    bool ok;
    if (strcmp(argv[0], "buy") == 0)
        ok = party_buy(p->party, hero, item, a->why, sizeof a->why);
    else if (strcmp(argv[0], "sell") == 0)
        ok = party_sell(p->party, hero, item, a->why, sizeof a->why);
    else
        ok = party_wear(p->party, hero, item, strcmp(argv[0], "equip") == 0, a->why,
                        sizeof a->why);
    if (!ok)
        return false;
    const PartyHero *h = party_hero(p->party, hero);
    protocol_say(a, "%d gold %d items ", hero, h->gold);
    print_kit(p, a->out, &h->kit);
    return true;
}

bool protocol_cmd_give(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 4)
        return protocol_refuse(a, "usage: give HERO HERO AMOUNT");
    if (!need_party(p, a))
        return false;
    int from = party_find_hero(p->party, argv[1]), to = party_find_hero(p->party, argv[2]), amount;
    if (from < 0 || to < 0)
        return protocol_refuse(a, "'%s' is no hero of the party", from < 0 ? argv[1] : argv[2]);
    if (!numparse_int(argv[3], 1, GAME_MAX_GOLD, &amount))
        return protocol_refuse(a, "'%s' is not an amount of gold (1 to %d)", argv[3],
                               GAME_MAX_GOLD);
    if (!party_give(p->party, from, to, amount, a->why, sizeof a->why))
        return false;
    protocol_say(a, "%d gold %d %d gold %d", from, party_hero(p->party, from)->gold, to,
        party_hero(p->party, to)->gold);
    return true;
}

/* --- quests ----------------------------------------------------------------------- */

/* Makes m (the current quest's mission) the game in play: the match is
 * the party's quest, with its setup and quest seed. */
static bool start_quest(Protocol *p, Mission *m, Answer *a)
{
    MatchConfig c = protocol_config(p, m, p->campaign->missions[party_step(p->party)].path);
    Match *match = match_create_quest(&c, p->party, p->campaign_path, a->why, sizeof a->why);
    if (!match)
        return false;
    match_own_mission(match, m);
    protocol_set_match(p, match);
    p->setup = *game_setup(match_game(match));
    p->seed = match_seed(match);
    return true;
}

bool protocol_cmd_next(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argv;
    if (argc != 1)
        return protocol_refuse(a, "usage: next");
    if (!need_party(p, a))
        return false;
    if (party_stage(p->party) != PARTY_BETWEEN)
        return protocol_refuse(a, party_stage(p->party) == PARTY_FINISHED ? "the campaign is over"
                                                                  : "a quest is under way");
    const CampaignMission *cm = &p->campaign->missions[party_step(p->party)];
    Mission *m = protocol_load_mission(p, cm->path, a);
    GameSetup probe;
    if (!m || !party_setup(p->party, m, &probe, NULL, a->why, sizeof a->why) ||
        !party_begin_quest(p->party, a->why, sizeof a->why)) {
        mission_destroy(m);
        return false;
    }
    if (!start_quest(p, m, a)) {
        mission_destroy(m);
        return false;
    }
    protocol_say(a, "quest %d of %zu %s %dx%d heroes %d seed %" PRIu64, party_step(p->party) + 1,
        p->campaign->mission_count, m->id, board_width(m->board), board_height(m->board),
        game_setup(protocol_g(p))->hero_count, p->seed);
    return true;
}

void protocol_campaign_after_action(Protocol *p)
{
    char why[256];
    if (!match_settle(p->match, why, sizeof why))
        fprintf(stderr, _("questboard: cannot settle the quest: %s\n"), why);
}

/* --- the campaign save ---------------------------------------------------------------- */

bool protocol_campaign_save(Protocol *p, const char *path, Answer *a)
{
    size_t size;
    bool quest = p->match && match_in_quest(p->match);
    char *text = quest ? match_save_text(p->match, &size)
                       : party_save_format(p->party, p->campaign_path, NULL, 0, &size);
    char why[256];
    bool ok = fileio_write_atomic(path, text, size, why, sizeof why);
    if (!ok)
        snprintf(a->why, sizeof a->why, "%s: %s", path, why);
    else
        protocol_say(a, "campaign step %d stage %s%s", party_step(p->party),
            party_stage_name(party_stage(p->party)), quest ? " with its quest" : "");
    free(text);
    return ok;
}

bool protocol_campaign_file(const char *path)
{
    uint8_t head[32];
    size_t got = 0;
    uint64_t size;
    char why[256];
    return fileio_read_head(path, head, sizeof head, &got, &size, why, sizeof why) &&
           party_save_is_campaign((const char *)head, got);
}

/* Replays the quest's game save on its mission, as the quest of party
 * (campaign_path: the campaign's file). */
static Match *restore_quest(Protocol *p, Party *party, const char *campaign_path,
                            const char *text, size_t size, Answer *a)
{
    char ref[4096];
    if (!match_save_ref(text, size, ref, sizeof ref, a->why, sizeof a->why))
        return NULL;
    Mission *m = protocol_load_mission(p, ref, a);
    if (!m)
        return NULL;
    MatchConfig c = protocol_config(p, m, m->path);
    Match *match = match_restore_quest(&c, party, campaign_path, text, size, a->why, sizeof a->why);
    if (match)
        match_own_mission(match, m);
    else
        mission_destroy(m);
    return match;
}

/* Everything or nothing: on any refusal the session stays as it was. */
static bool restore_text(Protocol *p, const char *text, size_t size, Answer *a)
{
    char *path;
    uint64_t hash;
    if (!party_save_head(text, size, &path, &hash, a->why, sizeof a->why))
        return false;
    Campaign *c = load_campaign(p, path, a);
    char *game = NULL;
    size_t game_size = 0;
    Party *party = c ? party_save_parse(text, size, c, p->cat, &game, &game_size, a->why,
                                        sizeof a->why)
                     : NULL;
    Match *quest = party && game ? restore_quest(p, party, path, game, game_size, a) : NULL;
    free(game);
    if (!party || (game && !quest)) {
        party_destroy(party);
        campaign_destroy(c);
        free(path);
        return false;
    }
    adopt(p, c, path, party);
    if (quest) {
        protocol_set_match(p, quest);
        p->seed = match_seed(quest);
        p->setup = *game_setup(match_game(quest));
    }
    protocol_say(a, "campaign %s step %d stage %s%s", c->id, party_step(party),
        party_stage_name(party_stage(party)), quest ? " with its quest" : "");
    return true;
}

/* A reason another part gave, after the path it is about: the path
 * first, then as much of the reason as fits. Returns false. */
static bool refuse_at(Answer *a, const char *path, const char *why)
{
    snprintf(a->why, sizeof a->why, "%.100s: %.400s", path, why);
    return false;
}

bool protocol_campaign_restore(Protocol *p, const char *path, Answer *a)
{
    uint8_t *data;
    size_t size;
    char why[256];
    if (!fileio_read(path, PARTY_SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        snprintf(a->why, sizeof a->why, "%s: %s", path, why);
        return false;
    }
    Answer scratch = *a;
    bool ok = restore_text(p, (const char *)data, size, &scratch);
    if (ok)
        *a = scratch;
    else /* the path first, then as much of the reason as fits */
        refuse_at(a, path, scratch.why);
    free(data);
    return ok;
}

bool protocol_campaign_restore_pack(Protocol *p, const char *path, Answer *a)
{
    char root[4096], why[1024];
    PackOpened o;
    ErrorList errs;
    errors_init(&errs, 0);
    bool opened = packcli_missions_root(root, sizeof root) && packcli_open(path, root, &o, &errs);
    if (!opened) {
        refuse_at(a, path, errs.count ? errs.items[0] : "no folder to unpack it in");
        errors_clear(&errs);
        return false;
    }
    errors_clear(&errs);
    if (o.kind != PACK_PARTY)
        return protocol_refuse(a, "%.100s: a pack of a %s: restore takes one of a campaign save",
                               path, pack_kind_name(o.kind));
    size_t size = 0;
    char *text = packparty_open(o.main, o.mission, &size, NULL, why, sizeof why);
    if (!text)
        return refuse_at(a, path, why);
    Answer scratch = *a;
    bool ok = restore_text(p, text, size, &scratch);
    if (ok)
        *a = scratch;
    else
        refuse_at(a, path, scratch.why);
    free(text);
    return ok;
}

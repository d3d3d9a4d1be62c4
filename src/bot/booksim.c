/* Book simulation (booksim.h): parties play the campaign through, on
 * worker threads that take the next party from an atomic counter. Each
 * worker sums its parties into its own tally of whole numbers; the
 * tallies are added up after joining, so the report does not depend on
 * which thread played which party. */
#include "booksim.h"

#include "../core/alloc.h"
#include "../match/match.h"
#include "balance.h"
#include "bot.h"
#include "../core/i18n.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Choices a round may take at most: the balance run's guard. */
#define BOOKSIM_CHOICES_PER_ROUND 256

/* One quest of the book, summed over parties. */
typedef struct QuestTally {
    long long reached, played, won, unfinished, fallen;
    long long lost_by[GAME_DEFEAT_COUNT];
    long long gold_at_start, bought_before;
} QuestTally;

typedef struct Tally {
    long long finished, gave_up, unfinished;
    QuestTally *quests; /* one per quest of the book */
} Tally;

struct BookSimReport {
    const Campaign *campaign;
    const Catalogue *cat;
    const Mission *const *missions;
    BookSimOptions opts;
    atomic_int next; /* the next party a worker takes */
    Tally sum;
};

/* --- the shopping policy ----------------------------------------------------- */

static const ItemType *kit_item(const Catalogue *cat, const PartyHero *h, int k)
{
    return catalogue_item_at(cat, (size_t)h->kit.items[k].item);
}

/* The most attack dice the hero strikes with (its type's own, or the best
 * weapon it carries that the bot uses), and whether that weapon is
 * two-handed. */
static int best_attack(const Catalogue *cat, const PartyHero *h, bool *two_handed)
{
    const PieceType *type = catalogue_find(cat, h->type);
    int best = type ? type->attack : 0;
    *two_handed = false;
    for (int k = 0; k < h->kit.count; k++) {
        const ItemType *it = kit_item(cat, h, k);
        if (it && it->kind == ITEM_WEAPON && !(it->flags & ITEM_RANGED) && it->attack > best) {
            best = it->attack;
            *two_handed = (it->flags & ITEM_TWO_HANDED) != 0;
        }
    }
    return best;
}

static bool has_slot(const Catalogue *cat, const PartyHero *h, ItemSlot slot)
{
    for (int k = 0; k < h->kit.count; k++) {
        const ItemType *it = kit_item(cat, h, k);
        if (it && it->kind == ITEM_ARMOUR && it->slot == slot)
            return true;
    }
    return false;
}

static bool heals(const ItemType *it)
{
    return it->kind == ITEM_POTION && (it->heal > 0 || it->heal_dice > 0 || it->eu_heal > 0);
}

static int potions(const Catalogue *cat, const PartyHero *h)
{
    int n = 0;
    for (int k = 0; k < h->kit.count; k++) {
        const ItemType *it = kit_item(cat, h, k);
        n += it && heals(it);
    }
    return n;
}

/* How much the policy wants item it for hero h at this stage (0: not at
 * all); ties go to the cheaper item. */
static int want(const Catalogue *cat, const PartyHero *h, const ItemType *it, int stage)
{
    bool two_handed;
    int attack = best_attack(cat, h, &two_handed);
    switch (stage) {
    case 0: /* a weapon that strikes with more dice */
        if (it->kind != ITEM_WEAPON || (it->flags & ITEM_RANGED) || it->attack <= attack ||
            ((it->flags & ITEM_TWO_HANDED) && has_slot(cat, h, ITEM_SLOT_SHIELD)))
            return 0;
        return it->attack;
    case 1: /* armour for an empty slot, none that slows */
        if (it->kind != ITEM_ARMOUR || it->defend <= 0 || it->move_dice > 0 ||
            has_slot(cat, h, it->slot) || (it->slot == ITEM_SLOT_SHIELD && two_handed))
            return 0;
        return it->defend;
    default: /* healing potions up to BOOKSIM_POTIONS, the dearest */
        return heals(it) && potions(cat, h) < BOOKSIM_POTIONS ? 1 : 0;
    }
}

/* The armoury item hero should buy now, or -1. */
static int choose_buy(const Party *p, int hero)
{
    const Catalogue *cat = party_catalogue(p);
    const PartyHero *h = party_hero(p, hero);
    const PieceType *type = catalogue_find(cat, h->type);
    for (int stage = 0; stage < 3; stage++) {
        int best = -1, best_want = 0, best_price = 0;
        for (size_t i = 0; i < catalogue_item_count(cat); i++) {
            const ItemType *it = catalogue_item_at(cat, i);
            int price = party_price(p, (int)i);
            if (price < 0 || price > h->gold || !type || !catalogue_item_usable(it, type))
                continue;
            int w = want(cat, h, it, stage);
            /* potions: the dearest; the rest: the most wanted, then the cheapest */
            bool better = stage == 2 ? w > 0 && price > best_price
                                     : w > best_want || (w > 0 && w == best_want && price < best_price);
            if (better) {
                best = (int)i;
                best_want = w;
                best_price = price;
            }
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

int booksim_shop(Party *p)
{
    char why[256];
    int bought = 0;
    for (int hero = 0; hero < party_hero_count(p); hero++)
        for (int n = 0; n < BOOKSIM_MAX_BUYS; n++) {
            int item = choose_buy(p, hero);
            if (item < 0 || !party_buy(p, hero, item, why, sizeof why))
                break;
            bought++;
        }
    return bought;
}

static long long party_gold(const Party *p)
{
    long long gold = 0;
    for (int i = 0; i < party_hero_count(p); i++)
        gold += party_hero(p, i)->gold;
    return gold;
}

/* --- one party --------------------------------------------------------------- */

/* Plays the party's current quest with the bot and settles it; false when
 * the game was still going at the round limit (the party stops). */
static bool play_quest(const BookSimReport *rep, Party *p, QuestTally *q)
{
    char why[256];
    static const MatchSeat seats[] = {
        {.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_COMPUTER, .heroes = MATCH_ALL_HEROES},
        {.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER},
    };
    const CampaignMission *cm = &rep->campaign->missions[party_step(p)];
    MatchConfig c = {.mission = rep->missions[party_step(p)], .mission_ref = cm->path,
                     .seats = seats, .seat_count = 2};
    if (!party_begin_quest(p, why, sizeof why))
        return false;
    Match *m = match_create_quest(&c, p, rep->campaign->path, why, sizeof why);
    if (!m)
        return false;
    const Game *g = match_game(m);
    Bot *bot = bot_create(g);
    long long budget = (long long)rep->opts.max_rounds * BOOKSIM_CHOICES_PER_ROUND;
    Action a;
    while (game_turn(g) <= rep->opts.max_rounds && budget-- > 0 && bot_choose(bot, g, &a))
        match_act(m, 0, &a, why, sizeof why);
    bot_destroy(bot);
    q->played++;
    GameStatus status = game_status(g);
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *gp = game_piece(g, (int)i);
        q->fallen += gp->side == GAME_SIDE_HEROES && !gp->alive;
    }
    if (status == GAME_STATUS_VICTORY)
        q->won++;
    else if (status == GAME_STATUS_DEFEAT)
        q->lost_by[game_defeat(g)]++;
    else
        q->unfinished++;
    bool settled = status != GAME_STATUS_PLAYING && match_settle(m, why, sizeof why);
    match_destroy(m);
    return settled;
}

static void play_party(const BookSimReport *rep, uint64_t seed, Tally *t, bool *seen)
{
    char why[256];
    const Campaign *c = rep->campaign;
    Party *p = party_create(c, rep->cat, 0, NULL, seed, why, sizeof why);
    if (!p) /* the first party was made, so the same campaign cannot fail */
        return;
    memset(seen, 0, c->mission_count * sizeof *seen);
    long long bought = 0;
    int quests = 0, cap = BOOKSIM_QUESTS_PER_STEP * (int)c->mission_count;
    while (party_stage(p) == PARTY_BETWEEN) {
        if (quests++ >= cap) {
            t->gave_up++;
            break;
        }
        bought += booksim_shop(p);
        int step = party_step(p);
        QuestTally *q = &t->quests[step];
        if (!seen[step]) {
            seen[step] = true;
            q->reached++;
            q->gold_at_start += party_gold(p);
            q->bought_before += bought;
        }
        if (!play_quest(rep, p, q)) {
            t->unfinished++;
            break;
        }
    }
    if (party_stage(p) == PARTY_FINISHED)
        t->finished++;
    party_destroy(p);
}

typedef struct Worker {
    BookSimReport *rep;
    Tally tally;
} Worker;

static void *worker(void *arg)
{
    Worker *w = arg;
    BookSimReport *rep = w->rep;
    bool *seen = xcalloc(rep->campaign->mission_count + 1, sizeof *seen);
    for (;;) {
        int i = atomic_fetch_add(&rep->next, 1);
        if (i >= rep->opts.parties)
            break;
        play_party(rep, rep->opts.first_seed + (uint64_t)i, &w->tally, seen);
    }
    free(seen);
    return NULL;
}

static void add_tally(Tally *sum, const Tally *t, size_t quests)
{
    sum->finished += t->finished;
    sum->gave_up += t->gave_up;
    sum->unfinished += t->unfinished;
    for (size_t k = 0; k < quests; k++) {
        QuestTally *s = &sum->quests[k];
        const QuestTally *q = &t->quests[k];
        s->reached += q->reached, s->played += q->played, s->won += q->won;
        s->unfinished += q->unfinished, s->fallen += q->fallen;
        s->gold_at_start += q->gold_at_start, s->bought_before += q->bought_before;
        for (int d = 0; d < GAME_DEFEAT_COUNT; d++)
            s->lost_by[d] += q->lost_by[d];
    }
}

BookSimReport *booksim_run(const Campaign *c, const Catalogue *cat, const Mission *const *missions,
                           const BookSimOptions *opts, char *why, size_t why_size)
{
    /* a first party, to learn that one can be made and has a place in
     * every quest */
    Party *probe = party_create(c, cat, 0, NULL, opts->first_seed, why, why_size);
    for (size_t k = 0; probe && k < c->mission_count; k++) {
        GameSetup setup;
        if (!party_setup(probe, missions[k], &setup, NULL, why, why_size)) {
            party_destroy(probe);
            probe = NULL;
        }
    }
    if (!probe)
        return NULL;
    party_destroy(probe);
    BookSimReport *rep = xcalloc(1, sizeof *rep);
    rep->campaign = c;
    rep->cat = cat;
    rep->missions = missions;
    rep->opts = *opts;
    rep->opts.parties = rep->opts.parties < 1 ? 1 : rep->opts.parties;
    rep->opts.jobs = rep->opts.jobs < 1 ? 1 : rep->opts.jobs > BALANCE_MAX_JOBS ? BALANCE_MAX_JOBS : rep->opts.jobs;
    if (rep->opts.max_rounds <= 0)
        rep->opts.max_rounds = BALANCE_DEFAULT_MAX_ROUNDS;
    /* the boards gather their room facts on the first question, into the
     * shared missions: ask before any thread does */
    for (size_t k = 0; k < c->mission_count; k++)
        if (board_room_count(missions[k]->board) > 0)
            (void)board_room_info(missions[k]->board, 1);
    size_t quests = c->mission_count;
    Worker workers[BALANCE_MAX_JOBS];
    for (int j = 0; j < rep->opts.jobs; j++)
        workers[j] = (Worker){rep, {.quests = xcalloc(quests + 1, sizeof(QuestTally))}};
    atomic_init(&rep->next, 0);
    pthread_t threads[BALANCE_MAX_JOBS];
    bool started[BALANCE_MAX_JOBS] = {false};
    for (int j = 1; j < rep->opts.jobs; j++)
        started[j] = pthread_create(&threads[j], NULL, worker, &workers[j]) == 0;
    worker(&workers[0]); /* this thread works too, so a failed pthread_create only slows */
    rep->sum.quests = xcalloc(quests + 1, sizeof(QuestTally));
    for (int j = 0; j < rep->opts.jobs; j++) {
        if (j > 0 && started[j])
            pthread_join(threads[j], NULL);
        add_tally(&rep->sum, &workers[j].tally, quests);
        free(workers[j].tally.quests);
    }
    return rep;
}

void booksim_destroy(BookSimReport *rep)
{
    if (!rep)
        return;
    free(rep->sum.quests);
    free(rep);
}

int booksim_finished(const BookSimReport *rep)
{
    return (int)rep->sum.finished;
}

int booksim_gave_up(const BookSimReport *rep)
{
    return (int)rep->sum.gave_up;
}

int booksim_unfinished(const BookSimReport *rep)
{
    return (int)rep->sum.unfinished;
}

static const QuestTally *quest_at(const BookSimReport *rep, int k)
{
    static const QuestTally none;
    return k >= 0 && (size_t)k < rep->campaign->mission_count ? &rep->sum.quests[k] : &none;
}

int booksim_reached(const BookSimReport *rep, int k)
{
    return (int)quest_at(rep, k)->reached;
}

int booksim_played(const BookSimReport *rep, int k)
{
    return (int)quest_at(rep, k)->played;
}

int booksim_won(const BookSimReport *rep, int k)
{
    return (int)quest_at(rep, k)->won;
}

int booksim_lost_by(const BookSimReport *rep, int k, GameDefeat d)
{
    return d >= 0 && d < GAME_DEFEAT_COUNT ? (int)quest_at(rep, k)->lost_by[d] : 0;
}

long long booksim_gold_at_start(const BookSimReport *rep, int k)
{
    return quest_at(rep, k)->gold_at_start;
}

long long booksim_bought_before(const BookSimReport *rep, int k)
{
    return quest_at(rep, k)->bought_before;
}

/* --- the report ----------------------------------------------------------------- */

static double per(long long n, long long d)
{
    return d > 0 ? (double)n / (double)d : 0.0;
}

static long long lost(const QuestTally *q)
{
    return q->lost_by[GAME_DEFEAT_PARTY_KILLED] + q->lost_by[GAME_DEFEAT_TURN_LIMIT] +
           q->lost_by[GAME_DEFEAT_OBJECTIVE_UNMET] + q->lost_by[GAME_DEFEAT_NONE];
}

void booksim_print_text(const BookSimReport *rep, double seconds, FILE *out)
{
    const Campaign *c = rep->campaign;
    int n = rep->opts.parties;
    fprintf(out,
            ngettext("%s (%s): %d party, seeds %llu-%llu, carrying its gold, rewards and gear "
                     "from quest to quest\n",
                     "%s (%s): %d parties, seeds %llu-%llu, each carrying its gold, rewards and "
                     "gear from quest to quest\n",
                     (unsigned long)n),
            c->name, c->id, n, (unsigned long long)rep->opts.first_seed,
            (unsigned long long)(rep->opts.first_seed + (uint64_t)n - 1));
    fprintf(out,
            _("shopping between quests, each hero with its own gold: a weapon with more attack "
              "dice, then armour for an empty slot (none that slows), then healing potions up "
              "to %d\n"),
            BOOKSIM_POTIONS);
    fprintf(out, _("finished the book %lld (%.1f%%), gave up %lld (%d quests played without "
                   "finishing), unfinished %lld (a quest still going after round %d)\n"),
            rep->sum.finished, 100.0 * per(rep->sum.finished, n), rep->sum.gave_up,
            BOOKSIM_QUESTS_PER_STEP * (int)c->mission_count, rep->sum.unfinished,
            rep->opts.max_rounds);
    for (size_t k = 0; k < c->mission_count; k++) {
        const QuestTally *q = &rep->sum.quests[k];
        fprintf(out, _("  quest %zu %s: reached by %lld, played %lld, won %lld (%.1f%%), lost %lld "
                       "(party killed %lld, turn limit %lld, objective unmet %lld), unfinished "
                       "%lld\n"),
                k + 1, c->missions[k].rel, q->reached, q->played, q->won,
                100.0 * per(q->won, q->played), lost(q), q->lost_by[GAME_DEFEAT_PARTY_KILLED],
                q->lost_by[GAME_DEFEAT_TURN_LIMIT], q->lost_by[GAME_DEFEAT_OBJECTIVE_UNMET],
                q->unfinished);
        fprintf(out, _("    a party came with %.1f gold and %.2f items bought so far; "
                       "heroes fallen per game: %.2f\n"),
                per(q->gold_at_start, q->reached), per(q->bought_before, q->reached),
                per(q->fallen, q->played));
    }
    if (seconds >= 0)
        fprintf(out,
                ngettext("time: %.2f s (%d job)\n", "time: %.2f s (%d jobs)\n",
                         (unsigned long)rep->opts.jobs),
                seconds, rep->opts.jobs);
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

void booksim_print_json(const BookSimReport *rep, double seconds, FILE *out)
{
    const Campaign *c = rep->campaign;
    fprintf(out, "{\"parties\": %d, \"first_seed\": %llu, \"finished\": %lld, \"gave_up\": %lld, "
                 "\"unfinished\": %lld, \"max_rounds\": %d, \"quests\": [",
            rep->opts.parties, (unsigned long long)rep->opts.first_seed, rep->sum.finished,
            rep->sum.gave_up, rep->sum.unfinished, rep->opts.max_rounds);
    for (size_t k = 0; k < c->mission_count; k++) {
        const QuestTally *q = &rep->sum.quests[k];
        fprintf(out, "%s\n    {\"mission\": ", k ? "," : "");
        json_string(out, c->missions[k].rel);
        fprintf(out, ", \"reached\": %lld, \"played\": %lld, \"won\": %lld, \"lost\": %lld, "
                     "\"lost_by\": {\"party_killed\": %lld, \"turn_limit\": %lld, \"objective_unmet\": %lld}, "
                     "\"unfinished\": %lld, \"gold_at_start\": %.2f, \"bought_before\": %.2f, "
                     "\"fallen_per_game\": %.3f}",
                q->reached, q->played, q->won, lost(q), q->lost_by[GAME_DEFEAT_PARTY_KILLED],
                q->lost_by[GAME_DEFEAT_TURN_LIMIT], q->lost_by[GAME_DEFEAT_OBJECTIVE_UNMET],
                q->unfinished, per(q->gold_at_start, q->reached), per(q->bought_before, q->reached),
                per(q->fallen, q->played));
    }
    fprintf(out, "]");
    if (seconds >= 0)
        fprintf(out, ", \"seconds\": %.3f", seconds);
    fprintf(out, "}");
}

/* Combat dice, attacks, damage and death. */
#include "game_internal.h"

#include <stdio.h>
#include <string.h>

DieFace combat_roll_face(Game *g)
{
    /* One d6 mapped to faces: 1-3 skull, 4-5 white shield, 6 black shield. */
    int r = rng_d6(&g->rng);
    return r <= 3 ? DIE_SKULL : r <= 5 ? DIE_WHITE_SHIELD : DIE_BLACK_SHIELD;
}

void combat_damage(Game *g, int piece, int amount)
{
    GamePiece *p = &g->pieces[piece];
    if (amount <= 0 || !p->alive)
        return;
    p->defend_bonus = 0; /* Rock Skin lasts until the piece is hurt */
    if (amount > p->body)
        amount = p->body;
    p->body -= amount;
    if (p->body > 0)
        return;
    /* US: a hero at 0 body points may drink its own potion before dying */
    if (p->side == GAME_SIDE_HEROES && item_drink_at_death(g, piece))
        return;
    p->alive = false;
    move_remove_piece(g, piece);
    game_emit(g, EVENT_DEATH, piece, "%s dies", game_piece_name(g, p->id));
    /* A body gone from the board may open lines of sight. */
    fog_update_all(g);
}

void combat_hurt(Game *g, int piece, int amount)
{
    game_emit(g, EVENT_DAMAGE, piece, amount == 1 ? N_("%s loses %d body point") : N_("%s loses %d body points"),
              game_piece_name(g, piece), amount)->value = amount;
    combat_damage(g, piece, amount);
}

void combat_heal(Game *g, int piece, int amount)
{
    GamePiece *p = &g->pieces[piece];
    int healed = amount < p->body_max - p->body ? amount : p->body_max - p->body;
    p->body += healed;
    game_emit(g, EVENT_HEAL, piece, healed == 1 ? N_("%s regains %d body point") : N_("%s regains %d body points"),
              game_piece_name(g, p->id), healed)->value = healed;

}

static int roll_dice(Game *g, int count, int *faces, int *recorded)
{
    int skulls = 0;
    *recorded = 0;
    for (int i = 0; i < count; i++) {
        DieFace f = combat_roll_face(g);
        if (*recorded < GAME_MAX_DICE)
            faces[(*recorded)++] = (int)f;
        skulls += f == DIE_SKULL;
    }
    return skulls;
}

static int count_face(const int *faces, int n, DieFace face)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += faces[i] == (int)face;
    return c;
}

/* In an open pit a figure rolls one die fewer, at least one (US). */
static int pit_dice(const Game *g, int piece, int dice)
{
    return trap_in_pit(g, piece) && dice > 1 ? dice - 1 : dice;
}

/* Rolls dice attack dice for the attack event e against defender. */
static void resolve_attack(Game *g, GameEvent *e, int defender, int dice)
{
    GamePiece *d = &g->pieces[defender];
    e->target = defender;
    e->to = d->pos;
    int skulls = roll_dice(g, dice, e->dice, &e->dice_count);
    int blocks = 0;
    /* With no skulls the defender does not roll (RULES.md 3). */
    if (skulls > 0) {
        DieFace shield = d->side == GAME_SIDE_HEROES ? DIE_WHITE_SHIELD : DIE_BLACK_SHIELD;
        int count = 0;
        roll_dice(g, pit_dice(g, defender, equip_defend_dice(g, defender) + d->defend_bonus), e->dice2,
                  &count);
        e->dice2_count = count;
        blocks = count_face(e->dice2, count, shield);
        /* Dice beyond GAME_MAX_DICE are rolled but not recorded. */
    }
    int damage = skulls > blocks ? skulls - blocks : 0;
    e->value = damage;
    game_event_add(e, skulls == 1 ? N_(": %d skull, %d blocked, %d damage") : N_(": %d skulls, %d blocked, %d damage"),
                   skulls, skulls < blocks ? skulls : blocks, damage);

    combat_damage(g, defender, damage);
}

/* The attack's opening words: who strikes, shoots or throws what at whom. */
static GameEvent *attack_event(Game *g, int attacker, int defender, const EquipAttack *how)
{
    const char *who = game_piece_name(g, attacker), *whom = game_piece_name(g, defender);
    const ItemType *w = game_item(g, how->weapon);
    GameEvent *e;
    if (!w)
        e = game_emit(g, EVENT_ATTACK, attacker, "%s attacks %s", who, whom);
    else if (how->thrown)
        e = game_emit(g, EVENT_ATTACK, attacker, "%s throws the %s at %s", who, w->name, whom);
    else if (how->shot)
        e = game_emit(g, EVENT_ATTACK, attacker, "%s shoots %s with the %s", who, whom, w->name);
    else
        e = game_emit(g, EVENT_ATTACK, attacker, "%s attacks %s with the %s", who, whom, w->name);
    e->item = how->weapon;
    return e;
}

static void attack_with(Game *g, int attacker, int defender, const EquipAttack *how)
{
    GamePiece *a = &g->pieces[attacker];
    BoardPos where = g->pieces[defender].pos;
    GameEvent *e = attack_event(g, attacker, defender, how);
    int dice = pit_dice(g, attacker, equip_attack_dice(g, attacker, defender, how->weapon) + a->attack_bonus);
    a->attack_bonus = 0; /* Courage is for one attack */
    if (how->thrown)
        equip_throw(g, attacker, how, where);
    resolve_attack(g, e, defender, dice);
}

void combat_attack(Game *g, int attacker, int defender)
{
    EquipAttack bare = {-1, -1, false, false};
    attack_with(g, attacker, defender, &bare);
}

void combat_spell_attack(Game *g, int caster, int defender, int dice, const char *name)
{
    GameEvent *e = game_emit(g, EVENT_ATTACK, caster, "%s's %s attacks %s",
                             game_piece_name(g, caster), name, game_piece_name(g, defender));
    resolve_attack(g, e, defender, dice);
}

bool combat_apply_attack(Game *g, const Action *a, char *why, size_t n)
{
    if (!turn_may_act(g, a, why, n))
        return false;
    if (!game_piece_on_board(g, a->target) || !g->pieces[a->target].revealed)
        return game_refuse_no_piece(g, a->target, why, n);
    const GamePiece *me = &g->pieces[a->piece], *them = &g->pieces[a->target];
    if (them->side == me->side)
        return game_refuse(why, n, "%s is not an enemy", game_piece_name(g, them->id));
    EquipAttack how;
    if (!equip_choose(g, a->piece, a->target, a->item, &how, why, n))
        return false;
    turn_use_action(g);
    attack_with(g, a->piece, a->target, &how);
    return true;
}

/* The chances of k successes in n tries of chance p, k = 0..n (n < 64). */
static void binomial(int n, double p, double *out)
{
    out[0] = 1.0;
    for (int i = 1; i <= n; i++) {
        out[i] = 0.0;
        for (int k = i; k > 0; k--)
            out[k] = out[k] * (1.0 - p) + out[k - 1] * p;
        out[0] *= 1.0 - p;
    }
}

bool game_attack_odds(const Game *g, int piece, int target, GameAttackOdds *out)
{
    if (!game_piece_on_board(g, piece) || !game_piece_on_board(g, target))
        return false;
    int weapon = game_attack_weapon(g, piece, target, 0, NULL, 0);
    if (weapon < -1)
        return false;
    const GamePiece *d = &g->pieces[target];
    int a = pit_dice(g, piece, game_attack_dice(g, piece, target, weapon));
    int b = pit_dice(g, target, game_defend_dice(g, target));
    a = a < 0 ? 0 : a > 63 ? 63 : a;
    b = b < 0 ? 0 : b > 63 ? 63 : b;
    double hits[64], blocks[64];
    binomial(a, 0.5, hits);
    binomial(b, d->side == GAME_SIDE_HEROES ? 2.0 / 6.0 : 1.0 / 6.0, blocks);
    /* the defender rolls only when a skull came up: with none the damage
     * is 0 either way, so the odds are those of both rolling always */
    double expected = 0.0, slay = 0.0;
    for (int h = 1; h <= a; h++)
        for (int k = 0; k < h && k <= b; k++) {
            int damage = h - k < d->body ? h - k : d->body;
            double p = hits[h] * blocks[k];
            expected += p * damage;
            slay += damage >= d->body ? p : 0.0;
        }
    *out = (GameAttackOdds){.attack_dice = a, .defend_dice = b, .expected_damage = expected, .slay = slay};
    return true;
}

/* Spells: casting (a hero's action), what each effect does, and the
 * states spells leave on pieces until they are used up (docs/rules.md,
 * "Spells"). Which spells exist and what they do is data: the catalogue's
 * <spells>; this module only knows the effect kinds. */
#include "game_internal.h"

#include <stdio.h>
#include <string.h>

uint32_t spell_book(const Catalogue *cat, const PieceType *t)
{
    uint32_t book = 0;
    for (size_t i = 0; i < catalogue_spell_count(cat); i++)
        if (catalogue_hero_casts(t, catalogue_spell_at(cat, i)->element))
            book |= 1u << i;
    return book;
}

static const SpellType *spell_of(const Game *g, int spell)
{
    if (spell < 0)
        return NULL;
    return catalogue_spell_at(g->mission->catalogue, (size_t)spell);
}

/* Everything a cast needs, checked before anything changes. */
static bool cast_allowed(const Game *g, const Action *a, char *why, size_t n)
{
    const GamePiece *me = &g->pieces[a->piece];
    const SpellType *s = spell_of(g, a->spell);
    if (!s)
        return game_refuse(why, n, "there is no spell %d", a->spell);
    if (me->side != GAME_SIDE_HEROES || !catalogue_hero_casts(me->type, s->element))
        return game_refuse(why, n, "%s does not cast %s spells", game_piece_name(g, me->id), s->element);
    if (!(me->spells & (1u << a->spell)))
        return game_refuse(why, n, "%s has already cast %s in this quest", game_piece_name(g, me->id), s->name);
    if (!turn_may_act(g, a, why, n))
        return false;
    if (!game_piece_on_board(g, a->target) || !g->pieces[a->target].revealed)
        return game_refuse_no_piece(g, a->target, why, n);
    const GamePiece *them = &g->pieces[a->target];
    GameSide side = s->targets_monster ? GAME_SIDE_MONSTERS : GAME_SIDE_HEROES;
    if (them->side != side)
        return game_refuse(why, n, "%s is cast on a %s", s->name, game_side_name(side));
    if (a->target != a->piece && !fog_sees(g, me->pos, them->pos))
        return game_refuse(why, n, "%s cannot see %s", game_piece_name(g, me->id), game_piece_name(g, them->id));
    if (s->effect == SPELL_SLEEP && (them->type->flags & PIECE_UNDEAD))
        return game_refuse(why, n, "%s does not work on the undead", s->name);
    if (s->effect == SPELL_HEAL && them->body >= them->body_max)
        return game_refuse(why, n, "%s is not hurt", game_piece_name(g, them->id));
    return true;
}

/* d6 the target rolls against a damage spell: each 5 or 6 saves a point. */
static int saving_roll(Game *g, GameEvent *e, int dice)
{
    int saved = 0;
    for (int i = 0; i < dice; i++) {
        int d = rng_d6(&g->rng);
        if (e->dice_count < GAME_MAX_DICE)
            e->dice[e->dice_count++] = d;
        saved += d >= 5;
    }
    return saved;
}

/* What a spell did to piece: format, a string literal, takes its name.
 * (A macro: the format stays a literal, checked, and the event keeps it.) */
#define status(g, piece, format) game_emit((g), EVENT_STATUS, (piece), format, game_piece_name((g), (piece)))


static void spell_damage(Game *g, GameEvent *cast, int target, const SpellType *s)
{
    int saved = saving_roll(g, cast, s->dice);
    int damage = s->amount > saved ? s->amount - saved : 0;
    if (s->dice > 0)
        game_event_add(cast, ": %d saved", saved);
    if (damage == 0)
        status(g, target, N_("%s is unharmed"));
    else
        combat_hurt(g, target, damage);
}

static void spell_effect(Game *g, int caster, GameEvent *cast, int target, const SpellType *s)
{
    GamePiece *t = &g->pieces[target];
    switch (s->effect) {
    case SPELL_ATTACK:
        combat_spell_attack(g, caster, target, s->dice, s->name);
        break;
    case SPELL_DAMAGE:
        spell_damage(g, cast, target, s);
        break;
    case SPELL_HEAL:
        combat_heal(g, target, s->amount);
        break;
    case SPELL_SKIP_TURN:
        t->skip_turn = true;
        status(g, target, N_("%s will miss its next turn"));
        break;
    case SPELL_SLEEP:
        t->asleep = true;
        status(g, target, N_("%s falls asleep"));
        break;
    case SPELL_DOUBLE_MOVE:
        t->double_move = true;
        status(g, target, N_("%s will roll twice the dice to move"));
        break;
    case SPELL_PASS_WALLS:
        t->pass_walls = true;
        status(g, target, N_("%s may walk through walls on the next move"));
        break;
    case SPELL_PASS_MONSTERS:
        t->pass_monsters = true;
        status(g, target, N_("%s may pass through monsters on the next move"));
        break;
    case SPELL_ATTACK_BONUS:
        t->attack_bonus += s->amount;
        status(g, target, N_("%s gains courage for the next attack"));
        break;
    case SPELL_DEFEND_BONUS:
        t->defend_bonus += s->amount;
        status(g, target, N_("%s is shielded until hurt"));
        break;
    case SPELL_EFFECT_COUNT:
        break;
    }
}

bool spell_apply_cast(Game *g, const Action *a, char *why, size_t n)
{
    if (!cast_allowed(g, a, why, n))
        return false;
    const SpellType *s = spell_of(g, a->spell);
    turn_use_action(g);
    g->pieces[a->piece].spells &= ~(1u << a->spell);
    GamePiece *me = &g->pieces[a->piece];
    GameEvent *e = a->target == a->piece
                       ? game_emit(g, EVENT_CAST, a->piece, "%s casts %s", game_piece_name(g, me->id), s->name)
                       : game_emit(g, EVENT_CAST, a->piece, "%s casts %s on %s", game_piece_name(g, me->id),
                                   s->name, game_piece_name(g, a->target));
    e->target = a->target;
    e->value = a->spell;
    e->from = me->pos;
    e->to = g->pieces[a->target].pos;
    spell_effect(g, a->piece, e, a->target, s);
    return true;
}

bool spell_monster_wakes(Game *g, int monster)
{
    GamePiece *p = &g->pieces[monster];
    if (p->asleep) {
        int dice = p->type->mind > 0 ? p->type->mind : 1;
        if (dice > GAME_MAX_DICE)
            dice = GAME_MAX_DICE;
        GameEvent *e = game_emit(g, EVENT_STATUS, monster, "%s", game_piece_name(g, p->id));
        bool six = false;
        for (int i = 0; i < dice; i++) {
            e->dice[e->dice_count++] = rng_d6(&g->rng);
            six |= e->dice[i] == 6;
        }
        game_event_add(e, six ? N_(" wakes up") : N_(" sleeps on"));


        if (!six)
            return false;
        p->asleep = false;
    }
    if (p->skip_turn) {
        p->skip_turn = false;
        status(g, monster, N_("%s misses its turn"));
        return false;
    }
    return true;
}

void spell_turn_over(Game *g, int hero)
{
    GamePiece *p = &g->pieces[hero];
    if (g->spell_move_used && (p->pass_walls || p->pass_monsters)) {
        p->pass_walls = p->pass_monsters = false;
        if (game_piece_on_board(g, hero))
            status(g, hero, N_("%s moves as before again"));
    }
    g->spell_move_used = false;
}

bool spell_changes_move(const Game *g, int piece)
{
    const GamePiece *p = &g->pieces[piece];
    return p->pass_walls || p->pass_monsters;
}

size_t game_spell_count(const Game *g)
{
    return catalogue_spell_count(g->mission->catalogue);
}

const SpellType *game_spell(const Game *g, int i)
{
    return spell_of(g, i);
}

bool game_can_cast(const Game *g, int piece, int spell)
{
    const GamePiece *p = game_piece(g, piece);
    return p && piece == g->current && g->status == GAME_STATUS_PLAYING && !g->acted &&
           spell >= 0 && spell < CATALOGUE_MAX_SPELLS && (p->spells & (1u << spell));
}

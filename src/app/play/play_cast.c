/* Casting a spell from the play screen: the list of the hero's unused spells, then a
 * target among the shaded pieces. */

#include "play_internal.h"

#include "core/i18n.h"

#include <stdio.h>
#include <string.h>

/* --- Casting a spell ---------------------------------------------------- */

void play_cast_cancel(Play *p)
{
    p->cast_mode = CAST_NONE;
    p->cast_target_count = 0;
    p->notice[0] = '\0';
}

/* Opens the list of the current hero's spells: his whole book, each with
 * the same number all quest long, the spent ones greyed. */
void play_cast_open(Play *p)
{
    int hero = game_current(p->game);
    const GamePiece *h = game_piece(p->game, hero);
    if (!h || !p->enabled[HUD_CMD_CAST]) {
        snprintf(p->notice, sizeof p->notice, "%s",
                 !h && game_monsters_turn(p->game) ? _("It is the monsters' turn.")
                 : !h ? _("The game is over.")
                 : !h->spells ? _("This hero casts no spells.")
                 : game_has_acted(p->game) ? _("The hero has already acted this turn.")
                                           : _("No spell can be cast now."));
        return;
    }
    HudSpellMenu *sm = &p->spell_menu;
    *sm = (HudSpellMenu){.hover = -1, .caster = play_piece_name(p, hero)};
    for (size_t i = 0; i < game_spell_count(p->game) && i < HUD_SPELLS_MAX; i++) {
        if (!catalogue_hero_casts(h->type, game_spell(p->game, (int)i)->element))
            continue;
        sm->spent[sm->count] = !game_can_cast(p->game, hero, (int)i);
        if (sm->hover < 0 && !sm->spent[sm->count])
            sm->hover = sm->count;
        sm->spells[sm->count++] = (int)i;
    }
    hud_spell_keep_visible(&p->layout, sm);
    p->cast_mode = CAST_CHOOSE;
    p->cast_hero = hero;
    p->notice[0] = '\0';
}

/* The key that gives the spell up, as the player would press it: B
 * while the controller is the last input, else the key bound to back. */
static const char *cancel_key(const Play *p, char *buf, size_t size)
{
    if (p->pad_hints)
        return "B";
    const char *k = bindings_get(&p->in.bindings, BINDING_BACK, 0);
    return bindings_shown(k[0] ? k : bindings_get(&p->in.bindings, BINDING_BACK, 1), buf, size);
}

/* The hint while a target is chosen. */
static void cast_prompt(Play *p)
{
    const SpellType *s = game_spell(p->game, p->cast_spell);
    char key[BINDINGS_SHOWN_MAX];
    if (s->targets_monster)
        snprintf(p->notice, sizeof p->notice, _("%s: choose a monster in sight (%s to cancel)"), _(s->name),
                 cancel_key(p, key, sizeof key));
    else
        snprintf(p->notice, sizeof p->notice, _("%s: choose %s or a hero in sight (%s to cancel)"), _(s->name),
                 play_piece_name(p, p->cast_hero), cancel_key(p, key, sizeof key));
}

/* Adds a refusal to the list in buf ("a; b"), once each. */
static void add_reason(char *buf, size_t size, const char *why)
{
    if (!why[0] || strstr(buf, why))
        return;
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%s", n ? "; " : "", why);
}

/* Row row of the list chosen: the squares it may target are found once
 * (a clone per candidate), then the player points at one. With the
 * keyboard the cursor starts on the first. */
void play_cast_choose(Play *p, int row, bool by_key)
{
    if (row < 0 || row >= p->spell_menu.count)
        return;
    if (p->spell_menu.spent[row]) {
        snprintf(p->notice, sizeof p->notice, _("%s was already cast in this quest."),
                 _(game_spell(p->game, p->spell_menu.spells[row])->name));
        return;
    }
    p->cast_spell = p->spell_menu.spells[row];
    p->cast_target_count = 0;
    const SpellType *s = game_spell(p->game, p->cast_spell);
    GameSide side = s->targets_monster ? GAME_SIDE_MONSTERS : GAME_SIDE_HEROES;
    char why[NOTICE_MAX] = "";
    for (size_t i = 0; i < game_piece_count(p->game) && i < p->piece_cap; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        if (gp->side != side || !gp->alive || gp->escaped || !play_sees(p, (int)i))
            continue;
        Action a = {.kind = ACTION_CAST, .piece = p->cast_hero, .target = (int)i, .spell = p->cast_spell};
        char last[200], said[200];
        if (game_check(p->game, &a, last, sizeof last))
            p->cast_targets[p->cast_target_count++] = gp->pos;
        else if (s->effect != SPELL_HEAL || gp->body < gp->body_max) /* a healing spell: only the hurt matter */
            add_reason(why, sizeof why, eventsay_refusal(last, said, sizeof said));
    }
    if (p->cast_target_count == 0) {
        snprintf(p->notice, sizeof p->notice, _("%s: no target (%s)."), _(s->name),
                 why[0] ? why : s->effect == SPELL_HEAL ? _("no hero is hurt")
                 : s->targets_monster ? _("no monster in sight") : _("no hero in sight"));
        return; /* the list stays open */
    }
    p->cast_mode = CAST_TARGET;
    cast_prompt(p);
    if (by_key) {
        p->has_cursor = true;
        p->cursor = p->cast_targets[0];
        play_follow_cursor(p);
    }
}

/* The player pointed at pos while choosing a target. */
void play_cast_at(Play *p, BoardPos pos)
{
    int id = game_piece_at(p->game, pos);
    const GamePiece *gp = play_sees(p, id) ? game_piece(p->game, id) : NULL;
    if (!gp) {
        cast_prompt(p);
        return;
    }
    Action a = {.kind = ACTION_CAST, .piece = p->cast_hero, .target = id, .spell = p->cast_spell};
    char why[200], said[200], key[BINDINGS_SHOWN_MAX];
    if (!game_check(p->game, &a, why, sizeof why)) {
        /* TRANSLATORS: the reason, then the key that gives the spell up */
        snprintf(p->notice, sizeof p->notice, _("%s (%s to cancel)"), eventsay_refusal(why, said, sizeof said),
                 cancel_key(p, key, sizeof key));
        return;
    }
    play_cast_cancel(p);
    p->has_cursor = false;
    play_apply_action(p, &a);
}

/* Tab while choosing a target: the cursor goes to the next one. */
void play_cast_next_target(Play *p)
{
    int next = 0;
    for (int i = 0; p->has_cursor && i < p->cast_target_count; i++)
        if (grid_pos_equal(p->cast_targets[i], p->cursor))
            next = (i + 1) % p->cast_target_count;
    p->has_cursor = true;
    p->cursor = p->cast_targets[next];
    play_follow_cursor(p);
}

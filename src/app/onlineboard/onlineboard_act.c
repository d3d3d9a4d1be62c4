/* The online board's other deeds of the hero on turn (onlineboard.h):
 * a spell from the hero's book (the list as in local play, the spent ones
 * greyed, then a target clicked), a potion drunk, a move taken back. The
 * client only proposes: each goes to the server as the protocol's `cast`,
 * `use` or `undo`, which the rules there accept or refuse (the refusal
 * shows in the news). */
#include "app/onlineboard/onlineboard.h"

#include "core/i18n.h"

#include <stdio.h>
#include <string.h>

/* The hero's type in the client's copy of the mission, or NULL. */
static const PieceType *hero_type(const OnlinePlay *p, const OnlinePiece *h)
{
    return p->tmpl && h ? catalogue_find(game_mission(p->tmpl)->catalogue, h->type) : NULL;
}

bool onlineboard_can_cast(const OnlinePlay *p)
{
    const OnlinePiece *h = onlineplay_my_hero(p);
    return h && h->casts && h->spells[0];
}

/* The first potion the hero carries, when hurt (the rules' test:
 * docs/rules.md, "Belongings"); its catalogue id in item. */
bool onlineboard_can_drink(const OnlinePlay *p, int *item)
{
    const OnlinePiece *h = onlineplay_my_hero(p);
    if (!h || !p->tmpl || h->body >= h->body_max)
        return false;
    const Catalogue *cat = game_mission(p->tmpl)->catalogue;
    for (size_t i = 0; i < catalogue_item_count(cat); i++) {
        const ItemType *it = catalogue_item_at(cat, i);
        if (it->kind == ITEM_POTION && onlinegame_list_has(h->items, it->id)) {
            if (item)
                *item = (int)i;
            return true;
        }
    }
    return false;
}

void onlineboard_cast_cancel(OnlinePlay *p)
{
    p->cast = OCAST_NONE;
    p->notice[0] = '\0';
    onlineplay_refresh(p);
}

/* The hero's whole book, each spell as often as the quest allows, the
 * spent ones greyed (the state lists those left). */
void onlineboard_cast_open(OnlinePlay *p)
{
    const OnlinePiece *h = onlineplay_my_hero(p);
    const PieceType *type = hero_type(p, h);
    if (!h || !type || !h->casts) {
        snprintf(p->notice, sizeof p->notice, "%s", _("This hero casts no spells."));
        return;
    }
    p->spell_count = 0;
    for (size_t i = 0; i < game_spell_count(p->tmpl) && p->spell_count < ONLINEPLAY_SPELLS_MAX; i++) {
        const SpellType *s = game_spell(p->tmpl, (int)i);
        if (!catalogue_hero_casts(type, s->element))
            continue;
        p->spent[p->spell_count] = !onlinegame_list_has(h->spells, s->id);
        snprintf(p->spell_rows[p->spell_count], sizeof p->spell_rows[0], "%s", _(s->name));
        p->spells[p->spell_count++] = (int)i;
    }
    p->cast = OCAST_CHOOSE;
    p->cast_hero = h->id;
    p->menu.selected = 0;
    for (int i = 0; i < p->spell_count; i++)
        if (!p->spent[i]) {
            p->menu.selected = i;
            break;
        }
    snprintf(p->notice, sizeof p->notice, _("%s casts: choose a spell (Esc to cancel)"),
             onlineboard_piece_name(p, h->id));
    onlineplay_refresh(p);
}

static void cast_prompt(OnlinePlay *p)
{
    const SpellType *s = game_spell(p->tmpl, p->cast_spell);
    if (s->targets_monster)
        snprintf(p->notice, sizeof p->notice, _("%s: choose a monster in sight (Esc to cancel)"), _(s->name));
    else
        snprintf(p->notice, sizeof p->notice, _("%s: choose %s or a hero in sight (Esc to cancel)"), _(s->name),
                 onlineboard_piece_name(p, p->cast_hero));
}

void onlineboard_cast_row(OnlinePlay *p, int row)
{
    if (row == p->spell_count) { /* Cancel */
        onlineboard_cast_cancel(p);
        return;
    }
    if (row < 0 || row > p->spell_count)
        return;
    const SpellType *s = game_spell(p->tmpl, p->spells[row]);
    if (p->spent[row]) {
        snprintf(p->notice, sizeof p->notice, _("%s was already cast in this quest."), _(s->name));
        return;
    }
    p->cast_spell = p->spells[row];
    p->cast = OCAST_TARGET;
    cast_prompt(p);
    onlineplay_refresh(p); /* the list closes: the targets are shaded */
}

int onlineboard_cast_targets(const OnlinePlay *p, BoardPos *out, int cap)
{
    if (p->cast != OCAST_TARGET || !p->tmpl)
        return 0;
    const SpellType *s = game_spell(p->tmpl, p->cast_spell);
    const OnlineState *st = online_state(p->online);
    int n = 0;
    /* the state names only the pieces this seat sees */
    for (int i = 0; i < st->piece_count && n < cap; i++) {
        const OnlinePiece *pc = &st->pieces[i];
        if (pc->on_board && pc->id >= 0 && pc->hero != s->targets_monster &&
            (s->effect != SPELL_HEAL || pc->body < pc->body_max))
            out[n++] = pc->pos;
    }
    return n;
}

void onlineboard_cast_at(OnlinePlay *p, BoardPos sq)
{
    const OnlinePiece *there = onlinegame_piece_at(online_state(p->online), sq);
    const SpellType *s = game_spell(p->tmpl, p->cast_spell);
    if (!there || there->id < 0) {
        cast_prompt(p);
        return;
    }
    if (there->hero == s->targets_monster) {
        snprintf(p->notice, sizeof p->notice, "%s",
                 s->targets_monster ? _("That spell is cast on a monster (Esc to cancel)")
                                    : _("That spell is cast on a hero (Esc to cancel)"));
        return;
    }
    onlineplay_command(p, "cast %d %s %d", p->cast_hero, s->id, there->id);
    onlineboard_cast_cancel(p);
}

void onlineboard_drink(OnlinePlay *p)
{
    int item;
    const OnlinePiece *h = onlineplay_my_hero(p);
    if (!onlineboard_can_drink(p, &item)) {
        snprintf(p->notice, sizeof p->notice, "%s",
                 h && h->body >= h->body_max ? _("The hero is not hurt.") : _("The hero has no potion."));
        return;
    }
    p->notice[0] = '\0';
    onlineplay_command(p, "use %d %s", h->id,
                       catalogue_item_at(game_mission(p->tmpl)->catalogue, (size_t)item)->id);
}

void onlineboard_undo(OnlinePlay *p)
{
    const OnlinePiece *h = onlineplay_my_hero(p);
    if (!h || online_state(p->online)->can_undo <= 0) {
        snprintf(p->notice, sizeof p->notice, "%s", _("No move to take back."));
        return;
    }
    p->notice[0] = '\0';
    onlineplay_command(p, "undo");
}

/* The right-hand panel: the mission's name, the status lines, the heroes' cards, the
 * piece under the mouse and the log. */

#include "hud_internal.h"

#include "core/i18n.h"

#include "gfx/scene_game.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* --- Panel: status, heroes, piece info, log ----------------------------- */

static int draw_status(Text *t, const HudLayout *l, const HudModel *m, int y)
{
    int x = l->panel.x + l->line_h / 2, w = l->panel.w - l->line_h;
    char first[NOTICE_LINE], *second;
    snprintf(first, sizeof first, "%s", m->status ? m->status : "");
    second = strchr(first, '\n');
    if (second)
        *second++ = '\0';
    hud_text_fit(t, first, x, y, w, TITLE);
    y += l->line_h;
    if (second) {
        hud_text_fit(t, second, x, y, w, BODY);
        y += l->line_h;
    }
    if (m->notice && m->notice[0]) {
        char lines[2][160];
        int n = hud_wrap(t, m->notice, w, lines, 2);
        for (int i = 0; i < n; i++, y += l->line_h)
            text_draw(t, lines[i], x, y, BAD);
    }
    return y + l->line_h / 2;
}

/* The gold piece id has found so far, as shown. */
static int found_gold(const HudModel *m, const GamePiece *p)
{
    for (int i = 0; m->summary && i < m->summary->hero_count; i++)
        if (m->summary->heroes[i].piece == p->id)
            return m->summary->heroes[i].gold;
    return p->gold;
}

/* The gold a hero brought into a campaign's quest (0 outside one). */
static int brought_gold(const HudModel *m, const GamePiece *p)
{
    return m->purse && p->side == GAME_SIDE_HEROES && p->id >= 0 && p->id < GAME_MAX_HEROES ? m->purse[p->id] : 0;
}

/* The gold a hero has now: what it brought in and what it found. */
static int shown_gold(const HudModel *m, const GamePiece *p)
{
    return brought_gold(m, p) + found_gold(m, p);
}

/* A hero's purse for its card: "Gold: 29 (+12 this quest)" in a
 * campaign's quest (17 brought in, 12 found), "Gold: 12 found" in a
 * mission alone; "" for others. */
static void gold_line(const HudModel *m, const GamePiece *p, char *buf, size_t size)
{
    buf[0] = '\0';
    if (p->side != GAME_SIDE_HEROES)
        return;
    if (m->purse)
        snprintf(buf, size, _("Gold: %d (+%d this quest)"), shown_gold(m, p), found_gold(m, p));
    else
        snprintf(buf, size, _("Gold: %d found"), found_gold(m, p));
}

/* A line per hero: name, then a body bar with body and gold, or what
 * became of him (fallen, escaped) in its place. */
/* A hero's name in a campaign as the party wrote it, else its type's in
 * the player's language (as the log says it). */
static const char *hud_piece_name(const HudModel *m, int id)
{
    if (!game_piece(m->game, id))
        return "";
    const char *name = game_piece_name(m->game, id);
    return game_piece_named(m->game, id) ? name : gettext(name);
}

static int draw_heroes(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m, int y)
{
    const Game *g = m->game;
    int x = l->panel.x + l->line_h / 2, w = l->panel.w - l->line_h, lh = l->line_h;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->side != GAME_SIDE_HEROES)
            continue;
        if ((int)i == m->current) {
            SDL_Rect row = {x - 4, y - 2, w + 8, lh + 4};
            hud_fill(sdl, row, hud_contrast_fill((SDL_Color){70, 56, 30, 255}));
            if (contrast_high()) /* the highlight, dark in high contrast, is outlined */
                hud_frame(sdl, row, PANEL_EDGE);
        }
        int body = hud_body(m, (int)i);
        bool gone = p->escaped || body <= 0;
        /* the hero's ring colour, as on the board */
        uint32_t ring = scene_game_ring(g, (int)i);
        int dot = lh / 2 + 2, dx = lh * 3 / 4;
        hud_fill(sdl, (SDL_Rect){x, y + (lh - dot) / 2, dot, dot}, (SDL_Color){20, 16, 14, 255});
        hud_fill(sdl, (SDL_Rect){x + 1, y + (lh - dot) / 2 + 1, dot - 2, dot - 2},
                 (SDL_Color){(Uint8)(ring >> 16), (Uint8)(ring >> 8), (Uint8)ring, gone ? 110 : 255});
        hud_text_fit(t, hud_piece_name(m, (int)i), x + dx, y, w / 2 - lh / 4 - dx, gone ? DIM : BODY);
        if (gone) {
            hud_text_fit(t, p->escaped ? _("escaped") : _("fallen"), x + w / 2, y, w / 2, DIM);
        } else {
            /* the bar gives way to a long purse ("8/8  1250g" in a
             * campaign on an 800-pixel window), down to a line high */
            char gold[32];
            snprintf(gold, sizeof gold, "%d/%d  %dg", body, p->body_max, shown_gold(m, p));
            int bar = w / 4, over = hud_text_w(t, gold) - (w - w * 3 / 4 - 4);
            if (over > 0)
                bar = bar - over > lh ? bar - over : lh;
            hud_body_bar(sdl, x + w / 2, y + lh / 4, bar, lh / 2, body, p->body_max);
            int tx = x + w * 3 / 4 + 4 - (w / 4 - bar);
            hud_text_fit(t, gold, tx, y, x + w - tx, GOLD);
        }
        y += lh + 4;
    }
    return y + lh / 2;
}

/* The name of the first spell with this effect (the catalogue names the
 * states spells leave), or fallback. */
static const char *effect_name(const Game *g, SpellEffect effect, const char *fallback)
{
    for (size_t i = 0; i < game_spell_count(g); i++)
        if (game_spell(g, (int)i)->effect == effect)
            return _(game_spell(g, (int)i)->name);
    return fallback;
}

/* "Spells: Genie, Swift Wind" for a hero who casts, or "". */
static void spells_line(const Game *g, const GamePiece *p, char *buf, size_t size)
{
    buf[0] = '\0';
    if (p->side != GAME_SIDE_HEROES || !p->type->spells[0])
        return;
    size_t n = (size_t)snprintf(buf, size, _("Spells:"));
    int listed = 0;
    for (size_t i = 0; i < game_spell_count(g) && i < 32 && n < size; i++)
        if (p->spells & (1u << i))
            n += (size_t)snprintf(buf + n, size - n, "%s %s", listed++ ? "," : "", _(game_spell(g, (int)i)->name));
    if (!listed && n < size)
        snprintf(buf + n, size - n, _(" all cast"));
}

/* Appends one effect to the list in buf (n characters so far). */
static size_t add_effect(char *buf, size_t size, size_t n, const char *name, int amount)
{
    if (n >= size)
        return n;
    int k = amount ? snprintf(buf + n, size - n, "%s%s +%d", n ? ", " : _("Effects: "), name, amount)
                   : snprintf(buf + n, size - n, "%s%s", n ? ", " : _("Effects: "), name);
    return n + (k > 0 ? (size_t)k : 0);
}

/* What spells did to the piece: "Effects: asleep, Courage +2", or "". */
static void effects_line(const Game *g, const GamePiece *p, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    if (p->asleep)
        n = add_effect(buf, size, n, _("asleep"), 0);
    if (p->skip_turn)
        n = add_effect(buf, size, n, _("misses next turn"), 0);
    if (p->double_move)
        n = add_effect(buf, size, n, effect_name(g, SPELL_DOUBLE_MOVE, _("double move")), 0);
    if (p->pass_walls)
        n = add_effect(buf, size, n, effect_name(g, SPELL_PASS_WALLS, _("through walls")), 0);
    if (p->pass_monsters)
        n = add_effect(buf, size, n, effect_name(g, SPELL_PASS_MONSTERS, _("through monsters")), 0);
    if (p->attack_bonus)
        n = add_effect(buf, size, n, effect_name(g, SPELL_ATTACK_BONUS, _("attack")), p->attack_bonus);
    if (p->defend_bonus)
        add_effect(buf, size, n, effect_name(g, SPELL_DEFEND_BONUS, _("defence")), p->defend_bonus);
}

/* A hero's belongings: "Carries: Broadsword, Helmet (worn), Potion of
 * Healing x2", or "" for others. */
static void items_line(const Game *g, const GamePiece *p, char *buf, size_t size)
{
    buf[0] = '\0';
    if (p->side != GAME_SIDE_HEROES)
        return;
    size_t n = (size_t)snprintf(buf, size, _("Carries:"));
    int listed = 0;
    for (int k = 0; k < p->item_count && n < size; k++) {
        int item = p->items[k].item, count = 0, first = k;
        for (int j = 0; j < p->item_count; j++) {
            if (p->items[j].item == item && p->items[j].worn == p->items[k].worn) {
                count++;
                first = j < first ? j : first;
            }
        }
        const ItemType *it = game_item(g, item);
        if (first != k || !it)
            continue; /* said with the first of its kind */
        int w = snprintf(buf + n, size - n, "%s %s%s", listed++ ? "," : "", _(it->name),
                         p->items[k].worn ? _(" (worn)") : "");
        n += w > 0 ? (size_t)w : 0;
        if (count > 1 && n < size)
            n += (size_t)snprintf(buf + n, size - n, " x%d", count);
    }
    if (!listed && n < size)
        snprintf(buf + n, size - n, _(" nothing"));
}

#define INFO_LINES 8

static int draw_info(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m, int y)
{
    const GamePiece *p = game_piece(m->game, m->info_piece);
    int x = l->panel.x + l->line_h / 2, w = l->panel.w - l->line_h, lh = l->line_h;
    if (!p)
        return y;
    char text[INFO_LINES][160];
    SDL_Color colour[INFO_LINES];
    /* a named foe by its name, with what it is: "Grashnak (Orc Warlord)" */
    char who[SCENE_NAME_MAX];
    scene_game_foe_name(m->game, p->id, who, sizeof who);
    bool named = scene_game_named(m->game, p->id);
    snprintf(text[0], 160, "%s (%s)%s", who, named ? _(p->type->name) : _(game_side_name(p->side)),
             p->alive ? "" : p->escaped ? _(" - escaped") : _(" - dead"));
    colour[0] = p->side == GAME_SIDE_HEROES ? GOLD : BAD;
    snprintf(text[1], 160, _("Body %d/%d   Mind %d"), hud_body(m, p->id), p->body_max, p->type->mind);
    /* the dice it rolls now: a hero's weapon, worn armour and spells count */
    int attack = p->type->attack, defend = p->type->defend, dice = p->type->move_dice;
    if (p->side == GAME_SIDE_HEROES && p->alive) {
        attack = game_attack_dice(m->game, p->id, -1, game_hand_weapon(m->game, p->id));
        defend = game_defend_dice(m->game, p->id);
        dice = game_move_dice_count(m->game, p->id);
    }
    if (p->type->move > 0)
        snprintf(text[2], 160, _("Attack %d   Defend %d   Move %d"), attack, defend, p->type->move);
    else
        snprintf(text[2], 160, _("Attack %d   Defend %d   Move %dd6"), attack, defend, dice);
    colour[1] = colour[2] = BODY;
    int n = 3;
    /* the lines that fit above the log's title */
    int room = (l->log.y - lh - (y - 2) - 6 - lh / 4) / lh;
    room = room < 3 ? 3 : room > INFO_LINES ? INFO_LINES : room;
    /* a foe the hero on turn could attack: what each side rolls and what
     * the blow takes on average (the attack preview), and its blow back */
    GameAttackOdds odds;
    if (n < room && p->side == GAME_SIDE_MONSTERS && m->current >= 0 && !m->animating &&
        game_attack_odds(m->game, m->current, p->id, &odds)) {
        snprintf(text[n], 160,
                 ngettext("Attack: %d die vs %d", "Attack: %d dice vs %d", (unsigned long)odds.attack_dice),
                 odds.attack_dice, odds.defend_dice);
        colour[n++] = TITLE;
        if (n < room) {
            snprintf(text[n], 160, _("  %.1f damage, %d%% to slay"), odds.expected_damage,
                     (int)lround(odds.slay * 100));
            colour[n++] = TITLE;
        }
        if (n < room && game_attack_odds(m->game, p->id, m->current, &odds)) {
            snprintf(text[n], 160,
                     ngettext("Its blow: %d die vs %d: %.1f damage", "Its blow: %d dice vs %d: %.1f damage",
                              (unsigned long)odds.attack_dice),
                     odds.attack_dice, odds.defend_dice,
                     odds.expected_damage);
            colour[n++] = BAD;
        }
    }
    char extra[512];
    effects_line(m->game, p, extra, sizeof extra);
    int k = hud_wrap(t, extra, w, text + n, room - n > 2 ? 2 : room - n);
    for (int i = 0; i < k; i++)
        colour[n++] = MAGIC;
    gold_line(m, p, extra, sizeof extra);
    k = hud_wrap(t, extra, w, text + n, room - n > 2 ? 2 : room - n);
    for (int i = 0; i < k; i++)
        colour[n++] = GOLD;
    items_line(m->game, p, extra, sizeof extra);
    k = hud_wrap(t, extra, w, text + n, room - n > 2 ? 2 : room - n);
    for (int i = 0; i < k; i++)
        colour[n++] = GOLD;
    spells_line(m->game, p, extra, sizeof extra);
    char more[INFO_LINES + 1][160];
    k = hud_wrap(t, extra, w, more, room - n + 1);
    if (k > room - n) { /* more spells than lines: the last one says so */
        k = room - n;
        if (k > 0)
            snprintf(more[k - 1] + strlen(more[k - 1]), 160 - strlen(more[k - 1]), " ...");
    }
    for (int i = 0; i < k; i++) {
        memcpy(text[n], more[i], sizeof text[n]);
        colour[n++] = DIM;
    }
    hud_box(sdl, (SDL_Rect){x - 4, y - 2, w + 8, n * lh + 6});
    for (int i = 0; i < n; i++)
        hud_text_fit(t, text[i], x, y + i * lh, w, colour[i]);
    return y + n * lh + lh / 2;
}

SDL_Color hud_log_colour(int tag)
{
    switch (tag) {
    case EVENT_ATTACK:
    case EVENT_DAMAGE:
    case EVENT_DISARM_FAILED:
    case EVENT_TRAP_SPRUNG: return (SDL_Color){240, 170, 150, 255};
    case EVENT_DEATH:
    case EVENT_DEFEAT: return BAD;
    case EVENT_FIND:
    case EVENT_OBJECTIVE_MET:
    case EVENT_VICTORY: return GOLD;
    case EVENT_TURN:
    case EVENT_MONSTERS_TURN: return TITLE;
    case EVENT_STEP: return DIM;
    case EVENT_CAST:
    case EVENT_STATUS: return MAGIC;
    default: return BODY;
    }
}

/* The newest lines of the log that fit rc, scroll lines back; long
 * lines wrap (up to 3 rows each). */
void hud_draw_log_lines(Text *t, const MsgLog *log, SDL_Rect rc, int lh, int scroll)
{
    int rows = rc.h / lh;
    int count = (int)msglog_count(log);
    int y = rc.y + rc.h;
    for (int i = count - 1 - scroll; i >= 0 && rows > 0; i--) {
        const MsgLogLine *line = msglog_line(log, (size_t)i);
        char parts[3][160];
        int n = hud_wrap(t, line->text, rc.w - lh, parts, 3);
        for (int k = n - 1; k >= 0 && rows > 0; k--, rows--) {
            y -= lh;
            hud_text_fit(t, parts[k], rc.x + (k ? lh : 0), y, rc.w - (k ? lh : 0), hud_log_colour(line->tag));
        }
    }
}

/* The fold tab: a chevron pointing where the panel goes ("»" folds it
 * away to the right, "«" brings it back). */
static void draw_fold(SDL_Renderer *sdl, Text *t, const HudLayout *l)
{
    SDL_Rect f = l->fold;
    hud_panel(sdl, (SDL_Rect){f.x + 3, f.y + 3, f.w - 6, f.h - 6}, (SDL_Color){46, 38, 30, 255});
    const char *chevron = l->folded ? "\u00ab" : "\u00bb";
    int w = hud_text_w(t, chevron);
    text_draw(t, chevron, f.x + (f.w - w) / 2, f.y + (f.h - l->line_h) / 2, GOLD);
}

void hud_draw_panel(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    hud_panel(sdl, l->panel, (SDL_Color){22, 18, 16, 255});
    hud_fill(sdl, (SDL_Rect){l->panel.x, 0, 2, l->panel.h}, PANEL_EDGE);
    draw_fold(sdl, t, l);
    if (l->folded)
        return;
    int y = l->line_h / 2;
    if (m->title && m->title[0]) {
        char hint[48] = "";
        if (m->help_key && m->help_key[0])
            snprintf(hint, sizeof hint, _("%s help"), m->help_key);
        int hw = hint[0] ? hud_text_w(t, hint) + l->fold.w : 0;
        if (hint[0])
            text_draw(t, hint, l->panel.x + l->panel.w - l->line_h / 2 - hw, y, DIM);
        hud_text_fit(t, m->title, l->panel.x + l->line_h / 2, y, l->panel.w - l->line_h - hw - l->line_h / 2, GOLD);
        y += l->line_h + l->line_h / 4;
        hud_fill(sdl, (SDL_Rect){l->panel.x + l->line_h / 2, y - l->line_h / 8, l->panel.w - l->line_h, 1},
             PANEL_EDGE);
        y += l->line_h / 4;
    }
    y = draw_status(t, l, m, y);
    y = draw_heroes(sdl, t, l, m, y);
    draw_info(sdl, t, l, m, y);
    SDL_Rect log = l->log;
    text_draw(t, m->log_scroll ? _("Log (scrolled back)") : _("Log"), log.x, log.y - l->line_h, TITLE);
    hud_panel(sdl, log, (SDL_Color){14, 12, 10, 255});
    SDL_Rect inner = {log.x + 4, log.y + 2, log.w - 8, log.h - 4};
    hud_draw_log_lines(t, m->log, inner, l->line_h, m->log_scroll);
}

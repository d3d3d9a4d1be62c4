/* Panels over the board: objectives, the whole log, keys and mouse help, the spell
 * list and the end of the mission. */

#include "hud_internal.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "gfx/layoutprobe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Overlays: objectives, log history, help, the end ------------------- */

/* The objectives (and the turn limit) wrapped to inner into lines from
 * n on, at most max; returns the new count. */
static int objective_lines(Text *t, const HudModel *m, int inner, char lines[][160], SDL_Color *colours, int n,
                           int max)
{
    const Mission *ms = game_mission(m->game);
    for (size_t i = 0; i < game_objective_count(m->game) && n < max; i++) {
        bool met = game_objective_met(m->game, i);
        char line[512];
        snprintf(line, sizeof line, "%s %s", met ? "[x]" : "[ ]", mission_lang_text(ms, MISSION_TR_OBJECTIVE, (int)i));
        int k = hud_wrap(t, line, inner, lines + n, max - n);
        for (int j = 0; j < k; j++)
            colours[n + j] = met ? GOOD : BODY;
        n += k;
    }
    if (ms->rules.turn_limit > 0 && n < max) {
        snprintf(lines[n], 160, _("Turn limit: %d (now turn %d)"), ms->rules.turn_limit, game_turn(m->game));
        colours[n++] = GOLD;
    }
    return n;
}

/* The briefing, then the objectives, wrapped to the panel as it is drawn
 * (narrower than 30 lines on a small window); the objectives come first
 * when the board's height cannot hold both, the briefing cut with "...". */
void hud_draw_objectives(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h;
    char lines[64][160], goals[64][160];
    SDL_Color colours[64], goal_colours[64];
    SDL_Rect rc = hud_centred(l, 30 * lh, 67 * lh);
    int inner = rc.w - 2 * lh, room = rc.h / lh - 3;
    room = room < 1 ? 1 : room > 64 ? 64 : room;
    int ng = objective_lines(t, m, inner, goals, goal_colours, 0, room);
    const char *briefing = mission_lang_text(game_mission(m->game), MISSION_TR_BRIEFING, 0);
    int n = 0, brief_room = room - ng;
    if (brief_room > 0 && briefing) {
        n = hud_wrap(t, briefing, inner, lines, brief_room < 63 ? brief_room + 1 : 64);
        if (n > brief_room) { /* more than fits: the last line shown says so */
            n = brief_room;
            size_t cut = strlen(lines[n - 1]);
            cut = cut < 150 ? cut : 150;
            while (cut > 0 && ((unsigned char)lines[n - 1][cut] & 0xC0) == 0x80) /* not inside a character */
                cut--;
            snprintf(lines[n - 1] + cut, 10, " ...");
        }
    }
    for (int i = 0; i < n; i++)
        colours[i] = DIM;
    for (int i = 0; i < ng && n < 64; i++, n++) {
        memcpy(lines[n], goals[i], sizeof lines[n]);
        colours[n] = goal_colours[i];
    }
    rc = hud_centred(l, rc.w, (n + 3) * lh);
    hud_box(sdl, rc);
    text_draw(t, _("Objectives"), rc.x + lh, rc.y + lh / 2, TITLE);
    for (int i = 0; i < n && (i + 3) * lh <= rc.h; i++)
        hud_text_fit(t, lines[i], rc.x + lh, rc.y + (i + 2) * lh - lh / 2, rc.w - 2 * lh, colours[i]);
}

void hud_draw_history(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h;
    SDL_Rect rc = hud_centred(l, 44 * lh, l->board.h - 2 * lh);
    hud_box(sdl, rc);
    char title[96];
    size_t n = msglog_count(m->log);
    snprintf(title, sizeof title, ngettext("Log: %zu line (wheel or cursor keys scroll)",
                                           "Log: %zu lines (wheel or cursor keys scroll)", n), n);
    text_draw(t, title, rc.x + lh, rc.y + lh / 2, TITLE);
    SDL_Rect inner = {rc.x + lh, rc.y + 2 * lh, rc.w - 2 * lh, rc.h - 3 * lh};
    hud_draw_log_lines(t, m->log, inner, lh, m->log_scroll);
}

/* The help panel's content laid out for the board: prose wrapped, then
 * "key\tlabel" pairs in as many columns as needed and as fit whole. */
typedef struct HelpBody {
    char copy[4096];
    const char *keys[48], *labels[48];
    char wrapped[32][160];
    int n, nw, key_w, col_w, cols, rows, width;
    int fit; /* body lines the panel shows (prose lines, then key rows) */
} HelpBody;

static int label_short_w(Text *t, const char *label)
{
    char s[160];
    snprintf(s, sizeof s, "%s", label);
    char *aside = strstr(s, " (");
    if (aside)
        *aside = '\0';
    return hud_text_w(t, s);
}

static void help_body(Text *t, const HudLayout *l, const HudModel *m, HelpBody *b)
{
    snprintf(b->copy, sizeof b->copy, "%s", m->help ? m->help : "");
    const char *prose[16];
    int np = 0, lh = l->line_h, label_w = 0, short_w = 0;
    b->n = b->key_w = 0;
    for (char *s = strtok(b->copy, "\n"); s; s = strtok(NULL, "\n")) {
        char *tab = strchr(s, '\t');
        if (!tab) {
            if (np < 16)
                prose[np++] = s;
            continue;
        }
        if (b->n == 48)
            continue;
        *tab = '\0';
        b->keys[b->n] = s, b->labels[b->n] = tab + 1;
        b->key_w = hud_text_w(t, s) > b->key_w ? hud_text_w(t, s) : b->key_w;
        label_w = hud_text_w(t, tab + 1) > label_w ? hud_text_w(t, tab + 1) : label_w;
        short_w = label_short_w(t, tab + 1) > short_w ? label_short_w(t, tab + 1) : short_w;
        b->n++;
    }
    b->key_w += lh / 2; /* tight gaps: on a small window every lh is a letter or two of a label */
    /* the prose no wider than reads well (and than a wrapped line's 160
     * bytes hold: on a wide window the rules' paragraphs lost their ends) */
    int avail_w = l->board.w - 20 - 2 * lh;
    avail_w = avail_w < 40 * lh ? avail_w : 40 * lh;
    b->col_w = b->key_w + label_w + lh;
    b->nw = 0;
    for (int i = 0; i < np && b->nw < 32; i++)
        b->nw += hud_wrap(t, prose[i], avail_w, b->wrapped + b->nw, 32 - b->nw);
    /* lines under the title: all of them, or (a small window, 800x600 at
     * UI scale 1.5) as many as fit above the "more" line */
    int lines_fit = (l->board.h - 20) / lh - 4;
    lines_fit = lines_fit < 2 ? 2 : lines_fit;
    int rows_fit = lines_fit - b->nw;
    rows_fit = rows_fit < 1 ? 1 : rows_fit;
    int cols = (b->n + rows_fit - 1) / rows_fit;
    /* no more columns than fit with their labels whole (asides dropped) */
    int max_cols = (avail_w + lh) / (b->key_w + short_w + lh);
    max_cols = max_cols < 1 ? 1 : max_cols;
    b->cols = cols < 1 ? 1 : cols > max_cols ? max_cols : cols;
    b->rows = (b->n + b->cols - 1) / b->cols;
    b->fit = b->nw + b->rows <= lines_fit ? b->nw + b->rows : lines_fit - 1;
    b->width = b->cols * b->col_w - lh;
    b->width = b->width < avail_w ? b->width : avail_w;
    for (int i = 0; i < b->nw; i++)
        b->width = hud_text_w(t, b->wrapped[i]) > b->width ? hud_text_w(t, b->wrapped[i]) : b->width;
}

int hud_help_scroll_max(Text *t, const HudLayout *l, const HudModel *m)
{
    HelpBody *b = malloc(sizeof *b);
    if (!b)
        return 0;
    help_body(t, l, m, b);
    int over = b->nw + b->rows - b->fit;
    free(b);
    return over > 0 ? over : 0;
}

static void draw_help_keys(Text *t, const HelpBody *b, int lh, SDL_Rect rc, int x0, int y, int row0, int nrows)
{
    int inner = rc.w - 2 * lh, col_w = b->col_w;
    if (b->cols * col_w - lh > inner) /* too narrow: the columns share what there is */
        col_w = (inner + lh) / b->cols;
    int kw = b->key_w < col_w / 2 ? b->key_w : col_w / 2;
    for (int i = 0; i < b->n; i++) {
        int col = i / b->rows, row = i % b->rows - row0;
        if (row < 0 || row >= nrows)
            continue;
        int x = x0 + col * col_w, ky = y + row * lh;
        hud_text_fit(t, b->keys[i], x, ky, kw - lh / 2, GOLD);
        char label[160];
        snprintf(label, sizeof label, "%s", b->labels[i]);
        char *aside = strstr(label, " (");
        if (aside && hud_text_w(t, label) > col_w - kw - lh / 2)
            *aside = '\0'; /* "Overlay labels": the settings screen has the rest */
        hud_text_fit(t, label, x + kw, ky, col_w - kw - lh / 2, BODY);
    }
}

/* The help lines: prose first (wrapped to the panel), then "key\tlabel"
 * pairs in columns; what does not fit scrolls (m->help_scroll lines, the
 * cursor keys), a line at the bottom saying so. */
void hud_draw_help(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    HelpBody *b = malloc(sizeof *b);
    if (!b)
        return;
    help_body(t, l, m, b);
    int lh = l->line_h, total = b->nw + b->rows, more = total > b->fit;
    int first = m->help_scroll < 0 ? 0 : m->help_scroll > total - b->fit ? total - b->fit : m->help_scroll;
    SDL_Rect rc = hud_centred(l, b->width + 2 * lh, (b->fit + more + 4) * lh);
    int inner = rc.w - 2 * lh;
    hud_box(sdl, rc);
    hud_text_fit(t, m->help_title ? m->help_title : _("Keys and mouse"), rc.x + lh, rc.y + lh / 2, inner, TITLE);
    int y = rc.y + 2 * lh, shown = 0;
    for (int i = first; i < b->nw && shown < b->fit; i++, shown++, y += lh)
        hud_text_fit(t, b->wrapped[i], rc.x + lh, y, inner, DIM);
    if (shown < b->fit) {
        int row0 = first > b->nw ? first - b->nw : 0;
        draw_help_keys(t, b, lh, rc, rc.x + lh, y + lh / 2, row0, b->fit - shown);
    }
    if (more) {
        char hint[96];
        snprintf(hint, sizeof hint, _("Up/Down: more (lines %d-%d of %d)"), first + 1, first + b->fit, total);
        hud_text_fit(t, hint, rc.x + lh, rc.y + rc.h - lh - lh / 2, inner, GOLD);
    }
    free(b);
}

/* The highlighted spell's whole text under the rows, when its row cuts
 * it ("Not the unde...") or shows none (one-line rows). */
/* A spell's words from assets/pieces.xml in the player's language (the
 * catalogue has them by its ITS rules, the elements by app/eventsay.c);
 * "" stays "" (gettext would give the catalogue's header). */
static const char *spell_words(const char *s)
{
    return s && s[0] ? _(s) : "";
}

static void draw_spell_detail(Text *t, const HudLayout *l, const HudModel *m, SDL_Rect rc, int shown)
{
    const HudSpellMenu *sm = m->spell_menu;
    int lh = l->line_h;
    if (sm->hover < 0 || sm->hover >= sm->count)
        return;
    const SpellType *s = game_spell(m->game, sm->spells[sm->hover]);
    SDL_Rect row = hud_spell_row(l, rc, sm->count, 0);
    int text_w = row.w - 2 * lh - lh / 2;
    if (!s || (row.h >= 2 * lh && hud_text_w(t, spell_words(s->text)) <= text_w))
        return; /* its row says it all */
    char lines[HUD_SPELL_DETAIL_LINES + 1][160];
    int n = hud_wrap(t, spell_words(s->text), text_w, lines, HUD_SPELL_DETAIL_LINES + 1);
    int y = row.y + shown * row.h + lh / 4;
    for (int i = 0; i < n && i < HUD_SPELL_DETAIL_LINES; i++) {
        char line[512];
        if (i == HUD_SPELL_DETAIL_LINES - 1 && n > HUD_SPELL_DETAIL_LINES)
            snprintf(line, sizeof line, "%s %s", lines[i], lines[i + 1]); /* cut with "..." */
        else
            snprintf(line, sizeof line, "%s", lines[i]);
        hud_text_fit(t, line, row.x + 2 * lh, y + i * lh, text_w, BODY);
    }
}

void hud_draw_spell_menu(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    const HudSpellMenu *sm = m->spell_menu;
    int lh = l->line_h;
    SDL_Rect rc = hud_spell_menu_rect(l, sm->count);
    hud_box(sdl, rc);
    hud_frame(sdl, (SDL_Rect){rc.x + 2, rc.y + 2, rc.w - 4, rc.h - 4}, MAGIC);
    char title[128];
    snprintf(title, sizeof title, _("%s: cast a spell"), sm->caster ? sm->caster : _("Hero"));
    hud_text_fit(t, title, rc.x + lh, rc.y + lh / 2, rc.w - 2 * lh, TITLE);
    int shown = hud_spell_rows_shown(l, sm->count);
    for (int i = sm->first; i < sm->count && i < sm->first + shown; i++) {
        SDL_Rect row = hud_spell_row(l, rc, sm->count, i - sm->first);
        const SpellType *s = game_spell(m->game, sm->spells[i]);
        if (!s)
            continue;
        bool spent = sm->spent[i];
        if (i == sm->hover) {
            hud_fill(sdl, row, hud_contrast_fill(spent ? (SDL_Color){48, 44, 52, 255} : (SDL_Color){70, 56, 90, 255}));
            if (contrast_high())
                hud_frame(sdl, row, PANEL_EDGE);
        }
        char line[160], key[16] = "";
        if (i < 9)
            snprintf(key, sizeof key, "%d", i + 1);
        text_draw(t, key, row.x + lh / 2, row.y, spent ? DIM : GOLD);
        snprintf(line, sizeof line, "%s%s", _(s->name), spent ? _(" (cast)") : "");
        hud_text_fit(t, line, row.x + 2 * lh, row.y, row.w - 8 * lh, spent ? DIM : BODY);
        snprintf(line, sizeof line, "%s", spell_words(s->element));
        hud_text_fit(t, line, row.x + row.w - 6 * lh, row.y, 6 * lh - lh / 2, spent ? DIM : MAGIC);
        if (row.h >= 2 * lh)
            hud_text_fit(t, spell_words(s->text), row.x + 2 * lh, row.y + lh, row.w - 2 * lh - lh / 2, DIM);
    }
    draw_spell_detail(t, l, m, rc, shown);
    const char *keys = m->pad_hints          ? _("D-pad and A: choose    B: cancel")
                       : shown < sm->count ? _("1-9, arrows or click: choose (more above/below)    Esc: cancel")
                                           : _("1-9 or click: choose    Esc or right-click: cancel");
    hud_text_fit(t, keys, rc.x + lh, rc.y + rc.h - lh - lh / 2, rc.w - 2 * lh, DIM);
}

/* A column of the heroes' table: its title, a shorter one for narrow
 * panels, and the figure of a hero's line. */
static int hero_figure(const HudHeroSummary *h, int col)
{
    switch (col) {
    case 0: return h->kills;
    case 1: return h->damage_dealt;
    case 2: return h->damage_taken;
    case 3: return h->gold;
    default: return h->finds;
    }
}

/* The heroes' table: name and state, then kills, damage dealt and taken,
 * gold and treasure; returns the y below it. */
static int draw_hero_table(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudSummary *s, SDL_Rect rc, int y)
{
    static const char *const heads[5] = {N_("Slain"), N_("Dealt"), N_("Taken"), N_("Gold"), N_("Treasure")};
    static const char *const shorts[5] = {N_("Kills"), N_("Hit"), N_("Hurt"), N_("Gold"), N_("Finds")};
    int lh = l->line_h, x = rc.x + lh, w = rc.w - 2 * lh;
    int name_w = w * 2 / 7, col_w = (w - name_w) / 5;
    bool narrow = false;
    for (int c = 0; c < 5; c++)
        narrow |= hud_text_w(t, _(heads[c])) > col_w - lh / 2;
    hud_text_fit(t, _("Hero"), x, y, name_w - lh / 2, DIM);
    for (int c = 0; c < 5; c++) {
        const char *head = _(narrow ? shorts[c] : heads[c]);
        int hw = hud_text_w(t, head);
        hud_text_fit(t, head, x + name_w + c * col_w + (col_w - hw) / 2, y, col_w - 2, DIM);
    }
    y += lh;
    hud_fill(sdl, (SDL_Rect){x, y, w, 1}, PANEL_EDGE);
    y += lh / 4;
    for (int i = 0; i < s->hero_count; i++, y += lh) {
        const HudHeroSummary *h = &s->heroes[i];
        char name[96];
        snprintf(name, sizeof name, "%s%s", h->name, h->fallen ? _(" (fell)") : h->escaped ? _(" (left)") : "");
        hud_text_fit(t, name, x, y, name_w - lh / 2, h->fallen ? BAD : BODY);
        for (int c = 0; c < 5; c++) {
            char v[16];
            snprintf(v, sizeof v, "%d", hero_figure(h, c));
            int vw = hud_text_w(t, v);
            hud_text_fit(t, v, x + name_w + c * col_w + (col_w - vw) / 2, y, col_w - 2, c == 3 ? GOLD : BODY);
        }
    }
    return y;
}

void hud_draw_end(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h;
    bool won = game_status(m->game) == GAME_STATUS_VICTORY;
    HudSummary s = m->summary ? *m->summary : (HudSummary){0};
    SDL_Rect rc, buttons[HUD_END_COUNT];
    hud_end_layout(l, s.hero_count, m->has_next, &rc, buttons);
    layoutprobe_layer(); /* a modal panel: the game lies below it, dimmed */
    hud_fill(sdl, l->window, (SDL_Color){0, 0, 0, 140});
    hud_box(sdl, rc);
    hud_frame(sdl, (SDL_Rect){rc.x + 3, rc.y + 3, rc.w - 6, rc.h - 6}, won ? GOLD : BAD);
    const char *title = won ? _("Victory!") : _("Defeat");
    text_draw(t, title, rc.x + (rc.w - hud_text_w(t, title)) / 2, rc.y + lh / 2, won ? GOLD : BAD);
    int y = rc.y + 2 * lh, inner = rc.w - 2 * lh;
    char lines[5][160];
    int n = hud_wrap(t, m->outcome_text ? m->outcome_text : "", inner, lines, 4);
    for (int i = 0; i < n; i++, y += lh)
        hud_text_fit(t, lines[i], rc.x + lh, y, inner, BODY);
    y += lh / 2;
    char totals[160];
    snprintf(totals, sizeof totals, _("Rounds played: %d \u00b7 Monsters slain: %d \u00b7 Treasure: %d (%d gold)"),
             s.turns, s.kills, s.finds, s.gold);
    n = hud_wrap(t, totals, inner, lines, 2);
    for (int i = 0; i < n; i++, y += lh)
        hud_text_fit(t, lines[i], rc.x + lh, y, inner, TITLE);
    y += lh / 2;
    y = draw_hero_table(sdl, t, l, &s, rc, y);
    for (int c = 0; c < HUD_END_COUNT; c++) {
        SDL_Rect b = buttons[c];
        if (b.w <= 0)
            continue;
        bool lit = c == m->end_choice;
        hud_panel(sdl, b, lit ? (SDL_Color){96, 74, 40, 255} : BUTTON);
        hud_frame(sdl, b, lit ? GOLD : BUTTON_EDGE);
        const char *label = c == HUD_END_AGAIN && m->again_label  ? m->again_label
                            : c == HUD_END_TITLE && m->quit_label ? m->quit_label
                                                                  : hud_end_label((HudEndChoice)c);
        int w = hud_text_w(t, label);
        if (w > b.w - lh / 2)
            hud_text_fit(t, label, b.x + lh / 4, b.y + (b.h - lh) / 2, b.w - lh / 2, lit ? GOLD : BODY);
        else
            text_draw(t, label, b.x + (b.w - w) / 2, b.y + (b.h - lh) / 2, lit ? GOLD : BODY);
    }
    hud_text_fit(t, m->pad_hints ? _("D-pad and A choose") : _("Arrows and Return, or click    L: the log"), rc.x + lh,
                 buttons[HUD_END_AGAIN].y - lh - lh / 2, inner, DIM);
    (void)y;
}


/* A question before an action: its title, what is at stake (wrapped), a
 * hint, and the two answers, the highlighted one lit. */
void hud_draw_question(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    const HudQuestion *q = m->question;
    int lh = l->line_h;
    SDL_Rect rc, buttons[2];
    hud_question_layout(l, &rc, buttons);
    hud_box(sdl, rc);
    hud_frame(sdl, (SDL_Rect){rc.x + 2, rc.y + 2, rc.w - 4, rc.h - 4}, GOLD);
    int inner = rc.w - 2 * lh, y = rc.y + lh / 2;
    hud_text_fit(t, q->title ? q->title : "", rc.x + lh, y, inner, TITLE);
    y += lh + lh / 2;
    char lines[4][160];
    int room = (buttons[0].y - lh / 2 - y) / lh - 1; /* the hint's line kept */
    room = room < 1 ? 1 : room > 4 ? 4 : room;
    int n = hud_wrap(t, q->text ? q->text : "", inner, lines, room);
    for (int i = 0; i < n; i++, y += lh)
        hud_text_fit(t, lines[i], rc.x + lh, y, inner, BODY);
    if (q->hint && q->hint[0])
        hud_text_fit(t, q->hint, rc.x + lh, buttons[0].y - lh - lh / 4, inner, DIM);
    for (int c = 0; c < 2; c++) {
        SDL_Rect b = buttons[c];
        bool lit = c == q->choice;
        hud_panel(sdl, b, lit ? (SDL_Color){96, 74, 40, 255} : BUTTON);
        hud_frame(sdl, b, lit ? GOLD : BUTTON_EDGE);
        const char *label = c == 0 ? q->yes : q->no;
        label = label ? label : "";
        int w = hud_text_w(t, label);
        if (w > b.w - lh / 2)
            hud_text_fit(t, label, b.x + lh / 4, b.y + (b.h - lh) / 2, b.w - lh / 2, lit ? GOLD : BODY);
        else
            text_draw(t, label, b.x + (b.w - w) / 2, b.y + (b.h - lh) / 2, lit ? GOLD : BODY);
    }
}

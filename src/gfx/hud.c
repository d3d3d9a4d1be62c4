#include "hud.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color PANEL = {22, 18, 16, 248};
static const SDL_Color PANEL_EDGE = {92, 72, 46, 255};
static const SDL_Color TITLE = {244, 222, 170, 255};
static const SDL_Color BODY = {236, 232, 224, 255};
static const SDL_Color DIM = {150, 140, 130, 255};
static const SDL_Color GOOD = {130, 210, 120, 255};
static const SDL_Color BAD = {236, 96, 80, 255};
static const SDL_Color GOLD = {236, 188, 52, 255};
static const SDL_Color MAGIC = {176, 196, 255, 255};
static const SDL_Color BUTTON = {58, 46, 36, 255};
static const SDL_Color BUTTON_OFF = {36, 31, 28, 255};
static const SDL_Color BUTTON_EDGE = {150, 118, 70, 255};

#define NOTICE_LINE 256

static const char *const LABELS[HUD_CMD_COUNT] = {
    "Roll", "Attack", "Cast", "Open door", "Treasure", "Traps", "Disarm", "Leave", "End turn",
    "Objectives", "Log"};

/* ...and shorter ones for narrow buttons. */
static const char *const SHORT_LABELS[HUD_CMD_COUNT] = {
    "Roll", "Attack", "Cast", "Door", "Treasure", "Traps", "Disarm", "Leave", "End", "Goals", "Log"};

const char *hud_command_label(HudCommand cmd)
{
    return cmd >= 0 && cmd < HUD_CMD_COUNT ? LABELS[cmd] : "?";
}

/* --- Layout ---------------------------------------------------------- */

/* The widest button label or key name, plus padding. */
static int button_min_w(Text *text, int lh)
{
    int widest = 0;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int w, h;
        text_size(text, LABELS[c], &w, &h);
        widest = w > widest ? w : widest;
    }
    return widest + lh / 2;
}

void hud_layout(Text *text, int w, int h, HudLayout *out)
{
    int lh = text_line_height(text), pad = lh / 2, gap = pad / 2;
    int panel_w = w / 4;
    panel_w = panel_w < 17 * lh ? 17 * lh : panel_w > 26 * lh ? 26 * lh : panel_w;
    if (panel_w > w / 2)
        panel_w = w / 2;
    int bar_w = w - panel_w;
    /* as few rows of buttons as let their labels fit: two at most, three
     * in a window tall enough to give them up */
    int rows = 1, min_w = button_min_w(text, lh), max_rows = h >= 24 * lh ? 3 : 2;
    while (rows < max_rows && (bar_w - 2 * pad) / ((HUD_CMD_COUNT + rows - 1) / rows) < min_w)
        rows++;
    int per_row = (HUD_CMD_COUNT + rows - 1) / rows;
    int button_h = 2 * lh + pad / 2;
    int bar_h = rows * button_h + (rows - 1) * gap + 2 * pad;
    *out = (HudLayout){.line_h = lh};
    out->board = (SDL_Rect){0, 0, bar_w, h - bar_h};
    out->panel = (SDL_Rect){bar_w, 0, panel_w, h};
    out->bar = (SDL_Rect){0, h - bar_h, bar_w, bar_h};
    /* the log fills the lower part of the panel */
    /* ...below the piece card, which lists a caster's spells and the
     * effects on the piece when the window is tall enough */
    int log_top = h >= 36 * lh ? 21 * lh : 18 * lh;
    out->log = (SDL_Rect){out->panel.x + pad, log_top, panel_w - 2 * pad, h - log_top - pad};
    int bw = (bar_w - 2 * pad - gap * (per_row - 1)) / per_row;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int row = c / per_row, col = c % per_row;
        out->buttons[c] = (SDL_Rect){pad + col * (bw + gap), out->bar.y + pad + row * (button_h + gap), bw,
                                     button_h};
    }
}

static bool inside(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

HudCommand hud_button_at(const HudLayout *layout, int x, int y)
{
    for (int c = 0; c < HUD_CMD_COUNT; c++)
        if (inside(&layout->buttons[c], x, y))
            return (HudCommand)c;
    return HUD_CMD_COUNT;
}

bool hud_covers(const HudLayout *layout, int x, int y)
{
    return inside(&layout->panel, x, y) || inside(&layout->bar, x, y);
}

/* --- Summary ----------------------------------------------------------- */

void hud_summary(const Game *g, int finds, HudSummary *out)
{
    *out = (HudSummary){.turns = game_turn(g), .finds = finds};
    size_t n = 0;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->side == GAME_SIDE_MONSTERS) {
            out->kills += !p->alive;
            continue;
        }
        out->gold += p->gold;
        out->escaped += p->escaped;
        if (!p->alive && !p->escaped) {
            out->fallen++;
            n += (size_t)snprintf(out->fallen_names + n, n < sizeof out->fallen_names ? sizeof out->fallen_names - n : 0,
                                  "%s%s", out->fallen > 1 ? ", " : "", p->type->name);
        }
    }
}

/* --- Drawing helpers ------------------------------------------------------ */

static void fill(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c)
{
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(sdl, &rc);
}

static void frame(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c)
{
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(sdl, &rc);
}

static void box(SDL_Renderer *sdl, SDL_Rect rc)
{
    fill(sdl, rc, PANEL);
    frame(sdl, rc, PANEL_EDGE);
}

static int text_w(Text *t, const char *s)
{
    int w, h;
    text_size(t, s, &w, &h);
    return w;
}

/* Draws s cut with "..." to fit max_w. */
static void text_fit(Text *t, const char *s, int x, int y, int max_w, SDL_Color c)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    size_t n = strlen(buf);
    while (n > 3 && text_w(t, buf) > max_w) {
        n--;
        while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80)
            n--; /* never cut inside a UTF-8 character */
        memcpy(buf + n, "...", 4);
    }
    text_draw(t, buf, x, y, c);
}

/* Splits s into lines at most max_w wide (at spaces); calls back per line.
 * Returns the number of lines. */
static int wrap(Text *t, const char *s, int max_w, char lines[][160], int max_lines)
{
    int count = 0;
    char word_line[160] = "";
    const char *p = s;
    while (*p && count < max_lines) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        char trial[160];
        snprintf(trial, sizeof trial, "%s%s%.*s", word_line, word_line[0] ? " " : "", (int)len, p);
        if (word_line[0] && text_w(t, trial) > max_w) {
            snprintf(lines[count++], 160, "%s", word_line);
            snprintf(word_line, sizeof word_line, "%.*s", (int)len, p);
        } else {
            snprintf(word_line, sizeof word_line, "%s", trial);
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    if (word_line[0] && count < max_lines)
        snprintf(lines[count++], 160, "%s", word_line);
    return count;
}

/* A bar of body points. */
static void body_bar(SDL_Renderer *sdl, int x, int y, int w, int h, int body, int max)
{
    fill(sdl, (SDL_Rect){x, y, w, h}, (SDL_Color){60, 20, 20, 255});
    int fw = max > 0 ? w * (body < 0 ? 0 : body) / max : 0;
    fill(sdl, (SDL_Rect){x, y, fw, h}, body * 3 <= max ? BAD : GOOD);
    frame(sdl, (SDL_Rect){x, y, w, h}, (SDL_Color){0, 0, 0, 255});
}

/* --- Board shading ------------------------------------------------------ */

static SDL_FRect square_rect(const Camera *cam, BoardPos p)
{
    float x0 = (float)camera_screen_x(cam, p.x), y0 = (float)camera_screen_y(cam, p.y);
    float x1 = (float)camera_screen_x(cam, p.x + 1), y1 = (float)camera_screen_y(cam, p.y + 1);
    return (SDL_FRect){x0, y0, x1 - x0, y1 - y0};
}

static void outline_f(SDL_Renderer *sdl, SDL_FRect rc, float w, SDL_Color c)
{
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_FRect parts[4] = {{rc.x, rc.y, rc.w, w},
                          {rc.x, rc.y + rc.h - w, rc.w, w},
                          {rc.x, rc.y + w, w, rc.h - 2 * w},
                          {rc.x + rc.w - w, rc.y + w, w, rc.h - 2 * w}};
    SDL_RenderFillRectsF(sdl, parts, 4);
}

static void shade_reach(SDL_Renderer *sdl, const Camera *cam, const uint8_t *reach)
{
    BoardPos lo, hi;
    if (!reach || !camera_visible(cam, &lo, &hi))
        return;
    SDL_SetRenderDrawColor(sdl, 80, 170, 255, 70);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++)
            if (reach[(size_t)y * (size_t)cam->board_w + (size_t)x]) {
                SDL_FRect rc = square_rect(cam, (BoardPos){x, y});
                SDL_RenderFillRectF(sdl, &rc);
            }
}

static void draw_path(Renderer *r, const Camera *cam, const HudSquares *sq)
{
    SDL_Renderer *sdl = render_sdl(r);
    if (!sq->path || sq->path_len <= 0)
        return;
    for (int i = 0; i < sq->path_len; i++) {
        SDL_FRect rc = square_rect(cam, sq->path[i]);
        float d = rc.w * 0.34f;
        SDL_FRect dot = {rc.x + d, rc.y + d, rc.w - 2 * d, rc.h - 2 * d};
        SDL_SetRenderDrawColor(sdl, 255, 236, 140, 220);
        SDL_RenderFillRectF(sdl, &dot);
    }
    SDL_FRect end = square_rect(cam, sq->path[sq->path_len - 1]);
    outline_f(sdl, end, fmaxf(2.0f, end.w / 16), (SDL_Color){255, 236, 140, 255});
    char len[16];
    snprintf(len, sizeof len, "%d", sq->path_len);
    Text *t = render_text(r);
    int w, h;
    text_size(t, len, &w, &h);
    SDL_Rect tag = {(int)(end.x + end.w) - w - 6, (int)end.y - h / 2, w + 6, h};
    fill(sdl, tag, (SDL_Color){20, 16, 10, 220});
    text_draw(t, len, tag.x + 3, tag.y, GOLD);
}

/* The pieces a chosen spell may target: violet squares. */
static void draw_targets(SDL_Renderer *sdl, const Camera *cam, const BoardPos *targets, int count, float w)
{
    for (int i = 0; targets && i < count; i++) {
        SDL_FRect rc = square_rect(cam, targets[i]);
        SDL_SetRenderDrawColor(sdl, 150, 90, 255, 80);
        SDL_RenderFillRectF(sdl, &rc);
        outline_f(sdl, rc, w, (SDL_Color){190, 140, 255, 255});
    }
}

/* "Zz" on a tag at the top right of each sleeping piece's square. */
static void draw_asleep(Renderer *r, const Camera *cam, const BoardPos *asleep, int count)
{
    Text *t = render_text(r);
    int tw, th;
    text_size(t, "Zz", &tw, &th);
    for (int i = 0; asleep && i < count; i++) {
        SDL_FRect rc = square_rect(cam, asleep[i]);
        SDL_Rect tag = {(int)(rc.x + rc.w) - tw - 4, (int)rc.y - th / 3, tw + 4, th};
        fill(render_sdl(r), tag, (SDL_Color){20, 24, 48, 230});
        frame(render_sdl(r), tag, MAGIC);
        text_draw(t, "Zz", tag.x + 2, tag.y, MAGIC);
    }
}

void hud_draw_squares(Renderer *r, const Camera *cam, const HudSquares *sq)
{
    SDL_Renderer *sdl = render_sdl(r);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    shade_reach(sdl, cam, sq->reach);
    float w = fmaxf(2.0f, (float)cam->scale / 14.0f);
    if (sq->has_current)
        outline_f(sdl, square_rect(cam, sq->current), w, GOLD);
    if (sq->has_selected)
        outline_f(sdl, square_rect(cam, sq->selected), w, (SDL_Color){120, 200, 255, 255});
    draw_path(r, cam, sq);
    if (sq->has_attack) {
        outline_f(sdl, square_rect(cam, sq->attack_from), w, (SDL_Color){255, 255, 255, 230});
        SDL_FRect t = square_rect(cam, sq->attack_to);
        SDL_SetRenderDrawColor(sdl, 230, 40, 30, 90);
        SDL_RenderFillRectF(sdl, &t);
        outline_f(sdl, t, w, (SDL_Color){230, 40, 30, 255});
    }
    draw_targets(sdl, cam, sq->targets, sq->target_count, w);
    draw_asleep(r, cam, sq->asleep, sq->asleep_count);
    if (sq->has_cursor) {
        SDL_FRect rc = square_rect(cam, sq->cursor);
        SDL_SetRenderDrawColor(sdl, 255, 255, 255, 40);
        SDL_RenderFillRectF(sdl, &rc);
        outline_f(sdl, rc, w, (SDL_Color){255, 255, 255, 255});
    }
}

/* --- Panel: status, heroes, piece info, log ----------------------------- */

static int draw_status(Text *t, const HudLayout *l, const HudModel *m, int y)
{
    int x = l->panel.x + l->line_h / 2, w = l->panel.w - l->line_h;
    char first[NOTICE_LINE], *second;
    snprintf(first, sizeof first, "%s", m->status ? m->status : "");
    second = strchr(first, '\n');
    if (second)
        *second++ = '\0';
    text_fit(t, first, x, y, w, TITLE);
    y += l->line_h;
    if (second) {
        text_fit(t, second, x, y, w, BODY);
        y += l->line_h;
    }
    if (m->notice && m->notice[0]) {
        char lines[2][160];
        int n = wrap(t, m->notice, w, lines, 2);
        for (int i = 0; i < n; i++, y += l->line_h)
            text_draw(t, lines[i], x, y, BAD);
    }
    return y + l->line_h / 2;
}

static int draw_heroes(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m, int y)
{
    const Game *g = m->game;
    int x = l->panel.x + l->line_h / 2, w = l->panel.w - l->line_h, lh = l->line_h;
    int current = game_current(g);
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->side != GAME_SIDE_HEROES)
            continue;
        if ((int)i == current)
            fill(sdl, (SDL_Rect){x - 4, y - 2, w + 8, lh + 4}, (SDL_Color){70, 56, 30, 255});
        char line[128];
        const char *state = p->escaped ? "escaped" : !p->alive ? "fallen" : "";
        snprintf(line, sizeof line, "%s%s%s", p->type->name, state[0] ? " - " : "", state);
        text_fit(t, line, x, y, w / 2, p->alive ? BODY : DIM);
        body_bar(sdl, x + w / 2, y + lh / 4, w / 4, lh / 2, p->body, p->body_max);
        char gold[32];
        snprintf(gold, sizeof gold, "%d/%d  %dg", p->body, p->body_max, p->gold);
        text_draw(t, gold, x + w * 3 / 4 + 4, y, GOLD);
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
            return game_spell(g, (int)i)->name;
    return fallback;
}

/* "Spells: Genie, Swift Wind" for a hero who casts, or "". */
static void spells_line(const Game *g, const GamePiece *p, char *buf, size_t size)
{
    buf[0] = '\0';
    if (p->side != GAME_SIDE_HEROES || !p->type->spells[0])
        return;
    size_t n = (size_t)snprintf(buf, size, "Spells:");
    int listed = 0;
    for (size_t i = 0; i < game_spell_count(g) && i < 32 && n < size; i++)
        if (p->spells & (1u << i))
            n += (size_t)snprintf(buf + n, size - n, "%s %s", listed++ ? "," : "", game_spell(g, (int)i)->name);
    if (!listed && n < size)
        snprintf(buf + n, size - n, " all cast");
}

/* Appends one effect to the list in buf (n characters so far). */
static size_t add_effect(char *buf, size_t size, size_t n, const char *name, int amount)
{
    if (n >= size)
        return n;
    int k = amount ? snprintf(buf + n, size - n, "%s%s +%d", n ? ", " : "Effects: ", name, amount)
                   : snprintf(buf + n, size - n, "%s%s", n ? ", " : "Effects: ", name);
    return n + (k > 0 ? (size_t)k : 0);
}

/* What spells did to the piece: "Effects: asleep, Courage +2", or "". */
static void effects_line(const Game *g, const GamePiece *p, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    if (p->asleep)
        n = add_effect(buf, size, n, "asleep", 0);
    if (p->skip_turn)
        n = add_effect(buf, size, n, "misses next turn", 0);
    if (p->double_move)
        n = add_effect(buf, size, n, effect_name(g, SPELL_DOUBLE_MOVE, "double move"), 0);
    if (p->pass_walls)
        n = add_effect(buf, size, n, effect_name(g, SPELL_PASS_WALLS, "through walls"), 0);
    if (p->pass_monsters)
        n = add_effect(buf, size, n, effect_name(g, SPELL_PASS_MONSTERS, "through monsters"), 0);
    if (p->attack_bonus)
        n = add_effect(buf, size, n, effect_name(g, SPELL_ATTACK_BONUS, "attack"), p->attack_bonus);
    if (p->defend_bonus)
        add_effect(buf, size, n, effect_name(g, SPELL_DEFEND_BONUS, "defence"), p->defend_bonus);
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
    snprintf(text[0], 160, "%s (%s)%s", p->type->name, game_side_name(p->side),
             p->alive ? "" : p->escaped ? " - escaped" : " - dead");
    colour[0] = p->side == GAME_SIDE_HEROES ? GOLD : BAD;
    snprintf(text[1], 160, "Body %d/%d   Mind %d", p->body, p->body_max, p->type->mind);
    if (p->type->move > 0)
        snprintf(text[2], 160, "Attack %d   Defend %d   Move %d", p->type->attack, p->type->defend,
                 p->type->move);
    else
        snprintf(text[2], 160, "Attack %d   Defend %d   Move %dd6", p->type->attack,
                 p->type->defend, p->type->move_dice);
    colour[1] = colour[2] = BODY;
    int n = 3;
    /* the lines that fit above the log's title */
    int room = (l->log.y - lh - (y - 2) - 6 - lh / 4) / lh;
    room = room < 3 ? 3 : room > INFO_LINES ? INFO_LINES : room;
    char extra[512];
    effects_line(m->game, p, extra, sizeof extra);
    int k = wrap(t, extra, w, text + n, room - n > 2 ? 2 : room - n);
    for (int i = 0; i < k; i++)
        colour[n++] = MAGIC;
    spells_line(m->game, p, extra, sizeof extra);
    char more[INFO_LINES + 1][160];
    k = wrap(t, extra, w, more, room - n + 1);
    if (k > room - n) { /* more spells than lines: the last one says so */
        k = room - n;
        if (k > 0)
            snprintf(more[k - 1] + strlen(more[k - 1]), 160 - strlen(more[k - 1]), " ...");
    }
    for (int i = 0; i < k; i++) {
        memcpy(text[n], more[i], sizeof text[n]);
        colour[n++] = DIM;
    }
    box(sdl, (SDL_Rect){x - 4, y - 2, w + 8, n * lh + 6});
    for (int i = 0; i < n; i++)
        text_fit(t, text[i], x, y + i * lh, w, colour[i]);
    return y + n * lh + lh / 2;
}

static SDL_Color log_colour(int tag)
{
    switch (tag) {
    case EVENT_ATTACK:
    case EVENT_DAMAGE:
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
static void draw_log_lines(Text *t, const MsgLog *log, SDL_Rect rc, int lh, int scroll)
{
    int rows = rc.h / lh;
    int count = (int)msglog_count(log);
    int y = rc.y + rc.h;
    for (int i = count - 1 - scroll; i >= 0 && rows > 0; i--) {
        const MsgLogLine *line = msglog_line(log, (size_t)i);
        char parts[3][160];
        int n = wrap(t, line->text, rc.w - lh, parts, 3);
        for (int k = n - 1; k >= 0 && rows > 0; k--, rows--) {
            y -= lh;
            text_fit(t, parts[k], rc.x + (k ? lh : 0), y, rc.w - (k ? lh : 0), log_colour(line->tag));
        }
    }
}

static void draw_panel(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    fill(sdl, l->panel, (SDL_Color){22, 18, 16, 255});
    fill(sdl, (SDL_Rect){l->panel.x, 0, 2, l->panel.h}, PANEL_EDGE);
    int y = l->line_h / 2;
    if (m->title && m->title[0]) {
        char hint[48] = "";
        if (m->help_key && m->help_key[0])
            snprintf(hint, sizeof hint, "%s help", m->help_key);
        int hw = hint[0] ? text_w(t, hint) : 0;
        if (hint[0])
            text_draw(t, hint, l->panel.x + l->panel.w - l->line_h / 2 - hw, y, DIM);
        text_fit(t, m->title, l->panel.x + l->line_h / 2, y, l->panel.w - l->line_h - hw - l->line_h / 2, GOLD);
        y += l->line_h + l->line_h / 4;
        fill(sdl, (SDL_Rect){l->panel.x + l->line_h / 2, y - l->line_h / 8, l->panel.w - l->line_h, 1},
             PANEL_EDGE);
        y += l->line_h / 4;
    }
    y = draw_status(t, l, m, y);
    y = draw_heroes(sdl, t, l, m, y);
    draw_info(sdl, t, l, m, y);
    SDL_Rect log = l->log;
    text_draw(t, m->log_scroll ? "Log (scrolled back)" : "Log", log.x, log.y - l->line_h, TITLE);
    fill(sdl, log, (SDL_Color){14, 12, 10, 255});
    SDL_Rect inner = {log.x + 4, log.y + 2, log.w - 8, log.h - 4};
    draw_log_lines(t, m->log, inner, l->line_h, m->log_scroll);
}

/* --- Buttons and dice ---------------------------------------------------- */

static void draw_buttons(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    fill(sdl, l->bar, (SDL_Color){30, 25, 21, 255});
    fill(sdl, (SDL_Rect){l->bar.x, l->bar.y, l->bar.w, 2}, PANEL_EDGE);
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        SDL_Rect b = l->buttons[c];
        bool on = m->enabled[c] && !m->animating;
        bool lit = (c == HUD_CMD_OBJECTIVES && m->show_objectives) || (c == HUD_CMD_LOG && m->show_log);
        fill(sdl, b, lit ? (SDL_Color){96, 74, 40, 255} : on ? BUTTON : BUTTON_OFF);
        frame(sdl, b, on ? BUTTON_EDGE : PANEL_EDGE);
        const char *label = text_w(t, LABELS[c]) > b.w - 4 ? SHORT_LABELS[c] : LABELS[c];
        int lw = text_w(t, label);
        int ty = b.y + (b.h - 2 * l->line_h) / 2;
        if (lw > b.w - 4)
            text_fit(t, label, b.x + 2, ty, b.w - 4, on ? BODY : DIM);
        else
            text_draw(t, label, b.x + (b.w - lw) / 2, ty, on ? BODY : DIM);
        const char *key = m->keys[c] && m->keys[c][0] ? m->keys[c] : "";
        if (key[0]) {
            int kw = text_w(t, key);
            text_draw(t, key, b.x + (b.w - kw) / 2, ty + l->line_h, on ? GOLD : DIM);
        }
    }
}

static const char *const FACE_SPRITES[DIE_FACE_COUNT] = {"ui/die_skull", "ui/die_white_shield",
                                                          "ui/die_black_shield"};

static void draw_die(Renderer *r, const char *sprite, SDL_Rect dst, const char *fallback)
{
    SDL_Texture *tex = render_sprite(r, sprite);
    if (tex) {
        SDL_RenderCopy(render_sdl(r), tex, NULL, &dst);
        return;
    }
    fill(render_sdl(r), dst, (SDL_Color){230, 226, 214, 255});
    int w, h;
    text_size(render_text(r), fallback, &w, &h);
    text_draw(render_text(r), fallback, dst.x + (dst.w - w) / 2, dst.y + (dst.h - h) / 2,
              (SDL_Color){20, 20, 20, 255});
}

static void draw_dice(Renderer *r, const HudLayout *l, const HudModel *m)
{
    const HudDice *d = &m->dice;
    if (d->kind == HUD_DICE_NONE || d->count + d->count2 == 0)
        return;
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    int lh = l->line_h, size = 2 * lh + lh / 2, gap = lh / 2;
    int n = d->count + d->count2;
    int w = n * size + (n - 1) * gap + (d->count2 ? 2 * gap : 0) + 2 * gap;
    int cw = text_w(t, d->caption) + 2 * gap;
    if (cw > l->board.w - 2 * gap)
        cw = l->board.w - 2 * gap;
    int bw = w > cw ? w : cw;
    SDL_Rect rc = {l->board.x + (l->board.w - bw) / 2, l->board.y + l->board.h - size - 2 * lh - 2 * gap,
                   bw, size + lh + 2 * gap};
    box(sdl, rc);
    int x = rc.x + (rc.w - w) / 2 + gap, y = rc.y + gap;
    for (int i = 0; i < n && i < d->shown; i++) {
        bool defence = i >= d->count;
        int v = defence ? d->dice2[i - d->count] : d->dice[i];
        char sprite[32], fb[8];
        if (d->kind == HUD_DICE_MOVE) {
            snprintf(sprite, sizeof sprite, "ui/d6_%d", v >= 1 && v <= 6 ? v : 1);
            snprintf(fb, sizeof fb, "%d", v);
        } else {
            snprintf(sprite, sizeof sprite, "%s", FACE_SPRITES[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
            snprintf(fb, sizeof fb, "%c", "SWB"[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
        }
        int dx = x + i * (size + gap) + (defence ? 2 * gap : 0);
        if (defence && i == d->count)
            fill(sdl, (SDL_Rect){dx - 2 * gap + gap / 2 - 1, y, 2, size}, PANEL_EDGE);
        draw_die(r, sprite, (SDL_Rect){dx, y, size, size}, fb);
    }
    text_fit(t, d->caption, rc.x + gap, y + size + gap / 2, rc.w - 2 * gap, BODY);
}

/* --- Overlays: objectives, log history, help, the end ------------------- */

static SDL_Rect centred(const HudLayout *l, int w, int h)
{
    w = w > l->board.w - 20 ? l->board.w - 20 : w;
    h = h > l->board.h - 20 ? l->board.h - 20 : h;
    return (SDL_Rect){l->board.x + (l->board.w - w) / 2, l->board.y + (l->board.h - h) / 2, w, h};
}

static void draw_objectives(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    const Mission *ms = game_mission(m->game);
    int lh = l->line_h;
    char lines[64][160];
    SDL_Color colours[64];
    int n = 0, width = 30 * lh;
    int wrapped = wrap(t, ms->briefing ? ms->briefing : "", width - 2 * lh, lines, 8);
    for (int i = 0; i < wrapped; i++)
        colours[n++] = DIM;
    for (size_t i = 0; i < game_objective_count(m->game) && n < 60; i++) {
        bool met = game_objective_met(m->game, i);
        snprintf(lines[n], 160, "%s %s", met ? "[x]" : "[ ]", ms->objectives[i].text);
        colours[n++] = met ? GOOD : BODY;
    }
    if (ms->rules.turn_limit > 0 && n < 64) {
        snprintf(lines[n], 160, "Turn limit: %d (now turn %d)", ms->rules.turn_limit, game_turn(m->game));
        colours[n++] = GOLD;
    }
    SDL_Rect rc = centred(l, width, (n + 3) * lh);
    box(sdl, rc);
    text_draw(t, "Objectives", rc.x + lh, rc.y + lh / 2, TITLE);
    for (int i = 0; i < n && (i + 3) * lh < rc.h; i++)
        text_fit(t, lines[i], rc.x + lh, rc.y + (i + 2) * lh - lh / 2, rc.w - 2 * lh, colours[i]);
}

static void draw_history(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h;
    SDL_Rect rc = centred(l, 44 * lh, l->board.h - 2 * lh);
    box(sdl, rc);
    char title[96];
    snprintf(title, sizeof title, "Log: %zu lines (wheel or cursor keys scroll)", msglog_count(m->log));
    text_draw(t, title, rc.x + lh, rc.y + lh / 2, TITLE);
    SDL_Rect inner = {rc.x + lh, rc.y + 2 * lh, rc.w - 2 * lh, rc.h - 3 * lh};
    draw_log_lines(t, m->log, inner, lh, m->log_scroll);
}

/* The help lines: "key\tlabel" in two columns, others as they are. */
static void draw_help(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    char copy[2048];
    snprintf(copy, sizeof copy, "%s", m->help ? m->help : "");
    const char *keys[40], *labels[40];
    int n = 0, lh = l->line_h, key_w = 0, width = 0;
    for (char *s = strtok(copy, "\n"); s && n < 40; s = strtok(NULL, "\n")) {
        char *tab = strchr(s, '\t');
        if (tab)
            *tab = '\0';
        keys[n] = tab ? s : NULL;
        labels[n] = tab ? tab + 1 : s;
        if (tab)
            key_w = text_w(t, s) > key_w ? text_w(t, s) : key_w;
        n++;
    }
    key_w += lh;
    for (int i = 0; i < n; i++) {
        int w = text_w(t, labels[i]) + (keys[i] ? key_w : 0);
        width = w > width ? w : width;
    }
    SDL_Rect rc = centred(l, width + 2 * lh, (n + 3) * lh);
    box(sdl, rc);
    text_draw(t, "Keys and mouse", rc.x + lh, rc.y + lh / 2, TITLE);
    for (int i = 0; i < n && (i + 3) * lh <= rc.h; i++) {
        int y = rc.y + (i + 2) * lh - lh / 2;
        if (keys[i]) {
            text_draw(t, keys[i], rc.x + lh, y, GOLD);
            text_draw(t, labels[i], rc.x + lh + key_w, y, BODY);
        } else {
            text_draw(t, labels[i], rc.x + lh, y, DIM);
        }
    }
}

/* The spell list: a row per spell under a title, over a line of keys.
 * It may cover the board and the buttons; rows are two lines (name, then
 * what it does) when they all fit so, else one. */
static int spell_row_h(const HudLayout *l, int count)
{
    int lh = l->line_h, room = l->bar.y + l->bar.h - 20 - 4 * lh;
    return count * (2 * lh + lh / 4) <= room ? 2 * lh + lh / 4 : lh + lh / 8;
}

SDL_Rect hud_spell_menu_rect(const HudLayout *l, int count)
{
    int lh = l->line_h;
    int w = 40 * lh, h = count * spell_row_h(l, count) + 4 * lh;
    int area_h = l->bar.y + l->bar.h;
    w = w > l->board.w - 20 ? l->board.w - 20 : w;
    h = h > area_h - 20 ? area_h - 20 : h;
    return (SDL_Rect){l->board.x + (l->board.w - w) / 2, (area_h - h) / 2, w, h};
}

static SDL_Rect spell_row(const HudLayout *l, SDL_Rect menu, int count, int row)
{
    int lh = l->line_h, rh = spell_row_h(l, count);
    return (SDL_Rect){menu.x + lh / 2, menu.y + 2 * lh + row * rh, menu.w - lh, rh};
}

int hud_spell_at(const HudLayout *l, int count, int x, int y)
{
    SDL_Rect menu = hud_spell_menu_rect(l, count);
    for (int i = 0; i < count; i++) {
        SDL_Rect row = spell_row(l, menu, count, i);
        if (row.y + row.h <= menu.y + menu.h - 2 * l->line_h && inside(&row, x, y))
            return i;
    }
    return -1;
}

static void draw_spell_menu(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    const HudSpellMenu *sm = m->spell_menu;
    int lh = l->line_h;
    SDL_Rect rc = hud_spell_menu_rect(l, sm->count);
    box(sdl, rc);
    frame(sdl, (SDL_Rect){rc.x + 2, rc.y + 2, rc.w - 4, rc.h - 4}, MAGIC);
    char title[128];
    snprintf(title, sizeof title, "%s: cast a spell", sm->caster ? sm->caster : "Hero");
    text_fit(t, title, rc.x + lh, rc.y + lh / 2, rc.w - 2 * lh, TITLE);
    for (int i = 0; i < sm->count; i++) {
        SDL_Rect row = spell_row(l, rc, sm->count, i);
        if (row.y + row.h > rc.y + rc.h - 2 * lh)
            break; /* a window too small for them all */
        const SpellType *s = game_spell(m->game, sm->spells[i]);
        if (!s)
            continue;
        if (i == sm->hover)
            fill(sdl, row, (SDL_Color){70, 56, 90, 255});
        char line[160], key[16] = "";
        if (i < 9)
            snprintf(key, sizeof key, "%d", i + 1);
        text_draw(t, key, row.x + lh / 2, row.y, GOLD);
        snprintf(line, sizeof line, "%s", s->name);
        text_fit(t, line, row.x + 2 * lh, row.y, row.w - 8 * lh, BODY);
        snprintf(line, sizeof line, "%s", s->element);
        text_fit(t, line, row.x + row.w - 6 * lh, row.y, 6 * lh - lh / 2, MAGIC);
        if (row.h >= 2 * lh)
            text_fit(t, s->text, row.x + 2 * lh, row.y + lh, row.w - 2 * lh - lh / 2, DIM);
    }
    text_fit(t, "1-9 or click: choose    Esc or right-click: cancel", rc.x + lh, rc.y + rc.h - lh - lh / 2,
             rc.w - 2 * lh, DIM);
}

static void draw_end(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h;
    bool won = game_status(m->game) == GAME_STATUS_VICTORY;
    HudSummary s;
    hud_summary(m->game, m->finds, &s);
    char lines[6][160];
    snprintf(lines[0], 160, "Turns played: %d", s.turns);
    snprintf(lines[1], 160, "Monsters slain: %d", s.kills);
    snprintf(lines[2], 160, "Treasure found: %d (%d gold)", s.finds, s.gold);
    snprintf(lines[3], 160, "Heroes escaped: %d", s.escaped);
    snprintf(lines[4], 160, "Fallen: %s", s.fallen ? s.fallen_names : "none");
    snprintf(lines[5], 160, "Esc leaves, L shows the log.");
    SDL_Rect rc = centred(l, 24 * lh, 11 * lh);
    box(sdl, rc);
    frame(sdl, (SDL_Rect){rc.x + 3, rc.y + 3, rc.w - 6, rc.h - 6}, won ? GOLD : BAD);
    const char *title = won ? "Victory!" : "Defeat";
    text_draw(t, title, rc.x + (rc.w - text_w(t, title)) / 2, rc.y + lh, won ? GOLD : BAD);
    for (int i = 0; i < 6; i++)
        text_fit(t, lines[i], rc.x + 2 * lh, rc.y + (i + 3) * lh, rc.w - 4 * lh, i == 5 ? DIM : BODY);
}

void hud_draw(Renderer *r, const HudLayout *layout, const HudModel *m)
{
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    draw_panel(sdl, t, layout, m);
    draw_buttons(sdl, t, layout, m);
    draw_dice(r, layout, m);
    bool over = game_status(m->game) != GAME_STATUS_PLAYING && !m->animating;
    if (m->spell_menu && !m->show_help)
        draw_spell_menu(sdl, t, layout, m);
    else if (m->show_help)
        draw_help(sdl, t, layout, m);
    else if (m->show_log)
        draw_history(sdl, t, layout, m);
    else if (m->show_objectives)
        draw_objectives(sdl, t, layout, m);
    else if (over)
        draw_end(sdl, t, layout, m);
}

/* The command bar along the bottom and the dice tray over the board. */

#include "hud_internal.h"

#include <stdio.h>
#include <string.h>

/* --- Buttons and dice ---------------------------------------------------- */

/* The panel folded away: its status on one line above the buttons, the
 * turn, then what the hero has left to move or a refusal, each cut to the
 * room left ("..."). */
static void draw_folded_status(Text *t, const HudLayout *l, const HudModel *m)
{
    int lh = l->line_h, x = l->bar.x + lh / 2, end = l->bar.x + l->bar.w - lh / 2, y = l->bar.y + lh / 4;
    char first[NOTICE_LINE], *second;
    snprintf(first, sizeof first, "%s", m->status ? m->status : "");
    second = strchr(first, '\n');
    if (second)
        *second++ = '\0';
    /* a refusal in the hint's place: it says more, and both seldom fit */
    if (m->notice && m->notice[0])
        second = NULL;
    const char *parts[3] = {first, second, m->notice};
    SDL_Color colours[3] = {TITLE, BODY, BAD};
    for (int i = 0; i < 3 && x < end; i++) {
        if (!parts[i] || !parts[i][0])
            continue;
        int w = hud_text_w(t, parts[i]);
        hud_text_fit(t, parts[i], x, y, end - x, colours[i]);
        x += (w < end - x ? w : end - x) + lh;
    }
}

void hud_draw_buttons(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    hud_panel(sdl, l->bar, (SDL_Color){30, 25, 21, 255});
    hud_fill(sdl, (SDL_Rect){l->bar.x, l->bar.y, l->bar.w, 2}, PANEL_EDGE);
    if (l->folded)
        draw_folded_status(t, l, m);
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        SDL_Rect b = l->buttons[c];
        bool on = m->enabled[c] && !m->animating;
        bool lit = (c == HUD_CMD_OBJECTIVES && m->show_objectives) || (c == HUD_CMD_LOG && m->show_log);
        hud_panel(sdl, b, lit ? (SDL_Color){96, 74, 40, 255} : on ? BUTTON : BUTTON_OFF);
        if (on || !contrast_high()) /* high contrast: only what can be pressed is outlined */
            hud_frame(sdl, b, on ? BUTTON_EDGE : PANEL_EDGE);
        if (m->has_focus && m->focus == (HudCommand)c) /* thick, not only gold: seen by shape */
            for (int k = 0; k < 3; k++)
                hud_frame(sdl, (SDL_Rect){b.x + k, b.y + k, b.w - 2 * k, b.h - 2 * k}, GOLD);
        const char *label = hud_text_w(t, hud_command_label((HudCommand)c)) > b.w - 4
                                ? hud_command_short_label((HudCommand)c)
                                : hud_command_label((HudCommand)c);
        int lw = hud_text_w(t, label);
        int ty = b.y + (b.h - 2 * l->line_h) / 2;
        if (lw > b.w - 4)
            hud_text_fit(t, label, b.x + 2, ty, b.w - 4, on ? BODY : DIM);
        else
            text_draw(t, label, b.x + (b.w - lw) / 2, ty, on ? BODY : DIM);
        const char *key = m->keys[c] && m->keys[c][0] ? m->keys[c] : "";
        if (key[0]) {
            int kw = hud_text_w(t, key);
            text_draw(t, key, b.x + (b.w - kw) / 2, ty + l->line_h, on ? GOLD : DIM);
        }
    }
}

static const char *const FACE_SPRITES[DIE_FACE_COUNT] = {"ui/die_skull", "ui/die_white_shield",
                                                          "ui/die_black_shield"};

static void draw_die(Renderer *r, const char *sprite, SDL_Rect dst, const char *fallback, Uint8 alpha)
{
    SDL_Texture *tex = render_sprite(r, sprite);
    if (tex) {
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopy(render_sdl(r), tex, NULL, &dst);
        SDL_SetTextureAlphaMod(tex, 255);
        return;
    }
    hud_fill(render_sdl(r), dst, (SDL_Color){230, 226, 214, alpha});
    int w, h;
    text_size(render_text(r), fallback, &w, &h);
    text_draw(render_text(r), fallback, dst.x + (dst.w - w) / 2, dst.y + (dst.h - h) / 2,
              (SDL_Color){20, 20, 20, alpha});
}

/* The face a tumbling die shows now, and how far it is turned. */
static int tumble_face(const HudDice *d, int i, bool d6)
{
    unsigned h = (unsigned)(d->spin + 1) * 2654435761u ^ (unsigned)(i + 1) * 40503u;
    return (int)((h >> 7) % (d6 ? 6u : (unsigned)DIE_FACE_COUNT)) + (d6 ? 1 : 0);
}

static void die_names(const HudDice *d, int v, char *sprite, size_t ssize, char *fb, size_t fsize)
{
    if (d->kind == HUD_DICE_MOVE) {
        snprintf(sprite, ssize, "ui/d6_%d", v >= 1 && v <= 6 ? v : 1);
        snprintf(fb, fsize, "%d", v);
    } else {
        snprintf(sprite, ssize, "%s", FACE_SPRITES[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
        snprintf(fb, fsize, "%c", "SWB"[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
    }
}

static SDL_Color faded(SDL_Color c, Uint8 alpha)
{
    return (SDL_Color){c.r, c.g, c.b, (Uint8)(c.a * alpha / 255)};
}

bool hud_die_counts(const HudDice *d, int index)
{
    if (!d->marks || index < 0 || index >= d->count + d->count2)
        return false;
    int skulls = 0;
    for (int i = 0; i < d->count && i < GAME_MAX_DICE; i++)
        skulls += d->dice[i] == DIE_SKULL;
    if (index < d->count)
        return d->dice[index] == DIE_SKULL;
    /* the defender's shields block one skull each, the first ones first */
    int shield = d->label_hero[1] ? DIE_WHITE_SHIELD : DIE_BLACK_SHIELD, before = 0;
    for (int i = 0; i < index - d->count && i < GAME_MAX_DICE; i++)
        before += d->dice2[i] == shield;
    return d->dice2[index - d->count] == shield && before < skulls;
}

/* One die: landed (an attack's dice that counted framed in gold, the
 * others dimmed), or tumbling (another face, turned, a little up). */
static void draw_one(Renderer *r, const HudDice *d, int i, SDL_Rect dst, Uint8 alpha)
{
    bool defence = i >= d->count, landed = i < d->shown;
    int v = defence ? d->dice2[i - d->count] : d->dice[i];
    char sprite[32], fb[8];
    if (landed) {
        die_names(d, v, sprite, sizeof sprite, fb, sizeof fb);
        bool counts = hud_die_counts(d, i);
        draw_die(r, sprite, dst, fb, d->marks && !counts ? (Uint8)(alpha * 2 / 5) : alpha);
        if (counts) {
            SDL_Rect frame = {dst.x - 3, dst.y - 3, dst.w + 6, dst.h + 6};
            hud_frame(render_sdl(r), frame, faded(GOLD, alpha));
            hud_frame(render_sdl(r), (SDL_Rect){frame.x + 1, frame.y + 1, frame.w - 2, frame.h - 2},
                      faded(GOLD, alpha));
        }
        return;
    }
    die_names(d, tumble_face(d, i, d->kind == HUD_DICE_MOVE), sprite, sizeof sprite, fb, sizeof fb);
    int phase = (d->spin * 7 + i * 5) % 12;
    dst.y -= (int)(dst.h * 0.18 * (phase < 6 ? phase : 12 - phase) / 6.0);
    double angle = (double)((d->spin * 37 + i * 53) % 360);
    SDL_Texture *tex = render_sprite(r, sprite);
    if (!tex) {
        draw_die(r, sprite, dst, fb, alpha);
        return;
    }
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopyEx(render_sdl(r), tex, NULL, &dst, angle, NULL, SDL_FLIP_NONE);
    SDL_SetTextureAlphaMod(tex, 255);
}

/* Where the tray goes and how its groups share it. */
typedef struct Tray {
    SDL_Rect rc;
    int size, gap, lh, w, split, top;
    int dice_w[2], group_w[2];
    bool labels;
} Tray;

static bool tray_layout(Text *t, const HudLayout *l, const HudDice *d, Tray *tr)
{
    if (d->kind == HUD_DICE_NONE || d->count + d->count2 == 0)
        return false;
    int lh = l->line_h, size = 2 * lh + lh / 2, gap = lh / 2;
    int max_w = l->board.w - 2 * gap;
    bool labels = d->kind == HUD_DICE_COMBAT && (d->label[0][0] || d->label[1][0]);
    int dice_w[2] = {d->count * size + (d->count - 1) * gap,
                     d->count2 ? d->count2 * size + (d->count2 - 1) * gap : 0};
    int group_w[2];
    for (int k = 0; k < 2; k++) {
        int lw = labels && d->label[k][0] ? hud_text_w(t, d->label[k]) : 0;
        group_w[k] = dice_w[k] > lw ? dice_w[k] : lw;
    }
    int split = d->count2 ? 4 * gap : 0;
    int w = group_w[0] + (d->count2 ? split + group_w[1] : 0) + 2 * gap;
    if (w > max_w) { /* long names: cut to share the room */
        int room = max_w - 2 * gap - split - dice_w[0] - dice_w[1];
        for (int k = 0; k < 2; k++)
            group_w[k] = dice_w[k] + (room > 0 ? room / 2 : 0);
        w = group_w[0] + (d->count2 ? split + group_w[1] : 0) + 2 * gap;
    }
    int cw = hud_text_w(t, d->caption) + 2 * gap;
    cw = cw > max_w ? max_w : cw;
    int bw = w > cw ? w : cw, top = labels ? lh : 0;
    *tr = (Tray){.rc = {l->board.x + (l->board.w - bw) / 2,
                        l->board.y + l->board.h - size - 2 * lh - 2 * gap - top, bw,
                        size + lh + 2 * gap + top},
                 .size = size, .gap = gap, .lh = lh, .w = w, .split = split, .top = top,
                 .dice_w = {dice_w[0], dice_w[1]}, .group_w = {group_w[0], group_w[1]},
                 .labels = labels};
    return true;
}

bool hud_dice_rect(Text *t, const HudLayout *l, const HudModel *m, SDL_Rect *out)
{
    Tray tr;
    if (hud_covers_board(m) || !tray_layout(t, l, &m->dice, &tr))
        return false;
    *out = tr.rc;
    return true;
}

/* The tray: combat dice in two groups, the attacker's named over his and
 * the defender's over theirs, a line between; the event's words under. */
void hud_draw_dice(Renderer *r, const HudLayout *l, const HudModel *m)
{
    const HudDice *d = &m->dice;
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    Tray tr;
    if (!tray_layout(t, l, d, &tr))
        return;
    SDL_Rect rc = tr.rc;
    int size = tr.size, gap = tr.gap, w = tr.w, split = tr.split, top = tr.top;
    const int *dice_w = tr.dice_w, *group_w = tr.group_w;
    bool labels = tr.labels;
    Uint8 alpha = (Uint8)(d->alpha < 0 ? 0 : d->alpha > 255 ? 255 : d->alpha);
    hud_panel(sdl, rc, faded(PANEL, alpha));
    hud_frame(sdl, rc, faded(PANEL_EDGE, alpha));
    int x = rc.x + (rc.w - w) / 2 + gap, y = rc.y + gap + top;
    for (int k = 0; k < 2; k++) {
        if (k == 1 && !d->count2)
            break;
        int gx = x + (k ? group_w[0] + split : 0);
        if (labels && d->label[k][0]) {
            int lw = hud_text_w(t, d->label[k]);
            int lx = lw < group_w[k] ? gx + (group_w[k] - lw) / 2 : gx;
            hud_text_fit(t, d->label[k], lx, rc.y + gap / 2, group_w[k], faded(d->label_hero[k] ? GOLD : BAD, alpha));
        }
        int count = k ? d->count2 : d->count;
        int dx = gx + (group_w[k] - dice_w[k]) / 2;
        for (int i = 0; i < count; i++) {
            int index = k ? d->count + i : i;
            if (index >= d->shown && !d->tumbling)
                continue;
            draw_one(r, d, index, (SDL_Rect){dx + i * (size + gap), y, size, size}, alpha);
        }
    }
    if (d->count2)
        hud_fill(sdl, (SDL_Rect){x + group_w[0] + split / 2 - 1, y, 2, size}, faded(PANEL_EDGE, alpha));
    hud_text_fit(t, d->caption, rc.x + gap, y + size + gap / 2, rc.w - 2 * gap, faded(BODY, alpha));
}

void hud_draw_dice_tray(Renderer *r, SDL_Rect board, int line_h, const HudDice *d)
{
    HudLayout l = {.window = board, .board = board, .line_h = line_h};
    HudModel m = {.dice = *d}; /* the tray reads only its dice */
    hud_draw_dice(r, &l, &m);
}

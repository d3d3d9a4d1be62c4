#include "uikit.h"

#include "core/i18n.h"
#include "gfx/contrast.h"
#include "gfx/layoutprobe.h"
#include "mission/catalogue.h"
#include "rules/party.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const SDL_Color UIKIT_GOLD = {236, 196, 110, 255};
const SDL_Color UIKIT_TEXT = {236, 232, 224, 255};
const SDL_Color UIKIT_DIM = {150, 142, 132, 255};
const SDL_Color UIKIT_BAD = {240, 110, 96, 255};
const SDL_Color UIKIT_GOOD = {140, 210, 130, 255};

static const SDL_Color PANEL = {22, 18, 16, 250};
static const SDL_Color BORDER = {150, 112, 52, 255};
static const SDL_Color SELECT = {96, 64, 28, 255};
static const SDL_Color HOVER = {60, 46, 34, 70};

/* c as high contrast wants a fill under text (gfx/contrast.h): opaque and
 * near black; unchanged outside it. */
static SDL_Color under_text(SDL_Color c)
{
    if (!contrast_high())
        return c;
    uint32_t v = contrast_fill((uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b);
    return (SDL_Color){(Uint8)(v >> 16), (Uint8)(v >> 8), (Uint8)v, 255};
}

static SDL_Color edge_of(SDL_Color c)
{
    return contrast_high() ? (SDL_Color){255, 255, 255, 255} : c;
}

static void fill(App *app, SDL_Rect r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(app->sdl, &r);
}

int uikit_line(App *app)
{
    return text_line_height(app->ui);
}

void uikit_panel(App *app, SDL_Rect r)
{
    int b = screens_px(app, 2);
    SDL_Color panel = under_text(PANEL);
    layoutprobe_panel(r, panel.a);
    fill(app, r, panel);
    SDL_Rect edges[4] = {{r.x, r.y, r.w, b}, {r.x, r.y + r.h - b, r.w, b},
                         {r.x, r.y, b, r.h}, {r.x + r.w - b, r.y, b, r.h}};
    for (int i = 0; i < 4; i++)
        fill(app, edges[i], edge_of(BORDER));
}

void uikit_dim(App *app)
{
    layoutprobe_layer();
    fill(app, (SDL_Rect){0, 0, app->out_w, app->out_h}, (SDL_Color){0, 0, 0, 150});
}

int uikit_text(App *app, const char *s, int x, int y, SDL_Color c)
{
    int w = 0, h = 0;
    if (!s || !s[0])
        return 0;
    text_size(app->ui, s, &w, &h);
    text_draw(app->ui, s, x, y, c);
    return w;
}

int uikit_text_fit(App *app, const char *s, int x, int y, int max_w, SDL_Color c)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s ? s : "");
    size_t n = strlen(buf);
    int w = 0, h = 0;
    text_size(app->ui, buf, &w, &h);
    while (n > 0 && w > max_w) {
        n--;
        while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80)
            n--; /* never cut inside a UTF-8 character */
        memcpy(buf + n, "...", 4);
        text_size(app->ui, buf, &w, &h);
    }
    if (w > max_w)
        return 0; /* not even "..." fits */
    return uikit_text(app, buf, x, y, c);
}

int uikit_title(App *app, const char *s, int x, int y, SDL_Color c)
{
    int w = 0, h = 0;
    text_size(app->big, s, &w, &h);
    text_draw(app->big, s, x, y, c);
    return w;
}

int uikit_title_fit(App *app, const char *s, int x, int y, int max_w, SDL_Color c)
{
    int w = 0, h = 0;
    text_size(app->big, s, &w, &h);
    if (w <= max_w)
        return uikit_title(app, s, x, y, c);
    /* a long name in the smaller font, centred on the title's line */
    int uh = text_line_height(app->ui);
    return uikit_text_fit(app, s, x, y + (text_line_height(app->big) - uh) / 2, max_w, c);
}

SDL_Rect uikit_centre(App *app, int w, int h)
{
    /* a larger text size asks for a larger panel (as far as the window allows) */
    double text = screens_text_factor(app);
    int pw = screens_px(app, w * text), ph = screens_px(app, h * text);
    int margin = screens_px(app, 8);
    if (pw > app->out_w - 2 * margin)
        pw = app->out_w - 2 * margin;
    if (ph > app->out_h - 2 * margin)
        ph = app->out_h - 2 * margin;
    return (SDL_Rect){(app->out_w - pw) / 2, (app->out_h - ph) / 2, pw, ph};
}

/* Width of the first n bytes of s. */
static int prefix_width(App *app, const char *s, size_t n)
{
    char buf[1024];
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    int w = 0, h = 0;
    if (n)
        text_size(app->ui, buf, &w, &h);
    return w;
}

/* How many bytes of s (up to a newline) fit in w, broken at a space when
 * one is there. */
static size_t fit(App *app, const char *s, int w)
{
    size_t end = strcspn(s, "\n"), best = 0, last_space = 0;
    for (size_t i = 1; i <= end; i++) {
        if (i < end && ((unsigned char)s[i] & 0xC0) == 0x80)
            continue; /* inside a UTF-8 character */
        if (prefix_width(app, s, i) > w)
            break;
        best = i;
        if (i < end && s[i] == ' ')
            last_space = i;
    }
    if (best < end && last_space > 0)
        return last_space;
    return best ? best : (end ? 1 : 0);
}

int uikit_wrap_lines(App *app, const char *s, int w)
{
    int n = 0;
    while (s && *s) {
        s += fit(app, s, w);
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
        n++;
    }
    return n;
}

const char *uikit_wrap_skip(App *app, const char *s, int w, int lines)
{
    for (int n = 0; s && *s && n < lines; n++) {
        s += fit(app, s, w);
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
    }
    return s;
}

void uikit_folder_hint(App *app, const char *keys, const char *lead, const char *folder, int x, int y,
                       int w)
{
    char hint[4800];
    snprintf(hint, sizeof hint, "%s   %s %s", keys, lead, folder);
    if (!keys[0] || uikit_wrap_lines(app, hint, w) > 1) {
        snprintf(hint, sizeof hint, "%s %s", lead, folder);
        if (hint[0] >= 'a' && hint[0] <= 'z')
            hint[0] = (char)(hint[0] - 'a' + 'A');
    }
    size_t skip = strlen(lead) + 1;
    while (uikit_wrap_lines(app, hint, w) > 1 && strlen(hint) > skip + 3 + 8) {
        /* drop the folder's first characters behind "..." */
        memmove(hint + skip + 3, hint + skip + 4, strlen(hint + skip + 4) + 1);
        memcpy(hint + skip, "...", 3);
    }
    uikit_wrap(app, hint, x, y, w, 1, UIKIT_DIM);
}

int uikit_folder_hint_lines(App *app, const char *keys, const char *lead, const char *folder, int x, int bottom,
                            int w, int max_lines, bool draw)
{
    char line[4800];
    snprintf(line, sizeof line, "%s   %s %s", keys, lead, folder);
    int lh = uikit_line(app);
    if (uikit_wrap_lines(app, line, w) <= 1) {
        if (draw)
            uikit_folder_hint(app, keys, lead, folder, x, bottom - lh, w);
        return 1;
    }
    snprintf(line, sizeof line, "%s %s", lead, folder);
    if (line[0] >= 'a' && line[0] <= 'z') /* it starts the line, as uikit_folder_hint's */
        line[0] = (char)(line[0] - 'a' + 'A');
    int lines = max_lines >= 3 && uikit_wrap_lines(app, line, w) > 1 && uikit_wrap_lines(app, folder, w) <= 1 ? 3 : 2;
    if (draw) {
        uikit_text_fit(app, keys, x, bottom - lines * lh, w, UIKIT_DIM);
        if (lines == 3)
            uikit_wrap(app, line, x, bottom - 2 * lh, w, 2, UIKIT_DIM);
        else
            uikit_folder_hint(app, keys, lead, folder, x, bottom - lh, w);
    }
    return lines;
}

int uikit_wrap(App *app, const char *s, int x, int y, int w, int max_lines, SDL_Color c)
{
    int lh = uikit_line(app);
    SDL_Rect clip = {x, y, w, max_lines * lh};
    SDL_RenderSetClipRect(app->sdl, &clip);
    for (int n = 0; s && *s && n < max_lines; n++) {
        size_t len = fit(app, s, w);
        char buf[1024];
        size_t k = len < sizeof buf ? len : sizeof buf - 1;
        memcpy(buf, s, k);
        buf[k] = '\0';
        const char *rest = s + len + strspn(s + len, " ");
        if (n == max_lines - 1 && *rest && (*rest != '\n' || rest[1])) {
            /* text goes on past the last line: it ends in "...", so a
             * cut briefing does not read as a whole one (also when the
             * cut falls at the end of a paragraph) */
            if (*rest == '\n')
                snprintf(buf, sizeof buf, "%.*s...", (int)k, s);
            else
                snprintf(buf, sizeof buf, "%.*s", (int)strcspn(s, "\n"), s);
            uikit_text_fit(app, buf, x, y, w, c);
        } else {
            uikit_text(app, buf, x, y, c);
        }
        y += lh;
        s += len;
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
    }
    SDL_RenderSetClipRect(app->sdl, NULL);
    return y;
}

void uikit_menu_clear(UiMenu *m)
{
    memset(m, 0, sizeof *m);
}

int uikit_menu_add(UiMenu *m, const char *label, const char *note, bool enabled)
{
    if (m->count >= UIKIT_MENU_MAX)
        return -1;
    m->items[m->count] = label;
    m->notes[m->count] = note;
    m->disabled[m->count] = !enabled;
    if (m->disabled[m->selected] && enabled)
        m->selected = m->count;
    return m->count++;
}

static void step(UiMenu *m, int dir)
{
    for (int i = 0; i < m->count; i++) {
        m->selected = (m->selected + dir + m->count) % m->count;
        if (!m->disabled[m->selected])
            return;
    }
}

static int row_at(const UiMenu *m, int x, int y)
{
    for (int i = m->first; i < m->count && i < m->first + m->visible; i++) {
        SDL_Rect r = m->rows[i];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return i;
    }
    return -1;
}

int uikit_menu_handle(UiMenu *m, const UiInput *in)
{
    if (m->count == 0)
        return in->action == BINDING_BACK ? -2 : -1;
    if (in->pointer) {
        int i = row_at(m, in->x, in->y);
        if (i >= 0 && !m->disabled[i] && (in->moved || in->click)) {
            m->selected = i;
            if (in->click)
                return i;
        }
        return -1;
    }
    if (in->wheel) {
        step(m, in->wheel > 0 ? -1 : 1);
        return -1;
    }
    if (in->ev && in->ev->type == SDL_KEYDOWN) {
        SDL_Keycode k = in->ev->key.keysym.sym;
        if (k == SDLK_HOME || k == SDLK_PAGEUP) {
            m->selected = m->count - 1;
            step(m, 1);
            return -1;
        }
        if (k == SDLK_END || k == SDLK_PAGEDOWN) {
            m->selected = 0;
            step(m, -1);
            return -1;
        }
    }
    switch (in->action) {
    case BINDING_CURSOR_UP: step(m, -1); return -1;
    case BINDING_CURSOR_DOWN: step(m, 1); return -1;
    case BINDING_CONFIRM: return m->disabled[m->selected] ? -1 : m->selected;
    case BINDING_BACK: return -2;
    default: return -1;
    }
}

/* Where row i's label and note go: the note right-aligned; when both do
 * not fit, the note keeps at most half the row and both are cut with
 * "...". */
typedef struct RowParts {
    int label_x, label_w, note_x, note_w;
} RowParts;

static RowParts row_parts(App *app, const UiMenu *m, int i)
{
    int lh = uikit_line(app), pad = lh / 3, gap = 2 * pad, lw = 0, nw = 0, h;
    SDL_Rect row = m->rows[i];
    RowParts rp = {.label_x = row.x + 2 * pad + lh / 2};
    int room = row.x + row.w - pad - rp.label_x;
    text_size(app->ui, m->items[i], &lw, &h);
    if (m->notes[i] && m->notes[i][0])
        text_size(app->ui, m->notes[i], &nw, &h);
    if (lw + (nw ? gap + nw : 0) > room && nw) {
        int keep = lw < room / 2 ? lw : room / 2; /* the label keeps half, or less if it needs less */
        nw = nw < room - keep - gap ? nw : room - keep - gap;
    }
    rp.note_w = nw;
    rp.note_x = row.x + row.w - pad - nw;
    rp.label_w = room - (nw ? gap + nw : 0);
    return rp;
}

int uikit_menu_note_x(App *app, const UiMenu *m, int i)
{
    return row_parts(app, m, i).note_x;
}

static void draw_row(App *app, const UiMenu *m, int i, SDL_Rect row)
{
    int lh = uikit_line(app), pad = lh / 3;
    if (i == m->selected) {
        fill(app, row, under_text(SELECT));
        if (contrast_high()) { /* the selection outlined, since its fill is dark */
            SDL_Color e = edge_of(SELECT);
            SDL_SetRenderDrawColor(app->sdl, e.r, e.g, e.b, e.a);
            SDL_RenderDrawRect(app->sdl, &row);
        }
    } else if (!m->disabled[i] && i % 2 && !contrast_high()) {
        fill(app, row, HOVER);
    }
    SDL_Color c = m->disabled[i] ? UIKIT_DIM : i == m->selected ? UIKIT_GOLD : UIKIT_TEXT;
    if (i == m->selected)
        uikit_text(app, ">", row.x + pad / 2, row.y + pad / 2, UIKIT_GOLD);
    RowParts rp = row_parts(app, m, i);
    uikit_text_fit(app, m->items[i], rp.label_x, row.y + pad / 2, rp.label_w, c);
    if (rp.note_w > 0)
        uikit_text_fit(app, m->notes[i], rp.note_x, row.y + pad / 2, rp.note_w,
                       m->disabled[i] ? UIKIT_BAD : UIKIT_DIM);
}

/* The selected item in words, for narration: its label, its note (the
 * value), and whether it cannot be chosen. */
static void menu_focus(App *app, const UiMenu *m)
{
    if (m->selected < 0 || m->selected >= m->count || !app->narrator)
        return;
    char said[512];
    int i = m->selected;
    snprintf(said, sizeof said, "%s%s%s%s", m->items[i], m->notes[i] && m->notes[i][0] ? ": " : "",
             m->notes[i] ? m->notes[i] : "", m->disabled[i] ? _(", unavailable") : "");
    screens_focus(app, said);
}

void uikit_menu_draw(App *app, UiMenu *m, SDL_Rect r)
{
    menu_focus(app, m);
    int lh = uikit_line(app), pad = lh / 3, row_h = lh + pad;
    m->visible = r.h / row_h;
    if (m->visible < 1)
        m->visible = 1;
    if (m->selected < m->first)
        m->first = m->selected;
    if (m->selected >= m->first + m->visible)
        m->first = m->selected - m->visible + 1;
    for (int i = m->first; i < m->count && i < m->first + m->visible; i++) {
        m->rows[i] = (SDL_Rect){r.x, r.y + (i - m->first) * row_h, r.w, row_h};
        draw_row(app, m, i, m->rows[i]);
    }
    if (m->first > 0)
        uikit_text(app, "^", r.x + r.w - lh, r.y - lh, UIKIT_DIM);
    if (m->first + m->visible < m->count)
        uikit_text(app, "v", r.x + r.w - lh, r.y + m->visible * row_h, UIKIT_DIM);
}

void uikit_field_draw(App *app, const TextField *f, SDL_Rect r)
{
    int pad = uikit_line(app) / 4;
    fill(app, r, (SDL_Color){8, 8, 8, 255});
    SDL_Color edge = f->focused ? UIKIT_GOLD : BORDER;
    SDL_SetRenderDrawColor(app->sdl, edge.r, edge.g, edge.b, 255);
    SDL_RenderDrawRect(app->sdl, &r);
    /* show the end of a long text: skip whole characters until it fits */
    const char *s = f->text;
    int full = prefix_width(app, s, f->len);
    while (*s && full > r.w - 3 * pad) {
        size_t n = textfield_utf8_length(s, strlen(s));
        s += n ? n : 1;
        full = prefix_width(app, s, strlen(s));
    }
    if (f->all && f->focused) /* selected: the text on a highlight */
        fill(app, (SDL_Rect){r.x + pad, r.y + pad, prefix_width(app, s, strlen(s)), r.h - 2 * pad},
             (SDL_Color){90, 70, 30, 255});
    uikit_text(app, s, r.x + pad, r.y + pad, UIKIT_TEXT);
    if (f->focused && !f->all) {
        size_t skipped = (size_t)(s - f->text);
        int cx = r.x + pad + (f->cursor > skipped ? prefix_width(app, s, f->cursor - skipped) : 0);
        fill(app, (SDL_Rect){cx, r.y + pad, screens_px(app, 2), r.h - 2 * pad}, UIKIT_GOLD);
    }
}

bool uikit_field_handle(TextField *f, const UiInput *in)
{
    if (!f->focused)
        return false;
    const SDL_Event *ev = in->ev;
    if (ev->type == SDL_TEXTINPUT) {
        textfield_insert(f, ev->text.text);
        return true;
    }
    if (ev->type != SDL_KEYDOWN)
        return false;
    switch (ev->key.keysym.sym) {
    case SDLK_BACKSPACE: textfield_backspace(f); return true;
    case SDLK_DELETE: textfield_delete(f); return true;
    case SDLK_LEFT: textfield_left(f); return true;
    case SDLK_RIGHT: textfield_right(f); return true;
    case SDLK_HOME: textfield_home(f); return true;
    case SDLK_END: textfield_end(f); return true;
    case SDLK_a:
        if (ev->key.keysym.mod & KMOD_CTRL)
            textfield_select_all(f);
        return true;
    case SDLK_v:
        if (ev->key.keysym.mod & KMOD_CTRL) {
            char *clip = SDL_GetClipboardText();
            if (clip)
                textfield_insert(f, clip);
            SDL_free(clip);
        }
        return true;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_ESCAPE: return false;
    default: return true; /* letters arrive as SDL_TEXTINPUT */
    }
}

void uikit_text_input(const TextField *f)
{
    const TextField *fields[1] = {f};
    if (textfield_any_focused(fields, 1)) {
        if (!SDL_IsTextInputActive())
            SDL_StartTextInput();
    } else if (SDL_IsTextInputActive()) {
        SDL_StopTextInput();
    }
}

const char *uikit_party_name(const Catalogue *cat, const PartyHero *h)
{
    const PieceType *t = catalogue_find(cat, h->type);
    const char *type = t && t->name[0] ? t->name : h->type;
    if (strcasecmp(h->name, type) == 0 || strcasecmp(h->name, h->type) == 0)
        return gettext(type);
    return h->name;
}

void uikit_turn_words(char *out, size_t size, const char *hero_name, bool named)
{
    /* a proper name takes no article: "the Brak's turn" reads wrong */
    if (named)
        /* TRANSLATORS: a hero the party named ("Brak's turn") */
        snprintf(out, size, _("%s's turn"), hero_name);
    else
        /* TRANSLATORS: a hero by its type ("the Barbarian's turn") */
        snprintf(out, size, _("the %s's turn"), hero_name);
}

/* The editor's questions: a panel over the editor with one line to type
 * (a name, a briefing, a folder, a size), Return to answer, Escape to
 * leave it. The answer becomes a command; a refusal keeps the panel open
 * with the reason, so nothing typed is lost. */
#include "editor_internal.h"

#include <stdio.h>
#include <string.h>

void editor_prompt_open(Editor *e, EditorPromptKind kind, const char *title, const char *hint,
                        const char *initial)
{
    EditorPrompt *p = &e->prompt;
    *p = (EditorPrompt){.open = true, .kind = kind};
    snprintf(p->title, sizeof p->title, "%s", title);
    snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
    textfield_init(&p->field, initial, TEXTFIELD_CAPACITY - 1);
    p->field.focused = true;
    p->field.all = true;
    e->base.wants_keys = true;
    uikit_text_input(&p->field);
}

void editor_prompt_command(Editor *e, const char *title, const char *hint, const char *initial,
                           const char *prefix, const char *suffix, bool raw)
{
    editor_prompt_open(e, EDITOR_PROMPT_COMMAND, title, hint, initial);
    snprintf(e->prompt.prefix, sizeof e->prompt.prefix, "%s", prefix);
    snprintf(e->prompt.suffix, sizeof e->prompt.suffix, "%s", suffix);
    e->prompt.raw = raw;
}

static void close_prompt(Editor *e)
{
    e->prompt.open = false;
    e->prompt.field.focused = false;
    e->base.wants_keys = false;
    uikit_text_input(&e->prompt.field);
}

/* "Throne room 8a1f2b": the name, then the colour. */
static bool colour_command(const char *answer, char *line, size_t size)
{
    const char *space = strrchr(answer, ' ');
    if (!space)
        return false;
    char name[TEXTFIELD_CAPACITY], q[2 * TEXTFIELD_CAPACITY + 8];
    snprintf(name, sizeof name, "%.*s", (int)(space - answer), answer);
    editor_quote(name, q, sizeof q);
    snprintf(line, size, "colour %s %s", q, space + 1);
    return true;
}

/* "26 19 hex" or "26x19 hex"; or "generate dungeon 7 [40x30]...", a
 * random quest to start from. */
static void new_command(const char *answer, char *line, size_t size)
{
    if (strncmp(answer, "generate ", 9) == 0) {
        snprintf(line, size, "%s", answer);
        return;
    }
    char buf[TEXTFIELD_CAPACITY];
    snprintf(buf, sizeof buf, "%s", answer);
    for (char *c = buf; *c; c++)
        if (*c == 'x' || *c == 'X' || *c == ',')
            *c = ' ';
    snprintf(line, size, "new %s", buf);
}

static void submit(Editor *e)
{
    EditorPrompt *p = &e->prompt;
    const char *answer = p->field.text;
    char line[EDIT_LINE_MAX], q[2 * TEXTFIELD_CAPACITY + 8];
    editor_quote(answer, q, sizeof q);
    switch (p->kind) {
    case EDITOR_PROMPT_COMMAND:
        snprintf(line, sizeof line, "%s%s%s", p->prefix, p->raw ? answer : q, p->suffix);
        break;
    case EDITOR_PROMPT_OPEN: snprintf(line, sizeof line, "open %s", q); break;
    case EDITOR_PROMPT_SAVE: snprintf(line, sizeof line, "save %s", q); break;
    case EDITOR_PROMPT_NEW: new_command(answer, line, sizeof line); break;
    case EDITOR_PROMPT_COLOUR:
        if (!colour_command(answer, line, sizeof line)) {
            snprintf(p->error, sizeof p->error, "%s", _("A name, then the colour as RRGGBB"));
            return;
        }
        break;
    default: return;
    }
    if (!edittools_run(&e->tools, e->session, line)) {
        snprintf(p->error, sizeof p->error, "%s", e->tools.status);
        return;
    }
    editor_say(e, true, "%s", e->tools.status);
    if (p->kind == EDITOR_PROMPT_OPEN || p->kind == EDITOR_PROMPT_NEW) {
        e->cam_set = false;
        e->tools.selected = false;
        e->sim.show_map = false;
    }
    if (p->kind == EDITOR_PROMPT_COLOUR) {
        EditColour c;
        const char *space = strrchr(answer, ' ');
        if (space && sscanf(space + 1, "%6x", &c) == 1)
            e->tools.colour = EDIT_OPAQUE | (c & 0xffffff);
    }
    if (p->kind == EDITOR_PROMPT_SAVE)
        editor_say(e, true, _("Saved %s"), editsession_path(e->session));

    editor_changed(e);
    close_prompt(e);
}

bool editor_prompt_handle(Editor *e, App *app, const UiInput *in)
{
    (void)app;
    EditorPrompt *p = &e->prompt;
    if (!p->open)
        return false;
    if (in->ev->type == SDL_KEYDOWN) {
        SDL_Keycode k = in->ev->key.keysym.sym;
        if (k == SDLK_ESCAPE) {
            close_prompt(e);
            editor_say(e, true, _("Left as it was"));
            return true;
        }
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            submit(e);
            return true;
        }
    }
    if (in->ev->type == SDL_TEXTINPUT && p->swallow) {
        /* the opening key's own character is no part of the answer */
        bool own = in->ev->text.text[0] == p->swallow && !in->ev->text.text[1];
        p->swallow = 0;
        if (own)
            return true;
    }
    if (uikit_field_handle(&p->field, in))
        p->error[0] = '\0';
    return true;
}

void editor_prompt_draw(Editor *e, App *app)
{
    EditorPrompt *p = &e->prompt;
    uikit_dim(app);
    int lh = uikit_line(app), pad = lh / 2;
    SDL_Rect r = uikit_centre(app, 520, 10 * 20);
    int w = r.w - 2 * pad;
    int hint_lines = p->hint[0] ? uikit_wrap_lines(app, p->hint, w) : 0;
    int error_lines = p->error[0] ? uikit_wrap_lines(app, p->error, w) : 0;
    if (hint_lines > 3)
        hint_lines = 3;
    if (error_lines > 3)
        error_lines = 3;
    r.h = pad + lh + pad / 2 + hint_lines * lh + pad / 2 + lh + pad + pad / 2 + error_lines * lh +
          pad / 2 + lh + pad;
    r.y = (app->out_h - r.h) / 2;
    uikit_panel(app, r);
    int y = r.y + pad;
    uikit_text_fit(app, p->title, r.x + pad, y, w, UIKIT_GOLD);
    y += lh + pad / 2;
    if (hint_lines)
        y = uikit_wrap(app, p->hint, r.x + pad, y, w, hint_lines, UIKIT_DIM);
    y += pad / 2;
    SDL_Rect field = {r.x + pad, y, w, lh + pad};
    uikit_field_draw(app, &p->field, field);
    y += lh + pad + pad / 2;
    if (error_lines)
        y = uikit_wrap(app, p->error, r.x + pad, y, w, error_lines, UIKIT_BAD);
    y += pad / 2;
    uikit_text_fit(app, _("Return: done   Escape: leave it as it was"), r.x + pad, y, w, UIKIT_DIM);
}

/* The editor's left panel: the tools (each with its key), the colours of
 * the mission (the palette's names and costs, then the board's other
 * colours, then "no square" and rock), and the colour buttons: add,
 * rename, recolour, cost. A colour one shade off another cannot be added:
 * the commands refuse it (editcmd_board.c). */
#include "editor_internal.h"

#include <stdio.h>
#include <string.h>

enum { ROW_COLOUR = 1 };

static const MissionPaletteEntry *entry_of(const Mission *m, uint32_t rgb)
{
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb == rgb)
            return &m->palette[i];
    return NULL;
}

static EditorRow *colour_row(Editor *e, EditColour c, const char *fallback)
{
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    const MissionPaletteEntry *p = editdoc_transparent(c) ? NULL : entry_of(m, editdoc_rgb(c));
    const char *name = p && p->name[0] ? p->name : fallback;
    EditorRow *r = name ? editor_list_add(&e->palette, ROW_COLOUR, 0, "%s", name)
                        : editor_list_add(&e->palette, ROW_COLOUR, 0, "#%06x", editdoc_rgb(c));
    r->swatch = c ? c : 0x00ffffff; /* transparent: swatch shows a cross */
    r->arg = (int)c;
    if (p && p->cost > 1)
        snprintf(r->note, sizeof r->note, _("cost %d"), p->cost);
    else if (p && p->has_type)
        snprintf(r->note, sizeof r->note, "%s", board_type_name(p->type));
    r->selected = e->tools.colour == c;
    return r;
}

void editor_panels_build(Editor *e)
{
    EditDoc *doc = editsession_doc(e->session);
    const Mission *m = editdoc_mission(doc);
    editor_list_clear(&e->palette);
    /* the palette's colours first, in its order, then the board's others */
    for (size_t i = 0; i < m->palette_count; i++) {
        bool seen = false;
        for (size_t k = 0; k < i; k++)
            seen = seen || m->palette[k].rgb == m->palette[i].rgb;
        uint32_t rgb = m->palette[i].rgb;
        if (!seen && rgb != BOARD_RGB_NONE && rgb != BOARD_RGB_BLOCKED)
            colour_row(e, EDIT_OPAQUE | rgb, NULL);
    }
    for (size_t i = 0; i < editdoc_colour_count(doc); i++) {
        int64_t n;
        EditColour c = editdoc_colour_at(doc, i, &n);
        uint32_t rgb = editdoc_rgb(c);
        if (n > 0 && !editdoc_transparent(c) && !entry_of(m, rgb) && rgb != BOARD_RGB_NONE &&
            rgb != BOARD_RGB_BLOCKED)
            colour_row(e, c, rgb == 0xffffff ? _("Corridor") : NULL);
    }
    if (!entry_of(m, 0xffffff) && editdoc_colour_squares(doc, EDIT_OPAQUE | 0xffffff) == 0)
        colour_row(e, EDIT_OPAQUE | 0xffffff, _("Corridor"));
    colour_row(e, EDIT_ROCK, _("Rock"));
    colour_row(e, EDIT_NONE, _("No square"));
}

static void draw_tools(Editor *e, App *app)
{
    const EditorLayout *L = &e->lay;
    char label[160];
    if (e->tools.tool == EDIT_TOOL_PIECE)
        snprintf(label, sizeof label, _("Place %s (%c)"), e->tools.piece,
                 edittool_key(e->tools.tool) - 'a' + 'A');
    else
        snprintf(label, sizeof label, "%s (%c)", editor_tool_label(e->tools.tool),
                 edittool_key(e->tools.tool) - 'a' + 'A');
    uikit_text_fit(app, label, L->tool_label.x, L->tool_label.y, L->tool_label.w, UIKIT_GOLD);
    for (int t = 0; t < EDIT_TOOL_COUNT; t++) {
        char key[2] = {(char)(edittool_key((EditTool)t) - 'a' + 'A'), '\0'};
        editor_draw_button(app, L->tools[t], key, true, e->tools.tool == (EditTool)t);
    }
}

/* narrow buttons: their words apart from the prompts' (a context) */
static const char *const COLOUR_BUTTONS[EDITOR_COLOUR_BUTTON_COUNT] = {
    NC_("colour button", "Add"), NC_("colour button", "Rename"), NC_("colour button", "Recolour"),
    NC_("colour button", "Cost")};

void editor_panels_draw(Editor *e, App *app)
{
    const EditorLayout *L = &e->lay;
    uikit_panel(app, L->left);
    draw_tools(e, app);
    editor_panels_build(e);
    editor_list_draw(app, e, &e->palette, L->palette);
    for (int b = 0; b < EDITOR_COLOUR_BUTTON_COUNT; b++)
        editor_draw_button(app, L->colour_buttons[b], C_("colour button", COLOUR_BUTTONS[b]), true, false);

}

/* The palette entry of the pencil's colour, or NULL. */
static const MissionPaletteEntry *current_entry(Editor *e)
{
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    return editdoc_transparent(e->tools.colour) ? NULL : entry_of(m, editdoc_rgb(e->tools.colour));
}

void editor_colour_button(Editor *e, App *app, EditorColourButton b)
{
    const MissionPaletteEntry *p = current_entry(e);
    uint32_t rgb = editdoc_rgb(e->tools.colour);
    char prefix[64], hint[200];
    (void)app;
    switch (b) {
    case EDITOR_COLOUR_ADD:
        editor_prompt_open(e, EDITOR_PROMPT_COLOUR, _("Add a colour"),
                           _("Its name, then RRGGBB (as Throne room 8a1f2b)"), "");
        break;
    case EDITOR_COLOUR_RENAME:
        snprintf(prefix, sizeof prefix, "colour ");
        snprintf(hint, sizeof hint, _("The name rooms of #%06x go by"), rgb);
        {
            char suffix[32];
            snprintf(suffix, sizeof suffix, " %06x", rgb);
            editor_prompt_command(e, _("Rename the colour"), hint, p ? p->name : "", prefix, suffix,
                                  false);
        }
        break;
    case EDITOR_COLOUR_RECOLOUR:
        snprintf(prefix, sizeof prefix, "recolour %06x ", rgb);
        snprintf(hint, sizeof hint, _("Every square of #%06x takes the new colour RRGGBB"), rgb);
        editor_prompt_command(e, _("Recolour"), hint, "", prefix, "", true);
        break;
    case EDITOR_COLOUR_COST: {
        char suffix[32] = "", initial[16];
        snprintf(prefix, sizeof prefix, "colour - %06x cost=", rgb);
        snprintf(initial, sizeof initial, "%d", p && p->cost > 1 ? p->cost : 1);
        snprintf(hint, sizeof hint, _("Movement to enter a square of #%06x, 1 to 100"), rgb);
        editor_prompt_command(e, _("Movement cost"), hint, initial, prefix, suffix, true);
        break;
    }
    default: break;
    }
}

void editor_panels_step(Editor *e, int by)
{
    editor_panels_build(e);
    int n = e->palette.count, at = 0;
    for (int i = 0; i < n; i++)
        if (e->palette.rows[i].selected)
            at = i;
    if (!n)
        return;
    at = ((at + by) % n + n) % n;
    e->tools.colour = (EditColour)(uint32_t)e->palette.rows[at].arg;
    editor_say(e, true, _("Painting %s"), e->palette.rows[at].text);
}

bool editor_panels_click(Editor *e, App *app, int x, int y)
{
    const EditorLayout *L = &e->lay;
    for (int t = 0; t < EDIT_TOOL_COUNT; t++)
        if (x >= L->tools[t].x && x < L->tools[t].x + L->tools[t].w && y >= L->tools[t].y &&
            y < L->tools[t].y + L->tools[t].h) {
            edittools_choose(&e->tools, e->session, (EditTool)t);
            return true;
        }
    for (int b = 0; b < EDITOR_COLOUR_BUTTON_COUNT; b++) {
        SDL_Rect r = L->colour_buttons[b];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) {
            editor_colour_button(e, app, (EditorColourButton)b);
            return true;
        }
    }
    int row = editor_list_at(&e->palette, x, y);
    if (row < 0)
        return false;
    e->tools.colour = (EditColour)(uint32_t)e->palette.rows[row].arg;
    if (e->tools.tool == EDIT_TOOL_SELECT || e->tools.tool == EDIT_TOOL_PIECE ||
        e->tools.tool == EDIT_TOOL_DOOR || e->tools.tool == EDIT_TOOL_ERASER ||
        e->tools.tool == EDIT_TOOL_ROCK)
        edittools_choose(&e->tools, e->session, EDIT_TOOL_PENCIL);
    editor_say(e, true, _("Painting %s"), e->palette.rows[row].text);

    return true;
}

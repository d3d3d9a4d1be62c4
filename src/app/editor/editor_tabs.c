/* The editor's right panel, four tabs:
 *
 *   Pieces    what the piece and door tools place: the catalogue's heroes,
 *             monsters and furniture with their sprites, traps, treasure,
 *             rubble, exits, notes, and doors;
 *   Selected  the selected piece's properties: a click asks a new value
 *             (or steps through the choices), as a modify command;
 *   Mission   name, briefing, texts, rules, music, topology; the
 *             objectives (added by picking their monster, item or square
 *             on the board); the play-test party;
 *   Check     the live check's errors and warnings, each taking the board
 *             to its square; the simulator's figures.
 */
#include "editor_internal.h"

#include "bot/balance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    ACT_TAB_NONE = 0,
    ACT_PIECE,      /* data: the place command's type and options */
    ACT_DOOR,       /* data: the door tool's options */
    ACT_FIELD,      /* arg: a Field */
    ACT_DELETE,
    ACT_MISSION,    /* arg: a MissionField */
    ACT_OBJECTIVE,  /* arg: the objective's index */
    ACT_ADD_OBJECTIVE, /* arg: an EditorPick, or -1 for escape */
    ACT_PARTY,      /* arg: the hero's index */
    ACT_ISSUE,      /* arg: the issue's index */
    ACT_SIMULATE,
    ACT_MAP,
};

/* ---- Pieces ---- */

static EditorRow *piece(Editor *e, const char *data, const char *sprite, const char *name)
{
    EditorRow *r = editor_list_add(&e->list, ACT_PIECE, 0, "%s", name);
    snprintf(r->data, sizeof r->data, "%s", data);
    r->sprite = sprite;
    char current[sizeof e->tools.piece + sizeof e->tools.piece_options + 2];
    snprintf(current, sizeof current, "%s%s%s", e->tools.piece, e->tools.piece_options[0] ? " " : "",
             e->tools.piece_options);
    r->selected = e->tools.tool == EDIT_TOOL_PIECE && strcmp(current, data) == 0;
    return r;
}

static void pieces_of(Editor *e, PieceKind kind, const char *heading)
{
    const Catalogue *cat = editdoc_mission(editsession_doc(e->session))->catalogue;
    editor_list_add(&e->list, -1, 0, "%s", heading);
    for (size_t i = 0; cat && i < catalogue_count(cat); i++) {
        const PieceType *t = catalogue_at(cat, i);
        if (t->kind != kind)
            continue;
        const char *data = t->id;
        char with_id[96];
        if (kind == PIECE_FURNITURE && (t->flags & PIECE_SEARCHABLE)) {
            /* searchable furniture gets an id, so treasure can go inside */
            snprintf(with_id, sizeof with_id, "%s id=%s*", t->id, t->id);
            data = with_id;
        }
        EditorRow *r = piece(e, data, t->sprite, t->name[0] ? t->name : t->id);
        if (kind == PIECE_FURNITURE)
            snprintf(r->note, sizeof r->note, "%dx%d", t->width, t->height);
    }
}

static void door_row(Editor *e, const char *options, const char *label)
{
    EditorRow *r = editor_list_add(&e->list, ACT_DOOR, 0, "%s", label);
    snprintf(r->data, sizeof r->data, "%s", options);
    r->selected = e->tools.tool == EDIT_TOOL_DOOR && strcmp(e->tools.door_options, options) == 0;
}

static void pieces_tab(Editor *e)
{
    pieces_of(e, PIECE_HERO, _("Heroes' start squares"));
    pieces_of(e, PIECE_MONSTER, _("Monsters"));
    pieces_of(e, PIECE_FURNITURE, _("Furniture"));
    editor_list_add(&e->list, -1, 0, _("Doors"));
    door_row(e, "", _("Door"));
    door_row(e, "secret", _("Secret door"));
    door_row(e, "locked", _("Locked door (its key: Selected tab)"));
    editor_list_add(&e->list, -1, 0, _("Traps"));
    piece(e, "trap kind=pit", "board/trap_pit", _("Pit"));
    piece(e, "trap kind=spear", "board/trap_spear", _("Spear"));
    piece(e, "trap kind=falling_block", "board/trap_block", _("Falling block"));
    piece(e, "trap kind=chest", "board/trap_chest", _("Chest trap"));
    editor_list_add(&e->list, -1, 0, _("Treasure"));
    piece(e, "treasure kind=gold amount=25", "board/treasure", _("Gold (25)"));
    piece(e, "treasure kind=potion amount=4", "board/treasure", _("Potion (4 body points)"));
    piece(e, "treasure kind=item id=item* name=\"A quest item\"", "board/treasure",
          _("Quest item (a key...)"));
    piece(e, "treasure kind=hazard amount=1", "board/treasure", _("Hazard"));
    editor_list_add(&e->list, -1, 0, _("Other"));
    piece(e, "rubble", "board/rubble", _("Rubble"));
    piece(e, "exit", "board/exit", _("Exit"));
    piece(e, "note text=\"A note\"", NULL, _("Author's note"));
}

/* ---- Selected ---- */

typedef enum Field {
    F_TYPE, F_ID, F_ROTATION, F_KIND, F_FALL, F_TREASURE, F_DAMAGE, F_NAME, F_AMOUNT, F_ITEM,
    F_FURNITURE, F_KEY, F_OPEN, F_TEXT, F_LABEL, F_COUNT
} Field;

static const char *const FIELD_KEYS[F_COUNT] = {"type",     "id",     "rotation", "kind",
                                                "fall",     "treasure", "damage", "name",
                                                "amount",   "item",   "furniture", "key",
                                                "open",     "text",   "label"};

static EditorRow *field(Editor *e, Field f, const char *label, const char *value)
{
    EditorRow *r = editor_list_add(&e->list, ACT_FIELD, f, "%s", label);
    snprintf(r->note, sizeof r->note, "%s", value && value[0] ? value : "-");
    snprintf(r->data, sizeof r->data, "%s", value ? value : "");
    return r;
}

static void selected_tab(Editor *e)
{
    EditTools *t = &e->tools;
    edittools_check_selection(t, e->session);
    if (!t->selected) {
        editor_list_add(&e->list, -1, 0, _("Nothing selected"));
        editor_list_add(&e->list, ACT_TAB_NONE, 0, _("The select tool (S): click a piece"));
        return;
    }
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    char what[300], num[32];
    editplace_describe(m, t->selection, what, sizeof what);
    editor_list_add(&e->list, -1, 0, "%s", what);
    size_t i = t->selection.index;
    switch (t->selection.kind) {
    case EDIT_HERO: field(e, F_TYPE, _("Hero"), m->heroes[i].type); break;
    case EDIT_MONSTER:
        field(e, F_TYPE, _("Monster"), m->monsters[i].type);
        field(e, F_ID, _("Id (objectives name it)"), m->monsters[i].id);
        break;
    case EDIT_FURNITURE:
        field(e, F_TYPE, _("Furniture"), m->furniture[i].type);
        field(e, F_ID, _("Id (treasure inside)"), m->furniture[i].id);
        snprintf(num, sizeof num, "%d", m->furniture[i].rotation);
        field(e, F_ROTATION, _("Rotation"), num);
        break;
    case EDIT_TRAP: {
        const MissionTrap *tr = &m->traps[i];
        field(e, F_KIND, _("Kind"), mission_trap_kind_name(tr->kind));
        if (tr->kind == TRAP_FALLING_BLOCK) {
            snprintf(num, sizeof num, "%d,%d", tr->fall.x, tr->fall.y);
            field(e, F_FALL, _("Lands on (EU rules)"), tr->has_fall ? num : _("its own square"));
        }
        if (tr->kind == TRAP_CHEST) {
            field(e, F_TREASURE, _("Guards treasure"), tr->treasure);
            snprintf(num, sizeof num, "%d", tr->damage);
            field(e, F_DAMAGE, _("Damage"), num);
        }
        break;
    }
    case EDIT_TREASURE: {
        const MissionTreasure *tr = &m->treasure[i];
        field(e, F_KIND, _("Kind"), mission_treasure_kind_name(tr->kind));
        field(e, F_NAME, _("Name"), tr->name);
        snprintf(num, sizeof num, "%d", tr->amount);
        field(e, F_AMOUNT, _("Amount"), num);
        field(e, F_ID, _("Id (objectives, keys)"), tr->id);
        field(e, F_FURNITURE, _("Inside furniture"), tr->furniture);
        break;
    }
    case EDIT_DOOR: {
        const MissionDoor *d = &m->doors[i];
        field(e, F_KIND, _("Kind"), mission_door_kind_name(d->kind));
        if (d->kind == DOOR_LOCKED)
            field(e, F_KEY, _("Key (an item's id)"), d->key);
        if (d->kind == DOOR_NORMAL) {
            /* the value stays a machine word (field_click reads it) */
            EditorRow *open = field(e, F_OPEN, _("Starts open"), d->open ? "yes" : "no");
            snprintf(open->note, sizeof open->note, "%s", d->open ? _("yes") : _("no"));
        }

        break;
    }
    case EDIT_NOTE:
        field(e, F_TEXT, _("Text"), m->notes[i].text);
        field(e, F_LABEL, _("Label"), m->notes[i].label);
        break;
    default: break;
    }
    editor_list_add(&e->list, ACT_DELETE, 0, _("Delete (Del)"));
}

/* "X Y KIND" or "X Y door SIDE": the selection in a command. */
static void selection_words(const Editor *e, char *buf, size_t size)
{
    static const char *const sides[] = {"north", "east", "south", "west"};
    const EditTools *t = &e->tools;
    if (t->selection.kind == EDIT_DOOR)
        snprintf(buf, size, "%d %d door %s", t->selection_square.x, t->selection_square.y,
                 (unsigned)t->selection_side < 4 ? sides[t->selection_side]
                                                 : grid_dir_name(t->selection_side));
    else
        snprintf(buf, size, "%d %d %s", t->selection_square.x, t->selection_square.y,
                 editplace_kind_name(t->selection.kind));
}

/* The next of names after current (wrapping). */
static const char *next_of(const char *const *names, int count, const char *current)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], current) == 0)
            return names[(i + 1) % count];
    return names[0];
}

/* The next catalogue type of kind after current. */
static const char *next_type(Editor *e, PieceKind kind, const char *current)
{
    const Catalogue *cat = editdoc_mission(editsession_doc(e->session))->catalogue;
    const char *first = NULL;
    bool after = false;
    for (size_t i = 0; cat && i < catalogue_count(cat); i++) {
        const PieceType *t = catalogue_at(cat, i);
        if (t->kind != kind)
            continue;
        if (after)
            return t->id;
        if (!first)
            first = t->id;
        after = strcmp(t->id, current) == 0;
    }
    return first ? first : current;
}

static void field_click(Editor *e, Field f, const char *value)
{
    char sel[96], prefix[300];
    selection_words(e, sel, sizeof sel);
    EditKind kind = e->tools.selection.kind;
    static const char *const rotations[] = {"0", "90", "180", "270"};
    static const char *const traps[] = {"pit", "spear", "falling_block", "chest"};
    static const char *const treasures[] = {"gold", "potion", "item", "hazard", "wandering_monster"};
    static const char *const doors[] = {"normal", "secret", "locked"};
    switch (f) {
    case F_TYPE: {
        PieceKind pk = kind == EDIT_HERO ? PIECE_HERO : kind == EDIT_MONSTER ? PIECE_MONSTER : PIECE_FURNITURE;
        editor_run(e, "modify %s type=%s", sel, next_type(e, pk, value));
        return;
    }
    case F_ROTATION: editor_run(e, "modify %s rotation=%s", sel, next_of(rotations, 4, value)); return;
    case F_OPEN: editor_run(e, "modify %s open=%s", sel, strcmp(value, "yes") ? "true" : "false"); return;
    case F_KIND:
        if (kind == EDIT_TRAP)
            editor_run(e, "modify %s kind=%s", sel, next_of(traps, 4, value));
        else if (kind == EDIT_TREASURE)
            editor_run(e, "modify %s kind=%s", sel, next_of(treasures, 5, value));
        else if (strcmp(next_of(doors, 3, value), "locked") == 0)
            editor_prompt_command(e, _("A locked door"), _("The id of the item treasure that opens it"),
                                  "", (snprintf(prefix, sizeof prefix, "modify %s kind=locked key=", sel), prefix),
                                  "", true);
        else
            editor_run(e, "modify %s kind=%s", sel, next_of(doors, 3, value));
        return;
    case F_FALL:
        e->pick = EDITOR_PICK_FALL;
        editor_say(e, true, _("Click the square the block lands on"));
        return;
    default: break;
    }
    snprintf(prefix, sizeof prefix, "modify %s %s=", sel, FIELD_KEYS[f]);
    bool raw = f == F_ID || f == F_DAMAGE || f == F_AMOUNT || f == F_KEY || f == F_FURNITURE ||
               f == F_TREASURE || f == F_ITEM;
    char title[96];
    snprintf(title, sizeof title, _("The %s's %s"), editplace_kind_name(kind), FIELD_KEYS[f]);
    editor_prompt_command(e, title, f == F_ID ? _("a-z, 0-9, '_' and '-' (empty: none)") : "",
                          value, prefix, "", raw);
}

/* ---- Mission ---- */

typedef enum MissionField {
    M_NAME, M_BRIEFING, M_ID, M_VICTORY, M_DEFEAT, M_EDITION, M_TURNS, M_WANDERING, M_MOOD,
    M_DICE, M_TOPOLOGY, M_SEED, M_COUNT
} MissionField;

static void mission_row(Editor *e, MissionField f, const char *label, const char *value)
{
    EditorRow *r = editor_list_add(&e->list, ACT_MISSION, f, "%s", label);
    snprintf(r->note, sizeof r->note, "%s", value && value[0] ? value : "-");
    snprintf(r->data, sizeof r->data, "%s", value ? value : "");
}

static const char *objective_label(const MissionObjective *o, char *buf, size_t size)
{
    if (o->text[0])
        snprintf(buf, size, "%s", o->text);
    else if (o->kind == OBJECTIVE_KILL)
        snprintf(buf, size, _("Kill %s"), o->target);
    else if (o->kind == OBJECTIVE_FIND_ITEM)
        snprintf(buf, size, _("Find %s"), o->target);
    else if (o->kind == OBJECTIVE_ESCAPE)
        snprintf(buf, size, "%s", _("Escape"));
    else if (o->kind == OBJECTIVE_REACH_ROOM)
        snprintf(buf, size, _("Reach room %d,%d"), o->pos.x, o->pos.y);
    else
        snprintf(buf, size, _("Reach %d,%d"), o->pos.x, o->pos.y);
    return buf;
}

static void mission_tab(Editor *e)
{
    EditDoc *doc = editsession_doc(e->session);
    const Mission *m = editdoc_mission(doc);
    char num[32];
    editor_list_add(&e->list, -1, 0, _("Mission"));
    mission_row(e, M_NAME, _("Name"), m->name);
    mission_row(e, M_BRIEFING, _("Briefing"), m->briefing);
    mission_row(e, M_ID, _("Id"), m->id);
    mission_row(e, M_VICTORY, _("Victory text"), m->victory_text);
    mission_row(e, M_DEFEAT, _("Defeat text"), m->defeat_text);
    mission_row(e, M_EDITION, _("Rules"), mission_edition_name(m->rules.edition));
    snprintf(num, sizeof num, "%d", m->rules.turn_limit);
    mission_row(e, M_TURNS, _("Turn limit"), m->rules.turn_limit ? num : _("none"));
    mission_row(e, M_WANDERING, _("Wandering monster"), m->rules.wandering_monster);
    mission_row(e, M_MOOD, _("Music"), m->mood[0] ? m->mood : _("default"));
    snprintf(num, sizeof num, "%d", m->rules.hero_move_dice);
    mission_row(e, M_DICE, _("Movement dice"), num);
    mission_row(e, M_TOPOLOGY, _("Topology"), grid_topology_name(editdoc_grid(doc)->topology));
    editor_list_add(&e->list, -1, 0, _("Objectives"));
    for (size_t i = 0; i < m->objective_count && i < 64; i++) {
        char text[160];
        EditorRow *r = editor_list_add(&e->list, ACT_OBJECTIVE, (int)i, "%s",
                                       objective_label(&m->objectives[i], text, sizeof text));
        snprintf(r->note, sizeof r->note, "%s", _("remove"));
    }
    editor_list_add(&e->list, ACT_ADD_OBJECTIVE, EDITOR_PICK_KILL, _("+ Kill a monster (pick it)"));
    editor_list_add(&e->list, ACT_ADD_OBJECTIVE, EDITOR_PICK_FIND, _("+ Find an item (pick it)"));
    editor_list_add(&e->list, ACT_ADD_OBJECTIVE, EDITOR_PICK_REACH, _("+ Reach a square (pick)"));
    editor_list_add(&e->list, ACT_ADD_OBJECTIVE, EDITOR_PICK_REACH_ROOM, _("+ Reach a room (pick)"));
    editor_list_add(&e->list, ACT_ADD_OBJECTIVE, -1, _("+ Escape by an exit"));
    editor_list_add(&e->list, -1, 0, _("Play-test party (F5)"));
    for (size_t i = 0; i < m->hero_count && i < 4; i++) {
        EditorRow *r = editor_list_add(&e->list, ACT_PARTY, (int)i, "%s", m->heroes[i].type);
        snprintf(r->note, sizeof r->note, "%s", e->party_mask & (1 << i) ? _("plays") : _("stays out"));
    }
}

static void mission_click(Editor *e, MissionField f, const char *value)
{
    static const char *const moods[] = {"dungeon", "crypt", "caverns", "flooded", "none", ""};
    static const char *const shapes[] = {"square", "square8", "hex"};
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    switch (f) {
    case M_NAME: editor_prompt_command(e, _("The mission's name"), "", value, "set name ", "", false); return;
    case M_BRIEFING:
        editor_prompt_command(e, _("The briefing"), _("What the players read before the quest"), value,
                              "set briefing ", "", false);
        return;
    case M_ID: editor_prompt_command(e, _("The mission's id"), _("a-z, 0-9, '_' and '-'"), value, "set id ", "", true); return;
    case M_VICTORY:
        editor_prompt_command(e, _("The victory text"), _("Read when the quest is won"), value,
                              "set victory ", "", false);
        return;
    case M_DEFEAT:
        editor_prompt_command(e, _("The defeat text"), _("Read when the quest is lost"), value,
                              "set defeat ", "", false);
        return;
    case M_EDITION: editor_run(e, "set edition %s", m->rules.edition == MISSION_EDITION_US ? "eu" : "us"); return;
    case M_TURNS:
        editor_prompt_command(e, _("Turn limit"), _("Turns the heroes have (0: no limit)"),
                              m->rules.turn_limit ? value : "0", "set turn-limit ", "", true);
        return;
    case M_WANDERING: editor_run(e, "set wandering-monster %s", next_type(e, PIECE_MONSTER, value)); return;
    case M_MOOD: {
        const char *next = next_of(moods, 6, m->mood);
        editor_run(e, "set mood %s", next[0] ? next : "\"\"");
        return;
    }
    case M_DICE: editor_run(e, "set move-dice %d", m->rules.hero_move_dice % 4 + 1); return;
    case M_TOPOLOGY: editor_run(e, "set topology %s", next_of(shapes, 3, value)); return;
    default: return;
    }
}

/* ---- Check ---- */

static void check_tab(Editor *e)
{
    const EditCheck *c = editsession_check(e->session);
    char warnings[64], notes[64];
    snprintf(warnings, sizeof warnings, ngettext("%zu warning", "%zu warnings", c->warnings), c->warnings);
    snprintf(notes, sizeof notes, ngettext("%zu note", "%zu notes", c->notes), c->notes);
    if (c->loads)
        editor_list_add(&e->list, -1, 0, _("Loads: %s, %s"), warnings, notes);
    else
        editor_list_add(&e->list, -1, 0, ngettext("Does not load: %zu error", "Does not load: %zu errors", c->errors),
                        c->errors);

    for (size_t i = 0; i < c->count && i < 200; i++) {
        const EditIssue *is = &c->issues[i];
        EditorRow *r = editor_list_add(&e->list, ACT_ISSUE, (int)i, "%s", is->text);
        r->colour = is->level == EDIT_ISSUE_ERROR     ? UIKIT_BAD
                    : is->level == EDIT_ISSUE_WARNING ? UIKIT_GOLD
                                                      : UIKIT_DIM;
        if (is->square.x >= 0)
            snprintf(r->note, sizeof r->note, "%d,%d", is->square.x, is->square.y);
    }
    if (c->count == 0)
        editor_list_add(&e->list, ACT_TAB_NONE, 0, _("No warnings"));
    editor_list_add(&e->list, -1, 0, _("Balance (the bot plays it)"));
    char summary[160];
    editor_sim_summary(e, summary, sizeof summary);
    editor_list_add(&e->list, ACT_SIMULATE, 0, "%s", summary[0] ? summary : _("Simulate (F6)"));
    if (editor_sim_stale(e))
        editor_list_add(&e->list, ACT_SIMULATE, 0, _("(before your last edits)"))->colour = UIKIT_DIM;
    if (e->sim.report)
        editor_list_add(&e->list, ACT_MAP, 0, _("Map of deaths (H): %s"),
                        e->sim.show_map ? _("shown") : _("hidden"));
}

/* ---- the panel ---- */

void editor_tabs_build(Editor *e)
{
    int first = e->list.first;
    editor_list_clear(&e->list);
    switch (e->tab) {
    case EDITOR_TAB_PIECES: pieces_tab(e); break;
    case EDITOR_TAB_SELECTED: selected_tab(e); break;
    case EDITOR_TAB_MISSION: mission_tab(e); break;
    case EDITOR_TAB_CHECK: check_tab(e); break;
    default: break;
    }
    e->list.first = first;
}

void editor_tabs_draw(Editor *e, App *app)
{
    const EditorLayout *L = &e->lay;
    uikit_panel(app, L->right);
    for (int t = 0; t < EDITOR_TAB_COUNT; t++) {
        char label[48];
        snprintf(label, sizeof label, "%s", editor_tab_label((EditorTab)t));
        if (t == EDITOR_TAB_CHECK) {
            const EditCheck *c = editsession_check(e->session);
            if (!c->loads || c->warnings)
                snprintf(label, sizeof label, _("Check %zu"), c->loads ? c->warnings : c->errors);
        }
        editor_draw_button(app, L->tabs[t], label, true, e->tab == (EditorTab)t);
    }
    editor_tabs_build(e);
    editor_list_draw(app, e, &e->list, L->content);
}

bool editor_tabs_click(Editor *e, App *app, int x, int y)
{
    const EditorLayout *L = &e->lay;
    for (int t = 0; t < EDITOR_TAB_COUNT; t++) {
        SDL_Rect r = L->tabs[t];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) {
            if (e->tab != (EditorTab)t)
                e->list.first = 0;
            e->tab = (EditorTab)t;
            return true;
        }
    }
    editor_tabs_build(e);
    int i = editor_list_at(&e->list, x, y);
    if (i < 0)
        return false;
    EditorRow row = e->list.rows[i];
    SDL_Rect drawn = e->list.drawn[i];
    switch (row.action) {
    case ACT_PIECE: {
        const char *space = strchr(row.data, ' ');
        int n = space ? (int)(space - row.data) : (int)strlen(row.data);
        if (n >= (int)sizeof e->tools.piece)
            n = (int)sizeof e->tools.piece - 1;
        memcpy(e->tools.piece, row.data, (size_t)n);
        e->tools.piece[n] = '\0';
        snprintf(e->tools.piece_options, sizeof e->tools.piece_options, "%s", space ? space + 1 : "");
        edittools_choose(&e->tools, e->session, EDIT_TOOL_PIECE);
        editor_say(e, true, _("Click a square to place: %s"), row.text);
        return true;
    }
    case ACT_DOOR:
        snprintf(e->tools.door_options, sizeof e->tools.door_options, "%s", row.data);
        if (strcmp(row.data, "locked") == 0) {
            /* a locked door names its key: the first quest item */
            const Mission *m = editdoc_mission(editsession_doc(e->session));
            const char *key = NULL;
            for (size_t k = 0; k < m->treasure_count && !key; k++)
                if (m->treasure[k].kind == TREASURE_ITEM && m->treasure[k].id[0])
                    key = m->treasure[k].id;
            if (!key) {
                editor_say(e, false, _("A locked door needs a key: place a quest item first"));
                return true;
            }
            snprintf(e->tools.door_options, sizeof e->tools.door_options, "locked key=%s", key);
        }
        edittools_choose(&e->tools, e->session, EDIT_TOOL_DOOR);
        editor_say(e, true, _("Click near a wall: %s"), row.text);
        return true;
    case ACT_FIELD: field_click(e, (Field)row.arg, row.data); return true;
    case ACT_DELETE:
        edittools_delete(&e->tools, e->session);
        editor_say(e, e->tools.status_ok, "%s", e->tools.status);
        return true;
    case ACT_MISSION: mission_click(e, (MissionField)row.arg, row.data); return true;
    case ACT_OBJECTIVE:
        if (x > drawn.x + drawn.w * 2 / 3) {
            editor_run(e, "objective remove %d", row.arg);
        } else {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "objective edit %d text=", row.arg);
            editor_prompt_command(e, _("The objective's text"), _("What the players read"), row.text,
                                  prefix, "", false);
        }
        return true;
    case ACT_ADD_OBJECTIVE:
        if (row.arg < 0) {
            editor_run(e, "objective escape");
        } else {
            e->pick = (EditorPick)row.arg;
            editor_say(e, true, _("Click on the board: %s"), row.text + 2);
        }
        return true;
    case ACT_PARTY: {
        int bit = 1 << row.arg, mask = e->party_mask ^ bit;
        if (mask & 0xf)
            e->party_mask = mask;
        else
            editor_say(e, false, _("At least one hero plays"));
        return true;
    }
    case ACT_ISSUE: {
        const EditCheck *c = editsession_check(e->session);
        if ((size_t)row.arg < c->count && c->issues[row.arg].square.x >= 0) {
            editor_view_show(e, c->issues[row.arg].square);
            e->has_hover = true;
            e->hover = c->issues[row.arg].square;
        }
        editor_say(e, row.colour.r != UIKIT_BAD.r, "%s", row.text);
        return true;
    }
    case ACT_SIMULATE: editor_sim_start(e, app); return true;
    case ACT_MAP: e->sim.show_map = !e->sim.show_map; return true;
    default: return false;
    }
}

void editor_tabs_hint(Editor *e, int x, int y, char *buf, size_t size)
{
    buf[0] = '\0';
    if (e->tab != EDITOR_TAB_CHECK)
        return;
    int i = editor_list_at(&e->list, x, y);
    if (i < 0 || e->list.rows[i].action != ACT_ISSUE)
        return;
    const EditCheck *c = editsession_check(e->session);
    size_t k = (size_t)e->list.rows[i].arg;
    if (k < c->count)
        snprintf(buf, size, "%s", c->issues[k].text);
}

/* ---- picking on the board ---- */

/* The id of the first thing of kind on pos, given one when it has none. */
static bool id_on(Editor *e, BoardPos pos, EditKind kind, char *id, size_t size)
{
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    EditThing things[16];
    size_t n = editplace_at(m, pos, things, 16);
    for (size_t i = 0; i < n && i < 16; i++) {
        if (things[i].kind != kind)
            continue;
        const char *have = editplace_id(m, things[i]);
        if (have[0]) {
            snprintf(id, size, "%s", have);
            return true;
        }
        /* no id yet: the objective needs one */
        const char *base = kind == EDIT_MONSTER ? m->monsters[things[i].index].type : "item";
        char fresh[MISSION_ID_MAX];
        editplace_unique_id(m, base, fresh, sizeof fresh);
        if (!editor_run(e, "modify %d %d %s id=%s", pos.x, pos.y, editplace_kind_name(kind), fresh))
            return false;
        snprintf(id, size, "%s", fresh);
        return true;
    }
    editor_say(e, false, _("No %s on %d,%d: pick again, or Escape"), editplace_kind_name(kind),
               pos.x, pos.y);
    return false;
}

bool editor_tabs_pick(Editor *e, App *app, BoardPos pos)
{
    char id[MISSION_ID_MAX];
    EditorPick pick = e->pick;
    (void)app;
    switch (pick) {
    case EDITOR_PICK_KILL:
        if (!id_on(e, pos, EDIT_MONSTER, id, sizeof id))
            return true;
        editor_run(e, "objective kill %s", id);
        break;
    case EDITOR_PICK_FIND:
        if (!id_on(e, pos, EDIT_TREASURE, id, sizeof id))
            return true;
        editor_run(e, "objective find %s", id);
        break;
    case EDITOR_PICK_REACH: editor_run(e, "objective reach %d %d", pos.x, pos.y); break;
    case EDITOR_PICK_REACH_ROOM: editor_run(e, "objective reach-room %d %d", pos.x, pos.y); break;
    case EDITOR_PICK_FALL: {
        char sel[96];
        selection_words(e, sel, sizeof sel);
        editor_run(e, "modify %s fall=%d,%d", sel, pos.x, pos.y);
        break;
    }
    case EDITOR_PICK_PLAYTEST: editor_playtest(e, app, true, pos); break;
    default: return false;
    }
    e->pick = EDITOR_PICK_NONE;
    return true;
}

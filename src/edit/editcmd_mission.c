/* The editor's mission commands: objectives and their rewards, the
 * mission's texts and rules (set) and notes on the whole mission. */
#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/numparse.h"
#include "../mission/mission_xml.h"
#include "editcmd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest name (schema's Text) and longest briefing (LongText). */
#define TEXT_MAX 127
#define LONG_TEXT_MAX 4000

/* ---- objectives ---- */

static const char *const OBJECTIVE_WORDS[OBJECTIVE_KIND_COUNT] = {
    [OBJECTIVE_KILL] = "kill",       [OBJECTIVE_REACH_SQUARE] = "reach",
    [OBJECTIVE_REACH_ROOM] = "reach-room", [OBJECTIVE_ESCAPE] = "escape",
    [OBJECTIVE_FIND_ITEM] = "find",
};

static bool text_option(int argc, char **argv, int from, MissionObjective *o, EditAnswer *a)
{
    static const char *const keys[] = {"text", NULL};
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    const char *v = edit_option(argc, argv, from, "text");
    if (v && strlen(v) > TEXT_MAX)
        return edit_refuse(a, _("an objective's text is at most %d characters"), TEXT_MAX);
    if (v)
        snprintf(o->text, sizeof o->text, "%s", v);
    return true;
}

static bool has_id(const Mission *m, EditKind kind, const char *id)
{
    for (size_t i = 0; i < editplace_count(m, kind); i++)
        if (strcmp(editplace_id(m, (EditThing){kind, i}), id) == 0)
            return true;
    return false;
}

/* objective KIND ...: fills o and returns the first option's index. */
static int objective_target(EditSession *s, int argc, char **argv, MissionObjective *o,
                            EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    int kind = -1;
    for (int k = 0; k < OBJECTIVE_KIND_COUNT; k++)
        kind = strcmp(argv[1], OBJECTIVE_WORDS[k]) == 0 ? k : kind;
    if (kind < 0) {
        edit_refuse(a, _("usage: objective kill ID | find ITEM | reach X Y | reach-room X Y | "
                       "escape [text=...], objective remove N, objective edit N text=..."));
        return -1;
    }
    o->kind = (ObjectiveKind)kind;
    if (kind == OBJECTIVE_ESCAPE)
        return 2;
    if (kind == OBJECTIVE_REACH_SQUARE || kind == OBJECTIVE_REACH_ROOM) {
        if (argc < 4) {
            edit_refuse(a, _("usage: objective %s X Y [text=...]"), argv[1]);
            return -1;
        }
        return edit_arg_square(s, argv, 2, &o->pos, a) ? 4 : -1;
    }
    EditKind holder = kind == OBJECTIVE_KILL ? EDIT_MONSTER : EDIT_TREASURE;
    if (argc < 3 || strchr(argv[2], '=')) {
        edit_refuse(a, _("usage: objective %s ID [text=...]"), argv[1]);
        return -1;
    }
    if (!has_id(m, holder, argv[2])) {
        edit_refuse(a, _("no %s has the id '%s'"), editplace_kind_name(holder), argv[2]);
        return -1;
    }
    snprintf(o->target, sizeof o->target, "%s", argv[2]);
    return 3;
}

static bool objective_index(EditSession *s, const char *text, size_t *index, EditAnswer *a)
{
    int n;
    size_t count = editdoc_mission(s->doc)->objective_count;
    if (!count)
        return edit_refuse(a, _("the mission has no objectives yet"));
    if (!edit_parse_int(text, 0, (long)count - 1, &n))
        return edit_refuse(a, _("'%s': an objective's number, 0 to %zu"), text, count - 1);
    *index = (size_t)n;
    return true;
}

bool editcmd_objective(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    size_t index;
    if (argc >= 3 && strcmp(argv[1], "remove") == 0) {
        if (argc != 3 || !objective_index(s, argv[2], &index, a))
            return argc == 3 ? false : edit_refuse(a, _("usage: objective remove N"));
        Mission *m = editdoc_mission_edit(s->doc);
        memmove(&m->objectives[index], &m->objectives[index + 1],
                (m->objective_count - index - 1) * sizeof *m->objectives);
        m->objective_count--;
        edit_say(a, "removed %zu", index);
        return true;
    }
    if (argc >= 3 && strcmp(argv[1], "edit") == 0) {
        if (!objective_index(s, argv[2], &index, a))
            return false;
        MissionObjective o = editdoc_mission(s->doc)->objectives[index];
        if (!text_option(argc, argv, 3, &o, a))
            return false;
        editdoc_mission_edit(s->doc)->objectives[index] = o;
        edit_say(a, "objective %zu", index);
        return true;
    }
    if (argc < 2)
        return edit_refuse(a, _("usage: objective kill ID | find ITEM | reach X Y | reach-room X Y "
                              "| escape [text=...]"));
    MissionObjective o = {0};
    int from = objective_target(s, argc, argv, &o, a);
    if (from < 0 || !text_option(argc, argv, from, &o, a))
        return false;
    Mission *m = editdoc_mission_edit(s->doc);
    m->objectives = xrealloc(m->objectives, m->objective_count + 1, sizeof *m->objectives);
    m->objectives[m->objective_count] = o;
    edit_say(a, "objective %zu", m->objective_count++);
    return true;
}

bool editcmd_reward(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    size_t index;
    if (argc != 3)
        return edit_refuse(a, _("usage: reward N gold=G | reward N item=ID | reward N clear"));
    if (!objective_index(s, argv[1], &index, a))
        return false;
    MissionObjective o = editdoc_mission(s->doc)->objectives[index];
    if (strcmp(argv[2], "clear") == 0) {
        o.reward_count = 0;
    } else {
        if (o.reward_count >= MISSION_MAX_REWARDS)
            return edit_refuse(a, _("an objective has at most %d rewards"), MISSION_MAX_REWARDS);
        MissionReward r = {0};
        if (strncmp(argv[2], "gold=", 5) == 0) {
            if (!edit_parse_int(argv[2] + 5, 1, 100000, &r.gold))
                return edit_refuse(a, _("%s: 1 to 100000 coins"), argv[2]);
        } else if (strncmp(argv[2], "item=", 5) == 0 && argv[2][5]) {
            snprintf(r.item, sizeof r.item, "%s", argv[2] + 5);
        } else {
            return edit_refuse(a, _("'%s': gold=G, item=ID or clear"), argv[2]);
        }
        o.rewards[o.reward_count++] = r;
    }
    editdoc_mission_edit(s->doc)->objectives[index] = o;
    edit_say(a, "objective %zu rewards %d", index, o.reward_count);
    return true;
}

/* ---- set ---- */

static bool set_text(EditSession *s, char **field_of_edit, const char *value, size_t max,
                     EditAnswer *a)
{
    if (strlen(value) > max)
        return edit_refuse(a, _("at most %zu characters"), max);
    free(*field_of_edit);
    *field_of_edit = xstrdup(value);
    (void)s;
    return true;
}

static bool set_id(EditSession *s, const char *v, EditAnswer *a)
{
    if (!edit_valid_id(v))
        return edit_refuse(a, _("id '%s': 1 to %d of a-z, 0-9, '_' and '-'"), v, MISSION_ID_MAX - 1);
    Mission *m = editdoc_mission_edit(s->doc);
    /* a seed that came from the id follows it, so the floors stay as they
     * were drawn only when the author fixed the seed */
    if (m->seed == mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)m->id, strlen(m->id)))
        m->seed = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)v, strlen(v));
    snprintf(m->id, sizeof m->id, "%s", v);
    return true;
}

static bool set_heroes(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    char allowed[4][MISSION_ID_MAX] = {{0}};
    bool any = argc == 3 && strcmp(argv[2], "any") == 0;
    if (!any && (argc < 3 || argc > 6))
        return edit_refuse(a, _("usage: set heroes any | set heroes TYPE [TYPE...] (1 to 4)"));
    for (int i = 2; !any && i < argc; i++) {
        const PieceType *t = edit_type(s, argv[i]);
        if (!t || t->kind != PIECE_HERO)
            return edit_refuse(a, _("'%s' is no hero type of the catalogue"), argv[i]);
        snprintf(allowed[i - 2], MISSION_ID_MAX, "%s", argv[i]);
    }
    memcpy(editdoc_mission_edit(s->doc)->rules.heroes_allowed, allowed, sizeof allowed);
    return true;
}

static bool set_topology(EditSession *s, const char *v, EditAnswer *a)
{
    Grid g = *editdoc_grid(s->doc);
    Grid shape;
    if (!grid_parse_shape(v, &shape))
        return edit_refuse(a, _("'%s' is no topology (square, square8, square8:7/5, hex, hex:even)"),
                           v);
    g.topology = shape.topology;
    g.diag_num = shape.diag_num;
    g.diag_den = shape.diag_den;
    g.hex_even = shape.hex_even;
    editdoc_set_grid(s->doc, &g, editdoc_rgba(s->doc));
    return true;
}

/* set KEY VALUE for the rules and numbers */
static bool set_rule(EditSession *s, const char *key, const char *v, EditAnswer *a)
{
    int n;
    if (strcmp(key, "turn-limit") == 0) {
        if (!edit_parse_int(v, 0, 10000, &n))
            return edit_refuse(a, _("turn-limit: 0 (none) to 10000 turns"));
        editdoc_mission_edit(s->doc)->rules.turn_limit = n;
    } else if (strcmp(key, "move-dice") == 0) {
        if (!edit_parse_int(v, 1, 4, &n))
            return edit_refuse(a, _("move-dice: 1 to 4"));
        editdoc_mission_edit(s->doc)->rules.hero_move_dice = n;
    } else if (strcmp(key, "edition") == 0) {
        if (strcmp(v, "us") != 0 && strcmp(v, "eu") != 0)
            return edit_refuse(a, _("edition: us or eu"));
        editdoc_mission_edit(s->doc)->rules.edition = v[0] == 'e' ? MISSION_EDITION_EU
                                                                  : MISSION_EDITION_US;
    } else if (strcmp(key, "wandering-monster") == 0) {
        const PieceType *t = edit_type(s, v);
        if (!t || t->kind != PIECE_MONSTER)
            return edit_refuse(a, _("'%s' is no monster type of the catalogue"), v);
        snprintf(editdoc_mission_edit(s->doc)->rules.wandering_monster, MISSION_ID_MAX, "%s", v);
    } else if (strcmp(key, "mood") == 0) {
        static const char *const moods[] = {"", "dungeon", "crypt", "caverns", "flooded", "none"};
        bool known = false;
        for (size_t k = 0; k < sizeof moods / sizeof moods[0]; k++)
            known = known || strcmp(v, moods[k]) == 0;
        if (!known)
            return edit_refuse(a, _("mood: dungeon, crypt, caverns, flooded or none (\"\": the "
                                  "default)"));
        snprintf(editdoc_mission_edit(s->doc)->mood, MISSION_MOOD_MAX, "%s", v);
    } else if (strcmp(key, "seed") == 0) {
        long long seed;
        if (!numparse_ll(v, 0, UINT32_MAX, &seed))
            return edit_refuse(a, _("seed: 0 to %u"), UINT32_MAX);
        editdoc_mission_edit(s->doc)->seed = seed;
    } else if (strcmp(key, "topology") == 0) {
        return set_topology(s, v, a);
    } else if (strcmp(key, "id") == 0) {
        return set_id(s, v, a);
    } else {
        return edit_refuse(a, _("set what? name, briefing, victory, defeat, id, turn-limit, "
                              "edition, wandering-monster, move-dice, mood, heroes, topology, "
                              "seed"));
    }
    return true;
}

bool editcmd_set(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc < 2)
        return edit_refuse(a, _("usage: set KEY VALUE"));
    const char *key = argv[1];
    char value[EDIT_LINE_MAX];
    edit_join(argc, argv, 2, value, sizeof value);
    bool ok;
    if (strcmp(key, "heroes") == 0) {
        ok = set_heroes(s, argc, argv, a);
    } else if (strcmp(key, "name") == 0) {
        if (!value[0])
            return edit_refuse(a, _("a mission needs a name"));
        ok = set_text(s, &editdoc_mission_edit(s->doc)->name, value, TEXT_MAX, a);
    } else if (strcmp(key, "briefing") == 0) {
        ok = set_text(s, &editdoc_mission_edit(s->doc)->briefing, value, LONG_TEXT_MAX, a);
    } else if (strcmp(key, "victory") == 0) {
        ok = set_text(s, &editdoc_mission_edit(s->doc)->victory_text, value, LONG_TEXT_MAX, a);
    } else if (strcmp(key, "defeat") == 0) {
        ok = set_text(s, &editdoc_mission_edit(s->doc)->defeat_text, value, LONG_TEXT_MAX, a);
    } else {
        if (argc != 3)
            return edit_refuse(a, _("usage: set %s VALUE"), key);
        ok = set_rule(s, key, value, a);
    }
    if (ok)
        edit_say(a, "%s", key);
    return ok;
}

/* ---- notes on the whole mission ---- */

bool editcmd_note(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc == 3 && strcmp(argv[1], "remove") == 0) {
        int n;
        const Mission *m = editdoc_mission(s->doc);
        if (!m->note_count || !edit_parse_int(argv[2], 0, (long)m->note_count - 1, &n))
            return edit_refuse(a, _("'%s': a note's number, 0 to %zu"), argv[2],
                               m->note_count ? m->note_count - 1 : 0);
        editplace_remove(editdoc_mission_edit(s->doc), (EditThing){EDIT_NOTE, (size_t)n});
        edit_say(a, "removed %d", n);
        return true;
    }
    if (argc < 2)
        return edit_refuse(a, _("usage: note TEXT [label=L] | note remove N"));
    char text[EDIT_LINE_MAX];
    const char *label = "";
    int last = argc;
    if (strncmp(argv[argc - 1], "label=", 6) == 0) {
        label = argv[argc - 1] + 6;
        last--;
    }
    if (strlen(label) >= MISSION_NOTE_LABEL_MAX)
        return edit_refuse(a, _("a note's label is at most %d characters"), MISSION_NOTE_LABEL_MAX - 1);
    edit_join(last, argv, 1, text, sizeof text);
    size_t index;
    MissionNote *n = editplace_add(editdoc_mission_edit(s->doc), EDIT_NOTE, (BoardPos){-1, -1},
                                   &index);
    free(n->text);
    n->text = xstrdup(text);
    snprintf(n->label, sizeof n->label, "%s", label);
    edit_say(a, "note %zu", index);
    return true;
}

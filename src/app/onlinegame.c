#include "onlinegame.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../gfx/scene_game.h"
#include "eventsay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void onlinegame_state_free(OnlineState *st)
{
    free(st->revealed);
    memset(st, 0, sizeof *st);
}

static int name_index(const char *name, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

static bool parse_piece(OnlineState *st, const char *line)
{
    OnlinePiece p = {0};
    char id[16], side[16], where[16], *end;
    if (st->piece_count >= ONLINE_MAX_PIECES ||
        sscanf(line, "piece %15s %31s %15s %d,%d body %d/%d %15s", id, p.type, side, &p.pos.x,
               &p.pos.y, &p.body, &p.body_max, where) != 8)
        return false;
    /* a piece the heroes do not know has no public id ("-"): the
     * monster seat sees it, nobody names it */
    p.id = strcmp(id, "-") == 0 ? -1 : (int)strtol(id, &end, 10);
    if (p.id != -1 && (*end || end == id || p.id < 0))
        return false;
    p.hero = strcmp(side, "hero") == 0;
    p.on_board = strcmp(where, "alive") == 0;
    st->pieces[st->piece_count++] = p;
    return true;
}

static bool parse_door(OnlineState *st, const char *line)
{
    static const char *const sides[] = {"east", "south", "southeast", "southwest"};
    static const GridDir dirs[] = {GRID_DIR_EAST, GRID_DIR_SOUTH, GRID_DIR_SOUTHEAST,
                                   GRID_DIR_SOUTHWEST};
    static const char *const kinds[] = {"normal", "locked", "secret"};
    OnlineDoor d = {0};
    char index[16], side[16], kind[16], open[16];
    if (st->door_count >= ONLINE_MAX_DOORS ||
        sscanf(line, "door %15s %d,%d %15s %15s %15s", index, &d.pos.x, &d.pos.y, side, kind,
               open) != 6)
        return false;
    int s = name_index(side, sides, 4), k = name_index(kind, kinds, 3);
    if (s < 0 || k < 0)
        return false;
    d.side = dirs[s];
    d.kind = (DoorKind)k;
    d.open = strcmp(open, "open") == 0;
    st->doors[st->door_count++] = d;
    return true;
}

static bool parse_trap(OnlineState *st, const char *line)
{
    static const char *const kinds[] = {"pit", "spear", "falling_block", "chest"};
    OnlineTrap t = {0};
    char index[16], kind[24], state[16];
    int used = 0;
    if (st->trap_count >= ONLINE_MAX_TRAPS ||
        sscanf(line, "trap %15s %23s %d,%d %15s%n", index, kind, &t.pos.x, &t.pos.y, state, &used) !=
            5)
        return false;
    t.kind = name_index(kind, kinds, 4);
    if (t.kind < 0)
        return false;
    t.gone = strcmp(state, "gone") == 0;
    t.fall = t.pos;
    if (line[used] && sscanf(line + used, " falls %d,%d", &t.fall.x, &t.fall.y) != 2)
        return false;
    st->traps[st->trap_count++] = t;
    return true;
}

static bool parse_fog(OnlineState *st, const char *line)
{
    int y, used = 0;
    if (sscanf(line, "revealed %d %n", &y, &used) != 1 || y < 0 || y >= st->height ||
        (int)strlen(line + used) != st->width)
        return false;
    for (int x = 0; x < st->width; x++)
        st->revealed[(size_t)y * (size_t)st->width + (size_t)x] = line[used + x] == '1';
    return true;
}

/* "spells ID LIST" and "items ID LIST ...": the list kept on the piece
 * ("-": none). */
static bool parse_list(OnlineState *st, const char *line, bool spells)
{
    int id;
    char list[256];
    if (sscanf(line, spells ? "spells %d %255s" : "items %d %255s", &id, list) != 2)
        return false;
    for (int i = 0; i < st->piece_count; i++) {
        OnlinePiece *p = &st->pieces[i];
        if (p->id != id)
            continue;
        snprintf(spells ? p->spells : p->items, sizeof p->spells, "%s", strcmp(list, "-") ? list : "");
        p->casts |= spells;
    }
    return true;
}

/* True when list ("a,b*,c") names id (a worn mark after it or not). */
bool onlinegame_list_has(const char *list, const char *id)
{
    size_t n = strlen(id);
    for (const char *c = list; c && *c; c = strchr(c, ','), c = c ? c + 1 : NULL)
        if (strncmp(c, id, n) == 0 && (c[n] == ',' || c[n] == '*' || c[n] == '\0'))
            return true;
    return false;
}

static bool parse_line(OnlineState *st, const char *line)
{
    int id, left;
    char yes[8];
    if (strncmp(line, "= status ", 9) == 0) {
        char phase[16];
        return sscanf(line, "= status %15s turn %d current %d phase %15s", st->status, &st->turn,
                      &st->current, phase) == 4 &&
               ((st->monsters_phase = strcmp(phase, "monsters") == 0), true);
    }
    if (strncmp(line, "rolled ", 7) == 0) {
        const char *m = strstr(line, " move-left ");
        const char *u = strstr(line, " move-unit ");
        if (sscanf(line, "rolled %7s", yes) != 1 || !m || !u)
            return false;
        st->rolled = strcmp(yes, "yes") == 0;
        const char *un = strstr(line, " can-undo ");
        if (un && sscanf(un, " can-undo %d", &st->can_undo) != 1)
            return false;
        return sscanf(m, " move-left %d", &st->move_left) == 1 &&
               sscanf(u, " move-unit %d", &st->move_unit) == 1;
    }
    if (strncmp(line, "seed ", 5) == 0) {
        const char *a = strstr(line, " actions ");
        return a && sscanf(a, " actions %zu", &st->actions) == 1;
    }
    if (strncmp(line, "spells ", 7) == 0 || strncmp(line, "items ", 6) == 0)
        return parse_list(st, line, line[0] == 's');
    if (sscanf(line, "acts %d move-left %d", &id, &left) == 2) {
        for (int i = 0; i < st->piece_count; i++)
            st->pieces[i].acts |= st->pieces[i].id == id;
        return true;
    }
    if (strncmp(line, "piece ", 6) == 0)
        return parse_piece(st, line);
    if (strncmp(line, "door ", 5) == 0)
        return parse_door(st, line);
    if (strncmp(line, "trap ", 5) == 0)
        return parse_trap(st, line);
    if (strncmp(line, "revealed ", 9) == 0)
        return parse_fog(st, line);
    return true; /* effects, drops, objectives: not drawn */
}

bool onlinegame_parse_state(OnlineState *st, const char *text, int w, int h, char *why, size_t n)
{
    onlinegame_state_free(st);
    if (w <= 0 || h <= 0 || (size_t)w * (size_t)h > (size_t)1 << 24)
        return snprintf(why, n, _("no board")), false;
    st->width = w;
    st->height = h;
    st->revealed = xcalloc((size_t)w * (size_t)h, 1);
    st->current = -1;
    st->move_unit = 1;
    /* the acts, spells and items lines come before the pieces: read the
     * pieces first */
    for (int pass = 0; pass < 2; pass++) {
        const char *cur = text;
        int line_no = 0;
        while (*cur) {
            const char *end = strchr(cur, '\n');
            size_t len = end ? (size_t)(end - cur) : strlen(cur);
            char line[4200];
            line_no++;
            if (len < sizeof line) {
                memcpy(line, cur, len);
                line[len] = '\0';
                bool acts = strncmp(line, "acts ", 5) == 0 || strncmp(line, "spells ", 7) == 0 ||
                            strncmp(line, "items ", 6) == 0;
                if (len && acts == (pass == 1) && !parse_line(st, line)) {
                    snprintf(why, n, _("state line %d does not parse: %.80s"), line_no, line);
                    onlinegame_state_free(st);
                    return false;
                }
            }
            cur += len + (end ? 1 : 0);
        }
    }
    st->valid = st->status[0] != '\0';
    if (!st->valid)
        snprintf(why, n, _("no status line in the state"));
    return st->valid;
}

const OnlinePiece *onlinegame_piece(const OnlineState *st, int id)
{
    if (id < 0)
        return NULL;
    for (int i = 0; i < st->piece_count; i++)
        if (st->pieces[i].id == id)
            return &st->pieces[i];
    return NULL;
}

const OnlinePiece *onlinegame_piece_at(const OnlineState *st, BoardPos pos)
{
    for (int i = 0; i < st->piece_count; i++)
        if (st->pieces[i].on_board && grid_pos_equal(st->pieces[i].pos, pos))
            return &st->pieces[i];
    return NULL;
}

static bool seen(const OnlineState *st, bool all_seen, BoardPos p)
{
    if (all_seen)
        return true;
    if (p.x < 0 || p.y < 0 || p.x >= st->width || p.y >= st->height)
        return false;
    return st->revealed[(size_t)p.y * (size_t)st->width + (size_t)p.x] != 0;
}

static void add_furniture(Scene *scene, const Game *tmpl, const OnlineState *st, bool all_seen)
{
    const Mission *m = game_mission(tmpl);
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        bool shown = false;
        for (int y = f->pos.y; y < f->pos.y + f->height && !shown; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width && !shown; x++)
                shown = seen(st, all_seen, (BoardPos){x, y});
        if (!t || !shown)
            continue;
        ScenePiece sp = {.owner = SCENE_OWNER_NONE, .pos = f->pos, .width = f->width,
                         .height = f->height, .rotation = f->rotation};
        snprintf(sp.sprite, sizeof sp.sprite, "%s", t->sprite);
        snprintf(sp.name, sizeof sp.name, "%s", t->name);
        scene_add_piece(scene, &sp);
    }
}

/* A piece as told: a hero by the template's figure (heroes keep their
 * ids on every machine: their ring, their name), a monster by its type
 * (the server names monsters by public ids, given as the heroes come to
 * know them, which the template does not have). */
static void add_piece(Scene *scene, const Game *tmpl, const OnlinePiece *p)
{
    ScenePiece sp = {.pos = p->pos, .width = 1, .height = 1};
    const GamePiece *gp = p->hero ? game_piece(tmpl, p->id) : NULL;
    if (gp && gp->side == GAME_SIDE_HEROES && strcmp(gp->type->id, p->type) == 0) {
        scene_game_piece(tmpl, p->id, p->pos, &sp);
    } else {
        const PieceType *t = catalogue_find(game_mission(tmpl)->catalogue, p->type);
        sp.owner = p->hero ? SCENE_OWNER_HERO : SCENE_OWNER_MONSTER;
        snprintf(sp.sprite, sizeof sp.sprite, "%s", t ? t->sprite : p->type);
        snprintf(sp.name, sizeof sp.name, "%s", t ? t->name : p->type);
    }
    snprintf(sp.detail, sizeof sp.detail, _("%s, body %d of %d"), p->hero ? _("a hero") : _("a monster"),
             p->body, p->body_max);
    scene_add_piece(scene, &sp);
}

static void add_marks(Scene *scene, const Game *tmpl, const OnlineState *st, bool all_seen)
{
    static const char *const sprite[TRAP_KIND_COUNT] = {"board/trap_pit", "board/trap_spear",
                                                        "board/trap_block", "board/trap_chest"};
    static const char *const name[TRAP_KIND_COUNT] = {N_("Pit trap"), N_("Spear trap"),
                                                      N_("Falling block trap"), N_("Chest trap")};
    for (int i = 0; i < st->trap_count; i++) {
        const OnlineTrap *t = &st->traps[i];
        if (t->gone)
            continue;
        SceneMark mark = {.pos = t->pos};
        snprintf(mark.sprite, sizeof mark.sprite, "%s", sprite[t->kind]);
        snprintf(mark.name, sizeof mark.name, "%s", _(name[t->kind]));
        scene_add_mark(scene, &mark);
    }
    for (int y = 0; y < st->height; y++)
        for (int x = 0; x < st->width; x++) {
            BoardPos pos = {x, y};
            if (seen(st, all_seen, pos) && game_square_exit(tmpl, pos) && !scene_piece_at(scene, pos)) {
                SceneMark mark = {.pos = pos};
                snprintf(mark.sprite, sizeof mark.sprite, "board/exit");
                snprintf(mark.name, sizeof mark.name, "%s", _("Exit"));

                scene_add_mark(scene, &mark);
            }
        }
}

void onlinegame_fill_scene(Scene *scene, const Game *tmpl, const OnlineState *st, bool all_seen)
{
    scene_clear(scene);
    if (!st->valid)
        return;
    add_furniture(scene, tmpl, st, all_seen);
    for (int i = 0; i < st->piece_count; i++)
        if (st->pieces[i].on_board)
            add_piece(scene, tmpl, &st->pieces[i]);
    for (int i = 0; i < st->door_count; i++) {
        const OnlineDoor *d = &st->doors[i];
        SceneDoorState state = d->open ? SCENE_DOOR_OPEN
                               : d->kind == DOOR_SECRET ? SCENE_DOOR_SECRET_FOUND
                                                        : SCENE_DOOR_CLOSED;
        scene_add_door(scene, &(SceneDoor){d->pos, d->side, state, d->kind == DOOR_LOCKED && !d->open});
    }
    add_marks(scene, tmpl, st, all_seen);
    scene_set_revealed(scene, all_seen ? NULL : st->revealed);
}

/* One list of dice: "-", "4,3" (d6) or "s,w,b" (combat faces). */
static bool parse_dice(const char *word, bool d6, int *dice, int *count)
{
    *count = 0;
    if (strcmp(word, "-") == 0)
        return true;
    for (const char *c = word; *c && *count < GAME_MAX_DICE;) {
        if (d6) {
            char *end;
            long v = strtol(c, &end, 10);
            if (end == c || v < 1 || v > 6)
                return false;
            dice[(*count)++] = (int)v;
            c = end;
        } else {
            const char *face = strchr("swb", *c);
            if (!*c || !face)
                return false;
            dice[(*count)++] = (int)(face - "swb");
            c++;
        }
        if (*c == ',')
            c++;
        else if (*c)
            return false;
    }
    return true;
}

/* The fields before " | " after the eleven of an event line. */
static const char *after_fields(const char *line)
{
    char name[32], d1[64], d2[64];
    int n[9], used = 0;
    if (sscanf(line, "%31s %d %d %d,%d %d,%d %d %d %63s %63s%n", name, &n[0], &n[1], &n[2], &n[3], &n[4],
               &n[5], &n[6], &n[7], d1, d2, &used) != 11)
        return NULL;
    return line + used;
}

const char *onlinegame_event_said(const char *line, char *buf, size_t size)
{
    const char *bar = strstr(line, " | ");
    char english[GAME_EVENT_TEXT * 2];
    snprintf(english, sizeof english, "%.*s", bar ? (int)strcspn(bar + 3, "\n") : 0, bar ? bar + 3 : "");
    const char *rest = after_fields(line);
    /* "w:-" (no parts kept) or a token that does not read: the English */
    if (rest && bar && strncmp(rest, " w:", 3) == 0 && rest + 3 < bar)
        return eventsay_token(rest + 3, strcspn(rest + 3, " "), english, buf, size);
    snprintf(buf, size, "%s", english);
    return buf;
}

bool onlinegame_parse_event(const char *line, GameEvent *e)
{
    char name[32], d1[64], d2[64];
    int used = 0;
    *e = (GameEvent){.piece = -1, .target = -1, .treasure = -1, .item = -1};
    if (sscanf(line, "%31s %d %d %d,%d %d,%d %d %d %63s %63s%n", name, &e->piece, &e->target, &e->from.x,
               &e->from.y, &e->to.x, &e->to.y, &e->value, &e->value2, d1, d2, &used) != 11)
        return false;
    int kind = 0;
    while (kind < EVENT_KIND_COUNT && strcmp(game_event_name((EventKind)kind), name) != 0)
        kind++;
    if (kind == EVENT_KIND_COUNT)
        return false;
    e->kind = (EventKind)kind;
    if (!parse_dice(d1, game_event_d6(e->kind), e->dice, &e->dice_count) ||
        !parse_dice(d2, false, e->dice2, &e->dice2_count))
        return false;
    const char *text = strstr(line + used, " | ");
    snprintf(e->text, sizeof e->text, "%s", text ? text + 3 : "");
    return true;
}

void onlinegame_state_copy(OnlineState *dst, const OnlineState *src)
{
    uint8_t *keep = dst->revealed;
    size_t n = (size_t)src->width * (size_t)src->height;
    bool same = keep && (size_t)dst->width * (size_t)dst->height == n;
    memcpy(dst, src, sizeof *dst);
    dst->revealed = same ? keep : NULL;
    if (!same)
        free(keep);
    if (src->revealed && n) {
        if (!dst->revealed)
            dst->revealed = xmalloc(n, 1);
        memcpy(dst->revealed, src->revealed, n);
    }
}

OnlinePiece *onlinegame_piece_mut(OnlineState *st, int id)
{
    for (int i = 0; id >= 0 && i < st->piece_count; i++)
        if (st->pieces[i].id == id)
            return &st->pieces[i];
    return NULL;
}

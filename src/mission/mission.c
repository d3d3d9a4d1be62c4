#define _XOPEN_SOURCE 700
#include "mission.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "../core/suggest.h"
#include "mission_xml.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const door_names[DOOR_KIND_COUNT] = {"normal", "locked", "secret"};
static const char *const trap_names[TRAP_KIND_COUNT] = {"pit", "spear", "falling_block", "chest"};
static const char *const objective_names[OBJECTIVE_KIND_COUNT] = {
    "kill", "reach", "reach-room", "escape", "find"};

Mission *mission_new(const char *path)
{
    Mission *m = xcalloc(1, sizeof *m);
    m->path = xstrdup(path);
    m->shape = grid_make(1, 1, GRID_SQUARE4);
    const char *slash = strrchr(path, '/');
    if (!slash) {
        m->dir = xstrdup(".");
    } else if (slash == path) {
        m->dir = xstrdup("/");
    } else {
        m->dir = xmalloc((size_t)(slash - path) + 1, 1);
        memcpy(m->dir, path, (size_t)(slash - path));
        m->dir[slash - path] = '\0';
    }
    m->version = MISSION_FORMAT_VERSION;
    m->rules.hero_move_dice = 2;
    snprintf(m->rules.wandering_monster, sizeof m->rules.wandering_monster, "orc");
    return m;
}

void mission_destroy(Mission *m)
{
    if (!m)
        return;
    free(m->path);
    free(m->dir);
    free(m->bitmap_path);
    free(m->bitmap_name);
    free(m->name);
    free(m->briefing);
    free(m->victory_text);
    free(m->defeat_text);
    board_destroy(m->board);
    catalogue_destroy(m->catalogue);
    free(m->palette);
    free(m->heroes);
    free(m->monsters);
    free(m->doors);
    free(m->furniture);
    free(m->rubble);
    free(m->traps);
    free(m->treasure);
    free(m->exits);
    free(m->objectives);
    for (size_t i = 0; i < m->note_count; i++)
        free(m->notes[i].text);
    free(m->notes);
    for (size_t i = 0; i < m->translation_count; i++)
        free(m->translations[i].text);
    free(m->translations);
    for (size_t i = 0; i < m->load_warning_count; i++)
        free(m->load_warnings[i]);
    free(m->load_warnings);
    free(m->art_dir);
    free(m->own_types);
    free(m->sprites_dir);
    free(m);
}

typedef struct CostKey {
    uint32_t rgb;
    uint8_t cost;
} CostKey;

static int compare_cost_keys(const void *a, const void *b)
{
    uint32_t x = ((const CostKey *)a)->rgb, y = ((const CostKey *)b)->rgb;
    return (x > y) - (x < y);
}

/* A colour's cost: 1 when the palette gives none (or a mission built in
 * code leaves it 0), capped like the schema caps it. */
static uint8_t entry_cost(const MissionPaletteEntry *e)
{
    return (uint8_t)(e->cost <= 1 ? 1 : e->cost > MISSION_MAX_COST ? MISSION_MAX_COST : e->cost);
}

uint8_t *mission_square_costs(const Mission *m)
{
    if (!m->board)
        return NULL;
    /* the dear colours, sorted for a binary search per board colour (not
     * per square): palettes and boards may both hold 65,536 colours */
    CostKey *keys = xmalloc(m->palette_count + 1, sizeof *keys);
    size_t n = 0;
    for (size_t i = 0; i < m->palette_count; i++)
        if (entry_cost(&m->palette[i]) > 1)
            keys[n++] = (CostKey){m->palette[i].rgb & 0xffffffu, entry_cost(&m->palette[i])};
    if (!n) {
        free(keys);
        return NULL;
    }
    qsort(keys, n, sizeof *keys, compare_cost_keys);
    int colours = board_palette_size(m->board);
    uint8_t *by_colour = xmalloc((size_t)colours + 1, 1);
    for (int c = 0; c < colours; c++) {
        CostKey key = {board_palette_rgb(m->board, c), 1};
        const CostKey *hit = board_palette_transparent(m->board, c)
                                 ? NULL
                                 : bsearch(&key, keys, n, sizeof *keys, compare_cost_keys);
        by_colour[c] = hit ? hit->cost : 1;
    }
    free(keys);
    const Grid *grid = board_grid(m->board);
    uint8_t *cost = xmalloc((size_t)grid_area(grid), 1);
    size_t i = 0;
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++)
            cost[i++] = by_colour[board_colour_index(m->board, (BoardPos){x, y})];
    free(by_colour);
    return cost;
}

const char *mission_colour_name(const Mission *m, uint32_t rgb)
{
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb == rgb && m->palette[i].name[0])
            return m->palette[i].name;
    return NULL;
}

static bool name_says_corridor(const char *name)
{
    char low[CATALOGUE_NAME_MAX];
    size_t k = 0;
    for (; name[k] && k + 1 < sizeof low; k++)
        low[k] = (char)tolower((unsigned char)name[k]);
    low[k] = '\0';
    return strstr(low, "corridor") || strstr(low, "passage");
}

bool mission_palette_corridor(const MissionPaletteEntry *e, const BoardRoom *r)
{
    if (e && e->has_corridor)
        return e->corridor;
    if (e && e->name[0])
        return name_says_corridor(e->name);
    /* Unnamed: corridors wind, so they fill less than half their box. */
    int64_t box = (int64_t)(r->max.x - r->min.x + 1) * (r->max.y - r->min.y + 1);
    return r->squares * 2 < box;
}

bool mission_room_is_corridor(const Mission *m, int32_t room)
{
    const BoardRoom *r = room >= 1 && room <= board_room_count(m->board)
                             ? board_room_info(m->board, room)
                             : NULL;
    if (!r)
        return false;
    for (size_t i = 0; i < m->palette_count; i++) {
        const MissionPaletteEntry *e = &m->palette[i];
        if (e->rgb == r->rgb && (e->has_corridor || e->name[0]))
            return mission_palette_corridor(e, r);
    }
    return mission_palette_corridor(NULL, r);
}

static int compare_entry(const void *x, const void *y)
{
    const MissionPaletteEntry *a = *(const MissionPaletteEntry *const *)x;
    const MissionPaletteEntry *b = *(const MissionPaletteEntry *const *)y;
    if (a->rgb != b->rgb)
        return a->rgb < b->rgb ? -1 : 1;
    return a < b ? -1 : a > b; /* one array: file order */
}

const MissionPaletteEntry **mission_palette_sorted(const Mission *m)
{
    const MissionPaletteEntry **v = xmalloc(m->palette_count + 1, sizeof *v);
    for (size_t i = 0; i < m->palette_count; i++)
        v[i] = &m->palette[i];
    if (m->palette_count > 1)
        qsort(v, m->palette_count, sizeof *v, compare_entry);
    return v;
}

size_t mission_palette_find(const MissionPaletteEntry *const *sorted, size_t n, uint32_t rgb,
                            size_t *count)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sorted[mid]->rgb < rgb)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < n && sorted[end]->rgb == rgb)
        end++;
    *count = end - lo;
    return lo;
}

const MissionFurniture *mission_furniture_at(const Mission *m, BoardPos pos)
{
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        if (pos.x >= f->pos.x && pos.x < f->pos.x + f->width && pos.y >= f->pos.y &&
            pos.y < f->pos.y + f->height)
            return f;
    }
    return NULL;
}

const MissionDoor *mission_door_at(const Mission *m, BoardPos pos, GridDir dir)
{
    const Grid *grid = board_grid(m->board);
    if (!grid_is_edge(grid, dir))
        return NULL;
    grid_edge_canonical(grid, pos, dir, &pos, &dir);
    for (size_t i = 0; i < m->door_count; i++)
        if (m->doors[i].side == dir && grid_pos_equal(m->doors[i].pos, pos))
            return &m->doors[i];
    return NULL;
}

bool mission_is_exit(const Mission *m, BoardPos pos)
{
    for (size_t i = 0; i < m->exit_count; i++)
        if (grid_pos_equal(m->exits[i].pos, pos))
            return true;
    const MissionFurniture *f = mission_furniture_at(m, pos);
    const PieceType *t = f ? catalogue_find(m->catalogue, f->type) : NULL;
    return t && (t->flags & PIECE_EXIT);
}

const char *mission_door_kind_name(DoorKind kind)
{
    return kind >= 0 && kind < DOOR_KIND_COUNT ? door_names[kind] : "?";
}

/* The square a treasure is found on: its own, or its furniture's. */
static BoardPos treasure_square(const Mission *m, const MissionTreasure *t)
{
    for (size_t i = 0; t->furniture[0] && i < m->furniture_count; i++)
        if (strcmp(m->furniture[i].id, t->furniture) == 0)
            return m->furniture[i].pos;
    return t->pos;
}

/* The id of a find that has none of its own: "find-X-Y" after its square
 * ("find-X-Y-2"... for more there), never its place in the file, which
 * would tell the players how many treasures come before it (docs/rules.md,
 * "Ids"). */
static void own_item_id(const Mission *m, const MissionTreasure *t, char *id, size_t size)
{
    BoardPos at = treasure_square(m, t);
    snprintf(id, size, "find-%d-%d", at.x, at.y);
    for (int k = 2; catalogue_find_item(m->catalogue, id) >= 0 && k < 1000; k++)
        snprintf(id, size, "find-%d-%d-%d", at.x, at.y, k);
}

void mission_add_own_items(Mission *m)
{
    for (size_t i = 0; i < m->treasure_count; i++) {
        MissionTreasure *t = &m->treasure[i];
        if (t->item[0] || (t->kind != TREASURE_POTION && t->kind != TREASURE_ITEM))
            continue;
        ItemType it;
        memset(&it, 0, sizeof it);
        if (t->id[0] && catalogue_find_item(m->catalogue, t->id) < 0)
            snprintf(it.id, sizeof it.id, "%s", t->id);
        else
            own_item_id(m, t, it.id, sizeof it.id);
        snprintf(it.name, sizeof it.name, "%.*s", (int)sizeof it.name - 1, t->name);
        it.kind = t->kind == TREASURE_POTION ? ITEM_POTION : ITEM_QUEST;
        it.heal = t->kind == TREASURE_POTION ? t->amount : 0;
        snprintf(it.sprite, sizeof it.sprite, "%s",
                 t->kind == TREASURE_POTION ? "items/healing_potion" : "board/treasure");
        snprintf(it.text, sizeof it.text, "%s",
                 t->kind == TREASURE_POTION ? N_("A potion found in this quest.") : N_("Found in this quest."));
        it.line = t->line;
        if (!catalogue_add_item(m->catalogue, &it))
            continue; /* the catalogue is full: the find is only counted as found */
        snprintf(t->item, sizeof t->item, "%s", it.id);
        t->own_item = true;
    }
}

const char *mission_edition_name(MissionEdition edition)
{
    return edition == MISSION_EDITION_EU ? "eu" : "us";
}

const char *mission_trap_kind_name(TrapKind kind)
{
    return kind >= 0 && kind < TRAP_KIND_COUNT ? trap_names[kind] : "?";
}

const char *mission_treasure_kind_name(TreasureKind kind)
{
    return catalogue_treasure_kind_name(kind);
}

const char *mission_objective_kind_name(ObjectiveKind kind)
{
    return kind >= 0 && kind < OBJECTIVE_KIND_COUNT ? objective_names[kind] : "?";
}

uint64_t mission_fnv1a(uint64_t h, const uint8_t *data, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* An area's number for the board: one more than the index of the first
 * palette entry naming it (palettes are small). */
static uint16_t area_number(const Mission *m, size_t i)
{
    if (!m->palette[i].area[0])
        return 0;
    size_t first = 0;
    while (strcmp(m->palette[first].area, m->palette[i].area) != 0)
        first++;
    return (uint16_t)(first + 1 > UINT16_MAX ? UINT16_MAX : first + 1);
}

BoardTypeOverride *mission_type_overrides(const Mission *m, int *count)
{
    BoardTypeOverride *o = xmalloc(m->palette_count + 1, sizeof *o);
    int n = 0;
    for (size_t i = 0; i < m->palette_count; i++) {
        const MissionPaletteEntry *e = &m->palette[i];
        if (e->has_type || e->area[0])
            o[n++] = (BoardTypeOverride){e->rgb, e->has_type ? e->type : board_default_type(e->rgb),
                                         area_number(m, i)};
    }
    *count = n;
    return o;
}

/* True when a path component is "..". */
static bool has_dotdot(const char *p)
{
    for (const char *s = p; *s;) {
        size_t n = strcspn(s, "/");
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return true;
        s += n;
        while (*s == '/')
            s++;
    }
    return false;
}

/* The entry of folder closest to name (at most MISSION_NEAR_FILES entries
 * read) into best; false when none is close. */
#define MISSION_NEAR_FILES 10000
static bool near_entry(const char *folder, const char *name, char *best, size_t size)
{
    DIR *d = opendir(folder);
    best[0] = '\0';
    if (!d)
        return false;
    Suggestion s;
    suggest_begin(&s, name);
    struct dirent *e;
    for (int n = 0; n < MISSION_NEAR_FILES && (e = readdir(d)); n++) {
        if (e->d_name[0] == '.')
            continue;
        int before = s.best_distance;
        suggest_offer(&s, e->d_name); /* d_name is reused: keep a copy of the best */
        if (s.best_distance < before)
            snprintf(best, size, "%s", e->d_name);
    }
    closedir(d);
    return suggest_result(&s) && best[0];
}

/* ": did you mean 'x'?" when dir/rel is not there but a path close to
 * it is, part by part (a misspelt folder as well as a misspelt file:
 * "2-sunken-chapl/misson.xml" gives "2-sunken-chapel/mission.xml"), else
 * "". At most MISSION_NEAR_PARTS parts are looked at. */
#define MISSION_NEAR_PARTS 16
static const char *near_file(const char *dir, const char *rel, char *buf, size_t size)
{
    char path[PATH_MAX], fixed[PATH_MAX] = "";
    bool changed = false;
    size_t used = 0;
    buf[0] = '\0';
    snprintf(path, sizeof path, "%s", dir);
    const char *part = rel;
    for (int k = 0; *part && k < MISSION_NEAR_PARTS; k++) {
        size_t n = strcspn(part, "/");
        char name[256], best[256];
        if (n == 0 || n >= sizeof name)
            return buf;
        memcpy(name, part, n);
        name[n] = '\0';
        char next[PATH_MAX];
        struct stat st;
        if (snprintf(next, sizeof next, "%s/%s", path, name) >= (int)sizeof next)
            return buf;
        if (stat(next, &st) != 0) {
            if (!near_entry(path, name, best, sizeof best))
                return buf;
            snprintf(name, sizeof name, "%s", best);
            if (snprintf(next, sizeof next, "%s/%s", path, name) >= (int)sizeof next)
                return buf;
            changed = true;
        }
        used += (size_t)snprintf(fixed + used, sizeof fixed - used, "%s%s", used ? "/" : "", name);
        if (used >= sizeof fixed)
            return buf;
        snprintf(path, sizeof path, "%s", next);
        part += n;
        while (*part == '/')
            part++;
    }
    if (changed && !*part && stat(path, &(struct stat){0}) == 0)
        snprintf(buf, size, _(": did you mean '%s'?"), fixed);
    return buf;
}

bool mission_confine(const char *dir, const char *rel, const char *what, const char *owner,
                     const char *file, int line, char **out, ErrorList *errs)
{
    if (!rel[0] || rel[0] == '/' || strchr(rel, '\\')) {
        errors_add_at(errs, file, line, _("%s '%s' must be a path relative to the %s file"), what,
                      rel, owner);
        return false;
    }
    if (has_dotdot(rel)) {
        errors_add_at(errs, file, line,
                      _("%s '%s' may not use '..': it must stay inside the %s's folder"), what, rel,
                      owner);
        return false;
    }
    char joined[PATH_MAX];
    if (snprintf(joined, sizeof joined, "%s/%s", dir, rel) >= (int)sizeof joined) {
        errors_add_at(errs, file, line, _("%s path is too long"), what);
        return false;
    }
    char dir_real[PATH_MAX], file_real[PATH_MAX];
    if (!realpath(dir, dir_real) || !realpath(joined, file_real)) {
        char hint[PATH_MAX + 64];
        errors_add_at(errs, file, line, _("%s '%s' not found (looked for %s)%s"), what, rel, joined,
                      near_file(dir, rel, hint, sizeof hint));
        return false;
    }
    size_t n = strlen(dir_real);
    if (strcmp(file_real, dir_real) == 0) {
        errors_add_at(errs, file, line, _("%s '%s' is the %s's folder, not a file"), what, rel, owner);
        return false;
    }
    bool inside = strncmp(file_real, dir_real, n) == 0 &&
                  (file_real[n] == '/' || (n == 1 && dir_real[0] == '/'));
    if (!inside) {
        errors_add_at(errs, file, line,
                      _("%s '%s' leads outside the %s's folder (through a symbolic link)"), what, rel,
                      owner);
        return false;
    }
    if (!fileio_is_file(file_real)) {
        errors_add_at(errs, file, line, _("%s '%s' is not a regular file"), what, rel);
        return false;
    }
    *out = xstrdup(file_real);
    return true;
}

bool mission_resolve_bitmap(Mission *m, ErrorList *errs)
{
    char *resolved;
    if (!mission_confine(m->dir, m->bitmap_path ? m->bitmap_path : "", _("bitmap"), _("mission"),
                         m->path, m->bitmap_line, &resolved, errs))
        return false;
    free(m->bitmap_path);
    m->bitmap_path = resolved;
    return true;
}

bool mission_place_default_heroes(Mission *m, ErrorList *errs)
{
    static const char *const order[] = {"barbarian", "dwarf", "elf", "wizard"};
    const BoardRoom *room = board_room_count(m->board) >= 1 ? board_room_info(m->board, 1) : NULL;
    if (!room) {
        errors_add(errs, _("%s: the bitmap has no walkable square to start on"), m->path);
        return false;
    }
    m->heroes = xcalloc(4, sizeof *m->heroes);
    for (int y = room->min.y; y <= room->max.y && m->hero_count < 4; y++) {
        for (int x = room->min.x; x <= room->max.x && m->hero_count < 4; x++) {
            BoardPos p = {x, y};
            if (board_room(m->board, p) != 1)
                continue;
            MissionHero *h = &m->heroes[m->hero_count];
            snprintf(h->type, sizeof h->type, "%s", order[m->hero_count]);
            h->pos = p;
            m->hero_count++;
        }
    }
    return true;
}

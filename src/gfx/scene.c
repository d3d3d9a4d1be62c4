#include "scene.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ColourName {
    uint32_t rgb;
    char name[SCENE_NAME_MAX];
    int cost; /* movement to enter a square of it; 0: unset (1) */
} ColourName;

struct Scene {
    const Board *board;
    uint64_t seed;
    char *title;
    ScenePiece *pieces;
    size_t piece_count, piece_cap;
    SceneDoor *doors;
    size_t door_count, door_cap;
    SceneMark *marks;
    size_t mark_count, mark_cap;
    BoardPos *exits;
    size_t exit_count, exit_cap;
    ColourName *names;
    size_t name_count, name_cap;
    uint8_t *revealed;
    unsigned version;
    char *art_dir; /* the mission's own art folder, or NULL */
};

/* Grows an array of elem-sized items to hold one more. */
static void *grow(void *items, size_t count, size_t *cap, size_t elem)
{
    if (count < *cap)
        return items;
    *cap = *cap ? *cap * 2 : 16;
    return xrealloc(items, *cap, elem);
}

Scene *scene_create(const Board *board, uint64_t seed, const char *title)
{
    Scene *s = xcalloc(1, sizeof *s);
    s->board = board;
    s->seed = seed;
    s->title = xstrdup(title ? title : "");
    return s;
}

void scene_destroy(Scene *scene)
{
    if (!scene)
        return;
    free(scene->title);
    free(scene->pieces);
    free(scene->doors);
    free(scene->marks);
    free(scene->exits);
    free(scene->names);
    free(scene->revealed);
    free(scene->art_dir);
    free(scene);
}

void scene_set_art_dir(Scene *scene, const char *dir)
{
    free(scene->art_dir);
    scene->art_dir = dir ? xstrdup(dir) : NULL;
    scene->version++;
}

const char *scene_art_dir(const Scene *scene)
{
    return scene->art_dir;
}

static void copy_name(char *dst, const char *src)
{
    snprintf(dst, SCENE_NAME_MAX, "%s", src);
}

void scene_add_piece(Scene *scene, const ScenePiece *piece)
{
    scene->pieces = grow(scene->pieces, scene->piece_count, &scene->piece_cap, sizeof *piece);
    scene->version++;
    ScenePiece *p = &scene->pieces[scene->piece_count++];
    *p = *piece;
    p->sprite[SCENE_NAME_MAX - 1] = p->name[SCENE_NAME_MAX - 1] = '\0';
    p->detail[SCENE_NAME_MAX - 1] = p->tag[SCENE_NAME_MAX - 1] = '\0';
    if (p->width < 1)
        p->width = 1;
    if (p->height < 1)
        p->height = 1;
}

/* Orders doors by (y, x, side). */
static int door_cmp(const void *a, const void *b)
{
    const SceneDoor *da = a, *db = b;
    if (da->pos.y != db->pos.y)
        return da->pos.y < db->pos.y ? -1 : 1;
    if (da->pos.x != db->pos.x)
        return da->pos.x < db->pos.x ? -1 : 1;
    return (int)da->side - (int)db->side;
}

void scene_add_door(Scene *scene, const SceneDoor *door)
{
    SceneDoor d = *door;
    grid_edge_canonical(board_grid(scene->board), d.pos, d.side, &d.pos, &d.side);
    /* Kept sorted so scene_door_at, asked once per wall edge while
     * drawing, is a binary search. */
    scene->doors = grow(scene->doors, scene->door_count, &scene->door_cap, sizeof d);
    size_t at = scene->door_count;
    while (at > 0 && door_cmp(&scene->doors[at - 1], &d) > 0)
        at--;
    memmove(&scene->doors[at + 1], &scene->doors[at], (scene->door_count - at) * sizeof d);
    scene->doors[at] = d;
    scene->door_count++;
    scene->version++;
}

void scene_add_mark(Scene *scene, const SceneMark *mark)
{
    scene->marks = grow(scene->marks, scene->mark_count, &scene->mark_cap, sizeof *mark);
    scene->version++;
    SceneMark *m = &scene->marks[scene->mark_count++];
    *m = *mark;
    m->sprite[SCENE_NAME_MAX - 1] = m->name[SCENE_NAME_MAX - 1] = '\0';
}

void scene_add_exit(Scene *scene, BoardPos pos)
{
    scene->exits = grow(scene->exits, scene->exit_count, &scene->exit_cap, sizeof *scene->exits);
    scene->exits[scene->exit_count++] = pos;
    scene->version++;
}

size_t scene_exit_count(const Scene *scene)
{
    return scene->exit_count;
}

BoardPos scene_exit(const Scene *scene, size_t index)
{
    return index < scene->exit_count ? scene->exits[index] : (BoardPos){-1, -1};
}

/* The entry of colour rgb, added (no name, no cost) when missing. */
static ColourName *colour_entry(Scene *scene, uint32_t rgb)
{
    for (size_t i = 0; i < scene->name_count; i++)
        if (scene->names[i].rgb == rgb)
            return &scene->names[i];
    scene->names = grow(scene->names, scene->name_count, &scene->name_cap, sizeof *scene->names);
    scene->names[scene->name_count] = (ColourName){.rgb = rgb};
    return &scene->names[scene->name_count++];
}

void scene_set_colour_name(Scene *scene, uint32_t rgb, const char *name)
{
    copy_name(colour_entry(scene, rgb)->name, name);
}

void scene_set_colour_cost(Scene *scene, uint32_t rgb, int cost)
{
    colour_entry(scene, rgb)->cost = cost;
    scene->version++;
}

int scene_square_cost(const Scene *scene, BoardPos pos)
{
    if (!board_contains(scene->board, pos) || board_type(scene->board, pos) != SQUARE_WALKABLE)
        return 0;
    uint32_t rgb = board_rgb(scene->board, pos);
    for (size_t i = 0; i < scene->name_count; i++)
        if (scene->names[i].rgb == rgb && scene->names[i].cost > 0)
            return scene->names[i].cost;
    return 1;
}

void scene_clear(Scene *scene)
{
    scene->piece_count = scene->door_count = scene->mark_count = scene->exit_count = 0;
    scene->version++;
}

void scene_set_revealed(Scene *scene, const uint8_t *revealed)
{
    scene->version++;
    free(scene->revealed);
    scene->revealed = NULL;
    if (!revealed)
        return;
    size_t n = (size_t)grid_area(board_grid(scene->board));
    scene->revealed = xmalloc(n, 1);
    memcpy(scene->revealed, revealed, n);
}

const Board *scene_board(const Scene *scene) { return scene->board; }
uint64_t scene_seed(const Scene *scene) { return scene->seed; }
unsigned scene_version(const Scene *scene) { return scene->version; }
const char *scene_title(const Scene *scene) { return scene->title; }
size_t scene_piece_count(const Scene *scene) { return scene->piece_count; }
const ScenePiece *scene_piece(const Scene *scene, size_t index) { return &scene->pieces[index]; }
size_t scene_door_count(const Scene *scene) { return scene->door_count; }
const SceneDoor *scene_door(const Scene *scene, size_t index) { return &scene->doors[index]; }
size_t scene_mark_count(const Scene *scene) { return scene->mark_count; }
const SceneMark *scene_mark(const Scene *scene, size_t index) { return &scene->marks[index]; }

const SceneDoor *scene_door_at(const Scene *scene, BoardPos pos, GridDir dir)
{
    const Grid *grid = board_grid(scene->board);
    if (!grid_is_edge(grid, dir))
        return NULL;
    grid_edge_canonical(grid, pos, dir, &pos, &dir);
    if (scene->door_count == 0)
        return NULL;
    SceneDoor key = {pos, dir, SCENE_DOOR_CLOSED, false};
    return bsearch(&key, scene->doors, scene->door_count, sizeof key, door_cmp);
}

static bool covers(const ScenePiece *p, BoardPos pos)
{
    return pos.x >= p->pos.x && pos.x < p->pos.x + p->width && pos.y >= p->pos.y &&
           pos.y < p->pos.y + p->height;
}

const ScenePiece *scene_piece_at(const Scene *scene, BoardPos pos)
{
    const ScenePiece *found = NULL;
    for (size_t i = 0; i < scene->piece_count; i++) {
        const ScenePiece *p = &scene->pieces[i];
        if (!covers(p, pos))
            continue;
        if (p->owner != SCENE_OWNER_NONE)
            return p;
        found = p;
    }
    return found;
}

const SceneMark *scene_mark_at(const Scene *scene, BoardPos pos)
{
    for (size_t i = 0; i < scene->mark_count; i++)
        if (grid_pos_equal(scene->marks[i].pos, pos))
            return &scene->marks[i];
    return NULL;
}

const char *scene_colour_name(const Scene *scene, uint32_t rgb)
{
    for (size_t i = 0; i < scene->name_count; i++)
        if (scene->names[i].rgb == rgb && scene->names[i].name[0])
            return scene->names[i].name;
    return NULL;
}

bool scene_revealed(const Scene *scene, BoardPos pos)
{
    if (!scene->revealed)
        return true;
    if (!board_contains(scene->board, pos))
        return false;
    return scene->revealed[grid_index(board_grid(scene->board), pos)] != 0;
}

bool scene_has_fog(const Scene *scene)
{
    return scene->revealed != NULL;
}

const char *scene_owner_name(SceneOwner owner)
{
    static const char *const names[SCENE_OWNER_COUNT] = {"hero", "monster", "furniture"};
    return owner < SCENE_OWNER_COUNT ? names[owner] : "?";
}

#define _DEFAULT_SOURCE /* lstat */
#include "tileset.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "image.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CELL 64           /* atlas cell side: pictures are scaled to it */
#define MAX_VARIANT 9999  /* largest N accepted in a name */

/* The variants of one picture, sorted by N. */
typedef struct CellList {
    int *cells;
    int count;
} CellList;

/* Everything one colour provides. */
typedef struct ColourTiles {
    uint32_t rgb;
    CellList plain;
    CellList auto4[16];
    CellList *auto8; /* 256 lists, or NULL when the colour has none */
    CellList *autohex; /* 64 lists (hex boards), or NULL */
} ColourTiles;

struct Tileset {
    SDL_Texture *atlas;
    int columns;
    int count;
    int skipped; /* tile files that could not be used */
    SDL_Color *means;
    ColourTiles *colours; /* sorted by rgb */
    size_t colour_count;
};

/* A file found while scanning, before packing. */
typedef struct TileFile {
    TileName name;
    char *path;
} TileFile;

static bool parse_hex6(const char *s, uint32_t *rgb)
{
    uint32_t v = 0;
    for (int i = 0; i < 6; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint32_t)d;
    }
    *rgb = v;
    return true;
}

/* Reads a decimal number of 1..4 digits without a leading zero (except
 * "0" itself); advances *s. */
static bool parse_small(const char **s, int *out)
{
    const char *p = *s;
    int v = 0, n = 0;
    while (isdigit((unsigned char)p[n]) && n < 5)
        v = v * 10 + (p[n++] - '0');
    if (n == 0 || n > 4 || (n > 1 && p[0] == '0'))
        return false;
    *out = v;
    *s = p + n;
    return true;
}

bool tileset_parse_name(const char *file, TileName *out)
{
    TileName t = {0, TILE_PLAIN, 0, 0};
    if (strlen(file) < 12 || !parse_hex6(file, &t.rgb) || file[6] != '_')
        return false;
    const char *p = file + 7;
    if (*p == 'a' || *p == 'b' || *p == 'h') {
        t.shape = *p == 'a' ? TILE_AUTO4 : *p == 'b' ? TILE_AUTO8 : TILE_AUTOHEX;
        p++;
        int top = t.shape == TILE_AUTO4 ? 15 : t.shape == TILE_AUTO8 ? 255 : 63;
        if (!parse_small(&p, &t.mask) || t.mask > top || *p++ != '_')
            return false;
    }
    if (!parse_small(&p, &t.variant) || t.variant < 1 || t.variant > MAX_VARIANT ||
        strcmp(p, ".png") != 0)
        return false;
    *out = t;
    return true;
}

uint32_t tileset_hash(int x, int y, uint64_t seed)
{
    /* splitmix64 finaliser over the packed inputs */
    uint64_t z = seed ^ ((uint64_t)(uint32_t)x << 32 | (uint32_t)y);
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)(z ^ (z >> 31));
}

static bool same_colour(const Board *board, BoardPos pos, GridDir dir, uint32_t rgb)
{
    BoardPos n = grid_step(board_grid(board), pos, dir);
    return board_type(board, n) != SQUARE_NONE && board_rgb(board, n) == rgb;
}

unsigned tileset_mask6(const Board *board, BoardPos pos)
{
    uint32_t rgb = board_rgb(board, pos);
    int n;
    const GridDir *dirs = grid_dirs(board_grid(board), &n);
    unsigned m = 0;
    for (int k = 0; k < n; k++)
        if (same_colour(board, pos, dirs[k], rgb))
            m |= 1u << k;
    return m;
}

unsigned tileset_mask4(const Board *board, BoardPos pos)
{
    uint32_t rgb = board_rgb(board, pos);
    unsigned m = 0;
    for (int d = 0; d < 4; d++)
        if (same_colour(board, pos, (GridDir)d, rgb))
            m |= 1u << d;
    return m;
}

unsigned tileset_mask8(const Board *board, BoardPos pos)
{
    static const GridDir corner[4] = {GRID_DIR_NORTHEAST, GRID_DIR_SOUTHEAST, GRID_DIR_SOUTHWEST,
                                      GRID_DIR_NORTHWEST};
    uint32_t rgb = board_rgb(board, pos);
    unsigned m = tileset_mask4(board, pos);
    for (int c = 0; c < 4; c++) {
        /* corner c lies between orthogonal directions c and c + 1 */
        unsigned sides = 1u << c | 1u << ((c + 1) % 4);
        if ((m & sides) == sides && same_colour(board, pos, corner[c], rgb))
            m |= 16u << c;
    }
    return m;
}

static int file_cmp(const void *a, const void *b)
{
    const TileFile *fa = a, *fb = b;
    const TileName *x = &fa->name, *y = &fb->name;
    if (x->rgb != y->rgb)
        return x->rgb < y->rgb ? -1 : 1;
    if (x->shape != y->shape)
        return (int)x->shape - (int)y->shape;
    if (x->mask != y->mask)
        return x->mask - y->mask;
    return x->variant - y->variant;
}

static void free_files(TileFile *files, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(files[i].path);
    free(files);
}

/* Lists the tile files of dir, sorted, so the result never depends on the
 * order the file system returns names in; at most TILESET_MAX_FILES of
 * them (the first by name), from the first TILESET_MAX_ENTRIES entries of
 * the folder. *dropped counts the tile files left out. */
static TileFile *scan(const char *dir, bool confined, size_t *count, int *dropped)
{
    *count = 0;
    *dropped = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    TileFile *files = NULL;
    size_t cap = 0;
    long entries = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (++entries > TILESET_MAX_ENTRIES) {
            fprintf(stderr, _("questboard: %s: more than %d entries; only the first %d are looked at\n"),
                    dir, TILESET_MAX_ENTRIES, TILESET_MAX_ENTRIES);
            break;
        }
        TileName name;
        if (!tileset_parse_name(e->d_name, &name))
            continue;
        if (*count == cap) {
            cap = cap ? cap * 2 : 64;
            files = xrealloc(files, cap, sizeof *files);
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = xmalloc(len, 1);
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat st;
        if (confined && (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))) {
            /* a mission's own tile that is a link could lead anywhere */
            fprintf(stderr, _("questboard: %s: not a regular file in the mission's folder; tile "
                            "skipped\n"), path);
            free(path);
            continue;
        }
        files[(*count)++] = (TileFile){name, path};
    }
    closedir(d);
    if (files)
        qsort(files, *count, sizeof *files, file_cmp);
    if (*count > TILESET_MAX_FILES) {
        *dropped = (int)(*count - TILESET_MAX_FILES);
        fprintf(stderr, _("questboard: %s: %zu tile files; only the first %d by name are used\n"), dir,
                *count, TILESET_MAX_FILES);
        for (size_t i = TILESET_MAX_FILES; i < *count; i++)
            free(files[i].path);
        *count = TILESET_MAX_FILES;
    }
    return files;
}

static SDL_Color surface_mean(SDL_Surface *s)
{
    uint64_t sum[3] = {0, 0, 0};
    const uint8_t *px = s->pixels;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            uint32_t v = *(const uint32_t *)(const void *)(px + y * s->pitch + x * 4);
            uint8_t r, g, b;
            SDL_GetRGB(v, s->format, &r, &g, &b);
            sum[0] += r, sum[1] += g, sum[2] += b;
        }
    uint64_t n = (uint64_t)s->w * (uint64_t)s->h;
    return (SDL_Color){(uint8_t)(sum[0] / n), (uint8_t)(sum[1] / n), (uint8_t)(sum[2] / n), 255};
}

/* Draws file i into its atlas cell. */
/* True when the first count cells of the atlas have no see-through
 * pixel. */
static bool surface_opaque(SDL_Surface *atlas, int columns, int count)
{
    if (SDL_LockSurface(atlas) != 0)
        return false;
    bool opaque = true;
    for (int y = 0; y < atlas->h && opaque; y++) {
        const Uint32 *row = (const Uint32 *)(const void *)((const Uint8 *)atlas->pixels + y * atlas->pitch);
        for (int x = 0; x < atlas->w && opaque; x++) {
            int cell = (y / CELL) * columns + x / CELL;
            if (cell < count && (row[x] >> 24) != 0xff)
                opaque = false;
        }
    }
    SDL_UnlockSurface(atlas);
    return opaque;
}

static bool pack_one(SDL_Surface *atlas, int columns, int i, const char *path, SDL_Color *mean,
                     char *err, size_t err_size)
{
    SDL_Surface *img = image_load_png(path, err, err_size);
    if (!img)
        return false;
    SDL_Surface *conv = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(img);
    if (!conv) {
        snprintf(err, err_size, _("%s: cannot convert tile: %s"), path, SDL_GetError());
        return false;
    }
    SDL_SetSurfaceBlendMode(conv, SDL_BLENDMODE_NONE);
    SDL_Rect dst = {(i % columns) * CELL, (i / columns) * CELL, CELL, CELL};
    SDL_BlitScaled(conv, NULL, atlas, &dst);
    *mean = surface_mean(conv);
    SDL_FreeSurface(conv);
    return true;
}

static ColourTiles *colour_entry(Tileset *t, uint32_t rgb)
{
    if (t->colour_count && t->colours[t->colour_count - 1].rgb == rgb)
        return &t->colours[t->colour_count - 1];
    t->colours = xrealloc(t->colours, t->colour_count + 1, sizeof *t->colours);
    ColourTiles *c = &t->colours[t->colour_count++];
    memset(c, 0, sizeof *c);
    c->rgb = rgb;
    return c;
}

static void list_add(CellList *list, int cell)
{
    list->cells = xrealloc(list->cells, (size_t)list->count + 1, sizeof *list->cells);
    list->cells[list->count++] = cell;
}

/* Files arrive sorted by colour, so each colour's entry is built in turn. */
static void index_file(Tileset *t, const TileName *name, int cell)
{
    ColourTiles *c = colour_entry(t, name->rgb);
    if (name->shape == TILE_PLAIN) {
        list_add(&c->plain, cell);
    } else if (name->shape == TILE_AUTO4) {
        list_add(&c->auto4[name->mask], cell);
    } else if (name->shape == TILE_AUTOHEX) {
        if (!c->autohex)
            c->autohex = xcalloc(64, sizeof *c->autohex);
        list_add(&c->autohex[name->mask], cell);
    } else {
        if (!c->auto8)
            c->auto8 = xcalloc(256, sizeof *c->auto8);
        list_add(&c->auto8[name->mask], cell);
    }
}

static bool build_atlas(Tileset *t, SDL_Renderer *renderer, TileFile *files, size_t n, char *err,
                        size_t err_size)
{
    int columns = 1;
    while ((size_t)columns * (size_t)columns < n)
        columns++;
    int rows = (int)((n + (size_t)columns - 1) / (size_t)columns);
    SDL_Surface *atlas =
        SDL_CreateRGBSurfaceWithFormat(0, columns * CELL, rows * CELL, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!atlas) {
        snprintf(err, err_size, "tile atlas: %s", SDL_GetError());
        return false;
    }
    t->columns = columns;
    t->means = xcalloc(n, sizeof *t->means);
    /* A file that cannot be used is skipped: its square falls back to a
     * tinted tile, as for a colour with no pictures. Good files take the
     * cells in turn. */
    int cell = 0;
    for (size_t i = 0; i < n; i++) {
        char why[512];
        if (pack_one(atlas, columns, cell, files[i].path, &t->means[cell], why, sizeof why)) {
            index_file(t, &files[i].name, cell++);
        } else {
            fprintf(stderr, _("questboard: %s; tile skipped\n"), why);
            t->skipped++;
        }
    }
    bool ok = true;
    if (cell > 0) {
        t->atlas = SDL_CreateTextureFromSurface(renderer, atlas);
        if (!t->atlas) {
            snprintf(err, err_size, "tile atlas: %s", SDL_GetError());
            ok = false;
        } else {
            SDL_SetTextureScaleMode(t->atlas, SDL_ScaleModeLinear);
            /* opaque tiles are copied, not blended: most of a redraw */
            if (surface_opaque(atlas, columns, cell))
                SDL_SetTextureBlendMode(t->atlas, SDL_BLENDMODE_NONE);
        }
    }
    SDL_FreeSurface(atlas);
    t->count = cell;
    return ok;
}

/* True when files (sorted by colour, n of them) has a picture of rgb. */
static bool has_colour(const TileFile *files, size_t n, uint32_t rgb)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (files[mid].name.rgb < rgb)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && files[lo].name.rgb == rgb;
}

/* The own folder's files, then the folder's of every colour the own
 * folder has no picture of; sorted again, capped again. */
static TileFile *scan_layered(const char *own_dir, const char *dir, size_t *count, int *dropped)
{
    size_t own_n = 0, n = 0;
    int own_dropped = 0;
    struct stat st;
    /* a link in place of the own folder could lead anywhere: not used */
    bool own_ok = own_dir && lstat(own_dir, &st) == 0 && S_ISDIR(st.st_mode);
    TileFile *own = own_ok ? scan(own_dir, true, &own_n, &own_dropped) : NULL;
    TileFile *base = scan(dir, false, &n, dropped);
    *dropped += own_dropped;
    if (!own_n) {
        free(own);
        *count = n;
        return base;
    }
    TileFile *all = xmalloc(own_n + n + 1, sizeof *all);
    memcpy(all, own, own_n * sizeof *all);
    size_t k = own_n;
    for (size_t i = 0; i < n; i++) {
        if (has_colour(own, own_n, base[i].name.rgb))
            free(base[i].path);
        else
            all[k++] = base[i];
    }
    free(own);
    free(base);
    qsort(all, k, sizeof *all, file_cmp);
    if (k > TILESET_MAX_FILES) {
        *dropped += (int)(k - TILESET_MAX_FILES);
        for (size_t i = TILESET_MAX_FILES; i < k; i++)
            free(all[i].path);
        k = TILESET_MAX_FILES;
    }
    *count = k;
    return all;
}

Tileset *tileset_load(SDL_Renderer *renderer, const char *dir, char *err, size_t err_size)
{
    return tileset_load_own(renderer, NULL, dir, err, err_size);
}

Tileset *tileset_load_own(SDL_Renderer *renderer, const char *own_dir, const char *dir, char *err,
                          size_t err_size)
{
    Tileset *t = xcalloc(1, sizeof *t);
    size_t n;
    TileFile *files = scan_layered(own_dir, dir, &n, &t->skipped);
    if (n > 0 && !build_atlas(t, renderer, files, n, err, err_size)) {
        free_files(files, n);
        tileset_destroy(t);
        return NULL;
    }
    free_files(files, n);
    return t;
}

void tileset_destroy(Tileset *tileset)
{
    if (!tileset)
        return;
    for (size_t i = 0; i < tileset->colour_count; i++) {
        ColourTiles *c = &tileset->colours[i];
        free(c->plain.cells);
        for (int m = 0; m < 16; m++)
            free(c->auto4[m].cells);
        if (c->autohex)
            for (int m = 0; m < 64; m++)
                free(c->autohex[m].cells);
        free(c->autohex);
        if (c->auto8)
            for (int m = 0; m < 256; m++)
                free(c->auto8[m].cells);
        free(c->auto8);
    }
    free(tileset->colours);
    free(tileset->means);
    if (tileset->atlas)
        SDL_DestroyTexture(tileset->atlas);
    free(tileset);
}

int tileset_count(const Tileset *tileset) { return tileset->count; }
int tileset_skipped(const Tileset *tileset) { return tileset->skipped; }
SDL_Texture *tileset_texture(const Tileset *tileset) { return tileset->atlas; }

SDL_Rect tileset_cell_rect(const Tileset *tileset, int cell)
{
    return (SDL_Rect){(cell % tileset->columns) * CELL, (cell / tileset->columns) * CELL, CELL, CELL};
}

SDL_Color tileset_cell_mean(const Tileset *tileset, int cell)
{
    return tileset->means[cell];
}

static const ColourTiles *find_colour(const Tileset *t, uint32_t rgb)
{
    size_t lo = 0, hi = t->colour_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->colours[mid].rgb < rgb)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->colour_count && t->colours[lo].rgb == rgb ? &t->colours[lo] : NULL;
}

static int pick_from(const CellList *list, uint32_t hash)
{
    return list->count ? list->cells[hash % (uint32_t)list->count] : -1;
}

/* The most specific picture a colour has for this square, or -1. */
static int pick_own(const ColourTiles *c, const Board *board, BoardPos pos, uint32_t hash)
{
    int cell = -1;
    if (board_grid(board)->topology == GRID_HEX) {
        /* hex boards: the 6-neighbour pictures, else the plain ones (the
         * square masks mean nothing here) */
        if (c->autohex)
            cell = pick_from(&c->autohex[tileset_mask6(board, pos)], hash);
        return cell >= 0 ? cell : pick_from(&c->plain, hash);
    }
    if (c->auto8)
        cell = pick_from(&c->auto8[tileset_mask8(board, pos)], hash);
    if (cell < 0)
        cell = pick_from(&c->auto4[tileset_mask4(board, pos)], hash);
    if (cell < 0)
        cell = pick_from(&c->plain, hash);
    return cell;
}

int tileset_pick(const Tileset *tileset, const Board *board, BoardPos pos, uint64_t seed,
                 SDL_Color *tint)
{
    uint32_t rgb = board_rgb(board, pos);
    if (board_type(board, pos) == SQUARE_NONE) {
        *tint = (SDL_Color){0, 0, 0, 0};
        return -1;
    }
    uint32_t hash = tileset_hash(pos.x, pos.y, seed);
    const ColourTiles *own = find_colour(tileset, rgb);
    int cell = own ? pick_own(own, board, pos, hash) : -1;
    if (cell >= 0) {
        *tint = (SDL_Color){255, 255, 255, 255};
        return cell;
    }
    *tint = (SDL_Color){(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, 255};
    const ColourTiles *white = find_colour(tileset, 0xffffffu);
    return white ? pick_from(&white->plain, hash) : -1;
}

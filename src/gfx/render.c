#include "render.h"

#include "../core/alloc.h"
#include "batch.h"
#include "farmap.h"
#include "overlay.h"
#include "sprites.h"
#include "text.h"
#include "tileset.h"
#include "tilescale.h"
#include "ui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define DISC_PX 128
#define GRID_LINE_MIN_SCALE 12.0
#define WALL_SHARE 0.18f /* wall thickness as a share of a square */
#define CACHE_MARGIN 256  /* pixels drawn beyond each side of the view */
/* After a zoom step or a change of the scene the cache is redrawn with a
 * narrow margin, so the sharp picture costs little more than the view;
 * once the view has stayed put this many frames it is widened again. */
#define CACHE_MARGIN_QUICK 32
#define CACHE_SETTLE_FRAMES 8

static const SDL_Color BACKGROUND = {28, 24, 22, 255};
static const SDL_Color WALL_FALLBACK = {72, 62, 54, 255};
static const SDL_Color OWNER_COLOUR[SCENE_OWNER_COUNT] = {
    {236, 188, 52, 255}, /* heroes: gold */
    {206, 36, 36, 255},  /* monsters: blood red */
    {120, 90, 60, 255},  /* furniture stand-in */
};

/* A picture of everything that only changes with the scene, the zoom or
 * the overlay's settings, drawn for the view plus a margin: panning copies
 * it instead of redrawing every square until the view leaves it. */
typedef struct LayerCache {
    SDL_Texture *texture;
    int tex_w, tex_h; /* the texture's size */
    int off_x, off_y; /* the top-left corner of the part drawn */
    int w, h;         /* the size of the part drawn */
    bool valid;
    bool wide;          /* drawn with the full margin */
    double scale, x, y; /* zoom and the board point at the texture's top-left */
    Camera view;        /* the camera it was drawn around */
    const Scene *scene;
    unsigned version;
    bool debug, reveal;
    DebugLabel label;
} LayerCache;

struct Renderer {
    SDL_Renderer *sdl;
    Tileset *tiles;
    Sprites *sprites;
    Text *text;
    Batch *batch;
    TileScale *scaled; /* floor tiles stretched once per size */
    SDL_Texture *disc;
    int atlas_w, atlas_h;
    FarMap *far;
    const Board *far_board; /* the board far was baked for */
    uint64_t far_seed;
    LayerCache cache;
    double last_scale; /* zoom of the previous frame */
    int settled;       /* frames the narrow cache has been used as it is */
    int quick_fills, wide_fills;
    /* the interface layer (render_ui_layer): drawn again when its key changes */
    SDL_Texture *ui_layer;
    int ui_w, ui_h;
    uint64_t ui_key; /* 0: nothing cached */
    char *tiles_dir; /* the bundled (or --tiles) tiles */
    char *art_dir;   /* the scene's own art folder the tiles were loaded with, or NULL */
};

/* A white anti-aliased disc, tinted per use for shadows and owner rings. */
static SDL_Texture *make_disc(SDL_Renderer *sdl)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, DISC_PX, DISC_PX, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    float c = DISC_PX / 2.0f, radius = c - 1;
    for (int y = 0; y < DISC_PX; y++)
        for (int x = 0; x < DISC_PX; x++) {
            float d = hypotf((float)x + 0.5f - c, (float)y + 0.5f - c);
            float a = fminf(fmaxf(radius - d, 0), 1);
            uint32_t *px = (uint32_t *)(void *)((uint8_t *)s->pixels + y * s->pitch) + x;
            *px = SDL_MapRGBA(s->format, 255, 255, 255, (uint8_t)(a * 255));
        }
    SDL_Texture *t = SDL_CreateTextureFromSurface(sdl, s);
    SDL_FreeSurface(s);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}

Renderer *render_create(SDL_Renderer *sdl, const RenderPaths *paths, char *err, size_t err_size)
{
    Renderer *r = xcalloc(1, sizeof *r);
    r->sdl = sdl;
    r->batch = batch_create();
    r->scaled = tilescale_create();
    r->sprites = sprites_create(sdl, paths->sprites_dir);
    r->tiles_dir = xstrdup(paths->tiles_dir);
    r->tiles = tileset_load(sdl, paths->tiles_dir, err, err_size);
    if (r->tiles)
        r->text = text_create(sdl, paths->font, paths->bold_font, paths->ui_px > 0 ? paths->ui_px : 15,
                              err, err_size);
    r->disc = make_disc(sdl);
    if (!r->tiles || !r->text || !r->disc) {
        if (!r->disc && r->text)
            snprintf(err, err_size, "disc texture: %s", SDL_GetError());
        render_destroy(r);
        return NULL;
    }
    if (tileset_texture(r->tiles))
        SDL_QueryTexture(tileset_texture(r->tiles), NULL, NULL, &r->atlas_w, &r->atlas_h);
    return r;
}

void render_destroy(Renderer *renderer)
{
    if (!renderer)
        return;
    farmap_destroy(renderer->far);
    tilescale_destroy(renderer->scaled);
    if (renderer->cache.texture)
        SDL_DestroyTexture(renderer->cache.texture);
    if (renderer->ui_layer)
        SDL_DestroyTexture(renderer->ui_layer);
    if (renderer->disc)
        SDL_DestroyTexture(renderer->disc);
    text_destroy(renderer->text);
    tileset_destroy(renderer->tiles);
    sprites_destroy(renderer->sprites);
    free(renderer->tiles_dir);
    free(renderer->art_dir);
    batch_destroy(renderer->batch);
    free(renderer);
}

const char *render_debug_label_name(DebugLabel label)
{
    static const char *const names[DEBUG_LABEL_COUNT] = {"room", "type", "coords"};
    return label < DEBUG_LABEL_COUNT ? names[label] : "?";
}

/* The screen rectangle of a block of squares. */
static SDL_FRect squares_rect(const Camera *cam, double x, double y, double w, double h)
{
    float x0 = (float)camera_screen_x(cam, x), y0 = (float)camera_screen_y(cam, y);
    return (SDL_FRect){x0, y0, (float)camera_screen_x(cam, x + w) - x0,
                       (float)camera_screen_y(cam, y + h) - y0};
}

/* The screen box of a cell: the square itself, or a square one hex wide
 * centred on the hex (where tokens, marks and highlights sit). */
static SDL_FRect cell_rect(const Camera *cam, BoardPos pos)
{
    if (!cam->hex)
        return squares_rect(cam, pos.x, pos.y, 1, 1);
    double cx, cy;
    camera_centre(cam, pos, &cx, &cy);
    return squares_rect(cam, cx - 0.5, cy - 0.5, 1, 1);
}

/* The screen points of a hex's six corners, clockwise from the top. */
static void hex_points(const Camera *cam, BoardPos pos, SDL_FPoint pts[6])
{
    for (int k = 0; k < 6; k++) {
        double bx, by;
        camera_hex_corner(cam, pos, k, &bx, &by);
        pts[k] = (SDL_FPoint){(float)camera_screen_x(cam, bx), (float)camera_screen_y(cam, by)};
    }
}

/* A hex filled from the texel rectangle src (the picture masked to the
 * hexagon), or with plain colour when tex_w is 0. */
static void queue_hex(Batch *batch, const Camera *cam, BoardPos pos, SDL_Rect src, int tex_w,
                      int tex_h, SDL_Color colour)
{
    SDL_FPoint pts[6], uv[6];
    hex_points(cam, pos, pts);
    static const float fx[6] = {0.5f, 1, 1, 0.5f, 0, 0}, fy[6] = {0, 0.25f, 0.75f, 1, 0.75f, 0.25f};
    for (int k = 0; k < 6; k++) {
        if (!tex_w) {
            uv[k] = (SDL_FPoint){fx[k], fy[k]};
            continue;
        }
        float u0 = ((float)src.x + 0.5f) / (float)tex_w, v0 = ((float)src.y + 0.5f) / (float)tex_h;
        float u1 = ((float)(src.x + src.w) - 0.5f) / (float)tex_w;
        float v1 = ((float)(src.y + src.h) - 0.5f) / (float)tex_h;
        uv[k] = (SDL_FPoint){u0 + (u1 - u0) * fx[k], v0 + (v1 - v0) * fy[k]};
    }
    batch_poly_uv(batch, pts, uv, 6, colour);
}

/* A cell of one colour: the square, or the hexagon. */
static void queue_cell(Batch *batch, const Camera *cam, BoardPos pos, SDL_Color colour)
{
    if (cam->hex)
        queue_hex(batch, cam, pos, (SDL_Rect){0, 0, 0, 0}, 0, 0, colour);
    else
        batch_rect(batch, squares_rect(cam, pos.x, pos.y, 1, 1), colour);
}

/* A strip t pixels wide along the segment a-b, reaching ext pixels past
 * both ends, its texture running along it. */
static void queue_strip(Batch *batch, SDL_FPoint a, SDL_FPoint b, float t, float ext, SDL_Color c)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0)
        return;
    float ux = dx / len, uy = dy / len, nx = -uy * t / 2, ny = ux * t / 2;
    a.x -= ux * ext, a.y -= uy * ext, b.x += ux * ext, b.y += uy * ext;
    const SDL_FPoint pts[4] = {{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny},
                               {a.x - nx, a.y - ny}};
    static const SDL_FPoint uv[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    batch_poly_uv(batch, pts, uv, 4, c);
}

/* The screen ends of the edge on side dir of hex pos. */
static bool hex_edge_points(const Camera *cam, BoardPos pos, GridDir dir, SDL_FPoint *a,
                            SDL_FPoint *b)
{
    int k0, k1;
    if (!camera_hex_edge(dir, &k0, &k1))
        return false;
    SDL_FPoint pts[6];
    hex_points(cam, pos, pts);
    *a = pts[k0], *b = pts[k1];
    return true;
}

/* The floor, then clip (NULL: none) set for what follows. */
static void draw_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                       const SDL_Rect *clip)
{
    const Board *b = scene_board(s);
    Batch *flat = batch_create();
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            SDL_Color tint;
            int cell = tileset_pick(r->tiles, b, (BoardPos){x, y}, scene_seed(s), &tint);
            if (tint.a == 0)
                continue;
            if (cam->hex) {
                if (cell >= 0)
                    queue_hex(r->batch, cam, (BoardPos){x, y}, tileset_cell_rect(r->tiles, cell),
                              r->atlas_w, r->atlas_h, tint);
                else
                    queue_cell(flat, cam, (BoardPos){x, y}, tint);
                continue;
            }
            SDL_FRect dst = squares_rect(cam, x, y, 1, 1);
            if (cell >= 0) /* whole pixels: camera_screen_x rounds */
                tilescale_add(r->scaled, cell, (SDL_Rect){(int)dst.x, (int)dst.y, (int)dst.w, (int)dst.h},
                              tint);
            else
                batch_rect(flat, dst, tint);
        }
    /* the plan is empty on a hex board, r->batch on a square one */
    tilescale_prepare(r->scaled, r->sdl, r->tiles, r->batch, clip);
    SDL_RenderSetClipRect(r->sdl, clip);
    batch_flush(flat, r->sdl, NULL);
    batch_destroy(flat);
    batch_flush(r->batch, r->sdl, tileset_texture(r->tiles));
    tilescale_draw(r->scaled, r->sdl, r->tiles, r->batch);
}

/* Thin dark lines between walkable squares, like the printed grid of a
 * board. */
static void draw_grid_lines(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    if (cam->scale < GRID_LINE_MIN_SCALE)
        return;
    const Board *b = scene_board(s);
    float w = fmaxf(1.0f, (float)cam->scale / 48.0f);
    SDL_Color line = {0, 0, 0, 46};
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            if (!board_walkable(b, (BoardPos){x, y}))
                continue;
            if (cam->hex) {
                /* three edges a hex, so each edge is drawn once */
                static const GridDir sides[3] = {GRID_DIR_NORTHWEST, GRID_DIR_NORTHEAST,
                                                 GRID_DIR_WEST};
                for (int k = 0; k < 3; k++) {
                    SDL_FPoint a, c;
                    hex_edge_points(cam, (BoardPos){x, y}, sides[k], &a, &c);
                    queue_strip(r->batch, a, c, w, 0, line);
                }
                continue;
            }
            SDL_FRect sq = squares_rect(cam, x, y, 1, 1);
            batch_rect(r->batch, (SDL_FRect){sq.x, sq.y, sq.w, w}, line);
            batch_rect(r->batch, (SDL_FRect){sq.x, sq.y + w, w, sq.h - w}, line);
        }
    batch_flush(r->batch, r->sdl, NULL);
}

static bool pos_in(BoardPos p, BoardPos lo, BoardPos hi, int margin)
{
    return p.x >= lo.x - margin && p.x <= hi.x + margin && p.y >= lo.y - margin &&
           p.y <= hi.y + margin;
}

/* True when the edge shows wall: a wall edge without a visible door. */
static bool wall_shown(const Scene *s, BoardPos pos, GridDir dir)
{
    if (!board_wall(scene_board(s), pos, dir))
        return false;
    const SceneDoor *d = scene_door_at(s, pos, dir);
    return !d || d->state == SCENE_DOOR_SECRET_HIDDEN;
}

/* The strip of an edge, t pixels thick. An end where the wall goes on in
 * a straight line stops at the corner, so a run of strips reads as one
 * wall; any other end (a corner, a T-junction, a door gap, the end of a
 * wall) reaches t/2 past the corner, so walls meeting there overlap into a
 * clean join. */
static SDL_FRect edge_rect(const Scene *s, const Camera *cam, BoardPos pos, GridDir dir, float t)
{
    bool horizontal = dir == GRID_DIR_NORTH || dir == GRID_DIR_SOUTH;
    GridDir back = horizontal ? GRID_DIR_WEST : GRID_DIR_NORTH;
    const Grid *grid = board_grid(scene_board(s));
    float before = wall_shown(s, grid_step(grid, pos, back), dir) ? 0 : t / 2;
    float after = wall_shown(s, grid_step(grid, pos, grid_dir_opposite(back)), dir) ? 0 : t / 2;
    double ex = pos.x + (dir == GRID_DIR_EAST), ey = pos.y + (dir == GRID_DIR_SOUTH);
    float sx = (float)camera_screen_x(cam, ex), sy = (float)camera_screen_y(cam, ey);
    if (horizontal) {
        float x1 = (float)camera_screen_x(cam, ex + 1);
        return (SDL_FRect){sx - before, sy - t / 2, x1 - sx + before + after, t};
    }
    float y1 = (float)camera_screen_y(cam, ey + 1);
    return (SDL_FRect){sx - t / 2, sy - before, t, y1 - sy + before + after};
}

static void queue_wall(Batch *batch, SDL_FRect rect, bool horizontal, SDL_Color colour)
{
    static const SDL_FPoint along_x[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    /* the strip texture turned a quarter clockwise for vertical walls */
    static const SDL_FPoint along_y[4] = {{0, 1}, {0, 0}, {1, 0}, {1, 1}};
    batch_quad_uv(batch, rect, horizontal ? along_x : along_y, colour);
}

/* queue_walls on a hex board: a strip on every shown wall edge of a
 * visible hex, reaching half a thickness past both corners so walls
 * meeting there join. Edges a hex stores are drawn from it, the others
 * from the hex when the one across is off the board or out of view. */
static void queue_hex_walls(Batch *batch, const Scene *s, const Camera *cam, BoardPos lo,
                            BoardPos hi, float t, float off, SDL_Color colour)
{
    const Grid *grid = board_grid(scene_board(s));
    int n;
    const GridDir *edges = grid_edge_dirs(grid, &n);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            for (int k = 0; k < n; k++) {
                BoardPos q = grid_step(grid, p, edges[k]);
                bool own = grid_edge_owned(grid, edges[k]) || !pos_in(q, lo, hi, 0);
                if (!own || !wall_shown(s, p, edges[k]))
                    continue;
                SDL_FPoint a, b;
                hex_edge_points(cam, p, edges[k], &a, &b);
                a.x += off, a.y += off, b.x += off, b.y += off;
                queue_strip(batch, a, b, t, t / 2, colour);
            }
        }
}

/* Calls queue_wall for every shown wall edge touching a visible square,
 * each edge once, offset by (ox, oy) pixels. */
static void queue_walls(Batch *batch, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                        float t, float off, SDL_Color colour)
{
    if (cam->hex) {
        queue_hex_walls(batch, s, cam, lo, hi, t, off, colour);
        return;
    }
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            for (int d = 0; d < 4; d++) {
                GridDir dir = (GridDir)d;
                bool own = dir == GRID_DIR_EAST || dir == GRID_DIR_SOUTH ||
                           (dir == GRID_DIR_WEST && x == lo.x) || (dir == GRID_DIR_NORTH && y == lo.y);
                if (!own || !wall_shown(s, p, dir))
                    continue;
                SDL_FRect rc = edge_rect(s, cam, p, dir, t);
                rc.x += off, rc.y += off;
                queue_wall(batch, rc, dir == GRID_DIR_NORTH || dir == GRID_DIR_SOUTH, colour);
            }
        }
}

static void draw_walls(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    /* even, so strips sit on whole pixels either side of the edge */
    float t = fmaxf(2.0f, 2 * roundf((float)cam->scale * WALL_SHARE / 2));
    SDL_Texture *strip = sprites_get(r->sprites, "board/wall");
    queue_walls(r->batch, s, cam, lo, hi, t, fmaxf(1.0f, roundf(t * 0.35f)), (SDL_Color){0, 0, 0, 110});
    batch_flush(r->batch, r->sdl, NULL);
    queue_walls(r->batch, s, cam, lo, hi, t, 0, strip ? (SDL_Color){255, 255, 255, 255} : WALL_FALLBACK);
    batch_flush(r->batch, r->sdl, strip);
}

/* Draws texture (or a stand-in rectangle) over dst turned by angle
 * degrees clockwise about dst's centre. */
static void draw_sprite(Renderer *r, const char *name, SDL_FRect dst, double angle, SDL_Color fallback)
{
    SDL_Texture *tex = sprites_get(r->sprites, name);
    if (tex) {
        SDL_RenderCopyExF(r->sdl, tex, NULL, &dst, angle, NULL, SDL_FLIP_NONE);
        return;
    }
    if (fmod(angle, 180.0) != 0) {
        /* a quarter turn: the stand-in swaps sides about the centre */
        float cx = dst.x + dst.w / 2, cy = dst.y + dst.h / 2;
        dst = (SDL_FRect){cx - dst.h / 2, cy - dst.w / 2, dst.h, dst.w};
    }
    SDL_SetRenderDrawColor(r->sdl, fallback.r, fallback.g, fallback.b, fallback.a);
    SDL_RenderFillRectF(r->sdl, &dst);
}

static const char *door_sprite(SceneDoorState state)
{
    static const char *const names[SCENE_DOOR_STATE_COUNT] = {"board/door_closed", "board/door_open",
                                                               "board/door_secret", NULL};
    return names[state];
}


/* A padlock centred on (x, y), size pixels tall: a gold body with a
 * keyhole under an iron shackle, outlined dark so it reads on any door. */
static void queue_lock(Batch *batch, float x, float y, float size)
{
    static const SDL_Color DARK = {30, 22, 12, 255}, IRON = {150, 150, 160, 255},
                           GOLD = {222, 180, 60, 255};
    float bw = size * 0.72f, bh = size * 0.5f, t = fmaxf(1.0f, size * 0.13f), o = fmaxf(1.0f, size * 0.07f);
    float bx = x - bw / 2, by = y - size / 2 + size * 0.45f;
    float sw = bw * 0.64f, sx = x - sw / 2, sy = y - size / 2;
    /* the shackle: an upside-down U above the body, outline first */
    SDL_FRect arms[3] = {{sx, sy, t, bh}, {sx + sw - t, sy, t, bh}, {sx, sy, sw, t}};
    for (int k = 0; k < 3; k++)
        batch_rect(batch, (SDL_FRect){arms[k].x - o, arms[k].y - o, arms[k].w + 2 * o, arms[k].h + 2 * o},
                   DARK);
    for (int k = 0; k < 3; k++)
        batch_rect(batch, arms[k], IRON);
    batch_rect(batch, (SDL_FRect){bx - o, by - o, bw + 2 * o, bh + 2 * o}, DARK);
    batch_rect(batch, (SDL_FRect){bx, by, bw, bh}, GOLD);
    batch_rect(batch, (SDL_FRect){x - t / 2, by + bh * 0.25f, t, bh * 0.5f}, DARK);
}

static void draw_doors(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_door_count(s); i++) {
        const SceneDoor *d = scene_door(s, i);
        if (d->state == SCENE_DOOR_SECRET_HIDDEN || !pos_in(d->pos, lo, hi, 1))
            continue;
        /* the door art lies across a horizontal edge, 24/64 of a square deep */
        double cx = d->pos.x + (d->side == GRID_DIR_EAST ? 1.0 : 0.5);
        double cy = d->pos.y + (d->side == GRID_DIR_SOUTH ? 1.0 : 0.5);
        double angle = d->side == GRID_DIR_EAST ? 90 : 0;
        float w = (float)cam->scale, h = (float)cam->scale * 24.0f / 64.0f;
        if (cam->hex) {
            /* across the hex edge: its middle, turned along it */
            double ax, ay, bx, by;
            int k0, k1;
            if (!camera_hex_edge(d->side, &k0, &k1))
                continue;
            camera_hex_corner(cam, d->pos, k0, &ax, &ay);
            camera_hex_corner(cam, d->pos, k1, &bx, &by);
            cx = (ax + bx) / 2, cy = (ay + by) / 2;
            angle = atan2(by - ay, bx - ax) * 57.29577951308232; /* degrees */
            w = (float)(cam->scale * CAMERA_HEX_RADIUS);
        }
        SDL_FRect dst = {(float)camera_screen_x(cam, cx) - w / 2,
                         (float)camera_screen_y(cam, cy) - h / 2, w, h};
        draw_sprite(r, door_sprite(d->state), dst, angle, (SDL_Color){150, 96, 48, 255});
        if (d->locked && d->state == SCENE_DOOR_CLOSED)
            queue_lock(r->batch, dst.x + w / 2, dst.y + h / 2, (float)cam->scale * 0.46f);
    }
    batch_flush(r->batch, r->sdl, NULL);
}

static void draw_marks(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_mark_count(s); i++) {
        const SceneMark *m = scene_mark(s, i);
        if (pos_in(m->pos, lo, hi, 0) && scene_revealed(s, m->pos))
            draw_sprite(r, m->sprite, cell_rect(cam, m->pos), 0, (SDL_Color){90, 80, 70, 255});
    }
}

static bool piece_visible(const ScenePiece *p, BoardPos lo, BoardPos hi)
{
    return p->pos.x <= hi.x && p->pos.y <= hi.y && p->pos.x + p->width > lo.x &&
           p->pos.y + p->height > lo.y;
}

static void draw_furniture(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE || !piece_visible(p, lo, hi))
            continue;
        /* the art is drawn for the unrotated footprint, turned about the
         * centre of the rotated one */
        bool turned = p->rotation == 90 || p->rotation == 270;
        double uw = turned ? p->height : p->width, uh = turned ? p->width : p->height;
        double cx = p->pos.x + p->width / 2.0, cy = p->pos.y + p->height / 2.0;
        if (cam->hex) { /* between the footprint's first and last hexes */
            double ax, ay, bx, by;
            camera_centre(cam, p->pos, &ax, &ay);
            camera_centre(cam, (BoardPos){p->pos.x + p->width - 1, p->pos.y + p->height - 1}, &bx,
                          &by);
            cx = (ax + bx) / 2, cy = (ay + by) / 2;
        }
        float w = (float)(uw * cam->scale), h = (float)(uh * cam->scale);
        SDL_FRect dst = {(float)camera_screen_x(cam, cx) - w / 2, (float)camera_screen_y(cam, cy) - h / 2,
                         w, h};
        draw_sprite(r, p->sprite, dst, p->rotation, OWNER_COLOUR[SCENE_OWNER_NONE]);
    }
}

static void draw_disc(Renderer *r, SDL_FRect dst, SDL_Color c)
{
    SDL_SetTextureColorMod(r->disc, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(r->disc, c.a);
    SDL_RenderCopyF(r->sdl, r->disc, NULL, &dst);
}

static SDL_FRect inset(SDL_FRect rc, float share)
{
    float dx = rc.w * share, dy = rc.h * share;
    return (SDL_FRect){rc.x + dx, rc.y + dy, rc.w - 2 * dx, rc.h - 2 * dy};
}

/* The ring's colour: the piece's own (each hero his), else its owner's. */
static SDL_Color ring_colour(const ScenePiece *p)
{
    if (!p->ring)
        return OWNER_COLOUR[p->owner];
    return (SDL_Color){(Uint8)(p->ring >> 16), (Uint8)(p->ring >> 8), (Uint8)p->ring, 255};
}

/* A named foe's marker: a gold stud on the ring's top right. */
static void draw_marker(Renderer *r, SDL_FRect sq)
{
    float d = fmaxf(6.0f, sq.w * 0.3f);
    SDL_FRect out = {sq.x + sq.w - d * 0.8f, sq.y - d * 0.2f, d, d};
    draw_disc(r, out, (SDL_Color){24, 18, 12, 255});
    draw_disc(r, inset(out, 0.18f), (SDL_Color){250, 206, 72, 255});
}

/* A named foe's name on a plate under its square. */
static void draw_plate(Renderer *r, const ScenePiece *p, SDL_FRect sq)
{
    int w, h;
    text_size(r->text, p->name, &w, &h);
    SDL_FRect plate = {sq.x + sq.w / 2 - w / 2.0f - 4, sq.y + sq.h - h * 0.45f, (float)w + 8, (float)h};
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 24, 18, 12, 225);
    SDL_RenderFillRectF(r->sdl, &plate);
    SDL_SetRenderDrawColor(r->sdl, 150, 40, 32, 255);
    SDL_RenderDrawRectF(r->sdl, &plate);
    text_draw(r->text, p->name, (int)lroundf(plate.x + 4), (int)lroundf(plate.y), (SDL_Color){250, 214, 120, 255});
}

/* A figure: a shadow, a ring in its colour and its round token, centred
 * on board point (x, y), size squares wide, alpha opaque; a named foe's
 * marker. */
static void draw_figure_ex(Renderer *r, const ScenePiece *p, const Camera *cam, double x, double y,
                           double size, Uint8 alpha)
{
    SDL_FRect sq = squares_rect(cam, x - size / 2, y - size / 2, size, size);
    SDL_FRect ring = inset(sq, 0.05f), shadow = ring;
    shadow.x += sq.w * 0.05f, shadow.y += sq.h * 0.07f;
    SDL_Color rc = ring_colour(p);
    rc.a = alpha;
    draw_disc(r, shadow, (SDL_Color){0, 0, 0, (Uint8)(120 * alpha / 255)});
    draw_disc(r, ring, rc);
    SDL_FRect token = inset(sq, 0.11f);
    SDL_Texture *tex = sprites_get(r->sprites, p->sprite);
    if (tex) {
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopyF(r->sdl, tex, NULL, &token);
        SDL_SetTextureAlphaMod(tex, 255);
        if (p->named && alpha == 255)
            draw_marker(r, ring);
        return;
    }
    draw_disc(r, token, (SDL_Color){40, 36, 34, alpha});
    char initial[2] = {p->name[0] ? p->name[0] : '?', '\0'};
    text_batch(r->text, r->batch, initial, token.x + token.w / 2, token.y + token.h / 2,
               token.h * 0.6f, rc);
    batch_flush(r->batch, r->sdl, text_label_texture(r->text));
    if (p->named && alpha == 255)
        draw_marker(r, ring);
}

static void draw_figure_at(Renderer *r, const ScenePiece *p, const Camera *cam, double x, double y)
{
    draw_figure_ex(r, p, cam, x, y, 1.0, 255);
}

void render_figure_faded(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y,
                         double size, Uint8 alpha)
{
    if (cam->scale >= RENDER_FAR_SCALE)
        draw_figure_ex(renderer, piece, cam, x, y, size, alpha);
}

static void draw_figure(Renderer *r, const ScenePiece *p, const Camera *cam)
{
    double cx, cy;
    camera_centre(cam, p->pos, &cx, &cy);
    draw_figure_at(r, p, cam, cx, cy);
}

void render_figure_at(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y)
{
    if (cam->scale < RENDER_FAR_SCALE) {
        SDL_FRect sq = squares_rect(cam, x - 0.5, y - 0.5, 1, 1);
        float grow = fmaxf(0, 4 - sq.w) / 2;
        draw_disc(renderer, (SDL_FRect){sq.x - grow, sq.y - grow, sq.w + 2 * grow, sq.h + 2 * grow},
                  ring_colour(piece));
        return;
    }
    draw_figure_at(renderer, piece, cam, x, y);
    if (piece->named && cam->scale >= RENDER_LABEL_MIN_SCALE)
        draw_plate(renderer, piece, squares_rect(cam, x - 0.5, y - 0.5, 1, 1));
}

/* Figures on squares lo..hi, then the name plates of those on
 * plate_lo..plate_hi (a plate reaches beyond its square). */
static void draw_figures(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                         BoardPos plate_lo, BoardPos plate_hi)
{
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE && piece_visible(p, lo, hi))
            draw_figure(r, p, cam);
    }
    /* the plates over every figure, so none hides one */
    if (cam->scale < RENDER_LABEL_MIN_SCALE)
        return;
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->named && piece_visible(p, plate_lo, plate_hi) && scene_revealed(s, p->pos))
            draw_plate(r, p, cell_rect(cam, p->pos));
    }
}

/* Wall strips are centred on their edge, so the board's outline walls
 * stick out of it by half a strip and their shadow: a fogged square on
 * the outline is dimmed that much further out, or its outer wall would
 * stay bright while every inner wall is dimmed. */
static SDL_FRect fog_rect(const Scene *s, const Camera *cam, BoardPos p)
{
    SDL_FRect rc = squares_rect(cam, p.x, p.y, 1, 1);
    const Board *b = scene_board(s);
    float t = fmaxf(2.0f, 2 * roundf((float)cam->scale * WALL_SHARE / 2));
    float out = t / 2 + fmaxf(1.0f, roundf(t * 0.35f)) + 1;
    if (p.x == 0)
        rc.x -= out, rc.w += out;
    if (p.y == 0)
        rc.y -= out, rc.h += out;
    if (p.x == board_width(b) - 1)
        rc.w += out;
    if (p.y == board_height(b) - 1)
        rc.h += out;
    return rc;
}

static void draw_fog(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    static const SDL_Color FOG = {8, 6, 6, 235};
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            if (scene_revealed(s, p))
                continue;
            if (cam->hex)
                queue_cell(r->batch, cam, p, FOG);
            else
                batch_rect(r->batch, fog_rect(s, cam, p), FOG);
        }
    batch_flush(r->batch, r->sdl, NULL);
}

static void outline(Batch *batch, SDL_FRect rc, float w, SDL_Color c)
{
    batch_rect(batch, (SDL_FRect){rc.x, rc.y, rc.w, w}, c);
    batch_rect(batch, (SDL_FRect){rc.x, rc.y + rc.h - w, rc.w, w}, c);
    batch_rect(batch, (SDL_FRect){rc.x, rc.y + w, w, rc.h - 2 * w}, c);
    batch_rect(batch, (SDL_FRect){rc.x + rc.w - w, rc.y + w, w, rc.h - 2 * w}, c);
}

static void draw_highlights(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    const Board *b = scene_board(s);
    float w = fmaxf(2.0f, (float)cam->scale / 20.0f);
    if (cam->hex) {
        SDL_FPoint pts[6];
        if (view->has_hover && board_contains(b, view->hover)) {
            queue_cell(r->batch, cam, view->hover, (SDL_Color){255, 255, 255, 36});
            hex_points(cam, view->hover, pts);
            for (int k = 0; k < 6; k++)
                queue_strip(r->batch, pts[k], pts[(k + 1) % 6], w, w / 2,
                            (SDL_Color){255, 255, 255, 170});
        }
        if (view->has_selection && board_contains(b, view->selected)) {
            hex_points(cam, view->selected, pts);
            for (int k = 0; k < 6; k++)
                queue_strip(r->batch, pts[k], pts[(k + 1) % 6], w * 1.5f, w * 0.75f,
                            (SDL_Color){255, 208, 64, 255});
        }
        batch_flush(r->batch, r->sdl, NULL);
        return;
    }
    if (view->has_hover && board_contains(b, view->hover)) {
        SDL_FRect rc = squares_rect(cam, view->hover.x, view->hover.y, 1, 1);
        batch_rect(r->batch, rc, (SDL_Color){255, 255, 255, 36});
        outline(r->batch, rc, w, (SDL_Color){255, 255, 255, 170});
    }
    if (view->has_selection && board_contains(b, view->selected))
        outline(r->batch, squares_rect(cam, view->selected.x, view->selected.y, 1, 1), w * 1.5f,
                (SDL_Color){255, 208, 64, 255});
    batch_flush(r->batch, r->sdl, NULL);
}

/* The squares draw_range draws: lo..hi, and the plates of the figures
 * on plate_lo..plate_hi. clip, when not NULL, bounds the floor, its grid
 * and the fog, the layers that cover whole squares: they are copied and
 * filled pixel for pixel (tilescale.c), so clipping leaves every pixel
 * inside as it was. sprite_clip bounds the sprites between them, which
 * are stretched, so that clipping them shifts their texels: a cache
 * draws them whole (NULL). */
typedef struct DrawRange {
    BoardPos lo, hi, plate_lo, plate_hi;
    const SDL_Rect *clip, *sprite_clip;
} DrawRange;

/* The board drawn square by square, for close and middle zoom: all but
 * the highlights. */
static void draw_range(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view,
                       DrawRange range)
{
    BoardPos lo = range.lo, hi = range.hi;
    draw_floor(r, s, cam, lo, hi, range.clip);
    draw_grid_lines(r, s, cam, lo, hi);
    SDL_RenderSetClipRect(r->sdl, range.sprite_clip);
    draw_marks(r, s, cam, lo, hi);
    draw_furniture(r, s, cam, lo, hi);
    draw_walls(r, s, cam, lo, hi);
    draw_doors(r, s, cam, lo, hi);
    draw_figures(r, s, cam, lo, hi, range.plate_lo, range.plate_hi);
    SDL_RenderSetClipRect(r->sdl, range.clip);
    if (scene_has_fog(s) && !view->reveal)
        draw_fog(r, s, cam, lo, hi);
    SDL_RenderSetClipRect(r->sdl, NULL);
    if (view->debug)
        overlay_draw(r->sdl, r->text, r->batch, s, cam, view->label, lo, hi);
}

/* Every square cam shows. */
static void draw_near(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    BoardPos lo, hi;
    if (camera_visible(cam, &lo, &hi))
        draw_range(r, s, cam, view, (DrawRange){lo, hi, lo, hi, NULL, NULL});
}

/* True when the cache shows what the view would at its own zoom. */
static bool cache_same_picture(const LayerCache *c, const Scene *s, const RenderView *view)
{
    return c->valid && c->scene == s && c->version == scene_version(s) && c->debug == view->debug &&
           c->label == view->label && c->reveal == view->reveal;
}

/* True when the view lies inside the cache's drawn part at zoom scale. */
static bool cache_covers(const LayerCache *c, const Camera *cam, double scale)
{
    double right = cam->x + cam->view_w / cam->scale, bottom = cam->y + cam->view_h / cam->scale;
    double x0 = c->x + c->off_x / scale, y0 = c->y + c->off_y / scale;
    return cam->x >= x0 && cam->y >= y0 && right <= x0 + c->w / scale && bottom <= y0 + c->h / scale;
}

static bool cache_fits(const LayerCache *c, const Scene *s, const Camera *cam, const RenderView *view)
{
    return cache_same_picture(c, s, view) && c->scale == cam->scale && cache_covers(c, cam, c->scale);
}

/* A texture of at least w x h for the cache. */
static bool cache_texture(Renderer *r, int w, int h)
{
    LayerCache *c = &r->cache;
    if (c->texture && c->tex_w >= w && c->tex_h >= h)
        return true;
    if (c->texture)
        SDL_DestroyTexture(c->texture);
    c->valid = false;
    c->texture = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!c->texture)
        return false;
    /* filled with the opaque background: copied, not blended */
    SDL_SetTextureBlendMode(c->texture, SDL_BLENDMODE_NONE);
    c->tex_w = w, c->tex_h = h;
    return true;
}

/* The squares a cache drawn for the full margin around the view would
 * show (their plates reach far), and of them those near enough the part
 * margin pixels around the view to reach into it: a wall strip, its
 * shadow and a figure's marker stick out of their square by less than a
 * quarter square (and a door is looked for one square further). */
static bool cache_range(const Camera *wide, const Camera *cam, int margin, DrawRange *range)
{
    if (!camera_visible(wide, &range->plate_lo, &range->plate_hi))
        return false;
    int reach = margin + (int)ceil(cam->scale / 4) + 4;
    Camera part = *cam;
    part.x = cam->x - reach / cam->scale, part.y = cam->y - reach / cam->scale;
    part.view_w = cam->view_w + 2 * reach, part.view_h = cam->view_h + 2 * reach;
    BoardPos lo, hi;
    if (!camera_visible(&part, &lo, &hi))
        return false;
    range->lo = (BoardPos){SDL_max(lo.x, range->plate_lo.x), SDL_max(lo.y, range->plate_lo.y)};
    range->hi = (BoardPos){SDL_min(hi.x, range->plate_hi.x), SDL_min(hi.y, range->plate_hi.y)};
    return true;
}

/* Redraws the cache around the view, margin pixels beyond each side, at
 * the same place in the texture and in the same order as with the full
 * margin: every square, wall and plate that reaches the part drawn is
 * drawn, so its pixels are those of a full redraw. Returns false when
 * the renderer cannot draw into textures. */
static bool cache_fill(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view, int margin)
{
    LayerCache *c = &r->cache;
    Camera at = *cam;
    at.x = cam->x - CACHE_MARGIN / cam->scale;
    at.y = cam->y - CACHE_MARGIN / cam->scale;
    at.view_w = cam->view_w + 2 * CACHE_MARGIN, at.view_h = cam->view_h + 2 * CACHE_MARGIN;
    if (!cache_texture(r, at.view_w, at.view_h) || SDL_SetRenderTarget(r->sdl, c->texture) != 0)
        return false;
    int off = CACHE_MARGIN - margin, w = cam->view_w + 2 * margin, h = cam->view_h + 2 * margin;
    /* only the part drawn: the rest of the texture is never shown */
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    SDL_RenderFillRect(r->sdl, &(SDL_Rect){off, off, w, h});
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_Rect part = {off, off, w, h};
    DrawRange range;
    range.clip = &part, range.sprite_clip = NULL;
    if (cache_range(&at, cam, margin, &range))
        draw_range(r, s, &at, view, range);
    SDL_SetRenderTarget(r->sdl, NULL);
    c->off_x = c->off_y = off, c->w = w, c->h = h, c->valid = true, c->wide = margin >= CACHE_MARGIN;
    if (c->wide)
        r->wide_fills++;
    else
        r->quick_fills++;
    c->scale = cam->scale, c->x = at.x, c->y = at.y, c->view = *cam;
    c->scene = s, c->version = scene_version(s);
    c->debug = view->debug, c->reveal = view->reveal, c->label = view->label;
    return true;
}

/* Draws the squares under the screen rectangle strip directly, clipped
 * to it (the part of a zoom step's frame the last cache does not reach). */
static void draw_strip(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view, SDL_Rect strip)
{
    if (strip.w <= 0 || strip.h <= 0)
        return;
    Camera sc = *cam;
    sc.x = cam->x + strip.x / cam->scale, sc.y = cam->y + strip.y / cam->scale;
    sc.view_w = strip.w, sc.view_h = strip.h;
    DrawRange range = {.clip = &strip, .sprite_clip = &strip};
    if (!camera_visible(&sc, &range.lo, &range.hi) ||
        !camera_visible(cam, &range.plate_lo, &range.plate_hi))
        return;
    /* a square further, for the walls and markers reaching into it */
    range.lo = (BoardPos){SDL_max(range.lo.x - 1, 0), SDL_max(range.lo.y - 1, 0)};
    range.hi = (BoardPos){SDL_min(range.hi.x + 1, cam->board_w - 1), SDL_min(range.hi.y + 1, cam->board_h - 1)};
    draw_range(r, s, cam, view, range);
}

/* The frame of a zoom step: the cache of the last zoom stretched to the
 * new one, when it shows the same picture; the strips of the view it does
 * not cover (zooming out of a cache drawn with the narrow margin) are
 * drawn directly. The next frame at a steady zoom redraws it sharp
 * (cache_fill). */
static bool draw_stretched(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    const LayerCache *c = &r->cache;
    if (!cache_same_picture(c, s, view))
        return false;
    /* only the part in view: SDL's software renderer would stretch the
     * whole cache into a scratch picture first */
    double k = cam->scale / c->scale, ox = (c->x - cam->x) * cam->scale, oy = (c->y - cam->y) * cam->scale;
    int x0 = (int)floor(-ox / k), y0 = (int)floor(-oy / k);
    int x1 = x0 + (int)ceil(cam->view_w / k) + 1, y1 = y0 + (int)ceil(cam->view_h / k) + 1;
    x0 = SDL_max(x0, c->off_x), y0 = SDL_max(y0, c->off_y);
    x1 = SDL_min(x1, c->off_x + c->w), y1 = SDL_min(y1, c->off_y + c->h);
    /* less than half the view left: drawing it directly costs as much */
    if ((double)(x1 - x0) * (y1 - y0) * k * k < 0.5 * cam->view_w * cam->view_h)
        return false;
    SDL_Rect src = {x0, y0, x1 - x0, y1 - y0};
    SDL_Rect dst = {(int)lround(ox + src.x * k), (int)lround(oy + src.y * k), (int)lround(src.w * k),
                    (int)lround(src.h * k)};
    if (SDL_RenderCopy(r->sdl, c->texture, &src, &dst) != 0)
        return false;
    int w = cam->view_w, h = cam->view_h, top = SDL_max(dst.y, 0), bottom = SDL_min(dst.y + dst.h, h);
    draw_strip(r, s, cam, view, (SDL_Rect){0, 0, w, top});
    draw_strip(r, s, cam, view, (SDL_Rect){0, bottom, w, h - bottom});
    draw_strip(r, s, cam, view, (SDL_Rect){0, top, dst.x, bottom - top});
    draw_strip(r, s, cam, view, (SDL_Rect){dst.x + dst.w, top, w - dst.x - dst.w, bottom - top});
    return true;
}

/* Draws the cache again when the view left it or changed, narrow unless
 * the view only panned at the same zoom; widens a narrow cache once the
 * view has settled. Returns false when the cache cannot be used. */
static bool cache_update(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    LayerCache *c = &r->cache;
    if (cache_fits(c, s, cam, view)) {
        /* around the same camera as the narrow part (the view may have
         * moved a little since), so every square keeps its place in the
         * texture: SDL's triangles round by their position there */
        if (!c->wide && ++r->settled >= CACHE_SETTLE_FRAMES) {
            Camera around = c->view;
            cache_fill(r, s, &around, view, CACHE_MARGIN);
        }
        return true;
    }
    bool pan = cache_same_picture(c, s, view) && c->scale == cam->scale;
    r->settled = 0;
    return cache_fill(r, s, cam, view, pan ? CACHE_MARGIN : CACHE_MARGIN_QUICK);
}

static void draw_cached(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    /* While the zoom changes from frame to frame, a cache (twice the view)
     * would be thrown away at once: stretch the last one, else draw the
     * view directly. The first frame is no zoom step: it fills the cache
     * at once rather than drawing the board twice (directly, then into the
     * cache on the next frame). */
    bool zooming = r->last_scale != 0 && cam->scale != r->last_scale;
    r->last_scale = cam->scale;
    if (zooming && !cache_fits(&r->cache, s, cam, view) && draw_stretched(r, s, cam, view)) {
        SDL_RenderSetClipRect(r->sdl, NULL);
        return;
    }
    if (zooming ? !cache_fits(&r->cache, s, cam, view) : !cache_update(r, s, cam, view)) {
        r->cache.valid = false;
        draw_near(r, s, cam, view);
        return;
    }
    const LayerCache *c = &r->cache;
    SDL_Rect src = {c->off_x, c->off_y, c->w, c->h};
    SDL_Rect dst = {(int)lround((c->x - cam->x) * cam->scale) + c->off_x,
                    (int)lround((c->y - cam->y) * cam->scale) + c->off_y, c->w, c->h};
    SDL_RenderCopy(r->sdl, c->texture, &src, &dst);
}

static void draw_far(Renderer *r, const Scene *s, const Camera *cam)
{
    if (!r->far || r->far_board != scene_board(s) || r->far_seed != scene_seed(s)) {
        farmap_destroy(r->far);
        r->far = farmap_create(r->sdl, r->tiles, scene_board(s), scene_seed(s));
        r->far_board = scene_board(s);
        r->far_seed = scene_seed(s);
    }
    if (r->far)
        farmap_draw(r->far, r->sdl,
                    squares_rect(cam, 0, 0, camera_extent_w(cam), camera_extent_h(cam)));
    /* figures stay findable as dots of their owner's colour */
    BoardPos lo, hi;
    if (!camera_visible(cam, &lo, &hi))
        return;
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE && piece_visible(p, lo, hi) && scene_revealed(s, p->pos)) {
            SDL_FRect sq = cell_rect(cam, p->pos);
            float grow = fmaxf(0, 4 - sq.w) / 2; /* at least 4 pixels wide */
            draw_disc(r, (SDL_FRect){sq.x - grow, sq.y - grow, sq.w + 2 * grow, sq.h + 2 * grow},
                      ring_colour(p));
        }
    }
}

/* The art of the scene's mission: its own tiles and sprites before the
 * bundled ones (docs/tiles.md), reloaded only when the folder changes. */
static void use_art(Renderer *r, const char *art_dir)
{
    if ((!art_dir && !r->art_dir) || (art_dir && r->art_dir && strcmp(art_dir, r->art_dir) == 0))
        return;
    char own_tiles[4096], own_sprites[4096], err[512];
    snprintf(own_tiles, sizeof own_tiles, "%s/tiles", art_dir ? art_dir : "");
    snprintf(own_sprites, sizeof own_sprites, "%s/sprites", art_dir ? art_dir : "");
    Tileset *t = tileset_load_own(r->sdl, art_dir ? own_tiles : NULL, r->tiles_dir, err, sizeof err);
    if (t) {
        tileset_destroy(r->tiles);
        r->tiles = t;
        r->atlas_w = r->atlas_h = 0;
        if (tileset_texture(t))
            SDL_QueryTexture(tileset_texture(t), NULL, NULL, &r->atlas_w, &r->atlas_h);
        tilescale_destroy(r->scaled);
        r->scaled = tilescale_create();
        farmap_destroy(r->far);
        r->far = NULL;
    } else {
        fprintf(stderr, "questboard: %s (the mission's own tiles are left out)\n", err);
    }
    sprites_set_own(r->sprites, art_dir ? own_sprites : NULL);
    r->cache.valid = false;
    free(r->art_dir);
    r->art_dir = art_dir ? xstrdup(art_dir) : NULL;
}

void render_board(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    Renderer *r = renderer;
    use_art(r, scene_art_dir(scene));
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    SDL_RenderClear(r->sdl);
    BoardPos lo, hi;
    if (camera_visible(cam, &lo, &hi)) {
        if (cam->scale < RENDER_FAR_SCALE) {
            draw_far(r, scene, cam);
            if (view->debug)
                overlay_draw(r->sdl, r->text, r->batch, scene, cam, view->label, lo, hi);
        } else {
            draw_cached(r, scene, cam, view);
        }
        draw_highlights(r, scene, cam, view);
        if (view->debug)
            overlay_draw_hover(r->sdl, r->text, r->batch, scene, cam, view);
    }
}

void render_ui(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    ui_draw(renderer->sdl, renderer->text, scene, cam, view);
}

void render_frame(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    render_board(renderer, scene, cam, view);
    render_ui(renderer, scene, cam, view);
}

/* The layer is as large as the output, so what draws into it keeps its
 * screen coordinates; only the rectangles asked for are copied out. */
static bool ui_layer_ready(Renderer *r)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r->sdl, &w, &h) != 0 || SDL_GetRenderTarget(r->sdl))
        return false;
    if (r->ui_layer && r->ui_w == w && r->ui_h == h)
        return true;
    if (r->ui_layer)
        SDL_DestroyTexture(r->ui_layer);
    r->ui_key = 0;
    r->ui_layer = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!r->ui_layer)
        return false;
    /* the parts kept are opaque: copied, not blended */
    SDL_SetTextureBlendMode(r->ui_layer, SDL_BLENDMODE_NONE);
    r->ui_w = w, r->ui_h = h;
    return true;
}

void render_ui_layer(Renderer *r, uint64_t key, const SDL_Rect *rects, int count,
                     void (*draw)(Renderer *r, void *ctx), void *ctx)
{
    if (key == 0 || !ui_layer_ready(r)) {
        r->ui_key = 0;
        draw(r, ctx);
        return;
    }
    if (key != r->ui_key) {
        if (SDL_SetRenderTarget(r->sdl, r->ui_layer) != 0) {
            r->ui_key = 0;
            draw(r, ctx);
            return;
        }
        draw(r, ctx);
        SDL_SetRenderTarget(r->sdl, NULL);
        r->ui_key = key;
    }
    for (int i = 0; i < count; i++)
        if (rects[i].w > 0 && rects[i].h > 0)
            SDL_RenderCopy(r->sdl, r->ui_layer, &rects[i], &rects[i]);
}

void render_ui_layer_forget(Renderer *r)
{
    r->ui_key = 0;
}

void render_cache_counts(const Renderer *renderer, int *quick, int *wide)
{
    *quick = renderer->quick_fills;
    *wide = renderer->wide_fills;
}

SDL_Renderer *render_sdl(Renderer *renderer)
{
    return renderer->sdl;
}

Text *render_text(Renderer *renderer)
{
    return renderer->text;
}

SDL_Texture *render_sprite(Renderer *renderer, const char *name)
{
    return sprites_get(renderer->sprites, name);
}

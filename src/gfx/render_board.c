#include "render_internal.h"

#include <math.h>

#define GRID_LINE_MIN_SCALE 12.0
/* a hex door's depth across its edge, as a share of a hex's width */
#define HEX_DOOR_DEPTH 0.42f

static const SDL_Color WALL_FALLBACK = {72, 62, 54, 255};

/* Adds the floor's tiled squares of a square board to r->scaled's plan;
 * the squares of no tile go to flat when it is not NULL. */
static void plan_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi, Batch *flat)
{
    const Board *b = scene_board(s);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            SDL_Color tint;
            int cell = tileset_pick(r->tiles, b, (BoardPos){x, y}, scene_seed(s), &tint);
            if (tint.a == 0)
                continue;
            if (cam->hex) {
                if (cell >= 0)
                    render_queue_hex(r->batch, cam, (BoardPos){x, y}, tileset_cell_rect(r->tiles, cell),
                              r->atlas_w, r->atlas_h, tint);
                else if (flat)
                    render_queue_cell(flat, cam, (BoardPos){x, y}, tint);
                continue;
            }
            SDL_FRect dst = render_squares_rect(cam, x, y, 1, 1);
            if (cell >= 0) /* whole pixels: camera_screen_x rounds */
                tilescale_add(r->scaled, cell, (SDL_Rect){(int)dst.x, (int)dst.y, (int)dst.w, (int)dst.h},
                              tint);
            else if (flat)
                batch_rect(flat, dst, tint);
        }
}

/* The floor, then clip (NULL: none) set for what follows. */
void render_draw_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                       const SDL_Rect *clip)
{
    Batch *flat = batch_create();
    plan_floor(r, s, cam, lo, hi, flat);
    /* the plan is empty on a hex board, r->batch on a square one */
    tilescale_prepare(r->scaled, r->sdl, r->tiles, r->batch, clip);
    SDL_RenderSetClipRect(r->sdl, clip);
    batch_flush(flat, r->sdl, NULL);
    batch_destroy(flat);
    batch_flush(r->batch, r->sdl, tileset_texture(r->tiles));
    tilescale_draw(r->scaled, r->sdl, r->tiles, r->batch);
}

void render_warm_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    if (cam->hex)
        return;
    plan_floor(r, s, cam, lo, hi, NULL);
    tilescale_warm(r->scaled, r->sdl, r->tiles, r->batch);
}

/* Thin dark lines between walkable squares, like the printed grid of a
 * board. */
void render_draw_grid_lines(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
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
                    render_hex_edge_points(cam, (BoardPos){x, y}, sides[k], &a, &c);
                    render_queue_strip(r->batch, a, c, w, 0, line);
                }
                continue;
            }
            SDL_FRect sq = render_squares_rect(cam, x, y, 1, 1);
            batch_rect(r->batch, (SDL_FRect){sq.x, sq.y, sq.w, w}, line);
            batch_rect(r->batch, (SDL_FRect){sq.x, sq.y + w, w, sq.h - w}, line);
        }
    batch_flush(r->batch, r->sdl, NULL);
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
                bool own = grid_edge_owned(grid, edges[k]) || !render_pos_in(q, lo, hi, 0);
                if (!own || !wall_shown(s, p, edges[k]))
                    continue;
                SDL_FPoint a, b;
                render_hex_edge_points(cam, p, edges[k], &a, &b);
                a.x += off, a.y += off, b.x += off, b.y += off;
                render_queue_strip(batch, a, b, t, t / 2, colour);
            }
        }
}

/* Calls visit with the strip (edge_rect, t thick) of every shown wall
 * edge touching a visible square of a square board, each edge once: a
 * square's east and south edges, and its west and north ones on the
 * first column and row in view. */
typedef void (*WallVisit)(void *ctx, SDL_FRect strip, bool horizontal);

static void each_wall(const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi, float t, WallVisit visit,
                      void *ctx)
{
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            for (int d = 0; d < 4; d++) {
                GridDir dir = (GridDir)d;
                bool own = dir == GRID_DIR_EAST || dir == GRID_DIR_SOUTH ||
                           (dir == GRID_DIR_WEST && x == lo.x) || (dir == GRID_DIR_NORTH && y == lo.y);
                if (own && wall_shown(s, p, dir))
                    visit(ctx, edge_rect(s, cam, p, dir, t), dir == GRID_DIR_NORTH || dir == GRID_DIR_SOUTH);
            }
        }
}

typedef struct WallQueue {
    Batch *batch;
    float off;
    SDL_Color colour;
} WallQueue;

static void queue_visit(void *ctx, SDL_FRect rc, bool horizontal)
{
    const WallQueue *q = ctx;
    rc.x += q->off, rc.y += q->off;
    queue_wall(q->batch, rc, horizontal, q->colour);
}

/* Calls queue_wall for every shown wall edge touching a visible square,
 * each edge once, offset by off pixels right and down. */
static void queue_walls(Batch *batch, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                        float t, float off, SDL_Color colour)
{
    if (cam->hex) {
        queue_hex_walls(batch, s, cam, lo, hi, t, off, colour);
        return;
    }
    WallQueue q = {batch, off, colour};
    each_wall(s, cam, lo, hi, t, queue_visit, &q);
}

typedef struct ShadowRects {
    Renderer *r;
    float off;
    int n;
} ShadowRects;

static void shadow_visit(void *ctx, SDL_FRect rc, bool horizontal)
{
    (void)horizontal;
    ShadowRects *sh = ctx;
    render_reserve_rects(sh->r, sh->n + 1);
    sh->r->rects[sh->n++] =
        (SDL_Rect){(int)(rc.x + sh->off), (int)(rc.y + sh->off), (int)rc.w, (int)rc.h};
}

/* The shadows of the walls of a square board: queue_walls' strips offset
 * by off, as whole-pixel rectangles in r->rects; their count. */
static int shadow_rects(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi, float t,
                        float off)
{
    ShadowRects sh = {r, off, 0};
    each_wall(s, cam, lo, hi, t, shadow_visit, &sh);
    return sh.n;
}

void render_draw_walls(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    /* even, so strips sit on whole pixels either side of the edge */
    float t = fmaxf(2.0f, 2 * roundf((float)cam->scale * WALL_SHARE / 2));
    SDL_Texture *strip = sprites_get(r->sprites, "board/wall");
    float off = fmaxf(1.0f, roundf(t * 0.35f));
    if (cam->hex) {
        queue_walls(r->batch, s, cam, lo, hi, t, off, (SDL_Color){0, 0, 0, 110});
        batch_flush(r->batch, r->sdl, NULL);
    } else {
        /* blended fills (their pixels are SDL's): in memory on the
         * software renderer, where SDL blends them a pixel at a time (up to
         * 2.5 ms of a redraw at close zoom) */
        static const SDL_Color SHADOW = {0, 0, 0, 110};
        int n = shadow_rects(r, s, cam, lo, hi, t, off);
        if (n > 0 && !render_blend_rects(r, n, SHADOW)) {
            SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
            SDL_SetRenderDrawColor(r->sdl, SHADOW.r, SHADOW.g, SHADOW.b, SHADOW.a);
            SDL_RenderFillRects(r->sdl, r->rects, n);
        }
    }
    queue_walls(r->batch, s, cam, lo, hi, t, 0, strip ? (SDL_Color){255, 255, 255, 255} : WALL_FALLBACK);
    batch_flush(r->batch, r->sdl, strip);
}

/* Draws texture (or a stand-in rectangle) over dst turned by angle
 * degrees clockwise about dst's centre. */
void render_draw_sprite(Renderer *r, const char *name, SDL_FRect dst, double angle, SDL_Color fallback)
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

/* Stand-ins when the art has no door sprite: wood, and a found secret
 * door in stone, so the states read apart as the art's do. */
static SDL_Color door_fallback(SceneDoorState state)
{
    return state == SCENE_DOOR_SECRET_FOUND ? (SDL_Color){128, 124, 116, 255}
                                            : (SDL_Color){150, 96, 48, 255};
}

static const SDL_Color DOOR_RIM = {30, 22, 12, 255}, HEX_DOOR_POST = {128, 124, 116, 255};

/* A strip from a to b, t thick and reaching ext past both ends, on a dark
 * rim rim pixels wide. */
static void queue_rimmed(Renderer *r, SDL_FPoint a, SDL_FPoint b, float t, float ext, float rim,
                         SDL_Color fill, SDL_Texture *tex)
{
    render_queue_strip(r->batch, a, b, t + 2 * rim, ext + rim, DOOR_RIM);
    batch_flush(r->batch, r->sdl, NULL);
    render_queue_strip(r->batch, a, b, t, ext, fill);
    batch_flush(r->batch, r->sdl, tex);
}

/* A door on a hex board. A hex edge is little more than half a hex long,
 * so the art fitted to it alone read as a speck against the walls (issue
 * 25 item 10): the door spans the edge and the walls' joints at its ends,
 * as deep as on a square board, on a dark rim that parts it from wall
 * and floor. An open door is its frame with the leaf swung back into its
 * hex, square to the edge, as plans draw one, between stone posts. */
static void draw_hex_door(Renderer *r, const Camera *cam, const SceneDoor *d)
{
    SDL_FPoint a, b;
    if (!render_hex_edge_points(cam, d->pos, d->side, &a, &b))
        return;
    float wall = fmaxf(2.0f, 2 * roundf((float)cam->scale * WALL_SHARE / 2));
    float depth = fmaxf(2 * wall, (float)cam->scale * HEX_DOOR_DEPTH);
    float rim = fmaxf(1.0f, roundf(depth * 0.1f));
    if (d->state != SCENE_DOOR_OPEN) {
        SDL_Texture *tex = sprites_get(r->sprites, door_sprite(d->state));
        SDL_Color fill = tex ? (SDL_Color){255, 255, 255, 255} : door_fallback(d->state);
        queue_rimmed(r, a, b, depth, wall / 2, rim, fill, tex);
        return;
    }
    /* the frame's two posts at the edge's ends (the open art's posts and
     * sill, fitted to so short an edge, read as two hairlines) */
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0)
        return;
    float post = wall * 0.25f;
    SDL_FPoint ia = {a.x + dx / len * post, a.y + dy / len * post};
    SDL_FPoint ib = {b.x - dx / len * post, b.y - dy / len * post};
    queue_rimmed(r, a, ia, depth * 0.8f, wall / 2, rim, HEX_DOOR_POST, NULL);
    queue_rimmed(r, ib, b, depth * 0.8f, wall / 2, rim, HEX_DOOR_POST, NULL);
    /* the leaf, hinged at the first corner, turned into the door's hex */
    double cx, cy;
    camera_centre(cam, d->pos, &cx, &cy);
    SDL_FPoint c = {(float)camera_screen_x(cam, cx), (float)camera_screen_y(cam, cy)};
    float nx = -dy / len, ny = dx / len;
    if ((c.x - a.x) * nx + (c.y - a.y) * ny < 0)
        nx = -nx, ny = -ny;
    float leaf_w = fmaxf(2.0f, depth * 0.4f), in = wall / 2 + leaf_w / 2;
    SDL_FPoint h0 = {a.x + dx / len * in + nx * wall / 2, a.y + dy / len * in + ny * wall / 2};
    SDL_FPoint h1 = {h0.x + nx * len * 0.8f, h0.y + ny * len * 0.8f};
    queue_rimmed(r, h0, h1, leaf_w, 0, rim, door_fallback(SCENE_DOOR_CLOSED), NULL);
}

void render_draw_doors(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_door_count(s); i++) {
        const SceneDoor *d = scene_door(s, i);
        if (d->state == SCENE_DOOR_SECRET_HIDDEN || !render_pos_in(d->pos, lo, hi, 1))
            continue;
        if (cam->hex) {
            draw_hex_door(r, cam, d);
            if (d->locked && d->state == SCENE_DOOR_CLOSED) {
                SDL_FPoint a, b;
                render_hex_edge_points(cam, d->pos, d->side, &a, &b);
                queue_lock(r->batch, (a.x + b.x) / 2, (a.y + b.y) / 2, (float)cam->scale * 0.46f);
            }
            continue;
        }
        /* the door art lies across a horizontal edge, 24/64 of a square deep */
        double cx = d->pos.x + (d->side == GRID_DIR_EAST ? 1.0 : 0.5);
        double cy = d->pos.y + (d->side == GRID_DIR_SOUTH ? 1.0 : 0.5);
        double angle = d->side == GRID_DIR_EAST ? 90 : 0;
        float w = (float)cam->scale, h = (float)cam->scale * 24.0f / 64.0f;
        SDL_FRect dst = {(float)camera_screen_x(cam, cx) - w / 2,
                         (float)camera_screen_y(cam, cy) - h / 2, w, h};
        render_draw_sprite(r, door_sprite(d->state), dst, angle, door_fallback(d->state));
        if (d->locked && d->state == SCENE_DOOR_CLOSED)
            queue_lock(r->batch, dst.x + w / 2, dst.y + h / 2, (float)cam->scale * 0.46f);
    }
    batch_flush(r->batch, r->sdl, NULL);
}

void render_draw_marks(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_mark_count(s); i++) {
        const SceneMark *m = scene_mark(s, i);
        if (render_pos_in(m->pos, lo, hi, 0) && scene_revealed(s, m->pos))
            render_draw_sprite(r, m->sprite, render_cell_rect(cam, m->pos), 0, (SDL_Color){90, 80, 70, 255});
    }
}

/* The renderer's inside, shared by its files (not for other modules).
 *
 * render.c          render_create/destroy, a frame's order, the far-zoom
 *                   picture, the interface layer
 * render_geom.c     screen boxes of squares and hexes, batched cells, strips
 * render_board.c    the board's fixed parts: floor, grid lines, walls,
 *                   doors, marks
 * render_pieces.c   furniture, figures, their rings, markers and plates
 * render_overlays.c the fog and the hover and selection highlights
 * render_cache.c    the board's picture kept between frames (panning
 *                   copies it, a zoom step stretches it)
 */
#pragma once

#include "render.h"

#include "batch.h"
#include "farmap.h"
#include "sprites.h"
#include "tileset.h"
#include "tilescale.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#define WALL_SHARE 0.18f /* wall thickness as a share of a square */

static const SDL_Color BACKGROUND = {28, 24, 22, 255};

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
    bool debug, reveal, marks;
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
    bool one_frame;  /* render_set_one_frame: no cache, no layer */
    /* SDL's software renderer: its fill-rate-bound layers are blended
     * in memory (blend.h) over pixels read back from the cache */
    bool software;
    SDL_Rect *rects; /* the fog's rectangles, rects_cap of them */
    int rects_cap;
    uint32_t *pixels; /* pixels read back, pixels_cap of them */
    size_t pixels_cap;
    char *tiles_dir; /* the bundled (or --tiles) tiles */
    char *art_dir;   /* the scene's own art folder the tiles were loaded with, or NULL */
};

static inline bool render_pos_in(BoardPos p, BoardPos lo, BoardPos hi, int margin)
{
    return p.x >= lo.x - margin && p.x <= hi.x + margin && p.y >= lo.y - margin &&
           p.y <= hi.y + margin;
}

static inline bool render_piece_visible(const ScenePiece *p, BoardPos lo, BoardPos hi)
{
    return p->pos.x <= hi.x && p->pos.y <= hi.y && p->pos.x + p->width > lo.x &&
           p->pos.y + p->height > lo.y;
}

/* render.c: fills rc of the target with the opaque background */
void render_fill_background(Renderer *r, SDL_Rect rc);

/* render_geom.c */
SDL_FRect render_squares_rect(const Camera *cam, double x, double y, double w, double h);
SDL_FRect render_cell_rect(const Camera *cam, BoardPos pos); /* a square, or a hex's middle square */
void render_hex_points(const Camera *cam, BoardPos pos, SDL_FPoint pts[6]);
void render_queue_hex(Batch *batch, const Camera *cam, BoardPos pos, SDL_Rect src, int tex_w, int tex_h,
                      SDL_Color colour);
void render_queue_cell(Batch *batch, const Camera *cam, BoardPos pos, SDL_Color colour);
void render_queue_strip(Batch *batch, SDL_FPoint a, SDL_FPoint b, float t, float ext, SDL_Color c);
bool render_hex_edge_points(const Camera *cam, BoardPos pos, GridDir dir, SDL_FPoint *a, SDL_FPoint *b);

/* render_board.c */
void render_draw_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                       const SDL_Rect *clip);
/* Makes ahead the stretched tiles render_draw_floor would copy to the
 * squares lo..hi through cam, drawing nothing (square boards). */
void render_warm_floor(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_grid_lines(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_walls(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_doors(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_marks(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_sprite(Renderer *r, const char *name, SDL_FRect dst, double angle, SDL_Color fallback);

/* render_pieces.c */
SDL_Texture *render_make_disc(SDL_Renderer *sdl);
void render_draw_furniture(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_figures(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                         BoardPos plate_lo, BoardPos plate_hi);
void render_draw_disc(Renderer *r, SDL_FRect dst, SDL_Color c);
SDL_Color render_ring_colour(const ScenePiece *p);

/* render_overlays.c */
void render_reserve_rects(Renderer *r, int n); /* room for n rectangles in r->rects */
/* On SDL's software renderer drawing into a texture, blends colour over
 * the n rectangles in r->rects (clipped to the target and its clip: r->rects
 * is changed) in memory, with SDL's own arithmetic (blend.h) and in their
 * order; false when SDL is to draw them. */
bool render_blend_rects(Renderer *r, int n, SDL_Color colour);
void render_draw_fog(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi);
void render_draw_highlights(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view);

/* render_cache.c */
void render_draw_cached(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view);
/* Makes the cache's texture for a view of view_w x view_h (render_prepare). */
void render_cache_prepare(Renderer *r, int view_w, int view_h);

/* Drawing a scene: floor, walls, doors, furniture, marks, pieces,
 * highlights, the debug overlay and the interface text.
 *
 * The renderer only reads the scene and the camera; it never changes the
 * game. Everything it needs from disk (tiles, sprites, fonts) is loaded by
 * render_create. Far-out zoom levels draw a pre-baked picture of the whole
 * board (one pixel block per square, walls included), so the cost of a
 * frame follows the window size, not the board size.
 */
#pragma once

#include "camera.h"
#include "scene.h"
#include "text.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* What the debug overlay writes on each square. */
typedef enum DebugLabel {
    DEBUG_LABEL_ROOM,   /* room index (-1 marked distinctly) */
    DEBUG_LABEL_TYPE,   /* N / B / W: none, blocked, walkable */
    DEBUG_LABEL_COORDS, /* x,y */
    DEBUG_LABEL_COST,   /* what entering the square costs in movement, - for none */
    DEBUG_LABEL_COUNT
} DebugLabel;

/* How the view looks apart from the camera: flags the player toggles and
 * where the mouse is. */
typedef struct RenderView {
    bool debug;          /* the mission author's overlay */
    DebugLabel label;    /* what the overlay writes on squares */
    bool reveal;         /* show the whole board through fog of war */
    bool marks;          /* --reveal, the author's view: every exit framed and
                          * each mission monster tagged with its id (or its
                          * line in the mission file) */
    bool show_help;      /* the key help line */
    bool has_hover;
    BoardPos hover;
    bool has_selection;
    BoardPos selected;
    int ui_bottom;       /* where the hover box and help line end, from the
                          * view's top (0: the view's bottom; a panel under
                          * them, the dice tray, sets it) */
} RenderView;

/* Where the art is. */
typedef struct RenderPaths {
    const char *tiles_dir;   /* assets/tiles */
    const char *sprites_dir; /* assets/sprites */
    const char *font;        /* assets/fonts/DejaVuSans.ttf */
    const char *bold_font;   /* assets/fonts/DejaVuSans-Bold.ttf */
    int ui_px;               /* interface font size in output pixels */
} RenderPaths;

typedef struct Renderer Renderer;

/* Loads the art for sdl. Returns NULL with "FILE: reason" in err when a
 * tile or font cannot be read (missing sprites only get stand-ins). */
Renderer *render_create(SDL_Renderer *sdl, const RenderPaths *paths, char *err, size_t err_size);

/* Frees the renderer's textures; NULL does nothing. */
void render_destroy(Renderer *renderer);

/* Draws one frame of scene through cam into the current render target
 * (does not present). The first frame of a new board bakes its far-zoom
 * picture, linear in the board. */
void render_frame(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view);

/* The two halves of render_frame, for a front end that draws between
 * them (the play screen shades squares over the board, under the text):
 * render_board clears the target and draws the board and its highlights,
 * render_ui the interface text (title, hover box, key help). */
void render_board(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view);
void render_ui(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view);

/* Draws one figure (not in the scene) centred on board point (x, y),
 * between squares while it slides from one to the next;
 * a dot of its owner's colour at far zoom. */
void render_figure_at(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y);

/* Opaque parts of the interface kept as a picture between frames (the
 * play screen's side panel and command bar): when key differs from the
 * key they were last drawn with, draw(r, ctx) draws them again, in screen
 * coordinates, into a layer the size of the output; then the rects are
 * copied from the layer to the screen. key 0 (or a renderer without
 * render targets) draws straight to the screen every time. The key must
 * change whenever anything draw reads changes. */
void render_ui_layer(Renderer *r, uint64_t key, const SDL_Rect *rects, int count,
                     void (*draw)(Renderer *r, void *ctx), void *ctx);

/* Forgets the layer's picture: the next render_ui_layer draws it again. */
void render_ui_layer_forget(Renderer *r);

/* Makes ahead the two full-size textures a first frame of a board filling
 * the output would make: the board's cache (the output and its margins)
 * and the interface layer. Making them is mostly the system handing out
 * fresh memory (24 MB at 1920x1080, 8-12 ms of page faults on the
 * software renderer), so an app calls this while it waits for the player
 * (screens_run does on an idle moment) and the first frame of a play
 * screen only draws. Does nothing for a one-frame renderer or one drawing
 * into a texture; a board view smaller than the output uses the same
 * cache texture. */
void render_prepare(Renderer *r);

/* For a renderer that draws a single frame (a screenshot): the board's
 * cache and the interface layer pay off from the second frame on, so the
 * board and the interface are drawn straight to the target instead (the
 * same pixels, without their two full-size textures). */
void render_set_one_frame(Renderer *r, bool one_frame);

/* A figure as render_figure_at draws it, size squares wide and alpha
 * opaque (a death fading out); nothing at far zoom. */
void render_figure_faded(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y,
                         double size, Uint8 alpha);

/* How often the board's picture (the cache panning copies) was drawn
 * since render_create: quickly, the view and a narrow margin (after a
 * zoom step or a change of the scene), and widened to the full margin
 * (a pan, or a still view some frames after a quick one). For
 * bench_play's figures. */
void render_cache_counts(const Renderer *renderer, int *quick, int *wide);

/* The SDL renderer it draws with. */
SDL_Renderer *render_sdl(Renderer *renderer);

/* The interface font (text.h), for panels drawn over the board. */
Text *render_text(Renderer *renderer);

/* A sprite under the sprites folder by name ("ui/die_skull"), loaded once;
 * NULL when the file is missing or unreadable. */
SDL_Texture *render_sprite(Renderer *renderer, const char *name);

/* Name of a debug label mode: "room", "type", "coords", "cost". */
const char *render_debug_label_name(DebugLabel label);

/* Screen pixels per square below which labels and pictures give way to
 * the far-zoom picture and the hover box. */
#define RENDER_LABEL_MIN_SCALE 26.0
#define RENDER_FAR_SCALE 10.0

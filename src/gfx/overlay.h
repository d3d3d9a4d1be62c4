/* The debug overlay for mission authors (F3): each square's room index
 * in its top-left corner (on a dark tab, clear of the figures), room
 * outlines in a colour per room, no-square squares in magenta and rock in
 * grey with dark stripes, and optionally square types, coordinates or
 * what entering each square costs in movement (the palette's terrain
 * costs; - where nothing may enter) instead of room numbers (F4,
 * --labels). Labels show only while squares are at least
 * RENDER_LABEL_MIN_SCALE pixels wide; smaller, the hovered square's
 * values are shown beside it instead. */
#pragma once

#include "batch.h"
#include "camera.h"
#include "render.h"
#include "scene.h"
#include "text.h"

#include <SDL.h>

/* Draws the overlay's outlines and labels over the squares lo..hi
 * (inclusive). */
void overlay_draw(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                  const Camera *cam, DebugLabel label, BoardPos lo, BoardPos hi);

/* The author's marks (--reveal, RenderView.marks) over the squares
 * lo..hi: every exit framed in cyan with "exit" on it, even under a
 * figure, and each monster the mission places tagged along the top of its
 * square with its id, or without one with the line placing it ("line
 * 52"; a named foe's plate already says its id as a name), so a
 * screenshot shows what objectives and messages name. */
void overlay_draw_marks(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                        const Camera *cam, BoardPos lo, BoardPos hi);

/* When squares are too small for labels, draws the hovered square's values
 * beside it; otherwise nothing. */
void overlay_draw_hover(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                        const Camera *cam, const RenderView *view);

/* The label the overlay writes on square pos of scene's board in mode
 * label, into buf. */
const char *overlay_label(const Scene *scene, BoardPos pos, DebugLabel label, char *buf,
                          size_t size);

/* The outline colour of room (1..N): bright, and different for rooms with
 * nearby numbers. */
SDL_Color overlay_room_colour(int32_t room);

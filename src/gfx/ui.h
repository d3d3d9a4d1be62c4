/* Interface text over the board: the mission name, the hover box (the
 * square under the mouse: coordinates, room index and name, what stands
 * there) and a line of key help. */
#pragma once

#include "camera.h"
#include "render.h"
#include "scene.h"
#include "text.h"

#include <SDL.h>
#include <stddef.h>

/* Draws the interface for this frame. */
void ui_draw(SDL_Renderer *sdl, Text *text, const Scene *scene, const Camera *cam,
             const RenderView *view);

/* Writes the hover box's lines for square pos into buf, separated by
 * '\n', for the mission author (the debug overlay is on): coordinates, room
 * index and name, square type and colour, what stands there. Returns buf. */
char *ui_describe_square(const Scene *scene, BoardPos pos, char *buf, size_t size);

/* The same in a player's words: the room's name ("Unexplored" under the
 * fog), then what stands there and the doors around it. Returns buf. */
char *ui_describe_square_plain(const Scene *scene, BoardPos pos, char *buf, size_t size);

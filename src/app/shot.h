/* Writing a frame to a PNG file. */
#pragma once

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* Writes surface to path as PNG through a temporary file renamed into
 * place, so a reader never sees half an image. Returns false with
 * "PATH: reason" in err. */
bool shot_save_png(SDL_Surface *surface, const char *path, char *err, size_t err_size);

/* Reads the renderer's current output into a new surface and writes it
 * into the user's preference folder (SDL_GetPrefPath) as
 * screenshot-N.png. Writes the path used to path_out. */
bool shot_save_window(SDL_Renderer *renderer, char *path_out, size_t path_size, char *err,
                      size_t err_size);

/* Where the renderer's art comes from: the data folder's assets, or the
 * folders given on the command line. */
#pragma once

#include "../gfx/render.h"

/* Folder and font paths kept alive for a RenderPaths. */
typedef struct ArtPaths {
    char tiles[4096], sprites[4096], font[4096], bold[4096];
} ArtPaths;

/* Fills art and returns RenderPaths pointing into it. tiles_dir and
 * sprites_dir override the bundled folders when not NULL. */
RenderPaths art_paths(ArtPaths *art, const char *tiles_dir, const char *sprites_dir, int ui_px);

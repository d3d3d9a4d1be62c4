#include "art.h"

#include "paths.h"

#include <stdio.h>

RenderPaths art_paths(ArtPaths *art, const char *tiles_dir, const char *sprites_dir, int ui_px)
{
    if (tiles_dir)
        snprintf(art->tiles, sizeof art->tiles, "%s", tiles_dir);
    else
        paths_data_file("assets/tiles", art->tiles, sizeof art->tiles);
    if (sprites_dir)
        snprintf(art->sprites, sizeof art->sprites, "%s", sprites_dir);
    else
        paths_data_file("assets/sprites", art->sprites, sizeof art->sprites);
    paths_data_file("assets/fonts/DejaVuSans.ttf", art->font, sizeof art->font);
    paths_data_file("assets/fonts/DejaVuSans-Bold.ttf", art->bold, sizeof art->bold);
    return (RenderPaths){art->tiles, art->sprites, art->font, art->bold, ui_px};
}

#include "load.h"

#include "../core/timer.h"

#include <stdio.h>

Board *load_board_bitmap(const char *path, const BitmapLimits *limits,
                         const BoardTypeOverride *overrides, int override_count, double *load_ms,
                         char *err, size_t err_size)
{
    double t0 = timer_now_ms();
    Bitmap bm;
    if (!bitmap_load(path, limits, &bm, err, err_size))
        return NULL;
    if (load_ms)
        *load_ms = timer_now_ms() - t0;
    BoardSpec spec = {bm.width, bm.height, bm.rgba, overrides, override_count};
    char why[256];
    Board *board = board_create(&spec, why, sizeof why);
    bitmap_free(&bm);
    if (!board)
        snprintf(err, err_size, "%s: %s", path, why);
    return board;
}

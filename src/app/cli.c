#include "cli.h"

#include "../core/board.h"
#include "../mission/load.h"

#include <inttypes.h>

int cli_dump_rooms(const char *path, const BitmapLimits *limits, FILE *out)
{
    char err[512];
    Board *b = load_board_bitmap(path, limits, NULL, 0, NULL, err, sizeof err);
    if (!b) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int w = board_width(b), h = board_height(b);
    fprintf(out, "%d %d %" PRId32 "\n", w, h, board_room_count(b));
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            fprintf(out, x ? " %" PRId32 : "%" PRId32, board_room(b, (BoardPos){x, y}));
        fputc('\n', out);
    }
    board_destroy(b);
    return 0;
}

int cli_check(const char *path, const BitmapLimits *limits, FILE *out)
{
    char err[512];
    double load_ms = 0;
    Board *b = load_board_bitmap(path, limits, NULL, 0, &load_ms, err, sizeof err);
    if (!b) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    BoardTimings t = board_timings(b);
    fprintf(out,
            "width=%d height=%d squares=%" PRId64 " walkable=%" PRId64 " rooms=%" PRId32
            " walls=%" PRId64 " load_ms=%.1f type_ms=%.1f label_ms=%.1f walls_ms=%.1f\n",
            board_width(b), board_height(b), grid_area(board_grid(b)), board_walkable_count(b),
            board_room_count(b), board_wall_count(b), load_ms, t.type_ms, t.label_ms, t.walls_ms);
    board_destroy(b);
    return 0;
}

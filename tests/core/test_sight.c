/* Line of sight: blocked squares and edges, corners that only touch. */
#include "check.h"
#include "core/sight.h"

typedef struct Map {
    const char *const *rows;
    int wall_x; /* a wall on the west edge of column wall_x rows 0..wall_rows-1 */
    int wall_rows;
} Map;

static bool edge_blocks(void *ctx, BoardPos pos, GridDir dir)
{
    const Map *m = ctx;
    int x = pos.x;
    if (dir == GRID_DIR_EAST)
        x++;
    else if (dir != GRID_DIR_WEST)
        return false;
    return x == m->wall_x && pos.y < m->wall_rows;
}

static bool square_blocks(void *ctx, BoardPos pos)
{
    const Map *m = ctx;
    return m->rows[pos.y][pos.x] == '#';
}

static bool sees(Map *m, int ax, int ay, int bx, int by)
{
    Grid g = grid_make(9, 7, GRID_SQUARE4);
    SightRules r = {edge_blocks, square_blocks, m};
    return sight_line(&g, (BoardPos){ax, ay}, (BoardPos){bx, by}, &r);
}

int main(void)
{
    static const char *const rows[] = {
        ".........",
        "...#.....",
        ".........",
        ".#.......",
        "..#......",
        ".........",
        ".........",
    };
    Map m = {rows, 7, 3};
    CHECK(sees(&m, 0, 0, 0, 0));
    CHECK(sees(&m, 0, 0, 6, 0));       /* open row */
    CHECK(!sees(&m, 1, 1, 5, 1));      /* through the block at (3,1) */
    CHECK(sees(&m, 1, 1, 3, 1));       /* the blocker itself is seen */
    CHECK(!sees(&m, 5, 0, 8, 0));      /* through the wall edge at x=7 */
    CHECK(sees(&m, 5, 4, 8, 4));       /* below the wall's end */
    CHECK(sees(&m, 8, 0, 8, 6));
    /* Diagonal neighbours: the line only touches the corner; one way round
     * ((0,2)) is free, so it is visible; between (1,3) and (2,4) both ways
     * round are blocked, so it is not; through a blocker's centre never. */
    CHECK(sees(&m, 0, 3, 1, 2));
    CHECK(!sees(&m, 1, 4, 2, 3));
    CHECK(!sees(&m, 0, 2, 3, 5));
    /* Symmetric. */
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 9; x++)
            CHECK(sees(&m, 4, 3, x, y) == sees(&m, x, y, 4, 3));
    static const char *const pinch[] = {
        ".........", ".#.......", "#........", ".........",
        ".........", ".........", ".........",
    };
    Map p = {pinch, 99, 0};
    /* Both ways round the corner at (1,2) are blocked: not visible. */
    CHECK(!sees(&p, 0, 1, 1, 2));
    CHECK(!sees(&p, 0, 0, 2, 2));
    CHECK(sees(&p, 0, 0, 0, 1));
    return check_finish("sight");
}

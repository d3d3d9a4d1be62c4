/* The board: creation (the stages in board_type.c, board_label.c,
 * board_walls.c and board_hex.c), the questions about squares, and the
 * room facts gathered on the first question about rooms. */
#include "board.h"
#include "core/i18n.h"

#include "alloc.h"
#include "board_hex.h"
#include "board_internal.h"
#include "timer.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room facts skip runs of one room this many squares at a time. */
#define FACTS_CHUNK 8

/* True when the FACTS_CHUNK rooms from row all equal v. */
static bool rooms_same(const int32_t *row, int32_t v)
{
    int32_t diff = 0;
    for (int j = 0; j < FACTS_CHUNK; j++)
        diff |= row[j] ^ v;
    return diff == 0;
}

/* A run of squares of one room along a row, not yet added to its facts. */
typedef struct RoomRun {
    int32_t room;
    int start;
} RoomRun;

/* Adds the run ending before x on row y to its room's facts. Rooms first
 * appear in row-major order, so a run starts its room exactly when the
 * room is next, the one after the last room seen; returns the new next. */
static int32_t note_run(const Board *b, BoardRoom *info, RoomRun run, int x, int y, int32_t next)
{
    if (run.room <= 0)
        return next;
    BoardRoom *r = &info[run.room];
    if (run.room == next) {
        r->rgb = b->palette[b->colours[(int64_t)y * b->grid.width + run.start]].key;
        r->first = r->min = (BoardPos){run.start, y};
        r->max = (BoardPos){x - 1, y};
        r->squares = x - run.start;
        return next + 1;
    }
    r->squares += x - run.start;
    if (run.start < r->min.x)
        r->min.x = run.start;
    if (x - 1 > r->max.x)
        r->max.x = x - 1;
    r->max.y = y;
    return next;
}

/* Gathers the facts of the rooms in row y run by run; returns the new next
 * (see note_run). Chunks that continue the current run (flat areas) are
 * skipped with a few compares. */
static int32_t note_row(const Board *b, BoardRoom *info, int y, int32_t next)
{
    int w = b->grid.width;
    const int32_t *row = b->rooms + (int64_t)y * w;
    RoomRun run = {row[0], 0};
    int x = 1;
    for (; x + FACTS_CHUNK <= w; x += FACTS_CHUNK) {
        if (rooms_same(row + x, run.room))
            continue;
        for (int j = x; j < x + FACTS_CHUNK; j++) {
            if (row[j] != run.room) {
                next = note_run(b, info, run, j, y, next);
                run = (RoomRun){row[j], j};
            }
        }
    }
    for (; x < w; x++) {
        if (row[x] != run.room) {
            next = note_run(b, info, run, x, y, next);
            run = (RoomRun){row[x], x};
        }
    }
    return note_run(b, info, run, w, y, next);
}

/* Gathers the facts of every room in one pass over the room array. */
static BoardRoom *gather_room_facts(const Board *b)
{
    /* every room's entry is set at its first square */
    BoardRoom *info = xmalloc_big((size_t)b->room_count + 1, sizeof *info);
    memset(&info[0], 0, sizeof info[0]);
    int32_t next = 1;
    for (int y = 0; y < b->grid.height; y++)
        next = note_row(b, info, y, next);
    assert(next == b->room_count + 1);
    return info;
}

/* Which palette entries are walkable, one byte each: what the labellers'
 * second pass asks of each set's first square. */
static uint8_t *palette_open(const Board *b)
{
    uint8_t *open = xmalloc((size_t)b->palette_size, 1);
    for (int i = 0; i < b->palette_size; i++)
        open[i] = b->palette[i].type == SQUARE_WALKABLE;
    return open;
}

Board *board_create(const BoardSpec *spec, char *err, size_t err_size)
{
    assert(spec && spec->width > 0 && spec->height > 0 && (spec->rgba || spec->rgba_given));
    /* Rooms and the labeller's square indices are 32-bit. */
    if ((int64_t)spec->width * spec->height > INT32_MAX) {
        snprintf(err, err_size, _("bitmap of %dx%d squares: a board has at most %d squares"),
                 spec->width, spec->height, INT32_MAX);
        xfree_big(spec->rgba_given, (size_t)spec->width * (size_t)spec->height, 4);
        return NULL;
    }
    BoardSpec pixels = *spec; /* the pixels typed: given ones first */
    if (spec->rgba_given)
        pixels.rgba = spec->rgba_given;
    int64_t max_rooms = spec->max_rooms > 0 ? spec->max_rooms : BOARD_DEFAULT_MAX_ROOMS;
    Board *b = xcalloc(1, sizeof *b);
    b->grid = grid_make(spec->width, spec->height, spec->shape ? spec->shape->topology : GRID_SQUARE4);
    if (spec->shape) {
        grid_set_diagonal(&b->grid, spec->shape->diag_num, spec->shape->diag_den);
        b->grid.hex_even = spec->shape->hex_even;
    }
    b->facts = xcalloc(1, sizeof *b->facts);
    size_t area = (size_t)grid_area(&b->grid);

    double t0 = timer_now_ms(), c0 = timer_cpu_ms();
    b->colours = xmalloc_big(area, sizeof *b->colours);
    /* the rooms take over given pixels once typed: a room is as big as a
     * pixel, so building makes one fresh array of 2 bytes a square, the
     * colours */
    _Static_assert(sizeof *b->rooms == 4, "a room is the size of a pixel");
    b->rooms = (int32_t *)(void *)spec->rgba_given;
    bool typed = board_type_squares(b, &pixels, err, err_size);
    if (spec->pixels_done)
        spec->pixels_done(spec->pixels_ctx);
    if (!typed) {
        board_destroy(b);
        return NULL;
    }
    double t1 = timer_now_ms(), c1 = timer_cpu_ms();
    /* Allocated here, when the caller keeps its pixels, so that making its
     * pages counts as labelling. */
    if (!b->rooms)
        b->rooms = xmalloc_big(area, sizeof *b->rooms);
    bool hex = b->grid.topology == GRID_HEX;
    int32_t rooms = 0;
    uint8_t *open = palette_open(b);
    uint16_t *own = board_wear_area_colours(b);
    bool labelled = hex ? board_hex_label(&b->grid, b->colours, open, b->rooms, max_rooms, &rooms,
                                          err, err_size)
                        : board_square_label(&b->grid, b->colours, open, b->rooms, max_rooms,
                                             &rooms, err, err_size);
    board_restore_colours(b, own);
    free(open);
    if (!labelled) {
        board_destroy(b);
        return NULL;
    }
    b->room_count = rooms;
    double t2 = timer_now_ms(), c2 = timer_cpu_ms();
    b->wall_count = hex ? board_hex_walls(&b->grid, b->rooms)
                        : board_square_walls(&b->grid, b->rooms);
    double t3 = timer_now_ms(), c3 = timer_cpu_ms();
    b->timings = (BoardTimings){t1 - t0, t2 - t1, t3 - t2, c1 - c0, c2 - c1, c3 - c2};
    return b;
}

void board_destroy(Board *board)
{
    if (!board)
        return;
    xfree_big(board->colours, (size_t)grid_area(&board->grid), sizeof *board->colours);
    xfree_big(board->rooms, (size_t)grid_area(&board->grid), sizeof *board->rooms);
    free(board->palette);
    BoardRoom *info = board->facts ? atomic_load(&board->facts->info) : NULL;
    if (info)
        xfree_big(info, (size_t)board->room_count + 1, sizeof *info);
    free(board->facts);
    free(board);
}

const Grid *board_grid(const Board *board)
{
    return &board->grid;
}

int board_width(const Board *board)
{
    return board->grid.width;
}

int board_height(const Board *board)
{
    return board->grid.height;
}

bool board_contains(const Board *board, BoardPos pos)
{
    return grid_contains(&board->grid, pos);
}

SquareType board_type(const Board *board, BoardPos pos)
{
    const PaletteEntry *e = board_entry_at(board, pos);
    return e ? e->type : SQUARE_NONE;
}

bool board_walkable(const Board *board, BoardPos pos)
{
    return board_type(board, pos) == SQUARE_WALKABLE;
}

uint32_t board_rgb(const Board *board, BoardPos pos)
{
    const PaletteEntry *e = board_entry_at(board, pos);
    if (!e)
        return 0;
    return e->key == KEY_TRANSPARENT ? 0 : e->key;
}

int board_colour_index(const Board *board, BoardPos pos)
{
    if (!grid_contains(&board->grid, pos))
        return -1;
    return board->colours[grid_index(&board->grid, pos)];
}

int board_palette_size(const Board *board)
{
    return board->palette_size;
}

uint32_t board_palette_rgb(const Board *board, int index)
{
    assert(index >= 0 && index < board->palette_size);
    uint32_t key = board->palette[index].key;
    return key == KEY_TRANSPARENT ? 0 : key;
}

bool board_palette_transparent(const Board *board, int index)
{
    assert(index >= 0 && index < board->palette_size);
    return board->palette[index].key == KEY_TRANSPARENT;
}

int32_t board_room(const Board *board, BoardPos pos)
{
    if (!grid_contains(&board->grid, pos))
        return -1;
    return board->rooms[grid_index(&board->grid, pos)];
}

int32_t board_room_count(const Board *board)
{
    return board->room_count;
}

const int32_t *board_room_array(const Board *board)
{
    return board->rooms;
}

const BoardRoom *board_room_info(const Board *board, int32_t room)
{
    assert(room >= 1 && room <= board->room_count);
    BoardRoom *info = atomic_load_explicit(&board->facts->info, memory_order_acquire);
    if (!info) {
        BoardRoom *fresh = gather_room_facts(board);
        if (atomic_compare_exchange_strong_explicit(&board->facts->info, &info, fresh,
                                                    memory_order_acq_rel, memory_order_acquire))
            info = fresh;
        else
            xfree_big(fresh, (size_t)board->room_count + 1, sizeof *fresh);
    }
    return &info[room];
}

int64_t board_wall_count(const Board *board)
{
    return board->wall_count;
}

int64_t board_walkable_count(const Board *board)
{
    return board->walkable_count;
}

BoardTimings board_timings(const Board *board)
{
    return board->timings;
}

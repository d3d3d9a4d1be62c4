#include "board_hex.h"

#include "alloc.h"
#include "i18n.h"
#include "board.h"
#include "board_lanes.h"
#include "unionfind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* c ? a : b with masks: on noise a branch on the colours mispredicts. */
static inline int32_t hex_select(bool c, int32_t a, int32_t b)
{
    return b ^ ((a ^ b) & -(int32_t)c);
}

/* The hexes already seen next to hex i: west, north-west and north-east
 * (out of the board: none). Those three touch in a chain (west -
 * north-west - north-east), so when two neighbours in the chain both
 * match they are already one set: a hex takes the label of its first
 * match and joins only when west and north-east match with north-west
 * not between them. Labels are parents in the forest of the room array:
 * indices of earlier hexes. Hexes of every type are labelled alike by
 * their keys (a set whose colour is not walkable is numbered -1). */
static int32_t hex_label_edge(const Grid *grid, const uint16_t *keys, int32_t *rooms, int x, int y,
                              int up)
{
    int w = grid->width;
    int32_t i = (int32_t)((int64_t)y * w + x);
    uint16_t k = keys[i];
    int32_t nw = i - w + up, ne = nw + 1;
    bool west = x > 0 && keys[i - 1] == k;
    bool has_nw = y > 0 && x + up >= 0 && keys[nw] == k;
    bool has_ne = y > 0 && x + up + 1 < w && keys[ne] == k;
    if (west) {
        if (has_ne && !has_nw)
            return uf_join(rooms, rooms[i - 1], ne);
        return rooms[i - 1];
    }
    if (has_nw)
        return rooms[nw];
    return has_ne ? rooms[ne] : i;
}

/* Inner hexes are labelled in chunks of HEX_CHUNK (hex_chunk_same is
 * written for a multiple of 4). */
#define HEX_CHUNK 8
_Static_assert(HEX_CHUNK == 8, "keys8_equal compares eight hexes");

/* The number of whole chunks of inner hexes in a row. */
static int hex_chunks(int w)
{
    return w > 2 ? (w - 2) / HEX_CHUNK : 0;
}

/* True when the HEX_CHUNK hexes from sq and the HEX_CHUNK + 1 from north
 * all have key k. */
static bool hex_chunk_same(const uint16_t *sq, const uint16_t *north, uint32_t k)
{
    uint64_t kk = k * 0x0001000100010001ull, diff = 0;
    for (int j = 0; j < HEX_CHUNK; j += 4) {
        uint64_t a, b;
        memcpy(&a, sq + j, sizeof a);
        memcpy(&b, north + j, sizeof b);
        diff |= (a ^ kk) | (b ^ kk);
    }
    return diff == 0 && north[HEX_CHUNK] == k;
}

/* What the first pass reads and writes for one row y > 0. */
typedef struct HexLabelRow {
    const uint16_t *sq, *north; /* keys of this row, and of the row above from column up */
    const int32_t *north_rooms; /* labels of the row above from column up */
    int32_t *row;               /* labels of this row (in the room array) */
    int32_t *meets;             /* hexes whose join waits for the row's end */
    int32_t start;              /* index of the row's first hex */
} HexLabelRow;

/* Labels hexes x to end - 1 one by one, without a branch on the colours
 * except for the rare join; kw and lw are the key and label of the hex
 * west of x, and get those of the last hex. */
static void hex_label_run(const HexLabelRow *r, int32_t *rooms, int x, int end, uint32_t *kw,
                          int32_t *lw)
{
    for (; x < end; x++) {
        uint32_t k = r->sq[x], knw = r->north[x], kne = r->north[x + 1];
        int32_t lab = hex_select(k == *kw, *lw,
                                 hex_select(k == knw, r->north_rooms[x],
                                            hex_select(k == kne, r->north_rooms[x + 1],
                                                       r->start + x)));
        if (((k ^ *kw) | (k ^ kne)) == 0 && k != knw)
            lab = uf_join(rooms, *lw, r->north_rooms[x + 1]);
        r->row[x] = lab;
        *kw = k;
        *lw = lab;
    }
}

#ifdef BOARD_LABEL_LANES
/* Labels the four hexes from x in lanes (board_lanes.h), as
 * hex_label_run does one by one: each takes the label of its first
 * matching neighbour among west, north-west and north-east, else a new
 * one; the copying from the west is the scan of lanes_take_west. Where
 * west and north-east match and north-west does not, the hex is noted
 * and the two labels are joined at the row's end. lw is the label of the
 * hex west of the four; returns the label of the last. */
static inline int32_t hex_label_lanes(const HexLabelRow *r, int x, int32_t lw, int *meet_count)
{
    WordLanes k = keys_load(r->sq + x), kw = keys_load(r->sq + x - 1);
    WordLanes knw = keys_load(r->north + x), kne = keys_load(r->north + x + 1);
    Lanes index = (Lanes){0, 1, 2, 3} + (r->start + x);
    Lanes nw = k == knw, ne = k == kne, west = k == kw;
    Lanes lab = lanes_select(nw, lanes_load(r->north_rooms + x),
                             lanes_select(ne, lanes_load(r->north_rooms + x + 1), index));
    lab = lanes_take_west(lab, west, lw);
    lanes_store(r->row + x, lab);
    lanes_note(r->meets, meet_count, west & ne & ~nw, x);
    return lab[3];
}
#endif

/* First pass over the inner hexes of row y > 0 (columns 1 to w - 2, where
 * all three earlier neighbours are on the board). A chunk of hexes that
 * all match their west neighbour and the whole stretch of the row above
 * takes the west label. A chunk whose hexes each match the hex of their
 * own column in the row above (always one of a hex's two upper
 * neighbours) takes those hexes' labels: the hexes it touches above, and
 * its matching hexes side by side, are one set already through that row,
 * and so is its first hex with a matching west neighbour when that one
 * matches the hex above it too (vertical borders, corridors). The others
 * go in lanes where the compiler has them, else hex by hex. meets needs
 * room for w + 4 entries. */
static void hex_label_inner(const uint16_t *keys, int32_t *rooms, int32_t *meets, int w, int y,
                            int up, uint8_t *above_chunks)
{
    int32_t start = (int32_t)((int64_t)y * w);
    HexLabelRow r = {keys + start, keys + start - w + up, rooms + start - w + up, rooms + start,
                     meets, start};
    const uint16_t *above = keys + start - w;
    const int32_t *above_labels = rooms + start - w;
    uint32_t kw = r.sq[0];
    int32_t lw = r.row[0];
    int x = 1, meet_count = 0;
    for (int c = 0; c < hex_chunks(w); c++, x += HEX_CHUNK) {
        above_chunks[c] = 0;
        if (hex_chunk_same(r.sq + x, r.north + x, kw)) {
            for (int j = 0; j < HEX_CHUNK; j++)
                r.row[x + j] = lw;
            continue;
        }
        if (keys8_equal(r.sq + x, above + x) && (r.sq[x] != kw || kw == above[x - 1])) {
            memcpy(r.row + x, above_labels + x, HEX_CHUNK * sizeof *r.row);
            above_chunks[c] = 1;
            kw = r.sq[x + HEX_CHUNK - 1];
            lw = r.row[x + HEX_CHUNK - 1];
            continue;
        }
#ifdef BOARD_LABEL_LANES
        lw = hex_label_lanes(&r, x, lw, &meet_count);
        lw = hex_label_lanes(&r, x + 4, lw, &meet_count);
        kw = r.sq[x + HEX_CHUNK - 1];
#else
        hex_label_run(&r, rooms, x, x + HEX_CHUNK, &kw, &lw);
#endif
    }
    hex_label_run(&r, rooms, x, w - 1, &kw, &lw);
    for (int e = 0; e < meet_count; e++)
        uf_join(rooms, r.row[meets[e] - 1], r.north_rooms[meets[e] + 1]);
}

/* The hex where room number room starts: the first hex holding it in row
 * y, where rooms were numbered past the limit. */
static int hex_room_start(const int32_t *rooms, int w, int y, int32_t room)
{
    const int32_t *row = rooms + (int64_t)y * w;
    int x = 0;
    while (x + 1 < w && row[x] != room)
        x++;
    return x;
}

/* True when the HEX_CHUNK provisional labels from p all equal v. */
static bool hex_labels_same(const int32_t *p, int32_t v)
{
    int32_t diff = 0;
    for (int j = 0; j < HEX_CHUNK; j++)
        diff |= p[j] ^ v;
    return diff == 0;
}

/* The numbering pass's state along a row: the provisional label of the
 * hex west of the next one and that hex's room. */
typedef struct HexWest {
    int32_t label, room;
} HexWest;

/* Numbers hexes x to end - 1 of row y one by one: every earlier hex holds
 * its final room already (parents are earlier hexes), so a root takes the
 * next number (-1 when its key is not walkable: then so do all its set's
 * hexes) and any other hex its parent's room. */
static HexWest hex_number_run(int32_t *rooms, const uint16_t *keys, const uint8_t *open,
                              int32_t start, int x, int end, HexWest west, int32_t *n)
{
    for (; x < end; x++) {
        int32_t v = rooms[start + x], parent = rooms[v];
        bool root = v == start + x, walk = open[keys[start + x]];
        *n += root & walk;
        west = (HexWest){v, hex_select(root, hex_select(walk, *n, -1), parent)};
        rooms[start + x] = west.room;
    }
    return west;
}

/* Second pass over row y; returns the new room count. A chunk whose
 * provisional labels all equal the west hex's (flat areas; a whole chunk
 * of the first pass) takes the west hex's room: none of them is a root,
 * since a label is never later than its hex. A chunk that took the labels
 * of the hexes above it (above_chunks) takes their rooms. */
static int32_t hex_number_row(int32_t *rooms, const uint16_t *keys, const uint8_t *open, int w,
                              int y, const uint8_t *above_chunks, int32_t n)
{
    int32_t start = (int32_t)((int64_t)y * w);
    int32_t *row = rooms + start;
    HexWest west = hex_number_run(rooms, keys, open, start, 0, 1, (HexWest){-2, 0}, &n);
    int x = 1;
    for (int c = 0; c < hex_chunks(w); c++, x += HEX_CHUNK) {
        if (above_chunks[c]) {
            west.label = row[x + HEX_CHUNK - 1];
            memcpy(row + x, row + x - w, HEX_CHUNK * sizeof *row);
            west.room = row[x + HEX_CHUNK - 1];
        } else if (hex_labels_same(row + x, west.label)) {
            for (int j = 0; j < HEX_CHUNK; j++)
                row[x + j] = west.room;
        } else {
            west = hex_number_run(rooms, keys, open, start, x, x + HEX_CHUNK, west, &n);
        }
    }
    hex_number_run(rooms, keys, open, start, x, w, west, &n);
    return n;
}

/* First pass: provisional labels, the union-find forest in the room array;
 * above_chunks notes the chunks of inner hexes that took the labels of the
 * hexes above them. The first row and the first and last columns, where
 * some neighbours are off the board, go through hex_label_edge. */
static void hex_label_rows(const Grid *grid, const uint16_t *keys, int32_t *rooms,
                           uint8_t *above_chunks)
{
    int w = grid->width;
    int32_t *meets = xmalloc((size_t)w + 4, sizeof *meets); /* + one vector's slack */
    for (int y = 0; y < grid->height; y++) {
        /* the row above: columns x-1 and x from an unshifted row, x and
         * x+1 from a shifted one */
        int up = grid_hex_shifted(grid, y) ? 0 : -1;
        int32_t start = (int32_t)((int64_t)y * w);
        if (y == 0) {
            for (int x = 0; x < w; x++)
                rooms[start + x] = hex_label_edge(grid, keys, rooms, x, y, up);
            continue;
        }
        rooms[start] = hex_label_edge(grid, keys, rooms, 0, y, up);
        hex_label_inner(keys, rooms, meets, w, y, up, above_chunks + (size_t)hex_chunks(w) * y);
        if (w > 1)
            rooms[start + w - 1] = hex_label_edge(grid, keys, rooms, w - 1, y, up);
    }
    free(meets);
}

bool board_hex_label(const Grid *grid, const uint16_t *keys, const uint8_t *open, int32_t *rooms,
                     int64_t max_rooms, int32_t *count, char *err, size_t err_size)
{
    int w = grid->width, h = grid->height;
    uint8_t *above_chunks = xcalloc((size_t)hex_chunks(w) * h + 1, 1);
    hex_label_rows(grid, keys, rooms, above_chunks);
    /* Second pass: numbering, roots in row-major order. */
    int32_t n = 0;
    for (int y = 0; y < h && n <= max_rooms; y++) {
        n = hex_number_row(rooms, keys, open, w, y, above_chunks + (size_t)hex_chunks(w) * y, n);
        if (n > max_rooms) {
            int x = hex_room_start(rooms, w, y, (int32_t)max_rooms + 1);
            snprintf(err, err_size,
                     _("pixel (%d,%d) starts room %lld, over the limit of %lld rooms (a mission "
                       "has tens or hundreds; --max-rooms raises the limit)"),
                     x, y, (long long)max_rooms + 1, (long long)max_rooms);
        }
    }
    free(above_chunks);
    *count = n;
    return n <= max_rooms;
}
/* The inner hexes' walls are counted four at a time in lanes
 * (board_lanes.h): a wall is a compare of two rooms. */

/* The rooms of a row of hexes, the row below (a row of -1 below the last
 * one) and where the row's neighbours below and above start: the south-west
 * neighbour of column x is at x + dn in the row below, the north-west one at
 * x + up in the row above. */
typedef struct HexWallRow {
    const int32_t *row, *below;
    int w, dn, up;
    bool first;
} HexWallRow;

/* The walls on hex x's east, south-east and south-west edges and on the
 * outline edges no hex on the board owns (west, north-west and north-east
 * off the board). Walkable rooms are >= 1 and everything else -1, which is
 * also what lies off the board, so rooms differ exactly where a wall
 * stands. */
static int hex_wall_one(const HexWallRow *r, int x)
{
    int w = r->w;
    int32_t room = r->row[x];
    int32_t east = x + 1 < w ? r->row[x + 1] : -1;
    int32_t sw = x + r->dn >= 0 ? r->below[x + r->dn] : -1;
    int32_t se = x + r->dn + 1 < w ? r->below[x + r->dn + 1] : -1;
    int walls = (east != room) + (se != room) + (sw != room);
    if (room > 0)
        walls += (x == 0) + (r->first || x + r->up < 0) + (r->first || x + r->up + 1 >= w);
    return walls;
}

/* The walls of one row: the first and last hexes one by one, the inner
 * ones (all six neighbours' columns on the board) in lanes. */
static int64_t hex_wall_row(const HexWallRow *r)
{
    int w = r->w;
    int64_t walls = hex_wall_one(r, 0);
    Lanes count = {0, 0, 0, 0}, outline = {0, 0, 0, 0};
    int x = 1;
    for (; x + LANES <= w - 1; x += LANES) {
        Lanes room = lanes_load(r->row + x);
        Lanes east = room != lanes_load(r->row + x + 1);
        Lanes sw = room != lanes_load(r->below + x + r->dn);
        Lanes se = room != lanes_load(r->below + x + r->dn + 1);
        count -= east + sw + se;
        outline -= room > 0; /* north-west and north-east on the first row */
    }
    walls += count[0] + count[1] + count[2] + count[3];
    if (r->first)
        walls += 2 * (int64_t)(outline[0] + outline[1] + outline[2] + outline[3]);
    for (; x < w; x++)
        walls += hex_wall_one(r, x);
    return walls;
}

int64_t board_hex_walls(const Grid *grid, const int32_t *rooms)
{
    int w = grid->width, h = grid->height;
    /* what lies beyond the south side: no room */
    int32_t *beyond = xmalloc((size_t)w, sizeof *beyond);
    memset(beyond, 0xff, (size_t)w * sizeof *beyond);
    int64_t walls = 0;
    for (int y = 0; y < h; y++) {
        /* neighbours by offset, not grid_step (this runs for every hex) */
        int dn = grid_hex_shifted(grid, y) ? 0 : -1;
        const int32_t *row = rooms + (int64_t)y * w;
        HexWallRow r = {row, y + 1 < h ? row + w : beyond, w, dn, dn, y == 0};
        walls += hex_wall_row(&r);
    }
    free(beyond);
    return walls;
}

/* The parts of the mission analysis (analysis.h), internal to src/mission:
 * analysis.c runs it and collects the findings, analysis_reach.c searches
 * the heroes' reach and says why something lies out of it,
 * analysis_keys.c follows the locked doors' key chains, and
 * analysis_warn.c checks each placement against the reach. */
#pragma once

#include "analysis.h"

#include <stdbool.h>
#include <stdint.h>

enum { ROOM_CORRIDOR = 1, ROOM_SEALED = 2 };
enum { SQ_BLOCKED = 1, SQ_FALLING = 2, SQ_START = 4, SQ_EXIT = 8, SQ_DEFERRED = 16 };
/* TIER_CLOSED only during an_search: a square of no room or blocked,
 * which no step enters (the search sets it back to TIER_NEVER after) */
enum { TIER_OPEN, TIER_SEARCH, TIER_FORCED, TIER_NEVER, TIER_CLOSED };
/* During an_search a square's tier byte also holds, above TIER_MASK, what
 * a step onto it asks: a falling-block trap on it, and (boards of
 * squares) whether its east and south neighbours lie in other rooms. A
 * step then reads one byte where it read the tier, the flags and both
 * rooms, each a cache miss on a big board. */
enum { TIER_MASK = 7, TIER_FALLING = 8, TIER_EAST_ROOM = 16, TIER_SOUTH_ROOM = 32 };
/* gate values: 0 none, 1 + door index, GATE_TRAP + trap index */
#define GATE_TRAP 20001u

typedef struct Finding {
    int line;  /* XML line, or INT_MAX for a square-only finding */
    int order; /* the order found, to keep ties stable */
    char *text;
} Finding;

typedef struct Analysis {
    const Mission *m;
    const Board *b;
    const Grid *grid;
    const GridDir *edges; /* the steps followed: across each edge of a square */
    int edge_count;
    int w, h;
    size_t area;
    uint8_t *flags;
    uint8_t *tier;
    uint16_t *gate;
    int32_t *queue;
    size_t head, tail;
    int mode;
    int32_t *deferred; /* squares with a step this pass refused, for the next */
    size_t deferred_count, deferred_cap;
    int64_t *edge_key; /* doors by edge, sorted; edge_door[i] is the door */
    int *edge_door;
    int *trap_at_key; /* falling-block traps by square index, sorted */
    int64_t *trap_key;
    size_t falling;
    uint8_t *key_found; /* per treasure */
    uint8_t *pending;   /* per door: a locked door reached before its key */
    int *by_key;        /* door indices grouped by key treasure */
    size_t *by_key_at;  /* treasure t's doors: by_key[by_key_at[t] .. by_key_at[t+1]) */
    int *in_room;       /* treasure indices grouped by room */
    size_t *in_room_at;
    int32_t rooms;
    /* every square's room, row-major as an_index_of (board_room_array):
     * walkable squares are in rooms >= 1, the rest -1; the search reads
     * it per square and neighbour, where an accessor call cost a tenth
     * of a big generated board's check */
    const int32_t *room_of;
    uint8_t *room_reached;
    int32_t *unsearched; /* rooms reached whose treasure is not yet looked at */
    size_t unsearched_count;
    uint8_t *room_tier;
    BoardPos *room_best; /* a square of the room reached in its tier */
    uint8_t *room_door;  /* the room has a door on its edge */
    uint8_t *room_palette;    /* ROOM_ flags from the palette, per room */
    const char **room_name;   /* the palette's name of its colour, or NULL */
    Finding *found;
    size_t found_count;
    ErrorList *notes;
} Analysis;

typedef struct Reach {
    int tier;
    unsigned gate;
    int32_t room; /* the room it lies in (for "has no door") */
} Reach;

static inline size_t an_index_of(const Analysis *a, BoardPos p)
{
    return (size_t)p.y * (size_t)a->w + (size_t)p.x;
}

static inline BoardPos an_pos_of(const Analysis *a, size_t i)
{
    /* a 32-bit division where the index fits (every board but the
     * biggest): the search divides once per square */
    if (i <= UINT32_MAX) {
        uint32_t u = (uint32_t)i, w = (uint32_t)a->w;
        return (BoardPos){(int)(u % w), (int)(u / w)};
    }
    return (BoardPos){(int)(i % (size_t)a->w), (int)(i / (size_t)a->w)};
}

static inline BoardPos an_step(const Analysis *a, BoardPos p, GridDir d)
{
    return grid_step(a->grid, p, d);
}

/* Rooms that are corridors (or no room): searching finds no treasure. */
static inline bool an_corridor(const Analysis *a, int32_t room)
{
    return room < 1 || (a->room_palette[room] & ROOM_CORRIDOR);
}

/* --- findings (analysis.c) --- */

/* "FILE:LINE: warning: text" */
void an_warn_at(Analysis *a, int line, const char *text);
/* "FILE: square (x,y): warning: text" (or "hex (x,y)"), after the placements */
void an_warn_square(Analysis *a, BoardPos p, const char *text);
/* "FILE:LINE: note: text", when notes are wanted */
void an_note_at(Analysis *a, int line, const char *text);
/* What the board's cells are called in messages: hex boards have hexes. */
const char *an_cell_word(const Analysis *a);

/* --- the reach (analysis_reach.c) --- */

/* Indexes the doors, falling-block traps and keys, and marks the squares. */
void an_prepare(Analysis *a);
/* The three passes of the search from the heroes' start squares. */
void an_search(Analysis *a);
/* Each room's best tier and a square reached in it; which rooms have a door. */
void an_room_facts(Analysis *a);
/* The gate a step through the edge from p in direction d opens, 0 for
 * none, or -1 when the edge is closed in the current pass. */
int an_edge_gate(Analysis *a, BoardPos p, GridDir d, uint16_t gate);
Reach an_reach_square(const Analysis *a, BoardPos p);
Reach an_reach_room(const Analysis *a, int32_t room);
/* The best reach of any exit. */
Reach an_reach_exits(const Analysis *a);
/* Says it: a warning when r is out of reach (what lies REASON: tail), a
 * note when it needs a search; what names the thing ("the monster 'boss'
 * at (3,4)"). */
void an_report(Analysis *a, int line, Reach r, const char *lead, const char *what, const char *tail);

/* --- the checks --- */

/* Locked doors that never open, and why (analysis_keys.c). */
void an_check_locks(Analysis *a);
/* Every check, the locks' included (analysis_warn.c). */
void an_check_all(Analysis *a);

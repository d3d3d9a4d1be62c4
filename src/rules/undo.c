/* Taking back a hero's move (docs/rules.md, "Undo"), by Wesnoth's rule: a
 * move may be taken back until it revealed something new, sprang a trap
 * or rolled a die, or the hero did anything else.
 *
 * Such a "quiet" move changes little: the mover's piece (its square, a
 * thrown weapon picked up, a spell's walk used), the drops, its
 * occupancy, the movement left, the trail and the log. Before each move
 * game_apply records exactly that (undo_begin); if the move turned out
 * quiet the record is kept (undo_end), otherwise every record is dropped.
 * Taking a move back puts the record back and drops the move from the
 * log, so the game is the one in which the move was never made: a save
 * (seed and log) replays to it exactly. No chance was drawn and no square
 * was revealed, so nothing else can differ; tests/rules/test_undo checks
 * the whole state against a replay. */
#include "../core/alloc.h"
#include "game_internal.h"

#include <stdlib.h>
#include <string.h>

struct UndoStep {
    int piece;
    GamePiece was;       /* the mover before the move */
    BoardPos to;         /* where the move left it */
    GameDrop *drops;     /* the drops before (a quiet move adds none) */
    size_t drop_count;
    BoardPos *trail;
    size_t trail_len;
    size_t log_count;
    int move_left;
    bool moved, move_closed, spell_move_used;
    /* what the move must leave unchanged to be quiet */
    Rng rng;
    uint64_t reveals;
    size_t piece_count;
    int current, turn;
};

static void step_free(UndoStep *s)
{
    free(s->drops);
    free(s->trail);
    memset(s, 0, sizeof *s);
}

static void *dup_bytes(const void *src, size_t n, size_t size)
{
    void *p = xmalloc(n ? n : 1, size);
    if (n)
        memcpy(p, src, n * size);
    return p;
}

void undo_clear(Game *g, UndoBlock why)
{
    for (size_t i = 0; i < g->undo_count; i++)
        step_free(&g->undo[i]);
    g->undo_count = 0;
    g->undo_block = why;
}

void undo_free(Game *g)
{
    undo_clear(g, UNDO_NO_MOVE);
    free(g->undo);
    g->undo = NULL;
    g->undo_cap = 0;
}

void undo_clone(Game *c, const Game *g)
{
    c->undo = xmalloc(g->undo_count ? g->undo_count : 1, sizeof *c->undo);
    c->undo_cap = g->undo_count ? g->undo_count : 1;
    for (size_t i = 0; i < g->undo_count; i++) {
        const UndoStep *s = &g->undo[i];
        c->undo[i] = *s;
        c->undo[i].drops = dup_bytes(s->drops, s->drop_count, sizeof *s->drops);
        c->undo[i].trail = dup_bytes(s->trail, s->trail_len, sizeof *s->trail);
    }
}

UndoStep *undo_begin(const Game *g, const Action *a)
{
    if (a->kind != ACTION_MOVE || !game_piece_on_board(g, a->piece))
        return NULL;
    UndoStep *s = xcalloc(1, sizeof *s);
    s->piece = a->piece;
    s->was = g->pieces[a->piece];
    s->drops = dup_bytes(g->drops, g->drop_count, sizeof *g->drops);
    s->drop_count = g->drop_count;
    s->trail = dup_bytes(g->trail, g->trail_len, sizeof *g->trail);
    s->trail_len = g->trail_len;
    s->log_count = g->log_count;
    s->move_left = g->move_left;
    s->moved = g->moved;
    s->move_closed = g->move_closed;
    s->spell_move_used = g->spell_move_used;
    s->rng = g->rng;
    s->reveals = g->reveals;
    s->piece_count = g->piece_count;
    s->current = g->current;
    s->turn = g->turn;
    return s;
}

/* Why the move just made is not quiet (UNDO_NONE: it is). Its events are
 * events[0..count). */
static UndoBlock loud(const Game *g, const UndoStep *s, const GameEvent *events, size_t count)
{
    for (size_t i = 0; i < count; i++)
        switch (events[i].kind) {
        case EVENT_STEP:
        case EVENT_PICK_UP:
            break;
        case EVENT_TRAP_SPRUNG:
        case EVENT_JUMP:
        case EVENT_DAMAGE:
            return UNDO_TRAP;
        default:
            return UNDO_REVEALED; /* a door, a piece seen, a way barred, an objective */
        }
    if (g->rng.state != s->rng.state || g->rng.inc != s->rng.inc)
        return UNDO_TRAP;
    if (g->reveals != s->reveals)
        return UNDO_REVEALED;
    if (g->status != GAME_STATUS_PLAYING || g->current != s->current || g->turn != s->turn ||
        g->piece_count != s->piece_count || g->drop_count != s->drop_count ||
        !game_piece_on_board(g, s->piece))
        return UNDO_ACTED;
    return UNDO_NONE;
}

void undo_end(Game *g, UndoStep *s, const Action *a, bool ok, const GameEvent *events,
              size_t count)
{
    if (!ok) { /* refused: nothing happened, earlier moves stay takeable */
        if (s)
            step_free(s);
        free(s);
        return;
    }
    UndoBlock why = s ? loud(g, s, events, count) : UNDO_ACTED;
    if (a->kind == ACTION_END || a->kind == ACTION_LEAVE || a->kind == ACTION_ROLL)
        why = UNDO_NO_MOVE; /* another hero's turn, or no move yet */
    else if (a->kind == ACTION_OPEN)
        why = UNDO_REVEALED; /* a door opened shows what is behind it */
    if (why != UNDO_NONE) {
        undo_clear(g, why);
        if (s)
            step_free(s);
        free(s);
        return;
    }
    s->to = g->pieces[s->piece].pos;
    if (g->undo_count == g->undo_cap) {
        g->undo_cap = g->undo_cap ? g->undo_cap * 2 : 8;
        g->undo = xrealloc(g->undo, g->undo_cap, sizeof *g->undo);
    }
    g->undo[g->undo_count++] = *s;
    g->undo_block = UNDO_NONE;
    free(s);
}

bool game_can_undo(const Game *g, char *why, size_t why_size)
{
    if (why && why_size)
        why[0] = '\0';
    if (g->status != GAME_STATUS_PLAYING)
        return game_refuse(why, why_size, "the game is over (%s)", game_status_name(g->status));
    if (g->undo_count > 0)
        return true;
    const char *hero = g->current >= 0 ? game_piece_name(g, g->current) : N_("the hero");
    switch (g->undo_block) {
    case UNDO_REVEALED:
        return game_refuse(why, why_size, "the %s's move revealed something new: it stands",
                           hero);
    case UNDO_TRAP:
        return game_refuse(why, why_size, "the %s's move met a trap: it stands", hero);
    case UNDO_ACTED:
        return game_refuse(why, why_size, "the %s has acted: its moves so far stand", hero);
    default:
        return game_refuse(why, why_size, "the %s has no move to take back", hero);
    }
}

bool game_undo(Game *g, GameEvents *out, char *why, size_t why_size)
{
    if (!game_can_undo(g, why, why_size))
        return false;
    UndoStep *s = &g->undo[--g->undo_count];
    GamePiece *p = &g->pieces[s->piece];
    BoardPos from = p->pos;
    if (g->occupant[game_index(g, from)] == s->piece)
        g->occupant[game_index(g, from)] = -1;
    *p = s->was;
    g->occupant[game_index(g, p->pos)] = s->piece;
    if (s->drop_count) /* a quiet move adds no drops: the same array */
        memcpy(g->drops, s->drops, s->drop_count * sizeof *g->drops);
    if (s->trail_len > g->trail_cap) {
        g->trail_cap = s->trail_len;
        g->trail = xrealloc(g->trail, g->trail_cap, sizeof *g->trail);
    }
    if (s->trail_len)
        memcpy(g->trail, s->trail, s->trail_len * sizeof *g->trail);
    g->trail_len = s->trail_len;
    g->log_count = s->log_count;
    g->move_left = s->move_left;
    g->moved = s->moved;
    g->move_closed = s->move_closed;
    g->spell_move_used = s->spell_move_used;
    step_free(s);
    if (out) {
        GameEvents *keep = g->out;
        g->out = out;
        GameEvent *e = game_emit(g, EVENT_UNDO, p->id, "%s's move is taken back", game_piece_name(g, p->id));
        e->from = from;
        e->to = p->pos;
        e->value = g->move_left;
        g->out = keep;
    }
    if (g->undo_count == 0)
        g->undo_block = UNDO_NO_MOVE;
    return true;
}

size_t game_undo_count(const Game *g)
{
    return g->undo_count;
}

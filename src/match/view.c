#include "view.h"

MatchView view_of(const Game *g, MatchSight sight)
{
    return (MatchView){g, sight};
}

bool view_all(const MatchView *v)
{
    return v->sight == MATCH_SIGHT_ALL;
}

const GamePiece *view_piece(const MatchView *v, int id)
{
    const GamePiece *p = game_piece(v->game, id);
    return p && (p->revealed || view_all(v)) ? p : NULL;
}

int view_piece_at(const MatchView *v, BoardPos pos)
{
    int id = game_piece_at(v->game, pos);
    return view_piece(v, id) ? id : -1;
}

bool view_square(const MatchView *v, BoardPos pos)
{
    return view_all(v) || game_square_revealed(v->game, pos);
}

bool view_furniture(const MatchView *v, const MissionFurniture *f)
{
    if (view_all(v))
        return true;
    for (int y = f->pos.y; y < f->pos.y + f->height; y++)
        for (int x = f->pos.x; x < f->pos.x + f->width; x++)
            if (game_square_revealed(v->game, (BoardPos){x, y}))
                return true;
    return false;
}

const GameDoor *view_door(const MatchView *v, size_t i)
{
    const GameDoor *d = i < game_door_count(v->game) ? game_door(v->game, i) : NULL;
    return d && (d->found || view_all(v)) ? d : NULL;
}

const GameTrap *view_trap(const MatchView *v, size_t i)
{
    const GameTrap *t = i < game_trap_count(v->game) ? game_trap(v->game, i) : NULL;
    return t && (t->found || view_all(v)) ? t : NULL;
}

bool view_treasure(const MatchView *v, size_t i)
{
    if (i >= game_mission(v->game)->treasure_count)
        return false;
    return view_all(v) || game_treasure_found(v->game, i);
}

/* The door or trap an event is about (its value), when it is about one. */
static bool thing_known(const MatchView *v, const GameEvent *e)
{
    switch (e->kind) {
    case EVENT_DOOR_OPENED:
    case EVENT_SECRET_DOOR_FOUND: return e->value >= 0 && view_door(v, (size_t)e->value);
    case EVENT_TRAP_FOUND:
    case EVENT_TRAP_SPRUNG:
    case EVENT_TRAP_DISARMED:
    case EVENT_DISARM_FAILED:
    case EVENT_JUMP: return e->value >= 0 && view_trap(v, (size_t)e->value);
    case EVENT_FIND: return e->treasure < 0 || view_treasure(v, (size_t)e->treasure);
    default: return true;
    }
}

bool view_event(const MatchView *v, const GameEvent *e)
{
    if (view_all(v))
        return true;
    if (e->piece >= 0 && !view_piece(v, e->piece))
        return false;
    if (e->target >= 0 && !view_piece(v, e->target))
        return false;
    return thing_known(v, e);
}

int view_id(const MatchView *v, GameIdKind kind, int index)
{
    return game_public_id(v->game, kind, index);
}

int view_index(const MatchView *v, GameIdKind kind, int id)
{
    return game_id_index(v->game, kind, id);
}

GameEvent view_told(const MatchView *v, const GameEvent *e)
{
    GameEvent told = *e;
    (void)game_event_public(v->game, &told);
    return told;
}

/* Seats: who plays which heroes or the monster side, whose turn it is,
 * and what each seat sees. */
#include "match_internal.h"

#include "../core/i18n.h"

#include <stdio.h>
#include <string.h>

static const char *const KIND_NAMES[MATCH_SEAT_KIND_COUNT] = {"heroes", "monsters", "spectator",
                                                               "debug"};
static const char *const CONTROL_NAMES[MATCH_CONTROL_COUNT] = {"local", "computer", "remote"};

const char *match_seat_kind_name(MatchSeatKind kind)
{
    return kind >= 0 && kind < MATCH_SEAT_KIND_COUNT ? KIND_NAMES[kind] : "?";
}

const char *match_controller_name(MatchController control)
{
    return control >= 0 && control < MATCH_CONTROL_COUNT ? CONTROL_NAMES[control] : "?";
}

void match_seats_default(Match *m)
{
    memset(m->seats, 0, sizeof m->seats);
    m->seats[0] = (MatchSeat){.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_LOCAL,
                              .heroes = MATCH_ALL_HEROES};
    m->seats[1] = (MatchSeat){.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER};
    m->seat_count = 2;
}

bool match_seats_valid(const MatchSeat *seats, int count, char *why, size_t why_size)
{
    if (count < 1 || count > MATCH_MAX_SEATS) {
        snprintf(why, why_size, _("a match has 1 to %d seats, not %d"), MATCH_MAX_SEATS, count);
        return false;
    }
    unsigned taken = 0;
    for (int i = 0; i < count; i++) {
        if (seats[i].kind < 0 || seats[i].kind >= MATCH_SEAT_KIND_COUNT ||
            seats[i].control < 0 || seats[i].control >= MATCH_CONTROL_COUNT) {
            snprintf(why, why_size, _("seat %d is of no known kind"), i);
            return false;
        }
        if (seats[i].kind != MATCH_SEAT_HEROES)
            continue;
        if (seats[i].heroes & taken) {
            snprintf(why, why_size, _("seat %d plays a hero another seat plays"), i);
            return false;
        }
        taken |= seats[i].heroes;
    }
    return true;
}

int match_seat_count(const Match *m)
{
    return m->seat_count;
}

const MatchSeat *match_seat(const Match *m, int i)
{
    return i >= 0 && i < m->seat_count ? &m->seats[i] : NULL;
}

bool match_set_seats(Match *m, const MatchSeat *seats, int count, char *why, size_t why_size)
{
    if (!match_seats_valid(seats, count, why, why_size))
        return false;
    memset(m->seats, 0, sizeof m->seats);
    memcpy(m->seats, seats, (size_t)count * sizeof *seats);
    m->seat_count = count;
    return true;
}

int match_seat_add(Match *m, const MatchSeat *seat, char *why, size_t why_size)
{
    MatchSeat all[MATCH_MAX_SEATS + 1];
    memcpy(all, m->seats, (size_t)m->seat_count * sizeof *all);
    all[m->seat_count] = *seat;
    if (!match_seats_valid(all, m->seat_count + 1, why, why_size))
        return -1;
    m->seats[m->seat_count] = *seat;
    return m->seat_count++;
}

bool match_seat_control(Match *m, int i, MatchController control, const char *name)
{
    if (i < 0 || i >= m->seat_count || control < 0 || control >= MATCH_CONTROL_COUNT)
        return false;
    m->seats[i].control = control;
    if (name)
        snprintf(m->seats[i].name, sizeof m->seats[i].name, "%s", name);
    return true;
}

int match_seat_of_hero(const Match *m, int hero)
{
    if (hero < 0 || hero >= GAME_MAX_HEROES)
        return -1;
    for (int i = 0; i < m->seat_count; i++)
        if (m->seats[i].kind == MATCH_SEAT_HEROES && (m->seats[i].heroes & (1u << hero)))
            return i;
    return -1;
}

int match_monster_seat(const Match *m)
{
    for (int i = 0; i < m->seat_count; i++)
        if (m->seats[i].kind == MATCH_SEAT_MONSTERS)
            return i;
    return -1;
}

int match_turn_seat(const Match *m)
{
    if (game_monsters_turn(m->game))
        return match_monster_seat(m);
    return match_seat_of_hero(m, game_current(m->game));
}

bool match_computer_monsters(const Match *m)
{
    int s = match_monster_seat(m);
    return s < 0 || m->seats[s].control == MATCH_CONTROL_COMPUTER;
}

/* The reasons a seat may not act are kept in parts (game_refuse): a
 * window, or an online player's, says them in its player's language. */
bool match_may_act(const Match *m, int seat, char *why, size_t why_size)
{
    const MatchSeat *s = match_seat(m, seat);
    if (!s)
        return game_refuse(why, why_size, "no such seat");
    bool monsters = game_monsters_turn(m->game);
    switch (s->kind) {
    case MATCH_SEAT_DEBUG: return true;
    case MATCH_SEAT_SPECTATOR: return game_refuse(why, why_size, "a spectator does not play");
    case MATCH_SEAT_MONSTERS:
        if (monsters || game_status(m->game) != GAME_STATUS_PLAYING)
            return true; /* over: the rules say so */
        return game_refuse(why, why_size, game_setup(m->game)->monster_player
                                              ? "it is the heroes' turn: the monsters wait for theirs"
                                              : "the monsters move in their own phase, by the rules");
    default: break;
    }
    if (monsters)
        return game_refuse(why, why_size, "it is the monsters' turn");
    /* Over, or between turns: the rules say why (the same words whoever
     * asks). */
    int hero = game_current(m->game);
    if (hero < 0 || hero >= GAME_MAX_HEROES || (s->heroes & (1u << hero)))
        return true;
    int other = match_seat_of_hero(m, hero);
    const char *player = other >= 0 ? m->seats[other].name : "";
    return game_refuse(why, why_size, "it is %s's turn, played by %s", game_piece_name(m->game, hero),
                       player[0] ? player : N_("another seat"));
}

MatchView match_view(const Match *m, int seat)
{
    const MatchSeat *s = match_seat(m, seat);
    bool all = s && (s->kind == MATCH_SEAT_MONSTERS || s->kind == MATCH_SEAT_DEBUG);
    return view_of(m->game, all ? MATCH_SIGHT_ALL : MATCH_SIGHT_HEROES);
}

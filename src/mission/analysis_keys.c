/* Locked doors that never open (analysis_internal.h): where each one's
 * key lies (behind which door, or why not), and the cycles of doors that
 * keep each other's keys. */
#include "analysis_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>

enum { KEY_OPENS, KEY_OWN, KEY_CYCLE, KEY_CHAIN, KEY_CORRIDOR, KEY_UNREACHED };

typedef struct Locks {
    int *next;     /* per door: the locked door its key lies behind, or -1 */
    uint8_t *kind; /* per door: KEY_* */
    int *stack;
} Locks;

/* Where each never-opening door's key is: behind which door, or why not. */
static void locks_next(const Analysis *a, Locks *l)
{
    const Mission *m = a->m;
    for (size_t d = 0; d < m->door_count; d++) {
        const MissionDoor *door = &m->doors[d];
        l->next[d] = -1;
        l->kind[d] = KEY_OPENS;
        if (door->kind != DOOR_LOCKED || door->open || door->key_treasure < 0 ||
            a->key_found[door->key_treasure])
            continue;
        int32_t room = m->treasure[door->key_treasure].room;
        Reach r = an_reach_room(a, room);
        if (an_corridor(a, room))
            l->kind[d] = KEY_CORRIDOR;
        else if (r.tier != TIER_FORCED || r.gate == 0 || r.gate >= GATE_TRAP)
            l->kind[d] = KEY_UNREACHED;
        else {
            l->kind[d] = KEY_CHAIN;
            l->next[d] = (int)r.gate - 1;
        }
    }
}

/* Doors whose keys lie behind each other form a functional graph (each
 * door points at one door): walk it iteratively and mark its cycles. */
static void locks_cycles(const Analysis *a, Locks *l)
{
    size_t n = a->m->door_count;
    uint8_t *state = xcalloc(n + 1, 1); /* 0 new, 1 on the walk, 2 done */
    for (size_t start = 0; start < n; start++) {
        int depth = 0;
        int d = (int)start;
        while (d >= 0 && state[d] == 0 && l->kind[d] == KEY_CHAIN) {
            state[d] = 1;
            l->stack[depth++] = d;
            d = l->next[d];
        }
        if (d >= 0 && state[d] == 1) { /* a cycle from d to the top of the walk */
            int k = depth - 1;
            while (l->stack[k] != d)
                k--;
            for (int j = k; j < depth; j++)
                l->kind[l->stack[j]] = depth - k == 1 ? KEY_OWN : KEY_CYCLE;
        }
        for (int j = 0; j < depth; j++)
            state[l->stack[j]] = 2;
    }
    free(state);
}

/* The lines of the doors in d's cycle, in file order, "12, 30 and 41". */
static void cycle_lines(const Analysis *a, const Locks *l, int d, char *buf, size_t size)
{
    size_t n = 0;
    int lines[64];
    for (int e = d; n < 64;) {
        lines[n++] = a->m->doors[e].line;
        e = l->next[e];
        if (e == d)
            break;
    }
    for (size_t i = 1; i < n; i++) /* a few doors: insertion sort */
        for (size_t j = i; j > 0 && lines[j - 1] > lines[j]; j--) {
            int t = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = t;
        }
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d", i == 0 ? "" : i + 1 == n ? _(" and ") : ", ",
                                lines[i]);
}

void an_check_locks(Analysis *a)
{
    const Mission *m = a->m;
    Locks l = {xmalloc(m->door_count + 1, sizeof *l.next), xmalloc(m->door_count + 1, 1),
               xmalloc(m->door_count + 1, sizeof *l.stack)};
    locks_next(a, &l);
    locks_cycles(a, &l);
    for (size_t d = 0; d < m->door_count; d++) {
        const MissionDoor *door = &m->doors[d];
        if (l.kind[d] == KEY_OPENS)
            continue;
        const MissionTreasure *key = &m->treasure[door->key_treasure];
        char text[768], lines[256];
        switch (l.kind[d]) {
        case KEY_OWN:
            snprintf(text, sizeof text, _("the key '%s' (line %d) lies behind this locked door: it "
                     "can never be opened"), key->id, key->line);
            break;
        case KEY_CYCLE:
            cycle_lines(a, &l, (int)d, lines, sizeof lines);
            snprintf(text, sizeof text, _("the key '%s' (line %d) lies behind the locked door on "
                     "line %d: the locked doors on lines %s each keep another's key, so none of "
                     "them ever opens"), key->id, key->line, m->doors[l.next[d]].line, lines);
            break;
        case KEY_CHAIN:
            snprintf(text, sizeof text, _("the key '%s' (line %d) lies behind the locked door on "
                     "line %d, which never opens: neither does this one"), key->id, key->line,
                     m->doors[l.next[d]].line);
            break;
        case KEY_CORRIDOR:
            snprintf(text, sizeof text, _("the key '%s' (line %d) lies in a corridor, where searching "
                     "finds no treasure: this door never opens"), key->id, key->line);
            break;
        default:
            snprintf(text, sizeof text, _("no hero can reach the room of the key '%s' (line %d): "
                     "this door never opens"), key->id, key->line);
            break;
        }
        an_warn_at(a, door->line, text);
    }
    free(l.next);
    free(l.kind);
    free(l.stack);
}

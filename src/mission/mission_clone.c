/* A deep copy of a mission's description (mission_clone in mission.h).
 * Kept field for field in step with mission_destroy: whatever that frees,
 * this copies. */
#include "mission.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

/* A copy of n elements of size bytes (NULL when n is 0). */
static void *dup_array(const void *p, size_t n, size_t size)
{
    if (!n || !p)
        return NULL;
    void *c = xmalloc(n, size);
    memcpy(c, p, n * size);
    return c;
}

Mission *mission_clone(const Mission *m)
{
    Mission *c = xmalloc(1, sizeof *c);
    *c = *m;
    c->path = dup_or_null(m->path);
    c->dir = dup_or_null(m->dir);
    c->bitmap_path = dup_or_null(m->bitmap_path);
    c->bitmap_name = dup_or_null(m->bitmap_name);
    c->name = dup_or_null(m->name);
    c->briefing = dup_or_null(m->briefing);
    c->victory_text = dup_or_null(m->victory_text);
    c->defeat_text = dup_or_null(m->defeat_text);
    c->board = NULL;
    c->catalogue = m->catalogue ? catalogue_clone(m->catalogue) : NULL;
    c->palette = dup_array(m->palette, m->palette_count, sizeof *m->palette);
    c->heroes = dup_array(m->heroes, m->hero_count, sizeof *m->heroes);
    c->monsters = dup_array(m->monsters, m->monster_count, sizeof *m->monsters);
    c->doors = dup_array(m->doors, m->door_count, sizeof *m->doors);
    c->furniture = dup_array(m->furniture, m->furniture_count, sizeof *m->furniture);
    c->rubble = dup_array(m->rubble, m->rubble_count, sizeof *m->rubble);
    c->traps = dup_array(m->traps, m->trap_count, sizeof *m->traps);
    c->treasure = dup_array(m->treasure, m->treasure_count, sizeof *m->treasure);
    c->exits = dup_array(m->exits, m->exit_count, sizeof *m->exits);
    c->objectives = dup_array(m->objectives, m->objective_count, sizeof *m->objectives);
    c->notes = dup_array(m->notes, m->note_count, sizeof *m->notes);
    for (size_t i = 0; i < m->note_count; i++)
        c->notes[i].text = dup_or_null(m->notes[i].text);
    c->translations = dup_array(m->translations, m->translation_count, sizeof *m->translations);
    for (size_t i = 0; i < m->translation_count; i++)
        c->translations[i].text = dup_or_null(m->translations[i].text);
    c->load_warnings = m->load_warning_count
                           ? xmalloc(m->load_warning_count, sizeof *c->load_warnings)
                           : NULL;
    for (size_t i = 0; i < m->load_warning_count; i++)
        c->load_warnings[i] = xstrdup(m->load_warnings[i]);
    c->art_dir = dup_or_null(m->art_dir);
    c->own_types = dup_array(m->own_types, m->own_type_count, sizeof *m->own_types);
    c->sprites_dir = dup_or_null(m->sprites_dir);
    return c;
}

/* assets/sounds.xml into tables. The schema checks the shapes, effect ids
 * and cue references; this file checks event names against the rules'. */
#include "soundmap.h"
#include "core/i18n.h"

#include "core/alloc.h"
#include "mission/xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct SoundMap {
    SoundEffect *effects;
    size_t effect_count;
    SoundMood *moods;
    size_t mood_count;
    SoundCue *cues;
    size_t cue_count;
    int default_mood;
};

static float attr_gain(const xmlNode *n)
{
    char buf[32];
    if (!xmldoc_attr(n, "gain", buf, sizeof buf))
        return 1.0f;
    float g = strtof(buf, NULL);
    return g < 0 ? 0.0f : g > 1 ? 1.0f : g;
}

static void read_effect(SoundMap *map, const xmlNode *n)
{
    SoundEffect *e = &map->effects[map->effect_count++];
    xmldoc_attr(n, "id", e->id, sizeof e->id);
    xmldoc_attr(n, "file", e->file, sizeof e->file);
    e->gain = attr_gain(n);
}

static void read_mood(SoundMap *map, const xmlNode *n)
{
    SoundMood *m = &map->moods[map->mood_count++];
    xmldoc_attr(n, "mood", m->id, sizeof m->id);
    xmldoc_attr(n, "file", m->file, sizeof m->file);
    m->gain = attr_gain(n);
}

static int event_kind(const char *name)
{
    for (int k = 0; k < EVENT_KIND_COUNT; k++)
        if (strcmp(name, game_event_name((EventKind)k)) == 0)
            return k;
    return -1;
}

static void read_cue(SoundMap *map, const xmlNode *n, const char *file, ErrorList *errs)
{
    char event[48], when[16], side[16], value[16], sound[SOUNDMAP_ID_MAX], music[16];
    int line = xmldoc_line(n);
    xmldoc_attr(n, "event", event, sizeof event);
    int kind = event_kind(event);
    if (kind < 0) {
        errors_add_at(errs, file, line, _("no game event is called '%s' (see docs/protocol.md)"), event);
        return;
    }
    SoundCue c = {.event = (EventKind)kind, .side = -1, .value = -1, .effect = -1, .line = line};
    if (xmldoc_attr(n, "when", when, sizeof when))
        c.when = strcmp(when, "landed") == 0 ? SOUND_LANDED : SOUND_SHOWN;
    if (xmldoc_attr(n, "side", side, sizeof side))
        c.side = strcmp(side, "hero") == 0 ? GAME_SIDE_HEROES : GAME_SIDE_MONSTERS;
    if (xmldoc_attr(n, "value", value, sizeof value))
        c.value = strcmp(value, "positive") == 0;
    if (xmldoc_attr(n, "sound", sound, sizeof sound)) {
        c.effect = soundmap_find_effect(map, sound);
        if (c.effect < 0) {
            errors_add_at(errs, file, line, _("no effect is called '%s'"), sound);
            return;
        }
    }
    c.stop_music = xmldoc_attr(n, "music", music, sizeof music) && strcmp(music, "stop") == 0;
    map->cues[map->cue_count++] = c;
}

/* Counts the children named name (to size the tables once). */
static size_t count_children(const xmlNode *root, const char *name)
{
    size_t n = 0;
    for (const xmlNode *c = root->children; c; c = c->next)
        n += xmldoc_is(c, name);
    return n;
}

static void read_all(SoundMap *map, const xmlNode *root, const char *file, ErrorList *errs)
{
    map->effects = xcalloc(count_children(root, "effect") + 1, sizeof *map->effects);
    map->moods = xcalloc(count_children(root, "music") + 1, sizeof *map->moods);
    map->cues = xcalloc(count_children(root, "cue") + 1, sizeof *map->cues);
    for (const xmlNode *c = root->children; c; c = c->next) {
        if (xmldoc_is(c, "effect"))
            read_effect(map, c);
        else if (xmldoc_is(c, "music"))
            read_mood(map, c);
    }
    /* cues after every effect, so they can name any of them */
    for (const xmlNode *c = root->children; c; c = c->next)
        if (xmldoc_is(c, "cue"))
            read_cue(map, c, file, errs);
    char mood[SOUNDMAP_ID_MAX];
    xmldoc_attr(root, "default-mood", mood, sizeof mood);
    map->default_mood = -1;
    for (size_t i = 0; i < map->mood_count; i++)
        if (strcmp(map->moods[i].id, mood) == 0)
            map->default_mood = (int)i;
    if (map->default_mood < 0)
        errors_add_at(errs, file, xmldoc_line(root), _("the default mood '%s' has no <music>"), mood);
}

SoundMap *soundmap_load(const char *path, ErrorList *errs)
{
    char schema[4096];
    const char *slash = strrchr(path, '/');
    snprintf(schema, sizeof schema, "%.*ssounds.xsd", slash ? (int)(slash - path + 1) : 0, path);
    size_t before = errors_total(errs);
    xmlDoc *doc = xmldoc_read(path, schema, NULL, NULL, errs);
    if (!doc)
        return NULL;
    SoundMap *map = xcalloc(1, sizeof *map);
    read_all(map, xmlDocGetRootElement(doc), path, errs);
    xmlFreeDoc(doc);
    if (errors_total(errs) != before) {
        soundmap_destroy(map);
        return NULL;
    }
    return map;
}

void soundmap_destroy(SoundMap *map)
{
    if (!map)
        return;
    free(map->effects);
    free(map->moods);
    free(map->cues);
    free(map);
}

size_t soundmap_effect_count(const SoundMap *map)
{
    return map->effect_count;
}

const SoundEffect *soundmap_effect(const SoundMap *map, size_t i)
{
    return i < map->effect_count ? &map->effects[i] : NULL;
}

int soundmap_find_effect(const SoundMap *map, const char *id)
{
    for (size_t i = 0; i < map->effect_count; i++)
        if (strcmp(map->effects[i].id, id) == 0)
            return (int)i;
    return -1;
}

size_t soundmap_mood_count(const SoundMap *map)
{
    return map->mood_count;
}

const SoundMood *soundmap_mood(const SoundMap *map, size_t i)
{
    return i < map->mood_count ? &map->moods[i] : NULL;
}

int soundmap_find_mood(const SoundMap *map, const char *id)
{
    if (!id || !id[0])
        return map->default_mood;
    for (size_t i = 0; i < map->mood_count; i++)
        if (strcmp(map->moods[i].id, id) == 0)
            return (int)i;
    return -1;
}

const SoundCue *soundmap_match(const SoundMap *map, EventKind event, SoundMoment when, int side,
                               int value)
{
    for (size_t i = 0; i < map->cue_count; i++) {
        const SoundCue *c = &map->cues[i];
        if (c->event != event || c->when != when)
            continue;
        if (c->side >= 0 && c->side != side)
            continue;
        if (c->value >= 0 && c->value != (value > 0))
            continue;
        return c;
    }
    return NULL;
}

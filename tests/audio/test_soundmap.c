/* assets/sounds.xml: it loads, covers every mood of the schema and every
 * event the issue names, its files exist, cues match as documented, and
 * a damaged map is refused with file and line. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "audio/soundmap.h"
#include "audio/sound.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static char assets[4096];

static SoundMap *load(const char *path, ErrorList *errs)
{
    errors_init(errs, 0);
    SoundMap *m = soundmap_load(path, errs);
    for (size_t i = 0; i < errs->count; i++)
        fprintf(stderr, "  %s\n", errs->items[i]);
    return m;
}

/* The Mood values of common.xsd, read from the schema itself so a mood
 * added there without music fails here. */
static size_t schema_moods(char moods[][SOUNDMAP_ID_MAX], size_t max)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/common.xsd", assets);
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    CHECK(doc != NULL);
    size_t n = 0;
    for (xmlNode *t = doc ? xmlDocGetRootElement(doc)->children : NULL; t; t = t->next) {
        xmlChar *name = t->type == XML_ELEMENT_NODE ? xmlGetProp(t, (const xmlChar *)"name") : NULL;
        bool mood = name && strcmp((const char *)name, "Mood") == 0;
        xmlFree(name);
        for (xmlNode *r = mood ? t->children : NULL; r; r = r->next)
            for (xmlNode *e = r->children; e; e = e->next) {
                xmlChar *v = e->type == XML_ELEMENT_NODE ? xmlGetProp(e, (const xmlChar *)"value") : NULL;
                if (v && n < max)
                    snprintf(moods[n++], SOUNDMAP_ID_MAX, "%s", (const char *)v);
                xmlFree(v);
            }
    }
    xmlFreeDoc(doc);
    return n;
}

static const SoundEffect *cue_effect(const SoundMap *m, EventKind k, SoundMoment when, int side, int value)
{
    const SoundCue *c = soundmap_match(m, k, when, side, value);
    return c && c->effect >= 0 ? soundmap_effect(m, (size_t)c->effect) : NULL;
}

static void test_bundled(void)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/sounds.xml", assets);
    ErrorList errs;
    SoundMap *m = load(path, &errs);
    CHECK(m != NULL);
    errors_clear(&errs);
    if (!m)
        return;
    /* every effect's file is there and decodes */
    for (size_t i = 0; i < soundmap_effect_count(m); i++) {
        const SoundEffect *e = soundmap_effect(m, i);
        char file[4300], err[256];
        snprintf(file, sizeof file, "%s/sounds/%s", assets, e->file);
        MixSound s;
        bool ok = sound_load(file, 22050, &s, err, sizeof err);
        if (!ok)
            fprintf(stderr, "  %s: %s\n", file, err);
        CHECK(ok);
        /* effects are short */
        CHECK(s.frames < 22050 * 4);
        sound_free(&s);
    }
    /* every mood of the schema has music (a file unless it is "none") */
    char moods[32][SOUNDMAP_ID_MAX];
    size_t n = schema_moods(moods, 32);
    CHECK(n >= 5);
    for (size_t i = 0; i < n; i++) {
        int k = soundmap_find_mood(m, moods[i]);
        CHECK(k >= 0);
        if (k < 0)
            continue;
        const SoundMood *md = soundmap_mood(m, (size_t)k);
        CHECK((strcmp(moods[i], "none") == 0) == (md->file[0] == '\0'));
        if (!md->file[0])
            continue;
        char file[4300], err[256];
        snprintf(file, sizeof file, "%s/sounds/%s", assets, md->file);
        MixSound s;
        CHECK(sound_load(file, 22050, &s, err, sizeof err));
        CHECK(s.frames > 22050 * 8); /* a loop of some seconds */
        sound_free(&s);
    }
    CHECK_INT(soundmap_find_mood(m, NULL), soundmap_find_mood(m, "dungeon"));
    CHECK_INT(soundmap_find_mood(m, ""), soundmap_find_mood(m, "dungeon"));
    CHECK_INT(soundmap_find_mood(m, "disco"), -1);
    /* the list: dice, steps, doors, hits, misses, deaths, spells,
     * traps, treasure, victory and defeat */
    CHECK(cue_effect(m, EVENT_ROLL, SOUND_SHOWN, GAME_SIDE_HEROES, 7) != NULL);
    CHECK(cue_effect(m, EVENT_STEP, SOUND_SHOWN, GAME_SIDE_MONSTERS, 0) != NULL);
    CHECK(cue_effect(m, EVENT_DOOR_OPENED, SOUND_SHOWN, GAME_SIDE_HEROES, 0) != NULL);
    const SoundEffect *hit = cue_effect(m, EVENT_ATTACK, SOUND_LANDED, GAME_SIDE_HEROES, 2);
    const SoundEffect *miss = cue_effect(m, EVENT_ATTACK, SOUND_LANDED, GAME_SIDE_HEROES, 0);
    CHECK(hit && miss && hit != miss);
    CHECK(hit && strcmp(hit->id, "hit") == 0);
    CHECK(cue_effect(m, EVENT_ATTACK, SOUND_SHOWN, GAME_SIDE_HEROES, 0) != NULL); /* the dice */
    const SoundEffect *hero = cue_effect(m, EVENT_DEATH, SOUND_SHOWN, GAME_SIDE_HEROES, 0);
    const SoundEffect *monster = cue_effect(m, EVENT_DEATH, SOUND_SHOWN, GAME_SIDE_MONSTERS, 0);
    CHECK(hero && monster && hero != monster);
    CHECK(cue_effect(m, EVENT_CAST, SOUND_SHOWN, GAME_SIDE_HEROES, 0) != NULL);
    CHECK(cue_effect(m, EVENT_TRAP_SPRUNG, SOUND_SHOWN, GAME_SIDE_HEROES, 0) != NULL);
    CHECK(cue_effect(m, EVENT_FIND, SOUND_SHOWN, GAME_SIDE_HEROES, 25) != NULL);
    const SoundCue *win = soundmap_match(m, EVENT_VICTORY, SOUND_SHOWN, -1, 0);
    const SoundCue *lose = soundmap_match(m, EVENT_DEFEAT, SOUND_SHOWN, -1, 0);
    CHECK(win && win->effect >= 0 && win->stop_music);
    CHECK(lose && lose->effect >= 0 && lose->stop_music && lose->effect != win->effect);
    /* a hero's turn is silent; a step makes no second sound as it lands */
    CHECK(soundmap_match(m, EVENT_TURN, SOUND_SHOWN, GAME_SIDE_HEROES, 1) == NULL);
    CHECK(soundmap_match(m, EVENT_STEP, SOUND_LANDED, GAME_SIDE_HEROES, 0) == NULL);
    soundmap_destroy(m);
}

/* Writes text as sounds.xml in a folder with the real schemas. */
static void write_map(const char *dir, const char *text)
{
    char path[4300];
    const char *files[] = {"sounds.xsd", "common.xsd"};
    for (int i = 0; i < 2; i++) {
        char from[4300];
        snprintf(from, sizeof from, "%s/%s", assets, files[i]);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
        CHECK(symlink(from, path) == 0);
    }
    snprintf(path, sizeof path, "%s/sounds.xml", dir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static void expect_error(const char *dir, const char *text, const char *needle)
{
    write_map(dir, text);
    char path[4300];
    snprintf(path, sizeof path, "%s/sounds.xml", dir);
    ErrorList errs;
    errors_init(&errs, 0);
    SoundMap *m = soundmap_load(path, &errs);
    CHECK(m == NULL);
    CHECK(errs.count > 0);
    if (errs.count > 0)
        CHECK_STR_CONTAINS(errs.items[0], needle);
    else
        fprintf(stderr, "  expected an error with '%s'\n", needle);
    soundmap_destroy(m);
    errors_clear(&errs);
}

#define HEAD "<?xml version=\"1.0\"?>\n<sounds version=\"1\" default-mood=\"dungeon\">\n" \
             "<effect id=\"a\" file=\"a.wav\" gain=\"0.5\"/>\n<effect id=\"b\" file=\"b.wav\"/>\n" \
             "<music mood=\"dungeon\" file=\"m.wav\"/>\n"

static void test_damaged(void)
{
    char dir[4096];
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(dir, sizeof dir, "%s/qb_soundmap_%d", tmp, (int)getpid());
    mkdir(dir, 0700);
    /* a good small map: order decides, conditions filter */
    write_map(dir, HEAD "<cue event=\"attack\" when=\"landed\" value=\"positive\" sound=\"a\"/>\n"
                        "<cue event=\"attack\" when=\"landed\" sound=\"b\"/>\n"
                        "<cue event=\"death\" side=\"hero\" sound=\"a\"/>\n"
                        "<cue event=\"victory\" music=\"stop\"/>\n</sounds>\n");
    char path[4300];
    snprintf(path, sizeof path, "%s/sounds.xml", dir);
    ErrorList errs;
    SoundMap *m = load(path, &errs);
    CHECK(m != NULL);
    errors_clear(&errs);
    if (m) {
        CHECK(soundmap_effect(m, 0)->gain > 0.49f && soundmap_effect(m, 0)->gain < 0.51f);
        CHECK(soundmap_effect(m, 1)->gain == 1.0f);
        CHECK_INT(soundmap_match(m, EVENT_ATTACK, SOUND_LANDED, 0, 3)->effect, 0);
        CHECK_INT(soundmap_match(m, EVENT_ATTACK, SOUND_LANDED, 0, 0)->effect, 1);
        CHECK(soundmap_match(m, EVENT_ATTACK, SOUND_SHOWN, 0, 3) == NULL);
        CHECK(soundmap_match(m, EVENT_DEATH, SOUND_SHOWN, GAME_SIDE_HEROES, 0) != NULL);
        CHECK(soundmap_match(m, EVENT_DEATH, SOUND_SHOWN, GAME_SIDE_MONSTERS, 0) == NULL);
        CHECK(soundmap_match(m, EVENT_DEATH, SOUND_SHOWN, -1, 0) == NULL);
        const SoundCue *v = soundmap_match(m, EVENT_VICTORY, SOUND_SHOWN, -1, 0);
        CHECK(v && v->effect == -1 && v->stop_music && v->line == 9);
        soundmap_destroy(m);
    }
    expect_error(dir, HEAD "<cue event=\"explode\" sound=\"a\"/>\n</sounds>\n",
                 "sounds.xml:6: no game event is called 'explode'");
    expect_error(dir, HEAD "<cue event=\"step\" sound=\"zz\"/>\n</sounds>\n", "sounds.xml:6:");
    expect_error(dir, HEAD "<effect id=\"c\" file=\"../x.wav\"/>\n</sounds>\n", "sounds.xml:6:");
    expect_error(dir, HEAD "<effect id=\"a\" file=\"c.wav\"/>\n</sounds>\n", "sounds.xml:6:");
    expect_error(dir, "<?xml version=\"1.0\"?>\n<sounds version=\"1\" default-mood=\"crypt\">\n"
                      "<effect id=\"a\" file=\"a.wav\"/>\n<music mood=\"dungeon\" file=\"m.wav\"/>\n"
                      "</sounds>\n",
                 "sounds.xml:2: the default mood 'crypt' has no <music>");
    expect_error(dir, HEAD "<music mood=\"dungeon\" file=\"n.wav\"/>\n</sounds>\n", "sounds.xml:6:");
    expect_error(dir, HEAD "<cue event=\"step\" sound=\"a\"", "sounds.xml:");
    const char *names[] = {"sounds.xml", "sounds.xsd", "common.xsd"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* The <music mood> of a bundled mission file ("" when it names none). */
static void mission_mood(const char *path, char *mood, size_t size)
{
    mood[0] = '\0';
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    CHECK(doc != NULL);
    for (xmlNode *n = doc ? xmlDocGetRootElement(doc)->children : NULL; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "music") != 0)
            continue;
        xmlChar *v = xmlGetProp(n, (const xmlChar *)"mood");
        snprintf(mood, size, "%s", v ? (const char *)v : "");
        xmlFree(v);
    }
    xmlFreeDoc(doc);
}

/* Every bundled mission names its mood, and that mood has music. */
static void test_mission_moods(void)
{
    static const char *const missions[] = {
        "first-light", "the-drowned-archive", "bone-orchard",
        "campaigns/ashen-crown/1-toll-house", "campaigns/ashen-crown/2-sunken-chapel",
        "campaigns/ashen-crown/3-kel-durn", "campaigns/ashen-crown/4-star-tower",
        "campaigns/ashen-crown/5-ashen-throne"};
    char path[4200], mood[SOUNDMAP_ID_MAX];
    snprintf(path, sizeof path, "%s/sounds.xml", assets);
    ErrorList errs;
    SoundMap *m = load(path, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    int moods_used[8] = {0};
    for (size_t i = 0; m && i < sizeof missions / sizeof *missions; i++) {
        snprintf(path, sizeof path, "%s/../missions/%s/mission.xml", assets, missions[i]);
        mission_mood(path, mood, sizeof mood);
        int k = soundmap_find_mood(m, mood);
        if (!mood[0] || k < 0 || !soundmap_mood(m, (size_t)k)->file[0])
            fprintf(stderr, "  %s: mood '%s' has no music\n", missions[i], mood);
        CHECK(mood[0] && k >= 0 && soundmap_mood(m, (size_t)k)->file[0]);
        if (k >= 0 && k < 8)
            moods_used[k] = 1;
    }
    int distinct = 0;
    for (int k = 0; k < 8; k++)
        distinct += moods_used[k];
    CHECK(distinct >= 4); /* the missions do not all sound alike */
    soundmap_destroy(m);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    snprintf(assets, sizeof assets, "%s/assets", root ? root : ".");
    test_bundled();
    test_mission_moods();
    test_damaged();
    return check_finish("soundmap");
}

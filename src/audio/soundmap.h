/* What sounds the game has and when it plays them: assets/sounds.xml,
 * validated against assets/sounds.xsd.
 *
 * The file lists the effects (id, WAV file, gain), the music of each mood
 * (a looping WAV and its gain, or none) and the cues: which effect a game
 * event plays, when (as it is shown, or once its dice have landed) and
 * under which conditions (the side of the piece that did it, whether the
 * event's value is positive). The event -> sound mapping is this data,
 * not code: soundmap_match picks the first cue that fits.
 *
 * No SDL: the files are only named here; audio.c loads them.
 */
#pragma once

#include "mission/errors.h"
#include "rules/game.h"

#include <stdbool.h>
#include <stddef.h>

#define SOUNDMAP_ID_MAX 32
#define SOUNDMAP_FILE_MAX 48

typedef enum SoundMoment { SOUND_SHOWN, SOUND_LANDED, SOUND_MOMENT_COUNT } SoundMoment;

typedef struct SoundEffect {
    char id[SOUNDMAP_ID_MAX];
    char file[SOUNDMAP_FILE_MAX]; /* a plain name in assets/sounds/ */
    float gain;
} SoundEffect;

typedef struct SoundMood {
    char id[SOUNDMAP_ID_MAX];
    char file[SOUNDMAP_FILE_MAX]; /* "": the mood is silent */
    float gain;
} SoundMood;

typedef struct SoundCue {
    EventKind event;
    SoundMoment when;
    int side;       /* a GameSide, or -1: either */
    int value;      /* 1: value > 0, 0: value == 0, -1: any */
    int effect;     /* index into the effects, or -1: none */
    bool stop_music;
    int line;
} SoundCue;

typedef struct SoundMap SoundMap;

/* Loads path (its schema is sounds.xsd beside it). NULL with every
 * problem in errs as "FILE:LINE: message". */
SoundMap *soundmap_load(const char *path, ErrorList *errs);

/* Frees it; NULL does nothing. */
void soundmap_destroy(SoundMap *map);

size_t soundmap_effect_count(const SoundMap *map);
const SoundEffect *soundmap_effect(const SoundMap *map, size_t i);
/* Index of the effect with this id, or -1. */
int soundmap_find_effect(const SoundMap *map, const char *id);

size_t soundmap_mood_count(const SoundMap *map);
const SoundMood *soundmap_mood(const SoundMap *map, size_t i);
/* Index of the mood with this id; NULL or "" gives the default mood; -1
 * when there is no such mood. */
int soundmap_find_mood(const SoundMap *map, const char *id);

/* The first cue for event at moment whose conditions hold for side (a
 * GameSide, or -1 when no piece did it) and value; NULL: silence. */
const SoundCue *soundmap_match(const SoundMap *map, EventKind event, SoundMoment when, int side,
                               int value);

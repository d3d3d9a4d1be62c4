/* The audio device and the sounds it plays. The mixer runs on SDL's
 * audio thread (feed); every other mixer call here holds the device
 * lock. */
#include "audio.h"
#include "core/i18n.h"

#include "mixer.h"
#include "sound.h"
#include "soundmap.h"

#include "core/alloc.h"

#include <SDL.h>

#include <stdio.h>
#include <string.h>

#define MUSIC_FADE 2.0      /* seconds a mood's music fades in or out */
#define MUSIC_END_FADE 1.0  /* the music gives way to victory or defeat */

struct Audio {
    SDL_AudioDeviceID dev; /* 0: silent */
    int channels;
    Mixer *mixer;
    SoundMap *map;
    MixSound *effects;  /* one per soundmap effect (empty when it did not load) */
    MixSound *music;    /* one per mood, loaded when first played */
    bool *music_tried;
    char sounds_dir[4096];
    char data_dir[4096];
    bool tried;         /* audio_open has run (the device opened or not) */
    AudioVolumes volumes; /* the last audio_set_volumes (muted before any) */
    char wanted[128];   /* the mood asked for while the device was closed */
    bool wanted_named, wanted_on; /* a name in wanted (else the default); music asked for */
    int mood;           /* the mood playing, -1: none */
    unsigned token;     /* audio_set_mood calls so far */
};

static void feed(void *userdata, Uint8 *stream, int len)
{
    Audio *a = userdata;
    size_t frames = (size_t)len / sizeof(int16_t) / (size_t)a->channels;
    mixer_mix(a->mixer, (int16_t *)(void *)stream, frames, a->channels);
}

static bool open_device(Audio *a)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
        return false;
    SDL_AudioSpec want = {.freq = AUDIO_RATE, .format = AUDIO_S16SYS, .channels = 1,
                          .samples = 512, .callback = feed, .userdata = a};
    SDL_AudioSpec have;
    /* no changes allowed: SDL converts our mono 16-bit to the device's */
    a->dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (!a->dev) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return false;
    }
    a->channels = have.channels > 0 ? have.channels : 1;
    return true;
}

static bool load_sound(const Audio *a, const char *file, MixSound *out)
{
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/%s", a->sounds_dir, file);
    if (sound_load(path, AUDIO_RATE, out, err, sizeof err))
        return true;
    fprintf(stderr, _("questboard: %s: %s; that sound stays silent\n"), path, err);
    return false;
}

static void load_map(Audio *a, const char *data_dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/assets/sounds.xml", data_dir);
    snprintf(a->sounds_dir, sizeof a->sounds_dir, "%s/assets/sounds", data_dir);
    ErrorList errs;
    errors_init(&errs, 0);
    a->map = soundmap_load(path, &errs);
    for (size_t i = 0; i < errs.count; i++)
        fprintf(stderr, "questboard: %s\n", errs.items[i]);
    if (!a->map)
        fprintf(stderr, _("questboard: no sounds: %s cannot be read\n"), path);
    errors_clear(&errs);
    if (!a->map)
        return;
    size_t n = soundmap_effect_count(a->map), moods = soundmap_mood_count(a->map);
    a->effects = xcalloc(n + 1, sizeof *a->effects);
    a->music = xcalloc(moods + 1, sizeof *a->music);
    a->music_tried = xcalloc(moods + 1, sizeof *a->music_tried);
    for (size_t i = 0; i < n; i++)
        load_sound(a, soundmap_effect(a->map, i)->file, &a->effects[i]);
}

/* 0..100 to a gain: squared, so the slider's middle sounds like half. */
static float curve(int v)
{
    float f = (v < 0 ? 0 : v > 100 ? 100 : v) / 100.0f;
    return f * f;
}

Audio *audio_create_closed(const char *data_dir)
{
    Audio *a = xcalloc(1, sizeof *a);
    a->mixer = mixer_create(AUDIO_RATE);
    a->mood = -1;
    a->volumes.mute = true;
    snprintf(a->data_dir, sizeof a->data_dir, "%s", data_dir ? data_dir : ".");
    return a;
}

static void apply_volumes(Audio *a)
{
    const AudioVolumes *v = &a->volumes;
    SDL_LockAudioDevice(a->dev);
    mixer_set_volumes(a->mixer, curve(v->master), curve(v->effects), curve(v->music), v->mute);
    SDL_UnlockAudioDevice(a->dev);
}

static void set_music(Audio *a, int mood, double fade);

static int find_mood(const Audio *a, const char *mood)
{
    int i = soundmap_find_mood(a->map, mood);
    return i >= 0 ? i : soundmap_find_mood(a->map, NULL);
}

void audio_open(Audio *a)
{
    if (!a || a->tried)
        return;
    a->tried = true;
    if (!open_device(a))
        return; /* no sound on this machine: silent, and no message */
    load_map(a, a->data_dir);
    apply_volumes(a);
    if (a->map && a->wanted_on) /* a game screen opened before the device */
        set_music(a, find_mood(a, a->wanted_named ? a->wanted : NULL), MUSIC_FADE);
    SDL_PauseAudioDevice(a->dev, 0);
}

Audio *audio_create(const char *data_dir)
{
    Audio *a = audio_create_closed(data_dir);
    audio_open(a);
    return a;
}

void audio_destroy(Audio *a)
{
    if (!a)
        return;
    if (a->dev) {
        SDL_CloseAudioDevice(a->dev); /* the callback has stopped when this returns */
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    size_t n = a->map ? soundmap_effect_count(a->map) : 0;
    size_t moods = a->map ? soundmap_mood_count(a->map) : 0;
    for (size_t i = 0; i < n; i++)
        sound_free(&a->effects[i]);
    for (size_t i = 0; i < moods; i++)
        sound_free(&a->music[i]);
    free(a->effects);
    free(a->music);
    free(a->music_tried);
    soundmap_destroy(a->map);
    mixer_destroy(a->mixer);
    free(a);
}

bool audio_active(const Audio *a)
{
    return a && a->dev != 0;
}

void audio_set_volumes(Audio *a, const AudioVolumes *v)
{
    if (!a)
        return;
    a->volumes = *v;
    if (a->dev)
        apply_volumes(a);
}

/* The mood's loop, loaded on first use (NULL: silent or damaged). */
static const MixSound *mood_music(Audio *a, int mood)
{
    const SoundMood *m = soundmap_mood(a->map, (size_t)mood);
    if (!m || !m->file[0])
        return NULL;
    if (!a->music_tried[mood]) {
        a->music_tried[mood] = true;
        load_sound(a, m->file, &a->music[mood]);
    }
    return a->music[mood].frames ? &a->music[mood] : NULL;
}

static void set_music(Audio *a, int mood, double fade)
{
    const MixSound *s = mood >= 0 ? mood_music(a, mood) : NULL;
    float gain = mood >= 0 ? soundmap_mood(a->map, (size_t)mood)->gain : 0.0f;
    a->mood = mood;
    SDL_LockAudioDevice(a->dev);
    mixer_set_music(a->mixer, s, gain, fade);
    SDL_UnlockAudioDevice(a->dev);
}

unsigned audio_set_mood(Audio *a, const char *mood)
{
    if (!a)
        return 0;
    a->token++;
    a->wanted_on = true;
    a->wanted_named = mood != NULL;
    snprintf(a->wanted, sizeof a->wanted, "%s", mood ? mood : "");
    if (!a->dev || !a->map)
        return a->token;
    int i = find_mood(a, mood);
    if (i != a->mood)
        set_music(a, i, MUSIC_FADE);
    return a->token;
}

void audio_release_mood(Audio *a, unsigned token)
{
    if (!a || token != a->token)
        return;
    a->wanted_on = false;
    if (!a->dev || !a->map || a->mood < 0)
        return;
    set_music(a, -1, MUSIC_FADE);
}

static bool play_effect(Audio *a, int effect)
{
    const SoundEffect *e = soundmap_effect(a->map, (size_t)effect);
    if (!e)
        return false;
    SDL_LockAudioDevice(a->dev);
    bool ok = mixer_play(a->mixer, &a->effects[effect], e->gain);
    SDL_UnlockAudioDevice(a->dev);
    return ok;
}

bool audio_play(Audio *a, const char *effect)
{
    if (!a || !a->dev || !a->map)
        return false;
    int i = soundmap_find_effect(a->map, effect);
    return i >= 0 && play_effect(a, i);
}

void audio_play_cue(void *ctx, const Game *g, const GameEvent *e, bool landed)
{
    Audio *a = ctx;
    if (!a || !a->dev || !a->map)
        return;
    const GamePiece *p = game_piece(g, e->piece);
    const SoundCue *c = soundmap_match(a->map, e->kind, landed ? SOUND_LANDED : SOUND_SHOWN,
                                       p ? (int)p->side : -1, e->value);
    if (!c)
        return;
    if (c->effect >= 0)
        play_effect(a, c->effect);
    if (c->stop_music && a->mood >= 0)
        set_music(a, -1, MUSIC_END_FADE);
}

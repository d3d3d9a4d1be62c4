/* The mixer: voices summed in float, one looping track fading over
 * another, gains gliding to their targets sample by sample. */
#include "mixer.h"

#include "core/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Voice {
    const MixSound *s;
    size_t pos;
    float gain;
} Voice;

typedef struct Track {
    const MixSound *s; /* NULL: none */
    size_t pos;
    float gain;
    float level; /* 0..1 along its fade */
    float step;  /* change of level per frame */
} Track;

enum { GAIN_MASTER, GAIN_EFFECTS, GAIN_MUSIC, GAIN_COUNT };

struct Mixer {
    int rate;
    Voice voices[MIXER_VOICES];
    int voice_count;
    Track now, old; /* the music playing, and the one fading out */
    float target[GAIN_COUNT], gain[GAIN_COUNT];
    float glide;    /* largest gain change per frame */
    size_t restart; /* frames before a sound may start again */
};

Mixer *mixer_create(int rate)
{
    Mixer *m = xcalloc(1, sizeof *m);
    m->rate = rate > 0 ? rate : 22050;
    m->glide = (float)(1.0 / (MIXER_GLIDE_SECONDS * m->rate));
    m->restart = (size_t)(MIXER_RESTART_SECONDS * m->rate);
    return m;
}

void mixer_destroy(Mixer *m)
{
    free(m);
}

static float unit(float v)
{
    return isnan(v) || v < 0 ? 0.0f : v > 1 ? 1.0f : v;
}

void mixer_set_volumes(Mixer *m, float master, float effects, float music, bool mute)
{
    m->target[GAIN_MASTER] = mute ? 0.0f : unit(master);
    m->target[GAIN_EFFECTS] = unit(effects);
    m->target[GAIN_MUSIC] = unit(music);
}

bool mixer_play(Mixer *m, const MixSound *s, float gain)
{
    if (!s || !s->samples || s->frames == 0)
        return false;
    int oldest = 0;
    for (int i = 0; i < m->voice_count; i++) {
        if (m->voices[i].s == s && m->voices[i].pos < m->restart)
            return false;
        if (m->voices[i].pos > m->voices[oldest].pos)
            oldest = i;
    }
    int slot = m->voice_count < MIXER_VOICES ? m->voice_count++ : oldest;
    m->voices[slot] = (Voice){s, 0, unit(gain)};
    return true;
}

static float fade_step(const Mixer *m, double fade)
{
    return fade > 0 ? (float)(1.0 / (fade * m->rate)) : 1.0f;
}

void mixer_set_music(Mixer *m, const MixSound *s, float gain, double fade)
{
    if (s && (!s->samples || s->frames == 0))
        s = NULL;
    if (s && m->now.s == s) {
        m->now.gain = unit(gain);
        return;
    }
    if (m->now.s) {
        m->old = m->now;
        m->old.step = -fade_step(m, fade);
    }
    m->now = (Track){0};
    if (s)
        m->now = (Track){s, 0, unit(gain), 0.0f, fade_step(m, fade)};
}

const MixSound *mixer_music(const Mixer *m)
{
    return m->now.s;
}

void mixer_stop(Mixer *m)
{
    m->voice_count = 0;
    m->now = m->old = (Track){0};
}

int mixer_voices(const Mixer *m)
{
    return m->voice_count;
}

/* One frame of a track, moving it on (and ending a finished fade-out). */
static float track_frame(Track *t)
{
    if (!t->s)
        return 0.0f;
    float v = t->s->samples[t->pos] * t->gain * t->level;
    if (++t->pos >= t->s->frames)
        t->pos = 0;
    t->level += t->step;
    if (t->level >= 1.0f) {
        t->level = 1.0f;
        t->step = 0.0f;
    } else if (t->level <= 0.0f && t->step < 0) {
        *t = (Track){0};
    }
    return v;
}

/* One frame of the effects, dropping voices that have ended. */
static float voices_frame(Mixer *m)
{
    float sum = 0.0f;
    for (int i = 0; i < m->voice_count;) {
        Voice *v = &m->voices[i];
        sum += v->s->samples[v->pos] * v->gain;
        if (++v->pos >= v->s->frames)
            *v = m->voices[--m->voice_count];
        else
            i++;
    }
    return sum;
}

static void glide(Mixer *m)
{
    for (int g = 0; g < GAIN_COUNT; g++) {
        float d = m->target[g] - m->gain[g];
        m->gain[g] += d > m->glide ? m->glide : d < -m->glide ? -m->glide : d;
    }
}

void mixer_mix(Mixer *m, int16_t *out, size_t frames, int channels)
{
    if (channels < 1)
        channels = 1;
    for (size_t f = 0; f < frames; f++) {
        glide(m);
        float effects = voices_frame(m);
        float music = track_frame(&m->now) + track_frame(&m->old);
        float v = (effects * m->gain[GAIN_EFFECTS] + music * m->gain[GAIN_MUSIC]) * m->gain[GAIN_MASTER];
        int16_t s = v >= 32767.0f ? 32767 : v <= -32768.0f ? -32768 : (int16_t)lrintf(v);
        for (int c = 0; c < channels; c++)
            out[f * (size_t)channels + (size_t)c] = s;
    }
}

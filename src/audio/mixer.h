/* The game's mixer: short effects on a few voices over one looping music
 * track, with master, effects and music volumes and mute.
 *
 * No SDL: the caller (audio.c) runs mixer_mix on SDL's audio callback
 * thread under the device lock, and calls everything else under the same
 * lock. Sounds are mono signed 16-bit at the mixer's rate (sound.c
 * converts files to that); the mixer only borrows them, so they must
 * outlive every voice playing them (stop or destroy the mixer first).
 *
 * Cues that come in a burst never stack: a sound started again within
 * MIXER_RESTART_SECONDS of itself is skipped (the instant animation speed
 * shows a whole monsters' turn in one frame), and when all MIXER_VOICES
 * play the oldest one gives way. Volume changes glide over a few
 * milliseconds so a slider never clicks.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MIXER_VOICES 12
#define MIXER_RESTART_SECONDS 0.06
#define MIXER_GLIDE_SECONDS 0.02 /* volume changes */

/* A decoded sound: frames mono samples at the mixer's rate. */
typedef struct MixSound {
    int16_t *samples;
    size_t frames;
} MixSound;

typedef struct Mixer Mixer;

/* A silent mixer producing rate frames a second. Never NULL. */
Mixer *mixer_create(int rate);

/* Frees it; NULL does nothing. */
void mixer_destroy(Mixer *m);

/* The gains, each 0..1 (linear; the caller picks the curve); mute
 * silences everything at once while keeping the gains. */
void mixer_set_volumes(Mixer *m, float master, float effects, float music, bool mute);

/* Starts s once at gain (0..1, times the effects volume). False when it
 * was skipped: empty, or the same sound started less than
 * MIXER_RESTART_SECONDS ago. */
bool mixer_play(Mixer *m, const MixSound *s, float gain);

/* Loops s as the music at gain, fading in over fade seconds while the
 * previous track fades out; NULL fades the music out. The same track
 * again only changes its gain. */
void mixer_set_music(Mixer *m, const MixSound *s, float gain, double fade);

/* The track set by mixer_set_music (NULL after a fade-out was asked). */
const MixSound *mixer_music(const Mixer *m);

/* Stops every voice and the music at once (before freeing sounds). */
void mixer_stop(Mixer *m);

/* Effects playing now. */
int mixer_voices(const Mixer *m);

/* Writes frames frames of the mix to out, channels samples each (the
 * mono mix copied to every channel). */
void mixer_mix(Mixer *m, int16_t *out, size_t frames, int channels);

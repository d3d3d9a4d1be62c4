/* The game's sound: an SDL audio device fed by the mixer (mixer.h), the
 * effects and music of assets/sounds.xml (soundmap.h) decoded from their
 * WAV files (sound.h), and the cue of each game event.
 *
 * Without an audio device (no driver, no sound card, SDL_AUDIODRIVER
 * naming nothing that works) the Audio is silent: every call still
 * works and does nothing, and nothing is reported. A damaged sounds.xml
 * or WAV file is reported once on stderr (file and reason) and that
 * sound stays silent; the game never stops for it.
 *
 * One Audio for the process; all calls from the main thread. Every
 * function takes NULL too (and then does nothing), for front ends and
 * tests without sound.
 */
#pragma once

#include "rules/game.h"

#include <stdbool.h>

#define AUDIO_RATE 22050

typedef struct Audio Audio;

/* The player's volumes, 0..100 each, and mute. */
typedef struct AudioVolumes {
    int master, effects, music;
    bool mute;
} AudioVolumes;

/* Opens the default audio device and loads the sounds of
 * data_dir/assets/sounds.xml. Never NULL (silent when there is no
 * device). Starts muted until audio_set_volumes. */
Audio *audio_create(const char *data_dir);

/* The same, the device not opened yet: silent until audio_open, which the
 * window calls once its first frame is shown (opening the device and
 * decoding the effects took 4-5 ms of the title's start). Volumes and the
 * mood set before are kept and apply when it opens. */
Audio *audio_create_closed(const char *data_dir);

/* Opens the device and loads the sounds, once (later calls do nothing);
 * NULL does nothing. */
void audio_open(Audio *a);

/* Closes the device and frees the sounds; NULL does nothing. */
void audio_destroy(Audio *a);

/* True when a device is open (sounds may be heard). */
bool audio_active(const Audio *a);

/* Applies the volumes at once (they glide over a few milliseconds). */
void audio_set_volumes(Audio *a, const AudioVolumes *v);

/* Plays the mood's music (a Mood of common.xsd; NULL or "" the
 * default, an unknown mood the default too). Returns a token for
 * audio_release_mood. The same mood again keeps the music going. */
unsigned audio_set_mood(Audio *a, const char *mood);

/* Fades the music out, unless another audio_set_mood came after the one
 * that returned token (a new game screen opened before the old one
 * closed). */
void audio_release_mood(Audio *a, unsigned token);

/* Plays the effect with this id of sounds.xml (a settings preview).
 * False when it is unknown, silent, or skipped. */
bool audio_play(Audio *a, const char *effect);

/* The cue of a game event: what sounds.xml says event e of game g plays
 * as it is shown (landed false) or once its dice have landed (true).
 * The signature is the play screen's PlayCueFn, ctx being the Audio. */
void audio_play_cue(void *ctx, const Game *g, const GameEvent *e, bool landed);

/* Sound files: WAV read as untrusted input and decoded to the mixer's
 * format (mono signed 16-bit at the mixer's rate).
 *
 * The file goes through fileio (regular files only, at most
 * SOUND_MAX_BYTES), is decoded from memory by SDL_LoadWAV_RW (PCM, float,
 * mu-law, A-law and ADPCM WAV), then converted with SDL_AudioCVT. A
 * decoded sound longer than SOUND_MAX_SECONDS, or needing more than
 * SOUND_MAX_CONVERT bytes to convert, is refused, so no file can ask for
 * unbounded memory. No audio device is needed.
 */
#pragma once

#include "mixer.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SOUND_MAX_BYTES (4u << 20)
#define SOUND_MAX_SECONDS 60
/* Most bytes SDL may need to convert a decoded sound in place. */
#define SOUND_MAX_CONVERT (64u << 20)

/* Decodes size bytes of a WAV file into out at rate frames a second.
 * False with the reason in err (out untouched). */
bool sound_decode(const uint8_t *data, size_t size, int rate, MixSound *out, char *err,
                  size_t err_size);

/* Reads and decodes the file at path; false with the reason in err
 * ("not a regular file", "larger than ...", "not a WAV file: ..."). */
bool sound_load(const char *path, int rate, MixSound *out, char *err, size_t err_size);

/* Frees the samples; the sound becomes empty. */
void sound_free(MixSound *s);

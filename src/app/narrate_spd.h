/* The narrator's speech in the game: a connection to speech-dispatcher
 * (libspeechd), the desktop's speech service, which speaks with the
 * player's own voice, rate and synthesizer. */
#pragma once

#include "narrate.h"

#include <stdbool.h>
#include <stddef.h>

/* Connects to speech-dispatcher (starting it when it can be started),
 * speaking language ("de", "en"; NULL or "": its default), into *out.
 * False with the reason in err when it cannot connect or this build has
 * no speech-dispatcher support (meson -Dspeech=disabled). */
bool narrate_spd_open(const char *language, NarrateSink *out, char *err, size_t err_size);

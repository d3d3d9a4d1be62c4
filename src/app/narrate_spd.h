/* The narrator's speech in the game: a connection to speech-dispatcher
 * (libspeechd), the desktop's speech service, which speaks with the
 * player's own voice, rate and synthesizer. libspeechd is loaded when
 * narration is turned on (dlopen), not linked: a game that never narrates
 * does not load it at start, and a machine without it plays on silent. */
#pragma once

#include "narrate.h"

#include <stdbool.h>
#include <stddef.h>

/* The library loaded by default; QUESTBOARD_SPEECHD_LIBRARY names another
 * file (a library outside the loader's path). */
#define NARRATE_SPD_LIBRARY "libspeechd.so.2"

/* Loads libspeechd and connects to speech-dispatcher (starting it when it
 * can be started), speaking language ("de", "en"; NULL or "": its
 * default), into *out. False with the reason in err when the library is
 * not installed, it cannot connect, or this build has no speech-dispatcher
 * support (meson -Dspeech=disabled). */
bool narrate_spd_open(const char *language, NarrateSink *out, char *err, size_t err_size);

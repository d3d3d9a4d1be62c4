#include "narrate_spd.h"

#include "config.h"

#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>

#if QB_HAVE_SPEECHD
#include <libspeechd.h>

/* Messages (not "text"): speech-dispatcher keeps them queued in order;
 * when to cut in is the narrator's call (narrate.h), through cancel. */
static bool sink_speak(void *ctx, const char *text)
{
    return spd_say(ctx, SPD_MESSAGE, text) >= 0;
}

static void sink_cancel(void *ctx)
{
    spd_cancel(ctx);
}

static void sink_close(void *ctx)
{
    spd_close(ctx);
}

bool narrate_spd_open(const char *language, NarrateSink *out, char *err, size_t err_size)
{
    char *why = NULL;
    SPDConnection *c = spd_open2("questboard", "narration", NULL, SPD_MODE_SINGLE, NULL, 1, &why);
    if (!c) {
        /* libspeechd's reason is long (socket path, autospawn's error):
         * the terminal gets it, the window the gist and what to do */
        fprintf(stderr, _("questboard: speech-dispatcher: %s\n"), why ? why : _("no connection"));
        snprintf(err, err_size, "%s",
                 _("Narration is off: speech-dispatcher does not answer (is the speech-dispatcher "
                   "package installed?)"));
        free(why);
        return false;
    }
    free(why);
    if (language && language[0])
        spd_set_language(c, language);
    *out = (NarrateSink){sink_speak, sink_cancel, sink_close, c};
    return true;
}

#else

bool narrate_spd_open(const char *language, NarrateSink *out, char *err, size_t err_size)
{
    (void)language, (void)out;
    snprintf(err, err_size, "%s",
             _("Narration is off: this build of the game has no speech-dispatcher support"));
    return false;
}

#endif

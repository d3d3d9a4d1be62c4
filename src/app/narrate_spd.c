#include "narrate_spd.h"

#include "config.h"

#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>

#if QB_HAVE_SPEECHD
#include <dlfcn.h>
#include <libspeechd.h>
#include <string.h>

/* The five calls the sink makes, found in the library once it is loaded. */
typedef struct SpdApi {
    SPDConnection *(*open2)(const char *, const char *, const char *, SPDConnectionMode,
                            const SPDConnectionAddress *, int, char **);
    int (*set_language)(SPDConnection *, const char *);
    int (*say)(SPDConnection *, SPDPriority, const char *);
    int (*cancel)(SPDConnection *);
    void (*close)(SPDConnection *);
} SpdApi;

typedef struct Spd {
    SpdApi api;
    SPDConnection *conn;
} Spd;

/* dlsym's object pointer into a function pointer, through memcpy: ISO C
 * has no cast between the two, POSIX guarantees the representation. */
static bool find(void *lib, const char *name, void *fn, size_t fn_size)
{
    void *sym = dlsym(lib, name);
    if (!sym)
        return false;
    memcpy(fn, &sym, fn_size);
    return true;
}

#define FIND(lib, name, field) find(lib, name, &(field), sizeof(field))

/* Loads the library (never unloaded: libspeechd starts glib's machinery,
 * and a second turn of narration finds it mapped). */
static bool load(SpdApi *api, char *err, size_t err_size)
{
    const char *file = getenv("QUESTBOARD_SPEECHD_LIBRARY");
    if (!file || !file[0])
        file = NARRATE_SPD_LIBRARY;
    void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        fprintf(stderr, _("questboard: speech-dispatcher: %s\n"), why ? why : file);
        snprintf(err, err_size,
                 _("Narration is off: speech-dispatcher's library %s is not installed (Debian: "
                   "apt install libspeechd2 speech-dispatcher)"),
                 file);
        return false;
    }
    if (!FIND(lib, "spd_open2", api->open2) || !FIND(lib, "spd_set_language", api->set_language) ||
        !FIND(lib, "spd_say", api->say) || !FIND(lib, "spd_cancel", api->cancel) ||
        !FIND(lib, "spd_close", api->close)) {
        fprintf(stderr, _("questboard: speech-dispatcher: %s lacks spd_open2, spd_say...\n"), file);
        snprintf(err, err_size, _("Narration is off: %s is not speech-dispatcher's library"), file);
        return false;
    }
    return true;
}

/* Messages (not "text"): speech-dispatcher keeps them queued in order;
 * when to cut in is the narrator's call (narrate.h), through cancel. */
static bool sink_speak(void *ctx, const char *text)
{
    Spd *s = ctx;
    return s->api.say(s->conn, SPD_MESSAGE, text) >= 0;
}

static void sink_cancel(void *ctx)
{
    Spd *s = ctx;
    s->api.cancel(s->conn);
}

static void sink_close(void *ctx)
{
    Spd *s = ctx;
    s->api.close(s->conn);
    free(s);
}

bool narrate_spd_open(const char *language, NarrateSink *out, char *err, size_t err_size)
{
    Spd *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_size, "%s", _("Narration is off: out of memory"));
        return false;
    }
    if (!load(&s->api, err, err_size)) {
        free(s);
        return false;
    }
    char *why = NULL;
    s->conn = s->api.open2("questboard", "narration", NULL, SPD_MODE_SINGLE, NULL, 1, &why);
    if (!s->conn) {
        /* libspeechd's reason is long (socket path, autospawn's error):
         * the terminal gets it, the window the gist and what to do */
        fprintf(stderr, _("questboard: speech-dispatcher: %s\n"), why ? why : _("no connection"));
        snprintf(err, err_size, "%s",
                 _("Narration is off: speech-dispatcher does not answer (is the speech-dispatcher "
                   "package installed?)"));
        free(why);
        free(s);
        return false;
    }
    free(why);
    if (language && language[0])
        s->api.set_language(s->conn, language);
    *out = (NarrateSink){sink_speak, sink_cancel, sink_close, s};
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

/* WAV files into mixer sounds: fileio reads, SDL decodes from memory,
 * SDL_AudioCVT converts the format, channels and rate. */
#include "sound.h"
#include "core/i18n.h"

#include "core/alloc.h"
#include "core/fileio.h"

#include <SDL.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Converts SDL's decoded buffer; false with the reason in err. */
static bool convert(const SDL_AudioSpec *spec, const Uint8 *buf, Uint32 len, int rate, MixSound *out,
                    char *err, size_t err_size)
{
    if (spec->channels < 1 || spec->channels > 8 || spec->freq < 1000 || spec->freq > 192000) {
        snprintf(err, err_size, _("unusual format (%d channels at %d Hz)"), spec->channels, spec->freq);
        return false;
    }
    size_t frame = (size_t)SDL_AUDIO_BITSIZE(spec->format) / 8 * spec->channels;
    size_t frames_in = frame ? len / frame : 0;
    if (frames_in == 0) {
        snprintf(err, err_size, _("no sound in it"));
        return false;
    }
    if (frames_in / (size_t)spec->freq >= SOUND_MAX_SECONDS) {
        snprintf(err, err_size, _("longer than %d seconds"), SOUND_MAX_SECONDS);
        return false;
    }
    SDL_AudioCVT cvt;
    if (SDL_BuildAudioCVT(&cvt, spec->format, spec->channels, spec->freq, AUDIO_S16SYS, 1, rate) < 0) {
        snprintf(err, err_size, _("cannot convert it: %s"), SDL_GetError());
        return false;
    }
    /* SDL converts in place in a buffer len_mult times the input */
    size_t in_bytes = frames_in * frame;
    if (in_bytes > SOUND_MAX_CONVERT / (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1)) {
        snprintf(err, err_size, _("too large to convert"));
        return false;
    }
    cvt.len = (int)in_bytes;
    cvt.buf = xmalloc(in_bytes * (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1) + 2, 1);
    memcpy(cvt.buf, buf, in_bytes);
    if (SDL_ConvertAudio(&cvt) != 0 || cvt.len_cvt < 2) {
        snprintf(err, err_size, _("cannot convert it: %s"), SDL_GetError());
        free(cvt.buf);
        return false;
    }
    int got = cvt.len_cvt;
    int16_t *samples = xmalloc((size_t)got / 2, sizeof *samples);
    memcpy(samples, cvt.buf, (size_t)got / 2 * sizeof *samples);
    free(cvt.buf);
    *out = (MixSound){samples, (size_t)got / 2};
    return true;
}

bool sound_decode(const uint8_t *data, size_t size, int rate, MixSound *out, char *err,
                  size_t err_size)
{
    if (size < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WAVE", 4) != 0) {
        snprintf(err, err_size, "%s", _("not a WAV file (no RIFF/WAVE header)"));
        return false;
    }
    if (size > SOUND_MAX_BYTES) {
        snprintf(err, err_size, _("larger than %u bytes"), SOUND_MAX_BYTES);
        return false;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)size);
    SDL_AudioSpec spec;
    Uint8 *buf = NULL;
    Uint32 len = 0;
    if (!rw || !SDL_LoadWAV_RW(rw, 1, &spec, &buf, &len)) {
        snprintf(err, err_size, _("not a WAV file SDL can read: %s"), SDL_GetError());
        return false;
    }
    bool ok = convert(&spec, buf, len, rate, out, err, err_size);
    SDL_FreeWAV(buf);
    return ok;
}

bool sound_load(const char *path, int rate, MixSound *out, char *err, size_t err_size)
{
    uint8_t *data = NULL;
    size_t size = 0;
    if (!fileio_read(path, SOUND_MAX_BYTES, &data, &size, err, err_size))
        return false;
    bool ok = sound_decode(data, size, rate, out, err, err_size);
    free(data);
    return ok;
}

void sound_free(MixSound *s)
{
    free(s->samples);
    *s = (MixSound){0};
}

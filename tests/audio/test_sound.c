/* WAV files as untrusted input: the bundled ones decode; damaged, odd or
 * hostile ones give a reason and never a crash or a hang. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "audio/sound.h"
#include "core/alloc.h"
#include "core/fileio.h"

#include <SDL.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#define RATE 22050

static size_t put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
    return 4;
}

static size_t put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8);
    return 2;
}

/* A WAV of format tag fmt (1 PCM, 7 mu-law) around data. Returns its size. */
static size_t make_wav(uint8_t *out, uint16_t fmt, uint16_t channels, uint32_t rate, uint16_t bits,
                       const uint8_t *data, uint32_t n)
{
    size_t k = 0;
    memcpy(out, "RIFF", 4), k += 4;
    k += put32(out + k, 36 + n);
    memcpy(out + k, "WAVEfmt ", 8), k += 8;
    k += put32(out + k, 16);
    k += put16(out + k, fmt);
    k += put16(out + k, channels);
    k += put32(out + k, rate);
    k += put32(out + k, rate * channels * bits / 8);
    k += put16(out + k, (uint16_t)(channels * bits / 8));
    k += put16(out + k, bits);
    memcpy(out + k, "data", 4), k += 4;
    k += put32(out + k, n);
    memcpy(out + k, data, n);
    return k + n;
}

static void test_formats(void)
{
    static uint8_t wav[200000], pcm[88200];
    char err[256];
    MixSound s;
    /* 16-bit stereo at 44100 Hz, 0.5 s: mono at 22050 Hz, about 0.5 s */
    for (int i = 0; i < 22050; i++) {
        int16_t v = (int16_t)(i % 100 < 50 ? 8000 : -8000);
        memcpy(pcm + 4 * i, &v, 2), memcpy(pcm + 4 * i + 2, &v, 2);
    }
    size_t n = make_wav(wav, 1, 2, 44100, 16, pcm, 88200);
    CHECK(sound_decode(wav, n, RATE, &s, err, sizeof err));
    CHECK(s.frames > 10900 && s.frames < 11200);
    int peak = 0;
    for (size_t i = 0; i < s.frames; i++)
        peak = abs(s.samples[i]) > peak ? abs(s.samples[i]) : peak;
    CHECK(peak > 6000 && peak < 12000);
    sound_free(&s);
    CHECK(s.samples == NULL && s.frames == 0);
    /* 8-bit unsigned mono */
    for (int i = 0; i < 1000; i++)
        pcm[i] = (uint8_t)(i % 2 ? 200 : 56);
    n = make_wav(wav, 1, 1, 11025, 8, pcm, 1000);
    CHECK(sound_decode(wav, n, RATE, &s, err, sizeof err));
    CHECK(s.frames > 1900 && s.frames < 2100);
    sound_free(&s);
}

static void test_refused(void)
{
    static uint8_t wav[4096], data[1024];
    char err[256] = "";
    MixSound s = {0};
    CHECK(!sound_decode((const uint8_t *)"hello", 5, RATE, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a WAV file");
    memset(data, 0, sizeof data);
    /* no samples at all */
    size_t n = make_wav(wav, 1, 1, 22050, 16, data, 0);
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    /* an unknown format tag */
    n = make_wav(wav, 0x1234, 1, 22050, 16, data, 1000);
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a WAV file SDL can read");
    /* absurd channels and rates */
    n = make_wav(wav, 1, 200, 22050, 16, data, 800);
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    n = make_wav(wav, 1, 1, 5, 16, data, 800);
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    n = make_wav(wav, 1, 1, 22050, 13, data, 800);
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    /* a data chunk claiming far more than the file holds: cut, not read past */
    n = make_wav(wav, 1, 1, 22050, 16, data, 1000);
    put32(wav + 40, 0x7ffffff0);
    if (sound_decode(wav, n, RATE, &s, err, sizeof err)) {
        CHECK(s.frames <= 1100);
        sound_free(&s);
    }
    /* cut short in every place */
    n = make_wav(wav, 1, 1, 22050, 16, data, 1000);
    for (size_t cut = 0; cut < 60; cut++)
        if (sound_decode(wav, cut, RATE, &s, err, sizeof err))
            sound_free(&s);
    CHECK(s.samples == NULL);
}

/* A long sound is refused (its memory is bounded), by the decoded length. */
static void test_too_long(void)
{
    /* 8 kHz 8-bit mono: 4 MiB is over 500 s, so it is refused either way */
    size_t bytes = 3u << 20;
    uint8_t *data = xcalloc(bytes, 1), *wav = xmalloc(bytes + 64, 1);
    size_t n = make_wav(wav, 1, 1, 8000, 8, data, (uint32_t)bytes);
    char err[256];
    MixSound s;
    CHECK(!sound_decode(wav, n, RATE, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "longer than");
    free(data);
    free(wav);
}

static void test_files(void)
{
    char err[256], path[4096];
    MixSound s;
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(path, sizeof path, "%s/qb_sound_%d", tmp, (int)getpid());
    /* a folder, a FIFO (which would block a plain open), a missing file */
    mkdir(path, 0700);
    CHECK(!sound_load(path, RATE, &s, err, sizeof err));
    rmdir(path);
    CHECK(mkfifo(path, 0600) == 0);
    CHECK(!sound_load(path, RATE, &s, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a regular file");
    unlink(path);
    CHECK(!sound_load(path, RATE, &s, err, sizeof err));
    /* over the size cap */
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    static uint8_t zero[65536];
    for (size_t i = 0; f && i <= SOUND_MAX_BYTES / sizeof zero; i++)
        fwrite(zero, 1, sizeof zero, f);
    if (f)
        fclose(f);
    CHECK(!sound_load(path, RATE, &s, err, sizeof err));
    unlink(path);
}

/* Every bundled WAV decodes; random damage to them never crashes. */
static void test_bundled_and_damaged(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    CHECK(root != NULL);
    if (!root)
        return;
    static const char *const names[] = {"dice.wav", "step.wav", "hit.wav", "music-crypt.wav"};
    char path[4096], err[256];
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/assets/sounds/%s", root, names[i]);
        MixSound s;
        CHECK(sound_load(path, RATE, &s, err, sizeof err));
        CHECK(s.frames > RATE / 20);
        sound_free(&s);
        uint8_t *data;
        size_t size;
        CHECK(fileio_read(path, SOUND_MAX_BYTES, &data, &size, err, sizeof err));
        for (int round = 0; round < 150; round++) {
            uint8_t *copy = xmalloc(size, 1);
            memcpy(copy, data, size);
            for (int k = 0; k < 1 + round % 8; k++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                /* mostly the headers, sometimes anywhere */
                size_t at = (size_t)(seed >> 33) % (round % 3 ? 64 : size);
                copy[at] = (uint8_t)(seed >> 24);
            }
            size_t len = round % 5 == 0 ? (size_t)(seed >> 40) % size : size;
            if (sound_decode(copy, len, RATE, &s, err, sizeof err)) {
                CHECK(s.frames <= (size_t)SOUND_MAX_SECONDS * RATE);
                sound_free(&s);
            }
            free(copy);
        }
        free(data);
    }
}

int main(void)
{
    test_formats();
    test_refused();
    test_too_long();
    test_files();
    test_bundled_and_damaged();
    return check_finish("sound");
}

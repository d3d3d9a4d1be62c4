/* The audio device end to end: with SDL's disk driver the game's sounds
 * really reach the output (the samples SDL writes are measured), mute and
 * a zero master volume silence them, a mood's music plays on its own; with
 * no usable driver the Audio is silent and says nothing. The window opens
 * the device only after its first frame (audio_create_closed, audio_open):
 * the volumes and the mood set before it still apply. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "audio/audio.h"

#include <SDL.h>

#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char raw[4096];

/* Loudest sample and mean square of the raw S16 mono file SDL's disk
 * driver wrote (the device is opened with exactly that format). */
static void measure(const char *path, int *peak, double *rms, size_t *frames)
{
    *peak = 0;
    *rms = 0;
    *frames = 0;
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL);
    if (!f)
        return;
    int16_t buf[4096];
    double sum = 0;
    size_t n;
    while ((n = fread(buf, sizeof *buf, 4096, f)) > 0)
        for (size_t i = 0; i < n; i++) {
            int v = buf[i] < 0 ? -buf[i] : buf[i];
            *peak = v > *peak ? v : *peak;
            sum += (double)buf[i] * buf[i];
            (*frames)++;
        }
    fclose(f);
    *rms = *frames ? sqrt(sum / (double)*frames) : 0;
}

/* Runs the device under the disk driver for seconds while what() plays. */
static void record(const AudioVolumes *v, const char *effect, const char *mood, double seconds,
                   int *peak, double *rms, size_t *frames)
{
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw, 1);
    setenv("SDL_DISKAUDIODELAY", "5", 1); /* ms between buffers: fast, not busy */
    unlink(raw);
    Audio *a = audio_create(getenv("QUESTBOARD_DATA"));
    CHECK(audio_active(a));
    audio_set_volumes(a, v);
    if (mood)
        audio_set_mood(a, mood);
    if (effect)
        CHECK(audio_play(a, effect)); /* muted too: it plays, unheard */
    SDL_Delay((Uint32)(seconds * 1000));
    audio_destroy(a);
    measure(raw, peak, rms, frames);
}

static void test_disk(void)
{
    AudioVolumes loud = {100, 100, 100, false};
    int peak;
    double rms;
    size_t frames;
    record(&loud, "dice", NULL, 0.6, &peak, &rms, &frames);
    printf("dice: %zu frames, peak %d, rms %.0f\n", frames, peak, rms);
    CHECK(frames > AUDIO_RATE / 10);
    CHECK(peak > 3000);
    CHECK(rms > 100);

    AudioVolumes muted = {100, 100, 100, true};
    record(&muted, "hit", NULL, 0.4, &peak, &rms, &frames);
    printf("muted: %zu frames, peak %d\n", frames, peak);
    CHECK(frames > 0);
    CHECK_INT(peak, 0);

    AudioVolumes zero = {0, 100, 100, false};
    record(&zero, "hit", NULL, 0.4, &peak, &rms, &frames);
    CHECK_INT(peak, 0);

    /* music alone (no effect): the mood's loop fades in */
    AudioVolumes music = {100, 0, 100, false};
    record(&music, NULL, "crypt", 1.2, &peak, &rms, &frames);
    printf("crypt music: %zu frames, peak %d, rms %.0f\n", frames, peak, rms);
    CHECK(peak > 500);
    AudioVolumes no_music = {100, 100, 0, false};
    record(&no_music, NULL, "crypt", 0.8, &peak, &rms, &frames);
    CHECK_INT(peak, 0);
}

/* The device opened late: silent and inactive until audio_open, then the
 * volumes and the mood asked for before play (a mood released before the
 * device opened does not). */
static void record_late(const AudioVolumes *v, bool release, double seconds, int *peak)
{
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw, 1);
    setenv("SDL_DISKAUDIODELAY", "5", 1);
    unlink(raw);
    Audio *a = audio_create_closed(getenv("QUESTBOARD_DATA"));
    CHECK(!audio_active(a));
    audio_set_volumes(a, v);
    unsigned t = audio_set_mood(a, "crypt");
    CHECK(!audio_play(a, "dice")); /* no device yet: nothing plays */
    if (release)
        audio_release_mood(a, t);
    struct stat st;
    CHECK(stat(raw, &st) != 0); /* the device is not open: SDL wrote nothing */
    audio_open(a);
    CHECK(audio_active(a));
    audio_open(a); /* once only */
    SDL_Delay((Uint32)(seconds * 1000));
    audio_destroy(a);
    size_t frames;
    double rms;
    measure(raw, peak, &rms, &frames);
    CHECK(frames > 0);
}

static void test_late(void)
{
    AudioVolumes music = {100, 0, 100, false};
    int peak;
    record_late(&music, false, 1.2, &peak);
    printf("crypt music, device opened late: peak %d\n", peak);
    CHECK(peak > 500);
    record_late(&music, true, 0.8, &peak);
    CHECK_INT(peak, 0);
    AudioVolumes muted = {100, 0, 100, true};
    record_late(&muted, false, 0.8, &peak);
    CHECK_INT(peak, 0);
}

/* No driver that works: silent, no message, every call harmless. */
static void test_missing(void)
{
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    char err_path[4200];
    snprintf(err_path, sizeof err_path, "%s.err", raw);
    fflush(stderr);
    int saved = dup(2);
    int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    CHECK(fd >= 0 && saved >= 0);
    if (fd < 0 || saved < 0)
        return;
    dup2(fd, 2);
    Audio *a = audio_create(getenv("QUESTBOARD_DATA"));
    AudioVolumes v = {100, 100, 100, false};
    audio_set_volumes(a, &v);
    unsigned t = audio_set_mood(a, "crypt");
    bool played = audio_play(a, "dice");
    audio_release_mood(a, t);
    bool active = audio_active(a);
    audio_destroy(a);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    CHECK(a != NULL);
    CHECK(!active);
    CHECK(!played);
    struct stat st;
    CHECK(stat(err_path, &st) == 0 && st.st_size == 0);
    unlink(err_path);
}

int main(void)
{
    CHECK(getenv("QUESTBOARD_DATA") != NULL);
    snprintf(raw, sizeof raw, "/tmp/questboard-audio-%ld.raw", (long)getpid());
    test_missing();
    test_disk();
    test_late();
    unlink(raw);
    return check_finish("audio device");
}

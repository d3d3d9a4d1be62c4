/* The mixer without a device: sums, volumes, mute, bursts of cues, the
 * voice limit, music loops and fades. */
#include "check.h"

#include "audio/mixer.h"

#include <math.h>
#include <stdint.h>

#define RATE 1000 /* small numbers: 60 frames restart, 20 frames glide */

static int16_t buf[8192];

static MixSound constant(int16_t *store, size_t n, int16_t v)
{
    for (size_t i = 0; i < n; i++)
        store[i] = v;
    return (MixSound){store, n};
}

static int peak(const int16_t *b, size_t n)
{
    int p = 0;
    for (size_t i = 0; i < n; i++)
        p = abs(b[i]) > p ? abs(b[i]) : p;
    return p;
}

static void test_silence_and_sum(void)
{
    Mixer *m = mixer_create(RATE);
    mixer_mix(m, buf, 100, 1);
    CHECK_INT(peak(buf, 100), 0);
    static int16_t a[500], b[500];
    MixSound sa = constant(a, 500, 1000), sb = constant(b, 500, 2000);
    mixer_set_volumes(m, 1, 1, 1, false);
    mixer_mix(m, buf, 50, 1); /* the gains glide up from 0 */
    CHECK(mixer_play(m, &sa, 1.0f));
    CHECK(mixer_play(m, &sb, 0.5f));
    CHECK_INT(mixer_voices(m), 2);
    mixer_mix(m, buf, 100, 2);
    CHECK_INT(buf[0], 2000); /* 1000 + 2000 * 0.5 */
    CHECK_INT(buf[1], 2000); /* the same on the second channel */
    CHECK_INT(buf[199], 2000);
    mixer_mix(m, buf, 500, 1); /* both end */
    CHECK_INT(mixer_voices(m), 0);
    CHECK_INT(buf[499], 0);
    mixer_destroy(m);
}

static void test_volumes_and_mute(void)
{
    Mixer *m = mixer_create(RATE);
    static int16_t a[4000];
    MixSound s = constant(a, 4000, 10000);
    mixer_set_volumes(m, 0.5f, 0.5f, 1, false);
    mixer_mix(m, buf, 100, 1);
    CHECK(mixer_play(m, &s, 1.0f));
    mixer_mix(m, buf, 10, 1);
    CHECK_INT(buf[0], 2500); /* master x effects */
    /* a change glides: no jump, and there within MIXER_GLIDE_SECONDS */
    mixer_set_volumes(m, 1, 1, 1, false);
    mixer_mix(m, buf, 100, 1);
    CHECK(buf[0] > 2500 && buf[0] < 4000);
    CHECK_INT(buf[99], 10000);
    mixer_set_volumes(m, 1, 1, 1, true); /* mute */
    mixer_mix(m, buf, 100, 1);
    CHECK_INT(buf[99], 0);
    CHECK(buf[0] > 0);
    /* muted from the start: not one sample */
    Mixer *q = mixer_create(RATE);
    mixer_set_volumes(q, 1, 1, 1, true);
    mixer_set_music(q, &s, 1, 0);
    CHECK(mixer_play(q, &s, 1));
    mixer_mix(q, buf, 1000, 1);
    CHECK_INT(peak(buf, 1000), 0);
    /* out of range and NaN gains are clamped */
    mixer_set_volumes(q, NAN, 7, -1, false);
    mixer_mix(q, buf, 100, 1);
    CHECK_INT(peak(buf, 100), 0);
    mixer_destroy(q);
    mixer_destroy(m);
}

static void test_bursts(void)
{
    Mixer *m = mixer_create(RATE);
    mixer_set_volumes(m, 1, 1, 1, false);
    static int16_t a[1000], b[1000];
    MixSound sa = constant(a, 1000, 100), sb = constant(b, 1000, 100);
    /* a hundred cues of one sound in one frame (instant speed): one voice */
    int started = 0;
    for (int i = 0; i < 100; i++)
        started += mixer_play(m, &sa, 1);
    CHECK_INT(started, 1);
    CHECK_INT(mixer_voices(m), 1);
    mixer_mix(m, buf, (size_t)(MIXER_RESTART_SECONDS * RATE) + 1, 1);
    CHECK(mixer_play(m, &sa, 1)); /* later it may start again */
    /* many different sounds: never more than MIXER_VOICES */
    static int16_t many[40][100];
    MixSound ms[40];
    for (int i = 0; i < 40; i++)
        ms[i] = constant(many[i], 100, 1);
    for (int i = 0; i < 40; i++)
        CHECK(mixer_play(m, &ms[i], 1));
    CHECK_INT(mixer_voices(m), MIXER_VOICES);
    CHECK(mixer_play(m, &sb, 1));
    /* an overflowing sum is clipped, not wrapped */
    Mixer *loud = mixer_create(RATE);
    mixer_set_volumes(loud, 1, 1, 1, false);
    mixer_mix(loud, buf, 100, 1);
    static int16_t big[3][100];
    MixSound bs[3];
    for (int i = 0; i < 3; i++) {
        bs[i] = constant(big[i], 100, 30000);
        mixer_play(loud, &bs[i], 1);
    }
    mixer_mix(loud, buf, 10, 1);
    CHECK_INT(buf[0], 32767);
    /* empty sounds are refused */
    MixSound none = {0};
    CHECK(!mixer_play(loud, &none, 1));
    CHECK(!mixer_play(loud, NULL, 1));
    mixer_destroy(loud);
    mixer_destroy(m);
}

static void test_music(void)
{
    Mixer *m = mixer_create(RATE);
    mixer_set_volumes(m, 1, 1, 1, false);
    mixer_mix(m, buf, 100, 1);
    static int16_t loop[300], other[300];
    for (int i = 0; i < 300; i++)
        loop[i] = (int16_t)(i * 10), other[i] = 5000;
    MixSound sl = {loop, 300}, so = {other, 300};
    mixer_set_music(m, &sl, 1, 0); /* no fade */
    mixer_mix(m, buf, 700, 1);
    CHECK_INT(buf[0], 0);
    CHECK_INT(buf[299], 2990);
    CHECK_INT(buf[300], 0); /* it loops */
    CHECK_INT(buf[650], 500);
    CHECK(mixer_music(m) == &sl);
    /* the same track again: it goes on (only its gain changes) */
    mixer_set_music(m, &sl, 0.5f, 1);
    mixer_mix(m, buf, 1, 1);
    CHECK_INT(buf[0], 1000 / 2);
    /* a new track fades in over 1 s as the old one fades out */
    mixer_set_music(m, &so, 1, 1.0);
    mixer_mix(m, buf, 1000, 1);
    CHECK(buf[10] < 3000);
    CHECK(abs(buf[500] - 2500) < 1000);
    CHECK(abs(buf[999] - 5000) < 20);
    mixer_mix(m, buf, 10, 1);
    CHECK_INT(buf[5], 5000);
    /* NULL fades it out to silence */
    mixer_set_music(m, NULL, 1, 0.5);
    CHECK(mixer_music(m) == NULL);
    mixer_mix(m, buf, 600, 1);
    CHECK(buf[0] > 4900);
    CHECK_INT(buf[599], 0);
    /* the music volume is its own */
    mixer_set_music(m, &so, 1, 0);
    mixer_set_volumes(m, 1, 1, 0, false);
    mixer_mix(m, buf, 100, 1);
    CHECK_INT(buf[99], 0);
    mixer_stop(m);
    CHECK(mixer_music(m) == NULL);
    mixer_destroy(m);
}

int main(void)
{
    test_silence_and_sum();
    test_volumes_and_mute();
    test_bursts();
    test_music();
    return check_finish("mixer");
}

/* What the SDL-free app modules cost per call, to show they fit in a frame:
 * watch_poll when nothing is due and when it stats two files, settings
 * load and save, listing a saves folder holding every numbered slot, and
 * the campaign list's preview: what reading it costs (the window's thread
 * did it at each highlight) and what the window's thread spends now that
 * a thread of its own reads it.
 *
 * Run: meson compile -C build && build/bench/bench_ux [CAMPAIGN.xml]
 * (from the source folder; the campaign defaults to the bundled one)
 */
#define _POSIX_C_SOURCE 200809L
#include "app/campaignpreview.h"
#include "app/settings.h"
#include "app/slots.h"
#include "app/watch.h"
#include "core/fileio.h"
#include "core/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define POLLS 200000

static void bench_watch(const char *dir)
{
    char a[600], b[600], err[256];
    snprintf(a, sizeof a, "%s/mission.xml", dir);
    snprintf(b, sizeof b, "%s/board.png", dir);
    if (!fileio_write_atomic(a, "x", 1, err, sizeof err) ||
        !fileio_write_atomic(b, "y", 1, err, sizeof err)) {
        fprintf(stderr, "bench_ux: %s\n", err);
        exit(1);
    }
    Watch *w = watch_create(WATCH_DEFAULT_INTERVAL_MS, WATCH_DEFAULT_SETTLE_MS);
    watch_add(w, a);
    watch_add(w, b);
    double t0 = timer_now_ms();
    for (int i = 0; i < POLLS; i++)
        (void)watch_poll(w, 0); /* due only at the first call */
    double t1 = timer_now_ms();
    for (int i = 0; i < POLLS; i++)
        (void)watch_poll(w, (int64_t)i * WATCH_DEFAULT_INTERVAL_MS); /* due every call */
    double t2 = timer_now_ms();
    printf("watch_poll, not due:         %8.1f ns a call\n", (t1 - t0) * 1e6 / POLLS);
    printf("watch_poll, 2 files stat'ed: %8.1f ns a call\n", (t2 - t1) * 1e6 / POLLS);
    watch_destroy(w);
    unlink(a);
    unlink(b);
}

static void bench_settings(const char *dir)
{
    Settings *s = settings_create(dir);
    const int reps = 200;
    double t0 = timer_now_ms();
    for (int i = 0; i < reps; i++)
        (void)settings_set_ui_scale(s, 1.0 + (i % 5) * 0.25); /* each one an atomic save */
    double t1 = timer_now_ms();
    for (int i = 0; i < reps; i++)
        (void)settings_load(s);
    double t2 = timer_now_ms();
    printf("settings change (fsync'ed):  %8.3f ms a change\n", (t1 - t0) / reps);
    printf("settings_load:               %8.3f ms a load\n", (t2 - t1) / reps);
    char path[700];
    snprintf(path, sizeof path, "%s", settings_path(s));
    settings_destroy(s);
    unlink(path);
}

static void bench_slots(const char *dir)
{
    char saves[600], err[512], file[SLOTS_FILE_MAX], path[700];
    snprintf(saves, sizeof saves, "%s/saves", dir);
    SlotHeader h = {.turn = 7, .date = 1795352154};
    snprintf(h.slot, sizeof h.slot, "A slot");
    snprintf(h.mission, sizeof h.mission, "The Maze");
    char body[4096];
    memset(body, 'b', sizeof body);
    for (int n = 1; n <= SLOTS_NUMBER_MAX; n++) {
        (void)slots_file_for_number(n, file, sizeof file);
        h.date++;
        if (!slots_write(saves, file, &h, body, sizeof body, err, sizeof err)) {
            fprintf(stderr, "bench_ux: %s\n", err);
            exit(1);
        }
    }
    double t0 = timer_now_ms();
    SlotList *l = slots_list_create(saves);
    double t1 = timer_now_ms();
    printf("slots_list_create, %zu saves: %7.3f ms\n", slots_list_count(l), t1 - t0);
    slots_list_destroy(l);
    for (int n = 1; n <= SLOTS_NUMBER_MAX; n++) {
        (void)slots_file_for_number(n, file, sizeof file);
        (void)slots_join(saves, file, path, sizeof path);
        unlink(path);
    }
    rmdir(saves);
}

/* CPU time of the calling thread, in ms: what the window's thread spends
 * (others load the machine, so wall time would count their turns). */
static double thread_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void bench_preview(const char *campaign)
{
    const char *catalogue = "assets/pieces.xml";
    const int reps = 10;
    double read = 0, window = 0, wall = 0;
    for (int i = 0; i < reps; i++) {
        double t0 = thread_ms();
        campaignpreview_destroy(campaignpreview_read(campaign, catalogue));
        double t1 = thread_ms(), w1 = timer_now_ms();
        CampaignPreviewJob *job = campaignpreview_start(campaign, catalogue);
        double spent = thread_ms() - t1;
        CampaignPreview *p = NULL;
        while (!p) { /* a frame's poll (counted), then the rest of a frame (not) */
            double t = thread_ms();
            p = campaignpreview_take(job);
            spent += thread_ms() - t;
            if (!p)
                nanosleep(&(struct timespec){0, 1000000}, NULL);
        }
        double t2 = thread_ms();
        campaignpreview_finish(job);
        campaignpreview_destroy(p);
        read += t1 - t0;
        window += spent + thread_ms() - t2;
        wall += timer_now_ms() - w1;
    }
    printf("campaign preview read in place: %8.3f ms CPU (the window's thread, before)\n", read / reps);
    printf("campaign preview by its thread: %8.3f ms CPU on the window's thread, %.3f ms until shown\n",
           window / reps, wall / reps);
}

int main(int argc, char **argv)
{
    char dir[] = "/tmp/qb-bench-ux-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    bench_watch(dir);
    bench_settings(dir);
    bench_slots(dir);
    bench_preview(argc > 1 ? argv[1] : "missions/campaigns/ashen-crown/campaign.xml");
    rmdir(dir);
    return 0;
}

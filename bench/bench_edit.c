/* The mission editor's speed (docs/benchmarks.md, "Editing"):
 *
 *   - pencil strokes on 512x512 boards: each stroke is what the pencil
 *     paints between two frames (a few squares of a drag, each one `paint`
 *     command of a batch) and the rooms relabelled for them, as the editor
 *     screen does once a frame; strokes go at random places, across rooms
 *     and corridors, and on a board that is one huge room (the worst case:
 *     every stroke touches a room of 262,144 squares). Next to it, what
 *     relabelling the whole board would cost (board_create of the same
 *     pixels);
 *   - a rectangle, a flood fill and a line across the board, each one
 *     command;
 *   - the live check (write, load, analyse) on a 64x64 generated mission,
 *     and on larger ones for scale.
 *
 * Times are the thread's CPU milliseconds (timer_cpu_ms), so others'
 * load on the machine counts less. Run: build/bench/bench_edit [STROKES]
 */
#include "config.h"
#include "core/board.h"
#include "core/timer.h"
#include "edit/editcmd.h"
#include "mission/mission.h"
#include "mission/mission_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void run(EditSession *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>

static void run(EditSession *s, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    EditAnswer a;
    if (editsession_execute(s, line, &a) && !a.ok) {
        fprintf(stderr, "bench_edit: '%s' refused: %s\n", line, a.first);
        exit(1);
    }
    editanswer_free(&a);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median, 95th percentile and worst of n times (sorted in place). */
static void report(const char *what, double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, compare_double);
    printf("  %-44s median %7.3f  p95 %7.3f  max %7.3f ms  (%d)\n", what, t[n / 2],
           t[(n * 95) / 100], t[n - 1], n);
}

/* A 512x512 board of 16x12 rooms in three colours with 2-square white
 * corridors between them (bench_label's "rooms"), or one white room. */
static EditSession *board(bool rooms)
{
    char why[512];
    EditSession *s = editsession_create(QB_SOURCE_DIR, why, sizeof why);
    if (!s) {
        fprintf(stderr, "bench_edit: %s\n", why);
        exit(1);
    }
    static const char *const colours[] = {"8a1f2b", "2b5f8a", "6b4a2b"};
    run(s, "new 512 512");
    run(s, "batch begin");
    run(s, "rect 0 0 511 511 ffffff");
    for (int y = 0; rooms && y < 512; y += 14)
        for (int x = 0; x < 512; x += 18)
            run(s, "rect %d %d %d %d %s", x + 2, y + 2, x + 17 > 511 ? 511 : x + 17,
                y + 13 > 511 ? 511 : y + 13, colours[(x / 18 + y / 14) % 3]);
    run(s, "batch end");
    editdoc_rooms(editsession_doc(s)); /* labelled before the timing */
    return s;
}

/* One stroke: k squares of a drag from (x, y) going right and down,
 * painted one command each, then the rooms relabelled (one frame). */
static double stroke(EditSession *s, int x, int y, int k, const char *colour)
{
    double t0 = timer_cpu_ms();
    for (int i = 0; i < k; i++)
        run(s, "paint %d %d %s", (x + i) % 512, (y + i / 2) % 512, colour);
    editdoc_rooms(editsession_doc(s));
    return timer_cpu_ms() - t0;
}

static void strokes(const char *name, bool rooms, int count)
{
    EditSession *s = board(rooms);
    double *t = malloc((size_t)count * sizeof *t);
    uint64_t r = 42;
    printf("%s board, 512x512, %d rooms:\n", name, editrooms_count(editdoc_rooms(editsession_doc(s))));
    static const int lengths[] = {1, 4, 16};
    static const char *const colours[] = {"40804a", "ffffff", "000000", "c3c3c3"};
    run(s, "batch begin stroke");
    for (int l = 0; l < 3; l++) {
        for (int i = 0; i < count; i++) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            t[i] = stroke(s, (int)((r >> 33) % 512), (int)((r >> 20) % 512), lengths[l],
                          colours[(r >> 50) % 4]);
        }
        char what[80];
        snprintf(what, sizeof what, "stroke of %d square%s + relabel", lengths[l],
                 lengths[l] > 1 ? "s" : "");
        report(what, t, count);
    }
    run(s, "batch end");
    /* the whole board labelled again, as a full relabel would each frame */
    EditDoc *doc = editsession_doc(s);
    int n = 0;
    BoardTypeOverride *over = mission_type_overrides(editdoc_mission(doc), &n);
    for (int i = 0; i < 9; i++) {
        BoardSpec spec = {.width = 512, .height = 512, .rgba = editdoc_rgba(doc),
                          .overrides = over, .override_count = n};
        char err[256];
        double t0 = timer_cpu_ms();
        Board *b = board_create(&spec, err, sizeof err);
        t[i] = timer_cpu_ms() - t0;
        board_destroy(b);
    }
    free(over);
    report("full relabel (board_create), for comparison", t, 9);
    /* one command each: a rectangle, a fill, a line across the board */
    for (int i = 0; i < 9; i++) {
        double t0 = timer_cpu_ms();
        run(s, "rect %d 100 %d 140 %s", 100 + i, 160 + i, i % 2 ? "40804a" : "4060a0");
        editdoc_rooms(doc);
        t[i] = timer_cpu_ms() - t0;
    }
    report("rect 61x41 + relabel", t, 9);
    for (int i = 0; i < 9; i++) {
        double t0 = timer_cpu_ms();
        run(s, "fill 300 300 %s", i % 2 ? "40804a" : "4060a0");
        editdoc_rooms(doc);
        t[i] = timer_cpu_ms() - t0;
    }
    report("fill + relabel", t, 9);
    for (int i = 0; i < 9; i++) {
        double t0 = timer_cpu_ms();
        run(s, "line 0 %d 511 %d %s", 200 + i, 260 + i, i % 2 ? "40804a" : "4060a0");
        editdoc_rooms(doc);
        t[i] = timer_cpu_ms() - t0;
    }
    report("line across the board + relabel", t, 9);
    for (int i = 0; i < 9; i++) {
        double t0 = timer_cpu_ms();
        run(s, "undo");
        editdoc_rooms(doc);
        t[i] = timer_cpu_ms() - t0;
    }
    report("undo of a line + relabel", t, 9);
    free(t);
    editsession_destroy(s);
}

/* The live check of a generated mission of side x side, after a change. */
static void live_check(int side, int reps)
{
    char why[512];
    EditSession *s = editsession_create(QB_SOURCE_DIR, why, sizeof why);
    run(s, "generate dungeon 7 %dx%d", side, side);
    double *t = malloc((size_t)reps * sizeof *t);
    size_t warnings = 0;
    for (int i = 0; i < reps; i++) {
        run(s, "set name Check %d", i); /* a change, so the check runs again */
        double t0 = timer_cpu_ms();
        const EditCheck *c = editsession_check(s);
        t[i] = timer_cpu_ms() - t0;
        warnings = c->warnings;
        if (!c->loads) {
            fprintf(stderr, "bench_edit: the %dx%d mission does not load\n", side, side);
            exit(1);
        }
    }
    char what[80];
    snprintf(what, sizeof what, "live check, %dx%d generated (%zu warnings)", side, side,
             warnings);
    report(what, t, reps);
    free(t);
    editsession_destroy(s);
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 200;
    if (count < 20)
        count = 20;
    strokes("rooms", true, count);
    strokes("one-room", false, count);
    printf("live check:\n");
    live_check(64, 21);
    live_check(128, 11);
    live_check(256, 5);
    return 0;
}

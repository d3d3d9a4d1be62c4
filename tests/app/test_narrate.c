/* Narration's policy (app/narrate.h) with a sink that records what would
 * be spoken, on a clock the test moves: the focus is said when it changes
 * and cuts in; drawn marks are not said; a repeated log line is said once
 * within the repeat window and again after it; a burst of log lines keeps
 * the newest, the oldest unsaid being skipped; a sink that fails is seen. */
#include "app/narrate.h"
#include "check.h"

typedef struct {
    char said[4096];
    int speaks, cancels;
    bool broken, closed;
} Recorder;

static bool rec_speak(void *ctx, const char *text)
{
    Recorder *r = ctx;
    size_t n = strlen(r->said);
    snprintf(r->said + n, sizeof r->said - n, "say %s|", text);
    r->speaks++;
    return !r->broken;
}

static void rec_cancel(void *ctx)
{
    Recorder *r = ctx;
    size_t n = strlen(r->said);
    snprintf(r->said + n, sizeof r->said - n, "cancel|");
    r->cancels++;
}

static void rec_close(void *ctx)
{
    ((Recorder *)ctx)->closed = true;
}

static Narrator *recorder(Recorder *r)
{
    memset(r, 0, sizeof *r);
    return narrate_create((NarrateSink){rec_speak, rec_cancel, rec_close, r});
}

#define EXPECT(r, text)                                                                   \
    do {                                                                                  \
        CHECK(strcmp((r)->said, (text)) == 0);                                            \
        if (strcmp((r)->said, (text)) != 0)                                               \
            fprintf(stderr, "  said:     %s\n  expected: %s\n", (r)->said, (text));      \
        (r)->said[0] = '\0';                                                              \
    } while (0)

static void test_focus(void)
{
    Recorder r;
    Narrator *n = recorder(&r);
    narrate_say(n, NARRATE_FOCUS, "New game", 0);
    narrate_say(n, NARRATE_FOCUS, "New game", 16); /* drawn again: not said again */
    narrate_say(n, NARRATE_FOCUS, "New game", 5000);
    EXPECT(&r, "say New game|");
    /* the next item while the first is still said: it is cut off */
    narrate_say(n, NARRATE_FOCUS, "Continue", 100000);
    narrate_say(n, NARRATE_FOCUS, "Settings", 100050);
    EXPECT(&r, "say Continue|cancel|say Settings|");
    /* after it was said, nothing to cut */
    narrate_say(n, NARRATE_FOCUS, "Animation speed:  <  fast  >", 200000);
    narrate_say(n, NARRATE_FOCUS, "Master volume: <  \u25a0\u25a0\u25a0\u25a1  80%  >", 300000);
    narrate_say(n, NARRATE_FOCUS, "  \n\t ", 400000); /* nothing left to say */
    EXPECT(&r, "say Animation speed: fast|say Master volume: 80%|");
    /* back to an item after another: said again; forgetting says it again too */
    narrate_say(n, NARRATE_FOCUS, "Settings", 500000);
    narrate_forget_focus(n);
    narrate_say(n, NARRATE_FOCUS, "Settings", 600000);
    EXPECT(&r, "say Settings|say Settings|");
    CHECK(narrate_ok(n));
    narrate_destroy(n);
    CHECK(r.closed);
}

static void test_repeats(void)
{
    Recorder r;
    Narrator *n = recorder(&r);
    narrate_say(n, NARRATE_LOG, "Not enough movement.", 1000);
    narrate_say(n, NARRATE_LOG, "Not enough movement.", 1200);
    narrate_say(n, NARRATE_LOG, "Not enough movement.", 1000 + NARRATE_REPEAT_MS - 1);
    EXPECT(&r, "say Not enough movement.|");
    narrate_say(n, NARRATE_LOG, "Not enough movement.", 1000 + NARRATE_REPEAT_MS);
    EXPECT(&r, "say Not enough movement.|");
    /* a different line between two equal ones: both are news */
    narrate_say(n, NARRATE_LOG, "The Orc attacks.", 10000);
    narrate_say(n, NARRATE_LOG, "The Barbarian loses 1 Body Point.", 10001);
    narrate_say(n, NARRATE_LOG, "The Orc attacks.", 10002);
    EXPECT(&r, "say The Orc attacks.|say The Barbarian loses 1 Body Point.|say The Orc attacks.|");
    narrate_destroy(n);
}

static void test_burst(void)
{
    Recorder r;
    Narrator *n = recorder(&r);
    char line[64];
    /* a monsters' phase: seven lines in one frame */
    for (int i = 1; i <= 7; i++) {
        snprintf(line, sizeof line, "Blow %d.", i);
        narrate_say(n, NARRATE_LOG, line, 0);
    }
    /* four queue; the fifth stops the speech and keeps the newest three
     * unsaid before itself; and so on: never more than four behind */
    EXPECT(&r, "say Blow 1.|say Blow 2.|say Blow 3.|say Blow 4.|"
               "cancel|say Blow 2.|say Blow 3.|say Blow 4.|say Blow 5.|"
               "cancel|say Blow 3.|say Blow 4.|say Blow 5.|say Blow 6.|"
               "cancel|say Blow 4.|say Blow 5.|say Blow 6.|say Blow 7.|");
    CHECK_INT(narrate_pending(n, 0), 4);
    /* "Blow 4." takes NARRATE_MS_BASE + 7 characters' time; then three are left */
    CHECK_INT(narrate_pending(n, NARRATE_MS_BASE + 7 * NARRATE_MS_PER_CHAR), 3);
    CHECK_INT(narrate_pending(n, 60000), 0);
    /* a line after the queue ran out: no cut */
    narrate_say(n, NARRATE_LOG, "Your turn.", 60000);
    EXPECT(&r, "say Your turn.|");
    /* the player moves the cursor while lines are queued: the focus cuts in */
    narrate_say(n, NARRATE_LOG, "The Goblin moves.", 60001);
    narrate_say(n, NARRATE_FOCUS, "A room. Goblin (monsters)", 60002);
    EXPECT(&r, "say The Goblin moves.|cancel|say A room. Goblin (monsters)|");
    /* a log line after the focus queues behind it */
    narrate_say(n, NARRATE_LOG, "The Goblin attacks.", 60003);
    EXPECT(&r, "say The Goblin attacks.|");
    CHECK_INT(narrate_pending(n, 60003), 2);
    narrate_destroy(n);
}

static void test_long_and_broken(void)
{
    Recorder r;
    Narrator *n = recorder(&r);
    char big[2000];
    memset(big, 'a', sizeof big - 4);
    memcpy(big + sizeof big - 4, "\xc3\xa4", 3); /* an a-umlaut past the cut */
    narrate_say(n, NARRATE_LOG, big, 0);
    CHECK_INT((int)strlen(r.said), (int)strlen("say |") + NARRATE_TEXT_MAX - 1);
    /* a German word at the cut is not split inside a character */
    char de[NARRATE_TEXT_MAX + 8];
    memset(de, 'b', NARRATE_TEXT_MAX - 2);
    memcpy(de + NARRATE_TEXT_MAX - 2, "\xc3\xa4\xc3\xa4", 5);
    r.said[0] = '\0';
    narrate_say(n, NARRATE_FOCUS, de, 0);
    CHECK_INT((int)strlen(r.said), (int)strlen("cancel|say |") + NARRATE_TEXT_MAX - 2);
    CHECK(narrate_ok(n));
    r.broken = true;
    narrate_say(n, NARRATE_LOG, "Anyone there?", 90000);
    CHECK(!narrate_ok(n));
    narrate_destroy(n);
    narrate_destroy(NULL);
}

int main(void)
{
    test_focus();
    test_repeats();
    test_burst();
    test_long_and_broken();
    return check_finish("narrate");
}

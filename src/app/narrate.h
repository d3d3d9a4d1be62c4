/* Narration for blind and low-vision players: what the window says aloud
 * (the narration setting). The screens hand it two kinds of text: the
 * focus (the menu item just selected, the square under the board's
 * cursor) and the log's new lines. It decides what reaches the speech
 * sink and when, so that speech follows the player instead of lagging
 * behind:
 *
 * - Marks drawn for the eye (the arrows of "<  fast  >", a volume bar's
 *   squares) are not said, and runs of spaces are one.
 * - The focus is spoken when it changes; drawing the same focus again
 *   (every frame) says nothing. A new focus stops whatever is still being
 *   said or queued: the player has moved on, and the log stays readable.
 * - A log line identical to the last one within NARRATE_REPEAT_MS (a key
 *   held against a wall: "Not enough movement") is said once.
 * - The queue is estimated from the length of the texts (a speaking rate
 *   of NARRATE_MS_PER_CHAR); when a log line would make it longer than
 *   NARRATE_QUEUE_MAX utterances (a monsters' phase of ten blows), the
 *   speech is stopped and the newest NARRATE_QUEUE_MAX - 1 lines still
 *   unsaid are queued again before it: the oldest are skipped, not the
 *   news.
 *
 * The sink is the speech-dispatcher connection in the game
 * (narrate_spd.h) and a recorder in the tests. No SDL: the time is the
 * caller's, in milliseconds. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NARRATE_TEXT_MAX 512
#define NARRATE_QUEUE_MAX 4
#define NARRATE_REPEAT_MS 2000
#define NARRATE_MS_PER_CHAR 65 /* about 15 characters a second */
#define NARRATE_MS_BASE 300    /* the pause around an utterance */

typedef enum { NARRATE_FOCUS, NARRATE_LOG } NarrateKind;

/* Where speech goes. speak queues text after what is being said and
 * returns false when the speech service is gone; cancel stops the speech
 * and empties its queue; close ends the connection (called by
 * narrate_destroy; may be NULL). */
typedef struct NarrateSink {
    bool (*speak)(void *ctx, const char *text);
    void (*cancel)(void *ctx);
    void (*close)(void *ctx);
    void *ctx;
} NarrateSink;

typedef struct Narrator Narrator;

/* A narrator speaking into sink (taken over: closed by narrate_destroy).
 * Never NULL. */
Narrator *narrate_create(NarrateSink sink);

/* Closes the sink and frees the narrator. NULL does nothing. */
void narrate_destroy(Narrator *n);

/* Hands text of kind over at time now_ms (see above for what is said).
 * Spaces and line breaks are folded into one space; an empty text says
 * nothing. */
void narrate_say(Narrator *n, NarrateKind kind, const char *text, uint64_t now_ms);

/* Forgets the last focus, so the next one is said even when it is the
 * same (a screen opened anew). */
void narrate_forget_focus(Narrator *n);

/* How many utterances are estimated still to be said at now_ms. */
size_t narrate_pending(const Narrator *n, uint64_t now_ms);

/* False once the sink refused to speak (the service went away). */
bool narrate_ok(const Narrator *n);

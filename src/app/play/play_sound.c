/* The play screen's sounds: each event's cue goes to the sound module
 * (PlayOptions.cue) as the event is shown and as its dice land, so the
 * sound follows the animation and its speed. */

#include "play_internal.h"

void play_cue(Play *p, const GameEvent *e, bool landed)
{
    if (!p->opts.cue || !p->game)
        return;
    /* what the window's sight does not tell makes no sound: hearing a
     * piece no hero has seen would tell where it is */
    MatchView sight = play_sight(p);
    if (!view_event(&sight, e))
        return;
    p->opts.cue(p->opts.cue_ctx, p->game, e, landed);
}

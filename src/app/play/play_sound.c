/* The play screen's sounds: each event's cue goes to the sound module
 * (PlayOptions.cue) as the event is shown and as its dice land, so the
 * sound follows the animation and its speed. */

#include "play_internal.h"

void play_cue(Play *p, const GameEvent *e, bool landed)
{
    if (!p->opts.cue || !p->game)
        return;
    /* a piece no hero has seen makes no sound: hearing it would tell
     * where it is (the window's "hidden pieces never leak") */
    const GamePiece *gp = game_piece(p->game, e->piece);
    if (gp && !gp->revealed && !p->opts.reveal)
        return;
    p->opts.cue(p->opts.cue_ctx, p->game, e, landed);
}

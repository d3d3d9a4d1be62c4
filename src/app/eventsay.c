#include "eventsay.h"

#include "core/i18n.h"

#include <stdio.h>

/* The words the rules put into their lines that no format holds, marked
 * here for the catalogue: the trap kinds (mission_trap_kind_name) and the
 * game's end (game_status_name). The sides ("east") and the catalogue's
 * names come marked from elsewhere (gfx/ui.c, assets/pieces.xml). */
static const char *const WORDS[] __attribute__((unused)) = {N_("pit"), N_("spear"), N_("falling_block"), N_("chest"),
                                    N_("victory"), N_("defeat")};

static const char *translate(const char *text)
{
    return gettext(text);
}

const char *eventsay_word(const char *english)
{
    return english && english[0] ? gettext(english) : "";
}

const char *eventsay_line(const GameEvent *e, char *buf, size_t size)
{
    if
 (!eventtext_render(&e->words, translate, translate, buf, size))
        snprintf(buf, size, "%s", e->text);
    return buf;
}

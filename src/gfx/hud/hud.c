/* The HUD's entry points: the summary of a finished mission and the frame's panels
 * in their order. */

#include "hud_internal.h"

#include <stdio.h>

/* --- Summary ----------------------------------------------------------- */

void hud_summary(const Game *g, int finds, HudSummary *out)
{
    *out = (HudSummary){.turns = game_turn(g), .finds = finds};
    size_t n = 0;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->side == GAME_SIDE_MONSTERS) {
            out->kills += !p->alive;
            continue;
        }
        out->gold += p->gold;
        out->escaped += p->escaped;
        if (!p->alive && !p->escaped) {
            out->fallen++;
            n += (size_t)snprintf(out->fallen_names + n, n < sizeof out->fallen_names ? sizeof out->fallen_names - n : 0,
                                  "%s%s", out->fallen > 1 ? ", " : "", p->type->name);
        }
    }
}

void hud_draw(Renderer *r, const HudLayout *layout, const HudModel *m)
{
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    hud_draw_panel(sdl, t, layout, m);
    hud_draw_buttons(sdl, t, layout, m);
    hud_draw_dice(r, layout, m);
    bool over = game_status(m->game) != GAME_STATUS_PLAYING && !m->animating;
    if (m->spell_menu && !m->show_help)
        hud_draw_spell_menu(sdl, t, layout, m);
    else if (m->show_help)
        hud_draw_help(sdl, t, layout, m);
    else if (m->show_log)
        hud_draw_history(sdl, t, layout, m);
    else if (m->show_objectives)
        hud_draw_objectives(sdl, t, layout, m);
    else if (over)
        hud_draw_end(sdl, t, layout, m);
}


/* The HUD's entry points: the frame's panels in their order, and the body points
 * shown. */

#include "hud_internal.h"

#include <stdio.h>

int hud_body(const HudModel *m, int id)
{
    if (m->body && id >= 0 && (size_t)id < m->body_count)
        return m->body[id];
    const GamePiece *p = game_piece(m->game, id);
    return p ? p->body : 0;
}

typedef struct Fixed {
    const HudLayout *layout;
    const HudModel *m;
} Fixed;

static void draw_fixed(Renderer *r, void *ctx)
{
    const Fixed *f = ctx;
    SDL_SetRenderDrawBlendMode(render_sdl(r), SDL_BLENDMODE_BLEND);
    hud_draw_panel(render_sdl(r), render_text(r), f->layout, f->m);
    hud_draw_buttons(render_sdl(r), render_text(r), f->layout, f->m);
}

bool hud_covers_board(const HudModel *m)
{
    bool over = game_status(m->game) != GAME_STATUS_PLAYING && !m->animating && m->summary;
    return m->spell_menu || m->question || m->show_help || m->show_log || m->show_objectives || over;
}

void hud_draw(Renderer *r, const HudLayout *layout, const HudModel *m)
{
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    /* the panel and the bar from their picture unless what they show
     * changed: drawing their text is most of a still frame */
    Fixed fixed = {layout, m};
    SDL_Rect parts[2] = {layout->panel, layout->bar};
    render_ui_layer(r, hud_key(layout, m, t), parts, 2, draw_fixed, &fixed);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    bool over = game_status(m->game) != GAME_STATUS_PLAYING && !m->animating && m->summary;
    if (!hud_covers_board(m))
        hud_draw_dice(r, layout, m); /* a panel over the board takes its place */
    if (m->question)
        hud_draw_question(sdl, t, layout, m);
    else if (m->spell_menu && !m->show_help)
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


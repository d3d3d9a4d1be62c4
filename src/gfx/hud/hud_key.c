/* The key of the HUD's side panel and command bar as a model draws them:
 * a hash of everything hud_draw_panel and hud_draw_buttons read, so the
 * renderer keeps their picture between frames (render_ui_layer) and draws
 * them again only when the key changes. Reading more in those functions
 * means hashing it here too. */

#include "hud_internal.h"

#include "gfx/layoutprobe.h"

#include <string.h>

typedef struct Fnv {
    uint64_t h;
} Fnv;

static void mix(Fnv *f, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        f->h = (f->h ^ p[i]) * 1099511628211ull;
}

static void mix_int(Fnv *f, long long v)
{
    mix(f, &v, sizeof v);
}

static void mix_str(Fnv *f, const char *s)
{
    mix(f, s ? s : "", s ? strlen(s) + 1 : 1);
}

static void mix_piece(Fnv *f, const Game *g, int id)
{
    const GamePiece *p = game_piece(g, id);
    mix_int(f, id);
    if (p)
        mix(f, p, sizeof *p);
}

static void mix_log(Fnv *f, const MsgLog *log, int scroll)
{
    size_t n = log ? msglog_count(log) : 0;
    mix_int(f, (long long)n);
    mix_int(f, scroll);
    if (n) /* lines never change once added, and seq numbers never repeat */
        mix_int(f, (long long)msglog_line(log, 0)->seq), mix_int(f, (long long)msglog_last_seq(log));
}

uint64_t hud_key(const HudLayout *l, const HudModel *m, const void *font)
{
    if (layoutprobe_active())
        return 0; /* the layout test records every text as it is drawn */
    Fnv f = {14695981039346656037ull};
    mix(&f, &font, sizeof font);
    bool high = contrast_high();
    mix(&f, &high, sizeof high);
    mix(&f, l, sizeof *l);
    mix(&f, &m->game, sizeof m->game);
    mix_str(&f, m->title);
    mix_str(&f, m->help_key);
    mix_str(&f, m->status);
    mix_str(&f, m->notice);
    mix_int(&f, m->current);
    mix_int(&f, m->info_piece);
    mix_int(&f, m->animating);
    mix_int(&f, m->show_objectives);
    mix_int(&f, m->show_log);
    mix(&f, m->enabled, sizeof m->enabled);
    for (int c = 0; c < HUD_CMD_COUNT; c++)
        mix_str(&f, m->keys[c]);
    mix_log(&f, m->log, m->log_scroll);
    for (size_t i = 0; i < m->body_count && m->body; i++)
        mix_int(&f, m->body[i]);
    for (int i = 0; m->summary && i < m->summary->hero_count; i++)
        mix_int(&f, m->summary->heroes[i].piece), mix_int(&f, m->summary->heroes[i].gold);
    for (size_t i = 0; i < game_piece_count(m->game); i++)
        if (game_piece(m->game, (int)i)->side == GAME_SIDE_HEROES)
            mix_piece(&f, m->game, (int)i);
    mix_piece(&f, m->game, m->info_piece);
    for (int i = 0; i < GAME_MAX_HEROES; i++)
        mix_str(&f, game_piece(m->game, i) ? game_piece_name(m->game, i) : "");
    return f.h ? f.h : 1;
}

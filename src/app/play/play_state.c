/* What the play screen derives from the game: the pieces where they are shown, the scene,
 * the buttons that work, the squares the hero reaches, the path and the status lines. */

#include "play_internal.h"

#include "core/i18n.h"

#include "core/alloc.h"

#include <stdio.h>
#include <string.h>

/* An amount of movement as the rules write it ("20 1/2"), its whole part
 * and fraction held together by a no-break space so a wrapped line keeps
 * them on one line. */
void play_format_move(const Play *p, int cost, char *buf, size_t size)
{
    char plain[32];
    game_format_move(p->game, cost, plain, sizeof plain);
    char *space = strchr(plain, ' ');
    if (space)
        *space = '\0';
    snprintf(buf, size, space ? "%s\u00a0%s" : "%s", plain, space ? space + 1 : "");
}

/* --- The scene from the game ---------------------------------------- */

/* Refills the scene from the game and the shown positions. */
void play_rebuild_scene(Play *p)
{
    if (!p->game)
        return;
    MatchView sight = play_sight(p);
    SceneGameView v = {.pieces = p->shown, .count = p->shown_count, .skip_piece = p->slide_piece,
                       .reveal = view_all(&sight)};
    scene_game_fill(p->scene, p->game, &v);
}

/* --- Shown state ------------------------------------------------------ */

/* Room for a square per piece in the lists of targets and sleepers. */
static void reserve_pieces(Play *p, size_t n)
{
    if (n <= p->piece_cap)
        return;
    p->cast_targets = xrealloc(p->cast_targets, n, sizeof *p->cast_targets);
    p->asleep = xrealloc(p->asleep, n, sizeof *p->asleep);
    p->piece_cap = n;
}

/* Makes the shown positions those of the game (after the events played). */
void play_sync_shown(Play *p)
{
    size_t n = game_piece_count(p->game);
    if (n > p->shown_count)
        p->shown = xrealloc(p->shown, n, sizeof *p->shown);
    reserve_pieces(p, n);
    p->shown_count = n;
    for (size_t i = 0; i < n; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        p->shown[i] = (Shown){gp->pos, gp->alive && !gp->escaped};
    }
}

/* New pieces (wandering monsters) stay off the board until their event. */
void play_grow_shown(Play *p)
{
    size_t n = game_piece_count(p->game);
    if (n <= p->shown_count)
        return;
    p->shown = xrealloc(p->shown, n, sizeof *p->shown);
    reserve_pieces(p, n);
    for (size_t i = p->shown_count; i < n; i++)
        p->shown[i] = (Shown){game_piece(p->game, (int)i)->pos, false};
    p->shown_count = n;
}

/* True when the current hero may cast one of his spells now. */
static bool can_cast_any(const Play *p)
{
    int hero = game_current(p->game);
    for (size_t i = 0; hero >= 0 && i < game_spell_count(p->game) && i < HUD_SPELLS_MAX; i++)
        if (game_can_cast(p->game, hero, (int)i))
            return true;
    return false;
}

/* Which buttons work now (game_check costs a clone: only on changes). */
void play_refresh_enabled(Play *p)
{
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        Action a;
        p->enabled[c] = false;
        if (c == HUD_CMD_OBJECTIVES || c == HUD_CMD_LOG)
            p->enabled[c] = p->game != NULL;
        else if (c == HUD_CMD_CAST)
            p->enabled[c] = p->game && !play_busy(p) && can_cast_any(p);
        else if (c == HUD_CMD_UNDO)
            p->enabled[c] = p->game && !play_busy(p) && game_can_undo(p->game, NULL, 0);
        else if (p->game && !play_busy(p) && play_command_action(p, (HudCommand)c, &a))
            p->enabled[c] = game_check(p->game, &a, NULL, 0);
    }
}

void play_refresh_reach(Play *p)
{
    int w = board_width(p->m->board);
    /* clear only what the last list marked: no pass over the board */
    for (size_t i = 0; i < p->reach_count; i++)
        p->reach[(size_t)p->reach_list[i].y * (size_t)w + (size_t)p->reach_list[i].x] = 0;
    p->reach_count = 0;
    p->reach_valid = false;
    int hero = game_current(p->game);
    size_t count;
    if (play_monster_turn(p))
        count = play_monster_reach(p, p->reach_list, p->reach_cap);
    else if (hero < 0 || play_busy(p) || p->selected != hero || !game_can_move(p->game))
        return;
    else
        count = game_reachable(p->game, hero, -1, p->reach_list, p->reach_cap);
    p->reach_count = count < p->reach_cap ? count : p->reach_cap;
    for (size_t i = 0; i < p->reach_count; i++)
        p->reach[(size_t)p->reach_list[i].y * (size_t)w + (size_t)p->reach_list[i].x] = 1;
    p->reach_valid = p->reach_count > 0;
}

bool play_reachable(const Play *p, BoardPos pos)
{
    const Board *b = p->m->board;
    return p->reach_valid && board_contains(b, pos) &&
           p->reach[(size_t)pos.y * (size_t)board_width(b) + (size_t)pos.x];
}

/* The path to the pointed square when it is reachable: the plan the
 * move follows, labelled with what it costs and what it leaves ("2 1/2
 * (5 left)": diagonals and terrain cost more than a square a step). */
void play_refresh_path(Play *p)
{
    BoardPos at;
    p->path_len = 0;
    p->path_label[0] = '\0';
    /* (a monster's move is shown by its squares alone) */
    if (!p->reach_valid || game_current(p->game) < 0 || !play_pointed(p, &at) ||
        !play_reachable(p, at))
        return;
    int cost;
    int len = game_move_plan(p->game, at, p->path, p->path_cap, &cost);
    if (len <= 0 || len > p->path_cap)
        return;
    p->path_len = len;
    char spent[24], left[24];
    play_format_move(p, cost, spent, sizeof spent);
    play_format_move(p, game_move_left(p->game) - cost, left, sizeof left);
    snprintf(p->path_label, sizeof p->path_label, _("%s (%s left)"), spent, left);
}

void play_refresh_status(Play *p)
{
    if (!p->game)
        return;
    GameStatus st = game_status(p->game);
    int hero = game_current(p->game), turn = game_turn(p->game);
    if (play_busy(p)) {
        const GamePiece *h = game_piece(p->game, p->shown_hero);
        if (p->shown_monsters || !h)
            snprintf(p->status, sizeof p->status, _("Turn %d\nThe monsters' turn..."), p->shown_turn);
        else
        {
            const MsgLogLine *last = msglog_line(p->log, msglog_count(p->log) - 1);
            snprintf(p->status, sizeof p->status, _("Turn %d - %s\n%.*s"), p->shown_turn,
                     play_piece_name(p, p->shown_hero),
                     120, last ? last->text : "");
        }
    } else if (st != GAME_STATUS_PLAYING) {
        snprintf(p->status, sizeof p->status, _("Turn %d\n%s"), turn,
                 st == GAME_STATUS_VICTORY ? _("Victory! The quest is done.") : _("Defeat."));
    } else if (game_monsters_turn(p->game)) {
        play_monster_status(p);
    } else if (hero >= 0) {
        char moves[64];
        snprintf(moves, sizeof moves, "%s", _("Roll the dice to move"));
        if (game_has_rolled(p->game)) {
            /* movement is kept in cost units (square8 diagonals, terrain):
             * players read squares of plain ground, "7 2/5" */
            int left = game_move_left(p->game);
            char amount[32];
            play_format_move(p, left, amount, sizeof amount);
            bool one = left > 0 && left <= game_move_unit(p->game); /* "0 squares", "1/2 square" */
            const char *cell = board_grid(p->m->board)->topology == GRID_HEX
                                   ? (one ? _("hex") : _("hexes"))
                                   : (one ? _("square") : _("squares"));
            snprintf(moves, sizeof moves, _("%s %s to move"), amount, cell);
        }
        snprintf(p->status, sizeof p->status, _("Turn %d - %s\n%s%s"), turn, play_piece_name(p, hero), moves,
                 game_has_acted(p->game) ? _(", has acted") : "");
    }
}

/* Everything derived from the game after it or the queue changed. */
void play_refresh(Play *p)
{
    if (!p->game)
        return;
    int hero = game_current(p->game);
    /* a new hero's turn selects him; the keyboard cursor of the last
     * hero's turn would point at what no longer matters */
    if (!play_busy(p) && hero >= 0 && hero != p->last_current)
        p->has_cursor = false;
    if (!play_busy(p) && hero >= 0 && (hero != p->last_current || p->selected < 0))
        p->selected = hero;
    if (!play_busy(p))
        p->last_current = hero;
    play_monster_keep_selected(p);
    play_refresh_enabled(p);
    if ((p->cast_mode == CAST_CHOOSE && !p->enabled[HUD_CMD_CAST]) ||
        (p->cast_mode == CAST_TARGET && !game_can_cast(p->game, p->cast_hero, p->cast_spell)))
        p->cast_mode = CAST_NONE;
    play_refresh_reach(p);
    play_refresh_path(p);
    play_refresh_status(p);
}

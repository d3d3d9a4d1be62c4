/* Hotseat seats and hand-overs (hotseat.h). */
#include "hotseat.h"

#include "play/play.h"
#include "uikit.h"

#include "core/i18n.h"

#include <stdio.h>

void hotseat_set_players(Hotseat *g, Play *play, const int *players, int count)
{
    bool several = false;
    for (int i = 0; i < count && i < GAME_MAX_HEROES; i++) {
        g->players[i] = players[i];
        several |= players[i] != players[0];
    }
    g->player_heroes = several ? count : 0;
    g->announced = -1;
    char digits[SLOTS_PLAYERS_MAX + 1] = "";
    for (int i = 0; several && i < count && i < SLOTS_PLAYERS_MAX; i++)
        digits[i] = (char)('1' + g->players[i]);
    play_set_players(play, digits);
}

void hotseat_set_monsters(Hotseat *g, Play *play, int player)
{
    const Game *game = play_game(play);
    /* only a game with a monster player waits for one */
    g->monsters = game && game_setup(game)->monster_player && player >= 1 && player <= 4 ? player
                                                                                         : 0;
    play_set_monsters(play, g->monsters);
}

/* Applies the players of a save's header (hotseat), if it names any. */
void hotseat_from_header(Hotseat *g, Play *play, const SlotHeader *h)
{
    int players[SLOTS_PLAYERS_MAX];
    int n = 0;
    for (; h->players[n] && n < SLOTS_PLAYERS_MAX; n++)
        players[n] = h->players[n] - '1';
    if (n > 0)
        hotseat_set_players(g, play, players, n);
    if (h->monsters)
        hotseat_set_monsters(g, play, h->monsters);
}

/* The side on turn changed between the heroes and a monster player: the
 * hand-over screen hides the board until that side's player is at the
 * keyboard, whatever the hand_over setting (the heroes must never see
 * the monster side's board), and once it is gone the board shows that
 * side's view (play_hand_over: the heroes then watch what the monsters
 * did in sight). One player playing both sides only gets a toast.
 * True when it was such a change. */
static bool hand_over_side(Hotseat *g, Play *play, App *app)
{
    if (g->handing) {
        /* the next player is at the keyboard: this side's board now */
        g->handing = false;
        play_hand_over(play);
        return true;
    }
    if (!play_hand_over_due(play))
        return false;
    const Game *game = play_game(play);
    bool monsters = game_monsters_turn(game);
    int hero = game_current(game);
    int before = monsters ? (g->announced >= 0 ? g->players[g->announced] + 1 : 1) : g->monsters;
    int player = monsters ? g->monsters : hero >= 0 ? g->players[hero] + 1 : 1;
    const char *name = monsters || hero < 0 ? NULL : play_piece_name(play, hero);
    bool named = name && game_piece_named(game, hero);
    g->announced = monsters ? -1 : hero;
    char title[256], whose[96];
    if (name)
        uikit_turn_words(whose, sizeof whose, name, named);
    else
        snprintf(whose, sizeof whose, "%s", _("the monsters' turn"));
    snprintf(title, sizeof title, _("Questboard - %s - Player %d: %s"), play_title(play), player,
             name ? name : _("the monsters"));
    SDL_SetWindowTitle(app->window, title);
    if (player != before) {
        screens_go(app, SCREEN_HANDOVER, &(HandoverArgs){player, name, named, game_turn(game)});
        g->handing = true;
    } else {
        play_hand_over(play);
        screens_toast(app, _("Player %d: %s"), player, whose);
    }
    return true;
}

/* Hotseat: says whose turn it is when the hero changes; when the player
 * changes too and the hand_over setting is on, the hand-over screen hides
 * the board until the next player is there. */
void hotseat_announce(Hotseat *g, Play *play, App *app)
{
    const Game *game = play_game(play);
    if (!game || game_status(game) != GAME_STATUS_PLAYING || hand_over_side(g, play, app) ||
        !g->player_heroes)
        return;
    /* the hero on screen: while the monsters' phase plays the game is
     * already at the next hero's turn, the picture is not */
    int hero = play_shown_current(play);
    if (hero == g->announced || hero < 0 || hero >= g->player_heroes)
        return;
    int before = g->announced;
    g->announced = hero;
    const char *name = game_piece(game, hero) ? play_piece_name(play, hero) : _("hero");
    char title[256];
    snprintf(title, sizeof title, _("Questboard - %s - Player %d: %s"), play_title(play),
             g->players[hero] + 1, name);
    SDL_SetWindowTitle(app->window, title);
    bool named = game_piece_named(game, hero);
    if (before >= 0 && before < g->player_heroes && g->players[before] != g->players[hero] &&
        settings_hand_over(app->settings)) {
        screens_go(app, SCREEN_HANDOVER,
                   &(HandoverArgs){g->players[hero] + 1, name, named, game_turn(game)});
    } else {
        char whose[96];
        uikit_turn_words(whose, sizeof whose, name, named);
        screens_toast(app, _("Player %d: %s"), g->players[hero] + 1, whose);
    }
}

void hotseat_to_header(const Hotseat *g, SlotHeader *h)
{
    for (int i = 0; i < g->player_heroes && i < SLOTS_PLAYERS_MAX; i++)
        h->players[i] = (char)('1' + g->players[i]);
    h->monsters = g->monsters;
}

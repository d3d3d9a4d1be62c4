/* Fills a scene from a game in progress (rules/game.h), with fog of war:
 * furniture, the living pieces (monsters only once a hero has seen them),
 * doors in their state (secret ones once found), rubble, exits, found
 * traps, and the mask of squares some hero has seen: what the heroes'
 * view (match/view.h) lets through. With reveal set (the all-seeing view:
 * the author's, the monster side's) everything shows and no mask is set:
 * all monsters, every trap not yet sprung or disarmed, secret doors,
 * treasure placed in rooms. The play screen refills its scene this way after every event it
 * shows; the renderer never sees the game. Nothing here uses SDL. Cost:
 * linear in the board and the pieces.
 */
#pragma once

#include "../rules/game.h"
#include "scene.h"

#include <stdbool.h>
#include <stddef.h>

/* Where a piece is shown, which may lag behind the game while its
 * events are animated. */
typedef struct SceneGamePiece {
    BoardPos pos;
    bool on_board; /* alive and in the dungeon, as far as shown */
} SceneGamePiece;

/* How to show the game; NULL for the game as it stands, with fog. */
typedef struct SceneGameView {
    const SceneGamePiece *pieces; /* per piece id, or NULL: the game's own */
    size_t count;                 /* entries in pieces (ids beyond are not shown) */
    int skip_piece;               /* a piece drawn elsewhere (sliding), or -1 */
    bool reveal;                  /* MATCH_SIGHT_ALL: no fog (the author's view) */
    bool untitled;                /* scene_from_game: no title over the board */
} SceneGameView;

/* A new scene for game's board (the game's mission must outlive it),
 * with the palette's room names, filled as scene_game_fill does. */
Scene *scene_from_game(const Game *game, const SceneGameView *view);

/* The ring colour of piece id (0xRRGGBB): each hero his own, by his place
 * in the party; 0 for others (the owner's colour). */
uint32_t scene_game_ring(const Game *game, int id);

/* True for a named foe: a monster the mission placed with an id (its
 * leaders and bosses), shown with a marker and a name plate. */
bool scene_game_named(const Game *game, int id);

/* What the player calls piece id: a named foe by its mission id made a
 * name ("grashnak": "Grashnak"; the type, "Orc Warlord", says what it
 * is), anything else as the rules name it. */
void scene_game_foe_name(const Game *game, int id, char *buf, size_t size);

/* The author's tag of piece id (--reveal's marks): a monster the mission
 * places goes by its id, or without one by the line that places it
 * ("line 52"); "" for heroes and wandering monsters. */
void scene_game_tag(const Game *game, int id, char *buf, size_t size);

/* The figure of piece id standing on pos, as the scene shows it: sprite,
 * name, ring colour, name plate and the hover box's words. */
void scene_game_piece(const Game *game, int id, BoardPos pos, ScenePiece *sp);

/* Empties scene and fills it from game as view says. */
void scene_game_fill(Scene *scene, const Game *game, const SceneGameView *view);

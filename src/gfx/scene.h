/* The scene: a read-only picture of what stands on the board, the one
 * thing the renderer draws from.
 *
 * A scene is filled from a Mission's initial placements today
 * (scene_mission.h) and from the game state once the rules engine exists;
 * the renderer never needs to know which. It holds figures, furniture,
 * doors with their state, marks (rubble, revealed traps, exits) and which
 * squares are revealed. It refers to the board, which must outlive it.
 * Nothing here uses SDL.
 */
#pragma once

#include "../core/board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCENE_NAME_MAX 64

/* Who a piece belongs to: decides its ring colour. */
typedef enum SceneOwner {
    SCENE_OWNER_HERO,
    SCENE_OWNER_MONSTER,
    SCENE_OWNER_NONE, /* furniture */
    SCENE_OWNER_COUNT
} SceneOwner;

/* What a door looks like now. A secret door nobody has found is drawn as
 * plain wall. */
typedef enum SceneDoorState {
    SCENE_DOOR_CLOSED,
    SCENE_DOOR_OPEN,
    SCENE_DOOR_SECRET_FOUND,
    SCENE_DOOR_SECRET_HIDDEN,
    SCENE_DOOR_STATE_COUNT
} SceneDoorState;

/* A figure or a piece of furniture. */
typedef struct ScenePiece {
    char sprite[SCENE_NAME_MAX]; /* under assets/sprites, no ".png" */
    char name[SCENE_NAME_MAX];   /* what the hover box says: "Orc" */
    SceneOwner owner;
    BoardPos pos;      /* top-left square of the rotated footprint */
    int width, height; /* rotated footprint in squares (1x1 for figures) */
    int rotation;      /* 0, 90, 180, 270 degrees clockwise */
    uint32_t ring;     /* the ring's colour 0xRRGGBB (each hero his own), 0: the owner's */
    bool named;        /* a named foe (a mission's id'd monster): a marker and a name plate */
    char detail[SCENE_NAME_MAX]; /* the hover box's words under the name, or "" */
    char tag[SCENE_NAME_MAX];    /* a mission monster's id, else "line N" of its
                                  * placement ("" for others): the author's marks */
} ScenePiece;

/* A door on the edge between pos and its neighbour on side (EAST/SOUTH). */
typedef struct SceneDoor {
    BoardPos pos;
    GridDir side;
    SceneDoorState state;
    bool locked; /* a locked door, still closed: drawn with a padlock */
} SceneDoor;

/* A one-square picture lying on the floor: rubble, a revealed trap, an
 * exit. */
typedef struct SceneMark {
    char sprite[SCENE_NAME_MAX];
    char name[SCENE_NAME_MAX];
    BoardPos pos;
} SceneMark;

typedef struct Scene Scene;

/* An empty scene on board (borrowed, must outlive the scene); seed picks
 * floor variants and title is shown on screen (copied; NULL for none). */
Scene *scene_create(const Board *board, uint64_t seed, const char *title);

/* Frees the scene; NULL does nothing. */
void scene_destroy(Scene *scene);

/* Adds a piece, door or mark (copied). Doors given on the WEST or NORTH
 * side are stored on the neighbour's EAST or SOUTH side. */
void scene_add_piece(Scene *scene, const ScenePiece *piece);
void scene_add_door(Scene *scene, const SceneDoor *door);
void scene_add_mark(Scene *scene, const SceneMark *mark);

/* Adds an exit square: the author's marks frame it even under a figure
 * (its mark, drawn under figures, is added apart). */
void scene_add_exit(Scene *scene, BoardPos pos);
size_t scene_exit_count(const Scene *scene);
BoardPos scene_exit(const Scene *scene, size_t index);

/* Removes every piece, door, mark and exit (to refill the scene from a changed
 * game); colour names, the revealed mask and the board stay. */
void scene_clear(Scene *scene);

/* Gives a colour a display name ("Throne room") for the hover box. */
void scene_set_colour_name(Scene *scene, uint32_t rgb, const char *name);

/* Gives a colour its terrain cost (the palette's cost="N": movement to
 * enter a square of it; 1 when never set). */
void scene_set_colour_cost(Scene *scene, uint32_t rgb, int cost);

/* What entering pos costs in squares of movement (its colour's cost, 1
 * by default); 0 for a square no figure may enter (rock, no square, off
 * the board). A diagonal step on square8 boards costs the grid's ratio
 * times this. */
int scene_square_cost(const Scene *scene, BoardPos pos);

/* Sets which squares are revealed: one byte per square, row-major, non-zero
 * = revealed; copied. NULL reveals everything (the default: until the
 * rules engine brings fog of war, the whole board is shown). */
void scene_set_revealed(Scene *scene, const uint8_t *revealed);

/* The folder of the mission's own art (Mission.art_dir: its tiles/ and
 * sprites/ are used before the bundled ones), or NULL for none. */
void scene_set_art_dir(Scene *scene, const char *dir);
const char *scene_art_dir(const Scene *scene);

const Board *scene_board(const Scene *scene);
uint64_t scene_seed(const Scene *scene);
/* A number that changes whenever the scene's content changes, so drawing
 * can keep pictures of an unchanged scene. */
unsigned scene_version(const Scene *scene);
/* The title, "" when none. */
const char *scene_title(const Scene *scene);

size_t scene_piece_count(const Scene *scene);
const ScenePiece *scene_piece(const Scene *scene, size_t index);
size_t scene_door_count(const Scene *scene);
const SceneDoor *scene_door(const Scene *scene, size_t index);
size_t scene_mark_count(const Scene *scene);
const SceneMark *scene_mark(const Scene *scene, size_t index);

/* The door on the edge on side dir of pos, or NULL. */
const SceneDoor *scene_door_at(const Scene *scene, BoardPos pos, GridDir dir);

/* The piece whose footprint covers pos, or NULL; figures win over
 * furniture. */
const ScenePiece *scene_piece_at(const Scene *scene, BoardPos pos);

/* The mark on pos, or NULL. */
const SceneMark *scene_mark_at(const Scene *scene, BoardPos pos);

/* The display name of a colour, or NULL. */
const char *scene_colour_name(const Scene *scene, uint32_t rgb);

/* True when pos is revealed (always, when no mask is set). */
bool scene_revealed(const Scene *scene, BoardPos pos);

/* True when a mask of revealed squares is set. */
bool scene_has_fog(const Scene *scene);

/* Name of an owner: "hero", "monster", "furniture". */
const char *scene_owner_name(SceneOwner owner);

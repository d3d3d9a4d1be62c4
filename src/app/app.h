/* The SDL front end: the window and its loop, and headless screenshots. */
#pragma once

#include "../mission/bitmap.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct AppOptions {
    const char *mission;     /* mission XML or bitmap; NULL: the default */
    const char *screenshot;  /* write one frame to this PNG and exit */
    const char *replay;      /* --replay FILE: open the replay viewer on it */
    int width, height;       /* --size; 0: default */
    bool debug;              /* start with the debug overlay */
    int label;               /* --labels: what the overlay writes (a DebugLabel, render.h) */
    bool reveal;             /* show the whole board (no fog of war) */
    bool has_seed;           /* --seed: the game of the command line's mission */
    uint64_t seed;           /*   plays with this seed (else a new one) */
    const char *tiles_dir;   /* override assets/tiles (tests) */
    const char *sprites_dir; /* override assets/sprites (tests) */
    bool edit;               /* --edit: the mission editor on mission (or a new one) */
    BitmapLimits limits;
} AppOptions;

/* Opens the window and runs until it is closed. Returns the exit status:
 * 0, or 2 after printing why the mission or the art could not load. */
int app_play(const AppOptions *opts);

/* Renders one frame with the software renderer, no display needed, and
 * writes it to opts->screenshot. Returns 0, or 2 with a message. */
int app_screenshot(const AppOptions *opts);

/* As app_screenshot, the play screen of match (taken over and freed; a
 * replay's position): opts->reveal draws it all-seeing, else as the
 * heroes see it. */
struct Match;
int app_screenshot_match(struct Match *match, const AppOptions *opts);

/* The route of tests/screens/test_topologies.sh: plays a mission headless
 * with test_play's keyboard player (tests/app/kbplayer.h) at instant
 * animation speed, as the window plays it with the same seed, and writes
 * the key presses the play screen took, for xdotool to press in the real
 * window. The rules are deterministic and the window's play screen is the
 * same module, so the same keys with the same seed play the same game.
 *
 * usage: route_keys MISSION FIRST_SEED OUTDIR
 * Tries seeds FIRST_SEED, FIRST_SEED+1, ... (at most 20) until the player
 * wins with a route whose keys moved, attacked, opened a door and left
 * (what the test checks the window did; the first win otherwise: which
 * seeds open a door by key depends on the rules' every figure), and
 * writes OUTDIR/keys.txt:
 *     seed S
 *     r / Return / Right / ...   one X key name a line
 *     round N                    the window's autosave (written when round
 *                                N begins) is now OUTDIR/round-N.sav
 *     end victory                its final autosave is OUTDIR/end.sav
 * with each .sav the save text (save_format) the window writes after those
 * keys, MISSION recorded as given. Exit 0, or 1 when no seed was won. */
#define _XOPEN_SOURCE 700
#include "play_util.h"
#include "kbplayer.h"

#include "rules/save.h"

#include <inttypes.h>

static bool write_save(const Game *g, const char *mission, const char *dir, const char *name)
{
    size_t size = 0;
    char *text = save_format(g, mission, &size);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    bool ok = f && text && fwrite(text, 1, size, f) == size;
    if (f)
        ok &= fclose(f) == 0;
    free(text);
    return ok;
}

/* True when the game's actions hold a move, an attack, an open and a leave. */
static bool every_kind(const Game *g)
{
    static const ActionKind kinds[] = {ACTION_MOVE, ACTION_ATTACK, ACTION_OPEN, ACTION_LEAVE};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bool seen = false;
        for (size_t i = 0; i < game_log_count(g) && !seen; i++)
            seen = game_log_at(g, i)->kind == kinds[k];
        if (!seen)
            return false;
    }
    return true;
}

/* Plays mission m with seed to its end, recording into out; true on a
 * victory (*full: with every kind of action the test looks for). */
static bool play_route(const Mission *m, const char *mission, uint64_t seed, const char *dir,
                       FILE *out, bool *full)
{
    PlayOptions po = {.anim_factor = 0, .mission_path = mission};
    Play *p = play_create(m, NULL, seed, &po, W, H);
    const Game *g = play_game(p);
    if (!g) {
        play_destroy(p);
        return false;
    }
    kb_grid = board_grid(m->board);
    kb_route = true;
    BoardPos *reach = malloc(4096 * sizeof *reach);
    fprintf(out, "seed %" PRIu64 "\n", seed);
    key_record = out;
    int round = game_turn(g), actions = 0;
    bool ok = true;
    while (ok && game_status(g) == GAME_STATUS_PLAYING && game_turn(g) <= 80 && actions++ < 2000) {
        keyboard_turn(p, reach);
        if (game_turn(g) != round && game_status(g) == GAME_STATUS_PLAYING) {
            round = game_turn(g);
            char name[64];
            snprintf(name, sizeof name, "round-%d.sav", round);
            ok = write_save(g, mission, dir, name);
            fprintf(out, "round %d\n", round);
        }
    }
    key_record = NULL;
    bool won = ok && game_status(g) == GAME_STATUS_VICTORY;
    fprintf(stderr, "route_keys: seed %" PRIu64 ": %s at round %d, %zu actions\n", seed,
            game_status_name(game_status(g)), game_turn(g), game_log_count(g));
    *full = won && every_kind(g);
    if (won && write_save(g, mission, dir, "end.sav"))
        fprintf(out, "end victory\n");
    else
        won = false;
    free(reach);
    play_destroy(p);
    kb_grid = NULL;
    kb_route = false;
    return won;
}

int main(int argc, char **argv)
{
    const char *root = getenv("QUESTBOARD_DATA");
    if (argc != 4 || !root) {
        fprintf(stderr, "usage: route_keys MISSION FIRST_SEED OUTDIR (with QUESTBOARD_DATA)\n");
        return 2;
    }
    char catalogue[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(argv[1], &mo, &errs);
    for (size_t i = 0; !m && i < errs.count; i++)
        fprintf(stderr, "%s\n", errs.items[i]);
    errors_clear(&errs);
    if (!m)
        return 2;
    uint64_t first = strtoull(argv[2], NULL, 10);
    char path[4096];
    snprintf(path, sizeof path, "%s/keys.txt", argv[3]);
    uint64_t won = 0; /* the first seed won, 0: none */
    bool full = false;
    for (uint64_t seed = first; !full && seed < first + 20; seed++) {
        FILE *out = fopen(path, "w");
        if (!out)
            return 2;
        bool win = play_route(m, argv[1], seed, argv[3], out, &full);
        if (fclose(out) != 0)
            return 2;
        won = won ? won : win ? seed : 0;
    }
    if (won && !full) { /* no route did everything: the first win again */
        FILE *out = fopen(path, "w");
        if (!out || !play_route(m, argv[1], won, argv[3], out, &full) || fclose(out) != 0)
            return 2;
    }
    mission_destroy(m);
    return won ? 0 : 1;
}

/* Play-testing from the editor: the mission as it is now is written to a
 * folder of its own (the player's play-test folder, never the mission's:
 * nothing is saved by playing) with the party chosen on the Mission tab,
 * from their start squares or from a square picked on the board, and the
 * game opens over the editor. Leaving the game comes back to the editor
 * with every edit as it was. */
#include "editor_internal.h"

#include "app/screens/gamescreen.h"
#include "gen/genfile.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* The play-test folder: in the player's data folder, else a temporary
 * one. */
static void folder(App *app, char *buf, size_t size)
{
    if (app->pref[0])
        snprintf(buf, size, "%seditor-playtest", app->pref);
    else
        snprintf(buf, size, "/tmp/questboard-editor-playtest");
}

void editor_playtest(Editor *e, App *app, bool from_square, BoardPos square)
{
    const EditCheck *c = editsession_check(e->session);
    if (!c->loads) {
        editor_say(e, false,
                   ngettext("The mission does not load yet (%zu error: Check tab)",
                            "The mission does not load yet (%zu errors: Check tab)", c->errors),
                   c->errors);
        e->tab = EDITOR_TAB_CHECK;
        return;
    }
    if (from_square && !grid_contains(editdoc_grid(editsession_doc(e->session)), square)) {
        e->pick = EDITOR_PICK_PLAYTEST;
        editor_say(e, true, _("Click the square the party starts from"));
        return;
    }
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    GameSetup setup = {0};
    for (size_t i = 0; i < m->hero_count && i < GAME_MAX_HEROES; i++)
        if (e->party_mask & (1 << i))
            setup.heroes[setup.hero_count++] = (int)i;
    char dir[4200], why[1024];
    folder(app, dir, sizeof dir);
    if (!genfile_make_folder(dir, why, sizeof why) ||
        !editsession_write_playtest(e->session, dir, from_square, square, why, sizeof why)) {
        editor_say(e, false, _("Cannot play-test: %s"), why);
        return;
    }
    char path[4300], err[8192];
    snprintf(path, sizeof path, "%s/mission.xml", dir);
    uint64_t seed = e->playtest_seed++ ^ (uint64_t)time(NULL);
    Screen *game = gamescreen_create_playtest(app, path, setup.hero_count ? &setup : NULL, seed,
                                              err, sizeof err);
    if (!game) {
        editor_say(e, false, _("Cannot play-test: %s"), err);
        return;
    }
    screens_push(app, game);
    editor_say(e, true, _("Back from the play-test: every edit is as it was"));

}

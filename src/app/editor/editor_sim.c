/* The balance simulator from the editor: the mission as it is now, loaded
 * as the game would load it, played by the bot SIM_GAMES times on a
 * thread of its own (balance.h) while the window goes on; the figures and
 * the map of where heroes died show when it is done. An edit made while
 * it runs makes its figures those of the mission before that edit, and
 * the panel says so. */
#include "editor_internal.h"

#include "bot/balance.h"

#include <stdio.h>
#include <string.h>

#define SIM_GAMES 40

static int run(void *arg)
{
    EditorSim *sim = arg;
    BalanceOptions o = {.games = sim->games, .first_seed = 1, .jobs = 1, .done = &sim->done};
    sim->report = balance_run(sim->mission, &o, sim->error, sizeof sim->error);
    atomic_store(&sim->finished, true);
    return 0;
}

static void forget(EditorSim *sim)
{
    balance_destroy(sim->report);
    mission_destroy(sim->mission);
    sim->report = NULL;
    sim->mission = NULL;
    sim->error[0] = '\0';
}

void editor_sim_start(Editor *e, App *app)
{
    EditorSim *sim = &e->sim;
    (void)app;
    if (sim->thread) {
        editor_say(e, true, _("The simulator is still playing (%d of %d games)"), atomic_load(&sim->done),
                   sim->games);
        return;
    }
    ErrorList errs;
    errors_init(&errs, 4);
    Mission *m = editcheck_load(editsession_doc(e->session),
                                editsession_catalogue_path(e->session), &errs);
    if (!m) {
        editor_say(e, false, _("The mission does not load yet: %s"),
                   errs.count ? errs.items[0] : _("see the Check tab"));
        errors_clear(&errs);
        return;
    }
    errors_clear(&errs);
    forget(sim);
    sim->mission = m;
    sim->games = SIM_GAMES;
    atomic_store(&sim->done, 0);
    atomic_store(&sim->finished, false);
    sim->version = editdoc_version(editsession_doc(e->session));
    sim->thread = SDL_CreateThread(run, "simulate", sim);
    if (!sim->thread) {
        /* no thread: play here, the window waits */
        run(sim);
        editor_sim_poll(e);
    }
    e->tab = EDITOR_TAB_CHECK;
    editor_say(e, true, ngettext("Simulating %d game...", "Simulating %d games...", sim->games), sim->games);
}

void editor_sim_poll(Editor *e)
{
    EditorSim *sim = &e->sim;
    if (!atomic_load(&sim->finished))
        return;
    if (sim->thread) {
        SDL_WaitThread(sim->thread, NULL);
        sim->thread = NULL;
    }
    atomic_store(&sim->finished, false);
    if (!sim->report) {
        editor_say(e, false, _("The bot cannot play it: %s"), sim->error);
        return;
    }
    sim->show_map = balance_most_deaths(sim->report) > 0;
    char summary[160];
    editor_sim_summary(e, summary, sizeof summary);
    editor_say(e, true, "%s", summary);
}

void editor_sim_stop(Editor *e)
{
    EditorSim *sim = &e->sim;
    if (sim->thread)
        SDL_WaitThread(sim->thread, NULL);
    sim->thread = NULL;
    forget(sim);
}

void editor_sim_summary(const Editor *e, char *buf, size_t size)
{
    const EditorSim *sim = &e->sim;
    buf[0] = '\0';
    if (sim->thread) {
        snprintf(buf, size, _("Simulating: %d of %d"), atomic_load(&sim->done), sim->games);
        return;
    }
    if (!sim->report)
        return;
    const BalanceReport *r = sim->report;
    int games = balance_games(r), won = balance_won(r);
    snprintf(buf, size, ngettext("Won %d%% of %d game", "Won %d%% of %d games", games),
             games ? (100 * won + games / 2) / games : 0, games);

}

bool editor_sim_stale(const Editor *e)
{
    return e->sim.report && !e->sim.thread &&
           e->sim.version != editdoc_version(editsession_doc(e->session));
}

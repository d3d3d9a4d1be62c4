/* The match's saves: the save text (a game's, or a campaign's holding
 * its quest), restoring from one, the autosave policy, and campaign
 * quests (the party they are played for, settled at the end). */
#include "match_internal.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../rules/party_save.h"
#include "../rules/save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Save text ------------------------------------------------------------------ */

char *match_save_text(const Match *m, size_t *size)
{
    *size = 0;
    if (!m->ref)
        return NULL;
    if (!m->party)
        return save_format(m->game, m->ref, size);
    char *game = NULL;
    size_t game_size = 0;
    if (m->in_quest)
        game = save_format(m->game, m->ref, &game_size);
    char *text = party_save_format(m->party, m->campaign_path, game, game_size, size);
    free(game);
    return text;
}

bool match_write(const Match *m, const char *path, char *why, size_t why_size)
{
    if (!m->ref) {
        snprintf(why, why_size, _("this game was not loaded from a mission file"));
        return false;
    }
    if (!m->party)
        return save_write(m->game, m->ref, path, why, why_size);
    size_t size;
    char *text = match_save_text(m, &size);
    char reason[256];
    bool ok = fileio_write_atomic(path, text, size, reason, sizeof reason);
    if (!ok)
        snprintf(why, why_size, "%s: %s", path, reason);
    free(text);
    return ok;
}

/* --- Restoring -------------------------------------------------------------------- */

Match *match_restore_data(const MatchConfig *c, const SaveData *s, char *why, size_t why_size)
{
    if (c->seats && !match_seats_valid(c->seats, c->seat_count, why, why_size))
        return NULL;
    if (c->mission->hash != s->mission_hash) {
        snprintf(why, why_size, _("the mission %s has changed since the game was saved"),
                 s->mission_path);
        return NULL;
    }
    char reason[256];
    Game *g = game_create(c->mission, &s->setup, s->seed, reason, sizeof reason);
    if (!g) {
        snprintf(why, why_size, _("cannot start the saved game: %s"), reason);
        return NULL;
    }
    Match *m = match_wrap(g, c->mission_ref ? c->mission_ref : s->mission_path, c->flags);
    if (c->seats) {
        memcpy(m->seats, c->seats, (size_t)c->seat_count * sizeof *m->seats);
        m->seat_count = c->seat_count;
    }
    if (!match_replay(m, s, why, why_size)) {
        match_destroy(m);
        return NULL;
    }
    m->saved_turn = game_turn(g);
    m->saved_actions = game_log_count(g);
    return m;
}

Match *match_restore(const MatchConfig *c, const char *text, size_t size, char *why,
                     size_t why_size)
{
    SaveData s;
    if (!save_parse(text, size, &s, why, why_size))
        return NULL;
    Match *m = match_restore_data(c, &s, why, why_size);
    save_data_free(&s);
    return m;
}

bool match_save_ref(const char *text, size_t size, char *ref, size_t ref_size, char *why,
                    size_t why_size)
{
    SaveData s;
    if (!save_parse(text, size, &s, why, why_size))
        return false;
    snprintf(ref, ref_size, "%s", s.mission_path);
    save_data_free(&s);
    return true;
}

/* --- Autosave ---------------------------------------------------------------------- */

void match_set_autosave(Match *m, MatchAutosave when, MatchSaveFn fn, void *ctx)
{
    m->autosave = when;
    m->save_fn = fn;
    m->save_ctx = ctx;
    m->saved_turn = game_turn(m->game);
    m->saved_actions = game_log_count(m->game);
    m->saved_end = false;
}

/* Writes the save through the front end's writer; the game counts as
 * saved whether or not it could be written (a failed write is told once,
 * not at every frame). */
static int write_now(Match *m, char *why, size_t why_size)
{
    size_t size;
    char *text = match_save_text(m, &size);
    bool ok = text && m->save_fn(m->save_ctx, m, text, size, why, why_size);
    if (!text)
        snprintf(why, why_size, _("this game cannot be saved"));
    free(text);
    m->saved_turn = game_turn(m->game);
    m->saved_actions = game_log_count(m->game);
    return ok ? 1 : -1;
}

int match_autosave(Match *m, char *why, size_t why_size)
{
    if (!m->save_fn)
        return 0;
    bool over = game_status(m->game) != GAME_STATUS_PLAYING;
    if (m->autosave == MATCH_AUTOSAVE_ROUNDS &&
        (game_turn(m->game) != m->saved_turn || (over && !m->saved_end))) {
        m->saved_end = over;
        return write_now(m, why, why_size);
    }
    if (m->autosave == MATCH_AUTOSAVE_ACTIONS && game_log_count(m->game) != m->saved_actions)
        return write_now(m, why, why_size);
    return 0;
}

int match_autosave_unsaved(Match *m, char *why, size_t why_size)
{
    if (!m->save_fn || m->autosave == MATCH_AUTOSAVE_NEVER ||
        game_status(m->game) != GAME_STATUS_PLAYING || game_log_count(m->game) == m->saved_actions)
        return 0;
    return write_now(m, why, why_size);
}

void match_note_saved(Match *m)
{
    m->saved_actions = game_log_count(m->game);
}

/* --- Campaign quests ------------------------------------------------------------------ */

static void attach(Match *m, Party *party, const char *campaign_path, const int *hero_of)
{
    m->party = party;
    m->campaign_path = xstrdup(campaign_path ? campaign_path : "");
    memcpy(m->hero_of, hero_of, sizeof m->hero_of);
    m->in_quest = true;
}

Match *match_create_quest(const MatchConfig *c, Party *party, const char *campaign_path,
                          char *why, size_t why_size)
{
    GameSetup setup;
    int hero_of[GAME_MAX_HEROES];
    if (!party_setup(party, c->mission, &setup, hero_of, why, why_size))
        return NULL;
    MatchConfig q = *c;
    q.setup = &setup;
    q.seed = party_quest_seed(party);
    Match *m = match_create(&q, why, why_size);
    if (m)
        attach(m, party, campaign_path, hero_of);
    return m;
}

Match *match_restore_quest(const MatchConfig *c, Party *party, const char *campaign_path,
                           const char *text, size_t size, char *why, size_t why_size)
{
    Match *m = match_restore(c, text, size, why, why_size);
    GameSetup setup;
    int hero_of[GAME_MAX_HEROES];
    if (m && (!party_setup(party, c->mission, &setup, hero_of, why, why_size) ||
              setup.hero_count != game_setup(m->game)->hero_count)) {
        snprintf(why, why_size, _("the quest's heroes do not match the party"));
        match_destroy(m);
        return NULL;
    }
    if (!m)
        return NULL;
    attach(m, party, campaign_path, hero_of);
    return m;
}

void match_leave_campaign(Match *m)
{
    m->party = NULL;
    m->in_quest = false;
}

Party *match_party(const Match *m)
{
    return m->party;
}

bool match_in_quest(const Match *m)
{
    return m->party && m->in_quest;
}

int match_party_hero(const Match *m, int id)
{
    if (!m->party || id < 0 || id >= game_setup(m->game)->hero_count || id >= GAME_MAX_HEROES)
        return -1;
    return m->hero_of[id];
}

bool match_settle(Match *m, char *why, size_t why_size)
{
    if (!m->party || !m->in_quest || game_status(m->game) == GAME_STATUS_PLAYING)
        return true;
    m->in_quest = false;
    return party_settle(m->party, m->game, m->hero_of, why, why_size);
}

#define _XOPEN_SOURCE 700 /* realpath */
#include "campaignview.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "app/missionui.h"
#include "app/paths.h"
#include "app/slots.h"
#include "app/textfield.h"
#include "app/eventsay.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "rules/party_save.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define PLAYERS_MAX 4
#define ROW_TEXT 160

typedef enum Page { PAGE_PARTY, PAGE_BRIEFING, PAGE_REPORT, PAGE_DONE } Page;

typedef struct CampaignView {
    Screen base;
    Catalogue *cat;
    Campaign *campaign;
    char path[PATH_MAX];        /* the campaign file, absolute (saves name it) */
    Party *party;
    Page page;
    UiMenu menu;
    char rows[UIKIT_MENU_MAX][ROW_TEXT];
    char notes[UIKIT_MENU_MAX][ROW_TEXT];
    TextField name;              /* renaming a hero on the party page */
    int naming;                  /* the hero being renamed, -1 none */
    Mission *quest;              /* the next quest, for its briefing (NULL: did not load) */
    char quest_error[4096];
    char slot[SLOTS_FILE_MAX];   /* where the campaign is saved */
    int brief_first;             /* briefing lines scrolled past (a small window) */
    bool brief_scrolls;          /* the briefing did not fit: Page Up/Down and the wheel scroll it */
    int brief_room;              /* its lines shown then */
} CampaignView;

static void join_errors(const ErrorList *errs, char *err, size_t err_size)
{
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs->count && n + 1 < err_size; i++)
        n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs->items[i]);
    char more[96];
    if (errs->dropped && n + 1 < err_size)
        snprintf(err + n, err_size - n, "\n(%s)", errors_more_text(errs, more, sizeof more));
}

/* The catalogue and the campaign file; false with every problem in err. */
static bool load_book(CampaignView *v, const char *path, char *err, size_t err_size)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    ErrorList errs;
    errors_init(&errs, 0);
    v->cat = catalogue_load(catalogue, &errs);
    if (v->cat)
        v->campaign = campaign_load(path, catalogue, v->cat, &errs);
    if (!v->campaign)
        join_errors(&errs, err, err_size);
    errors_clear(&errs);
    if (v->campaign && !realpath(path, v->path))
        snprintf(v->path, sizeof v->path, "%s", path);
    return v->campaign != NULL;
}

static const char *item_name(const CampaignView *v, int item)
{
    const ItemType *it = catalogue_item_at(v->cat, (size_t)item);
    return it ? gettext(it->name) : "?";
}

/* "Broadsword, Helmet (worn)" or _("nothing"). */
static void kit_text(const CampaignView *v, const GameKit *k, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < k->count && n < size; i++) {
        int w = snprintf(buf + n, size - n, "%s%s%s", i ? ", " : "", item_name(v, k->items[i].item),
                         k->items[i].worn ? _(" (worn)") : "");
        n += w > 0 ? (size_t)w : 0;
    }
    if (!k->count)
        snprintf(buf, size, "%s", _("nothing"));
}

/* "Brak the Barbarian", or "Barbarian" while it goes by its type's name
 * (in the player's language). */
static const char *who(const CampaignView *v, const PartyHero *h, char *buf, size_t size)
{
    const PieceType *t = catalogue_find(v->cat, h->type);
    const char *type = t && t->name[0] ? gettext(t->name) : h->type;
    const char *name = uikit_party_name(v->cat, h);
    if (name != h->name)
        snprintf(buf, size, "%s", name);
    else
        snprintf(buf, size, _("%s the %s"), h->name, type);
    return buf;
}

/* --- the save slot ------------------------------------------------------------------ */

static char *between_text(CampaignView *v, size_t *size)
{
    return party_save_format(v->party, v->path, NULL, 0, size);
}

/* Saves the party between quests into the campaign's slot. */
static void save_between(CampaignView *v, App *app)
{
    if (!app->saves[0])
        return;
    size_t size;
    char *text = between_text(v, &size), err[1024];
    SlotHeader h = {.date = (int64_t)time(NULL)};
    /* the slot's header as the load screen shows it, in the player's
     * language when saved */
    const char *name = campaign_lang_text(v->campaign, CAMPAIGN_TR_NAME);
    snprintf(h.slot, sizeof h.slot, "%.90s", name);
    int step = party_step(v->party);
    if (party_stage(v->party) == PARTY_FINISHED) {
        snprintf(h.mission, sizeof h.mission, _("%.60s: the book is done"), name);
        snprintf(h.outcome, sizeof h.outcome, "victory");
    } else {
        snprintf(h.mission, sizeof h.mission, _("%.60s: quest %d of %zu next"), name, step + 1,
                 v->campaign->mission_count);
    }
    if (!slots_write(app->saves, v->slot, &h, text, size, err, sizeof err))
        screens_toast(app, _("the campaign was not saved: %s"), err);
    free(text);
}

static void armoury_changed(void *ctx, App *app)
{
    save_between(ctx, app);
}

/* --- pages -------------------------------------------------------------------------- */

static void load_quest(CampaignView *v, App *app)
{
    mission_destroy(v->quest);
    v->quest = NULL;
    v->quest_error[0] = '\0';
    if (party_stage(v->party) != PARTY_BETWEEN)
        return;
    const CampaignMission *cm = &v->campaign->missions[party_step(v->party)];
    v->quest = missionui_load(app, cm->path, v->quest_error, sizeof v->quest_error);
}

static void build_menu(CampaignView *v)
{
    int keep = v->menu.selected;
    uikit_menu_clear(&v->menu);
    bool done = party_stage(v->party) == PARTY_FINISHED;
    switch (v->page) {
    case PAGE_PARTY:
        for (int i = 0; i < party_hero_count(v->party); i++) {
            const PartyHero *h = party_hero(v->party, i);
            who(v, h, v->rows[i], ROW_TEXT);
            snprintf(v->notes[i], ROW_TEXT, _("<  Player %d  >"), h->player + 1);
            uikit_menu_add(&v->menu, v->rows[i], v->notes[i], true);
        }
        uikit_menu_add(&v->menu, _("Begin the campaign"), NULL, true);
        uikit_menu_add(&v->menu, _("Back"), NULL, true);
        break;
    case PAGE_BRIEFING:
        uikit_menu_add(&v->menu, _("Start the quest"), NULL, v->quest != NULL);
        uikit_menu_add(&v->menu, _("The armoury"), NULL, true);
        uikit_menu_add(&v->menu, _("Back to the title (saved)"), NULL, true);
        break;
    case PAGE_REPORT:
        uikit_menu_add(&v->menu, done ? _("The end of the book") : _("Go on to the armoury"), NULL, true);
        uikit_menu_add(&v->menu, _("Back to the title (saved)"), NULL, true);
        break;
    case PAGE_DONE:
        uikit_menu_add(&v->menu, _("Back to the title"), NULL, true);
        break;
    }
    v->menu.selected = keep >= 0 && keep < v->menu.count && !v->menu.disabled[keep] ? keep : 0;
    if (v->menu.disabled[v->menu.selected]) /* a quest that does not load: the armoury */
        v->menu.selected = 1;
}

static void go_page(CampaignView *v, App *app, Page page)
{
    v->brief_first = 0;
    v->page = page;
    v->menu.selected = 0;
    if (page == PAGE_BRIEFING)
        load_quest(v, app);
    build_menu(v);
}

/* After a quest or a restored save: the page the party's stage calls for. */
static void page_for_stage(CampaignView *v, App *app)
{
    PartyStage st = party_stage(v->party);
    go_page(v, app, party_report(v->party) ? PAGE_REPORT
                    : st == PARTY_FINISHED ? PAGE_DONE
                                           : PAGE_BRIEFING);
}

/* --- the quest ------------------------------------------------------------------------ */

/* The quest's match has settled the party (party_settle). */
static void quest_ended(void *ctx, App *app, bool quit)
{
    CampaignView *v = ctx;
    save_between(v, app);
    screens_pop_to(app, &v->base);
    go_page(v, app, PAGE_REPORT);
    if (quit)
        screens_go(app, SCREEN_TITLE, &(TitleArgs){true});
}

static GameScreenHost host_of(CampaignView *v)
{
    return (GameScreenHost){.ended = quest_ended, .slot_file = v->slot,
                            .slot_name = campaign_lang_text(v->campaign, CAMPAIGN_TR_NAME), .ctx = v};
}

static void start_quest(CampaignView *v, App *app)
{
    char err[4096];
    GameSetup setup;
    if (!v->quest || !party_setup(v->party, v->quest, &setup, NULL, err, sizeof err) ||
        !party_begin_quest(v->party, err, sizeof err)) {
        screens_error(app, _("The quest cannot start"), err);
        return;
    }
    const CampaignMission *cm = &v->campaign->missions[party_step(v->party)];
    GameScreenHost host = host_of(v);
    /* the match takes the party's setup (new heroes for the fallen) */
    Screen *game = screens_open(app, SCREEN_QUEST,
                                &(QuestArgs){cm->path, v->party, v->path, NULL, 0, &host}, err,
                                sizeof err);
    if (!game) {
        screens_error(app, _("The quest cannot start"), err);
        return;
    }
    screens_push(app, game);
    const char *name = campaign_lang_text(v->campaign, CAMPAIGN_TR_NAME);
    if (app->saves[0] && !screens_game_save(game, app, v->slot, name, err, sizeof err))
        screens_toast(app, _("the campaign was not saved: %s"), err);
}

/* --- input ---------------------------------------------------------------------------- */

static void rename_hero(CampaignView *v, App *app, const UiInput *in)
{
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        char why[256], said[256];
        const PartyHero *h = party_hero(v->party, v->naming);
        if (v->name.len && !party_name(v->party, v->naming, v->name.text, h->player, why, sizeof why))
            screens_toast(app, "%s", eventsay_refusal(why, said, sizeof said));
        v->naming = -1;
        v->base.wants_keys = false;
        build_menu(v);
    } else if (k == SDLK_ESCAPE) {
        v->naming = -1;
        v->base.wants_keys = false;
    } else {
        uikit_field_handle(&v->name, in);
    }
    uikit_text_input(&v->name);
}

static void set_player(CampaignView *v, int hero, int player)
{
    const PartyHero *h = party_hero(v->party, hero);
    char name[PARTY_NAME_MAX], why[256];
    snprintf(name, sizeof name, "%s", h->name);
    party_name(v->party, hero, name, (player + PLAYERS_MAX) % PLAYERS_MAX, why, sizeof why);
    build_menu(v);
}

static void handle_party(CampaignView *v, App *app, const UiInput *in)
{
    int heroes = party_hero_count(v->party), sel = v->menu.selected;
    if (sel < heroes && (in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT)) {
        int d = in->action == BINDING_CURSOR_LEFT ? -1 : 1;
        set_player(v, sel, party_hero(v->party, sel)->player + d);
        return;
    }
    if (in->click && sel < heroes && in->y >= v->menu.rows[sel].y &&
        in->y < v->menu.rows[sel].y + v->menu.rows[sel].h &&
        in->x >= v->menu.rows[sel].x + v->menu.rows[sel].w / 2) {
        set_player(v, sel, party_hero(v->party, sel)->player + 1); /* the player's half */
        return;
    }
    int row = uikit_menu_handle(&v->menu, in);
    if (row >= 0 && row < heroes) {
        v->naming = row;
        textfield_init(&v->name, party_hero(v->party, row)->name, PARTY_NAME_MAX - 1);
        textfield_select_all(&v->name);
        v->name.focused = v->base.wants_keys = true;
        uikit_text_input(&v->name);
    } else if (row == heroes) {
        save_between(v, app);
        go_page(v, app, PAGE_BRIEFING);
    } else if (row == heroes + 1 || row == -2) {
        screens_pop(app);
    }
}

/* Page Up/Down or the wheel over a briefing that does not fit (drawing
 * keeps it to its end); true when the input was that. */
static bool scroll_briefing(CampaignView *v, const UiInput *in)
{
    SDL_Keycode k = in->ev && in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    int page = v->brief_room > 1 ? v->brief_room - 1 : 1; /* a line kept for context */
    int d = k == SDLK_PAGEDOWN ? page : k == SDLK_PAGEUP ? -page : -2 * in->wheel;
    if (!d)
        return false;
    v->brief_first += d;
    v->brief_first = v->brief_first < 0 ? 0 : v->brief_first;
    return true;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    CampaignView *v = (CampaignView *)s;
    if (v->naming >= 0) {
        rename_hero(v, app, in);
        return;
    }
    if (v->page == PAGE_PARTY) {
        handle_party(v, app, in);
        return;
    }
    if (v->page == PAGE_BRIEFING && v->brief_scrolls && scroll_briefing(v, in))
        return;
    int row = uikit_menu_handle(&v->menu, in);
    bool done = party_stage(v->party) == PARTY_FINISHED;
    if (v->page == PAGE_BRIEFING && row == 0)
        start_quest(v, app);
    else if (v->page == PAGE_BRIEFING && row == 1)
        screens_go(app, SCREEN_ARMOURY, &(ArmouryArgs){v->party, armoury_changed, v});
    else if (v->page == PAGE_REPORT && row == 0 && done)
        go_page(v, app, PAGE_DONE);
    else if (v->page == PAGE_REPORT && row == 0) {
        go_page(v, app, PAGE_BRIEFING);
        screens_go(app, SCREEN_ARMOURY, &(ArmouryArgs){v->party, armoury_changed, v});
    } else if (row == -2 || (v->page == PAGE_BRIEFING && row == 2) ||
               (v->page == PAGE_REPORT && row == 1) || (v->page == PAGE_DONE && row == 0))
        screens_go(app, SCREEN_TITLE, &(TitleArgs){true});
}

/* --- drawing ------------------------------------------------------------------------ */

/* One line per hero: name, gold and belongings (at most two lines each).
 * With draw false it only measures: the y it would end at. */
static int party_lines(CampaignView *v, App *app, int x, int y, int w, bool draw)
{
    int lh = uikit_line(app);
    if (draw)
        uikit_text(app, _("The party"), x, y, UIKIT_GOLD);
    y += lh;
    for (int i = 0; i < party_hero_count(v->party); i++) {
        const PartyHero *h = party_hero(v->party, i);
        char kit[600], line[900], name[160];
        kit_text(v, &h->kit, kit, sizeof kit);
        snprintf(line, sizeof line, _("%s (player %d): %d gold; %s%s"), who(v, h, name, sizeof name),
                 h->player + 1, h->gold, kit, h->fallen ? _(" - fell: a new hero joins") : "");
        if (draw)
            y = uikit_wrap(app, line, x, y, w, 2, h->fallen ? UIKIT_BAD : UIKIT_TEXT);
        else
            y += lh * (uikit_wrap_lines(app, line, w) < 2 ? 1 : 2);
    }
    return y;
}

static int draw_party(CampaignView *v, App *app, int x, int y, int w)
{
    return party_lines(v, app, x, y, w, true);
}

/* The quest's objectives (at most six, two lines each); draw false only
 * measures. */
static int objective_lines(const Mission *m, App *app, int x, int y, int w, bool draw)
{
    int lh = uikit_line(app);
    if (draw)
        uikit_text(app, _("Objectives"), x, y, UIKIT_GOLD);
    y += lh;
    for (size_t i = 0; i < (m->objective_count ? m->objective_count : 1) && i < 6; i++) {
        char line[300];
        if (m->objective_count == 0)
            snprintf(line, sizeof line, "- %s", _("Explore the dungeon and come back alive."));
        else
            snprintf(line, sizeof line, "- %s",
                     mission_lang_text(m, MISSION_TR_OBJECTIVE, (int)i)[0]
                         ? mission_lang_text(m, MISSION_TR_OBJECTIVE, (int)i)
                         : mission_objective_kind_name(m->objectives[i].kind));
        if (draw)
            y = uikit_wrap(app, line, x, y, w, 2, UIKIT_TEXT);
        else
            y += lh * (uikit_wrap_lines(app, line, w) < 2 ? 1 : 2);
    }
    return y;
}

static void draw_briefing(CampaignView *v, App *app, SDL_Rect r, int y, int bottom)
{
    int pad = screens_px(app, 20), lh = uikit_line(app), x = r.x + pad, w = r.w - 2 * pad;
    int step = party_step(v->party);
    const CampaignMission *cm = &v->campaign->missions[step];
    char head[400];
    const Mission *m = v->quest;
    const char *name = m ? mission_lang_text(m, MISSION_TR_NAME, 0) : NULL;
    const char *title = m ? (name && name[0] ? name : m->id) : cm->rel;
    snprintf(head, sizeof head, _("Quest %d of %zu: %s   (reward: %d gold for each hero%s)"), step + 1,
             v->campaign->mission_count, title ? title : "", cm->gold,
             party_attempt(v->party) ? _("; played again") : "");
    y = uikit_wrap(app, head, x, y, w, 2, UIKIT_GOLD) + lh / 2;
    if (!m) {
        uikit_text(app, _("This quest does not load:"), x, y, UIKIT_BAD);
        uikit_wrap(app, v->quest_error, x, y + lh, w, (bottom - y) / lh - 1, UIKIT_TEXT);
        return;
    }
    /* The briefing comes first and whole: the objectives below it, then
     * the party (also on the armoury's screen) only where room is left. */
    const char *own = mission_lang_text(m, MISSION_TR_BRIEFING, 0);
    const char *text = own && own[0] ? own : _("No briefing.");
    int goals = objective_lines(m, app, x, 0, w, false) + lh / 2;
    int party = party_lines(v, app, x, 0, w, false);
    int need = uikit_wrap_lines(app, text, w) * lh + lh / 2;
    bool with_party = y + need + goals + party <= bottom;
    int room = (bottom - y - goals - (with_party ? party : 0) - lh / 2) / lh;
    room = room > 2 ? room : 2;
    /* a briefing longer than the room (800x600 at UI scale 1.5) scrolls,
     * a line under it saying so */
    int total = uikit_wrap_lines(app, text, w);
    v->brief_scrolls = total > room;
    if (v->brief_scrolls) {
        v->brief_room = --room;
        v->brief_first = v->brief_first > total - room ? total - room : v->brief_first;
        y = uikit_wrap(app, uikit_wrap_skip(app, text, w, v->brief_first), x, y, w, room, UIKIT_TEXT);
        char more[128];
        snprintf(more, sizeof more, _("Page Up/Down: more of the briefing (lines %d-%d of %d)"),
                 v->brief_first + 1, v->brief_first + room, total);
        y = uikit_wrap(app, more, x, y, w, 1, UIKIT_DIM) + lh / 2;
    } else {
        v->brief_first = 0;
        y = uikit_wrap(app, text, x, y, w, room, UIKIT_TEXT) + lh / 2;
    }
    y = objective_lines(m, app, x, y, w, true) + lh / 2;
    if (with_party)
        draw_party(v, app, x, y, w);
}

/* The end-of-quest screen: the outcome, what each hero brought back or
 * lost, and where the book goes on. */
static void draw_report(CampaignView *v, App *app, SDL_Rect r, int y, int bottom)
{
    const PartyReport *rep = party_report(v->party);
    int pad = screens_px(app, 20), lh = uikit_line(app), x = r.x + pad, w = r.w - 2 * pad;
    bool won = rep->status == GAME_STATUS_VICTORY;
    uikit_title(app, won ? _("Victory!") : _("Defeat"), x, y, won ? UIKIT_GOLD : UIKIT_BAD);
    y += text_line_height(app->big);
    for (int i = 0; i < party_hero_count(v->party) && y + lh <= bottom; i++) {
        const PartyHero *h = party_hero(v->party, i);
        const PartyHeroReport *hr = &rep->heroes[i];
        char line[900], gains[600] = "", name[160];
        who(v, h, name, sizeof name);
        size_t n = 0;
        for (int k = 0; k < hr->items_gained_count && n < sizeof gains; k++)
            n += (size_t)snprintf(gains + n, sizeof gains - n, "%s%s", k ? ", " : _("; gained "),
                                  item_name(v, hr->items_gained[k]));
        if (!hr->took_part)
            snprintf(line, sizeof line, _("%s stayed behind."), name);
        else if (hr->died)
            snprintf(line, sizeof line,
                     ngettext("%s fell and lost %d thing%s.", "%s fell and lost %d things%s.", hr->items_lost),
                     name, hr->items_lost,
                     hr->replaced_next ? _("; a new hero of that kind joins next quest") : "");
        else
            snprintf(line, sizeof line, _("%s came back: %d gold found, %d gold reward%s; now %d gold."),
                     name, hr->gold_found, hr->gold_reward, gains, h->gold);
        y = uikit_wrap(app, line, x, y, w, 2, hr->died ? UIKIT_BAD : UIKIT_TEXT);
    }
    y += lh / 2;
    char next[300];
    if (party_stage(v->party) == PARTY_FINISHED)
        snprintf(next, sizeof next, "%s", _("The book is done: the campaign is over."));
    else if (rep->retry)
        snprintf(next, sizeof next, _("The quest must be played again (attempt %d)."),
                 party_attempt(v->party) + 1);
    else
        snprintf(next, sizeof next, _("Next: quest %d of %zu."), rep->next_step + 1,
                 v->campaign->mission_count);
    y = uikit_wrap(app, next, x, y, w, 2, UIKIT_GOLD) + lh / 2;
    /* the rules' lines in the player's language; the quest just played
     * (still v->quest here) says its own name and objectives */
    for (int i = 0; i < rep->line_count && y + lh <= bottom; i++) {
        char said[GAME_EVENT_TEXT * 2];
        eventsay_text_in(&rep->words[i], rep->lines[i], v->quest, said, sizeof said);
        y = uikit_wrap(app, said, x, y, w, 2, UIKIT_DIM);
    }
}

static void draw_page(CampaignView *v, App *app, SDL_Rect r, int y, int bottom)
{
    int pad = screens_px(app, 20), lh = uikit_line(app), x = r.x + pad, w = r.w - 2 * pad;
    switch (v->page) {
    case PAGE_PARTY:
        y = uikit_wrap(app, campaign_lang_text(v->campaign, CAMPAIGN_TR_INTRO), x, y, w,
                       (bottom - y) / lh - 3, UIKIT_TEXT) + lh / 2;
        y = uikit_wrap(app, v->naming >= 0 ? _("Type the hero's name, Return keeps it, Escape cancels.")
                                           : _("Return renames a hero; Left/Right or a click on the right "
                                             "chooses who plays it (hotseat)."),
                       x, y, w, 2, UIKIT_DIM) + lh / 2;
        if (bottom - y >= (party_hero_count(v->party) + 1) * lh)
            draw_party(v, app, x, y, w);
        break;
    case PAGE_BRIEFING: draw_briefing(v, app, r, y, bottom); break;
    case PAGE_REPORT: draw_report(v, app, r, y, bottom); break;
    case PAGE_DONE:
        y = uikit_wrap(app, _("The book is done. The party's tale ends here."), x, y, w, 2, UIKIT_GOLD);
        draw_party(v, app, x, y + lh / 2, w);
        break;
    }
}

static void draw(Screen *s, App *app)
{
    CampaignView *v = (CampaignView *)s;
    SDL_SetRenderDrawColor(app->sdl, 12, 10, 9, 255);
    SDL_RenderClear(app->sdl);
    SDL_Rect r = uikit_centre(app, 960, 680);
    uikit_panel(app, r);
    int pad = screens_px(app, 20), lh = uikit_line(app);
    uikit_title(app, campaign_lang_text(v->campaign, CAMPAIGN_TR_NAME), r.x + pad, r.y + pad, UIKIT_GOLD);
    int y = r.y + pad + text_line_height(app->big);
    int rows = v->menu.count < 7 ? v->menu.count : 7;
    /* the campaign's file under the menu, where the window has the room
     * (at 800x600 with UI scale 1.5 the briefing needs the line) */
    bool path_line = r.h >= 20 * lh;
    int menu_h = rows * (lh + lh / 3), menu_y = r.y + r.h - pad - menu_h - (path_line ? lh : 0);
    draw_page(v, app, r, y, menu_y - lh / 2);
    uikit_menu_draw(app, &v->menu, (SDL_Rect){r.x + pad, menu_y, r.w - 2 * pad, menu_h});
    if (v->naming >= 0) {
        SDL_Rect row = v->menu.rows[v->naming];
        uikit_field_draw(app, &v->name, (SDL_Rect){row.x, row.y, row.w / 2, row.h});
    }
    if (path_line)
        uikit_text_fit(app, v->path, r.x + pad, r.y + r.h - pad - lh, r.w - 2 * pad, UIKIT_DIM);
}

static void resumed(Screen *s, App *app)
{
    CampaignView *v = (CampaignView *)s;
    SDL_SetWindowTitle(app->window, _("Questboard - Campaign"));
    build_menu(v); /* the armoury may have changed the party */
}

static void destroy(Screen *s)
{
    CampaignView *v = (CampaignView *)s;
    if (SDL_IsTextInputActive())
        SDL_StopTextInput();
    mission_destroy(v->quest);
    party_destroy(v->party);
    campaign_destroy(v->campaign);
    catalogue_destroy(v->cat);
    free(v);
}

static const ScreenOps ops = {"campaign", handle, NULL, draw, destroy, resumed};

static CampaignView *make(void)
{
    CampaignView *v = xcalloc(1, sizeof *v);
    v->base.ops = &ops;
    v->base.opaque = true;
    v->naming = -1;
    return v;
}

Screen *campaignview_create(App *app, const char *path, char *err, size_t err_size)
{
    CampaignView *v = make();
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u ^ SDL_GetPerformanceCounter();
    if (load_book(v, path, err, err_size))
        v->party = party_create(v->campaign, v->cat, 0, NULL, seed, err, err_size);
    if (!v->party) {
        destroy(&v->base);
        return NULL;
    }
    char name[200];
    snprintf(name, sizeof name, "campaign %s %lld", v->campaign->id, (long long)time(NULL));
    slots_file_for_name(name, v->slot, sizeof v->slot);
    go_page(v, app, PAGE_PARTY);
    return &v->base;
}

/* The game of the quest under way, from its save text. */
static Screen *resume_quest(CampaignView *v, App *app, const char *game, size_t game_size,
                            char *err, size_t err_size)
{
    const CampaignMission *cm = &v->campaign->missions[party_step(v->party)];
    GameScreenHost host = host_of(v);
    return screens_open(app, SCREEN_QUEST,
                        &(QuestArgs){cm->path, v->party, v->path, game, game_size, &host}, err,
                        err_size);
}

/* Resumes the campaign save body (size bytes) read from slot file: the
 * campaign screen over the title and, when a quest was under way, its
 * game. False with the reason in err (a damaged, tampered or foreign save;
 * a changed campaign); nothing is pushed then and the slot is untouched. */
static bool open_slot(App *app, const char *file, const char *body, size_t size, char *err,
                      size_t err_size)
{
    char *path = NULL, *game = NULL, why[1024];
    uint64_t hash;
    size_t game_size = 0;
    CampaignView *v = make();
    snprintf(v->slot, sizeof v->slot, "%s", file);
    bool ok = party_save_head(body, size, &path, &hash, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, "%s: %s", file, why);
    else if ((ok = load_book(v, path, err, err_size)))
        v->party = party_save_parse(body, size, v->campaign, v->cat, &game, &game_size, why, sizeof why);
    if (ok && !v->party) {
        snprintf(err, err_size, "%s: %s", file, why);
        ok = false;
    }
    bool in_quest = ok && game;
    Screen *quest = in_quest ? resume_quest(v, app, game, game_size, err, err_size) : NULL;
    free(path);
    free(game);
    if (!ok || (in_quest && !quest)) {
        destroy(&v->base);
        return false;
    }
    screens_go(app, SCREEN_TITLE, &(TitleArgs){true});
    page_for_stage(v, app);
    screens_push(app, &v->base);
    if (quest)
        screens_push(app, quest);
    return true;
}

static Screen *open_campaign(App *app, const void *args, char *err, size_t err_size)
{
    return campaignview_create(app, ((const CampaignArgs *)args)->path, err, err_size);
}

/* SCREEN_CAMPAIGN_SAVE: a save refused is reported on stderr and in a panel. */
static bool go_save(App *app, const void *args)
{
    const CampaignSaveArgs *a = args;
    char err[8192];
    if (open_slot(app, a->file, a->body, a->size, err, sizeof err))
        return true;
    fprintf(stderr, "questboard: %s\n", err);
    screens_error(app, _("Campaign save refused"), err);
    return false;
}

const ScreenEntry campaignview_entry = {&ops, open_campaign, NULL, N_("This campaign does not load")};
const ScreenEntry campaignview_save_entry = {&ops, NULL, go_save, NULL};

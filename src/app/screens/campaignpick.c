#include "campaignpick.h"

#include "core/i18n.h"

#include "app/campaignpreview.h"
#include "app/packcli.h"
#include "app/packresume.h"
#include "app/paths.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "mission/campaign.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PICK_MAX 64 /* campaigns listed at most */
#define ROW_TEXT 128

typedef struct Entry {
    char path[4400];  /* its campaign.xml */
    char id[ROW_TEXT];
    bool own;         /* in the player's folder */
    bool pack;        /* a quest pack's campaign (path: where it is unpacked) */
    PackOpened *party; /* a pack's campaign under way (path: its campaign), or NULL */
} Entry;

typedef struct CampaignPick {
    Screen base;
    Entry entries[PICK_MAX];
    int count;
    UiMenu menu;
    bool note_in_preview; /* the list too narrow for its notes: the preview's */
    CampaignPreview *preview; /* of entry `shown` (-1: none yet) */
    int shown;
    CampaignPreviewJob *job;  /* reading entry `reading` off the window's thread, or NULL */
    int reading;
} CampaignPick;

static int by_id(const void *a, const void *b)
{
    return strcmp(((const Entry *)a)->id, ((const Entry *)b)->id);
}

/* The folders of root holding a campaign.xml, sorted by name. */
static void scan(CampaignPick *p, const char *root, bool own)
{
    DIR *d = opendir(root);
    if (!d)
        return;
    int start = p->count;
    struct dirent *e;
    while ((e = readdir(d)) && p->count < PICK_MAX) {
        Entry *en = &p->entries[p->count];
        struct stat st;
        if (e->d_name[0] == '.' || strlen(e->d_name) >= ROW_TEXT)
            continue;
        snprintf(en->path, sizeof en->path, "%s/%s/%s", root, e->d_name, CAMPAIGNPICK_FILE);
        if (stat(en->path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        snprintf(en->id, sizeof en->id, "%s", e->d_name);
        en->own = own;
        p->count++;
    }
    closedir(d);
    qsort(p->entries + start, (size_t)(p->count - start), sizeof *p->entries, by_id);
}

/* The campaign packs in the player's missions folder, then its packs of a
 * campaign under way (made from a campaign save), unpacked once. */
static void scan_packs(CampaignPick *p, App *app)
{
    char root[4400];
    snprintf(root, sizeof root, "%smissions", app->pref);
    PackListed *packs = xcalloc(PACKCLI_LIST_MAX, sizeof *packs);
    static const PackKind kinds[2] = {PACK_CAMPAIGN, PACK_PARTY};
    for (int k = 0; k < 2; k++) {
        size_t n = packcli_scan(root, kinds[k], packs, PACKCLI_LIST_MAX);
        for (size_t i = 0; i < n && p->count < PICK_MAX; i++) {
            Entry *en = &p->entries[p->count++];
            const PackOpened *o = &packs[i].opened;
            /* a party's preview is its campaign's */
            snprintf(en->path, sizeof en->path, "%s", kinds[k] == PACK_PARTY ? o->mission : o->main);
            snprintf(en->id, sizeof en->id, "%s", packs[i].name);
            en->own = true;
            en->pack = true;
            if (kinds[k] == PACK_PARTY) {
                en->party = xcalloc(1, sizeof *en->party);
                *en->party = *o;
            }
        }
    }
    free(packs);
}

static void fill(CampaignPick *p, App *app)
{
    char root[4400];
    scan(p, paths_data_file("missions/campaigns", root, sizeof root), false);
    if (app->pref[0]) {
        snprintf(root, sizeof root, "%scampaigns", app->pref);
        scan(p, root, true);
        scan_packs(p, app);
    }
    for (int i = 0; i < p->count; i++)
        uikit_menu_add(&p->menu, p->entries[i].id,
                       p->entries[i].party  ? _("under way, a pack")
                       : p->entries[i].pack ? _("quest pack")
                       : p->entries[i].own ? _("your campaigns")
                                           : _("bundled"),
                       true);
    p->shown = -1;
}

/* Keeps the preview of the highlighted campaign coming: takes what the
 * reader has read, starts reading the highlighted one when it is not
 * there yet (one reader at a time: a highlight passed over while one
 * reads is never read). True while a reader works, and when a preview
 * was just taken: the window draws a frame only while a screen animates,
 * and the one that takes it must be followed by one that shows it. */
static bool poll(CampaignPick *p)
{
    CampaignPreview *done = p->job ? campaignpreview_take(p->job) : NULL;
    if (done) {
        campaignpreview_finish(p->job);
        p->job = NULL;
        campaignpreview_destroy(p->preview);
        p->preview = done;
        p->shown = p->reading;
    }
    if (!p->job && p->count > 0 && p->shown != p->menu.selected) {
        char catalogue[4096];
        paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
        p->reading = p->menu.selected;
        p->job = campaignpreview_start(p->entries[p->reading].path, catalogue);
    }
    return p->job != NULL || done != NULL;
}

static bool update(Screen *s, App *app, double dt)
{
    (void)app;
    (void)dt;
    return poll((CampaignPick *)s);
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    CampaignPick *p = (CampaignPick *)s;
    int row = uikit_menu_handle(&p->menu, in);
    if (row == -2) {
        screens_pop(app);
    } else if (row >= 0 && row < p->count && p->entries[row].party) {
        packresume_continue(app, p->entries[row].party);
    } else if (row >= 0 && row < p->count) {
        screens_go(app, SCREEN_CAMPAIGN, &(CampaignArgs){p->entries[row].path});
    }
}

static void draw_preview(CampaignPick *p, App *app, SDL_Rect r)
{
    int pad = screens_px(app, 16), lh = uikit_line(app), x = r.x + pad, y = r.y + pad, w = r.w - 2 * pad;
    uikit_panel(app, r);
    if (p->count == 0) {
        uikit_wrap(app, _("No campaign found."), x, y, w, 2, UIKIT_TEXT);
        return;
    }
    if (!p->preview || p->shown != p->menu.selected) {
        uikit_wrap(app, _("Reading the campaign..."), x, y, w, 2, UIKIT_DIM);
        return;
    }
    if (!p->preview->campaign) {
        /* both wrap: a narrow preview (800x600 at UI scale 1.5) */
        y = uikit_wrap(app, _("This campaign does not load:"), x, y, w, 2, UIKIT_BAD);
        uikit_wrap(app, p->preview->error, x, y, w, (r.y + r.h - pad - y) / lh, UIKIT_TEXT);
        return;
    }
    const Campaign *c = p->preview->campaign;
    const CampaignPreview *pv = p->preview;
    y = uikit_wrap(app, campaign_lang_text(c, CAMPAIGN_TR_NAME), x, y, w, 2, UIKIT_GOLD);
    if (p->note_in_preview && p->menu.notes[p->menu.selected])
        y = uikit_wrap(app, p->menu.notes[p->menu.selected], x, y, w, 1, UIKIT_DIM);
    y += lh / 2;
    const PackOpened *under_way_pack = p->entries[p->menu.selected].party;
    if (under_way_pack) {
        char under_way[PACK_MAX_TEXT + 128];
        snprintf(under_way, sizeof under_way,
                 _("A campaign under way, from a quest pack: %s. Return takes it up."), under_way_pack->title);
        y = uikit_wrap(app, under_way, x, y, w, 3, UIKIT_GOLD) + lh / 2;
    }
    char facts[200];
    char quests_text[48], party[64];
    snprintf(quests_text, sizeof quests_text, ngettext("%zu quest", "%zu quests", c->mission_count),
             c->mission_count);
    snprintf(party, sizeof party, ngettext("a party of %d hero", "a party of %d heroes", c->hero_count),
             c->hero_count);
    snprintf(facts, sizeof facts, "%s, %s%s", quests_text, party,
             c->give_gold ? _(", heroes may share gold") : "");
    y = uikit_wrap(app, facts, x, y, w, 2, UIKIT_DIM) + lh / 2;
    int quests = (int)c->mission_count < CAMPAIGNPREVIEW_QUESTS ? (int)c->mission_count
                                                                : CAMPAIGNPREVIEW_QUESTS;
    int room = (r.y + r.h - pad - y) / lh - quests - 2;
    y = uikit_wrap(app, campaign_lang_text(c, CAMPAIGN_TR_INTRO), x, y, w, room > 2 ? room : 2, UIKIT_TEXT) + lh / 2;
    for (int i = 0; i < quests && y + lh <= r.y + r.h - pad; i++) {
        char line[600];
        snprintf(line, sizeof line, _("%d. %s  (%d gold)"), i + 1,
                 pv->quests[i][0] ? pv->quests[i] : c->missions[i].rel, c->missions[i].gold);
        y = uikit_wrap(app, line, x, y, w, 1, UIKIT_DIM);
    }
}

static void draw(Screen *s, App *app)
{
    CampaignPick *p = (CampaignPick *)s;
    poll(p);
    SDL_SetRenderDrawColor(app->sdl, 12, 10, 9, 255);
    SDL_RenderClear(app->sdl);
    int pad = screens_px(app, 24), lh = uikit_line(app);
    uikit_title(app, _("Choose a campaign"), pad, pad, UIKIT_GOLD);
    int top = pad + text_line_height(app->big) + pad / 2, bottom = app->out_h - pad - 2 * lh;
    int room = app->out_w - 3 * pad, left_w = room * 2 / 5, in = screens_px(app, 10);
    /* a narrow window (800x600 at UI scale 1.5): the notes ("bundled")
     * go under the preview's name and the preview takes the width its
     * lines need ("This campaign does not load:") */
    const char *kept[UIKIT_MENU_MAX];
    memcpy(kept, p->menu.notes, sizeof kept);
    p->note_in_preview = room < 40 * lh;
    if (p->note_in_preview) {
        left_w = room * 3 / 10;
        memset(p->menu.notes, 0, sizeof p->menu.notes);
    }
    SDL_Rect list = {pad, top, left_w, bottom - top};
    uikit_panel(app, list);
    uikit_menu_draw(app, &p->menu, (SDL_Rect){list.x + in, list.y + in, list.w - 2 * in, list.h - 2 * in});
    memcpy(p->menu.notes, kept, sizeof kept);
    draw_preview(p, app, (SDL_Rect){2 * pad + left_w, top, app->out_w - 3 * pad - left_w, bottom - top});
    char folder[4200];
    snprintf(folder, sizeof folder, "%scampaigns/", app->pref);
    uikit_folder_hint(app, _("Return: choose the party   Escape: back"), _("your own campaigns go in"), folder, pad,
                      app->out_h - pad - lh, app->out_w - 2 * pad);
}

static void destroy(Screen *s)
{
    CampaignPick *p = (CampaignPick *)s;
    for (int i = 0; i < p->count; i++)
        free(p->entries[i].party);
    campaignpreview_finish(p->job);
    campaignpreview_destroy(p->preview);
    free(p);
}

static const ScreenOps ops = {"campaigns", handle, update, draw, destroy, NULL};

Screen *campaignpick_create(App *app)
{
    CampaignPick *p = xcalloc(1, sizeof *p);
    p->base.ops = &ops;
    p->base.opaque = true;
    fill(p, app);
    return &p->base;
}

static Screen *open_pick(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return campaignpick_create(app);
}

const ScreenEntry campaignpick_entry = {&ops, open_pick, NULL, NULL};

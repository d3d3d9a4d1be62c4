#include "armoury.h"

#include "core/i18n.h"

#include "app/paths.h"
#include "app/eventsay.h"
#include "app/uikit.h"

#include "core/alloc.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LIST_SHOP, LIST_BAG, LIST_COUNT };
enum { BUTTON_BUY, BUTTON_SELL, BUTTON_WEAR, BUTTON_GIVE, BUTTON_DONE, BUTTON_COUNT };

#define GIVE_STEP 10 /* gold handed over at a time */

typedef struct Armoury {
    Screen base;
    Party *party;
    const Campaign *campaign;
    const Catalogue *cat;
    ArmouryChanged changed;
    void *ctx;
    int hero;                      /* the hero shopping */
    int to;                        /* who it gives gold to (when the campaign allows) */
    char give_label[96];
    int list;                      /* LIST_SHOP or LIST_BAG has the keys */
    int sel[LIST_COUNT], first[LIST_COUNT];
    int visible[LIST_COUNT];       /* rows that fit (set by draw) */
    SDL_Rect rows[LIST_COUNT][32]; /* where visible rows were drawn */
    SDL_Rect tabs[PARTY_MAX_HEROES];
    SDL_Rect buttons[BUTTON_COUNT];
    SDL_Rect heads[LIST_COUNT];    /* the list headings as tabs (a narrow window shows one list) */
    SDL_Texture **icons;           /* per catalogue item, loaded on first use */
    bool *tried;
    SDL_Texture *portraits[PARTY_MAX_HEROES];
} Armoury;

static const char *const button_label[BUTTON_COUNT] = {N_("Buy"), N_("Sell"), N_("Wear / take off"),
                                                       N_("Give"), N_("Done")};

/* The catalogue's words for an armour's place and an item's kind
 * (catalogue_item_slot_name, _kind_name), marked for the catalogue; shown
 * through gettext. */
static const char *const ITEM_WORDS[] __attribute__((unused)) = {
    N_("body"), N_("head"), N_("shield"), N_("cloak"),
    N_("weapon"), N_("armour"), N_("potion"), N_("tool"), N_("quest")};

static const ItemType *item_at(const Armoury *a, int i)
{
    return catalogue_item_at(a->cat, (size_t)i);
}

static const PartyHero *hero(const Armoury *a)
{
    return party_hero(a->party, a->hero);
}

/* The chosen hero's name as the player reads it. */
static const char *hero_name(const Armoury *a)
{
    return uikit_party_name(a->cat, hero(a));
}

static int list_count(const Armoury *a, int list)
{
    return list == LIST_SHOP ? (int)a->campaign->offer_count : hero(a)->kit.count;
}

/* The catalogue item of a row of a list. */
static int row_item(const Armoury *a, int list, int row)
{
    if (row < 0 || row >= list_count(a, list))
        return -1;
    return list == LIST_SHOP ? a->campaign->offers[row].item : hero(a)->kit.items[row].item;
}

static SDL_Texture *load_texture(App *app, const char *sprite)
{
    char rel[300], path[4400];
    snprintf(rel, sizeof rel, "assets/sprites/%s.png", sprite);
    paths_data_file(rel, path, sizeof path);
    return IMG_LoadTexture(app->sdl, path); /* NULL: the row goes without */
}

static SDL_Texture *icon(Armoury *a, App *app, int item)
{
    if (item < 0 || (size_t)item >= catalogue_item_count(a->cat))
        return NULL;
    if (!a->tried[item]) {
        a->tried[item] = true;
        a->icons[item] = load_texture(app, item_at(a, item)->sprite);
    }
    return a->icons[item];
}

/* Keeps each list's chosen row on the list; -1 (nothing chosen, as
 * after switching heroes) stays. */
static void clamp(Armoury *a)
{
    for (int l = 0; l < LIST_COUNT; l++) {
        int n = list_count(a, l);
        a->sel[l] = a->sel[l] >= n ? n - 1 : a->sel[l] < -1 ? -1 : a->sel[l];
    }
}

/* Leaves the armoury: its last word (a refusal, a purchase) stays here
 * rather than over the briefing it returns to. */
static void leave(App *app)
{
    app->toast[0] = '\0';
    screens_pop(app);
}

/* --- acting ----------------------------------------------------------------------- */

/* Hands GIVE_STEP gold to the recipient, when the campaign allows it. */
static void give(Armoury *a, App *app)
{
    char why[256], said[256];
    if (!a->campaign->give_gold) {
        screens_toast(app, _("in this campaign each hero keeps its own gold"));
        return;
    }
    if (a->to == a->hero)
        return;
    if (!party_give(a->party, a->hero, a->to, GIVE_STEP, why, sizeof why)) {
        screens_toast(app, "%s", eventsay_refusal(why, said, sizeof said));
        return;
    }
    screens_toast(app, _("%s gives %d gold to %s"), hero_name(a), GIVE_STEP,
                  uikit_party_name(a->cat, party_hero(a->party, a->to)));
    a->changed(a->ctx, app);
}

static void next_recipient(Armoury *a)
{
    int n = party_hero_count(a->party);
    a->to = (a->to + 1) % n;
    if (a->to == a->hero)
        a->to = (a->to + 1) % n;
}

static void act(Armoury *a, App *app, int button)
{
    if (button == BUTTON_GIVE) {
        give(a, app);
        return;
    }
    int list = button == BUTTON_BUY ? LIST_SHOP : LIST_BAG;
    int item = row_item(a, list, a->sel[list]);
    if (button == BUTTON_DONE) {
        leave(app);
        return;
    }
    if (item < 0) {
        if (list_count(a, list) > 0)
            screens_toast(app, list == LIST_SHOP ? _("choose what %s buys first (Up/Down or a click)")
                                                 : _("choose what %s sells first (Up/Down or a click)"),
                          hero_name(a));
        else if (list == LIST_SHOP)
            screens_toast(app, "%s", _("nothing chosen in the armoury"));
        else
            screens_toast(app, _("%s carries nothing"), hero_name(a));
        return;
    }
    char why[256], said[256];
    const ItemType *it = item_at(a, item);
    int gold = hero(a)->gold;
    bool worn = list == LIST_BAG && hero(a)->kit.items[a->sel[LIST_BAG]].worn;
    bool ok = button == BUTTON_BUY    ? party_buy(a->party, a->hero, item, why, sizeof why)
              : button == BUTTON_SELL ? party_sell(a->party, a->hero, item, why, sizeof why)
                                      : party_wear(a->party, a->hero, item, !worn, why, sizeof why);
    if (!ok) {
        screens_toast(app, "%s", eventsay_refusal(why, said, sizeof said));
        return;
    }
    if (button == BUTTON_WEAR)
        screens_toast(app, worn ? _("%s takes off the %s") : _("%s wears the %s"), hero_name(a), _(it->name));
    else if (button == BUTTON_BUY)
        screens_toast(app, _("%s buys the %s for %d gold"), hero_name(a), _(it->name), gold - hero(a)->gold);
    else
        screens_toast(app, _("%s sells the %s for %d gold"), hero_name(a), _(it->name), hero(a)->gold - gold);
    clamp(a);
    a->changed(a->ctx, app);
}

static void choose_hero(Armoury *a, int h)
{
    int n = party_hero_count(a->party);
    a->hero = (h + n) % n;
    a->to = (a->hero + 1) % n;
    /* nothing chosen for the new hero: a Return meant for the last one
     * buys or sells nothing until a row is chosen again */
    a->sel[LIST_SHOP] = a->sel[LIST_BAG] = -1;
    a->first[LIST_BAG] = 0;
}

/* A click: a tab, a button, or a row (a second click on the chosen row
 * buys or sells it). */
static void click(Armoury *a, App *app, int x, int y)
{
    SDL_Point p = {x, y};
    for (int h = 0; h < party_hero_count(a->party); h++)
        if (SDL_PointInRect(&p, &a->tabs[h]))
            choose_hero(a, h);
    for (int b = 0; b < BUTTON_COUNT; b++)
        if (SDL_PointInRect(&p, &a->buttons[b])) {
            act(a, app, b);
            return;
        }
    for (int l = 0; l < LIST_COUNT; l++)
        if (SDL_PointInRect(&p, &a->heads[l])) {
            a->list = l;
            return;
        }
    for (int l = 0; l < LIST_COUNT; l++)
        for (int r = 0; r < a->visible[l]; r++)
            if (SDL_PointInRect(&p, &a->rows[l][r])) {
                int row = a->first[l] + r;
                bool again = a->list == l && a->sel[l] == row;
                a->list = l;
                a->sel[l] = row;
                if (again)
                    act(a, app, l == LIST_SHOP ? BUTTON_BUY : BUTTON_SELL);
                return;
            }
}

static void move(Armoury *a, int d)
{
    int n = list_count(a, a->list);
    if (n > 0 && a->sel[a->list] < 0)
        a->sel[a->list] = d > 0 ? 0 : n - 1; /* from nothing chosen: the first or the last */
    else if (n > 0)
        a->sel[a->list] = (a->sel[a->list] + d + n) % n;
}

/* The controller's own layout here (its buttons otherwise stand for the
 * play screen's keys): the shoulders pick the armoury's list (left) or the
 * bag (right), X wears, Y gives gold; true when the button was one. */
static bool pad_button(Armoury *a, App *app, const UiInput *in)
{
    if (!in->from_pad)
        return false;
    switch (in->pad_button) {
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: a->list = LIST_SHOP; return true;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: a->list = LIST_BAG; return true;
    case SDL_CONTROLLER_BUTTON_X: act(a, app, BUTTON_WEAR); return true;
    case SDL_CONTROLLER_BUTTON_Y: give(a, app); return true;
    default: return false;
    }
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Armoury *a = (Armoury *)s;
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (in->click) {
        click(a, app, in->x, in->y);
        return;
    }
    if (in->wheel) {
        move(a, -in->wheel);
        return;
    }
    if (pad_button(a, app, in))
        return;
    if (k == SDLK_TAB)
        a->list = 1 - a->list;
    else if (k == SDLK_w)
        act(a, app, BUTTON_WEAR);
    else if (k == SDLK_g && (in->ev->key.keysym.mod & KMOD_SHIFT))
        next_recipient(a);
    else if (k == SDLK_g)
        give(a, app);
    else if (in->action == BINDING_CURSOR_UP)
        move(a, -1);
    else if (in->action == BINDING_CURSOR_DOWN)
        move(a, 1);
    else if (in->action == BINDING_CURSOR_LEFT)
        choose_hero(a, a->hero - 1);
    else if (in->action == BINDING_CURSOR_RIGHT)
        choose_hero(a, a->hero + 1);
    else if (in->action == BINDING_CONFIRM && !in->repeat)
        act(a, app, a->list == LIST_SHOP ? BUTTON_BUY : BUTTON_SELL);
    else if (in->action == BINDING_BACK && !in->repeat)
        leave(app);
}

/* --- drawing ---------------------------------------------------------------------- */

/* "2 attack dice, diagonal" and the like: the figures of an item. */
static void stats(const Catalogue *cat, const ItemType *it, char *buf, size_t size)
{
    if (it->kind == ITEM_WEAPON) {
        int n = snprintf(buf, size, _("attack %d%s%s%s%s"), it->attack, it->flags & ITEM_DIAGONAL ? _(", diagonal") : "",
                         it->flags & ITEM_RANGED ? _(", ranged") : "", it->flags & ITEM_THROWN ? _(", thrown") : "",
                         it->flags & ITEM_TWO_HANDED ? _(", two-handed") : "");
        char against[2 * CATALOGUE_NAME_MAX];
        catalogue_item_against_words(cat, it, against, sizeof against);
        if (it->bonus && n > 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, _(", +%d against %s"), it->bonus, against);
    }
    else if (it->kind == ITEM_ARMOUR)
        snprintf(buf, size, _("defend +%d, %s%s"), it->defend, _(catalogue_item_slot_name(it->slot)),
                 it->move_dice ? _(", slow") : "");
    else
        snprintf(buf, size, "%s", _(catalogue_item_kind_name(it->kind)));
}

/* Why the hero cannot buy an offer, or NULL. */
static const char *refusal(const Armoury *a, const CampaignOffer *o)
{
    const PieceType *t = catalogue_find(a->cat, hero(a)->type);
    if (!catalogue_item_usable(item_at(a, o->item), t))
        return _("not for this hero");
    return hero(a)->gold < o->price ? _("too dear") : NULL;
}

static void draw_row(Armoury *a, App *app, SDL_Rect r, int item, bool lit, const char *right,
                     SDL_Color right_colour, const char *below)
{
    int lh = uikit_line(app), pad = screens_px(app, 6);
    if (lit) {
        SDL_SetRenderDrawColor(app->sdl, 96, 74, 40, 255);
        SDL_RenderFillRect(app->sdl, &r);
    }
    SDL_Texture *t = icon(a, app, item);
    int side = r.h - 2 * pad;
    if (t)
        SDL_RenderCopy(app->sdl, t, NULL, &(SDL_Rect){r.x + pad, r.y + pad, side, side});
    int x = r.x + 2 * pad + side, w = r.w - 3 * pad - side, rw, rh;
    text_size(app->ui, right, &rw, &rh);
    uikit_text_fit(app, _(item_at(a, item)->name), x, r.y + pad / 2, w - rw - pad, lit ? UIKIT_GOLD : UIKIT_TEXT);
    uikit_text(app, right, r.x + r.w - pad - rw, r.y + pad / 2, right_colour);
    uikit_text_fit(app, below, x, r.y + pad / 2 + lh, w, UIKIT_DIM);
}

/* Keeps the chosen row of list l in view; rows of height rh in r. */
static void scroll(Armoury *a, int l, SDL_Rect r, int rh)
{
    int fit = r.h / rh;
    fit = fit < 1 ? 1 : fit > 32 ? 32 : fit;
    a->visible[l] = 0;
    if (a->sel[l] < a->first[l])
        a->first[l] = a->sel[l];
    if (a->sel[l] >= a->first[l] + fit)
        a->first[l] = a->sel[l] - fit + 1;
    if (a->first[l] < 0)
        a->first[l] = 0;
    for (int i = 0; i < fit && a->first[l] + i < list_count(a, l); i++)
        a->rows[l][a->visible[l]++] = (SDL_Rect){r.x, r.y + i * rh, r.w, rh - 2};
}

/* "1-9 of 13" in the player's language, with an arrow each way more
 * rows are. */
static void more_text(char *out, size_t size, int first, int last, int n, bool up, bool down)
{
    /* TRANSLATORS: the rows shown of a list ("1-10 of 14"), between its scroll marks */
    snprintf(out, size, _("%s%d-%d of %d%s"), up ? "\u25b2 " : "", first, last, n, down ? " \u25bc" : "");
}

/* On the list's heading line, right: which rows show when not all fit
 * ("1-9 of 13" with an arrow where more are), so a long list says it
 * scrolls. */
static void draw_more(Armoury *a, App *app, int l, SDL_Rect r)
{
    int n = list_count(a, l), shown = a->visible[l];
    if (shown >= n)
        return;
    char hint[96];
    more_text(hint, sizeof hint, a->first[l] + 1, a->first[l] + shown, n, a->first[l] > 0, a->first[l] + shown < n);
    int w, h;
    text_size(app->ui, hint, &w, &h);
    uikit_text(app, hint, r.x + r.w - w, r.y, UIKIT_DIM);
}

/* Where list l's rows go in its panel's inside r; its "1-9 of 13" on
 * the heading line, right (draw_heads made room for it when one list
 * shows). */
static void list_area(Armoury *a, App *app, int l, SDL_Rect r)
{
    int lh = uikit_line(app), top = r.y + lh + lh / 2;
    scroll(a, l, (SDL_Rect){r.x, top, r.w, r.y + r.h - top}, 2 * lh + lh / 2);
    draw_more(a, app, l, r);
}

static void draw_shop(Armoury *a, App *app, SDL_Rect r, bool one)
{
    if (!one)
        uikit_text(app, _("The armoury sells"), r.x, r.y, a->list == LIST_SHOP ? UIKIT_GOLD : UIKIT_DIM);
    list_area(a, app, LIST_SHOP, r);
    for (int i = 0; i < a->visible[LIST_SHOP]; i++) {
        int row = a->first[LIST_SHOP] + i;
        const CampaignOffer *o = &a->campaign->offers[row];
        char price[64], below[200];
        const char *no = refusal(a, o);
        snprintf(price, sizeof price, _("%d gold%s%s"), o->price, no ? " - " : "", no ? no : "");
        stats(a->cat, item_at(a, o->item), below, sizeof below);
        draw_row(a, app, a->rows[LIST_SHOP][i], o->item, a->list == LIST_SHOP && a->sel[LIST_SHOP] == row,
                 price, no ? UIKIT_BAD : UIKIT_GOLD, below);
    }
}

static void bag_heading(const Armoury *a, char *head, size_t size)
{
    snprintf(head, size, _("%s wears and carries"), hero_name(a));
}

static void draw_bag(Armoury *a, App *app, SDL_Rect r, bool one)
{
    int lh = uikit_line(app);
    const PartyHero *h = hero(a);
    char head[160];
    bag_heading(a, head, sizeof head);
    if (!one)
        uikit_text_fit(app, head, r.x, r.y, r.w, a->list == LIST_BAG ? UIKIT_GOLD : UIKIT_DIM);
    if (!h->kit.count)
        uikit_text(app, _("nothing"), r.x, r.y + 2 * lh, UIKIT_DIM);
    list_area(a, app, LIST_BAG, r);
    for (int i = 0; i < a->visible[LIST_BAG]; i++) {
        int row = a->first[LIST_BAG] + i, item = h->kit.items[row].item, sell = party_sell_price(a->party, item);
        char right[64], below[240], figures[160];
        snprintf(right, sizeof right, "%s", sell >= 0 ? "" : _("kept"));
        if (sell >= 0)
            snprintf(right, sizeof right, _("sells for %d"), sell);
        stats(a->cat, item_at(a, item), figures, sizeof figures);
        snprintf(below, sizeof below, "%s%s", h->kit.items[row].worn ? _("worn - ") : "", figures);
        draw_row(a, app, a->rows[LIST_BAG][i], item, a->list == LIST_BAG && a->sel[LIST_BAG] == row,
                 right, UIKIT_DIM, below);
    }
}

/* The heroes as tabs: name and gold; the chosen one lit. */
static int draw_tabs(Armoury *a, App *app, int x, int y, int w)
{
    int lh = uikit_line(app), n = party_hero_count(a->party), gap = screens_px(app, 8);
    int tw = (w - (n - 1) * gap) / (n > 0 ? n : 1), th = 2 * lh + lh / 2;
    for (int h = 0; h < n; h++) {
        const PartyHero *ph = party_hero(a->party, h);
        SDL_Rect t = {x + h * (tw + gap), y, tw, th};
        a->tabs[h] = t;
        SDL_SetRenderDrawColor(app->sdl, h == a->hero ? 96 : 40, h == a->hero ? 74 : 34, h == a->hero ? 40 : 28, 255);
        SDL_RenderFillRect(app->sdl, &t);
        if (!a->portraits[h]) {
            const PieceType *pt = catalogue_find(a->cat, ph->type);
            a->portraits[h] = pt ? load_texture(app, pt->sprite) : NULL;
        }
        /* the portrait smaller where the name would be cut beside it
         * (a Barbarian at 800x600, UI scale 1.5), down to a line's height */
        int side = th - 4, nw, nh;
        text_size(app->ui, uikit_party_name(a->cat, ph), &nw, &nh);
        if (nw > tw - side - 10)
            side = tw - nw - 10 > lh ? tw - nw - 10 : lh;
        if (a->portraits[h])
            SDL_RenderCopy(app->sdl, a->portraits[h], NULL,
                           &(SDL_Rect){t.x + 2, t.y + (th - side) / 2, side, side});
        char gold[64];
        snprintf(gold, sizeof gold, _("%d gold"), ph->gold);
        uikit_text_fit(app, uikit_party_name(a->cat, ph), t.x + side + 8, t.y + lh / 4, tw - side - 10,
                       h == a->hero ? UIKIT_GOLD : UIKIT_TEXT);
        uikit_text(app, gold, t.x + side + 8, t.y + lh / 4 + lh, UIKIT_GOLD);
    }
    return y + th;
}

static int button_count(const Armoury *a)
{
    bool giving = a->campaign->give_gold && party_hero_count(a->party) > 1;
    return giving ? BUTTON_COUNT : BUTTON_COUNT - 1;
}

static const char *button_text(Armoury *a, int b)
{
    if (b != BUTTON_GIVE)
        return _(button_label[b]);
    snprintf(a->give_label, sizeof a->give_label, _("Give %d to %s"), GIVE_STEP,
             uikit_party_name(a->cat, party_hero(a->party, a->to)));
    return a->give_label;
}

/* Buttons a row holds in width w: all of them, unless a label would be
 * cut (a narrow window), then as many as fit the widest label whole. */
static int buttons_per_row(Armoury *a, App *app, int w)
{
    int n = button_count(a), gap = screens_px(app, 10), widest = 0;
    for (int b = 0; b < BUTTON_COUNT; b++) {
        int tw, th;
        text_size(app->ui, button_text(a, b), &tw, &th);
        widest = tw > widest ? tw : widest;
    }
    int fit = (w + gap) / (widest + 8 + gap);
    return fit >= n ? n : fit < 1 ? 1 : fit;
}

static int button_rows(Armoury *a, App *app, int w)
{
    int per = buttons_per_row(a, app, w);
    return (button_count(a) + per - 1) / per;
}

static void draw_buttons(Armoury *a, App *app, int x, int y, int w)
{
    bool giving = button_count(a) == BUTTON_COUNT;
    int per = buttons_per_row(a, app, w);
    int lh = uikit_line(app), gap = screens_px(app, 10), bw = (w - (per - 1) * gap) / per;
    for (int b = 0, k = 0; b < BUTTON_COUNT; b++) {
        a->buttons[b] = (SDL_Rect){0, 0, 0, 0};
        if (b == BUTTON_GIVE && !giving)
            continue;
        SDL_Rect r = {x + k % per * (bw + gap), y + k / per * (lh + lh / 2 + gap / 2), bw, lh + lh / 2};
        k++;
        a->buttons[b] = r;
        const char *label = button_text(a, b);
        bool lit = (b == BUTTON_BUY && a->list == LIST_SHOP) || (b == BUTTON_SELL && a->list == LIST_BAG);
        SDL_SetRenderDrawColor(app->sdl, lit ? 96 : 52, lit ? 74 : 44, lit ? 40 : 36, 255);
        SDL_RenderFillRect(app->sdl, &r);
        int tw, th;
        text_size(app->ui, label, &tw, &th);
        if (tw > r.w - 8)
            uikit_text_fit(app, label, r.x + 4, r.y + (r.h - th) / 2, r.w - 8, UIKIT_TEXT);
        else
            uikit_text(app, label, r.x + (r.w - tw) / 2, r.y + (r.h - th) / 2, lit ? UIKIT_GOLD : UIKIT_TEXT);
    }
}

/* True when the two lists side by side would cut their headings (a
 * narrow window, 800x600 at UI scale 1.5): one list shows at a time,
 * both headings on its first line as tabs (Tab or a click switches). */
static bool one_list(Armoury *a, App *app, int shop_w, int bag_w)
{
    char head[160], more[96];
    int n = list_count(a, LIST_SHOP), hw, mw, bw, th;
    more_text(more, sizeof more, n, n, n, true, true);
    text_size(app->ui, _("The armoury sells"), &hw, &th);
    text_size(app->ui, more, &mw, &th);
    bag_heading(a, head, sizeof head);
    text_size(app->ui, head, &bw, &th);
    return hw + mw + screens_px(app, 8) > shop_w || bw > bag_w;
}

/* One list's panel: both headings as tabs on its first line, the
 * chosen one whole, the other cut to the room left beside it and the
 * list's "1-2 of 14". */
static void draw_heads(Armoury *a, App *app, SDL_Rect r)
{
    char head[160], more[96];
    bag_heading(a, head, sizeof head);
    int n = list_count(a, a->list), lh = uikit_line(app), gap = screens_px(app, 16), sw, bw, mw, th;
    more_text(more, sizeof more, n, n, n, true, true);
    text_size(app->ui, _("The armoury sells"), &sw, &th);
    text_size(app->ui, head, &bw, &th);
    text_size(app->ui, more, &mw, &th);
    int room = r.w - 2 * gap - mw;
    if (a->list == LIST_SHOP)
        bw = room - sw;
    else
        sw = room - bw;
    sw = uikit_text_fit(app, _("The armoury sells"), r.x, r.y, sw, a->list == LIST_SHOP ? UIKIT_GOLD : UIKIT_DIM);
    a->heads[LIST_SHOP] = (SDL_Rect){r.x, r.y, sw, lh};
    int bx = r.x + sw + gap;
    bw = uikit_text_fit(app, head, bx, r.y, bw, a->list == LIST_BAG ? UIKIT_GOLD : UIKIT_DIM);
    a->heads[LIST_BAG] = (SDL_Rect){bx, r.y, bw, lh};
}

/* The chosen item's words, and who may use it. */
static void draw_detail(Armoury *a, App *app, int x, int y, int w)
{
    int item = row_item(a, a->list, a->sel[a->list]);
    if (item < 0)
        return;
    const ItemType *it = item_at(a, item);
    char line[600];
    /* who may use it: the hero types' names, not their ids */
    char users[4 * CATALOGUE_NAME_MAX] = "";
    size_t n = 0;
    char ids[CATALOGUE_NAME_MAX];
    snprintf(ids, sizeof ids, "%s", it->users);
    for (char *save = NULL, *id = strtok_r(ids, " ", &save); id && n < sizeof users; id = strtok_r(NULL, " ", &save)) {
        const PieceType *t = catalogue_find(a->cat, id);
        int k = snprintf(users + n, sizeof users - n, "%s%s", n ? ", " : "", t ? _(t->name) : id);
        n += k > 0 ? (size_t)k : 0;
    }
    snprintf(line, sizeof line, "%s: %s%s%s", _(it->name), _(it->text), users[0] ? _("  Used by: ") : "", users);
    uikit_wrap(app, line, x, y, w, 2, UIKIT_TEXT);
}

static const char *hint_text(const Armoury *a, const App *app)
{
    /* the hint names the buttons of what the player last used */
    return app->pad_last ? a->campaign->give_gold
                               ? _("LB/RB: armoury or bag  D-pad: item, hero  A: buy/sell  X: wear  "
                                   "Y: give gold  B: done")
                               : _("LB/RB: armoury or bag   D-pad: item, hero   A: buy or sell   X: wear   "
                                   "B: done")
           : a->campaign->give_gold ? _("Left/Right: hero  Tab: list  Return: buy/sell  W: wear  G: give gold "
                                        "(Shift+G: to whom)  Escape: done")
                                    : _("Left/Right: hero   Tab: armoury or bag   Return: buy or sell   W: wear   "
                                        "Escape: done");
}

static void draw(Screen *s, App *app)
{
    Armoury *a = (Armoury *)s;
    clamp(a);
    SDL_SetRenderDrawColor(app->sdl, 12, 10, 9, 255);
    SDL_RenderClear(app->sdl);
    int pad = screens_px(app, 16), lh = uikit_line(app), w = app->out_w - 2 * pad, in = screens_px(app, 8);
    uikit_title(app, _("The Armoury"), pad, pad / 2, UIKIT_GOLD);
    int y = pad / 2 + text_line_height(app->big);
    y = draw_tabs(a, app, pad, y, w) + pad / 2;
    const char *hint = hint_text(a, app);
    int hint_lines = uikit_wrap_lines(app, hint, w), rows = button_rows(a, app, w);
    int bh = rows * (lh + lh / 2) + (rows - 1) * (screens_px(app, 10) / 2);
    int bottom = app->out_h - pad - hint_lines * lh - bh - lh / 3 - 2 * lh - lh / 3;
    /* the item's words give way where the lists would not hold a row
     * (longer words, 800x600 at UI scale 1.5): its row says its figures */
    bool detail = bottom - y >= 2 * in + 4 * lh;
    if (!detail)
        bottom += 2 * lh + lh / 3;
    int left_w = (app->out_w - 3 * pad) * 11 / 20, right_w = app->out_w - 3 * pad - left_w;
    a->heads[LIST_SHOP] = a->heads[LIST_BAG] = (SDL_Rect){0, 0, 0, 0};
    if (one_list(a, app, left_w - 2 * in, right_w - 2 * in)) {
        SDL_Rect panel = {pad, y, w, bottom - y};
        SDL_Rect inside = {panel.x + in, panel.y + in, panel.w - 2 * in, panel.h - 2 * in};
        uikit_panel(app, panel);
        draw_heads(a, app, inside);
        a->visible[!a->list] = 0;
        if (a->list == LIST_SHOP)
            draw_shop(a, app, inside, true);
        else
            draw_bag(a, app, inside, true);
    } else {
        SDL_Rect shop = {pad, y, left_w, bottom - y}, bag = {2 * pad + left_w, y, right_w, bottom - y};
        uikit_panel(app, shop);
        uikit_panel(app, bag);
        draw_shop(a, app, (SDL_Rect){shop.x + in, shop.y + in, shop.w - 2 * in, shop.h - 2 * in}, false);
        draw_bag(a, app, (SDL_Rect){bag.x + in, bag.y + in, bag.w - 2 * in, bag.h - 2 * in}, false);
    }
    if (detail)
        draw_detail(a, app, pad, bottom + lh / 3, w);
    draw_buttons(a, app, pad, bottom + (detail ? 2 * lh + lh / 3 : 0) + lh / 3, w);
    uikit_wrap(app, hint, pad, app->out_h - pad - hint_lines * lh, w, hint_lines, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    Armoury *a = (Armoury *)s;
    for (size_t i = 0; i < catalogue_item_count(a->cat); i++)
        if (a->icons[i])
            SDL_DestroyTexture(a->icons[i]);
    for (int h = 0; h < PARTY_MAX_HEROES; h++)
        if (a->portraits[h])
            SDL_DestroyTexture(a->portraits[h]);
    free(a->icons);
    free(a->tried);
    free(a);
}

static void resumed(Screen *s, App *app)
{
    (void)s;
    SDL_SetWindowTitle(app->window, _("Questboard - The Armoury"));
}

static const ScreenOps ops = {"armoury", handle, NULL, draw, destroy, resumed};

Screen *armoury_create(App *app, Party *party, ArmouryChanged changed, void *ctx)
{
    Armoury *a = xcalloc(1, sizeof *a);
    a->base.ops = &ops;
    a->base.opaque = true;
    a->party = party;
    a->campaign = party_campaign(party);
    a->cat = party_catalogue(party);
    a->changed = changed;
    a->ctx = ctx;
    a->to = party_hero_count(party) > 1 ? 1 : 0;
    size_t n = catalogue_item_count(a->cat) + 1;
    a->icons = xcalloc(n, sizeof *a->icons);
    a->tried = xcalloc(n, sizeof *a->tried);
    SDL_SetWindowTitle(app->window, _("Questboard - The Armoury"));
    return &a->base;
}

static Screen *open_armoury(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    const ArmouryArgs *a = args;
    return armoury_create(app, a->party, a->changed, a->ctx);
}

const ScreenEntry armoury_entry = {&ops, open_armoury, NULL, NULL};

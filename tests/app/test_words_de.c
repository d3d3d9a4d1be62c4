/* Texts a German player reads that are built away from a marked format
 * (issue 27), run under LANGUAGE=de: a campaign report's lines (kept in
 * parts by rules/party.c, said by eventsay), a party's refusal
 * (party_check.c), the settings file's problems (settings.c) and a
 * mission bitmap's refusal (core/board_type.c). Each of these came out
 * English in a German game. */
#include "rules/mission_builder.h"

#include "app/eventsay.h"
#include "app/lang.h"
#include "app/settings.h"
#include "core/i18n.h"
#include "mission/campaign.h"
#include "rules/eventtext.h"
#include "rules/party.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];
static Catalogue *bundled;
static Campaign *book;

#define CHECK_HAS(text, want)                                                  \
    do {                                                                       \
        const char *text_ = (text);                                            \
        if (!strstr(text_, want))                                              \
            fprintf(stderr, "'%s' lacks '%s'\n", text_, want);                 \
        CHECK(strstr(text_, want) != NULL);                                    \
    } while (0)

/* A lost quest: the wizard falls to a titan; the report's lines said in
 * German, their parts making the very English lines the protocol prints. */
static void test_report(void)
{
    static const char *const rows[] = {"aaaa"};
    char why[256] = "";
    Party *p = party_create(book, bundled, 0, NULL, 7, why, sizeof why);
    CHECK(p != NULL);
    Mission *m = tm_create(rows, 1);
    Catalogue *test = m->catalogue;
    m->catalogue = catalogue_clone(bundled);
    catalogue_put(m->catalogue, catalogue_find(test, "titan"));
    catalogue_destroy(test);
    tm_hero(m, "wizard", 0, 0);
    tm_monster(m, "boss", "titan", 1, 0);
    tm_objective(m, OBJECTIVE_KILL, "boss", 0, 0);
    GameSetup s;
    int hero_of[GAME_MAX_HEROES];
    CHECK(party_setup(p, m, &s, hero_of, why, sizeof why));
    CHECK(party_begin_quest(p, why, sizeof why));
    Game *g = game_create(m, &s, 5, why, sizeof why);
    for (int i = 0; i < 20 && game_status(g) == GAME_STATUS_PLAYING; i++)
        tm_do(g, ACTION_END, 0, -1, 0, 0, NULL);
    CHECK_INT(game_status(g), GAME_STATUS_DEFEAT);
    CHECK(party_settle(p, g, hero_of, why, sizeof why));
    const PartyReport *r = party_report(p);
    CHECK(r->line_count >= 2);
    char all[4096] = "";
    for (int i = 0; i < r->line_count; i++) {
        char english[512], said[512];
        CHECK(eventtext_render(&r->words[i], NULL, NULL, english, sizeof english) > 0);
        if (strcmp(english, r->lines[i]) != 0)
            fprintf(stderr, "parts '%s', line '%s'\n", english, r->lines[i]);
        CHECK(strcmp(english, r->lines[i]) == 0);
        eventsay_text(&r->words[i], r->lines[i], said, sizeof said);
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s\n", said);
    }
    CHECK_HAS(all, ": Niederlage nach ");
    CHECK_HAS(all, "Zauberer ist gefallen und hat 0 Gold und ");
    CHECK_HAS(all, " verloren; ein neuer Zauberer kommt hinzu");
    CHECK(!strstr(all, "defeat") && !strstr(all, "fell"));
    game_destroy(g);
    party_destroy(p);
    tm_destroy(m);
}

/* A party whose hero holds more gold than a purse may: refused in German. */
static void test_party_refusal(void)
{
    char why[256] = "";
    Party *fresh = party_create(book, bundled, 0, NULL, 7, why, sizeof why);
    CHECK(fresh != NULL);
    PartyHero heroes[PARTY_MAX_HEROES];
    int n = party_hero_count(fresh);
    for (int i = 0; i < n; i++)
        heroes[i] = *party_hero(fresh, i);
    heroes[0].gold = -5;
    Party *p = party_restore(book, bundled, 7, 0, 0, PARTY_BETWEEN, NULL, heroes, n, why, sizeof why);
    CHECK(p == NULL);
    CHECK_HAS(why, "hat -5 Gold: ein Geldbeutel fasst 0 bis");
    party_destroy(p);
    party_destroy(fresh);
}

static void test_settings(void)
{
    Settings *s = settings_create(NULL);
    static const char text[] = "questboard-settings 1\nwindow_width = wide\nshoe_size = 9\n";
    CHECK(!settings_load_text(s, text, sizeof text - 1));
    char all[2048] = "";
    for (size_t i = 0; i < settings_message_count(s); i++)
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s\n", settings_message(s, i));
    CHECK_HAS(all, "window_width: „wide“ ist keine ganze Zahl; es gilt");
    CHECK_HAS(all, "unbekannte Einstellung „shoe_size“; übergangen");
    settings_destroy(s);
}

/* A bitmap of more colours than a mission uses. */
static void test_board(void)
{
    enum { W = 260, H = 260 }; /* over BOARD_MAX_COLOURS pixels */
    static uint8_t rgba[W * H * 4];
    for (int i = 0; i < W * H; i++) { /* each pixel a colour of its own */
        rgba[4 * i] = (uint8_t)(i & 0xff);
        rgba[4 * i + 1] = (uint8_t)(i >> 8);
        rgba[4 * i + 2] = (uint8_t)(i >> 16);
        rgba[4 * i + 3] = 0xff;
    }
    BoardSpec spec = {0};
    spec.width = W;
    spec.height = H;
    spec.rgba = rgba;
    char err[512] = "";
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b == NULL);
    CHECK_HAS(err, "verschiedene Farben; das Bild einer Mission hat wenige einfarbige Flächen");
    board_destroy(b);
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA"))
        return 2;
    (void)tm_game;
    lang_init(LANG_SYSTEM); /* LANGUAGE=de */
    CHECK(strcmp(i18n_language(), "de") == 0);
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    ErrorList errs;
    errors_init(&errs, 0);
    bundled = catalogue_load(catalogue_path, &errs);
    CHECK(bundled != NULL);
    char path[1024];
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml", getenv("QUESTBOARD_DATA"));
    book = campaign_load(path, catalogue_path, bundled, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(book != NULL);
    if (book) {
        test_report();
        test_party_refusal();
    }
    test_settings();
    test_board();
    campaign_destroy(book);
    catalogue_destroy(bundled);
    return check_finish("words_de");
}

/* The rules' lines said in the player's language (issue 27), run in
 * German (test_env_de): an event's line from its parts, a refusal's
 * reason, a match's opening line told again, and an online game's event
 * line rebuilt from the words the server sends after `words on` (the
 * English as it came when the line has none, or a token that does not
 * read). */
#include "check.h"

#include "app/eventsay.h"
#include "app/lang.h"
#include "app/onlinegame.h"
#include "core/i18n.h"
#include "match/match.h"
#include "mission/load.h"
#include "mission/mission_lang.h"
#include "rules/eventtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_SAID(got, want)                                                  \
    do {                                                                       \
        const char *got_ = (got);                                              \
        if (strcmp(got_, want) != 0)                                           \
            fprintf(stderr, "said '%s', want '%s'\n", got_, want);            \
        CHECK(strcmp(got_, want) == 0);                                        \
    } while (0)

static void test_parts(void)
{
    EventText w;
    char buf[256];
    eventtext_clear(&w);
    CHECK(eventtext_add(&w, "%s loses %d body points", "Barbarian", 2));
    CHECK_SAID(eventsay_text(&w, "Barbarian loses 2 body points", buf, sizeof buf), "Barbar verliert 2 Körperpunkte");
    eventtext_clear(&w); /* no parts: the English as it is */
    CHECK_SAID(eventsay_text(&w, "An old line", buf, sizeof buf), "An old line");
}

/* An online event line with token (NULL: none) after its fields. */
static const char *line_with(const char *token, char *line, size_t size)
{
    snprintf(line, size, "damage 0 -1 1,1 1,1 2 0 - -%s%s | Barbarian loses 2 body points",
             token ? " w:" : "", token ? token : "");
    return line;
}

static void test_online(void)
{
    EventText w;
    eventtext_clear(&w);
    CHECK(eventtext_add(&w, "%s loses %d body points", "Barbarian", 2));
    char token[512], line[1024], buf[256];
    CHECK(eventtext_encode(&w, token, sizeof token) > 0);
    CHECK_SAID(onlinegame_event_said(line_with(token, line, sizeof line), buf, sizeof buf),
               "Barbar verliert 2 Körperpunkte");
    GameEvent e; /* the line still parses as before, its text the English */
    CHECK(onlinegame_parse_event(line, &e));
    CHECK_INT(e.kind, EVENT_DAMAGE);
    CHECK_SAID(e.text, "Barbarian loses 2 body points");
    /* a server without words, one with none for this line, a damaged
     * token: the English */
    CHECK_SAID(onlinegame_event_said(line_with(NULL, line, sizeof line), buf, sizeof buf),
               "Barbarian loses 2 body points");
    CHECK_SAID(onlinegame_event_said(line_with("-", line, sizeof line), buf, sizeof buf),
               "Barbarian loses 2 body points");
    CHECK_SAID(onlinegame_event_said(line_with("%25s%20loses%20%25s,n2,tBarbarian", line, sizeof line), buf,
                                     sizeof buf),
               "Barbarian loses 2 body points");
}

static Mission *first_light(void)
{
    char path[1024], cat[1024];
    snprintf(path, sizeof path, "%s/missions/first-light/mission.xml", getenv("QUESTBOARD_DATA"));
    snprintf(cat, sizeof cat, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    MissionLoadOptions opts = {.catalogue_path = cat};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return m;
}

static void test_match(void)
{
    Mission *m = first_light();
    CHECK(m != NULL);
    if (!m)
        return;
    char why[256], buf[256];
    Match *match = match_create(&(MatchConfig){.mission = m, .seed = 1, .flags = MATCH_LOG}, why, sizeof why);
    CHECK(match != NULL);
    if (match) {
        /* the opening line: English in the text, German when said */
        const MatchLogLine *l = match_log_line(match, 0);
        CHECK_SAID(l->text, "First Light begins.");
        CHECK_SAID(eventsay_text(&l->words, l->text, buf, sizeof buf), "Erstes Licht beginnt.");
        /* a refusal: the English reason for the protocol, German when said */
        CHECK(!game_can_undo(match_game(match), why, sizeof why));
        CHECK_SAID(why, "the Barbarian has no move to take back");
        CHECK_SAID(eventsay_refusal(why, buf, sizeof buf), "Barbar hat keine Bewegung zum Zurücknehmen");
        /* the mission's own texts among the words: an objective met, in
         * the mission's German */
        EventText w;
        eventtext_clear(&w);
        CHECK(eventtext_add(&w, "objective met: %s", m->objectives[0].text));
        CHECK_SAID(eventsay_text_in(&w, "", m, buf, sizeof buf), "Ziel erreicht: Erschlagt Grashnak, den Ork-Kriegsherrn");
        eventtext_clear(&w);
        CHECK(eventtext_add(&w, "%s: %s", "victory", "the quest is done"));
        CHECK_SAID(eventsay_text_in(&w, "", m, buf, sizeof buf), "Sieg: das Abenteuer ist bestanden");
        /* the mission's treasure by the name its <translations> give
         * (issue 27: it stayed English), in a find and in a locked
         * door's refusal; on the board's mark too */
        eventtext_clear(&w);
        CHECK(eventtext_add(&w, "%s finds: %s", "Barbarian", m->treasure[0].name));
        CHECK_SAID(eventsay_text_in(&w, "", m, buf, sizeof buf), "Barbar findet: Ein Sack gestohlener Münzen");
        eventtext_clear(&w);
        CHECK(eventtext_add(&w, "that door is locked; it opens with %s", m->treasure[1].name));
        CHECK_SAID(eventsay_text_in(&w, "", m, buf, sizeof buf),
                   "diese Tür ist verschlossen; sie öffnet sich mit Grashnaks Kriegskasse");
        CHECK_SAID(mission_lang_text(m, MISSION_TR_TREASURE, 3), "Eine Flasche Kochbranntwein");
        /* a treasure the mission does not translate, named as a treasure
         * card is (the generator's and importer's default): the game's
         * own translation of that name; any other name as it is */
        for (size_t i = 0; i < m->translation_count; i++)
            if (m->translations[i].kind == MISSION_TR_TREASURE && m->translations[i].index == 3)
                snprintf(m->translations[i].lang, sizeof m->translations[i].lang, "fr");
        snprintf(m->treasure[3].name, sizeof m->treasure[3].name, "A Potion of Healing");
        CHECK_SAID(mission_lang_text(m, MISSION_TR_TREASURE, 3), "Ein Heiltrank");
        eventtext_clear(&w);
        CHECK(eventtext_add(&w, "%s finds: %s", "Barbarian", "A Potion of Healing"));
        CHECK_SAID(eventsay_text_in(&w, "", m, buf, sizeof buf), "Barbar findet: Ein Heiltrank");
        /* the generator's defaults (assets/generator.xml): an artifact
         * a generated quest hides, a boss it names */
        snprintf(m->treasure[3].name, sizeof m->treasure[3].name, "The Horn of Summoning");
        CHECK_SAID(mission_lang_text(m, MISSION_TR_TREASURE, 3), "Das Horn der Beschwörung");
        CHECK_SAID(eventsay_word("Orc Warlord"), "Ork-Kriegsherr");
        snprintf(m->treasure[3].name, sizeof m->treasure[3].name, "Aunt Hilda's cordial");
        CHECK_SAID(mission_lang_text(m, MISSION_TR_TREASURE, 3), "Aunt Hilda's cordial");
        /* a reason the parts do not make is shown as it came */
        CHECK_SAID(eventsay_refusal("the server is busy", buf, sizeof buf), "the server is busy");
    }
    match_destroy(match);
    mission_destroy(m);
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA"))
        return 2;
    lang_init(LANG_SYSTEM); /* LANGUAGE=de */
    CHECK(strcmp(i18n_language(), "de") == 0);
    test_parts();
    test_online();
    test_match();
    return check_finish("eventsay");
}

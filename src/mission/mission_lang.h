/* A mission's texts in several languages (docs/missions.md, "Texts in
 * several languages"): the untagged <name>, <briefing>, <victory>,
 * <defeat>, objectives' text and notes are the mission's own (English, or
 * whatever the author wrote); <translations> holds the same texts with
 * xml:lang, and the game shows the one in the player's language
 * (core/i18n.h), else the untagged one. The mission keeps every text, so
 * the editor writes them all back. */
#pragma once

#include "mission.h"

#include <libxml/tree.h>

/* Reads <translations> (sec may be NULL) into m->translations. A
 * translation of an objective or note the mission lacks, or a second one
 * of the same text in the same language, is an error added to errs
 * naming file and line. */
void mission_lang_read(Mission *m, const xmlNode *sec, const char *file, ErrorList *errs);

/* The text shown for kind (index: the objective or note, else 0) in the
 * player's language: its translation when there is one, else untagged
 * (NULL or "" when the mission has none). */
const char *mission_lang_text(const Mission *m, MissionTrKind kind, int index);

/* How many texts of a numbered kind the mission has (objectives, notes,
 * treasures; 1 for the others). */
size_t mission_lang_count(const Mission *m, MissionTrKind kind);

/* The name shown for the mission's treasure named english (the name the
 * rules' lines carry): its translation, else the game's own translation
 * of a default name (a treasure card's), else english; NULL when no
 * treasure of m has that name. */
const char *mission_lang_treasure_named(const Mission *m, const char *english);

/* The element name of a kind's translation ("name", "objective"...). */
const char *mission_lang_element(MissionTrKind kind);

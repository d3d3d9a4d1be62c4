/* Writing a Mission as mission.xml text, the other half of mission_xml:
 * whatever builds a mission in code (the HeroScribe importer, a generator)
 * writes it with this and loads the text through the normal loader, so
 * there is one way from a description to a playable Mission.
 *
 * Every element the loader reads is written; the text validates against
 * assets/mission.xsd whenever the mission's values are in the schema's
 * ranges (a loaded mission always is). One placement per line, so a
 * message about an output line leads back to what it came from.
 */
#pragma once

#include "mission.h"

#include <stddef.h>

typedef struct MissionText {
    char *xml;         /* NUL-terminated */
    size_t size;       /* strlen(xml) */
    int *lines;        /* lines[i]: the `line` field of what output line i + 1
                          came from (0: nothing, e.g. a closing tag) */
    size_t line_count; /* output lines */
} MissionText;

/* Writes mission as XML naming bitmap (relative to the mission's folder)
 * as its board. Piece types of mission->catalogue that base lacks, or
 * that differ from base's, go into <types>; base NULL writes none. The
 * result is owned by the caller: free it with mission_text_free. */
void mission_write_xml(const Mission *mission, const Catalogue *base, const char *bitmap,
                       MissionText *out);

/* Frees the text; the struct is empty afterwards. */
void mission_text_free(MissionText *text);

/* The source line of output line (1-based), or 0 when unknown. */
int mission_text_source_line(const MissionText *text, int line);

/* The editor's live check: the document written as mission.xml (the
 * mission writer) and loaded back through the loader that plays it
 * (mission_load_pixels), then analysed as `questboard --check` does
 * (analysis.h), so the editor shows exactly the errors and warnings the
 * game and --check would give, each with the square it is about.
 *
 * Errors mean the mission would not load (saving is refused then);
 * warnings and notes are advice. No SDL.
 */
#pragma once

#include "../mission/mission_write.h"
#include "editdoc.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum EditIssueLevel { EDIT_ISSUE_ERROR, EDIT_ISSUE_WARNING, EDIT_ISSUE_NOTE } EditIssueLevel;

#define EDIT_ISSUE_TEXT_MAX 512

typedef struct EditIssue {
    EditIssueLevel level;
    BoardPos square; /* what it is about, or (-1,-1) when no square */
    char text[EDIT_ISSUE_TEXT_MAX]; /* the message without file, line and square */
} EditIssue;

typedef struct EditCheck {
    bool loads; /* no errors: the saved mission would load */
    EditIssue *issues;
    size_t count;
    size_t errors, warnings, notes;
    /* --check's facts of the loaded mission (when it loads) */
    int32_t rooms;
    int64_t walkable, walls;
    size_t heroes, monsters, doors, furniture, objectives;
    double ms; /* how long the check took */
} EditCheck;

/* Checks the document; catalogue_path names assets/pieces.xml (the
 * schema sits beside it), the document's base catalogue is used. Always
 * fills out (free with editcheck_free). */
void editcheck_run(const EditDoc *doc, const char *catalogue_path, EditCheck *out);

/* Frees the issues; the struct is empty afterwards. */
void editcheck_free(EditCheck *check);

/* Short name of a level: "error", "warning", "note". */
const char *editcheck_level_name(EditIssueLevel level);

/* The document as mission.xml text naming board.png, as save writes it
 * (free with mission_text_free). */
void editcheck_write_xml(const EditDoc *doc, MissionText *out);

/* The document's mission loaded as the game would load the saved files;
 * NULL with the errors in errs. The caller destroys it. */
Mission *editcheck_load(const EditDoc *doc, const char *catalogue_path, ErrorList *errs);

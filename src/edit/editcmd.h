/* The editor's commands: every edit is a line of text ("paint 3 4
 * a04040", "place orc 6 7 id=chief", "undo"), run by the editor's tools,
 * recorded by its history and driven by tests and `questboard
 * --edit-script`. Answers use the text protocol's framing
 * (docs/protocol.md): "=" and the answer's first line, further lines, a
 * blank line; or "? reason" and a blank line, and then nothing changed.
 * docs/editor.md lists the commands.
 *
 * A session holds the document being edited (editdoc.h), the shared
 * piece catalogue and where the data lives. No SDL in this header; the
 * file commands (open, save, generate) decode and encode pictures through
 * the mission loader and the generator's PNG writer.
 */
#pragma once

#include "editcheck.h"
#include "editdoc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Longest command line, as the protocol's. */
#define EDIT_LINE_MAX 4096

typedef struct EditSession EditSession;

/* An answer: ok, its first line and the lines after it ("" when none). */
typedef struct EditAnswer {
    bool ok;
    bool quit;     /* the command was quit */
    char *first;   /* the first line after "= ", or the reason after "? " */
    char *more;    /* further lines, each ending in '\n' */
    size_t more_len, more_cap;
} EditAnswer;

/* A session with an empty 26x19 board and the data folder data_dir
 * (assets/pieces.xml, the schemas, the generator's data). NULL with the
 * reason in why when the catalogue does not load. */
EditSession *editsession_create(const char *data_dir, char *why, size_t why_size);

/* Frees the session and its document; NULL does nothing. */
void editsession_destroy(EditSession *s);

/* Runs one command line. Empty lines and comments ('#' to the end of the
 * line) return false with no answer (answer->ok false, first NULL);
 * otherwise returns true and fills answer (free with editanswer_free). */
bool editsession_execute(EditSession *s, const char *line, EditAnswer *answer);

/* Writes the answer in the protocol's framing. */
void editanswer_print(const EditAnswer *answer, FILE *out);

/* Frees the answer's text; the struct is empty afterwards. */
void editanswer_free(EditAnswer *answer);

/* Runs every line of in, printing each answer to out, until quit or the
 * end; bad lines (too long, a NUL byte, not UTF-8) are refused as the
 * protocol refuses them. Returns 0 when every command was accepted, 1
 * when one was refused. */
int editsession_run(EditSession *s, FILE *in, FILE *out);

/* The document (never NULL) and the path it was opened from or last saved
 * to as mission.xml ("" for a new one). */
EditDoc *editsession_doc(EditSession *s);
const char *editsession_path(const EditSession *s);
/* The catalogue path (assets/pieces.xml) and data folder. */
const char *editsession_catalogue_path(const EditSession *s);
const char *editsession_data_dir(const EditSession *s);

/* The live check of the document as it is now; run again only when the
 * document changed since the last call. */
const EditCheck *editsession_check(EditSession *s);

/* Writes the document as a mission folder dir (board.png, mission.xml)
 * to play-test it, leaving the session's file and saved state alone; with
 * from_square the heroes start on and about from instead (the nearest
 * free floor squares within walls, one a hero). False with why. */
bool editsession_write_playtest(EditSession *s, const char *dir, bool from_square, BoardPos from,
                                char *why, size_t size);

/* Squares a paint of colour may not use (a near-colour slip): writes why
 * and returns false; true when the colour is fine to paint with. */
bool editsession_colour_ok(EditSession *s, EditColour colour, char *why, size_t size);

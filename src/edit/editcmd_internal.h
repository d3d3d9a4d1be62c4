/* What the editor's command files share: the session, the answer being
 * built and the parsing of arguments. Internal to src/edit. */
#pragma once

#include "editcmd.h"
#include "editplace.h"

#include <stdbool.h>
#include <stddef.h>

/* Most words a command line splits into. */
#define EDIT_MAX_ARGS 256
/* Largest board a new document may have, per side. */
#define EDIT_MAX_SIDE 4096
/* A square typed in a command is within this of 0 on each axis (one
 * farther is refused as any square off the board is, never wrapped). */
#define EDIT_MAX_COORD 1000000

struct EditSession {
    char *data_dir;
    char catalogue_path[4096];
    Catalogue *base;
    EditDoc *doc;
    char *path; /* mission.xml opened or saved last, "" when none */
    EditCheck check;
    unsigned check_version;
    bool checked;
};

typedef bool (*EditCommandFn)(EditSession *s, int argc, char **argv, EditAnswer *a);

/* Adds a line to the answer (the first line, then further ones). */
void edit_say(EditAnswer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets the refusal's reason; returns false. */
bool edit_refuse(EditAnswer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A whole number in [min, max], read strictly (core/numparse: digits and
 * a '-' only, nothing after them; 4294967308 is refused, never read as 12). */
bool edit_parse_int(const char *s, long min, long max, int *out);
/* argv[i], argv[i + 1] as an on-grid square; refuses naming it. */
bool edit_arg_square(EditSession *s, char **argv, int i, BoardPos *pos, EditAnswer *a);
/* "RRGGBB" or "#RRGGBB" as an opaque colour. */
bool edit_parse_colour(const char *text, EditColour *out);
/* "X,Y", each within EDIT_MAX_COORD of 0, read strictly. */
bool edit_parse_pair(const char *text, BoardPos *out);
/* The value of key=value among argv[from..argc), or NULL. */
const char *edit_option(int argc, char **argv, int from, const char *key);
/* Refuses any argv[from..argc) that is not key=value with a key of
 * allowed (NULL-terminated). */
bool edit_only_options(int argc, char **argv, int from, const char *const *allowed,
                       EditAnswer *a);
/* A mission id: 1 to MISSION_ID_MAX - 1 of a-z, 0-9, '_', '-'. */
bool edit_valid_id(const char *id);
/* argv[from..argc) joined by spaces into buf. */
void edit_join(int argc, char **argv, int from, char *buf, size_t size);

/* The shared catalogue's or the mission's own type, or NULL. */
const PieceType *edit_type(EditSession *s, const char *id);

/* Replaces the document (history starts again) and the path it came
 * from. */
void edit_replace_doc(EditSession *s, EditDoc *doc, const char *path);

/* ---- the commands, by file ---- */

/* editcmd_board.c */
bool editcmd_new(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_colour(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_uncolour(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_recolour(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_paint(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_line(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_rect(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_fill(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_erase(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_rock(EditSession *s, int argc, char **argv, EditAnswer *a);

/* editcmd_pieces.c */
bool editcmd_place(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_door(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_delete(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_move(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_copy(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_modify(EditSession *s, int argc, char **argv, EditAnswer *a);

/* editcmd_mission.c */
bool editcmd_objective(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_reward(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_set(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_note(EditSession *s, int argc, char **argv, EditAnswer *a);

/* editfile.c */
bool editcmd_open(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_save(EditSession *s, int argc, char **argv, EditAnswer *a);
bool editcmd_generate(EditSession *s, int argc, char **argv, EditAnswer *a);
/* Saves into folder dir (made when missing) when the mission would load. */
bool edit_save(EditSession *s, const char *dir, EditAnswer *a);
/* A new mission description for a new document: id "untitled", the
 * shared catalogue's copy, square grid g. */
Mission *edit_new_mission(EditSession *s, const Grid *g);

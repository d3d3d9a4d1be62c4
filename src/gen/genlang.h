/* The generator's words in other languages (internal to src/gen): each
 * entry of assets/generator.xml that a player reads (terrain, theme, boss,
 * artifact, captive, word, goal) carries a <lang xml:lang="de" .../> child
 * with its words in that language, so the generator picks them with the
 * same draw as the English (docs/generator.md, "Languages"). This reads
 * them and checks that every entry has every language the file uses and
 * that every form a template asks for is there. */
#pragma once

#include "gendata.h"

#include <libxml/tree.h>

typedef struct GenLang GenLang;

/* Reads every entry's <lang> children of the data file's root; NULL with
 * the problems in errs as "FILE:LINE: message" (a language missing from
 * an entry, given twice, more than GENDATA_LANG_MAX languages). */
GenLang *genlang_read(const xmlNode *root, const char *path, ErrorList *errs);
void genlang_destroy(GenLang *l);

/* Checks the translated templates against the entries they fill: an
 * unknown {key} or form, or an entry lacking a form one asks for, is an
 * error naming the entry's line. */
void genlang_check(const GenLang *l, const GenData *d, const char *path, ErrorList *errs);

int genlang_count(const GenLang *l);
const char *genlang_name(const GenLang *l, int lang);
const GenSay *genlang_say(const GenLang *l, GenEntry e, int index, int lang);

/* A data file's element text of its own (not its children's), spaces
 * collapsed, into buf. */
void genlang_own_text(const xmlNode *n, char *buf, size_t size);

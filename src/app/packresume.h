/* A quest pack's campaign save (kind party, made by --pack SLOT.qbsave)
 * taken up in the window: named on the command line (questboard
 * FILE.questpack) or chosen in the campaign list, which lists the party
 * packs of the player's missions folder beside its campaigns. The
 * campaign goes on in a save slot named after the pack, so the pack stays
 * as it was (docs/packs.md, "A campaign save"). */
#pragma once

#include "packcli.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct App App;

/* The slot file the party pack titled title goes on in ("pack TITLE" as
 * slots_file_for_name makes it) into buf (SLOTS_FILE_MAX bytes); false
 * when size is smaller. */
bool packresume_slot(const char *title, char *buf, size_t size);

/* Opens the campaign save of party pack o (opened by packcli_open) as it
 * was packed: the campaign screen with its party, and the quest under way
 * over it, going on in packresume_slot's slot. False with the reason in
 * err (nothing opened). */
bool packresume_open(App *app, const PackOpened *o, char *err, size_t err_size);

/* The campaign list's choice: the campaign under way taken up where the
 * player left it (its slot, when one was saved from the pack already),
 * else from the pack. A refusal is shown in an error panel; true when it
 * opened. */
bool packresume_continue(App *app, const PackOpened *o);

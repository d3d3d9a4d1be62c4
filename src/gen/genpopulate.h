/* Population helpers shared by the stages (internal to src/gen). */
#pragma once

#include "genctx.h"

/* A figure's strength: body points times its attack and defence dice. */
int genpopulate_threat(const PieceType *t);

/* The placed heroes' strength, summed. */
int genpopulate_party_power(const GenCtx *c);

/* The monsters' total strength for this party, difficulty and number of
 * rooms (the boss included). */
int genpopulate_budget(const GenCtx *c);

/* The stages of the common part of the pipeline, by file. */
bool genquest_stage(GenCtx *c);
bool genpaint_stage(GenCtx *c);
bool genxml_stage(GenCtx *c);

/* The mission id of generated missions: "<style>-<seed>". */
void genxml_mission_id(const GenOptions *o, char *out, size_t size);

/* The XML side of the catalogue, shared by catalogue_load and the mission
 * loader (a mission may define its own piece types with the same
 * elements). Internal to src/mission. */
#pragma once

#include "catalogue.h"

#include <libxml/tree.h>

/* Reads every <hero>, <monster> and <furniture> child of parent into cat
 * (replacing types of the same id). A second definition of one id inside
 * parent is an error "FILE:LINE: ...". Returns the number read. */
size_t catalogue_read_types(Catalogue *cat, const xmlNode *parent, const char *file,
                            ErrorList *errs);

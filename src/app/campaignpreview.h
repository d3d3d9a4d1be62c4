/* The campaign list's preview, read off the window's thread: the campaign
 * file and the names of its first quests (up to ten mission files, each
 * parsed). On the window's thread a downloaded campaign could freeze the
 * game while they were read; the job runs on a thread of its own and the
 * screen polls it each frame. No SDL.
 */
#pragma once

#include "../mission/campaign.h"
#include "../mission/catalogue.h"

#include <stdbool.h>
#include <stddef.h>

#define CAMPAIGNPREVIEW_QUESTS 10
#define CAMPAIGNPREVIEW_TEXT 128

typedef struct CampaignPreview {
    Catalogue *cat;     /* the catalogue the campaign was read with */
    Campaign *campaign; /* NULL when it does not load */
    char error[4096];   /* then why: its FILE:LINE messages, a line each */
    /* the first quests' <name>s ("" when a quest has none or does not parse) */
    char quests[CAMPAIGNPREVIEW_QUESTS][CAMPAIGNPREVIEW_TEXT];
} CampaignPreview;

/* Reads the campaign at path with the catalogue at catalogue_path, and
 * its first quests' names, on the calling thread. Never NULL; free with
 * campaignpreview_destroy. */
CampaignPreview *campaignpreview_read(const char *path, const char *catalogue_path);

/* Frees a preview (NULL: nothing). */
void campaignpreview_destroy(CampaignPreview *p);

typedef struct CampaignPreviewJob CampaignPreviewJob;

/* Starts campaignpreview_read on a thread of its own (when no thread can
 * start, reads it here and now). Call from the thread that owns the
 * window: it readies libxml2 for threads (xmldoc_init). Never NULL. */
CampaignPreviewJob *campaignpreview_start(const char *path, const char *catalogue_path);

/* True when the job reads on a thread of its own (false: no thread could
 * start, and campaignpreview_start read it in place). */
bool campaignpreview_threaded(const CampaignPreviewJob *job);

/* The job's preview once it is read (the caller owns it then; later calls
 * give NULL), or NULL while it is being read. Never waits. */
CampaignPreview *campaignpreview_take(CampaignPreviewJob *job);

/* Waits for the job's thread and frees the job with its preview if it
 * was not taken (NULL: nothing). */
void campaignpreview_finish(CampaignPreviewJob *job);

/* The campaign list's preview is read on a thread of its own (issue 26
 * item 1: it parsed up to ten mission files on the window's thread, so a
 * downloaded campaign could freeze the game): the job gives what reading
 * in place gives, a broken campaign's messages, and can be dropped
 * unread or half read. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "check.h"

#include "app/campaignpreview.h"
#include "core/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char catalogue[4096];

/* Polls the job (never waits) until it gives its preview, for at most 20 s. */
static CampaignPreview *wait_for(CampaignPreviewJob *job)
{
    double t0 = timer_now_ms();
    CampaignPreview *p;
    while (!(p = campaignpreview_take(job)) && timer_now_ms() - t0 < 20000)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    return p;
}

static void test_bundled(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml",
             getenv("QUESTBOARD_DATA"));
    CampaignPreview *here = campaignpreview_read(path, catalogue);
    CHECK(here->campaign != NULL);
    CHECK_STR_CONTAINS(here->quests[0], "The Toll-House Cellars");
    CampaignPreviewJob *job = campaignpreview_start(path, catalogue);
    CHECK(campaignpreview_threaded(job));
    CampaignPreview *there = wait_for(job);
    CHECK(there && there->campaign);
    CHECK(campaignpreview_take(job) == NULL); /* given once */
    if (there && there->campaign && here->campaign) {
        CHECK_INT(there->campaign->mission_count, here->campaign->mission_count);
        for (int i = 0; i < CAMPAIGNPREVIEW_QUESTS; i++)
            CHECK(strcmp(there->quests[i], here->quests[i]) == 0);
    }
    campaignpreview_finish(job);
    campaignpreview_destroy(there);
    campaignpreview_destroy(here);
}

static void test_broken_and_dropped(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/missions/campaign-bad-missing.xml", getenv("TEST_DATA"));
    CampaignPreviewJob *job = campaignpreview_start(path, catalogue);
    CampaignPreview *p = wait_for(job);
    CHECK(p && !p->campaign);
    CHECK_STR_CONTAINS(p ? p->error : NULL, "campaign-bad-missing.xml:5: ");
    campaignpreview_finish(job);
    campaignpreview_destroy(p);
    /* dropped while it reads, or read and never taken: freed by finish */
    for (int i = 0; i < 8; i++)
        campaignpreview_finish(campaignpreview_start(path, catalogue));
    campaignpreview_finish(NULL);
    campaignpreview_destroy(NULL);
}

int main(void)
{
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    test_bundled();
    test_broken_and_dropped();
    return check_finish("campaignpreview");
}

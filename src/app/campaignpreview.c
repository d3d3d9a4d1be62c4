/* The campaign list's preview (campaignpreview.h): the reading, and a
 * POSIX thread to do it on. The job's state is shared under a mutex: the
 * window's thread only looks whether the result is there. */
#include "campaignpreview.h"

#include "../core/alloc.h"
#include "../mission/mission.h"
#include "../mission/xmldoc.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CampaignPreview *campaignpreview_read(const char *path, const char *catalogue_path)
{
    CampaignPreview *p = xcalloc(1, sizeof *p);
    ErrorList errs;
    errors_init(&errs, 0);
    p->cat = catalogue_load(catalogue_path, &errs);
    if (p->cat)
        p->campaign = campaign_load(path, catalogue_path, p->cat, &errs);
    size_t n = 0;
    for (size_t i = 0; !p->campaign && i < errs.count && n + 1 < sizeof p->error; i++)
        n += (size_t)snprintf(p->error + n, sizeof p->error - n, "%s%s", i ? "\n" : "", errs.items[i]);
    errors_clear(&errs);
    for (size_t i = 0; p->campaign && i < p->campaign->mission_count && i < CAMPAIGNPREVIEW_QUESTS; i++)
        mission_file_name(p->campaign->missions[i].path, p->quests[i], sizeof p->quests[i]);
    return p;
}

void campaignpreview_destroy(CampaignPreview *p)
{
    if (!p)
        return;
    campaign_destroy(p->campaign);
    catalogue_destroy(p->cat);
    free(p);
}

struct CampaignPreviewJob {
    char *path, *catalogue_path;
    pthread_t thread;
    bool threaded;
    pthread_mutex_t lock;
    CampaignPreview *result; /* under lock: set once by the reader */
    bool taken;
};

static void *reader(void *data)
{
    CampaignPreviewJob *job = data;
    CampaignPreview *p = campaignpreview_read(job->path, job->catalogue_path);
    pthread_mutex_lock(&job->lock);
    job->result = p;
    pthread_mutex_unlock(&job->lock);
    return NULL;
}

CampaignPreviewJob *campaignpreview_start(const char *path, const char *catalogue_path)
{
    CampaignPreviewJob *job = xcalloc(1, sizeof *job);
    job->path = xstrdup(path);
    job->catalogue_path = xstrdup(catalogue_path);
    pthread_mutex_init(&job->lock, NULL);
    xmldoc_init();
    job->threaded = pthread_create(&job->thread, NULL, reader, job) == 0;
    if (!job->threaded)
        reader(job);
    return job;
}

bool campaignpreview_threaded(const CampaignPreviewJob *job)
{
    return job->threaded;
}

CampaignPreview *campaignpreview_take(CampaignPreviewJob *job)
{
    pthread_mutex_lock(&job->lock);
    CampaignPreview *p = job->taken ? NULL : job->result;
    job->taken |= p != NULL;
    pthread_mutex_unlock(&job->lock);
    return p;
}

void campaignpreview_finish(CampaignPreviewJob *job)
{
    if (!job)
        return;
    if (job->threaded)
        pthread_join(job->thread, NULL);
    if (!job->taken)
        campaignpreview_destroy(job->result);
    pthread_mutex_destroy(&job->lock);
    free(job->path);
    free(job->catalogue_path);
    free(job);
}

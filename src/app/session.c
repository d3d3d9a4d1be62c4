#include "session.h"

#include "../core/alloc.h"
#include "../gfx/scene_mission.h"
#include "../mission/mission.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Session {
    Mission *mission;
    Scene *scene;
};

/* Joins the loader's messages, one a line. */
static void join_errors(const ErrorList *errs, char *err, size_t err_size)
{
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs->count && n + 1 < err_size; i++)
        n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs->items[i]);
    char more[96];
    if (errs->dropped && n + 1 < err_size)
        snprintf(err + n, err_size - n, "\n(%s)", errors_more_text(errs, more, sizeof more));
}

Session *session_load(const char *path, const BitmapLimits *limits, bool reveal, char *err,
                      size_t err_size)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    MissionLoadOptions opts = {.catalogue_path = catalogue,
                               .max_side = limits->max_side,
                               .max_squares = limits->max_squares,
                               .max_rooms = limits->max_rooms,
                               .shape = limits->shape};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m) {
        join_errors(&errs, err, err_size);
        errors_clear(&errs);
        return NULL;
    }
    errors_clear(&errs);
    Session *s = xcalloc(1, sizeof *s);
    s->mission = m;
    s->scene = scene_from_mission(m, reveal);
    return s;
}

void session_destroy(Session *session)
{
    if (!session)
        return;
    scene_destroy(session->scene);
    mission_destroy(session->mission);
    free(session);
}

const Scene *session_scene(const Session *session)
{
    return session->scene;
}

const Mission *session_mission(const Session *session)
{
    return session->mission;
}

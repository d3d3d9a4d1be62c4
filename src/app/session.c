#include "session.h"

#include "../core/alloc.h"
#include "../mission/load.h"

#include <stdlib.h>
#include <string.h>

struct Session {
    Board *board;
    Scene *scene;
};

/* FNV-1a of the file name: a stable variant seed for a bare bitmap. */
static uint64_t name_seed(const char *path)
{
    const char *base = strrchr(path, '/');
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = base ? base + 1 : path; *p; p++)
        h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    return h;
}

Session *session_load(const char *path, const BitmapLimits *limits, char *err, size_t err_size)
{
    Board *board = load_board_bitmap(path, limits, NULL, 0, NULL, err, err_size);
    if (!board)
        return NULL;
    Session *s = xcalloc(1, sizeof *s);
    s->board = board;
    const char *base = strrchr(path, '/');
    s->scene = scene_create(board, name_seed(path), base ? base + 1 : path);
    return s;
}

void session_destroy(Session *session)
{
    if (!session)
        return;
    scene_destroy(session->scene);
    board_destroy(session->board);
    free(session);
}

const Scene *session_scene(const Session *session)
{
    return session->scene;
}

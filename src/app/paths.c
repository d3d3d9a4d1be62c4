#include "paths.h"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#define DEFAULT_MISSION "missions/first-light/mission.xml"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *paths_data_dir(void)
{
    const char *env = getenv("QUESTBOARD_DATA");
    if (env && *env)
        return env;
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/assets", QB_SOURCE_DIR);
    return is_dir(probe) ? QB_SOURCE_DIR : QB_DATADIR;
}

char *paths_data_file(const char *relative, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s", paths_data_dir(), relative);
    return buf;
}

char *paths_default_mission(char *buf, size_t size)
{
    return paths_data_file(DEFAULT_MISSION, buf, size);
}

/* settings_values.h: the values of settings.ini's lines. */
#define _XOPEN_SOURCE 700 /* realpath, lstat */
#include "settings_values.h"
#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

bool settings_parse_bool(const char *v, bool *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (size_t i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0 || strcasecmp(v, no[i]) == 0) {
            *out = strcasecmp(v, yes[i]) == 0;
            return true;
        }
    }
    return false;
}

int settings_parse_name(const char *v, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcasecmp(v, names[i]) == 0)
            return i;
    return -1;
}

const char *settings_shown(const char *text, char *out, size_t size)
{
    size_t limit = size - 4, n = 0;
    for (; n < limit && text[n]; n++)
        out[n] = ((unsigned char)text[n] < 0x20 || text[n] == 0x7f) ? '?' : text[n];
    if (text[n]) {
        while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80) /* mid-character */
            n--;
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = 0;
    return out;
}

/* True when path is a symbolic link whose target lies outside the folder
 * holding the link (or cannot be resolved). Such a file is not read: its
 * lines would be echoed in messages, and it is no settings file of ours. */
bool settings_links_outside(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return false;
    char folder[4096], real_folder[4096], real[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(folder, sizeof folder, ".");
    else
        snprintf(folder, sizeof folder, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if (!realpath(folder, real_folder) || !realpath(path, real))
        return true;
    size_t n = strlen(real_folder);
    return strncmp(real, real_folder, n) != 0 || (real[n] != '/' && real_folder[n - 1] != '/');
}

const char *settings_names_list(const char *const *names, int count, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < count; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s",
                 i == 0 ? "" : i + 1 < count ? ", " : _(" or "), names[i]);
    return out;
}

/* settings_values.h: the values of settings.ini's lines. */
#include "settings_values.h"

#include <string.h>
#include <strings.h>

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

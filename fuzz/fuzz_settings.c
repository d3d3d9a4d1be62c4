/* libFuzzer harness over settings.ini (src/app/settings.h): the input is
 * the file's text, read with settings_load_text from a buffer of exactly
 * its size. Whatever it holds, every value must end up in its range, at
 * most SETTINGS_MAX_MESSAGES + 1 messages are kept, each naming the file,
 * and the settings written back must read again without a problem. */
#include "app/settings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_ranges(const Settings *s)
{
    if (settings_window_width(s) < SETTINGS_WINDOW_MIN_W ||
        settings_window_width(s) > SETTINGS_WINDOW_MAX ||
        settings_window_height(s) < SETTINGS_WINDOW_MIN_H ||
        settings_window_height(s) > SETTINGS_WINDOW_MAX ||
        !(settings_ui_scale(s) >= SETTINGS_UI_SCALE_MIN) ||
        !(settings_ui_scale(s) <= SETTINGS_UI_SCALE_MAX) || settings_anim_speed(s) < 0 ||
        settings_anim_speed(s) >= SETTINGS_ANIM_COUNT)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size ? size : 1);
    if (size)
        memcpy(copy, data, size);
    Settings *s = settings_create(NULL);
    settings_load_text(s, copy, size);
    check_ranges(s);
    if (settings_message_count(s) > 41)
        abort();
    for (size_t i = 0; i < settings_message_count(s); i++)
        if (strncmp(settings_message(s, i), SETTINGS_FILE_NAME, strlen(SETTINGS_FILE_NAME)) != 0 &&
            strncmp(settings_message(s, i), "...", 3) != 0)
            abort();
    size_t n = 0;
    char *text = settings_format(s, &n);
    Settings *again = settings_create(NULL);
    if (!settings_load_text(again, text, n))
        abort(); /* what we write, we read without a word */
    free(text);
    settings_destroy(again);
    settings_destroy(s);
    free(copy);
    return 0;
}

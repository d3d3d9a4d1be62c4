/* The access options of the settings (settings.h): reduce motion, the
 * colours for a colour vision, narration, high contrast, the text size. Read and written with the rest
 * of the file by settings.c. */
#include "settings_internal.h"

bool settings_reduce_motion(const Settings *s)
{
    return s->reduce_motion;
}

bool settings_set_reduce_motion(Settings *s, bool on)
{
    s->reduce_motion = on;
    return settings_persist(s);
}

SettingsVision settings_colour_vision(const Settings *s)
{
    return s->vision;
}

bool settings_set_colour_vision(Settings *s, SettingsVision v)
{
    s->vision = (int)v >= 0 && v < SETTINGS_VISION_COUNT ? v : SETTINGS_VISION_NORMAL;
    return settings_persist(s);
}

bool settings_narration(const Settings *s)
{
    return s->narration;
}

bool settings_set_narration(Settings *s, bool on)
{
    s->narration = on;
    return settings_persist(s);
}

bool settings_high_contrast(const Settings *s)
{
    return s->high_contrast;
}

bool settings_set_high_contrast(Settings *s, bool on)
{
    s->high_contrast = on;
    return settings_persist(s);
}

int settings_text_size(const Settings *s)
{
    return s->text_size;
}

bool settings_set_text_size(Settings *s, int percent)
{
    s->text_size = percent < SETTINGS_TEXT_SIZE_MIN   ? SETTINGS_TEXT_SIZE_MIN
                   : percent > SETTINGS_TEXT_SIZE_MAX ? SETTINGS_TEXT_SIZE_MAX
                                                      : percent;
    return settings_persist(s);
}

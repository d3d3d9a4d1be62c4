/* What settings.c (the file: defaults, reading, writing) and
 * settings_access.c (the access options' getters and setters) share: the
 * settings themselves and the save every setter ends with. Not for other
 * modules: they use settings.h. */
#pragma once

#include "settings.h"

struct Settings {
    char *path;    /* NULL: memory only */
    char *written; /* the text persist last wrote, to skip repeats */
    int width, height;
    bool fullscreen;
    double ui_scale;
    SettingsAnimSpeed anim;
    bool overlay;
    int volume[SETTINGS_VOLUME_COUNT]; /* 0..100 */
    bool mute;
    bool hand_over;
    bool reduce_motion;
    SettingsVision vision;
    bool ask_end_turn;
    LangChoice language;
    bool narration;
    bool high_contrast;
    int text_size; /* percent */
    Bindings keys;
    char **messages;
    size_t message_count, messages_dropped;
    char last_error[512];
};

/* Every setter ends here: the change is on disk before the setter returns.
 * A setter that changes nothing (a resize event repeating the same size)
 * writes nothing, so callers need not filter. False when the save failed
 * (last_error says why). */
bool settings_persist(Settings *s);

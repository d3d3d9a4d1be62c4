/* Files dropped on the window (dropfile.h). */
#include "dropfile.h"

#include "packcli.h"
#include "slots.h"

#include "core/alloc.h"
#include "core/i18n.h"
#include "mission/pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Installs the pack at path; replace: over one of the same name. */
static void install(App *app, const char *path, bool replace);

static void replace_yes(App *app, void *ctx)
{
    install(app, ctx, true);
}

static void install(App *app, const char *path, bool replace)
{
    char root[4096], target[4400], err[8192];
    ErrorList errs;
    errors_init(&errs, 0);
    PackInstall r = PACK_INSTALL_REFUSED;
    if (!packcli_missions_root(root, sizeof root))
        errors_add(&errs, _("%s: no missions folder to install it in"), path);
    else
        r = packcli_install(path, root, replace, target, sizeof target, &errs);
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs.count && n + 1 < sizeof err; i++)
        n += (size_t)snprintf(err + n, sizeof err - n, "%s%s", i ? "\n" : "", errs.items[i]);
    errors_clear(&errs);
    if (r == PACK_INSTALL_DONE) {
        screens_toast(app, _("installed in your missions folder: %s"), target);
    } else if (r == PACK_INSTALL_EXISTS) {
        char text[256];
        const char *base = strrchr(target, '/');
        snprintf(text, sizeof text, _("%.200s is in your missions folder already."),
                 base ? base + 1 : target);
        screens_go(app, SCREEN_CONFIRM,
                   &(ConfirmArgs){_("Replace the pack?"), text, _("Replace"), _("Keep it"), false, replace_yes,

                                  xstrdup(path), free});
    } else {
        screens_error(app, _("This pack is not installed"), err);
    }
}

void dropfile_open(App *app, const char *path)
{
    if (pack_path_is_pack(path)) {
        install(app, path, false);
        return;
    }
    if (slots_has_extension(path)) {
        screens_go(app, SCREEN_REPLAY, &(ReplayArgs){path});
        return;
    }
    screens_go(app, SCREEN_PICKER, &(PickerArgs){.preselect = path, .brief = true});
}

/* A quest pack's campaign save taken up in the window (packresume.h). */
#include "packresume.h"

#include "packparty.h"
#include "screens.h"
#include "slots.h"

#include "core/fileio.h"
#include "core/i18n.h"

#include <stdio.h>
#include <stdlib.h>

bool packresume_slot(const char *title, char *buf, size_t size)
{
    char name[PACK_MAX_TEXT + 8];
    snprintf(name, sizeof name, "pack %s", title);
    return slots_file_for_name(name, buf, size);
}

/* packresume_open; *shown: a refusal the campaign screen showed itself. */
static bool open_pack(App *app, const PackOpened *o, bool *shown, char *err, size_t err_size)
{
    size_t size = 0;
    char *body = packparty_open(o->main, o->mission, &size, NULL, err, err_size);
    char slot[SLOTS_FILE_MAX];
    bool ok = body && packresume_slot(o->title, slot, sizeof slot) &&
              screens_go(app, SCREEN_CAMPAIGN_SAVE, &(CampaignSaveArgs){slot, body, size});
    *shown = body && !ok;
    if (*shown)
        snprintf(err, err_size, _("%s: the campaign save was refused"), o->main);
    free(body);
    return ok;
}

bool packresume_open(App *app, const PackOpened *o, char *err, size_t err_size)
{
    bool shown;
    return open_pack(app, o, &shown, err, err_size);
}

bool packresume_continue(App *app, const PackOpened *o)
{
    char slot[SLOTS_FILE_MAX], path[4400], err[8192];
    if (packresume_slot(o->title, slot, sizeof slot)) {
        snprintf(path, sizeof path, "%s/%s", app->saves, slot);
        if (fileio_is_file(path))
            return screens_go(app, SCREEN_SLOT, &(SlotArgs){slot});
    }
    bool shown;
    if (open_pack(app, o, &shown, err, sizeof err))
        return true;
    if (!shown)
        screens_error(app, _("This campaign does not load"), err);
    return false;
}

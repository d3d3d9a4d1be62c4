/* Is there a GPU behind this window? Asked before any renderer exists,
 * from what the display and the kernel already say, never by loading
 * the GL driver (that alone is what the answer should spare: Mesa's
 * llvmpipe costs about 70 ms and 88 MiB to start).
 *
 * Mesa reaches a GPU only through a DRM render node (/dev/dri/renderD*).
 * On X11 it also needs the server's help: DRI3 (or the older DRI2) hands
 * the client a buffer the GPU draws into; a server without both (Xvfb,
 * Xvnc, Xephyr, a display forwarded over ssh) leaves Mesa only its
 * software rasteriser. NVIDIA's own driver does without DRI but shows its
 * GLX extension, NV-GLX. On Wayland the client opens the render node
 * itself, so it must be there and open to this user. */
#include "gpuprobe.h"
#include "config.h"

#include <SDL_syswm.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if QB_HAVE_X11 && defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xlib.h>
#define GPUPROBE_X11 1
#endif

#define DRI_DIR "/dev/dri"

/* A render node in /dev/dri; with need_access, one this user may open. */
static bool render_node(bool need_access)
{
    DIR *dir = opendir(DRI_DIR);
    if (!dir)
        return false;
    bool found = false;
    struct dirent *e;
    while (!found && (e = readdir(dir)) != NULL) {
        if (strncmp(e->d_name, "renderD", 7) != 0)
            continue;
        char path[300];
        snprintf(path, sizeof path, "%s/%s", DRI_DIR, e->d_name);
        found = !need_access || access(path, R_OK | W_OK) == 0;
    }
    closedir(dir);
    return found;
}

#ifdef GPUPROBE_X11
/* The server's extensions that give a GL client a GPU (one round trip). */
static bool x11_direct_rendering(Display *display)
{
    int n = 0;
    char **names = XListExtensions(display, &n);
    if (!names)
        return true; /* cannot tell: keep the default */
    bool dri = false, nvidia = false;
    for (int i = 0; i < n; i++) {
        dri = dri || strcmp(names[i], "DRI3") == 0 || strcmp(names[i], "DRI2") == 0;
        nvidia = nvidia || strcmp(names[i], "NV-GLX") == 0;
    }
    XFreeExtensionList(names);
    return nvidia || (dri && render_node(false));
}
#endif

bool gpuprobe_software_only(SDL_Window *window)
{
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo(window, &info))
        return false;
#ifdef GPUPROBE_X11
    if (info.subsystem == SDL_SYSWM_X11)
        return !x11_direct_rendering(info.info.x11.display);
#endif
    if (info.subsystem == SDL_SYSWM_WAYLAND)
        return !render_node(true);
    return false;
}

/* Whether OpenGL in this window could only be a software one (no GPU to
 * reach), found without loading the GL driver: then SDL's own software
 * renderer is the quicker and smaller choice (issue 28, target 6). */
#ifndef QB_GPUPROBE_H
#define QB_GPUPROBE_H

#include <SDL.h>
#include <stdbool.h>

/* True when the window's display has no way to a GPU: on X11, a server
 * without DRI2, DRI3 (or NVIDIA's GLX) such as Xvfb, Xvnc or a forwarded
 * display, or no DRM render node on this machine; on Wayland, no render
 * node this user may open. False when a GPU may be there, and for other
 * video drivers (the default renderer is kept). */
bool gpuprobe_software_only(SDL_Window *window);

#endif

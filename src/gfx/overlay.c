#include "overlay.h"

#include <math.h>
#include <stdio.h>

static const SDL_Color NO_ROOM_FILL = {255, 0, 255, 64};
static const SDL_Color NO_ROOM_TEXT = {255, 150, 60, 255};
/* Rock (#c3c3c3 or a blocked colour): grey with dark stripes, unlike the
 * magenta of no square. */
static const SDL_Color ROCK_FILL = {150, 150, 160, 110};
static const SDL_Color ROCK_STRIPE = {30, 30, 40, 190};
static const SDL_Color ROCK_TEXT = {200, 200, 215, 255};
static const SDL_Color LABEL_TEXT = {255, 255, 255, 255};
static const SDL_Color LABEL_BACK = {0, 0, 0, 150};

const char *overlay_label(const Scene *scene, BoardPos pos, DebugLabel label, char *buf,
                          size_t size)
{
    static const char type_letter[SQUARE_TYPE_COUNT] = {'N', 'B', 'W'};
    const Board *board = scene_board(scene);
    int cost;
    switch (label) {
    case DEBUG_LABEL_COST: /* "-": nothing may enter it */
        cost = scene_square_cost(scene, pos);
        snprintf(buf, size, cost ? "%d" : "-", cost);
        break;
    case DEBUG_LABEL_TYPE:
        snprintf(buf, size, "%c", type_letter[board_type(board, pos)]);
        break;
    case DEBUG_LABEL_COORDS:
        snprintf(buf, size, "%d,%d", pos.x, pos.y);
        break;
    default:
        snprintf(buf, size, "%ld", (long)board_room(board, pos));
        break;
    }
    return buf;
}

SDL_Color overlay_room_colour(int32_t room)
{
    /* golden-ratio hue steps keep neighbouring numbers far apart */
    double h = fmod(room * 0.6180339887, 1.0) * 6.0;
    double f = h - floor(h);
    uint8_t hi = 255, lo = 60, up = (uint8_t)(lo + f * (hi - lo)), down = (uint8_t)(hi - f * (hi - lo));
    switch ((int)h) {
    case 0: return (SDL_Color){hi, up, lo, 255};
    case 1: return (SDL_Color){down, hi, lo, 255};
    case 2: return (SDL_Color){lo, hi, up, 255};
    case 3: return (SDL_Color){lo, down, hi, 255};
    case 4: return (SDL_Color){up, lo, hi, 255};
    default: return (SDL_Color){hi, lo, down, 255};
    }
}

/* A square's screen rectangle; on hex boards the square one hex wide
 * centred on the hex (labels sit in its middle). */
static SDL_FRect square_rect(const Camera *cam, int x, int y)
{
    double cx, cy;
    camera_centre(cam, (BoardPos){x, y}, &cx, &cy);
    float x0 = (float)camera_screen_x(cam, cx - 0.5), y0 = (float)camera_screen_y(cam, cy - 0.5);
    return (SDL_FRect){x0, y0, (float)camera_screen_x(cam, cx + 0.5) - x0,
                       (float)camera_screen_y(cam, cy + 0.5) - y0};
}

/* Screen point of a board point moved share of the way toward (tx, ty). */
static SDL_FPoint toward(const Camera *cam, double bx, double by, double tx, double ty, double share)
{
    return (SDL_FPoint){(float)camera_screen_x(cam, bx + (tx - bx) * share),
                        (float)camera_screen_y(cam, by + (ty - by) * share)};
}

/* Hex boards: the hexagon of p filled with c (no room), or a band inside
 * each edge where the room changes. */
static void queue_hex(Batch *batch, const Board *b, const Camera *cam, BoardPos p, float w)
{
    static const SDL_FPoint uv[6] = {{0, 0}};
    double cx, cy, bx[6], by[6];
    camera_centre(cam, p, &cx, &cy);
    for (int k = 0; k < 6; k++)
        camera_hex_corner(cam, p, k, &bx[k], &by[k]);
    int32_t room = board_room(b, p);
    if (room < 0) {
        SDL_FPoint pts[6];
        for (int k = 0; k < 6; k++)
            pts[k] = toward(cam, bx[k], by[k], cx, cy, 0);
        batch_poly_uv(batch, pts, uv, 6, NO_ROOM_FILL);
        return;
    }
    double share = fmin(0.45, 2.5 * w / cam->scale / CAMERA_HEX_RADIUS);
    int n;
    const GridDir *edges = grid_edge_dirs(board_grid(b), &n);
    for (int e = 0; e < n; e++) {
        int k0, k1;
        if (board_room(b, grid_step(board_grid(b), p, edges[e])) == room ||
            !camera_hex_edge(edges[e], &k0, &k1))
            continue;
        SDL_FPoint pts[4] = {toward(cam, bx[k0], by[k0], cx, cy, share / 2),
                             toward(cam, bx[k1], by[k1], cx, cy, share / 2),
                             toward(cam, bx[k1], by[k1], cx, cy, share),
                             toward(cam, bx[k0], by[k0], cx, cy, share)};
        batch_poly_uv(batch, pts, uv, 4, overlay_room_colour(room));
    }
}

/* A strip inside the square along each side where the room changes. */
static void queue_outline(Batch *batch, const Board *b, BoardPos p, SDL_FRect sq, float w)
{
    int32_t room = board_room(b, p);
    SDL_Color c = overlay_room_colour(room);
    float in = w; /* keep clear of the wall strip */
    for (int d = 0; d < 4; d++) {
        if (board_room(b, grid_step(board_grid(b), p, (GridDir)d)) == room)
            continue;
        SDL_FRect rc = d == GRID_DIR_NORTH   ? (SDL_FRect){sq.x + in, sq.y + in, sq.w - 2 * in, w}
                       : d == GRID_DIR_SOUTH ? (SDL_FRect){sq.x + in, sq.y + sq.h - in - w, sq.w - 2 * in, w}
                       : d == GRID_DIR_WEST  ? (SDL_FRect){sq.x + in, sq.y + in, w, sq.h - 2 * in}
                                             : (SDL_FRect){sq.x + sq.w - in - w, sq.y + in, w, sq.h - 2 * in};
        batch_rect(batch, rc, c);
    }
}

/* Rock: a grey square with two dark diagonal stripes. */
static void queue_rock(Batch *batch, SDL_FRect sq)
{
    static const SDL_FPoint uv[4] = {{0, 0}};
    batch_rect(batch, sq, ROCK_FILL);
    float t = fmaxf(1.0f, sq.w * 0.12f);
    for (int k = 1; k <= 2; k++) {
        /* a stripe from the left edge to the top edge, k thirds along */
        float a = sq.w * (float)k * 2.0f / 3.0f;
        SDL_FPoint pts[4] = {{sq.x, sq.y + a}, {sq.x + a, sq.y}, {sq.x + a + t, sq.y},
                             {sq.x, sq.y + a + t}};
        for (int i = 0; i < 4; i++) { /* clip to the square */
            pts[i].x = fminf(pts[i].x, sq.x + sq.w);
            pts[i].y = fminf(pts[i].y, sq.y + sq.h);
        }
        batch_poly_uv(batch, pts, uv, 4, ROCK_STRIPE);
    }
}

static void draw_rooms(SDL_Renderer *sdl, Batch *batch, const Board *b, const Camera *cam, BoardPos lo,
                       BoardPos hi)
{
    float w = fmaxf(1.0f, (float)cam->scale * 0.07f);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            SDL_FRect sq = square_rect(cam, x, y);
            if (cam->hex)
                queue_hex(batch, b, cam, p, w);
            else if (board_type(b, p) == SQUARE_BLOCKED)
                queue_rock(batch, sq);
            else if (board_room(b, p) < 0)
                batch_rect(batch, sq, NO_ROOM_FILL);
            else
                queue_outline(batch, b, p, sq, w);
        }
    batch_flush(batch, sdl, NULL);
}

/* Label height for a square of side s: big enough to read, small enough
 * that the longest label fits across the square. */
static float label_height(const Text *text, const char *s, float side)
{
    float h = side * 0.32f, w = text_label_width(text, s, h);
    return w > side * 0.85f ? h * side * 0.85f / w : h;
}

/* Where a label goes: the square's top-left corner, on a dark tab, so
 * the middle (where figures and furniture are drawn) stays clear. */
static SDL_FRect label_tab(const Text *text, const char *s, SDL_FRect sq, float *h)
{
    *h = label_height(text, s, sq.w);
    float w = text_label_width(text, s, *h), pad = *h * 0.15f;
    return (SDL_FRect){sq.x + sq.w * 0.06f, sq.y + sq.h * 0.06f, w + 2 * pad, *h + pad};
}

/* A cost dearer than a plain square's stands out in the tint of the
 * hover box's terrain line. */
static const SDL_Color COST_TEXT = {255, 200, 90, 255};

static SDL_Color label_colour(const Scene *s, BoardPos p, DebugLabel mode)
{
    const Board *b = scene_board(s);
    if (mode == DEBUG_LABEL_COST)
        return scene_square_cost(s, p) > 1 ? COST_TEXT : scene_square_cost(s, p) ? LABEL_TEXT : ROCK_TEXT;
    if (mode != DEBUG_LABEL_ROOM || board_room(b, p) >= 0)
        return LABEL_TEXT;
    return board_type(b, p) == SQUARE_BLOCKED ? ROCK_TEXT : NO_ROOM_TEXT;
}

static void draw_labels(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *s,
                        const Camera *cam, DebugLabel mode, BoardPos lo, BoardPos hi)
{
    char buf[32];
    float h;
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            SDL_FRect sq = square_rect(cam, x, y);
            batch_rect(batch, label_tab(text, overlay_label(s, (BoardPos){x, y}, mode, buf, sizeof buf), sq, &h),
                       LABEL_BACK);
        }
    batch_flush(batch, sdl, NULL);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            const char *label = overlay_label(s, p, mode, buf, sizeof buf);
            SDL_FRect tab = label_tab(text, label, square_rect(cam, x, y), &h);
            text_batch(text, batch, label, tab.x + tab.w / 2, tab.y + tab.h / 2, h, label_colour(s, p, mode));
        }
    batch_flush(batch, sdl, text_label_texture(text));
}

/* Squares too small for labels: the hovered square's values beside it. */
static void draw_hover_label(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *s,
                             const Camera *cam, const RenderView *view)
{
    const Board *b = scene_board(s);
    if (!view->has_hover || !board_contains(b, view->hover))
        return;
    char buf[96];
    BoardPos p = view->hover;
    int cost = scene_square_cost(s, p);
    snprintf(buf, sizeof buf, cost > 1 ? "%d,%d room %ld %c cost %d" : "%d,%d room %ld %c", p.x, p.y,
             (long)board_room(b, p), "NBW"[board_type(b, p)], cost);
    float h = 18, w = text_label_width(text, buf, h);
    SDL_FRect sq = square_rect(cam, p.x, p.y);
    float x = sq.x + sq.w + 6, y = sq.y - h - 4;
    batch_rect(batch, (SDL_FRect){x - 4, y - 2, w + 8, h + 4}, (SDL_Color){0, 0, 0, 170});
    batch_flush(batch, sdl, NULL);
    text_batch(text, batch, buf, x + w / 2, y + h / 2, h, LABEL_TEXT);
    batch_flush(batch, sdl, text_label_texture(text));
}

void overlay_draw(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                  const Camera *cam, DebugLabel label, BoardPos lo, BoardPos hi)
{
    const Board *b = scene_board(scene);
    if (cam->scale >= RENDER_FAR_SCALE / 2)
        draw_rooms(sdl, batch, b, cam, lo, hi);
    if (cam->scale >= RENDER_LABEL_MIN_SCALE)
        draw_labels(sdl, text, batch, scene, cam, label, lo, hi);
}

/* --- the author's marks (--reveal) -------------------------------------------- */

static const SDL_Color EXIT_COLOUR = {90, 230, 255, 255};
static const SDL_Color TAG_TEXT = {255, 190, 255, 255};

static bool in_range(BoardPos p, BoardPos lo, BoardPos hi)
{
    return p.x >= lo.x && p.y >= lo.y && p.x <= hi.x && p.y <= hi.y;
}

/* A dark tab with s on it, centred at (cx, cy), h high. */
static void queue_tab(const Text *text, Batch *batch, const char *s, float cx, float cy, float h)
{
    float w = text_label_width(text, s, h), pad = h * 0.2f;
    batch_rect(batch, (SDL_FRect){cx - w / 2 - pad, cy - h / 2 - pad / 2, w + 2 * pad, h + pad}, LABEL_BACK);
}

/* Hex boards: a band t pixels wide inside each edge of p's hexagon. */
static void queue_hex_frame(Batch *batch, const Camera *cam, BoardPos p, float t)
{
    static const SDL_FPoint uv[4] = {{0, 0}};
    double cx, cy, bx[6], by[6];
    camera_centre(cam, p, &cx, &cy);
    for (int k = 0; k < 6; k++)
        camera_hex_corner(cam, p, k, &bx[k], &by[k]);
    double share = fmin(0.4, t / cam->scale / CAMERA_HEX_RADIUS);
    for (int k = 0; k < 6; k++) {
        int n = (k + 1) % 6;
        SDL_FPoint pts[4] = {toward(cam, bx[k], by[k], cx, cy, 0), toward(cam, bx[n], by[n], cx, cy, 0),
                             toward(cam, bx[n], by[n], cx, cy, share),
                             toward(cam, bx[k], by[k], cx, cy, share)};
        batch_poly_uv(batch, pts, uv, 4, EXIT_COLOUR);
    }
}

/* Each exit square marked in cyan, even under a figure: brackets at its
 * corners (a hexagon's outline on hex boards), "exit" along its lower
 * edge. */
static void draw_exits(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *s,
                       const Camera *cam, BoardPos lo, BoardPos hi)
{
    bool words = cam->scale >= RENDER_LABEL_MIN_SCALE;
    float h = label_height(text, "exit", (float)cam->scale * 0.9f);
    for (size_t i = 0; i < scene_exit_count(s); i++) {
        BoardPos p = scene_exit(s, i);
        if (!in_range(p, lo, hi))
            continue;
        SDL_FRect sq = square_rect(cam, p.x, p.y);
        float t = fmaxf(2.0f, sq.w * 0.07f), in = sq.w * 0.04f;
        SDL_FRect o = {sq.x + in, sq.y + in, sq.w - 2 * in, sq.h - 2 * in};
        if (words)
            queue_tab(text, batch, "exit", sq.x + sq.w / 2, o.y + o.h - t - h * 0.6f, h);
        if (cam->hex) {
            queue_hex_frame(batch, cam, p, t);
            continue;
        }
        /* brackets at the corners, clear of a figure's ring */
        float arm = o.w * 0.3f;
        for (int c = 0; c < 4; c++) {
            float x = c & 1 ? o.x + o.w - arm : o.x, y = c & 2 ? o.y + o.h - t : o.y;
            batch_rect(batch, (SDL_FRect){x, y, arm, t}, EXIT_COLOUR);
            x = c & 1 ? o.x + o.w - t : o.x, y = c & 2 ? o.y + o.h - arm : o.y;
            batch_rect(batch, (SDL_FRect){x, y, t, arm}, EXIT_COLOUR);
        }
    }
    batch_flush(batch, sdl, NULL);
    for (size_t i = 0; words && i < scene_exit_count(s); i++) {
        BoardPos p = scene_exit(s, i);
        if (!in_range(p, lo, hi))
            continue;
        SDL_FRect sq = square_rect(cam, p.x, p.y);
        float t = fmaxf(2.0f, sq.w * 0.07f), in = sq.w * 0.04f;
        text_batch(text, batch, "exit", sq.x + sq.w / 2, sq.y + sq.h - in - t - h * 0.6f, h, EXIT_COLOUR);
    }
    batch_flush(batch, sdl, text_label_texture(text));
}

/* Each mission monster's tag (its id, or the line placing it) along the
 * top of its square; a named foe's plate names it already. */
static void draw_tags(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *s,
                      const Camera *cam, BoardPos lo, BoardPos hi)
{
    if (cam->scale < RENDER_LABEL_MIN_SCALE)
        return;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < scene_piece_count(s); i++) {
            const ScenePiece *p = scene_piece(s, i);
            if (p->owner != SCENE_OWNER_MONSTER || p->named || !p->tag[0] || !in_range(p->pos, lo, hi))
                continue;
            SDL_FRect sq = square_rect(cam, p->pos.x, p->pos.y);
            float h = label_height(text, p->tag, sq.w), cy = sq.y + sq.h * 0.06f + h * 0.6f;
            if (pass == 0)
                queue_tab(text, batch, p->tag, sq.x + sq.w / 2, cy, h);
            else
                text_batch(text, batch, p->tag, sq.x + sq.w / 2, cy, h, TAG_TEXT);
        }
        batch_flush(batch, sdl, pass == 0 ? NULL : text_label_texture(text));
    }
}

void overlay_draw_marks(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                        const Camera *cam, BoardPos lo, BoardPos hi)
{
    if (cam->scale < RENDER_FAR_SCALE / 2)
        return;
    draw_exits(sdl, text, batch, scene, cam, lo, hi);
    draw_tags(sdl, text, batch, scene, cam, lo, hi);
}

void overlay_draw_hover(SDL_Renderer *sdl, const Text *text, Batch *batch, const Scene *scene,
                        const Camera *cam, const RenderView *view)
{
    if (cam->scale < RENDER_LABEL_MIN_SCALE)
        draw_hover_label(sdl, text, batch, scene, cam, view);
}

#include "render_internal.h"

#include "palette.h"
#include "text.h"

#include <math.h>

#define DISC_PX 128

static const SDL_Color OWNER_COLOUR[SCENE_OWNER_COUNT] = {
    {236, 188, 52, 255}, /* heroes: gold */
    {206, 36, 36, 255},  /* monsters: blood red */
    {120, 90, 60, 255},  /* furniture stand-in */
};

/* A white anti-aliased disc, tinted per use for shadows and owner rings. */
SDL_Texture *render_make_disc(SDL_Renderer *sdl)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, DISC_PX, DISC_PX, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    float c = DISC_PX / 2.0f, radius = c - 1;
    for (int y = 0; y < DISC_PX; y++)
        for (int x = 0; x < DISC_PX; x++) {
            float d = hypotf((float)x + 0.5f - c, (float)y + 0.5f - c);
            float a = fminf(fmaxf(radius - d, 0), 1);
            uint32_t *px = (uint32_t *)(void *)((uint8_t *)s->pixels + y * s->pitch) + x;
            *px = SDL_MapRGBA(s->format, 255, 255, 255, (uint8_t)(a * 255));
        }
    SDL_Texture *t = SDL_CreateTextureFromSurface(sdl, s);
    SDL_FreeSurface(s);
    if (t) {
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    }
    return t;
}

void render_draw_furniture(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE || !render_piece_visible(p, lo, hi))
            continue;
        /* the art is drawn for the unrotated footprint, turned about the
         * centre of the rotated one */
        bool turned = p->rotation == 90 || p->rotation == 270;
        double uw = turned ? p->height : p->width, uh = turned ? p->width : p->height;
        double cx = p->pos.x + p->width / 2.0, cy = p->pos.y + p->height / 2.0;
        if (cam->hex) { /* between the footprint's first and last hexes */
            double ax, ay, bx, by;
            camera_centre(cam, p->pos, &ax, &ay);
            camera_centre(cam, (BoardPos){p->pos.x + p->width - 1, p->pos.y + p->height - 1}, &bx,
                          &by);
            cx = (ax + bx) / 2, cy = (ay + by) / 2;
        }
        float w = (float)(uw * cam->scale), h = (float)(uh * cam->scale);
        SDL_FRect dst = {(float)camera_screen_x(cam, cx) - w / 2, (float)camera_screen_y(cam, cy) - h / 2,
                         w, h};
        render_draw_sprite(r, p->sprite, dst, p->rotation, OWNER_COLOUR[SCENE_OWNER_NONE]);
    }
}

void render_draw_disc(Renderer *r, SDL_FRect dst, SDL_Color c)
{
    SDL_SetTextureColorMod(r->disc, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(r->disc, c.a);
    SDL_RenderCopyF(r->sdl, r->disc, NULL, &dst);
}

static SDL_FRect inset(SDL_FRect rc, float share)
{
    float dx = rc.w * share, dy = rc.h * share;
    return (SDL_FRect){rc.x + dx, rc.y + dy, rc.w - 2 * dx, rc.h - 2 * dy};
}

/* The ring's colour: the piece's own (each hero his), else its owner's. */
SDL_Color render_ring_colour(const ScenePiece *p)
{
    if (!p->ring && p->owner == SCENE_OWNER_MONSTER) {
        uint32_t c = palette_mark(PALETTE_MONSTER);
        return (SDL_Color){(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, 255};
    }
    if (!p->ring)
        return OWNER_COLOUR[p->owner];
    return (SDL_Color){(Uint8)(p->ring >> 16), (Uint8)(p->ring >> 8), (Uint8)p->ring, 255};
}

/* A named foe's marker: a gold stud on the ring's top right. */
static void draw_marker(Renderer *r, SDL_FRect sq)
{
    float d = fmaxf(6.0f, sq.w * 0.3f);
    SDL_FRect out = {sq.x + sq.w - d * 0.8f, sq.y - d * 0.2f, d, d};
    render_draw_disc(r, out, (SDL_Color){24, 18, 12, 255});
    render_draw_disc(r, inset(out, 0.18f), (SDL_Color){250, 206, 72, 255});
}

/* True when a figure stands in row y, columns x-1..x+1: where a plate
 * wider than its square would lie over it. */
static bool row_taken(const Scene *s, int x, int y)
{
    for (size_t i = 0; s && i < scene_piece_count(s); i++) {
        const ScenePiece *q = scene_piece(s, i);
        if (q->owner != SCENE_OWNER_NONE && q->pos.y == y && q->pos.x >= x - 1 && q->pos.x <= x + 1)
            return true;
    }
    return false;
}

/* A named foe's name on a plate under its square, or over it when a
 * figure stands below and none above (a plate lay over the pieces beside
 * the foe). */
static void draw_plate(Renderer *r, const Scene *s, const ScenePiece *p, SDL_FRect sq)
{
    int w, h;
    text_size(r->text, p->name, &w, &h);
    bool above = row_taken(s, p->pos.x, p->pos.y + 1) && !row_taken(s, p->pos.x, p->pos.y - 1);
    float y = above ? sq.y - h * 0.55f : sq.y + sq.h - h * 0.45f;
    SDL_FRect plate = {sq.x + sq.w / 2 - w / 2.0f - 4, y, (float)w + 8, (float)h};
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 24, 18, 12, 225);
    SDL_RenderFillRectF(r->sdl, &plate);
    SDL_SetRenderDrawColor(r->sdl, 150, 40, 32, 255);
    SDL_RenderDrawRectF(r->sdl, &plate);
    text_draw(r->text, p->name, (int)lroundf(plate.x + 4), (int)lroundf(plate.y), (SDL_Color){250, 214, 120, 255});
}

/* A figure: a shadow, a ring in its colour and its round token, centred
 * on board point (x, y), size squares wide, alpha opaque; a named foe's
 * marker. */
static void draw_figure_ex(Renderer *r, const ScenePiece *p, const Camera *cam, double x, double y,
                           double size, Uint8 alpha)
{
    SDL_FRect sq = render_squares_rect(cam, x - size / 2, y - size / 2, size, size);
    SDL_FRect ring = inset(sq, 0.05f), shadow = ring;
    shadow.x += sq.w * 0.05f, shadow.y += sq.h * 0.07f;
    SDL_Color rc = render_ring_colour(p);
    rc.a = alpha;
    render_draw_disc(r, shadow, (SDL_Color){0, 0, 0, (Uint8)(120 * alpha / 255)});
    render_draw_disc(r, ring, rc);
    SDL_FRect token = inset(sq, 0.11f);
    SDL_Texture *tex = sprites_get(r->sprites, p->sprite);
    if (tex) {
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopyF(r->sdl, tex, NULL, &token);
        SDL_SetTextureAlphaMod(tex, 255);
        if (p->named && alpha == 255)
            draw_marker(r, ring);
        return;
    }
    render_draw_disc(r, token, (SDL_Color){40, 36, 34, alpha});
    char initial[2] = {p->name[0] ? p->name[0] : '?', '\0'};
    text_batch(r->text, r->batch, initial, token.x + token.w / 2, token.y + token.h / 2,
               token.h * 0.6f, rc);
    batch_flush(r->batch, r->sdl, text_label_texture(r->text));
    if (p->named && alpha == 255)
        draw_marker(r, ring);
}

static void draw_figure_at(Renderer *r, const ScenePiece *p, const Camera *cam, double x, double y)
{
    draw_figure_ex(r, p, cam, x, y, 1.0, 255);
}

void render_figure_faded(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y,
                         double size, Uint8 alpha)
{
    if (cam->scale >= RENDER_FAR_SCALE)
        draw_figure_ex(renderer, piece, cam, x, y, size, alpha);
}

static void draw_figure(Renderer *r, const ScenePiece *p, const Camera *cam)
{
    double cx, cy;
    camera_centre(cam, p->pos, &cx, &cy);
    draw_figure_at(r, p, cam, cx, cy);
}

void render_figure_at(Renderer *renderer, const ScenePiece *piece, const Camera *cam, double x, double y)
{
    if (cam->scale < RENDER_FAR_SCALE) {
        SDL_FRect sq = render_squares_rect(cam, x - 0.5, y - 0.5, 1, 1);
        float grow = fmaxf(0, 4 - sq.w) / 2;
        render_draw_disc(renderer, (SDL_FRect){sq.x - grow, sq.y - grow, sq.w + 2 * grow, sq.h + 2 * grow},
                  render_ring_colour(piece));
        return;
    }
    draw_figure_at(renderer, piece, cam, x, y);
    if (piece->named && cam->scale >= RENDER_LABEL_MIN_SCALE)
        draw_plate(renderer, NULL, piece, render_squares_rect(cam, x - 0.5, y - 0.5, 1, 1));
}

/* Figures on squares lo..hi, then the name plates of those on
 * plate_lo..plate_hi (a plate reaches beyond its square). */
void render_draw_figures(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi,
                         BoardPos plate_lo, BoardPos plate_hi)
{
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE && render_piece_visible(p, lo, hi))
            draw_figure(r, p, cam);
    }
    /* the plates over every figure, so none hides one */
    if (cam->scale < RENDER_LABEL_MIN_SCALE)
        return;
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->named && render_piece_visible(p, plate_lo, plate_hi) && scene_revealed(s, p->pos))
            draw_plate(r, s, p, render_cell_rect(cam, p->pos));
    }
}

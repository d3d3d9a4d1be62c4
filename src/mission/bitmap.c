#include "bitmap.h"

#include "../core/alloc.h"
#include "../core/board.h"
#include "../core/fileio.h"
#include "../core/i18n.h"

#include <SDL.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest file read at all: an uncompressed BMP at the default limit is
 * 256 MiB of pixels plus headers. */
#define BITMAP_MAX_FILE_BYTES ((size_t)300 << 20)
#define HEAD_BYTES 64

/* Deflate never compresses better than about 1032:1, so a PNG smaller than
 * its raw pixel data divided by this cannot hold the pixels it claims. */
#define DEFLATE_MAX_RATIO 1100

static const uint8_t PNG_SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* What the header says, checked before any pixel is decoded. */
typedef struct BitmapHeader {
    BitmapFormat format;
    int64_t width, height;
    int bits_per_pixel;  /* bits per pixel of the raw data */
    uint64_t min_size;   /* smallest file that can hold the pixels */
} BitmapHeader;

BitmapLimits bitmap_default_limits(void)
{
    return (BitmapLimits){BITMAP_DEFAULT_MAX_SIDE, BITMAP_DEFAULT_MAX_SQUARES,
                          BOARD_DEFAULT_MAX_ROOMS, NULL};
}

BitmapFormat bitmap_sniff(const uint8_t *head, size_t n)
{
    if (n >= 8 && memcmp(head, PNG_SIGNATURE, 8) == 0)
        return BITMAP_PNG;
    if (n >= 2 && head[0] == 'B' && head[1] == 'M')
        return BITMAP_BMP;
    return BITMAP_UNKNOWN;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[1] << 8 | p[0]);
}

/* Bits per pixel of a PNG colour type and depth; 0 if the pair is invalid. */
static int png_bits(int colour_type, int depth)
{
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    if (colour_type < 0 || colour_type > 6 || channels[colour_type] == 0)
        return 0;
    bool depth_ok = depth == 8 || depth == 16 ||
                    ((colour_type == 0 || colour_type == 3) && (depth == 1 || depth == 2 || depth == 4));
    if (!depth_ok || (colour_type == 3 && depth == 16))
        return 0;
    return channels[colour_type] * depth;
}

static bool parse_png_header(const uint8_t *h, size_t n, BitmapHeader *hdr, char *why, size_t why_size)
{
    if (n < 29 || be32(h + 8) != 13 || memcmp(h + 12, "IHDR", 4) != 0) {
        snprintf(why, why_size, _("damaged PNG: no image header"));
        return false;
    }
    hdr->width = be32(h + 16);
    hdr->height = be32(h + 20);
    int depth = h[24], colour_type = h[25];
    if (depth == 16) {
        snprintf(why, why_size,
                 _("16-bit PNG is not supported (colours would merge); save it with 8 bits per channel"));
        return false;
    }
    hdr->bits_per_pixel = png_bits(colour_type, depth);
    if (hdr->bits_per_pixel == 0) {
        snprintf(why, why_size, _("damaged PNG: colour type %d with bit depth %d"), colour_type, depth);
        return false;
    }
    uint64_t raw = (uint64_t)hdr->height * (1 + ((uint64_t)hdr->width * hdr->bits_per_pixel + 7) / 8);
    hdr->min_size = 8 + 25 + 12 + raw / DEFLATE_MAX_RATIO;
    return true;
}

static bool bmp_depth_ok(int bpp, uint32_t compression, char *why, size_t why_size)
{
    if (compression == 1 || compression == 2) {
        snprintf(why, why_size, _("RLE-compressed BMP is not supported; save it uncompressed"));
        return false;
    }
    if (bpp == 16) {
        snprintf(why, why_size, _("16-bit BMP is not supported (colours would merge); use 24 or 32 bits"));
        return false;
    }
    bool plain = compression == 0 && (bpp == 1 || bpp == 4 || bpp == 8 || bpp == 24 || bpp == 32);
    bool fields = compression == 3 && bpp == 32;
    if (!plain && !fields) {
        snprintf(why, why_size, _("unsupported BMP: %d bits per pixel, compression %u"), bpp,
                 (unsigned)compression);
        return false;
    }
    return true;
}

static bool parse_bmp_header(const uint8_t *h, size_t n, BitmapHeader *hdr, char *why, size_t why_size)
{
    if (n < 26) {
        snprintf(why, why_size, _("damaged BMP: header cut short"));
        return false;
    }
    uint32_t offset = le32(h + 10), dib = le32(h + 14);
    int bpp;
    uint32_t compression = 0;
    if (dib == 12) {
        hdr->width = le16(h + 18);
        hdr->height = le16(h + 20);
        bpp = le16(h + 24);
    } else if (dib >= 40 && dib <= 124 && n >= 34) {
        hdr->width = (int32_t)le32(h + 18);
        hdr->height = (int32_t)le32(h + 22);
        if (hdr->height < 0)
            hdr->height = -hdr->height; /* top-down rows */
        bpp = le16(h + 28);
        compression = le32(h + 30);
    } else {
        snprintf(why, why_size, _("unsupported BMP header (%u bytes)"), (unsigned)dib);
        return false;
    }
    if (!bmp_depth_ok(bpp, compression, why, why_size))
        return false;
    hdr->bits_per_pixel = bpp;
    uint64_t row = (((uint64_t)hdr->width * (uint64_t)bpp + 31) / 32) * 4;
    hdr->min_size = (uint64_t)offset + row * (uint64_t)hdr->height;
    return true;
}

static bool starts(const uint8_t *h, size_t n, size_t at, const char *magic)
{
    size_t m = strlen(magic);
    return n >= at + m && memcmp(h + at, magic, m) == 0;
}

/* What a file that is no PNG or BMP is, by its first bytes, and what to
 * do about it. */
static const char *unsupported(const uint8_t *h, size_t n)
{
    if (n == 0)
        return _("empty file; expected a PNG or BMP image");
    if (n >= 3 && h[0] == 0xff && h[1] == 0xd8 && h[2] == 0xff)
        return _("this is a JPEG image: re-export it as PNG (JPEG changes colours, so one room "
               "would break into many)");
    if (starts(h, n, 0, "GIF87a") || starts(h, n, 0, "GIF89a"))
        return _("this is a GIF image: save it as PNG (PNG keeps every colour exactly)");
    if (starts(h, n, 0, "RIFF") && starts(h, n, 8, "WEBP"))
        return _("this is a WebP image: re-export it as PNG (lossy WebP changes colours)");
    if (starts(h, n, 0, "II*") || starts(h, n, 0, "MM"))
        if (n >= 4 && ((h[0] == 'I' && h[3] == 0) || (h[0] == 'M' && h[2] == 0 && h[3] == '*')))
            return _("this is a TIFF image: save it as PNG");
    if (starts(h, n, 4, "ftyp"))
        return _("this is an AVIF or HEIF image: re-export it as PNG");
    for (size_t i = 0; i + 4 <= n; i++)
        if (memcmp(h + i, "<svg", 4) == 0 || memcmp(h + i, "<?xm", 4) == 0)
            return _("this is an SVG drawing (or other XML text), not a bitmap: export it as a PNG "
                   "with one pixel per square");
    return _("not a PNG or BMP image (unknown signature)");
}

static bool check_header(const uint8_t *head, size_t n, uint64_t file_size, const BitmapLimits *lim,
                         BitmapHeader *hdr, char *why, size_t why_size)
{
    memset(hdr, 0, sizeof *hdr);
    hdr->format = bitmap_sniff(head, n);
    bool ok;
    if (hdr->format == BITMAP_PNG)
        ok = parse_png_header(head, n, hdr, why, why_size);
    else if (hdr->format == BITMAP_BMP)
        ok = parse_bmp_header(head, n, hdr, why, why_size);
    else {
        snprintf(why, why_size, "%s", unsupported(head, n));
        return false;
    }
    if (!ok)
        return false;
    if (hdr->width <= 0 || hdr->height <= 0) {
        snprintf(why, why_size, _("image has no pixels (%lldx%lld)"), (long long)hdr->width,
                 (long long)hdr->height);
        return false;
    }
    if (hdr->width > lim->max_side || hdr->height > lim->max_side ||
        hdr->width * hdr->height > lim->max_squares) {
        snprintf(why, why_size, _("image is %lldx%lld, over the limit of %d per side and %lld squares"),
                 (long long)hdr->width, (long long)hdr->height, lim->max_side,
                 (long long)lim->max_squares);
        return false;
    }
    if (file_size < hdr->min_size) {
        snprintf(why, why_size, _("file is %llu bytes, too short for a %lldx%lld image (truncated?)"),
                 (unsigned long long)file_size, (long long)hdr->width, (long long)hdr->height);
        return false;
    }
    return true;
}

/* PNG through libpng itself, so its messages become ours (SDL_image lets
 * libpng print "libpng error: …" and warnings on stderr). */
typedef struct PngInput {
    const uint8_t *data;
    size_t size, pos;
    char message[160];
    jmp_buf jump;
} PngInput;

static void png_fail(png_structp png, png_const_charp message)
{
    PngInput *in = png_get_error_ptr(png);
    snprintf(in->message, sizeof in->message, "%s", message);
    longjmp(in->jump, 1);
}

static void png_warn(png_structp png, png_const_charp message)
{
    (void)png, (void)message; /* ancillary trouble (a colour profile) changes no pixel we read */
}

static void png_input(png_structp png, png_bytep out, size_t n)
{
    PngInput *in = png_get_io_ptr(png);
    if (n > in->size - in->pos)
        png_error(png, _("the file ends too soon"));
    memcpy(out, in->data + in->pos, n);
    in->pos += n;
}

/* Every PNG form as 8-bit RGBA. */
static void png_to_rgba(png_structp png, png_infop info)
{
    int type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16)
        png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_PALETTE)
        png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8)
        png_set_expand_gray_1_2_4_to_8(png);
    bool alpha = (type & PNG_COLOR_MASK_ALPHA) != 0;
    if (png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
        alpha = true;
    }
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(png);
    if (!alpha)
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

/* Frees a surface and, for one made over a block of its own pixels
 * (decode_png), that block. */
static void free_surface(SDL_Surface *s, uint8_t *block)
{
    if (s && block)
        xfree_big(block, (size_t)s->w * (size_t)s->h, 4);
    SDL_FreeSurface(s);
}

/* Decodes a PNG into RGBA32 pixels in a block of xmalloc_big, set in
 * *block (a board can take the block over as its room array once typed),
 * under a surface that does not own them. */
static SDL_Surface *decode_png(const uint8_t *data, size_t size, uint8_t **block, char *why,
                               size_t why_size)
{
    /* On the heap: what the callbacks change must survive the longjmp. */
    PngInput *in = xcalloc(1, sizeof *in);
    in->data = data;
    in->size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, in, png_fail, png_warn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    SDL_Surface *volatile s = NULL;
    uint8_t *volatile pixels = NULL;
    volatile int png_w = 0, png_h = 0;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(in->jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        if (s)
            free_surface(s, pixels);
        else if (pixels) /* the surface could not be made */
            xfree_big(pixels, (size_t)png_w * (size_t)png_h, 4);
        free(rows);
        snprintf(why, why_size, "%s", in->message[0] ? in->message : _("cannot start the PNG decoder"));
        free(in);
        return NULL;
    }
    png_set_read_fn(png, in, png_input);
    png_read_info(png, info);
    png_to_rgba(png, info);
    int w = (int)png_get_image_width(png, info), h = (int)png_get_image_height(png, info);
    png_w = w;
    png_h = h;
    pixels = xmalloc_big((size_t)w * (size_t)h, 4);
    s = SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, w * 4, SDL_PIXELFORMAT_RGBA32);
    if (!s)
        png_error(png, _("out of memory for the pixels"));
    rows = xmalloc((size_t)h + 1, sizeof *rows);
    for (int y = 0; y < h; y++)
        rows[y] = (png_bytep)s->pixels + (size_t)y * (size_t)s->pitch;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    free(in);
    *block = pixels;
    return s;
}

static SDL_Surface *decode_surface(const BitmapHeader *hdr, const uint8_t *data, size_t size,
                                   uint8_t **block, char *why, size_t why_size)
{
    *block = NULL;
    if (hdr->format == BITMAP_PNG)
        return decode_png(data, size, block, why, why_size);
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)size);
    if (!rw) {
        snprintf(why, why_size, "%s", SDL_GetError());
        return NULL;
    }
    SDL_Surface *s = SDL_LoadBMP_RW(rw, 0);
    SDL_RWclose(rw);
    if (!s)
        snprintf(why, why_size, "%s", SDL_GetError());
    return s;
}

/* Converts to RGBA32. The converted surface's rows are packed (4 bytes a
 * pixel need no padding), so the bitmap keeps it rather than a copy: one
 * full-size buffer fewer at the peak of a load. A PNG's surface is RGBA32
 * over its block already (decode_png) and is kept with the block. */
static bool surface_to_bitmap(SDL_Surface *s, uint8_t *block, Bitmap *out)
{
    SDL_Surface *c = s;
    if (s->format->format != SDL_PIXELFORMAT_RGBA32) {
        c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
        free_surface(s, block);
        block = NULL;
    }
    if (!c)
        return false;
    if (c->pitch != c->w * 4 || SDL_MUSTLOCK(c)) {
        free_surface(c, block);
        SDL_SetError(_("converted surface is not packed"));
        return false;
    }
    out->width = c->w;
    out->height = c->h;
    out->rgba = c->pixels;
    out->owner = c;
    out->block = block;
    return true;
}

bool bitmap_decode(const char *name, const uint8_t *data, size_t size, const BitmapLimits *limits,
                   Bitmap *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    BitmapHeader hdr;
    char why[256];
    if (!check_header(data, size < HEAD_BYTES ? size : HEAD_BYTES, size, limits, &hdr, why,
                      sizeof why)) {
        snprintf(err, err_size, "%s: %s", name, why);
        return false;
    }
    if (size > INT32_MAX) {
        snprintf(err, err_size, _("%s: file too large"), name);
        return false;
    }
    uint8_t *block;
    SDL_Surface *s = decode_surface(&hdr, data, size, &block, why, sizeof why);
    if (!s) {
        snprintf(err, err_size, _("%s: damaged or truncated %s image (%s)"), name,
                 hdr.format == BITMAP_PNG ? "PNG" : "BMP", why);
        return false;
    }
    if (s->w != hdr.width || s->h != hdr.height) {
        snprintf(err, err_size, _("%s: decoded size %dx%d differs from the header's %lldx%lld"), name,
                 s->w, s->h, (long long)hdr.width, (long long)hdr.height);
        free_surface(s, block);
        return false;
    }
    if (!surface_to_bitmap(s, block, out)) {
        snprintf(err, err_size, _("%s: cannot convert pixels (%s)"), name, SDL_GetError());
        return false;
    }
    return true;
}

bool bitmap_check_file(const char *path, const BitmapLimits *limits, char *err, size_t err_size)
{
    uint8_t head[HEAD_BYTES];
    size_t got = 0;
    uint64_t file_size = 0;
    char why[256];
    BitmapHeader hdr;
    if (!fileio_read_head(path, head, sizeof head, &got, &file_size, why, sizeof why) ||
        !check_header(head, got, file_size, limits, &hdr, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return false;
    }
    return true;
}

bool bitmap_load(const char *path, const BitmapLimits *limits, Bitmap *out, char *err,
                 size_t err_size)
{
    memset(out, 0, sizeof *out);
    char why[256];
    /* The header alone decides whether the file is worth reading. */
    if (!bitmap_check_file(path, limits, err, err_size))
        return false;
    uint8_t *data = NULL;
    size_t size = 0;
    if (!fileio_read(path, BITMAP_MAX_FILE_BYTES, &data, &size, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return false;
    }
    bool ok = bitmap_decode(path, data, size, limits, out, err, err_size);
    free(data);
    return ok;
}

void bitmap_free(Bitmap *bitmap)
{
    if (!bitmap)
        return;
    free_surface(bitmap->owner, bitmap->block);
    bitmap->owner = NULL;
    bitmap->block = NULL;
    bitmap->rgba = NULL;
}

uint8_t *bitmap_take_block(Bitmap *bitmap)
{
    uint8_t *block = bitmap->block;
    bitmap->block = NULL;
    return block;
}

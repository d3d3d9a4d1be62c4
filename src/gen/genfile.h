/* Writing a generated mission as an ordinary mission folder: board.png
 * (encoded by SDL_image) and mission.xml, each written atomically. The
 * SDL side of the generator (library questio); gen.c stays SDL-free.
 *
 * The PNG is an 8-bit RGB image. SDL_image (libpng and zlib on Debian)
 * encodes the same pixels to the same bytes every time; machines with
 * other versions of those libraries may compress differently, though the
 * pixels, and so the mission, are the same.
 */
#pragma once

#include "gen.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Encodes width x height RGBA pixels (alpha ignored) as PNG into a new
 * buffer (*png, free it). False with a message in err. */
bool genfile_png(const uint8_t *rgba, int width, int height, uint8_t **png, size_t *size,
                 char *err, size_t err_size) __attribute__((warn_unused_result));

/* As genfile_png, keeping each pixel's alpha when alpha is true (an
 * 8-bit RGBA image: transparent squares stay "no square"). */
bool genfile_png_alpha(const uint8_t *rgba, int width, int height, bool alpha, uint8_t **png,
                       size_t *size, char *err, size_t err_size) __attribute__((warn_unused_result));
/* mkdir -p: makes folder dir and its missing parents; false with
 * "PATH: reason" in err (an empty dir is refused). */
bool genfile_make_folder(const char *dir, char *err, size_t err_size)
    __attribute__((warn_unused_result));
/* Writes r into folder dir (made when missing, with its parent if need
 * be): dir/board.png and dir/mission.xml. Refuses to replace a folder's
 * existing mission.xml or board.png unless overwrite is true, so an
 * author's edits are never lost. Writes the mission file's path into
 * xml_path. False with "PATH: reason" in err. */
/* Longest folder path written into (its files' paths fit in 4 KB). */
#define GENFILE_MAX_DIR 4000

/* What genfile_write checks before writing: dir is 1 to GENFILE_MAX_DIR
 * bytes, and (unless overwrite) it holds no board.png or mission.xml yet.
 * Writes the mission file's path to xml_path. False with the reason in
 * err. Cheap: genfile_generate asks it before generating. */
bool genfile_check(const char *dir, bool overwrite, char *xml_path, size_t xml_path_size,
                   char *err, size_t err_size) __attribute__((warn_unused_result));

bool genfile_write(const GenResult *r, const char *dir, bool overwrite, char *xml_path,
                   size_t xml_path_size, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* Loads the generator's data and the piece catalogue from the data
 * folder's assets/ (generator.xml, pieces.xml), generates with o and, when
 * dir is not NULL, writes the folder. The caller frees *out with
 * gen_result_free. Problems go to errs. */
bool genfile_generate(const char *assets_dir, const GenOptions *o, const char *dir,
                      bool overwrite, GenResult *out, char *xml_path, size_t xml_path_size,
                      ErrorList *errs) __attribute__((warn_unused_result));

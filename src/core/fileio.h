/* Reading and writing whole files safely.
 *
 * Every file the game reads is untrusted: reads refuse anything that is not
 * a regular file (a FIFO or device would hang or never end) and anything
 * larger than the caller's cap. Writes go to a temporary file that is
 * flushed to disk and renamed over the target, so a reader never sees half
 * a file and a failed write leaves the old one intact.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads the whole file at path into a new NUL-terminated buffer (the NUL is
 * not counted in *size). Fails, with a message in err naming the reason
 * (not the path), when the file is missing, unreadable, not a regular file
 * or larger than max_bytes. The caller frees *data. */
bool fileio_read(const char *path, size_t max_bytes, uint8_t **data, size_t *size, char *err,
                 size_t err_size) __attribute__((warn_unused_result));

/* Reads up to n bytes from the start of a regular file into buf; writes the
 * file's full size to *file_size and the bytes read to *got. */
bool fileio_read_head(const char *path, uint8_t *buf, size_t n, size_t *got, uint64_t *file_size,
                      char *err, size_t err_size) __attribute__((warn_unused_result));

/* Writes size bytes atomically to path (temporary file in the same folder,
 * fsync, rename). On failure the previous file at path is untouched.
 * Stale temporaries of path (fileio_remove_stale_temps) are removed
 * first. */
bool fileio_write_atomic(const char *path, const void *data, size_t size, char *err,
                         size_t err_size) __attribute__((warn_unused_result));

/* fileio_write_atomic without its flush to disk, and without looking for
 * stale temporaries: the rename still makes the write all or nothing for
 * every reader and for a writer killed at any moment (kill -9); a power
 * cut is covered once fileio_sync_dir has returned. For a writer of many
 * files at once (the online server: a game's save after every action)
 * that syncs once for all of them; it removes stale temporaries itself
 * (fileio_remove_stale_temps) when it starts. */
bool fileio_write_atomic_unsynced(const char *path, const void *data, size_t size, char *err,
                                  size_t err_size) __attribute__((warn_unused_result));

/* Flushes the file system holding folder dir to disk (syncfs): every
 * write made before it survives a power cut. False with the reason. */
bool fileio_sync_dir(const char *dir, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* A temporary of fileio_write_atomic still there this many seconds after
 * its last change was left by a writer that died (kill -9, power cut). */
#define FILEIO_STALE_TEMP_SECONDS 60

/* Decides whether the target of a temporary ("slot-01.qbsave" for
 * "slot-01.qbsave.tmpAb3xYz") is one of the caller's files. */
typedef bool (*FileioOwnsFn)(const char *target, void *ctx);

/* Removes, from folder dir, the stale temporaries of fileio_write_atomic:
 * regular files (never links) named TARGET.tmpXXXXXX (six letters or
 * digits, as mkstemp makes them) whose TARGET owns accepts and which were
 * last changed over FILEIO_STALE_TEMP_SECONDS ago. Returns how many were
 * removed. */
int fileio_remove_stale_temps(const char *dir, FileioOwnsFn owns, void *ctx);

/* True when path names an existing regular file. */
bool fileio_is_file(const char *path);

/* Modification time of path in nanoseconds, or -1 when it cannot be read. */
int64_t fileio_mtime_ns(const char *path);

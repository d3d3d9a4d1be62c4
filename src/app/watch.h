/* Watching the open mission's files for hot reload.
 *
 * The caller lists the files (the mission XML and its bitmap) and calls
 * watch_poll with the current time, every frame if it likes: the files are
 * only looked at (one stat each) every interval_ms. A change is any
 * difference in existence, size, modification time or identity (device and
 * inode, so an editor's save-by-rename is seen even when size and time
 * match). A change is reported once the changed files have looked the same
 * for settle_ms, so a file still being written is not reloaded half-way;
 * changes to several files within the settle time are reported together.
 *
 * No SDL: time comes from the caller (SDL_GetTicks64 in the game, a counter
 * in tests), so the behaviour is deterministic.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Defaults that keep a reload within a second of the last write. */
#define WATCH_DEFAULT_INTERVAL_MS 250
#define WATCH_DEFAULT_SETTLE_MS 400

typedef struct Watch Watch;

/* A watcher with no files that looks every interval_ms and reports changes
 * that have been stable for settle_ms (negative values count as 0). Never
 * NULL. */
Watch *watch_create(int interval_ms, int settle_ms);

/* Frees the watcher. NULL does nothing. */
void watch_destroy(Watch *w);

/* Adds path (copied) to the watched files and records its present state as
 * the baseline, so only later changes count. A missing file is fine: its
 * appearance is a change. Returns the file's index. */
size_t watch_add(Watch *w, const char *path);

/* Forgets every file (for example when another mission is opened). */
void watch_clear(Watch *w);

/* Records every file's present state as the baseline and forgets pending
 * changes: call after a reload so the reload's own reading is not news. */
void watch_rebase(Watch *w);

/* Looks at the files when interval_ms has passed since the last look (or
 * time went backwards), and returns true once when changes have settled;
 * watch_changed then says which files changed. Cheap when nothing is due. */
bool watch_poll(Watch *w, int64_t now_ms);

/* How many files are watched. */
size_t watch_count(const Watch *w);

/* The path of file i (owned by w), or "" when out of range. */
const char *watch_path(const Watch *w, size_t i);

/* Whether file i changed in the change last reported by watch_poll. */
bool watch_changed(const Watch *w, size_t i);

/* Whether file i existed (as anything stat can see) at the last look. */
bool watch_exists(const Watch *w, size_t i);

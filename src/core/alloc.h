/* Allocation that aborts with a message when memory runs out, so callers
 * never carry unchecked NULLs (STYLE.md: out of memory may abort). */
#pragma once

#include <stddef.h>

/* calloc(n, size), aborting on failure or overflow. */
void *xcalloc(size_t n, size_t size);

/* malloc(n * size), aborting on failure or overflow. */
void *xmalloc(size_t n, size_t size);

/* realloc(p, n * size), aborting on failure or overflow. */
void *xrealloc(void *p, size_t n, size_t size);

/* strdup, aborting on failure; NULL gives NULL. */
char *xstrdup(const char *s);

/* A block of n * size bytes for a big array that is about to be written
 * whole (a board's room array). From BIG_ALLOC_MIN bytes on Linux it is
 * mapped with MAP_POPULATE, so the kernel makes its pages in one call
 * instead of taking one page fault per 4 KiB on first write (measured:
 * labelling a 4096x4096 board 10-20% faster); smaller blocks come from
 * malloc. Its contents are unspecified. Aborts when out of memory. Free
 * with xfree_big and the same n and size. */
void *xmalloc_big(size_t n, size_t size);

/* Frees a block from xmalloc_big; NULL does nothing. */
void xfree_big(void *p, size_t n, size_t size);

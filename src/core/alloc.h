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

#define _DEFAULT_SOURCE
#include "alloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void out_of_memory(size_t n, size_t size)
{
    fprintf(stderr, "questboard: out of memory (%zu x %zu bytes)\n", n, size);
    abort();
}

static void check_overflow(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        out_of_memory(n, size);
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory(n, size);
    return p;
}

void *xmalloc(size_t n, size_t size)
{
    check_overflow(n, size);
    void *p = malloc(n && size ? n * size : 1);
    if (!p)
        out_of_memory(n, size);
    return p;
}

void *xrealloc(void *p, size_t n, size_t size)
{
    check_overflow(n, size);
    void *q = realloc(p, n && size ? n * size : 1);
    if (!q)
        out_of_memory(n, size);
    return q;
}

char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n, 1);
    memcpy(d, s, n);
    return d;
}

/* Below this, malloc's own reuse of memory is the better deal. */
#define BIG_ALLOC_MIN ((size_t)16 << 20)

static bool use_mapping(size_t bytes)
{
#ifdef MAP_POPULATE
    return bytes >= BIG_ALLOC_MIN;
#else
    (void)bytes;
    return false;
#endif
}

void *xmalloc_big(size_t n, size_t size)
{
    check_overflow(n, size);
    if (!use_mapping(n * size))
        return xmalloc(n, size);
#ifdef MAP_POPULATE
    void *p = mmap(NULL, n * size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED)
        out_of_memory(n, size);
    return p;
#endif
}

void xfree_big(void *p, size_t n, size_t size)
{
    if (!p)
        return;
    if (!use_mapping(n * size)) {
        free(p);
        return;
    }
    munmap(p, n * size);
}

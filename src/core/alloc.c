#include "alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

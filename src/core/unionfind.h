/* Union-find over an array of parents (parent[i] == i for a root), shared
 * by the square and hex labellers and the generator's caves and links. Iterative: no
 * recursion whose depth follows the input. */
#pragma once

#include <stdint.h>

/* The root of x, halving the path on the way. */
static inline int32_t uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Joins the sets of a and b and returns the root of the whole. The smaller
 * root stays root, so a set's root is its first element in index order
 * (the labellers number rooms by it). */
static inline int32_t uf_join(int32_t *parent, int32_t a, int32_t b)
{
    a = uf_find(parent, a);
    b = uf_find(parent, b);
    if (a < b) {
        parent[b] = a;
        return a;
    }
    parent[a] = b;
    return b;
}

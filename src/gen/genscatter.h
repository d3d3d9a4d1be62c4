/* Scattering points over an area: Poisson-disc sampling (Bridson's
 * algorithm on a background grid), as in the point scattering of seed
 * 001. Points are squares at least r apart (Euclidean), and the set is
 * near-maximal: new candidates are tried around every point until k in
 * a row fail. Linear in the area: each grid cell holds at most one point
 * and each point tries a fixed number of candidates. Integers only.
 */
#pragma once

#include "../core/rng.h"
#include "genmap.h"

/* Appends BoardPos points within [0,w) x [0,h) to out (a GenList of
 * BoardPos), none closer than r (>= 1) to another. */
void genscatter_poisson(int w, int h, int r, Rng *rng, GenList *out);

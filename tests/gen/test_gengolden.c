/* The same seeds give the same maps: the mission XML and the board's
 * pixels of fixed seeds, every style, from the standard board to
 * 1024x768, hashed (FNV-1a) and compared with the hashes the generator
 * gave before its speed work (commit 5e4494e). A change that moves any
 * of them changes every saved seed's map: when that is meant, print the
 * new table with QB_GOLDEN_PRINT=1 and say so in the commit.
 * The XML is hashed without its <translations> (the quest's texts in the
 * generator data's other languages, added after these hashes were made):
 * what is left is byte for byte the XML of before, so the hashes show
 * that the languages changed no draw, no map and no English text. */
#include "check.h"
#include "gen/gen.h"
#include "mission/mission_xml.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Golden {
    GenStyle style;
    int w, h;
    uint64_t seed;
    uint64_t hash; /* of the XML, then the pixels */
} Golden;

static const Golden GOLDEN[] = {
#include "gengolden.inc"
};

static const int SIZES[][2] = {{26, 19}, {64, 48}, {200, 150}, {1024, 768}};
static const uint64_t SEEDS[] = {1, 2, 1000};

/* Hashes the XML without its <translations> block; false when it has
 * none (every generated quest carries the data's German). */
static bool hash_xml(const char *xml, size_t size, uint64_t *h)
{
    static const char open[] = "\n  <translations>\n", close[] = "  </translations>\n";
    const char *a = strstr(xml, open), *b = a ? strstr(a, close) : NULL;
    if (!b || xml + size < b + strlen(close))
        return false;
    b += strlen(close);
    *h = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)xml, (size_t)(a - xml));
    *h = mission_fnv1a(*h, (const uint8_t *)b, size - (size_t)(b - xml));
    return strstr(a, "xml:lang=\"de\"") && strstr(a, "xml:lang=\"de\"") < b;
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    char cat_path[1024], data_path[1024];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root ? root : ".");
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root ? root : ".");
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    GenData *data = cat ? gendata_load(data_path, &errs) : NULL;
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(cat && data);
    if (!data)
        return check_finish("gengolden");
    bool print = getenv("QB_GOLDEN_PRINT") != NULL;
    GenSources src = {data, cat, cat_path};
    size_t k = 0;
    for (int s = 0; s < GEN_STYLE_COUNT; s++)
        for (size_t z = 0; z < sizeof SIZES / sizeof SIZES[0]; z++)
            for (size_t e = 0; e < sizeof SEEDS / sizeof SEEDS[0]; e++) {
                if (SIZES[z][0] > 500 && e > 0)
                    continue; /* one seed of the big board: a second each */
                GenOptions o = gen_default_options();
                o.style = (GenStyle)s;
                o.width = SIZES[z][0], o.height = SIZES[z][1];
                o.seed = SEEDS[e];
                GenResult r;
                bool ok = gen_generate(&o, &src, &r, &errs);
                errors_print(&errs, stderr);
                errors_clear(&errs);
                CHECK(ok);
                uint64_t h = 0;
                if (ok) {
                    CHECK(hash_xml(r.xml, r.xml_size, &h));
                    h = mission_fnv1a(h, r.rgba, (size_t)r.width * (size_t)r.height * 4);
                }
                if (print)
                    printf("    {GEN_STYLE_%s, %d, %d, %" PRIu64 ", 0x%016" PRIx64 "u},\n",
                           s == 0 ? "DUNGEON" : s == 1 ? "CAVERNS" : "WILDS", o.width, o.height, o.seed, h);
                CHECK(k < sizeof GOLDEN / sizeof GOLDEN[0]);
                if (k < sizeof GOLDEN / sizeof GOLDEN[0]) {
                    const Golden *g = &GOLDEN[k];
                    CHECK(g->style == o.style && g->w == o.width && g->h == o.height && g->seed == o.seed);
                    if (g->hash != h)
                        fprintf(stderr, "%s %dx%d seed %" PRIu64 ": hash %016" PRIx64 ", was %016" PRIx64 "\n",
                                gen_style_name(o.style), o.width, o.height, o.seed, h, g->hash);
                    CHECK(g->hash == h);
                }
                k++;
                gen_result_free(&r);
            }
    CHECK_INT((long long)k, (long long)(sizeof GOLDEN / sizeof GOLDEN[0]));
    gendata_destroy(data);
    catalogue_destroy(cat);
    return check_finish("gengolden");
}

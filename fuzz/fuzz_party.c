/* libFuzzer harness over the campaign save (src/rules/party_save.h): the
 * input is a campaign save text, read against the bundled campaign (The
 * Ashen Crown) and catalogue, as `restore` and the window's Continue read
 * one. party_save_head and party_save_parse must refuse it with a reason
 * and keep nothing, or accept it; an accepted party is written again, and
 * that text must parse to a party that writes the very same text.
 *
 * The checksum and the campaign's hash would stop almost every mutation in
 * the first lines, so a line "campaign-hash fuzz" gets the bundled
 * campaign's hash, and an input whose last line is "checksum fuzz" gets
 * the right checksum, before parsing. */
#define _GNU_SOURCE /* memmem */
#include "config.h"
#include "mission/campaign.h"
#include "mission/catalogue.h"
#include "rules/party_save.h"
#include "rules/save.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Catalogue *cat;
static Campaign *campaign;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !*root)
        root = QB_SOURCE_DIR;
    char catalogue[4096], path[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(path, sizeof path, "%s/missions/campaigns/ashen-crown/campaign.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    cat = catalogue_load(catalogue, &errs);
    campaign = cat ? campaign_load(path, catalogue, cat, &errs) : NULL;
    if (!campaign) {
        errors_print(&errs, stderr);
        abort();
    }
    errors_clear(&errs);
    return 0;
}

/* The input with the placeholders of the header comment filled in. */
static char *fill_in(const uint8_t *data, size_t size, size_t *out_size)
{
    static const char hash_mark[] = "\ncampaign-hash fuzz\n", sum_mark[] = "checksum fuzz\n";
    char *text = malloc(size + 64);
    memcpy(text, data, size);
    text[size] = '\0'; /* as fileio_read gives it */
    *out_size = size;
    /* the hash line: the same length once filled in ("fuzz" + 12 bytes) */
    char *h = memmem(text, size, hash_mark, sizeof hash_mark - 1);
    if (h) {
        size_t at = (size_t)(h - text) + 15, rest = size - (at + 4);
        memmove(text + at + 16, text + at + 4, rest);
        char hex[17];
        snprintf(hex, sizeof hex, "%016" PRIx64, campaign->hash);
        memcpy(text + at, hex, 16);
        *out_size = size + 12;
        text[*out_size] = '\0';
    }
    size_t n = *out_size, m = sizeof sum_mark - 1;
    if (n >= m && memcmp(text + n - m, sum_mark, m) == 0 && (n == m || text[n - m - 1] == '\n')) {
        size_t body = n - m;
        *out_size = body + (size_t)snprintf(text + body, 32, "checksum %016" PRIx64 "\n",
                                            save_checksum(text, body));
    }
    return text;
}

/* What we write, we read, and it writes the same again. */
static void rewrite(const Party *p, const char *game, size_t game_size)
{
    static const char path[] = "/fuzz/campaign.xml";
    size_t n, n2, g2_size;
    char *text = party_save_format(p, path, game, game_size, &n), *g2, why[512];
    Party *again = party_save_parse(text, n, campaign, cat, &g2, &g2_size, why, sizeof why);
    if (!again)
        abort();
    char *text2 = party_save_format(again, path, g2, g2_size, &n2);
    if (n2 != n || memcmp(text, text2, n) != 0)
        abort();
    free(text2);
    free(g2);
    party_destroy(again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n, game_size = 0;
    char *text = fill_in(data, size, &n), *game = NULL, why[512] = "";
    char *path = NULL;
    uint64_t hash = 0;
    if (!party_save_head(text, n, &path, &hash, why, sizeof why)) {
        if (!why[0] || path)
            abort(); /* refused with a reason, and nothing kept */
        free(text);
        return 0;
    }
    free(path);
    why[0] = '\0';
    Party *p = party_save_parse(text, n, campaign, cat, &game, &game_size, why, sizeof why);
    if (!p) {
        if (!why[0] || game)
            abort();
    } else {
        rewrite(p, game, game_size);
    }
    party_destroy(p);
    free(game);
    free(text);
    return 0;
}

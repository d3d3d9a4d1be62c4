/* libFuzzer harness over the campaign save (src/rules/party_save.h): the
 * input is a campaign save text, read against the bundled campaign (The
 * Ashen Crown) and catalogue, as `restore` and the window's Continue read
 * one. party_save_head and party_save_parse must refuse it with a reason
 * and keep nothing, or accept it; an accepted party is written again, and
 * that text must parse to a party that writes the very same text.
 *
 * An accepted party must also mean something (checked here by code of
 * its own, not party_check's): gold within a purse, names of valid UTF-8
 * without control characters, one hero per type and no more than the
 * campaign's, one of each artifact, worn items armour its hero may wear,
 * one per slot. Then the armoury's moves the input's bytes pick (sell,
 * give, wear, buy) keep all that true, and the party's save after each
 * parses again: the game never writes a save it would refuse.
 *
 * The checksum and the campaign's hash would stop almost every mutation in
 * the first lines, so a line "campaign-hash fuzz" gets the bundled
 * campaign's hash, and an input whose last line is "checksum fuzz" gets
 * the right checksum, before parsing. */
#define _GNU_SOURCE /* memmem */
#include "config.h"
#include "mission/campaign.h"
#include "mission/catalogue.h"
#include "rules/party.h"
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

/* Valid UTF-8 without control characters (C0, DEL, C1), by hand. */
static bool plain_utf8(const unsigned char *s)
{
    while (*s) {
        int len = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 ? 2 : (*s & 0xf0) == 0xe0 ? 3 : (*s & 0xf8) == 0xf0 ? 4 : 0;
        if (len == 0 || *s < 0x20 || *s == 0x7f)
            return false;
        unsigned cp = len == 1 ? *s : len == 2 ? *s & 0x1fu : len == 3 ? *s & 0x0fu : *s & 0x07u;
        for (int i = 1; i < len; i++) {
            if ((s[i] & 0xc0) != 0x80)
                return false;
            cp = cp << 6 | (s[i] & 0x3fu);
        }
        static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
            (cp >= 0x80 && cp <= 0x9f))
            return false;
        s += len;
    }
    return true;
}

/* The meaning of an accepted party; aborts when it has none. */
static void check_meaning(const Party *p)
{
    int n = party_hero_count(p);
    if (n < 1 || n > campaign->hero_count)
        abort();
    for (int i = 0; i < n; i++) {
        const PartyHero *h = party_hero(p, i);
        const PieceType *t = catalogue_find(cat, h->type);
        if (!t || t->kind != PIECE_HERO || !campaign_has_hero(campaign, h->type))
            abort();
        if (h->gold < 0 || h->gold > GAME_MAX_GOLD || h->player < 0 || h->player > 3 ||
            !h->name[0] || !memchr(h->name, 0, sizeof h->name) ||
            !plain_utf8((const unsigned char *)h->name))
            abort();
        for (int j = 0; j < i; j++)
            if (strcmp(party_hero(p, j)->type, h->type) == 0)
                abort();
        bool slot[ITEM_SLOT_COUNT] = {false};
        for (int k = 0; k < h->kit.count; k++) {
            const ItemType *it = catalogue_item_at(cat, (size_t)h->kit.items[k].item);
            if (!it)
                abort();
            if (h->kit.items[k].worn) {
                if (it->kind != ITEM_ARMOUR || slot[it->slot] || !catalogue_item_usable(it, t))
                    abort();
                slot[it->slot] = true;
            }
            if (!(it->flags & ITEM_ARTIFACT))
                continue;
            for (int j = 0; j <= i; j++)
                for (int m = 0; m < (j == i ? k : party_hero(p, j)->kit.count); m++)
                    if (party_hero(p, j)->kit.items[m].item == h->kit.items[k].item)
                        abort();
        }
    }
}

/* Moves in the armoury picked by the input's bytes; each refused or done
 * whole, the party meaning something after each, its save parsing. */
static void shop(Party *p, const uint8_t *data, size_t size)
{
    char why[256];
    int n = party_hero_count(p), items = (int)catalogue_item_count(cat);
    for (size_t i = 0; i + 3 < size && i < 64; i += 4) {
        int a = data[i + 1] % n, b = data[i + 2] % n, item = data[i + 3] % items;
        switch (data[i] % 5) {
        case 0:
            (void)party_sell(p, a, item, why, sizeof why);
            break;
        case 1:
            (void)party_give(p, a, b, (int)(data[i + 3] * 40000), why, sizeof why);
            break;
        case 2:
            (void)party_wear(p, a, item, data[i + 2] & 1, why, sizeof why);
            break;
        case 3:
            (void)party_buy(p, a, item, why, sizeof why);
            break;
        default: {
            char name[5] = {(char)data[i], (char)data[i + 1], (char)data[i + 2], (char)data[i + 3], 0};
            (void)party_name(p, a, name, b % 4, why, sizeof why);
        }
        }
        check_meaning(p);
    }
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
        check_meaning(p);
        rewrite(p, game, game_size);
        if (party_stage(p) == PARTY_BETWEEN) {
            shop(p, data, size);
            rewrite(p, NULL, 0);
        }
    }
    party_destroy(p);
    free(game);
    free(text);
    return 0;
}

/* Quest packs (src/mission/pack*): the SHA-256, writing and reading back,
 * and every hostile archive the reader must refuse with its reason and
 * the entry's name. The hostile archives are made here with libzip, entry
 * by entry, so each breaks exactly one rule. */
#define _XOPEN_SOURCE 700
#include "check.h"

#include "core/alloc.h"
#include "core/digest.h"
#include "mission/pack.h"
#include "mission/pack_manifest.h"
#include "mission/pack_unpack.h"
#include "mission/pack_write.h"

#include <zip.h>

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char schema[4096];

/* One entry of a raw archive. */
typedef struct Raw {
    const char *name;
    const void *data;
    size_t size;
    unsigned mode;  /* Unix mode; 0: a regular file */
    bool dos;       /* made on MS-DOS (attributes, not a mode) */
    bool stored;
} Raw;

/* A zip of the given entries, exactly as listed. */
static uint8_t *raw_zip(const Raw *raw, size_t n, size_t *size)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(NULL, 0, 0, &ze);
    zip_t *za = zip_open_from_source(src, ZIP_TRUNCATE, &ze);
    zip_source_keep(src);
    for (size_t i = 0; i < n; i++) {
        zip_source_t *s = zip_source_buffer(za, raw[i].data, raw[i].size, 0);
        /* ZIP_FL_OVERWRITE off: a repeated name is refused by libzip, so
         * duplicates are renamed after adding (zip_file_rename checks too),
         * see dup_zip below */
        zip_int64_t idx = zip_file_add(za, raw[i].name, s, ZIP_FL_ENC_UTF_8);
        if (idx < 0) {
            fprintf(stderr, "raw_zip: %s: %s\n", raw[i].name, zip_strerror(za));
            exit(1);
        }
        zip_set_file_compression(za, (zip_uint64_t)idx, raw[i].stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE,
                                 1);
        unsigned mode = raw[i].mode ? raw[i].mode : (PACK_MODE_FILE | 0644);
        zip_file_set_external_attributes(za, (zip_uint64_t)idx, 0,
                                         raw[i].dos ? ZIP_OPSYS_DOS : ZIP_OPSYS_UNIX,
                                         raw[i].dos ? raw[i].mode : (zip_uint32_t)mode << 16);
    }
    if (zip_close(za) != 0) {
        fprintf(stderr, "raw_zip: %s\n", zip_strerror(za));
        exit(1);
    }
    zip_stat_t st;
    zip_source_stat(src, &st);
    zip_source_open(src);
    uint8_t *out = xmalloc(st.size + 1, 1);
    zip_source_read(src, out, st.size);
    zip_source_close(src);
    zip_source_free(src);
    *size = (size_t)st.size;
    return out;
}

/* Replaces every occurrence of from by to (same length) in the archive's
 * bytes: how duplicate names are made, since libzip will not write two
 * entries of one name. */
static void patch_bytes(uint8_t *data, size_t size, const char *from, const char *to)
{
    size_t n = strlen(from);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, from, n) == 0)
            memcpy(data + i, to, n);
}

/* The manifest of a mission pack over the given entries (only regular,
 * well-named ones are listed). */
static char *manifest_for(const Raw *raw, size_t n, const char *main, size_t *size)
{
    PackEntry *e = xcalloc(n + 1, sizeof *e);
    for (size_t i = 0; i < n; i++) {
        e[i].name = xstrdup(raw[i].name);
        e[i].size = raw[i].size;
        digest_sha256(raw[i].data, raw[i].size, e[i].sha256);
    }
    PackManifest m = {.title = xstrdup("T"), .author = xstrdup("A"), .licence = xstrdup("L"),
                      .kind = PACK_MISSION, .main = xstrdup(main)};
    char *text = pack_manifest_format(&m, e, n, size);
    pack_manifest_clear(&m);
    for (size_t i = 0; i < n; i++)
        free(e[i].name);
    free(e);
    return text;
}

static const char xml[] = "<mission/>\n";
static const char png[] = "\x89PNG not really";

/* Reads bytes as a pack and checks it is refused with a message holding
 * each of want (NULL-terminated). */
static void expect_refusal(const uint8_t *data, size_t size, const PackCaps *caps,
                           const char *want1, const char *want2)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_memory(data, size, "bad.questpack", schema, caps, &errs);
    CHECK(p == NULL);
    CHECK(errs.count >= 1);
    if (errs.count >= 1) {
        CHECK_STR_CONTAINS(errs.items[0], "bad.questpack");
        CHECK_STR_CONTAINS(errs.items[0], want1);
        if (want2)
            CHECK_STR_CONTAINS(errs.items[0], want2);
    }
    pack_destroy(p);
    errors_clear(&errs);
}

/* A pack of the entries plus a manifest listing them, refused. */
static void expect_entries_refused(const Raw *raw, size_t n, const PackCaps *caps,
                                   const char *want1, const char *want2)
{
    Raw *all = xcalloc(n + 1, sizeof *all);
    size_t msize;
    char *manifest = manifest_for(raw, n, raw[0].name, &msize);
    all[0] = (Raw){PACK_MANIFEST, manifest, msize, 0, false, false};
    memcpy(all + 1, raw, n * sizeof *raw);
    size_t size;
    uint8_t *zip = raw_zip(all, n + 1, &size);
    expect_refusal(zip, size, caps, want1, want2);
    free(zip);
    free(manifest);
    free(all);
}

static void test_digest(void)
{
    char hex[DIGEST_HEX_SIZE];
    digest_sha256_hex("abc", 3, hex);
    CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
    digest_sha256_hex("", 0, hex);
    CHECK(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
    uint8_t d[DIGEST_SIZE], back[DIGEST_SIZE];
    digest_sha256("abc", 3, d);
    digest_hex(d, hex);
    CHECK(digest_parse_hex(hex, back) && memcmp(d, back, DIGEST_SIZE) == 0);
    CHECK(!digest_parse_hex("abc", back));
    hex[5] = 'g';
    CHECK(!digest_parse_hex(hex, back));
    /* in pieces, the same */
    DigestCtx ctx;
    digest_init(&ctx);
    digest_update(&ctx, "a", 1);
    digest_update(&ctx, "bc", 2);
    digest_final(&ctx, back);
    CHECK(memcmp(d, back, DIGEST_SIZE) == 0);
}

static void test_names(void)
{
    CHECK(pack_name_problem("m/mission.xml") == NULL);
    CHECK(pack_name_problem("m/tiles/ffffff_1.png") == NULL);
    CHECK_STR_CONTAINS(pack_name_problem("../x"), "'..'");
    CHECK_STR_CONTAINS(pack_name_problem("m/../../x"), "'..'");
    CHECK_STR_CONTAINS(pack_name_problem("/etc/passwd"), "absolute");
    CHECK_STR_CONTAINS(pack_name_problem("m\\x"), "'\\'");
    CHECK_STR_CONTAINS(pack_name_problem("m/.hidden"), "hidden");
    CHECK_STR_CONTAINS(pack_name_problem("m//x"), "empty");
    CHECK_STR_CONTAINS(pack_name_problem("m/"), "folder");
    CHECK_STR_CONTAINS(pack_name_problem("m/a b"), "character");
    CHECK_STR_CONTAINS(pack_name_problem("a/b/c/d/e/f/g/h"), "deep");
    char longname[300];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    CHECK_STR_CONTAINS(pack_name_problem(longname), "200");
}

/* Written, read back: the same entries and manifest; written twice: the
 * same bytes. */
static uint8_t *good_pack(size_t *size)
{
    ErrorList errs;
    errors_init(&errs, 0);
    PackBuilder *b = packbuild_create();
    CHECK(packbuild_add(b, "m/mission.xml", xml, sizeof xml - 1, &errs));
    CHECK(packbuild_add(b, "m/board.png", png, sizeof png - 1, &errs));
    CHECK(packbuild_add(b, "m/tiles/ffffff_1.png", png, sizeof png - 1, &errs));
    CHECK(!packbuild_add(b, "m/board.png", png, 3, &errs)); /* twice */
    CHECK(!packbuild_add(b, "../x", png, 3, &errs));
    CHECK(!packbuild_add(b, PACK_MANIFEST, png, 3, &errs));
    CHECK_INT(errs.count, 3);
    char long_name[160];
    memset(long_name, 'z', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    memcpy(long_name, "m/", 2);
    CHECK(packbuild_add(b, long_name, xml, 3, &errs));
    PackManifest m = {.title = xstrdup("First & <Light>"), .author = xstrdup("Ann \"A\""),
                      .licence = xstrdup("CC0 1.0"), .kind = PACK_MISSION,
                      .main = xstrdup("m/mission.xml")};
    uint8_t *out = packbuild_finish(b, &m, size, &errs);
    pack_manifest_clear(&m);
    CHECK(out != NULL);
    packbuild_destroy(b);
    errors_clear(&errs);
    return out;
}

static void test_round_trip(void)
{
    size_t size, size2;
    uint8_t *a = good_pack(&size), *b = good_pack(&size2);
    CHECK(size == size2 && memcmp(a, b, size) == 0);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_memory(a, size, "good.questpack", schema, NULL, &errs);
    errors_print(&errs, stderr);
    CHECK(p != NULL);
    if (p) {
        CHECK_INT(p->count, 4);
        CHECK(strcmp(p->manifest.title, "First & <Light>") == 0);
        CHECK(strcmp(p->manifest.author, "Ann \"A\"") == 0);
        CHECK(strcmp(p->manifest.licence, "CC0 1.0") == 0);
        CHECK(p->manifest.kind == PACK_MISSION);
        CHECK(strcmp(p->manifest.main, "m/mission.xml") == 0);
        const PackEntry *e = pack_find(p, "m/mission.xml");
        CHECK(e && e->size == sizeof xml - 1 && memcmp(e->data, xml, e->size) == 0);
        CHECK(pack_find(p, "m/nothing") == NULL);
        uint8_t d[DIGEST_SIZE];
        digest_sha256(a, size, d);
        CHECK(memcmp(d, p->sha256, DIGEST_SIZE) == 0);
    }
    pack_destroy(p);
    /* damage one byte of an entry's data: a CRC or checksum refusal naming it */
    uint8_t *bad = xmalloc(size, 1);
    memcpy(bad, a, size);
    patch_bytes(bad, size, "not really", "not REALLY");
    expect_refusal(bad, size, NULL, "entry 'm/", "damaged");
    /* cut short: not an archive any more */
    expect_refusal(a, size / 2, NULL, "not a quest pack", NULL);
    expect_refusal((const uint8_t *)"", 0, NULL, "not a quest pack", NULL);
    expect_refusal((const uint8_t *)"hello world, no zip", 19, NULL, "not a quest pack", NULL);
    free(bad);
    free(a);
    free(b);
    errors_clear(&errs);
}

static void test_hostile_entries(void)
{
    Raw good = {"m/mission.xml", xml, sizeof xml - 1, 0, false, false};
    Raw up[] = {good, {"m/../../evil.sh", xml, 3, 0, false, false}};
    expect_entries_refused(up, 2, NULL, "entry 'm/../../evil.sh'", "'..'");
    Raw abs[] = {good, {"/etc/cron.d/evil", xml, 3, 0, false, false}};
    expect_entries_refused(abs, 2, NULL, "entry '/etc/cron.d/evil'", "absolute");
    Raw link[] = {good, {"m/board.png", "/etc/passwd", 11, PACK_MODE_LINK | 0777, false, false}};
    expect_entries_refused(link, 2, NULL, "entry 'm/board.png'", "symbolic link");
    Raw dev[] = {good, {"m/tty", "", 0, PACK_MODE_CHAR | 0666, false, false}};
    expect_entries_refused(dev, 2, NULL, "entry 'm/tty'", "device");
    Raw blk[] = {good, {"m/sda", "", 0, PACK_MODE_BLOCK | 0666, false, false}};
    expect_entries_refused(blk, 2, NULL, "entry 'm/sda'", "device");
    Raw fifo[] = {good, {"m/pipe", "", 0, PACK_MODE_FIFO | 0666, false, false}};
    expect_entries_refused(fifo, 2, NULL, "entry 'm/pipe'", "FIFO");
    Raw dosdir[] = {good, {"m/sub", "", 0, 0x10, true, false}};
    expect_entries_refused(dosdir, 2, NULL, "entry 'm/sub'", "folder");
    Raw dir[] = {good, {"m/sub/", "", 0, PACK_MODE_DIR | 0755, false, false}};
    expect_entries_refused(dir, 2, NULL, "entry 'm/sub/'", "folder");
    Raw nested[] = {good, {"m/mission.xml/x.png", png, 4, 0, false, false}};
    expect_entries_refused(nested, 2, NULL, "entry 'm/mission.xml/x.png'", "is a file");
    Raw hidden[] = {good, {"m/.profile", xml, 3, 0, false, false}};
    expect_entries_refused(hidden, 2, NULL, "entry 'm/.profile'", "hidden");
}

static void test_duplicates(void)
{
    /* libzip writes no two entries of one name: write m/boarX.png and
     * patch its name to m/board.png in both headers */
    Raw two[] = {{"m/mission.xml", xml, sizeof xml - 1, 0, false, false},
                 {"m/board.png", png, sizeof png - 1, 0, false, false},
                 {"m/boarX.png", png, sizeof png - 1, 0, false, false}};
    size_t msize, size;
    char *manifest = manifest_for(two, 2, "m/mission.xml", &msize);
    Raw all[] = {{PACK_MANIFEST, manifest, msize, 0, false, false}, two[0], two[1], two[2]};
    uint8_t *zip = raw_zip(all, 4, &size);
    patch_bytes(zip, size, "m/boarX.png", "m/board.png");
    expect_refusal(zip, size, NULL, "entry 'm/board.png'", "twice");
    free(zip);
    /* one letter's case apart: one file on some disks */
    Raw cased[] = {two[0], two[1], {"m/Board.png", png, sizeof png - 1, 0, false, false}};
    expect_entries_refused(cased, 3, NULL, "board.png'", "twice");
    free(manifest);
}

static void test_caps(void)
{
    /* one entry too many (the default cap) */
    size_t n = PACK_MAX_ENTRIES + 1;
    Raw *many = xcalloc(n, sizeof *many);
    char (*names)[32] = xcalloc(n, sizeof *names);
    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "m/t%zu.png", i);
        many[i] = (Raw){names[i], png, 4, 0, false, true};
    }
    expect_entries_refused(many, n, NULL, "1026 entries", "cap of 1024");
    free(many);
    free(names);

    /* an entry over the default cap of 32 MiB (zeros: small packed) */
    size_t big = PACK_MAX_ENTRY_BYTES + 1;
    uint8_t *zeros = xcalloc(big, 1);
    Raw huge[] = {{"m/mission.xml", xml, sizeof xml - 1, 0, false, false},
                  {"m/huge.png", zeros, big, 0, false, false}};
    expect_entries_refused(huge, 2, NULL, "entry 'm/huge.png'", "cap of 33554432 for one entry");

    /* a ratio bomb: 4 MiB of zeros deflate to a few KiB */
    Raw bomb[] = {huge[0], {"m/bomb.xml", zeros, 4u << 20, 0, false, false}};
    expect_entries_refused(bomb, 2, NULL, "entry 'm/bomb.xml'", "zip bomb");
    free(zeros);

    /* the caps are the reader's: smaller ones, the same rules (a total
     * over its cap, an entry over its cap, a pack file over its cap) */
    PackCaps small = pack_default_caps();
    small.max_total_bytes = 1000;
    uint8_t block[600];
    for (size_t i = 0; i < sizeof block; i++)
        block[i] = (uint8_t)(i * 7 + i / 13);
    Raw total[] = {huge[0], {"m/a.png", block, 600, 0, false, true},
                   {"m/b.png", block, 600, 0, false, true}};
    expect_entries_refused(total, 3, &small, "entry 'm/", "cap of 1000 for all entries");
    small = pack_default_caps();
    small.max_entry_bytes = 590;
    expect_entries_refused(total, 3, &small, "entry 'm/a.png'", "cap of 590 for one entry");
    small = pack_default_caps();
    small.max_bytes = 100;
    expect_entries_refused(total, 3, &small, "over the cap of 100 for a pack", NULL);
}

/* A pack whose manifest was made for other bytes. */
static void test_manifest(void)
{
    Raw entries[] = {{"m/mission.xml", xml, sizeof xml - 1, 0, false, false},
                     {"m/board.png", png, sizeof png - 1, 0, false, false}};
    size_t msize, size;
    char *manifest = manifest_for(entries, 2, "m/mission.xml", &msize);
    Raw changed[] = {{PACK_MANIFEST, manifest, msize, 0, false, false}, entries[0],
                     {"m/board.png", "\x89PNG not reallz", sizeof png - 1, 0, false, false}};
    uint8_t *zip = raw_zip(changed, 3, &size);
    expect_refusal(zip, size, NULL, "entry 'm/board.png'", "SHA-256");
    free(zip);
    /* an entry the manifest does not list */
    Raw extra[] = {changed[0], entries[0], entries[1], {"m/extra.png", png, 4, 0, false, false}};
    zip = raw_zip(extra, 4, &size);
    expect_refusal(zip, size, NULL, "entry 'm/extra.png'", "not listed");
    free(zip);
    /* one it lists that is missing */
    Raw missing[] = {changed[0], entries[0]};
    zip = raw_zip(missing, 2, &size);
    expect_refusal(zip, size, NULL, "entry 'm/board.png'", "not in the pack");
    free(zip);
    /* no manifest at all */
    zip = raw_zip(entries, 2, &size);
    expect_refusal(zip, size, NULL, "no entry 'questpack.xml'", NULL);
    free(zip);
    /* a manifest of a later format */
    char *later = xstrdup(manifest);
    char *v = strstr(later, "version=\"1\"");
    v[9] = '7';
    Raw newer[] = {{PACK_MANIFEST, later, strlen(later), 0, false, false}, entries[0], entries[1]};
    zip = raw_zip(newer, 3, &size);
    expect_refusal(zip, size, NULL, "format 7 is newer", NULL);
    free(zip);
    /* a manifest that is not valid: line numbers, the schema's words */
    const char *junk = "<?xml version=\"1.0\"?>\n<questpack version=\"1\">\n<title/>\n</questpack>\n";
    Raw broken[] = {{PACK_MANIFEST, junk, strlen(junk), 0, false, false}, entries[0], entries[1]};
    zip = raw_zip(broken, 3, &size);
    expect_refusal(zip, size, NULL, "questpack.xml:", NULL);
    free(zip);
    free(later);
    free(manifest);
}

static int count_dir(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void test_unpack(void)
{
    char root[] = "/tmp/test_pack_XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    size_t size;
    uint8_t *bytes = good_pack(&size);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_memory(bytes, size, "good.questpack", schema, NULL, &errs);
    CHECK(p != NULL);
    char target[4096], path[4200], dir[4096];
    snprintf(target, sizeof target, "%s/first", root);
    CHECK(pack_unpack(p, target, &errs));
    snprintf(path, sizeof path, "%s/m/tiles/ffffff_1.png", target);
    struct stat st;
    CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == sizeof png - 1);
    snprintf(path, sizeof path, "%s/questpack.xml", target);
    CHECK(lstat(path, &st) == 0 && (size_t)st.st_size == p->manifest_size);
    /* never over an existing folder */
    CHECK(!pack_unpack(p, target, &errs));
    CHECK_STR_CONTAINS(errs.items[errs.count - 1], "already there");
    CHECK_INT(count_dir(root), 1);
    /* the cache: unpacked once, found the second time */
    CHECK(pack_unpack_cached(p, root, dir, sizeof dir, &errs));
    CHECK_STR_CONTAINS(dir, "/.unpacked/");
    snprintf(path, sizeof path, "%s/m/mission.xml", dir);
    CHECK(lstat(path, &st) == 0);
    char again[4096];
    CHECK(pack_unpack_cached(p, root, again, sizeof again, &errs) && strcmp(dir, again) == 0);

    /* a failed unpack leaves nothing: a target so deep that the last
     * entry's path (m/zzz..., 159 bytes) passes PATH_MAX, the others not */
    char deep[4096];
    snprintf(deep, sizeof deep, "%s", root);
    while (strlen(deep) < 3950) {
        strcat(deep, "/dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd");
        mkdir(deep, 0755);
    }
    char deep_target[4200];
    snprintf(deep_target, sizeof deep_target, "%s/t", deep);
    size_t before = errs.count;
    CHECK(!pack_unpack(p, deep_target, &errs));
    CHECK(errs.count > before);
    CHECK_INT(count_dir(deep), 0);
    pack_destroy(p);
    free(bytes);
    errors_clear(&errs);
    pack_remove_tree(root);
    CHECK(access(root, F_OK) != 0);
}

int main(void)
{
    snprintf(schema, sizeof schema, "%s/assets/questpack.xsd", getenv("QUESTBOARD_DATA"));
    test_digest();
    test_names();
    test_round_trip();
    test_hostile_entries();
    test_duplicates();
    test_caps();
    test_manifest();
    test_unpack();
    return check_finish("test_pack");
}

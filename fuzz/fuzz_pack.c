/* libFuzzer harness over the quest pack reader (src/mission/pack.h): the
 * input is a whole .questpack file. pack_read_memory must refuse it with a
 * reason naming the pack, or accept it; an accepted pack has at most
 * PACK_MAX_ENTRIES entries of acceptable names within the caps, each
 * matching its SHA-256, the entries it holds present; written again by
 * pack_write it reads back to the same entries; unpacked into a private
 * folder it gives exactly its files there (and nothing beside the
 * folder), and the folder is removed again. The schema comes from the
 * source tree's assets/. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "config.h"
#include "mission/pack.h"
#include "mission/pack_unpack.h"
#include "mission/pack_write.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char schema[4096], folder[] = "/tmp/qb-fuzz-pack-XXXXXX";

static void must(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_pack: %s\n", what);
        abort();
    }
}

static void remove_folder(void)
{
    pack_remove_tree(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(schema, sizeof schema, "%s/assets/questpack.xsd", QB_SOURCE_DIR);
    must(mkdtemp(folder) != NULL, "mkdtemp");
    atexit(remove_folder);
    return 0;
}

/* Regular files under dir, counted without following links. */
static size_t count_files(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    size_t n = 0;
    if (!d)
        return 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[8192];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        must(lstat(path, &st) == 0, "lstat of an unpacked file");
        must(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode), "unpacked something not a file");
        if (S_ISDIR(st.st_mode)) {
            must(depth < PACK_MAX_DEPTH + 1, "unpacked too deep");
            n += count_files(path, depth + 1);
        } else {
            n++;
        }
    }
    closedir(d);
    return n;
}

static void check_accepted(const Pack *p)
{
    must(p->count + 1 <= PACK_MAX_ENTRIES, "too many entries");
    for (size_t i = 0; i < p->count; i++) {
        const PackEntry *e = &p->entries[i];
        uint8_t d[DIGEST_SIZE];
        digest_sha256(e->data, e->size, d);
        must(!pack_name_problem(e->name), "accepted a bad name");
        must(e->size <= PACK_MAX_ENTRY_BYTES, "accepted an entry over the cap");
        must(memcmp(d, e->sha256, DIGEST_SIZE) == 0, "digest differs");
        must(i == 0 || strcmp(p->entries[i - 1].name, e->name) < 0, "entries out of order");
    }
    must(pack_find(p, p->manifest.main) != NULL, "main entry missing");
    must(!p->manifest.mission || pack_find(p, p->manifest.mission), "mission entry missing");
}

/* Written again, it reads back to the same entries. */
static void check_rewrite(const Pack *p)
{
    ErrorList errs;
    errors_init(&errs, 0);
    PackBuilder *b = packbuild_create();
    for (size_t i = 0; i < p->count; i++)
        must(packbuild_add(b, p->entries[i].name, p->entries[i].data, p->entries[i].size, &errs),
             "an accepted entry cannot be written");
    size_t size;
    uint8_t *out = packbuild_finish(b, &p->manifest, &size, &errs);
    packbuild_destroy(b);
    if (!out) { /* texts the writer refuses (over-long once escaped) are fine */
        errors_clear(&errs);
        return;
    }
    Pack *q = pack_read_memory(out, size, "rewritten", schema, NULL, &errs);
    must(q != NULL, "a rewritten pack does not read back");
    must(q->count == p->count, "rewritten count differs");
    for (size_t i = 0; i < p->count; i++)
        must(strcmp(q->entries[i].name, p->entries[i].name) == 0 &&
                 memcmp(q->entries[i].sha256, p->entries[i].sha256, DIGEST_SIZE) == 0,
             "rewritten entry differs");
    pack_destroy(q);
    free(out);
    errors_clear(&errs);
}

static void check_unpack(const Pack *p)
{
    char target[4200];
    snprintf(target, sizeof target, "%s/t", folder);
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = pack_unpack(p, target, &errs);
    must(ok || errors_any(&errs), "unpack failed without a reason");
    if (ok)
        must(count_files(target, 0) == p->count + 1, "unpacked files differ from the entries");
    must(count_files(folder, 0) == (ok ? p->count + 1 : 0), "something written beside");
    pack_remove_tree(target);
    errors_clear(&errs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_memory(data, size, "fuzz.questpack", schema, NULL, &errs);
    if (!p) {
        must(errors_any(&errs), "refused without a reason");
        for (size_t i = 0; i < errs.count; i++)
            must(strstr(errs.items[i], "fuzz.questpack") != NULL, "message names no pack");
    } else {
        check_accepted(p);
        check_rewrite(p);
        check_unpack(p);
    }
    pack_destroy(p);
    errors_clear(&errs);
    return 0;
}

/* Quest packs online (docs/network.md, "Quest packs online"): a host
 * uploads a pack in chunks (an offer with its size and SHA-256, CHUNK
 * messages, an end), the server checks it as `--check` checks a pack and
 * keeps it in its packs folder; a player whose copy of the game lacks the
 * game's mission fetches it packed, in chunks the other way.
 *
 * Everything is bounded: the size of a pack, the bytes one connection may
 * upload, the packs kept, the uploads under way at once, and the time an
 * upload may stay silent. Nothing a client sends names a file: packs are
 * stored under the server's names (NAME.HEX.questpack, NAME checked, HEX
 * the SHA-256 of the bytes) and unpacked by pack_unpack, which never
 * writes outside its folder. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "server_internal.h"

#include "../app/packcli.h"
#include "../app/paths.h"
#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../mission/pack_unpack.h"
#include "../core/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void schema(char *buf, size_t size)
{
    paths_data_file("assets/questpack.xsd", buf, size);
}

/* A name a pack may be uploaded under: lower-case letters, digits, '-'
 * and '_', not starting with '-' (so never a path or a hidden file). */
static bool pack_name_ok(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && n <= SERVER_PACK_NAME_MAX && s[0] != '-' &&
           strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

const ServerPack *packs_find(const NetServer *s, const char *name_or_hash)
{
    for (int i = 0; i < s->pack_count; i++)
        if (strcmp(s->packs[i].name, name_or_hash) == 0 ||
            strcmp(s->packs[i].hex, name_or_hash) == 0)
            return &s->packs[i];
    return NULL;
}

/* Fills sp from a checked mission pack unpacked in dir. */
static void held(ServerPack *sp, const Pack *p, const char *name, const char *dir)
{
    memset(sp, 0, sizeof *sp);
    snprintf(sp->name, sizeof sp->name, "%s", name);
    digest_hex(p->sha256, sp->hex);
    snprintf(sp->title, sizeof sp->title, "%s", p->manifest.title ? p->manifest.title : name);
    snprintf(sp->mission, sizeof sp->mission, "%s/%s", dir, p->manifest.main);
}

/* --- the packs folder ------------------------------------------------------------ */

/* One NAME.HEX.questpack of the folder, read, checked and unpacked
 * (unless its folder is there already) into the list. */
static void keep_stored(NetServer *s, const char *file)
{
    char name[SERVER_PACK_NAME_MAX + 1], path[4400], dir[4400], schema_path[4096];
    const char *dot = strchr(file, '.');
    size_t n = dot ? (size_t)(dot - file) : 0;
    if (!dot || n == 0 || n > SERVER_PACK_NAME_MAX || strlen(dot) != 1 + 64 + 10 ||
        strcmp(dot + 65, PACK_EXTENSION) != 0)
        return;
    snprintf(name, sizeof name, "%.*s", (int)n, file);
    if (!pack_name_ok(name) || s->pack_count >= s->cfg.max_packs)
        return;
    snprintf(path, sizeof path, "%s/%s", s->packs_dir, file);
    snprintf(dir, sizeof dir, "%s/%.64s", s->packs_dir, dot + 1);
    schema(schema_path, sizeof schema_path);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_file(path, schema_path, &errs);
    struct stat st;
    bool ok = p && p->manifest.kind == PACK_MISSION &&
              (stat(dir, &st) == 0 || pack_unpack(p, dir, &errs));
    if (ok)
        held(&s->packs[s->pack_count++], p, name, dir);
    else
        server_console(errors_any(&errs) ? N_("questboard: %s: not kept:\n") : N_("questboard: %s: not kept\n"),
                       path);
    server_console_errors(&errs);
    errors_clear(&errs);
    pack_destroy(p);
}

static bool is_pack_file(const char *target, void *ctx)
{
    (void)ctx;
    return pack_path_is_pack(target);
}

/* Folders a server stopped in the middle of a check left: an unpacked
 * pack (64 hex digits) whose pack was never kept, or an unpack's
 * temporary (HEX.tmpXXXXXX). */
static void remove_orphans(NetServer *s)
{
    char *names[64];
    int count = 0;
    DIR *d = opendir(s->packs_dir);
    struct dirent *e;
    for (int n = 0; d && (e = readdir(d)) && n < 100000 && count < 64; n++) {
        size_t len = strlen(e->d_name);
        bool hex = len >= 64 && strspn(e->d_name, "0123456789abcdef") == 64;
        bool kept = false;
        for (int i = 0; i < s->pack_count && !kept; i++)
            kept = strcmp(s->packs[i].hex, e->d_name) == 0;
        if (hex && !kept && (len == 64 || strncmp(e->d_name + 64, ".tmp", 4) == 0))
            names[count++] = xstrdup(e->d_name);
    }
    if (d)
        closedir(d);
    for (int i = 0; i < count; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", s->packs_dir, names[i]);
        pack_remove_tree(path);
        free(names[i]);
    }
}

bool packs_open(NetServer *s, char *why, size_t why_size)
{
    if (s->cfg.max_packs <= 0)
        s->cfg.max_packs = NETSERVER_MAX_PACKS;
    if (s->cfg.pack_max_bytes == 0 || s->cfg.pack_max_bytes > PACK_MAX_BYTES)
        s->cfg.pack_max_bytes = NETSERVER_PACK_MAX_BYTES;
    if (s->cfg.peer_max_bytes == 0)
        s->cfg.peer_max_bytes = NETSERVER_PEER_MAX_BYTES;
    if (s->cfg.max_uploads <= 0)
        s->cfg.max_uploads = NETSERVER_MAX_UPLOADS;
    if (s->cfg.upload_timeout_ms <= 0)
        s->cfg.upload_timeout_ms = NETSERVER_UPLOAD_TIMEOUT_MS;
    s->packs = xcalloc((size_t)s->cfg.max_packs, sizeof *s->packs);
    if (s->data_dir[0]) {
        snprintf(s->packs_dir, sizeof s->packs_dir, "%.4080s/packs", s->data_dir);
        if ((mkdir(s->data_dir, 0700) != 0 && errno != EEXIST) ||
            (mkdir(s->packs_dir, 0700) != 0 && errno != EEXIST))
            return snprintf(why, why_size, _("cannot make %s: %s"), s->packs_dir, strerror(errno)),
                   false;
    } else {
        /* no data folder: the packs live as long as the server */
        const char *tmp = getenv("TMPDIR");
        snprintf(s->packs_dir, sizeof s->packs_dir, "%s/questboard-packs-XXXXXX",
                 tmp && tmp[0] ? tmp : "/tmp");
        if (!mkdtemp(s->packs_dir))
            return snprintf(why, why_size, _("cannot make a folder for packs: %s"), strerror(errno)),
                   false;
        s->packs_private = true;
        return true;
    }
    fileio_remove_stale_temps(s->packs_dir, is_pack_file, NULL);
    DIR *d = opendir(s->packs_dir);
    struct dirent *e;
    for (int n = 0; d && (e = readdir(d)) && n < 100000; n++)
        if (e->d_name[0] != '.' && pack_path_is_pack(e->d_name))
            keep_stored(s, e->d_name);
    if (d)
        closedir(d);
    remove_orphans(s);
    return true;
}

static void end_upload(NetServer *s, Peer *p)
{
    if (!p->upload)
        return;
    free(p->upload->data);
    free(p->upload);
    p->upload = NULL;
    s->upload_count--;
}

/* The upload fails now; `upload end` will say why. */
static void fail_upload(NetServer *s, Peer *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail_upload(NetServer *s, Peer *p, const char *fmt, ...)
{
    p->failed_id = p->upload->id;
    int head = snprintf(p->failed_why, sizeof p->failed_why, "upload %u: ", (unsigned)p->failed_id);
    eventtext_clear(&p->failed_words);
    eventtext_add(&p->failed_words, N_("upload %u: "), (unsigned)p->failed_id);
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    vsnprintf(p->failed_why + head, sizeof p->failed_why - (size_t)head, fmt, ap);
    if (!eventtext_vadd(&p->failed_words, fmt, copy))
        eventtext_clear(&p->failed_words);
    va_end(copy);
    va_end(ap);
    end_upload(s, p);
}

void packs_close(NetServer *s)
{
    if (s->packs_private && s->packs_dir[0])
        pack_remove_tree(s->packs_dir);
    free(s->packs);
    s->packs = NULL;
}

void packs_forget(NetServer *s, Peer *p)
{
    end_upload(s, p);
    free(p->fetch);
    p->fetch = NULL;
}

void packs_tick(NetServer *s)
{
    double now = server_now();
    for (int i = 0; i < s->cfg.max_peers; i++) {
        Peer *p = s->peers[i];
        if (p && p->upload && (now - p->upload->last_at) * 1000.0 > s->cfg.upload_timeout_ms)
            fail_upload(s, p, N_("nothing came for %d s: the upload was given up"),
                        (s->cfg.upload_timeout_ms + 999) / 1000);
    }
}

/* --- uploading ------------------------------------------------------------------- */

static bool parse_size(const char *text, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || text[0] == '+')
        return false;
    *out = (size_t)v;
    return (unsigned long long)*out == v;
}

static void offer(NetServer *s, Peer *p, char **argv, FILE *out)
{
    size_t size = 0;
    uint8_t sha[DIGEST_SIZE];
    const ServerPack *same = packs_find(s, argv[1]);
    if (!pack_name_ok(argv[1]))
        server_refuse(out, "'%s' is not a pack name (lower-case letters, digits, - and _; at most %d)",
                argv[1], SERVER_PACK_NAME_MAX);
    else if (!parse_size(argv[2], &size) || size == 0)
        server_refuse(out, "'%s' is not a size in bytes", argv[2]);
    else if (strlen(argv[3]) != 64 || !digest_parse_hex(argv[3], sha))
        server_refuse(out, "'%s' is not a SHA-256 (64 hex digits)", argv[3]);
    else if (size > s->cfg.pack_max_bytes)
        server_refuse(out, "the pack is %zu bytes: this server takes packs of at most %zu bytes", size,
                s->cfg.pack_max_bytes);
    else if (p->upload)
        server_refuse(out, "upload %u is under way: end it first", (unsigned)p->upload->id);
    else if (s->upload_count >= s->cfg.max_uploads)
        server_refuse(out, "the server takes %d uploads at once: try again in a moment",
                s->cfg.max_uploads);
    else if (p->uploaded + size > s->cfg.peer_max_bytes)
        server_refuse(out, "this connection may upload %zu bytes in all, and has uploaded %llu",
                s->cfg.peer_max_bytes, (unsigned long long)p->uploaded);
    else if (same && strcmp(same->hex, argv[3]) != 0)
        server_refuse(out, "the server holds another pack named '%s': upload yours under another name",
                argv[1]);
    else if (!same && s->pack_count >= s->cfg.max_packs)
        server_refuse(out, "the server holds %d packs, its most", s->pack_count);
    else {
        Upload *u = xcalloc(1, sizeof *u);
        u->id = ++s->next_transfer;
        snprintf(u->name, sizeof u->name, "%s", argv[1]);
        memcpy(u->sha256, sha, sizeof sha);
        u->data = xmalloc(size, 1);
        u->size = size;
        u->last_at = server_now();
        p->upload = u;
        p->uploaded += size;
        s->upload_count++;
        fprintf(out, "= upload %u chunk %d\n\n", (unsigned)u->id, NET_CHUNK_MAX);
    }
}

void packs_chunk(NetServer *s, Peer *p, const NetMsg *m)
{
    Upload *u = p->upload;
    if (!u || m->id != u->id)
        return; /* an upload given up already: its end says why */
    if (m->offset != u->got)
        fail_upload(s, p, N_("a chunk at byte %u, where byte %zu was due"), (unsigned)m->offset,
                    u->got);
    else if (m->bytes_len > u->size - u->got)
        fail_upload(s, p, N_("more bytes than the %zu offered"), u->size);
    else {
        memcpy(u->data + u->got, m->bytes, m->bytes_len);
        u->got += m->bytes_len;
        u->last_at = server_now();
    }
}

/* The words of the refusal (game_refusal_keep) that tells a loader's
 * message (english, printed as printed, its parts w): its place and its
 * message, a place in the server's folder dir said as the pack's label
 * and the entry (dir NULL: as w has it). None unless the message is the
 * one printed; the window says them in its player's language where they
 * make the very line the player is told (with_words). */
static void keep_words(const ErrorWords *w, const char *english, const char *printed,
                       const char *dir, const char *label)
{
    EventText words;
    eventtext_clear(&words);
    size_t n = dir ? strlen(dir) : 0;
    bool ok = w && strcmp(english, printed) == 0;
    if (ok && !w->file)
        ok = !dir; /* the message names its place itself */
    else if (ok && !dir)
        ok = w->line > 0 ? eventtext_add(&words, "%s:%d: ", w->file, w->line)
                         : eventtext_add(&words, "%s: ", w->file);
    else if (ok && strncmp(w->file, dir, n) == 0 && w->file[n] == '/')
        ok = w->line > 0 ? eventtext_add(&words, N_("%s: entry %s:%d: "), label, w->file + n + 1, w->line)
                         : eventtext_add(&words, N_("%s: entry %s: "), label, w->file + n + 1);
    else
        ok = false;
    if (!ok || !eventtext_append(&words, &w->message))
        eventtext_clear(&words);
    game_refusal_keep(&words);
}

/* The first line of the checker's report, the server's folder taken out
 * of it (the player knows the pack, not where the server put it). */
static void first_problem(const char *report, const char *dir, const char *label, char *why,
                          size_t size)
{
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(report, "\n"), report);
    const char *printed;
    const ErrorWords *w = errors_printed_first(&printed);
    keep_words(w, line, printed, dir, label);
    char *at = strstr(line, dir);
    size_t n = strlen(dir);
    bool entry = at && at[n] == '/';
    if (entry)
        memmove(at, at + n + 1, strlen(at + n + 1) + 1);
    snprintf(why, size, "%.80s: %s%.400s", label, entry ? "entry " : "",
             line[0] ? line : "the checker refused it");
}

/* Checks the pack of an upload whole (as --check), then keeps it: the
 * file written atomically, the mission unpacked. False with why. */
static bool accept_pack(NetServer *s, const Upload *u, char *why, size_t size)
{
    char schema_path[4096], dir[4400], file[4400];
    schema(schema_path, sizeof schema_path);
    PackCaps caps = pack_default_caps();
    caps.max_bytes = s->cfg.pack_max_bytes;
    ErrorList errs;
    errors_init(&errs, 0);
    char label[80];
    snprintf(label, sizeof label, "%s.questpack", u->name);
    Pack *p = pack_read_memory(u->data, u->size, label, schema_path, &caps, &errs);
    bool ok = p != NULL;
    if (!ok && errs.count) {
        snprintf(why, size, "%s", errs.items[0]);
        keep_words(errors_words(&errs, 0), errs.items[0], errs.items[0], NULL, label);
    } else if (!ok) {
        game_refuse(why, size, N_("not a quest pack"));
    }
    else if (p->manifest.kind != PACK_MISSION)
        ok = game_refuse(why, size, "%s holds a %s: a game is hosted on a mission pack", label,
                         pack_kind_name(p->manifest.kind));
    char hex[DIGEST_HEX_SIZE];
    digest_hex(u->sha256, hex);
    snprintf(dir, sizeof dir, "%s/%s", s->packs_dir, hex);
    snprintf(file, sizeof file, "%s/%s.%s%s", s->packs_dir, u->name, hex, PACK_EXTENSION);
    if (ok) {
        pack_remove_tree(dir); /* what an interrupted check left */
        ok = pack_unpack(p, dir, &errs);
        if (!ok)
            snprintf(why, size, "the server cannot unpack it: %s",
                     errs.count ? errs.items[0] : "?");
    }
    if (ok) {
        char *report = NULL, *facts = NULL;
        size_t len = 0, facts_len = 0;
        FILE *err = open_memstream(&report, &len), *said = open_memstream(&facts, &facts_len);
        BitmapLimits limits = bitmap_default_limits();
        errors_printed_reset(); /* the report's first message, in its parts */
        ok = err && said && packcli_check_unpacked(p, dir, label, &limits, false, said, err) == 0;
        if (err)
            fclose(err);
        if (said)
            fclose(said);
        if (!ok)
            first_problem(report ? report : "", dir, label, why, size);
        free(report);
        free(facts);
        if (ok && !fileio_write_atomic(file, u->data, u->size, why, size))
            ok = false;
        if (!ok)
            pack_remove_tree(dir);
    }
    if (ok && !packs_find(s, hex))
        held(&s->packs[s->pack_count++], p, u->name, dir);
    pack_destroy(p);
    errors_clear(&errs);
    return ok;
}

static void upload_end(NetServer *s, Peer *p, const char *id_text, FILE *out)
{
    char *end;
    unsigned long id = strtoul(id_text, &end, 10);
    Upload *u = p->upload;
    char why[512];
    if (*end || end == id_text)
        server_refuse(out, "usage: upload end ID");
    else if (id == p->failed_id && p->failed_id) {
        /* told now, in the parts kept when it failed */
        fprintf(out, "? %s\n\n", p->failed_why);
        game_refusal_keep(&p->failed_words);
        p->failed_id = 0;
    } else if (!u || u->id != id)
        server_refuse(out, "no upload %lu under way", id);
    else if (u->got < u->size) {
        server_refuse(out, "upload %lu ended after %zu of its %zu bytes", id, u->got, u->size);
        end_upload(s, p);
    } else {
        uint8_t sha[DIGEST_SIZE];
        digest_sha256(u->data, u->size, sha);
        char got[DIGEST_HEX_SIZE], want[DIGEST_HEX_SIZE];
        digest_hex(sha, got);
        digest_hex(u->sha256, want);
        const ServerPack *same = packs_find(s, want);
        if (strcmp(got, want) != 0)
            server_refuse(out, "the bytes' SHA-256 is %s, not the %s offered", got, want);
        else if (!same && s->pack_count >= s->cfg.max_packs)
            server_refuse(out, "the server holds %d packs, its most", s->pack_count);
        else if (!same && !accept_pack(s, u, why, sizeof why))
            fprintf(out, "? %s\n\n", why); /* the checker's, in English */
        else {
            same = packs_find(s, want);
            fprintf(out, "= pack %s %s\ntitle %s\n\n", same->name, same->hex, same->title);
        }
        end_upload(s, p);
    }
}

/* --- the list and fetching -------------------------------------------------------- */

static void list(const NetServer *s, FILE *out)
{
    fprintf(out, "= %d", s->pack_count);
    for (int i = 0; i < s->pack_count; i++)
        fprintf(out, "\n%s %s %s", s->packs[i].name, s->packs[i].hex, s->packs[i].title);
    fputs("\n\n", out);
}

/* `fetch`: the peer's game's mission, packed (once a game), sent in
 * chunks after the answer "= fetch ID size N sha256 HEX". */
static void fetch(NetServer *s, Peer *p, FILE *out)
{
    NetGame *g = p->game;
    const char *ref = g ? match_mission_ref(g->match) : NULL;
    if (!g) {
        server_refuse(out, "you sit in no game");
        return;
    }
    if (strncmp(g->source, "generate ", 9) == 0 || !ref || !ref[0]) {
        server_refuse(out, "a generated quest is made from its words (`mission`), not fetched");
        return;
    }
    if (!g->pack) {
        ErrorList errs;
        errors_init(&errs, 0);
        BitmapLimits limits = bitmap_default_limits();
        g->pack = packcli_build(ref, NULL, &limits, &g->pack_size, &errs);
        if (g->pack)
            digest_sha256_hex(g->pack, g->pack_size, g->pack_hex);
        else
            server_console(N_("questboard: game %s: cannot pack its mission\n"), g->code);
        server_console_errors(&errs);
        errors_clear(&errs);
    }
    if (!g->pack) {
        server_refuse(out, "the server cannot pack this game's mission");
        return;
    }
    if (p->fetched + g->pack_size > s->cfg.peer_max_bytes) {
        server_refuse(out, "this connection may fetch %zu bytes in all, and has fetched %llu",
                s->cfg.peer_max_bytes, (unsigned long long)p->fetched);
        return;
    }
    p->fetched += g->pack_size;
    free(p->fetch);
    p->fetch = xmalloc(g->pack_size, 1);
    memcpy(p->fetch, g->pack, g->pack_size);
    p->fetch_size = g->pack_size;
    p->fetch_id = ++s->next_transfer;
    fprintf(out, "= fetch %u size %zu sha256 %s\n\n", (unsigned)p->fetch_id, g->pack_size,
            g->pack_hex);
}

void packs_send_fetch(Peer *p)
{
    if (!p->fetch)
        return;
    for (size_t off = 0; off < p->fetch_size; off += NET_CHUNK_MAX) {
        size_t n = p->fetch_size - off < NET_CHUNK_MAX ? p->fetch_size - off : NET_CHUNK_MAX;
        NetMsg m = {.type = NET_CHUNK,
                    .id = p->fetch_id,
                    .offset = (uint32_t)off,
                    .bytes = p->fetch + off,
                    .bytes_len = n};
        server_send(p, &m);
    }
    free(p->fetch);
    p->fetch = NULL;
}

void packs_command(NetServer *s, Peer *p, int argc, char **argv, FILE *out)
{
    if (strcmp(argv[0], "packs") == 0 && argc == 1)
        list(s, out);
    else if (strcmp(argv[0], "fetch") == 0 && argc == 1)
        fetch(s, p, out);
    else if (argc == 3 && strcmp(argv[1], "end") == 0)
        upload_end(s, p, argv[2], out);
    else if (argc == 4)
        offer(s, p, argv, out);
    else
        server_refuse(out, "usage: upload NAME SIZE SHA256, then its chunks, then upload end ID");
}

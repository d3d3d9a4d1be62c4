/* Quest packs online (docs/network.md, "Quest packs online"), on a server
 * in a thread on 127.0.0.1: a host uploads a pack in chunks and hosts a
 * game on it; a second player joins and fetches the mission it lacks,
 * whose hash is the game's; the server refuses a pack too big, bytes
 * whose SHA-256 is not the offered one, what is not a pack, a pack whose
 * mission does not load, a stalled upload, too many uploads at once, too
 * many packs, too many bytes for one connection and a name taken, each
 * with its reason, and keeps nothing of a refused pack; a connection's
 * fetches are bounded; restarted on the
 * same data folder it still holds the packs. Every wait is bounded in
 * polls and time. */
#include "net_harness.h"

#include "app/cli.h"
#include "app/packcli.h"
#include "app/paths.h"
#include "core/digest.h"
#include "mission/pack_unpack.h"
#include "mission/pack_write.h"
#include "net/nettransfer.h"

#include <dirent.h>
#include <inttypes.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Runs a transfer to its end (at most 20 s), the client's other events
 * kept as tc_poll keeps them. */
static NetTransferState run_transfer(TestClient *tc, NetTransfer *t)
{
    double end = now_s() + 20;
    for (int i = 0; i < 20000 && now_s() < end && nettransfer_state(t) == NETTRANSFER_RUNNING;
         i++) {
        NetClientEvent e;
        netclient_poll(tc->c, 2, &e);
        if (!nettransfer_event(t, &e) && e.kind == NETCLIENT_CLOSED)
            tc->closed = true;
        nettransfer_step(t);
    }
    return nettransfer_state(t);
}

/* Uploads data as name through nettransfer; the server's last answer
 * (the caller frees it). */
static char *upload(TestClient *tc, const char *name, const uint8_t *data, size_t size)
{
    NetTransfer *t = nettransfer_upload(tc->c, name, data, size);
    CHECK(t != NULL);
    if (!t)
        return xstrdup("? not sent");
    run_transfer(tc, t);
    char *text = xstrdup(nettransfer_text(t));
    nettransfer_destroy(t);
    return text;
}

/* An upload by hand: the offer with hex, the first `send` bytes in
 * chunks, a pause of pause_ms, the end; the last answer. */
static char *upload_by_hand(TestClient *tc, const char *name, const uint8_t *data, size_t size,
                            const char *hex, size_t send, int pause_ms)
{
    char *a = tc_cmd(tc, "upload %s %zu %s", name, size, hex);
    unsigned id = 0;
    if (sscanf(a, "= upload %u chunk", &id) != 1)
        return a;
    free(a);
    for (size_t off = 0; off < send; off += NET_CHUNK_MAX) {
        size_t n = send - off < NET_CHUNK_MAX ? send - off : NET_CHUNK_MAX;
        CHECK(netclient_send_chunk(tc->c, id, (uint32_t)off, data + off, n));
    }
    tc_drain(tc, pause_ms);
    return tc_cmd(tc, "upload end %u", id);
}

/* A pack of the bundled mission id, with its own title (so its bytes
 * differ from another's). */
static uint8_t *mission_pack(const char *id, const char *title, size_t *size)
{
    char rel[128], path[4096];
    snprintf(rel, sizeof rel, "missions/%s/mission.xml", id);
    paths_data_file(rel, path, sizeof path);
    PackCliText text = {.title = title, .author = "Tess", .licence = "CC-BY-4.0"};
    BitmapLimits limits = bitmap_default_limits();
    ErrorList errs;
    errors_init(&errs, 0);
    uint8_t *bytes = packcli_build(path, &text, &limits, size, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(bytes != NULL);
    return bytes;
}

/* A pack whose manifest is fine and whose mission does not load. */
static uint8_t *broken_pack(size_t *size)
{
    ErrorList errs;
    errors_init(&errs, 0);
    PackBuilder *b = packbuild_create();
    static const char xml[] = "<?xml version=\"1.0\"?>\n<mission id=\"broken\">\n<board/>\n";
    CHECK(packbuild_add(b, "broken/mission.xml", xml, sizeof xml - 1, &errs));
    char title[] = "Broken", author[] = "Tess", licence[] = "CC0", main_entry[] = "broken/mission.xml";
    PackManifest m = {.version = PACK_FORMAT_VERSION, .title = title, .author = author,
                      .licence = licence, .kind = PACK_MISSION, .main = main_entry};
    uint8_t *bytes = packbuild_finish(b, &m, size, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    packbuild_destroy(b);
    CHECK(bytes != NULL);
    return bytes;
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) && n < 1000)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* Upload, host, join, and the joining player fetches the mission. */
static void host_and_fetch(uint16_t port, const uint8_t *pack, size_t size, char *hex_out)
{
    TestClient *ann = tc_connect(port, "Ann"), *bo = tc_connect(port, "Bo");
    char *a = upload(ann, "first", pack, size);
    CHECK_STR_CONTAINS(a, "= pack first ");
    CHECK_STR_CONTAINS(a, "title First Light online");
    sscanf(a, "= pack first %64s", hex_out);
    free(a);
    a = tc_cmd(bo, "packs");
    CHECK_STR_CONTAINS(a, "= 1\nfirst ");
    free(a);
    a = tc_cmd(ann, "host pack first seats=2");
    char code[16] = "", token[64] = "";
    CHECK(tc_seat_answer(a, code, token));
    free(a);
    a = tc_cmd(bo, "join %s 1", code);
    CHECK(strncmp(a, "= ", 2) == 0);
    free(a);
    char *told = tc_cmd(bo, "mission");
    char want_pack[80];
    snprintf(want_pack, sizeof want_pack, "= pack %s hash ", hex_out);
    CHECK_STR_CONTAINS(told, want_pack);
    uint64_t hash = 0;
    const char *h = strstr(told, " hash ");
    CHECK(h && sscanf(h, " hash %" SCNx64, &hash) == 1);
    free(told);

    /* the joining player lacks the mission: fetched, checked, loaded */
    NetTransfer *t = nettransfer_fetch(bo->c);
    CHECK(t != NULL);
    CHECK_INT(run_transfer(bo, t), NETTRANSFER_DONE);
    size_t got = 0;
    const uint8_t *bytes = nettransfer_data(t, &got);
    CHECK(bytes != NULL && got > 0);
    char schema[4096], dir[4200];
    paths_data_file("assets/questpack.xsd", schema, sizeof schema);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = bytes ? pack_read_memory(bytes, got, "fetched", schema, NULL, &errs) : NULL;
    CHECK(p != NULL);
    char tmp[] = "/tmp/qb-fetch-XXXXXX";
    CHECK(mkdtemp(tmp) != NULL);
    snprintf(dir, sizeof dir, "%s/m", tmp);
    if (p && pack_unpack(p, dir, &errs)) {
        char xml[8400];
        snprintf(xml, sizeof xml, "%s/%s", dir, p->manifest.main);
        BitmapLimits limits = bitmap_default_limits();
        Mission *m = cli_load_mission(xml, &limits, &errs);
        CHECK(m != NULL);
        CHECK(m && m->hash == hash);
        mission_destroy(m);
    }
    errors_print(&errs, stderr);
    errors_clear(&errs);
    pack_destroy(p);
    pack_remove_tree(tmp);
    nettransfer_destroy(t);
    /* what one connection fetches is bounded too */
    bool capped = false;
    for (int i = 0; i < 10 && !capped; i++) {
        a = tc_cmd(bo, "fetch");
        capped = strstr(a, "? this connection may fetch") != NULL;
        free(a);
    }
    CHECK(capped);
    /* and the game is played on it */
    a = tc_cmd(ann, "roll");
    CHECK(strncmp(a, "= ", 2) == 0);
    free(a);
    tc_close(ann);
    tc_close(bo);
}

static void refusals(uint16_t port, const char *packs_dir, const uint8_t *pack, size_t size)
{
    TestClient *c = tc_connect(port, "Cy");
    char hex[DIGEST_HEX_SIZE];
    digest_sha256_hex(pack, size, hex);
    char *a = tc_cmd(c, "upload big %d %s", 2 << 20, hex);
    CHECK_STR_CONTAINS(a, "? the pack is 2097152 bytes: this server takes packs of at most");
    free(a);
    a = tc_cmd(c, "upload ../etc %zu %s", size, hex);
    CHECK_STR_CONTAINS(a, "is not a pack name");
    free(a);
    /* bytes that are not the ones offered */
    char wrong[DIGEST_HEX_SIZE];
    memcpy(wrong, hex, sizeof wrong);
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    a = upload_by_hand(c, "wrong", pack, size, wrong, size, 0);
    CHECK_STR_CONTAINS(a, "? the bytes' SHA-256 is ");
    free(a);
    /* not a pack at all */
    static const uint8_t junk[] = "this is no zip archive, whatever its name says";
    a = upload(c, "junk", junk, sizeof junk);
    CHECK(a[0] == '?');
    CHECK_STR_CONTAINS(a, "junk.questpack");
    free(a);
    /* a pack whose mission does not load: the checker's first problem */
    size_t broken_size = 0;
    uint8_t *broken = broken_pack(&broken_size);
    a = upload(c, "broken", broken, broken_size);
    CHECK(a[0] == '?');
    CHECK_STR_CONTAINS(a, "broken/mission.xml");
    CHECK(strstr(a, packs_dir) == NULL); /* the server's folders are its own */
    free(a);
    free(broken);
    /* stalled half way: given up after the time-out, and said so */
    a = upload_by_hand(c, "slow", pack, size, hex, size / 2, 1500);
    CHECK_STR_CONTAINS(a, "nothing came for 1 s: the upload was given up");
    free(a);
    /* chunks out of order */
    char *off = tc_cmd(c, "upload order %zu %s", size, hex);
    unsigned id = 0;
    CHECK(sscanf(off, "= upload %u", &id) == 1);
    free(off);
    netclient_send_chunk(c->c, id, 100, pack, 10);
    a = tc_cmd(c, "upload end %u", id);
    CHECK_STR_CONTAINS(a, "a chunk at byte 100, where byte 0 was due");
    free(a);
    tc_close(c);

    /* two uploads at once at most */
    TestClient *u[3];
    for (int i = 0; i < 3; i++)
        u[i] = tc_connect(port, "U");
    for (int i = 0; i < 3; i++) {
        a = tc_cmd(u[i], "upload part%d %zu %s", i, size, hex);
        CHECK_STR_CONTAINS(a, i < 2 ? "= upload " : "? the server takes 2 uploads at once");
        free(a);
    }
    for (int i = 0; i < 3; i++)
        tc_close(u[i]); /* their uploads end with them */
    /* nothing of a refused pack is kept: one pack (file and folder) */
    tc_drain(c = tc_connect(port, "Di"), 100);
    CHECK_INT(count_files(packs_dir), 2);
    tc_close(c);
}

/* A name taken, the bytes a connection uploads and the packs kept. */
static void caps(uint16_t port)
{
    TestClient *c = tc_connect(port, "Ed");
    size_t s1, s2, s3;
    uint8_t *p1 = mission_pack("first-light", "Second", &s1);
    uint8_t *p2 = mission_pack("first-light", "Third", &s2);
    uint8_t *p3 = mission_pack("first-light", "Fourth", &s3);
    char *a = upload(c, "first", p1, s1);
    CHECK_STR_CONTAINS(a, "? the server holds another pack named 'first'");
    free(a);
    /* the same pack again is the same pack (but its bytes count) */
    for (int i = 0; i < 4; i++) {
        a = upload(c, "second", p1, s1);
        CHECK_STR_CONTAINS(a, "= pack second ");
        free(a);
    }
    a = upload(c, "third", p2, s2);
    CHECK_STR_CONTAINS(a, "? this connection may upload");
    free(a);
    TestClient *d = tc_connect(port, "Flo");
    a = upload(d, "fourth", p3, s3);
    CHECK_STR_CONTAINS(a, "? the server holds 2 packs, its most");
    free(a);
    tc_close(d);
    free(p1);
    free(p2);
    free(p3);
    tc_close(c);
}

int main(void)
{
    char data[] = "/tmp/qb-packs-XXXXXX", packs_dir[64];
    CHECK(mkdtemp(data) != NULL);
    snprintf(packs_dir, sizeof packs_dir, "%s/packs", data);
    size_t size = 0;
    uint8_t *pack = mission_pack("first-light", "First Light online", &size);
    NetServerConfig cfg = {.bind = "127.0.0.1", .data_dir = data, .rate = 200, .burst = 600,
                           .pack_max_bytes = 1 << 20, .peer_max_bytes = 4 * size + size / 2,
                           .max_packs = 2, .max_uploads = 2, .upload_timeout_ms = 400};
    TestServer *t = th_server_with(&cfg);
    char hex[DIGEST_HEX_SIZE] = "";
    host_and_fetch(t->port, pack, size, hex);
    refusals(t->port, packs_dir, pack, size);
    caps(t->port);
    th_server_stop(t);

    /* restarted on the same folder: the packs are there */
    t = th_server_with(&cfg);
    TestClient *c = tc_connect(t->port, "Fi");
    char *a = tc_cmd(c, "packs");
    CHECK_STR_CONTAINS(a, "= 2\n");
    CHECK_STR_CONTAINS(a, hex);
    free(a);
    a = tc_cmd(c, "host pack %s", hex);
    CHECK(strncmp(a, "= ", 2) == 0);
    free(a);
    tc_close(c);
    th_server_stop(t);
    free(pack);
    pack_remove_tree(data);
    return check_finish("net_pack");
}

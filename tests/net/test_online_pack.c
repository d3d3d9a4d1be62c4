/* The window's online session with missions its copy of the game lacks
 * (src/app/online.h; docs/network.md, "Quest packs online"), headless,
 * on a server in a thread on 127.0.0.1: a player hosts a mission of the
 * server's --missions folder and another joins; both fetch it, keep it in
 * their cache folder and draw it (the template's hash is the server's);
 * a third player whose cache holds it already draws it without fetching.
 * A player hosts a quest pack of their own (uploaded, then hosted) and a
 * friend joins and draws it; a file that is no pack is refused with the
 * server's reason. Every wait is bounded in polls and in time. */
#include "net_harness.h"

#include "app/online.h"
#include "app/packcli.h"
#include "app/paths.h"
#include "core/fileio.h"
#include "mission/pack_unpack.h"

#include <dirent.h>
#include <inttypes.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef bool (*Cond)(Online *o);

/* Polls the sessions until cond holds for o: at most 3000 rounds and 15 s. */
static bool until(Online **all, int n, Online *o, Cond cond)
{
    double end = now_s() + 15;
    for (int i = 0; i < 3000 && now_s() < end; i++) {
        for (int k = 0; k < n; k++)
            online_poll(all[k]);
        if (cond(o))
            return true;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    return false;
}

static bool connected(Online *o)
{
    return online_phase(o) != ONLINE_CONNECTING;
}

static bool drawn(Online *o)
{
    return online_phase(o) == ONLINE_SEATED && online_template(o) && online_state(o)->valid;
}

static bool refused(Online *o)
{
    return strstr(online_status(o), "refused") != NULL;
}

static Online *session(uint16_t port, const char *name, const char *cache)
{
    char why[256];
    Online *o = online_create("127.0.0.1", port, name, false, NULL, why, sizeof why);
    CHECK(o != NULL);
    if (!o)
        exit(1);
    online_set_cache(o, cache);
    CHECK(until(&o, 1, o, connected));
    return o;
}

static bool logged(const Online *o, const char *text)
{
    for (int i = 0; i < online_log_count(o); i++)
        if (strstr(online_log_line(o, i), text))
            return true;
    return false;
}

/* A file of cache named like "0123456789abcdef.questpack". */
static int kept_packs(const char *cache)
{
    DIR *d = opendir(cache);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) && n < 100)
        n += strlen(e->d_name) == 16 + 10 && strstr(e->d_name, ".questpack");
    if (d)
        closedir(d);
    return n;
}

/* The server's own mission: hosted, fetched by both, then from a cache. */
static void server_mission(uint16_t port, const char *tmp)
{
    char cache_a[300], cache_b[300];
    snprintf(cache_a, sizeof cache_a, "%s/a/missions", tmp);
    snprintf(cache_b, sizeof cache_b, "%s/b/missions", tmp);
    Online *all[3];
    all[0] = session(port, "Ann", cache_a);
    all[1] = session(port, "Bo", cache_b);
    online_host(all[0], "my-quest seats=2");
    CHECK(until(all, 2, all[0], drawn));
    online_join(all[1], online_code(all[0]), "1");
    CHECK(until(all, 2, all[1], drawn));
    CHECK(logged(all[1], "Fetching the server's mission"));
    CHECK_INT(kept_packs(cache_b), 1);
    CHECK(game_mission(online_template(all[1]))->hash ==
          game_mission(online_template(all[0]))->hash);
    /* Bo's cache holds it now: a spectator with that cache fetches nothing */
    all[2] = session(port, "Cy", cache_b);
    online_join(all[2], online_code(all[0]), "spectator");
    CHECK(until(all, 3, all[2], drawn));
    CHECK(!logged(all[2], "Fetching"));
    for (int i = 0; i < 3; i++)
        online_destroy(all[i]);
}

/* A pack of the player's own: uploaded, hosted, joined, drawn. */
static void own_pack(uint16_t port, const char *tmp)
{
    char cache_a[300], cache_b[300], pack[300], junk[300], xml[4096], why[256];
    snprintf(cache_a, sizeof cache_a, "%s/c", tmp);
    snprintf(cache_b, sizeof cache_b, "%s/d", tmp);
    snprintf(pack, sizeof pack, "%s/Ember Hive.questpack", tmp);
    snprintf(junk, sizeof junk, "%s/junk.questpack", tmp);
    paths_data_file("missions/the-ember-hive/mission.xml", xml, sizeof xml);
    BitmapLimits limits = bitmap_default_limits();
    ErrorList errs;
    errors_init(&errs, 0);
    size_t size = 0;
    uint8_t *bytes = packcli_build(xml, NULL, &limits, &size, &errs);
    CHECK(bytes && fileio_write_atomic(pack, bytes, size, why, sizeof why));
    CHECK(fileio_write_atomic(junk, "no zip", 6, why, sizeof why));
    free(bytes);
    errors_clear(&errs);

    Online *all[2];
    all[0] = session(port, "Di", cache_a);
    all[1] = session(port, "Ed", cache_b);
    online_host_pack(all[0], junk, "seats=2");
    CHECK(until(all, 2, all[0], refused));
    CHECK_STR_CONTAINS(online_status(all[0]), "The server refused the pack: junk.questpack:");
    online_host_pack(all[0], pack, "seats=2");
    CHECK(until(all, 2, all[0], drawn));
    CHECK(logged(all[0], "The server took the pack ember-hive"));
    online_join(all[1], online_code(all[0]), "1");
    CHECK(until(all, 2, all[1], drawn));
    CHECK(strstr(game_mission(online_template(all[1]))->name, "Ember") != NULL);
    for (int i = 0; i < 2; i++)
        online_destroy(all[i]);
}

int main(void)
{
    char tmp[] = "/tmp/qb-onlinepack-XXXXXX", missions[200], cmd[8800], src[4096];
    CHECK(mkdtemp(tmp) != NULL);
    /* the server's own mission: a copy of a bundled one, under a name no
     * copy of the game has */
    snprintf(missions, sizeof missions, "%s/server-missions", tmp);
    paths_data_file("missions/bone-orchard", src, sizeof src);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' && cp -r '%s' '%s/my-quest'", missions, src, missions);
    CHECK(system(cmd) == 0);
    TestServer *t = th_server(NULL, missions, 0);
    server_mission(t->port, tmp);
    own_pack(t->port, tmp);
    th_server_stop(t);
    pack_remove_tree(tmp);
    return check_finish("online_pack");
}

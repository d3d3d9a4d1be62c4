/* questboard --serve and --connect (netcli.h). */
#define _POSIX_C_SOURCE 200809L
#include "netcli.h"

#include "lang.h"
#include "onlinefetch.h"

#include "../core/alloc.h"
#include "../core/digest.h"
#include "../core/fileio.h"
#include "../core/utf8.h"
#include "../mission/pack.h"
#include "../net/netclient.h"
#include "../net/netserver.h"
#include "../net/nettransfer.h"
#include "../core/i18n.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- --serve ---------------------------------------------------------------------- */

static volatile int stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static void serve_usage(FILE *out)
{
    fprintf(out,
            _("  --serve              run a dedicated server for online games\n"
              "                       (docs/network.md); prints 'listening ADDR:PORT'\n"
              "    --bind ADDR        the IPv4 address to listen on (default 127.0.0.1)\n"
              "    --port N           the UDP port (default %d; 0: any free port)\n"
              "    --data DIR         keep every game there, resumed on the next start\n"
              "    --missions DIR     more missions and campaigns players may host\n"
              "    --max-games N      at most N games at once (default %d)\n"),
            NETSERVER_DEFAULT_PORT, NETSERVER_DEFAULT_MAX_GAMES);
}

static int serve_main(const CliArgs *a)
{
    int port = NETSERVER_DEFAULT_PORT, max_games = NETSERVER_DEFAULT_MAX_GAMES;
    if (!cliargs_int(a, CLI_OPT_PORT, 0, 65535, &port) ||
        !cliargs_int(a, CLI_OPT_MAX_GAMES, 1, 10000, &max_games))
        return 2;
    NetServerConfig c = {.bind = a->value[CLI_OPT_BIND], .port = (uint16_t)port,
                         .data_dir = a->value[CLI_OPT_DATA],
                         .missions_dir = a->value[CLI_OPT_MISSIONS], .max_games = max_games};
    char why[256];
    NetServer *s = netserver_create(&c, why, sizeof why);
    if (!s) {
        fprintf(stderr, _("questboard: --serve: %s\n"), why);
        return 1;
    }
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("listening %s:%u\n", netserver_address(s), (unsigned)netserver_port(s));
    fflush(stdout);
    /* the players' answers carry the checker's and loader's texts in the
     * protocol's English, whatever the operator's language: the server
     * serves in English on its thread (netserver_step), and its console
     * lines alone are said in the operator's (server_console) */
    netserver_run(s, &stop_flag);
    netserver_destroy(s);
    return 0;
}

const CliMode netcli_serve_mode = {
    "serve", NULL, 0, 0, "",
    CLI_BIT(CLI_OPT_BIND) | CLI_BIT(CLI_OPT_PORT) | CLI_BIT(CLI_OPT_DATA) |
        CLI_BIT(CLI_OPT_MISSIONS) | CLI_BIT(CLI_OPT_MAX_GAMES),
    serve_usage, serve_main};

/* --- --connect ----------------------------------------------------------------------- */

static void connect_usage(FILE *out)
{
    fprintf(out, _("  --connect HOST:PORT  play on a server through the text protocol on\n"
                   "                       stdin/stdout, with its lobby commands (docs/network.md)\n"
                   "    --name NAME        the name the other players see\n"));
}

/* The lines of stdin, read without blocking the connection's service. */
typedef struct Input {
    char buf[2 * 4096 + 2];
    size_t len;
    bool eof, overlong;
} Input;

/* Reads what stdin has within timeout_ms. */
static void input_fill(Input *in, int timeout_ms)
{
    if (in->eof)
        return;
    struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
    if (poll(&pfd, 1, timeout_ms) <= 0)
        return;
    if (in->len == sizeof in->buf) { /* a line too long: keep only its end */
        in->overlong = true;
        in->len = 0;
    }
    ssize_t n = read(STDIN_FILENO, in->buf + in->len, sizeof in->buf - in->len);
    if (n <= 0 && !(n < 0 && errno == EINTR))
        in->eof = true;
    else if (n > 0)
        in->len += (size_t)n;
}

/* The next whole line (or the last, unterminated one at the end of
 * input) into line; 1 a line, 0 none yet, -1 a line refused (the reason
 * in line). */
static int input_line(Input *in, char *line, size_t size)
{
    char *nl = memchr(in->buf, '\n', in->len);
    size_t len = nl ? (size_t)(nl - in->buf) : in->len;
    if (!nl && !(in->eof && in->len))
        return 0;
    bool over = in->overlong || len > 4095;
    bool nul = memchr(in->buf, '\0', len) != NULL;
    size_t keep = len;
    if (keep && in->buf[keep - 1] == '\r')
        keep--;
    snprintf(line, size, "%.*s", (int)(keep < size ? keep : size - 1), in->buf);
    size_t used = len + (nl != NULL);
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    in->overlong = false;
    const char *why = over ? "line longer than 4095 bytes"
                      : nul ? "line holds a NUL byte"
                      : !utf8_is_plain(line, strlen(line)) ? "line is not valid UTF-8 text"
                                                           : NULL;
    if (why) {
        snprintf(line, size, "%s", why);
        return -1;
    }
    return 1;
}

static void print_notice(const NetClientEvent *e)
{
    printf("! %s %d %s\n", netmsg_notice_name(e->notice), e->seat, e->name[0] ? e->name : "-");
    if (e->text[0]) {
        fputs(e->text, stdout);
        fputc('\n', stdout);
    }
    fputc('\n', stdout);
    fflush(stdout);
}

static bool parse_target(const char *arg, char *host, size_t size, uint16_t *port)
{
    const char *colon = strrchr(arg, ':');
    long long p;
    if (!colon || colon == arg || (size_t)(colon - arg) >= size ||
        !cliargs_number(_("--connect's port"), colon + 1, 1, 65535, &p))
        return false;
    snprintf(host, size, "%.*s", (int)(colon - arg), arg);
    *port = (uint16_t)p;
    return true;
}

/* --- files: `upload FILE [NAME]`, `fetch FILE` ------------------------------------ */

/* A transfer --connect runs for a local command, and where a fetch goes. */
typedef struct Local {
    NetTransfer *t;
    char path[4096];
} Local;

/* Starts `upload FILE [NAME]` or `fetch FILE` (argv, argc words); false
 * when the line is not one of them (it goes to the server). */
static bool local_start(NetClient *c, char **argv, int argc, Local *l)
{
    bool up = strcmp(argv[0], "upload") == 0 && (argc == 2 || (argc == 3 && strcmp(argv[1], "end")));
    bool fetch = strcmp(argv[0], "fetch") == 0 && argc == 2;
    if (!up && !fetch)
        return false;
    if (fetch) {
        snprintf(l->path, sizeof l->path, "%s", argv[1]);
        l->t = nettransfer_fetch(c);
    } else {
        uint8_t *data = NULL;
        size_t size = 0;
        char why[512], name[64];
        if (!fileio_read(argv[1], PACK_MAX_BYTES, &data, &size, why, sizeof why)) {
            printf("? %s: %s\n\n", argv[1], why);
            return true;
        }
        if (argc == 3)
            snprintf(name, sizeof name, "%.60s", argv[2]);
        else
            onlinefetch_pack_name(argv[1], name, sizeof name);
        l->t = nettransfer_upload(c, name, data, size);
        free(data);
    }
    if (!l->t)
        printf("? the command cannot be sent\n\n");
    return true;
}

/* Prints how a transfer ended; a fetch's bytes go to its file. */
static void local_end(Local *l)
{
    const char *text = nettransfer_text(l->t);
    size_t size = 0;
    const uint8_t *data = nettransfer_data(l->t, &size);
    char why[512], hex[DIGEST_HEX_SIZE];
    if (data && !fileio_write_atomic(l->path, data, size, why, sizeof why)) {
        printf("? %s: %s\n\n", l->path, why);
    } else if (data) {
        digest_sha256_hex(data, size, hex);
        printf("= %s %zu bytes sha256 %s\n\n", l->path, size, hex);
    } else if (text[0] == '=' || text[0] == '?') {
        fputs(text, stdout);
    } else {
        printf("? %s\n\n", text);
    }
    fflush(stdout);
    nettransfer_destroy(l->t);
    l->t = NULL;
}

/* Splits a copy of line into at most 4 words. */
static int words(const char *line, char *buf, size_t size, char **argv)
{
    snprintf(buf, size, "%s", line);
    int argc = 0;
    for (char *t = strtok(buf, " \t"); t && argc < 4; t = strtok(NULL, " \t"))
        argv[argc++] = t;
    return argc;
}

static int connect_main(const CliArgs *a)
{
    char host[256];
    uint16_t port;
    if (!parse_target(a->mode_arg, host, sizeof host, &port)) {
        fprintf(stderr, _("questboard: --connect needs HOST:PORT, not '%s'\n"), a->mode_arg);
        return 2;
    }
    const char *name = a->value[CLI_OPT_NAME] ? a->value[CLI_OPT_NAME] : "player";
    if (strlen(name) > NET_NAME_MAX || !utf8_is_plain(name, strlen(name))) {
        fprintf(stderr, _("questboard: --name is 1 to %d bytes of text\n"), NET_NAME_MAX);
        return 2;
    }
    char why[256];
    NetClient *c = netclient_create(host, port, name, why, sizeof why);
    if (!c) {
        fprintf(stderr, _("questboard: --connect: %s\n"), why);
        return 1;
    }
    lang_off(); /* from here on stdout is the protocol, read by programs */
    signal(SIGPIPE, SIG_IGN);
    Input *in = xcalloc(1, sizeof *in);
    char line[4200];
    uint32_t waiting = 0; /* the command whose answer is awaited */
    bool quit = false;
    int status = 0;
    Local local = {0};
    while (!quit) {
        NetClientEvent e;
        netclient_poll(c, waiting || local.t || !netclient_ready(c) ? 20 : 0, &e);
        if (local.t) {
            bool taken = nettransfer_event(local.t, &e);
            nettransfer_step(local.t);
            if (nettransfer_state(local.t) != NETTRANSFER_RUNNING)
                local_end(&local);
            if (taken)
                continue;
        }
        if (e.kind == NETCLIENT_CLOSED) {
            printf("! closed -1 -\n%s\n\n", e.text);
            fflush(stdout);
            status = 1;
            break;
        }
        if (e.kind == NETCLIENT_NOTICE)
            print_notice(&e);
        if (e.kind == NETCLIENT_ANSWER) {
            fputs(e.text, stdout);
            fflush(stdout);
            if (e.id == waiting)
                waiting = 0;
        }
        if (e.kind != NETCLIENT_NONE || waiting || local.t || !netclient_ready(c))
            continue;
        int got = input_line(in, line, sizeof line);
        if (got == 0) {
            if (in->eof)
                break;
            input_fill(in, 20);
            continue;
        }
        if (got < 0) {
            printf("? %s\n\n", line);
            fflush(stdout);
            continue;
        }
        line[strcspn(line, "#")] = '\0';
        if (line[strspn(line, " \t")] == '\0')
            continue;
        if (strcmp(line + strspn(line, " \t"), "quit") == 0) {
            puts("=\n");
            quit = true;
            break;
        }
        char copy[4200], *argv[4];
        int argc = words(line, copy, sizeof copy, argv);
        if (argc > 0 && local_start(c, argv, argc, &local)) {
            fflush(stdout);
            continue;
        }
        waiting = netclient_send(c, line);
        if (!waiting) {
            printf("? the command cannot be sent\n\n");
            fflush(stdout);
        }
    }
    fflush(stdout);
    nettransfer_destroy(local.t);
    free(in);
    netclient_destroy(c);
    return status;
}

const CliMode netcli_connect_mode = {"connect", "HOST:PORT", 0, 0, "", CLI_BIT(CLI_OPT_NAME),
                                     connect_usage, connect_main};

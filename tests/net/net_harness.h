/* The online tests' harness: a server on 127.0.0.1 in a thread of the
 * test, and headless clients driven from the test's thread, each keeping
 * everything it was told (answers and notices) for the checks. */
#pragma once
#define _GNU_SOURCE
/* each test uses some of these */
#pragma GCC diagnostic ignored "-Wunused-function"

#include "check.h"
#include "core/alloc.h"
#include "net/netclient.h"
#include "net/netserver.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct TestServer {
    NetServer *s;
    pthread_t thread;
    volatile int stop;
    uint16_t port;
} TestServer;

static void *th_serve(void *arg)
{
    TestServer *t = arg;
    netserver_run(t->s, &t->stop);
    return NULL;
}

/* A server on 127.0.0.1 keeping its games in data_dir (NULL: none),
 * offering the missions of missions_dir too, with the rate limit rate
 * (0: --serve's). */
static TestServer *th_server_with(const NetServerConfig *c)
{
    TestServer *t = xcalloc(1, sizeof *t);
    char why[256];
    t->s = netserver_create(c, why, sizeof why);
    if (!t->s)
        fprintf(stderr, "netserver_create: %s\n", why);
    CHECK(t->s != NULL);
    if (!t->s)
        exit(1);
    t->port = netserver_port(t->s);
    pthread_create(&t->thread, NULL, th_serve, t);
    return t;
}

static TestServer *th_server(const char *data_dir, const char *missions_dir, int rate)
{
    NetServerConfig c = {.bind = "127.0.0.1", .port = 0, .data_dir = data_dir,
                         .missions_dir = missions_dir, .rate = rate, .burst = rate * 3};
    return th_server_with(&c);
}

static void th_server_stop(TestServer *t)
{
    t->stop = 1;
    pthread_join(t->thread, NULL);
    netserver_destroy(t->s);
    free(t);
}

/* A client and what it was told. */
typedef struct TestClient {
    NetClient *c;
    char *told;     /* every notice, as --connect prints them */
    size_t told_len, told_cap;
    size_t read_at; /* the checks' mark in told */
    bool closed;
    char closed_why[256];
} TestClient;

static void tc_append(TestClient *tc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void tc_append(TestClient *tc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (tc->told_len + (size_t)n + 1 > tc->told_cap) {
        tc->told_cap = (tc->told_len + (size_t)n + 1) * 2;
        tc->told = xrealloc(tc->told, tc->told_cap, 1);
    }
    va_start(ap, fmt);
    vsnprintf(tc->told + tc->told_len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    tc->told_len += (size_t)n;
}

/* Polls once; returns the answer text when it is the one awaited (the
 * caller frees it). */
static char *tc_poll(TestClient *tc, uint32_t id, int ms)
{
    NetClientEvent e;
    netclient_poll(tc->c, ms, &e);
    switch (e.kind) {
    case NETCLIENT_NOTICE:
        tc_append(tc, "! %s %d %s\n%s\n\n", netmsg_notice_name(e.notice), e.seat,
                  e.name[0] ? e.name : "-", e.text);
        break;
    case NETCLIENT_ANSWER:
        if (id && e.id == id)
            return xstrdup(e.text);
        break;
    case NETCLIENT_CLOSED:
        tc->closed = true;
        snprintf(tc->closed_why, sizeof tc->closed_why, "%s", e.text);
        break;
    default:
        break;
    }
    return NULL;
}

static TestClient *tc_connect(uint16_t port, const char *name)
{
    TestClient *tc = xcalloc(1, sizeof *tc);
    char why[256];
    tc->c = netclient_create("127.0.0.1", port, name, why, sizeof why);
    CHECK(tc->c != NULL);
    for (int i = 0; i < 500 && !netclient_ready(tc->c) && !tc->closed; i++)
        free(tc_poll(tc, 0, 10));
    CHECK(netclient_ready(tc->c));
    return tc;
}

/* Sends a line and waits (up to 20 s) for its answer; the caller frees it. */
static char *tc_cmd(TestClient *tc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static char *tc_cmd(TestClient *tc, const char *fmt, ...)
{
    char line[4200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    uint32_t id = netclient_send(tc->c, line);
    if (!id)
        return xstrdup("? not sent\n\n");
    for (int i = 0; i < 4000 && !tc->closed; i++) {
        char *a = tc_poll(tc, id, 5);
        if (a)
            return a;
    }
    return xstrdup("? no answer\n\n");
}

/* Lets the notices in flight arrive. */
static void tc_drain(TestClient *tc, int ms)
{
    for (int i = 0; i < ms / 5; i++)
        free(tc_poll(tc, 0, 5));
}

static void tc_close(TestClient *tc)
{
    netclient_destroy(tc->c);
    free(tc->told);
    free(tc);
}

/* The token out of "= CODE token TOKEN". */
static bool tc_seat_answer(const char *answer, char *code, char *token)
{
    return sscanf(answer, "= %15s token %63s", code, token) == 2;
}

/* A minimal test harness: each test is a small C program; CHECK records a
 * failure with its line and carries on, and check_finish() gives the exit
 * status meson reads. */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        check_count++;                                                                \
        if (!(cond)) {                                                                \
            check_failures++;                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                             \
    } while (0)

#define CHECK_INT(a, b)                                                                   \
    do {                                                                                  \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                   \
        check_count++;                                                                    \
        if (check_a_ != check_b_) {                                                       \
            check_failures++;                                                             \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__, \
                    #a, check_a_, #b, check_b_);                                          \
        }                                                                                 \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                    \
    do {                                                                                   \
        check_count++;                                                                     \
        const char *check_h_ = (hay);                                                      \
        if (!check_h_ || !strstr(check_h_, (needle))) {                                    \
            check_failures++;                                                              \
            fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, \
                    check_h_ ? check_h_ : "(null)", (needle));                             \
        }                                                                                  \
    } while (0)

/* Prints a summary and returns the exit status for main. */
static inline int check_finish(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

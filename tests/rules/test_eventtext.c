/* A line's parts as one token (rules/eventtext.h, the protocol's `words
 * on`): written and read back they say the same line; the token holds no
 * space, '|' or ','; a token from a peer is refused unless each format
 * takes exactly its arguments, each of its kind, within the limits. */
#include "check.h"

#include "rules/eventtext.h"

#include <stdio.h>
#include <string.h>

static void round_trip(const EventText *t, const char *want)
{
    char token[1024], store[1024], said[256];
    size_t n = eventtext_encode(t, token, sizeof token);
    CHECK(n > 0 && n == strlen(token));
    CHECK(strpbrk(token, " |\n") == NULL);
    EventText back;
    CHECK(eventtext_decode(&back, token, n, store, sizeof store));
    eventtext_render(&back, NULL, NULL, said, sizeof said);
    if (strcmp(said, want) != 0)
        fprintf(stderr, "'%s' read back as '%s'\n", want, said);
    CHECK(strcmp(said, want) == 0);
}

static void test_round_trip(void)
{
    EventText t;
    eventtext_clear(&t);
    CHECK(eventtext_add(&t, "%s attacks %s", "Barbarian", "Orc | the \"big\" one, 100%"));
    CHECK(eventtext_add(&t, ": %d skulls, %d blocked, %d damage", 3, -1, 2));
    round_trip(&t, "Barbarian attacks Orc | the \"big\" one, 100%: 3 skulls, -1 blocked, 2 damage");
    eventtext_clear(&t);
    CHECK(eventtext_add(&t, "100%% of %s/%c at (%d,%d)", "Grüner Zwerg", 'x', 0, 12));
    round_trip(&t, "100% of Grüner Zwerg/x at (0,12)");
    eventtext_clear(&t);
    CHECK(eventtext_add(&t, "no arguments"));
    round_trip(&t, "no arguments");
    /* nothing kept, or no room: no token */
    char small[8];
    CHECK(eventtext_encode(&t, small, sizeof small) == 0 && small[0] == '\0');
    eventtext_clear(&t);
    CHECK(eventtext_encode(&t, small, sizeof small) == 0);
}

static void refused(const char *token)
{
    EventText t;
    char store[512];
    bool ok = eventtext_decode(&t, token, strlen(token), store, sizeof store);
    if (ok)
        fprintf(stderr, "token '%s' was taken\n", token);
    CHECK(!ok && !eventtext_valid(&t));
}

static void test_refused(void)
{
    refused("");                                 /* nothing */
    refused("%25s%20hits");                      /* a %s without its argument */
    refused("%25s%20hits,n3");                   /* a number for a %s */
    refused("%25d%20hits,tOrc");                 /* a text for a %d */
    refused("hits,n3");                          /* an argument no format takes */
    refused("%25n,n3");                          /* a conversion never kept */
    refused("%25p,n3");
    refused("%251%24s,tOrc");                    /* a position */
    refused("%25s,tOr%0Ac");                     /* a control character */
    refused("%25s,tOr%zz");                      /* a bad escape */
    refused("%25s,tOr%4");
    refused("%25d,n");                           /* an empty number */
    refused("%25d,n1x");
    refused("%25d,x1");                          /* no such kind */
    refused("%25c,n10");                         /* a %c that is a line break (fuzz_words) */
    refused("%25c,n0");                          /* ... the end of the line */
    refused("%25c,n256");                        /* ... (char)256 is too */
    refused("%25c,n127");
    refused("a/b/c/d");                          /* too many parts */
    refused("a/");                               /* a trailing '/' */
    refused(",n1");                              /* no format */
    /* more arguments than a line keeps */
    refused("%25d%25d%25d%25d%25d%25d%25d%25d%25d,n1,n1,n1,n1,n1,n1,n1,n1,n1");
    /* the texts too long for the pool */
    char big[1200];
    int n = snprintf(big, sizeof big, "%%25s%%25s");
    for (int k = 0; k < 2; k++) {
        n += snprintf(big + n, sizeof big - (size_t)n, ",t");
        for (int i = 0; i < 120; i++)
            big[n++] = 'a';
        big[n] = '\0';
    }
    refused(big);
    /* a good one, to be sure the cases above fail for their own reason */
    EventText t;
    char store[256];
    CHECK(eventtext_decode(&t, "%25s%20hits%20%25d,tOrc,n3/%3A%20dead", strlen("%25s%20hits%20%25d,tOrc,n3/%3A%20dead"),
                           store, sizeof store));
    char said[64];
    eventtext_render(&t, NULL, NULL, said, sizeof said);
    CHECK(strcmp(said, "Orc hits 3: dead") == 0);
    CHECK(eventtext_decode(&t, "%25c%25c,n79,n126", strlen("%25c%25c,n79,n126"), store, sizeof store));
    eventtext_render(&t, NULL, NULL, said, sizeof said);
    CHECK(strcmp(said, "O~") == 0); /* printable characters are */
    /* the store too small for the formats */
    CHECK(!eventtext_decode(&t, "%25s%20hits,tOrc", strlen("%25s%20hits,tOrc"), store, 4));
}

/* A reason after a prefix: more's parts and arguments follow t's; one
 * that would not fit leaves t as it was. */
static void test_append(void)
{
    EventText t, more;
    eventtext_clear(&t);
    eventtext_clear(&more);
    CHECK(eventtext_add(&t, "%s: entry %s:%d: ", "p.questpack", "m/mission.xml", 4));
    CHECK(eventtext_add(&more, "bitmap '%s': %s", "board.png", "not a picture"));
    CHECK(eventtext_add(&more, " (%d tries)", 2));
    CHECK(eventtext_append(&t, &more));
    char said[256];
    eventtext_render(&t, NULL, NULL, said, sizeof said);
    CHECK(strcmp(said, "p.questpack: entry m/mission.xml:4: bitmap 'board.png': not a picture (2 tries)") == 0);
    round_trip(&t, said);
    EventText keep = t;
    CHECK(!eventtext_append(&t, &more)); /* five parts: too many */
    CHECK(memcmp(&t, &keep, sizeof t) == 0);
}

/* The translation test_quoted uses: every text in capitals. */
static const char *loud(const char *text)
{
    static char buf[4][64];
    static int next;
    char *out = buf[next++ % 4];
    size_t i = 0;
    for (; text[i] && i + 1 < sizeof buf[0]; i++)
        out[i] = text[i] >= 'a' && text[i] <= 'z' ? (char)(text[i] - 32) : text[i];
    out[i] = '\0';
    return out;
}

/* A text argument the format quotes is a name as written: never
 * translated (an element <victory> is not the word "victory"), in the
 * English format or a translation's typographic quotes; the others are. */
static void test_quoted(void)
{
    EventText t;
    eventtext_clear(&t);
    CHECK(eventtext_add(&t, "a second <%s> in '%s' for %s", "victory", "de", "victory"));
    char said[128];
    eventtext_render(&t, NULL, loud, said, sizeof said);
    CHECK(strcmp(said, "a second <victory> in 'de' for VICTORY") == 0);
    eventtext_clear(&t);
    CHECK(eventtext_add(&t, "\xe2\x80\x9e%s\xe2\x80\x9c, \xc2\xbb%s\xc2\xab, \"%s\", %s", "a", "b", "c", "d"));
    eventtext_render(&t, NULL, loud, said, sizeof said);
    CHECK(strcmp(said, "\xe2\x80\x9e" "a\xe2\x80\x9c, \xc2\xbb" "b\xc2\xab, \"c\", D") == 0);
}

int main(void)
{
    test_round_trip();
    test_append();
    test_quoted();
    test_refused();
    return check_finish("eventtext");
}

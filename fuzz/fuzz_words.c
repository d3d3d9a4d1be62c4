/* libFuzzer harness over the client's reading of a line's words from a
 * server (docs/protocol.md, "Event words"; src/app/eventsay.h): the input
 * is taken as a `w:` token (eventtext_decode, eventsay_token) and as the
 * text of an answer or notice that may carry a `w:` line after its
 * reason (eventsay_reason), and as a server's bye (eventsay_closed), in
 * German, so translated formats are rendered with the peer's arguments
 * too. A token that reads renders within its
 * buffer, encodes again to a token that reads back to the same line, and
 * is said only in place of the very English line it makes; whatever the
 * input, what is said is one terminated line without a line break. */
#define _POSIX_C_SOURCE 200809L /* setenv, strnlen */
#include "app/eventsay.h"
#include "app/lang.h"
#include "rules/eventtext.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    setenv("LANGUAGE", "de", 1);
    lang_init(LANG_SYSTEM);
    return 0;
}

/* One line, terminated within size. */
static void check_line(const char *s, size_t size)
{
    size_t n = strnlen(s, size);
    if (n >= size || memchr(s, '\n', n))
        abort();
}

static void as_token(const char *token, size_t len)
{
    EventText t, again;
    char store[EVENTTEXT_POOL * 4], store2[EVENTTEXT_POOL * 4];
    char english[1024], english2[1024], said[512], tiny[6], encoded[4096];
    bool read = eventtext_decode(&t, token, len, store, sizeof store);
    if (!read) {
        if (eventtext_valid(&t))
            abort(); /* a refusal keeps nothing */
        eventsay_token(token, len, "fallback", said, sizeof said);
        if (strcmp(said, "fallback") != 0)
            abort(); /* unread words say the English line */
        return;
    }
    size_t n = eventtext_render(&t, NULL, NULL, english, sizeof english);
    if (n >= sizeof english || strlen(english) != n)
        abort();
    size_t m = eventtext_encode(&t, encoded, sizeof encoded);
    if (m) {
        if (strlen(encoded) != m || strpbrk(encoded, " |\n") ||
            !eventtext_decode(&again, encoded, m, store2, sizeof store2) ||
            eventtext_render(&again, NULL, NULL, english2, sizeof english2) != n ||
            strcmp(english, english2) != 0)
            abort();
    }
    eventsay_token(token, len, english, said, sizeof said);
    eventsay_token(token, len, english, tiny, sizeof tiny);
    eventsay_token(token, len, "another line", said, sizeof said);
    if (strcmp(said, "another line") != 0)
        abort(); /* words that make another line are not said */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an exact copy, terminated, so reading past the end is caught */
    char *text = malloc(size + 1);
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    as_token(text, strnlen(text, size));
    char said[512], tiny[6];
    check_line(eventsay_reason(text, said, sizeof said), sizeof said);
    check_line(eventsay_reason(text, tiny, sizeof tiny), sizeof tiny);
    /* as why a connection closed, a server's bye after "the server said: " */
    char closed[600];
    size_t head = strlen("the server said: ");
    memcpy(closed, "the server said: ", head);
    snprintf(closed + head, sizeof closed - head, "%s", text);
    check_line(eventsay_closed(text, said, sizeof said), sizeof said);
    check_line(eventsay_closed(closed, said, sizeof said), sizeof said);
    check_line(eventsay_closed(closed, tiny, sizeof tiny), sizeof tiny);
    free(text);
    return 0;
}

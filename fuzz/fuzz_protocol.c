/* libFuzzer harness over the text protocol, in process: the input is a
 * command stream fed to protocol_run (the line reader, every command, the
 * game behind them) through a memory stream. The harness works in a
 * private folder (protocol saves stay under the working directory) that is
 * emptied after every input. The folder holds a link "missions" to the
 * bundled missions, so that `load missions/...` and `campaign load
 * missions/campaigns/campaign.xml` reach every mission and the campaign
 * (saves through the link are refused: it leads out of the folder).
 * Checked: every answer starts with '=' or '?' and ends with a blank
 * line, and there are exactly as many answers as the input has lines that
 * want one (docs/protocol.md: every line but an empty one or a comment,
 * up to and with `quit`), so a client never loses count. */
#define _DEFAULT_SOURCE
#include "app/protocol.h"
#include "app/textfield.h"
#include "config.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char workdir[] = "/tmp/qb-fuzz-protocol-XXXXXX";

static const char MISSIONS_LINK[] = "missions";

/* Empties the folder, all but the link unless everything is asked for. */
static void remove_files(bool everything)
{
    DIR *d = opendir(workdir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        bool dots = e->d_name[0] == '.' &&
                    (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]));
        if (!dots && (everything || strcmp(e->d_name, MISSIONS_LINK) != 0))
            unlinkat(dirfd(d), e->d_name, 0);
    }
    if (d)
        closedir(d);
}

static void leave_workdir(void)
{
    remove_files(true);
    rmdir(workdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !*root)
        setenv("QUESTBOARD_DATA", QB_SOURCE_DIR, 1);
    if (!mkdtemp(workdir) || chdir(workdir) != 0) {
        perror("fuzz_protocol: work folder");
        abort();
    }
    atexit(leave_workdir);
    char target[4096];
    snprintf(target, sizeof target, "%s/missions", getenv("QUESTBOARD_DATA"));
    if (symlink(target, MISSIONS_LINK) != 0) {
        perror("fuzz_protocol: missions link");
        abort();
    }
    return 0;
}

/* The longest line the protocol reads, without its newline. */
#define LINE_BYTES 4095

static bool valid_utf8(const uint8_t *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len)
        if ((len = textfield_utf8_length((const char *)s + i, n - i)) == 0)
            return false;
    return true;
}

/* Whether the line s (n bytes, no newline) wants an answer, as the
 * protocol reads it; *quit is set for a `quit` command. */
static bool wants_answer(const uint8_t *s, size_t n, bool *quit)
{
    *quit = false;
    if (n > 0 && s[n - 1] == '\r')
        n--;
    if (n > LINE_BYTES || memchr(s, '\0', n) || !valid_utf8(s, n))
        return true; /* refused, for this line only */
    size_t end = 0;
    while (end < n && s[end] != '\r' && s[end] != '#')
        end++;
    size_t a = 0;
    while (a < end && (s[a] == ' ' || s[a] == '\t'))
        a++;
    if (a == end)
        return false; /* empty or a comment */
    size_t b = a;
    while (b < end && s[b] != ' ' && s[b] != '\t')
        b++;
    *quit = b - a == 4 && memcmp(s + a, "quit", 4) == 0;
    return true;
}

/* How many answers the input wants. */
static size_t answers_wanted(const uint8_t *data, size_t size)
{
    size_t count = 0;
    for (size_t start = 0; start < size;) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        size_t n = nl ? (size_t)(nl - data) - start : size - start;
        bool quit;
        count += wants_answer(data + start, n, &quit);
        if (quit)
            break;
        start += n + 1;
    }
    return count;
}

/* Every answer: '=' or '?' first, a blank line last; returns how many. */
static size_t check_answers(const char *out, size_t n)
{
    if (n == 0)
        return 0;
    if (n < 3 || out[n - 1] != '\n' || out[n - 2] != '\n')
        abort();
    size_t count = 0;
    for (size_t start = 0; start < n; count++) {
        if (out[start] != '=' && out[start] != '?')
            abort();
        const char *end = strstr(out + start, "\n\n");
        if (!end)
            abort();
        start = (size_t)(end - out) + 2;
    }
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char empty[1];
    FILE *in = fmemopen((void *)(uintptr_t)(size ? (const void *)data : (const void *)empty),
                        size ? size : 1, "r");
    char *out = NULL;
    size_t out_size = 0;
    FILE *o = open_memstream(&out, &out_size);
    if (!in || !o)
        abort();
    if (size == 0)
        (void)fgetc(in); /* nothing to read */
    protocol_run(in, o);
    fclose(in);
    fclose(o);
    if (check_answers(out, out_size) != answers_wanted(data, size))
        abort(); /* a line without its answer, or one answered twice */
    free(out);
    remove_files(false);
    return 0;
}

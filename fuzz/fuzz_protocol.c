/* libFuzzer harness over the text protocol, in process: the input is a
 * command stream fed to protocol_run (the line reader, every command, the
 * game behind them) through a memory stream. The harness works in a
 * private folder (protocol saves stay under the working directory) that is
 * emptied after every input. The folder holds a link "missions" to the
 * bundled missions, so that `load missions/...` and `campaign load
 * missions/campaigns/campaign.xml` reach every mission and the campaign
 * (saves through the link are refused: it leads out of the folder).
 * Checked: every answer starts with '=' or '?' and ends with a blank
 * line. */
#define _DEFAULT_SOURCE
#include "app/protocol.h"
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

/* Every answer: '=' or '?' first, a blank line last. */
static void check_answers(const char *out, size_t n)
{
    if (n == 0)
        return;
    if (n < 3 || out[n - 1] != '\n' || out[n - 2] != '\n')
        abort();
    for (size_t start = 0; start < n;) {
        if (out[start] != '=' && out[start] != '?')
            abort();
        const char *end = strstr(out + start, "\n\n");
        if (!end)
            abort();
        start = (size_t)(end - out) + 2;
    }
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
    check_answers(out, out_size);
    free(out);
    remove_files(false);
    return 0;
}

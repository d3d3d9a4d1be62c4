/* libFuzzer harness over the save-slot header line (src/app/slots.h): the
 * input is the start of a slot file. The parser gets a buffer of exactly
 * the input's size, no NUL after it, so reading past the end is caught by
 * AddressSanitizer. A header that parses must format back to a line that
 * parses to the same header (the listing shows what was written). */
#include "app/slots.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same(const SlotHeader *a, const SlotHeader *b)
{
    return strcmp(a->slot, b->slot) == 0 && strcmp(a->mission, b->mission) == 0 &&
           a->turn == b->turn && a->date == b->date && strcmp(a->players, b->players) == 0 &&
           strcmp(a->outcome, b->outcome) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size ? size : 1);
    if (size)
        memcpy(copy, data, size);
    SlotHeader h, again;
    size_t used = 0, used_again = 0;
    char why[256] = "", line[SLOTS_HEADER_MAX];
    if (slots_header_parse(copy, size, &h, &used, why, sizeof why)) {
        if (used == 0 || used > size || used > SLOTS_HEADER_MAX || copy[used - 1] != '\n')
            abort();
        if (!slots_header_format(&h, line, sizeof line) ||
            !slots_header_parse(line, strlen(line), &again, &used_again, why, sizeof why) ||
            !same(&h, &again) || used_again != strlen(line))
            abort();
    } else if (!why[0]) {
        abort(); /* a refusal says why */
    }
    free(copy);
    return 0;
}

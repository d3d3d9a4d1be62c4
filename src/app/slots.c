#define _POSIX_C_SOURCE 200809L
#include "slots.h"

#include "core/alloc.h"
#include "core/fileio.h"
#include "core/numparse.h"
#include "../core/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

struct SlotList {
    SlotInfo *items;
    size_t count;
    char error[256];
};

/* ---- dates --------------------------------------------------------------- */

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil); timegm is not standard C. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* 10000-01-01T00:00:00Z: dates must have four-digit years. */
#define SLOTS_DATE_END 253402300800LL

bool slots_date_format(int64_t t, char *buf, size_t size)
{
    struct tm tm;
    time_t tt = (time_t)t;
    if (t < 0 || t >= SLOTS_DATE_END || size < 21 || !gmtime_r(&tt, &tm))
        return false;
    return strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 20;
}

bool slots_date_parse(const char *text, int64_t *t)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    for (size_t i = 0; i < sizeof shape; i++) {
        bool digit = text[i] >= '0' && text[i] <= '9';
        if (shape[i] == 'd' ? !digit : text[i] != shape[i])
            return false; /* also stops at the NUL of a short text */
    }
    /* each field's digits, strictly and in range (the shape says where) */
    static const struct {
        int at, len, min, max;
    } fields[6] = {{0, 4, 1970, 9999}, {5, 2, 1, 12}, {8, 2, 1, 31},
                   {11, 2, 0, 23},     {14, 2, 0, 59}, {17, 2, 0, 59}};
    int v[6];
    for (int i = 0; i < 6; i++) {
        char digits[5];
        memcpy(digits, text + fields[i].at, (size_t)fields[i].len);
        digits[fields[i].len] = '\0';
        if (!numparse_int(digits, fields[i].min, fields[i].max, &v[i]))
            return false;
    }
    int y = v[0], mo = v[1], d = v[2], h = v[3], mi = v[4], s = v[5];
    int64_t days = days_from_civil(y, mo, d);
    /* Day 31 of a 30-day month lands in the next month: refuse it. */
    if (d > 28 &&
        days_from_civil(y, mo, 1) + d - 1 >= days_from_civil(y + (mo == 12), mo % 12 + 1, 1))
        return false;
    *t = days * 86400 + h * 3600 + mi * 60 + s;
    return true;
}

/* ---- header line ----------------------------------------------------------- */

static bool needs_escape(unsigned char c)
{
    return c <= ' ' || c == 0x7f || c == '%' || c == '=';
}

/* Appends " name=escaped(value)" to buf at *len; false when it does not fit. */
static bool put_field(char *buf, size_t size, size_t *len, const char *name, const char *value)
{
    int n = snprintf(buf + *len, size - *len, " %s=", name);
    if (n < 0 || (size_t)n >= size - *len)
        return false;
    *len += (size_t)n;
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        size_t need = needs_escape(*p) ? 3 : 1;
        if (*len + need >= size)
            return false;
        if (need == 3)
            snprintf(buf + *len, 4, "%%%02X", *p);
        else
            buf[*len] = (char)*p;
        *len += need;
    }
    buf[*len] = 0;
    return true;
}

bool slots_header_format(const SlotHeader *h, char *buf, size_t size)
{
    char date[32], turn[24], monsters[4];
    if (size == 0)
        return false;
    buf[0] = 0;
    if (h->turn < 0 || h->monsters < 0 || h->monsters > 4 ||
        !slots_date_format(h->date, date, sizeof date))
        return false;
    snprintf(monsters, sizeof monsters, "%d", h->monsters);
    snprintf(turn, sizeof turn, "%d", h->turn);
    int n = snprintf(buf, size, "%s %d", SLOTS_HEADER_MAGIC, SLOTS_HEADER_VERSION);
    size_t len = (size_t)n;
    bool ok = (size_t)n < size && put_field(buf, size, &len, "slot", h->slot) &&
              put_field(buf, size, &len, "mission", h->mission) &&
              put_field(buf, size, &len, "turn", turn) &&
              put_field(buf, size, &len, "date", date) &&
              (!h->players[0] || put_field(buf, size, &len, "players", h->players)) &&
              (!h->monsters || put_field(buf, size, &len, "monsters", monsters)) &&
              (!h->outcome[0] || put_field(buf, size, &len, "outcome", h->outcome)) &&
              len + 1 < size;
    if (!ok) {
        buf[0] = 0;
        return false;
    }
    memcpy(buf + len, "\n", 2);
    return true;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Decodes the escaped value in [p, end) into out (out_size bytes with NUL). */
static bool unescape(const char *p, const char *end, char *out, size_t out_size, const char **why)
{
    size_t n = 0;
    for (; p < end; n++) {
        int c = (unsigned char)*p++;
        if (c == '%') {
            int hi = p + 1 < end ? hex_value(p[0]) : -1, lo = hi >= 0 ? hex_value(p[1]) : -1;
            if (lo < 0 || (hi == 0 && lo == 0)) {
                /* xgettext:no-c-format */
                *why = lo < 0 ? _("a bad %-escape") : _("an escaped NUL (%00)");
                return false;
            }
            c = hi * 16 + lo;
            p += 2;
        }
        if (n + 1 >= out_size) {
            *why = _("a value that is too long");
            return false;
        }
        out[n] = (char)c;
    }
    out[n] = 0;
    return true;
}

enum { HDR_SLOT = 1, HDR_MISSION = 2, HDR_TURN = 4, HDR_DATE = 8, HDR_ALL = 15, HDR_PLAYERS = 16,
       HDR_OUTCOME = 32, HDR_MONSTERS = 64 };

/* A players value: one digit 1..4 per hero, at most SLOTS_PLAYERS_MAX. */
static bool players_ok(const char *v)
{
    size_t n = strlen(v);
    if (n == 0 || n > SLOTS_PLAYERS_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (v[i] < '1' || v[i] > '4')
            return false;
    return true;
}

/* Reads one "name=value" token into h; sets its bit in *have. */
static bool parse_field(const char *tok, const char *end, SlotHeader *h, int *have, char *err,
                        size_t err_size)
{
    const char *eq = memchr(tok, '=', (size_t)(end - tok));
    if (!eq || eq == tok) {
        snprintf(err, err_size, "%s", _("header field without 'name='"));
        return false;
    }
    static const char *const names[] = {"slot",    "mission", "turn",    "date",
                                        "players", "outcome", "monsters"};
    int bit = 0;
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if ((size_t)(eq - tok) == strlen(names[i]) && memcmp(tok, names[i], strlen(names[i])) == 0)
            bit = 1 << i;
    if (!bit)
        return true; /* a field of a later version */
    if (*have & bit) {
        snprintf(err, err_size, _("header field '%.*s' given twice"), (int)(eq - tok), tok);
        return false;
    }
    *have |= bit;
    char value[SLOTS_TEXT_MAX];
    const char *why = "";
    if (!unescape(eq + 1, end, value, sizeof value, &why)) {
        snprintf(err, err_size, _("header field '%.*s' has %s"), (int)(eq - tok), tok, why);
        return false;
    }
    int turn = 0;
    switch (bit) {
    case HDR_SLOT:
        memcpy(h->slot, value, sizeof value);
        return true;
    case HDR_MISSION:
        memcpy(h->mission, value, sizeof value);
        return true;
    case HDR_OUTCOME:
        if (strcmp(value, "victory") != 0 && strcmp(value, "defeat") != 0) {
            snprintf(err, err_size, _("outcome '%s' is not victory or defeat"), value);
            return false;
        }
        memcpy(h->outcome, value, strlen(value) + 1); /* "victory" or "defeat": fits */
        return true;
    case HDR_PLAYERS:
        if (!players_ok(value)) {
            snprintf(err, err_size, _("players '%s' is not one digit 1-4 per hero"), value);
            return false;
        }
        memcpy(h->players, value, strlen(value) + 1);
        return true;
    case HDR_MONSTERS:
        if (strlen(value) != 1 || value[0] < '1' || value[0] > '4') {
            snprintf(err, err_size, _("monsters '%s' is not a player 1-4"), value);
            return false;
        }
        h->monsters = value[0] - '0';
        return true;
    case HDR_TURN:
        if (!numparse_int(value, 0, 1000000000, &turn)) {
            snprintf(err, err_size, _("turn '%s' is not a whole number from 0 to 1000000000"), value);
            return false;
        }
        h->turn = turn;
        return true;
    default:
        if (!slots_date_parse(value, &h->date) || strlen(value) != 20) {
            snprintf(err, err_size, _("date '%s' is not like 2026-01-31T18:05:00Z"), value);
            return false;
        }
        return true;
    }
}

/* Checks "questboard-slot <version>" at the start of the line. */
static bool parse_magic(const char *line, const char *end, const char **after, char *err,
                        size_t err_size)
{
    size_t m = strlen(SLOTS_HEADER_MAGIC), bare = strlen(SLOTS_BODY_MAGIC);
    if ((size_t)(end - line) >= bare && memcmp(line, SLOTS_BODY_MAGIC, bare) == 0) {
        snprintf(err, err_size, _("a bare game save without its '%s' line"), SLOTS_HEADER_MAGIC);
        return false;
    }
    if ((size_t)(end - line) < m + 2 || memcmp(line, SLOTS_HEADER_MAGIC " ", m + 1) != 0) {
        snprintf(err, err_size, _("not a Questboard save (no '%s' header line)"), SLOTS_HEADER_MAGIC);
        return false;
    }
    const char *v = line + m + 1, *v_end = memchr(v, ' ', (size_t)(end - v));
    if (!v_end)
        v_end = end;
    if (v_end - v != 1 || *v != '0' + SLOTS_HEADER_VERSION) {
        snprintf(err, err_size, _("save format '%.*s' is not %d (written by another version?)"),
                 (int)(v_end - v > 16 ? 16 : v_end - v), v, SLOTS_HEADER_VERSION);
        return false;
    }
    *after = v_end;
    return true;
}

bool slots_header_parse(const char *data, size_t len, SlotHeader *out, size_t *header_len,
                        char *err, size_t err_size)
{
    size_t scan = len < SLOTS_HEADER_MAX ? len : SLOTS_HEADER_MAX;
    const char *nl = memchr(data, '\n', scan);
    const char *body = NULL, *end = nl ? nl : data + scan;
    if (nl && nl > data && nl[-1] == '\r')
        end = nl - 1;
    if (!parse_magic(data, end, &body, err, err_size))
        return false;
    if (!nl) {
        if (scan < SLOTS_HEADER_MAX)
            snprintf(err, err_size, "%s", _("file ends inside the header line"));
        else
            snprintf(err, err_size, _("header line longer than %d bytes"), SLOTS_HEADER_MAX);
        return false;
    }
    if (memchr(data, 0, (size_t)(end - data))) {
        snprintf(err, err_size, "%s", _("header line holds a NUL byte"));
        return false;
    }
    SlotHeader h = {0};
    int have = 0;
    for (const char *p = body; p < end;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        const char *tok_end = memchr(p, ' ', (size_t)(end - p));
        if (!tok_end)
            tok_end = end;
        if (!parse_field(p, tok_end, &h, &have, err, err_size))
            return false;
        p = tok_end;
    }
    if ((have & HDR_ALL) != HDR_ALL) {
        static const char *const names[] = {"slot", "mission", "turn", "date"};
        int i = 0;
        while (have & (1 << i))
            i++;
        snprintf(err, err_size, _("header has no '%s' field"), names[i]);
        return false;
    }
    *out = h;
    if (header_len)
        *header_len = (size_t)(nl - data) + 1;
    return true;
}

/* ---- file names ------------------------------------------------------------ */

bool slots_file_for_number(int n, char *buf, size_t size)
{
    if (n < 1 || n > SLOTS_NUMBER_MAX || size < SLOTS_FILE_MAX)
        return false;
    snprintf(buf, size, "slot-%02d%s", n, SLOTS_EXTENSION);
    return true;
}

bool slots_file_for_name(const char *name, char *buf, size_t size)
{
    if (size < SLOTS_FILE_MAX)
        return false;
    const size_t prefix = 5, limit = SLOTS_FILE_MAX - 1 - strlen(SLOTS_EXTENSION);
    memcpy(buf, "save-", prefix);
    size_t n = prefix;
    for (const char *p = name ? name : ""; *p && n < limit; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (keep)
            buf[n++] = c;
        else if (buf[n - 1] != '-')
            buf[n++] = '-';
    }
    while (n > prefix && buf[n - 1] == '-')
        n--;
    if (n == prefix) {
        memcpy(buf + n, "unnamed", 7);
        n += 7;
    }
    snprintf(buf + n, size - n, "%s", SLOTS_EXTENSION);
    return true;
}

bool slots_file_ok(const char *file)
{
    size_t n = strlen(file), ext = strlen(SLOTS_EXTENSION);
    if (n <= ext || n >= SLOTS_FILE_MAX || strcmp(file + n - ext, SLOTS_EXTENSION) != 0)
        return false;
    for (size_t i = 0; i < n - ext; i++) {
        char c = file[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
    }
    return true;
}

bool slots_join(const char *folder, const char *file, char *buf, size_t size)
{
    if (!slots_file_ok(file))
        return false;
    size_t f = strlen(folder);
    bool slash = f > 0 && folder[f - 1] == '/';
    int n = snprintf(buf, size, "%s%s%s", folder, slash || f == 0 ? "" : "/", file);
    return n >= 0 && (size_t)n < size;
}

/* ---- reading and writing --------------------------------------------------- */

bool slots_write(const char *folder, const char *file, const SlotHeader *h, const void *body,
                 size_t body_size, char *err, size_t err_size)
{
    char path[4096], head[SLOTS_HEADER_MAX], why[256];
    if (!slots_join(folder, file, path, sizeof path)) {
        snprintf(err, err_size, _("'%s' is not a save file name"), file);
        return false;
    }
    if (!slots_header_format(h, head, sizeof head)) {
        snprintf(err, err_size, _("%s: the save header cannot be written (bad turn or date)"), path);
        return false;
    }
    if (mkdir(folder, 0755) != 0 && errno != EEXIST) {
        snprintf(err, err_size, _("%s: cannot create the folder: %s"), folder, strerror(errno));
        return false;
    }
    size_t hl = strlen(head);
    char *data = xmalloc(hl + body_size + 1, 1);
    memcpy(data, head, hl);
    if (body_size)
        memcpy(data + hl, body, body_size);
    bool ok = fileio_write_atomic(path, data, hl + body_size, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, "%s: %s", path, why);
    free(data);
    return ok;
}

bool slots_read(const char *folder, const char *file, SlotHeader *h, char **body, size_t *body_size,
                char *err, size_t err_size)
{
    char path[4096], why[256];
    if (!slots_join(folder, file, path, sizeof path)) {
        snprintf(err, err_size, _("'%s' is not a save file name"), file);
        return false;
    }
    uint8_t *data = NULL;
    size_t size = 0, hl = 0;
    if (!fileio_read(path, SLOTS_FILE_BYTES_MAX, &data, &size, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return false;
    }
    if (!slots_header_parse((const char *)data, size, h, &hl, why, sizeof why)) {
        snprintf(err, err_size, "%s:1: %s", path, why);
        free(data);
        return false;
    }
    *body_size = size - hl;
    *body = xmalloc(*body_size + 1, 1);
    memcpy(*body, data + hl, *body_size + 1); /* with fileio_read's NUL */
    free(data);
    return true;
}

/* ---- listing ---------------------------------------------------------------- */

bool slots_has_extension(const char *name)
{
    size_t n = strlen(name), e = strlen(SLOTS_EXTENSION);
    return n > e && strcmp(name + n - e, SLOTS_EXTENSION) == 0;
}

/* Fills one entry from the file's first bytes; a problem makes it damaged. */
static void inspect(int dir_fd, const char *folder, const char *name, SlotInfo *info)
{
    memset(info, 0, sizeof *info);
    snprintf(info->file, sizeof info->file, "%s", name);
    struct stat st;
    char path[4096], why[200];
    if (fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(info->reason, sizeof info->reason, "%s", _("not a regular file"));
        info->damaged = true;
        return;
    }
    info->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    if (!slots_join(folder, name, path, sizeof path)) {
        snprintf(info->reason, sizeof info->reason, "%s", _("file name not made by the game"));
        info->damaged = true;
        return;
    }
    char head[SLOTS_HEADER_MAX];
    size_t got = 0;
    uint64_t file_size = 0;
    bool ok =
        fileio_read_head(path, (uint8_t *)head, sizeof head, &got, &file_size, why, sizeof why);
    if (ok && got == 0)
        snprintf(why, sizeof why, _("empty file"));
    if (!ok || got == 0 || !slots_header_parse(head, got, &info->header, NULL, why, sizeof why)) {
        snprintf(info->reason, sizeof info->reason, "%s", why);
        memset(&info->header, 0, sizeof info->header);
        info->damaged = true;
    }
}

static int compare_slots(const void *pa, const void *pb)
{
    const SlotInfo *a = pa, *b = pb;
    if (a->damaged != b->damaged)
        return a->damaged ? 1 : -1;
    if (!a->damaged && a->header.date != b->header.date)
        return a->header.date > b->header.date ? -1 : 1;
    if (!a->damaged && a->mtime_ns != b->mtime_ns)
        return a->mtime_ns > b->mtime_ns ? -1 : 1;
    return strcmp(a->file, b->file);
}

static void scan(SlotList *l, const char *folder, DIR *d)
{
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!slots_has_extension(e->d_name) || e->d_name[0] == '.')
            continue;
        if (l->count == SLOTS_LIST_MAX) {
            snprintf(l->error, sizeof l->error, _("%s: more than %d saves; only %d listed"), folder,
                     SLOTS_LIST_MAX, SLOTS_LIST_MAX);
            break;
        }
        if (l->count == cap) {
            cap = cap ? cap * 2 : 16;
            l->items = xrealloc(l->items, cap, sizeof *l->items);
        }
        inspect(dirfd(d), folder, e->d_name, &l->items[l->count++]);
    }
}

static bool slot_target(const char *target, void *ctx)
{
    (void)ctx;
    return slots_file_ok(target);
}

SlotList *slots_list_create(const char *folder)
{
    SlotList *l = xcalloc(1, sizeof *l);
    /* a save interrupted by a crash leaves its temporary behind */
    fileio_remove_stale_temps(folder, slot_target, NULL);
    DIR *d = opendir(folder);
    if (!d) {
        if (errno != ENOENT)
            snprintf(l->error, sizeof l->error, _("%s: cannot list the saves: %s"), folder,
                     strerror(errno));
        return l;
    }
    scan(l, folder, d);
    closedir(d);
    if (l->count > 1)
        qsort(l->items, l->count, sizeof *l->items, compare_slots);
    return l;
}

void slots_list_destroy(SlotList *l)
{
    if (!l)
        return;
    free(l->items);
    free(l);
}

const char *slots_list_error(const SlotList *l)
{
    return l->error;
}

size_t slots_list_count(const SlotList *l)
{
    return l->count;
}

const SlotInfo *slots_list_at(const SlotList *l, size_t i)
{
    return i < l->count ? &l->items[i] : NULL;
}

const SlotInfo *slots_list_most_recent(const SlotList *l)
{
    /* Sorted newest first, damaged last; a finished game is not continued */
    for (size_t i = 0; i < l->count && !l->items[i].damaged; i++)
        if (!l->items[i].header.outcome[0])
            return &l->items[i];
    return NULL;
}

const SlotInfo *slots_list_autosave(const SlotList *l)
{
    for (size_t i = 0; i < l->count; i++)
        if (!l->items[i].damaged && strcmp(l->items[i].file, SLOTS_AUTOSAVE_FILE) == 0)
            return &l->items[i];
    return NULL;
}

int slots_list_free_number(const SlotList *l)
{
    char name[SLOTS_FILE_MAX];
    for (int n = 1; n <= SLOTS_NUMBER_MAX; n++) {
        (void)slots_file_for_number(n, name, sizeof name);
        bool taken = false;
        for (size_t i = 0; i < l->count && !taken; i++)
            taken = strcmp(l->items[i].file, name) == 0;
        if (!taken)
            return n;
    }
    return 0;
}

/* The editor's commands (docs/editor.md): the worked example of
 * docs/editor.md builds a mission that passes --check --strict and that
 * the bot wins; undo and redo come back to byte-identical saves; every
 * bundled mission opens and saves back with the same pixels and the same
 * --check facts and warnings; refused commands change nothing; ids keep
 * their references; the live check puts each issue on its square. */
#define _POSIX_C_SOURCE 200809L
#include "bot/balance.h"
#include "check.h"
#include "core/alloc.h"
#include "core/fileio.h"
#include "edit/editcmd.h"
#include "edit/editplace.h"
#include "mission/analysis.h"
#include "mission/bitmap.h"
#include "mission/mission.h"
#include "mission/mission_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *data_dir;
static char tmp[256];

static EditSession *session(void)
{
    char why[512];
    EditSession *s = editsession_create(data_dir, why, sizeof why);
    if (!s)
        fprintf(stderr, "%s\n", why);
    CHECK(s != NULL);
    return s;
}

/* Runs line; the answer's first line is copied into first (may be NULL). */
static bool run_as(EditSession *s, const char *line, char *first, size_t size, bool want)
{
    EditAnswer a;
    if (!editsession_execute(s, line, &a))
        return true;
    if (a.ok != want)
        fprintf(stderr, "'%s' answered %s %s\n", line, a.ok ? "=" : "?", a.first ? a.first : "");
    CHECK(a.ok == want);
    if (first)
        snprintf(first, size, "%s%s%s", a.first ? a.first : "", a.more ? "\n" : "",
                 a.more ? a.more : "");
    bool ok = a.ok;
    editanswer_free(&a);
    return ok;
}

static void ok(EditSession *s, const char *line)
{
    run_as(s, line, NULL, 0, true);
}

/* line is refused, with a reason containing why, and the document is
 * left as it was. */
static void refused(EditSession *s, const char *line, const char *why)
{
    unsigned before = editdoc_version(editsession_doc(s));
    size_t undo = editdoc_undo_count(editsession_doc(s));
    char answer[1024];
    run_as(s, line, answer, sizeof answer, false);
    CHECK_STR_CONTAINS(answer, why);
    CHECK_INT(editdoc_version(editsession_doc(s)), before);
    CHECK_INT(editdoc_undo_count(editsession_doc(s)), undo);
}

static Mission *load(const char *path)
{
    char cat[1024];
    snprintf(cat, sizeof cat, "%s/assets/pieces.xml", data_dir);
    MissionLoadOptions opts = {.catalogue_path = cat};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return m;
}

/* ---- the worked example ---- */

/* The lines of docs/editor.md's worked example; NULL-terminated. */
static char **example_lines(void)
{
    char path[1024], why[256];
    snprintf(path, sizeof path, "%s/docs/editor.md", data_dir);
    uint8_t *doc = NULL;
    size_t size = 0;
    CHECK(fileio_read(path, 1 << 20, &doc, &size, why, sizeof why));
    if (!doc)
        return NULL;
    char **lines = xcalloc(256, sizeof *lines);
    const char *start = strstr((const char *)doc, "the worked example: tests/edit/test_editcmd.c");
    start = start ? strstr(start, "```text\n") : NULL;
    CHECK(start != NULL);
    size_t n = 0;
    for (const char *p = start ? start + 8 : ""; *p && strncmp(p, "```", 3) != 0 && n < 255;) {
        size_t len = strcspn(p, "\n");
        lines[n] = xmalloc(len + 1, 1);
        memcpy(lines[n], p, len);
        lines[n++][len] = '\0';
        p += len + (p[len] == '\n');
    }
    free(doc);
    CHECK(n > 20);
    return lines;
}

static void worked_example(void)
{
    char **lines = example_lines();
    if (!lines)
        return;
    EditSession *s = session();
    for (char **l = lines; *l; l++) {
        ok(s, *l);
        free(*l);
    }
    free(lines);
    editsession_destroy(s);
    /* the saved mission passes --check --strict: it loads, no warnings */
    Mission *m = load("goblin-larder/mission.xml");
    CHECK(m != NULL);
    if (!m)
        return;
    ErrorList warnings;
    errors_init(&warnings, 0);
    CHECK_INT(analysis_run(m, &warnings, NULL), 0);
    errors_print(&warnings, stderr);
    errors_clear(&warnings);
    CHECK_INT(m->hero_count, 2);
    CHECK_INT(board_room_count(m->board), 4);
    /* and the bot wins it */
    BalanceOptions bo = {.games = 8, .first_seed = 1, .jobs = 1};
    char why[256];
    BalanceReport *r = balance_run(m, &bo, why, sizeof why);
    CHECK(r != NULL);
    if (r)
        CHECK(balance_won(r) > 0);
    balance_destroy(r);
    mission_destroy(m);
}

/* The document's rooms are those of a board built afresh from its
 * pixels and palette. */
static void rooms_agree(EditSession *s)
{
    EditDoc *doc = editsession_doc(s);
    const Grid *g = editdoc_grid(doc);
    int n = 0;
    BoardTypeOverride *over = mission_type_overrides(editdoc_mission(doc), &n);
    BoardSpec spec = {.width = g->width, .height = g->height, .rgba = editdoc_rgba(doc),
                      .overrides = over, .override_count = n, .shape = g};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(over);
    CHECK(b != NULL);
    EditRooms *r = editdoc_rooms(doc);
    int bad = 0;
    for (int y = 0; b && y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            bad += editrooms_number(r, (BoardPos){x, y}) != board_room(b, (BoardPos){x, y});
    CHECK_INT(bad, 0);
    board_destroy(b);
}

/* The document's count of each colour is what its pixels hold. */
static void colours_agree(EditSession *s)
{
    EditDoc *doc = editsession_doc(s);
    int64_t area = grid_area(editdoc_grid(doc)), total = 0;
    for (size_t i = 0; i < editdoc_colour_count(doc); i++) {
        int64_t n, real = 0;
        EditColour c = editdoc_colour_at(doc, i, &n);
        for (int64_t k = 0; k < area; k++)
            real += editdoc_square(doc, k) == c;
        CHECK_INT(n, real);
        total += n;
    }
    CHECK_INT(total, area);
}

/* ---- undo and redo ---- */

static uint8_t *slurp(const char *path, size_t *size)
{
    uint8_t *data = NULL;
    char why[256];
    *size = 0;
    CHECK(fileio_read(path, 1 << 24, &data, size, why, sizeof why));
    return data;
}

/* The two saves hold the same bytes. */
static void same_saves(const char *a, const char *b)
{
    static const char *const files[] = {"board.png", "mission.xml"};
    for (int k = 0; k < 2; k++) {
        char pa[512], pb[512];
        snprintf(pa, sizeof pa, "%s/%s", a, files[k]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[k]);
        size_t na, nb;
        uint8_t *da = slurp(pa, &na), *db = slurp(pb, &nb);
        CHECK(da && db && na == nb && memcmp(da, db, na) == 0);
        free(da);
        free(db);
    }
}

static void undo_redo(void)
{
    EditSession *s = session();
    static const char *const build[] = {
        "new 12 8", "colour Hall ffffff", "colour Vault 8a1f2b cost=2", "rect 0 0 11 3 ffffff",
        "rect 0 4 5 7 8a1f2b", "place dwarf 0 0", "place goblin 3 6 id=boss",
        "door 2 3 south", "objective kill boss", NULL};
    for (const char *const *l = build; *l; l++)
        ok(s, *l);
    ok(s, "save x");
    static const char *const more[] = {
        "fill 0 0 40804a", "colour Garden 40804a", "place wizard 5 1", "move 3 6 4 5",
        "modify 4 5 monster id=chief type=orc", "door 2 3 south secret", "place chest 0 5 id=coffer",
        "place treasure 0 5 furniture=coffer kind=gold amount=25", "set turn-limit 20",
        "set name The Vault", "batch begin", "paint 11 0 4060a0", "paint 11 1 4060a0",
        "batch end", "set topology square8:3/2", "note Drawn in the editor label=A",
        "objective reach 11 0 text=\"Stand in the corner\"", "erase 11 7", "rock 6 4 7 5",
        "recolour 8a1f2b 6b4a2b", "uncolour 6b4a2b", "copy 1 1 1 2", NULL};
    size_t steps = editdoc_undo_count(editsession_doc(s));
    for (const char *const *l = more; *l; l++) {
        EditAnswer a;
        editsession_execute(s, *l, &a); /* a refusal (copy of a hero) is part of the test */
        editanswer_free(&a);
    }
    ok(s, "save y");
    size_t made = editdoc_undo_count(editsession_doc(s)) - steps;
    CHECK(made >= 15);
    for (size_t i = 0; i < made; i++) {
        ok(s, "undo");
        rooms_agree(s);
        colours_agree(s);
    }
    CHECK(editdoc_modified(editsession_doc(s))); /* y was saved last */
    ok(s, "save x2");
    same_saves("x", "x2"); /* back where x was saved, byte for byte */
    for (size_t i = 0; i < made; i++) {
        ok(s, "redo");
        rooms_agree(s);
        colours_agree(s);
    }
    refused(s, "redo", "nothing to redo");
    ok(s, "save y2");
    same_saves("y", "y2");
    /* a new edit after undo drops what could be redone */
    ok(s, "undo");
    ok(s, "paint 0 7 ffffff");
    refused(s, "redo", "nothing to redo");
    /* a batch is one step */
    ok(s, "batch begin stroke");
    ok(s, "paint 1 7 ffffff");
    ok(s, "paint 2 7 ffffff");
    refused(s, "undo", "batch is open");
    ok(s, "batch end");
    char answer[256];
    run_as(s, "undo", answer, sizeof answer, true);
    CHECK_STR_CONTAINS(answer, "undone stroke");
    CHECK(editdoc_pixel(editsession_doc(s), (BoardPos){1, 7}) != (EDIT_OPAQUE | 0xffffff));
    editsession_destroy(s);
}

/* ---- bundled missions round trip ---- */

/* --check's facts and its warnings, less file names and line numbers
 * (the saved file's lines differ). */
static char *facts(const char *path)
{
    Mission *m = load(path);
    CHECK(m != NULL);
    if (!m)
        return xstrdup("");
    ErrorList w, n;
    errors_init(&w, 0);
    errors_init(&n, 0);
    analysis_run(m, &w, &n);
    char *out = xmalloc(1 << 16, 1);
    const Board *b = m->board;
    int len = snprintf(out, 1 << 16,
                       "%dx%d walkable=%lld rooms=%d walls=%lld heroes=%zu monsters=%zu doors=%zu "
                       "furniture=%zu objectives=%zu warnings=%zu notes=%zu\n",
                       board_width(b), board_height(b), (long long)board_walkable_count(b),
                       (int)board_room_count(b), (long long)board_wall_count(b), m->hero_count,
                       m->monster_count, m->door_count, m->furniture_count, m->objective_count,
                       errors_total(&w), errors_total(&n));
    ErrorList *lists[] = {&w, &n};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < lists[k]->count; i++) {
            /* the message from its "warning:"/"note:" on, "line N" blanked */
            const char *msg = strstr(lists[k]->items[i], k ? "note:" : "warning:");
            for (const char *c = msg ? msg : ""; *c && len < (1 << 16) - 2;) {
                if (strncmp(c, "line ", 5) == 0 && c[5] >= '0' && c[5] <= '9') {
                    c += 5 + strspn(c + 5, "0123456789");
                    out[len++] = '#';
                    continue;
                }
                out[len++] = *c++;
            }
            out[len++] = '\n';
        }
    out[len] = '\0';
    errors_clear(&w);
    errors_clear(&n);
    mission_destroy(m);
    return out;
}

static void same_pixels(const char *a, const char *b)
{
    Bitmap x = {0}, y = {0};
    char why[600];
    BitmapLimits lim = bitmap_default_limits();
    CHECK(bitmap_load(a, &lim, &x, why, sizeof why));
    CHECK(bitmap_load(b, &lim, &y, why, sizeof why));
    CHECK(x.width == y.width && x.height == y.height && x.rgba && y.rgba &&
          memcmp(x.rgba, y.rgba, (size_t)x.width * (size_t)x.height * 4) == 0);
    bitmap_free(&x);
    bitmap_free(&y);
}

static void round_trip(const char *rel)
{
    char path[1024], out[512], saved[600], line[1200];
    snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data_dir, rel);
    snprintf(out, sizeof out, "rt/%s", rel);
    EditSession *s = session();
    snprintf(line, sizeof line, "open %s", path);
    ok(s, line);
    snprintf(line, sizeof line, "save %s", out);
    ok(s, line);
    CHECK(!editdoc_modified(editsession_doc(s)));
    editsession_destroy(s);
    snprintf(saved, sizeof saved, "%s/mission.xml", out);
    char *a = facts(path), *b = facts(saved);
    if (strcmp(a, b) != 0)
        fprintf(stderr, "%s:\n%s---\n%s", rel, a, b);
    CHECK(strcmp(a, b) == 0);
    free(a);
    free(b);
    Mission *m = load(path);
    snprintf(saved, sizeof saved, "%s/board.png", out);
    if (m)
        same_pixels(m->bitmap_path, saved);
    mission_destroy(m);
}

static void bundled(void)
{
    static const char *const missions[] = {
        "first-light", "bone-orchard", "the-drowned-archive", "the-ember-hive", "the-leaning-nave",
        "campaigns/ashen-crown/1-toll-house", "campaigns/ashen-crown/2-sunken-chapel",
        "campaigns/ashen-crown/3-kel-durn", "campaigns/ashen-crown/4-star-tower",
        "campaigns/ashen-crown/5-ashen-throne"};
    for (size_t i = 0; i < sizeof missions / sizeof missions[0]; i++)
        round_trip(missions[i]);
}

/* ---- refusals, references, the check ---- */

static void refusals(void)
{
    EditSession *s = session();
    ok(s, "new 10 6");
    ok(s, "colour Pantry a04040");
    ok(s, "rect 0 0 4 5 a04040");
    ok(s, "rect 5 0 9 5 ffffff");
    ok(s, "rock 9 5");
    refused(s, "paint 1 1 a04141", "shade off #a04040 (Pantry)");
    refused(s, "paint 1 1 c0c3c3", "shade off #c3c3c3");
    refused(s, "colour Bad 050505", "shade off #000000");
    refused(s, "paint 1 1 zzzzzz", "not a colour");
    refused(s, "paint 10 1 ffffff", "outside the 10x6 board");
    refused(s, "place goblin 9 5", "rock, not floor");
    refused(s, "place gobiln 1 1", "no piece type");
    ok(s, "place barbarian 1 1");
    refused(s, "place barbarian 2 2", "already starts at 1,1");
    refused(s, "place orc 1 1", "already holds hero 0 barbarian");
    refused(s, "copy 1 1 2 2", "each hero starts once");
    refused(s, "door 1 1 east", "no wall stands between 1,1 and 2,1");
    refused(s, "door 4 1 up", "no side");
    refused(s, "door 4 1 east locked", "needs key=ID");
    refused(s, "place orc 2 2 id=Bad!", "id 'Bad!'");
    ok(s, "place orc 2 2 id=boss");
    refused(s, "place goblin 3 3 id=boss", "already used");
    refused(s, "place table 3 4", "crosses");
    refused(s, "place table 4 0", "crosses into another room");
    refused(s, "move 2 2 9 5", "rock");
    refused(s, "delete 3 3", "no piece on 3,3");
    refused(s, "objective kill nobody", "no monster has the id 'nobody'");
    refused(s, "set move-dice 9", "1 to 4");
    refused(s, "colour \"Open quote a04040", "quote is not closed");
    refused(s, "frobnicate", "unknown command");
    refused(s, "save .", "would not load");
    editsession_destroy(s);
}

/* Numbers in commands are read strictly (issue 26 item 5): nothing
 * wraps (fall=4294967298,1 was the square 2,1; seed -18446744073709551615
 * was 1), and no '+' or blank is taken for a digit. */
static void numbers(void)
{
    EditSession *s = session();
    ok(s, "new 10 6");
    ok(s, "rect 0 0 9 5 ffffff");
    refused(s, "place trap 3 3 kind=falling_block fall=4294967298,1", "the landing square");
    refused(s, "place trap 3 3 kind=falling_block fall=2,18446744073709551617", "the landing square");
    refused(s, "place trap 3 3 kind=falling_block fall=+2,1", "the landing square");
    refused(s, "place trap 3 3 kind=falling_block fall=2,1x", "the landing square");
    ok(s, "place trap 3 3 kind=falling_block fall=2,3");
    const Mission *m = editdoc_mission(editsession_doc(s));
    CHECK(m->trap_count == 1 && m->traps[0].has_fall && m->traps[0].fall.x == 2 &&
          m->traps[0].fall.y == 3);
    refused(s, "set seed -18446744073709551615", "seed: 0 to 4294967295");
    refused(s, "set seed 4294967296", "seed: 0 to 4294967295");
    refused(s, "set seed +7", "seed: 0 to 4294967295");
    ok(s, "set seed 4294967295");
    CHECK(editdoc_mission(editsession_doc(s))->seed == 4294967295u);
    refused(s, "paint +1 1 a04040", "not a square");
    refused(s, "paint 1 4294967297 a04040", "not a square");
    refused(s, "set move-dice +2", "1 to 4");
    refused(s, "new 4294967306 6", "1 to 4096 squares a side");
    editsession_destroy(s);
}

static void references(void)
{
    EditSession *s = session();
    ok(s, "new 8 4");
    ok(s, "rect 0 0 7 3 ffffff");
    ok(s, "place orc 2 2 id=boss");
    ok(s, "place chest 5 0 id=box");
    ok(s, "place treasure 5 0 furniture=box kind=item id=key name=\"A brass key\"");
    ok(s, "objective kill boss");
    ok(s, "objective find key");
    ok(s, "modify 2 2 id=chief");
    ok(s, "modify 5 0 furniture id=strongbox");
    ok(s, "modify 5 0 treasure id=brass-key");
    const Mission *m = editdoc_mission(editsession_doc(s));
    CHECK(strcmp(m->objectives[0].target, "chief") == 0);
    CHECK(strcmp(m->treasure[0].furniture, "strongbox") == 0);
    CHECK(strcmp(m->objectives[1].target, "brass-key") == 0);
    CHECK(strcmp(m->treasure[0].name, "A brass key") == 0);
    /* a copy gets a fresh id; a moved chest takes its treasure along */
    char answer[256];
    run_as(s, "copy 2 2 3 2", answer, sizeof answer, true);
    CHECK_STR_CONTAINS(answer, "id=chief-2 at 3,2");
    ok(s, "move 5 0 3 0");
    CHECK_INT(m->furniture[0].pos.x, 3);
    BoardPos p;
    CHECK(editplace_pos(m, (EditThing){EDIT_TREASURE, 0}, &p) && p.x == 3 && p.y == 0);
    editsession_destroy(s);
}

/* The issue at square x,y of level, or NULL. */
static const EditIssue *issue_at(const EditCheck *c, EditIssueLevel level, int x, int y)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->issues[i].level == level && c->issues[i].square.x == x && c->issues[i].square.y == y)
            return &c->issues[i];
    return NULL;
}

static void check_squares(void)
{
    EditSession *s = session();
    ok(s, "new 10 5");
    ok(s, "rect 0 0 4 4 ffffff");
    ok(s, "rect 6 0 9 4 a04040");
    ok(s, "place barbarian 0 0");
    ok(s, "place goblin 7 2 id=g");
    ok(s, "objective kill g");
    const EditCheck *c = editsession_check(s);
    CHECK(c->loads);
    const EditIssue *is = issue_at(c, EDIT_ISSUE_WARNING, 7, 2);
    CHECK(is != NULL);
    if (is)
        CHECK_STR_CONTAINS(is->text, "lies out of every hero's reach");
    CHECK(issue_at(c, EDIT_ISSUE_WARNING, 6, 0) != NULL); /* the doorless room, at its first square */
    /* rock painted under the goblin: an error on its square; saving is refused */
    ok(s, "rock 7 2");
    c = editsession_check(s);
    CHECK(!c->loads);
    is = issue_at(c, EDIT_ISSUE_ERROR, 7, 2);
    CHECK(is != NULL);
    if (is)
        CHECK_STR_CONTAINS(is->text, "blocked square");
    refused(s, "save z", "would not load");
    ok(s, "undo");
    CHECK(editsession_check(s)->loads);
    editsession_destroy(s);
}

static void other_sources(void)
{
    char line[1200];
    EditSession *s = session();
    /* a HeroScribe quest: its skipped objects listed, the conversion saved */
    char answer[4096];
    snprintf(line, sizeof line, "open %s/tests/data/heroscribe/vault-of-vorth.xml", data_dir);
    run_as(s, line, answer, sizeof answer, true);
    CHECK_STR_CONTAINS(answer, "vault-of-vorth 26x19 square");
    CHECK_STR_CONTAINS(answer, "skipped");
    ok(s, "save quest");
    Mission *m = load("quest/mission.xml");
    CHECK(m && m->monster_count == 9);
    mission_destroy(m);
    /* a bare bitmap: its default heroes become the mission's */
    snprintf(line, sizeof line, "open %s/tests/data/standard-board.png", data_dir);
    ok(s, line);
    CHECK_INT(editdoc_mission(editsession_doc(s))->hero_count, 4);
    ok(s, "objective escape");
    ok(s, "place exit 0 0");
    ok(s, "save bare");
    m = load("bare/mission.xml");
    CHECK(m && m->hero_count == 4);
    mission_destroy(m);
    /* a generated quest */
    run_as(s, "generate caverns 5 30x20", answer, sizeof answer, true);
    CHECK_STR_CONTAINS(answer, "30x20 square");
    ok(s, "save gen");
    /* hex boards: six sides */
    ok(s, "new 7 5 hex");
    ok(s, "rect 0 0 2 4 ffffff");
    ok(s, "rect 3 0 6 4 a04040");
    ok(s, "door 2 1 e");
    refused(s, "door 2 1 north", "no side of a hex square");
    ok(s, "fill 0 0 4060a0");
    CHECK(editdoc_pixel(editsession_doc(s), (BoardPos){2, 4}) == (EDIT_OPAQUE | 0x4060a0));
    CHECK(editdoc_pixel(editsession_doc(s), (BoardPos){3, 4}) == (EDIT_OPAQUE | 0xa04040));
    editsession_destroy(s);
}

int main(void)
{
    data_dir = getenv("QUESTBOARD_DATA");
    if (!data_dir)
        data_dir = ".";
    char cwd[1024];
    if (!getcwd(cwd, sizeof cwd))
        return 2;
    /* absolute, so that the commands may run from a temporary folder */
    static char absolute[1200];
    if (data_dir[0] != '/') {
        snprintf(absolute, sizeof absolute, "%s/%s", cwd, data_dir);
        data_dir = absolute;
    }
    snprintf(tmp, sizeof tmp, "/tmp/test_editcmd.XXXXXX");
    if (!mkdtemp(tmp) || chdir(tmp) != 0)
        return 2;
    worked_example();
    undo_redo();
    bundled();
    refusals();
    numbers();
    references();
    check_squares();
    other_sources();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (chdir("/") != 0 || system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmp);
    return check_finish("editcmd");
}

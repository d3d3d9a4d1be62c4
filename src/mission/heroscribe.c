/* HeroScribe quests into mission XML and board pixels (heroscribe.h).
 *
 * Three steps: read the quest (hs_read: DOCTYPE, elements in any order,
 * objects with rounded coordinates), lay out the board (boards side by
 * side with a one-square gap that only bridges cross, dark squares as
 * rock) and place what the objects map to, checking each placement
 * against that board first so a quest's slip becomes a warning rather
 * than a mission the loader refuses; then the objectives from the text
 * (heroscribe_text.c) and the XML.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "xmldoc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const standard_board[HEROSCRIBE_BOARD_H] = {
    "..........................", ".AAAABBBBCCC..DDDEEEEFFFF.", ".AAAABBBBCCC..DDDEEEEFFFF.",
    ".AAAABBBBCCC..DDDEEEEFFFF.", ".GGGGHHHHCCC..DDDEEEEFFFF.", ".GGGGHHHHCCC..DDDIIIIJJJJ.",
    ".GGGGHHHH........IIIIJJJJ.", ".GGGGHHHH.KKKKKK.IIIIJJJJ.", ".GGGGHHHH.KKKKKK.IIIIJJJJ.",
    "..........KKKKKK..........", ".LLLLMMNN.KKKKKK.OOOOPPPP.", ".LLLLMMNN.KKKKKK.OOOOPPPP.",
    ".LLLLMMNN........OOOOPPPP.", ".LLLLQQQQRRR..SSSSOOOPPPP.", ".TTTTQQQQRRR..SSSSUUUVVVV.",
    ".TTTTQQQQRRR..SSSSUUUVVVV.", ".TTTTQQQQRRR..SSSSUUUVVVV.", ".TTTTQQQQRRR..SSSSUUUVVVV.",
    "..........................",
};

const char *heroscribe_standard_board(int y)
{
    return y >= 0 && y < HEROSCRIBE_BOARD_H ? standard_board[y] : NULL;
}

/* ---- the object table ------------------------------------------------ */

/* Every id of HEROSCRIBE.md section 6 the importer knows; w x h is the
 * footprint at rotation downward. `what` is the catalogue type, trap kind
 * or, for HS_SKIP, why it is not imported. */
static const HsObjectInfo objects[] = {
    {"AlchemistsBench", HS_FURNITURE, "alchemist_bench", 3, 2},
    {"SorcerersTable", HS_FURNITURE, "sorcerer_table", 3, 2},
    {"Table", HS_FURNITURE, "table", 3, 2},
    {"Bookcase", HS_FURNITURE, "bookcase", 3, 1},
    {"Cupboard", HS_FURNITURE, "cupboard", 3, 1},
    {"Fireplace", HS_FURNITURE, "fireplace", 3, 1},
    {"WeaponsRack", HS_FURNITURE, "weapons_rack", 3, 1},
    {"Tomb", HS_FURNITURE, "tomb", 2, 3},
    {"Stairway", HS_FURNITURE, "stairway", 2, 2},
    {"Throne", HS_FURNITURE, "throne", 1, 1},
    {"OgreThrone", HS_FURNITURE, "throne", 1, 1},
    {"TreasureChest", HS_FURNITURE, "chest", 1, 1},
    {"TreasureChestTrap", HS_CHEST_TRAP, "chest", 1, 1},
    {"Rack", HS_BLOCKED, N_("the game has no rack: its squares are blocked"), 2, 3},
    {"Coffin", HS_BLOCKED, N_("the game has no coffin: its squares are blocked"), 1, 2},
    {"DwarvenForge", HS_BLOCKED, N_("the game has no forge: its squares are blocked"), 3, 1},
    {"GiantStoneBoulder", HS_BLOCKED, N_("the game has no boulder: its square is blocked"), 1, 1},
    {"Barbarian", HS_HERO, "barbarian", 1, 1},
    {"Dwarf", HS_HERO, "dwarf", 1, 1},
    {"Elf", HS_HERO, "elf", 1, 1},
    {"Wizard", HS_HERO, "wizard", 1, 1},
    {"Goblin", HS_MONSTER, "goblin", 1, 1},
    {"Orc", HS_MONSTER, "orc", 1, 1},
    {"Fimir", HS_MONSTER, "fimir", 1, 1},
    {"Skeleton", HS_MONSTER, "skeleton", 1, 1},
    {"Zombie", HS_MONSTER, "zombie", 1, 1},
    {"Mummy", HS_MONSTER, "mummy", 1, 1},
    {"ChaosWarrior", HS_MONSTER, "chaos_warrior", 1, 1},
    {"Gargoyle", HS_MONSTER, "gargoyle", 1, 1},
    {"Door", HS_DOOR, "normal", 1, 2},
    {"DoorIn", HS_DOOR, "normal", 1, 2},
    {"DoorOut", HS_DOOR, "normal", 1, 2},
    {"DoubleArrowDoor", HS_DOOR, "normal", 1, 2},
    {"Portcullis", HS_DOOR, "normal", 1, 2},
    {"DoorTrap", HS_DOOR, "trapped", 1, 2},
    {"OpenDoor", HS_DOOR, "open", 1, 2},
    {"StoneDoorway", HS_DOOR, "open", 1, 2},
    {"SecretDoor", HS_SECRET_DOOR, "secret", 1, 1},
    {"SecretDoorAlternate", HS_SECRET_DOOR, "secret", 1, 1},
    {"PitTrap", HS_TRAP, "pit", 1, 1},
    {"DeepPitTrap", HS_TRAP, "pit", 1, 1},
    {"LongPitTrap", HS_TRAP, "pit", 2, 1},
    {"SpearTrap", HS_TRAP, "spear", 1, 1},
    {"SwingingBladeTrap", HS_TRAP, "spear", 1, 1},
    {"SwingingAxe", HS_TRAP, "spear", 1, 1},
    {"Stalactite", HS_TRAP, "spear", 1, 1},
    {"FireburstTrap", HS_TRAP, "spear", 1, 1},
    {"StarBurst", HS_TRAP, "spear", 1, 1},
    {"FallingRock", HS_TRAP, "falling_block", 1, 1},
    {"SingleBlockedSquare", HS_RUBBLE, "", 1, 1},
    {"DoubleBlockedSquare", HS_RUBBLE, "", 2, 1},
    /* marks and pictures: nothing to place */
    {"Arrow", HS_COSMETIC, "", 1, 1},
    {"DarkArrow", HS_COSMETIC, "", 1, 1},
    {"WanderingMonster", HS_COSMETIC, "", 1, 1},
    {"ChaosRoom", HS_COSMETIC, "", 8, 7},
    {"ThroneRoom", HS_COSMETIC, "", 5, 6},
    {"PitRoom", HS_COSMETIC, "", 4, 5},
    /* known, with no counterpart in the rules */
    {"HurricaneTrap", HS_SKIP, N_("the rules have no hurricane trap"), 1, 1},
    {"TeleportTrapA", HS_SKIP, N_("the rules have no teleport trap"), 1, 1},
    {"TeleportTrapB", HS_SKIP, N_("the rules have no teleport trap"), 1, 1},
    {"TrapDoor", HS_SKIP, N_("the rules have no trap door"), 1, 1},
    {"CrystalKey", HS_SKIP, N_("the quest's notes say what it opens, the map does not"), 1, 1},
    {"Fog", HS_SKIP, N_("the rules have no fog"), 1, 1},
    {"Surface", HS_SKIP, N_("it changes the board's layout"), 1, 1},
    {"IceCaveEntrance", HS_SKIP, N_("it changes the board's layout"), 1, 1},
    {"LongStairway", HS_SKIP, N_("the board has one level"), 1, 5},
    {"ShortStairway", HS_SKIP, N_("the board has one level"), 1, 3},
    {"Stairs", HS_SKIP, N_("the board has one level"), 1, 1},
    {"CliffCorridor", HS_SKIP, N_("it changes the board's layout"), 8, 1},
    {"IceSlide", HS_SKIP, N_("the rules have no ice"), 1, 8},
    {"IcyRiver1x3", HS_SKIP, N_("the rules have no ice"), 1, 3},
    {"IcyRiver1x8", HS_SKIP, N_("the rules have no ice"), 1, 8},
    {"SlipperyIce1x1", HS_SKIP, N_("the rules have no ice"), 1, 1},
    {"SlipperyIce2x1", HS_SKIP, N_("the rules have no ice"), 2, 1},
    {"SlipperyIce3x1", HS_SKIP, N_("the rules have no ice"), 3, 1},
    {"SlipperyIce2x3", HS_SKIP, N_("the rules have no ice"), 2, 3},
    {"IceTunnelA", HS_SKIP, N_("the rules have no ice tunnels"), 1, 1},
    {"IceTunnelB", HS_SKIP, N_("the rules have no ice tunnels"), 1, 1},
    {"IceTunnelC", HS_SKIP, N_("the rules have no ice tunnels"), 1, 1},
    {"Crossbowman", HS_SKIP, N_("the rules have no men-at-arms"), 1, 1},
    {"Halberdier", HS_SKIP, N_("the rules have no men-at-arms"), 1, 1},
    {"Scout", HS_SKIP, N_("the rules have no men-at-arms"), 1, 1},
    {"Swordsman", HS_SKIP, N_("the rules have no men-at-arms"), 1, 1},
};

/* Expansion monsters: the rules reference gives no stats for them, so
 * there is no catalogue type to map them to (docs/heroscribe.md). */
static const char *const expansion_monsters[] = {
    "OgreWarrior", "OgreChampion",     "OgreChieftain", "OgreLord",  "DeathMist",
    "DarkWarrior", "IceGremlin",       "PolarWarbear",  "Yeti",      "ElvenArcher",
    "ElvenWarrior", "HighMage",        "DerfelNecromancer", "OrcShaman", "StormMaster",
    "FrozenHorror", "GiantWolf",
};

const HsObjectInfo *hs_object_info(const char *id)
{
    static const HsObjectInfo expansion = {"", HS_SKIP,
                                           N_("an expansion monster the rules give no stats for"), 1,
                                           1};
    for (size_t i = 0; i < sizeof objects / sizeof *objects; i++)
        if (strcmp(objects[i].id, id) == 0)
            return &objects[i];
    for (size_t i = 0; i < sizeof expansion_monsters / sizeof *expansion_monsters; i++)
        if (strcmp(expansion_monsters[i], id) == 0)
            return &expansion;
    return NULL;
}

/* LetterA..LetterM, LetterX, Number1..Number11, Number1-2, Number2-12:
 * the label ("A", "11", "2-12") into label, or false. */
bool hs_mark_label(const char *id, char *label, size_t size)
{
    if (strncmp(id, "Letter", 6) == 0 && id[6] && !id[7] &&
        ((id[6] >= 'A' && id[6] <= 'M') || id[6] == 'X')) {
        snprintf(label, size, "%c", id[6]);
        return true;
    }
    if (strncmp(id, "Number", 6) != 0)
        return false;
    const char *n = id + 6;
    static const char *const numbers[] = {"1", "2", "3", "4",  "5",   "6",   "7",
                                          "8", "9", "10", "11", "1-2", "2-12"};
    for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++)
        if (strcmp(n, numbers[i]) == 0) {
            snprintf(label, size, "%s", n);
            return true;
        }
    return false;
}

/* ---- warnings -------------------------------------------------------- */

void hs_warn(HsQuest *q, int line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    errors_add(q->warnings, "%s:%d: warning: %s", q->name, line, msg);
}

void hs_warn_once(HsQuest *q, const char *id, int line, const char *fmt, ...)
{
    for (size_t i = 0; i < q->warned_count; i++)
        if (strcmp(q->warned[i], id) == 0)
            return;
    if (q->warned_count < HS_MAX_WARNED_IDS)
        snprintf(q->warned[q->warned_count++], sizeof q->warned[0], "%s", id);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    errors_add(q->warnings, "%s:%d: warning: %s", q->name, line, msg);
}

/* ---- reading the quest ------------------------------------------------ */

/* A coordinate as written ("7", "7.0", "2.5", "-0.25") rounded to the
 * nearest square, halves up: floor(v + 0.5) (HEROSCRIBE.md section 1),
 * in integer thousandths so no locale or float is involved. */
static bool parse_coord(const char *s, int *out)
{
    bool neg = *s == '-';
    s += neg || *s == '+';
    long whole = 0, frac = 0, scale = 1000;
    int digits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++)
        if ((whole = whole * 10 + (*s - '0')) > 100000)
            return false;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++, digits++)
            if (scale > 1) {
                scale /= 10;
                frac += (*s - '0') * scale;
            }
    if (*s || digits == 0)
        return false;
    long milli = (whole * 1000 + frac) * (neg ? -1 : 1) + 500;
    *out = (int)(milli >= 0 ? milli / 1000 : -((-milli + 999) / 1000));
    return true;
}

static int parse_rotation(const char *s)
{
    static const char *const names[4] = {"downward", "rightward", "upward", "leftward"};
    if (!*s)
        return 0;
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static bool read_object(HsQuest *q, const xmlNode *node, int board, ErrorList *errs)
{
    HsObject o = {0};
    char left[32], top[32], rot[32];
    o.line = xmldoc_line(node);
    o.board = board;
    xmldoc_attr(node, "id", o.id, sizeof o.id);
    xmldoc_attr(node, "left", left, sizeof left);
    xmldoc_attr(node, "top", top, sizeof top);
    xmldoc_attr(node, "rotation", rot, sizeof rot);
    if (!o.id[0]) {
        errors_add_at(errs, q->name, o.line, _("an <object> needs an id"));
        return false;
    }
    if (!parse_coord(left, &o.left) || !parse_coord(top, &o.top)) {
        errors_add_at(errs, q->name, o.line, _("object '%s': left=\"%s\" top=\"%s\" are not numbers"),
                      o.id, left, top);
        return false;
    }
    if ((o.rotation = parse_rotation(rot)) < 0) {
        errors_add_at(errs, q->name, o.line,
                      _("object '%s': rotation \"%s\" is not downward, rightward, upward or "
                      "leftward"),
                      o.id, rot);
        return false;
    }
    if (q->object_count >= HEROSCRIBE_MAX_OBJECTS) {
        errors_add_at(errs, q->name, o.line, _("more than %d objects"), HEROSCRIBE_MAX_OBJECTS);
        return false;
    }
    q->objects[q->object_count++] = o;
    return true;
}

static bool read_int_attr(HsQuest *q, const xmlNode *node, const char *attr, int min, int max,
                          int fallback, int *out, ErrorList *errs)
{
    char buf[32];
    if (!xmldoc_attr(node, attr, buf, sizeof buf)) {
        *out = fallback;
        return true;
    }
    int v;
    if (!parse_coord(buf, &v) || v < min || v > max) {
        errors_add_at(errs, q->name, xmldoc_line(node), _("<%s %s=\"%s\">: expected %d to %d"),
                      (const char *)node->name, attr, buf, min, max);
        return false;
    }
    *out = v;
    return true;
}

static bool read_dark(HsQuest *q, const xmlNode *node, int board, ErrorList *errs)
{
    HsDark d = {.board = board, .line = xmldoc_line(node)};
    if (!read_int_attr(q, node, "left", 1, HEROSCRIBE_BOARD_W, 1, &d.left, errs) ||
        !read_int_attr(q, node, "top", 1, HEROSCRIBE_BOARD_H, 1, &d.top, errs) ||
        !read_int_attr(q, node, "width", 1, HEROSCRIBE_BOARD_W, 1, &d.width, errs) ||
        !read_int_attr(q, node, "height", 1, HEROSCRIBE_BOARD_H, 1, &d.height, errs))
        return false;
    if (q->dark_count >= HEROSCRIBE_MAX_OBJECTS) {
        errors_add_at(errs, q->name, d.line, _("more than %d dark areas"), HEROSCRIBE_MAX_OBJECTS);
        return false;
    }
    q->dark[q->dark_count++] = d;
    return true;
}

static bool read_board(HsQuest *q, const xmlNode *board, ErrorList *errs)
{
    int index = q->board_count++;
    bool ok = true;
    for (const xmlNode *n = board->children; n; n = n->next) {
        if (xmldoc_is(n, "dark"))
            ok = read_dark(q, n, index, errs) && ok;
        else if (xmldoc_is(n, "object"))
            ok = read_object(q, n, index, errs) && ok;
        if (errors_total(errs) >= 50)
            return false;
    }
    return ok;
}

static bool read_bridge(HsQuest *q, const xmlNode *node, ErrorList *errs)
{
    HsBridge b = {.line = xmldoc_line(node)};
    char orient[32];
    xmldoc_attr(node, "orientation", orient, sizeof orient);
    if (!read_int_attr(q, node, "column", 1, 64, 1, &b.column, errs) ||
        !read_int_attr(q, node, "row", 1, 64, 1, &b.row, errs) ||
        !read_int_attr(q, node, "position", 1, HEROSCRIBE_BOARD_W, 1, &b.position, errs))
        return false;
    if (strcmp(orient, "horizontal") != 0 && strcmp(orient, "vertical") != 0) {
        errors_add_at(errs, q->name, b.line,
                      _("<bridge orientation=\"%s\">: expected horizontal or vertical"), orient);
        return false;
    }
    b.vertical = orient[0] == 'v';
    if (q->bridge_count >= HEROSCRIBE_MAX_OBJECTS)
        return false;
    q->bridges[q->bridge_count++] = b;
    return true;
}

static bool read_quest(HsQuest *q, const xmlNode *root, ErrorList *errs)
{
    char region[32];
    xmldoc_attr(root, "name", q->title, sizeof q->title);
    xmldoc_attr(root, "region", region, sizeof region);
    q->eu = strcmp(region, "Europe") == 0;
    if (region[0] && !q->eu && strcmp(region, "USA") != 0)
        hs_warn(q, xmldoc_line(root), _("region \"%s\" is neither Europe nor USA: the US rules apply"),
                region);
    if (!read_int_attr(q, root, "width", 1, 4, 1, &q->boards_w, errs) ||
        !read_int_attr(q, root, "height", 1, 4, 1, &q->boards_h, errs))
        return false;
    if (q->boards_w * q->boards_h > HEROSCRIBE_MAX_BOARDS) {
        errors_add_at(errs, q->name, xmldoc_line(root), _("%dx%d boards: at most %d are supported"),
                      q->boards_w, q->boards_h, HEROSCRIBE_MAX_BOARDS);
        return false;
    }
    bool ok = true;
    for (const xmlNode *n = root->children; n && ok; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (xmldoc_is(n, "board")) {
            if (q->board_count >= q->boards_w * q->boards_h) {
                hs_warn(q, xmldoc_line(n), _("more <board> elements than the quest's %dx%d boards: "
                        "this one is skipped"), q->boards_w, q->boards_h);
                continue;
            }
            ok = read_board(q, n, errs);
        } else if (xmldoc_is(n, "bridge")) {
            ok = read_bridge(q, n, errs);
        } else if (xmldoc_is(n, "speech")) {
            free(q->speech);
            q->speech = hs_mixed_text(n);
            q->speech_line = xmldoc_line(n);
        } else if (xmldoc_is(n, "note")) {
            if (q->note_count < HS_MAX_NOTES) {
                q->notes[q->note_count].text = hs_mixed_text(n);
                q->notes[q->note_count++].line = xmldoc_line(n);
            }
        } else if (!xmldoc_is(n, "kind")) {
            hs_warn(q, xmldoc_line(n), _("unknown element <%s> skipped"), (const char *)n->name);
        }
    }
    return ok;
}

/* ---- the DOCTYPE ----------------------------------------------------- */

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

/* A quoted literal at p: its text into buf; the position after it, or NULL. */
static const char *literal(const char *p, const char *end, char *buf, size_t size)
{
    if (p >= end || (*p != '"' && *p != '\''))
        return NULL;
    char quote = *p++;
    size_t n = 0;
    for (; p < end && *p != quote; p++) {
        if (*p == '<' || *p == '>' || *p == '[' || *p == '%' || *p == '&' || n + 1 >= size)
            return NULL;
        buf[n++] = *p;
    }
    buf[n] = '\0';
    return p < end ? p + 1 : NULL;
}

/* "...quest-1.N.dtd" (any path before it: it is never read). */
static bool known_system_id(const char *s)
{
    const char *base = strrchr(s, '/');
    base = base ? base + 1 : s;
    return strncmp(base, "quest-1.", 8) == 0 && base[8] >= '0' && base[8] <= '9' &&
           strcmp(base + 9, ".dtd") == 0;
}

static bool known_public_id(const char *s)
{
    static const char head[] = "-//org.lightless//HeroScribe Quest 1.";
    return strncmp(s, head, sizeof head - 1) == 0 && s[sizeof head - 1] >= '0' &&
           s[sizeof head - 1] <= '9' && strcmp(s + sizeof head, "//EN") == 0;
}

/* The DOCTYPE at dt (inside data) is HeroScribe's own: `<!DOCTYPE quest
 * PUBLIC "-//org.lightless//HeroScribe Quest 1.x//EN" ".../quest-1.x.dtd">`
 * or `<!DOCTYPE quest SYSTEM ".../quest-1.x.dtd">`, nothing more. Returns
 * the offset just past its '>' or 0. */
static size_t known_doctype(const char *dt, const char *end)
{
    char pub[256], sys[512];
    const char *p = dt + 9; /* "<!DOCTYPE" */
    const char *q = skip_space(p, end);
    if (q == p || (size_t)(end - q) < 6 || memcmp(q, "quest", 5) != 0)
        return 0;
    p = q + 5;
    q = skip_space(p, end);
    if (q == p)
        return 0;
    if ((size_t)(end - q) > 6 && memcmp(q, "PUBLIC", 6) == 0) {
        q = skip_space(q + 6, end);
        if (!(q = literal(q, end, pub, sizeof pub)) || !known_public_id(pub))
            return 0;
        q = skip_space(q, end);
    } else if ((size_t)(end - q) > 6 && memcmp(q, "SYSTEM", 6) == 0) {
        q = skip_space(q + 6, end);
    } else {
        return 0;
    }
    if (!(q = literal(q, end, sys, sizeof sys)) || !known_system_id(sys))
        return 0;
    q = skip_space(q, end);
    return q < end && *q == '>' ? (size_t)(q + 1 - dt) : 0;
}

static int line_at(const uint8_t *data, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset; i++)
        line += data[i] == '\n';
    return line;
}

/* Parses the quest: its DOCTYPE checked and blanked (newlines kept so
 * lines stay right), then the ordinary safe reader without a schema (the
 * format has none: elements are checked as they are read). */
static xmlDoc *parse(const char *name, const uint8_t *data, size_t size, ErrorList *errs)
{
    if (size > XMLDOC_MAX_BYTES) {
        errors_add(errs, _("%s: file is %zu bytes, more than the limit of %u"), name, size,
                   XMLDOC_MAX_BYTES);
        return NULL;
    }
    uint8_t *copy = xmalloc(size ? size : 1, 1);
    memcpy(copy, data, size);
    const uint8_t *dt = xmldoc_find_doctype(copy, size);
    if (dt) {
        size_t at = (size_t)(dt - copy);
        size_t n = known_doctype((const char *)dt, (const char *)copy + size);
        if (n == 0) {
            errors_add_at(errs, name, line_at(copy, at),
                          _("this DOCTYPE is not HeroScribe's: only <!DOCTYPE quest PUBLIC "
                          "\"-//org.lightless//HeroScribe Quest 1.x//EN\" \"quest-1.x.dtd\"> is "
                          "accepted (no internal subset, no entities)"));
            free(copy);
            return NULL;
        }
        for (size_t i = at; i < at + n; i++)
            if (copy[i] != '\n')
                copy[i] = ' ';
    }
    xmlDoc *doc = xmldoc_parse(name, copy, size, NULL, errs);
    free(copy);
    return doc;
}

/* ---- sniffing -------------------------------------------------------- */

bool heroscribe_sniff(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    if (size >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    while (p < end) {
        p = skip_space(p, end);
        if (p >= end || *p != '<')
            return false;
        const char *close = NULL;
        if ((size_t)(end - p) >= 4 && memcmp(p, "<!--", 4) == 0) {
            for (const char *s = p + 4; s + 3 <= end && !close; s++)
                if (memcmp(s, "-->", 3) == 0)
                    close = s + 3;
        } else if ((size_t)(end - p) >= 2 && (p[1] == '?' || p[1] == '!')) {
            /* a DOCTYPE's internal subset holds '>': skip to its ']' (the
             * quest is then refused by name, not taken for a mission) */
            const char *gt = memchr(p, '>', (size_t)(end - p));
            const char *open = memchr(p, '[', (size_t)(end - p));
            if (p[1] == '!' && open && gt && open < gt) {
                const char *sq = memchr(open, ']', (size_t)(end - open));
                gt = sq ? memchr(sq, '>', (size_t)(end - sq)) : NULL;
            }
            close = gt ? gt + 1 : NULL;
        } else {
            return (size_t)(end - p) > 6 && memcmp(p, "<quest", 6) == 0 &&
                   strchr(" \t\r\n/>", p[6]) != NULL;
        }
        if (!close)
            return false;
        p = close;
    }
    return false;
}

/* ---- the whole conversion -------------------------------------------- */

static void quest_free(HsQuest *q)
{
    free(q->objects);
    free(q->dark);
    free(q->bridges);
    free(q->speech);
    for (size_t i = 0; i < q->note_count; i++) {
        free(q->notes[i].text);
        free(q->notes[i].low);
    }
    free(q->notes);
    free(q->cell);
    free(q->occupied);
    for (size_t i = 0; i < q->placed_count; i++) {
        free(q->placed[i].text);
        free(q->placed[i].source);
    }
    free(q->placed);
    free(q->door_edges);
}

void heroscribe_free(HeroscribeImport *imp)
{
    free(imp->rgba);
    free(imp->xml);
    free(imp->lines);
    for (size_t i = 0; i < imp->source_count; i++) {
        free(imp->sources[i].text);
        free(imp->sources[i].sentence);
    }
    free(imp->sources);
    errors_clear(&imp->warnings);
    *imp = (HeroscribeImport){0};
}

bool heroscribe_convert(const char *name, const uint8_t *data, size_t size, const Catalogue *cat,
                        HeroscribeImport *out, ErrorList *errs)
{
    *out = (HeroscribeImport){0};
    errors_init(&out->warnings, 0);
    size_t before = errors_total(errs);
    xmlDoc *doc = parse(name, data, size, errs);
    if (!doc)
        return false;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !xmldoc_is(root, "quest")) {
        errors_add_at(errs, name, root ? xmldoc_line(root) : 1,
                      _("not a HeroScribe quest: the root element is not <quest>"));
        xmlFreeDoc(doc);
        return false;
    }
    HsQuest q = {0};
    q.name = name;
    q.cat = cat;
    q.warnings = &out->warnings;
    q.objects = xcalloc(HEROSCRIBE_MAX_OBJECTS, sizeof *q.objects);
    q.dark = xcalloc(HEROSCRIBE_MAX_OBJECTS, sizeof *q.dark);
    q.bridges = xcalloc(HEROSCRIBE_MAX_OBJECTS, sizeof *q.bridges);
    q.notes = xcalloc(HS_MAX_NOTES, sizeof *q.notes);
    bool ok = read_quest(&q, root, errs);
    xmlFreeDoc(doc);
    if (ok && errors_total(errs) == before) {
        hs_layout(&q);
        hs_place(&q);
        hs_objectives(&q);
        hs_write(&q, out);
    }
    ok = ok && errors_total(errs) == before;
    quest_free(&q);
    if (!ok)
        heroscribe_free(out);
    return ok;
}

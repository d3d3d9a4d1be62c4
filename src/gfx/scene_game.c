#include "scene_game.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "palette.h"
#include "../match/view.h"
#include "../mission/mission_lang.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static void add_piece(Scene *s, const PieceType *type, SceneOwner owner, BoardPos pos, int w, int h,
                      int rotation)
{
    ScenePiece sp = {.owner = owner, .pos = pos, .width = w, .height = h, .rotation = rotation};
    snprintf(sp.sprite, sizeof sp.sprite, "%s", type->sprite);
    snprintf(sp.name, sizeof sp.name, "%s", gettext(type->name)); /* in the player's language */
    scene_add_piece(s, &sp);
}

/* Ring colours of the heroes by their place in the party (palette.h):
 * told apart at a glance, none like the monsters'. */
uint32_t scene_game_ring(const Game *g, int id)
{
    const GamePiece *gp = game_piece(g, id);
    if (!gp || gp->side != GAME_SIDE_HEROES)
        return 0;
    int place = 0;
    for (int i = 0; i < id; i++)
        place += game_piece(g, i)->side == GAME_SIDE_HEROES;
    return palette_hero_ring(place);
}

bool scene_game_named(const Game *g, int id)
{
    const GamePiece *gp = game_piece(g, id);
    const Mission *m = game_mission(g);
    return gp && gp->side == GAME_SIDE_MONSTERS && gp->mission_index >= 0 &&
           (size_t)gp->mission_index < m->monster_count && m->monsters[gp->mission_index].id[0];
}

void scene_game_foe_name(const Game *g, int id, char *buf, size_t size)
{
    const GamePiece *gp = game_piece(g, id);
    if (!scene_game_named(g, id)) {
        const char *name = gp ? game_piece_name(g, id) : "";
        /* a type's name in the player's language; a hero's own as written */
        snprintf(buf, size, "%s", name[0] && !game_piece_named(g, id) ? gettext(name) : name);
        return;

    }
    /* the mission's id as a name: "grashnak" -> "Grashnak", "skrag_the_cruel"
     * -> "Skrag the cruel" */
    snprintf(buf, size, "%s", game_mission(g)->monsters[gp->mission_index].id);
    for (char *c = buf; *c; c++)
        *c = *c == '_' || *c == '-' ? ' ' : *c;
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

void scene_game_tag(const Game *g, int id, char *buf, size_t size)
{
    const GamePiece *gp = game_piece(g, id);
    const Mission *m = game_mission(g);
    buf[0] = '\0';
    if (!gp || gp->side != GAME_SIDE_MONSTERS || gp->mission_index < 0 ||
        (size_t)gp->mission_index >= m->monster_count)
        return; /* a hero, or a wandering monster the file does not place */
    const MissionMonster *mm = &m->monsters[gp->mission_index];
    if (mm->id[0])
        snprintf(buf, size, "%s", mm->id);
    else
        snprintf(buf, size, "line %d", mm->line);
}

void scene_game_piece(const Game *g, int id, BoardPos pos, ScenePiece *sp)
{
    const GamePiece *gp = game_piece(g, id);
    *sp = (ScenePiece){.pos = pos, .width = 1, .height = 1};
    if (!gp)
        return;
    bool hero = gp->side == GAME_SIDE_HEROES;
    sp->owner = hero ? SCENE_OWNER_HERO : SCENE_OWNER_MONSTER;
    snprintf(sp->sprite, sizeof sp->sprite, "%s", gp->type->sprite);
    /* a campaign's hero goes by its party name, as in the log; a named
     * foe by the mission's name for it ("Grashnak", not "Orc Warlord") */
    sp->ring = scene_game_ring(g, id);
    sp->named = scene_game_named(g, id);
    scene_game_tag(g, id, sp->tag, sizeof sp->tag);
    if (sp->named)
        scene_game_foe_name(g, id, sp->name, sizeof sp->name);
    else
        snprintf(sp->name, sizeof sp->name, "%s",
                 game_piece_named(g, id) ? game_piece_name(g, id) : gettext(game_piece_name(g, id)));

    /* the hover box's words: who it is to the player, then how it stands */
    const char *asleep = gp->asleep ? _(", asleep") : "";
    if (hero)
        snprintf(sp->detail, sizeof sp->detail, _("your %.20s, body %d of %d%s"),
                 game_piece_named(g, id) ? _(gp->type->name) : _("hero"), gp->body, gp->body_max, asleep);
    else
        snprintf(sp->detail, sizeof sp->detail, _("%.20s, body %d of %d, attack %d, defend %d%s"),
                 sp->named ? _(gp->type->name) : _("a monster"), gp->body, gp->body_max, gp->type->attack,
                 gp->type->defend, asleep);
}

static void add_mark(Scene *s, const char *sprite, const char *name, BoardPos pos)
{
    SceneMark mark = {.pos = pos};
    snprintf(mark.sprite, sizeof mark.sprite, "%s", sprite);
    snprintf(mark.name, sizeof mark.name, "%.*s", SCENE_NAME_MAX - 1, name);
    scene_add_mark(s, &mark);
}

/* The eyes the scene is drawn with (match/view.h: the one place that
 * says what a seat may see): the heroes' sight, or all with reveal. In
 * HeroQuest a room's contents are put on the board when it is revealed,
 * so unexplored rooms show none of theirs. */
static MatchView sight_of(const Game *g, const SceneGameView *v)
{
    return view_of(g, v && v->reveal ? MATCH_SIGHT_ALL : MATCH_SIGHT_HEROES);
}

static void add_pieces(Scene *scene, const MatchView *sight, const SceneGameView *v)
{
    const Game *g = sight->game;
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        if (t && view_furniture(sight, f))
            add_piece(scene, t, SCENE_OWNER_NONE, f->pos, f->width, f->height, f->rotation);
    }
    size_t n = v && v->pieces ? v->count : game_piece_count(g);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *gp = game_piece(g, (int)i);
        bool on = v && v->pieces ? v->pieces[i].on_board : gp && gp->alive && !gp->escaped;
        if (!gp || !on || !view_piece(sight, (int)i) || (v && (int)i == v->skip_piece))
            continue;
        ScenePiece sp;
        scene_game_piece(g, (int)i, v && v->pieces ? v->pieces[i].pos : gp->pos, &sp);
        scene_add_piece(scene, &sp);
    }
}

static void add_doors(Scene *scene, const MatchView *sight)
{
    const Game *g = sight->game;
    for (size_t i = 0; i < game_door_count(g); i++) {
        const GameDoor *d = game_door(g, i);
        SceneDoorState state = d->open ? SCENE_DOOR_OPEN
                               : d->kind != DOOR_SECRET ? SCENE_DOOR_CLOSED
                               : view_door(sight, i) ? SCENE_DOOR_SECRET_FOUND
                                                     : SCENE_DOOR_SECRET_HIDDEN;
        scene_add_door(scene, &(SceneDoor){d->pos, d->side, state, d->kind == DOOR_LOCKED && !d->open});
    }
}

static void add_marks(Scene *scene, const MatchView *sight)
{
    static const char *const trap_sprite[TRAP_KIND_COUNT] = {"board/trap_pit", "board/trap_spear",
                                                              "board/trap_block", "board/trap_chest"};
    static const char *const trap_name[TRAP_KIND_COUNT] = {N_("Pit trap"), N_("Spear trap"),
                                                            N_("Falling block trap"), N_("Chest trap")};
    const Game *g = sight->game;
    const Mission *m = game_mission(g);
    const Board *b = m->board;
    for (int y = 0; y < board_height(b); y++)
        for (int x = 0; x < board_width(b); x++) {
            BoardPos pos = {x, y};
            if (game_square_rubble(g, pos))
                add_mark(scene, "board/rubble", _("Rubble"), pos);
            else if (game_square_exit(g, pos) && !scene_piece_at(scene, pos))
                add_mark(scene, "board/exit", _("Exit"), pos);
            if (game_square_exit(g, pos))
                scene_add_exit(scene, pos);
        }
    for (size_t i = 0; i < game_trap_count(g); i++) {
        const GameTrap *t = view_trap(sight, i);
        if (!t || t->gone)
            continue;
        add_mark(scene, trap_sprite[t->kind], _(trap_name[t->kind]), t->pos);
        if (!grid_pos_equal(t->fall, t->pos)) /* EU: the block lands beside the trap */
            add_mark(scene, "board/trap_fall", _("Where the falling block lands"), t->fall);
    }
    /* treasure not yet found is marked only for eyes that see it */
    for (size_t i = 0; i < m->treasure_count; i++)
        if (!m->treasure[i].furniture[0] && !game_treasure_found(g, i) && view_treasure(sight, i))
            add_mark(scene, "board/treasure", mission_lang_text(m, MISSION_TR_TREASURE, (int)i), m->treasure[i].pos);
}

static void set_fog(Scene *scene, const MatchView *sight)
{
    if (view_all(sight)) {
        scene_set_revealed(scene, NULL);
        return;
    }
    const Board *b = game_mission(sight->game)->board;
    int w = board_width(b), h = board_height(b);
    uint8_t *mask = xmalloc((size_t)w * (size_t)h, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            mask[(size_t)y * (size_t)w + (size_t)x] = view_square(sight, (BoardPos){x, y});
    scene_set_revealed(scene, mask);
    free(mask);
}

void scene_game_fill(Scene *scene, const Game *game, const SceneGameView *view)
{
    MatchView sight = sight_of(game, view);
    scene_clear(scene);
    add_pieces(scene, &sight, view);
    add_doors(scene, &sight);
    add_marks(scene, &sight);
    set_fog(scene, &sight);
}

/* The palette's names for the hover box, in the player's language where
 * the mission has it (mission_lang.h); a colour dearer to enter says
 * what it costs (terrain costs, docs/rules.md): "Forest (costs 2 to
 * enter)". */
static void name_colours(Scene *s, const Mission *m)
{
    for (size_t i = 0; i < m->palette_count; i++) {
        const MissionPaletteEntry *e = &m->palette[i];
        const char *name = e->name[0] ? mission_lang_text(m, MISSION_TR_ROOM, (int)e->rgb) : NULL;
        name = name ? name : "";
        if (e->cost > 1) /* the overlay's cost labels */
            scene_set_colour_cost(s, e->rgb, e->cost);
        if (e->cost > 1 && (!e->has_type || e->type == SQUARE_WALKABLE)) {
            char label[SCENE_NAME_MAX];
            snprintf(label, sizeof label, _("%.30s (costs %d to enter)"), name[0] ? name : _("Ground"), e->cost);
            scene_set_colour_name(s, e->rgb, label);
        } else if (name[0]) {
            scene_set_colour_name(s, e->rgb, name);
        }
    }
}

Scene *scene_from_game(const Game *game, const SceneGameView *view)
{
    const Mission *m = game_mission(game);
    Scene *s = scene_create(m->board, m->seed, view && view->untitled ? NULL : m->name ? m->name : m->id);
    name_colours(s, m);
    scene_set_art_dir(s, m->art_dir);
    scene_game_fill(s, game, view);
    return s;
}

#include "scene_mission.h"

#include "core/i18n.h"
#include "mission/mission_lang.h"

#include <stdio.h>
#include <string.h>

static void add_piece(Scene *s, const Mission *m, const char *type_id, SceneOwner owner, BoardPos pos,
                      int w, int h, int rotation, const char *tag)
{
    const PieceType *type = catalogue_find(m->catalogue, type_id);
    ScenePiece p = {.owner = owner, .pos = pos, .width = w, .height = h, .rotation = rotation};
    snprintf(p.tag, sizeof p.tag, "%s", tag);
    snprintf(p.sprite, sizeof p.sprite, "%s", type ? type->sprite : type_id);
    snprintf(p.name, sizeof p.name, "%s", type ? gettext(type->name) : type_id); /* in the player's language */
    scene_add_piece(s, &p);
}

static void add_mark(Scene *s, const char *sprite, const char *name, BoardPos pos)
{
    SceneMark mark = {.pos = pos};
    snprintf(mark.sprite, sizeof mark.sprite, "%s", sprite);
    /* treasure names may be longer than a mark's; the hover box shows the
     * start */
    snprintf(mark.name, sizeof mark.name, "%.*s", SCENE_NAME_MAX - 1, name);
    scene_add_mark(s, &mark);
}

static void add_figures(Scene *s, const Mission *m)
{
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        add_piece(s, m, f->type, SCENE_OWNER_NONE, f->pos, f->width, f->height, f->rotation, "");
    }
    for (size_t i = 0; i < m->hero_count; i++)
        add_piece(s, m, m->heroes[i].type, SCENE_OWNER_HERO, m->heroes[i].pos, 1, 1, 0, "");
    for (size_t i = 0; i < m->monster_count; i++) {
        /* the author's tag: its id, or the line placing it */
        const MissionMonster *mm = &m->monsters[i];
        char tag[SCENE_NAME_MAX];
        if (mm->id[0])
            snprintf(tag, sizeof tag, "%s", mm->id);
        else
            snprintf(tag, sizeof tag, "line %d", mm->line);
        add_piece(s, m, mm->type, SCENE_OWNER_MONSTER, mm->pos, 1, 1, 0, tag);
    }
}

static void add_doors(Scene *s, const Mission *m, bool reveal)
{
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        SceneDoorState state = d->kind == DOOR_NORMAL && d->open ? SCENE_DOOR_OPEN
                               : d->kind != DOOR_SECRET           ? SCENE_DOOR_CLOSED
                               : reveal               ? SCENE_DOOR_SECRET_FOUND
                                                      : SCENE_DOOR_SECRET_HIDDEN;
        scene_add_door(s, &(SceneDoor){d->pos, d->side, state, d->kind == DOOR_LOCKED});
    }
}

static void add_marks(Scene *s, const Mission *m, bool reveal)
{
    static const char *const trap_sprite[TRAP_KIND_COUNT] = {"board/trap_pit", "board/trap_spear",
                                                              "board/trap_block", "board/trap_chest"};
    static const char *const trap_name[TRAP_KIND_COUNT] = {N_("Pit trap"), N_("Spear trap"),
                                                            N_("Falling block trap"), N_("Chest trap")};
    for (size_t i = 0; i < m->rubble_count; i++)
        add_mark(s, "board/rubble", _("Rubble"), m->rubble[i].pos);
    for (size_t i = 0; i < m->exit_count; i++) {
        add_mark(s, "board/exit", _("Exit"), m->exits[i].pos);
        scene_add_exit(s, m->exits[i].pos);
    }
    if (!reveal)
        return;
    for (size_t i = 0; i < m->trap_count; i++) {
        const MissionTrap *t = &m->traps[i];
        add_mark(s, trap_sprite[t->kind], _(trap_name[t->kind]), t->pos);
        if (t->kind == TRAP_FALLING_BLOCK && t->has_fall && m->rules.edition == MISSION_EDITION_EU)
            add_mark(s, "board/trap_fall", _("Where the falling block lands"), t->fall);
    }
    /* treasure hidden in a room (not in furniture) marks its square */
    for (size_t i = 0; i < m->treasure_count; i++)
        if (!m->treasure[i].furniture[0])
            add_mark(s, "board/treasure", mission_lang_text(m, MISSION_TR_TREASURE, (int)i), m->treasure[i].pos);
}

void scene_mission_palette(Scene *s, const Mission *m)
{
    for (size_t i = 0; i < m->palette_count; i++) {
        if (m->palette[i].name[0]) {
            const char *said = mission_lang_text(m, MISSION_TR_ROOM, (int)m->palette[i].rgb);
            scene_set_colour_name(s, m->palette[i].rgb, said && said[0] ? said : m->palette[i].name);
        }
        if (m->palette[i].cost > 1)
            scene_set_colour_cost(s, m->palette[i].rgb, m->palette[i].cost);
    }
}

Scene *scene_from_mission(const Mission *mission, bool reveal)
{
    const Mission *m = mission;
    Scene *s = scene_create(m->board, m->seed, m->name ? m->name : m->id);
    scene_set_art_dir(s, m->art_dir);
    scene_mission_palette(s, m);
    add_figures(s, m);
    add_doors(s, m, reveal);
    add_marks(s, m, reveal);
    return s;
}

#include "replay.h"

#include "../mission/mission.h"
#include "../core/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The digest's input is text, one fact a line, so it does not depend on
 * how a compiler lays out structs. */
static void feed(DigestCtx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void feed(DigestCtx *ctx, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        digest_update(ctx, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void feed_piece(DigestCtx *ctx, const GamePiece *p)
{
    feed(ctx, "piece %d %s %d %d,%d %d/%d %d%d%d %d %u %d%d%d%d%d %d %d\n", p->id,
         p->type ? p->type->id : "-", (int)p->side, p->pos.x, p->pos.y, p->body, p->body_max,
         p->alive, p->escaped, p->revealed, p->gold, (unsigned)p->spells, p->asleep, p->skip_turn,
         p->double_move, p->pass_walls, p->pass_monsters, p->attack_bonus, p->defend_bonus);
    for (int i = 0; i < p->item_count; i++)
        feed(ctx, "item %d %d\n", p->items[i].item, p->items[i].worn);
}

static void feed_board(DigestCtx *ctx, const Game *g)
{
    for (size_t i = 0; i < game_door_count(g); i++) {
        const GameDoor *d = game_door(g, i);
        feed(ctx, "door %d,%d %d %d%d\n", d->pos.x, d->pos.y, (int)d->side, d->open, d->found);
    }
    for (size_t i = 0; i < game_trap_count(g); i++) {
        const GameTrap *t = game_trap(g, i);
        feed(ctx, "trap %d,%d %d%d%d\n", t->pos.x, t->pos.y, t->found, t->gone, t->sprung);
    }
    for (size_t i = 0; i < game_drop_count(g); i++) {
        const GameDrop *d = game_drop(g, i);
        feed(ctx, "drop %d %d,%d %d\n", d->item, d->pos.x, d->pos.y, d->owner);
    }
    for (size_t i = 0; i < game_objective_count(g); i++)
        feed(ctx, "objective %d\n", game_objective_met(g, i));
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < m->treasure_count; i++)
        feed(ctx, "treasure %d\n", game_treasure_found(g, i));
    /* the squares as bits: revealed, rubble */
    const Grid *grid = board_grid(m->board);
    uint8_t bits = 0;
    int n = 0;
    for (int y = 0; y < grid->height; y++) {
        for (int x = 0; x < grid->width; x++) {
            BoardPos p = {x, y};
            bits = (uint8_t)(bits << 2 | game_square_revealed(g, p) << 1 | game_square_rubble(g, p));
            if (++n == 4) {
                digest_update(ctx, &bits, 1);
                bits = 0;
                n = 0;
            }
        }
    }
    digest_update(ctx, &bits, 1);
}

void replay_state_digest(const Game *g, uint8_t out[DIGEST_SIZE])
{
    DigestCtx ctx;
    digest_init(&ctx);
    feed(&ctx, "turn %d current %d status %d rolled %d acted %d left %d rng %llu\n",
         game_turn(g), game_current(g), (int)game_status(g), game_has_rolled(g),
         game_has_acted(g), game_move_left(g), (unsigned long long)game_rng_state(g));
    for (size_t i = 0; i < game_piece_count(g); i++)
        feed_piece(&ctx, game_piece(g, (int)i));
    feed_board(&ctx, g);
    digest_final(&ctx, out);
}

const char *replay_outcome_name(GameStatus status)
{
    return status == GAME_STATUS_VICTORY  ? "victory"
           : status == GAME_STATUS_DEFEAT ? "defeat"
                                          : "unfinished";
}

bool replay_verify(const Mission *m, const SaveData *s, ReplayCheck *out)
{
    memset(out, 0, sizeof *out);
    if (m->hash != s->mission_hash) {
        snprintf(out->why, sizeof out->why, _("the mission %s has changed since the game was saved"),
                 s->mission_path);
        return false;
    }
    char why[256];
    Game *g = game_create(m, &s->setup, s->seed, why, sizeof why);
    if (!g) {
        snprintf(out->why, sizeof out->why, _("the game cannot start: %s"), why);
        return false;
    }
    bool ok = true;
    for (size_t i = 0; ok && i < s->action_count; i++) {
        /* a version 3 save names pieces by public id: the game replayed
         * so far gives them back */
        Action a;
        if (!save_action(g, s, i, &a, why, sizeof why) || !game_apply(g, &a, NULL, why, sizeof why)) {
            out->failed = i + 1;
            snprintf(out->why, sizeof out->why, "%s: %s", game_action_name(s->actions[i].kind),
                     why);
            ok = false;
        } else {
            out->actions = i + 1;
        }
    }
    out->rounds = game_turn(g);
    out->status = game_status(g);
    replay_state_digest(g, out->state);
    game_destroy(g);
    return ok;
}

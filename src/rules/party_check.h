/* What a party's heroes may be, checked wherever a party comes from
 * outside the rules (a campaign save, hand-edited or not): the same
 * things the armoury, the quests and `next` keep true, so a party that
 * passes plays, and one the game made always passes (docs/rules.md,
 * "Campaigns").
 */
#pragma once

#include "party.h"

#include <stdbool.h>
#include <stddef.h>

/* Most quests a hero counts and most heroes of one type that fell before
 * one: counts stop there (no count wraps). */
#define PARTY_MAX_COUNT 1000000

/* One hero: a hero type of the campaign; a name by game_name_ok; player 0
 * to 3; gold 0 to GAME_MAX_GOLD; quests and generation 0 to
 * PARTY_MAX_COUNT; a kit of catalogue items (equip_check_kit: at most one
 * worn item a slot, only armour worn) whose worn armour its type may
 * wear. (It may carry what it may not use: a reward nobody of the party
 * may use goes to the first survivor.) False with the reason in why. */
bool party_check_hero(const Campaign *c, const Catalogue *cat, const PartyHero *h, char *why,
                      size_t n);

/* The heroes together: 1 to the campaign's number of heroes, each checked
 * by party_check_hero, no hero type twice, no artifact twice in the
 * party. False with the reason in why and the index of the hero at fault
 * (the later of two) in *bad. */
bool party_check_heroes(const Campaign *c, const Catalogue *cat, const PartyHero *heroes,
                        int count, int *bad, char *why, size_t n);

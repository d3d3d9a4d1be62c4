/* The armoury between two quests of a campaign: what it sells (icon,
 * name, price, what it does; who may use it and who can pay), and for the
 * chosen hero its gold and what it wears and carries. Buy, sell (half
 * price), wear or take off, with the mouse or the keys:
 *
 *   Left/Right or a click on a name   the hero
 *   Tab or a click on a list          the armoury's list or the hero's bag
 *   Up/Down                           an item
 *   Return or a second click          buy (armoury) or sell (bag)
 *   W                                 wear or take off (bag)
 *   G (Shift+G: to whom)              give 10 gold to another hero, when
 *                                     the campaign's rules allow it
 *   Escape                            back to the campaign
 *
 * It borrows the party; every change goes through party_buy/sell/wear
 * (refusals are toasted) and is reported to the caller, who saves. */
#pragma once

#include "app/screens.h"
#include "rules/party.h"

/* changed (an ArmouryChanged, app/screenargs.h) is called after each
 * change of the party. */
Screen *armoury_create(App *app, Party *party, ArmouryChanged changed, void *ctx);

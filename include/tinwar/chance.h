/// Chance through one hook: every die a rule set throws is thrown by tw_roll, which names the
/// clause, reports each face in the event log, and takes the faces from the game's generator or,
/// in the "physical dice" mode, from values a player entered (carried by the order, so a replay
/// throws the same dice again).
#ifndef TINWAR_CHANCE_H
#define TINWAR_CHANCE_H
#include "tinwar/event.h"

struct tw_state;

/// Where the dice come from (tw_state.dice).
typedef enum tw_dice_mode {
	TW_DICE_GENERATOR = 0, ///< the game's seeded generator
	TW_DICE_ENTERED = 1,   ///< faces typed in by the players: each order carries its dice
} tw_dice_mode;

/// The dice an order still needs when entered dice ran out (the first missing roll).
typedef struct tw_dice_need {
	char clause[20]; ///< the clause that asked
	int n;           ///< dice still to enter for that roll
	int sides;       ///< faces of each die
	int side;        ///< side throwing, -1 none
} tw_dice_need;

/// The entered faces an order is applied with (set up by the game around rs->apply).
typedef struct tw_chance {
	const uint8_t *faces; ///< entered faces, in the order the rules throw them
	int n, used;
	bool missing;          ///< a roll needed more faces than were entered
	tw_dice_need need;     ///< the first roll that ran out
} tw_chance;

/// Throws n dice of `sides` faces for `clause` by `side` (-1 none): faces[] (may be NULL) gets
/// each face and the total is returned. Pushes one TW_EV_DICE event per TW_EVENT_MAX_FACES
/// dice, holding every face (a = total of its dice, b = their number); *first (may be NULL)
/// gets the first of them (NULL if none could be pushed). n is 1..TW_ROLL_MAX, sides 2..100.
/// In the entered mode a roll beyond the faces entered marks the adjudication as missing dice
/// (the order is then refused and the state put back) and counts each missing face as 1.
int tw_roll(struct tw_state *s, tw_events *ev, int side, const char *clause, int n, int sides, int *faces,
	    tw_event **first);
/// One d6 (tw_roll with n = 1, sides = 6).
int tw_roll_d6(struct tw_state *s, tw_events *ev, int side, const char *clause, tw_event **e);
/// A dice event's text from its faces, total and count: "2d6: 3 5 = 8" (one face: "1d20: 13"),
/// cut at the text's size, as snprintf would write it (tw_roll writes it after each face).
void tw_roll_text(tw_event *e, int sides);

#define TW_ROLL_MAX 256

#endif

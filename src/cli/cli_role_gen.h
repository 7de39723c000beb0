// h6-seats: `tinwar play --role SIDE/ROLE=GENERAL`: a computer general for one role of a side a
// person plays (a 2v2 side whose ally is the computer; docs/design.md "Seats").
#ifndef TINWAR_CLI_ROLE_GEN_H
#define TINWAR_CLI_ROLE_GEN_H
#include "tinwar/general.h"

typedef struct cli_role_gens {
	tw_general *g[TW_MAX_ROLES];  ///< bound to role i (tw_general_bind_role), NULL: a person's
	uint32_t ended[TW_MAX_SIDES]; ///< bit i: role i's general has ended its part of the side's move
	int64_t key[TW_MAX_SIDES];    ///< the stretch those bits are of (move, phase)
	int n;                        ///< how many roles the computer holds
} cli_role_gens;

/// Reads every `--role SIDE/ROLE=GENERAL`; 0, or prints why and returns CLI_BAD.
int cli_role_gens_parse(cli_role_gens *rg, int argc, char **argv, const tw_game *game, uint64_t seed);
/// When the person's side `side` is asked: the computer's roles of it go first, each until it ends
/// its part (its end, an order its role may not give, or one the rules refuse). 1: it acted
/// (*first/*count: the events, count 0 when only its part ended), 0: none of it is to act.
int cli_role_gens_step(cli_role_gens *rg, tw_game *game, int side, tw_order *o, int *first, int *count);
/// Whether the computer holds role `role`.
bool cli_role_gens_holds(const cli_role_gens *rg, int role);
/// The role the person types for in side `side`: `current`, unless the computer holds a role of
/// the side and `current` is that or the whole side: then the side's first player role not the
/// computer's.
int cli_role_gens_person(const cli_role_gens *rg, const tw_state *s, int side, int current);
/// Issue 16: whether `as ROLE` (role `role` of side `side`) is refused because the computer holds
/// that role: it prints which seat it is and which general plays it, and who types on (`current`).
bool cli_role_gens_refuse_as(const cli_role_gens *rg, const tw_state *s, int side, int role, int current);
void cli_role_gens_free(cli_role_gens *rg);
#endif

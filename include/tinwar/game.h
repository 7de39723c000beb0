/// A game: a state plus its log. tw_game_apply is the one entry point that applies an order.
#ifndef TINWAR_GAME_H
#define TINWAR_GAME_H
#include "tinwar/ruleset.h"

typedef struct tw_game tw_game;

/// Starts a game from a loaded scenario state (copied) and a seed. The generator is seeded from
/// `seed` unless the state is a game already under way (move_no > 0 or draws taken), which keeps
/// its own generator. The state's rule set must
/// be registered. Runs the rule set's setup. Returns NULL and fills err on failure.
tw_game *tw_game_new(const tw_state *scenario, uint64_t seed, const tw_shot_model *shots, tw_error *err);
/// What tw_game_new does to the state it is given, on a bare state: seeds the generator from
/// `seed` unless the state is a game already under way, then runs the rule set's setup (which
/// leaves a state it has already set up as it is). `tinwar step` runs it, so `step` and `play`
/// agree on every state. On failure err is filled and the state may be partly set up.
tw_status tw_state_prepare(tw_state *s, uint64_t seed, tw_error *err);
void tw_game_free(tw_game *g);
/// The current state (read only).
const tw_state *tw_game_state(const tw_game *g);
const tw_ruleset *tw_game_ruleset(const tw_game *g);
/// Validates, resolves, appends order and events to the log. On any failure the state and
/// log are unchanged and err names the clause broken. *first/*count give the new events.
tw_status tw_game_apply(tw_game *g, const tw_order *o, int *first, int *count, tw_error *err);
/// Turns undo snapshots on (default) or off (computer games, studies: faster).
void tw_game_set_undo(tw_game *g, bool on);
/// Whether the game's orders resolve with the C library's math functions rather than the engine's
/// own (detmath.h): set by the replay of a log played before stop 36; a new game uses the engine's.
void tw_game_set_libm_math(tw_game *g, bool on);
bool tw_game_libm_math(const tw_game *g);
/// Undoes the last order, if no die or shot has happened since it. Returns false otherwise.
bool tw_game_undo(tw_game *g);
/// The whole event log.
const tw_events *tw_game_events(const tw_game *g);
int tw_game_order_count(const tw_game *g);
/// Order i of the log (NULL if none). The log keeps orders packed; this unpacks one into a
/// buffer the game keeps, so the pointer is good until the next call for the same game.
const tw_order *tw_game_order(const tw_game *g, int i);
/// The state the game started from (after setup).
const tw_state *tw_game_initial(const tw_game *g);
uint64_t tw_game_seed(const tw_game *g);
const tw_shot_model *tw_game_shot_model(const tw_game *g);
/// The shot outcomes (traces) this game keeps for its log; a TW_EV_SHOT event's `c` indexes them.
const tw_shot_recorder *tw_game_recorder(const tw_game *g);
/// Hands a recorder (whose model the game was created with) to the game, which frees it.
void tw_game_adopt_recorder(tw_game *g, tw_shot_recorder *rec);

/// Applies an order to a bare state without logging (validate, then apply in place with the
/// dynamic part saved first and put back if unresolved). For search and tests; state unchanged
/// on failure.
tw_status tw_state_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err);

#endif

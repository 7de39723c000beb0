/// Computer generals: see only their side's view, return orders one at a time.
#ifndef TINWAR_GENERAL_H
#define TINWAR_GENERAL_H
#include "tinwar/game.h"

typedef struct tw_general tw_general;

typedef struct tw_general_def {
	const char *name;    ///< "lw-default", "random", ...
	const char *ruleset; ///< rule set name, or NULL for any
	const char *help;
	/// Produces the next order for `side` given its view. Returns TW_OK with *out filled.
	tw_status (*decide)(tw_general *g, const tw_state *view, int side, tw_order *out);
	size_t ctx_size;
	/// Optional: frees what the general holds beyond ctx (NULL if nothing). ctx is freed after.
	void (*destroy)(tw_general *g);
	/// Optional: sets a doctrine parameter by name (e.g. "advance"). NULL if it has none.
	tw_status (*set_param)(tw_general *g, const char *name, double value, tw_error *err);
} tw_general_def;

struct tw_general {
	const tw_general_def *def;
	int side;
	tw_rng rng;   ///< the general's own generator (seeded from the game seed and side)
	int budget;   ///< step budget per decision
	void *ctx;    ///< ctx_size bytes, zeroed at creation
	bool forfeit; ///< set by a general that gives up: tw_play_out stops, its side loses
	int role1;    ///< h6-camp: the role it is bound to + 1 (tw_general_bind_role), 0: the whole side
};

/// Creates a general by name for a rule set; NULL if unknown. A name ending in ".lua" loads a
/// Lua doctrine from that file with default limits (see tinwar/doctrine.h for the details).
tw_general *tw_general_new(const char *name, const tw_ruleset *rs, int side, uint64_t seed);
/// Sets a doctrine parameter ("advance", ...). TW_ERR_INPUT if the general has no such one.
tw_status tw_general_set_param(tw_general *g, const char *name, double value, tw_error *err);
void tw_general_free(tw_general *g);
/// Next order for the general's side from the game's current state (it sees only its view).
tw_status tw_general_decide(tw_general *g, const tw_state *s, tw_order *out);
int tw_general_count(void);
const tw_general_def *tw_general_get(int i);

/// Plays a game to the end with one general per side. Returns TW_OK when over.
/// max_orders caps a runaway game (then it is a draw by the engine's move limit).
/// A general that forfeits (g->forfeit) ends the play-out: TW_ERR_STATE, the game not over.
tw_status tw_play_out(tw_game *game, tw_general **generals, int max_orders, tw_error *err);

// ---- h6-camp: a general a seat within a side (src/ai/general_roles.c) ----
/// Binds g to role `role` of its side: an index into tw_state_roles of the game's state (-1: the
/// whole side again). A bound general orders only what that role may (tw_role_may): the random
/// general keeps to such orders and a rule set's own generals honour it (the rule set documents
/// how); tw_play_out_seats refuses the rest. TW_ERR_INPUT if the role is not one of its side's.
tw_status tw_general_bind_role(tw_general *g, const tw_state *s, int role, tw_error *err);
/// tw_play_out with any number of generals, several a side when they are bound to roles (a
/// seat each). When a side is asked, its generals are asked in turn (in the order given), each
/// until it gives the order that ends the turn (TW_OD_ENDS_TURN), which is held back until every
/// general of the side has given it in this stretch (the side asked again after another, or the
/// phase changed, starts a new stretch); an order its role may not give (tw_role_may) or the
/// rules refuse counts as its end. With one general a side (none bound) it is tw_play_out.
tw_status tw_play_out_seats(tw_game *game, tw_general **gens, int ngens, int max_orders, tw_error *err);

// ---- sv-term: computer seats on the host's clock (src/ai/host_play.c; tinwar/host_clock.h) ----
/// A computer order on the virtual clock takes this long (a bid a second, as the series' auction).
#define TW_HOST_COMPUTER_MS 1000
/// While every seat may act at once (tw_host_free): asks the computer seats (gens[k] non-NULL)
/// in seat order, each once since the last order (asked[k], TW_MAX_SIDES entries, -1 at the
/// start, keeps the order count it was last asked at), and gives the first legal order stamped
/// now_ms (first/count: its events, may be NULL). 1 when one was given, 0 when none had one
/// (*err: the last refusal, if any).
int tw_host_computers_step(tw_game *game, tw_general **gens, int *asked, int64_t now_ms, tw_order *o, int *first,
			   int *count, tw_error *err);
/// One step of tw_play_out while every seat may act at once: the host's order if due at
/// *clock_ms, else a computer's order one
/// TW_HOST_COMPUTER_MS after *clock_ms; when none has one, *clock_ms moves to host_due and the
/// host's order is given (a virtual clock: no real time passes).
tw_status tw_host_play_free(tw_game *game, tw_general **gens, int *asked, int64_t *clock_ms, tw_order *o, tw_error *err);

#endif

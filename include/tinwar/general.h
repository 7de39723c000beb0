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
} tw_general_def;

struct tw_general {
	const tw_general_def *def;
	int side;
	tw_rng rng;   ///< the general's own generator (seeded from the game seed and side)
	int budget;   ///< step budget per decision
	void *ctx;    ///< ctx_size bytes, zeroed at creation
};

/// Creates a general by name for a rule set; NULL if unknown.
tw_general *tw_general_new(const char *name, const tw_ruleset *rs, int side, uint64_t seed);
void tw_general_free(tw_general *g);
/// Next order for the general's side from the game's current state (it sees only its view).
tw_status tw_general_decide(tw_general *g, const tw_state *s, tw_order *out);
int tw_general_count(void);
const tw_general_def *tw_general_get(int i);

/// Plays a game to the end with one general per side. Returns TW_OK when over.
/// max_orders caps a runaway game (then it is a draw by the engine's move limit).
tw_status tw_play_out(tw_game *game, tw_general **generals, int max_orders, tw_error *err);

#endif

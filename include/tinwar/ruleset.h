/// The rule-set interface (one vtable per rule set) and the explicit registry.
#ifndef TINWAR_RULESET_H
#define TINWAR_RULESET_H
#include "tinwar/event.h"
#include "tinwar/order.h"
#include "tinwar/shot.h"
#include "tinwar/state.h"

/// A rule-set parameter with its default (OpenSpiel-style). Values live in tw_state.params.
typedef struct tw_param_def {
	const char *name;
	double def, min, max;
	const char *const *choices; ///< NULL-terminated names for enumerated values (value = index)
	const char *help;
} tw_param_def;

/// What an order is applied with: the shot model, and recorded outcomes to replay.
typedef struct tw_apply_ctx {
	const tw_shot_model *shots;
} tw_apply_ctx;

struct tw_general_def;

/// Largest game-move number a loaded document may hold (move_no, and rule-set integers that
/// are move numbers: far from INT32_MAX, so move arithmetic cannot overflow).
#define TW_LOAD_MAX_MOVE 1000000
/// Largest count of figures (and of anything counted in figures) in a loaded document.
#define TW_LOAD_MAX_COUNT 100000

/// What the bound of a rule-set integer counts from (tw_int_range.ref).
enum { TW_REF_NONE = 0, TW_REF_SIDES, TW_REF_FIGURES, TW_REF_GUNS, TW_REF_UNITS };

/// The accepted range of a rule-set integer in a loaded document: min..max, or with a `ref`,
/// min..(count of that thing + max): {-1, -1, TW_REF_GUNS} is a gun id or -1, {0, 0,
/// TW_REF_UNITS} a unit id + 1 or 0. An entry left zero accepts only 0 (an unused slot).
typedef struct tw_int_range {
	int32_t min, max;
	uint8_t ref;
} tw_int_range;

/// A rule set's ranges for its integers in tw_state (docs/format.md): a document outside them
/// is refused on load with the value's JSON path, before any rule sees it.
typedef struct tw_ruleset_ranges {
	int32_t phase_max;                     ///< tw_state.phase is 0..phase_max
	tw_int_range vars[TW_STATE_VARS];       ///< tw_state.vars
	tw_int_range fig_stats[TW_FIG_STATS];   ///< tw_figure.stats
	tw_int_range gun_stats[TW_FIG_STATS];   ///< tw_gun.stats
	tw_int_range unit_stats[TW_FIG_STATS];  ///< tw_unit.stats
} tw_ruleset_ranges;

/// An order type a rule set accepts, as a front-end needs to offer it: the fields are the
/// format's (docs/format.md); what the rule set adds is its words and the meaning of `n`.
typedef struct tw_order_def {
	uint8_t type;                  ///< tw_order_type
	const char *help;              ///< what it does here, with its clause
	const char *const *n_choices;  ///< NULL-terminated names of n = 0, 1, ... (NULL: n unused)
	bool per_figure;               ///< move: the rule set wants each figure's destination (`moves`)
} tw_order_def;

typedef struct tw_ruleset {
	const char *name;  ///< "littlewars"
	const char *title; ///< "H. G. Wells, Little Wars (1913)"
	int nparams;
	const tw_param_def *params;
	/// Checks a freshly loaded scenario and prepares the state for play.
	tw_status (*setup)(tw_state *s, tw_error *err);
	/// Validates an order against the state (pure). Refusals cite a clause.
	tw_status (*validate)(const tw_state *s, const tw_order *o, tw_error *err);
	/// Applies a validated order; may draw from s->rng; pushes events.
	tw_status (*apply)(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err);
	/// Side that must act now (-1 if the game is over).
	int (*to_move)(const tw_state *s);
	/// Fills points[side] with the current score.
	void (*score)(const tw_state *s, double *points);
	/// Hides from dst what `seat` may not see (called on a clone).
	void (*hide)(tw_state *dst, int seat);
	/// Optional: false when hide(s, seat) would change nothing (then a seat's view may be the
	/// state itself with the generator scrubbed). NULL: always assumed to hide something.
	bool (*hides)(const tw_state *s, int seat);
	/// Samples up to max random legal orders for side (for random players and tests).
	int (*random_orders)(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
	/// Fills an empty state with a generated scenario (Country and forces) from a seed.
	tw_status (*generate)(tw_state *s, uint64_t seed, double width, double depth, tw_error *err);
	/// The rule set's own computer generals (doctrines); the first is its default.
	int ngenerals;
	const struct tw_general_def *const *generals;
	/// The order types it accepts (NULL: not described; see tw_ruleset_orders).
	int norders;
	const tw_order_def *orders;
	/// Optional: true when `apply` on this validated order either succeeds or, failing, leaves
	/// the state exactly as it was, so the engine need not save the state before applying it in
	/// place. NULL: always saved.
	bool (*apply_atomic)(const tw_state *s, const tw_order *o);
	/// Optional: the ranges of its phases, vars and stats on load. NULL: phase 0..255, vars and
	/// stats within +-1e9.
	const tw_ruleset_ranges *ranges;
} tw_ruleset;

/// Number of registered rule sets.
int tw_ruleset_count(void);
const tw_ruleset *tw_ruleset_get(int index);
/// Index of a rule set by name, or -1.
int tw_ruleset_find(const char *name);
/// Parameter index by name in a rule set, or -1.
int tw_ruleset_param(const tw_ruleset *rs, const char *name);
/// Generates a scenario for the named rule set into an empty state (see tw_ruleset.generate).
tw_status tw_scenario_generate(tw_state *s, const char *ruleset, uint64_t seed, double width, double depth,
			       tw_error *err);
/// The order types a rule set accepts, with their words and `n` choices; *n gets the count.
/// NULL with *n = 0 if the rule set does not describe them.
const tw_order_def *tw_ruleset_orders(const tw_ruleset *rs, int *n);
/// Fills s->params with the rule set's defaults.
void tw_ruleset_defaults(const tw_ruleset *rs, tw_state *s);

#endif

/// The rule-set interface (one vtable per rule set) and the explicit registry.
#ifndef TINWAR_RULESET_H
#define TINWAR_RULESET_H
#include <stdio.h>
#include "tinwar/event.h"
#include "tinwar/order.h"
#include "tinwar/shot.h"
#include "tinwar/state.h"
#include "tinwar/template.h"

/// How a parameter is set (the page's lobby draws its control from it). Choices are implied by
/// tw_param_def.choices.
typedef enum tw_param_kind {
	TW_PARAM_NUMBER = 0, ///< a number within min..max, in steps of `step` (0: any)
	TW_PARAM_YESNO,      ///< 0 no, 1 yes: a checkbox
} tw_param_kind;

/// A rule-set parameter with its default (OpenSpiel-style). Values live in tw_state.params.
/// The fields after `help` are for people (issue 19); they come last so that positional
/// initializers of the first six still compile (the others are then NULL/0: a number, labelled
/// by its name, without a unit).
typedef struct tw_param_def {
	const char *name;
	double def, min, max;
	const char *const *choices; ///< NULL-terminated names for enumerated values (value = index)
	const char *help;
	const char *label;  ///< a readable name ("Interval between moves"), or NULL: the name
	const char *unit;   ///< the unit of a number ("in", "min", "moves", "deg"), or NULL
	tw_param_kind kind; ///< TW_PARAM_YESNO for a 0/1 switch
	double step;        ///< a number's step (1 for whole numbers), 0: any
} tw_param_def;

/// What an order is applied with: the shot model, and recorded outcomes to replay.
typedef struct tw_apply_ctx {
	const tw_shot_model *shots;
} tw_apply_ctx;

struct tw_general_def;
struct json_t;

/// A decision the rules ask of a seat now (tw_ruleset.decisions): the mover's next order, a
/// reaction by the player who is not moving, a choice of casualties, accepting a challenge, a
/// bid, a secret allocation ...
typedef struct tw_decision {
	int8_t seat;     ///< who decides: a side index (or TW_SEAT_UMPIRE)
	bool secret;     ///< a sealed choice: kept from every other seat until all seats asked for
			 ///< a secret choice have chosen, then revealed and applied together
	char clause[20]; ///< the clause that asks, e.g. "RD.CHARGE.6"
	char kind[20];   ///< "act", "react", "casualties", "challenge", "bid", "allocate", ...
	uint64_t types;  ///< bit t: order type t answers it (0: any order type of the rule set)
	char prompt[96]; ///< for people
} tw_decision;

#define TW_MAX_DECISIONS 16

/// Seats within the sides (docs/design.md "Seats"): a rule set may give a side several players
/// (an arm each, a chief over them) and officials who watch. The core's seat stays the side; a
/// role is one of these, named by the rule set, and front-ends name none of them.
typedef enum tw_role_kind {
	TW_ROLE_CHIEF = 0, ///< commands the whole side (may give any order of it)
	TW_ROLE_PLAYER,    ///< commands part of it (the rule set's seat_may says which)
	TW_ROLE_OFFICIAL,  ///< watches: sees what the umpire sees of its own side
} tw_role_kind;
typedef struct tw_role_def {
	int8_t side;        ///< the side it belongs to
	uint8_t kind;       ///< tw_role_kind
	char name[24];      ///< within the side: "general", "infantry", "official"
	char clause[20];    ///< the clause that makes it
	char help[96];      ///< for people
	uint64_t types;     ///< bit t: order type t is one it may ever give (0: any); role_may judges the rest
	int8_t stand_kind;  ///< the player stands near his side's figure of this kind (-1: nowhere)
	double stand_r;     ///< ... within this many inches, at or behind it (0: no such rule)
	char stand_clause[20];
} tw_role_def;
#define TW_MAX_ROLES 24

/// Largest game-move number a loaded document may hold (move_no, and rule-set values that are
/// move numbers: far from INT32_MAX, so move arithmetic cannot overflow).
#define TW_LOAD_MAX_MOVE 1000000
/// Largest count of figures (and of anything counted in figures) in a loaded document.
#define TW_LOAD_MAX_COUNT 100000

/// How a figure is drawn (tw_ruleset.look): its look and a figure it is tied to.
typedef struct tw_look {
	uint8_t look;  ///< TW_LOOK_*
	int32_t link;  ///< figure it is tied to (a prisoner's guard), -1 none
	int8_t colour; ///< side whose colour the tie is drawn in, -1 the figure's own
} tw_look;

/// What a rule set keeps on the table besides figures and guns (tw_ruleset.pieces), for the
/// pictures and other front-ends: Little Wars's lidded boxes (LW.BIG.2), trains (LW.BIG.9) and
/// the Kriegspiel's boats (KS.FORM.1).
typedef enum tw_piece_kind {
	TW_PIECE_BOX = 0, ///< a closed box of men: its place is seen, not what it holds
	TW_PIECE_TRAIN,   ///< an engine and its trucks on a railway
	TW_PIECE_BOAT,    ///< a boat on a river, the men aboard seen by all
	TW_PIECE_KIND_COUNT
} tw_piece_kind;
typedef struct tw_piece {
	uint8_t kind;        ///< tw_piece_kind
	int8_t side;         ///< whose it is
	bool hidden;         ///< what it holds is hidden from the seat asking (men and guns then 0)
	int32_t index;       ///< its number among its side's pieces of its kind (the orders' n)
	tw_vec2 pos;         ///< where it stands, inches (a train: its engine)
	double bearing;      ///< degrees (0 = towards +y, 90 = +x): the way it points (a train: its
			     ///< engine's way along the line; its trucks trail behind)
	int32_t trucks;      ///< a train's trucks behind its engine; 0 for other pieces
	int32_t men[TW_FK_COUNT]; ///< figures in it by kind (tw_figure_kind), as the seat may know them
	int32_t guns;        ///< guns in it, as the seat may know them
	const char *clause;  ///< the rule that says what it is (a static string of the rule set), or NULL
} tw_piece;
/// Most pieces tw_state_pieces reports.
#define TW_MAX_PIECES 256

/// A named value a rule set tells doctrines and front-ends about (tw_ruleset.facts, .constants):
/// a derived value ("allowance", "in_action") or a constant of its rules ("reach").
typedef enum tw_fact_type {
	TW_FACT_BOOL = 0,
	TW_FACT_INT,
	TW_FACT_NUM,
	TW_FACT_SIDE, ///< a side index, shown by the side's name; left out when negative
	TW_FACT_ID,   ///< a figure, gun or unit id; left out when negative
} tw_fact_type;
typedef struct tw_fact {
	const char *name;
	uint8_t type; ///< tw_fact_type
	double value;
} tw_fact;
#define TW_MAX_FACTS 16

/// A family of the rule set's clause IDs and what it is about ("LW.MEL": "isolation, melee ..."),
/// for reports that explain the clauses they cite.
typedef struct tw_clause_family {
	const char *prefix;
	const char *meaning;
} tw_clause_family;

/// A question of chance a rule set answers exactly (tw_ruleset.odds).
typedef struct tw_odds_question {
	const char *name;  ///< "volley"
	const char *usage; ///< its options: "--firers N --range IN [--cover]"
	const char *help;  ///< what it answers, with the clause
} tw_odds_question;

/// For odds hooks: the value of option `name` among the options given (names without dashes;
/// "" for a flag), or NULL when it was not given.
const char *tw_odds_opt(int nopts, const char *const *names, const char *const *values, const char *name);
/// For odds hooks: writes probability p as a reduced fraction of den equally likely throws with
/// its decimal ("5/12 (0.416667)") when p * den is an integer to within 1e-6, else the decimal.
void tw_odds_print_fraction(FILE *out, double p, double den);
/// For odds hooks: one random throw of an odds question (its outcome folded into the return
/// value, so that the work is not optimised away).
typedef int (*tw_odds_mc_throw)(tw_rng *r, const void *ctx);
/// The standard error a Monte Carlo estimate must get under: half the sixth decimal printed.
#define TW_ODDS_MC_SE 5e-7
/// For odds hooks: nanoseconds one throw takes, measured by throwing it for at least 20 ms with a
/// generator seeded with a fixed seed (the answer never depends on the clock, only the timing).
double tw_odds_mc_sample_ns(tw_odds_mc_throw throw_once, const void *ctx);
/// For odds hooks: writes, beside an exact answer of this variance, the samples and the time a
/// Monte Carlo estimate needs for a standard error under TW_ODDS_MC_SE ("    Monte Carlo for the
/// same precision: 1e+12 samples (standard error < 5e-07), about 3.1 h at 11 ns a sample (measured)").
void tw_odds_mc_note(FILE *out, double variance, double sample_ns);

// ---- ll-fin: a rule set's roster editor (tw_ruleset.roster; front-ends: tinwar/roster.h) ----
/// Where a roster is wrong: line and column (1-based) of the value in the text checked (0 when
/// the text is not the file's or no place is known), its JSON path in the roster, the clause and
/// the words.
typedef struct tw_roster_err {
	int line, col;
	char path[128];
	char clause[24];
	char message[320];
} tw_roster_err;
/// Rosters as data: a rule set's own troop types and named men, checked by its own rules. Every
/// member is required when a rule set has the hook.
typedef struct tw_roster_hooks {
	/// A new roster (a JSON object with "format": "tinwar-roster" and "ruleset"); NULL on no memory.
	struct json_t *(*new_roster)(void);
	/// Checks a roster's text: TW_OK, or a located error (malformed JSON: the parser's line and column).
	tw_status (*check)(const char *text, size_t len, tw_roster_err *e);
	/// As check, on a document already read (line and column 0).
	tw_status (*check_json)(const struct json_t *roster, tw_roster_err *e);
} tw_roster_hooks;
// ---- end ll-fin ----

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
	/// Side that must act now (-1 if the game is over). Used when `decisions` is NULL.
	int (*to_move)(const tw_state *s);
	/// Optional: every decision the rules ask for now, into out[0..max); returns the count (0:
	/// nobody may act). When given, the core refuses an order from a seat with no decision, or
	/// of a type its decision does not take, and seals secret choices (docs/design.md).
	int (*decisions)(const tw_state *s, tw_decision *out, int max);
	/// Optional: seconds a seat has for its current decision on the host's clock (<= 0: not
	/// timed). When the time runs out the host gives the TW_OD_HOST order (a time-out).
	double (*allowance)(const tw_state *s, int seat);
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
	/// Optional: the named kinds of scenario it also generates (NULL-terminated, e.g. Little
	/// Wars's "large" and "kriegspiel"), and their generator; width or depth 0: the kind's own size.
	const char *const *variants;
	tw_status (*generate_variant)(tw_state *s, uint64_t seed, double width, double depth, const char *variant,
				      tw_error *err);
	/// The rule set's own computer generals (doctrines); the first is its default.
	int ngenerals;
	const struct tw_general_def *const *generals;
	/// The order types it accepts (order.h): the one description of its orders.
	int norders;
	const tw_order_def *orders;
	/// Optional: true when `apply` on this validated order either succeeds or, failing, leaves
	/// the state exactly as it was, so the engine need not save the state before applying it in
	/// place. NULL: always saved.
	bool (*apply_atomic)(const tw_state *s, const tw_order *o);
	/// The rule set's own records (record.h) for the game, each side, figure, gun, unit and
	/// terrain piece; NULL where it keeps none.
	const tw_record_def *records[TW_REC_KIND_COUNT];
	/// Its templates (template.h): the shapes players lay on the table, drawn by the front-ends.
	int ntemplates;
	const tw_render_template *templates;
	/// Series (series.h), all optional: what carries over from game to game, as a JSON object
	/// the rule set owns. series_start fills a new one from the series' config (may be NULL);
	/// series_prepare turns a scenario into game `seq` (1-based) of the series; series_roles
	/// says which player plays each side (-1: nobody); series_record takes a finished game
	/// into the carry-over and says whether the series is decided.
	tw_status (*series_start)(struct json_t *carry, const struct json_t *config, tw_error *err);
	tw_status (*series_prepare)(const struct json_t *carry, int seq, tw_state *s, tw_error *err);
	void (*series_roles)(const struct json_t *carry, int seq, int nplayers, int nsides, int *player_of_side);
	tw_status (*series_record)(struct json_t *carry, int seq, const tw_state *final, bool *over, tw_error *err);

	/// Its own figure statuses (numbered TW_FS_RULESET + i), each counting as a generic one.
	int nstatuses;
	const tw_status_def *statuses;
	/// Optional: how figure f is drawn now (NULL: by its status's look, tied to nobody).
	void (*look)(const tw_state *s, const tw_figure *f, tw_look *out);
	/// Its phases: the largest phase number a loaded state may hold, and their names
	/// (phase_max + 1 of them; NULL: phase 0 is "setup", the others "play").
	int32_t phase_max;
	const char *const *phase_names;
	/// Optional: values derived by its rules for the game (kind TW_REC_GAME), a figure or a gun
	/// (TW_REC_FIGURE, TW_REC_GUN; index = id) as seat `side` sees them (s is that seat's view).
	/// Fills at most max facts and returns how many.
	int (*facts)(const tw_state *s, int kind, int32_t index, int side, tw_fact *out, int max);
	/// Its constants for doctrines (tw.<short_name>.<name>), and that short name.
	const char *short_name;
	int nconstants;
	const tw_fact *constants;
	/// Its families of clause IDs, with what each is about (reports explain them).
	int nfamilies;
	const tw_clause_family *families;
	/// How its score reads, for reports ("100 for the victory, plus men, guns and prisoners").
	const char *score_help;
	/// How far a melee reaches round the men in contact, inches (Little Wars: 6, LW.MEL.4): its
	/// melee events (TW_EV_MELEE) are then at a place on the table, and pictures ring them by it.
	/// 0: pictures ring only the melee's losses.
	double melee_reach;
	/// Optional: the questions of chance it answers exactly (`tinwar odds RULESET QUESTION
	/// --name value|--flag ...`), and the answer to one. The options come as names without their
	/// dashes and values ("" for a flag); the answer is written to out for people. A question
	/// it does not know, or a bad option, is TW_ERR_INPUT with a message.
	int nodds;
	const tw_odds_question *odds_questions;
	tw_status (*odds)(const char *question, int nopts, const char *const *names, const char *const *values,
			  FILE *out, tw_error *err);
	/// Optional: the roles within the sides for this state (several players a side, officials),
	/// into out[0..max); returns the count (0: one seat a side, the default). The list depends
	/// only on the scenario and the parameters, so a game keeps it from its first state.
	int (*roles)(const tw_state *s, tw_role_def *out, int max);
	/// Optional: whether role `r` (of roles(s)) may give order o (o->side is its side): TW_OK, or
	/// a refusal naming the clause (an arm's player ordering another arm's men). NULL: chiefs
	/// and players may give any order of their side, officials none.
	tw_status (*role_may)(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err);
	/// Optional: the order that puts unit `unit` (of the state's units) into the formation named
	/// `formation` (a name among its formation order's choices), each man's place laid by the
	/// rule set's own geometry (issue 19: formations by name, in the page and the terminal). It
	/// only builds the order: the order is then validated and applied as any other. An unknown
	/// name (the message lists the valid ones), no such unit or a unit that takes no formation
	/// is an error with a message and the rule's clause.
	tw_status (*formation_order)(const tw_state *s, int unit, const char *formation, tw_order *out,
				     tw_error *err);
	/// Optional: the rule set keeps time on the host's clock (ms; issue 17, Science versus Luck's
	/// auction). The host (the server) then stamps every order with its own time (tw_order.time_ms,
	/// whatever a seat sent), and itself gives the TW_OD_HOST order, stamped, as soon as its clock
	/// reaches host_due(s) (> 0; 0: nothing due now). SvL: the hammer 15 s after the last bid.
	int64_t (*host_due)(const tw_state *s);
	/// Optional: the forms of its documents for front-ends (sv-web: Science versus Luck's manuals,
	/// every field with its choices, ranges and units), a new JSON object; the server's rule-set
	/// description carries it as "forms".
	struct json_t *(*forms)(void);
	/// The fewest sides a game (a state file) of this rule set may have, 1 to TW_MAX_SIDES; 0:
	/// two (sv-one: Science versus Luck's auction and test range are games of one side a team,
	/// and one team is a game of one side, SV.SETUP.2). Its setup may ask for more by stage.
	int min_sides;
	/// Optional (ll-fin): its roster editor (`tinwar roster`, /api/roster): new rosters and their
	/// checks with located errors. NULL: the rule set keeps no rosters (the front-ends refuse).
	const tw_roster_hooks *roster;
	/// Optional (series, issue 17): writes the debrief of a series' carry-over so far to out
	/// (`over`: the series has ended; else what is known after game `games`), TW_OK or an error.
	/// The server's series panel shows it (Science versus Luck: the phase-1 debrief once the
	/// auction is recorded, SV.EXPO.8/9; the whole debrief at the end, SV.SETUP.10).
	tw_status (*series_debrief)(const char *carry_json, int games, bool over, FILE *out, tw_error *err);
	/// Optional: its pieces on the table that are neither figures nor guns (boxes, trains), into
	/// out[0..max), as seat `seat` (a side, or TW_SEAT_UMPIRE) may know them; s is that seat's view.
	/// Returns the count. NULL: it keeps none.
	int (*pieces)(const tw_state *s, int seat, tw_piece *out, int max);
} tw_ruleset;

/// The name of the state's phase (tw_ruleset.phase_names).
const char *tw_phase_name(const tw_state *s);

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
/// Generates one of the rule set's named kinds of scenario (see tw_ruleset.variants); width or
/// depth 0 takes the kind's own size. An unknown kind is refused naming the kinds there are.
tw_status tw_scenario_generate_variant(tw_state *s, const char *ruleset, uint64_t seed, double width, double depth,
				       const char *variant, tw_error *err);
/// The order types a rule set accepts; *n gets the count (NULL, 0 if none).
const tw_order_def *tw_ruleset_orders(const tw_ruleset *rs, int *n);
/// The decisions asked for now in s (rs->decisions, or one "act" decision of to_move), leaving
/// out seats whose secret choice is already sealed. Returns the count.
int tw_state_decisions(const tw_state *s, tw_decision *out, int max);
/// The pieces on the table that are neither figures nor guns (rs->pieces) as `seat` may know
/// them (s: that seat's view; TW_SEAT_UMPIRE for all), into out[0..max); returns the count (0 when
/// the rule set keeps none).
int tw_state_pieces(const tw_state *s, int seat, tw_piece *out, int max);
/// The roles within the sides (rs->roles), or 0.
int tw_state_roles(const tw_state *s, tw_role_def *out, int max);
/// Whether role r may give order o (rs->role_may, or the default: officials give no orders).
tw_status tw_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err);
/// The view of role r: its side's view (tw_state_view); an official's has, besides, every
/// record field of its own side's elements as the umpire sees them (KS.GEN.2).
tw_status tw_state_view_role(tw_state *dst, const tw_state *src, const tw_role_def *r);
/// The seats (bit k: side k; bit 31: the umpire) that may give an order now.
uint32_t tw_state_actors(const tw_state *s);
/// True if sides a and b are allied now (the same alliance; a side is its own ally).
bool tw_allied(const tw_state *s, int a, int b);
/// Fills s->params with the rule set's defaults.
void tw_ruleset_defaults(const tw_ruleset *rs, tw_state *s);

#endif

// A Rattle of Dice: the rule set's internal contract (RD clauses).
#ifndef TW_RD_H
#define TW_RD_H
#include "tinwar/tinwar.h"
#include "tinwar/rattle.h"

// ---- Parameters (tw_state.params) ----
enum { RDP_MAX_TURNS = 0, RDP_CONTACT, RDP_COUNT };

// ---- Phases (s->phase; RD.SEQ.1) ----
enum { RD_PH_INITIATIVE = 0, RD_PH_CHOOSE, RD_PH_FIRST, RD_PH_MELEE1, RD_PH_SECOND, RD_PH_MELEE2, RD_PH_OVER, RD_PH_COUNT };
extern const char *const rd_phase_names[RD_PH_COUNT + 1];

// ---- Order types: indices into rd_orders[] (rd_ruleset.c) ----
enum rd_order_type { RD_OT_INITIATIVE = 0, RD_OT_FIRST, RD_OT_MOVE, RD_OT_FORMATION, RD_OT_SHOOT, RD_OT_GENERAL, RD_OT_END, RD_OT_COUNT };

// ---- Records (rd_records.c) ----
/// What a unit did in its side's phase (RD.SEQ.5).
enum { RD_ACT_NONE = 0, RD_ACT_MOVE, RD_ACT_SHOOT, RD_ACT_RALLY, RD_ACT_WORK, RD_ACT_COUNT };
typedef struct rd_urec {
	int32_t type;    ///< tw_rd_type
	int32_t cls;     ///< tw_rd_class
	int32_t weapon;  ///< tw_rd_weapon
	uint32_t attrs;  ///< RUA_*: fixed by the scenario
	int32_t brigade; ///< its Brigade General's figure, -1 none (RD.ORG.2)
	uint32_t flags;  ///< RUF_*: state this turn
	int32_t action;  ///< RD_ACT_* this phase (RD.SEQ.5)
	double used;     ///< move allowance spent this phase, inches of budget (RD.MOVE.2)
	int32_t changes; ///< formation or facing changes this phase (RD.MOVE.6)
} rd_urec;
enum {
	RUA_SHARPSHOOTERS = 1u << 0, ///< RD.SHOOT.10
	RUA_SUPERIOR = 1u << 1,      ///< superior weapons (RD.SHOOT.10, update note)
};
enum {
	RUF_IN_COMMAND = 1u << 0, ///< within 12 in and sight of an entitled General at the start of the turn (RD.DET.1/2)
	RUF_CHECKED = 1u << 1,    ///< took its command check this turn (RD.DET.2)
	RUF_FAILED = 1u << 2,     ///< failed it: no voluntary movement this turn (RD.DET.3)
	RUF_MUST_RALLY = 1u << 3, ///< beaten or evaded: must rally in its next phase (RD.RALLY.1)
	RUF_LIMBERED = 1u << 4,   ///< limbered this phase (RD.MOVE.8)
	RUF_DEPLOYED = 1u << 5,   ///< deployed this phase (RD.MOVE.8)
	RUF_MOVED = 1u << 6,      ///< moved some distance this phase
};
/// A figure's role in its unit or army (RD.ORG.4, RD.ORG.10).
enum { RD_ROLE_FIGHTER = 0, RD_ROLE_COLOUR, RD_ROLE_BAND, RD_ROLE_OBSERVER, RD_ROLE_SIGNALS, RD_ROLE_COUNT };
typedef struct rd_frec {
	int32_t role;      ///< RD_ROLE_*
	uint8_t commander; ///< a General who is the Army Commander (RD.ORG.1)
	int32_t joined;    ///< the unit a General is joined to, -1 none (RD.GEN.2)
	double moved;      ///< a General's inches moved this phase (RD.GEN.1)
} rd_frec;
/// A terrain piece as Rattle reads it (RD.MOVE.5, RD.MOVE.7, RD.SHOOT.2/13, RD.SEQ.3).
enum { RD_TER_BY_KIND = 0, RD_TER_OPEN, RD_TER_ROAD, RD_TER_DIFFICULT, RD_TER_WOOD, RD_TER_TOWN, RD_TER_OBSTACLE,
       RD_TER_IMPASSABLE, RD_TER_HILL, RD_TER_COUNT };
typedef struct rd_trec {
	int32_t feature; ///< RD_TER_*: what it is to Rattle (by kind unless the scenario says)
	uint8_t post;    ///< an observation point (RD.SEQ.3)
} rd_trec;
typedef struct rd_srec {
	int32_t roll;  ///< this turn's initiative die (RD.SEQ.2), 0 none
	int32_t total; ///< with the observer bonus (RD.SEQ.3)
} rd_srec;
typedef struct rd_game {
	int32_t turn;   ///< 1-based (RD.SEQ.1), 0 before play
	int8_t first;   ///< the side playing first this turn, -1 none yet
	int8_t winner;  ///< the side that won the initiative and chooses, -1 none
	uint8_t setup;  ///< the rule set's setup has run
} rd_game;
extern const tw_record_def rd_unit_rec, rd_fig_rec, rd_ter_rec, rd_side_rec, rd_game_rec;
#define RDU(s, id) ((rd_urec *)tw_rec_row((s), TW_REC_UNIT, (id), sizeof(rd_urec)))
#define RDF(s, id) ((rd_frec *)tw_rec_row((s), TW_REC_FIGURE, (id), sizeof(rd_frec)))
#define RDS(s, side) ((rd_srec *)tw_rec_row((s), TW_REC_SIDE, (side), sizeof(rd_srec)))
#define RDG(s) ((rd_game *)tw_rec_row((s), TW_REC_GAME, 0, sizeof(rd_game)))

// ---- Tables (rd_tables.c) ----
typedef struct rd_class_row {
	const char *name;
	int command;   ///< RD.DET.1 modifier
	bool no_terrain; ///< RD.MOVE.5: ignores the penalty
	int melee;     ///< RD.MELEE.13
	int rally;     ///< RD.RALLY.5
} rd_class_row;
extern const rd_class_row rd_classes[TW_RD_CLASS_COUNT];
typedef struct rd_type_row {
	const char *name;
	double allowance; ///< RD.MOVE.1
	int shoot_per;    ///< RD.SHOOT.6 figures per die (0 never shoots)
	int melee_per;    ///< RD.MELEE.3 figures per die
	bool mounted;     ///< mounted cavalry (RD.SHOOT.8, RD.MELEE.8)
	bool artillery;   ///< artillery, MGs, rockets: limbered or deployed (RD.ORG.9); difficult targets (RD.SHOOT.8)
	bool closed;      ///< may not enter woods or towns (RD.MOVE.7)
	bool always_column; ///< counts as in column for the road bonus (RD.ORG.9)
} rd_type_row;
extern const rd_type_row rd_types[TW_RD_TYPE_COUNT];
extern const double rd_ranges[TW_RD_WEAPON_COUNT];
extern const char *const rd_weapon_names[TW_RD_WEAPON_COUNT + 1];
extern const char *const rd_formation_names[TW_RD_F_COUNT + 1];
extern const char *const rd_class_names[TW_RD_CLASS_COUNT + 1];
extern const char *const rd_type_names[TW_RD_TYPE_COUNT + 1];
extern const int8_t rd_ter_by_kind[TW_TER_KIND_COUNT];
#define RD_COMMAND_RADIUS 12.0 ///< RD.DET.1, RD.GEN.3
#define RD_GENERAL_MOVE 24.0   ///< RD.MOVE.1, RD.GEN.1
#define RD_SIGNALS_REACH 2.0   ///< RD.SEQ.3 (interpretation): signals team within 2 in of the Army Commander
#define RD_CANISTER 12.0       ///< RD.SHOOT.10
#define RD_WOOD_SIGHT 2.0      ///< RD.SHOOT.2: more than 2 in of woods blocks sight
#define RD_EPS 1e-9

// ---- Helpers (rd_unit.c) ----
const tw_unit *rd_unit_c(const tw_state *s, int32_t id);
bool rd_fig_fights(const tw_state *s, const tw_figure *f); ///< active, in a unit, not band
int rd_unit_figures(const tw_state *s, int unit, bool band_too);
tw_vec2 rd_unit_centre(const tw_state *s, int unit);
double rd_unit_gap(const tw_state *s, int a, int b);
double rd_fig_unit_gap(const tw_state *s, const tw_figure *f, int unit);
bool rd_unit_alive(const tw_state *s, int unit);
int rd_feature(const tw_state *s, int terrain);
/// Units a and b in contact (base gaps within the contact parameter).
bool rd_units_touch(const tw_state *s, int a, int b);
bool rd_unit_engaged(const tw_state *s, int unit);
/// RD.CON.3: true if the disc (c, r) reaches into unit u's front arc.
bool rd_in_front_arc(const tw_state *s, int unit, tw_vec2 c, double r);
/// RD.CON.3/RD.SHOOT.3: some figure of unit t lies (partly) in u's front arc.
bool rd_unit_in_arc(const tw_state *s, int u, int t);
/// RD.SHOOT.2: a clear line from a to b (not crossing a base of another unit than ua and ub, a
/// building, more than 2 in of woods, or a hill that neither end stands on).
bool rd_line_clear(const tw_state *s, tw_vec2 a, tw_vec2 b, int ua, int ub);
/// RD.SHOOT.2: some figure of unit a sees some figure of unit b.
bool rd_units_see(const tw_state *s, int a, int b);
/// RD.SHOOT.13: more than half of the unit's figures in woods or towns.
bool rd_unit_in_cover(const tw_state *s, int unit, tw_vec2 from);
/// Kills figure f (RD.CON.5), with an event citing clause.
void rd_kill(tw_state *s, tw_figure *f, const char *clause, tw_events *ev);
/// RD.CON.5: removes `hits` figures from unit u, rearmost from `from` first, the colour bearer
/// last and never while another man stands. Returns the figures removed.
int rd_remove_hits(tw_state *s, int unit, int hits, tw_vec2 from, const char *clause, tw_events *ev);
/// One hit event (one shooting action, or one unit's hits of one melee step: RD.GEN.5, RD.FLAG.2):
/// removes the hits (RD.CON.5) and is the one place where Steady Men! and the colour may later
/// cancel one of them. Shooting and melee both score their hits through it. Returns the figures removed.
int rd_hit_event(tw_state *s, int unit, int hits, tw_vec2 from, const char *clause, tw_events *ev);

// ---- Rule-set parts ----
tw_status rd_setup(tw_state *s, tw_error *err);
int rd_decisions(const tw_state *s, tw_decision *out, int max);
// rd_sequence.c: the turn (RD.SEQ), initiative, command status.
tw_status rd_validate_sequence(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_initiative(tw_state *s, tw_events *ev);
tw_status rd_apply_first(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_apply_end(tw_state *s, tw_events *ev);
int rd_phasing_side(const tw_state *s);
/// RD.SEQ.3: side k has an observer at a post and a signals team by its Army Commander.
bool rd_observer_bonus(const tw_state *s, int side);
/// RD.DET.1/RD.GEN.3: unit u is within 12 in and sight of a General entitled to command it.
bool rd_in_command(const tw_state *s, int unit);
bool rd_general_commands(const tw_state *s, const tw_figure *g, int unit);
// rd_move.c
tw_status rd_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_validate_formation(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_formation(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_validate_general(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_general(tw_state *s, const tw_order *o, tw_events *ev);
/// RD.MOVE.2-5: the budget a path of unit u costs (its figures displaced along it), INFINITY if
/// it may not go; *halved says an obstacle halves the allowance (RD.MOVE.5); *clause the rule.
double rd_path_cost(const tw_state *s, int unit, const tw_vec2 *pts, int n, bool *halved, const char **clause);
/// The unit's allowance this phase before costs (RD.MOVE.1), halved for an obstacle (RD.MOVE.5).
double rd_unit_allowance(const tw_state *s, int unit);
/// RD.DET.1-3: the command check a unit not in command takes before it moves: true if it may move.
bool rd_command_check(tw_state *s, int unit, tw_events *ev);
// rd_shoot.c
tw_status rd_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev);
/// RD.SHOOT.8-10: the three categories for shooter u at target t.
void rd_shoot_categories(const tw_state *s, int u, int t, bool *difficult, bool *vulnerable, bool *superior);
/// RD.SHOOT.6: the dice unit u shoots with.
int rd_shoot_dice(const tw_state *s, int u);
// rd_odds.c
extern const tw_odds_question rd_odds_questions[3];
tw_status rd_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);
void rd_score(const tw_state *s, double *points);

// ---- play (rd_ai_orders.c, rd_general_ai.c): order builders, the random player, computer generals ----
/// An order of `type` naming every active figure of the unit (false if it has none).
bool rd_order_unit(const tw_state *s, int type, int unit, tw_order *o);
/// `move`: the unit's centre displaced by disp, inches.
bool rd_order_shift(const tw_state *s, int unit, tw_vec2 disp, tw_order *o);
/// `formation`: the unit keeps its formation and turns to `bearing`, degrees.
bool rd_order_face(const tw_state *s, int unit, double bearing, tw_order *o);
/// `shoot`: the unit at every figure of unit `target`.
bool rd_order_shoot(const tw_state *s, int unit, int target, tw_order *o);
/// `general`: General `fig` rides straight to `to`.
bool rd_order_general(const tw_state *s, int fig, tw_vec2 to, tw_order *o);
/// The unit stands, belongs to the phasing side and has not acted this phase (RD.SEQ.5).
bool rd_unit_may_act(const tw_state *s, int unit);
/// The random player's orders in a phase (max of them, each a candidate the rules may refuse).
int rd_random_phase_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
struct tw_general_def;
#define RD_NGENERALS 2
extern const struct tw_general_def *const rd_generals[RD_NGENERALS];
/// rd_odds_mc.c: one random throw of an odds question (its outcome folded into the return value).
typedef int (*rd_mc_throw)(tw_rng *r, const void *ctx);
/// The standard error a Monte Carlo estimate must get under: half the sixth decimal printed.
#define RD_MC_SE 5e-7
/// Nanoseconds one throw takes, measured by throwing it for at least 20 ms (seeded generator).
double rd_mc_sample_ns(rd_mc_throw throw_once, const void *ctx);
/// Writes, beside an exact answer of this variance, the samples and time a Monte Carlo estimate
/// needs for a standard error under RD_MC_SE.
void rd_mc_note(FILE *out, double variance, double sample_ns);

#endif

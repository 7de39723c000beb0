// A Rattle of Dice: the rule set's internal contract (RD clauses).
#ifndef TW_RD_H
#define TW_RD_H
#include "tinwar/tinwar.h"
#include "tinwar/rattle.h"

// ---- Parameters (tw_state.params) ----
enum { RDP_MAX_TURNS = 0, RDP_CONTACT,
       RDP_PONTOON, RDP_BASE, // ---- sappers (rd_sap.c): RD.SAP.6 section length, RD.CON.8 base width ----
       RDP_COUNT };

// ---- Phases (s->phase; RD.SEQ.1) ----
enum { RD_PH_INITIATIVE = 0, RD_PH_CHOOSE, RD_PH_FIRST, RD_PH_MELEE1, RD_PH_SECOND, RD_PH_MELEE2, RD_PH_OVER, RD_PH_COUNT };
extern const char *const rd_phase_names[RD_PH_COUNT + 1];

// ---- Order types: indices into rd_orders[] (rd_ruleset.c) ----
enum rd_order_type { RD_OT_INITIATIVE = 0, RD_OT_FIRST, RD_OT_MOVE, RD_OT_FORMATION, RD_OT_SHOOT, RD_OT_GENERAL, RD_OT_END,
		     RD_OT_RESPOND, // ---- melee (rd_charge.c): the charged unit's response (RD.CHARGE.7) ----
		     RD_OT_FIRE,    // ---- melee (rd_melee.c): defensive and supporting fire given or held (RD.MELEE.6/7) ----
		     // ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
		     RD_OT_RALLY, RD_OT_URGE, RD_OT_STEADY, RD_OT_PROMOTE,
		     RD_OT_WORK, RD_OT_DEMOLISH, // ---- sappers (rd_sap.c): RD.SAP ----
		     RD_OT_DRIVE, RD_OT_EMBARK, RD_OT_DISEMBARK, // ---- boats and trains (rd_boat.c) ----
		     RD_OT_DETACH, // ---- detaching (rd_detach.c) ----
		     RD_OT_COUNT };

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
	// ---- melee (rd_melee.c) ----
	int32_t melee_turn; ///< the turn of the last melee step it fought in (RD.SEQ.7, RD.MELEE.17), 0 none
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	int32_t urge;        ///< Urging On: the d6 inches added to this phase's allowance, 0 none (RD.MOVE.14)
	int32_t hit_scored;  ///< a hit event awaiting Steady Men!/colour rolls: its hits, 0 none (RD.GEN.5, RD.FLAG.2)
	int32_t hit_left;    ///< its hits not cancelled
	int32_t hit_removed; ///< figures it removed and not restored
	int32_t hit_step;    ///< RD_HIT_GENERAL or RD_HIT_COLOUR: whose roll is asked next
	int32_t hit_seq;     ///< the event's number (rd_game.hit_seq): the oldest is asked first
	int32_t hit_last;    ///< the last figure it removed (restored first), -1 none
	int32_t hit_prev;    ///< the one before, -1 none
	double hit_cx, hit_cy; ///< the unit's centre when hit (a restored figure follows a later retreat)
	double hit_fx, hit_fy; ///< where the hits came from (RD.CON.5 casualty order)
	int32_t hit_beaten;  ///< beaten in this melee step: the side that won + 1, 0 none (RD.FLAG.3)
	// ---- boats and trains (rd_boat.c) ----
	int32_t aboard;   ///< the boat or train it is embarked on, -1 none (RD.MOVE.11)
	int32_t capacity; ///< a boat's or train's room, figures (RD.MOVE.11: set by the scenario)
	double run;       ///< inches a train ran in turn run_turn (RD.MOVE.12)
	int32_t run_turn; ///< the turn of `run` (0: before turn 1, the scenario's starting speed)
	double speed;     ///< the train's speed when it ran in run_turn: the run of the turn before
	// ---- detaching (rd_detach.c) ----
	int32_t parent;   ///< the unit a detachment was split from, -1 none (RD.DET.5)
} rd_urec;
enum { RD_HIT_GENERAL = 0, RD_HIT_COLOUR, RD_HIT_COUNT };
enum {
	RUA_SHARPSHOOTERS = 1u << 0, ///< RD.SHOOT.10
	RUA_SUPERIOR = 1u << 1,      ///< superior weapons (RD.SHOOT.10, update note)
	RUA_CROSS_COUNTRY = 1u << 2, ///< a steam engine built to go across country (RD.MOVE.12) ---- rd_boat.c ----
};
enum {
	RUF_IN_COMMAND = 1u << 0, ///< within 12 in and sight of an entitled General at the start of the turn (RD.DET.1/2)
	RUF_CHECKED = 1u << 1,    ///< took its command check this turn (RD.DET.2)
	RUF_FAILED = 1u << 2,     ///< failed it: no voluntary movement this turn (RD.DET.3)
	RUF_MUST_RALLY = 1u << 3, ///< beaten or evaded: must rally in its next phase (RD.RALLY.1)
	RUF_LIMBERED = 1u << 4,   ///< limbered this phase (RD.MOVE.8)
	RUF_DEPLOYED = 1u << 5,   ///< deployed this phase (RD.MOVE.8)
	RUF_MOVED = 1u << 6,      ///< moved some distance this phase
	// ---- melee (rd_charge.c, rd_melee.c) ----
	RUF_CHARGING = 1u << 7,      ///< charged or counter-charged in the phase just played (RD.CHARGE.1/6, RD.MELEE.11)
	RUF_OVER_OBSTACLE = 1u << 8, ///< its charge crossed a linear obstacle (RD.CHARGE.9, RD.MELEE.10)
	RUF_CHARGED_FRONT = 1u << 9, ///< charged from the front this phase (RD.CHARGE.8: defensive fire, evading)
	RUF_HOLD_FIRE = 1u << 10,    ///< holds its defensive or supporting fire in this melee step (RD.MELEE.6/7)
	RUF_CRASHED = 1u << 11,    ///< a train that crashed: it never moves again (RD.MOVE.13) ---- rd_boat.c ----
};
/// A figure's role in its unit or army (RD.ORG.4, RD.ORG.10).
enum { RD_ROLE_FIGHTER = 0, RD_ROLE_COLOUR, RD_ROLE_BAND, RD_ROLE_OBSERVER, RD_ROLE_SIGNALS, RD_ROLE_COUNT };
typedef struct rd_frec {
	int32_t role;      ///< RD_ROLE_*
	uint8_t commander; ///< a General who is the Army Commander (RD.ORG.1)
	int32_t joined;    ///< the unit a General is joined to, -1 none (RD.GEN.2)
	double moved;      ///< a General's inches moved this phase (RD.GEN.1)
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	int32_t bound;     ///< the unit a General urged on, tied to it until his side's next phase, -1 none (RD.MOVE.14)
	int32_t steady;    ///< the hit event (hit_seq) he last rolled Steady Men! for, 0 none (RD.GEN.5)
} rd_frec;
/// A terrain piece as Rattle reads it (RD.MOVE.5, RD.MOVE.7, RD.SHOOT.2/13, RD.SEQ.3).
enum { RD_TER_BY_KIND = 0, RD_TER_OPEN, RD_TER_ROAD, RD_TER_DIFFICULT, RD_TER_WOOD, RD_TER_TOWN, RD_TER_OBSTACLE,
       RD_TER_IMPASSABLE, RD_TER_HILL,
       RD_TER_RAIL, // ---- boats and trains (rd_boat.c): a railway (RD.MOVE.12) ----
       RD_TER_COUNT };
typedef struct rd_trec {
	int32_t feature; ///< RD_TER_*: what it is to Rattle (by kind unless the scenario says)
	uint8_t post;    ///< an observation point (RD.SEQ.3)
	// ---- sappers (rd_sap.c): the work done on a piece (RD.SAP.3-7) ----
	int32_t task;    ///< RD_TASK_*: the work going on or done at this site
	int32_t points;  ///< points of work towards the task in hand (RD.SAP.4)
	int32_t cost;    ///< the umpire's cost of the task, 0: 6 points (RD.SAP.3)
	uint8_t done;    ///< an earthwork or pontoon section complete (RD.SAP.5/6)
	int32_t charges; ///< demolition charges laid on it (RD.SAP.7)
	int8_t owner;    ///< the side whose work it is, -1 none (RD.SAP.4: any friendly pioneers resume it)
	int32_t layer;   ///< the party that laid the charges and fires them, -1 none (RD.SAP.7)
} rd_trec;
/// What is being done at a work site (RD.SAP.3).
enum { RD_TASK_NONE = 0, RD_TASK_EARTHWORK, RD_TASK_PONTOON, RD_TASK_CHARGES, RD_TASK_COUNT };
typedef struct rd_srec {
	int32_t roll;  ///< this turn's initiative die (RD.SEQ.2), 0 none
	int32_t total; ///< with the observer bonus (RD.SEQ.3)
	// ---- melee (rd_melee.c) ----
	int32_t colours; ///< enemy colours this side has captured (RD.FLAG.3-5)
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	int32_t promote; ///< RD.GEN.8: the Army Commander is lost: RD_PROMOTE_LOST, then RD_PROMOTE_DUE at his side's next phase
} rd_srec;
enum { RD_PROMOTE_NONE = 0, RD_PROMOTE_LOST, RD_PROMOTE_DUE };
typedef struct rd_game {
	int32_t turn;   ///< 1-based (RD.SEQ.1), 0 before play
	int8_t first;   ///< the side playing first this turn, -1 none yet
	int8_t winner;  ///< the side that won the initiative and chooses, -1 none
	uint8_t setup;  ///< the rule set's setup has run
	// ---- melee (rd_charge.c): a charge waiting for its target's response (RD.CHARGE.7) ----
	int32_t charger; ///< the charging unit, -1 none
	int32_t target;  ///< the charged unit asked to respond, -1 none
	double cx, cy;   ///< the charger's centre at the start of its move
	// ---- melee (rd_melee.c): the side asked to give or hold its fire before the melee step ----
	int8_t fire;       ///< the side asked (RD.MELEE.6/7), -1 none (a TW_FT_SIDE field: one byte)
	uint8_t fire_done; ///< answered for this step
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	int32_t hit_seq; ///< hit events numbered so far (RD.GEN.5, RD.FLAG.2)
	// ---- victory (rd_victory.c): the scenario's description and conditions ----
	char about[240];          ///< the scenario's description
	int32_t objective;        ///< a piece to hold at the end, -1 none
	double objective_points;  ///< points to the side that holds it at the end
	double flow;              ///< ---- rd_boat.c ----: bearing the water flows to, degrees; -1 still (RD.MOVE.10)
} rd_game;
extern const tw_record_def rd_unit_rec, rd_fig_rec, rd_ter_rec, rd_side_rec, rd_game_rec;
#define RDU(s, id) TW_REC_ROW(s, rd_urec, TW_REC_UNIT, (id))
#define RDF(s, id) TW_REC_ROW(s, rd_frec, TW_REC_FIGURE, (id))
#define RDS(s, side) TW_REC_ROW(s, rd_srec, TW_REC_SIDE, (side))
#define RDG(s) TW_REC_ROW(s, rd_game, TW_REC_GAME, 0)

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
extern const tw_odds_question rd_odds_questions[4];
tw_status rd_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);
void rd_score(const tw_state *s, double *points);

// ---- melee (rd_charge.c, rd_melee.c) ----
/// RD.CHARGE.1-5/9: a move of unit u by displacement d that ends in contact with an enemy is a charge.
tw_status rd_validate_charge(const tw_state *s, const tw_order *o, int u, tw_vec2 d, tw_error *err);
/// After unit u moved by d: marks its charges (RD.CHARGE.7(4), RD.CHARGE.8/9), ends melees it left
/// (RD.MOVE.16) and asks the charged side for its response (RD.SEQ.6, RD.CHARGE.6, RD.MELEE.8).
void rd_charge_moved(tw_state *s, int u, tw_vec2 d, tw_events *ev);
bool rd_charge_pending(const tw_state *s);
/// The response asked of the charged side's seat (RD.CHARGE.7), 0 if none is pending.
int rd_charge_decisions(const tw_state *s, tw_decision *out, int max);
tw_status rd_validate_respond(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_respond(tw_state *s, const tw_order *o, tw_events *ev);
/// RD.MELEE.2: the figures of unit u that count in melee against the units of group `grp` with
/// grp[k] == g on the other side, in half figures (NULL grp: every enemy unit).
int rd_melee_halves(const tw_state *s, int u, const int *grp, int g);
/// RD.MELEE.16, RD.MELEE.8: unit u turns about free and falls back its full basic allowance
/// directly away from `from`, with terrain costs, through friends, stopping at the table edge,
/// an enemy unit or impassable ground. Returns the distance moved.
double rd_fall_back(tw_state *s, int u, tw_vec2 from, const char *clause, tw_events *ev);
/// RD.SEQ.7, RD.MELEE.5: the melee step after phase `ph`.
void rd_melee_step(tw_state *s, int ph, tw_events *ev);
/// RD.MELEE.6/7: before the melee step, if the side not playing has defensive or supporting fire
/// to give, asks it (a decision answered by `fire`) and returns true: the step waits.
bool rd_melee_ask_fire(tw_state *s, tw_events *ev);
int rd_melee_decisions(const tw_state *s, tw_decision *out, int max);
tw_status rd_validate_fire(const tw_state *s, const tw_order *o, tw_error *err);
/// Applies `fire [hold {units}]` and goes on with the end of the phase (rd_apply_end).
tw_status rd_apply_fire(tw_state *s, const tw_order *o, tw_events *ev);

// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
// rd_rally.c: the rally order (RD.RALLY.1-5), the failed rally's retreat and leaving the board.
tw_status rd_validate_rally(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_rally(tw_state *s, const tw_order *o, tw_events *ev);
/// RD.RALLY.1: a unit of `side` that must rally and has not tried when its phase ends tries then.
void rd_rally_phase_end(tw_state *s, int side, tw_events *ev);
/// RD.RALLY.5, RD.GEN.6: a General joined to the unit, or a band in it.
bool rd_rally_helped(const tw_state *s, int unit);
// rd_general.c: Urging On (RD.MOVE.14, RD.GEN.4), the loss of Generals (RD.GEN.8/9).
tw_status rd_validate_urge(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_urge(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_validate_promote(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_promote(tw_state *s, const tw_order *o, tw_events *ev);
/// RD.MOVE.14: the inches Urging On adds to unit u's allowance this phase.
double rd_urge_bonus(const tw_state *s, int unit);
/// The first active General joined to the unit whose Steady Men! roll for event seq is still
/// open (seq 0: any joined General), or -1.
int rd_general_with(const tw_state *s, int unit, int32_t seq);
/// RD.GEN.5/8: General g is struck down; a lost Army Commander is replaced at his side's next phase.
void rd_general_lost(tw_state *s, int g, const char *clause, tw_events *ev);
/// RD.GEN.9: Generals joined to a unit destroyed or gone are placed by the nearest friendly unit.
void rd_general_unit_gone(tw_state *s, int unit, tw_events *ev);
/// At the start of `side`'s phase: Urging On ends (RD.MOVE.14) and a promotion falls due (RD.GEN.8).
void rd_general_phase_start(tw_state *s, int side, tw_events *ev);
// rd_flag.c: the hit event's Steady Men! and colour rolls (RD.GEN.5, RD.FLAG.1/2).
/// RD.FLAG.1: line infantry may use the colour rules (cavalry and light infantry may not).
bool rd_flag_may_use(const tw_state *s, int unit);
/// The unit's colour bearer, -1 none.
int rd_flag_bearer(const tw_state *s, int unit);
/// Opens (or adds to) unit u's pending hit event after its figures were removed; settles it at
/// once when nobody may roll.
void rd_hit_open(tw_state *s, int unit, int hits, int removed, int last, int prev, tw_vec2 from, tw_events *ev);
/// RD.FLAG.3: unit u was beaten in this melee step by side `winner`: its colour roll is compulsory
/// (thrown at once after any Steady Men! roll) and a 1 loses the colour to the winner. Call it
/// before the unit's rd_hit_event of that step.
void rd_hit_beaten(tw_state *s, int unit, int winner);
/// RD.FLAG.3 as the melee step calls it at its step 5, after the result (RD.MELEE.5): unit u,
/// beaten by side `winner`, makes its compulsory colour roll now (or after a joined General's
/// Steady Men! answer); with no hit this step it still rolls. `from`: where the hits came from.
void rd_hit_beaten_now(tw_state *s, int unit, int winner, tw_vec2 from, tw_events *ev);
tw_status rd_validate_steady(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_steady(tw_state *s, const tw_order *o, tw_events *ev);
/// The unit whose hit event is asked about now, -1 none.
int rd_hit_pending(const tw_state *s);
/// Decisions of this part (a pending hit event, a promotion), asked before the phase's own.
int rd_rally_decisions(const tw_state *s, tw_decision *out, int max);
/// The seat a decision of this part waits for, -1 none.
int rd_rally_to_move(const tw_state *s);
/// A random player's answers to this part's decisions.
int rd_rally_random(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
/// RD.CON.5: the figure the next hit on unit u removes (rearmost from `from` first, band after
/// fighters, the colour bearer last), -1 none.
int rd_next_casualty(const tw_state *s, int unit, tw_vec2 from);
// ---- sappers (rd_sap.c): work (RD.SAP.1-8), demolition (RD.SAP.7), crossing water ----
/// The work tasks by name, for the `work` order (fortify, pontoon, charge).
extern const char *const rd_work_names[];
#define RD_WORK_COST 6       ///< RD.SAP.3
#define RD_EARTHWORK_LEN 4.0 ///< RD.SAP.5: an earthwork 4 in long
#define RD_EARTHWORK_DEEP 0.5
#define RD_PONTOON_WIDE 3.0  ///< a pontoon section's width (a column's frontage)
tw_status rd_validate_work(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_work(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);
tw_status rd_validate_demolish(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_demolish(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);
/// RD.SAP.8, RD.CON.4: the working parties of a pioneer unit of n figures: floor((n + 2) / 4).
int rd_sap_parties(int figures);
/// The order types of the sappers' part a phasing side may give (for rd_decisions).
uint64_t rd_sap_order_types(void);
/// Water piece t (a river) is crossed along ab only where bridges, fords and finished pontoon
/// sections cover it: true if every part of ab inside t is covered (RD.SAP.6, RD.SAP.7).
bool rd_water_bridged(const tw_state *s, int t, tw_vec2 a, tw_vec2 b);
/// Appends to ts[n..max) the parameters in (0, 1) where ab crosses piece t's outline; returns n.
int rd_outline_hits(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *ts, int n, int max);
// ---- overhead fire (rd_overhead.c): RD.SHOOT.12 ----
/// Unit `blocker` standing on the line ab from shooter ua to target ub does not block it: ua
/// is artillery on a hill or rockets, the blocker is on flat ground and 6 in or more from
/// both ends along the line.
bool rd_overhead_clears(const tw_state *s, tw_vec2 a, tw_vec2 b, int ua, int blocker);
// ---- victory (rd_victory.c) ----
/// Adds the scenario's objective points to points[] (the side holding the objective).
void rd_victory_points(const tw_state *s, double *points);
/// The side holding piece t: it has a fighting figure on or touching it and the enemy none; -1 none.
int rd_objective_holder(const tw_state *s, int t);
// ---- boats and trains (rd_boat.c) ----
tw_status rd_validate_drive(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_drive(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_validate_embark(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_embark(tw_state *s, const tw_order *o, tw_events *ev);
tw_status rd_validate_disembark(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_disembark(tw_state *s, const tw_order *o, tw_events *ev);
/// Refuses a `move` or `shoot` of a unit aboard (RD.MOVE.11: passengers), and a `move` of a boat
/// or engine (they `drive`, RD.MOVE.10/12).
tw_status rd_boat_refuses(const tw_state *s, int unit, bool moving, tw_error *err);
uint64_t rd_boat_order_types(void);
// ---- formation geometry (rd_formation.c): RD.ORG.7-9 ----
/// The files and ranks of the formation order o gives unit u (its places, or where its figures
/// stand): RD.ORG.8 for infantry, RD.ORG.9 for mounted cavalry, bases touching (RD.ORG.7).
tw_status rd_formation_check(const tw_state *s, const tw_order *o, int u, tw_error *err);
// ---- detaching (rd_detach.c): RD.DET.5 ----
tw_status rd_validate_detach(const tw_state *s, const tw_order *o, tw_error *err);
tw_status rd_apply_detach(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);
/// After unit u's move: a detachment in contact with its parent merges into it (RD.DET.5).
void rd_detach_rejoin(tw_state *s, int u, tw_events *ev);
// ---- generator (rd_generate.c) ----
tw_status rd_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err);
// ---- play (rd_ai_orders.c, rd_general_ai.c): order builders, the random player, computer generals ----
/// An order of `type` naming every active figure of the unit (false if it has none).
bool rd_order_unit(const tw_state *s, int type, int unit, tw_order *o);
/// `move`: the unit's centre displaced by disp, inches.
bool rd_order_shift(const tw_state *s, int unit, tw_vec2 disp, tw_order *o);
/// `formation`: the unit keeps its formation and turns to `bearing`, degrees (its figures'
/// places about its centre where the formation has a shape, RD.ORG.7-9).
bool rd_order_face(const tw_state *s, int unit, double bearing, tw_order *o);
/// `formation n to {moves}`: the unit's figures placed in formation n facing `bearing`, centred
/// on `at` (RD.ORG.7-9); without places for types with no shape; false if n has no shape for it.
bool rd_order_form(const tw_state *s, int unit, int formation, double bearing, tw_vec2 at, tw_order *o);
/// tw_ruleset.formation_order: rd_order_form for a formation by name, the unit keeping its
/// centre and facing; an unknown name lists the formations (RD.ORG.8).
tw_status rd_formation_order(const tw_state *s, int unit, const char *name, tw_order *o, tw_error *err);
/// `move` to contact: unit straight along `bearing` until its bases come within the contact gap
/// of unit `target` (a charge, RD.CHARGE.1), within its allowance left; false if it cannot.
bool rd_order_charge(const tw_state *s, int unit, int target, double bearing, tw_order *o);
/// `urge`: General `fig` rides to the unit's nearest figure and urges it on (RD.MOVE.14).
bool rd_order_urge(const tw_state *s, int fig, int unit, tw_order *o);
/// The random player's answers to a charge (respond) or the fire before a melee step (fire).
int rd_random_reply(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
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

// ---- finish: move events (rd_unit.c) ----
/// A TW_EV_MOVE event names a figure (event.h; the terminal, pictures and reports read it so):
/// a whole unit's move names the unit's first active figure in a, the unit in b, and where that
/// figure now stands in (x, y).
void rd_move_event_unit(const tw_state *s, tw_event *e, int unit);

#endif

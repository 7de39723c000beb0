// Charles Grant, The War Game: the rule set's internal contract (GR clauses).
#ifndef TW_GR_H
#define TW_GR_H
#include <math.h>
#include "tinwar/detmath.h"

#include "tinwar/tinwar.h"
#include "tinwar/grant.h"

#define GR_TROOP_COUNT TW_GR_TROOP_COUNT

// ---- Parameters (tw_state.params) ----
enum { GRP_MAX_MOVES = 0, GRP_EXCHANGE, GRP_CONTACT, GRP_FLOW, GRP_FIRST, GRP_COUNT };

// ---- Order types: indices into gr_orders[] (gr_ruleset.c), the rule set's one description ----
enum gr_order_type { GR_OT_MOVE = 0, GR_OT_FORMATION, GR_OT_VOLLEY, GR_OT_GUN_MOVE, GR_OT_FIRE, GR_OT_END_MOVE, GR_OT_COUNT };

// ---- Formations (tw_unit.formation) ----
enum { GR_F_LINE = 0, GR_F_COLUMN, GR_F_OPEN, GR_F_COUNT };
/// GR.GEN.2: the parts of a move, as the state's phase (tw_ruleset.phase_names): the first
/// side's part, the second side's, and the battle over.
enum { GR_PH_FIRST = 0, GR_PH_SECOND, GR_PH_OVER, GR_PH_COUNT };

// ---- Records (gr_records.c): what the rule set keeps, per unit, figure, gun, side, house, game ----
typedef struct gr_urec {
	int32_t troop;   ///< gr_troop
	int32_t orig;    ///< original R&F strength (GR.ORG.1)
	uint32_t flags;  ///< GUF_*
	int32_t morale;  ///< 0 good; k > 0: k tests failed, next needs 6 + k (GR.MORALE.7)
	int32_t exhaust; ///< move number of the fight that exhausted it, 0 none (GR.MELEE.24)
	int32_t rest;    ///< heavy cavalry rest credits (GR.MOVE.5)
	int32_t rally;   ///< move at whose end a general's rally completes, 0 none (GR.MORALE.10)
	int32_t lost;    ///< figures lost this move (GR.MORALE.6)
	int32_t xing;    ///< move at whose end the unit lands from a ford crossing, 0 none (GR.TERR.7)
	int32_t contact; ///< the contact that locked it in its melee (gr_contact_mark), 0 none (GR.MELEE.1)
} gr_urec;
enum {
	GUF_FIRED_EVER = 1u << 0,  ///< has fired its first volley (GR.MUSK.9)
	GUF_FIRED_NOW = 1u << 1,   ///< fired in this move (GR.MOVE.2)
	GUF_MOVED_NOW = 1u << 2,   ///< moved in this move
	GUF_CHARGED_NOW = 1u << 3, ///< charged in this move (GR.MELEE.12)
	GUF_HOLD = 1u << 4,        ///< written orders to hold its ground (GR.MELEE.22)
	GUF_WITHDRAW = 1u << 5,    ///< withdraws next move (GR.MELEE.23)
	GUF_RETIRE50 = 1u << 6,    ///< under the 50% rule (GR.MORALE.8)
	GUF_DISPERSED = 1u << 7,   ///< dispersed (GR.MORALE.7)
	GUF_MELEE = 1u << 8,       ///< locked in melee
	GUF_RESTED = 1u << 9,      ///< did not move, charge or fight this move (GR.MOVE.5)
	GUF_BATTLE = 1u << 10,     ///< made a battle move this move
	GUF_TESTED = 1u << 11,     ///< took its morale test this move (GR.GEN.2)
	GUF_BROKE = 1u << 12,      ///< broke off a melee on bad morale: keeps retiring (GR.MORALE.7)
	GUF_ATTACKER = 1u << 13,   ///< it made the contact recorded in `contact` (GR.MELEE.13)
};
typedef struct gr_frec {
	int32_t cp;       ///< command points (GR.MORALE.1)
	uint8_t mounted;  ///< mounted (GR.GEN.9)
	uint8_t inside;   ///< broken into a house (GR.MELEE.9)
	int32_t house;    ///< terrain id of the house he garrisons, -1 none (GR.TERR.8)
	int32_t gun;      ///< the gun he crews, -1 none (GR.ORG.3)
	int32_t attached; ///< the unit a general is bound to, -1 none (GR.MORALE.10)
	int32_t casualty; ///< rank in its owner's casualty order, 1 first, 0 not named (GR.MELEE.7)
	int32_t aboard;   ///< the barge unit carrying him, -1 none (GR.MOVE.7)
	int32_t xend;     ///< move at whose end the figure lands from a ford crossing, 0 none (GR.TERR.7)
	int32_t xx, xy;   ///< landing point in 1/1024 in (GR.TERR.7)
	int32_t shot_move;///< move in which fire killed him, 0 none (GR.MELEE.20, GR.CHARGE.6)
	int32_t shot_by;  ///< the unit whose fire killed him, -1 none
} gr_frec;
#define GR_FIXED 1024.0 ///< xx/xy of figures and guns: positions in 1/1024 in (exact in doubles)
typedef struct gr_grec {
	int32_t damage, fired_in;
	uint8_t howitzer, destroyed;
	int32_t team_moved; ///< the move its team drew it, 0 never (GR.MOVE.6)
	int32_t unit; ///< its battery, -1 none
	int32_t xend, xx, xy;
} gr_grec;
/// A terrain piece's record: only houses use it (GR.HOUSE). Ruins are the table's own flag
/// (TW_TF_RUINED), burning houses carry TW_TF_BURNING as well as the move they caught fire.
typedef struct gr_hrec {
	int32_t damage; ///< damage points (GR.HOUSE.3)
	int32_t fire;   ///< the move it caught fire (GR.HOUSE.6-8), 0 not burning
} gr_hrec;
typedef struct gr_srec {
	int32_t exchange; ///< GR.MUSK.2 standing order: 0 as it stands, GR_REPLY, GR_HOLD
} gr_srec;
typedef struct gr_game {
	uint8_t setup; ///< the rule set's setup has run
} gr_game;
extern const tw_record_def gr_unit_rec, gr_fig_rec, gr_gun_rec, gr_house_rec, gr_side_rec, gr_game_rec;
// The rule set's rows (tw_rec_row: no lookup in the hot paths; checked in Debug builds).
#define GRU(s, u) TW_REC_ROW(s, gr_urec, TW_REC_UNIT, (u)->id)
#define GRF(s, f) TW_REC_ROW(s, gr_frec, TW_REC_FIGURE, (f)->id)
#define GRG(s, g) TW_REC_ROW(s, gr_grec, TW_REC_GUN, (g)->id)
#define GRS(s) TW_REC_ROW(s, gr_game, TW_REC_GAME, 0)
#define GRSD(s, side) TW_REC_ROW(s, gr_srec, TW_REC_SIDE, (side))
/// House h's record (h a house index, gr_house_terrain), read only.
static inline const gr_hrec *gr_house_c(const tw_state *s, int terrain_id)
{
	return (const gr_hrec *)tw_rec_c(s, TW_REC_TERRAIN, terrain_id);
}
/// House h's record to change: the table is saved for the order first (tw_state_table_edit).
gr_hrec *gr_house_mut(tw_state *s, int terrain_id);
/// True if the house (terrain id) is a ruin (GR.HOUSE.4).
static inline bool gr_house_ruined(const tw_state *s, int terrain_id)
{
	return terrain_id >= 0 && terrain_id < s->table.nterrain && (s->table.terrain[terrain_id].flags & TW_TF_RUINED);
}
/// GR.MELEE.1, GR.GEN.2: when a contact was made, as one ordered number: move * 4 + part, where
/// part 0 is the start of the move (the engine's moves), 1 the first side's part, 2 the second
/// side's, 3 the end of the move (the melee's own moves). Never 0 (moves start at 1).
static inline int32_t gr_contact_mark(int32_t move, int part) { return move * 4 + part; }
static inline int32_t gr_contact_move(const tw_state *s, const tw_unit *u) { return GRU(s, u)->contact / 4; }
/// GR.MUSK.2: the standing orders of side->exchange.
enum { GR_REPLY = 1, GR_HOLD = 2 };

// ---- Tables (gr_tables.c) ----
typedef struct gr_rate {
	int troop, mode;
	double inches;
} gr_rate;
extern const gr_rate gr_rates[];
extern const int gr_nrates;
extern const int gr_musk_deduct[3][4];     // [band][normal open, normal cover, first open, first cover]
extern const int gr_light_kill[5][2];     // [target row][band] kill number, 7 = not possible
extern const int gr_art_kill[4];          // roundshot by band
extern const int gr_cb_reduce[3];         // counter-battery reduction by band
extern const int gr_cani_kill[3];         // canister by zone
extern const int gr_house_shot[3][6][2];  // [band][die-1] = {kills (-1 none), goes on}
extern const int gr_how_house_kills[6];
extern const int gr_cp_table[GR_TROOP_COUNT][5];
extern const int gr_org_table[GR_TROOP_COUNT][2]; // officers, R&F
extern const int gr_ford_table[GR_TROOP_COUNT];   // GR.TERR.7: moves to cross a ford
extern const char *const gr_troop_names[GR_TROOP_COUNT];
extern const char *const gr_formation_names[GR_F_COUNT + 1];
extern const char *const gr_phase_names[GR_PH_COUNT + 1];

// ---- Organisation and helpers (gr_org.c) ----
tw_unit *gr_unit(tw_state *s, int32_t id);
const tw_unit *gr_unit_c(const tw_state *s, int32_t id);
bool gr_is_rf(const tw_figure *f);
bool gr_is_officer(const tw_figure *f);
int gr_rf_alive(const tw_state *s, int unit);
int gr_command_points(const tw_state *s, int unit);
bool gr_line_type(int troop);
bool gr_cavalry(int troop);
bool gr_unit_active(const tw_state *s, const tw_unit *u);
bool gr_unit_halted(const tw_state *s, const tw_unit *u);
int gr_nearest_between(const tw_state *s, int ua, int ub, double *dist, int *fa, int *fb);
/// Kills or wounds figure f hit by fire or in combat: officers take the save (GR.MORALE.11).
bool gr_hit_figure(tw_state *s, tw_figure *f, const char *clause, tw_events *ev);
void gr_kill(tw_state *s, tw_figure *f, const char *clause, int how, tw_events *ev);
/// gr_hit_figure / gr_kill by the fire of unit `by` (-1: not fire): the dead man keeps who shot
/// him in this move (GF_SHOT_BY), for the melee's count of the defender's fire (GR.MELEE.20).
bool gr_hit_figure_by(tw_state *s, tw_figure *f, const char *clause, int by, tw_events *ev);
void gr_kill_by(tw_state *s, tw_figure *f, const char *clause, int how, int by, tw_events *ev);
/// Figures of `unit` killed in this move by the fire of unit `by` (GR.MELEE.20, GR.CHARGE.6).
int gr_shot_by(const tw_state *s, int unit, int by);
/// House h (index among the table's houses): damage, the move it caught fire (0 none), ruin; and
/// changing them (through the table's record and flags, saved for the order first).
int gr_house_damage(const tw_state *s, int h);
int gr_house_fire(const tw_state *s, int h);
bool gr_house_ruin(const tw_state *s, int h);
void gr_house_set_damage(tw_state *s, int h, int damage);
void gr_house_set_fire(tw_state *s, int h, int move);
void gr_house_set_ruin(tw_state *s, int h);
int gr_house_index(const tw_state *s, int terrain_id);
int gr_house_terrain(const tw_state *s, int house);
int gr_nhouses(const tw_state *s);
bool gr_in_cover(const tw_state *s, const tw_figure *target, tw_vec2 from);
bool gr_unit_in_cover(const tw_state *s, int unit, tw_vec2 from);
void gr_unit_set_flag(tw_state *s, tw_unit *u, int flag, bool on);

// ---- Rule-set parts ----
tw_status gr_setup(tw_state *s, tw_error *err);
tw_status gr_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
/// GR.CHARGE.9: true if o is a light cavalry charge given as a group path (it wheels).
bool gr_wheel_order(const tw_state *s, const tw_order *o);
/// A group-path move that is not a straight one-point move: a light cavalry wheel (GR.CHARGE.9),
/// else refused (GR.CHARGE.8 heavy cavalry, GR.CHARGE.1 infantry, GR.MOVE.1 other moves).
tw_status gr_validate_path_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_path_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status gr_validate_formation(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_formation(tw_state *s, const tw_order *o, tw_events *ev);
double gr_move_cost(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, const char **clause);
double gr_move_rate_for(const tw_state *s, const tw_unit *u, int mode);
tw_status gr_validate_volley(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_volley(tw_state *s, const tw_order *o, tw_events *ev);
int gr_fire_volley(tw_state *s, int firer, int target, int band, bool first, bool cover, tw_events *ev);
int gr_light_fire(tw_state *s, int firer, const int32_t *firers, int nf, int32_t target_fig, bool pick, bool close,
		  tw_events *ev);
bool gr_can_volley(const tw_state *s, const tw_unit *u);
/// GR.LIGHT, GR.MORALE.5/8, GR.MELEE.1: light infantry u may fire now (once a move, not locked,
/// halted, retiring or aboard).
bool gr_light_may_fire(const tw_state *s, const tw_unit *u);
tw_status gr_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status gr_validate_fire(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_fire(tw_state *s, const tw_order *o, tw_events *ev);
int gr_canister(tw_state *s, const tw_gun *g, tw_vec2 dir, tw_events *ev);
void gr_house_strike_shot(tw_state *s, int house, double range, int die, tw_events *ev);
void gr_house_add_damage(tw_state *s, int house, int die, bool howitzer, tw_events *ev);
void gr_house_end_move(tw_state *s, tw_events *ev);
void gr_melee_end_move(tw_state *s, tw_events *ev);
/// GR.GEN.2: the part of the move now being played (gr_contact_mark's 1 or 2).
int gr_part(const tw_state *s);
/// GR.MELEE.1: after `unit` moved, every enemy unit its figures touch and the unit itself are
/// locked in melee at once; a unit not yet in a melee gets its contact recorded (`part` as in
/// gr_contact_mark), the mover as the attacker. Returns the number of enemy units touched.
int gr_note_contact(tw_state *s, int unit, int part, tw_events *ev);
/// GR.MELEE.13 and every rule of "the attacker": true if unit x is the attacker against unit y,
/// from their recorded contacts: the one that made contact with the other, or, both having made
/// contacts, the later contact (it came on against a unit already fighting).
bool gr_attacks(const tw_state *s, int x, int y);
/// The melee move units x and y are in against each other: 1 in the move their contact was made
/// (the later of their two records), 2 in the next, ...; 0 if neither has a record.
int gr_pair_round(const tw_state *s, int x, int y);
/// The melee move a unit is in (from its own record), 0 if it is in none (GR.MORALE.9, .7).
int gr_unit_round(const tw_state *s, const tw_unit *u);
/// GR.MELEE.10-15/25, GR.GREN.3: the bonus of one side of a combat (mine v theirs) in melee move `round`.
int gr_melee_bonus(const tw_state *s, const tw_unit *me, const tw_unit *foe, const tw_figure *mine,
		   const tw_figure *theirs, bool attacker, int round);
void gr_charge_contact(tw_state *s, int attacker, tw_events *ev);
/// GR.MELEE.26/27 (gr_breakthrough.c): heavy cavalry ua, charging in this move, throws to break
/// through infantry ub fewer than 4 ranks deep; `lost` counts each unit's men removed, and thru[f]
/// = ub + 1 for each horseman through (he is no part of the melee with ub, GR.MELEE.27).
void gr_breakthrough(tw_state *s, int ua, int ub, int *lost, int *thru, tw_events *ev);
/// GR.ART.1/8, GR.ORG.3, GR.MOVE.6, GR.TERR.7, GR.MORALE.5/8: whether gun g may fire now (its
/// battery not locked in melee, halted or retiring; crewed; not fired or drawn this move; not
/// crossing; a damaged gun only in alternate moves). If not, *clause and *why say why.
bool gr_gun_may_fire(const tw_state *s, const tw_gun *g, const char **clause, const char **why);
/// GR.CANI: canister from gun g towards `toward` by the gun's battery; marks the gun fired.
int gr_fire_canister(tw_state *s, tw_gun *g, tw_vec2 toward, tw_events *ev);
/// GR.CHARGE.2/3 (gr_lap.c): column ua, charged into unit ub, laps round rank by rank; its centre
/// men of ranks 2-4 close up behind.
void gr_lap_round(tw_state *s, int ua, int ub, tw_events *ev);
/// GR.MELEE.17 (gr_lap.c): the second move's dice-off and alternating flow into contact.
void gr_melee_flow(tw_state *s, int ua, int ub, tw_events *ev);
void gr_morale_end_move(tw_state *s, tw_events *ev);
bool gr_morale_test(tw_state *s, tw_unit *u, tw_events *ev);
void gr_auto_moves(tw_state *s, tw_events *ev);
void gr_retire_unit(tw_state *s, tw_unit *u, double dist, bool off_table, const char *clause, tw_events *ev);
tw_status gr_end_move(tw_state *s, const tw_order *o, tw_events *ev);
void gr_score(const tw_state *s, double *points);
int gr_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
tw_status gr_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err);
// Exact odds for people (gr_odds.c; tw_ruleset.odds).
extern const tw_odds_question gr_odds_questions[3];
tw_status gr_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);
/// Builds a unit of the given type with its establishment at (x, y) facing `facing`.
int gr_build_unit(tw_state *s, int side, int troop, const char *name, tw_vec2 centre, double facing, int formation);
int gr_build_battery(tw_state *s, int side, const char *name, tw_vec2 centre, double facing, bool howitzer);
bool gr_fig_in_contact(const tw_state *s, const tw_figure *f);
bool gr_spot_free(const tw_state *s, tw_vec2 p, double r, int ignore);
/// f could stand at p: on the table, off solid ground and water, overlapping no other figure.
bool gr_clear_at(const tw_state *s, const tw_figure *f, tw_vec2 p);
/// The allowance f uses to go straight to p (GR.TERR), or INFINITY where it cannot go.
double gr_cost_to(const tw_state *s, const tw_figure *f, tw_vec2 p);

// ---- Water (gr_water.c): fords (GR.TERR.7) and barges (GR.MOVE.7) ----
#define GR_BANK 1.5 ///< GR.TERR.7/GR.MOVE.7 (design choice): "at the bank" / stepping aboard, inches
bool gr_ford_water(const tw_state *s, tw_vec2 p);
bool gr_waterway(const tw_state *s, tw_vec2 p);
bool gr_ford_legs(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, double *before, double *after,
		  const char **clause);
double gr_barge_rate(const tw_state *s, tw_vec2 a, tw_vec2 b, const char **clause);
bool gr_unit_crossing(const tw_state *s, const tw_unit *u);
void gr_ford_set(tw_state *s, tw_figure *f, int end, tw_vec2 to);
void gr_ford_update(tw_state *s, bool land, tw_events *ev);
/// GR.MOVE.7: cost of a -> b where up to the end the going may be water (stepping aboard or
/// ashore); *wet gets the length in water.
double gr_move_cost_wet(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, double *wet, const char **clause);
/// GR.LIGHT.3, GR.MELEE.7, GR.HOUSE.2: the owner's choice among cand[0..n) (his casualty order),
/// or -1 if he named none of them.
int gr_owner_choice(const tw_state *s, const int *cand, int n);
void gr_owner_event(tw_state *s, const tw_figure *f, const char *clause, tw_events *ev);

// ---- Order builders (gr_random.c), shared with the generals ----
bool gr_order_shift(const tw_state *s, int unit, tw_vec2 disp, int mode, tw_order *o);
bool gr_order_formation(const tw_state *s, int unit, int formation, tw_order *o);
/// tw_ruleset.formation_order: gr_order_formation for a formation by name (line, column, open),
/// refusing, with the clause, a name that is none of them and a unit that forms none (GR.MUSK.1).
tw_status gr_formation_order(const tw_state *s, int unit, const char *name, tw_order *o, tw_error *err);
bool gr_order_volley(const tw_state *s, int unit, int32_t target, tw_order *o);
int gr_nearest_enemy_fig(const tw_state *s, int side, tw_vec2 p, double *dist);
tw_vec2 gr_unit_centre(const tw_state *s, int unit);
// ---- templates (gr_templates.c) ----
#define GR_NTEMPLATES 3
extern const tw_render_template gr_templates[GR_NTEMPLATES];

/// Digits after the point that show a length `v` refused against a limit `limit` as different
/// from it ("12.004 in" against 12, never "12.00 in"): 2, or more as the excess needs (at most 9).
static inline int gr_excess_digits(double v, double limit)
{
	for (int p = 2; p < 9; p++) {
		double m = tw_pow(10, p);
		if (round(v * m) != round(limit * m))
			return p;
	}
	return 9;
}

// ---- issue 16 (h6-obst): barricades and ditches; what each terrain kind means here (gr_obstacles.c) ----
enum { GR_GO_CLEAR = 0, GR_GO_WOOD, GR_GO_SWAMP, GR_GO_ROUGH };
typedef struct gr_ter_kind {
	uint8_t going; ///< GR_GO_*: GR.TERR.4 (wood), GR.TERR.5 (swamp), broken ground (GR.TERR.3: every inch counts two)
	bool cover_in; ///< a man standing in it is in cover (GR.MUSK.8)
	bool wall;     ///< cover behind it (GR.MUSK.8) and +1 to its defender (GR.MELEE.15)
	bool held_in;  ///< a defender standing in it gets GR.MELEE.15's +1 (a ditch)
} gr_ter_kind;
extern const gr_ter_kind gr_ter_kinds[TW_TER_KIND_COUNT];
static inline const gr_ter_kind *gr_ter(const tw_terrain *t)
{
	static const gr_ter_kind none = {0};
	return t->kind < TW_TER_KIND_COUNT ? &gr_ter_kinds[t->kind] : &none;
}
/// The gap between two bases, a barricade's width along the line between them not counted (men
/// on either side of a barricade touch across it; tw_table_gap_across).
double gr_gap(const tw_state *s, const tw_figure *a, const tw_figure *b);
/// True if p stands in a piece its defender holds by standing in it (a ditch).
bool gr_stands_in_held(const tw_state *s, tw_vec2 p);
// ---- end issue 16 ----

#endif

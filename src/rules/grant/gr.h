// Charles Grant, The War Game: the rule set's internal contract (GR clauses).
#ifndef TW_GR_H
#define TW_GR_H
#include "tinwar/tinwar.h"
#include "tinwar/grant.h"

#define GR_TROOP_COUNT TW_GR_TROOP_COUNT

// ---- Parameters (tw_state.params) ----
enum { GRP_MAX_MOVES = 0, GRP_EXCHANGE, GRP_CONTACT, GRP_FLOW, GRP_COUNT };

// ---- Order types: indices into gr_orders[] (gr_ruleset.c), the rule set's one description ----
enum gr_order_type { GR_OT_MOVE = 0, GR_OT_FORMATION, GR_OT_VOLLEY, GR_OT_GUN_MOVE, GR_OT_FIRE, GR_OT_END_MOVE, GR_OT_COUNT };

// ---- Formations (tw_unit.formation) ----
enum { GR_F_LINE = 0, GR_F_COLUMN, GR_F_OPEN, GR_F_COUNT };

// ---- Unit stats (tw_unit.stats[]) ----
enum {
	GU_TYPE = 0, ///< gr_troop
	GU_ORIG,     ///< original R&F strength (GR.ORG.1)
	GU_FLAGS,    ///< GUF_* bits; bits 16..19 melee round, 20..27 defensive-fire losses (GR.CHARGE.6)
	GU_MORALE,   ///< 0 good; k > 0: k tests failed, next needs 6 + k (GR.MORALE.7)
	GU_EXHAUST,  ///< move number of the fight that exhausted it, 0 none (GR.MELEE.24)
	GU_REST,     ///< heavy cavalry rest credits (GR.MOVE.5)
	GU_RALLY,    ///< move at whose end a general's rally completes, 0 none (GR.MORALE.10)
	GU_LOST,     ///< figures lost this move (GR.MORALE.6)
	GU_XING,     ///< move at whose end the unit lands from a ford crossing, 0 none (GR.TERR.7)
};
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
};
#define GU_MROUND(u) (((u)->stats[GU_FLAGS] >> 16) & 0xF)
#define GU_DEFLOSS(u) (((u)->stats[GU_FLAGS] >> 20) & 0xFF)

// ---- Figure stats (tw_figure.stats[]) ----
enum {
	GF_CP = 0,   ///< command points (GR.MORALE.1)
	GF_MOUNTED,  ///< 1 if mounted (GR.GEN.9)
	GF_HOUSE,    ///< house index + 1 if in a garrison (GR.TERR.8)
	GF_INSIDE,   ///< 1 once broken into a house (GR.MELEE.9)
	GF_GUN,      ///< gun id + 1 for a crew man (GR.ORG.3)
	GF_ATTACHED, ///< unit id + 1 a general is bound to (GR.MORALE.10)
	GF_CASUALTY, ///< rank in its owner's casualty order, 1 first, 0 not named (GR.MELEE.7)
	GF_ABOARD,   ///< barge unit id + 1 while carried (GR.MOVE.7)
	GF_XEND,     ///< move at whose end the figure lands from a ford crossing, 0 none (GR.TERR.7)
	GF_XX,       ///< landing x in 1/1024 in (GR.TERR.7)
	GF_XY,       ///< landing y in 1/1024 in (GR.TERR.7)
};
#define GR_FIXED 1024.0 ///< GF_XX/GF_XY, GG_XX/GG_XY: positions in 1/1024 in (exact in doubles)

// ---- Gun stats (tw_gun.stats[]) ----
enum { GG_DAMAGE = 0, GG_FIRED_IN, GG_HOWITZER, GG_UNIT, GG_DESTROYED, GG_TEAM_MOVED, GG_XEND, GG_XX = 8, GG_XY };

// ---- State vars: houses (GR.HOUSE) ----
#define GR_MAX_HOUSES 16
enum { GV_SETUP = 0, GV_HOUSE_DMG = 8, GV_HOUSE_FIRE = 24, GV_HOUSE_RUIN = 40 };

// ---- Tables (gr_tables.c) ----
typedef struct gr_rate {
	int troop, mode;
	double inches;
} gr_rate;
/// Ranges of the rule set's phase, vars and stats on load (gr_ranges.c).
extern const tw_ruleset_ranges gr_ranges;
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
int gr_house_index(const tw_state *s, int terrain_id);
int gr_house_terrain(const tw_state *s, int house);
int gr_nhouses(const tw_state *s);
bool gr_in_cover(const tw_state *s, const tw_figure *target, tw_vec2 from);
bool gr_unit_in_cover(const tw_state *s, int unit, tw_vec2 from);
void gr_unit_set_flag(tw_unit *u, int flag, bool on);

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
tw_status gr_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status gr_validate_fire(const tw_state *s, const tw_order *o, tw_error *err);
tw_status gr_apply_fire(tw_state *s, const tw_order *o, tw_events *ev);
int gr_canister(tw_state *s, const tw_gun *g, tw_vec2 dir, tw_events *ev);
void gr_house_strike_shot(tw_state *s, int house, double range, int die, tw_events *ev);
void gr_house_add_damage(tw_state *s, int house, int die, bool howitzer, tw_events *ev);
void gr_house_end_move(tw_state *s, tw_events *ev);
void gr_melee_end_move(tw_state *s, tw_events *ev);
/// GR.MELEE.10-15/25, GR.GREN.3: the bonus of one side of a combat (mine v theirs) in melee move `round`.
int gr_melee_bonus(const tw_state *s, const tw_unit *me, const tw_unit *foe, const tw_figure *mine,
		   const tw_figure *theirs, bool attacker, int round);
void gr_charge_contact(tw_state *s, int attacker, tw_events *ev);
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
/// Builds a unit of the given type with its establishment at (x, y) facing `facing`.
int gr_build_unit(tw_state *s, int side, int troop, const char *name, tw_vec2 centre, double facing, int formation);
int gr_build_battery(tw_state *s, int side, const char *name, tw_vec2 centre, double facing, bool howitzer);
bool gr_fig_in_contact(const tw_state *s, const tw_figure *f);
bool gr_spot_free(const tw_state *s, tw_vec2 p, double r, int ignore);

// ---- Water (gr_water.c): fords (GR.TERR.7) and barges (GR.MOVE.7) ----
#define GR_BANK 1.5 ///< GR.TERR.7/GR.MOVE.7 (design choice): "at the bank" / stepping aboard, inches
bool gr_ford_water(const tw_state *s, tw_vec2 p);
bool gr_waterway(const tw_state *s, tw_vec2 p);
bool gr_ford_legs(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, double *before, double *after,
		  const char **clause);
double gr_barge_rate(const tw_state *s, tw_vec2 a, tw_vec2 b, const char **clause);
bool gr_unit_crossing(const tw_state *s, const tw_unit *u);
void gr_ford_set(tw_figure *f, int end, tw_vec2 to);
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
bool gr_order_volley(const tw_state *s, int unit, int32_t target, tw_order *o);
int gr_nearest_enemy_fig(const tw_state *s, int side, tw_vec2 p, double *dist);
tw_vec2 gr_unit_centre(const tw_state *s, int unit);
// ---- templates (gr_templates.c) ----
#define GR_NTEMPLATES 3
extern const tw_render_template gr_templates[GR_NTEMPLATES];

#endif

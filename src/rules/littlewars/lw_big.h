// Little Wars on a large Country (LW.BIG) and Wells's Kriegspiel (KS): the rules as data and the
// arithmetic every front-end and general asks of them. Clause IDs refer to
// ../shared/rules/little-wars-clauses.md; docs/rules/littlewars.md "The large Country" and
// "The Kriegspiel" give every reading chosen. Distances are inches, times are moves.
#ifndef TW_LW_BIG_H
#define TW_LW_BIG_H
#include "lw.h"

// ---- LW.BIG (lw_big.c) ----
#define LW_BIG_BOX_REVEAL 120.0  ///< LW.BIG.3: an enemy scout within 10 ft opens a box
#define LW_BIG_BOX_REBOX 240.0   ///< LW.BIG.4: no enemy within 20 ft to box troops again
#define LW_BIG_MEN_PER_WAGGON 50 ///< LW.BIG.5
#define LW_BIG_SUPPLY_MOVES 6    ///< LW.BIG.5: waggons within six moves
#define LW_BIG_AMMO_MOVES 2      ///< LW.BIG.6: a cart within two moves of a gun
#define LW_BIG_ROAD 1.5          ///< LW.BIG.7: waggons and boxes on a road
#define LW_BIG_OUTDOOR_MAX 2.0   ///< LW.BIG.8: outdoors, up to double
#define LW_BIG_MEN_PER_PLAYER 100 ///< LW.BIG.12 (advisory)
#define LW_BIG_GUNS_PER_PLAYER 3  ///< LW.BIG.12 (advisory)

/// The agreed large-Country settings (LW.BIG.1, 8).
typedef struct lw_big_opts {
	int mult;        ///< LW.BIG.1: 1, 2 or 3 (1 = off)
	int close_ft;    ///< LW.BIG.1: 15, 12 or 10 ft
	double outdoor;  ///< LW.BIG.8: 1 (indoors) up to 2
} lw_big_opts;
/// LW.BIG.1, LW.BIG.8: refuses a multiplier other than 1-3, a threshold other than 15/12/10 ft
/// and an outdoor factor outside [1, 2], naming the clause.
tw_status lw_big_check_opts(const lw_big_opts *o, tw_error *err);
/// A loaded state's options (lw_big_check_opts on its record) and the boxes and trains its men
/// and guns are in, each one its side has (LW.BIG.2, LW.BIG.9); refused naming the clause
/// (lw_big_check.c, from lw_setup).
tw_status lw_big_check_state(const tw_state *s, tw_error *err);
/// LW.BIG.1: the multiplier in force after a move that ended with the nearest opposing pieces
/// `nearest_in` apart: once closed (`*closed` set, and kept), 1. Returns the multiplier.
int lw_big_multiplier(const lw_big_opts *o, double nearest_in, bool *closed);
/// LW.BIG.1/8: a move length (inches) under the multiplier in force and the outdoor factor.
double lw_big_move_len(const lw_big_opts *o, double base_in, int mult_now);
/// LW.BIG.2: a box moves at the rate of the slowest arm inside it (infantry 12, cavalry 24, a
/// gun with its men 12), times the multiplier, times 1.5 on a road (LW.BIG.7). 0 if empty.
double lw_big_box_rate(int inf, int cav, int guns, int mult_now, bool road);
/// LW.BIG.3: an enemy scout `gap_in` from a box opens it (within 10 ft, 10 ft included).
static inline bool lw_big_box_revealed(double gap_in) { return gap_in <= LW_BIG_BOX_REVEAL + LW_EPS; }
/// LW.BIG.4: troops may be boxed again when the nearest enemy is more than 20 ft away.
static inline bool lw_big_may_rebox(double nearest_enemy_in) { return nearest_enemy_in > LW_BIG_BOX_REBOX + LW_EPS; }
/// LW.BIG.5: Army Service waggons needed by `men`: one per 50, rounded up.
int lw_big_waggons_needed(int men);
/// LW.BIG.5: six moves of infantry at the multiplier in force (inches).
double lw_big_supply_reach(int mult_now);
/// LW.BIG.6: two moves at 12 in times the multiplier (inches).
double lw_big_ammo_reach(int mult_now);
/// LW.BIG.6: a gun may fire when its nearest ammunition cart is within lw_big_ammo_reach.
static inline bool lw_big_gun_may_fire(double cart_gap_in, int mult_now)
{
	return cart_gap_in <= lw_big_ammo_reach(mult_now) + LW_EPS;
}
/// LW.BIG.7: the road bonus for a piece: 1.5 for waggons and boxed troops, 1 for others.
double lw_big_road_factor(bool waggon_or_box, bool on_road);
/// LW.BIG.12 (advisory): players a side for a force: about 100 men and 3 guns each.
int lw_big_players(int men, int guns);

// ---- railways (lw_rail.c): LW.BIG.9-11, KS.RAIL.1 ----
#define LW_RAIL_TRUCK_INF 12    ///< LW.BIG.10
#define LW_RAIL_TRUCK_CAV 5     ///< LW.BIG.10
#define LW_RAIL_TRUCKS_PER_GUN 2 ///< LW.BIG.10
#define LW_RAIL_FULL_TRUCKS 8   ///< LW.BIG.10: an engine pulls 7 or 8 at full speed
#define LW_RAIL_MOVE_BIG 120.0  ///< LW.BIG.9: 5 x the 24 in cavalry rate (10 ft); 8 ft is the least
#define LW_RAIL_MOVE_KS 96.0    ///< KS.RAIL.1: about 8 ft
/// LW.BIG.10: trucks needed for a load (one kind per truck).
int lw_rail_trucks(int inf, int cav, int guns);
/// LW.BIG.9/10, KS.RAIL.1: a train's move (inches) with `trucks`: refused beyond 8 trucks (the
/// reduced speed is not given). `ks` picks the Kriegspiel's 8 ft. Returns -1 and fills err.
double lw_rail_train_move(int trucks, bool ks, int mult_now, tw_error *err);
/// LW.BIG.9 / KS.RAIL.1: moves to load `men`: 1 on the large Country; in the Kriegspiel 2 per
/// 20 men, groups rounded up (KS.FORM.1).
int lw_rail_load_moves(int men, bool ks);
/// LW.BIG.9 / KS.RAIL.1: moves to unload: 1, or 1 per 20 men in the Kriegspiel.
int lw_rail_unload_moves(int men, bool ks);
/// LW.BIG.11: work on one rail length.
enum { LW_RAIL_TEAR = 0, LW_RAIL_RELAY = 1 };
/// Work that needs the same men for a number of whole moves (LW.BIG.11, KS.RE): the men at it,
/// the moves done, finished. A move in which a man leaves, or too few stay, starts it again.
typedef struct lw_work {
	int kind;       ///< LW_RAIL_* or LW_KS_WORK_*
	int men;        ///< men set to it
	int done;       ///< whole moves done
	int32_t start;  ///< game move it began (the hidden timestamp of KS.RE.7)
	bool finished;
} lw_work;
/// LW.BIG.11: men and moves for tearing up (4 men, 2 moves) and relaying (8 men, 3 moves).
void lw_rail_work_needs(int kind, int *men, int *moves);
/// LW.BIG.11 / KS.RE: one more move of work by `men_staying` of the same men (`moved`: some of
/// them moved or did anything else). Returns true when this move finishes it.
bool lw_work_step(lw_work *w, int men_needed, int moves_needed, int men_staying, bool moved);

// ---- the Kriegspiel's arms and tables (lw_ks_tables.c): KS.GEN, KS.TER, KS.MOV, KS.FORM ----
enum lw_ks_arm {
	LW_ARM_INFANTRY = 0,
	LW_ARM_CAVALRY,
	LW_ARM_RE,      ///< Royal Engineers
	LW_ARM_RA,      ///< Royal Artillery
	LW_ARM_TS,      ///< Transport & Supply
	LW_ARM_GENERAL,
	LW_ARM_BOATS,
	LW_ARM_COUNT
};
extern const char *const lw_ks_arm_names[LW_ARM_COUNT + 1];
/// KS.MOV.1: one arm's move, off road and on road (KS.MOV.2 in twos or fours for infantry and
/// cavalry; "by motor" for the General), and whether it is wheeled (KS.MOV.4), crosses fords
/// (KS.FORM.1-5) and has a player of its own (KS.GEN.1).
typedef struct lw_ks_arm_row {
	double move;      ///< inches across country
	double road;      ///< inches on a road
	bool wheeled;     ///< KS.MOV.4
	bool fords;       ///< KS.FORM.1-5: may cross a fordable river (1 move)
} lw_ks_arm_row;
extern const lw_ks_arm_row lw_ks_arms[LW_ARM_COUNT];
#define LW_KS_BLOCK_IN 36.0     ///< KS.TER.1: blocks 3 x 3 ft
#define LW_KS_BLOCK_H 6.0       ///< KS.TER.1: 1/2 ft thick (one contour)
#define LW_KS_CORNER_CHORD 36.0 ///< KS.TER.1: rounded corners on a 3 ft chord
#define LW_KS_FIGURE_H 1.0      ///< KS.TER.2: figures about 1 in tall
/// KS.TER.1: the number of whole 3 ft blocks a table of w x d inches is built from.
int lw_ks_blocks(double w, double d);
/// KS.MOV.1/2: the move of an arm (road: on a road, and for infantry and cavalry, in twos or fours).
double lw_ks_move(int arm, bool road, bool twos_or_fours);
/// KS.MOV.3: extra length for contours crossed: 12 in each going up, 6 in each going down.
double lw_ks_contour_cost(int up, int down);
/// KS.MOV.4: a wheeled piece may not pass where 4 or more contours lie within 12 in, save by road.
bool lw_ks_wheels_pass(int arm, int contours_per_ft, bool road);
/// KS.MOV.5: infantry, cavalry and artillery may not both fire and move; refuses naming it.
tw_status lw_ks_check_fire_move(int arm, bool fired, bool moved, tw_error *err);
/// KS.FORM.1-3: formation changes and their cost in half moves.
enum lw_ks_form_act {
	LW_FA_FORD = 0,     ///< cross a fordable river: 1 move (infantry, cavalry)
	LW_FA_FOURS_RANKS,  ///< infantry: fours to two ranks, 1/2
	LW_FA_RANKS_EXT,    ///< infantry: two ranks to extended order, 1/2
	LW_FA_CAV_FORM,     ///< cavalry: a formation change, 1/2
	LW_FA_MOUNT,        ///< cavalry: 1
	LW_FA_DISMOUNT,     ///< cavalry: 1
	LW_FA_UNLIMBER,     ///< artillery: 1/2
	LW_FA_LIMBER,       ///< artillery: 1/2
	LW_FA_EMBARK,       ///< infantry: boats, 2 moves per 20 men
	LW_FA_DISEMBARK,    ///< infantry: boats, 1 move per 20 men
	LW_FA_COUNT
};
typedef struct lw_ks_form_row {
	int arm;         ///< the arm it belongs to
	int halves;      ///< half moves (per 20 men for boats)
	bool per20;      ///< per group of 20 men, rounded up
	const char *clause;
} lw_ks_form_row;
extern const lw_ks_form_row lw_ks_forms[LW_FA_COUNT];
/// KS.FORM.1-3: half moves an act takes for `men` men of `arm`; -1 (err filled) when the arm may
/// not do it (guns, engineers and supply cannot ford: KS.FORM.3-5).
int lw_ks_form_halves(int act, int arm, int men, tw_error *err);
/// KS.FORM.4: engineers may begin a repair or demolition only in a move they did not move.
tw_status lw_ks_check_re_start(bool moved, tw_error *err);
/// KS.FORM.5: Transport & Supply may hand over supplies only in a move they did not move.
tw_status lw_ks_check_handover(bool moved, tw_error *err);

// ---- boats (lw_ks_boats.c): KS.FORM.1, KS.MOV.1 ----
#define LW_KS_BOAT_MEN 20 ///< KS.FORM.1 (reading): a boat holds 20 men, the rule's group
/// Men of `side` aboard its boat k.
int lw_boat_riders(const tw_state *s, int side, int k);
/// p is on a river piece (under a bridge or over a ford as well): where a boat may be.
bool lw_on_river(const tw_state *s, tw_vec2 p);
tw_status lw_validate_boat_embark(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_boat_embark(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_boat_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_boat_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_boat_land(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_boat_land(tw_state *s, const tw_order *o, tw_events *ev);

// ---- the General and the seats (lw_ks_seats.c): KS.GEN.1/2, KS.GNL.1/2, LW.BIG.12 ----
#define LW_KS_GENERAL_STAND 72.0 ///< KS.GNL.1: the player within 6 ft of his figure
/// KS.GEN.1/2, LW.BIG.12: who plays a side: the General, a player per arm, an official.
enum lw_ks_role { LW_ROLE_GENERAL = 0, LW_ROLE_ARM, LW_ROLE_OFFICIAL, LW_ROLE_COUNT };
typedef struct lw_ks_seat {
	int side;  ///< the side played
	int role;  ///< lw_ks_role
	int arm;   ///< lw_ks_arm for LW_ROLE_ARM, else -1
} lw_ks_seat;
/// KS.GEN.1/2: a side's seats for the arms it fields (bit a of arms_mask = arm a present): the
/// General first, then one per arm (not the General, not boats), then the official. Returns n.
int lw_ks_side_seats(int side, unsigned arms_mask, lw_ks_seat *out, int max);
/// KS.GEN.2: an official watches his own side as the umpire does: may see what the umpire sees
/// of side `side`. A seat of another side may not.
static inline bool lw_ks_official_sees(const lw_ks_seat *seat, int side)
{
	return seat->role == LW_ROLE_OFFICIAL && seat->side == side;
}
/// KS.GNL.1: the player may stand at `p` if it is no more than 6 ft from his figure at `g` and
/// not in front of it (forward: the side's unit forward direction).
bool lw_ks_stand_ok(tw_vec2 g, tw_vec2 forward, tw_vec2 p);
/// KS.GNL.2 Sykes's option: what befalls the General.
enum { LW_GNL_UNHURT = 0, LW_GNL_WOUNDED, LW_GNL_FALLEN };
/// KS.GNL.2: invulnerable unless `sykes`; in a shell's zone, wounded (away 3 own moves); hit by
/// rifle fire or an ordinary shot, or captured, fallen (the next subordinate takes over).
int lw_ks_general_hit(bool sykes, bool in_shell_zone, bool shot_or_captured);
#define LW_KS_WOUNDED_MOVES 3 ///< KS.GNL.2
/// KS.GNL.1: f is a side's General's figure in a Kriegspiel (arm LW_ARM_GENERAL).
bool lw_ks_is_general(const tw_state *s, const tw_figure *f);
/// KS.GNL.2: f is a General who cannot be harmed: Wells's default, without Sykes's option. Such
/// a figure is left out of shell and mine zones, shot kills, melees and their support, charges.
bool lw_ks_general_immune(const tw_state *s, const tw_figure *f);
/// KS.GNL.2 under Sykes's option: the General f was inside a shell's (or a mine's) zone: he is
/// wounded, his player out of the room for his side's next 3 own moves (his figure held still,
/// LW_STILL_WOUNDED, and the General's seat's orders refused until then). Pushes the event.
void lw_ks_general_wound(tw_state *s, tw_figure *f, tw_events *ev);
/// KS.GNL.2: LW_GNL_UNHURT, LW_GNL_WOUNDED (until: the last game move he is away) or
/// LW_GNL_FALLEN (his figure dead, taken or out) for side's General; UNHURT without one.
int lw_ks_general_state(const tw_state *s, int side, int32_t *until);
/// KS.GEN.1/2: the seats of `side` in a Kriegspiel state, from its record's arms with a player
/// (lw_side.ks_arms): the General, one per arm, the official. 0 when the game is no Kriegspiel.
int lw_ks_state_seats(const tw_state *s, int side, lw_ks_seat *out, int max);

// ---- generated scenarios (lw_gen_big.c) ----
extern const char *const lw_variant_names[]; ///< "large", "kriegspiel"
/// `tinwar new littlewars --large|--kriegspiel`: a 360 x 240 in Country (width or depth 0) with a
/// river, a railway and supply lines, its forces, and the large Country's 2x multiplier (LW.BIG.1)
/// or the Kriegspiel's arms, General figures and seats (KS.GEN.1/2, KS.GNL.1). Deterministic.
tw_status lw_generate_variant(tw_state *s, uint64_t seed, double width, double depth, const char *variant,
			      tw_error *err);

// ---- fire (lw_ks_fire.c): KS.SH.1-6, KS.RF.1 ----
#define LW_KS_SHELL_R 3.0 ///< KS.SH.2
/// KS.SH.2: of n men in the zone, half die, rounded up.
static inline int lw_ks_shell_kills(int n) { return n <= 0 ? 0 : (n + 1) / 2; }
/// What a shell did (KS.SH.2-6), counted per side.
typedef struct lw_ks_shell_result {
	int in_zone[2];     ///< men within 3 in and not covered (KS.SH.2, KS.SH.5)
	int covered[2];     ///< men within 3 in behind a wall, house or entrenchment (KS.SH.5)
	int killed[2];      ///< KS.SH.2
	int guns_destroyed; ///< KS.SH.3: wholly inside
	int guns_disabled;  ///< KS.SH.3: partly inside, disabled for 2 moves
} lw_ks_shell_result;
/// KS.SH.1-5 on a state: the shell landed at p (the screw stays there). Kills ceil(n/2) of each
/// side's uncovered men within 3 in, nearest first (the firer's choice, LW.MEL.8 by analogy);
/// covered: the straight line from p to the man crosses a wall, house or other solid piece
/// (lw_check_leg's test). Destroys guns wholly inside (status dead: bearing kept, side -1 is not
/// used; the gun is marked disabled forever) and disables for 2 moves those partly inside.
void lw_ks_shell(tw_state *s, tw_vec2 p, lw_ks_shell_result *r, tw_events *ev);
/// KS.SH.4/6: a waggon, engine or truck partly or wholly inside the zone is destroyed.
static inline bool lw_ks_shell_destroys_vehicle(double gap_in) { return gap_in <= LW_KS_SHELL_R + LW_EPS; }
/// KS.SH.3: a gun with every point (trail end, muzzle, both wheels) within 3 in is destroyed (2);
/// some point within, disabled (1); else 0.
int lw_ks_shell_gun(const tw_gun *g, tw_vec2 p);
/// KS.RF.1: shots for n still infantrymen standing in a line: one per 5.
static inline int lw_ks_rifle_shots(int n, bool moved) { return moved || n < 0 ? 0 : n / 5; }
/// KS.RF.1: the men at pts stand "roughly in a line": every one within 1 in of the line through
/// the two farthest apart.
bool lw_ks_in_line(const tw_vec2 *pts, int n);

// ---- charges (lw_ks_charge.c): KS.CH.1-13 ----
enum { LW_BAND_FAR = 0, LW_BAND_MID, LW_BAND_NEAR, LW_BAND_COUNT };
#define LW_KS_CHARGE_REACH 36.0 ///< KS.CH.1: the cavalry move
#define LW_KS_CHARGE_MIN 8      ///< KS.CH.1
/// KS.CH.1 bands: far over 24 in, middle over 12 in, near 12 in or less.
int lw_ks_band(double gap_in);
/// KS.CH.2/3 tables, one row per band: cavalry loses cav_k per cav_per infantry, infantry loses
/// inf_k per inf_per sabres (the per-counts round down).
typedef struct lw_ks_charge_row {
	int cav_k, cav_per; ///< cavalry killed: cav_k * floor(infantry / cav_per)
	int inf_k, inf_per; ///< infantry killed: inf_k * floor(sabres / inf_per)
} lw_ks_charge_row;
extern const lw_ks_charge_row lw_ks_charge_ext[LW_BAND_COUNT];   ///< KS.CH.2
extern const lw_ks_charge_row lw_ks_charge_close[LW_BAND_COUNT]; ///< KS.CH.3
extern const int lw_ks_charge_gun_loss[LW_BAND_COUNT];          ///< KS.CH.12
/// What the charged body is.
enum lw_ks_target {
	LW_CT_EXTENDED = 0, ///< infantry in extended order (KS.CH.2), or dismounted cavalry (KS.CH.6)
	LW_CT_CLOSE,        ///< infantry in close order: two ranks or fours (KS.CH.3)
	LW_CT_STILL_CAV,    ///< mounted cavalry that stayed still (KS.CH.5)
	LW_CT_CAVALRY,      ///< cavalry (KS.CH.7/8)
	LW_CT_GUNS,         ///< artillery nobody else deals with (KS.CH.12)
};
typedef struct lw_ks_charge_in {
	int sabres;       ///< charging cavalry
	int target;       ///< lw_ks_target
	int defenders;    ///< men (or guns, LW_CT_GUNS) charged
	double gap_in;    ///< gap at the start of the charge
	bool formed;      ///< KS.CH.1: in proper formation
	bool retired;     ///< KS.CH.11: infantry that retired and is still within reach
	int contours;     ///< KS.CH.9: contours crossed charging downhill (0 on the level)
	int coin;         ///< KS.CH.7: 0 the charger wins the toss, 1 the defender
	bool isolated[2]; ///< KS.CH.8: charger, defender isolated (LW.MEL.1) for the melee
} lw_ks_charge_in;
typedef struct lw_ks_charge_out {
	int cav_lost;     ///< charging cavalry killed
	int def_lost;     ///< defenders killed
	int def_driven;   ///< KS.CH.5: driven back 3 ft
	int prisoners;    ///< KS.CH.8 (melee): men of the smaller side taken
	int guns_taken;   ///< KS.CH.12
	bool def_retires; ///< KS.CH.7 loser, KS.CH.10/11/13: must keep retiring while pursued
	bool def_still;   ///< KS.CH.4: close order may not move next move
	double def_back;  ///< KS.CH.4: extended order falls back 12 in next move
	const char *clause;
} lw_ks_charge_out;
/// KS.CH.1-12: judges a charge. Refuses (naming KS.CH.1) fewer than 8 sabres, no formation, or a
/// start beyond 36 in; out unchanged then.
tw_status lw_ks_charge(const lw_ks_charge_in *in, lw_ks_charge_out *out, tw_error *err);
/// KS.CH.10: a retreating body driven off the field or into an unfordable river is destroyed.
static inline bool lw_ks_retreat_destroyed(bool off_field, bool unfordable_river) { return off_field || unfordable_river; }
/// KS.CH.10/13: a retiring body keeps retiring while pursued, until fresh cavalry or fire stops
/// the pursuers.
static inline bool lw_ks_must_retire(bool pursued, bool pursuers_stopped) { return pursued && !pursuers_stopped; }

// ---- supply (lw_ks_supply.c): KS.SUP.1-10 ----
#define LW_KS_SUP_MOVES 6      ///< KS.SUP.1: every 6 moves
#define LW_KS_SUP_INF_R 72.0   ///< KS.SUP.2
#define LW_KS_SUP_CAV_R 216.0  ///< KS.SUP.2
#define LW_KS_ISOLATED 144.0   ///< KS.SUP.3: more than 12 ft from any other body
#define LW_KS_SURRENDER 4      ///< KS.SUP.10
/// KS.SUP.4: packets for n men: floor((n + 15) / 30); horses (forage) floor((h + 3) / 6).
static inline int lw_ks_food_packets(int men) { return men <= 0 ? 0 : (men + 15) / 30; }
static inline int lw_ks_forage_packets(int horses) { return horses <= 0 ? 0 : (horses + 3) / 6; }
/// A body's supply account (KS.SUP.1-10).
typedef struct lw_ks_body {
	int infantry, cavalry, horses; ///< men and horses (a trooper whose horse is eaten is infantry)
	int fired_moves;     ///< consecutive own moves in which the body fired (KS.SUP.1)
	bool isolated;       ///< KS.SUP.3: more than 12 ft from any other body
	bool surrounded;     ///< KS.SUP.6
	bool has_ammo;       ///< KS.SUP.8
	int unsupplied;      ///< own moves since a due supply did not arrive (KS.SUP.9)
	int last_horse;      ///< own moves since the last horse was eaten, -1 none (KS.SUP.10)
	bool out_of_action;  ///< KS.SUP.9
	bool surrendered;    ///< KS.SUP.10
} lw_ks_body;
/// KS.SUP.1: the packets due from a body: food, forage, ammunition.
void lw_ks_packets_due(const lw_ks_body *b, int *food, int *forage, int *ammo);
/// KS.SUP.3: an isolated body of fewer than 30 infantry needs none.
bool lw_ks_needs_supply(const lw_ks_body *b);
/// KS.SUP.2/5: supplies at `sup` serve troops at `troops` (cavalry: 18 ft, else 6 ft) unless an
/// enemy at one of enemy[0..n) stands on the straight line between (within radius r of it).
bool lw_ks_supply_reaches(tw_vec2 sup, tw_vec2 troops, bool cavalry, const tw_vec2 *enemy, int n, double r);
/// KS.SUP.1, 6-10: the hand-over at the end of a 6-move cycle: `food`, `forage` and `ammo`
/// packets handed in (and checked by the official). Short food is met by eating horses
/// (KS.SUP.7) when `eat_horses`. Updates the account; returns the clause of what happened
/// ("KS.SUP.9" out of action, "KS.SUP.10" surrendered) or NULL.
const char *lw_ks_supply_cycle(lw_ks_body *b, int food, int forage, int ammo, bool eat_horses);
/// KS.SUP.9/10: an own move passes without a hand-over (an unsupplied body's count goes on).
const char *lw_ks_supply_tick(lw_ks_body *b);
/// KS.SUP.8/9: may the body fire, may it move.
static inline bool lw_ks_may_fire(const lw_ks_body *b, bool guns) { return guns || (b->has_ammo && !b->out_of_action); }
static inline bool lw_ks_may_move(const lw_ks_body *b) { return b->unsupplied == 0 && !b->out_of_action && !b->surrendered; }

// ---- engineers' work (lw_ks_works.c): KS.RE.1-7 ----
enum lw_ks_work_kind {
	LW_KS_DEMOLISH_RAIL_BRIDGE = 2, // after LW_RAIL_TEAR/RELAY
	LW_KS_REPAIR_RAIL_BRIDGE,
	LW_KS_DEMOLISH_CULVERT,
	LW_KS_REPAIR_CULVERT,
	LW_KS_DEMOLISH_ROAD_BRIDGE,
	LW_KS_REPAIR_ROAD_BRIDGE,
	LW_KS_BURN_DEPOT,       ///< KS.RE.2
	LW_KS_WRECK_WAGGONS,    ///< KS.RE.3: the contents of 6 waggons
	LW_KS_MINE,             ///< KS.RE.4
	LW_KS_ENTRENCH,         ///< KS.RE.5: per inch by 2 men
	LW_KS_EPAULEMENT,       ///< KS.RE.6
	LW_KS_WORK_COUNT
};
typedef struct lw_ks_work_row {
	int men;           ///< men needed (0: any number of RE)
	int moves;         ///< moves
	bool re_only;      ///< Royal Engineers' work (KS.FORM.4 applies)
	const char *clause;
} lw_ks_work_row;
extern const lw_ks_work_row lw_ks_works[LW_KS_WORK_COUNT];
extern const char *const lw_ks_work_names[LW_KS_WORK_COUNT + 1];
#define LW_KS_MINE_R 6.0 ///< KS.RE.4
/// KS.RE.5: inches of trench that `men` build in 4 moves: men / 2.
static inline int lw_ks_trench_inches(int men) { return men < 0 ? 0 : men / 2; }
/// KS.RE.4: a mine goes off under the first piece to pass within its spot; everything within
/// 6 in of it is destroyed.
static inline bool lw_ks_mine_destroys(double gap_in) { return gap_in <= LW_KS_MINE_R + LW_EPS; }
/// KS.RE.1-6: checks and starts a piece of work with `men` (moved: KS.FORM.4), game move `now`;
/// refuses too few men or engineers who moved, naming the clause.
tw_status lw_ks_work_start(lw_work *w, int kind, int men, bool moved, int32_t now, tw_error *err);
/// KS.RE.1-6: one more move of the work; true when done.
bool lw_ks_work_step(lw_work *w, int men_staying, bool moved);

#endif

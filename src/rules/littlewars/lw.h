// Little Wars (H. G. Wells, 1913): internal contract between the rule set's files.
// Clause IDs refer to ../shared/rules/little-wars-clauses.md.
#ifndef TW_LW_H
#define TW_LW_H
#include <math.h>
#include "tinwar/detmath.h"

#include "tinwar/tinwar.h"

// ---- parameters (indices into tw_state.params; descriptor in lw_ruleset.c) ----
enum {
	LWP_VARIETY = 0,   // LW.VAR: 0 fight_to_finish, 1 blow_at_rear, 2 defensive
	LWP_CURTAIN,       // LW.MV.4: 1 = simultaneous hidden deployment
	LWP_INTERVAL,      // LW.MV.8: interval between moves, minutes (4 or 5)
	LWP_TIME_SCALE,    // LW.MV.6: agreed cut of the allowance (1 = full)
	LWP_TARGET,        // LW.VAR.8: 0 whole back line, 1 middle half, 2 left half, 3 right half
	LWP_CHANCE_MEN,    // LW.FOR.2: 1 = 12 men set aside, 2d6 taken
	LWP_POINTS_RED,    // LW.FOR.4: points to buy for side 0 (0 = no points buy)
	LWP_POINTS_BLUE,   // LW.FOR.4: points for side 1 (a handicap gives one side more)
	LWP_MAX_MOVES,     // engine limit: game drawn after this many game moves
	LWP_AIM_SIGMA,     // gunner's aim error, degrees (1 sigma) for the shot model
	LWP_SPACING,       // LW.MOB.14/15: 1 = insist on 1/16 in clearance
	LWP_BLOW_MOVES,    // LW.VAR.6: moves the defeated side has to withdraw (6)
	LWP_BUILDER,       // LW.C.1: 0 = the Country's builder was agreed, 1 = toss for it (then LW.C.2)
	LWP_SEATS,         // LW.BIG.12, KS.GEN.1/2: 0 one player a side, 1 a General, a player per arm, an official
	LWP_WAGGONS,       // LW.BIG.5: 1 = the supply option: troops keep within six moves of their waggons
	LWP_AMMUNITION,    // LW.BIG.6: 1 = the ammunition option: a gun fires only with a cart within two moves
	LWP_COUNT
};

enum { LW_VAR_FTF = 0, LW_VAR_BLOW = 1, LW_VAR_DEFENSIVE = 2 };
enum { LW_TARGET_WHOLE = 0, LW_TARGET_MIDDLE, LW_TARGET_LEFT, LW_TARGET_RIGHT };

// ---- order types: indices into lw_orders[] (lw_ruleset.c), the rule set's one description ----
enum lw_order_type {
	LW_OT_TOSS = 0,
	LW_OT_CHOOSE_SIDE,
	LW_OT_TAKE_RESERVE,
	LW_OT_DEPLOY,
	LW_OT_READY,
	LW_OT_MOVE,
	LW_OT_GUN_MOVE,
	LW_OT_FIRE,
	LW_OT_TRAIL,
	LW_OT_LIE_DOWN,
	LW_OT_SURRENDER,
	LW_OT_END_MOVE,
	LW_OT_BOX,      ///< LW.BIG.2/4: put men in a lidded box (lw_boxes.c)
	LW_OT_BOX_MOVE, ///< LW.BIG.2/7: move a box
	LW_OT_WORK,     ///< LW.BIG.11, KS.RE.1-7: begin a work or lay a mine
	LW_OT_SHELL,    ///< KS.SH.1-6: fire a gun with a screw in its muzzle (lw_ks_shell.c)
	LW_OT_CHARGE,   ///< KS.CH.1-12: a cavalry charge by the tables (lw_ks_charge_order.c)
	LW_OT_SUPPLY,   ///< KS.SUP.1-9: hand a body its packets (lw_ks_supply_order.c)
	LW_OT_TRAIN_LOAD,   ///< LW.BIG.9/10, KS.RAIL.1: men board a train (lw_rail_order.c)
	LW_OT_TRAIN_MOVE,   ///< LW.BIG.9, KS.RAIL.1: a train runs along the railway
	LW_OT_TRAIN_UNLOAD, ///< LW.BIG.9, KS.RAIL.1: the men aboard get down beside it
	LW_OT_UNBOX,    ///< LW.BIG.2/3: the owner sets a box's men out where it stands
	LW_OT_FEED,     ///< KS.SUP.6/7/10: a surrounded body feeds itself, eating horses (lw_ks_siege.c)
	LW_OT_RIFLE,    ///< KS.RF.1: rifle fire by fives, one bolt a five (lw_ks_rifle.c)
	LW_OT_FORM,     ///< KS.FORM.1/2: men change formation, mount or dismount (lw_ks_form.c)
	LW_OT_BOAT_EMBARK, ///< KS.FORM.1: infantry beside a boat embark, 2 moves per 20 men (lw_ks_boats.c)
	LW_OT_BOAT_MOVE,   ///< KS.MOV.1: a boat goes 12 in along the river
	LW_OT_BOAT_LAND,   ///< KS.FORM.1: the men aboard disembark on the bank, 1 move per 20 men
	LW_OT_COUNT
};

// ---- phases (tw_state.phase) ----
enum { LW_PH_TOSS = 0, LW_PH_RESERVE, LW_PH_DEPLOY, LW_PH_PLAY, LW_PH_OVER, LW_PH_COUNTRY };

// ---- records (lw_records.c): what Little Wars keeps, per game, figure and gun ----
typedef struct lw_game {
	int8_t first;         ///< First Player (LW.MV.1), -1 until tossed
	int8_t defender;      ///< LW.VAR.10: defending side, -1 if not the defensive game
	int8_t blow_side;     ///< LW.VAR.5: side that struck the blow at the rear, -1
	int8_t builder;       ///< LW.C.1: the side that built the Country (-1 not yet tossed)
	uint8_t men_moved;    ///< LW.MV.11: a man has moved in this move, so guns are finished
	int32_t fire_from[2]; ///< LW.MV.10: first game move in which each side's guns may fire;
			      ///< never 0 once lw_setup has run (its mark that a state is set up)
	int32_t ready;        ///< LW.MV.2/4: bit i = side i has finished putting down
	int32_t blow_move;    ///< LW.VAR.6: game move in which the blow was struck
	int32_t orig_attack;  ///< LW.VAR.13: attacker's original free men
	int32_t reserve_roll[2]; ///< LW.FOR.2: each side's 2d6 roll, 0 before it
	int32_t melees;       ///< melees judged so far (ids for events)
	int32_t firing_gun;   ///< gun whose firing action is under way (trail owed), -1
	int32_t draw_at;      ///< LW.VAR.3/4: the draw threshold (15 or 10)
	int32_t big_mult;     ///< LW.BIG.1: move multiplier agreed for a large Country (0 or 1: none)
	int32_t big_close_ft; ///< LW.BIG.1: back to 1x once opposing pieces are within this many ft
	uint8_t big_closed;   ///< LW.BIG.1: the armies have closed; 1x from now on
	uint8_t ks;           ///< KS.GEN.1: Wells's Kriegspiel is played (shells, its seats)
	uint8_t sykes;        ///< KS.GNL.2: Sykes's option (the General may be wounded or fall)
	uint8_t ks_supply;    ///< KS.SUP.1: the 6-move supply cycle is kept
	double big_outdoor;   ///< LW.BIG.8 (stop 33, late): outdoors every move is this many times its length, 1..2 (0: indoors)
} lw_game;
/// A man's marks (lw_fig.marks).
enum {
	LW_MARK_TRAIL = 1u << 0,       ///< placed at a gun's trail this move (LW.MOB.10)
	LW_MARK_SURRENDERED = 1u << 1, ///< surrendered, no escort yet (LW.MEL.16)
	LW_MARK_CONTACT = 1u << 2,     ///< in contact with an enemy (LW.MEL.2)
};
typedef struct lw_fig {
	int8_t captor;      ///< side holding him prisoner, -1 if none (LW.MEL.10)
	uint32_t marks;     ///< LW_MARK_*
	int32_t escort;     ///< the man escorting him, -1 none (LW.MEL.11)
	int32_t changed_in; ///< game move at whose end he was taken or freed (LW.MEL.10, LW.MEL.12)
	int32_t box;        ///< LW.BIG.2: the box (of his side's record) he is in, -1 none; owner only
	int32_t work;       ///< KS.RE.7, LW.BIG.11: the work he is at, -1 none; owner only
	int8_t arm;         ///< KS.GEN.1: his arm or service (lw_ks_arm), -1: by his kind
	int32_t ks_still_until; ///< KS.CH.4: charged in close order: may not move up to this game move
	uint8_t ks_fed;         ///< KS.SUP.1: supplied in the current 6-move cycle
	int32_t ks_unsupplied;  ///< KS.SUP.9: own moves since a due supply failed (0: supplied)
	int32_t train;          ///< LW.BIG.9: the train of his side he is aboard, -1 none
	int32_t ks_last_horse;  ///< KS.SUP.10: game move in which his surrounded body ate its last horse, 0 none
	int32_t ks_fired_in;    ///< KS.RF.1: game move of his last rifle fire, 0 never
	int32_t ks_fire_run;    ///< KS.SUP.1: own moves in a row he has fired since his last ammunition
	// lw-box (late fields, hashed only when set):
	int32_t ks_still_why; ///< why ks_still_until holds him (LW_STILL_*): 0 charged in close order (KS.CH.4)
	int32_t ks_retiring;  ///< KS.CH.10/11: game move his body began retiring from cavalry, 0 none
	// stop 33 (late fields): KS.FORM.1/2 (lw_ks_form.c)
	int32_t ks_form_move;   ///< game move of his last change of formation
	int8_t ks_form;         ///< LW_FORM_*: two ranks (0, as set down), fours, extended order
	uint8_t ks_dismounted;  ///< a cavalryman on foot (KS.FORM.2, KS.CH.6)
	int8_t ks_form_halves;  ///< half moves his changes took in that game move (2: the whole move)
	// stop 34 (late field): KS.FORM.1's boats (lw_ks_boats.c)
	int32_t boat;           ///< 1 + the boat of his side he is aboard, 0 none (seen by all)
} lw_fig;
/// lw_fig.ks_form (KS.FORM.1/2).
enum { LW_FORM_RANKS = 0, LW_FORM_FOURS = 1, LW_FORM_EXTENDED = 2 };
/// lw_fig.ks_still_why: what keeps a man still until ks_still_until (lw_ks_pursuit.c).
enum { LW_STILL_CLOSE = 0, LW_STILL_FELL_BACK = 1, LW_STILL_UNLOADED = 2, LW_STILL_WOUNDED = 3 };
/// A side's boxes and works (lw_boxes.c): box places are public, works are the owner's (KS.RE.7).
#define LW_BOX_MAX 32
#define LW_WORK_MAX 32
#define LW_TRAIN_MAX 4
#define LW_BOAT_MAX 4
typedef struct lw_side {
	int32_t nbox;
	double box_x[LW_BOX_MAX], box_y[LW_BOX_MAX];
	int32_t box_moved[LW_BOX_MAX];
	int32_t nwork;
	int32_t work_kind[LW_WORK_MAX];
	double work_x[LW_WORK_MAX], work_y[LW_WORK_MAX];
	int32_t work_men[LW_WORK_MAX], work_done[LW_WORK_MAX], work_start[LW_WORK_MAX];
	uint8_t work_armed[LW_WORK_MAX];
	uint32_t ks_arms; ///< KS.GEN.1: bit a = arm a (lw_ks_arm) has a player of its own
	int32_t sup_moves; ///< KS.SUP.1: own moves into the current 6-move supply cycle
	int32_t ntrain;    ///< LW.BIG.9: the side's trains (lw_rail_order.c)
	double train_x[LW_TRAIN_MAX], train_y[LW_TRAIN_MAX]; ///< where each stands (its engine)
	int32_t train_moved[LW_TRAIN_MAX]; ///< game move in which it last ran
	int32_t train_ready[LW_TRAIN_MAX]; ///< first game move in which it may run (loading, LW.BIG.9)
	// stop 34 (late fields): the Kriegspiel's boats (KS.FORM.1, KS.MOV.1; lw_ks_boats.c)
	int32_t nboat;                                ///< the side's boats on the rivers
	double boat_x[LW_BOAT_MAX], boat_y[LW_BOAT_MAX]; ///< where each floats
	int32_t boat_moved[LW_BOAT_MAX];              ///< game move in which it last moved
	int32_t boat_ready[LW_BOAT_MAX];              ///< first game move in which it may move (embarking)
} lw_side;
#define LWS(s, side) TW_REC_ROW(s, lw_side, TW_REC_SIDE, (side))
#define LW_GUN_MAX_CROSSERS 32
typedef struct lw_gun {
	uint8_t out_of_battle;  ///< LW.VAR.9: beyond the defender's two thirds
	int32_t trail_due;      ///< move number in which a trail pair is owed (0 none) (LW.MOB.10)
	int32_t disputed_until; ///< the attacker may not use it up to this move (LW.CAP.3)
	int32_t ncross;         ///< enemy men who crossed its axle line (LW.CAP.1b)
	int32_t crossers[LW_GUN_MAX_CROSSERS]; ///< those men (-1 beyond ncross)
	uint8_t ks_destroyed;      ///< KS.SH.3: wholly inside a shell's zone
	int32_t ks_disabled_until; ///< KS.SH.3: partly inside: out of action up to this game move
	// lw-box (late fields, hashed only when set):
	int32_t boxed; ///< LW.BIG.2: 1 + the box (of its side's record) it is in with its crew, 0 none; owner only
	int32_t trained; ///< LW.BIG.9/10: 1 + the train of its side it is aboard (2 trucks), 0 none
	int32_t ks_retiring; ///< KS.CH.13 (lw-box, late): game move it began retiring from cavalry, 0 none
	uint8_t ks_limbered; ///< KS.FORM.3 (stop 33, late): limbered up (it moved last), else in action
} lw_gun;
extern const tw_record_def lw_game_rec, lw_fig_rec, lw_gun_rec;
// The rule set's rows (tw_rec_row: no lookup in the hot paths; checked in Debug builds).
#define LWG(s) TW_REC_ROW(s, lw_game, TW_REC_GAME, 0)
#define LWF(s, f) TW_REC_ROW(s, lw_fig, TW_REC_FIGURE, (f)->id)
#define LWGN(s, g) TW_REC_ROW(s, lw_gun, TW_REC_GUN, (g)->id)
/// LW.BIG.2 (lw-box): gun g is in a box (LWGN(s, g)->boxed).
static inline bool lw_gun_boxed(const tw_state *s, const tw_gun *g) { return LWGN(s, g)->boxed > 0; }
/// LW.BIG.9 (lw-box): gun g is aboard a train (LWGN(s, g)->trained).
static inline bool lw_gun_aboard(const tw_state *s, const tw_gun *g) { return LWGN(s, g)->trained > 0; }

// ---- the rule set's own statuses (figure.h): prisoners, freed men, delivered, withdrawn ----
enum {
	LW_FS_PRISONER = TW_FS_RULESET, ///< held by the enemy (captor), on the table (LW.MEL.10)
	LW_FS_FREED,                    ///< freed, disarmed until he reaches his back line (LW.MEL.13)
	LW_FS_DELIVERED,                ///< a prisoner delivered over the captor's back line (LW.MEL.11)
	LW_FS_WITHDRAWN,                ///< left the field over his own back line, safe (LW.CAMP.3)
};
extern const tw_status_def lw_statuses[4];
/// What doctrines see besides the records: a man's contact, captor and allowance, a gun in battle
/// and in action, the men moved, the firing gun and the seat's reserve roll (tw_ruleset.facts).
int lw_facts(const tw_state *s, int kind, int32_t index, int side, tw_fact *out, int max);
extern const tw_fact lw_constants[6];
extern const tw_clause_family lw_families[10];
extern const char *const lw_phase_names[LW_PH_COUNTRY + 1];
/// How a man is drawn: a prisoner tied to his escort in his captor's colour (LW.MEL.11).
void lw_look(const tw_state *s, const tw_figure *f, tw_look *out);

// ---- physical constants of the toy figures (LW physical model notes §16) ----
#define LW_CONTACT 0.125    // LW.MEL.2: within 1/8 in counts as contact
#define LW_CLEAR 0.0625     // LW.MOB.14/15: 1/16 in between men and objects
#define LW_REACH 6.0        // LW.MOB.4, LW.MEL.4, LW.MEL.11, LW.CAP.1: the 6 in string
#define LW_INF_MOVE 12.0    // LW.MOB.2
#define LW_CAV_MOVE 24.0    // LW.MOB.3
#define LW_GUN_CREW 4       // LW.MOB.4
#define LW_GUN_SHOTS 4      // LW.MOB.6
#define LW_ESCORT_PER 7     // LW.MEL.11
#define LW_EPS 1e-9         // rounding allowance on the table's distances: a billionth of an inch

// ---- shared predicates ----
/// LW.0 "free man": not a prisoner, not an unrearmed released prisoner, alive, on the table.
static inline bool lw_is_free(const tw_figure *f) { return f->status == TW_FS_ACTIVE; }
/// Issue 18 lw-box: waggons and carts are figures (they move, are shot, are seen) but not men:
/// they take no part in melee (LW.MEL), make no prisoners and are none, crew no gun (LW.MOB.4),
/// and count in no draw or victory count (LW.VAR).
static inline bool lw_is_man(const tw_figure *f) { return f->kind != TW_FK_WAGGON; }
/// A free figure that is a man (lw_is_free and lw_is_man).
static inline bool lw_is_free_man(const tw_figure *f) { return lw_is_free(f) && lw_is_man(f); }
/// LW.MOB.2/3: a man's move allowance in inches.
static inline double lw_move_allowance(const tw_figure *f)
{
	return f->kind == TW_FK_CAVALRY ? LW_CAV_MOVE : LW_INF_MOVE;
}
/// LW.BIG.1: the move multiplier in force (1 unless a large Country's 2x or 3x is agreed and the
/// armies have not yet closed; lw_boxes.c).
int lw_big_mult_now(const tw_state *s);
/// LW.BIG.8: the agreed outdoor factor (1 indoors, up to 2), a factor of every move length.
static inline double lw_big_outdoor(const tw_state *s)
{
	double k = LWG(s)->big_outdoor;
	return k > 1.0 ? k : 1.0;
}
/// LW.MOB.2/3 with LW.BIG.1: a man's move allowance in inches in this game move, the multiplier
/// in force applied (the order checks use it; a man's own arm's rate is lw_move_allowance).
/// In a Kriegspiel the base is the man's arm's move across country (KS.MOV.1, lw_ks_move.c).
double lw_ks_allowance_base(const tw_state *s, const tw_figure *f);
static inline double lw_allowance_now(const tw_state *s, const tw_figure *f)
{
	return (LWG(s)->ks ? lw_ks_allowance_base(s, f) : lw_move_allowance(f)) * lw_big_mult_now(s) * lw_big_outdoor(s);
}
/// LW.VAR.9: guns beyond the defender's two thirds take no part in the battle.
static inline bool lw_gun_in_battle(const tw_state *s, const tw_gun *g) { return LWGN(s, g)->out_of_battle == 0; }
/// Side index of the opponent (two-sided game).
static inline int lw_enemy(int side) { return side ^ 1; }
/// True if point p is on or beyond side's own back line (outside the field on its side).
bool lw_beyond_own_line(const tw_state *s, int side, tw_vec2 p);
/// True if p is on or beyond the enemy's back line, inside the LW.VAR.8 target section.
bool lw_on_enemy_line(const tw_state *s, int side, tw_vec2 p);
/// Distance from a figure's nearest point to p (figure base is a circle).
static inline double lw_fig_dist(const tw_figure *f, tw_vec2 p) { return fmax(0.0, tw_dist(f->pos, p) - f->radius); }
/// Where the j-th man of men set out in a square `row` a side, 1.25 in apart, centred on c, stands
/// (a box opened, LW.BIG.3; a train unloaded, LW.BIG.9; a boat's landing, KS.FORM.1).
static inline tw_vec2 lw_square_place(tw_vec2 c, int row, int j)
{
	return tw_v2(c.x + (j % row - (row - 1) / 2.0) * 1.25, c.y + (j / row - (row - 1) / 2.0) * 1.25);
}
/// Gap between two figures (nearest points).
/// The box of segment ab grown by r and a millionth of an inch (the whole plane if a coordinate
/// is NaN): a point outside it (lw_outside_box) is farther than r from the segment.
static inline void lw_seg_box(tw_vec2 a, tw_vec2 b, double r, tw_vec2 *lo, tw_vec2 *hi)
{
	double m = r + 1e-6;
	if (isnan(a.x) || isnan(a.y) || isnan(b.x) || isnan(b.y) || isnan(m)) {
		*lo = tw_v2(-INFINITY, -INFINITY);
		*hi = tw_v2(INFINITY, INFINITY);
		return;
	}
	*lo = tw_v2((a.x < b.x ? a.x : b.x) - m, (a.y < b.y ? a.y : b.y) - m);
	*hi = tw_v2((a.x < b.x ? b.x : a.x) + m, (a.y < b.y ? b.y : a.y) + m);
}
/// True only when p is certainly outside the box (false for NaN coordinates).
static inline bool lw_outside_box(tw_vec2 p, tw_vec2 lo, tw_vec2 hi)
{
	return p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y;
}
/// Exact early-out for tw_gun_distance(g, p) <= lim: false only when p is certainly farther
/// than lim from every point of the gun (its trail, muzzle and wheels all lie within
/// max(trail, muzzle, half_axle) of the axle), by a millionth of an inch; NaN goes on.
/// h7-hook: fmax(x, y) for x and y that are not -0.0 (fabs values): the larger, the one that is
/// not NaN; y when equal (the same value then). Inline: fmax is a library call.
static inline double lw_fmax_nz(double x, double y) { return (x > y || y != y) ? x : y; }
static inline bool lw_gun_may_be_within(const tw_gun *g, tw_vec2 p, double lim)
{
	double ext = lw_fmax_nz(lw_fmax_nz(fabs(g->trail), fabs(g->muzzle)), fabs(g->half_axle)) + lim + 1e-6;
	double dx = fabs(p.x - g->axle.x), dy = fabs(p.y - g->axle.y);
	return !(dx > ext || dy > ext) || isnan(dx) || isnan(dy) || isnan(ext);
}
/// LW.MOB.4, LW.MOB.8, LW.MOB.11, LW.MEL.8, LW.CAP.1-3, LW.VAR.2: "within 6 in of a gun", the one
/// test every rule uses. A base of radius r centred at p is within 6 in when its nearest point is
/// at most 6 in from the nearest point of the gun (barrel, trail or axle): exactly 6 in is within,
/// and LW_EPS absorbs rounding, nothing more.
static inline bool lw_base_near_gun(const tw_gun *g, tw_vec2 p, double r)
{
	return lw_gun_may_be_within(g, p, LW_REACH + LW_EPS + r) && tw_gun_distance(g, p) - r <= LW_REACH + LW_EPS;
}
/// A free man (lw_is_free) within 6 in of gun g (lw_base_near_gun).
static inline bool lw_free_man_near_gun(const tw_gun *g, const tw_figure *f)
{
	return lw_is_free_man(f) && lw_base_near_gun(g, f->pos, f->radius);
}
static inline double lw_gap(const tw_figure *a, const tw_figure *b) { return fmax(0.0, tw_figure_gap(a, b)); }
// Exact early-out for lw_gap(a, b) <= lim: false only when the bases are certainly farther
// apart along x or y than the radii and lim allow (by a millionth of an inch, far beyond
// rounding); NaN positions go on to the full test.
static inline bool lw_may_be_within(const tw_figure *a, const tw_figure *b, double lim)
{
	double r = a->radius + b->radius + lim + 1e-6;
	double dx = fabs(a->pos.x - b->pos.x), dy = fabs(a->pos.y - b->pos.y);
	return !(dx > r || dy > r) || isnan(dx) || isnan(dy);
}

// ---- lw_gun.c: guns (LW.MOB.4-13, LW.MV.10-12) ----
/// LW.MOB.4: free men of `side` within 6 in of the gun.
int lw_gun_crew_count(const tw_state *s, const tw_gun *g, int side);
/// lw_gun_crew_count up to `cap`: min(lw_gun_crew_count(s, g, side), cap), stopping there
/// (h10-melee: for the callers that ask only whether there are 4 men, or any).
int lw_gun_crew_upto(const tw_state *s, const tw_gun *g, int side, int cap);
/// h10-melee: tests only: true makes lw_gun_crew_upto count by the plain loop, in full.
extern bool lw_gun_crew_plain;
/// h10-melee: tests only: true makes lw_update_prisoners loop over every figure (not only over
/// the prisoners and freed men).
extern bool lw_prisoners_plain;
/// h10-melee: tests only: true makes a gun's swing (LW.MOB.7) ask every solid piece in full,
/// without the bounding boxes first.
extern bool lw_swing_plain;
/// LW.MOB.4 with LW.CAP.3: the gun is in action for `side`.
bool lw_gun_in_action(const tw_state *s, const tw_gun *g, int side);
tw_status lw_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_fire(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_fire(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev);
tw_status lw_validate_trail(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_trail(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_lie(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_lie(tw_state *s, const tw_order *o, tw_events *ev);
/// LW.MOB.10 interpretation: at the end of a move, put right a missing trail pair.
void lw_fix_trails(tw_state *s, tw_events *ev);
/// Starts a GUN_MOVE order for gun g with up to `max` unmoved free men within 6 in as the men
/// going with it (LW.MOB.11); returns how many were found.
int lw_gun_move_party(const tw_state *s, const tw_gun *g, int side, int max, tw_order *o);
/// Bearing/elevation that puts a shot on `target` (for "fire at a point").
void lw_aim_at(const tw_state *s, const tw_gun *g, tw_vec2 target, double *bearing, double *elevation);

// ---- lw_ks_shell.c: the Kriegspiel's shells (KS.SH.1-6) ----
/// KS.SH.1: a shell is a fire order (every gun rule unchanged) in a Kriegspiel.
tw_status lw_validate_shell(const tw_state *s, const tw_order *o, tw_error *err);
/// KS.SH.1: where the screw of shot r lands (its first touch of the floor, else where it stopped).
tw_vec2 lw_ks_shell_landing(const tw_state *s, const tw_shot_result *r);
/// KS.SH.1-6: the screw of shot r from gun `gun` lands; its 3 in zone does its work (lw_ks_shell).
void lw_ks_shell_lands(tw_state *s, const tw_shot_result *r, int gun, tw_events *ev);

// ---- lw_ks_charge_order.c: the Kriegspiel's charges (KS.CH.1-12) ----
tw_status lw_validate_charge(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_charge(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);

// ---- lw_ks_supply_order.c: the Kriegspiel's supply cycle (KS.SUP.1-9, KS.GEN.2) ----
tw_status lw_validate_supply(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_supply(tw_state *s, const tw_order *o, tw_events *ev);
// ---- lw_ks_rifle.c: rifle fire by fives (KS.RF.1, KS.MOV.5, KS.SUP.8) ----
tw_status lw_validate_rifle(const tw_state *s, const tw_order *o, tw_error *err);
/// KS.FORM.1/2 (lw_ks_form.c): `form` orders.
tw_status lw_validate_form(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_form(tw_state *s, const tw_order *o, tw_events *ev);
/// KS.FORM.1/2: the part of his move a man has left after this game move's changes (1, ½, 0).
double lw_ks_form_left(const tw_state *s, const tw_figure *f);
tw_status lw_apply_rifle(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err);
// ---- lw_ks_siege.c: surrounded troops (KS.SUP.6/7/10) ----
tw_status lw_validate_feed(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_feed(tw_state *s, const tw_order *o, tw_events *ev);
/// KS.SUP.10: at the end of an own move of `side`, men 4 own moves past their body's last horse
/// surrender to the enemy.
void lw_ks_siege_end_move(tw_state *s, int side, tw_events *ev);
/// At the end of each own move of `side`: the cycle goes on; men unsupplied at its end cannot
/// move, and 6 own moves later are out of action (KS.SUP.9).
void lw_ks_supply_end_move(tw_state *s, int side, tw_events *ev);

// ---- lw_rail_order.c: trains on the table (LW.BIG.9-11, KS.RAIL.1, KS.SH.6) ----
/// Men of `side` aboard its train k (their kinds in *inf, *cav; either may be NULL).
int lw_train_riders(const tw_state *s, int side, int k, int *inf, int *cav);
tw_status lw_validate_train_load(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_train_load(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_train_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_train_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_train_unload(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_train_unload(tw_state *s, const tw_order *o, tw_events *ev);
/// KS.SH.6: a train within 3 in of a shell's landing is destroyed with the men aboard.
void lw_ks_shell_trains(tw_state *s, tw_vec2 p, tw_events *ev);

// ---- lw_fire.c: what a shot kills (LW.FIRE.1-5) ----
/// Applies LW.FIRE.1-4 to a shot's time-ordered contacts: kills figures, pushes events.
/// Returns the number killed.
int lw_apply_shot_kills(tw_state *s, const tw_shot_result *r, int gun, tw_events *ev);

// ---- lw_move.c: moving men (LW.MOB.1-3, 14, 15, LW.MEL.2, LW.MV.3) ----
// ---- the sight memo (lw_sight.c): exact answers of tw_los kept for the computer general ----
#define LW_SIGHT_SLOTS 4096 // a power of two
typedef struct lw_sight_slot {
	double k[6];  ///< a.x, a.y, za, b.x, b.y, zb (compared bit for bit)
	uint32_t gen; ///< the memo generation the answer belongs to
	bool clear;   ///< tw_los's answer
} lw_sight_slot;
typedef struct lw_sight_memo {
	uint32_t gen;         ///< 0 = empty or unusable (every question goes to tw_los)
	int nterrain;         ///< the table the answers are for: its pieces, bit for bit
	tw_terrain *terrain;
	double width, depth;
	uint64_t hits, misses;
	/// LW_SIGHT_SLOTS answers, taken at the first lw_sight_begin from a shared pool of tables
	/// given back by lw_sight_reset (fresh memory costs page faults on every new general).
	/// Answers are stamped with the memo generation; a table from the pool keeps its stamps,
	/// all below gen_floor, so none of them is taken for an answer.
	lw_sight_slot *slot;
	uint32_t gen_floor;
} lw_sight_memo;
/// Checks the memo against the table about to be asked about; forgets every answer if it differs.
/// True when it is bit for bit the table of the last call (false at the first call and whenever
/// the memo could not keep a copy of the table).
bool lw_sight_begin(lw_sight_memo *m, const tw_table *tb);
/// tw_los(tb, a, za, b, zb), remembered. tb must be the table of the last lw_sight_begin.
bool lw_sight(lw_sight_memo *m, const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb);
/// Frees the memo's copy of the table and empties it.
void lw_sight_reset(lw_sight_memo *m);
/// lw_sight, the answer worked out (on a miss) from the pieces idx[0..n) only, ascending: the caller
/// vouches that no other piece meets the sight line (lw_gunvis.c).
bool lw_sight_among(lw_sight_memo *m, const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
		    int n);
/// The memo's answer to the question if it has one (0 or 1; counted as a hit), else -1.
int lw_sight_known(lw_sight_memo *m, tw_vec2 a, double za, tw_vec2 b, double zb);

// ---- the terrain index (lw_tindex.c): the pieces near a point or a segment, for the general ----
typedef struct lw_tindex {
	bool built;
	const tw_terrain *terrain; ///< the table it serves: its terrain array, count and size
	int nterrain;
	double width, depth;
	double cell;              ///< cell size, inches
	int gx, gy;               ///< cells across and deep
	int32_t *start;           ///< cell c's pieces are items[start[c] .. start[c + 1])
	int32_t *items;           ///< piece indices, ascending within a cell
	uint32_t *stamp, tick;    ///< per piece: the query that last listed it
	int32_t *cand;            ///< the last query's pieces, ascending
} lw_tindex;
/// The general files a table of at least this many pieces (measured: Hook's Farm's 27 pieces ran
/// 9% more instructions with the index, a 288 x 192 in Country's 199 pieces 3% fewer).
#define LW_TINDEX_MIN_PIECES 100
/// Files tb's pieces (ix emptied first); false without memory (ix empty).
bool lw_tindex_build(lw_tindex *ix, const tw_table *tb);
void lw_tindex_free(lw_tindex *ix);
/// Makes ix the index of this thread (NULL: none) for the questions below.
void lw_tindex_activate(const lw_tindex *ix);
/// The active index when it was built for tb's terrain array as it is (same array, count and
/// size; its builder keeps it in step with the pieces), else NULL.
lw_tindex *lw_tindex_for(const tw_table *tb);
/// Puts into ix->cand, ascending, at least every piece whose bounding box meets [lo, hi]; the count.
int lw_tindex_query(lw_tindex *ix, tw_vec2 lo, tw_vec2 hi);
/// Puts into ix->cand, in no order, at least every piece that segment ab meets (the pieces filed in
/// the cells it crosses, each once); the count.
int lw_tindex_query_segment(lw_tindex *ix, tw_vec2 a, tw_vec2 b);
/// tw_table_is_water and tw_los, through the active index when it serves tb: the same answers.
bool lw_table_is_water(const tw_table *tb, tw_vec2 p);
bool lw_los(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb);
// s25-speed: the game's own terrain index (lw_tindex_game.c), active while the rules validate.
/// The active index of this thread (NULL: none).
const lw_tindex *lw_tindex_active(void);
typedef struct lw_tindex_scope {
	const lw_tindex *prev; ///< the index active before lw_tindex_enter
	bool set;              ///< lw_tindex_enter made the thread's own index active
} lw_tindex_scope;
/// Makes the thread's own index for tb's pieces active (built again when any piece's bounding box,
/// their count or the table's size differs from the boxes it was built from), unless tb has fewer
/// than LW_TINDEX_MIN_PIECES pieces, an active index serves tb already, or memory runs out.
/// tb must not change until lw_tindex_leave(sc), which puts back the index active before.
void lw_tindex_enter(const tw_table *tb, lw_tindex_scope *sc);
void lw_tindex_leave(const lw_tindex_scope *sc);
/// Tests only: true makes lw_tindex_enter do nothing (the game's validation by the plain loops).
extern bool lw_tindex_game_off;
/// Times this thread built its own index (tests).
long lw_tindex_game_builds(void);
/// Sorts v[0..n-1] ascending (lw_isort.c): qsort's result, without a callback.
void lw_sort_ints(int *v, int n);
/// True when no half-inch sample of leg ab (lw_check_leg's) is water, decided without sampling
/// (lw_leg_water.c); false: the caller samples (water, or a river's outline too near the leg).
bool lw_leg_dry(const tw_state *s, tw_vec2 a, tw_vec2 b);
/// Tests only: true makes lw_leg_dry say false (lw_check_leg samples every leg).
extern bool lw_leg_water_plain;

tw_status lw_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
/// Tests only: true makes the move checks look at every figure for the gaps between men (no box
/// round the order's men, no early-out along x or y): the same verdicts and messages.
extern bool lw_validate_plain_gaps;
/// s27-hook8: true when men f and g stand farther apart along x or y than both radii, the contact
/// distance and a millionth of an inch, so tw_figure_gap(f, g) > LW_CONTACT + 1e-9 whatever the
/// rounding (for coordinates within 1e6 in); false for a NaN or infinite radius (an infinite
/// place is far, and tw_figure_gap finds no contact there either).
/// lw_apply_move's contact loop (LW.MEL.2) passes over such men without the square root.
static inline bool lw_contact_far(const tw_figure *f, const tw_figure *g)
{
	double far = f->radius + g->radius + LW_CONTACT + 1e-6;
	return fabs(f->pos.x - g->pos.x) > far || fabs(f->pos.y - g->pos.y) > far;
}
/// Tests only: true makes lw_apply_move's contact loop ask tw_figure_gap of every enemy.
extern bool lw_contact_plain;
/// Tests only: true makes the trail pair's choice (LW.MOB.10) ask every nearer man in figure order
/// (the plain loop), not the nearest first.
extern bool lw_trail_plain;
/// s27-hook8: the reach lw_off_line compares with, for segment a + d and distance r: (r + 1e-6) |d|.
static inline double lw_off_line_reach(tw_vec2 d, double r) { return (r + 1e-6) * sqrt(d.x * d.x + d.y * d.y); }
/// s27-hook8: true when p lies farther than r + 1e-6 in from the line through a along d (reach from
/// lw_off_line_reach), so tw_dist_point_segment(p, a, a + d) >= r whatever the rounding (places within
/// 1e6 in); false for d of no length, NaN, or p nearer. The general's line-of-fire loop asks it first.
static inline bool lw_off_line(tw_vec2 p, tw_vec2 a, tw_vec2 d, double reach)
{
	return fabs(d.x * (p.y - a.y) - d.y * (p.x - a.x)) > reach;
}
/// Tests only: true makes the general's gun targets ask tw_dist_point_segment of every own man
/// in the line of fire's box (no lw_off_line first).
extern bool lw_gun_line_plain;
/// Tests only: true makes lw_check_leg look for a river near the leg by its plain loop, and
/// lw_table_is_water ask tw_table_is_water without first looking for a river (s27-hook8).
extern bool lw_river_plain;
/// s27-hook8: the first river piece of tb at index `from` or after (tb->nterrain if none).
static inline int lw_next_river(const tw_table *tb, int from)
{
	while (from < tb->nterrain && tb->terrain[from].kind != TW_TER_RIVER)
		from++;
	return from;
}
/// Tests only: true makes lw_validate_move_extend's loop over every figure (no figure grid) ask
/// gap_far after the other tests, as before s27-hook8 (false: first, inline).
extern bool lw_extend_plain_order;
/// The same verdict as the rule set's validate (OK or not) for a move order whose first nfig-1
/// figures, without the last, already made a legal order in s: checks only the last figure
/// and his gaps to the others. Other orders, or one figure, are validated in full.
tw_status lw_validate_move_extend(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
/// Checks that a man (or prisoner) may stand at p: table, terrain, 1/16 in spacing. `self` is
/// excluded; `moving` lists ids whose old positions are ignored (they move together).
tw_status lw_check_standing(const tw_state *s, const tw_figure *f, tw_vec2 p, tw_error *err);
/// Checks that the straight leg a->b does not pass through solid terrain or open water.
tw_status lw_check_leg(const tw_state *s, tw_vec2 a, tw_vec2 b, tw_error *err);

// ---- lw_melee.c: isolation and melee (LW.MEL.1-9, 15) ----
/// LW.MEL.1: supporters of a body (ids), excluding figures flagged in `exclude` (indexed by id).
/// Counts free men of the body's side not in the body/excluded within their own move of any
/// body member.
int lw_supporters(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude);
/// lw_judge_melees looks for contacts by a sweep in x on tables of at least this many figures
/// (default 512), else by the plain double loops: the same melees. For tests only.
extern int lw_melee_sweep_min_figs;
/// h10-melee: tests only: true makes lw_judge_melees loop over every figure (not each melee's
/// own list), count gun crews and work distances out by the plain loops, sweep for contacts
/// over keys sorted by x (not through cells along x), and lw_supporters count by its plain loop.
extern bool lw_melee_plain;
/// h5-hook: validating an END_MOVE that chooses no casualties judges the melees only when set
/// (tests); else it is accepted at once (judging refuses only a choice, or for memory).
extern bool lw_end_full_check;
/// LW.MEL.1: isolated when supporters < n/2 (supporters*2 < n).
bool lw_is_isolated(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude);
/// LW.MEL.5-7 arithmetic for one melee.
typedef struct lw_melee_result {
	int dead_large;  ///< men of the larger side killed
	int dead_small;  ///< men of the smaller side killed
	int prisoners;   ///< men of the smaller side taken prisoner
	int clause;      ///< 5, 6 or 7
} lw_melee_result;
lw_melee_result lw_melee_math(int large, int small, bool small_isolated);
/// LW.MEL.3-9: judges every melee at the end of the mover's move. The END_MOVE order's
/// fig[] (chosen dead) and fig2[] (chosen prisoners) apply LW.MEL.8; otherwise the default
/// policy chooses. validate_only checks the choices without changing s.
tw_status lw_judge_melees(tw_state *s, const tw_order *end, bool validate_only, tw_events *ev, tw_error *err);

// ---- lw_prisoner.c: prisoners, escorts, surrender (LW.MEL.10-16) ----
/// LW.MEL.11: give prisoners escorts chosen from the captor's free men (nearest first).
void lw_assign_escorts(tw_state *s, int captor, const int32_t *prisoners, int n, tw_events *ev);
/// LW.MEL.12-14 and LW.MEL.13 rearming: run at the end of every move.
void lw_update_prisoners(tw_state *s, tw_events *ev);
tw_status lw_validate_surrender(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_surrender(tw_state *s, const tw_order *o, tw_events *ev);

// ---- lw_capture.c: capturing guns (LW.CAP.1-4) ----
/// LW.CAP.1(b): records enemy men whose move from a to b crossed a gun's axle line.
/// LW.CAP.1(b): gun g's axle line is new (moved, swung, set up): nobody has crossed it.
void lw_forget_crossers(tw_state *s, const tw_gun *g);
void lw_note_axle_crossings(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b);
/// LW.CAP.1-3: checks every gun after melees are judged.
void lw_check_captures(tw_state *s, tw_events *ev);

// ---- lw_victory.c: varieties, scoring, draw (LW.VAR, LW.CAMP.2) ----
void lw_score(const tw_state *s, double *points);
/// Checks the end conditions at the end of a move; sets s->over/winner and pushes events.
void lw_check_end(tw_state *s, tw_events *ev);
/// Free men of side on the field (LW.VAR.3 count).
int lw_free_on_field(const tw_state *s, int side);

// ---- lw_campaign.c, lw_series.c: campaigns as a series (LW.CAMP.1-3, series.h) ----
/// LW.CAMP.1: targets below this many points are refused (the clause names 200, 300, 400 or more).
#define LW_CAMP_MIN_TARGET 100.0
/// What a side has at the end of a battle, for its total (LW.CAMP.2, LW.VAR.2).
typedef struct lw_tally {
	bool victory;      ///< won the battle (100 points)
	bool draw;         ///< LW.VAR.3: a draw gives each side 50 instead
	int infantry;      ///< own infantry alive and uncaptured (withdrawn men count)
	int cavalry;       ///< own cavalry alive and uncaptured
	int guns;          ///< guns held or in a position to take
	int held_by_enemy; ///< own men held prisoner by the enemy
	int prisoners;     ///< enemy men held prisoner
} lw_tally;
/// LW.CAMP.2 / LW.VAR.2 battle total of a tally (the scale lw_score applies to a state).
double lw_battle_points(const lw_tally *t);
/// LW.CAMP.2: each of n sides' credit for a battle from the sides' battle totals: its own total
/// minus the mean of the others' (with two sides, own minus the opponent's). Sums to 0.
void lw_camp_credit(int n, const double *points, double *credit);
/// LW.CAMP.1/2: the side whose running total has reached the target and is alone the highest;
/// -1 while no side has, or while the highest total is shared.
int lw_camp_winner(int n, const double *totals, double target);
tw_status lw_series_start(struct json_t *carry, const struct json_t *config, tw_error *err);
void lw_series_roles(const struct json_t *carry, int seq, int nplayers, int nsides, int *player_of_side);
tw_status lw_series_record(struct json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err);

// ---- lw_time.c: the clock (LW.MV.6-9) ----
/// LW.MV.6: move allowance in minutes for side's current force.
double lw_move_allowance_minutes(const tw_state *s, int side);
/// LW.MV.6 formula on raw counts.
int lw_allowance_formula(int men, int guns);

// ---- lw_setup.c: toss, putting down, chance men (LW.C, LW.MV.1-5, LW.FOR, LW.VAR.9-11) ----
tw_status lw_setup(tw_state *s, tw_error *err);
tw_status lw_validate_setup_order(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_setup_order(tw_state *s, const tw_order *o, tw_events *ev);
/// LW.FOR.4: points value of a force.
double lw_force_points(int infantry, int cavalry, int guns);
/// True if p is a legal putting-down place for a figure of `side` (LW.MV.2, LW.VAR.11).
bool lw_deploy_zone_ok(const tw_state *s, int side, const tw_figure *f, tw_vec2 p);

// ---- lw_turn.c: the move (start, end, guns-first) ----
void lw_begin_move(tw_state *s, int side, tw_events *ev);
tw_status lw_end_move(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);

// ---- lw_random.c: random legal orders (random player, conformance tests) ----
int lw_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
/// Fills a deploy order putting down every unplaced figure of side in ranks along its back line
/// (guns spread along the line). `jitter` (0..1) shifts the ranks at random. Returns figures placed.
int lw_default_deploy(const tw_state *s, int side, tw_rng *r, double jitter, tw_order *o);
/// A computer general's order before the deployment (lw-default, lw-quick): in the Country phase
/// the toss for the builder or the choice of side (LW.C.1/2), in the toss phase the toss (LW.MV.1),
/// in the reserve phase the first men thrown for (LW.FOR.2). False in any other phase.
bool lw_ai_early_order(const tw_state *s, int side, tw_order *out);

// ---- lw_country.c: random Country (LW.C.9) and ready-made forces ----
/// Fills s with a random Country of width x depth inches and the LW.FOR.3 forces.
tw_status lw_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err);
/// lw_generate, and with `big` a large Country's river, railway and supply lines (LW.BIG.5/9).
tw_status lw_generate_country(tw_state *s, uint64_t seed, double width, double depth, bool big, tw_error *err);

// ---- templates (lw_templates.c) ----
#define LW_NTEMPLATES 4
extern const tw_render_template lw_templates[LW_NTEMPLATES];

/// Digits after the point that show a length `v` refused against a limit `limit` as different
/// from it ("12.004 in" against 12, never "12.00 in"): 2, or more as the excess needs (at most 9).
static inline int lw_excess_digits(double v, double limit)
{
	for (int p = 2; p < 9; p++) {
		double m = tw_pow(10, p);
		if (round(v * m) != round(limit * m))
			return p;
	}
	return 9;
}

#endif

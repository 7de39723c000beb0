// Little Wars rule-set descriptor: parameters, validation and application dispatch.
#include <string.h>

#include "core/vmemo.h"
#include "lw.h"
#include "lw_big.h"
#include "lw_boxes.h"
#include "lw_seats.h"
#include "lw_waggons.h"

static const char *const variety_names[] = {"fight_to_finish", "blow_at_rear", "defensive", NULL};
static const char *const target_names[] = {"whole", "middle", "left", "right", NULL};
static const char *const builder_names[] = {"agreed", "toss", NULL};
static const char *const lw_seats_names[] = {"one", "per_arm", NULL};

extern const tw_ruleset tw_ruleset_littlewars;

static const tw_param_def lw_params[LWP_COUNT] = {
	[LWP_VARIETY] = {"variety", 0, 0, 2, variety_names, "LW.VAR.1/5/9: the variety of battle-game",
			  .label = "Variety of battle-game"},
	[LWP_CURTAIN] = {"curtain", 0, 0, 1, NULL, "LW.MV.4: put down simultaneously behind a curtain",
			  .label = "Deploy behind a curtain", .kind = TW_PARAM_YESNO},
	[LWP_INTERVAL] = {"interval", 5, 4, 5, NULL, "LW.MV.8: interval between moves, minutes",
			  .label = "Interval between moves", .unit = "min", .step = 1},
	[LWP_TIME_SCALE] = {"time_scale", 1, 0.1, 1, NULL, "LW.MV.6: agreed cut of the move allowance",
			  .label = "Share of the move allowance", .step = 0.05},
	[LWP_TARGET] = {"target", 0, 0, 3, target_names, "LW.VAR.8: part of the back line that counts",
			  .label = "Back line that counts"},
	[LWP_CHANCE_MEN] = {"chance_men", 0, 0, 1, NULL, "LW.FOR.2: 12 men set aside, 2d6 of them taken",
			  .label = "Chance men (2d6 of 12)", .kind = TW_PARAM_YESNO},
	[LWP_POINTS_RED] = {"points_red", 0, 0, 10000, NULL, "LW.FOR.4: points side 0 must buy (0 = none)",
			  .label = "Points Red buys", .unit = "points", .step = 1},
	[LWP_POINTS_BLUE] = {"points_blue", 0, 0, 10000, NULL, "LW.FOR.4: points side 1 must buy (handicap)",
			  .label = "Points Blue buys", .unit = "points", .step = 1},
	[LWP_MAX_MOVES] = {"max_moves", 200, 2, 100000, NULL, "engine limit: drawn after this many game moves",
			  .label = "Draw after", .unit = "game moves", .step = 1},
	[LWP_AIM_SIGMA] = {"aim_sigma", 0.048, 0, 20, NULL, "gunner's aim error, degrees (1 sigma)",
			  .label = "Gunner's aim error", .unit = "deg"},
	[LWP_SPACING] = {"spacing", 1, 0, 1, NULL, "LW.MOB.14/15: insist on 1/16 in clearance",
			  .label = "Insist on 1/16 in between men", .kind = TW_PARAM_YESNO},
	[LWP_BLOW_MOVES] = {"blow_moves", 6, 1, 100, NULL, "LW.VAR.6: moves to withdraw after a blow",
			  .label = "Moves to withdraw after a blow", .unit = "moves", .step = 1},
	[LWP_BUILDER] = {"builder", 0, 0, 1, builder_names, "LW.C.1: who built the Country: agreed, or a toss",
			  .label = "Who built the Country"},
	[LWP_SEATS] = {"seats", 0, 0, 1, lw_seats_names,
			  "LW.BIG.12, KS.GEN.1/2: one player a side, or a General, a player per arm and an official a side",
			  .label = "Players a side"},
	// LW.BIG.5/6 (lw_waggons.c): the two options, off unless agreed (hash-neutral at 0).
	[LWP_WAGGONS] = {"waggons", 0, 0, 1, NULL,
			  "LW.BIG.5: the supply option: no man may march beyond six moves of his side's waggons",
			  .label = "Supply waggons (LW.BIG.5)", .kind = TW_PARAM_YESNO},
	[LWP_AMMUNITION] = {"ammunition", 0, 0, 1, NULL,
			  "LW.BIG.6: the ammunition option: a gun fires only with an ammunition cart within two moves",
			  .label = "Ammunition carts (LW.BIG.6)", .kind = TW_PARAM_YESNO},
};

static int lw_to_move(const tw_state *s) { return s->over ? -1 : s->mover; }

// Tests set it to judge every end in full when validating (the plain path).
bool lw_end_full_check = false;

static tw_status lw_validate_order(const tw_state *s, const tw_order *o, tw_error *err);

// h5-hook (issue 18): an order accepted is noted for the game (core/vmemo.h: only while a
// general decides on the game's state itself, the game then skips checking it again).
// s25-speed: with the terrain index active for the table (lw_tindex_game.c; the general's own
// while it decides), the same verdicts and messages.
static tw_status lw_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	lw_tindex_scope ts;
	lw_tindex_enter(&s->table, &ts);
	tw_status st = lw_validate_order(s, o, err);
	lw_tindex_leave(&ts);
	if (st == TW_OK)
		tw_vmemo_note(s, o);
	return st;
}

static tw_status lw_validate_order(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->phase != LW_PH_PLAY)
		return lw_validate_setup_order(s, o, err);
	// LW.MEL.16: a body may surrender during its own move or during an interval, i.e. at any
	// moment of play; every other order belongs to the mover.
	if (o->side != s->mover && o->type != LW_OT_SURRENDER)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "it is %s's move, not %s's",
				    s->sides[s->mover].name, s->sides[o->side].name);
	// LW.BIG.5-7, KS.MOV.1: waggons' moves and the supply and ammunition options (lw_waggons.c).
	tw_status wst = lw_waggons_validate(s, o, err);
	if (wst != TW_OK)
		return wst;
	switch (o->type) {
	case LW_OT_MOVE: return lw_validate_move(s, o, err);
	case LW_OT_GUN_MOVE: return lw_validate_gun_move(s, o, err);
	case LW_OT_FIRE: return lw_validate_fire(s, o, err);
	case LW_OT_TRAIL: return lw_validate_trail(s, o, err);
	case LW_OT_LIE_DOWN: return lw_validate_lie(s, o, err);
	case LW_OT_SURRENDER: return lw_validate_surrender(s, o, err);
	case LW_OT_BOX: return lw_validate_box(s, o, err);
	case LW_OT_BOX_MOVE: return lw_validate_box_move(s, o, err);
	case LW_OT_WORK: return lw_validate_work(s, o, err);
	case LW_OT_SHELL: return lw_validate_shell(s, o, err);
	case LW_OT_CHARGE: return lw_validate_charge(s, o, err);
	case LW_OT_SUPPLY: return lw_validate_supply(s, o, err);
	case LW_OT_TRAIN_LOAD: return lw_validate_train_load(s, o, err);
	case LW_OT_TRAIN_MOVE: return lw_validate_train_move(s, o, err);
	case LW_OT_TRAIN_UNLOAD: return lw_validate_train_unload(s, o, err);
	case LW_OT_UNBOX: return lw_validate_unbox(s, o, err);
	case LW_OT_FEED: return lw_validate_feed(s, o, err);
	case LW_OT_RIFLE: return lw_validate_rifle(s, o, err);
	case LW_OT_FORM: return lw_validate_form(s, o, err);
	case LW_OT_BOAT_EMBARK: return lw_validate_boat_embark(s, o, err);
	case LW_OT_BOAT_MOVE: return lw_validate_boat_move(s, o, err);
	case LW_OT_BOAT_LAND: return lw_validate_boat_land(s, o, err);
	case LW_OT_END_MOVE:
		// h5-hook (issue 18): an end that chooses no casualties is never refused (judging refuses
		// only a choice, or for memory, which the judging at the end refuses as well); the
		// judging was 3% of a Hook's Farm battle, done again by lw_end_move.
		if (o->nfig == 0 && o->nfig2 == 0 && !lw_end_full_check)
			return TW_OK;
		// Judging with validate_only reads the state and writes only its own work arrays
		// (tests/test_fast_paths.c checks the state is untouched), so no copy is needed.
		return lw_judge_melees((tw_state *)s, o, true, NULL, err);
	default:
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "a %s order is not possible during play",
				    tw_order_type_name(&tw_ruleset_littlewars, o->type));
	}
}

static tw_status lw_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	if (s->phase != LW_PH_PLAY)
		return lw_apply_setup_order(s, o, ev);
	switch (o->type) {
	case LW_OT_MOVE: return lw_apply_move(s, o, ev);
	case LW_OT_GUN_MOVE: return lw_apply_gun_move(s, o, ev);
	case LW_OT_FIRE: return lw_apply_fire(s, o, ctx, ev);
	case LW_OT_TRAIL: return lw_apply_trail(s, o, ev);
	case LW_OT_LIE_DOWN: return lw_apply_lie(s, o, ev);
	case LW_OT_SURRENDER: return lw_apply_surrender(s, o, ev);
	case LW_OT_BOX: return lw_apply_box(s, o, ev);
	case LW_OT_BOX_MOVE: return lw_apply_box_move(s, o, ev);
	case LW_OT_WORK: return lw_apply_work(s, o, ev);
	case LW_OT_SHELL: return lw_apply_fire(s, o, ctx, ev); // KS.SH.1: all other gun rules unchanged
	case LW_OT_CHARGE: return lw_apply_charge(s, o, ev, err);
	case LW_OT_SUPPLY: return lw_apply_supply(s, o, ev);
	case LW_OT_TRAIN_LOAD: return lw_apply_train_load(s, o, ev);
	case LW_OT_TRAIN_MOVE: return lw_apply_train_move(s, o, ev);
	case LW_OT_TRAIN_UNLOAD: return lw_apply_train_unload(s, o, ev);
	case LW_OT_UNBOX: return lw_apply_unbox(s, o, ev);
	case LW_OT_FEED: return lw_apply_feed(s, o, ev);
	case LW_OT_RIFLE: return lw_apply_rifle(s, o, ctx, ev, err);
	case LW_OT_FORM: return lw_apply_form(s, o, ev);
	case LW_OT_BOAT_EMBARK: return lw_apply_boat_embark(s, o, ev);
	case LW_OT_BOAT_MOVE: return lw_apply_boat_move(s, o, ev);
	case LW_OT_BOAT_LAND: return lw_apply_boat_land(s, o, ev);
	case LW_OT_END_MOVE: return lw_end_move(s, o, ev, err);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "unexpected order");
	}
}

// Orders whose application succeeds or leaves the state as it was: every setup order, and moves,
// gun moves, trail men and lying down always return TW_OK (no shot model, no allocation, no
// check at resolution); FIRE puts back what it changed when the shot model fails
// (lw_apply_fire). END_MOVE (allocates, checks the casualty choice after putting the trail
// right) and SURRENDER (checked again) are saved first. tests/test_fast_paths.c compares in
// place with on a copy, with a shot model that fails.
static bool lw_apply_atomic(const tw_state *s, const tw_order *o)
{
	if (s->phase != LW_PH_PLAY)
		return true;
	return o->type == LW_OT_MOVE || o->type == LW_OT_GUN_MOVE || o->type == LW_OT_TRAIL || o->type == LW_OT_LIE_DOWN ||
	       o->type == LW_OT_FIRE || o->type == LW_OT_SHELL;
}

// LW.MV.4: behind the curtain a side sees nothing of the enemy's putting down.
static void lw_hide(tw_state *d, int seat)
{
	for (int i = 0; i < d->nfig; i++) {
		tw_figure *f = &d->fig[i];
		if (f->side != seat && (f->flags & TW_FF_HIDDEN)) {
			f->status = TW_FS_UNPLACED;
			f->pos = tw_v2(-1, -1);
			f->facing = 0;
			f->flags = 0; // the hidden mark itself would tell which men have been put down
			// LW.BIG.2: nor may his arm tell what a box holds: every hidden man looks alike.
			f->kind = TW_FK_INFANTRY;
			f->radius = 0.3;
			f->height = 2.0;
		}
	}
	for (int i = 0; i < d->ngun; i++) {
		tw_gun *g = &d->gun[i];
		if (g->side != seat && (g->flags & TW_FF_HIDDEN)) {
			g->axle = tw_v2(-1, -1);
			g->bearing = 0;
			g->flags &= ~(uint32_t)TW_FF_HIDDEN;
		}
	}
}

// Whether lw_hide would change anything: an enemy figure or gun still behind the curtain.
static bool lw_hides(const tw_state *s, int seat)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side != seat && (s->fig[i].flags & TW_FF_HIDDEN))
			return true;
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side != seat && (s->gun[i].flags & TW_FF_HIDDEN))
			return true;
	return false;
}

extern const tw_general_def tw_general_lw_default, tw_general_lw_gunline, tw_general_lw_rush,
	tw_general_lw_concentrate, tw_general_lw_big, tw_general_lw_quick;
static const tw_general_def *const lw_generals[] = {&tw_general_lw_default, &tw_general_lw_gunline,
						    &tw_general_lw_rush, &tw_general_lw_concentrate, &tw_general_lw_big,
						    &tw_general_lw_quick};

// The orders of Little Wars: the one description of them (order.h). Indices are lw_order_type.
static const char *const lw_side_choices[] = {"keep", "swap", NULL};
static const tw_order_field f_choose_side[] = {
	{"n", TW_OF_INT, 0, 0, false, 0, 1, lw_side_choices, "keep the back lines, or swap them"},
};
static const tw_order_field f_figures_any[] = {
	{"figures", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "figure ids"},
};
static const tw_order_field f_figures[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "figure ids"},
};
static const tw_order_field f_box[] = { // lw-box: a gun may go in with its crew
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "figure ids"},
	{"gun", TW_OF_GUN, 0, 0, false, 0, 0, NULL, "a gun boxed with its crew (LW.BIG.2)"},
};
static const tw_order_field f_deploy[] = {
	{"placements", TW_OF_PLACES, 0, TW_OFF_FORWARD, false, 0, 0, NULL, "each man's place (inches) and facing (degrees)"},
	{"guns", TW_OF_GUN_PLACE, 0, 0, false, 0, 1, NULL, "one gun's axle (inches) and bearing (degrees)"},
};
static const tw_order_field f_move[] = {
	{"moves", TW_OF_PLACES, 1, TW_OFF_TO, true, 1, 0, NULL, "each man to his own place (inches)"},
	{"figures", TW_OF_FIGS, 2, 0, true, 1, 0, NULL, "the men moving together"},
	{"path", TW_OF_PATH, 2, 0, true, 1, 0, NULL, "the lead man's path (inches); the others move in parallel"},
};
static const tw_order_field f_gun_move[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the axle's path (inches)"},
	{"crew", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "the men who go with it"},
	{"crew_to", TW_OF_POINTS, 0, 0, false, 0, 0, NULL, "where each of them ends (inches)"},
};
static const tw_order_field f_fire[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"target", TW_OF_POINT, 1, 0, true, 0, 0, NULL, "the point aimed at (inches)"},
	{"bearing", TW_OF_BEARING, 2, 0, true, 0, 0, NULL, "degrees, 0 = +y"},
	{"elevation", TW_OF_ELEVATION, 2, 0, true, 0, 0, NULL, "degrees above horizontal"},
};
static const tw_order_field f_trail[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"figures", TW_OF_FIGS, 0, 0, false, 0, 2, NULL, "the two men, or none for the nearest pair"},
};
static const tw_order_field f_box_move[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_BOX_MAX - 1, NULL, "the box (its index in the side's boxes)"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the box's path (inches)"},
};
static const tw_order_field f_unbox[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_BOX_MAX - 1, NULL, "the box (its index in the side's boxes)"},
};
static const tw_order_field f_work[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_KS_WORK_COUNT - 1, lw_ks_work_names, "the work (KS.RE.1-6, LW.BIG.11)"},
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the men at it"},
	{"target", TW_OF_POINT, 0, 0, true, 0, 0, NULL, "where (inches)"},
};
static const tw_order_field f_charge[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the sabres charging (at least 8, formed: KS.CH.1)"},
	{"targets", TW_OF_FIGS2, 1, 0, true, 1, 0, NULL, "the enemy body charged, one arm"},
	{"gun", TW_OF_GUN, 2, 0, true, 0, 0, NULL, "or the enemy gun charged, which nobody else covers (KS.CH.12)"},
};
static const tw_order_field f_supply[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the body supplied"},
	{"from", TW_OF_FIGS2, 0, 0, false, 0, 0, NULL, "the Transport & Supply men handing over (KS.SUP.2, KS.FORM.5)"},
	{"packets", TW_OF_INTS, 0, 0, false, 0, 3, NULL, "food, forage and ammunition packets handed in (KS.SUP.1)"},
};
static const tw_order_field f_feed[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the surrounded body (KS.SUP.6)"},
	{"eat", TW_OF_FIGS2, 0, 0, false, 0, 0, NULL, "troopers of the body whose horses are eaten, one a missing food packet (KS.SUP.7)"},
	{"packets", TW_OF_INTS, 0, 0, false, 0, 2, NULL, "food and forage packets from the body's own stores (KS.SUP.6)"},
};
static const char *const lw_form_names[] = {"ranks", "fours", "extended", "mount", "dismount", NULL};
static const tw_order_field f_form[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 4, lw_form_names, "the change: ranks, fours, extended, mount or dismount"},
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the men (infantry or cavalry) who make it"},
};
static const tw_order_field f_rifle[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the infantrymen in a line, still this move (KS.RF.1: 5 a shot)"},
	{"target", TW_OF_POINT, 0, 0, true, 0, 0, NULL, "the point aimed at (inches)"},
};
static const tw_order_field f_train_load[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_TRAIN_MAX - 1, NULL, "the train (its index in the side's trains)"},
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the men boarding, within 6 in of it"},
	{"gun", TW_OF_GUN, 0, 0, false, 0, 0, NULL, "a gun boarding with its crew, 2 trucks (LW.BIG.10; lw-box)"},
};
static const tw_order_field f_train_move[] = { // LW.BIG.9/11: along the railway, not a box's path
	{"n", TW_OF_INT, 0, 0, true, 0, LW_TRAIN_MAX - 1, NULL, "the train (its index in the side's trains)"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the engine's path along the railway (inches)"},
};
static const tw_order_field f_train_unload[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_TRAIN_MAX - 1, NULL, "the train (its index in the side's trains)"},
};
static const tw_order_field f_boat_embark[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_BOAT_MAX - 1, NULL, "the boat (its index in the side's boats)"},
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the infantrymen embarking, within 6 in of it (20 a boat)"},
};
static const tw_order_field f_boat_move[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_BOAT_MAX - 1, NULL, "the boat (its index in the side's boats)"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the boat's path along the river (inches)"},
};
static const tw_order_field f_boat_land[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, LW_BOAT_MAX - 1, NULL, "the boat (its index in the side's boats)"},
	{"target", TW_OF_POINT, 0, 0, true, 0, 0, NULL, "the middle of the men's square on the bank, within 6 in of the boat"},
};
static const tw_order_field f_end_move[] = {
	{"dead", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "the melee casualties chosen (LW.MEL.8)"},
	{"prisoners", TW_OF_FIGS2, 0, 0, false, 0, 0, NULL, "the men chosen to be taken prisoner (LW.MEL.8)"},
};
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def lw_orders[LW_OT_COUNT] = {
	[LW_OT_TOSS] = {"toss", "LW.MV.1", "toss for the first move", "toss", 0, 0, NULL},
	[LW_OT_CHOOSE_SIDE] = {"choose_side", "LW.C.2", "the player who did not build picks his side of the field",
			       "side {n}", 0, FIELDS(f_choose_side)},
	[LW_OT_TAKE_RESERVE] = {"take_reserve", "LW.FOR.2", "take the chance men thrown for", "reserve {figures}", 0,
				FIELDS(f_figures_any)},
	[LW_OT_DEPLOY] = {"deploy", "LW.MV.2", "put men and guns down along the back line (LW.MV.2-4)",
			  "deploy {placements} | deploy gun {guns}", 0, FIELDS(f_deploy)},
	[LW_OT_READY] = {"ready", "LW.MV.2", "finished putting down (LW.MV.2/4)", "ready", 0, 0, NULL},
	[LW_OT_MOVE] = {"move", "LW.MOB.1", "move men: a group along the lead man's path (LW.MOB.1-3)",
			"move {figures} {path} | to {moves}", 0, FIELDS(f_move)},
	[LW_OT_GUN_MOVE] = {"gun_move", "LW.MOB.11", "move a gun with its crew (LW.MOB.11-13)",
			    "gunmove {gun} {path} {crew}", 0, FIELDS(f_gun_move)},
	[LW_OT_FIRE] = {"fire", "LW.MOB.5", "fire a gun by bearing and elevation, or at a point (LW.MOB.5-7)",
			"fire {gun} at {target} | fire {gun} {bearing} {elevation}", 0, FIELDS(f_fire)},
	[LW_OT_TRAIL] = {"trail", "LW.MOB.10", "two men to the trail of a gun", "trail {gun} {figures}", 0,
			 FIELDS(f_trail)},
	[LW_OT_LIE_DOWN] = {"lie_down", "LW.MOB.8", "lay men down before a gun fires", "lie {figures}", 0,
			    FIELDS(f_figures)},
	[LW_OT_SURRENDER] = {"surrender", "LW.MEL.16", "an isolated body hoists the white flag", "surrender {figures}", 0,
			     FIELDS(f_figures)},
	[LW_OT_END_MOVE] = {"end_move", "LW.MV.7", "end the move, naming the melee casualties if you choose them (LW.MEL.8)",
			    "end [dead {dead}] [prisoners {prisoners}]", TW_OD_ENDS_TURN, FIELDS(f_end_move)},
	[LW_OT_BOX] = {"box", "LW.BIG.4", "put men (and a gun with its crew) with no enemy within 20 ft in a lidded box (LW.BIG.2/4)",
		       "box gun {gun} {figures} | box {figures}", 0, FIELDS(f_box)},
	[LW_OT_BOX_MOVE] = {"box_move", "LW.BIG.2", "move a box at its slowest arm's rate (LW.BIG.2/7)",
			    "boxmove {n} {path}", 0, FIELDS(f_box_move)},
	[LW_OT_SHELL] = {"shell", "KS.SH.1",
			 "fire a gun with a screw for a shell: half the men within 3 in of where it lands die (KS.SH.1-6)",
			 "shell {gun} at {target} | shell {gun} {bearing} {elevation}", 0, FIELDS(f_fire)},
	[LW_OT_CHARGE] = {"charge", "KS.CH.1", "charge an enemy body with 8 or more formed cavalry within 36 in, by the "
			  "Kriegspiel's tables (KS.CH.1-12)", "charge {figures} at {targets} | charge {figures} at gun {gun}", 0,
			  FIELDS(f_charge)},
	[LW_OT_SUPPLY] = {"supply", "KS.SUP.1", "hand a body its food, forage and ammunition packets, checked by the "
			  "official (KS.SUP.1-5, KS.GEN.2)", "supply {figures} from {from} packets {packets}", 0, FIELDS(f_supply)},
	[LW_OT_TRAIN_LOAD] = {"train_load", "LW.BIG.9", "men gathered beside a train board it: 12 infantry or 5 cavalry "
			      "a truck, 8 trucks (LW.BIG.9/10, KS.RAIL.1)", "trainload {n} gun {gun} {figures} | trainload {n} {figures}", 0, FIELDS(f_train_load)},
	[LW_OT_TRAIN_MOVE] = {"train_move", "LW.BIG.9", "a train runs along the railway, 120 in (96 in in the Kriegspiel)",
			      "trainmove {n} {path}", 0, FIELDS(f_train_move)},
	[LW_OT_TRAIN_UNLOAD] = {"train_unload", "LW.BIG.9", "the men aboard a train get down beside it, in a move it "
				"did not run", "trainunload {n}", 0, FIELDS(f_train_unload)},
	[LW_OT_WORK] = {"work", "KS.RE.7", "set men to a work or a mine, reported to the umpire only (KS.RE.1-7, LW.BIG.11)",
			"work {n} {figures} at {target}", 0, FIELDS(f_work)},
	[LW_OT_UNBOX] = {"unbox", "LW.BIG.3", "set a box's men out on the table where it stands, as a scout would make you (LW.BIG.2/3)",
			 "unbox {n}", 0, FIELDS(f_unbox)},
	[LW_OT_FEED] = {"feed", "KS.SUP.6", "a surrounded body hands in its own food and forage, eating horses for missing "
			"food (KS.SUP.6/7; it surrenders 4 moves after the last, KS.SUP.10)", "feed {figures} eat {eat} packets {packets}", 0,
			FIELDS(f_feed)},
	[LW_OT_RIFLE] = {"rifle", "KS.RF.1", "infantry standing in a line fire: one wooden-bolt shot for every five, "
			 "from behind them over the middle man's head (KS.RF.1)", "rifle {figures} at {target}", 0, FIELDS(f_rifle)},
	[LW_OT_FORM] = {"form", "KS.FORM.1", "men change formation (two ranks, fours, extended order: 1/2 move each step), "
			"or cavalry mount or dismount (1 move), before they move (KS.FORM.1/2)", "form {n} {figures}", 0,
			FIELDS(f_form)},
	[LW_OT_BOAT_EMBARK] = {"boat_embark", "KS.FORM.1", "infantry within 6 in of a boat embark, 20 a boat: 2 moves "
			       "per 20 men before it may put off (KS.FORM.1)", "embark {n} {figures}", 0, FIELDS(f_boat_embark)},
	[LW_OT_BOAT_MOVE] = {"boat_move", "KS.MOV.1", "a boat goes 12 in along the river (KS.MOV.1)", "boatmove {n} {path}", 0,
			     FIELDS(f_boat_move)},
	[LW_OT_BOAT_LAND] = {"boat_land", "KS.FORM.1", "the men aboard a boat land on the bank beside it, in a move it did "
			     "not move: 1 move per 20 men (KS.FORM.1)", "land {n} at {target}", 0, FIELDS(f_boat_land)},
};

const tw_ruleset tw_ruleset_littlewars = {
	.name = "littlewars",
	.title = "H. G. Wells, Little Wars (1913)",
	.nparams = LWP_COUNT,
	.params = lw_params,
	.setup = lw_setup,
	.validate = lw_validate,
	.apply = lw_apply,
	.to_move = lw_to_move,
	.score = lw_score,
	.hide = lw_hide,
	.hides = lw_hides,
	.random_orders = lw_random_orders,
	.generate = lw_generate,
	.variants = lw_variant_names,
	.generate_variant = lw_generate_variant,
	.ngenerals = (int)TW_ARRAY_COUNT(lw_generals),
	.generals = lw_generals,
	.norders = LW_OT_COUNT,
	.orders = lw_orders,
	.apply_atomic = lw_apply_atomic,
	.ntemplates = LW_NTEMPLATES,
	.templates = lw_templates,
	.records = {[TW_REC_GAME] = &lw_game_rec, [TW_REC_SIDE] = &lw_side_rec, [TW_REC_FIGURE] = &lw_fig_rec, [TW_REC_GUN] = &lw_gun_rec},
	.nstatuses = (int)TW_ARRAY_COUNT(lw_statuses),
	.statuses = lw_statuses,
	.look = lw_look,
	.pieces = lw_pieces,
	.phase_max = LW_PH_COUNTRY,
	.phase_names = lw_phase_names,
	.facts = lw_facts,
	.roles = lw_roles,
	.role_may = lw_role_may,
	.short_name = "lw",
	.nconstants = (int)TW_ARRAY_COUNT(lw_constants),
	.constants = lw_constants,
	.nfamilies = (int)TW_ARRAY_COUNT(lw_families),
	.families = lw_families,
	.melee_reach = LW_REACH,
	.score_help = "LW.CAMP.2: the winner's 100 for the victory, plus men, guns and prisoners",
	.series_start = lw_series_start,
	.series_roles = lw_series_roles,
	.series_record = lw_series_record,
};

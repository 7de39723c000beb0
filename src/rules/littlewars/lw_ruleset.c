// Little Wars rule-set descriptor: parameters, validation and application dispatch.
#include <string.h>

#include "lw.h"

static const char *const variety_names[] = {"fight_to_finish", "blow_at_rear", "defensive", NULL};
static const char *const target_names[] = {"whole", "middle", "left", "right", NULL};
static const char *const builder_names[] = {"agreed", "toss", NULL};

static const tw_param_def lw_params[LWP_COUNT] = {
	[LWP_VARIETY] = {"variety", 0, 0, 2, variety_names, "LW.VAR.1/5/9: the variety of battle-game"},
	[LWP_CURTAIN] = {"curtain", 0, 0, 1, NULL, "LW.MV.4: put down simultaneously behind a curtain"},
	[LWP_INTERVAL] = {"interval", 5, 4, 5, NULL, "LW.MV.8: interval between moves, minutes"},
	[LWP_TIME_SCALE] = {"time_scale", 1, 0.1, 1, NULL, "LW.MV.6: agreed cut of the move allowance"},
	[LWP_TARGET] = {"target", 0, 0, 3, target_names, "LW.VAR.8: part of the back line that counts"},
	[LWP_CHANCE_MEN] = {"chance_men", 0, 0, 1, NULL, "LW.FOR.2: 12 men set aside, 2d6 of them taken"},
	[LWP_POINTS_RED] = {"points_red", 0, 0, 10000, NULL, "LW.FOR.4: points side 0 must buy (0 = none)"},
	[LWP_POINTS_BLUE] = {"points_blue", 0, 0, 10000, NULL, "LW.FOR.4: points side 1 must buy (handicap)"},
	[LWP_MAX_MOVES] = {"max_moves", 200, 2, 100000, NULL, "engine limit: drawn after this many game moves"},
	[LWP_AIM_SIGMA] = {"aim_sigma", 0.048, 0, 20, NULL, "gunner's aim error, degrees (1 sigma)"},
	[LWP_SPACING] = {"spacing", 1, 0, 1, NULL, "LW.MOB.14/15: insist on 1/16 in clearance"},
	[LWP_BLOW_MOVES] = {"blow_moves", 6, 1, 100, NULL, "LW.VAR.6: moves to withdraw after a blow"},
	[LWP_BUILDER] = {"builder", 0, 0, 1, builder_names, "LW.C.1: who built the Country: agreed, or a toss"},
};

static int lw_to_move(const tw_state *s) { return s->over ? -1 : s->mover; }

static tw_status lw_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->phase != LW_PH_PLAY)
		return lw_validate_setup_order(s, o, err);
	// LW.MEL.16: a body may surrender during its own move or during an interval, i.e. at any
	// moment of play; every other order belongs to the mover.
	if (o->side != s->mover && o->type != TW_OT_SURRENDER)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "it is %s's move, not %s's",
				    s->sides[s->mover].name, s->sides[o->side].name);
	switch (o->type) {
	case TW_OT_MOVE: return lw_validate_move(s, o, err);
	case TW_OT_GUN_MOVE: return lw_validate_gun_move(s, o, err);
	case TW_OT_FIRE: return lw_validate_fire(s, o, err);
	case TW_OT_TRAIL: return lw_validate_trail(s, o, err);
	case TW_OT_LIE_DOWN: return lw_validate_lie(s, o, err);
	case TW_OT_SURRENDER: return lw_validate_surrender(s, o, err);
	case TW_OT_END_MOVE:
		// Judging with validate_only reads the state and writes only its own work arrays
		// (tests/test_fast_paths.c checks the state is untouched), so no copy is needed.
		return lw_judge_melees((tw_state *)s, o, true, NULL, err);
	default:
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "a %s order is not possible during play",
				    tw_order_type_name((tw_order_type)o->type));
	}
}

static tw_status lw_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	if (s->phase != LW_PH_PLAY)
		return lw_apply_setup_order(s, o, ev);
	switch (o->type) {
	case TW_OT_MOVE: return lw_apply_move(s, o, ev);
	case TW_OT_GUN_MOVE: return lw_apply_gun_move(s, o, ev);
	case TW_OT_FIRE: return lw_apply_fire(s, o, ctx, ev);
	case TW_OT_TRAIL: return lw_apply_trail(s, o, ev);
	case TW_OT_LIE_DOWN: return lw_apply_lie(s, o, ev);
	case TW_OT_SURRENDER: return lw_apply_surrender(s, o, ev);
	case TW_OT_END_MOVE: return lw_end_move(s, o, ev, err);
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
	return o->type == TW_OT_MOVE || o->type == TW_OT_GUN_MOVE || o->type == TW_OT_TRAIL || o->type == TW_OT_LIE_DOWN ||
	       o->type == TW_OT_FIRE;
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
		}
	}
	for (int i = 0; i < d->ngun; i++) {
		tw_gun *g = &d->gun[i];
		if (g->side != seat && (g->stats[0] & TW_FF_HIDDEN)) {
			g->axle = tw_v2(-1, -1);
			g->bearing = 0;
			g->stats[0] &= ~TW_FF_HIDDEN;
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
		if (s->gun[i].side != seat && (s->gun[i].stats[0] & TW_FF_HIDDEN))
			return true;
	return false;
}

extern const tw_general_def tw_general_lw_default, tw_general_lw_gunline, tw_general_lw_rush,
	tw_general_lw_concentrate;
static const tw_general_def *const lw_generals[] = {&tw_general_lw_default, &tw_general_lw_gunline,
						    &tw_general_lw_rush, &tw_general_lw_concentrate};

// The orders of Little Wars, as a front-end offers them.
static const char *const lw_side_choices[] = {"keep", "swap", NULL};
static const tw_order_def lw_orders[] = {
	{TW_OT_TOSS, "LW.MV.1: toss for the first move", NULL, false},
	{TW_OT_CHOOSE_SIDE, "LW.C.2: the player who did not build picks his side of the field", lw_side_choices, false},
	{TW_OT_TAKE_RESERVE, "LW.FOR.2: take the chance men thrown for", NULL, false},
	{TW_OT_DEPLOY, "LW.MV.2-4: put men and guns down along the back line", NULL, false},
	{TW_OT_READY, "LW.MV.2/4: finished putting down", NULL, false},
	{TW_OT_MOVE, "LW.MOB.1-3: move men (a group along the lead man's path)", NULL, false},
	{TW_OT_GUN_MOVE, "LW.MOB.11-13: move a gun with its crew", NULL, false},
	{TW_OT_FIRE, "LW.MOB.5-7: fire a gun by bearing and elevation, or at a point", NULL, false},
	{TW_OT_TRAIL, "LW.MOB.10: two men to the trail of a gun", NULL, false},
	{TW_OT_LIE_DOWN, "LW.MOB.8: lay men down before a gun fires", NULL, false},
	{TW_OT_SURRENDER, "LW.MEL.16: an isolated body hoists the white flag", NULL, false},
	{TW_OT_END_MOVE, "LW.MV.7/LW.MEL.8: end the move, naming the melee casualties if you choose them", NULL, false},
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
	.ngenerals = (int)TW_ARRAY_COUNT(lw_generals),
	.generals = lw_generals,
	.norders = (int)TW_ARRAY_COUNT(lw_orders),
	.orders = lw_orders,
	.apply_atomic = lw_apply_atomic,
};

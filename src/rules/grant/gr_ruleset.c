// Grant rule-set descriptor: parameters, setup, the move sequence (GR.GEN.2), dispatch, score.
#include <stdlib.h>
#include <string.h>

#include "gr.h"

extern const tw_ruleset tw_ruleset_grant;

static const tw_param_def gr_params[GRP_COUNT] = {
	[GRP_MAX_MOVES] = {"max_moves", 30, 1, 100000, NULL, "engine limit: the battle ends after this many moves",
			  .label = "Battle ends after", .unit = "moves", .step = 1},
	[GRP_EXCHANGE] = {"exchange", 1, 0, 1, NULL,
			  "GR.MUSK.2: 1 a unit fired at may fire back, as its owner's standing order (end_move n) says; 0 never",
			  .label = "Units fired at may fire back", .kind = TW_PARAM_YESNO},
	[GRP_CONTACT] = {"contact", 0.1, 0, 1, NULL, "GR.MELEE.1: base gap counted as contact, inches",
			  .label = "Gap counted as contact", .unit = "in"},
	[GRP_FLOW] = {"flow", 0, 0, 360, NULL, "GR.MOVE.7: bearing the rivers flow towards, degrees (canals: pieces named canal)",
			  .label = "Rivers flow towards", .unit = "deg", .step = 1},
	[GRP_FIRST] = {"first", 0, 0, 1, NULL, "GR.GEN.2 (engine choice): the side that acts first in every move (0 red, 1 blue)",
			  .label = "Side acting first (0 red, 1 blue)", .step = 1},
};

tw_status gr_setup(tw_state *s, tw_error *err)
{
	if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "GR.GEN.2", "Grant's battles have two sides");
	for (int i = 0; i < s->nunit; i++)
		if (GRU(s, &s->unit[i])->troop < 0 || GRU(s, &s->unit[i])->troop >= GR_TROOP_COUNT)
			return tw_error_set(err, TW_ERR_INPUT, "GR.ORG.1", "unit %d has no troop type", i);
	if (GRS(s)->setup) { // GR.GEN.2: the phase is the part of the move (a state saved before it was kept)
		s->phase = s->over ? GR_PH_OVER : s->mover == (int)s->params[GRP_FIRST] ? GR_PH_FIRST : GR_PH_SECOND;
		return TW_OK;
	}
	GRS(s)->setup = 1;
	for (int j = 0; j < s->nfig; j++) // Grant has no putting down: the scenario places everyone
		if (s->fig[j].status == TW_FS_UNPLACED)
			s->fig[j].status = TW_FS_ACTIVE;
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		int troop = GRU(s, u)->troop;
		if (GRU(s, u)->orig == 0)
			GRU(s, u)->orig = gr_rf_alive(s, u->id); // GR.ORG.1
		int k = 0, cp = 0;
		for (int j = 0; j < s->nfig; j++)
			if (s->fig[j].unit == u->id && gr_is_officer(&s->fig[j]))
				cp += GRF(s, &s->fig[j])->cp;
		int gun = 0, crew = 0;
		for (int j = 0; j < s->nfig; j++) {
			tw_figure *f = &s->fig[j];
			if (f->unit != u->id)
				continue;
			if (gr_is_officer(f)) {
				if (cp == 0)
					GRF(s, f)->cp = tw_grant_officer_points(troop, k); // GR.MORALE.1
				// GR.GEN.9: infantry colonels, every cavalry officer and generals are mounted.
				GRF(s, f)->mounted = f->kind == TW_FK_GENERAL || gr_cavalry(troop) ||
						       (k == 0 && (gr_line_type(troop) || troop == TW_GR_LIGHT_INF));
				k++;
			} else if (troop == TW_GR_ARTILLERY && GRF(s, f)->gun < 0) { // GR.ORG.3
				while (gun < s->ngun && GRG(s, &s->gun[gun])->unit != u->id)
					gun++;
				if (gun < s->ngun) {
					GRF(s, f)->gun = gun;
					if (++crew == 5) {
						crew = 0;
						gun++;
					}
				}
			}
		}
	}
	for (int j = 0; j < s->nfig; j++)
		if (s->fig[j].kind == TW_FK_GENERAL)
			GRF(s, &s->fig[j])->mounted = 1;
	if (s->move_no < 1)
		s->move_no = 1;
	s->phase = GR_PH_FIRST;
	s->mover = (int8_t)s->params[GRP_FIRST];
	s->winner = -1;
	s->over = false;
	return TW_OK;
}

static int gr_to_move(const tw_state *s) { return s->over ? -1 : s->mover; }

// The owner's casualty order, given with end_move ("dead"): the figures of his units he would
// lose first where the rules let him choose (GR.LIGHT.3, GR.MELEE.7, GR.HOUSE.2).
static tw_status validate_casualty_order(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->nfig2 > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "Grant takes no prisoners");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || f->status != TW_FS_ACTIVE || !gr_unit_c(s, f->unit))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.7",
					    "the owner chooses only among his own active figures of units: not figure %d", o->fig[i]);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.7", "figure %d named twice", o->fig[i]);
	}
	return TW_OK;
}

// A move given as a group path (the terminal's "move IDS X,Y"): the first figure goes to the
// point and every other figure keeps its place relative to it. Grant's moves are straight, so
// the path has one point (a light cavalry charge along a path wheels instead, GR.CHARGE.9). Returns a new order (to free) or NULL if o is not such a move.
static tw_order *expand_path_move(const tw_state *s, const tw_order *o)
{
	if (o->type != GR_OT_MOVE || o->has_at || o->npath != 1 || o->nfig < 1)
		return NULL;
	const tw_figure *a = tw_state_figure_c(s, o->fig[0]);
	tw_order *x = tw_malloc(sizeof *x);
	if (!a || !x) {
		tw_free(x);
		return NULL;
	}
	*x = *o;
	x->has_at = true;
	x->npath = 0;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		x->at[i] = f ? tw_add(o->path[0], tw_sub(f->pos, a->pos)) : o->path[0];
		x->facing[i] = f ? f->facing : 0;
	}
	return x;
}

static tw_status gr_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->over)
		return tw_error_set(err, TW_ERR_STATE, "GR.GEN.2", "the battle is over");
	if (s->mover < 0 || s->mover >= s->nsides)
		return tw_error_set(err, TW_ERR_STATE, "GR.GEN.2", "no side is to move: the state is not set up");
	if (o->side != s->mover)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.2", "it is %s's part of the move", s->sides[s->mover].name);
	switch (o->type) {
	case GR_OT_MOVE: {
		if (!o->has_at && (o->npath > 1 || gr_wheel_order(s, o))) // GR.CHARGE.9 wheels; others go straight
			return gr_validate_path_move(s, o, err);
		tw_order *x = expand_path_move(s, o);
		tw_status st = gr_validate_move(s, x ? x : o, err);
		tw_free(x);
		return st;
	}
	case GR_OT_FORMATION: return gr_validate_formation(s, o, err);
	case GR_OT_VOLLEY: return gr_validate_volley(s, o, err);
	case GR_OT_GUN_MOVE: return gr_validate_gun_move(s, o, err);
	case GR_OT_FIRE: return gr_validate_fire(s, o, err);
	case GR_OT_END_MOVE:
		if (o->n < 0 || o->n > GR_HOLD)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.2",
					    "the standing order for the mutual exchange is n 0 (as it stands), 1 (fire back) or 2 (hold fire)");
		return validate_casualty_order(s, o, err);
	default:
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "a %s order has no meaning in Grant",
				    tw_order_type_name(&tw_ruleset_grant, o->type));
	}
}

static bool side_beaten(const tw_state *s, int side)
{
	for (int i = 0; i < s->nunit; i++) {
		const tw_unit *u = &s->unit[i];
		if (u->side == side && gr_unit_active(s, u) && !(GRU(s, u)->flags & GUF_RETIRE50) &&
		    GRU(s, u)->troop != TW_GR_WAGON && GRU(s, u)->troop != TW_GR_BARGE) // GR.ORG.4: not a combat unit
			return false;
	}
	return true;
}

void gr_score(const tw_state *s, double *points)
{
	for (int k = 0; k < s->nsides; k++)
		points[k] = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_DEAD && f->side < 2)
			points[1 - f->side] += gr_is_officer(f) ? 2 : 1;
	}
	for (int i = 0; i < s->nunit; i++) {
		const tw_unit *u = &s->unit[i];
		if (u->side < 2 && (GRU(s, u)->flags & (GUF_DISPERSED | GUF_RETIRE50)))
			points[1 - u->side] += 10;
	}
}

tw_status gr_end_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < s->nfig; i++) // the side's casualty order stands until its next end_move
		if (s->fig[i].side == o->side)
			GRF(s, &s->fig[i])->casualty = 0;
	for (int i = 0; i < o->nfig; i++)
		GRF(s, tw_state_figure(s, o->fig[i]))->casualty = i + 1;
	tw_event *e;
	if (o->nfig > 0) {
		e = tw_events_push(ev, TW_EV_INFO, o->side, "GR.MELEE.7");
		if (e) {
			e->a = o->nfig;
			tw_event_text(e, "%s names %d figures to be lost first where the owner chooses", s->sides[o->side].name, o->nfig);
		}
	}
	if (o->n == GR_REPLY || o->n == GR_HOLD) { // GR.MUSK.2: the side's standing order for the exchange
		GRSD(s, o->side)->exchange = o->n;
		e = tw_events_push(ev, TW_EV_INFO, o->side, "GR.MUSK.2");
		if (e) {
			e->a = o->n;
			tw_event_text(e, "%s's units %s when fired at", s->sides[o->side].name,
				      o->n == GR_REPLY ? "fire back" : "hold their fire");
		}
	}
	e = tw_events_push(ev, TW_EV_MOVE_END, o->side, "GR.GEN.2");
	if (e) {
		e->a = s->move_no;
		e->b = o->side;
	}
	int first = (int)s->params[GRP_FIRST];
	if (s->mover == first) { // GR.GEN.2: the other side's part of the move
		s->mover = (int8_t)(1 - first);
		s->phase = GR_PH_SECOND;
		return TW_OK;
	}
	gr_ford_update(s, true, ev); // GR.TERR.7: crossings due land on the far bank
	gr_melee_end_move(s, ev);  // GR.MELEE
	gr_house_end_move(s, ev);  // GR.HOUSE.7/8
	gr_morale_end_move(s, ev); // GR.MORALE.6: at the end of the move
	bool b0 = side_beaten(s, 0), b1 = side_beaten(s, 1);
	if (b0 || b1 || s->move_no >= (int)s->params[GRP_MAX_MOVES]) {
		double pts[TW_MAX_SIDES];
		gr_score(s, pts);
		s->over = true;
		s->mover = -1;
		s->phase = GR_PH_OVER;
		s->winner = (int8_t)(b0 && !b1 ? 1 : b1 && !b0 ? 0 : pts[0] > pts[1] ? 0 : pts[1] > pts[0] ? 1 : -2);
		e = tw_events_push(ev, s->winner >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, s->winner, "GR.GEN.2");
		if (e) {
			e->a = s->winner;
			tw_event_text(e, "the battle ends after move %d: %g to %g", s->move_no, pts[0], pts[1]);
		}
		return TW_OK;
	}
	s->move_no++;
	s->mover = (int8_t)first;
	s->phase = GR_PH_FIRST;
	e = tw_events_push(ev, TW_EV_MOVE_START, first, "GR.GEN.2");
	if (e) {
		e->a = s->move_no;
		e->b = first;
	}
	gr_ford_update(s, false, ev); // GR.TERR.7: a unit that must retire abandons its crossing
	gr_auto_moves(s, ev);
	return TW_OK;
}

static tw_status gr_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	(void)ctx;
	switch (o->type) {
	case GR_OT_MOVE: {
		if (gr_wheel_order(s, o))
			return gr_apply_path_move(s, o, ev); // GR.CHARGE.9
		tw_order *x = expand_path_move(s, o);
		tw_status st = gr_apply_move(s, x ? x : o, ev);
		tw_free(x);
		return st;
	}
	case GR_OT_FORMATION: return gr_apply_formation(s, o, ev);
	case GR_OT_VOLLEY: return gr_apply_volley(s, o, ev);
	case GR_OT_GUN_MOVE: return gr_apply_gun_move(s, o, ev);
	case GR_OT_FIRE: return gr_apply_fire(s, o, ev);
	case GR_OT_END_MOVE: return gr_end_move(s, o, ev);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "unexpected order");
	}
}

// Grant's table is open: both generals see everything.
static void gr_hide(tw_state *d, int seat)
{
	(void)d;
	(void)seat;
}

static bool gr_hides(const tw_state *s, int seat)
{
	(void)s;
	(void)seat;
	return false;
}

extern const tw_general_def tw_general_gr_attack, tw_general_gr_defend;
static const tw_general_def *const gr_generals[] = {&tw_general_gr_attack, &tw_general_gr_defend};

// The orders of Grant, as a front-end offers them (docs/grant.md): n names the move's mode, the
// formation, the kind of fire.
// One word each: the terminal's words and the page's labels (docs/grant.md: normal; charge
// GR.CHARGE.1; battle move GR.MOVE.5; into a house GR.TERR.8; across a ford GR.TERR.7; aboard a
// barge and ashore GR.MOVE.7).
static const char *const gr_move_modes[] = {"normal", "charge", "battle", "house", "ford", "aboard", "ashore", NULL};
static const char *const gr_formations[] = {"line", "column", "open", NULL}; // open order
static const char *const gr_volley_modes[] = {"volley", "pick", NULL}; // pick: light infantry pick off a man
static const char *const gr_gun_modes[] = {"team", "manhandled", NULL}; // drawn by the team, or manhandled
static const char *const gr_fire_modes[] = {"roundshot", "canister", NULL};
// GR.MUSK.2, the standing order for the mutual exchange: as it stands, fire back, hold fire.
static const char *const gr_end_modes[] = {"standing", "reply", "hold", NULL};

static const tw_order_field f_move[] = {
	{"moves", TW_OF_PLACES, 1, TW_OFF_TO, true, 1, 0, NULL, "each figure to its place (inches) and facing"},
	{"figures", TW_OF_FIGS, 2, 0, true, 1, 0, NULL, "the figures moving together"},
	{"path", TW_OF_PATH, 2, 0, true, 1, 0, NULL, "the path of the first (a light cavalry wheel, GR.CHARGE.9)"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_move_modes, "the kind of move"},
};
static const tw_order_field f_formation[] = {
	{"moves", TW_OF_PLACES, 0, TW_OFF_TO, true, 1, 0, NULL, "each figure to its place in the new formation"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_formations, "the new formation"},
};
static const tw_order_field f_volley[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the firers"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 0, NULL, "the figures fired at"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_volley_modes, "a volley, or light infantry picking off"},
};
static const tw_order_field f_gun_move[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the gun's path (inches)"},
	{"crew", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "the crew going with it"},
	{"crew_to", TW_OF_POINTS, 0, 0, false, 0, 0, NULL, "where each of them ends (inches)"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_gun_modes, "drawn by the team or manhandled"},
};
static const tw_order_field f_fire[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"target", TW_OF_POINT, 1, 0, true, 0, 0, NULL, "the point aimed at (inches)"},
	{"bearing", TW_OF_BEARING, 2, 0, true, 0, 0, NULL, "degrees, 0 = +y"},
	{"elevation", TW_OF_ELEVATION, 2, 0, true, 0, 0, NULL, "degrees"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_fire_modes, "roundshot or canister"},
};
static const tw_order_field f_end_move[] = {
	{"dead", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "the owner's casualty order (GR.LIGHT.3, GR.MELEE.7, GR.HOUSE.2)"},
	{"n", TW_OF_INT, 0, 0, false, 0, 0, gr_end_modes,
	 "the standing order for the mutual exchange (GR.MUSK.2): as it stands, fire back, hold fire"},
};
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def gr_orders[GR_OT_COUNT] = {
	[GR_OT_MOVE] = {"move", "GR.MOVE.1",
			"a unit moves, each figure to its place (GR.MOVE, GR.CHARGE, GR.TERR.7, GR.MOVE.7); a light cavalry "
			"charge may wheel along a group path (GR.CHARGE.9)",
			"move {figures} {path} [{n}] | to {moves} [{n}]", TW_OD_PER_FIGURE, FIELDS(f_move)},
	[GR_OT_FORMATION] = {"formation", "GR.GEN.10", "line-type infantry changes formation (uses its move)",
			     "formation {n} {moves}", TW_OD_PER_FIGURE, FIELDS(f_formation)},
	[GR_OT_VOLLEY] = {"volley", "GR.MUSK.1", "a unit's R&F fire at the unit of the target (GR.MUSK, GR.LIGHT)",
			  "volley {figures} {targets} [{n}]", 0, FIELDS(f_volley)},
	[GR_OT_GUN_MOVE] = {"gun_move", "GR.MOVE.6", "a gun moves", "gunmove {gun} {path} {crew} [{n}]", 0,
			    FIELDS(f_gun_move)},
	[GR_OT_FIRE] = {"fire", "GR.ART.1", "a gun fires at a point (GR.ART, GR.CANI, GR.HOW)",
			"fire {gun} at {target} [{n}] | fire {gun} {bearing} {elevation} [{n}]", 0, FIELDS(f_fire)},
	[GR_OT_END_MOVE] = {"end_move", "GR.GEN.2",
			    "end this side's part of the move (with 'dead': the owner's choice of casualties; "
			    "reply or hold: the standing order for the mutual exchange)",
			    "end [dead {dead}] [{n}]", TW_OD_ENDS_TURN, FIELDS(f_end_move)},
};

// Grant's clause families (../shared/rules/grant-clauses.md), for reports.
static const tw_clause_family gr_families[] = {
    {"GR.GEN", "general conventions: the move, the turn, measuring"},
    {"GR.MOVE", "movement"},
    {"GR.TERR", "movement and terrain: woods, rivers, fords, bridges"},
    {"GR.RANGE", "ranges"},
    {"GR.ORG", "establishments: battalions, regiments, batteries"},
    {"GR.MUSK", "musketry: volley fire"},
    {"GR.LIGHT", "light infantry musketry"},
    {"GR.CHARGE", "the charge"},
    {"GR.MELEE", "the melee"},
    {"GR.MORALE", "morale, the 50% rule, the general's rally, officers' saves"},
    {"GR.ART", "artillery, roundshot and counter-battery"},
    {"GR.CANI", "canister"},
    {"GR.HOW", "howitzers and the shell burst"},
    {"GR.HOUSE", "houses: damage and fire"},
    {"GR.GREN", "grenadiers"},
};

const tw_ruleset tw_ruleset_grant = {
	.name = "grant",
	.title = "Charles Grant, The War Game (1971)",
	.nparams = GRP_COUNT,
	.params = gr_params,
	.setup = gr_setup,
	.validate = gr_validate,
	.apply = gr_apply,
	.to_move = gr_to_move,
	.score = gr_score,
	.hide = gr_hide,
	.hides = gr_hides,
	.random_orders = gr_random_orders,
	.generate = gr_generate,
	.ngenerals = (int)TW_ARRAY_COUNT(gr_generals),
	.generals = gr_generals,
	.norders = GR_OT_COUNT,
	.orders = gr_orders,
	.ntemplates = GR_NTEMPLATES,
	.templates = gr_templates,
	.nfamilies = (int)TW_ARRAY_COUNT(gr_families),
	.families = gr_families,
	.nodds = 3,
	.odds_questions = gr_odds_questions,
	.odds = gr_odds,
	.score_help = "a point for each enemy man killed, two for an officer, ten for each enemy unit dispersed or retired under the 50% rule",
	.records = {[TW_REC_GAME] = &gr_game_rec, [TW_REC_SIDE] = &gr_side_rec, [TW_REC_FIGURE] = &gr_fig_rec,
		    [TW_REC_GUN] = &gr_gun_rec, [TW_REC_UNIT] = &gr_unit_rec, [TW_REC_TERRAIN] = &gr_house_rec},
	.phase_max = GR_PH_OVER,
	.phase_names = gr_phase_names,
	.formation_order = gr_formation_order,
};

// A Rattle of Dice: the rule set's descriptor: parameters, setup, the order table, dispatch,
// clause families, score. Not in the built-in registry yet (an incomplete rule set): tests
// register it themselves.
#include <string.h>

#include "rd.h"

static const tw_param_def rd_params[RDP_COUNT] = {
	[RDP_MAX_TURNS] = {"max_turns", 12, 1, 100000, NULL, "engine limit: the battle ends after this many turns (RD.SEQ.1)",
			  .label = "Battle ends after", .unit = "turns", .step = 1},
	[RDP_CONTACT] = {"contact", 0.05, 0, 1, NULL, "RD.CON.3: base gap counted as contact, inches",
			  .label = "Gap counted as contact", .unit = "in"},
};

tw_status rd_setup(tw_state *s, tw_error *err)
{
	if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "RD.SEQ.2", "A Rattle of Dice is played by two sides");
	int commanders[2] = {0, 0};
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->kind == TW_FK_GENERAL && f->unit >= 0)
			return tw_error_set(err, TW_ERR_INPUT, "RD.GEN.1", "General %d is a figure of his own, not of unit %d", i,
					    f->unit);
		if (RDF(s, i)->commander && f->kind != TW_FK_GENERAL)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.1", "figure %d is no General to be Army Commander", i);
		if (RDF(s, i)->commander && f->side < 2 && f->status != TW_FS_DEAD)
			commanders[f->side]++;
	}
	for (int k = 0; k < 2; k++)
		if (commanders[k] > 1)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.1", "%s has %d Army Commanders: exactly one",
					    s->sides[k].name, commanders[k]);
	for (int i = 0; i < s->nunit; i++) {
		const rd_urec *r = RDU(s, i);
		const tw_figure *b = tw_state_figure_c(s, r->brigade);
		if (r->brigade >= 0 && (!b || b->kind != TW_FK_GENERAL || b->side != s->unit[i].side))
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.2", "unit %d's brigade is not one of its side's Generals", i);
		if (s->unit[i].formation >= TW_RD_F_COUNT)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.8", "unit %d has no Rattle formation %d", i,
					    s->unit[i].formation);
	}
	rd_game *g = RDG(s);
	if (g->setup)
		return TW_OK;
	g->setup = 1;
	for (int j = 0; j < s->nfig; j++) // the scenario places everyone
		if (s->fig[j].status == TW_FS_UNPLACED)
			s->fig[j].status = TW_FS_ACTIVE;
	g->turn = 0;
	g->first = -1;
	g->winner = -1;
	s->phase = RD_PH_INITIATIVE;
	s->move_no = 0;
	s->mover = 0;
	s->winner = -1;
	s->over = false;
	return TW_OK;
}

static int rd_to_move(const tw_state *s) { return s->over ? -1 : s->mover; }

static tw_status rd_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->over)
		return tw_error_set(err, TW_ERR_STATE, "RD.SEQ.1", "the battle is over");
	if (o->side != s->mover)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.1", "%s is not to act now",
				    s->sides[o->side].name);
	tw_status st = rd_validate_sequence(s, o, err);
	if (st != TW_OK)
		return st;
	switch (o->type) {
	case RD_OT_INITIATIVE:
	case RD_OT_FIRST:
	case RD_OT_END: return TW_OK;
	case RD_OT_MOVE: return rd_validate_move(s, o, err);
	case RD_OT_FORMATION: return rd_validate_formation(s, o, err);
	case RD_OT_SHOOT: return rd_validate_shoot(s, o, err);
	case RD_OT_GENERAL: return rd_validate_general(s, o, err);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "no such order");
	}
}

static tw_status rd_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	(void)ctx;
	switch (o->type) {
	case RD_OT_INITIATIVE: return rd_apply_initiative(s, ev);
	case RD_OT_FIRST: return rd_apply_first(s, o, ev);
	case RD_OT_MOVE: return rd_apply_move(s, o, ev);
	case RD_OT_FORMATION: return rd_apply_formation(s, o, ev);
	case RD_OT_SHOOT: return rd_apply_shoot(s, o, ev);
	case RD_OT_GENERAL: return rd_apply_general(s, o, ev);
	case RD_OT_END: return rd_apply_end(s, ev);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unexpected order");
	}
}

// Rattle's table is open: both players see everything.
static void rd_hide(tw_state *d, int seat)
{
	(void)d;
	(void)seat;
}
static bool rd_hides(const tw_state *s, int seat)
{
	(void)s;
	(void)seat;
	return false;
}

// A random player: the sequence's own orders, and otherwise the end of the phase.
static int rd_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	if (max < 1 || s->over || side != s->mover)
		return 0;
	switch (s->phase) {
	case RD_PH_INITIATIVE: tw_order_init(&out[0], RD_OT_INITIATIVE, side); return 1;
	case RD_PH_CHOOSE:
		tw_order_init(&out[0], RD_OT_FIRST, side);
		out[0].n = (int32_t)tw_rng_below(r, 2);
		return 1;
	default: tw_order_init(&out[0], RD_OT_END, side); return 1;
	}
}

static const char *const first_choices[] = {"first", "second", NULL};

static const tw_order_field f_first[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 1, first_choices, "play first or second this turn (RD.SEQ.2)"},
};
static const tw_order_field f_move[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every figure of the unit (it moves as one body, RD.ORG.7)"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "the points the unit's centre passes through, inches"},
};
static const tw_order_field f_formation[] = {
	{"moves", TW_OF_PLACES, 1, TW_OFF_TO, true, 1, 0, NULL, "each figure of the unit to its place in the new formation"},
	{"figures", TW_OF_FIGS, 2, 0, true, 1, 0, NULL, "every figure of the unit, staying where they are"},
	{"n", TW_OF_INT, 0, 0, true, 0, TW_RD_F_COUNT - 1, rd_formation_names, "the new formation"},
	{"facing", TW_OF_BEARING, 0, 0, false, 0, 0, NULL, "the unit's new facing, degrees (0 = +y)"},
};
static const tw_order_field f_shoot[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the shooting unit's figures"},
	{"target", TW_OF_FIGS2, 0, 0, true, 1, 0, NULL, "figures of the target unit"},
};
static const tw_order_field f_general[] = {
	{"general", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the General"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 0, NULL, "his path, inches"},
	{"join", TW_OF_INTS, 0, 0, false, 0, 1, NULL, "the unit he joins at the end (RD.GEN.2)"},
};
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def rd_orders[RD_OT_COUNT] = {
	[RD_OT_INITIATIVE] = {"initiative", "RD.SEQ.2",
			      "start the turn: command status is fixed (RD.DET.2) and each side throws a d6 for the "
			      "initiative (+1 observer, RD.SEQ.3; ties RD.SEQ.4)",
			      "initiative", 0, 0, NULL},
	[RD_OT_FIRST] = {"first", "RD.SEQ.2", "the winner of the initiative plays first or second", "first {n}", 0,
			 FIELDS(f_first)},
	[RD_OT_MOVE] = {"move", "RD.MOVE.2",
			"a unit moves as one body along a path within its allowance (RD.MOVE; a unit out of command "
			"checks first, RD.DET.1)",
			"move {figures} {path}", 0, FIELDS(f_move)},
	[RD_OT_FORMATION] = {"formation", "RD.MOVE.6",
			     "a unit changes formation or facing, limbers or deploys, for half its move (RD.MOVE.6/8)",
			     "formation {n} {figures} [{facing}] | formation {n} to {moves} [{facing}]", TW_OD_PER_FIGURE,
			     FIELDS(f_formation)},
	[RD_OT_SHOOT] = {"shoot", "RD.SHOOT.1", "a unit shoots at an enemy unit (its one action this phase)",
			 "shoot {figures} at {target}", 0, FIELDS(f_shoot)},
	[RD_OT_GENERAL] = {"general", "RD.GEN.1", "a General rides up to 24 in a phase, and may join a unit (RD.GEN.2)",
			   "general {general} {path} [join {join}]", 0, FIELDS(f_general)},
	[RD_OT_END] = {"end", "RD.SEQ.1", "end this side's phase: the melee step follows (RD.SEQ.7)", "end",
		       TW_OD_ENDS_TURN, 0, NULL},
};

// The families of clause IDs (../shared/rules/rattle-clauses.md), for reports.
static const tw_clause_family rd_families[] = {
    {"RD.CON", "conventions: dice, measuring, figures to dice, hits"},
    {"RD.ORG", "organisation: Generals, brigades, classes, types, formations"},
    {"RD.SEQ", "the turn: initiative, phases, melee steps"},
    {"RD.DET", "command range, the command check and detached units"},
    {"RD.MOVE", "movement: allowances, costs, roads, terrain, formations, artillery"},
    {"RD.CHARGE", "charges and the reactions to them"},
    {"RD.SHOOT", "shooting: ranges, arcs, dice and modifiers"},
    {"RD.MELEE", "melee: counting figures, defensive and supporting fire, results, retreats"},
    {"RD.RALLY", "rallying"},
    {"RD.GEN", "Generals' actions: command, Urging On, Steady Men!"},
    {"RD.FLAG", "colours"},
    {"RD.SAP", "pioneers and sappers"},
    {"RD.EX", "worked examples"},
};

const tw_ruleset tw_ruleset_rattle = {
	.name = "rattle",
	.title = "Ross Macfarlane, A Rattle of Dice (2013, amended 2014)",
	.short_name = "rd",
	.nparams = RDP_COUNT,
	.params = rd_params,
	.setup = rd_setup,
	.validate = rd_validate,
	.apply = rd_apply,
	.to_move = rd_to_move,
	.decisions = rd_decisions,
	.score = rd_score,
	.hide = rd_hide,
	.hides = rd_hides,
	.random_orders = rd_random_orders,
	.norders = RD_OT_COUNT,
	.orders = rd_orders,
	.phase_max = RD_PH_OVER,
	.phase_names = rd_phase_names,
	.nfamilies = (int)TW_ARRAY_COUNT(rd_families),
	.families = rd_families,
	.nodds = 3,
	.odds_questions = rd_odds_questions,
	.odds = rd_odds,
	.score_help = "a point for each enemy figure removed (the scenario's own victory conditions are not yet read)",
	.records = {[TW_REC_GAME] = &rd_game_rec, [TW_REC_SIDE] = &rd_side_rec, [TW_REC_FIGURE] = &rd_fig_rec,
		    [TW_REC_UNIT] = &rd_unit_rec, [TW_REC_TERRAIN] = &rd_ter_rec},
};

// A Rattle of Dice: the rule set's descriptor: parameters, setup, the order table, dispatch,
// clause families, score. In the built-in registry (src/rules/registry.c).
#include <string.h>

#include "rd.h"

static const tw_param_def rd_params[RDP_COUNT] = {
	[RDP_MAX_TURNS] = {"max_turns", 12, 1, 100000, NULL, "engine limit: the battle ends after this many turns (RD.SEQ.1)",
			  .label = "Battle ends after", .unit = "turns", .step = 1},
	[RDP_CONTACT] = {"contact", 0.05, 0, 1, NULL, "RD.CON.3: base gap counted as contact, inches",
			  .label = "Gap counted as contact", .unit = "in"},
	// ---- sappers (rd_sap.c) ----
	[RDP_PONTOON] = {"pontoon", 4, 0.5, 24, NULL, "RD.SAP.6: inches of water one pontoon section bridges",
			 .label = "Water one pontoon section bridges", .unit = "in"},
	[RDP_BASE] = {"base", 1, 0.25, 4, NULL, "RD.CON.8: base width w, inches (RD.ORG.8 formation gaps)",
		      .label = "Base width", .unit = "in"},
};

tw_status rd_setup(tw_state *s, tw_error *err)
{
	if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "RD.SEQ.2", "A Rattle of Dice is played by two sides");
	int commanders[2] = {0, 0}, last[2] = {-1, -1};
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->kind == TW_FK_GENERAL && f->unit >= 0)
			return tw_error_set(err, TW_ERR_INPUT, "RD.GEN.1", "$.figures[%d].unit: General %d is a figure of his own, not of unit %d", i, i,
					    f->unit);
		if (RDF(s, i)->commander && f->kind != TW_FK_GENERAL)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.1", "$.figures[%d].data.commander: figure %d is no General to be Army Commander", i, i);
		if (RDF(s, i)->commander && f->side < 2 && f->status != TW_FS_DEAD) {
			commanders[f->side]++;
			last[f->side] = i;
		}
	}
	for (int k = 0; k < 2; k++)
		if (commanders[k] > 1)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.1",
					    "$.figures[%d].data.commander: %s has %d Army Commanders: exactly one", last[k],
					    s->sides[k].name, commanders[k]);
	for (int i = 0; i < s->nunit; i++) {
		const rd_urec *r = RDU(s, i);
		const tw_figure *b = tw_state_figure_c(s, r->brigade);
		if (r->brigade >= 0 && (!b || b->kind != TW_FK_GENERAL || b->side != s->unit[i].side))
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.2", "$.units[%d].data.brigade: unit %d's brigade is not one of its side's Generals", i, i);
		if (s->unit[i].formation >= TW_RD_F_COUNT)
			return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.8", "$.units[%d].formation: unit %d has no Rattle formation %d", i, i,
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
	g->charger = g->target = -1; // ---- melee (rd_charge.c) ----
	g->fire = -1;                // ---- melee (rd_melee.c) ----
	s->phase = RD_PH_INITIATIVE;
	s->move_no = 0;
	s->mover = 0;
	s->winner = -1;
	s->over = false;
	return TW_OK;
}

static int rd_to_move(const tw_state *s)
{
	int seat = rd_rally_to_move(s); // rd-rally: a Steady Men!/colour roll is the hit unit's player's
	return s->over ? -1 : seat >= 0 ? seat : s->mover;
}

static tw_status rd_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->over)
		return tw_error_set(err, TW_ERR_STATE, "RD.SEQ.1", "the battle is over");
	if (o->type == RD_OT_STEADY) // rd-rally: answered by the hit unit's player, mover or not
		return rd_validate_steady(s, o, err);
	// ---- melee (rd_charge.c): a charge waits for the charged side's response (RD.CHARGE.7) ----
	if (o->type == RD_OT_RESPOND || rd_charge_pending(s))
		return rd_validate_respond(s, o, err);
	if (o->type == RD_OT_FIRE || RDG(s)->fire >= 0) // ---- melee (rd_melee.c): fire before the step ----
		return rd_validate_fire(s, o, err);
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
	// ---- rally, Generals' actions, colours ----
	case RD_OT_RALLY: return rd_validate_rally(s, o, err);
	case RD_OT_URGE: return rd_validate_urge(s, o, err);
	case RD_OT_PROMOTE: return rd_validate_promote(s, o, err);
	// ---- sappers (rd_sap.c) ----
	case RD_OT_WORK: return rd_validate_work(s, o, err);
	case RD_OT_DEMOLISH: return rd_validate_demolish(s, o, err);
	// ---- boats and trains (rd_boat.c) ----
	case RD_OT_DRIVE: return rd_validate_drive(s, o, err);
	case RD_OT_EMBARK: return rd_validate_embark(s, o, err);
	case RD_OT_DISEMBARK: return rd_validate_disembark(s, o, err);
	case RD_OT_DETACH: return rd_validate_detach(s, o, err); // ---- detaching (rd_detach.c) ----
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
	case RD_OT_RESPOND: return rd_apply_respond(s, o, ev); // ---- melee (rd_charge.c) ----
	case RD_OT_FIRE: return rd_apply_fire(s, o, ev);       // ---- melee (rd_melee.c) ----
	// ---- rally, Generals' actions, colours ----
	case RD_OT_RALLY: return rd_apply_rally(s, o, ev);
	case RD_OT_URGE: return rd_apply_urge(s, o, ev);
	case RD_OT_STEADY: return rd_apply_steady(s, o, ev);
	case RD_OT_PROMOTE: return rd_apply_promote(s, o, ev);
	// ---- sappers (rd_sap.c) ----
	case RD_OT_WORK: return rd_apply_work(s, o, ev, err);
	case RD_OT_DEMOLISH: return rd_apply_demolish(s, o, ev, err);
	// ---- boats and trains (rd_boat.c) ----
	case RD_OT_DRIVE: return rd_apply_drive(s, o, ev);
	case RD_OT_EMBARK: return rd_apply_embark(s, o, ev);
	case RD_OT_DISEMBARK: return rd_apply_disembark(s, o, ev);
	case RD_OT_DETACH: return rd_apply_detach(s, o, ev, err); // ---- detaching (rd_detach.c) ----
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

// A random player: the sequence's own orders, and in a phase random unit orders (rd_ai_orders.c).
static int rd_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	int mine = rd_rally_random(s, side, r, out, max); // rd-rally: Steady Men!, colour, promotion
	if (mine != 0)
		return mine;
	if (max < 1 || s->over)
		return 0;
	if (rd_charge_pending(s) || RDG(s)->fire >= 0) // ---- melee: respond, fire (play: rd_ai_orders.c) ----
		return rd_random_reply(s, side, r, out, max);
	if (side != s->mover)
		return 0;
	switch (s->phase) {
	case RD_PH_INITIATIVE: tw_order_init(&out[0], RD_OT_INITIATIVE, side); return 1;
	case RD_PH_CHOOSE:
		tw_order_init(&out[0], RD_OT_FIRST, side);
		out[0].n = (int32_t)tw_rng_below(r, 2);
		return 1;
	default: return rd_random_phase_orders(s, side, r, out, max); // play (rd_ai_orders.c)
	}
}

static const char *const first_choices[] = {"first", "second", NULL};

static const tw_order_field f_first[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 1, first_choices, "play first or second this turn (RD.SEQ.2)"},
};
static const tw_order_field f_move[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every figure of the unit (it moves as one body, RD.ORG.7)"},
	{"path", TW_OF_PATH, 0, TW_OFF_CENTRE, true, 1, 0, NULL, "the points the unit's centre passes through, inches"},
};
static const tw_order_field f_formation[] = {
	{"moves", TW_OF_PLACES, 1, TW_OFF_TO, true, 1, 0, NULL, "each figure of the unit to its place in the new formation"},
	{"figures", TW_OF_FIGS, 2, 0, true, 1, 0, NULL, "every figure of the unit, staying where they are"},
	{"n", TW_OF_INT, 0, 0, true, 0, TW_RD_F_COUNT - 1, rd_formation_names, "the new formation"},
	{"facing", TW_OF_BEARING, 0, 0, false, 0, 0, NULL, "the unit's new facing, degrees (0 = +y)"},
};
static const tw_order_field f_shoot[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the shooting unit's figures"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 0, NULL, "figures of the target unit"},
};
static const tw_order_field f_general[] = {
	{"general", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the General"},
	{"path", TW_OF_PATH, 0, TW_OFF_CENTRE, true, 1, 0, NULL, "his path, inches"},
	{"join", TW_OF_INTS, 0, TW_OFF_UNITS, false, 0, 1, NULL, "the unit he joins at the end (RD.GEN.2)"},
};
// ---- melee (rd_charge.c) ----
static const char *const respond_choices[] = {"stand", "evade", "counter", NULL};
static const tw_order_field f_respond[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 2, respond_choices,
	 "stand, evade (RD.MELEE.8) or counter-charge (RD.CHARGE.6)"},
};
static const tw_order_field f_fire[] = {
	{"hold", TW_OF_INTS, 0, TW_OFF_UNITS, false, 1, 0, NULL,
	 "units that hold their defensive (RD.MELEE.6) or supporting (RD.MELEE.7) fire; the others fire"},
};
// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
static const char *const steady_choices[] = {"decline", "roll", NULL};
static const tw_order_field f_rally[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "figures of the unit that must rally"},
	{"facing", TW_OF_BEARING, 0, 0, false, 0, 0, NULL, "on success, its new facing towards the enemy (free, RD.RALLY.2)"},
};
static const tw_order_field f_urge[] = {
	{"general", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the General"},
	{"path", TW_OF_PATH, 0, TW_OFF_CENTRE, true, 1, 0, NULL, "his path, inches (12 in at most this phase)"},
	{"join", TW_OF_INTS, 0, TW_OFF_UNITS, true, 1, 1, NULL, "the unit he joins and urges on"},
};
static const tw_order_field f_steady[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 1, steady_choices, "roll the d6 or decline"},
};
static const tw_order_field f_promote[] = {
	{"general", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the surviving General promoted Army Commander"},
};
// ---- sappers (rd_sap.c) ----
static const tw_order_field f_work[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 2, rd_work_names, "the task: fortify the front, a pontoon section, a demolition charge (RD.SAP.3)"},
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the pioneer unit's figures"},
	{"on", TW_OF_INTS, 0, 0, false, 0, 1, NULL, "the work site: a terrain piece (the river, the target, or work to resume)"},
};
static const tw_order_field f_demolish[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the pioneer unit that laid the charges"},
	{"on", TW_OF_INTS, 0, 0, true, 1, 1, NULL, "the terrain piece the charges are laid on"},
};
// ---- boats and trains (rd_boat.c) ----
static const tw_order_field f_drive[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every figure of the boat or engine"},
	{"path", TW_OF_PATH, 0, TW_OFF_CENTRE, true, 1, 0, NULL, "the points its centre passes through, inches"},
};
static const tw_order_field f_embark[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every figure of the unit"},
	{"on", TW_OF_INTS, 0, TW_OFF_UNITS, true, 1, 1, NULL, "the boat or train (a unit id) it boards"},
};
static const tw_order_field f_disembark[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every figure of the unit aboard"},
	{"path", TW_OF_PATH, 0, TW_OFF_CENTRE, true, 1, 0, NULL, "where its centre goes, within the other half of its move"},
};
// ---- detaching (rd_detach.c) ----
static const tw_order_field f_detach[] = {
	{"moves", TW_OF_PLACES, 0, TW_OFF_TO, true, 1, 0, NULL, "each detached figure to its place, within the parent's move left"},
	{"n", TW_OF_INT, 0, 0, true, 0, TW_RD_F_COUNT - 1, rd_formation_names, "the detachment's formation (normally skirmish)"},
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
			 "shoot {figures} at {targets}", 0, FIELDS(f_shoot)},
	[RD_OT_GENERAL] = {"general", "RD.GEN.1", "a General rides up to 24 in a phase, and may join a unit (RD.GEN.2)",
			   "general {general} {path} [join {join}]", 0, FIELDS(f_general)},
	[RD_OT_END] = {"end", "RD.SEQ.1", "end this side's phase: the melee step follows (RD.SEQ.7)", "end",
		       TW_OD_ENDS_TURN, 0, NULL},
	// ---- melee (rd_charge.c) ----
	[RD_OT_RESPOND] = {"respond", "RD.CHARGE.7",
			   "the charged unit's side answers a charge: stand, evade (RD.MELEE.8) or counter-charge "
			   "(RD.CHARGE.6)",
			   "respond {n}", 0, FIELDS(f_respond)},
	[RD_OT_FIRE] = {"fire", "RD.MELEE.5",
			"before the melee step, the side not playing gives its defensive (RD.MELEE.6) and supporting "
			"(RD.MELEE.7) fire, except the units it names to hold it",
			"fire [hold {hold}]", 0, FIELDS(f_fire)},
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	[RD_OT_RALLY] = {"rally", "RD.RALLY.2",
			 "a unit that must rally throws a d6 (Elite +1, Militia -1, +1 with a General or band): a "
			 "modified 4 rallies it (it may turn free to face the enemy), else it retreats a full move again",
			 "rally {figures} [{facing}]", 0, FIELDS(f_rally)},
	[RD_OT_URGE] = {"urge", "RD.MOVE.14",
			"a General rides no more than 12 in to join a unit that has not acted and urges it on: +1d6 in "
			"to its move this phase; he is tied to it until his side's next phase",
			"urge {general} {path} join {join}", 0, FIELDS(f_urge)},
	[RD_OT_STEADY] = {"steady", "RD.GEN.5",
			  "after a hit event, the hit unit's player rolls or declines: first a joined General's "
			  "Steady Men! (RD.GEN.5), then the colour (RD.FLAG.2); 4-6 cancels a hit, 1 loses the General "
			  "or a figure",
			  "steady {n}", 0, FIELDS(f_steady)},
	[RD_OT_PROMOTE] = {"promote", "RD.GEN.8",
			   "the Army Commander lost, his side promotes a surviving General at the start of its next phase",
			   "promote {general}", 0, FIELDS(f_promote)},
	// ---- sappers (rd_sap.c) ----
	[RD_OT_WORK] = {"work", "RD.SAP.1",
			"a pioneer unit works (its action): a d6 of points a party of 4, towards fortifying its front, a "
			"pontoon section or a demolition charge (6 points each, RD.SAP.3)",
			"work {n} {figures} [on {on}]", 0, FIELDS(f_work)},
	[RD_OT_DEMOLISH] = {"demolish", "RD.SAP.7",
			    "the party that laid the charges fires them (its action, any distance): a d6 a charge, 6+ "
			    "breaches a village, 18+ brings down a bridge",
			    "demolish {figures} on {on}", 0, FIELDS(f_demolish)},
	// ---- boats and trains (rd_boat.c) ----
	[RD_OT_DRIVE] = {"drive", "RD.MOVE.10",
			 "a boat moves 18 in on water (+3 with the current, -3 against it); a train 0-18 in on rails within "
			 "9 in of last turn's run, or 6 in across country on a 3+ (RD.MOVE.10/12/13)",
			 "drive {figures} {path}", 0, FIELDS(f_drive)},
	[RD_OT_EMBARK] = {"embark", "RD.MOVE.11", "a unit in contact boards a boat or train for half its move",
			  "embark {figures} on {on}", 0, FIELDS(f_embark)},
	[RD_OT_DISEMBARK] = {"disembark", "RD.MOVE.11",
			     "a unit aboard gets off and forms up for half its move, and may move the other half",
			     "disembark {figures} {path}", 0, FIELDS(f_disembark)},
	// ---- detaching (rd_detach.c) ----
	[RD_OT_DETACH] = {"detach", "RD.DET.5",
			  "figures split off their unit as part of its move (to hold a place, scout, screen): a unit of their own",
			  "detach {n} to {moves}", TW_OD_PER_FIGURE, FIELDS(f_detach)},
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
	.nodds = 4,
	.odds_questions = rd_odds_questions,
	.odds = rd_odds,
	.score_help = "a point for each enemy figure removed, and the scenario's objective points to the side holding "
		      "its objective (data.objective) at the end",
	.generate = rd_generate, // ---- generator (rd_generate.c) ----
	// ---- play (rd_general_ai.c) ----
	.ngenerals = RD_NGENERALS,
	.generals = rd_generals,
	.records = {[TW_REC_GAME] = &rd_game_rec, [TW_REC_SIDE] = &rd_side_rec, [TW_REC_FIGURE] = &rd_fig_rec,
		    [TW_REC_UNIT] = &rd_unit_rec, [TW_REC_TERRAIN] = &rd_ter_rec},
	.formation_order = rd_formation_order,
};

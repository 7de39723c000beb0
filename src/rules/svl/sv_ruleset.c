// Science versus Luck, the battle: the rule set's descriptor: parameters, setup, orders,
// dispatch, the view (the guns' truth is hidden by their records), clause families. NOT in the
// built-in registry yet (incomplete: the battle only); tests register it themselves.
#include <math.h>
#include <string.h>

#include "tinwar/physics.h"
#include "sv.h"

const char *const sv_phase_names[SV_PH_COUNT + 1] = {"setup", "attack", "defend", "over", "range", "auction", "practice", NULL};

static const char *const stage_names[] = {"battle", "range", "auction", "practice", NULL};
static const char *const terrain_names[] = {"scenario", "generated", NULL}; // sv-svweb (SV.BAT.6)
static const tw_param_def sv_params[SVP_COUNT] = {
	[SVP_MAX_TURNS] = {"max_turns", 15, 1, 1000, NULL, "SV.SEQ.6: the battle lasts at most this many turns",
			   .label = "Battle ends after", .unit = "turns", .step = 1},
	[SVP_STAGE] = {"stage", 0, 0, 3, stage_names,
		       "0: the battle; 1: phase 2's test range (SV.DOC.6-9); 2: phase 1's auction (SV.EXPO); 3: the practice ground (SV.DOC.10)",
		       .label = "Stage", .step = 1},
	[SVP_CONSTRAINTS] = {"constraints", 1, 0, 1, NULL, "SV.BRF.8: manuals must meet their country's doctrine briefing",
			     .label = "National doctrine constraints", .kind = TW_PARAM_YESNO, .step = 1},
	// sv-clock: a person serves the guns on the host's clock (SV.ROF.5)
	[SVP_CLOCK] = {"gun_clock", 0, 0, 1, NULL, "SV.ROF.5: the defender's guns are served by a person on the host's clock (ready, shot)",
		       .label = "Gunner on the clock", .kind = TW_PARAM_YESNO, .step = 1},
	// sv-svweb: SV.BAT.6's generated table as a setting (sv_terrain_setting.c)
	[SVP_TERRAIN] = {"terrain", 0, 0, 1, terrain_names,
			 "SV.BAT.6: scenario (the table as the file gives it) or generated (1-2 hills, 2-3 soft patches, 1-2 walls, at most a building, on a bare table)",
			 .label = "Battle table", .step = 1},
	[SVP_TERRAIN_SEED] = {"terrain_seed", 0, 0, 2147483647.0, NULL,
			      "SV.BAT.6: the generated table's seed; 0 draws it from the game's seed (each game its own table)",
			      .label = "Table seed", .step = 1},
};

// SV.GUN.4: each gun's true values, the model's unless the scenario gives its own; its crews.
static tw_status sv_truth(tw_state *s, tw_error *err)
{
	for (int k = 0; k < s->ngun; k++) {
		const tw_gun_model *gm = tw_gun_model_get(s->gun[k].model);
		if (!gm || gm->adv_range <= 0)
			return tw_error_set(err, TW_ERR_INPUT, "SV.GUN.2", "gun %d is no Science versus Luck model (VUL ... ARS)", k);
		sv_grec *r = SVGN(s, k);
		if (r->v_mean <= 0) {
			r->v_mean = gm->v0 / 12.0;
			r->v_sigma = gm->v_sigma / 12.0;
			r->az_sigma = gm->aim_sigma;
			r->misfire = gm->misfire;
			r->rate = gm->rate;
			r->carry = gm->carry_on;
			r->skid = gm->skid;
		}
		if (r->crew == TW_SV_TRAINED && s->gun[k].side < s->nsides)
			r->crew = SVS(s, s->gun[k].side)->crew; // SV.GUN.6: the country's crews
	}
	return TW_OK;
}

static tw_status sv_setup(tw_state *s, tw_error *err)
{
	if (s->params[SVP_STAGE] == SV_STAGE_AUCTION)
		return sv_auction_setup(s, err);
	if (s->params[SVP_STAGE] == SV_STAGE_PRACTICE)
		return sv_practice_setup(s, err); // SV.DOC.10
	if (s->params[SVP_STAGE] == SV_STAGE_RANGE) {
		tw_status st = sv_truth(s, err);
		return st != TW_OK ? st : sv_range_setup(s, err);
	}
	if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.4", "a battle has two sides: the infantry (first) and the cannon");
	for (int f = 0; f < s->nfig; f++)
		if (s->fig[f].side != SV_ATTACKER)
			return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.3", "figure %d: every figure is the attacker's (%s)", f,
					    s->sides[SV_ATTACKER].name);
	if (s->ngun < 1 || s->ngun > 2)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.9", "the defender fields one or two guns, not %d", s->ngun);
	for (int k = 0; k < s->ngun; k++)
		if (s->gun[k].side != SV_DEFENDER)
			return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.4", "gun %d is not the defender's", k);
	tw_status st = sv_truth(s, err);
	if (st != TW_OK)
		return st;
	sv_game *g = SVG(s);
	if (g->setup)
		return TW_OK;
	st = sv_terrain_setting(s, err); // sv-svweb: SV.BAT.6's generated table, once, before the first phase
	if (st != TW_OK)
		return st;
	g->setup = 1;
	int start = 0, cmd = 0;
	for (int f = 0; f < s->nfig; f++) {
		if (s->fig[f].status == TW_FS_UNPLACED)
			s->fig[f].status = TW_FS_ACTIVE;
		start += s->fig[f].status == TW_FS_ACTIVE;
		cmd += SVF(s, f)->role == SV_ROLE_COMMANDER;
	}
	if (cmd > 1)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.8", "the company has %d commanders: one at most", cmd);
	g->start = start; // SV.BAT.8
	g->turn = 1;
	g->adhering = 1;
	s->winner = -1;
	s->over = false;
	s->move_no = 0;
	tw_events ev = {0}; // setup keeps no events
	sv_start_attack(s, &ev);
	tw_events_free(&ev);
	return TW_OK;
}

static int sv_to_move(const tw_state *s)
{
	return s->over ? -1 : s->mover;
}

static tw_status sv_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->over)
		return tw_error_set(err, TW_ERR_STATE, "SV.WIN.4", "the battle is over");
	if (o->type == SV_OT_MANUAL)
		return sv_validate_manual(s, o, err);
	if (o->type == SV_OT_TEST || o->type == SV_OT_SERIAL)
		return sv_validate_test(s, o, err);
	if (sv_range_clock_takes(s, o))
		return sv_validate_range_clock(s, o, err); // sv-svweb: the range's umpire's minute (SV.DOC.7)
	if (o->type == SV_OT_HAMMER && sv_clock_takes(s, o))
		return sv_validate_clock(s, o, err); // sv-clock: the minute's end (SV.ROF.5-6)
	if (o->type == SV_OT_BID || o->type == SV_OT_HAMMER)
		return sv_validate_auction(s, o, err);
	if (s->phase == SV_PH_AUCTION)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.3", "at the auction: bids, and the host's hammer");
	if (s->phase == SV_PH_PRACTICE)
		return sv_validate_practice(s, o, err); // SV.DOC.10
	if (s->phase == SV_PH_RANGE) {
		if (o->type != SV_OT_END)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.2", "on the test range: test, serial, manual or end");
		return o->side >= 0 && !SVS(s, o->side)->range_done
			       ? TW_OK
			       : tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.4", "this side has finished already");
	}
	if (o->type == SV_OT_CONCEDE)
		return o->side == SV_ATTACKER ? TW_OK
					      : tw_error_set(err, TW_ERR_ILLEGAL, "SV.WIN.3", "only the infantry player concedes");
	if (o->side != s->mover)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.1", "it is the %s's phase",
				    s->phase == SV_PH_ATTACK ? "attacker" : "defender");
	if (sv_clock_takes(s, o))
		return sv_validate_clock(s, o, err); // sv-clock (SV.ROF.5-7)
	switch (o->type) {
	case SV_OT_MOVE:
		return s->phase == SV_PH_ATTACK ? sv_validate_move(s, o, err)
						: tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.2", "figures move in the attacker's phase");
	case SV_OT_FIRE:
		return s->phase == SV_PH_ATTACK ? sv_validate_fire(s, o, err)
						: tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.2", "infantry fire in the attacker's phase");
	case SV_OT_SERVE:
		return s->phase == SV_PH_DEFEND ? sv_validate_serve(s, o, err)
						: tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "guns fire in the defender's phase");
	case SV_OT_END: return TW_OK;
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.4", "no such order");
	}
}

static tw_status sv_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	(void)err;
	if (o->type == SV_OT_MANUAL) {
		tw_sv_manual m;
		sv_manual_from_order(o, &m);
		sv_manual_in_force(s, o->side, &m);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SV.DOC.15");
		if (e) {
			e->a = m.arm;
			e->b = m.version;
			tw_event_text(e, "%s: %s's %s, version %d, in force", s->sides[o->side].name, tw_sv_country_names[m.country],
				      sv_arm_title(m.arm), m.version);
		}
		return TW_OK;
	}
	if (o->type == SV_OT_TEST || o->type == SV_OT_SERIAL)
		return sv_apply_test(s, o, ev);
	if (sv_range_clock_takes(s, o))
		return sv_apply_range_clock(s, o, ev); // sv-svweb: the range's umpire's minute (SV.DOC.7)
	if (sv_clock_takes(s, o))
		return sv_apply_clock(s, o, ctx, ev); // sv-clock (SV.ROF.5-7)
	if (o->type == SV_OT_BID || o->type == SV_OT_HAMMER)
		return sv_apply_auction(s, o, ev);
	if (s->phase == SV_PH_RANGE) { // SV.DOC.4: the phase ends when every side has finished
		SVS(s, o->side)->range_done = 1;
		bool all = true;
		for (int k = 0; k < s->nsides; k++)
			all = all && SVS(s, k)->range_done;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SV.DOC.4");
		if (e)
			tw_event_text(e, "%s has finished on the test range%s", s->sides[o->side].name,
				      all ? ": the evaluation is over" : "");
		if (all) {
			s->over = true;
			s->phase = SV_PH_OVER;
			s->mover = -1;
		} else {
			for (int k = 1; k <= s->nsides; k++) // the next side still testing
				if (!SVS(s, (o->side + k) % s->nsides)->range_done) {
					s->mover = (int8_t)((o->side + k) % s->nsides);
					break;
				}
		}
		return TW_OK;
	}
	if (s->phase == SV_PH_PRACTICE)
		return sv_apply_practice(s, o, ev); // SV.DOC.10
	SVG(s)->begun = 1; // SV.DOC.15: from the first order of the battle its manuals are fixed
	switch (o->type) {
	case SV_OT_MOVE: return sv_apply_move(s, o, ev);
	case SV_OT_FIRE: return sv_apply_fire(s, o, ev);
	case SV_OT_SERVE: return sv_apply_serve(s, o, ctx, ev);
	case SV_OT_END: return sv_apply_end(s, o, ev);
	case SV_OT_CONCEDE: sv_win(s, SV_DEFENDER, "SV.WIN.3", "the infantry player concedes", ev); return TW_OK;
	default: return TW_ERR_ILLEGAL;
	}
}

static void sv_score(const tw_state *s, double *points)
{
	if (s->params[SVP_STAGE] == SV_STAGE_AUCTION) { // sv-term: the phase-1 score (SV.EXPO.9)
		sv_auction_score(s, points);
		return;
	}
	int fallen = 0, matches = 0;
	for (int f = 0; f < s->nfig; f++)
		fallen += s->fig[f].side == SV_ATTACKER && s->fig[f].status != TW_FS_ACTIVE;
	for (int k = 0; k < s->ngun; k++)
		matches += SVGN(s, k)->matches;
	points[SV_ATTACKER] = (s->winner == SV_ATTACKER ? 100 : 0) + (SV_MATCHES * s->ngun - matches);
	points[SV_DEFENDER] = (s->winner == SV_DEFENDER ? 100 : 0) + fallen;
}

// The truth of the guns is hidden by the record fields (TW_VIS_UMPIRE); nothing else is.
static void sv_hide(tw_state *d, int seat)
{
	(void)d;
	(void)seat;
}
static bool sv_hides(const tw_state *s, int seat)
{
	(void)s;
	(void)seat;
	return false;
}

static int sv_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	(void)r;
	if (s->phase == SV_PH_AUCTION)
		return max >= 1 ? sv_auction_auto(s, side, out) : 0; // SV.EXPO.6
	return sv_auto_orders(s, side, out, max);
}

static const tw_order_field f_move[] = {
	{"moves", TW_OF_PLACES, 0, TW_OFF_TO, true, 1, 0, NULL, "each figure to its place: 6 in walking, 9 running (SV.MOVE.1)"},
};
static const tw_order_field f_fire[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "riflemen who have not moved, within 12 in of the gun"},
	{"gun", TW_OF_GUN, 0, 0, false, 0, 0, NULL, "the gun they fire at (default: each his nearest)"},
};
static const tw_order_field f_serve[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun"},
	{"to", TW_OF_POINT, 0, 0, false, 0, 0, NULL, "where it moves first, inches (6 in at most, 2 shots lost)"},
	{"figures", TW_OF_FIGS, 0, 0, false, 0, 0, NULL, "PHYSICAL mode: the figures its matches knocked over"},
};
static const char *const arm_words[] = {"infantry", "artillery", NULL};
static const tw_order_field f_manual[] = {
	{"arm", TW_OF_INT, 0, 0, true, 0, 1, arm_words, "which manual: infantry (SV.DOC.12) or artillery (SV.DOC.13)"},
	{"doc", TW_OF_INTS, 0, 0, true, 2 + TW_SV_MAN_VALS, 2 + TW_SV_MAN_VALS, NULL,
	 "the document: country, version, then the field slots (docs/svl.md; written from a manual file)"},
};
static const char *const tempo_words[] = {"STEADY", "RAPID", "DELIBERATE", NULL};
static const tw_order_field f_test[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "one of this side's guns"},
	{"range", TW_OF_INTS, 0, 0, true, 1, 1, NULL, "the set range, whole inches (1-96)"},
	{"tempo", TW_OF_INT, 0, 0, false, 0, 2, tempo_words, "STEADY (default), RAPID or DELIBERATE (SV.GUN.7)"},
};
static const tw_order_field f_bid[] = {
	{"fr", TW_OF_INT, 0, 0, true, 10, 1000000, NULL, "francs: a multiple of 10, at least the reserve or 10 over the highest bid"},
	{"lot", TW_OF_INTS, 0, 0, false, 1, 1, NULL,
	 "the lot bid for (1-based) as the bidder saw it on offer: a bid that arrives after its lot was knocked down is refused (sv-web)"},
};
// sv-clock (SV.ROF.5-7)
static const tw_order_field f_ready[] = {
	{"gun", TW_OF_GUN, 0, 0, false, 0, 0, NULL, "a gun that moves before the minute"},
	{"to", TW_OF_POINT, 0, 0, false, 0, 0, NULL, "where it moves, inches (6 in at most; its first shot waits 2 reloads)"},
};
static const tw_order_field f_shot[] = {
	{"gun", TW_OF_GUN, 0, 0, true, 0, 0, NULL, "the gun that fires, at the figure its Artillery Manual picks"},
};
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def sv_orders[SV_OT_COUNT] = {
	[SV_OT_MOVE] = {"move", "SV.MOVE.1", "infantry figures walk 6 in or run 9 in as the Infantry Manual allows",
			"move {moves}", TW_OD_PER_FIGURE, FIELDS(f_move)},
	[SV_OT_FIRE] = {"fire", "SV.FIRE.1",
			"riflemen that have not moved fire at a gun's crew: a d6 each, 6 hits within 12 in, 5-6 within 6 in",
			"fire {figures} [at {gun}]", 0, FIELDS(f_fire)},
	[SV_OT_SERVE] = {"serve", "SV.SEQ.3",
			 "a gun's minute of firing: its shots at the figures its Artillery Manual picks (SV.ROF, SV.GUN.8); "
			 "in PHYSICAL mode, a face per match fired (2: a misfire) and the figures knocked over",
			 "serve {gun} [to {to}] [figures {figures}]", 0, FIELDS(f_serve)},
	[SV_OT_END] = {"end", "SV.SEQ.4", "end this phase (the attacker's: fire, melee and hits are settled)", "end",
		       TW_OD_ENDS_TURN, 0, NULL},
	[SV_OT_CONCEDE] = {"concede", "SV.WIN.3", "the infantry player concedes the battle", "concede", 0, 0, NULL},
	[SV_OT_MANUAL] = {"manual", "SV.DOC.15",
			  "submits a manual (a new version) for this side; before the battle begins. Written from a manual "
			  "document (SV.DOC.11) by tw_sv_manual_parse",
			  "manual {arm} {doc}", 0, FIELDS(f_manual)},
	[SV_OT_TEST] = {"test", "SV.DOC.7", "a test round down the range at a set range and tempo (30 a gun)",
			"test {gun} {range} [tempo {tempo}]", 0, FIELDS(f_test)},
	[SV_OT_SERIAL] = {"serial", "SV.DOC.7",
			  "the timed serial: one minute of firing at the tempo, measuring the rate (once a gun; not counted in the 30)",
			  "serial {gun} {range} [tempo {tempo}]", 0, FIELDS(f_test)},
	[SV_OT_BID] = {"bid", "SV.EXPO.5", "a bid for the lot on offer, with the host's time (it cannot be withdrawn)",
		       "bid {fr} [lot {lot}]", 0, FIELDS(f_bid)},
	[SV_OT_HAMMER] = {"hammer", "SV.EXPO.5",
			  "the host's clock: 15 s after the last bid the lot is knocked down (or unsold) and the next opens",
			  NULL, TW_OD_HOST, 0, NULL},
	// sv-clock (SV.ROF.5-7)
	[SV_OT_READY] = {"ready", "SV.ROF.5",
			 "the defender is ready: the firing minute starts on the host's clock (PHYSICAL: the umpire's minute, SV.ROF.6)",
			 "ready [gun {gun} to {to}]", 0, FIELDS(f_ready)},
	[SV_OT_SHOT] = {"shot", "SV.ROF.5", "a shot on the host's clock: t_r after the gun's last, within 60.0 s and the allocation",
			"shot {gun}", 0, FIELDS(f_shot)},
};

static const tw_clause_family sv_families[] = {
	{"SV.CON", "conventions: modes, units, the draws of a shot"},
	{"SV.SETUP", "players, teams, phases and roles"},
	{"SV.EXPO", "the Arms Exhibition and its auction"},
	{"SV.GUN", "the cannon models: labels, truth, one shot"},
	{"SV.BRF", "country briefings"},
	{"SV.DOC", "evaluation and doctrine: the test range and the manuals"},
	{"SV.BAT", "battle equipment and set-up"},
	{"SV.SEQ", "sequence of play"},
	{"SV.MOVE", "movement"},
	{"SV.FIRE", "infantry fire and cannon fire"},
	{"SV.ROF", "one minute of firing"},
	{"SV.MOR", "morale"},
	{"SV.MEL", "melee at the gun"},
	{"SV.WIN", "winning and losing"},
	{"SV.EX", "worked examples"},
};

// sv-clock: the firing minute's end (SV.ROF.5-6, sv_clock.c), else the auction's hammer.
static int64_t sv_due(const tw_state *s)
{
	int64_t t = sv_clock_due(s);
	if (t <= 0)
		t = sv_range_due(s); // sv-svweb: the range's umpire's minute (SV.DOC.7)
	return t > 0 ? t : sv_host_due(s);
}

const tw_ruleset tw_ruleset_svl = {
	.name = "svl",
	.title = "Jim Wallman, Science versus Luck (1990): the battle",
	.short_name = "sv",
	.nparams = SVP_COUNT,
	.params = sv_params,
	.setup = sv_setup,
	.validate = sv_validate,
	.apply = sv_apply,
	.to_move = sv_to_move,
	.score = sv_score,
	.hide = sv_hide,
	.hides = sv_hides,
	.random_orders = sv_random_orders,
	.ngenerals = 1,
	.generals = sv_generals,
	.norders = SV_OT_COUNT,
	.orders = sv_orders,
	.phase_max = SV_PH_COUNT - 1,
	.phase_names = sv_phase_names,
	.nfamilies = (int)TW_ARRAY_COUNT(sv_families),
	.families = sv_families,
	.nodds = 3,
	.odds_questions = sv_odds_questions,
	.odds = sv_odds,
	.score_help = "100 for the victory; the infantry a point per match the guns lost, the guns a point per casualty",
	.melee_reach = SV_REACH,
	// the whole game as a series (sv_series.c)
	.series_start = sv_series_start,
	.series_prepare = sv_series_prepare,
	.series_roles = sv_series_roles,
	.series_record = sv_series_record,
	.records = {[TW_REC_GAME] = &sv_game_rec, [TW_REC_SIDE] = &sv_side_rec, [TW_REC_FIGURE] = &sv_fig_rec,
		    [TW_REC_GUN] = &sv_gun_rec, [TW_REC_TERRAIN] = &sv_ter_rec},
	.host_due = sv_due, // sv-web: the auction's hammer on the host's clock (sv_auction.c); sv-clock: the minute's end
	.forms = sv_forms, // sv-web: the manuals' forms for the browser (sv_manual.c); sv-svweb: the makers' cards (sv_cards.c)
	.series_debrief = sv_series_debrief, // the series panel's debrief (sv_debrief.c)
	.min_sides = 1, // sv-one: one team (SV.SETUP.2) is an auction and a range of one side; a battle has two (sv_setup)
};

// Nikolas Lloyd's skirmish suite: the rule set's descriptor: parameters, setup (rosters filled
// from the troop-type table), the turn sequence (NQ.TURN), decisions for the side moving and the
// side reacting, validation and dispatch, victory (NQ.VIC), score, a random player.
// Not yet in src/rules/registry.c (the suite is incomplete): tests register it themselves.
#include <string.h>

#include "core/vmemo.h"
#include "ll.h"

const char *const ll_phase_names[LL_PH_COUNT + 1] = {"start", "move", "react", "over",
							"allocate", // ll-3
							"action", "seize", "challenge", "mercy", "grant", "follow", // ll-2
							"substitute", // ll-gaps: DU.7
							"edge", "desert", // ll-rest: TF.D5, CA.D3
							NULL};

static const tw_param_def ll_params[LLP_COUNT] = {
	[LLP_MAX_TURNS] = {"max_turns", 40, 1, 100000, NULL,
			   "engine limit: after this many turns (one side's each) the side with more men in good order "
			   "wins, equal is a draw (NQ.VIC.2)",
			   .label = "Game ends after", .unit = "turns", .step = 1},
	[LLP_CONTACT] = {"contact", 0.05, 0, 1, NULL, "NQ.MEL.1: base gap counted as contact, inches",
			 .label = "Gap counted as contact", .unit = "in"},
	[LLP_NEIGHBOUR] = {"neighbour", 0.25, 0, 2, NULL, "NQ.GRP.3: base gap within which two members of a line are neighbours, inches",
			   .label = "Gap between neighbours", .unit = "in"},
	[LLP_BIG_GROUP] = {"big_group", -2, -10, 10, NULL,
			   "NQ.GRP.6: the W modifier for shooting at a group of 8 or more (not stated; -2 as for 3-7)",
			   .label = "Shooting at 8 or more", .unit = "W", .step = 1},
	// ll-3
	[LLP_TF_TURNS] = {"tf_turns", 12, 1, 1000, NULL,
			  "TF.D7: a three-fight table battle ends after this many turns (a turn is both sides' turns, TF.D3)",
			  .label = "Three-fight battle ends after", .unit = "turns", .step = 1},
	// ll-gaps
	[LLP_SIGHT_INTO] = {"sight_into", 0, 0, 1, NULL,
			    "IN.SEIZE.2's optional variant: 1, only moving into the enemy's sight counts for a sight seize",
			    .label = "Sight seize: only into sight", .step = 1},
};

// NQ.GEN.4, NQ.STAT.8: a man whose roster names a troop type and leaves his numbers at 0 takes
// them from the table; what the roster gives stands.
static void fill_from_troop(ll_frec *r)
{
	const tw_ll_troop *t = tw_ll_troop_get(r->troop - 1);
	if (!t)
		return;
	if (!r->t)
		r->t = t->t;
	if (!r->s)
		r->s = t->s;
	if (!(r->m > 0))
		r->m = t->m;
	if (!r->nrows) {
		r->nrows = t->nrows;
		for (int k = 0; k < t->nrows; k++) {
			const tw_ll_row *w = &t->rows[k];
			int id = 0;
			for (int i = 0; i < LL_W_COUNT; i++)
				if (!strcmp(ll_weapon_names[i], w->weapon))
					id = i;
			r->weapon[k] = id;
			r->w[k] = w->w;
			r->x[k] = w->x;
			r->d[k] = w->d;
			r->reach[k] = w->reach;
			memcpy(r->r[k], w->r, sizeof w->r);
			r->notes[k] = w->notes;
		}
	}
}

static tw_status ll_setup(tw_state *s, tw_error *err)
{
	if (LLG(s)->sp) { // ll-3: SP.1, SP.D2: players in two camps, alliances 0 and 1
		if (s->nsides < 2)
			return tw_error_set(err, TW_ERR_INPUT, "SP.1", "the six-player game needs players in two camps");
		for (int k = 0; k < s->nsides; k++)
			if (tw_side_alliance(s, k) > 1)
				return tw_error_set(err, TW_ERR_INPUT, "SP.D2",
						    "$.sides[%d].alliance: every player is in camp 0 (the crown) or 1 (the rebels)", k);
	} else if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.TURN.1", "the NQ skirmish is played by two sides");
	// ---- ll-2: the fast-play game under Type III has its own rosters (FP.3) ----
	if (LL_FP(s)) {
		LL_TRY(ll_fp_setup(s, err));
		if (s->phase == LL_PH_START && LLG(s)->actions == 0) {
			for (int j = 0; j < s->nfig; j++)
				if (s->fig[j].status == TW_FS_UNPLACED)
					s->fig[j].status = TW_FS_ACTIVE;
			s->winner = -1;
			s->over = false;
			s->mover = 0;
		}
		return TW_OK;
	}
	// ---- end ll-2 ----
	for (int i = 0; i < s->nfig; i++) {
		ll_frec *r = LLF(s, i);
		fill_from_troop(r);
		// A stat line the rules can play (NQ.STAT): a located error names the figure and field.
		if (r->nrows < 1)
			return tw_error_set(err, TW_ERR_INPUT, "NQ.STAT.8", "$.figures[%d].data: no weapon row (give troop or nrows)", i);
		if (r->t < 1 || !(r->m > 0))
			return tw_error_set(err, TW_ERR_INPUT, "NQ.STAT.3", "$.figures[%d].data: T and M must be given (t >= 1, m > 0)", i);
		for (int k = 0; k < r->nrows; k++) {
			if (r->w[k] < 1 || r->d[k] < 1)
				return tw_error_set(err, TW_ERR_INPUT, "NQ.STAT.1", "$.figures[%d].data: row %d needs W >= 1 and D >= 1", i,
						    k);
			if (r->reach[k] == TW_LL_MISSILE &&
			    !(r->r[k][0] > 0 && r->r[k][1] >= r->r[k][0] && r->r[k][2] >= r->r[k][1]))
				return tw_error_set(err, TW_ERR_INPUT, "NQ.STAT.6",
						    "$.figures[%d].data.r: row %d's ranges must rise: short <= medium <= long", i, k);
			if (r->reach[k] == TW_LL_LONG && !(r->r[k][0] > 0))
				return tw_error_set(err, TW_ERR_INPUT, "NQ.RCH.2", "$.figures[%d].data.r: row %d's reach must be > 0", i, k);
		}
		if (r->hand >= r->nrows)
			return tw_error_set(err, TW_ERR_INPUT, "NQ.ATK.4", "$.figures[%d].data.hand: no row %d", i, r->hand);
	}
	ll_game *g = LLG(s);
	if (g->turn > 0 || s->phase != LL_PH_START)
		return TW_OK; // a saved game in play
	for (int j = 0; j < s->nfig; j++)
		if (s->fig[j].status == TW_FS_UNPLACED)
			s->fig[j].status = TW_FS_ACTIVE;
	s->winner = -1;
	s->over = false;
	s->mover = 0;
	if (ll_sp_setup(s) || (g->table_loc == 0 && ll_tf_setup(s))) // ll-3: SP.D1, TF.D1/D2 come first
		return TW_OK;
	if (g->first >= 0) { // NQ.TURN.1: the scenario says who moves first
		g->turn = 1;
		s->mover = g->first;
		s->phase = LL_PH_MOVE;
		s->move_no = 1;
	}
	return TW_OK;
}

static int ll_decisions(const tw_state *s, tw_decision *out, int max)
{
	if (max < 1 || s->over || s->phase == LL_PH_OVER || s->mover < 0 || s->mover >= s->nsides)
		return 0;
	if (s->phase == LL_PH_TF_EDGE || s->phase == LL_PH_CA_DESERT) // ll-rest: TF.D5, CA.D3
		return ll_owner_decisions(s, out, max);
	if (LL_FP(s)) // ll-2: Type III (IN.ACT, IN.SEIZE) and duels (DU)
		return ll_in_decisions(s, out, max);
	if (LLG(s)->sp) // ll-3
		return ll_sp_decisions(s, out, max);
	if (s->phase == LL_PH_ALLOC) // ll-3
		return ll_tf_decisions(s, out, max);
	tw_decision *d = &out[0];
	memset(d, 0, sizeof *d);
	switch (s->phase) {
	case LL_PH_START:
		d->seat = 0; // ll-fin: the map roll is TF.D1's, as its prompt says; else the roll-off, NQ.TURN.1
		ll_copy_text(d->clause, sizeof d->clause, LLG(s)->tf && !LLG(s)->map_col[0] ? "TF.D1" : "NQ.TURN.1");
		ll_copy_text(d->kind, sizeof d->kind, "act");
		d->types = UINT64_C(1) << LL_OT_START;
		snprintf(d->prompt, sizeof d->prompt, "%s",
			 LLG(s)->tf && !LLG(s)->map_col[0] ? "roll the three-fight map (TF.D1)" : "roll off 1d20 for who moves first");
		return 1;
	case LL_PH_MOVE:
		d->seat = s->mover;
		ll_copy_text(d->clause, sizeof d->clause, "NQ.TURN.2");
		ll_copy_text(d->kind, sizeof d->kind, "act");
		d->types = (UINT64_C(1) << LL_OT_MOVE) | (UINT64_C(1) << LL_OT_SHOOT) | (UINT64_C(1) << LL_OT_LOAD) |
			   (UINT64_C(1) << LL_OT_WEAPON) | (UINT64_C(1) << LL_OT_AIM) | (UINT64_C(1) << LL_OT_END) |
			   (LLG(s)->tf ? UINT64_C(1) << LL_OT_WITHDRAW : 0); // ll-3: TF.5
		{ // ll-gen2: snprintf's "turn %d: move and shoot, then end", without the formatter
			char num[16];
			int n = 0, t = LLG(s)->turn;
			unsigned u = t < 0 ? 0u - (unsigned)t : (unsigned)t;
			do
				num[n++] = (char)('0' + u % 10);
			while ((u /= 10) > 0);
			char buf[64] = "turn ";
			size_t at = 5;
			if (t < 0)
				buf[at++] = '-';
			while (n > 0)
				buf[at++] = num[--n];
			buf[at] = 0;
			ll_copy_text(buf + at, sizeof buf - at, ": move and shoot, then end");
			ll_copy_text(d->prompt, sizeof d->prompt, buf);
		}
		return 1;
	default:
		d->seat = (int8_t)(1 - s->mover);
		ll_copy_text(d->clause, sizeof d->clause, "NQ.TURN.2");
		ll_copy_text(d->kind, sizeof d->kind, "react");
		d->types = (UINT64_C(1) << LL_OT_SHOOT) | (UINT64_C(1) << LL_OT_WEAPON) | (UINT64_C(1) << LL_OT_AIM) |
			   (UINT64_C(1) << LL_OT_EVADE) | (UINT64_C(1) << LL_OT_END);
		ll_copy_text(d->prompt, sizeof d->prompt, "opportunity shots, then evades, then end: the melee follows");
		return 1;
	}
}

static int ll_to_move(const tw_state *s)
{
	tw_decision d;
	return ll_decisions(s, &d, 1) ? d.seat : -1;
}

static tw_status validate_aim(const tw_state *s, const tw_order *o, tw_error *err)
{
	int f = o->fig[0], t = o->fig2[0];
	if (!ll_fights(s, f) || s->fig[f].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.ATK.5", "figure %d is not one of %s's men in the fight", f,
				    s->sides[o->side].name);
	if (!ll_fights(s, t) || tw_allied(s, s->fig[t].side, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.ATK.5", "figure %d is no enemy in the fight", t);
	return TW_OK;
}

// h7-nqspeed: unengaged: the caller knows that no man a move order moves is in melee
// (ll_validate_move_unengaged)
static tw_status validate_as(const tw_state *s, const tw_order *o, tw_error *err, bool unengaged);

static tw_status ll_validate(const tw_state *s, const tw_order *o, tw_error *err) { return validate_as(s, o, err, false); }

static tw_status validate_as(const tw_state *s, const tw_order *o, tw_error *err, bool unengaged)
{
	if (o->side < 0 || o->side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "order has no valid side");
	if (s->over)
		return tw_error_set(err, TW_ERR_STATE, "NQ.VIC.1", "the game is over");
	if (s->phase == LL_PH_TF_EDGE || s->phase == LL_PH_CA_DESERT || o->type == LL_OT_EDGE || o->type == LL_OT_DESERT)
		return ll_owner_validate(s, o, err); // ll-rest: TF.D5, CA.D3: the owner's seat only
	tw_decision ds[TW_MAX_DECISIONS];
	int nd = ll_decisions(s, ds, TW_MAX_DECISIONS);
	bool asked = false;
	for (int i = 0; i < nd && !asked; i++)
		asked = ds[i].seat == o->side && (ds[i].types & (UINT64_C(1) << o->type));
	if (!asked)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "%s may not give a %s order now (phase %s)",
				    s->sides[o->side].name, o->type < LL_OT_COUNT ? tw_ruleset_lloyd.orders[o->type].name : "?",
				    ll_phase_names[s->phase < LL_PH_COUNT ? s->phase : LL_PH_OVER]);
	if (LL_FP(s)) // ll-2: the fast-play game under Type III
		return ll_in_validate(s, o, err);
	switch (o->type) {
	case LL_OT_START:
	case LL_OT_END: return TW_OK;
	case LL_OT_MOVE: return unengaged ? ll_validate_move_unengaged(s, o, err) : ll_validate_move(s, o, err);
	case LL_OT_SHOOT: return ll_validate_shoot(s, o, err);
	case LL_OT_LOAD: return ll_validate_load(s, o, err);
	case LL_OT_WEAPON: return ll_validate_weapon(s, o, err);
	case LL_OT_AIM: return validate_aim(s, o, err);
	case LL_OT_EVADE: return ll_validate_evade(s, o, err);
	// ll-3
	case LL_OT_ALLOCATE: return ll_tf_validate_alloc(s, o, err);
	case LL_OT_WITHDRAW: return ll_tf_validate_withdraw(s, o, err);
	case LL_OT_DEFECT:
	case LL_OT_COMMAND: return ll_sp_validate(s, o, err);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "no such order");
	}
}

// h7-nqspeed: an order accepted is noted for the game (core/vmemo.h, issue 18, as Little Wars
// does: only while a general decides on the game's state itself, the game then skips checking it
// again; the checking build checks it all the same). tests/test_ll_nqspeed.c plays the bench's
// games with and without the memo.
static tw_status ll_validate_noted(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = ll_validate(s, o, err);
	if (st == TW_OK)
		tw_vmemo_note(s, o);
	return st;
}

tw_status ll_validate_unengaged(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = validate_as(s, o, err, true);
	if (st == TW_OK)
		tw_vmemo_note(s, o);
	return st;
}

// NQ.VIC.1/2: at the end of each turn, a side with at least double the other's men in good order
// (and strictly more) wins; both at 0 is a draw.
static bool victory(tw_state *s, tw_events *ev, bool limit)
{
	int a = ll_fine(s, 0), b = ll_fine(s, 1), w = -1;
	if (a == 0 && b == 0)
		w = -2;
	else if (a >= 2 * b && a > b)
		w = 0;
	else if (b >= 2 * a && b > a)
		w = 1;
	else if (limit)
		w = a > b ? 0 : b > a ? 1 : -2;
	if (w == -1)
		return false;
	s->over = true;
	s->winner = (int8_t)w;
	s->phase = LL_PH_OVER;
	tw_event *e = tw_events_push(ev, w >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, w >= 0 ? w : -1, limit ? "NQ.VIC.2" : "NQ.VIC.1");
	if (e) {
		e->a = w;
		e->b = a;
		e->c = b;
		tw_event_text(e, "men in good order %d to %d: %s", a, b,
			      w == -2 ? "a draw" : w == 0 ? "the other side runs" : "the other side runs");
	}
	return true;
}

static void start_turn(tw_state *s, tw_events *ev, int mover)
{
	ll_game *g = LLG(s);
	g->turn++;
	g->evaded = 0;
	s->mover = (int8_t)mover;
	s->phase = LL_PH_MOVE;
	s->move_no = g->turn;
	for (int j = 0; j < s->nfig; j++)
		LLF(s, j)->snapped = 0;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_START, mover, "NQ.TURN.2");
	if (e) {
		e->a = g->turn;
		e->b = mover;
		tw_event_text(e, "turn %d: %s moves", g->turn, s->sides[mover].name);
	}
	ll_tf_turn_start(s, ev); // ll-3: TF.D5 arrivals
}

// ll-rest: the next turn after the owners' edge choices (TF.D5, ll_owner.c).
void ll_next_turn(tw_state *s, tw_events *ev) { start_turn(s, ev, 1 - s->mover); }

// ll-3: SP.D1-D3: the six-player game's ends of phases; after negotiation the camps' commanders
// roll off 1d20 (NQ.TURN.1) unless the scenario names the first camp.
void ll_sp_start_turn(tw_state *s, tw_events *ev, int camp);
static tw_status apply_end_sp(tw_state *s, const tw_order *o, tw_events *ev)
{
	int phase = s->phase;
	if (!ll_sp_end_phase(s, o->side, ev))
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	for (int k = 0; k < s->nsides; k++)
		LLS(s, k)->done = 0;
	if (phase == LL_PH_START) {
		int first = LLG(s)->first >= 0 ? tw_side_alliance(s, LLG(s)->first) : -1;
		int cmd[2] = {-1, -1};
		for (int k = 0; k < s->nsides; k++)
			if (LLS(s, k)->commander)
				cmd[tw_side_alliance(s, k)] = k;
		if (first < 0 && (cmd[0] < 0 || cmd[1] < 0))
			first = cmd[0] >= 0 ? 0 : 1; // one camp is empty: it moves first who is there
		for (int tries = 0; first < 0 && tries < 100; tries++) {
			int a = tw_roll(s, ev, cmd[0], "NQ.TURN.1", 1, 20, NULL, NULL);
			int b = tw_roll(s, ev, cmd[1], "NQ.TURN.1", 1, 20, NULL, NULL);
			if (a != b)
				first = a > b ? 0 : 1;
		}
		if (first < 0)
			return TW_ERR_DICE;
		ll_sp_start_turn(s, ev, first);
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	if (phase == LL_PH_MOVE) {
		s->phase = LL_PH_REACT;
		tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, "SP.D3");
		if (e) {
			e->a = LL_PH_REACT;
			tw_event_text(e, "the other camp may shoot at chargers and evade");
		}
	}
	tw_decision ds[TW_MAX_DECISIONS];
	if (phase == LL_PH_REACT || ll_sp_decisions(s, ds, TW_MAX_DECISIONS) == 0) { // reactions over, or nobody to react
		ll_melee(s, ev);
		tw_event *e = tw_events_push(ev, TW_EV_MOVE_END, s->mover, "NQ.TURN.2");
		if (e)
			e->a = LLG(s)->turn;
		if (!ll_sp_turn_end(s, ev))
			ll_sp_start_turn(s, ev, 1 - tw_side_alliance(s, s->mover));
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

static tw_status apply_start(tw_state *s, tw_events *ev)
{
	for (int tries = 0; tries < 100; tries++) { // NQ.TURN.1: roll off 1d20, the higher first
		int a = tw_roll(s, ev, 0, "NQ.TURN.1", 1, 20, NULL, NULL);
		int b = tw_roll(s, ev, 1, "NQ.TURN.1", 1, 20, NULL, NULL);
		if (a == b)
			continue;
		LLG(s)->first = (int8_t)(a > b ? 0 : 1);
		tw_event *e = tw_events_push(ev, TW_EV_TOSS, LLG(s)->first, "NQ.TURN.1");
		if (e) {
			e->a = LLG(s)->first;
			e->b = a > b ? a : b;
			tw_event_text(e, "%s rolls %d to %d and moves first", s->sides[LLG(s)->first].name, a > b ? a : b,
				      a > b ? b : a);
		}
		start_turn(s, ev, LLG(s)->first);
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	return TW_ERR_DICE;
}

static tw_status apply_end(tw_state *s, tw_events *ev)
{
	if (s->phase == LL_PH_MOVE) { // phase 1 over: the other side's opportunity shots and evades
		s->phase = LL_PH_REACT;
		tw_event *e = tw_events_push(ev, TW_EV_PHASE, 1 - s->mover, "NQ.TURN.2");
		if (e) {
			e->a = LL_PH_REACT;
			tw_event_text(e, "%s may shoot at chargers and evade", s->sides[1 - s->mover].name);
		}
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	ll_melee(s, ev); // NQ.TURN.2 phase 4, NQ.TURN.3: melee in every turn
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_END, s->mover, "NQ.TURN.2");
	if (e) {
		e->a = LLG(s)->turn;
		e->b = s->mover;
	}
	bool over = LLG(s)->tf ? ll_tf_turn_end(s, ev) // ll-3: TF.D4, TF.D7, TF.D6
			       : victory(s, ev, LLG(s)->turn >= (int)s->params[LLP_MAX_TURNS]);
	if (!over && s->phase != LL_PH_TF_EDGE) // ll-rest: TF.D5's owners choose their edges first
		start_turn(s, ev, 1 - s->mover);
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

static tw_status ll_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	(void)ctx;
	if (o->type == LL_OT_EDGE || o->type == LL_OT_DESERT) // ll-rest: TF.D5, CA.D3
		return ll_owner_apply(s, o, ev);
	if (LL_FP(s)) // ll-2: the fast-play game under Type III
		return ll_in_apply(s, o, ev, err);
	switch (o->type) {
	case LL_OT_START: return LLG(s)->tf && !LLG(s)->map_col[0] ? ll_tf_map(s, ev) : apply_start(s, ev);
	case LL_OT_MOVE: return ll_apply_move(s, o, ev);
	case LL_OT_SHOOT: return ll_apply_shoot(s, o, ev);
	case LL_OT_LOAD: return ll_apply_load(s, o, ev);
	case LL_OT_WEAPON: return ll_apply_weapon(s, o, ev);
	case LL_OT_AIM: {
		LLF(s, o->fig[0])->aim = o->fig2[0];
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "NQ.ATK.5");
		if (e) {
			e->a = o->fig[0];
			e->b = o->fig2[0];
			tw_event_text(e, "figure %d will make his attack roll against figure %d", o->fig[0], o->fig2[0]);
		}
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	case LL_OT_EVADE: return ll_apply_evade(s, o, ev);
	case LL_OT_END: return LLG(s)->sp ? apply_end_sp(s, o, ev) : apply_end(s, ev);
	// ll-3
	case LL_OT_ALLOCATE: return ll_tf_apply_alloc(s, o, ev);
	case LL_OT_WITHDRAW: return ll_tf_apply_withdraw(s, o, ev);
	case LL_OT_DEFECT:
	case LL_OT_COMMAND: return ll_sp_apply(s, o, ev);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "unexpected order");
	}
}

static void ll_score(const tw_state *s, double *points)
{
	for (int k = 0; k < s->nsides; k++)
		points[k] = LLG(s)->tf || LLG(s)->sp ? LLS(s, k)->vp // ll-3: TF.D6, SP.D4: VPs
						     : ll_fine(s, k); // NQ.VIC.2: men in good order
	if (LL_FP(s)) // ll-2, IN.ACT.6 (ours): men on the table and duel VPs
		for (int k = 0; k < s->nsides && k < 2; k++) {
			points[k] = LLG(s)->vp[k];
			for (int j = 0; j < s->nfig; j++)
				points[k] += s->fig[j].side == k && ll_fights(s, j);
		}
}

static void ll_hide(tw_state *d, int seat)
{
	(void)d;
	(void)seat;
}
static bool ll_hides(const tw_state *s, int seat)
{
	(void)s;
	(void)seat;
	return false;
}

static const char *const row_choices[] = {"first", "second", NULL};
static const tw_order_field f_move[] = {
	{"moves", TW_OF_PLACES, 0, TW_OFF_TO, true, 1, 0, NULL,
	 "each man to his place and facing (a group: every member by the same offset, NQ.MOVE.3)"},
	{"targets", TW_OF_FIGS2, 0, 0, false, 0, 0, NULL,
	 "fast-play only: the enemy body the movers (archers within half a move) then shoot at (IN.MS.1)"},
};
static const tw_order_field f_shoot[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the shooter (fast-play: the shooters of one body, IN.ACT.4)"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 0, NULL, "the enemy he shoots at (fast-play: one enemy body)"},
};
static const tw_order_field f_load[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the archers who load"},
};
static const tw_order_field f_weapon[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the man"},
	{"n", TW_OF_INT, 0, 0, true, 0, 1, row_choices, "the weapon row he takes up"},
};
static const tw_order_field f_aim[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the man"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 1, NULL, "the foe who gets his attack roll"},
};
static const tw_order_field f_evade[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the charged man who runs"},
};
// ll-3
static const tw_order_field f_allocate[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "every man of the side, once"},
	{"locations", TW_OF_INTS, 0, 0, true, 1, 0, NULL, "each man's location, 1-3, in the order of figures"},
};
static const tw_order_field f_withdraw[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the men who leave by their own edge"},
};
static const tw_order_field f_command[] = {
	{"n", TW_OF_SIDE, 0, 0, true, 0, 0, NULL, "the player who commands the camp"},
};
// ---- ll-2: IN, DU ----
static const char *const seize_choices[] = {"none", "advance", "fight", "sight", "flee", NULL};
static const tw_order_field f_seize[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the figure who rolls (IN.SEIZE.3)"},
	{"n", TW_OF_INT, 0, 0, true, 1, 4, seize_choices, "the action seized for (IN.SEIZE.1)"},
	{"card", TW_OF_INTS, 0, 0, false, 0, 1, NULL, "[1]: seize to carry out his order card, +4 (IN.TAC.5, IN.CARD.4)"},
};
static const tw_order_field f_fight[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "men of the group in contact that fights a round"},
};
static const tw_order_field f_challenge[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the challenger: a knight leading a contingent"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 1, NULL, "the enemy challenged"},
};
static const tw_order_field f_accept[] = {
	{"figures", TW_OF_FIGS, 0, 0, false, 0, 1, NULL, "a knight who accepts in the challenged man's place (DU.7)"},
};
static const tw_order_field f_volley[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the shooters: every missile-armed man may shoot once"},
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 0, NULL, "each shooter's own target, in the same order"},
};
static const tw_order_field f_tome[] = {
	{"targets", TW_OF_FIGS2, 0, 0, true, 1, 1, NULL, "the leader who calls and stands still"},
	{"moves", TW_OF_PLACES, 0, TW_OFF_TO, true, 1, 0, NULL, "each man who comes, to his place towards the leader"},
};
// ---- end ll-2 ----
// ---- ll-rest: TF.D5, CA.D3 ----
static const char *const edge_choices[] = {"row", "column", NULL};
static const tw_order_field f_edge[] = {
	{"n", TW_OF_INT, 0, 0, true, 0, 1, edge_choices,
	 "row: the near or far edge (rows 1 and 6); column: the left or right edge (columns 1 and 6)"},
};
static const tw_order_field f_desert[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "the men who desert: his own survivors, no leader"},
};
// ---- end ll-rest ----
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def ll_orders[LL_OT_COUNT] = {
	[LL_OT_START] = {"start", "NQ.TURN.1", "roll off 1d20: the higher moves first (when the scenario does not say)", "start",
			 0, 0, NULL},
	[LL_OT_MOVE] = {"move", "NQ.MOVE.1",
			"men move up to M (wounded -2, group -1, difficult ground -2, at least 1 in); ending engaged with "
			"an enemy is a charge",
			"move {moves} [at {targets}]", TW_OD_PER_FIGURE, FIELDS(f_move)},
	[LL_OT_SHOOT] = {"shoot", "NQ.SHT.3",
			 "a loaded man shoots: in his own turn (NQ.SHT), or in the enemy's at a man moving against him, at "
			 "+2W (NQ.OPP)",
			 "shoot {figures} at {targets}", 0, FIELDS(f_shoot)},
	[LL_OT_LOAD] = {"load", "NQ.SHT.2", "archers load (one of their two different actions, NQ.SHT.1)", "load {figures}", 0,
			FIELDS(f_load)},
	[LL_OT_WEAPON] = {"weapon", "NQ.ATK.4",
			  "a man changes weapon: in melee he loses this turn's attack roll (NQ.ATK.4), not when charged "
			  "and changing instead of shooting or evading (NQ.EVD.6)",
			  "weapon {figures} {n}", 0, FIELDS(f_weapon)},
	[LL_OT_AIM] = {"aim", "NQ.ATK.5", "the foe who gets a man's attack roll (default: the one to his front)",
		       "aim {figures} at {targets}", 0, FIELDS(f_aim)},
	[LL_OT_EVADE] = {"evade", "NQ.EVD.1",
			 "a charged man runs: 1d20 each, the faster side adds the difference of M and the slower subtracts "
			 "it; ties to the evader",
			 "evade {figures}", 0, FIELDS(f_evade)},
	[LL_OT_END] = {"end", "NQ.TURN.2",
		       "end this phase: the mover's ends his moving and shooting; the other side's ends its reactions, and "
		       "the melee is fought",
		       "end", TW_OD_ENDS_TURN, 0, NULL},
	// ll-3
	[LL_OT_ALLOCATE] = {"allocate", "TF.D2",
			    "in secret, send each man to L1, L2 or L3; both allocations are revealed together and the "
			    "busiest location is fought on the table",
			    "allocate {figures} to {locations}", 0, FIELDS(f_allocate)},
	[LL_OT_WITHDRAW] = {"withdraw", "TF.5", "men within their move of their own edge leave the table: not casualties",
			    "withdraw {figures}", 0, FIELDS(f_withdraw)},
	[LL_OT_DEFECT] = {"defect", "SP.D2", "change sides, at once: contacts with the new allies end without a fight",
			  "defect", 0, 0, NULL},
	[LL_OT_COMMAND] = {"command", "SP.5", "name the player who commands your camp (in the centre)", "command {n}", 0,
			   FIELDS(f_command)},
	// ---- ll-2: IN, DU ----
	[LL_OT_SEIZE] = {"seize", "IN.SEIZE.4",
			 "the passive side names a figure and an action and rolls 1d20 + leadership + tactical >= his base rate "
			 "(a natural 1-3 fails and sets off a melee round, IN.MEL.3)",
			 "seize {figures} {n} [card {card}]", 0, FIELDS(f_seize)},
	[LL_OT_FIGHT] = {"fight", "IN.MEL.2", "a group in contact fights a melee round as an action", "fight {figures}", 0,
			 FIELDS(f_fight)},
	[LL_OT_CHALLENGE] = {"challenge", "DU.2", "a knight leading a contingent challenges an enemy within two moves he sees",
			     "challenge {figures} at {targets}", 0, FIELDS(f_challenge)},
	[LL_OT_ACCEPT] = {"accept", "DU.3", "accept the challenge (or a knight in his place, DU.7), or grant mercy (DU.13)",
			  "accept {figures}", 0, FIELDS(f_accept)},
	[LL_OT_REFUSE] = {"refuse", "DU.6", "refuse the challenge (DU.4/6), or refuse mercy: one more round (DU.14)", "refuse", 0,
			  0, NULL},
	[LL_OT_MERCY] = {"mercy", "DU.13", "the wounded duellist asks for mercy (end: he pulls out, DU.15)", "mercy", 0, 0, NULL},
	[LL_OT_VOLLEY] = {"volley", "IN.SHT.6",
			  "nobody moves: every missile-armed man named shoots once at his own target, one action and one "
			  "counter",
			  "volley {figures} at {targets}", 0, FIELDS(f_volley)},
	[LL_OT_TOME] = {"tome", "IN.TOME.1",
			"a leader standing still calls \"To me!\": his command more than 4 in from every enemy moves at full "
			"speed towards him, no path within 4 in of an enemy (not a seizing action)",
			"tome {targets} {moves}", TW_OD_PER_FIGURE, FIELDS(f_tome)},
	// ---- end ll-2 ----
	// ---- ll-rest ----
	[LL_OT_EDGE] = {"edge", "TF.D5",
			"a decisive winner's group whose location is as far along the rows as along the columns: its owner "
			"picks the edge it comes on by",
			"edge {n}", 0, FIELDS(f_edge)},
	[LL_OT_DESERT] = {"desert", "CA.D3",
			  "after a campaign battle, the commander picks his deserters: 2 points a VP scored against him, no "
			  "leader, until the loss is reached",
			  "desert {figures}", 0, FIELDS(f_desert)},
	// ---- end ll-rest ----
};

static const tw_clause_family ll_families[] = {
	{"NQ", "the Newcastle Quite Decent Ancient Skirmish Rules: stat lines, d20 melee, reach, groups, shooting"},
	{"FP", "fast-play: quality ratings, points, d10 melee and shooting tables"},
	{"MS", "mass shooting: each later shooter at one target needs one more"},
	{"LT", "leader traits: the d20 table"},
	{"DU", "challenges and duels"},
	{"TF", "the three-fight system: secret allocation to three locations, off-table rolls, reinforcements"},
	{"SP", "the six-player game: two camps, changing sides, the governor"},
	{"CA", "the short campaign: six battles, VPs, desertion"},
	{"IN", "the Type III initiative: actions, seizing, reactive shooting and moves"},
	{"LL.EX", "worked examples"},
};

static const struct tw_general_def *const ll_generals[] = {&ll_general_type3, // ll-2
							    &ll_general_nq, &ll_general_three, &ll_general_six, // ll-gen
							    };

const tw_ruleset tw_ruleset_lloyd = {
	.name = "lloyd",
	.title = "Nikolas Lloyd, Skirmish Gaming (2004): NQ ancient skirmish, fast-play, mass shooting, traits, duels",
	.short_name = "ll",
	.nparams = LLP_COUNT,
	.params = ll_params,
	.setup = ll_setup,
	.validate = ll_validate_noted, // h7-nqspeed
	.apply = ll_apply,
	.apply_atomic = ll_apply_atomic, // ll-nq2: ll_atomic.c
	.to_move = ll_to_move,
	.decisions = ll_decisions,
	.score = ll_score,
	.hide = ll_hide,
	.hides = ll_hides,
	.random_orders = ll_random_orders,
	.norders = LL_OT_COUNT,
	.orders = ll_orders,
	.phase_max = LL_PH_COUNT - 1,
	.phase_names = ll_phase_names,
	.nfamilies = (int)TW_ARRAY_COUNT(ll_families),
	.families = ll_families,
	.nodds = 4,
	.odds_questions = ll_odds_questions,
	.odds = ll_odds,
	.roster = &ll_roster_hooks, // ll-fin: the roster editor as a rule set hook
	.nconstants = 4, // ll-fin: NQ.GEN.3, FP.1 (ll_about.c)
	.constants = ll_constants,
	.score_help = "men in good order: on the table, not wounded, out or dead (NQ.VIC.2)",
	.records = {[TW_REC_GAME] = &ll_game_rec, [TW_REC_FIGURE] = &ll_fig_rec, [TW_REC_SIDE] = &ll_side_rec},
	// ll-3: the campaign (CA) as a series
	.series_start = ll_series_start,
	.series_prepare = ll_series_prepare,
	.series_roles = ll_series_roles,
	.series_record = ll_series_record,
	.roles = ll_roles,       // ll-rest: CA.D1, battle 4 as 2v2: a seat per commander
	.role_may = ll_role_may,
	.ngenerals = (int)TW_ARRAY_COUNT(ll_generals), // ll-2: the fast-play game's general; ll-gen: NQ, TF, SP
	.generals = ll_generals,
};

// Nikolas Lloyd's skirmish suite: movement (NQ.MOVE), charges, evading (NQ.EVD), loading and
// changing weapon (NQ.SHT.1, NQ.ATK.4, NQ.EVD.6).
#include <math.h>

#include "ll.h"

static tw_status own_fig(const tw_state *s, const tw_order *o, int f, tw_error *err)
{
	if (!ll_fights(s, f) || s->fig[f].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "figure %d is not one of %s's men in the fight", f,
				    s->sides[o->side].name);
	return TW_OK;
}

static double allowance(const tw_state *s, const tw_order *o, int i)
{
	int f = o->fig[i];
	double m = LLF(s, f)->m - (LLF(s, f)->wounded ? 2 : 0); // NQ.MOVE.4
	if (LLF(s, f)->group >= 0)
		m -= 1; // NQ.MOVE.3, NQ.GRP.1: a formed group moves 1 in slower
	if (ll_path_difficult(s, s->fig[f].pos, o->at[i]))
		m -= 2; // NQ.MOVE.2
	return m < 1 ? 1 : m; // NQ.MOVE.5 (ours): the modifiers add, at least 1 in
}

// h7-nqspeed: unengaged: the caller knows that no mover is in melee (ll_in_melee false for each),
// and the test is not made again (the same verdict)
static tw_status validate_move(const tw_state *s, const tw_order *o, tw_error *err, bool unengaged);

tw_status ll_validate_move(const tw_state *s, const tw_order *o, tw_error *err) { return validate_move(s, o, err, false); }

tw_status ll_validate_move_unengaged(const tw_state *s, const tw_order *o, tw_error *err)
{
	return validate_move(s, o, err, !ll_validate_move_plain);
}

bool ll_validate_move_plain = false;

static tw_status validate_move(const tw_state *s, const tw_order *o, tw_error *err, bool unengaged)
{
	if (s->phase != LL_PH_MOVE || !ll_acting(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "a figure moves only in its own side's turn");
	if (o->nfig2) // the move's targets are the fast-play move-and-shoot (IN.MS.1)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.MOVE.1", "a move names no targets in the NQ game");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		LL_TRY(own_fig(s, o, f, err));
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "NQ.MOVE.7", "figure %d is named twice", f);
		if (!ll_may_act(s, f, LLA_MOVE))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.7", "figure %d has already moved (or used his two actions) this turn",
					    f);
		if (!unengaged && ll_in_melee(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MEL.1", "figure %d is engaged in melee (ours: he fights it out)", f);
		double d = tw_dist(s->fig[f].pos, o->at[i]), m = allowance(s, o, i);
		if (d > m + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d may move %.2f in, not %.2f (M %g%s%s%s)", f, m,
					    d, LLF(s, f)->m, LLF(s, f)->wounded ? ", wounded -2" : "",
					    LLF(s, f)->group >= 0 ? ", group -1" : "",
					    ll_path_difficult(s, s->fig[f].pos, o->at[i]) ? ", difficult -2" : "");
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d's way is blocked (a hedge is walked round)", f);
		// NQ.MOVE.3: a group moves as one body: every member by the same offset.
		int g = LLF(s, f)->group;
		if (g >= 0) {
			tw_vec2 off = tw_sub(o->at[i], s->fig[f].pos);
			for (int j = 0; j < s->nfig; j++) {
				if (LLF(s, j)->group != g || !ll_fights(s, j))
					continue;
				int k = 0;
				while (k < o->nfig && o->fig[k] != j)
					k++;
				if (k == o->nfig || tw_dist(tw_sub(o->at[k], s->fig[j].pos), off) > 1e-6)
					return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.3",
							    "group %d moves as one body: figure %d must move with figure %d", g, j, f);
			}
		}
	}
	// Destinations: on the table, no base overlapping another (the movers at their new places).
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		const tw_figure *me = &s->fig[f];
		tw_vec2 p = o->at[i];
		if (p.x - me->radius < -LL_EPS || p.y - me->radius < -LL_EPS || p.x + me->radius > s->table.width + LL_EPS ||
		    p.y + me->radius > s->table.depth + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d would leave the table", f);
		// ll-nq2: the first figure in index order that the base would stand on, each at his new
		// place if he moves: the movers at theirs, then the others where they stand (only a man
		// overlapped where he stands is looked for among the movers); the lower index is named
		int on = -1;
		for (int k = 0; k < o->nfig; k++) {
			int j = o->fig[k];
			if (j != f && (on < 0 || j < on) && tw_figure_on_table(s, &s->fig[j]) &&
			    tw_dist(p, o->at[k]) < me->radius + s->fig[j].radius - 1e-6)
				on = j;
		}
		for (int j = 0; j < s->nfig && (on < 0 || j < on); j++) {
			if (j == f || tw_dist(p, s->fig[j].pos) >= me->radius + s->fig[j].radius - 1e-6 ||
			    !tw_figure_on_table(s, &s->fig[j]))
				continue;
			bool moves = false;
			for (int k = 0; k < o->nfig && !moves; k++)
				moves = o->fig[k] == j;
			if (!moves)
				on = j;
		}
		if (on >= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d would stand on figure %d", f, on);
		for (int t = 0; t < s->table.nterrain; t++)
			if (tw_terrain_impassable(&s->table.terrain[t]) && tw_terrain_contains(&s->table.terrain[t], p))
				return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d would stand in impassable ground", f);
	}
	return TW_OK;
}

tw_status ll_apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	int turn = LLG(s)->turn;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		tw_figure *fg = &s->fig[f];
		ll_frec *r = LLF(s, f);
		r->fx = fg->pos.x;
		r->fy = fg->pos.y;
		r->turn_moved = turn;
		double len = tw_dist(fg->pos, o->at[i]);
		fg->pos = o->at[i];
		fg->facing = o->facing[i];
		ll_set_act(s, f, LLA_MOVE);
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, fg->side, r->group >= 0 ? "NQ.MOVE.3" : "NQ.MOVE.1");
		if (e) {
			e->a = f;
			e->x = fg->pos.x;
			e->y = fg->pos.y;
			e->v = len;
			tw_event_text(e, "%s moves %.2f in", r->name[0] ? r->name : "man", len);
		}
	}
	// A mover who ends engaged with an enemy has charged him (NQ.EVD.1): the nearest.
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i], best = -1;
		double bd = 1e300;
		// h7-nqspeed: the men engaged with him in index order (ll_engaged_next: ll_engaged's test,
		// himself left out, as ll_engaged leaves out a man of a side in range)
		bool own = f >= 0 && f < s->nfig && (int)s->fig[f].side < s->nsides;
		for (int j = own ? ll_engaged_next(s, f, 0) : 0; j >= 0 && j < s->nfig;
		     j = own ? ll_engaged_next(s, f, j + 1) : j + 1)
			if ((own || ll_engaged(s, f, j)) && tw_dist(s->fig[f].pos, s->fig[j].pos) < bd)
				bd = tw_dist(s->fig[f].pos, s->fig[j].pos), best = j;
		LLF(s, f)->charged = best;
		if (best >= 0) {
			tw_event *e = tw_events_push(ev, TW_EV_CONTACT, s->fig[f].side, "NQ.EVD.1");
			if (e) {
				e->a = f;
				e->b = best;
				tw_event_text(e, "figure %d charges figure %d", f, best);
			}
		}
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

static bool has_missile(const tw_state *s, int f) { return LLF(s, f)->reach[ll_row(s, f)] == TW_LL_MISSILE; }

tw_status ll_validate_load(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->phase != LL_PH_MOVE || !ll_acting(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "an archer loads in his own turn");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		LL_TRY(own_fig(s, o, f, err));
		if (!has_missile(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "figure %d has no missile weapon in hand", f);
		if (LLF(s, f)->loaded)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.2", "figure %d is loaded already", f);
		if (!ll_may_act(s, f, LLA_LOAD))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "figure %d has used his two different actions this turn", f);
	}
	return TW_OK;
}

tw_status ll_apply_load(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		LLF(s, f)->loaded = 1;
		ll_set_act(s, f, LLA_LOAD);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "NQ.SHT.2");
		if (e) {
			e->a = f;
			tw_event_text(e, "figure %d loads", f);
		}
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// Charged now: an enemy who charged him in this turn (NQ.EVD.1).
static int chargers(const tw_state *s, int f, int *out, int max)
{
	int n = 0, turn = LLG(s)->turn;
	for (int j = 0; j < s->nfig && n < max; j++)
		if (ll_fights(s, j) && LLF(s, j)->charged == f && LLF(s, j)->turn_moved == turn && ll_engaged(s, f, j))
			out[n++] = j;
	return n;
}

tw_status ll_validate_weapon(const tw_state *s, const tw_order *o, tw_error *err)
{
	bool react = s->phase == LL_PH_REACT && !ll_acting(s, o->side);
	if (!react && (s->phase != LL_PH_MOVE || !ll_acting(s, o->side)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.ATK.4", "not %s's time to change weapon", s->sides[o->side].name);
	int f = o->fig[0];
	LL_TRY(own_fig(s, o, f, err));
	if (o->n >= LLF(s, f)->nrows || o->n == ll_row(s, f))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.STAT.8", "figure %d has no other weapon row %d", f, o->n);
	return TW_OK;
}

tw_status ll_apply_weapon(tw_state *s, const tw_order *o, tw_events *ev)
{
	int f = o->fig[0];
	ll_frec *r = LLF(s, f);
	int cs[8];
	// NQ.EVD.6: a charged man who takes up his dagger instead of shooting or evading loses no attack
	// roll; otherwise a change in melee costs this turn's attack roll (NQ.ATK.4).
	bool before_contact = s->phase == LL_PH_REACT && !r->snapped && chargers(s, f, cs, 8) > 0;
	bool costs = ll_in_melee(s, f) && !before_contact;
	r->hand = o->n;
	if (costs)
		r->no_attack = LLG(s)->turn;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, before_contact ? "NQ.EVD.6" : "NQ.ATK.4");
	if (e) {
		e->a = f;
		e->b = o->n;
		e->c = costs;
		tw_event_text(e, "figure %d takes up his %s%s", f, ll_weapon_names[r->weapon[o->n]],
			      costs ? ": no attack roll this turn" : "");
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_status ll_validate_evade(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->phase != LL_PH_REACT || ll_acting(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "evading is the other side's, in phase 3");
	int f = o->fig[0], cs[8];
	LL_TRY(own_fig(s, o, f, err));
	int n = chargers(s, f, cs, 8);
	if (n == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.EVD.1", "figure %d is not being charged", f);
	// s29: one try at running from a charge (NQ.EVD.1); a man caught is in melee with the chargers
	// (NQ.EVD.5) and may not roll again (before s29 he could, until he got away).
	if (LLF(s, f)->evade_turn == LLG(s)->turn && LLG(s)->turn > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.EVD.5",
				    "figure %d has tried to evade this charge and was caught: he is in melee with the chargers", f);
	for (int j = 0; j < s->nfig; j++) { // NQ.EVD.7: only a man not already engaged
		if (!ll_engaged(s, f, j))
			continue;
		bool charger = false;
		for (int k = 0; k < n; k++)
			charger |= cs[k] == j;
		if (!charger)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.EVD.7", "figure %d is already engaged with figure %d", f, j);
	}
	return TW_OK;
}

tw_status ll_apply_evade(tw_state *s, const tw_order *o, tw_events *ev)
{
	int f = o->fig[0], cs[8];
	int n = chargers(s, f, cs, 8);
	ll_frec *r = LLF(s, f);
	LLG(s)->evaded = 1; // NQ.TURN.2: opportunity shooting is over
	r->evade_turn = LLG(s)->turn; // s29: his one try (NQ.EVD.1, NQ.EVD.5)
	double me = ll_move_allowance(s, f) * (r->snapped ? 0.5 : 1); // NQ.OPP.5, NQ.EVD.7
	int re = tw_roll(s, ev, s->fig[f].side, "NQ.EVD.3", 1, 20, NULL, NULL);
	// NQ.EVD.2, NQ.GRP.7: chargers of one group roll once; others each roll (NQ.EVD.7, ours).
	bool caught = false;
	tw_vec2 centre = tw_v2(0, 0);
	int rolled_group = -2;
	for (int k = 0; k < n; k++) {
		int c = cs[k], g = LLF(s, c)->group;
		centre = tw_add(centre, s->fig[c].pos);
		if (g >= 0 && g == rolled_group)
			continue;
		double mc = ll_move_allowance(s, c) - (g >= 0 ? 1 : 0); // group movement is M - 1
		if (mc < 1)
			mc = 1;
		int rc = tw_roll(s, ev, s->fig[c].side, g >= 0 ? "NQ.GRP.7" : "NQ.EVD.3", 1, 20, NULL, NULL);
		double diff = me - mc;
		bool escapes = re + diff >= rc - diff - LL_EPS; // NQ.EVD.4
		tw_event *e = tw_events_push(ev, TW_EV_TOSS, s->fig[f].side, "NQ.EVD.4");
		if (e) {
			e->a = escapes ? s->fig[f].side : s->fig[c].side;
			e->b = f;
			e->c = c;
			e->v = diff;
			tw_event_text(e, "evader %d: %d %+g = %g against charger%s %d: %d %+g = %g: %s", f, re, diff, re + diff,
				      g >= 0 ? "s' group roll by" : "", c, rc, -diff, rc - diff, escapes ? "escapes" : "caught");
		}
		caught |= !escapes;
		if (g >= 0)
			rolled_group = g;
	}
	if (!caught) { // NQ.EVD.5: a full move further off, directly away from the chargers
		centre = tw_scale(centre, 1.0 / n);
		tw_vec2 stood = s->fig[f].pos;
		ll_move_back(s, f, centre, me);
		s->fig[f].facing = tw_bearing_deg(tw_sub(s->fig[f].pos, centre));
		// NQ.EVD.5: the chargers move to where he stood: the nearest charger onto his place, and his
		// group (NQ.EVD.2) or he alone by that offset, where the ground is free.
		int lead = cs[0];
		for (int k = 1; k < n; k++)
			if (tw_dist(s->fig[cs[k]].pos, stood) < tw_dist(s->fig[lead].pos, stood))
				lead = cs[k];
		tw_vec2 off = tw_sub(stood, s->fig[lead].pos);
		int g = LLF(s, lead)->group;
		bool free = true;
		for (int j = 0; j < s->nfig && free; j++)
			if (j == lead || (g >= 0 && LLF(s, j)->group == g && ll_fights(s, j)))
				free = ll_place_free(s, j, tw_add(s->fig[j].pos, off)) &&
				       ll_path_clear(s, s->fig[j].pos, tw_add(s->fig[j].pos, off));
		for (int j = 0; j < s->nfig && free; j++)
			if (j == lead || (g >= 0 && LLF(s, j)->group == g && ll_fights(s, j)))
				s->fig[j].pos = tw_add(s->fig[j].pos, off);
		for (int k = 0; k < n; k++)
			LLF(s, cs[k])->charged = -1;
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, s->fig[f].side, "NQ.EVD.5");
		if (e) {
			e->a = f;
			e->x = s->fig[f].pos.x;
			e->y = s->fig[f].pos.y;
			e->v = me;
			tw_event_text(e, "figure %d evades to (%.2f, %.2f)", f, e->x, e->y);
		}
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

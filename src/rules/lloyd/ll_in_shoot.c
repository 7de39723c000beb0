// Nikolas Lloyd's skirmish suite, Type III: shooting and fighting as actions. A shooting action by
// one body at one enemy body (IN.ACT.4, FP.D7, MS.2), reactive shooting by the passive side
// (IN.SHT), the counters the shooter hands his opponent (IN.TAC.2), and a melee round fought as an
// action (IN.MEL.2).
#include <math.h>

#include "ll.h"

// FP.D7 (reading): the pieces that block sight (as NQ.MOVE.6/NQ.SHT.5: solid pieces, hedges and
// woods) give cover instead when they lie within 1 in of the target on the line of fire: a man
// lining a hedge or standing at a wood's edge is seen, and is in cover (+1). No base across the line.
static bool sight_at(const tw_state *s, int a, int b, tw_vec2 pb, bool *cover)
{
	tw_vec2 pa = s->fig[a].pos, d = tw_sub(pb, pa);
	double len = tw_len(d), lip = s->fig[b].radius + 1;
	tw_vec2 near = len > lip ? tw_sub(pb, tw_scale(d, lip / len)) : pa;
	bool cov = false;
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (ll_ter(tr)->sight == LL_SIGHT_CLEAR)
			continue;
		if (ll_ter_blocks_sight(tr) && len > lip && tw_terrain_segment_hits(tr, pa, near)) // issue 16: a barricade only covers
			return false;
		if (tw_terrain_segment_hits(tr, near, pb) || tw_terrain_contains(tr, pb))
			cov = true;
	}
	for (int j = 0; j < s->nfig; j++) {
		if (j == a || j == b || !tw_figure_on_table(s, &s->fig[j]))
			continue;
		if (tw_dist_point_segment(s->fig[j].pos, pa, pb) < s->fig[j].radius - 1e-6)
			return false;
	}
	if (cover)
		*cover = cov;
	return true;
}

bool ll_fp_sight(const tw_state *s, int a, int b, bool *cover) { return sight_at(s, a, b, s->fig[b].pos, cover); }

bool ll_fp_view(const tw_state *s, int a, int b, bool react, double *range, bool *cover)
{
	const ll_frec *t = LLF(s, b);
	double best = 1e18, max = ll_fp_missile_range(s, a);
	bool seen = false, cov = false;
	tw_vec2 from = tw_v2(t->in_fx, t->in_fy), to = s->fig[b].pos;
	int steps = 0;
	if (react && t->in_moved == LLG(s)->actions && t->in_dist > 0)
		steps = (int)ceil(tw_dist(from, to) * 10); // IN.SHT.5: any point of his path, tenths of an inch
	for (int k = 0; k <= steps; k++) {
		tw_vec2 p = steps ? tw_add(from, tw_scale(tw_sub(to, from), (double)k / steps)) : to;
		double r = tw_dist(s->fig[a].pos, p);
		bool c = false;
		if (r < best - LL_EPS && r <= max + LL_EPS && sight_at(s, a, b, p, &c)) {
			best = r;
			cov = c;
			seen = true;
		}
	}
	if (range)
		*range = best;
	if (cover)
		*cover = cov;
	return seen;
}

tw_status ll_in_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err)
{
	LL_TRY(ll_in_card_action(s, o, true, err));
	const ll_game *g = LLG(s);
	bool react = s->phase == LL_PH_IN_SEIZE;
	if (o->nfig < 1 || o->nfig2 < 1)
		return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.4", "a shooting action names the shooters and the enemy body");
	if (react && g->reacted[o->side]) // IN.SHT.1 (reading): once a side in a spell of enemy initiative
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.1", "%s has shot reactively in this spell already",
				    s->sides[o->side].name);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side || !ll_in_has_bow(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is not one of %s's shooters on the table", f,
					    s->sides[o->side].name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.4", "figure %d is named twice", f);
		if (ll_fp_contact_enemy(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is in melee", f);
	}
	for (int i = 0; i < o->nfig2; i++) {
		int t = o->fig2[i];
		if (!ll_fights(s, t) || s->fig[t].side == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is no enemy on the table", t);
	}
	if (!ll_fp_body(s, o->fig2, o->nfig2))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "the targets are not one enemy body");
	if (!react && !ll_fp_body(s, o->fig, o->nfig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1", "the shooters are not one body");
	for (int i = 0; i < o->nfig; i++) {
		bool any = false;
		for (int k = 0; k < o->nfig2 && !any; k++)
			any = ll_fp_view(s, o->fig[i], o->fig2[k], react, NULL, NULL);
		if (!any)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D7", "figure %d sees no target within his range", o->fig[i]);
	}
	if (!react && g->seize_kind) {
		if (g->seize_kind != 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight: shooting is not the action declared");
		if (!ll_in_listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
	}
	if (react) { // IN.SHT.2: at the shooters who shot at us, or at enemies moving in the last action
		bool shot_at = g->last_kind == 2;
		int cap = 0;
		for (int k = 0; k < o->nfig2; k++) {
			const ll_frec *t = LLF(s, o->fig2[k]);
			if (shot_at && t->in_shot != g->actions)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.2", "shot at, the reactors shoot back at the shooters");
			if (!shot_at && t->in_moved != g->actions)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.2", "figure %d did not move in the last action",
						    o->fig2[k]);
			cap += tw_ll_in_reactors(t->in_dist); // IN.SHT.5: one reactor an inch moved
		}
		if (!shot_at && o->nfig > cap)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.5", "%d reactors, at most %d for the inches moved", o->nfig, cap);
	}
	return TW_OK;
}

void ll_in_shot(tw_state *s, tw_events *ev, int side, int f, int t, int k, bool react)
{
	ll_du_attack(s, ev, f, t); // DU.16 (interpretation): shooting at a duellist on his own is cheating
	double range = 0;
	bool cover = false;
	if (!ll_fp_view(s, f, t, react, &range, &cover)) // IN.SHT.5: a reactor shoots from the best point of the path
		return;
	int base = tw_ll_fp_shot_need(range, cover, react); // FP.D7: cover +1; IN.SHT.3, FP.12: reactive +1
	if (!base)
		return;
	int need = tw_ll_ms_need(base, k); // MS.2, MS.6: each later shooter at the target needs 1 more
	int d = tw_roll(s, ev, side, react ? "IN.SHT.3" : "FP.D7", 1, 10, NULL, NULL);
	if (!react)
		LLF(s, f)->in_shot = LLG(s)->actions + 1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, k > 1 ? "MS.2" : "FP.D7");
	if (e) {
		e->a = f;
		e->b = t;
		e->c = d;
		e->d = need;
		e->v = range;
		tw_event_text(e, "%s shoots%s at %s%s, %.1f in: needs %d, rolls %d: %s", LLF(s, f)->name,
			      react ? " reactively" : "", LLF(s, t)->name, cover ? " in cover" : "", range, need, d,
			      d >= need ? "a hit" : "a miss");
	}
	if (d >= need)
		ll_fp_wound(s, ev, t, s->fig[f].pos, true); // FP.D7: a hit goes to the wound table
}

void ll_in_counter(tw_state *s, tw_events *ev, int shooter_side)
{
	ll_game *g = LLG(s);
	int to = 1 - shooter_side;
	g->counters[to]++; // IN.TAC.2: one counter to the opponent a shooting action
	tw_event *e = tw_events_push(ev, TW_EV_INFO, to, "IN.TAC.2");
	if (e) {
		e->a = g->counters[to];
		tw_event_text(e, "%s holds %d shooting counter(s): +%d to seize", s->sides[to].name, g->counters[to],
			      2 * g->counters[to]);
	}
}

tw_status ll_in_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev)
{
	bool react = s->phase == LL_PH_IN_SEIZE;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i], t = -1;
		double range = 1e18;
		for (int k = 0; k < o->nfig2; k++) // IN.ACT.4: the nearest of the body he sees
		{
			double r = 0;
			if (ll_fights(s, o->fig2[k]) && ll_fp_view(s, f, o->fig2[k], react, &r, NULL) && r < range) {
				range = r;
				t = o->fig2[k];
			}
		}
		if (t >= 0)
			ll_in_shot(s, ev, o->side, f, t, i + 1, react); // MS.6: the body is the target
	}
	if (react)
		LLG(s)->reacted[o->side] = 1; // IN.SHT.1
	else
		ll_in_counter(s, ev, o->side);
	return TW_OK;
}

tw_status ll_in_validate_fight(const tw_state *s, const tw_order *o, tw_error *err)
{
	LL_TRY(ll_in_card_action(s, o, false, err));
	const ll_game *g = LLG(s);
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "IN.MEL.2", "name a man of the group that fights");
	for (int i = 0; i < o->nfig; i++)
		if (!ll_fights(s, o->fig[i]) || s->fig[o->fig[i]].side != o->side || !ll_fp_contact_enemy(s, o->fig[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MEL.2", "figure %d is not one of %s's men in contact", o->fig[i],
					    s->sides[o->side].name);
	if (g->seize_kind && g->seize_kind != 2)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight");
	if (g->seize_kind && !ll_in_listed(o, g->seize_fig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
	return TW_OK;
}


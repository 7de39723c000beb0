// Nikolas Lloyd's skirmish suite, Type III: the two actions that are not one body's: the
// all-missiles action (IN.SHT.6: nobody moves, every missile-armed man named shoots once at his
// own target, one counter for the whole action) and "To me!" (IN.TOME: a leader standing still
// calls his command, each man more than 4 in from every enemy, to move at full speed towards him
// on a path never within 4 in of an enemy; not a seizing action).
#include "ll.h"

tw_status ll_in_validate_volley(const tw_state *s, const tw_order *o, tw_error *err)
{
	const ll_game *g = LLG(s);
	if (o->nfig < 1 || o->nfig2 != o->nfig)
		return tw_error_set(err, TW_ERR_INPUT, "IN.SHT.6", "name each shooter's own target: %d shooters, %d targets", o->nfig,
				    o->nfig2);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i], t = o->fig2[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side || !ll_in_has_bow(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.6", "figure %d is not one of %s's missile-armed men", f,
					    s->sides[o->side].name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.6", "figure %d shoots once", f);
		if (ll_fp_contact_enemy(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is in melee", f);
		if (!ll_fights(s, t) || s->fig[t].side == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.6", "figure %d is no enemy on the table", t);
		if (tw_dist(s->fig[f].pos, s->fig[t].pos) > ll_fp_missile_range(s, f) + LL_EPS || !ll_fp_sight(s, f, t, NULL))
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D7", "figure %d does not see figure %d within his range", f, t);
	}
	if (g->seize_kind && g->seize_kind != 2)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight");
	LL_TRY(ll_in_card_action(s, o, true, err));
	if (g->seize_kind) {
		bool in = false;
		for (int i = 0; i < o->nfig; i++)
			in |= o->fig[i] == g->seize_fig;
		if (!in)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
	}
	return TW_OK;
}

tw_status ll_in_apply_volley(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		int k = 1; // MS.6: the count runs per target within the action
		for (int j = 0; j < i; j++)
			k += o->fig2[j] == o->fig2[i];
		if (ll_fights(s, o->fig2[i]))
			ll_in_shot(s, ev, o->side, o->fig[i], o->fig2[i], k, false);
	}
	ll_in_counter(s, ev, o->side); // IN.SHT.6 (reading): the whole action earns one counter
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

static double enemy_gap(const tw_state *s, int side, tw_vec2 a, tw_vec2 b)
{
	double best = 1e18;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side != side) {
			double d = tw_dist_point_segment(s->fig[j].pos, a, b) - s->fig[j].radius;
			if (d < best)
				best = d;
		}
	return best;
}

// IN.TOME.1/2, FP.D10, LT.5: his own contingent (allied contingents too if he is Popular), and
// allies of the side within 4 in of a man of his command.
static bool in_command(const tw_state *s, int leader, int f)
{
	const ll_frec *l = LLF(s, leader);
	if (s->fig[f].side != s->fig[leader].side)
		return false;
	if (LLF(s, f)->cont == l->cont || (l->traits & TW_LL_POPULAR))
		return true;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && LLF(s, j)->cont == l->cont && tw_figure_gap(&s->fig[j], &s->fig[f]) <= 4 + LL_EPS)
			return true;
	return false;
}

tw_status ll_in_validate_tome(const tw_state *s, const tw_order *o, tw_error *err)
{
	int l = o->nfig2 == 1 ? o->fig2[0] : -1;
	if (l < 0 || !ll_fights(s, l) || s->fig[l].side != o->side || !LLF(s, l)->leader)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.1", "only a leader of %s calls \"To me!\"", s->sides[o->side].name);
	if (LLG(s)->seize_kind)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.2", "\"To me!\" is not a seizing action");
	if (o->nfig < 1 || !o->has_at)
		return tw_error_set(err, TW_ERR_INPUT, "IN.TOME.1", "name the men who come and where they go");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (f == l)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.1", "the leader stands still");
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "IN.TOME.1", "figure %d is named twice", f);
		if (!ll_fights(s, f) || !in_command(s, l, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.2", "figure %d is not of his command or its allies", f);
		if (enemy_gap(s, o->side, s->fig[f].pos, s->fig[f].pos) - s->fig[f].radius <= 4 + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.1", "figure %d is within 4 in of an enemy", f);
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		if (dist > ll_fp_allowance_to(s, f, o->at[i]) + LL_EPS) // FP.D2: difficult ground -2 (ll-gaps)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D2", "figure %d moves %.2f in, more than his %.0f in", f, dist,
					    ll_fp_allowance_to(s, f, o->at[i]));
		if (tw_dist(o->at[i], s->fig[l].pos) >= tw_dist(s->fig[f].pos, s->fig[l].pos) - LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.1", "figure %d must move towards the leader", f);
		if (enemy_gap(s, o->side, s->fig[f].pos, o->at[i]) - s->fig[f].radius <= 4 + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.TOME.1", "figure %d's path comes within 4 in of an enemy", f);
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]) || !ll_place_free(s, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d cannot get to (%.2f, %.2f)", f, o->at[i].x,
					    o->at[i].y);
	}
	return TW_OK;
}

tw_status ll_in_apply_tome(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_game *g = LLG(s);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "IN.TOME.1");
	if (e) {
		e->a = o->fig2[0];
		e->b = o->nfig;
		tw_event_text(e, "%s calls \"To me!\": %d come", LLF(s, o->fig2[0])->name, o->nfig);
	}
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		LLF(s, f)->in_fx = s->fig[f].pos.x; // IN.SHT.5: where his path began
		LLF(s, f)->in_fy = s->fig[f].pos.y;
		s->fig[f].pos = o->at[i];
		s->fig[f].facing = o->facing[i];
		LLF(s, f)->in_moved = g->actions + 1; // they moved: reactive shooting may answer (IN.SHT.2)
		LLF(s, f)->in_dist = dist;
		LLF(s, f)->in_engaged = 0;
		e = tw_events_push(ev, TW_EV_MOVE, o->side, "IN.TOME.1");
		if (e) {
			e->a = f;
			e->x = o->at[i].x;
			e->y = o->at[i].y;
			e->v = dist;
		}
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

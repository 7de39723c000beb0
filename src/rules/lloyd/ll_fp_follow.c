// Nikolas Lloyd's skirmish suite: the winner's follow-up (FP.D5: after a Push-back on a margin of
// 1-2 the winner may follow up). Offered after a melee fought in an action (a charge, IN.MEL.1, or
// a fight, IN.MEL.2) to the winning seat: `move` its men who touched a man pushed back into contact
// with him again (each at most a base depth), or `end`.
#include "ll.h"

tw_status ll_fp_validate_follow(const tw_state *s, const tw_order *o, tw_error *err)
{
	const ll_game *g = LLG(s);
	int now = g->actions + 1;
	if (o->nfig < 1 || !o->has_at)
		return tw_error_set(err, TW_ERR_INPUT, "FP.D5", "name the men who follow up and where they go");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side || LLF(s, f)->in_follow != now)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D5", "figure %d pushed nobody back: he cannot follow up", f);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "FP.D5", "figure %d is named twice", f);
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		if (dist > 2 * s->fig[f].radius + s->params[LLP_CONTACT] + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D5", "figure %d follows up at most a base depth", f);
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]) || !ll_place_free(s, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d cannot get to (%.2f, %.2f)", f, o->at[i].x,
					    o->at[i].y);
		bool reaches = false;
		for (int j = 0; j < s->nfig && !reaches; j++)
			reaches = ll_fights(s, j) && LLF(s, j)->in_pushed == now && // issue 16: across a barricade too
				  ll_gap_at(s, s->fig[j].pos, s->fig[j].radius, o->at[i], s->fig[f].radius) <=
					  s->params[LLP_CONTACT] + LL_EPS;
		if (!reaches)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D5", "figure %d must end in contact with a man pushed back", f);
	}
	return TW_OK;
}

void ll_fp_apply_follow(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		s->fig[f].pos = o->at[i];
		s->fig[f].facing = o->facing[i];
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, "FP.D5");
		if (e) {
			e->a = f;
			e->x = o->at[i].x;
			e->y = o->at[i].y;
			e->v = dist;
			tw_event_text(e, "%s follows up", LLF(s, f)->name);
		}
	}
	LLG(s)->follow_side = -1;
}

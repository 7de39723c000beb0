// Little Wars: capturing guns (LW.CAP.1-4).
//
// Readings used here (for the lead to document):
//  - LW.CAP.1(b): a crossing is recorded when a free man of a side other than the gun's
//    controller moves along a straight leg that crosses (or ends on) the infinite line through
//    the axle midpoint along the axle, in either direction. The movement code calls
//    lw_note_axle_crossings once per leg. Men who stop being free (dead, taken) lose their
//    crossing; the count at the end of a move takes only crossers still free and within 6 in.
//  - LW.CAP.1(a) and LW.CAP.3: "men of its original side" are the free men of the side that
//    controls the gun now (after a capture the captor is the owner in every way, LW.CAP.4, so a
//    recapture follows the same rule).
//  - LW.CAP.3: disputed_until = move_no + 2: the attacker may not fire or move the gun up to
//    and including his next move. It is not cleared by a later capture in the owner's move,
//    which keeps "not in his next move" true.
#include <stdio.h>

#include "lw.h"

#define LW_EPS 1e-9

static bool lw_within_gun(const tw_gun *g, const tw_figure *f)
{
	return lw_gun_may_be_within(g, f->pos, LW_REACH + LW_EPS + f->radius) &&
	       tw_gun_distance(g, f->pos) - f->radius <= LW_REACH + LW_EPS;
}

// LW.MOB.4: free men of `side` within 6 in of the gun (own helper; lw_gun.c has the lead's).
static int lw_men_near_gun(const tw_state *s, const tw_gun *g, int side)
{
	int c = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && lw_is_free(f) && lw_within_gun(g, f))
			c++;
	}
	return c;
}

void lw_note_axle_crossings(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b)
{
	if (!f || !lw_is_free(f))
		return;
	for (int gi = 0; gi < s->ngun; gi++) {
		tw_gun *g = &s->gun[gi];
		if (g->side == f->side)
			continue;
		tw_vec2 d = tw_dir_deg(g->bearing);
		tw_vec2 axle_dir = tw_v2(d.y, -d.x); // along the axle, perpendicular to the bearing
		double sa = tw_side_of_line(a, g->axle, axle_dir);
		double sb = tw_side_of_line(b, g->axle, axle_dir);
		bool crossed = (sa > 0 && sb <= 0) || (sa < 0 && sb >= 0);
		if (!crossed)
			continue;
		bool known = false;
		for (int k = 0; k < g->ncross && !known; k++)
			known = g->crossers[k] == f->id;
		if (known)
			continue;
		if (g->ncross >= TW_GUN_MAX_CROSSERS) { // make room: forget crossers no longer free
			int w = 0;
			for (int k = 0; k < g->ncross; k++) {
				const tw_figure *c = tw_state_figure_c(s, g->crossers[k]);
				if (c && lw_is_free(c))
					g->crossers[w++] = g->crossers[k];
			}
			g->ncross = w;
		}
		if (g->ncross < TW_GUN_MAX_CROSSERS)
			g->crossers[g->ncross++] = f->id;
	}
}

void lw_check_captures(tw_state *s, tw_events *ev)
{
	for (int gi = 0; gi < s->ngun; gi++) {
		tw_gun *g = &s->gun[gi];
		int owner = g->side;
		// Forget crossers who are no longer free men of another side.
		int w = 0;
		for (int k = 0; k < g->ncross; k++) {
			const tw_figure *c = tw_state_figure_c(s, g->crossers[k]);
			if (c && lw_is_free(c) && c->side != owner)
				g->crossers[w++] = g->crossers[k];
		}
		g->ncross = w;
		// LW.CAP.1(b): crossers of one enemy side still within 6 in.
		int attacker = -1, best = 0;
		for (int side = 0; side < s->nsides; side++) {
			if (side == owner)
				continue;
			int n = 0;
			for (int k = 0; k < g->ncross; k++) {
				const tw_figure *c = tw_state_figure_c(s, g->crossers[k]);
				if (c->side == side && lw_within_gun(g, c))
					n++;
			}
			if (n > best) {
				best = n;
				attacker = side;
			}
		}
		if (attacker < 0 || best < LW_GUN_CREW)
			continue; // LW.CAP.2: enemy merely near the gun never captures it
		int own = lw_men_near_gun(s, g, owner);
		if (own == 0) {
			// LW.CAP.1 and LW.CAP.4: the gun is the captor's from now on.
			g->side = (uint8_t)attacker;
			g->ncross = 0;
			tw_event *e = ev ? tw_events_push(ev, TW_EV_CAPTURE, attacker, "LW.CAP.1") : NULL;
			if (e) {
				e->move_no = s->move_no;
				e->a = g->id;
				e->b = attacker;
				e->c = owner;
				e->x = g->axle.x;
				e->y = g->axle.y;
				tw_event_text(
				    e,
				    "gun %d captured by %s: %d men past the axle, none of %s's within 6 in",
				    g->id, s->sides[attacker].name, best, s->sides[owner].name);
			}
		} else {
			// LW.CAP.3: in dispute; the attacker may not use it in his next move.
			g->disputed_until = s->move_no + 2;
			tw_event *e = ev ? tw_events_push(ev, TW_EV_DISPUTE, attacker, "LW.CAP.3") : NULL;
			if (e) {
				e->move_no = s->move_no;
				e->a = g->id;
				e->b = attacker;
				e->c = own;
				e->x = g->axle.x;
				e->y = g->axle.y;
				tw_event_text(e,
				              "gun %d in dispute: %d %s men past the axle but %d of %s's "
				              "still within 6 in",
				              g->id, best, s->sides[attacker].name, own,
				              s->sides[owner].name);
			}
		}
	}
}

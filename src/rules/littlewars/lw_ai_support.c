// LW.MEL.1's supporters from the general's lists (lw_ai_support.h).
#include <limits.h>
#include <math.h>

#include "lw.h"
#include "lw_ai_support.h"

int lw_ai_supporters(const tw_state *s, lw_ai_lists *l, int side, const int32_t *body, int n)
{
	return lw_ai_supporters_upto(s, l, side, body, n, INT_MAX);
}

int lw_ai_supporters_upto(const tw_state *s, lw_ai_lists *l, int side, const int32_t *body, int n, int enough)
{
	if (n <= 0)
		return 0;
	// The body's box and largest radius, as lw_supporters takes them; with a member missing or
	// not at a finite place, the plain count. s31: without a grid too, lw_ai_men_near gives
	// the side's free men in figure order (the men lw_supporters' loop keeps, less its side
	// and freedom tests, which are asked again below).
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, brmax = 0;
	bool boxed = true;
	for (int k = 0; k < n && boxed; k++) {
		const tw_figure *b = tw_state_figure_c(s, body[k]);
		boxed = b && isfinite(b->pos.x) && isfinite(b->pos.y) && isfinite(b->radius);
		if (boxed) {
			bx0 = fmin(bx0, b->pos.x);
			by0 = fmin(by0, b->pos.y);
			bx1 = fmax(bx1, b->pos.x);
			by1 = fmax(by1, b->pos.y);
			brmax = fmax(brmax, b->radius);
		}
	}
	if (!boxed) {
		int c = lw_supporters(s, side, body, n, NULL);
		return c < enough ? c : enough;
	}
	// Every man lw_supporters' box test keeps lies within the widest reach of a listed man.
	double W = l->rmax + brmax + l->allow_max + LW_EPS + 2e-3;
	int nn = lw_ai_men_near(l, side, false, tw_v2(bx0 - W, by0 - W), tw_v2(bx1 + W, by1 + W));
	int count = 0;
	for (int j = 0; j < nn && count < enough; j++) { // s31: as many as the caller asks about
		const tw_figure *f = &s->fig[l->found[j]];
		if (f->side != side || !lw_is_free_man(f)) // LW.MEL.1: men support; a waggon does not (s30)
			continue;
		double w = f->radius + brmax + lw_move_allowance(f) + LW_EPS + 1e-3;
		if (f->pos.x < bx0 - w || f->pos.x > bx1 + w || f->pos.y < by0 - w || f->pos.y > by1 + w)
			continue;
		bool member = false;
		for (int k = 0; k < n && !member; k++)
			member = body[k] == f->id;
		if (member)
			continue;
		double reach = lw_move_allowance(f) + LW_EPS;
		for (int k = 0; k < n; k++) {
			const tw_figure *b = tw_state_figure_c(s, body[k]);
			if (b && lw_may_be_within(f, b, reach) && lw_gap(f, b) <= reach) {
				count++;
				break;
			}
		}
	}
	return count;
}

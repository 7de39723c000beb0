// Guns held by a box (LW.BIG.2) or a train (LW.BIG.9/10, KS.RAIL.1), issue 18 lw-box: what the
// two holders do alike. A gun's record names its holder by number (`boxed` or `trained`, 1 + the
// box or train of its side's record); it moves with it, counts in it, is renumbered when the
// side's list closes a gap, and is set out 3 in to the right of the holder's men's square.
// lw_box_guns.c and lw_train_guns.c keep what differs (the checks, going in, a train's loss).
#include <math.h>

#include "lw_big.h"
#include "lw_boxes.h"

// The number of gun g's holder (read only from a const state; holder_set writes it).
static int32_t holder(const tw_state *s, const tw_gun *g, lw_holder h)
{
	const lw_gun *r = LWGN(s, g);
	return h == LW_IN_BOX ? r->boxed : r->trained;
}

static void holder_set(tw_state *s, const tw_gun *g, lw_holder h, int32_t v)
{
	lw_gun *r = LWGN(s, g);
	*(h == LW_IN_BOX ? &r->boxed : &r->trained) = v;
}

int lw_held_guns(const tw_state *s, int side, lw_holder h, int k)
{
	int n = 0;
	for (int i = 0; i < s->ngun; i++)
		n += s->gun[i].side == side && holder(s, &s->gun[i], h) == k + 1;
	return n;
}

void lw_held_guns_move(tw_state *s, int side, lw_holder h, int k, tw_vec2 to)
{
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && holder(s, &s->gun[i], h) == k + 1)
			s->gun[i].axle = to;
}

void lw_held_guns_renumber(tw_state *s, int side, lw_holder h, int from, int to)
{
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && holder(s, &s->gun[i], h) == from + 1)
			holder_set(s, &s->gun[i], h, to + 1);
}

int lw_held_guns_out(tw_state *s, int side, lw_holder h, int k, tw_vec2 c, int row, bool moved)
{
	int n = 0;
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		if (g->side != side || holder(s, g, h) != k + 1)
			continue;
		double x = c.x + (row > 0 ? row : 1) * 1.25 / 2.0 + 3.0 + 4.0 * n;
		g->axle = tw_v2(fmin(fmax(x, 0), s->table.width), fmin(fmax(c.y, 0), s->table.depth));
		if (h == LW_IN_BOX)
			g->flags &= ~(uint32_t)TW_FF_HIDDEN; // seen again (a train's open trucks never hid it)
		holder_set(s, g, h, 0);
		if (moved) { // set out by its own side (LW.BIG.9: unloading is its move)
			g->action = TW_GA_MOVED;
			g->acted_in = s->move_no;
		}
		n++;
	}
	return n;
}

int lw_gun_crew_named(const tw_state *s, const tw_gun *g, const tw_order *o)
{
	int crew = 0;
	for (int k = 0; k < o->nfig; k++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		crew += f && lw_free_man_near_gun(g, f);
	}
	return crew;
}

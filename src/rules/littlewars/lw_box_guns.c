// Guns in boxes (LW.BIG.2, issue 18 lw-box): a gun is boxed with its crew by `box FIGURES gun G`,
// moves with the box at its men's pace (the infantry's 12 in x the multiplier, lw_big_box_rate),
// is hidden from the enemy as boxed men are (TW_FF_HIDDEN: the enemy's view has it at (-1, -1);
// its record's `boxed` is the owner's), cannot act while boxed (lw_gun.c's checks: its crew are
// in the box, so it has none on the table, LW.MOB.4), and is set out with the box's men, 3 in to
// the right of their square, when the box is opened (by a scout, LW.BIG.3, or by its owner).
#include <math.h>

#include "lw_big.h"
#include "lw_boxes.h"

tw_status lw_validate_box_gun(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side || !lw_gun_in_battle(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "gun %d is not a gun of %s in the battle", o->gun,
				    s->sides[o->side].name);
	if (lw_gun_boxed(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "gun %d is in a box already", g->id);
	if (LWGN(s, g)->ks_destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.3", "gun %d was destroyed by a shell", g->id);
	if (g->acted_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4", "gun %d has moved or fired this move: box it in another",
				    g->id);
	int crew = 0;
	for (int k = 0; k < o->nfig; k++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		crew += f && lw_free_man_near_gun(g, f);
	}
	if (crew < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.4",
				    "gun %d goes in a box with its crew: %d of the men named are within 6 in of it, %d needed",
				    g->id, crew, LW_GUN_CREW);
	double d = lw_box_nearest_enemy(s, o->side, g->axle);
	if (!lw_big_may_rebox(d))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4",
				    "gun %d has an enemy %.1f in away: guns are boxed only with no enemy within 20 ft", g->id, d);
	return TW_OK;
}

void lw_box_gun_in(tw_state *s, tw_gun *g, int k, tw_vec2 c)
{
	g->axle = c;
	g->flags |= TW_FF_HIDDEN;
	LWGN(s, g)->boxed = k + 1;
	LWGN(s, g)->trail_due = 0;
}

int lw_box_guns(const tw_state *s, int side, int k)
{
	int n = 0;
	for (int i = 0; i < s->ngun; i++)
		n += s->gun[i].side == side && LWGN(s, &s->gun[i])->boxed == k + 1;
	return n;
}

void lw_box_guns_move(tw_state *s, int side, int k, tw_vec2 to)
{
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && LWGN(s, &s->gun[i])->boxed == k + 1)
			s->gun[i].axle = to;
}

int lw_box_guns_out(tw_state *s, int side, int k, tw_vec2 c, int row, bool own)
{
	int n = 0;
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		if (g->side != side || LWGN(s, g)->boxed != k + 1)
			continue;
		double x = c.x + (row > 0 ? row : 1) * 1.25 / 2.0 + 3.0 + 4.0 * n, y = c.y;
		g->axle = tw_v2(fmin(fmax(x, 0), s->table.width), fmin(fmax(y, 0), s->table.depth));
		g->flags &= ~(uint32_t)TW_FF_HIDDEN;
		LWGN(s, g)->boxed = 0;
		if (own) { // set out by its own side: that is its move
			g->action = TW_GA_MOVED;
			g->acted_in = s->move_no;
		}
		n++;
	}
	return n;
}

void lw_box_guns_renumber(tw_state *s, int side, int from, int to)
{
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && LWGN(s, &s->gun[i])->boxed == from + 1)
			LWGN(s, &s->gun[i])->boxed = to + 1;
}

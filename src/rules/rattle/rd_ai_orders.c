// A Rattle of Dice: order builders for computer players (a unit's move, facing change, shot, a
// General's ride, and any order type named in the table that takes a unit's figures, such as a
// `rally` order once it exists), and the random player's legal orders in a phase (the baseline
// of the computer generals and the conformance suite's player).
#include <math.h>

#include "rd.h"

// Every active figure of the unit (a unit moves as one body, RD.ORG.7).
static void unit_figures(const tw_state *s, int unit, tw_order *o)
{
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == unit && f->status == TW_FS_ACTIVE && f->kind != TW_FK_GENERAL)
			o->fig[o->nfig++] = f->id;
	}
}

bool rd_order_unit(const tw_state *s, int type, int unit, tw_order *o)
{
	const tw_unit *u = rd_unit_c(s, unit);
	if (!u || type < 0)
		return false;
	tw_order_init(o, type, u->side);
	unit_figures(s, unit, o);
	return o->nfig > 0;
}

bool rd_order_shift(const tw_state *s, int unit, tw_vec2 disp, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_MOVE, unit, o))
		return false;
	o->npath = 1;
	o->path[0] = tw_add(rd_unit_centre(s, unit), disp);
	return true;
}

bool rd_order_face(const tw_state *s, int unit, double bearing, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_FORMATION, unit, o))
		return false;
	o->n = s->unit[unit].formation;
	o->has_aim = true;
	o->bearing = fmod(fmod(bearing, 360.0) + 360.0, 360.0);
	return true;
}

bool rd_order_shoot(const tw_state *s, int unit, int target, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_SHOOT, unit, o))
		return false;
	for (int i = 0; i < s->nfig && o->nfig2 < TW_ORDER_MAX_FIG; i++)
		if (s->fig[i].unit == target && s->fig[i].status == TW_FS_ACTIVE && s->fig[i].kind != TW_FK_GENERAL)
			o->fig2[o->nfig2++] = s->fig[i].id;
	return o->nfig2 > 0;
}

bool rd_order_general(const tw_state *s, int fig, tw_vec2 to, tw_order *o)
{
	const tw_figure *g = tw_state_figure_c(s, fig);
	if (!g || g->kind != TW_FK_GENERAL)
		return false;
	tw_order_init(o, RD_OT_GENERAL, g->side);
	o->nfig = 1;
	o->fig[0] = fig;
	o->npath = 1;
	o->path[0] = to;
	return true;
}

bool rd_unit_may_act(const tw_state *s, int unit)
{
	const rd_urec *r = RDU(s, unit);
	return rd_unit_alive(s, unit) && s->unit[unit].side == rd_phasing_side(s) && r->action == RD_ACT_NONE;
}

// One random order of the phasing side: a unit that has not acted moves a random distance in a
// random direction, turns, changes formation or shoots at a random enemy unit; a General rides;
// or the phase ends. The caller keeps the first one the rules accept.
static void random_one(const tw_state *s, int side, tw_rng *r, tw_order *o)
{
	int mine[256], n = 0, enemy[256], ne = 0, gens[64], ng = 0;
	for (int u = 0; u < s->nunit; u++) {
		if (!rd_unit_alive(s, u))
			continue;
		if (s->unit[u].side == side && n < 256 && RDU(s, u)->action != RD_ACT_SHOOT)
			mine[n++] = u;
		else if (s->unit[u].side != side && ne < 256)
			enemy[ne++] = u;
	}
	for (int i = 0; i < s->nfig && ng < 64; i++)
		if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE)
			gens[ng++] = i;
	uint32_t kind = tw_rng_below(r, 10);
	if (kind == 0 || (n == 0 && ng == 0)) {
		tw_order_init(o, RD_OT_END, side);
		return;
	}
	if ((kind == 1 && ng > 0) || n == 0) {
		int g = gens[tw_rng_below(r, (uint32_t)ng)];
		double a = 360.0 * tw_rng_unit(r), len = 24.0 * tw_rng_unit(r);
		rd_order_general(s, g, tw_add(s->fig[g].pos, tw_scale(tw_dir_deg(a), len)), o);
		return;
	}
	int u = mine[tw_rng_below(r, (uint32_t)n)];
	if (kind <= 4 && ne > 0) {
		rd_order_shoot(s, u, enemy[tw_rng_below(r, (uint32_t)ne)], o);
		return;
	}
	if (kind == 5) {
		if (tw_rng_below(r, 2))
			rd_order_face(s, u, 360.0 * tw_rng_unit(r), o);
		else if (rd_order_unit(s, RD_OT_FORMATION, u, o))
			o->n = (int32_t)tw_rng_below(r, TW_RD_F_COUNT);
		return;
	}
	double left = fmax(0.5, rd_unit_allowance(s, u) - RDU(s, u)->used);
	rd_order_shift(s, u, tw_scale(tw_dir_deg(360.0 * tw_rng_unit(r)), left * tw_rng_unit(r)), o);
}

int rd_random_phase_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	for (int k = 0; k < max; k++)
		random_one(s, side, r, &out[k]);
	return max;
}

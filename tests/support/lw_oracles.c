// The plain computations behind the Little Wars computer general's fast paths (see lw_oracles.h).
#include "lw_oracles.h"

#include <math.h>

void lw_oracle_route(const tw_state *s, lw_route *rt, int side)
{
	lw_route_sources(s, rt, side);
	const float a = (float)rt->cell, b = (float)(rt->cell * 1.41421356);
	for (int pass = 0; pass < 40; pass++) {
		bool changed = false;
		for (int dir = 0; dir < 2; dir++) {
			int y0 = dir ? rt->gy - 1 : 0, y1 = dir ? -1 : rt->gy, st = dir ? -1 : 1;
			for (int y = y0; y != y1; y += st) {
				int x0 = dir ? rt->gx - 1 : 0, x1 = dir ? -1 : rt->gx;
				for (int x = x0; x != x1; x += st) {
					int i = y * rt->gx + x;
					if (!rt->pass[i] && rt->dist[i] != 0)
						continue;
					float best = rt->dist[i];
					static const int nb[4][3] = {
					    {-1, 0, 0}, {0, -1, 0}, {-1, -1, 1}, {1, -1, 1}};
					for (int k = 0; k < 4; k++) {
						int nx = x + nb[k][0] * st, ny = y + nb[k][1] * st;
						if (nx < 0 || ny < 0 || nx >= rt->gx || ny >= rt->gy)
							continue;
						float v = rt->dist[ny * rt->gx + nx] + (nb[k][2] ? b : a);
						if (v < best)
							best = v;
					}
					if (best < rt->dist[i]) {
						rt->dist[i] = best;
						changed = true;
					}
				}
			}
		}
		if (!changed)
			break;
	}
}

bool lw_oracle_pass(const tw_state *s, const lw_route *rt, int x, int y)
{
	tw_vec2 c = tw_v2((x + 0.5) * rt->cell, (y + 0.5) * rt->cell);
	bool ok = !tw_table_is_water(&s->table, c);
	for (int t = 0; ok && t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (tw_terrain_impassable(tr) && tw_terrain_distance(tr, c) < 0.6)
			ok = false;
	}
	return ok;
}

double lw_oracle_nearest_enemy(const tw_state *s, int side, tw_vec2 p, int *who)
{
	double best = INFINITY;
	*who = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		double d = tw_dist(f->pos, p);
		if (d < best) {
			best = d;
			*who = i;
		}
	}
	return best;
}

int lw_oracle_count_near(const tw_state *s, int side, tw_vec2 p, double r)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && lw_is_free(f) && tw_dist(f->pos, p) - f->radius <= r)
			n++;
	}
	return n;
}

lw_charge_eval lw_oracle_charge(const tw_state *s, int side, const tw_figure *e, int nours)
{
	int theirs = 0, sup = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != e->side || !lw_is_free(f))
			continue;
		double d = tw_dist(f->pos, e->pos) - f->radius;
		if (d <= LW_REACH + 1.0)
			theirs++;
	}
	// Their supporters: free men not taking part, within their move of the contact (LW.MEL.1).
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != e->side || !lw_is_free(f))
			continue;
		double d = tw_dist(f->pos, e->pos) - f->radius;
		if (d > LW_REACH + 1.0 && d <= lw_move_allowance(f))
			sup++;
	}
	// Our men already within 6 in of the enemy man join in too.
	int mine = nours;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && lw_is_free(f) && f->moved_in != s->move_no &&
		    tw_dist(f->pos, e->pos) <= LW_REACH)
			mine++;
	}
	return lw_charge_value(mine, theirs, sup);
}

int lw_oracle_supporters(const tw_state *s, int side, const int32_t *body, int n)
{
	int count = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f))
			continue;
		bool member = false;
		for (int k = 0; k < n && !member; k++)
			member = body[k] == f->id;
		if (member)
			continue;
		double reach = lw_move_allowance(f) + LW_EPS;
		for (int k = 0; k < n; k++) {
			const tw_figure *b = tw_state_figure_c(s, body[k]);
			if (b && lw_gap(f, b) <= reach) {
				count++;
				break;
			}
		}
	}
	return count;
}

// The computer general's questions about the state it is deciding on: who is nearest, how many
// stand near a place, what a charge would cost (LW.MEL.1, 4-7), how high the ground is. The
// state's free men, hill layers and ground heights are listed once per decision, and the
// questions asked again and again are answered from the lists.
#include <math.h>
#include <string.h>

#include "lw_ai.h"

// ---- the lists ----

double lw_ai_ground(const tw_state *s, const lw_ai_lists *l, tw_vec2 p)
{
	double z = 0;
	for (int k = 0; k < l->nhills; k++) {
		const tw_terrain *t = &s->table.terrain[l->hills[k]];
		if (tw_terrain_contains(t, p))
			z = fmax(z, t->z0 + t->height);
	}
	return z;
}

double lw_ai_fig_ground(const tw_state *s, lw_ai_lists *l, int i)
{
	if (isnan(l->fig_ground[i]))
		l->fig_ground[i] = lw_ai_ground(s, l, s->fig[i].pos);
	return l->fig_ground[i];
}

bool lw_ai_lists_make(const tw_state *s, lw_ai_lists *l)
{
	if (s->ngun > l->cap_gun_ground) {
		double *v = tw_realloc(l->gun_ground, (size_t)s->ngun * sizeof *v);
		if (!v)
			return false;
		l->gun_ground = v;
		l->cap_gun_ground = s->ngun;
	}
	if (s->nfig > l->cap_fig_ground) {
		double *v = tw_realloc(l->fig_ground, (size_t)s->nfig * sizeof *v);
		if (!v)
			return false;
		l->fig_ground = v;
		l->cap_fig_ground = s->nfig;
	}
	if (s->table.nterrain > l->cap_hills) {
		int32_t *v = tw_realloc(l->hills, (size_t)s->table.nterrain * sizeof *v);
		if (!v)
			return false;
		l->hills = v;
		l->cap_hills = s->table.nterrain;
	}
	l->nhills = 0;
	for (int i = 0; i < s->table.nterrain; i++)
		if (s->table.terrain[i].kind == TW_TER_HILL)
			l->hills[l->nhills++] = i;
	for (int i = 0; i < s->ngun; i++)
		l->gun_ground[i] = lw_ai_ground(s, l, s->gun[i].axle);
	for (int i = 0; i < s->nfig; i++)
		l->fig_ground[i] = NAN;
	if (s->nfig > l->cap_free) {
		lw_ai_man *v = tw_realloc(l->free_men, (size_t)s->nfig * sizeof *v);
		if (!v)
			return false;
		l->free_men = v;
		l->cap_free = s->nfig;
	}
	// Free men by side, in figure order within a side (a counting sort).
	int count[LW_AI_SIDES], at[LW_AI_SIDES];
	memset(count, 0, sizeof count);
	int nsides = 0;
	for (int i = 0; i < s->nfig; i++)
		if (lw_is_free(&s->fig[i])) {
			int side = s->fig[i].side;
			count[side]++;
			if (side >= nsides)
				nsides = side + 1;
		}
	int n = 0;
	for (int side = 0; side < nsides; side++) {
		l->free_start[side] = at[side] = n;
		n += count[side];
	}
	l->free_start[nsides] = n;
	l->nsides = nsides;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (lw_is_free(f))
			l->free_men[at[f->side]++] =
			    (lw_ai_man){f->pos.x, f->pos.y, f->radius, lw_move_allowance(f), f->moved_in};
	}
	return true;
}

void lw_ai_lists_free(lw_ai_lists *l)
{
	tw_free(l->free_men);
	tw_free(l->gun_ground);
	tw_free(l->fig_ground);
	tw_free(l->hills);
	memset(l, 0, sizeof *l);
}

// ---- questions ----

lw_charge_eval lw_charge_value(int mine, int theirs, int sup)
{
	lw_charge_eval ce = {0, 0, -1e9};
	ce.mine = mine;
	ce.theirs = theirs;
	if (mine <= theirs) {
		ce.value = mine == theirs ? 0 - 0.5 : -(double)mine; // equal: all die; smaller: we lose all
		return ce;
	}
	bool iso = sup * 2 < theirs;
	lw_melee_result r = lw_melee_math(mine, theirs, iso);
	ce.value = (double)(r.dead_small + r.prisoners) - (double)r.dead_large;
	return ce;
}

lw_charge_eval lw_ai_charge(const lw_ai_lists *l, const tw_state *s, int side, const tw_figure *e, int nours)
{
	int theirs = 0, sup = 0;
	if (e->side < l->nsides)
		for (int k = l->free_start[e->side]; k < l->free_start[e->side + 1]; k++) {
			const lw_ai_man *f = &l->free_men[k];
			double d = tw_dist(tw_v2(f->x, f->y), e->pos) - f->r;
			if (d <= LW_REACH + 1.0)
				theirs++;
			// Their supporters: free men not taking part, within their move of the contact
			// (LW.MEL.1).
			else if (d <= f->allow)
				sup++;
		}
	// Our men already within 6 in of the enemy man join in too.
	int mine = nours;
	if (side >= 0 && side < l->nsides)
		for (int k = l->free_start[side]; k < l->free_start[side + 1]; k++) {
			const lw_ai_man *f = &l->free_men[k];
			if (f->moved_in != s->move_no && tw_dist(tw_v2(f->x, f->y), e->pos) <= LW_REACH)
				mine++;
		}
	return lw_charge_value(mine, theirs, sup);
}

double lw_nearest_enemy(const tw_state *s, int side, tw_vec2 p, int *who)
{
	double best = INFINITY, best2 = INFINITY;
	if (who)
		*who = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		// sqrt is monotonic: a strictly larger square cannot give a strictly smaller distance.
		tw_vec2 v = tw_sub(f->pos, p);
		double d2 = v.x * v.x + v.y * v.y;
		if (d2 > best2)
			continue;
		double d = sqrt(d2); // tw_dist(f->pos, p), the same operations
		if (d < best) {
			best = d;
			best2 = d2;
			if (who)
				*who = i;
		}
	}
	return best;
}

// The computer general's gun targets within a move (lw_ai_gunsight.h).
#include "lw_ai_gunsight.h"

#include <string.h>

static bool same_bits(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

bool lw_gunsight_holds(const lw_gunsight *gs, const tw_state *s, const tw_gun *g, int side, double z0)
{
	if (!gs->valid || gs->gun != g->id || gs->side != side || gs->move_no != s->move_no || gs->nfig != s->nfig ||
	    !same_bits(&gs->axle, &g->axle, sizeof g->axle) || !same_bits(&gs->z0, &z0, sizeof z0))
		return false;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		if (!gs->was_free[i] || !same_bits(&gs->pos[i], &f->pos, sizeof f->pos))
			return false;
	}
	return true;
}

bool lw_gunsight_begin(lw_gunsight *gs, const tw_state *s, const tw_gun *g, int side, double z0)
{
	gs->valid = false;
	if (s->nfig > gs->cap) {
		size_t n = (size_t)s->nfig;
		uint8_t *w = tw_realloc(gs->was_free, n * sizeof *w);
		if (w)
			gs->was_free = w;
		tw_vec2 *p = tw_realloc(gs->pos, n * sizeof *p);
		if (p)
			gs->pos = p;
		int32_t *ix = tw_realloc(gs->idx, n * sizeof *ix);
		if (ix)
			gs->idx = ix;
		double *d = tw_realloc(gs->dist, n * sizeof *d);
		if (d)
			gs->dist = d;
		if (!w || !p || !ix || !d)
			return false;
		gs->cap = s->nfig;
	}
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		gs->was_free[i] = f->side != side && lw_is_free(f);
		gs->pos[i] = f->pos;
	}
	gs->gun = g->id;
	gs->side = side;
	gs->move_no = s->move_no;
	gs->nfig = s->nfig;
	gs->axle = g->axle;
	gs->z0 = z0;
	gs->n = 0;
	gs->valid = true;
	return true;
}

void lw_gunsight_add(lw_gunsight *gs, int i, double d)
{
	if (!gs->valid)
		return;
	gs->idx[gs->n] = i;
	gs->dist[gs->n] = d;
	gs->n++;
}

void lw_gunsight_clear(lw_gunsight *gs) { gs->valid = false; }

void lw_gunsight_free(lw_gunsight *gs)
{
	tw_free(gs->was_free);
	tw_free(gs->pos);
	tw_free(gs->idx);
	tw_free(gs->dist);
	memset(gs, 0, sizeof *gs);
}

// Science versus Luck: one shot in COMPUTER mode (SV.GUN.8-11), the rule set's own fast model,
// with its draws in the order SV.CON.3 gives (injectable by tests).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>

#include "sv.h"

#define DEG (3.14159265358979323846 / 180.0)
#define LINE_HALF 0.5 // SV.GUN.10: 0.45" base radius + 0.05" for the match
#define MAX_CAND 64

static double draw_u(tw_sv_draws *d, tw_rng *r)
{
	if (!d)
		return tw_rng_unit(r);
	if (d->used < d->n)
		return d->v[d->used++];
	d->short_of = true;
	return 0.999;
}

static double draw_z(tw_sv_draws *d, tw_rng *r)
{
	if (!d)
		return tw_rng_normal(r);
	if (d->used < d->n)
		return d->v[d->used++];
	d->short_of = true;
	return 0;
}

typedef struct cand {
	int32_t id;
	double along, off;
} cand;

static int cand_cmp(const void *pa, const void *pb)
{
	const cand *a = pa, *b = pb; // SV.GUN.10: by distance along the path; ties nearer the line first
	if (a->along != b->along)
		return a->along < b->along ? -1 : 1;
	double x = fabs(a->off), y = fabs(b->off);
	if (x != y)
		return x < y ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

void sv_shot(const tw_state *s, int g, double theta, double r, double vb, int tempo, tw_sv_draws *d, tw_rng *rng,
	     sv_shot_out *out)
{
	const sv_grec *t = SVGN(s, g);
	tw_vec2 o = s->gun[g].axle; // SV.CON.2: the gun's reference point is its muzzle
	*out = (sv_shot_out){.saved = -1};
	// 1. Misfire (SV.GUN.8 step 1, SV.FIRE.7).
	if (draw_u(d, rng) < tw_sv_misfire(t->misfire, (tw_sv_tempo)tempo)) {
		out->misfire = true;
		return;
	}
	// 2. Velocity, clamped to [0.5, 1.5] of the mean.
	double v = t->v_mean + t->v_sigma * draw_z(d, rng);
	if (v < 0.5 * t->v_mean)
		v = 0.5 * t->v_mean;
	if (v > 1.5 * t->v_mean)
		v = 1.5 * t->v_mean;
	// 3. Bearing, with the tempo's dispersion.
	double phi = theta + t->az_sigma * sv_tempo[tempo].disp * draw_z(d, rng);
	// 4-6. Elevation, first graze, beaten zone.
	double e = tw_sv_elevation(r, vb);
	double d1 = tw_sv_first_graze(v, e);
	double drop = 1.0 / tw_tan(e * DEG);
	out->v = v;
	out->phi = phi;
	out->e = e;
	out->d1 = d1;
	out->z0 = d1 - (drop < d1 ? drop : d1);
	out->z1 = d1 + t->skid;
	out->stop = out->z1;
	tw_vec2 dir = tw_dir_deg(phi);
	// SV.GUN.11: tall hard cover stops it anywhere on its path; low hard cover within the zone.
	double tall = sv_first_crossing(s, o, dir, 0, out->z1, SV_TER_TALL_HARD);
	double low = sv_first_crossing(s, o, dir, out->z0, out->z1, SV_TER_LOW_HARD);
	bool by_cover = false;
	if (tall >= 0 && tall < out->stop)
		out->stop = tall, by_cover = true;
	if (low >= 0 && low < out->stop)
		out->stop = low, by_cover = true;
	if (by_cover && out->stop < out->z0)
		return; // stopped in flight
	// SV.GUN.10: candidates.
	cand c[MAX_CAND];
	int nc = 0;
	for (int i = 0; i < s->nfig && nc < MAX_CAND; i++) {
		if (!sv_standing(s, i))
			continue;
		tw_vec2 rel = tw_sub(s->fig[i].pos, o);
		double along = tw_dot(rel, dir), off = tw_cross(dir, rel);
		if (along < out->z0 || along > out->z1 || (by_cover && along >= out->stop) || fabs(off) > LINE_HALF)
			continue;
		if (!sv_sight(s, o, s->fig[i].pos) || sv_behind_hard(s, o, s->fig[i].pos)) // SV.GUN.11, SV.BAT.7
			continue;
		c[nc++] = (cand){i, along, off};
	}
	qsort(c, (size_t)nc, sizeof c[0], cand_cmp);
	for (int k = 0; k < nc; k++) {
		if (sv_in_soft(s, s->fig[c[k].id].pos) && draw_u(d, rng) >= 0.5) {
			out->saved = c[k].id; // soft cover saved him, and the match stops
			return;
		}
		if (out->nfell < (int)(sizeof out->fell / sizeof out->fell[0]))
			out->fell[out->nfell++] = c[k].id;
		if (draw_u(d, rng) >= t->carry) // the carry-on draw, after every fall (SV.CON.3)
			return;
	}
}

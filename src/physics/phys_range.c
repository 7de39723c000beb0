// The test range of Science versus Luck's evaluation phase (SV.DOC.6-9), fired with the
// physics model: a flat lane without terrain, the gun at its head, paper screens that record
// where the shot passed and do not stop it.
#include <math.h>
#include <string.h>

#include "phys.h"

#define RANGE_WIDTH 240.0 // lane width on the simulated table, inches (wide: wild guns stay on it)
#define RANGE_Y0 2.0      // muzzle distance from the head of the lane
#define SCREEN_HALF 6.0   // screens 12 in wide ..
#define SCREEN_H 1.0      // .. and 1 in high (SV.DOC.6)

typedef struct range_ctx {
	const double *screens;
	int nscreens;
	double x0, prev[3];
	bool have_prev;
	uint32_t holed;
} range_ctx;

static void range_step(void *vctx, double t, const double *p, const double *v)
{
	(void)t;
	(void)v;
	range_ctx *c = vctx;
	if (c->have_prev) {
		for (int k = 0; k < c->nscreens; k++) {
			double y = RANGE_Y0 + c->screens[k];
			double a = c->prev[1] - y, b = p[1] - y;
			if ((a < 0) == (b < 0) || a == b)
				continue;
			double u = a / (a - b);
			double x = c->prev[0] + u * (p[0] - c->prev[0]) - c->x0;
			double z = c->prev[2] + u * (p[2] - c->prev[2]);
			if (fabs(x) <= SCREEN_HALF && z <= SCREEN_H && z >= 0)
				c->holed |= 1u << k;
		}
	}
	memcpy(c->prev, p, sizeof c->prev);
	c->have_prev = true;
}

tw_status tw_range_fire(int gun_model, double set_range, double range_factor, double aim_sigma,
			const double *screens, int nscreens, tw_rng *rng, tw_range_shot *out)
{
	const tw_gun_model *gm = tw_gun_model_get(gun_model);
	memset(out, 0, sizeof *out);
	if (!gm || !(set_range > 0) || !(range_factor > 0) || !(aim_sigma >= 0) || nscreens < 0 ||
	    nscreens > TW_RANGE_MAX_SCREENS || (nscreens > 0 && !screens))
		return TW_ERR_INPUT;
	double far = set_range;
	for (int k = 0; k < nscreens; k++)
		far = fmax(far, screens[k]);
	// SV.GUN.8 step 4: the elevation for set range R with the believed speed.
	double vb = tw_gun_model_advertised_speed(gm) * sqrt(range_factor);
	double x = set_range * PH_G / (vb * vb);
	double e = x >= 1 ? 45.0 : fmax(1.0, 0.5 * asin(x) * (180.0 / M_PI));

	tw_state st;
	memset(&st, 0, sizeof st);
	st.table.width = RANGE_WIDTH;
	// Long enough for the fastest shot to graze and skid on: 45-degree range at 1.5 v0, and more.
	st.table.depth = fmax(96.0, fmax(2.0 * far, 2.4 * gm->v0 * gm->v0 / PH_G)) + 24.0;
	tw_shot_request q;
	memset(&q, 0, sizeof q);
	q.gun = -1;
	q.side = -1;
	q.model = gun_model;
	q.origin = tw_v2(0.5 * RANGE_WIDTH, RANGE_Y0);
	q.z0 = gm->muzzle_height;
	q.bearing = 0;
	q.elevation = e;
	q.aim_sigma = aim_sigma;
	range_ctx c;
	memset(&c, 0, sizeof c);
	c.screens = screens;
	c.nscreens = nscreens;
	c.x0 = q.origin.x;
	ph_opts o = {range_step, &c, NULL};
	tw_shot_result r;
	tw_physics_stats ps;
	tw_status s = ph_fire(&st, &q, rng, &o, &r, &ps);
	if (s != TW_OK)
		return s;
	out->misfire = r.misfire;
	out->elevation = e;
	out->bearing = r.bearing;
	out->v = ps.v0;
	out->grazed = ps.grazed && !r.misfire;
	out->d1 = out->grazed ? ps.graze[1] - RANGE_Y0 : NAN;
	out->lateral = out->grazed ? ps.graze[0] - q.origin.x : NAN;
	out->rest_along = r.rest.y - RANGE_Y0;
	out->rest_lateral = r.rest.x - q.origin.x;
	out->screens = r.misfire ? 0 : c.holed;
	return TW_OK;
}

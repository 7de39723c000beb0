// Bench of the physics shot model: median ms per shot on a 200-figure table and µs per awake
// body-step, against a bare ODE scene with the same bodies (same world settings, no tinwar
// bookkeeping, all 200 figures created up front), measured in the same run.
// Targets (issue 3): 20 ms median per shot or less; 4 µs per awake body-step or less.
#include <math.h>
#include <ode/ode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/shot_fast.h"
#include "physics/phys.h"
#include "tinwar/physics.h"
#include "tinwar/state.h"

void tw_bench_physics(void);

#define BP_SHOTS 101
#define BP_INF 160
#define BP_CAV 40

static double bp_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int bp_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void bp_add(tw_state *s, int kind, double x, double y)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.id = s->nfig;
	f.kind = (uint8_t)kind;
	f.side = 1;
	f.status = TW_FS_ACTIVE;
	f.pos = tw_v2(x, y);
	f.facing = 180;
	f.radius = kind == TW_FK_CAVALRY ? 0.5 : 0.3;
	f.height = kind == TW_FK_CAVALRY ? 2.6 : 2.0;
	f.unit = -1;
	tw_state_add_figure(s, &f);
}

// 200 figures: four companies of 40 infantry in two ranks, 40 cavalry, a house and a hill.
static void bp_table(tw_state *s)
{
	memset(s, 0, sizeof *s);
	s->table.width = 96;
	s->table.depth = 144;
	for (int c = 0; c < 4; c++)
		for (int i = 0; i < 40; i++)
			bp_add(s, TW_FK_INFANTRY, 8 + c * 22 + (i % 20) * 0.7, 90 + (i / 20) * 1.5 + c * 4);
	for (int i = 0; i < BP_CAV; i++)
		bp_add(s, TW_FK_CAVALRY, 10 + (i % 20) * 3.5, 118 + (i / 20) * 4);
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = TW_TER_HOUSE;
	t.nverts = 4;
	t.v[0] = tw_v2(60, 60);
	t.v[1] = tw_v2(66, 60);
	t.v[2] = tw_v2(66, 66);
	t.v[3] = tw_v2(60, 66);
	t.height = 5;
	t.id = 0;
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
	t.kind = TW_TER_HILL;
	t.v[0] = tw_v2(20, 40);
	t.v[1] = tw_v2(40, 40);
	t.v[2] = tw_v2(40, 55);
	t.v[3] = tw_v2(20, 55);
	t.height = 1;
	t.id = 1;
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
}

// The k-th shot: from the red back line at a figure picked by the generator.
static tw_shot_request bp_request(const tw_state *s, tw_rng *pick)
{
	const tw_figure *f = &s->fig[tw_rng_below(pick, (uint32_t)s->nfig)];
	tw_shot_request q;
	memset(&q, 0, sizeof q);
	q.origin = tw_v2(48 + 30 * (tw_rng_unit(pick) - 0.5), 4);
	q.z0 = 1.0;
	q.bearing = tw_bearing_deg(tw_sub(f->pos, q.origin));
	q.elevation = tw_shot_fast_elevation_for_range(tw_dist(f->pos, q.origin), 1.0, 1.0);
	q.aim_sigma = TW_SHOT_FAST_CALIBRATED_SIGMA;
	return q;
}

// ---- the bare ODE baseline: same world settings, bodies and shot; no tinwar bookkeeping ----

typedef struct bare {
	dWorldID w;
	dJointGroupID g;
} bare;

static void bare_near(void *data, dGeomID a, dGeomID b)
{
	bare *x = data;
	dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
	if (!(ba && dBodyIsEnabled(ba)) && !(bb && dBodyIsEnabled(bb)))
		return;
	dContact c[8];
	int n = dCollide(a, b, 8, &c[0].geom, sizeof c[0]);
	for (int i = 0; i < n; i++) {
		memset(&c[i].surface, 0, sizeof c[i].surface);
		c[i].surface.mode = dContactBounce | dContactApprox1;
		c[i].surface.mu = 0.4;
		c[i].surface.bounce = 0.3;
		c[i].surface.bounce_vel = 5;
		dJointAttach(dJointCreateContact(x->w, x->g, &c[i]), ba, bb);
	}
}

static double bare_shot(const tw_state *s, const tw_shot_request *q, int64_t *body_steps)
{
	double t0 = bp_now();
	bare x;
	x.w = dWorldCreate();
	x.g = dJointGroupCreate(0);
	dSpaceID sp = dHashSpaceCreate(NULL); // the usual space for 200 bodies
	dHashSpaceSetLevels(sp, PH_HASH_MIN, PH_HASH_MAX);
	dWorldSetGravity(x.w, 0, 0, -PH_G);
	dWorldSetQuickStepNumIterations(x.w, PH_ITERS);
	dWorldSetContactSurfaceLayer(x.w, 0.002);
	dWorldSetContactMaxCorrectingVel(x.w, 20.0);
	dWorldSetAutoDisableFlag(x.w, 1);
	dWorldSetAutoDisableLinearThreshold(x.w, 0.5);
	dWorldSetAutoDisableAngularThreshold(x.w, 0.5);
	dWorldSetAutoDisableSteps(x.w, 15);
	dWorldSetAutoDisableTime(x.w, 0);
	dCreatePlane(sp, 0, 0, 1, 0);
	dBodyID *b = malloc((size_t)(s->nfig + 1) * sizeof *b);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		b[i] = dBodyCreate(x.w);
		dMass m;
		dMassSetBoxTotal(&m, 78.0 * f->radius * f->radius * f->height, 2 * f->radius, 2 * f->radius, f->height);
		dBodySetMass(b[i], &m);
		dBodySetPosition(b[i], f->pos.x, f->pos.y, 0.4 * f->height);
		dGeomID g = dCreateBox(sp, 2 * f->radius, 2 * f->radius, f->height);
		dGeomSetBody(g, b[i]);
		dGeomSetOffsetPosition(g, 0, 0, 0.1 * f->height);
		dBodyDisable(b[i]);
	}
	dBodyID p = dBodyCreate(x.w);
	dMass m;
	dMassSetCapsuleTotal(&m, 0.7, 3, 0.15, 0.7);
	dBodySetMass(p, &m);
	double el = q->elevation * (M_PI / 180.0);
	tw_vec2 d = tw_dir_deg(q->bearing);
	dBodySetPosition(p, q->origin.x, q->origin.y, q->z0);
	dMatrix3 R;
	dRFromZAxis(R, d.x * cos(el), d.y * cos(el), sin(el));
	dBodySetRotation(p, R);
	dBodySetLinearVel(p, 500 * d.x * cos(el), 500 * d.y * cos(el), 500 * sin(el));
	dGeomSetBody(dCreateCapsule(sp, 0.15, 0.7), p);
	b[s->nfig] = p;
	dRandSetSeed(1);
	for (int k = 0; k < (int)(PH_TMAX / PH_DT); k++) {
		int awake = 0;
		for (int i = 0; i <= s->nfig; i++)
			awake += dBodyIsEnabled(b[i]);
		const dReal *pp = dBodyGetPosition(p);
		if (dBodyIsEnabled(p) && (pp[0] < 0 || pp[1] < 0 || pp[0] > s->table.width || pp[1] > s->table.depth)) {
			dBodyDisable(p);
			awake--;
		}
		if (awake == 0)
			break;
		dSpaceCollide(sp, &x, bare_near);
		dWorldQuickStep(x.w, PH_DT);
		dJointGroupEmpty(x.g);
		*body_steps += awake;
	}
	dJointGroupDestroy(x.g);
	dSpaceDestroy(sp);
	dWorldDestroy(x.w);
	free(b);
	return bp_now() - t0;
}

void tw_bench_physics(void)
{
	tw_state s;
	bp_table(&s);
	ph_ode_init();
	double tp[BP_SHOTS], tb[BP_SHOTS];
	tw_shot_request fired[BP_SHOTS];
	int64_t bs_p = 0, bs_b = 0, steps = 0, woke = 0, hits = 0;
	double sum_p = 0, sum_b = 0;
	tw_rng pick, rng;
	tw_rng_seed(&pick, 2026);
	tw_rng_seed(&rng, 7);
	for (int k = 0; k < BP_SHOTS; k++) {
		tw_shot_request q = bp_request(&s, &pick);
		tw_shot_result r;
		tw_physics_stats st;
		double t0 = bp_now();
		tw_physics_fire(&s, &q, &rng, &r, &st);
		tp[k] = bp_now() - t0;
		sum_p += tp[k];
		bs_p += st.body_steps;
		steps += st.steps;
		woke += st.figures_awake;
		hits += r.ncontacts;
		// The baseline flies the same shot as fired (after aim error), after all physics shots.
		fired[k] = q;
		fired[k].bearing = r.bearing;
		fired[k].elevation = r.elevation;
		fired[k].aim_sigma = 0;
	}
	for (int k = 0; k < BP_SHOTS; k++) {
		tb[k] = bare_shot(&s, &fired[k], &bs_b);
		sum_b += tb[k];
	}
	qsort(tp, BP_SHOTS, sizeof tp[0], bp_cmp);
	qsort(tb, BP_SHOTS, sizeof tb[0], bp_cmp);
	double us_p = 1e6 * sum_p / (double)bs_p, us_b = 1e6 * sum_b / (double)bs_b;
	printf("physics shot, %d figures, %d shots: median %.2f ms/shot (target <= 20), %.2f us per awake body-step "
	       "(target <= 4)\n",
	       s.nfig, BP_SHOTS, 1e3 * tp[BP_SHOTS / 2], us_p);
	printf("  per shot: %.0f steps, %.0f awake body-steps, %.1f figures woken, %.1f contacts\n",
	       (double)steps / BP_SHOTS, (double)bs_p / BP_SHOTS, (double)woke / BP_SHOTS, (double)hits / BP_SHOTS);
	printf("bare ODE, same bodies (all %d created up front): median %.2f ms/shot, %.2f us per awake body-step\n",
	       s.nfig + 1, 1e3 * tb[BP_SHOTS / 2], us_b);
	printf("  ratio physics / bare: %.2f per shot (median), %.2f per awake body-step\n",
	       tp[BP_SHOTS / 2] / tb[BP_SHOTS / 2], us_p / us_b);
	tw_state_free(&s);
}


// The rigid-body shot model ("physics"), on ODE (double precision).
//
//  * World: inches, grams, seconds; gravity 386.09 in/s^2; a fixed 1 ms step; QuickStep with
//    20 iterations; a simple space (the prisms and the corridor's figures, of which only the
//    geoms an awake body could touch take part in each step's pass: ph_geoms_for_pass); auto-disable on. ODE's own generator (which
//    QuickStep uses to reorder constraints) is seeded from a value drawn from the shot's tw_rng.
//  * Floor: a plane at z = 0 (cork carpet). Terrain: hill board layers and solid pieces
//    (houses, walls, tree trunks, rocks) as static extruded prisms (phys_terrain.c).
//  * Figures: one box each, 2r x 2r x H standing on its base (a man lying down: 2r x H x 0.5),
//    turned to his facing, its centre of mass 0.4 H up (hollow-cast lead is heavy at the base),
//    mass 78 g per in^3 of r^2 H (a 2 in infantryman 14 g, a 2.6 in cavalryman 51 g), or the
//    request's fig_mass_k (Science versus Luck's plastic figures: sv-svfix).
//    A figure is added to the world, asleep, when the projectile comes within reach of it or
//    a woken figure could fall on it ("simulate only the corridor"): bodies are created in
//    figure-id order within each batch, so the insertion order is fixed by the shot itself.
//    A sleeping figure wakes when an awake body touches it (ODE islands).
//  * Projectile: a capsule along the line of fire (Wells's wooden cylinder 1 in x 0.3 in, or
//    a matchstick). No CCD is needed: the projectile moves at most 0.5 in per step and is
//    1 in long (a matchstick 0.22 in per step, 1.85 in long), and a figure is 0.6 in thick,
//    so every point of its path is inside the capsule at some step.
//  * Outcome per figure (at rest, or at the time cap): tilt past his tipping point
//    (atan(r / 0.4 H)) -> down; down past 60 degrees -> knocked over (or felled, if the last
//    thing to touch him before he passed the tipping point was a falling man), else leaning
//    past his tipping point. Touched by the projectile and still standing -> touched.
//    "via": in flight until the projectile first touches anything; rolling while it is on the
//    floor with under 20 in/s vertical speed; otherwise a rebound / glance.
//
// Random numbers, always five 64-bit-draw groups in this order (SV.CON.3): misfire (uniform),
// muzzle speed (normal), bearing error (normal), elevation error (normal), ODE seed (u64).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "phys.h"
#include "tinwar/spatial.h"

#define PH_FIG_MASS_K 78.0     // g per in^3 of r^2 H
#define PH_FIG_CM 0.4          // centre of mass height / H
#define PH_LYING_H 0.5         // a man lying down, inches high
#define PH_DOWN_DEG 60.0       // tilt at which a man is down, not leaning
#define PH_ROLL_VZ 20.0        // in/s: on the floor and slower than this vertically -> rolling
#define PH_MAXC 8              // contact points per pair
#define PH_SAMPLE_DT 0.004     // first sampling interval, s
#define PH_WAKE_MARGIN 0.5     // extra reach when adding figures, inches
#define PH_EPS 1e-9

enum { PH_K_PROJ = 1, PH_K_FLOOR, PH_K_TERRAIN, PH_K_FIG };

typedef struct ph_tag {
	int32_t kind;
	int32_t idx; // figure index or terrain index
} ph_tag;

typedef struct ph_fig {
	dBodyID body;
	dGeomID geom;
	double tip;     // tipping angle, radians
	double t_proj;  // first touch by the projectile, s (INFINITY: never)
	double t_fig;   // last touch by a falling man before he passed his own tipping point
	double t_tip;   // first time past the tipping point
	double speed;   // projectile speed at its first touch
	tw_vec2 at;     // first touch point
	uint8_t via;    // projectile state at its first touch
	bool lying, expanded;
	bool on;        // s35: his geom is enabled (ph_geoms_for_pass)
	uint32_t need;  // s35: the pass that wants it enabled
} ph_fig;

typedef struct ph_shot {
	const tw_state *st;
	const ph_opts *opts;
	dWorldID world;
	dSpaceID space;
	dJointGroupID group;
	ph_tag tag_proj, tag_floor, *tag_ter, *tag_fig;
	ph_fig *fig;
	int32_t *created;  // figure indices in creation order
	int ncreated;
	ph_prism *prism;
	int nprism;
	tw_grid grid;
	tw_vec2 *gpts;
	int32_t *gmap;     // grid index -> figure index
	int32_t *batch;
	int nbatch;
	double max_reach;  // largest figure radius
	double fig_ext;    // s35: no figure's geom reaches farther than this from its body's centre, in x or y
	uint32_t pass;     // s35: collision passes so far (ph_geoms_for_pass)
	uint32_t *need_prism; // s35: the pass that wants each prism enabled
	double mass_k;     // figures' mass, g per in^3 of r^2 H (the request's, or PH_FIG_MASS_K)
	dBodyID proj;
	dGeomID pgeom;
	double plen, prad;
	bool live;
	double t;
	int64_t step, floor_step;
	bool deflected, deflect_now;
	int32_t blocked_by;
	tw_shot_result *out;
	tw_shot_sampler sampler;
	tw_physics_stats stats;
} ph_shot;

static bool ode_ready;
bool tw_physics_plain = false;

void ph_ode_init(void)
{
	if (!ode_ready) {
		dInitODE2(0);
		ode_ready = true;
	}
}

// Every man standing on the table is physical, in the fight or out of it (LW.FIRE.5).
static bool ph_fig_present(const tw_state *st, const tw_figure *f)
{
	if (!tw_figure_on_table(st, f))
		return false;
	return f->pos.x >= 0 && f->pos.y >= 0 && f->pos.x <= st->table.width && f->pos.y <= st->table.depth;
}

// ---- bodies ----

static void ph_add_figure(ph_shot *h, int32_t i)
{
	const tw_figure *f = &h->st->fig[i];
	ph_fig *p = &h->fig[i];
	double r = fmax(f->radius, 0.05), H = fmax(f->height, 0.1);
	p->lying = (f->flags & TW_FF_LYING) != 0;
	p->tip = atan(r / (PH_FIG_CM * H));
	p->t_proj = p->t_fig = p->t_tip = INFINITY;
	double ground = tw_table_ground(&h->st->table, f->pos);
	double M = h->mass_k * r * r * H;
	double lx = 2 * r, ly = 2 * r, lz = H, cz = PH_FIG_CM * H;
	if (p->lying) {
		ly = H; // lies along his facing
		lz = PH_LYING_H;
		cz = 0.5 * PH_LYING_H;
	}
	p->body = dBodyCreate(h->world);
	dMass m;
	dMassSetBoxTotal(&m, M, lx, ly, lz);
	dBodySetMass(p->body, &m);
	dBodySetPosition(p->body, f->pos.x, f->pos.y, ground + cz);
	dMatrix3 R;
	// facing: degrees, 0 = +y, 90 = +x; the box's local +y is his front.
	dRFromAxisAndAngle(R, 0, 0, 1, -f->facing * (M_PI / 180.0));
	dBodySetRotation(p->body, R);
	p->geom = dCreateBox(h->space, lx, ly, lz);
	dGeomSetBody(p->geom, p->body);
	dGeomSetOffsetPosition(p->geom, 0, 0, 0.5 * lz - cz);
	h->tag_fig[i] = (ph_tag){PH_K_FIG, i};
	dGeomSetData(p->geom, &h->tag_fig[i]);
	dBodySetData(p->body, &h->tag_fig[i]);
	dBodyDisable(p->body); // asleep until something awake touches him
	p->on = true;
	if (!tw_physics_plain) { // s35: his geom too, until an awake body comes near (ph_geoms_for_pass)
		dGeomDisable(p->geom);
		p->on = false;
	}
	h->created[h->ncreated++] = i;
	h->stats.bodies++;
}

static void ph_collect(int idx, void *ctx)
{
	ph_shot *h = ctx;
	int32_t i = h->gmap[idx];
	if (!h->fig[i].body)
		h->batch[h->nbatch++] = i;
}

static int ph_id_cmp(const void *pa, const void *pb, const tw_state *st)
{
	int32_t a = st->fig[*(const int32_t *)pa].id, b = st->fig[*(const int32_t *)pb].id;
	return (a > b) - (a < b);
}

// Adds the sleeping figures within r of p, in figure-id order.
static void ph_wake_near(ph_shot *h, tw_vec2 p, double r)
{
	if (h->grid.npts == 0)
		return;
	h->nbatch = 0;
	tw_grid_query(&h->grid, p, r, ph_collect, h);
	for (int a = 1; a < h->nbatch; a++) { // insertion sort by id (small batches)
		int32_t x = h->batch[a];
		int b = a - 1;
		for (; b >= 0 && ph_id_cmp(&h->batch[b], &x, h->st) > 0; b--)
			h->batch[b + 1] = h->batch[b];
		h->batch[b + 1] = x;
	}
	for (int a = 0; a < h->nbatch; a++)
		ph_add_figure(h, h->batch[a]);
}

// ---- contacts ----

static uint8_t ph_via(const ph_shot *h)
{
	if (h->live && h->step - h->floor_step <= 3 && fabs(dBodyGetLinearVel(h->proj)[2]) < PH_ROLL_VZ)
		return TW_VIA_ROLL;
	return h->deflected ? TW_VIA_REBOUND : TW_VIA_FLIGHT;
}

static void ph_surface(dSurfaceParameters *s, int ka, int kb)
{
	memset(s, 0, sizeof *s);
	s->mode = dContactBounce | dContactApprox1;
	s->bounce_vel = 5.0;
	int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
	if (lo == PH_K_PROJ && hi == PH_K_FLOOR) { // wood on cork
		s->mu = 0.5;
		s->bounce = 0.3;
		s->mode |= dContactRolling;
		s->rho = 0.02;
	} else if (lo == PH_K_PROJ && hi == PH_K_FIG) { // wood on lead
		s->mu = 0.3;
		s->bounce = 0.4;
	} else if (lo == PH_K_PROJ) { // wood on brick or board
		s->mu = 0.4;
		s->bounce = 0.2;
		s->mode |= dContactRolling;
		s->rho = 0.02;
	} else if (lo == PH_K_FIG && hi == PH_K_FIG) { // lead on lead
		s->mu = 0.3;
		s->bounce = 0.1;
	} else { // a base on cork or board
		s->mu = 0.6;
		s->bounce = 0.05;
	}
}

static void ph_near(void *data, dGeomID a, dGeomID b)
{
	ph_shot *h = data;
	dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
	if (!(ba && dBodyIsEnabled(ba)) && !(bb && dBodyIsEnabled(bb)))
		return;
	dContact c[PH_MAXC];
	int n = dCollide(a, b, PH_MAXC, &c[0].geom, sizeof c[0]);
	if (n <= 0)
		return;
	const ph_tag *ta = dGeomGetData(a), *tb = dGeomGetData(b);
	if (ta->kind > tb->kind) { // order the pair by kind (normals are not used below)
		const ph_tag *x = ta;
		ta = tb;
		tb = x;
	}
	int ka = ta->kind, kb = tb->kind;
	if (ka == PH_K_PROJ) {
		const dReal *v = dBodyGetLinearVel(h->proj);
		if (kb == PH_K_FIG) {
			ph_fig *f = &h->fig[tb->idx];
			if (!isfinite(f->t_proj)) {
				f->t_proj = h->t;
				f->at = tw_v2(c[0].geom.pos[0], c[0].geom.pos[1]);
				f->speed = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
				f->via = ph_via(h);
			}
			h->deflect_now = true;
		} else {
			// Floor or hill top (normal mostly up): a graze; a side: struck terrain.
			bool top = kb == PH_K_FLOOR || fabs(c[0].geom.normal[2]) > 0.7;
			if (top) {
				h->floor_step = h->step;
				if (!h->stats.grazed) {
					h->stats.grazed = true;
					h->stats.graze[0] = c[0].geom.pos[0];
					h->stats.graze[1] = c[0].geom.pos[1];
					h->stats.graze[2] = c[0].geom.pos[2];
				}
			} else {
				h->blocked_by = h->st->table.terrain[tb->idx].id;
			}
			h->deflect_now = true;
		}
	} else if (ka == PH_K_FIG && kb == PH_K_FIG) {
		// Touched by a falling man (one already past his tipping point) before passing his own.
		ph_fig *fa = &h->fig[ta->idx], *fb = &h->fig[tb->idx];
		if (isfinite(fa->t_tip) && !isfinite(fb->t_tip))
			fb->t_fig = h->t;
		if (isfinite(fb->t_tip) && !isfinite(fa->t_tip))
			fa->t_fig = h->t;
	}
	for (int i = 0; i < n; i++) {
		ph_surface(&c[i].surface, ka, kb);
		dJointID j = dJointCreateContact(h->world, h->group, &c[i]);
		dJointAttach(j, ba, bb);
	}
}

// ---- samples ----

static void ph_sample(ph_shot *h, bool force, double x, double y, double z)
{
	if (tw_shot_sample_due(&h->sampler, h->out, h->t, force))
		tw_shot_sample_put(&h->sampler, h->out, h->t, x, y, z);
}

// ---- the shot ----

static void ph_retire_projectile(ph_shot *h, tw_vec2 rest)
{
	const dReal *p = dBodyGetPosition(h->proj);
	ph_sample(h, true, p[0], p[1], p[2]);
	h->out->rest = rest;
	dGeomDestroy(h->pgeom);
	dBodyDestroy(h->proj);
	h->proj = NULL;
	h->pgeom = NULL;
	h->live = false;
}

static void ph_classify(ph_shot *h)
{
	tw_shot_result *r = h->out;
	const double down = PH_DOWN_DEG * (M_PI / 180.0);
	for (int k = 0; k < h->ncreated; k++) {
		int32_t i = h->created[k];
		ph_fig *f = &h->fig[i];
		const tw_figure *tf = &h->st->fig[i];
		const dReal *R = dBodyGetRotation(f->body);
		double tilt = acos(fmin(1, fmax(-1, R[10])));
		uint8_t how = 0, via = f->via;
		double t = f->t_proj, speed = f->speed;
		tw_vec2 at = f->at;
		if (!f->lying && tilt > f->tip) {
			// Down or leaning: what touched him last before he passed his tipping point?
			double tt = isfinite(f->t_tip) ? f->t_tip : h->t;
			bool by_proj = isfinite(f->t_proj) && f->t_proj <= tt;
			bool by_fig = isfinite(f->t_fig) && f->t_fig <= tt;
			if (by_fig && (!by_proj || f->t_fig > f->t_proj)) {
				how = TW_CONTACT_FELLED;
				via = TW_VIA_FALL;
				t = f->t_fig;
				speed = 0;
				at = tf->pos;
			} else if (isfinite(f->t_proj)) {
				how = TW_CONTACT_KNOCKED;
			} else { // woken some other way (e.g. a push by a sleeping neighbour)
				how = TW_CONTACT_FELLED;
				via = TW_VIA_FALL;
				t = isfinite(f->t_fig) ? f->t_fig : tt;
				speed = 0;
				at = tf->pos;
			}
			if (tilt < down && how == TW_CONTACT_KNOCKED)
				how = TW_CONTACT_LEANING;
		} else if (isfinite(f->t_proj)) {
			how = TW_CONTACT_TOUCHED;
		}
		if (!how || r->ncontacts >= TW_SHOT_MAX_CONTACTS)
			continue;
		tw_shot_contact *c = &r->contacts[r->ncontacts++];
		c->figure = tf->id;
		c->t = t;
		c->how = how;
		c->via = via;
		c->at = at;
		c->speed = speed;
	}
	// Time order (stable; ties keep creation order, which is the order of approach).
	for (int i = 1; i < r->ncontacts; i++) {
		tw_shot_contact c;
		memcpy(&c, &r->contacts[i], sizeof c);
		int j = i - 1;
		for (; j >= 0 && r->contacts[j].t > c.t; j--)
			memcpy(&r->contacts[j + 1], &r->contacts[j], sizeof c);
		memcpy(&r->contacts[j + 1], &c, sizeof c);
	}
}

static tw_status ph_setup(ph_shot *h)
{
	const tw_state *st = h->st;
	int nf = st->nfig > 0 ? st->nfig : 1, nt = st->table.nterrain > 0 ? st->table.nterrain : 1;
	h->fig = calloc((size_t)nf, sizeof *h->fig);
	h->tag_fig = calloc((size_t)nf, sizeof *h->tag_fig);
	h->created = calloc((size_t)nf, sizeof *h->created);
	h->gpts = calloc((size_t)nf, sizeof *h->gpts);
	h->gmap = calloc((size_t)nf, sizeof *h->gmap);
	h->batch = calloc((size_t)nf, sizeof *h->batch);
	h->tag_ter = calloc((size_t)nt, sizeof *h->tag_ter);
	h->prism = calloc((size_t)nt, sizeof *h->prism);
	h->need_prism = calloc((size_t)nt, sizeof *h->need_prism);
	if (!h->fig || !h->tag_fig || !h->created || !h->gpts || !h->gmap || !h->batch || !h->tag_ter || !h->prism ||
	    !h->need_prism)
		return TW_ERR_NOMEM;
	int ng = 0;
	for (int i = 0; i < st->nfig; i++) {
		const tw_figure *f = &st->fig[i];
		if (!ph_fig_present(st, f))
			continue;
		h->gpts[ng] = f->pos;
		h->gmap[ng++] = i;
		h->max_reach = fmax(h->max_reach, fmax(f->radius, f->height));
		// His box (2r x 2r x H, or 2r x H x 0.5 lying; r and H as ph_add_figure clamps them),
		// its centre off the body's by under H: within the box's half diagonal and H, at any tilt.
		double r = fmax(f->radius, 0.05), H = fmax(f->height, 0.1);
		h->fig_ext = fmax(h->fig_ext, 2 * r + 2 * H + 0.5);
	}
	if (ng > 0 && tw_grid_build(&h->grid, h->gpts, ng, 6.0, 0, 0, st->table.width, st->table.depth) != TW_OK)
		return TW_ERR_NOMEM;

	h->world = dWorldCreate();
	dWorldSetGravity(h->world, 0, 0, -PH_G);
	dWorldSetQuickStepNumIterations(h->world, PH_ITERS);
	dWorldSetERP(h->world, 0.2);
	dWorldSetCFM(h->world, 1e-5);
	dWorldSetContactSurfaceLayer(h->world, 0.002);
	dWorldSetContactMaxCorrectingVel(h->world, 20.0);
	dWorldSetAutoDisableFlag(h->world, 1);
	dWorldSetAutoDisableLinearThreshold(h->world, 0.5);
	dWorldSetAutoDisableAngularThreshold(h->world, 0.5);
	dWorldSetAutoDisableSteps(h->world, 15);
	dWorldSetAutoDisableTime(h->world, 0);
	dWorldSetAutoDisableAverageSamplesCount(h->world, 1);
	h->space = dSimpleSpaceCreate(NULL);
	h->group = dJointGroupCreate(0);
	h->tag_floor = (ph_tag){PH_K_FLOOR, -1};
	dGeomSetData(dCreatePlane(h->space, 0, 0, 1, 0), &h->tag_floor);
	for (int i = 0; i < st->table.nterrain; i++) {
		const tw_terrain *t = &st->table.terrain[i];
		if (t->kind != TW_TER_HILL && !tw_terrain_is_solid((tw_terrain_kind)t->kind))
			continue;
		if (!(t->height > 0))
			continue;
		ph_prism *p = &h->prism[h->nprism];
		tw_status s = ph_prism_build(p, h->space, t);
		if (s == TW_ERR_NOMEM)
			return s;
		if (s != TW_OK)
			continue;
		h->nprism++;
		h->tag_ter[i] = (ph_tag){PH_K_TERRAIN, i};
		dGeomSetData(p->geom, &h->tag_ter[i]);
		if (!tw_physics_plain) { // s35: disabled until an awake body comes near (ph_geoms_for_pass)
			dGeomDisable(p->geom);
			p->on = false;
		}
	}
	return TW_OK;
}

// s35 (issue 18): before each collision pass, only the geoms an awake body could touch take
// part. A simple space walks every pair of enabled geoms in its list (ODE's
// dxSimpleSpace::collide), and a Kriegspiel's 256 pieces and a column of sleeping men made that
// walk nearly all of a shot's time (210 ms a shot, 89% in it). ph_near does nothing for a pair
// without an awake body, and a disabled geom is only passed over (dGeomEnable and dGeomDisable
// flip a flag; they neither move a geom in the list nor mark it moved), so the pairs that reach
// ph_near, and their order, are those of the plain pass whenever every geom whose box could meet
// an awake body's box is enabled: here every prism whose x-y bounds come within ext + 1 in of an
// awake body's centre (ext: how far its geom reaches from it), and every figure whose body's
// centre does within ext + fig_ext + 1 in (an awake man is within that of himself). The others
// are disabled for the pass; the floor and the projectile stay enabled. tests/test_phys_woken.c
// (test_geoms_woken_match_plain) compares whole shot results with tw_physics_plain.
static void ph_need_near(ph_shot *h, const dReal *p, double ext)
{
	double r = ext + 1.0, rf = r + h->fig_ext;
	for (int k = 0; k < h->nprism; k++) {
		const ph_prism *q = &h->prism[k];
		if (!(p[0] < q->lo[0] - r || p[0] > q->hi[0] + r || p[1] < q->lo[1] - r || p[1] > q->hi[1] + r))
			h->need_prism[k] = h->pass;
	}
	for (int k = 0; k < h->ncreated; k++) {
		ph_fig *f = &h->fig[h->created[k]];
		const dReal *q = dBodyGetPosition(f->body);
		if (!(fabs(q[0] - p[0]) > rf || fabs(q[1] - p[1]) > rf))
			f->need = h->pass;
	}
}

static void ph_geoms_for_pass(ph_shot *h)
{
	h->pass++;
	if (h->live && dBodyIsEnabled(h->proj))
		ph_need_near(h, dBodyGetPosition(h->proj), h->plen + h->prad);
	for (int k = 0; k < h->ncreated; k++) {
		ph_fig *f = &h->fig[h->created[k]];
		if (dBodyIsEnabled(f->body))
			ph_need_near(h, dBodyGetPosition(f->body), h->fig_ext);
	}
	for (int k = 0; k < h->nprism; k++) {
		ph_prism *q = &h->prism[k];
		bool want = h->need_prism[k] == h->pass;
		if (want != q->on) {
			if (want)
				dGeomEnable(q->geom);
			else
				dGeomDisable(q->geom);
			q->on = want;
		}
	}
	for (int k = 0; k < h->ncreated; k++) {
		ph_fig *f = &h->fig[h->created[k]];
		bool want = f->need == h->pass;
		if (want != f->on) {
			if (want)
				dGeomEnable(f->geom);
			else
				dGeomDisable(f->geom);
			f->on = want;
		}
	}
}

static void ph_teardown(ph_shot *h)
{
	if (h->group)
		dJointGroupDestroy(h->group);
	if (h->space)
		dSpaceDestroy(h->space); // destroys its geoms
	if (h->world)
		dWorldDestroy(h->world); // destroys its bodies
	for (int i = 0; i < h->nprism; i++)
		ph_prism_free(&h->prism[i]);
	tw_grid_free(&h->grid);
	free(h->fig);
	free(h->tag_fig);
	free(h->created);
	free(h->gpts);
	free(h->gmap);
	free(h->batch);
	free(h->tag_ter);
	free(h->prism);
	free(h->need_prism);
}

tw_status ph_fire(const tw_state *st, const tw_shot_request *req, tw_rng *rng, const ph_opts *opts,
		  tw_shot_result *out, tw_physics_stats *stats)
{
	memset(out, 0, sizeof *out);
	out->blocked_by = -1;
	out->rest = req->origin;
	const tw_gun_model *gm = opts && opts->gun ? opts->gun : tw_gun_model_get(req->model);
	if (!gm)
		gm = tw_gun_model_get(0);
	// Draws, always all of them, in a fixed order.
	double u_misfire = tw_rng_unit(rng);
	double n_speed = tw_rng_normal(rng);
	double n_bearing = tw_rng_normal(rng);
	double n_elev = tw_rng_normal(rng);
	uint64_t ode_seed = tw_rng_u64(rng);
	double sb = sqrt(req->aim_sigma * req->aim_sigma + gm->aim_sigma * gm->aim_sigma);
	out->bearing = req->bearing + sb * n_bearing;
	out->elevation = req->elevation + req->aim_sigma * n_elev;
	double v0 = fmin(fmax(gm->v0 + gm->v_sigma * n_speed, 0.5 * gm->v0), 1.5 * gm->v0);
	ph_shot h;
	memset(&h, 0, sizeof h);
	h.st = st;
	h.opts = opts;
	h.out = out;
	h.blocked_by = -1;
	h.floor_step = -1000;
	h.mass_k = req->fig_mass_k > 0 ? req->fig_mass_k : PH_FIG_MASS_K;
	h.sampler.dt = PH_SAMPLE_DT;
	bool on_table = req->origin.x >= 0 && req->origin.y >= 0 && req->origin.x <= st->table.width &&
			req->origin.y <= st->table.depth;
	if (u_misfire < gm->misfire || !on_table) {
		out->misfire = u_misfire < gm->misfire; // the matchstick never leaves the barrel
		ph_sample(&h, true, req->origin.x, req->origin.y, req->z0);
		if (stats) {
			memset(stats, 0, sizeof *stats);
			stats->v0 = v0;
		}
		return TW_OK;
	}
	ph_ode_init();
	dRandSetSeed((unsigned long)(ode_seed & 0xFFFFFFFFu));
	tw_status status = ph_setup(&h);
	if (status != TW_OK) {
		ph_teardown(&h);
		return status;
	}

	// The projectile: a capsule along the bore, its centre at the muzzle.
	h.plen = gm->proj_length;
	h.prad = gm->proj_radius;
	double el = out->elevation * (M_PI / 180.0);
	tw_vec2 d2 = tw_dir_deg(out->bearing);
	double dir[3] = {d2.x * cos(el), d2.y * cos(el), sin(el)};
	h.proj = dBodyCreate(h.world);
	dMass m;
	dMassSetCapsuleTotal(&m, gm->proj_mass, 3, h.prad, fmax(h.plen - 2 * h.prad, 0.01));
	dBodySetMass(h.proj, &m);
	double ground0 = tw_table_ground(&st->table, req->origin);
	double z0 = fmax(req->z0, ground0 + h.prad + 0.01);
	dBodySetPosition(h.proj, req->origin.x, req->origin.y, z0);
	dMatrix3 R;
	dRFromZAxis(R, dir[0], dir[1], dir[2]);
	dBodySetRotation(h.proj, R);
	dBodySetLinearVel(h.proj, v0 * dir[0], v0 * dir[1], v0 * dir[2]);
	dBodySetAutoDisableSteps(h.proj, 30);
	h.pgeom = dCreateCapsule(h.space, h.prad, fmax(h.plen - 2 * h.prad, 0.01));
	dGeomSetBody(h.pgeom, h.proj);
	h.tag_proj = (ph_tag){PH_K_PROJ, -1};
	dGeomSetData(h.pgeom, &h.tag_proj);
	dBodySetData(h.proj, &h.tag_proj);
	h.live = true;
	h.stats.bodies = 1;
	h.stats.v0 = v0;
	ph_sample(&h, true, req->origin.x, req->origin.y, z0);

	double wake_r = h.max_reach + 0.5 * h.plen + v0 * PH_DT * 2 + PH_WAKE_MARGIN;
	for (h.step = 0; h.t < PH_TMAX - 0.5 * PH_DT; h.step++) {
		// Bring in the figures the projectile or a woken figure could reach this step.
		if (h.live) {
			const dReal *p = dBodyGetPosition(h.proj);
			ph_wake_near(&h, tw_v2(p[0], p[1]), wake_r);
		}
		int awake = h.live ? 1 : 0;
		for (int k = 0; k < h.ncreated; k++) {
			ph_fig *f = &h.fig[h.created[k]];
			if (!dBodyIsEnabled(f->body))
				continue;
			awake++;
			if (!f->expanded) {
				f->expanded = true;
				h.stats.figures_awake++;
				const dReal *p = dBodyGetPosition(f->body);
				const tw_figure *tf = &st->fig[h.created[k]];
				ph_wake_near(&h, tw_v2(p[0], p[1]), tf->height + tf->radius + h.max_reach + PH_WAKE_MARGIN);
			}
		}
		if (awake == 0)
			break; // everything at rest
		if (!tw_physics_plain)
			ph_geoms_for_pass(&h); // s35: only the geoms an awake body could touch
		h.deflect_now = false;
		dSpaceCollide(h.space, &h, ph_near);
		dWorldQuickStep(h.world, PH_DT);
		dJointGroupEmpty(h.group);
		h.t = (double)(h.step + 1) * PH_DT;
		h.stats.steps++;
		h.stats.body_steps += awake;
		if (h.deflect_now)
			h.deflected = true;
		for (int k = 0; k < h.ncreated; k++) {
			ph_fig *f = &h.fig[h.created[k]];
			if (f->lying || isfinite(f->t_tip) || !dBodyIsEnabled(f->body))
				continue;
			const dReal *Rf = dBodyGetRotation(f->body);
			if (acos(fmin(1, fmax(-1, Rf[10]))) > f->tip)
				f->t_tip = h.t;
		}
		if (h.live) {
			const dReal *p = dBodyGetPosition(h.proj), *v = dBodyGetLinearVel(h.proj);
			if (opts && opts->on_step)
				opts->on_step(opts->ctx, h.t, p, v);
			ph_sample(&h, false, p[0], p[1], p[2]);
			if (p[0] < 0 || p[1] < 0 || p[0] > st->table.width || p[1] > st->table.depth || p[2] < -5) {
				ph_retire_projectile(&h, tw_v2(fmin(fmax(p[0], 0), st->table.width),
							       fmin(fmax(p[1], 0), st->table.depth)));
			} else if (!dBodyIsEnabled(h.proj)) {
				ph_retire_projectile(&h, tw_v2(p[0], p[1]));
			}
		}
	}
	if (h.live) { // time cap
		const dReal *p = dBodyGetPosition(h.proj);
		ph_retire_projectile(&h, tw_v2(p[0], p[1]));
	}
	out->blocked_by = h.blocked_by;
	ph_classify(&h);
	h.stats.t_end = h.t;
	if (stats)
		*stats = h.stats;
	ph_teardown(&h);
	return TW_OK;
}

tw_status tw_physics_fire(const tw_state *s, const tw_shot_request *req, tw_rng *rng, tw_shot_result *out,
			  tw_physics_stats *stats)
{
	return ph_fire(s, req, rng, NULL, out, stats);
}

static tw_status ph_model_fire(const tw_shot_model *m, const tw_state *s, const tw_shot_request *req, tw_rng *rng,
			       tw_shot_result *out)
{
	(void)m;
	return ph_fire(s, req, rng, NULL, out, NULL);
}

static const tw_shot_model ph_model = {"physics", ph_model_fire, NULL};

const tw_shot_model *tw_shot_model_physics(void) { return &ph_model; }

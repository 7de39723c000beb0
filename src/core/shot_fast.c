// The fast deterministic ballistic shot model ("fast").
//
// The toy spring gun (the 4.7 of the rules' own day) fires a wooden cylinder about 1 in long
// (§16 physical model notes). We fly it as a point mass with a radius over the table:
//
//  * flight: gravity only, symplectic Euler at a fixed 1 ms step (no drag, no FMA: the build
//    uses -ffp-contract=off). Muzzle speed 500 in/s: 324 in (9 yd, §16) is reached at about
//    15 degrees, 8 degrees carries about 15 ft, the flat-floor maximum is about 54 ft;
//  * floor: bounce with restitution 0.3 vertical / 0.7 horizontal until the vertical speed
//    after a bounce is under 20 in/s, then roll (slide and tumble) with a deceleration of
//    0.5 g until at rest. Rolling has constant deceleration on a level board, so it is
//    integrated exactly with a 5 ms step;
//  * terrain: solid pieces (house, wall, tree, rock) and the edges of hill layers stop the
//    shot where it enters their footprint below their top (no glance: a wooden dowel against
//    bricks or a board's edge drops dead); blocked_by names the piece. Woods do not stop it;
//  * figures: upright cylinders (a man lying down, TW_FF_LYING, is 0.5 in high). A contact
//    transfers an impulse to the figure pivoting about the far edge of its base; the figure
//    goes over if the rotational energy given exceeds the energy needed to lift its centre of
//    mass over that edge (ratio K >= 1), is left leaning on a narrow band 0.9 <= K < 1, and is
//    merely touched below that. High, square, fast hits knock over; a slow roll at the feet
//    or a graze only touches. A man knocked over falls along the shot's travel and fells
//    standing men whose base centre lies within his height ahead, inside a corridor of his
//    base radius; this chains.
//
// The horizontal path is a straight ray between deflections (bounces do not turn it), so
// figures and terrain are culled once per ray into lists sorted along it: a step only looks
// at the few entries its along-ray span overlaps. A shot over 200 figures costs tens of
// microseconds, nearly all of it the ~1 000 integration steps.
//
// Aim error is the only chance: two normal deviates per shot, always drawn.
#include "shot_fast.h"

#include <float.h>
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "tinwar/shot.h"
#include "tinwar/state.h"

bool tw_shot_fast_plain = false;
_Thread_local long tw_shot_fast_aim_shortcuts = 0;

#define SF_G 386.1                  // gravity, in/s^2
#define SF_V0 TW_SHOT_FAST_V0       // muzzle speed, in/s
#define SF_RP TW_SHOT_FAST_RADIUS   // projectile radius, inches
#define SF_MASS 0.7                 // projectile mass, g (pine, 0.3 in x 1 in)
#define SF_DT 0.001                 // flight step, s
#define SF_DT_ROLL 0.005            // rolling step, s (exact kinematics)
#define SF_TMAX 6.0                 // time cap, s
#define SF_MAX_STEPS 20000          // belt and braces
#define SF_FLOOR_EZ 0.3             // vertical restitution off the floor
#define SF_FLOOR_EH 0.7             // horizontal speed kept at a bounce
#define SF_ROLL_VZ 20.0             // rebound speed below which it stays on the floor, in/s
#define SF_ROLL_DECEL (0.5 * SF_G)  // sliding/tumbling deceleration on cork carpet, in/s^2
#define SF_FIG_DENSITY 100.0        // figure mass per in^3 of radius^2 * height, g (hollow lead)
#define SF_FIG_CM 0.4               // centre of mass height as a fraction of the height
#define SF_FIG_E 0.4                // restitution, wood on lead
#define SF_LEAN_K 0.9               // K in [0.9, 1): left leaning past his tipping point
#define SF_KNOCK_KEEP 0.2           // speed the projectile keeps after knocking a man over
#define SF_TOUCH_KEEP 0.8           // tangential/vertical speed kept after a glance
#define SF_LYING_H 0.5              // height of a man lying down, inches
#define SF_FALL_TIME 0.2            // s for a falling man to reach a man his height away
#define SF_EPS 1e-9

typedef struct sf_cand {
	int32_t idx; // figure index
	double s;    // along-ray distance of the figure's axis, inches
	double hw;   // half-width of the along-ray interval inside its contact circle
} sf_cand;

typedef struct sf_span {
	double s_in, s_out; // along-ray interval inside the footprint
	double top;         // z0 + height
	int32_t id;         // terrain id
	uint8_t hill;       // 1 = hill layer (sets the ground), 0 = solid piece
	uint8_t entry;      // 1 if the shot enters here (0: it started inside)
} sf_span;

typedef struct sf_shot {
	const tw_state *st;
	tw_shot_result *out;
	uint8_t *done;  // per figure: already in contacts (or felled)
	double *base;   // per figure: ground under him, NAN until needed
	sf_cand *cand;
	int ncand, lo;
	double reach_max;
	sf_span *span;
	int nspan;
	tw_vec2 o, dir; // current ray
	double s_exit;  // along-ray distance to the table edge
	double s_exit_up; // s31-shot: nextafter(s_exit, +inf), for sf_quiet_fly
	// s29-sfast (issue 18), for sf_quiet_run and sf_quiet_roll: no entry span's s_in lies in (in_ref, in_next);
	// no hill span's top is above g_top (nor 0).
	double in_ref, in_next, g_top;
	bool plain;     // tw_shot_fast_plain: the shot as it was, for the tests
	// s31-shot (issue 18), not plain: the men who can be hit (sf_fig_targetable), in index
	// order, with their base centres, contact radii (f->radius + SF_RP) and whether they lie
	// down. Settled once a shot: the state does not change while it flies.
	int ntg;
	int32_t *tg_i;
	double *tg_x, *tg_y, *tg_r;
	uint8_t *tg_lying; // TW_FF_LYING set (sf_fall passes them by)
	double *w_along, *w_lat; // sf_ray's and sf_fall's working rows, one a listed man
	double t, s, z, vh, vz;
	bool rolling, floored, glanced, stop;
	tw_shot_sampler sampler;
} sf_shot;

// ---- eligibility and geometry ----

// Every man standing on the table can be hit, in the fight or out of it (a rule set's prisoners
// and freed men among them: tw_figure_on_table).
static bool sf_fig_targetable(const tw_state *st, const tw_figure *f)
{
	if (!tw_figure_on_table(st, f))
		return false;
	return f->pos.x >= 0 && f->pos.y >= 0 && f->pos.x <= st->table.width && f->pos.y <= st->table.depth;
}

static tw_vec2 sf_at(const sf_shot *h, double s) { return tw_add(h->o, tw_scale(h->dir, s)); }

static int sf_cand_cmp(const void *pa, const void *pb)
{
	const sf_cand *a = pa, *b = pb;
	if (a->s != b->s)
		return a->s < b->s ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static void sf_sort_doubles(double *v, int n)
{
	for (int i = 1; i < n; i++) {
		double x = v[i];
		int j = i - 1;
		for (; j >= 0 && v[j] > x; j--)
			v[j + 1] = v[j];
		v[j + 1] = x;
	}
}

// Appends the along-ray intervals where segment a->b (length len) is inside piece t.
static void sf_add_spans(sf_shot *h, const tw_terrain *t, tw_vec2 a, tw_vec2 b, double len)
{
	double top = t->z0 + t->height;
	uint8_t hill = t->kind == TW_TER_HILL;
	if (t->shape == TW_SHAPE_CIRCLE) {
		tw_vec2 d = tw_sub(b, a), f = tw_sub(a, t->center);
		double A = tw_dot(d, d), B = 2 * tw_dot(f, d), C = tw_dot(f, f) - t->radius * t->radius;
		double disc = B * B - 4 * A * C;
		if (A <= 0 || disc < 0)
			return;
		double q = sqrt(disc), u0 = (-B - q) / (2 * A), u1 = (-B + q) / (2 * A);
		if (u1 < 0 || u0 > 1)
			return;
		u0 = fmax(u0, 0);
		u1 = fmin(u1, 1);
		h->span[h->nspan++] = (sf_span){u0 * len, u1 * len, top, t->id, hill, u0 > 0};
		return;
	}
	if (!tw_terrain_segment_hits(t, a, b))
		return;
	double u[TW_MAX_VERTS + 2];
	int n = 0;
	u[n++] = 0;
	u[n++] = 1;
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++) {
		double x = tw_segment_hit_t(a, b, t->v[j], t->v[i]);
		if (x > 0 && x < 1)
			u[n++] = x;
	}
	sf_sort_doubles(u, n);
	// Classify each piece between crossings by its midpoint; merge neighbours.
	bool open = false;
	double start = 0;
	for (int i = 0; i + 1 < n; i++) {
		if (u[i + 1] - u[i] <= SF_EPS)
			continue;
		bool in = tw_terrain_contains(t, tw_add(a, tw_scale(tw_sub(b, a), 0.5 * (u[i] + u[i + 1]))));
		if (in && !open) {
			open = true;
			start = u[i];
		} else if (!in && open) {
			open = false;
			h->span[h->nspan++] = (sf_span){start * len, u[i] * len, top, t->id, hill, start > 0};
		}
	}
	if (open)
		h->span[h->nspan++] = (sf_span){start * len, len, top, t->id, hill, start > 0};
}

// Starts a new straight ray at the projectile's present point: culls figures and terrain.
static void sf_ray(sf_shot *h, tw_vec2 o, tw_vec2 dir)
{
	const tw_state *st = h->st;
	h->o = o;
	h->dir = dir;
	h->s = 0;
	double tx = INFINITY, ty = INFINITY;
	if (dir.x > SF_EPS)
		tx = (st->table.width - o.x) / dir.x;
	else if (dir.x < -SF_EPS)
		tx = -o.x / dir.x;
	if (dir.y > SF_EPS)
		ty = (st->table.depth - o.y) / dir.y;
	else if (dir.y < -SF_EPS)
		ty = -o.y / dir.y;
	h->s_exit = fmax(0, fmin(tx, ty));
	h->s_exit_up = nextafter(h->s_exit, INFINITY);
	double len = h->s_exit + 1.0;
	tw_vec2 far = sf_at(h, len);

	h->nspan = 0;
	for (int i = 0; i < st->table.nterrain; i++) {
		const tw_terrain *t = &st->table.terrain[i];
		if (t->kind == TW_TER_HILL || tw_terrain_is_solid((tw_terrain_kind)t->kind))
			sf_add_spans(h, t, o, far, len);
	}
	h->g_top = 0;
	for (int i = 0; i < h->nspan; i++)
		if (h->span[i].hill)
			h->g_top = fmax(h->g_top, h->span[i].top); // as sf_ground, over every hill span
	h->in_ref = h->in_next = -INFINITY; // nothing known yet

	h->ncand = h->lo = 0;
	h->reach_max = 0;
	if (!h->plain) {
		// s31-shot: the loop below over the men who can be hit only (the rest it skips), the
		// same sums on the same values: first for every listed man in a row (a loop the
		// compiler may do two at a time: the same operations on the same values, so the same
		// bits), then the tests (no side effects: their order does not matter).
		const int32_t *tg_i = h->tg_i;
		const double *tg_x = h->tg_x, *tg_y = h->tg_y, *tg_r = h->tg_r;
		double *w_along = h->w_along, *w_lat = h->w_lat;
		const uint8_t *done = h->done;
		const int ntg = h->ntg;
		for (int k = 0; k < ntg; k++) {
			tw_vec2 d = tw_sub(tw_v2(tg_x[k], tg_y[k]), o);
			w_along[k] = tw_dot(d, dir);
			w_lat[k] = tw_cross(dir, d);
		}
		for (int k = 0; k < ntg; k++) {
			double R = tg_r[k], along = w_along[k], lat = w_lat[k];
			if (fabs(lat) > R || along < -R || along > len + R)
				continue;
			int32_t i = tg_i[k];
			if (done[i])
				continue;
			h->cand[h->ncand++] = (sf_cand){i, along, sqrt(R * R - lat * lat)};
			h->reach_max = fmax(h->reach_max, R);
		}
		qsort(h->cand, (size_t)h->ncand, sizeof *h->cand, sf_cand_cmp);
		return;
	}
	for (int i = 0; i < st->nfig; i++) {
		const tw_figure *f = &st->fig[i];
		if (h->done[i] || !sf_fig_targetable(st, f)) // plain
			continue;
		double R = f->radius + SF_RP;
		tw_vec2 d = tw_sub(f->pos, o);
		double along = tw_dot(d, dir), lat = tw_cross(dir, d);
		if (fabs(lat) > R || along < -R || along > len + R)
			continue;
		h->cand[h->ncand++] = (sf_cand){i, along, sqrt(R * R - lat * lat)};
		h->reach_max = fmax(h->reach_max, R);
	}
	qsort(h->cand, (size_t)h->ncand, sizeof *h->cand, sf_cand_cmp);
}

// Ground (top of the highest hill layer) at along-ray distance s.
static double sf_ground(const sf_shot *h, double s)
{
	double g = 0;
	for (int i = 0; i < h->nspan; i++) {
		const sf_span *p = &h->span[i];
		if (p->hill && p->s_in <= s && s <= p->s_out)
			g = fmax(g, p->top);
	}
	return g;
}

// ---- results ----

// s31-shot (issue 18): tw_shot_sample_put's work (shot_models.c; the plain shot calls it, and
// test_exact_shot compares the two), inline: the sample at time t, along-ray s, height z, into
// a result with room; returns the sampler's next moved on by the same additions.
static inline double sf_put(const sf_shot *h, tw_shot_result *r, double next, double sdt, double t, double s, double z)
{
	tw_vec2 p = sf_at(h, s);
	r->samples[r->nsamples++] = (tw_shot_sample){(float)t, (float)p.x, (float)p.y, (float)z};
	while (next <= t)
		next += sdt;
	return next;
}

static void sf_sample(sf_shot *h, bool force)
{
	if (!force && !h->plain) {
		// s29-sfast: tw_shot_sample_due's first test, without the call. s31-shot (issue 18):
		// the rest of it is needed only when the result is full (it makes room, and may then
		// say no); otherwise it says yes. The sample is then put by sf_put.
		if (h->t < h->sampler.next)
			return;
		tw_shot_result *r = h->out;
		if (r->nsamples == TW_SHOT_MAX_SAMPLES && !tw_shot_sample_due(&h->sampler, r, h->t, false))
			return;
		h->sampler.next = sf_put(h, r, h->sampler.next, h->sampler.dt, h->t, h->s, h->z);
		return;
	}
	if (!tw_shot_sample_due(&h->sampler, h->out, h->t, force))
		return;
	tw_vec2 p = sf_at(h, h->s);
	tw_shot_sample_put(&h->sampler, h->out, h->t, p.x, p.y, h->z);
}

static void sf_contact(sf_shot *h, int32_t idx, double t, uint8_t how, uint8_t via, tw_vec2 at, double speed)
{
	h->done[idx] = 1;
	tw_shot_result *r = h->out;
	if (r->ncontacts >= TW_SHOT_MAX_CONTACTS)
		return;
	// Field by field: the result was zeroed, so its padding stays zero (results compare by bytes).
	tw_shot_contact *c = &r->contacts[r->ncontacts++];
	c->figure = h->st->fig[idx].id;
	c->t = t;
	c->how = how;
	c->via = via;
	c->at = at;
	c->speed = speed;
}

// A man going over along fdir fells standing men whose base centre lies within his height
// ahead of him, inside a corridor of his base radius; they fall the same way (chain).
static void sf_fall(sf_shot *h, int32_t first, tw_vec2 fdir, double t0)
{
	const tw_state *st = h->st;
	int32_t queue[TW_SHOT_MAX_CONTACTS];
	double when[TW_SHOT_MAX_CONTACTS];
	int head = 0, tail = 0;
	queue[tail] = first;
	when[tail++] = t0;
	while (head < tail) {
		const tw_figure *a = &st->fig[queue[head]];
		double ta = when[head++];
		if (!h->plain) {
			// s31-shot: the loop below over the men who can be hit only (the rest it skips),
			// in the same order, the same sums on the same values: first for every listed man
			// in a row, as sf_ray's, then the tests (no side effects but the contact's, made
			// in the same order), those lying down passed by.
			const int32_t *tg_i = h->tg_i;
			const uint8_t *tg_lying = h->tg_lying;
			const double *tg_x = h->tg_x, *tg_y = h->tg_y;
			double *w_along = h->w_along, *w_lat = h->w_lat;
			const uint8_t *done = h->done;
			const int ntg = h->ntg;
			const tw_vec2 apos = a->pos;
			for (int k = 0; k < ntg; k++) {
				tw_vec2 d = tw_sub(tw_v2(tg_x[k], tg_y[k]), apos);
				w_along[k] = tw_dot(d, fdir);
				w_lat[k] = tw_cross(fdir, d);
			}
			const double aheight = a->height, aradius = a->radius;
			for (int k = 0; k < ntg; k++) {
				double along = w_along[k], lat = w_lat[k];
				if (along <= 0 || along > aheight || fabs(lat) > aradius)
					continue;
				int32_t j = tg_i[k];
				if (tg_lying[k] || done[j])
					continue;
				tw_vec2 bpos = tw_v2(tg_x[k], tg_y[k]);
				double tb = ta + SF_FALL_TIME * (0.5 + 0.5 * along / a->height);
				sf_contact(h, j, tb, TW_CONTACT_FELLED, TW_VIA_FALL, bpos, 0);
				if (tail < TW_SHOT_MAX_CONTACTS) {
					queue[tail] = j;
					when[tail++] = tb;
				}
			}
			continue;
		}
		for (int j = 0; j < st->nfig; j++) {
			const tw_figure *b = &st->fig[j];
			if (h->done[j] || (b->flags & TW_FF_LYING) || !sf_fig_targetable(st, b)) // plain
				continue;
			tw_vec2 d = tw_sub(b->pos, a->pos);
			double along = tw_dot(d, fdir), lat = tw_cross(fdir, d);
			if (along <= 0 || along > a->height || fabs(lat) > a->radius)
				continue;
			double tb = ta + SF_FALL_TIME * (0.5 + 0.5 * along / a->height);
			sf_contact(h, j, tb, TW_CONTACT_FELLED, TW_VIA_FALL, b->pos, 0);
			if (tail < TW_SHOT_MAX_CONTACTS) {
				queue[tail] = j;
				when[tail++] = tb;
			}
		}
	}
}

// The projectile meets figure idx at along-ray distance s, height z.
static void sf_hit_figure(sf_shot *h, int32_t idx)
{
	const tw_figure *f = &h->st->fig[idx];
	bool lying = (f->flags & TW_FF_LYING) != 0;
	tw_vec2 p = sf_at(h, h->s);
	tw_vec2 n = tw_sub(p, f->pos); // from his axis to the projectile
	double nl = tw_len(n);
	n = nl > SF_EPS ? tw_scale(n, 1 / nl) : tw_scale(h->dir, -1);
	tw_vec2 v = tw_scale(h->dir, h->vh);
	double vn = -tw_dot(v, n); // closing speed along the normal
	double speed = sqrt(h->vh * h->vh + h->vz * h->vz);
	uint8_t via = h->rolling ? TW_VIA_ROLL : (h->floored || h->glanced) ? TW_VIA_REBOUND : TW_VIA_FLIGHT;
	uint8_t how = TW_CONTACT_TOUCHED;
	if (!lying && vn > 0 && f->height > 0) {
		// Impulse on a figure pivoting about the far edge of his base (radius b), hit at
		// height hc; K = rotational energy given / energy to lift his centre over the edge.
		double H = f->height, b = fmax(f->radius, 0.05);
		double M = SF_FIG_DENSITY * b * b * H;
		double I = M * (H * H / 3 + b * b);
		double hc = fmin(fmax(h->z - h->base[idx], 0), H);
		double cm = SF_FIG_CM * H;
		double J = (1 + SF_FIG_E) * vn / (1 / SF_MASS + hc * hc / I);
		double lift = M * SF_G * (sqrt(b * b + cm * cm) - cm);
		double K = (J * hc) * (J * hc) / (2 * I * lift);
		if (K >= 1)
			how = TW_CONTACT_KNOCKED;
		else if (K >= SF_LEAN_K)
			how = TW_CONTACT_LEANING;
	}
	sf_contact(h, idx, h->t, how, via, p, speed);
	if (how != TW_CONTACT_TOUCHED) {
		// He goes over; the shot loses most of its speed and carries on slowly.
		h->vh *= SF_KNOCK_KEEP;
		h->vz *= SF_KNOCK_KEEP;
		if (how == TW_CONTACT_KNOCKED)
			sf_fall(h, idx, h->dir, h->t);
		return;
	}
	// Touched: the normal part of the velocity reflects (restitution), the rest slows.
	if (vn > 0)
		v = tw_add(v, tw_scale(n, (1 + SF_FIG_E) * vn));
	v = tw_scale(v, SF_TOUCH_KEEP);
	h->vz *= SF_TOUCH_KEEP;
	h->glanced = true;
	double vl = tw_len(v);
	if (vl > SF_EPS) {
		h->vh = vl;
		sf_ray(h, p, tw_scale(v, 1 / vl));
	} else {
		h->vh = 0;
		sf_ray(h, p, h->dir);
	}
}

// ---- the step loop ----

enum { SF_EV_NONE = 0, SF_EV_FIG, SF_EV_BLOCK, SF_EV_FLOOR, SF_EV_EXIT };

// The nearest entry span beginning beyond s0 along the shot (INFINITY: none): the quiet steps
// run until it.
static inline double sf_next_entry(const sf_shot *h, double s0)
{
	double in_next = INFINITY;
	for (int i = 0; i < h->nspan; i++)
		if (h->span[i].entry && h->span[i].s_in > s0 && h->span[i].s_in < in_next)
			in_next = h->span[i].s_in;
	return in_next;
}

// A quiet step from s0 to s1 meets no figure (none listed, or the nearest's reach beyond s1) and
// no entry span (the next one, found again once s0 passes the last place it was looked for from,
// beyond s1): the tests both quiet loops make before a step.
// The along-ray limit lim lowered to the next entry span's s_in beyond s (the cache in_ref /
// in_next made again from s when it does not cover s), for sf_quiet_fly and sf_quiet_glide.
static inline double sf_entry_limit(sf_shot *h, double s, double lim)
{
	if (!(h->in_ref <= s)) {
		h->in_ref = s;
		h->in_next = sf_next_entry(h, s);
	}
	return !(h->in_next >= lim) ? h->in_next : lim;
}

static inline bool sf_quiet_ahead(const sf_shot *h, bool has_fig, double fig_lim, double s0, double s1, double *in_ref,
				  double *in_next)
{
	if (has_fig && !(fig_lim > s1))
		return false;
	if (!(*in_ref <= s0 && s1 < *in_next)) {
		*in_ref = s0;
		*in_next = sf_next_entry(h, s0);
		if (!(s1 < *in_next))
			return false;
	}
	return true;
}

// s29-sfast (issue 18): flight steps in which sf_step could find nothing (most of them), taken
// without its searches, each followed by the loop's sample, from step n on while the loop would
// go on; returns the new n. It stops (for sf_step) at a step of which that is not certain. Such
// a step is sf_step's, the same expressions (u = 1), when:
//  * figures: sf_step's candidate loop would not enter its body: no candidate left, or the
//    first one's s - reach_max is beyond s1. Then, with s0 <= s1 and reach_max >= 0, its
//    s + reach_max is not below s0 either, so sf_step would not move lo on (lo stays put);
//  * terrain: no entry span has s0 < s_in <= s1 (in_ref <= s0 and s1 < in_next, in_next the
//    least entry s_in beyond in_ref, found again when that does not hold);
//  * floor: the projectile rises (z1 >= z0) or its underside stays at or above g_top, the
//    highest ground anywhere on the ray (sf_ground is a max from 0 over some hill spans);
//  * edge: s1 <= s_exit.
// NaN anywhere fails a comparison: sf_step takes the step. s31-shot: at most n_lim - n steps
// (sf_quiet_fly hands it single steps).
static int sf_quiet_run(sf_shot *h, int n, int n_lim)
{
	const double s_exit = h->s_exit, g_top = h->g_top;
	const bool has_fig = h->lo < h->ncand;
	const double fig_lim = has_fig ? h->cand[h->lo].s - h->reach_max : 0;
	double t = h->t, s = h->s, z = h->z, vh = h->vh, vz = h->vz, next = h->sampler.next;
	double in_ref = h->in_ref, in_next = h->in_next;
	while (t < SF_TMAX && n < SF_MAX_STEPS && n < n_lim) {
		double s0 = s, z0 = z;
		double vz1 = vz - SF_G * SF_DT, s1 = s0 + vh * SF_DT, z1 = z0 + vz1 * SF_DT;
		if (!(s0 <= s1 && s1 <= s_exit && (z1 >= z0 || z1 - SF_RP >= g_top)))
			break;
		if (!sf_quiet_ahead(h, has_fig, fig_lim, s0, s1, &in_ref, &in_next))
			break;
		double vh1 = vh, ds = s1 - s0, u = 1;
		t += u * SF_DT;
		s = s0 + u * ds;
		z = z0 + u * (z1 - z0);
		vh += u * (vh1 - vh);
		vz += u * (vz1 - vz);
		n++;
		if (!(t < next)) { // the sample may be due: sf_sample on the state as it is
			h->t = t, h->s = s, h->z = z, h->vh = vh, h->vz = vz;
			sf_sample(h, false);
			next = h->sampler.next;
		}
	}
	h->t = t, h->s = s, h->z = z, h->vh = vh, h->vz = vz;
	h->in_ref = in_ref, h->in_next = in_next;
	return n;
}

// s31-shot (issue 18): most of the flight's steps with fewer tests and sums a step. It takes a
// step only when the loop in sf_fire would take it by sf_quiet_run or by an sf_step that meets
// nothing, leaving bit for bit the state they would leave (and sampling as they would), and
// returns at any step of which that is not certain (for sf_quiet_run to take that one step its
// own way, or to stop, and sf_step then); it never ends the run itself.
// Rounding is to nearest (C's default; the build never changes it). Why it may:
//  * vh: checked finite, >= 0 and not -0 on entry, so sf_quiet_run's vh += 1 * (vh - vh) leaves
//    it as it is, and vh * SF_DT (vhdt, >= 0) is the same product each step;
//  * s: s1 = s0 + vhdt. Once s0 >= vhdt (checked on entry; s never falls, vhdt >= 0), Fast2Sum
//    (Dekker: |a| >= |b| makes (a + b) - a exact) makes s1 - s0 exact, so sf_quiet_run's
//    s = s0 + 1 * (s1 - s0) is s1 itself. s1 >= s0 (its s0 <= s1) since vhdt >= 0;
//  * vz: vz1 = vz - c (c = SF_G * SF_DT > 0, the same constant). When |vz| >= c, Fast2Sum again
//    makes vz1 - vz exact and vz += 1 * (vz1 - vz) is vz1. Rising (vz >= c, tested each step),
//    vz1 >= 0, so z1 = z0 + vz1 * SF_DT >= z0 (z0 finite): no floor met. Falling (vz <= -c on
//    entry) it stays so (vz1 <= vz); the floor test is below. Near the top (|vz| < c, one or
//    two steps a flight) it hands over. z = z0 + (z1 - z0) is summed as sf_quiet_run sums it;
//    |z|, |vz| <= 1e300 on entry keep every sum finite over the at most SF_MAX_STEPS steps;
//  * where sf_quiet_run stops, the loop in sf_fire has sf_step take the step, and sf_step's
//    step with no event (u = 1) is sf_quiet_run's: the same sums, then the same sample, and n
//    counts it alike (its other work, moving lo on and caching a man's ground, changes no
//    answer). So a step may be taken whenever sf_step would find no event in it:
//     - no man: each listed one from lo on (sf_step never looks before lo) is done, or his
//       interval s +- hw lies behind s0 (tested against the run's first s0) or beyond s1
//       (s1 < his s - hw); sf_step's loop stops at the first whose s - reach_max is beyond s1;
//     - no piece: no entry span with s0 < s_in <= s1 (s1 < in_next, in_ref <= s0: in_ref,
//       in_next is a cache made on entry as sf_quiet_ahead makes it; any true pair gives the
//       same answers);
//     - no floor: rising (above), or falling with z1 - SF_RP >= g, g sf_ground's under the
//       run's first s1 (s_first), not below the ground under any later s1: a hill span holding
//       s1 but not s_first starts beyond s_first, so its s_in > 0 makes it an entry span, and
//       s1 < in_next <= s_in (in_ref <= s0 < s_first) says it does not hold s1;
//     - no table edge: s1 <= s_exit (s1 < nextafter(s_exit, +inf)).
//    lim is the least of those bounds, each taken by "if (!(x >= lim)) lim = x" (a NaN makes
//    lim NaN and no step passes). When even sf_quiet_run's own first step would fail (beyond
//    s_exit or its first man's s - reach_max), it says so (*none): sf_step is next;
//  * time: t < tcheck (the lesser of SF_TMAX and the sampler's next, NaN kept) implies
//    t < SF_TMAX and no sample due; otherwise sf_quiet_run's own sample test, then its loop
//    test (failing it: hand over, and sf_quiet_run stops at once). A sample due is put as
//    sf_sample puts it when the result has room (same floats, next moved on by the same
//    additions); before a step after which one would be due into a full result, hand over.
// sf_quiet_fly's steps, rising or falling (a constant: the compiler makes two loops).
static inline int sf_fly_loop(sf_shot *h, int n, const bool falling, const double lim, const double g, double *tp,
			      double *sp, double *zp, double *vzp)
{
	const double c = SF_G * SF_DT, vhdt = h->vh * SF_DT, sdt = h->sampler.dt;
	double t = *tp, s = *sp, z = *zp, vz = *vzp, next = h->sampler.next;
	double tcheck = SF_TMAX; // the lesser of SF_TMAX and next, a NaN next kept
	if (!(next >= tcheck))
		tcheck = next;
	tw_shot_result *r = h->out;
	for (;;) {
		double vz1 = vz - c, s1 = s + vhdt, z1 = z + vz1 * SF_DT, t1 = t + SF_DT;
		if (!(s1 < lim))
			break;
		if (falling ? !(z1 - SF_RP >= g || z1 >= z) : !(vz >= c))
			break;
		if (t1 < tcheck && n < SF_MAX_STEPS - 1) { // no sample due after it, nor the run's end
			t = t1;
			s = s1;
			z = z + (z1 - z);
			vz = vz1;
			n++;
			continue;
		}
		bool due = !(t1 < next);
		// A sample due after this step with the result full: sf_quiet_run makes room its own way.
		if (due && r->nsamples == TW_SHOT_MAX_SAMPLES)
			break;
		t = t1;
		s = s1;
		z = z + (z1 - z);
		vz = vz1;
		n++;
		if (due) { // sf_sample(h, false), the result not full
			next = sf_put(h, r, next, sdt, t, s, z);
			tcheck = SF_TMAX;
			if (!(next >= tcheck))
				tcheck = next;
		}
		if (!(t < SF_TMAX && n < SF_MAX_STEPS))
			break;
	}
	*tp = t, *sp = s, *zp = z, *vzp = vz;
	h->sampler.next = next;
	return n;
}

static int sf_quiet_fly(sf_shot *h, int n, bool *none)
{
	*none = false;
	const double c = SF_G * SF_DT, vh = h->vh, vhdt = vh * SF_DT;
	double t = h->t, s = h->s, z = h->z, vz = h->vz;
	// sf_step's limits (see above): the men's intervals, not their reach.
	double lim = h->s_exit_up;
	for (int i = h->lo; i < h->ncand; i++) {
		const sf_cand *cd = &h->cand[i];
		if (!(cd->s - h->reach_max < lim))
			break; // sf_step's loop stops here (or sooner) at every step of the run
		if (h->done[cd->idx] || cd->s + cd->hw < s)
			continue;
		double lo_i = cd->s - cd->hw;
		if (!(lo_i >= lim))
			lim = lo_i;
	}
	if (!(s + vhdt < lim)) { // the first step fails (in_next and the ground only lower lim)
		// So does sf_quiet_run's, on its limits (its first man's s - reach_max is not above
		// any of the s - hw above, nor beyond s_exit): sf_step is next.
		*none = true;
		return n;
	}
	if (!(vh >= 0 && vh <= DBL_MAX) || signbit(vh) || !(s >= vhdt) || !(fabs(z) <= 1e300) || !(fabs(vz) <= 1e300))
		return n;
	const bool falling = vz <= -c;
	if (!falling && !(vz >= c))
		return n;
	if (!(t < SF_TMAX && n < SF_MAX_STEPS))
		return n;
	lim = sf_entry_limit(h, s, lim);
	// The ground under every s1 of the run is not above sf_ground's under the first (see above).
	const double g = falling && h->g_top > 0 ? sf_ground(h, s + vhdt) : h->g_top;
	if (falling)
		n = sf_fly_loop(h, n, true, lim, g, &t, &s, &z, &vz);
	else
		n = sf_fly_loop(h, n, false, lim, g, &t, &s, &z, &vz);
	h->t = t, h->s = s, h->z = z, h->vz = vz;
	return n;
}

// s29-sfast (issue 18): rolling steps as sf_quiet_run takes flight steps: sf_step's rolling
// step (u = 1) when it does not come to rest within the step (vh1 > 0) and meets no figure,
// no entry span and not the table edge (the same tests as sf_quiet_run's), then sf_step's
// check after a rolling step, with its ground looked up only when the answer is not already
// known: sf_ground is never below 0 nor above g_top, so for X = z - SF_RP - 1e-6, X <= 0 (or
// NaN) means not below X, and X > g_top means below it. Stops after a step that ends the
// roll (at rest, or off the edge of a hill layer) or before one it cannot take.
// s31-shot: at most n_lim - n steps (sf_quiet_glide hands it single steps).
static int sf_quiet_roll(sf_shot *h, int n, int n_lim)
{
	const double s_exit = h->s_exit, g_top = h->g_top;
	const bool has_fig = h->lo < h->ncand;
	const double fig_lim = has_fig ? h->cand[h->lo].s - h->reach_max : 0;
	double in_ref = h->in_ref, in_next = h->in_next;
	while (h->t < SF_TMAX && n < SF_MAX_STEPS && n < n_lim) {
		double dt = SF_DT_ROLL;
		double s0 = h->s, z0 = h->z;
		double vh1 = h->vh - SF_ROLL_DECEL * dt;
		if (!(vh1 > 0))
			break;
		double s1 = s0 + 0.5 * (h->vh + vh1) * dt, vz1 = 0, z1 = z0;
		if (!(s0 <= s1 && s1 <= s_exit))
			break;
		if (!sf_quiet_ahead(h, has_fig, fig_lim, s0, s1, &in_ref, &in_next))
			break;
		double ds = s1 - s0, u = 1;
		h->t += u * dt;
		h->s = s0 + u * ds;
		h->z = z0 + u * (z1 - z0);
		h->vh += u * (vh1 - h->vh);
		h->vz += u * (vz1 - h->vz);
		n++;
		if (h->vh <= SF_EPS) {
			h->vh = 0;
			h->stop = true;
		} else {
			double x = h->z - SF_RP - 1e-6;
			if (x > 0 && (x > g_top || sf_ground(h, h->s) < x)) {
				h->rolling = false; // rolled off the edge of a hill layer
				h->vz = 0;
			}
		}
		sf_sample(h, false);
		if (h->stop || !h->rolling)
			break;
	}
	h->in_ref = in_ref, h->in_next = in_next;
	return n;
}

// s31-shot (issue 18): most of sf_quiet_roll's steps, on the floor or a level below the
// projectile's underside (X = z - SF_RP - 1e-6 <= 0: sf_quiet_roll never asks the ground), as
// sf_quiet_fly takes sf_quiet_run's: a step only when sf_quiet_roll would take it, the same state
// after it bit for bit, handing over (returning) at any step of which that is not certain. Why:
//  * z: checked finite and > 0 on entry, so z0 + 1 * (z1 - z0) with z1 = z0 is z0: z and X stay;
//  * vz: vz + 1 * (0 - vz) is +0 for any finite vz (checked on entry), so it is +0 after a step;
//  * vh: vh1 = vh - k (k = SF_ROLL_DECEL * SF_DT_ROLL, the same constant). The step is taken only
//    when vh1 > SF_EPS (sf_quiet_roll's vh1 > 0, and the roll goes on after it: vh > SF_EPS).
//    Then vh > k, and Fast2Sum makes vh1 - vh exact: vh += 1 * (vh1 - vh) is vh1;
//  * s: s1 = s0 + d, d = 0.5 * (vh + vh1) * dt >= 0, and d never grows (vh falls; every
//    operation is monotone), so s0 >= d, checked on entry for the first step, holds on: Fast2Sum
//    makes s0 + 1 * (s1 - s0) equal to s1, and s0 <= s1;
//  * along the ray and time: sf_quiet_fly's lim and tests; a sample is put as there.
static int sf_quiet_glide(sf_shot *h, int n, bool *none)
{
	*none = false;
	const double dt = SF_DT_ROLL, k = SF_ROLL_DECEL * SF_DT_ROLL;
	double t = h->t, s = h->s, vh = h->vh;
	const double z = h->z, x = z - SF_RP - 1e-6;
	double lim = h->s_exit_up;
	if (h->lo < h->ncand) {
		double fig_lim = h->cand[h->lo].s - h->reach_max;
		if (!(fig_lim >= lim))
			lim = fig_lim;
	}
	double vh1 = vh - k;
	if (!(s + 0.5 * (vh + vh1) * dt < lim)) { // the first step would not pass
		// Nor would sf_quiet_roll take it: its s1 (the same sum) is beyond s_exit, not below
		// the first figure's limit, or NaN (or its vh1 > 0 fails first).
		*none = true;
		return n;
	}
	if (!(vh1 > SF_EPS))
		return n;
	if (!(z > 0 && z <= DBL_MAX) || x > 0 || !(fabs(h->vz) <= DBL_MAX) || !(vh <= DBL_MAX) ||
	    !(s >= 0.5 * (vh + vh1) * dt))
		return n;
	if (!(t < SF_TMAX && n < SF_MAX_STEPS))
		return n;
	lim = sf_entry_limit(h, s, lim);
	tw_shot_result *r = h->out;
	double next = h->sampler.next;
	const double sdt = h->sampler.dt;
	int taken = 0;
	for (;;) {
		vh1 = vh - k;
		if (!(vh1 > SF_EPS))
			break;
		double s1 = s + 0.5 * (vh + vh1) * dt, t1 = t + dt;
		if (!(s1 < lim))
			break;
		bool due = !(t1 < next);
		if (due && r->nsamples == TW_SHOT_MAX_SAMPLES)
			break; // sf_quiet_roll makes room its own way
		t = t1;
		s = s1;
		vh = vh1;
		taken = 1;
		n++;
		if (due) // sf_sample(h, false), the result not full
			next = sf_put(h, r, next, sdt, t, s, z);
		if (!(t < SF_TMAX && n < SF_MAX_STEPS))
			break;
	}
	if (taken) {
		h->t = t, h->s = s, h->vh = vh, h->vz = 0;
		h->sampler.next = next;
	}
	return n;
}

static void sf_step(sf_shot *h)
{
	double dt = h->rolling ? SF_DT_ROLL : SF_DT;
	double s0 = h->s, z0 = h->z, s1, z1, vh1, vz1;
	if (h->rolling) {
		vh1 = h->vh - SF_ROLL_DECEL * dt;
		if (vh1 <= 0) {
			dt = h->vh / SF_ROLL_DECEL; // comes to rest within this step
			vh1 = 0;
		}
		s1 = s0 + 0.5 * (h->vh + vh1) * dt;
		vz1 = 0;
		z1 = z0;
	} else {
		vh1 = h->vh;
		vz1 = h->vz - SF_G * dt;
		s1 = s0 + h->vh * dt;
		z1 = z0 + vz1 * dt;
	}
	double ds = s1 - s0;
	double best = 2;
	int ev = SF_EV_NONE, which = -1;
	double floor_z = 0;

	// Figures: sorted along the ray; skip those wholly behind.
	while (h->lo < h->ncand && h->cand[h->lo].s + h->reach_max < s0)
		h->lo++;
	for (int i = h->lo; i < h->ncand && h->cand[i].s - h->reach_max <= s1; i++) {
		const sf_cand *c = &h->cand[i];
		if (h->done[c->idx] || c->s + c->hw < s0 || c->s - c->hw > s1)
			continue;
		double u0, u1;
		if (ds > SF_EPS) {
			u0 = fmax(0, (c->s - c->hw - s0) / ds);
			u1 = fmin(1, (c->s + c->hw - s0) / ds);
		} else {
			u0 = 0;
			u1 = 1;
		}
		if (u0 > u1 || u0 >= best)
			continue;
		const tw_figure *f = &h->st->fig[c->idx];
		if (isnan(h->base[c->idx]))
			h->base[c->idx] = tw_table_ground(&h->st->table, f->pos);
		double lo = h->base[c->idx] - SF_RP;
		double hi = h->base[c->idx] + ((f->flags & TW_FF_LYING) ? SF_LYING_H : f->height) + SF_RP;
		// z is linear in u: the part of [u0,u1] where lo <= z <= hi.
		double dz = z1 - z0;
		if (fabs(dz) > SF_EPS) {
			double ua = (lo - z0) / dz, ub = (hi - z0) / dz;
			if (ua > ub) {
				double x = ua;
				ua = ub;
				ub = x;
			}
			u0 = fmax(u0, ua);
			u1 = fmin(u1, ub);
		} else if (z0 < lo || z0 > hi) {
			continue;
		}
		if (u0 <= u1 && u0 < best) {
			best = u0;
			ev = SF_EV_FIG;
			which = c->idx;
		}
	}
	// Terrain: entering a solid piece or a hill layer below its top stops the shot.
	for (int i = 0; i < h->nspan; i++) {
		const sf_span *p = &h->span[i];
		if (!p->entry || !(p->s_in > s0) || p->s_in > s1 || ds <= SF_EPS)
			continue;
		double u = (p->s_in - s0) / ds;
		if (u >= best)
			continue;
		double zu = z0 + u * (z1 - z0);
		if (zu - SF_RP < p->top - 1e-6) {
			best = u;
			ev = SF_EV_BLOCK;
			which = p->id;
		}
	}
	// Floor (in flight): where the projectile's underside reaches the ground.
	if (!h->rolling) {
		double g = sf_ground(h, s1);
		if (z1 - SF_RP < g && z1 < z0) {
			double u = fmin(1, fmax(0, (z0 - SF_RP - g) / (z0 - z1)));
			if (u < best) {
				best = u;
				ev = SF_EV_FLOOR;
				floor_z = g;
			}
		}
	}
	// Table edge.
	if (s1 > h->s_exit && ds > SF_EPS) {
		double u = fmax(0, (h->s_exit - s0) / ds);
		if (u < best) {
			best = u;
			ev = SF_EV_EXIT;
		}
	}
	double u = ev == SF_EV_NONE ? 1 : best;
	h->t += u * dt;
	h->s = s0 + u * ds;
	h->z = z0 + u * (z1 - z0);
	h->vh += u * (vh1 - h->vh);
	h->vz += u * (vz1 - h->vz);

	switch (ev) {
	case SF_EV_FIG:
		sf_hit_figure(h, which);
		break;
	case SF_EV_BLOCK:
		h->out->blocked_by = which;
		h->stop = true;
		break;
	case SF_EV_EXIT:
		h->stop = true;
		break;
	case SF_EV_FLOOR:
		h->z = floor_z + SF_RP;
		h->floored = true;
		h->vz = -h->vz * SF_FLOOR_EZ;
		h->vh *= SF_FLOOR_EH;
		if (h->vz < SF_ROLL_VZ) {
			h->vz = 0;
			h->rolling = true;
		}
		break;
	default:
		break;
	}
	if (h->rolling && !h->stop) {
		if (h->vh <= SF_EPS) {
			h->vh = 0;
			h->stop = true;
		} else if (sf_ground(h, h->s) < h->z - SF_RP - 1e-6) {
			h->rolling = false; // rolled off the edge of a hill layer
			h->vz = 0;
		}
	}
}

static void sf_aim_error(const tw_shot_request *req, tw_rng *rng, double *bearing, double *elevation)
{
	// Always two deviates, even for a perfect gunner, so streams stay aligned.
	double nb = tw_rng_normal(rng), ne = tw_rng_normal(rng);
	*bearing = req->bearing + req->aim_sigma * nb;
	*elevation = req->elevation + req->aim_sigma * ne;
}

static tw_status sf_fire(const tw_shot_model *m, const tw_state *st, const tw_shot_request *req, tw_rng *rng,
			 tw_shot_result *out)
{
	(void)m;
	memset(out, 0, sizeof *out);
	out->blocked_by = -1;
	out->misfire = false;
	double bearing, elevation;
	sf_aim_error(req, rng, &bearing, &elevation);
	out->bearing = bearing;
	out->elevation = elevation;
	out->rest = req->origin;

	int nf = st->nfig > 0 ? st->nfig : 1;
	int nspan_max = (st->table.nterrain > 0 ? st->table.nterrain : 1) * (TW_MAX_VERTS / 2 + 2);
	size_t bytes = (size_t)nf * (6 * sizeof(double) + sizeof(sf_cand) + sizeof(int32_t) + 2) +
		       (size_t)nspan_max * sizeof(sf_span);
	char *mem = tw_malloc(bytes);
	if (!mem)
		return TW_ERR_NOMEM;
	sf_shot h;
	memset(&h, 0, sizeof h);
	h.st = st;
	h.out = out;
	h.base = (double *)(void *)mem;
	h.tg_x = h.base + nf;
	h.tg_y = h.tg_x + nf;
	h.tg_r = h.tg_y + nf;
	h.w_along = h.tg_r + nf;
	h.w_lat = h.w_along + nf;
	h.cand = (sf_cand *)(void *)(h.w_lat + nf);
	h.span = (sf_span *)(void *)(h.cand + nf);
	h.tg_i = (int32_t *)(void *)(h.span + nspan_max);
	h.done = (uint8_t *)(h.tg_i + nf);
	h.tg_lying = h.done + nf;
	memset(h.done, 0, (size_t)nf);
	for (int i = 0; i < nf; i++)
		h.base[i] = NAN;
	h.plain = tw_shot_fast_plain;
	if (!h.plain) {
		// s29-sfast (issue 18): who can be hit is settled once a shot (the state does not
		// change while it flies), not again for every ray and every fall. s31-shot: listed
		// (tg_*, sf_*), and tw_figure_on_table asked once for each status met: its answer is
		// its status's (registry.c: tw_status_base(s, f->status), the rule set's table), the
		// same for every man of that status in this state.
		uint8_t on[TW_FS_MAX]; // 1 on the table, 0 not, 2 not asked yet
		memset(on, 2, sizeof on);
		int32_t *tg_i = h.tg_i;
		uint8_t *tg_lying = h.tg_lying;
		double *tg_x = h.tg_x, *tg_y = h.tg_y, *tg_r = h.tg_r;
		const double width = st->table.width, depth = st->table.depth;
		const tw_figure *fig = st->fig;
		const int nfig = st->nfig;
		int ntg = 0;
		for (int i = 0; i < nfig; i++) {
			const tw_figure *f = &fig[i];
			int v = f->status < TW_FS_MAX ? on[f->status] : 2;
			if (v != 1) {
				if (v == 2) {
					v = tw_figure_on_table(st, f);
					if (f->status < TW_FS_MAX)
						on[f->status] = (uint8_t)v;
				}
				if (!v)
					continue;
			}
			double x = f->pos.x, y = f->pos.y;
			if (!(x >= 0 && y >= 0 && x <= width && y <= depth))
				continue; // sf_fig_targetable's test, its first half as above
			tg_i[ntg] = i;
			tg_x[ntg] = x;
			tg_y[ntg] = y;
			tg_r[ntg] = f->radius + SF_RP;
			tg_lying[ntg++] = (f->flags & TW_FF_LYING) != 0;
		}
		h.ntg = ntg;
	}

	double el = elevation * (M_PI / 180.0);
	h.vh = SF_V0 * tw_cos(el);
	h.vz = SF_V0 * tw_sin(el);
	tw_vec2 dir = tw_dir_deg(bearing);
	if (h.vh < 0) { // elevated past the vertical: it flies backwards
		h.vh = -h.vh;
		dir = tw_scale(dir, -1);
	}
	sf_ray(&h, req->origin, dir);
	h.z = fmax(req->z0, sf_ground(&h, 0) + SF_RP);
	h.sampler.dt = 0.004;
	sf_sample(&h, true);
	bool on_table = req->origin.x >= 0 && req->origin.y >= 0 && req->origin.x <= st->table.width &&
			req->origin.y <= st->table.depth;
	h.stop = !on_table;
	for (int n = 0; !h.stop && h.t < SF_TMAX && n < SF_MAX_STEPS; n++) {
		if (!h.plain) {
			// The quiet steps from here (sf_step would take them alike).
			if (h.rolling)
				for (;;) { // s31-shot: sf_quiet_glide's steps, and one of sf_quiet_roll's where it stops
					bool none;
					n = sf_quiet_glide(&h, n, &none);
					if (none)
						break;
					int n0 = n;
					n = sf_quiet_roll(&h, n, n + 1);
					if (n == n0 || h.stop || !h.rolling)
						break;
				}
			else
				for (;;) { // s31-shot: sf_quiet_fly's steps, and one of sf_quiet_run's where it stops
					bool none;
					n = sf_quiet_fly(&h, n, &none);
					if (none)
						break;
					int n0 = n;
					n = sf_quiet_run(&h, n, n + 1);
					if (n == n0)
						break;
				}
			if (!(!h.stop && h.t < SF_TMAX && n < SF_MAX_STEPS))
				break;
		}
		sf_step(&h);
		sf_sample(&h, false);
	}
	out->rest = sf_at(&h, h.s);
	const tw_shot_sample *last = &out->samples[out->nsamples - 1];
	if (last->t != (float)h.t)
		sf_sample(&h, true);

	// Falls are recorded when they start; put every contact in time order (stable).
	for (int i = 1; i < out->ncontacts; i++) {
		tw_shot_contact c;
		memcpy(&c, &out->contacts[i], sizeof c);
		int j = i - 1;
		for (; j >= 0 && out->contacts[j].t > c.t; j--)
			memcpy(&out->contacts[j + 1], &out->contacts[j], sizeof c);
		memcpy(&out->contacts[j + 1], &c, sizeof c);
	}
	tw_free(mem);
	return TW_OK;
}

// ---- aiming helpers (same discrete flight as sf_step) ----

// Height after horizontal distance R: z_n = z0 + n dt vz - g dt^2 n(n+1)/2 at s_n = n dt vh,
// linear between steps as in sf_step.
static double sf_height_at(double R, double z0, double el_deg)
{
	double el = el_deg * (M_PI / 180.0);
	double vh = SF_V0 * tw_cos(el), vz = SF_V0 * tw_sin(el);
	if (vh <= SF_EPS)
		return -INFINITY;
	double nf = R / (vh * SF_DT);
	double n = floor(nf), fr = nf - n;
	double za = z0 + n * SF_DT * vz - SF_G * SF_DT * SF_DT * n * (n + 1) / 2;
	double zb = z0 + (n + 1) * SF_DT * vz - SF_G * SF_DT * SF_DT * (n + 1) * (n + 2) / 2;
	return za + fr * (zb - za);
}

// Both aiming helpers are pure functions of their arguments, asked the same questions again and
// again (each gun's muzzle height for its range; a shot's elevation by the general's check, the
// rules' validation and the firing): each thread keeps the last answers, keyed by the exact bits
// of the arguments, so an answer is the one computing it again would give.
#define AIM_MEMO 64
static _Thread_local struct {
	uint64_t key[AIM_MEMO][3];
	double val[AIM_MEMO];
	bool used[AIM_MEMO];
} elev_memo, range_memo;

static unsigned aim_slot(const uint64_t *k, int n)
{
	uint64_t h = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < n; i++) {
		h ^= k[i];
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	return (unsigned)(h >> 58);
}

static double elevation_uncached(double range_in, double z0, double target_z);
static double max_range_uncached(double z0);

double tw_shot_fast_elevation_for_range(double range_in, double z0, double target_z)
{
	uint64_t k[3];
	memcpy(&k[0], &range_in, 8);
	memcpy(&k[1], &z0, 8);
	memcpy(&k[2], &target_z, 8);
	unsigned h = aim_slot(k, 3);
	if (elev_memo.used[h] && memcmp(elev_memo.key[h], k, sizeof k) == 0)
		return elev_memo.val[h];
	double v = elevation_uncached(range_in, z0, target_z);
	memcpy(elev_memo.key[h], k, sizeof k);
	elev_memo.val[h] = v;
	elev_memo.used[h] = true;
	return v;
}

double tw_shot_fast_max_range(double z0)
{
	uint64_t k[3] = {0, 0, 0};
	memcpy(&k[0], &z0, 8);
	unsigned h = aim_slot(k, 1);
	if (range_memo.used[h] && memcmp(range_memo.key[h], k, sizeof k) == 0)
		return range_memo.val[h];
	double v = max_range_uncached(z0);
	memcpy(range_memo.key[h], k, sizeof k);
	range_memo.val[h] = v;
	range_memo.used[h] = true;
	return v;
}

void tw_shot_fast_forget(void)
{
	memset(&elev_memo, 0, sizeof elev_memo);
	memset(&range_memo, 0, sizeof range_memo);
}

// The bisection below, every step asked (tw_shot_fast_plain); the tests compare the two.
static double elevation_plain(double range_in, double z0, double target_z, double lo, double hi)
{
	for (int i = 0; i < 64; i++) {
		double mid = 0.5 * (lo + hi);
		if (sf_height_at(range_in, z0, mid) < target_z)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

// s35 (issue 18): the same bisection with the steps whose answer is certain not asked. The
// bisection's result is fixed by the answers to "sf_height_at(mid) < target_z" only. The
// height at the range rises with the elevation from -45 degrees up to near `top` (where it
// levels off; by our estimate the linear steps between integration points add ripples some 5e-5 in high, whose
// slope is 1e-5 in a degree or less); a root r is found by the secant method on the same
// function, and when the heights at r - AIM_DEL and r + AIM_DEL lie beyond target_z by more than
// AIM_EPS (the rounding of sf_height_at is below 1e-12 in at these sizes), and those at both
// ends do too, every mid below r - AIM_DEL answers "below" and every mid above r + AIM_DEL
// "not below": only the mids within AIM_DEL of r are asked. A guard that fails (the root near
// the top, where the height is flat) leaves the plain loop. Once mid equals lo or hi, later
// steps change nothing and the loop stops. tests/test_exact_shot.c compares the two over random
// ranges, heights and targets, and at the edges.
#define AIM_DEL 1e-9
#define AIM_EPS 1e-10
static double elevation_fast(double range_in, double z0, double target_z, double lo, double hi, double flo, double fhi)
{
	if (!(fhi >= target_z + AIM_EPS && flo < target_z - AIM_EPS))
		return elevation_plain(range_in, z0, target_z, lo, hi);
	// A first guess from the flight without steps: a T^2 - R T + (a + dz) = 0, T = tan(el).
	double a = SF_G * range_in * range_in / (2 * SF_V0 * SF_V0), dz = target_z - z0;
	double disc = range_in * range_in - 4 * a * (a + dz);
	double x0 = disc >= 0 ? tw_atan((range_in - sqrt(disc)) / (2 * a)) * (180.0 / M_PI) : 0.5 * (lo + hi);
	if (!(x0 > lo && x0 < hi))
		x0 = 0.5 * (lo + hi);
	double x1 = x0 + 1e-3 < hi ? x0 + 1e-3 : x0 - 1e-3;
	double g0 = sf_height_at(range_in, z0, x0) - target_z, g1 = sf_height_at(range_in, z0, x1) - target_z;
	for (int i = 0; i < 8 && g1 != g0 && fabs(x1 - x0) > 1e-13; i++) {
		double x2 = x1 - g1 * (x1 - x0) / (g1 - g0);
		if (!(x2 > lo && x2 < hi))
			break;
		x0 = x1, g0 = g1;
		x1 = x2, g1 = sf_height_at(range_in, z0, x1) - target_z;
	}
	double r = x1, rl = r - AIM_DEL, rh = r + AIM_DEL;
	if (!(rl > lo && rh < hi) || !(sf_height_at(range_in, z0, rl) < target_z - AIM_EPS) ||
	    !(sf_height_at(range_in, z0, rh) >= target_z + AIM_EPS))
		return elevation_plain(range_in, z0, target_z, lo, hi);
	tw_shot_fast_aim_shortcuts++;
	bool lo_moved = false; // lo = -45 itself may answer "not below" (the height there equal)
	for (int i = 0; i < 64; i++) {
		double mid = 0.5 * (lo + hi);
		if (mid == hi || (mid == lo && lo_moved))
			break; // every later step asks the same and changes nothing
		bool below = mid <= rl ? true : mid >= rh ? false : sf_height_at(range_in, z0, mid) < target_z;
		if (below) {
			lo = mid;
			lo_moved = true;
		} else {
			hi = mid;
		}
	}
	return 0.5 * (lo + hi);
}

static double elevation_uncached(double range_in, double z0, double target_z)
{
	if (!(range_in > 0))
		return NAN;
	// z(R; el) rises with el up to el* = atan(v^2 / (g R)) (its maximum), then falls.
	double top = tw_atan(SF_V0 * SF_V0 / (SF_G * range_in)) * (180.0 / M_PI);
	double lo = -45.0, hi = top;
	double fhi = sf_height_at(range_in, z0, hi), flo = sf_height_at(range_in, z0, lo);
	if (fhi < target_z || flo > target_z)
		return NAN;
	if (tw_shot_fast_plain)
		return elevation_plain(range_in, z0, target_z, lo, hi);
	return elevation_fast(range_in, z0, target_z, lo, hi, flo, fhi);
}

// Horizontal distance at which the underside first reaches a flat floor.
static double sf_landing(double z0, double el_deg)
{
	double el = el_deg * (M_PI / 180.0);
	double vh = SF_V0 * tw_cos(el), vz = SF_V0 * tw_sin(el);
	double a = SF_G * SF_DT * SF_DT / 2, b = a - SF_DT * vz, c = SF_RP - z0;
	double disc = b * b - 4 * a * c;
	if (disc < 0)
		return 0;
	double n = (-b + sqrt(disc)) / (2 * a);
	return n > 0 ? n * SF_DT * vh : 0;
}

static double max_range_uncached(double z0)
{
	// Golden-section search over elevation (the landing distance is unimodal in it).
	const double phi = 0.6180339887498949;
	double a = 0, b = 80;
	double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
	double f1 = sf_landing(z0, x1), f2 = sf_landing(z0, x2);
	for (int i = 0; i < 80; i++) {
		if (f1 < f2) {
			a = x1;
			x1 = x2;
			f1 = f2;
			x2 = a + phi * (b - a);
			f2 = sf_landing(z0, x2);
		} else {
			b = x2;
			x2 = x1;
			f2 = f1;
			x1 = b - phi * (b - a);
			f1 = sf_landing(z0, x1);
		}
	}
	return fmax(f1, f2);
}

static const tw_shot_model sf_model = {"fast", sf_fire, NULL};

const tw_shot_model *tw_shot_model_fast(void) { return &sf_model; }


// The Kriegspiel's move table applied to paths on the table (KS.MOV.1-4, KS.FORM.3-5).
// Readings (docs/rules/littlewars.md "The Kriegspiel"): a hill piece is one contour (KS.TER.1's
// ½ ft block); a path is looked at every 1/4 in, and each change in the number of hill pieces
// under it is that many contours up or down; a party wholly on a road is taken to march in twos
// or fours (KS.MOV.2); "cannot cross rivers" means not at a ford (a bridge takes them, KS.FORM.3).
#include <math.h>

#include "lw_ks_move.h"
#include "lw_util.h"
#include "lw_waggons.h"

double lw_ks_allowance_base(const tw_state *s, const tw_figure *f)
{
	if (f->kind == TW_FK_WAGGON)
		return LW_INF_MOVE; // lw_waggon_pace gives KS.MOV.1's 12 in on roads, 6 in across country
	int arm = lw_arm_of(s, f);
	if (arm < 0 || arm >= LW_ARM_COUNT)
		return lw_move_allowance(f);
	if (arm == LW_ARM_CAVALRY && LWF(s, f)->ks_dismounted)
		arm = LW_ARM_INFANTRY; // KS.FORM.2: on foot
	return lw_ks_arms[arm].move * lw_ks_form_left(s, f); // KS.MOV.1, less this move's changes (KS.FORM.1/2)
}

// The hill pieces under p among the candidates.
static int layers_at(const tw_table *tb, const int *cand, int nc, tw_vec2 p)
{
	int k = 0;
	for (int i = 0; i < nc; i++)
		if (tw_terrain_contains(&tb->terrain[cand[i]], p))
			k++;
	return k;
}

void lw_ks_path_contours(const tw_state *s, const tw_vec2 *pts, int n, lw_ks_contours *c)
{
	c->up = c->down = c->n = 0;
	const tw_table *tb = &s->table;
	double run = 0; // inches along the path before this leg
	for (int k = 1; k < n; k++) {
		tw_vec2 a = pts[k - 1], b = pts[k];
		double len = tw_dist(a, b);
		// The hill pieces whose boxes meet the leg's (in table order), at most 256 of them.
		int cand[256], nc = 0;
		for (int i = 0; i < tb->nterrain && nc < 256; i++) {
			const tw_terrain *t = &tb->terrain[i];
			if (t->kind == TW_TER_HILL && !(fmax(a.x, b.x) < t->lo.x || fmin(a.x, b.x) > t->hi.x ||
							fmax(a.y, b.y) < t->lo.y || fmin(a.y, b.y) > t->hi.y))
				cand[nc++] = i;
		}
		if (nc > 0 && len > 0) {
			int steps = (int)ceil(len / LW_KS_CONTOUR_STEP);
			int was = layers_at(tb, cand, nc, a);
			for (int j = 1; j <= steps; j++) {
				double u = (double)j / steps;
				int now = layers_at(tb, cand, nc, tw_add(a, tw_scale(tw_sub(b, a), u)));
				for (int d = now - was; d != 0; d += d > 0 ? -1 : 1) {
					if (d > 0)
						c->up++;
					else
						c->down++;
					if (c->n < LW_KS_MAX_CROSS)
						c->at[c->n++] = run + len * u;
				}
				was = now;
			}
		}
		run += len;
	}
}

bool lw_ks_steep(const lw_ks_contours *c)
{
	for (int i = 0; i + LW_KS_STEEP_COUNT - 1 < c->n; i++)
		if (c->at[i + LW_KS_STEEP_COUNT - 1] - c->at[i] <= LW_KS_STEEP_RUN + LW_EPS)
			return true; // KS.MOV.4: four to the foot
	return false;
}

// The rivers, fords and bridges that may hold a point of a path (s35, issue 18: at_ford had
// looked at every piece of the table for every quarter inch of every leg asked, 47% of a
// Kriegspiel's computer game): those whose boxes meet the path's box grown by a millionth of an
// inch (a point a + (b - a) t of a leg can round a little past its ends), in table order; `all`
// when more than fit (every piece is looked at then). A piece left out holds no point of the
// path, so at_ford answers as it did over the whole table.
#define FORD_NEAR_MAX 64
typedef struct ford_near {
	bool all;
	int n;
	int32_t idx[FORD_NEAR_MAX];
} ford_near;

static void fords_near(const tw_table *tb, const tw_vec2 *pts, int n, ford_near *fn)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	for (int k = 0; k < n; k++) {
		x0 = fmin(x0, pts[k].x), x1 = fmax(x1, pts[k].x);
		y0 = fmin(y0, pts[k].y), y1 = fmax(y1, pts[k].y);
	}
	fn->n = 0;
	fn->all = !(isfinite(x0) && isfinite(y0) && isfinite(x1) && isfinite(y1));
	x0 -= 1e-6, y0 -= 1e-6, x1 += 1e-6, y1 += 1e-6;
	for (int i = 0; i < tb->nterrain && !fn->all; i++) {
		const tw_terrain *t = &tb->terrain[i];
		if (t->kind != TW_TER_RIVER && t->kind != TW_TER_FORD && t->kind != TW_TER_BRIDGE)
			continue;
		if (x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y)
			continue;
		if (fn->n == FORD_NEAR_MAX)
			fn->all = true;
		else
			fn->idx[fn->n++] = i;
	}
}

// A point of a river crossed at a ford: in a river, in a ford, under no bridge still standing
// (the pieces in fn, or every piece).
static bool at_ford(const tw_table *tb, const ford_near *fn, tw_vec2 p)
{
	bool river = false, ford = false;
	int m = fn->all ? tb->nterrain : fn->n;
	for (int k = 0; k < m; k++) {
		const tw_terrain *t = &tb->terrain[fn->all ? k : fn->idx[k]];
		if (t->kind != TW_TER_RIVER && t->kind != TW_TER_FORD && t->kind != TW_TER_BRIDGE)
			continue;
		if (p.x < t->lo.x || p.x > t->hi.x || p.y < t->lo.y || p.y > t->hi.y || !tw_terrain_contains(t, p))
			continue;
		if (t->kind == TW_TER_BRIDGE && !(t->flags & TW_TF_RUINED))
			return false;
		river |= t->kind == TW_TER_RIVER;
		ford |= t->kind == TW_TER_FORD;
	}
	return river && ford;
}

bool lw_ks_fords_plain = false;

static void fords_for(const tw_table *tb, const tw_vec2 *pts, int n, ford_near *fn)
{
	if (lw_ks_fords_plain) {
		fn->all = true;
		fn->n = 0;
	} else
		fords_near(tb, pts, n, fn);
}

static bool path_fords(const tw_state *s, const tw_vec2 *pts, int n)
{
	ford_near fn;
	fords_for(&s->table, pts, n, &fn);
	if (!fn.all && fn.n == 0)
		return false; // no river, ford or bridge near: at_ford would answer false at every point
	for (int k = 1; k < n; k++) {
		double len = tw_dist(pts[k - 1], pts[k]);
		int steps = (int)(len / 0.5) + 1; // every 1/2 in, as lw_move.c looks for open water
		for (int j = 0; j <= steps; j++)
			if (at_ford(&s->table, &fn, tw_add(pts[k - 1], tw_scale(tw_sub(pts[k], pts[k - 1]), (double)j / steps))))
				return true;
	}
	return false;
}

// Inches of the path through ford water (each 1/4 in step judged at its middle).
static double ford_wet(const tw_state *s, const tw_vec2 *pts, int n)
{
	ford_near fn;
	fords_for(&s->table, pts, n, &fn);
	if (!fn.all && fn.n == 0)
		return 0; // the sum below would add nothing
	double wet = 0;
	for (int k = 1; k < n; k++) {
		double len = tw_dist(pts[k - 1], pts[k]);
		int steps = (int)ceil(len / LW_KS_CONTOUR_STEP);
		for (int j = 0; j < steps; j++)
			if (at_ford(&s->table, &fn, tw_add(pts[k - 1], tw_scale(tw_sub(pts[k], pts[k - 1]), (j + 0.5) / steps))))
				wet += len / steps;
	}
	return wet;
}

bool lw_ks_ford_steps(const tw_state *s, tw_vec2 a, tw_vec2 b, tw_vec2 *edge, tw_vec2 *across)
{
	double len = tw_dist(a, b);
	if (len <= 0)
		return false;
	tw_vec2 u = tw_scale(tw_sub(b, a), 1.0 / len);
	int steps = (int)ceil(len / LW_KS_CONTOUR_STEP);
	int in = -1;
	// a + u t, t <= len: within the box of a and b (grown by a millionth) but for rounding of
	// u's length, which 1e-6 in covers on any table (len below 1e6 in).
	tw_vec2 ends[2] = {a, b};
	ford_near fn;
	fords_for(&s->table, ends, 2, &fn);
	if (!fn.all && fn.n == 0)
		return false; // at_ford is false everywhere on the leg
	for (int j = 0; j <= steps; j++) {
		double t = len * j / steps;
		bool w = at_ford(&s->table, &fn, tw_add(a, tw_scale(u, t)));
		if (w && in < 0)
			in = j;
		if (!w && in >= 0) {
			double t_in = len * in / steps;
			*edge = tw_add(a, tw_scale(u, fmax(0.0, t_in - 0.5)));
			*across = tw_add(a, tw_scale(u, t + 0.5));
			return true;
		}
	}
	return false;
}

tw_status lw_ks_path(const tw_state *s, const tw_figure *f, const tw_vec2 *pts, int n, lw_ks_going *g,
		     tw_error *err)
{
	g->wet = 0;
	g->column = false;
	g->arm = f ? lw_arm_of(s, f) : LW_ARM_RA;
	if (g->arm < 0 || g->arm >= LW_ARM_COUNT)
		g->arm = LW_ARM_INFANTRY;
	bool wheeled = !f || f->kind == TW_FK_WAGGON; // KS.MOV.4: guns and waggons
	g->road = lw_path_on_road(s, pts, n);
	int mult = lw_big_mult_now(s);
	if (f && f->kind == TW_FK_WAGGON)
		g->allow = lw_allowance_now(s, f) * lw_waggon_pace(s, f, pts, n); // KS.MOV.1: 6 in, 12 on a road
	else {
		// KS.MOV.1/2: on a road infantry and cavalry get half as much again in fours; a cavalryman
		// on foot goes at the infantry's pace (KS.FORM.2); this move's changes of formation come
		// off the move (KS.FORM.1/2); LW.BIG.8's outdoor factor.
		const lw_fig *r = f ? LWF(s, f) : NULL; // a gun (f NULL): the artillery's move
		int arm = r && g->arm == LW_ARM_CAVALRY && r->ks_dismounted ? LW_ARM_INFANTRY : g->arm;
		g->column = g->road && r && r->ks_form == LW_FORM_FOURS && (arm == LW_ARM_INFANTRY || arm == LW_ARM_CAVALRY);
		g->allow = lw_ks_move(arm, g->road, r && r->ks_form == LW_FORM_FOURS) * mult * lw_big_outdoor(s) *
			   (f ? lw_ks_form_left(s, f) : 1.0);
	}
	lw_ks_contours c;
	lw_ks_path_contours(s, pts, n, &c);
	g->up = c.up;
	g->down = c.down;
	g->contour = lw_ks_contour_cost(c.up, c.down); // KS.MOV.3
	const char *what = f ? lw_ks_arm_names[g->arm] : "a gun";
	if (wheeled && !g->road && lw_ks_steep(&c))
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.MOV.4",
				    "%s %d cannot pass where 4 contours lie within 12 in, save by road", f ? "waggon" : "gun",
				    f ? f->id : -1);
	// KS.FORM.3-5: artillery (guns, their men, carts), engineers and supply cannot cross rivers.
	bool dry = !f || g->arm == LW_ARM_RA || g->arm == LW_ARM_RE || g->arm == LW_ARM_TS;
	if (dry && path_fords(s, pts, n)) {
		const char *cl = g->arm == LW_ARM_RA ? "KS.FORM.3" : g->arm == LW_ARM_RE ? "KS.FORM.4" : "KS.FORM.5";
		if (f)
			return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d (%s) cannot cross a river at a ford: a bridge will take him",
					    f->id, what);
		return tw_error_set(err, TW_ERR_ILLEGAL, cl, "guns cannot cross a river at a ford: a bridge will take them");
	}
	// KS.FORM.1/2: for those who ford, the crossing takes the move: the path may reach the water
	// and leave it, no more (LW_KS_FORD_BANK dry inches in all), however wide the ford.
	if (!dry && (g->wet = ford_wet(s, pts, n)) > 0) {
		double drylen = tw_path_length(pts, n) - g->wet;
		if (drylen > LW_KS_FORD_BANK + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, g->arm == LW_ARM_INFANTRY ? "KS.FORM.1" : "KS.FORM.2",
					    "figure %d: crossing a fordable river takes the whole move: he may step to the water and "
					    "out of it (%.0f in of dry ground in all), not go %.1f in on dry ground besides",
					    f->id, LW_KS_FORD_BANK, drylen);
	}
	return TW_OK;
}

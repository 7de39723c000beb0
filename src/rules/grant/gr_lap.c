// Figures coming into contact in a melee: the charging column's lap-round, rank by rank
// (GR.CHARGE.2/3), and the second melee move's flow, a few figures a side at a time (GR.MELEE.17).
#include <math.h>
#include <stdlib.h>

#include "gr.h"

#define GR_COLUMN_CHARGE 9.0 ///< GR.CHARGE.2: no figure moves more than the 9 in charge in all
#define GR_TOUCH 0.01        ///< gap left between bases placed in contact, inches (within GRP_CONTACT)

/// What a GR.CHARGE.2 move event's `c` says the man did.
enum { GR_LAP_FORWARD = 1, GR_LAP_OUT = 2, GR_LAP_CLOSE = 3 };

static bool touching(const tw_state *s, const tw_figure *a, const tw_figure *b)
{
	return a->status == TW_FS_ACTIVE && b->status == TW_FS_ACTIVE && a->side != b->side &&
	       gr_gap(s, a, b) <= s->params[GRP_CONTACT]; // issue 16: across a barricade too
}

// The figures of `unit` touching t.
static int opponents(const tw_state *s, const tw_figure *t, int unit)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].unit == unit && touching(s, &s->fig[i], t);
	return n;
}

static bool is_cav(const tw_state *s, const tw_figure *f)
{
	const tw_unit *u = gr_unit_c(s, f->unit);
	return u && gr_cavalry(GRU(s, u)->troop);
}

// GR.MELEE.17: the men of `side`, of any of its units, touching t: those of the mounted kind
// `cav` (GR.MELEE.8: an officer counts as his unit's type) in *same, the others in *other.
static void side_on(const tw_state *s, const tw_figure *t, int side, bool cav, int *same, int *other)
{
	*same = *other = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->unit < 0 || !touching(s, f, t))
			continue;
		if (is_cav(s, f) == cav)
			(*same)++;
		else
			(*other)++;
	}
}

// f could stand at p: on the table, off solid ground and water, overlapping no other figure.
bool gr_clear_at(const tw_state *s, const tw_figure *f, tw_vec2 p)
{
	if (!gr_spot_free(s, p, f->radius, f->id))
		return false;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *o = &s->fig[i];
		if (o != f && o->status == TW_FS_ACTIVE && tw_dist(o->pos, p) < o->radius + f->radius - 0.05)
			return false;
	}
	return true;
}

// The allowance f uses to go straight to p (GR.TERR), or INFINITY where it cannot go.
double gr_cost_to(const tw_state *s, const tw_figure *f, tw_vec2 p)
{
	const tw_unit *u = gr_unit_c(s, f->unit);
	const char *cl = NULL;
	double c = gr_move_cost(s, GRU(s, u)->troop, u->formation, f->pos, p, &cl);
	return cl ? INFINITY : c;
}

static void place(tw_state *s, tw_figure *f, const tw_figure *t, tw_vec2 p, const char *clause, int kind,
		  const char *how, tw_events *ev)
{
	double d = tw_dist(f->pos, p);
	f->move_used = (f->moved_in == s->move_no ? f->move_used : 0) + d;
	f->moved_in = s->move_no;
	f->pos = p;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, clause);
	if (e) {
		e->a = f->id;
		e->b = t->id;
		e->c = kind;
		e->x = p.x;
		e->y = p.y;
		e->v = d;
		tw_event_text(e, "figure %d %s figure %d (%.2f in)", f->id, how, t->id, d);
	}
}

// ---- GR.CHARGE.2/3: the column laps round ----

typedef struct ranked {
	int fig;
	double along, across; // in the column's frame: forward, and to its right, inches
} ranked;

static int by_along(const void *pa, const void *pb)
{
	const ranked *a = pa, *b = pb;
	if (a->along != b->along)
		return a->along > b->along ? -1 : 1;
	return a->across < b->across ? -1 : a->across > b->across ? 1 : a->fig - b->fig;
}

static int by_across(const void *pa, const void *pb)
{
	const ranked *a = pa, *b = pb;
	if (a->across != b->across)
		return a->across < b->across ? -1 : 1;
	return a->fig - b->fig;
}

// GR.CHARGE.2: a front-rank man not yet touching moves straight forward until his base meets
// the first enemy figure ahead of him, within what is left of his 9 in.
static bool front_forward(tw_state *s, tw_figure *f, int ub, tw_vec2 fwd, tw_vec2 right, tw_events *ev)
{
	double used = f->moved_in == s->move_no ? f->move_used : 0, best = INFINITY;
	const tw_figure *hit = NULL;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *e = &s->fig[j];
		if (e->unit != ub || e->status != TW_FS_ACTIVE)
			continue;
		tw_vec2 d = tw_sub(e->pos, f->pos);
		double lat = tw_dot(d, right), r = f->radius + e->radius + GR_TOUCH;
		if (fabs(lat) >= r)
			continue;
		double t = tw_dot(d, fwd) - sqrt(r * r - lat * lat);
		if (t >= 0 && t < best) {
			best = t;
			hit = e;
		}
	}
	if (!hit)
		return false;
	tw_vec2 p = tw_add(f->pos, tw_scale(fwd, best));
	if (gr_cost_to(s, f, p) > GR_COLUMN_CHARGE - used + 1e-9 || !gr_clear_at(s, f, p))
		return false;
	place(s, f, hit, p, "GR.CHARGE.2", GR_LAP_FORWARD, "moves straight forward into contact with", ev);
	return true;
}

// GR.CHARGE.2: a lapping man moves forward and outward to the nearest enemy figure beyond the
// column's flank (side -1 left, +1 right) that nobody of the column touches yet (GR.CHARGE.3: the
// lap is limited by the enemy figures it can reach), standing in front of it as the column faces.
static bool lap_out(tw_state *s, tw_figure *f, int ua, int ub, int side, double edge, tw_vec2 fwd, tw_vec2 right, tw_events *ev)
{
	double used = f->moved_in == s->move_no ? f->move_used : 0;
	for (;;) { // enemy figures beyond the flank, nearest the column first
		const tw_figure *best = NULL;
		double bo = INFINITY, ba = INFINITY;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *e = &s->fig[j];
			if (e->unit != ub || e->status != TW_FS_ACTIVE || opponents(s, e, ua) > 0)
				continue;
			double out = side * (tw_dot(e->pos, right) - edge), al = tw_dot(e->pos, fwd);
			if (out <= 1e-9 || out > bo + 1e-9 || (fabs(out - bo) <= 1e-9 && al >= ba))
				continue;
			bo = out;
			ba = al;
			best = e;
		}
		if (!best)
			return false;
		double r = f->radius + best->radius + GR_TOUCH;
		static const double turns[] = {0, 30, -30, 60, -60};
		for (int k = 0; k < 5; k++) {
			tw_vec2 p = tw_add(best->pos, tw_scale(tw_dir_deg(tw_bearing_deg(fwd) + 180 + side * turns[k]), r));
			if (gr_cost_to(s, f, p) <= GR_COLUMN_CHARGE - used + 1e-9 && gr_clear_at(s, f, p)) {
				place(s, f, best, p, "GR.CHARGE.2", GR_LAP_OUT, "laps round to", ev);
				return true;
			}
		}
		// Not reachable or no room: look further out (the loop ends, each pass excludes one more).
		edge = tw_dot(best->pos, right);
	}
}

// GR.CHARGE.2: a centre man of rank 2, 3 or 4 (one who does not lap) closes up: he moves
// straight forward, as the column faces, until his base meets the first figure ahead of him in
// his file, if that figure is a man of his own column (the rank ahead, or the front rank where a
// lapper has left a gap), within what is left of his 9 in; short of that, as far as it takes
// him. He does not close up into the enemy or into another unit: that is not closing up behind.
static bool close_up(tw_state *s, tw_figure *f, tw_vec2 fwd, tw_vec2 right, tw_events *ev)
{
	double used = f->moved_in == s->move_no ? f->move_used : 0, best = INFINITY;
	const tw_figure *ahead = NULL;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *e = &s->fig[j];
		if (e == f || e->status != TW_FS_ACTIVE)
			continue;
		tw_vec2 d = tw_sub(e->pos, f->pos);
		double lat = tw_dot(d, right), along = tw_dot(d, fwd), r = f->radius + e->radius + GR_TOUCH;
		if (fabs(lat) >= r || along <= 0)
			continue;
		double t = along - sqrt(r * r - lat * lat);
		if (t < best) {
			best = t;
			ahead = e;
		}
	}
	if (!ahead || ahead->unit != f->unit || best <= 1e-9)
		return false;
	double left = GR_COLUMN_CHARGE - used;
	if (left <= 1e-9)
		return false;
	tw_vec2 p = tw_add(f->pos, tw_scale(fwd, best));
	double c = gr_cost_to(s, f, p);
	if (c > left + 1e-9) { // as far as his 9 in take him (the going is costed as GR.TERR)
		if (!isfinite(c))
			return false;
		p = tw_add(f->pos, tw_scale(fwd, best * left / c));
		if (gr_cost_to(s, f, p) > left + 1e-9)
			return false;
	}
	if (!gr_clear_at(s, f, p))
		return false;
	for (int j = 0; j < s->nfig; j++) { // behind his own men, not into base contact with the enemy
		const tw_figure *e = &s->fig[j];
		if (e->side != f->side && e->status == TW_FS_ACTIVE &&
		    tw_dist(e->pos, p) - e->radius - f->radius <= s->params[GRP_CONTACT])
			return false;
	}
	place(s, f, ahead, p, "GR.CHARGE.2", GR_LAP_CLOSE, "closes up behind", ev);
	return true;
}

void gr_lap_round(tw_state *s, int ua, int ub, tw_events *ev)
{
	const tw_unit *u = gr_unit_c(s, ua);
	tw_vec2 fwd = tw_dir_deg(u->facing), right = tw_dir_deg(u->facing + 90);
	ranked *rf = tw_malloc(sizeof *rf * (size_t)(s->nfig + 1));
	if (!rf)
		return;
	int n = 0;
	double radius = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == ua && f->status == TW_FS_ACTIVE && gr_is_rf(f)) {
			rf[n++] = (ranked){i, tw_dot(f->pos, fwd), tw_dot(f->pos, right)};
			radius = fmax(radius, f->radius);
		}
	}
	qsort(rf, (size_t)n, sizeof *rf, by_along);
	// Ranks, from the front: a man more than a base radius behind his rank's first man starts a
	// new rank. Ranks 1-4 count; any further men are the column's tail.
	int start[4] = {0}, end[4] = {0}, nranks = 0, stop = n;
	for (int i = 0; i < n; i++)
		if (nranks == 0 || rf[i].along < rf[start[nranks - 1]].along - radius) {
			if (nranks == 4) {
				stop = i;
				break;
			}
			if (nranks)
				end[nranks - 1] = i;
			start[nranks++] = i;
		}
	if (nranks)
		end[nranks - 1] = stop;
	for (int r = 0; r < nranks; r++)
		qsort(rf + start[r], (size_t)(end[r] - start[r]), sizeof *rf, by_across);
	int front = 0, lapped = 0, lappers = 0, centre = 0, closed = 0;
	if (nranks >= 2) {
		// GR.CHARGE.2: the front rank moves straight forward into contact.
		double left = INFINITY, rightmost = -INFINITY;
		for (int i = start[0]; i < end[0]; i++) {
			tw_figure *f = &s->fig[rf[i].fig];
			if (gr_fig_in_contact(s, f) || front_forward(s, f, ub, fwd, right, ev))
				front++;
			double ac = tw_dot(f->pos, right);
			left = fmin(left, ac);
			rightmost = fmax(rightmost, ac);
		}
		// Lapping men, inner first so paths do not cross: rank 2's two outermost men a flank
		// (the inner of the two first), then rank 3's and rank 4's outermost man a flank.
		bool *taken = tw_calloc((size_t)n + 1, sizeof *taken);
		for (int side = -1; side <= 1 && taken; side += 2) {
			int who[4], nw = 0;
			for (int r = 1; r < nranks; r++)
				for (int k = r == 1 ? 1 : 0; k >= 0; k--) {
					int idx = side < 0 ? start[r] + k : end[r] - 1 - k;
					if (idx < start[r] || idx >= end[r] || taken[idx])
						continue; // a short rank: a man laps on one flank only
					taken[idx] = true;
					who[nw++] = rf[idx].fig;
				}
			lappers += nw;
			for (int q = 0; q < nw; q++) {
				tw_figure *f = &s->fig[who[q]];
				if (!gr_fig_in_contact(s, f) &&
				    lap_out(s, f, ua, ub, side, side < 0 ? left : rightmost, fwd, right, ev))
					lapped++;
			}
		}
		// The remaining centre men of ranks 2-4 close up behind the column's centre, rank by
		// rank from the front, so each follows the man ahead of him.
		for (int r = 1; r < nranks && taken; r++)
			for (int i = start[r]; i < end[r]; i++) {
				if (taken[i])
					continue;
				centre++;
				tw_figure *f = &s->fig[rf[i].fig];
				if (!gr_fig_in_contact(s, f) && close_up(s, f, fwd, right, ev))
					closed++;
			}
		tw_free(taken);
	}
	tw_free(rf);
	tw_event *ce = nranks >= 2 ? tw_events_push(ev, TW_EV_INFO, u->side, "GR.CHARGE.2") : NULL;
	if (ce) {
		ce->a = ua;
		ce->b = closed;
		ce->c = centre;
		tw_event_text(ce, "%s: %d of %d centre men of ranks 2-4 close up behind the column's centre", u->name,
			      closed, centre);
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.CHARGE.3");
	if (e) {
		e->a = ua;
		e->b = front;
		e->c = lapped;
		e->d = lappers;
		tw_event_text(e, "%s: %d of its front rank in contact and %d of %d lapping men (F + 8, as far as the enemy reaches)",
			      u->name, front, lapped, lappers);
	}
}

// ---- GR.MELEE.17: the second move's flow ----

// The side of `mover` moves up to 4 infantry (2 cavalry) figures not in contact into contact
// with `foe`, each within its normal move, seeking 2 against 1 first. Returns how many moved.
// GR.MELEE.17 moves "figures" and says every figure that can reach an enemy does so; GR.MELEE.8
// has an officer fight as a figure of his unit's type, so officers flow too (as infantry of an
// infantry unit), after the rank and file where the choice is otherwise equal (design choice:
// the owner keeps his officers back while he can). "2 against 1" counts every man of the side
// on that enemy figure, of whatever unit, and a man never joins one where that would make an
// illegal combat (GR.MELEE.6: no 3 against 1 of a kind, no horse and foot on one side).
static int flow_turn(tw_state *s, int mover, int foe, tw_events *ev)
{
	const tw_unit *u = gr_unit_c(s, mover);
	int cap = gr_cavalry(GRU(s, u)->troop) ? 2 : 4, moved = 0;
	double rate = gr_move_rate_for(s, u, TW_GR_MODE_NORMAL);
	if (rate <= 0 || gr_unit_halted(s, u))
		return 0;
	while (moved < cap) {
		int bi = -1, bj = -1, bscore = 0, bopp = 0;
		bool boff = true;
		double bcost = INFINITY;
		tw_vec2 bp = tw_v2(0, 0);
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *a = &s->fig[i];
			if (a->unit != mover || a->status != TW_FS_ACTIVE || gr_fig_in_contact(s, a))
				continue; // a contacted figure is pinned
			bool off = gr_is_officer(a), acav = is_cav(s, a);
			if (!off && !gr_is_rf(a))
				continue;
			for (int j = 0; j < s->nfig; j++) {
				const tw_figure *b = &s->fig[j];
				double r = a->radius + b->radius + GR_TOUCH;
				if (b->unit != foe || b->status != TW_FS_ACTIVE || tw_dist(a->pos, b->pos) - r > rate + 1e-9)
					continue;
				int opp, other;
				side_on(s, b, a->side, acav, &opp, &other);
				double ma, mb;
				if (other > 0 || !tw_grant_pairing(acav, opp + 1, is_cav(s, b), 1, &ma, &mb))
					continue; // GR.MELEE.6
				int score = opp + 1 >= 2 ? 2 : 1; // each side seeks 2 against 1
				if (score < bscore || (score == bscore && off && !boff))
					continue;
				bool better = score > bscore || (!off && boff);
				// The nearest spot touching b where a can stand, at 15 degree steps round b.
				for (int k = 0; k < 24; k++) {
					tw_vec2 p = tw_add(b->pos, tw_scale(tw_dir_deg(k * 15.0), r));
					double c = tw_dist(a->pos, p);
					if (!better && c >= bcost - 1e-12)
						continue;
					if (gr_cost_to(s, a, p) > rate + 1e-9 || !gr_clear_at(s, a, p))
						continue;
					bi = i;
					bj = j;
					bscore = score;
					boff = off;
					bopp = opp;
					bcost = c;
					bp = p;
					better = false;
				}
			}
		}
		if (bi < 0)
			break;
		place(s, &s->fig[bi], &s->fig[bj], bp, "GR.MELEE.17", bopp ? 2 : 1,
		      bopp ? "joins against (2 against 1)" : "closes with", ev);
		moved++;
	}
	return moved;
}

void gr_melee_flow(tw_state *s, int ua, int ub, tw_events *ev)
{
	const tw_unit *au = gr_unit_c(s, ua), *bu = gr_unit_c(s, ub);
	int da = 0, db = 0;
	for (int k = 0; k < 100 && da == db; k++) { // ties are thrown again
		da = tw_roll_d6(s, ev, au->side, "GR.MELEE.17", NULL);
		db = tw_roll_d6(s, ev, bu->side, "GR.MELEE.17", NULL);
		tw_event *e = tw_events_push(ev, TW_EV_TOSS, au->side, "GR.MELEE.17");
		if (e) {
			e->a = da > db ? au->side : da < db ? bu->side : -1;
			e->b = da;
			e->c = db;
			tw_event_text(e, "second melee move dice-off: %s %d, %s %d%s", au->name, da, bu->name, db,
				      da == db ? ", thrown again" : da > db ? ": it moves first" : "");
		}
	}
	int first = da > db ? ua : ub, second = da > db ? ub : ua, idle = 0, total[2] = {0, 0};
	for (int pass = 0; pass < 256 && idle < 2; pass++) {
		int m = pass % 2 == 0 ? flow_turn(s, first, second, ev) : flow_turn(s, second, first, ev);
		total[pass % 2] += m;
		idle = m ? 0 : idle + 1;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, gr_unit_c(s, first)->side, "GR.MELEE.17");
	if (e) {
		e->a = first;
		e->b = total[0];
		e->c = second;
		e->d = total[1];
		tw_event_text(e, "the melee flows together: %s brings %d more into contact, %s %d", gr_unit_c(s, first)->name,
			      total[0], gr_unit_c(s, second)->name, total[1]);
	}
}

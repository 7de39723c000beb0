// Heavy cavalry breakthrough (GR.MELEE.26/27): the depth counted in real ranks, the rear ranks
// moved back and aside, the horseman carrying on (or veering up to 30 degrees) to another enemy.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gr.h"

#define GR_BT_SHIFT 3.0 ///< GR.MELEE.27: the rear ranks move back and to the side 3 in in all
#define GR_BT_VEER 30.0 ///< GR.MELEE.27: the horseman may veer up to 30 degrees
#define GR_BT_STEP 5.0  ///< veers tried, degrees apart (the straight line first)
#define GR_TOUCH 0.01   ///< gap left between bases placed in contact, inches

typedef struct ranked {
	int fig;
	double along;
} ranked;

static int by_along(const void *pa, const void *pb)
{
	const ranked *a = pa, *b = pb;
	if (a->along != b->along)
		return a->along < b->along ? -1 : 1;
	return a->fig - b->fig;
}

// GR.MELEE.26: the file behind front figure b as the horseman rides (fwd): the R&F of b's unit
// whose centres lie within b's base radius of his line, each no more than two bases behind the
// man before (a rank). out[] gets them, nearest first (at most 3); returns how many there are.
static int file_behind(const tw_state *s, const tw_figure *b, tw_vec2 fwd, tw_vec2 right, int *out)
{
	ranked *r = tw_malloc(sizeof *r * (size_t)(s->nfig + 1));
	if (!r)
		return 0;
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f == b || f->unit != b->unit || f->status != TW_FS_ACTIVE || !gr_is_rf(f))
			continue;
		tw_vec2 d = tw_sub(f->pos, b->pos);
		double along = tw_dot(d, fwd);
		if (along > 1e-9 && fabs(tw_dot(d, right)) < b->radius)
			r[n++] = (ranked){i, along};
	}
	qsort(r, (size_t)n, sizeof *r, by_along);
	int k = 0;
	double prev = 0, pr = b->radius;
	while (k < n) {
		double rad = s->fig[r[k].fig].radius;
		if (r[k].along - prev > 2 * (pr + rad) + 1e-9)
			break; // a gap: not the next rank of this file
		if (k < 3)
			out[k] = r[k].fig;
		prev = r[k].along;
		pr = rad;
		k++;
	}
	tw_free(r);
	return k;
}

static void moved(const tw_figure *f, tw_vec2 p, int other, int how, double v, const char *text, tw_events *ev)
{
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, "GR.MELEE.27");
	if (e) {
		e->a = f->id;
		e->b = other;
		e->c = how;
		e->x = p.x;
		e->y = p.y;
		e->v = v;
		tw_event_text(e, "figure %d %s", f->id, text);
	}
}

// GR.MELEE.27: a rear-rank man of the broken file moves back (away from the horseman, along fwd)
// and to the side, 3 in in all: 1.5 back and 1.5 aside, the second rank to the horseman's left
// and the third to his right, else the other side; where those spots are taken, the nearest of
// (1, 2), (2, 1), (0.5, 2.5), (2.5, 0.5), (0, 3), (3, 0) inches back and aside that is clear.
static void stand_aside(tw_state *s, tw_figure *f, int rank, tw_vec2 fwd, tw_vec2 right, tw_events *ev)
{
	static const double back[] = {1.5, 1.0, 2.0, 0.5, 2.5, 0.0, 3.0};
	for (int k = 0; k < 7; k++)
		for (int side = 0; side < 2; side++) {
			double sign = (rank == 0) == (side == 0) ? -1 : 1;
			double b = back[k], a = GR_BT_SHIFT - b;
			tw_vec2 p = tw_add(f->pos, tw_add(tw_scale(fwd, b), tw_scale(right, sign * a)));
			if (!gr_clear_at(s, f, p))
				continue;
			f->pos = p;
			moved(f, p, -1, 2, GR_BT_SHIFT, "moves back and to the side, 3 in in all", ev);
			return;
		}
	moved(f, f->pos, -1, 2, 0, "has no room to move back and to the side: stays", ev);
}

// GR.MELEE.27: the horseman carries on to the extent of his charge move to contact another enemy
// if he can, veering up to 30 degrees to do so (the straight line first, then the smallest veer,
// then the nearest); men of the unit he broke through are behind him, not in his way. Otherwise
// he rides straight on as far as his move, the going and the room allow.
static bool carry_on(tw_state *s, tw_figure *a, int through, tw_vec2 fwd, tw_events *ev)
{
	const tw_unit *u = gr_unit_c(s, a->unit);
	double used = a->moved_in == s->move_no ? a->move_used : 0;
	double left = gr_move_rate_for(s, u, TW_GR_MODE_CHARGE) - used;
	tw_vec2 start = a->pos;
	int target = -1, veer = 0;
	tw_vec2 best = start;
	for (int k = 0; k <= (int)(2 * GR_BT_VEER / GR_BT_STEP) && target < 0; k++) {
		double ang = (k + 1) / 2 * GR_BT_STEP * (k % 2 ? 1 : -1);
		if (k == 0)
			ang = 0;
		tw_vec2 dir = tw_dir_deg(tw_bearing_deg(fwd) + ang), side = tw_dir_deg(tw_bearing_deg(fwd) + ang + 90);
		double bt = INFINITY;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *e = &s->fig[j];
			if (e->side == a->side || e->status != TW_FS_ACTIVE || e->unit < 0 || e->unit == through)
				continue;
			tw_vec2 d = tw_sub(e->pos, start);
			double lat = tw_dot(d, side), r = a->radius + e->radius + GR_TOUCH;
			if (fabs(lat) >= r)
				continue;
			double t = tw_dot(d, dir) - sqrt(r * r - lat * lat);
			if (t <= 1e-9 || t >= bt)
				continue;
			tw_vec2 p = tw_add(start, tw_scale(dir, t));
			if (gr_cost_to(s, a, p) > left + 1e-9 || !gr_clear_at(s, a, p))
				continue;
			bt = t;
			target = j;
			veer = (int)ang;
			best = p;
		}
	}
	if (target < 0) { // straight on, as far as he can go and stand clear
		double far = 0;
		for (double t = 0.25; t <= left + 1e-9; t += 0.25) {
			tw_vec2 p = tw_add(start, tw_scale(fwd, t));
			if (gr_cost_to(s, a, p) > left + 1e-9)
				break;
			if (gr_clear_at(s, a, p))
				far = t;
		}
		best = tw_add(start, tw_scale(fwd, far));
	}
	double d = tw_dist(start, best);
	a->pos = best;
	a->move_used = used + d;
	a->moved_in = s->move_no;
	char text[96];
	if (target >= 0)
		snprintf(text, sizeof text, "rides on %.2f in and contacts figure %d, veering %d degrees", d, target, veer);
	else
		snprintf(text, sizeof text, "rides on %.2f in and finds no other enemy", d);
	moved(a, best, target, 1, d, text, ev);
	return target >= 0;
}

void gr_breakthrough(tw_state *s, int ua, int ub, int *lost, int *thru, tw_events *ev)
{
	const tw_unit *au = gr_unit_c(s, ua), *bu = gr_unit_c(s, ub);
	if (!au || !bu || GRU(s, au)->troop != TW_GR_HEAVY_CAV || !(GRU(s, au)->flags & GUF_CHARGED_NOW) ||
	    gr_pair_round(s, ua, ub) != 1 || !gr_line_type(GRU(s, bu)->troop) || bu->formation == GR_F_OPEN)
		return; // GR.MELEE.26: heavy cavalry charging formed infantry, in the move of contact
	tw_vec2 fwd = tw_dir_deg(au->facing), right = tw_dir_deg(au->facing + 90);
	bool reached = false;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *a = &s->fig[i];
		if (a->unit != ua || a->status != TW_FS_ACTIVE || thru[i])
			continue;
		// The infantry R&F he touches that stands most nearly in his line: the front man of his file.
		tw_figure *b = NULL;
		double bl = INFINITY;
		for (int j = 0; j < s->nfig; j++) {
			tw_figure *f = &s->fig[j];
			if (f->unit != ub || !gr_is_rf(f) || f->status != TW_FS_ACTIVE || f->side == a->side ||
			    GRF(s, f)->house >= 0 || gr_gap(s, a, f) > s->params[GRP_CONTACT])
				continue; // a garrison in its house is not formed infantry in the open
			double lat = fabs(tw_dot(tw_sub(f->pos, a->pos), right));
			if (lat < bl) {
				bl = lat;
				b = f;
			}
		}
		if (!b)
			continue;
		int rear[3];
		int behind = file_behind(s, b, fwd, right, rear);
		int depth = 1 + behind;
		int need = tw_grant_breakthrough(depth < 4 ? depth : 4);
		if (need > 6) {
			tw_event *e = tw_events_push(ev, TW_EV_INFO, a->side, "GR.MELEE.26");
			if (e) {
				e->a = a->id;
				e->b = b->id;
				e->c = depth;
				tw_event_text(e, "horseman %d cannot break through: the file is %d ranks deep", a->id, depth);
			}
			continue;
		}
		tw_event *e = NULL;
		int d = tw_roll_d6(s, ev, a->side, "GR.MELEE.26", &e);
		if (e) {
			e->c = depth;
			e->d = need;
			tw_event_text(e, "horseman %d throws %d against a file %d rank%s deep (needs %d): %s", a->id, d, depth,
				      depth > 1 ? "s" : "", need, d >= need ? "breaks through" : "fights the melee");
		}
		if (d < need)
			continue; // fights the ordinary melee
		thru[i] = ub + 1;
		gr_kill(s, b, "GR.MELEE.27", 4, ev); // the front man of his file
		lost[ub]++;
		for (int k = 0; k < behind && k < 2; k++) // the second and third ranks
			stand_aside(s, &s->fig[rear[k]], k, fwd, right, ev);
		reached = carry_on(s, a, ub, fwd, ev) || reached;
	}
	if (reached)
		gr_note_contact(s, ua, 3, ev); // the enemy units the horsemen reach are in the melee
}

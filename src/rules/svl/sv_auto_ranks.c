// Science versus Luck, sv-svfix: the computer company keeps IM.commander, IM.bugler and IM.spacing
// through the whole battle (SV.DOC.20). After the move order is planned (sv_auto.c), on the planned
// places (what SV.DOC.16 will judge):
//  * the commander: if where he was sent breaks IM.commander, the nearest clear place within his
//    pace that keeps it; if there is none, the company shortens its advance by quarters to wait;
//  * the bugler (IM.bugler REQUIRED): to within 6" of the commander;
//  * closing ranks (two passes): a moving figure whose gap to its nearest standing neighbour lies
//    outside IM.spacing - 0.25 .. + 1 (and who has one within IM.spacing + 6) takes the nearest
//    place to its planned end, within its pace from where it stands, that brings the gap into that
//    band without breaking the pace, cover, assault, commander or bugler checks;
//  * a figure left where it stands is taken out of the order (it does not act).
// Searched on a 0.25" grid within 3" of the planned end, then a 0.5" grid over all its pace; a
// figure with no such place keeps its move (a check that then fails, fails by geometry).
#include <math.h>
#include "tinwar/detmath.h"

#include "sv.h"

#define RANKS_REACH 3.0 // inches around the planned end searched
#define RANKS_GRID 0.25

static tw_vec2 planned(const tw_state *s, const tw_order *o, int j, const int *slot)
{
	return slot[j] >= 0 ? o->at[slot[j]] : s->fig[j].pos;
}

// Clear for figure f at p: on the table, off every gun's footprint, not in a solid piece, and
// clear of every other standing figure's planned place.
static bool clear_for(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 p)
{
	if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth || sv_solid_at(s, p))
		return false;
	for (int k = 0; k < s->ngun; k++)
		if (tw_dist(p, s->gun[k].axle) < SV_GUN_FOOT + 0.5)
			return false;
	for (int j = 0; j < s->nfig; j++)
		if (j != f && sv_standing(s, j) && tw_dist(p, planned(s, o, j, slot)) < 2 * s->fig[f].radius + 0.02)
			return false;
	return true;
}

static bool no_gun_crossed(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int q = 0; q < s->ngun; q++)
		if (tw_dist_point_segment(s->gun[q].axle, a, b) < SV_GUN_FOOT + 0.05)
			return false;
	return true;
}

// The gap from f at p to its nearest standing neighbour's planned place (SV.DOC.16 spacing).
static double gap_at(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 p)
{
	double gap = 1e300;
	for (int j = 0; j < s->nfig; j++)
		if (j != f && sv_standing(s, j)) {
			double x = tw_dist(p, planned(s, o, j, slot)) - s->fig[f].radius - s->fig[j].radius;
			if (x < gap)
				gap = x;
		}
	return gap;
}

static bool spacing_ok(const sv_srec *m, double gap)
{
	return gap > m->spacing + 6.0 || (gap >= m->spacing - 0.25 + 0.02 && gap <= m->spacing + 1.0 - 0.02);
}

// The rifleman-front and centre of the planned company, for IM.commander (SV.DOC.16).
static bool commander_ok(const tw_state *s, const tw_order *o, const int *slot, int cmd, tw_vec2 p)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	double front = 1e300, cx = 0, cy = 0;
	int n = 0;
	for (int f = 0; f < s->nfig; f++) {
		if (!sv_standing(s, f))
			continue;
		tw_vec2 q = f == cmd ? p : planned(s, o, f, slot);
		cx += q.x, cy += q.y, n++;
		double d;
		if (SVF(s, f)->role == SV_ROLE_RIFLEMAN && sv_nearest_gun(s, q, &d) >= 0 && d < front)
			front = d;
	}
	if (n == 0 || front >= 1e300)
		return true;
	double d;
	sv_nearest_gun(s, p, &d);
	if (m->commander == SV_CMD_FRONT)
		return d <= front + 3.0 - 0.05;
	if (m->commander == SV_CMD_REAR)
		return d >= front + 6.0 + 0.05;
	return tw_dist(p, tw_v2(cx / n, cy / n)) <= 6.0 - 0.05;
}

// IM.bugler REQUIRED: the bugler, while standing, within 6" of the standing commander's planned place.
static bool bugler_ok(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 q)
{
	if (!SVS(s, SV_ATTACKER)->bugler || SVF(s, f)->role != SV_ROLE_BUGLER)
		return true;
	for (int c = 0; c < s->nfig; c++)
		if (sv_standing(s, c) && SVF(s, c)->role == SV_ROLE_COMMANDER)
			return tw_dist(q, planned(s, o, c, slot)) <= 6.0 - 0.05;
	return true;
}

// A place q for figure f (at a, planned end p) that passes `want`; nearest to p. The pace allowed
// is f's own (running where IM.pace lets it), the path passable and clear of the guns.
typedef bool (*place_test)(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p,
			   tw_vec2 q);

static bool nearest_place(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 p, place_test want,
			  tw_vec2 *out)
{
	tw_vec2 a = s->fig[f].pos;
	double pace = sv_may_run(s, f) ? SV_RUN : SV_WALK, best = 1e300;
	// Near the planned end on a fine grid; failing that, anywhere within the pace on a coarser one.
	for (int wide = 0; wide < 2 && best >= 1e300; wide++) {
		double reach = wide ? 2 * pace : RANKS_REACH, step = wide ? 2 * RANKS_GRID : RANKS_GRID;
		for (double dx = -reach; dx <= reach + 1e-9; dx += step)
			for (double dy = -reach; dy <= reach + 1e-9; dy += step) {
				double d = tw_hypot(dx, dy);
				tw_vec2 q = tw_v2(p.x + dx, p.y + dy);
				if (d >= best || d > reach || tw_dist(a, q) > pace - 1e-6)
					continue;
				if (!clear_for(s, o, slot, f, q) || sv_impassable_segment(s, a, q) || !no_gun_crossed(s, a, q))
					continue;
				if (!want(s, o, slot, f, a, p, q))
					continue;
				best = d;
				*out = q;
			}
	}
	return best < 1e300;
}

static bool want_spacing(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p, tw_vec2 q);

static bool want_bugler(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p, tw_vec2 q)
{
	return bugler_ok(s, o, slot, f, q) && want_spacing(s, o, slot, f, a, p, q);
}

static bool want_bugler_only(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p, tw_vec2 q)
{
	(void)a, (void)p;
	return bugler_ok(s, o, slot, f, q);
}

static bool want_commander(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p, tw_vec2 q)
{
	(void)a, (void)p;
	return commander_ok(s, o, slot, f, q);
}

// Closing ranks keeps every other check the figure's planned move passed: the pace (a run only
// where IM.pace allows it, judged where it starts), cover (IM.cover: in cover if the planned end
// was) and assault (still ends nearer the gun it started within IM.assault of).
static bool want_spacing(const tw_state *s, const tw_order *o, const int *slot, int f, tw_vec2 a, tw_vec2 p, tw_vec2 q)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	if (!spacing_ok(m, gap_at(s, o, slot, f, q)) || (bugler_ok(s, o, slot, f, p) && !bugler_ok(s, o, slot, f, q)))
		return false;
	double d0;
	int k = sv_nearest_gun(s, a, &d0);
	if (k < 0)
		return true;
	tw_vec2 gun = s->gun[k].axle;
	if (m->cover != SV_COVER_IGNORE && sv_in_cover(s, gun, p) && !sv_in_cover(s, gun, q))
		return false;
	if (m->assault > 0 && d0 <= m->assault && tw_dist(q, gun) >= d0 - 1e-6)
		return false;
	// ... and IM.commander, if the commander keeps it where he is sent (the ranks do not outrun him).
	for (int c = 0; c < s->nfig; c++)
		if (sv_standing(s, c) && SVF(s, c)->role == SV_ROLE_COMMANDER) {
			tw_vec2 at = planned(s, o, c, slot);
			if (!commander_ok(s, o, slot, c, at))
				break;
			tw_order *w = (tw_order *)o; // tried in place, put back
			tw_vec2 was = w->at[slot[f]];
			w->at[slot[f]] = q;
			bool ok = commander_ok(s, o, slot, c, at);
			w->at[slot[f]] = was;
			if (!ok)
				return false;
		}
	return true;
}

void sv_auto_keep_ranks(const tw_state *s, tw_order *o)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	if (SVG(s)->cond != SV_COND_NORMAL || o->type != SV_OT_MOVE || !o->has_at || o->nfig == 0)
		return;
	int *slot = tw_malloc((size_t)s->nfig * sizeof *slot + 1);
	if (!slot)
		return;
	for (int j = 0; j < s->nfig; j++)
		slot[j] = -1;
	for (int i = 0; i < o->nfig; i++)
		slot[o->fig[i]] = i;
	// The commander first, the ranks then keep clear of him. If no place within his pace keeps
	// IM.commander, the company shortens its advance (3/4, 1/2, 1/4 of it, or none) and waits for him.
	int ci = -1;
	for (int i = 0; i < o->nfig; i++)
		if (SVF(s, o->fig[i])->role == SV_ROLE_COMMANDER)
			ci = i;
	for (int f = 0; f < s->nfig && ci < 0 && o->nfig < TW_ORDER_MAX_FIG; f++)
		if (sv_standing(s, f) && SVF(s, f)->role == SV_ROLE_COMMANDER && SVF(s, f)->act == SV_ACT_NONE) {
			ci = o->nfig++; // not sent anywhere (his way was blocked): he may yet lead
			o->fig[ci] = f;
			o->at[ci] = s->fig[f].pos;
			o->facing[ci] = s->fig[f].facing;
			slot[f] = ci;
		}
	tw_vec2 *p0 = ci >= 0 ? tw_malloc((size_t)o->nfig * sizeof *p0 + 1) : NULL;
	if (ci >= 0 && p0 && !commander_ok(s, o, slot, o->fig[ci], o->at[ci])) {
		for (int i = 0; i < o->nfig; i++)
			p0[i] = o->at[i];
		bool found = false;
		for (int cut = 0; cut <= 4 && !found; cut++) {
			for (int i = 0; i < o->nfig; i++)
				if (i != ci) {
					tw_vec2 a = s->fig[o->fig[i]].pos;
					o->at[i] = tw_add(a, tw_scale(tw_sub(p0[i], a), 1.0 - 0.25 * cut));
				}
			tw_vec2 q;
			found = nearest_place(s, o, slot, o->fig[ci], p0[ci], want_commander, &q);
			if (found)
				o->at[ci] = q;
		}
		if (!found) // he cannot lead this phase: the company keeps its advance
			for (int i = 0; i < o->nfig; i++)
				o->at[i] = p0[i];
	}
	tw_free(p0);
	for (int b = 0; b < s->nfig; b++) { // then the bugler, to within 6" of him (IM.bugler REQUIRED)
		if (!sv_standing(s, b) || SVF(s, b)->role != SV_ROLE_BUGLER || SVF(s, b)->act != SV_ACT_NONE)
			continue;
		if (slot[b] < 0 && o->nfig < TW_ORDER_MAX_FIG) {
			slot[b] = o->nfig++;
			o->fig[slot[b]] = b;
			o->at[slot[b]] = s->fig[b].pos;
			o->facing[slot[b]] = s->fig[b].facing;
		}
		int i = slot[b];
		tw_vec2 q;
		if (i >= 0 && !bugler_ok(s, o, slot, b, o->at[i]) &&
		    (nearest_place(s, o, slot, b, o->at[i], want_bugler, &q) ||
		     nearest_place(s, o, slot, b, o->at[i], want_bugler_only, &q)))
			o->at[i] = q;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < o->nfig; i++) {
			int f = o->fig[i];
			tw_vec2 q;
			if (SVF(s, f)->role == SV_ROLE_COMMANDER || spacing_ok(m, gap_at(s, o, slot, f, o->at[i])))
				continue;
			if (nearest_place(s, o, slot, f, o->at[i], want_spacing, &q))
				o->at[i] = q;
		}
	int n = 0; // a figure left where it stands does not act (SV.DOC.16 checks only those that did)
	for (int i = 0; i < o->nfig; i++)
		if (tw_dist(o->at[i], s->fig[o->fig[i]].pos) >= 0.05) {
			o->fig[n] = o->fig[i];
			o->at[n] = o->at[i];
			o->facing[n] = o->facing[i];
			n++;
		}
	o->nfig = n;
	tw_free(slot);
}

// Computer generals for Little Wars: one planner, several doctrines (parameter sets).
//
// Each move the general works in the order the rules demand (LW.MV.11, guns first):
//   1. guns: fire at the best target in range and sight (up to 4 shots, LW.MOB.6), then the
//      trail pair (LW.MOB.10); a gun with nothing in range may advance with its crew
//      (LW.MOB.11-13) if the doctrine says so;
//   2. surrender an isolated, doomed body (LW.MEL.16) when the points favour it (LW.CAMP.3);
//   3. men, group by group: charge where the melee arithmetic (LW.MEL.1, 5-7) favours us,
//      otherwise advance, hold or fall back, preferring places hidden from enemy guns
//      (cover) and within support of friends (never isolated, LW.MEL.1);
//   4. end the move.
// It sees only its side's view, and checks every order with the rule set before giving it.
// Its route field is lw_route.c; its lists of the state and the questions it asks of them,
// lw_ai_lists.c (both through lw_ai.h).
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stddef.h>
#include <string.h>

#include "core/shot_fast.h"
#include "lw_ai.h"
#include "lw_ai_gunsight.h"
#include "lw_ai_support.h"
#include "lw_fgrid.h"
#include "lw_gunvis.h"
#include "lw_ks_move.h" // KS.FORM.1/2: fords
#include "lw_util.h"

/// A doctrine's parameters. Documented in docs/doctrines.md.
typedef struct lw_doctrine {
	double advance;      ///< 0..1: how far groups go forward each move (fraction of allowance)
	double hold_range;   ///< infantry hold when the nearest enemy is closer than this (in), 0 = never
	double charge_edge;  ///< minimum (enemy loss - own loss) for a charge
	double cover;        ///< weight of hiding from enemy guns when choosing a place
	double support;      ///< weight of staying within support of friends
	int gun_advance;     ///< 1 = guns with no target in range move forward
	int wing;            ///< 0 = whole front, -1 = concentrate on our left, +1 = on our right
	double retreat_ratio;///< fall back over our back line when our men < ratio * enemy men
	int crew_keep;       ///< men kept by each gun as crew (>= 4, LW.MOB.4)
} lw_doctrine;

static const lw_doctrine doc_default = {0.8, 0, 0.5, 1.0, 1.0, 1, 0, 0.25, 5};
static const lw_doctrine doc_gunline = {0.4, 30, 1.0, 2.0, 1.5, 0, 0, 0.25, 6};
static const lw_doctrine doc_rush = {1.0, 0, 0.0, 0.3, 0.5, 1, 0, 0.15, 4};
static const lw_doctrine doc_concentrate = {0.9, 0, 0.5, 1.0, 1.0, 1, -1, 0.25, 5};

typedef struct lw_ai {
	int32_t planned_move;        ///< game move the plan is for
	int stage;                   ///< 0 guns, 1 surrender, 2 men, 3 end
	int gun_cursor;
	int group_cursor;
	int ngroups;
	// Per figure index, cap_fig long (grown to the state's figures at each decision, heap):
	int cap_fig;
	int32_t *group_of;           ///< group index per figure (-1 = none)
	int32_t *crew_of;            ///< gun a man is kept as crew for (-1)
	int32_t *mine_buf;           ///< gun_target's list of our men who may be in a line of fire
	tw_vec2 *mine_pos;           ///< s31: their places, side by side
	int fof[2];                  ///< s31: lw_free_on_field of sides 0 and 1 in this decision (-1: not yet)
	// simulate_charge's events and END_MOVE order, kept from one charge to the next (s31: a
	// fresh events array each time was some 136 KB mapped and unmapped, and its pages faulted in)
	tw_events sim_ev;
	tw_order *sim_end;
	double *gdist;               ///< make_groups: candidates' distances from a gun
	int32_t *group_queue;        ///< make_groups: the men a group grows from
	int32_t *near_buf;           ///< plan_group_move: the enemy men near a group
	double *sup_xyr;             ///< place_support: the listed foes, friends near a group's centre:
				     ///< for w = 0, 1 their x, y and radius, each nfig long (s31)
	int32_t *gstart, *gmem;      ///< group g's men, in figure order: gmem[gstart[g] .. gstart[g + 1])
	tw_order scratch;
	bool have_dc;                ///< dc holds this general's doctrine (copied, then tuned)
	lw_doctrine dc;
	lw_doctrine eff;             ///< the doctrine as applied this move (stalemate adjustments)
	lw_route *route;             ///< path distance round obstacles to the nearest enemy (lw_route.c):
				     ///< made at its first use (s31: 110 KB the context no longer zeroes)
	int last_mine, last_theirs;  ///< free men at the last plan
	int quiet;                   ///< own moves in a row in which nobody fell
	bool crews_done;             ///< crews sent back to their guns this move
	bool route_built;            ///< route is this move's route field
	lw_sight_memo sight;         ///< line-of-sight answers for this table (lw_sight.c)
	lw_tindex tindex;            ///< the table's pieces by place (lw_tindex.c), for this table
	lw_ai_lists lists;           ///< the state being decided on, listed at every decision in play
	lw_fgrid fgrid;              ///< the men by place, for the move checks it asks for (lw_fgrid.c)
	lw_gunvis gunvis;            ///< per gun, the pieces near its sight lines by cell (lw_gunvis.c)
	lw_gunsight gunsight;        ///< the last gun's men in range and sight this move (lw_ai_gunsight.c)
	tw_general *big;             ///< stop 33: lw-default on a large table plays as lw-big (made at first use)
} lw_ai;

// The per-figure arrays for a state of nfig figures (kept, grown when a state has more); false
// without memory (the arrays as they were).
static bool ai_fig_arrays(lw_ai *ai, int nfig)
{
	if (nfig <= ai->cap_fig)
		return true;
	size_t n = (size_t)nfig;
	int32_t *g = tw_realloc(ai->group_of, n * sizeof *g);
	if (g)
		ai->group_of = g;
	int32_t *c = tw_realloc(ai->crew_of, n * sizeof *c);
	if (c)
		ai->crew_of = c;
	int32_t *m = tw_realloc(ai->mine_buf, n * sizeof *m);
	if (m)
		ai->mine_buf = m;
	tw_vec2 *mp = tw_realloc(ai->mine_pos, n * sizeof *mp);
	if (mp)
		ai->mine_pos = mp;
	double *d = tw_realloc(ai->gdist, n * sizeof *d);
	if (d)
		ai->gdist = d;
	int32_t *q = tw_realloc(ai->group_queue, n * sizeof *q);
	if (q)
		ai->group_queue = q;
	int32_t *nb = tw_realloc(ai->near_buf, n * sizeof *nb);
	if (nb)
		ai->near_buf = nb;
	double *sxyr = tw_realloc(ai->sup_xyr, 6 * n * sizeof *sxyr);
	if (sxyr)
		ai->sup_xyr = sxyr;
	int32_t *gs = tw_realloc(ai->gstart, (n + 2) * sizeof *gs);
	if (gs)
		ai->gstart = gs;
	int32_t *gm = tw_realloc(ai->gmem, n * sizeof *gm);
	if (gm)
		ai->gmem = gm;
	if (!g || !c || !m || !mp || !d || !q || !nb || !sxyr || !gs || !gm)
		return false;
	// Zeroed as the general's context is (make_groups fills them at each new move).
	size_t old = (size_t)ai->cap_fig;
	memset(ai->group_of + old, 0, (n - old) * sizeof *ai->group_of);
	memset(ai->crew_of + old, 0, (n - old) * sizeof *ai->crew_of);
	ai->cap_fig = nfig;
	return true;
}

// Doctrine parameters by name, for tw_general_set_param (studies: tinwar sim --vary red.advance=..).
static const struct {
	const char *name;
	size_t off;
	bool is_int;
	double min, max;
} doc_fields[] = {
	{"advance", offsetof(lw_doctrine, advance), false, 0, 1},
	{"hold_range", offsetof(lw_doctrine, hold_range), false, 0, 1000},
	{"charge_edge", offsetof(lw_doctrine, charge_edge), false, -100, 100},
	{"cover", offsetof(lw_doctrine, cover), false, 0, 100},
	{"support", offsetof(lw_doctrine, support), false, 0, 100},
	{"gun_advance", offsetof(lw_doctrine, gun_advance), true, 0, 1},
	{"wing", offsetof(lw_doctrine, wing), true, -1, 1},
	{"retreat_ratio", offsetof(lw_doctrine, retreat_ratio), false, 0, 1},
	{"crew_keep", offsetof(lw_doctrine, crew_keep), true, LW_GUN_CREW, 12},
};

static tw_status lw_set_param(tw_general *g, const lw_doctrine *base, const char *name, double v, tw_error *err)
{
	lw_ai *ai = g->ctx;
	if (!ai->have_dc) {
		ai->dc = *base;
		ai->have_dc = true;
	}
	for (size_t i = 0; i < TW_ARRAY_COUNT(doc_fields); i++) {
		if (strcmp(doc_fields[i].name, name) != 0)
			continue;
		if (!(v >= doc_fields[i].min && v <= doc_fields[i].max))
			return tw_error_set(err, TW_ERR_INPUT, "", "%s: %s must lie in [%g, %g]", g->def->name, name,
					    doc_fields[i].min, doc_fields[i].max);
		char *p = (char *)&ai->dc + doc_fields[i].off;
		if (doc_fields[i].is_int)
			*(int *)p = (int)v;
		else
			*(double *)p = v;
		return TW_OK;
	}
	return tw_error_set(err, TW_ERR_INPUT, "", "%s has no parameter '%s'", g->def->name, name);
}

// ---- small helpers ----

// lw_free_on_field(s, side), counted once a decision (the state does not change while the
// general decides; lw_ai_plan forgets the counts at the start of each decision).
static int free_on_field(const tw_state *s, lw_ai *ai, int side)
{
	if (side < 0 || side > 1)
		return lw_free_on_field(s, side);
	if (ai->fof[side] < 0)
		ai->fof[side] = lw_free_on_field(s, side);
	return ai->fof[side];
}

static bool legal(const tw_state *s, const tw_order *o)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	return rs->validate(s, o, NULL) == TW_OK;
}

// legal() for an order grown by one figure from a legal order (the pattern: add a man, keep him
// if the order is still legal, else take him off again).
static bool legal_more(const tw_state *s, const tw_order *o)
{
	return lw_validate_move_extend(s, o, NULL) == TW_OK;
}

// ---- guns ----

// tw_los from gun gi standing at a: through its visibility grid on a large table (lw_gunvis.c),
// else through the sight memo alone.
bool lw_general_plain = false;

static bool gun_sees(lw_ai *ai, const tw_table *tb, int gi, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	if (tb->nterrain < LW_GUNVIS_MIN_PIECES || lw_general_plain)
		return lw_sight(&ai->sight, tb, a, za, b, zb);
	return lw_gunvis_sight(&ai->gunvis, &ai->sight, tb, gi, a, za, b, zb);
}

// Best target for a gun: the enemy man in range and sight with most enemies close round him,
// fewest of our own men near the line of fire.
static bool gun_target(const tw_state *s, lw_ai *ai, const tw_gun *g, int side, tw_vec2 *target, tw_order *lie)
{
	if (lie)
		tw_order_init(lie, LW_OT_LIE_DOWN, side);
	int best_own = 0;
	int32_t own_ids[32];
	double z0 = ai->lists.gun_ground[g->id] + 1.0;
	double range = tw_shot_fast_max_range(z0) * 0.95;
	double best = 0;
	tw_vec2 muzzle = tw_gun_muzzle(g);
	// Our men who may stand in a line of fire (free or prisoners, not lying), in figure order,
	// listed once for all the targets.
	int nmine = 0;
	int32_t *mine = ai->mine_buf;
	tw_vec2 *mpos = ai->mine_pos; // s31: their places side by side for the loop over targets
	for (int k = 0; k < s->nfig; k++) {
		const tw_figure *m = &s->fig[k];
		if (m->side == side && (lw_is_free(m) || m->status == LW_FS_PRISONER) && !(m->flags & TW_FF_LYING)) {
			mpos[nmine] = m->pos;
			mine[nmine++] = k;
		}
	}
	// s30 (issue 18): the men in range and sight, listed once for the gun in this move while
	// they hold (lw_ai_gunsight.h); a listed man since fallen is passed over, as the plain loop
	// passes over every man not free.
	lw_gunsight *gs = &ai->gunsight;
	bool reuse = !lw_general_plain && lw_gunsight_holds(gs, s, g, side, z0);
	bool keep = !reuse && !lw_general_plain && lw_gunsight_begin(gs, s, g, side, z0);
	int nc = reuse ? gs->n : s->nfig;
	for (int c = 0; c < nc; c++) {
		int i = reuse ? gs->idx[c] : c;
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		double d;
		if (reuse) {
			d = gs->dist[c];
		} else {
			d = tw_dist(g->axle, f->pos);
			if (d > range || d < 4)
				continue;
			double zt = lw_ai_fig_ground(s, &ai->lists, i) + 1.0;
			if (!gun_sees(ai, &s->table, (int)(g - s->gun), g->axle, z0 + 0.5, f->pos, zt))
				continue;
			if (keep)
				lw_gunsight_add(gs, i, d);
		}
		// Own men standing in the way (LW.FIRE.4 kills them too). Those close in front of the
		// gun may lie down so the shot passes over them (LW.MOB.8); others spoil the target.
		int own = 0, near_own = 0;
		int32_t ids[32];
		tw_vec2 lo, hi;
		lw_seg_box(muzzle, f->pos, 1.5, &lo, &hi);
		tw_vec2 dl = tw_sub(f->pos, muzzle); // s27-hook8: the line of fire, for lw_off_line
		double reach = lw_off_line_reach(dl, 1.5);
		bool line_first = !lw_gun_line_plain;
		for (int k = 0; k < nmine; k++) {
			tw_vec2 mp = mpos[k];
			if (lw_outside_box(mp, lo, hi))
				continue; // farther than 1.5 in from the line of fire, as tw_dist_point_segment finds
			if (line_first && lw_off_line(mp, muzzle, dl, reach))
				continue; // farther than 1.5 in from the line through it, so from the segment
			if (tw_dist_point_segment(mp, muzzle, f->pos) >= 1.5 || tw_dist(mp, g->axle) <= 3.5)
				continue;
			const tw_figure *m = &s->fig[mine[k]];
			if (tw_dist(m->pos, g->axle) < 16 && lw_is_free(m) && near_own < 32)
				ids[near_own++] = m->id;
			else
				own++;
		}
		if (own)
			continue;
		double v = 1.0 + lw_ai_count_near(&ai->lists, f->side, f->pos, 2.5) - d / 400.0 - 0.2 * near_own;
		if (f->kind == TW_FK_CAVALRY)
			v += 0.5;
		if (v > best) {
			best = v;
			*target = f->pos;
			best_own = near_own;
			memcpy(own_ids, ids, (size_t)near_own * sizeof ids[0]);
		}
	}
	if (lie && best > 0)
		for (int k = 0; k < best_own; k++)
			lie->fig[lie->nfig++] = own_ids[k];
	return best > 0;
}

static bool plan_gun(const tw_state *s, lw_ai *ai, const lw_doctrine *dc, int side, tw_order *o)
{
	if (LWG(s)->men_moved)
		return false;
	int firing = LWG(s)->firing_gun;
	if (firing >= 0) {
		const tw_gun *g = &s->gun[firing];
		tw_vec2 t;
		if (g->shots < LW_GUN_SHOTS && gun_target(s, ai, g, side, &t, NULL)) {
			tw_order_init(o, LW_OT_FIRE, side);
			o->gun = g->id;
			o->has_target = true;
			o->target = t;
			if (legal(s, o))
				return true;
		}
		tw_order_init(o, LW_OT_TRAIL, side);
		o->gun = firing;
		return true; // an auto trail; if impossible the move's end puts it right
	}
	for (; ai->gun_cursor < s->ngun; ai->gun_cursor++) {
		const tw_gun *g = &s->gun[ai->gun_cursor];
		if (g->side != side || g->acted_in == s->move_no || !lw_gun_in_action(s, g, side))
			continue;
		tw_vec2 t;
		if (gun_target(s, ai, g, side, &t, o)) {
			if (o->nfig > 0 && legal(s, o))
				return true; // men in front lie down first; the gun fires next time
			tw_order_init(o, LW_OT_FIRE, side);
			o->gun = g->id;
			o->has_target = true;
			o->target = t;
			if (legal(s, o))
				return true;
		}
		if (!dc->gun_advance)
			continue;
		// Nothing in range: go forward with the crew, 10 in (LW.MOB.11-13).
		int who;
		double d = lw_ai_nearest_enemy(&ai->lists, side, g->axle, &who);
		double z0 = tw_table_ground(&s->table, g->axle) + 1.0;
		if (who < 0 || d < tw_shot_fast_max_range(z0) * 0.8)
			continue;
		if (lw_gun_move_party(s, g, side, 6, o) < LW_GUN_CREW)
			continue;
		tw_vec2 dir = tw_scale(tw_sub(s->fig[who].pos, g->axle), 1.0 / d);
		for (double step = 10; step >= 4; step -= 3) {
			o->path[0] = tw_add(g->axle, tw_scale(dir, step));
			o->npath = 1;
			if (legal(s, o)) {
				ai->gun_cursor++;
				return true;
			}
		}
	}
	return false;
}

// ---- grouping ----

static void make_groups(const tw_state *s, lw_ai *ai, const lw_doctrine *dc, int side)
{
	memset(ai->group_of, 0xff, (size_t)s->nfig * sizeof *ai->group_of); // -1: none
	memset(ai->crew_of, 0xff, (size_t)s->nfig * sizeof *ai->crew_of);
	// Crews first: the nearest free men to each of our guns.
	double *gdist = ai->gdist; // each candidate's distance from this gun, worked out once per gun
	for (int gi = 0; gi < s->ngun; gi++) {
		const tw_gun *g = &s->gun[gi];
		if (g->side != side || !lw_gun_in_battle(s, g))
			continue;
		const tw_gun_frame fr = tw_gun_frame_of(g); // s30: tw_gun_distance's segments, once a gun
		// s31 (issue 18): the candidates (ours, free, no crew yet) listed once with their
		// distances, in figure order; each round below looks at the list, not at every figure.
		// A man once told off is taken off the list (the rounds skip him, as crew_of >= 0 did).
		int32_t *cand = ai->group_queue; // free until the groups are made below
		int nc = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side == side && lw_is_free(f) && ai->crew_of[i] < 0) {
				gdist[i] = tw_gun_frame_distance(&fr, f->pos);
				cand[nc++] = i;
			}
		}
		for (int k = 0; k < dc->crew_keep; k++) {
			int best = -1, bj = -1;
			double bd = INFINITY;
			for (int j = 0; j < nc; j++) {
				double d = gdist[cand[j]];
				if (d < bd && (d < 8.0 || k < LW_GUN_CREW)) { // LW.MOB.4: fetch 4 from anywhere
					bd = d;
					best = cand[j];
					bj = j;
				}
			}
			if (best >= 0) {
				ai->crew_of[best] = gi;
				memmove(cand + bj, cand + bj + 1, (size_t)(nc - bj - 1) * sizeof *cand); // order kept
				nc--;
			}
		}
	}
	// Everyone else in groups of up to 12 of one arm that stand together: each group grows
	// from its first man by chains of neighbours within 8 in.
	int ng = 0;
	int32_t *queue = ai->group_queue;
	// s31 (issue 18): without the lists' grid (lw_ai_men_near's answer is then the whole side),
	// the side's listed men who may still join a group (free_men: free, in figure order; no
	// crew) are kept in a list of their own, `el`, which loses each group's men once it is made.
	// A man more than 8 in + 1e-6 away along x or y is farther than 8 in (sqrt(dx*dx + dy*dy) >=
	// |dx| less a rounding far below 1e-6) and is passed over as the full test below would; a
	// NaN place goes to the full test. Once the group is full (size + waiting >= 12) no later
	// man joins it, so the scan stops there.
	bool strip = ai->lists.gw == 0 && !lw_general_plain;
	const lw_ai_man *fm = ai->lists.free_men;
	int32_t *el = ai->near_buf; // free until plan_group_move
	int ne = 0;
	if (strip && side >= 0 && side < ai->lists.nsides)
		for (int j = ai->lists.free_start[side]; j < ai->lists.free_start[side + 1]; j++)
			if (ai->crew_of[fm[j].fig] < 0)
				el[ne++] = j;
	for (int seed = 0; seed < s->nfig; seed++) {
		const tw_figure *f0 = &s->fig[seed];
		if (f0->side != side || !lw_is_free(f0) || ai->crew_of[seed] >= 0 || ai->group_of[seed] >= 0)
			continue;
		int grp = ng++;
		int qh = 0, qt = 0, size = 0;
		queue[qt++] = seed;
		ai->group_of[seed] = grp;
		while (qh < qt && size < 12) {
			const tw_figure *a = &s->fig[queue[qh++]];
			size++;
			if (strip) {
				double ax = a->pos.x, ay = a->pos.y;
				for (int k = 0; k < ne && qt < s->nfig && size + (qt - qh) < 12; k++) {
					const lw_ai_man *m = &fm[el[k]];
					if (fabs(m->x - ax) > 8.0 + 1e-6 || fabs(m->y - ay) > 8.0 + 1e-6)
						continue;
					int i = m->fig;
					const tw_figure *b = &s->fig[i];
					if (ai->group_of[i] >= 0 || b->kind != f0->kind || tw_dist(a->pos, b->pos) > 8.0)
						continue;
					ai->group_of[i] = grp;
					queue[qt++] = i;
				}
				continue;
			}
			// Our free men within 8 in of a, in figure order (the lists are of this state).
			double R = 8.0 + 1e-3;
			int nn = lw_ai_men_near(&ai->lists, side, false, tw_v2(a->pos.x - R, a->pos.y - R),
						tw_v2(a->pos.x + R, a->pos.y + R));
			for (int j = 0; j < nn && qt < s->nfig; j++) {
				int i = ai->lists.found[j];
				const tw_figure *b = &s->fig[i];
				if (b->side != side || !lw_is_free(b) || ai->crew_of[i] >= 0 || ai->group_of[i] >= 0 ||
				    b->kind != f0->kind || tw_dist(a->pos, b->pos) > 8.0 || size + (qt - qh) >= 12)
					continue;
				ai->group_of[i] = grp;
				queue[qt++] = i;
			}
		}
		if (strip) { // the group's men leave the list
			int w = 0;
			for (int k = 0; k < ne; k++)
				if (ai->group_of[fm[el[k]].fig] < 0)
					el[w++] = el[k];
			ne = w;
		}
	}
	ai->ngroups = ng;
	// Each group's men in figure order (a counting sort), for the loops over a group's men.
	memset(ai->gstart, 0, (size_t)(ng + 2) * sizeof *ai->gstart);
	for (int i = 0; i < s->nfig; i++)
		if (ai->group_of[i] >= 0)
			ai->gstart[ai->group_of[i] + 2]++;
	for (int g = 2; g <= ng + 1; g++)
		ai->gstart[g] += ai->gstart[g - 1];
	for (int i = 0; i < s->nfig; i++)
		if (ai->group_of[i] >= 0)
			ai->gmem[ai->gstart[ai->group_of[i] + 1]++] = i;
}

// ---- charges (LW.MEL.1-8) ----

// The charge played out on a copy: the move, then the melees judged as at the end of the move
// (LW.MEL.3-8, default casualty choice). Returns enemy men lost minus our men lost.
static double simulate_charge(const tw_state *s, lw_ai *ai, const tw_order *o, int side)
{
	if (!ai->sim_end && !(ai->sim_end = tw_malloc(sizeof *ai->sim_end))) // some 17 KB: never on the stack
		return -1e9;
	tw_state t;
	if (tw_state_clone(&t, s) != TW_OK)
		return -1e9;
	double v = -1e9;
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	tw_events *ev = &ai->sim_ev;
	tw_events_clear(ev);
	tw_order *end = ai->sim_end;
	if (tw_state_apply(&t, o, &ctx, ev, NULL) == TW_OK) {
		int before[2] = {lw_free_on_field(&t, side), lw_free_on_field(&t, lw_enemy(side))};
		tw_order_init(end, LW_OT_END_MOVE, side);
		if (lw_judge_melees(&t, end, false, NULL, NULL) == TW_OK)
			v = (double)(before[1] - lw_free_on_field(&t, lw_enemy(side))) -
			    (double)(before[0] - lw_free_on_field(&t, side));
	}
	tw_events_clear(ev);
	tw_state_free(&t);
	return v;
}

// Places our chargers round enemy man e: the first in contact, others just behind.
static bool build_charge(const tw_state *s, lw_ai *ai, int side, int grp, const tw_figure *e, tw_order *o, int *nused)
{
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	int n = 0;
	// Candidates: group members who can reach, nearest first.
	int cand[256];
	double cd[256];
	int nc = 0;
	for (int j = ai->gstart[grp]; j < ai->gstart[grp + 1] && nc < 256; j++) {
		int i = ai->gmem[j];
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f) || f->moved_in == s->move_no || ai->group_of[i] != grp)
			continue;
		double d = tw_dist(f->pos, e->pos);
		if (d - f->radius - e->radius > lw_move_allowance(f) - 0.2)
			continue;
		int k = nc++;
		while (k > 0 && cd[k - 1] > d) {
			cand[k] = cand[k - 1];
			cd[k] = cd[k - 1];
			k--;
		}
		cand[k] = i;
		cd[k] = d;
	}
	// The first man goes into contact (LW.MEL.2); the rest form up behind him, within 6 in of
	// him, so that they take part (LW.MEL.4) without touching anyone.
	tw_vec2 contact = e->pos, back = tw_v2(0, 0);
	for (int c = 0; c < nc; c++) {
		const tw_figure *f = &s->fig[cand[c]];
		bool placed = false;
		if (n == 0) {
			tw_vec2 away = tw_sub(f->pos, e->pos);
			double L = tw_len(away);
			if (L < 1e-9)
				continue;
			double base = tw_bearing_deg(away);
			for (int k = 0; k < 12 && !placed; k++) {
				double ang = base + ((k & 1) ? 1 : -1) * (double)((k + 1) / 2) * 22.0;
				tw_vec2 p = tw_add(e->pos, tw_scale(tw_dir_deg(ang), f->radius + e->radius + 0.06));
				if (tw_dist(f->pos, p) > lw_move_allowance(f) - 0.05)
					continue;
				o->fig[o->nfig] = f->id;
				o->at[o->nfig] = p;
				o->nfig++;
				if (legal_more(s, o)) {
					placed = true;
					contact = p;
					back = tw_dir_deg(ang);
				} else {
					o->nfig--;
				}
			}
		} else {
			tw_vec2 side_dir = tw_v2(back.y, -back.x);
			for (int k = 0; k < 16 && !placed; k++) {
				int row = 1 + k / 5, col = k % 5 - 2;
				tw_vec2 p = tw_add(contact, tw_add(tw_scale(back, 1.3 * row), tw_scale(side_dir, 1.3 * col)));
				if (tw_dist(p, contact) > LW_REACH || tw_dist(f->pos, p) > lw_move_allowance(f) - 0.05)
					continue;
				o->fig[o->nfig] = f->id;
				o->at[o->nfig] = p;
				o->nfig++;
				if (legal_more(s, o))
					placed = true;
				else
					o->nfig--;
			}
		}
		if (placed)
			n++;
		if (n == 0 && c >= 3)
			break; // nobody can get into contact
	}
	*nused = n;
	return n > 0;
}

// ---- ordinary movement ----

// A place's support (LW.MEL.1): friends within a move (isolation invites a losing melee) and
// foes within a charge. Friends count only with foes near (with none, neither term applies).
typedef struct place_sup {
	int foes, friends;
} place_sup;

// s30 (issue 18): a group weighs up to 20 places within its move of its centre; the foes and
// friends that may count at any of them are listed once (sup_gather), and each count looks at
// those only. A listed man farther than reach + r + the widest radius + 1e-3 in from the centre
// along x or y is farther than r + the widest radius + 1e-3 from a place within reach of it, so
// lw_ai_count_near passes him over as well (its own box); the others are counted by the same
// test. Counts do not depend on the order. Anything not finite: lw_ai_count_near itself.
typedef struct sup_near {
	bool ok;
	tw_vec2 c;
	double reach; ///< how far from c the places asked about may be
	int n[2];     ///< foes, friends listed (lists indices into free_men)
} sup_near;

static void sup_gather(lw_ai *ai, int side, tw_vec2 c, double reach, sup_near *sn)
{
	const lw_ai_lists *l = &ai->lists;
	sn->ok = false;
	// With a grid of the free men (large tables) lw_ai_count_near looks at the cells near the
	// place: listing every man of both sides for each group would cost more (10% of a game at
	// 1200 a side).
	if (lw_general_plain || l->gw != 0 || !isfinite(c.x) || !isfinite(c.y) || !(reach >= 0) || !isfinite(l->rmax))
		return;
	static const double rad[2] = {LW_CAV_MOVE + 2, LW_INF_MOVE};
	for (int w = 0; w < 2; w++) {
		int sd = w == 0 ? lw_enemy(side) : side;
		sn->n[w] = 0;
		if (sd < 0 || sd >= l->nsides)
			continue;
		double R = reach + rad[w] + l->rmax + 2e-3;
		for (int k = l->free_start[sd]; k < l->free_start[sd + 1]; k++) {
			const lw_ai_man *m = &l->free_men[k];
			if (!(isfinite(m->x) && isfinite(m->y) && isfinite(m->r)))
				return; // a man at no place: the counts themselves
			if (fabs(m->x - c.x) > R || fabs(m->y - c.y) > R)
				continue;
			double *xyr = ai->sup_xyr + (size_t)w * 3 * (size_t)ai->cap_fig;
			int at = sn->n[w]++;
			xyr[at] = m->x;
			xyr[ai->cap_fig + at] = m->y;
			xyr[2 * ai->cap_fig + at] = m->r;
		}
	}
	sn->c = c;
	sn->reach = reach;
	sn->ok = true;
}

// The listed men of w within r of p, each asked as lw_ai_count_near asks: tw_dist(man, p) -
// his radius <= r. s31 (issue 18): their places side by side, two at a time with SSE2: the
// same IEEE operations in the same order (subtract, square, add, square root, subtract,
// compare), so the same answer for each man; the listed places are finite (sup_gather).
static int sup_count(const lw_ai *ai, const sup_near *sn, int w, tw_vec2 p, double r)
{
	const double *xs = ai->sup_xyr + (size_t)w * 3 * (size_t)ai->cap_fig;
	const double *ys = xs + ai->cap_fig, *rs = xs + 2 * (size_t)ai->cap_fig;
	int n = 0, m = sn->n[w], j = 0;
#if defined(__SSE2__)
	if (!lw_general_plain) {
		const __m128d px = _mm_set1_pd(p.x), py = _mm_set1_pd(p.y), rr = _mm_set1_pd(r);
		for (; j + 2 <= m; j += 2) {
			__m128d dx = _mm_sub_pd(_mm_loadu_pd(xs + j), px);
			__m128d dy = _mm_sub_pd(_mm_loadu_pd(ys + j), py);
			__m128d d = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)));
			int in = _mm_movemask_pd(_mm_cmple_pd(_mm_sub_pd(d, _mm_loadu_pd(rs + j)), rr));
			n += (in & 1) + (in >> 1);
		}
	}
#endif
	for (; j < m; j++)
		if (tw_dist(tw_v2(xs[j], ys[j]), p) - rs[j] <= r)
			n++;
	return n;
}

static place_sup place_support(lw_ai *ai, int side, tw_vec2 p, const sup_near *sn)
{
	place_sup ps;
	bool listed = sn && sn->ok && isfinite(p.x) && isfinite(p.y) && fabs(p.x - sn->c.x) <= sn->reach &&
		      fabs(p.y - sn->c.y) <= sn->reach;
	ps.foes = listed ? sup_count(ai, sn, 0, p, LW_CAV_MOVE + 2) : lw_ai_count_near(&ai->lists, lw_enemy(side), p, LW_CAV_MOVE + 2);
	ps.friends = ps.foes > 0 ? (listed ? sup_count(ai, sn, 1, p, LW_INF_MOVE) : lw_ai_count_near(&ai->lists, side, p, LW_INF_MOVE)) : 0;
	return ps;
}

// The support terms subtracted from v, in the score's order.
static double less_support(double v, const lw_doctrine *dc, place_sup ps, int nmen)
{
	if (ps.foes > 0 && ps.friends < nmen)
		v -= dc->support * (nmen - ps.friends) * 0.5;
	if (ps.foes > ps.friends + nmen)
		v -= dc->support * (ps.foes - ps.friends - nmen);
	return v;
}

// A bound the place's score cannot exceed: the score without its cover terms. Each cover term is
// cover * (4 - d / 120) with d <= 400, at least 0 (cover >= 0); subtracting at least 0 never
// raises a double, and the later subtractions keep the order (issue 18, lw-perf2). +infinity
// when the doctrine's cover is negative (no bound then).
static double place_bound(const lw_doctrine *dc, double progress, place_sup ps, int nmen)
{
	if (!(dc->cover >= 0))
		return INFINITY;
	return less_support(progress * dc->advance, dc, ps, nmen);
}

// The place's score; or, once it is certain not to beat `beat` (the best so far), some value at
// most `beat` (s30, issue 18): each cover term is at least 0 when cover >= 0 (place_bound), and
// fl(v - c) <= v for c >= 0 and less_support is monotone in v (the same subtractions, rounding
// monotone), so after any gun the score is at most less_support of the running value. -INFINITY
// (or a negative cover, or lw_general_plain) asks every gun.
static double place_score(const tw_state *s, lw_ai *ai, const lw_doctrine *dc, int side, tw_vec2 p, double progress,
			  int nmen, place_sup ps, double beat)
{
	bool early = !lw_general_plain && dc->cover >= 0 && beat > -INFINITY;
	double v = progress * dc->advance;
	// Cover: hidden from enemy guns in action (LOS over terrain heights).
	double zp = NAN; // the ground at p, found once when first needed
	for (int gi = 0; gi < s->ngun; gi++) {
		const tw_gun *g = &s->gun[gi];
		if (g->side == side || !lw_gun_in_battle(s, g))
			continue;
		double d = tw_dist(g->axle, p);
		if (d > 400)
			continue;
		double z0 = ai->lists.gun_ground[gi] + 1.5;
		if (isnan(zp))
			zp = lw_ai_ground(s, &ai->lists, p);
		if (gun_sees(ai, &s->table, gi, g->axle, z0, p, zp + 1.0)) {
			v -= dc->cover * (4.0 - d / 120.0);
			if (early) {
				double most = less_support(v, dc, ps, nmen);
				if (most <= beat)
					return most; // not taken: the caller takes only a score above beat
			}
		}
	}
	return less_support(v, dc, ps, nmen);
}

static bool plan_group_move(const tw_state *s, lw_ai *ai, const lw_doctrine *dc, int side, int grp, tw_order *o)
{
	// Members not yet moved.
	int mem[512], nm = 0;
	tw_vec2 c = tw_v2(0, 0);
	bool cav = false;
	double room = INFINITY; // LW.MV.3: the least any member may go, his first move counted from his back line
	for (int j = ai->gstart[grp]; j < ai->gstart[grp + 1] && nm < 512; j++) {
		int i = ai->gmem[j];
		const tw_figure *f = &s->fig[i];
		if (f->side == side && lw_is_free(f) && ai->group_of[i] == grp && f->moved_in != s->move_no &&
		    !(LWF(s, f)->marks & LW_MARK_CONTACT)) {
			mem[nm++] = i;
			c = tw_add(c, f->pos);
			cav = f->kind == TW_FK_CAVALRY;
			room = fmin(room, lw_allowance_now(s, f) - lw_first_move_offset(s, f));
		}
	}
	if (nm == 0)
		return false;
	c = tw_scale(c, 1.0 / nm);
	int target;
	double dmin = lw_ai_nearest_enemy(&ai->lists, side, c, &target);
	if (target < 0)
		return false;
	// Charge if the arithmetic favours us (LW.MEL.5-7): any enemy within a move of a member.
	const tw_figure *e = &s->fig[target];
	double reach = cav ? LW_CAV_MOVE : LW_INF_MOVE;
	// dmem is asked only whether it is within reach + 1: no member is when the nearest enemy to
	// the centre, less the farthest member's distance from it, is farther (the triangle
	// inequality, with room for rounding), and the first member within it settles it.
	double dmem = INFINITY, spread = 0;
	for (int k = 0; k < nm; k++)
		spread = fmax(spread, tw_dist(s->fig[mem[k]].pos, c));
	if (lw_general_plain || dmin - spread <= reach + 1.0 + 1e-6)
		for (int k = 0; k < nm && (lw_general_plain || !(dmem <= reach + 1.0)); k++)
			dmem = fmin(dmem, lw_ai_nearest_enemy(&ai->lists, side, s->fig[mem[k]].pos, NULL));
	if (dmem <= reach + 1.0) {
		int best = -1;
		double bestv = -1e9;
		// The enemy's free men within reach + 1 of a member, in figure order.
		tw_vec2 lo = s->fig[mem[0]].pos, hi = lo;
		for (int k = 1; k < nm; k++) {
			tw_vec2 q = s->fig[mem[k]].pos;
			lo = tw_v2(fmin(lo.x, q.x), fmin(lo.y, q.y));
			hi = tw_v2(fmax(hi.x, q.x), fmax(hi.y, q.y));
		}
		double R = reach + 1.0 + 1e-3;
		int nn = lw_ai_men_near(&ai->lists, side, true, tw_v2(lo.x - R, lo.y - R), tw_v2(hi.x + R, hi.y + R));
		int32_t *near_them = ai->near_buf;
		memcpy(near_them, ai->lists.found, (size_t)nn * sizeof *near_them);
		for (int j = 0; j < nn; j++) {
			int i = near_them[j];
			const tw_figure *f = &s->fig[i];
			if (f->side == side || !lw_is_free(f))
				continue;
			bool near = false;
			for (int k = 0; k < nm && !near; k++)
				near = tw_dist(f->pos, s->fig[mem[k]].pos) <= reach + 1.0;
			if (!near)
				continue;
			int can = 0;
			for (int k = 0; k < nm; k++)
				if (tw_dist(s->fig[mem[k]].pos, f->pos) <= lw_move_allowance(&s->fig[mem[k]]) + 0.3)
					can++;
			lw_charge_eval ce = lw_ai_charge(&ai->lists, s, side, f, can);
			if (ce.value > bestv) {
				bestv = ce.value;
				best = i;
			}
		}
		// With the larger army, even trades win the battle (LW.VAR.1): take them.
		double edge = dc->charge_edge;
		if (free_on_field(s, ai, side) >= 1.5 * free_on_field(s, ai, lw_enemy(side)))
			edge = fmin(edge, -0.01);
		if (best >= 0 && bestv > edge) {
			int used;
			if (build_charge(s, ai, side, grp, &s->fig[best], o, &used)) {
				if (simulate_charge(s, ai, o, side) > edge)
					return true;
			}
		}
	}
	// Otherwise: move as a block towards the goal, choosing the best of a few places.
	tw_vec2 goal = e->pos;
	if (dc->wing != 0) {
		double x = s->sides[side].forward > 0 ? (dc->wing < 0 ? 0.25 : 0.75) : (dc->wing < 0 ? 0.75 : 0.25);
		tw_vec2 w = tw_v2(x * s->table.width, s->sides[lw_enemy(side)].back_y);
		if (dmin > 40)
			goal = w;
	}
	// Hold: infantry of a holding doctrine wait for the enemy to come on.
	if (!cav && dc->hold_range > 0 && dmin > dc->hold_range && s->move_no < 40)
		return false;
	// s32 (issue 18): a block whose men still stand in front of their back line has that much
	// less to go on its first move (LW.MV.3), unless a large Country's multiplier leaves them
	// more than the arm's move anyway (LW.BIG.1); the whole block was refused before, and its men
	// went a man at a time at fractions of the move.
	double allow = fmin(cav ? LW_CAV_MOVE : LW_INF_MOVE, room);
	// Progress: along the route field round obstacles towards the enemy, or straight to the
	// doctrine's wing while the enemy is still far off.
	bool to_wing = goal.x != e->pos.x || goal.y != e->pos.y;
	if (!to_wing && !ai->route_built && (ai->route || (ai->route = lw_route_new()))) {
		lw_route_build(s, ai->route, side);
		ai->route_built = true;
	}
	bool routed = !to_wing && ai->route_built; // without memory for the field: straight lines
	double here = routed ? lw_route_dist(ai->route, c) : tw_dist(c, goal);
	double gd = tw_dist(c, goal);
	tw_vec2 dir = gd > 1e-9 ? tw_scale(tw_sub(goal, c), 1.0 / gd) : tw_v2(0, s->sides[side].forward);
	sup_near sn;
	sup_gather(ai, side, c, allow, &sn);
	double bestv = place_score(s, ai, dc, side, c, 0.0, nm, place_support(ai, side, c, &sn), -INFINITY) + 0.01;
	tw_vec2 bestd = tw_v2(0, 0);
	static const double angs[] = {0, 30, -30, 60, -60, 90, -90, 120, -120};
	const double bear = tw_bearing_deg(dir); // s31: once a plan, and each direction once an angle
	for (unsigned a = 0; a <= TW_ARRAY_COUNT(angs); a++) {
		const tw_vec2 unit = a < TW_ARRAY_COUNT(angs) ? tw_dir_deg(bear + angs[a]) : tw_v2(0, 0);
		for (int sc = 0; sc < 2; sc++) {
			double len = allow * (sc == 0 ? 0.95 : 0.5);
			// Stay out of the enemy's reach unless charging: stop short of contact.
			if (dmin - len < 2.0)
				len = fmax(0.0, dmin - 2.5);
			tw_vec2 d;
			if (a == TW_ARRAY_COUNT(angs) && !routed)
				continue;
			if (a == TW_ARRAY_COUNT(angs)) // the route round obstacles
				d = tw_sub(lw_route_step(s, ai->route, c, len), c);
			else
				d = tw_scale(unit, len);
			tw_vec2 p = tw_add(c, d);
			// A place whose score cannot beat the best is passed over before the leg is
			// checked or the guns asked: either way it would not be taken.
			double there = routed ? lw_route_dist(ai->route, p) : tw_dist(p, goal);
			place_sup ps = place_support(ai, side, p, &sn);
			if (!lw_general_plain && place_bound(dc, here - there, ps, nm) <= bestv)
				continue;
			if (lw_check_leg(s, c, p, NULL) != TW_OK)
				continue;
			double v = place_score(s, ai, dc, side, p, here - there, nm, ps, bestv);
			if (v > bestv) {
				bestv = v;
				bestd = d;
			}
		}
	}
	if (tw_len(bestd) < 0.5)
		return false;
	// Issue the block move; if the whole block cannot go, move members one by one.
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	for (int k = 0; k < nm && k < TW_ORDER_MAX_FIG; k++) {
		o->fig[k] = s->fig[mem[k]].id;
		o->at[k] = tw_add(s->fig[mem[k]].pos, bestd);
	}
	o->nfig = nm < TW_ORDER_MAX_FIG ? nm : TW_ORDER_MAX_FIG;
	if (legal(s, o))
		return true;
	o->nfig = 0;
	for (int k = 0; k < nm && o->nfig < TW_ORDER_MAX_FIG; k++) {
		const tw_figure *f = &s->fig[mem[k]];
		bool placed = false;
		for (double frac = 1.0; frac > 0.2 && !placed; frac -= 0.25) {
			o->fig[o->nfig] = f->id;
			o->at[o->nfig] = tw_add(f->pos, tw_scale(bestd, frac));
			o->nfig++;
			placed = legal_more(s, o);
			if (!placed)
				o->nfig--;
		}
		// Stop 33, KS.FORM.1/2: in a Kriegspiel a ford is crossed in a move of its own: a man
		// refused on the way goes to the water's edge, or from there across.
		tw_vec2 edge, across, far = tw_add(f->pos, tw_scale(bestd, 30.0 / fmax(tw_len(bestd), 1e-9)));
		if (!placed && LWG(s)->ks && lw_ks_ford_steps(s, f->pos, far, &edge, &across)) {
			o->fig[o->nfig] = f->id;
			o->at[o->nfig] = tw_dist(f->pos, edge) > 0.5 ? edge : across;
			o->nfig++;
			if (!legal_more(s, o))
				o->nfig--;
		}
	}
	return o->nfig > 0;
}

// Crews stay with their guns (LW.MOB.4): men told off as crew who have strayed go back.
static bool plan_crews(const tw_state *s, lw_ai *ai, int side, tw_order *o)
{
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f) || ai->crew_of[i] < 0 || f->moved_in == s->move_no ||
		    (LWF(s, f)->marks & LW_MARK_CONTACT))
			continue;
		const tw_gun *g = &s->gun[ai->crew_of[i]];
		double d = tw_gun_distance(g, f->pos);
		if (d <= 5.0)
			continue;
		tw_vec2 dir = tw_scale(tw_sub(g->axle, f->pos), 1.0 / fmax(1e-9, tw_dist(g->axle, f->pos)));
		double step = fmin(lw_move_allowance(f) - 0.01, tw_dist(g->axle, f->pos) - 3.0);
		for (double frac = 1.0; frac > 0.2; frac -= 0.2) {
			o->fig[o->nfig] = f->id;
			o->at[o->nfig] = tw_add(f->pos, tw_scale(dir, step * frac));
			o->nfig++;
			if (legal_more(s, o))
				break;
			o->nfig--;
		}
	}
	return o->nfig > 0;
}

// Fall back: everyone heads for our own back line (LW.VAR.1: withdrawn men are safe).
static bool plan_retreat(const tw_state *s, int side, tw_order *o)
{
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	const tw_side *sd = &s->sides[side];
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f) || f->moved_in == s->move_no || (LWF(s, f)->marks & LW_MARK_CONTACT))
			continue;
		double back = sd->forward * (f->pos.y - sd->back_y) + 0.5;
		double step = fmin(lw_move_allowance(f) - 0.01, back);
		for (double frac = 1.0; frac > 0.2; frac -= 0.25) {
			o->fig[o->nfig] = f->id;
			o->at[o->nfig] = tw_v2(f->pos.x, f->pos.y - sd->forward * step * frac);
			o->nfig++;
			if (legal_more(s, o))
				break;
			o->nfig--;
		}
	}
	return o->nfig > 0;
}

// The surrender order plan_surrender starts for man f: f's own free men within 4 in (up to 64).
static void surrender_body(const tw_state *s, lw_ai *ai, int side, const tw_figure *f, tw_order *o)
{
	tw_order_init(o, LW_OT_SURRENDER, side);
	if (ai->lists.gw == 0 && !lw_general_plain) {
		// s31 (issue 18): without the grid lw_ai_men_near's answer is the whole side: its listed
		// places read first, a man more than 4 in + 1e-6 away along x or y being farther than 4
		// in (make_groups' argument); NaN places go to the full test.
		if (side < 0 || side >= ai->lists.nsides)
			return;
		const lw_ai_man *fm = ai->lists.free_men;
		for (int j = ai->lists.free_start[side]; j < ai->lists.free_start[side + 1] && o->nfig < 64; j++) {
			if (fabs(fm[j].x - f->pos.x) > 4.0 + 1e-6 || fabs(fm[j].y - f->pos.y) > 4.0 + 1e-6)
				continue;
			const tw_figure *m = &s->fig[fm[j].fig];
			if (m->side == side && lw_is_free(m) && tw_dist(m->pos, f->pos) <= 4.0)
				o->fig[o->nfig++] = m->id;
		}
		return;
	}
	double R = 4.0 + 1e-3;
	int nn = lw_ai_men_near(&ai->lists, side, false, tw_v2(f->pos.x - R, f->pos.y - R), tw_v2(f->pos.x + R, f->pos.y + R));
	for (int j = 0; j < nn && o->nfig < 64; j++) {
		const tw_figure *m = &s->fig[ai->lists.found[j]];
		if (m->side == side && lw_is_free(m) && tw_dist(m->pos, f->pos) <= 4.0)
			o->fig[o->nfig++] = m->id;
	}
}

bool lw_ai_surrender_plain = false;
bool lw_gun_line_plain = false;

// LW.MEL.16: an isolated body facing twice its number within a move gives itself up.
static bool plan_surrender(const tw_state *s, lw_ai *ai, int side, tw_order *o)
{
	// s27-hook8 (issue 18): the foes are counted first; under 6 (three times the smallest body
	// that may give itself up, two men) this man's body cannot surrender whoever is in it, so
	// it is not gathered. The last man's body is gathered at the end all the same, so that the
	// order and the lists' found men are left as the plain loop leaves them.
	const tw_figure *skipped = NULL;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f))
			continue;
		int foes = lw_ai_count_near(&ai->lists, lw_enemy(side), f->pos, LW_CAV_MOVE);
		if (foes < 6 && !lw_ai_surrender_plain) {
			skipped = f;
			continue;
		}
		skipped = NULL;
		surrender_body(s, ai, side, f, o);
		// lw_is_isolated, its supporters counted from the lists (lw_ai_support.c: the same count)
		if (o->nfig >= 2 && foes >= 3 * o->nfig && lw_ai_supporters_upto(s, &ai->lists, side, o->fig, o->nfig, (o->nfig + 1) / 2) * 2 < o->nfig &&
		    legal(s, o))
			return true;
	}
	if (skipped)
		surrender_body(s, ai, side, skipped, o);
	return false;
}

bool lw_ai_early_order(const tw_state *s, int side, tw_order *out)
{
	switch (s->phase) {
	case LW_PH_COUNTRY: // LW.C.1-2: toss for the builder; the other keeps his side
		tw_order_init(out, LWG(s)->builder < 0 ? LW_OT_TOSS : LW_OT_CHOOSE_SIDE, side);
		return true;
	case LW_PH_TOSS: tw_order_init(out, LW_OT_TOSS, side); return true;
	case LW_PH_RESERVE: {
		tw_order_init(out, LW_OT_TAKE_RESERVE, side);
		int want = LWG(s)->reserve_roll[side];
		for (int i = 0; i < s->nfig && out->nfig < want; i++)
			if (s->fig[i].side == side && s->fig[i].status == TW_FS_RESERVE)
				out->fig[out->nfig++] = s->fig[i].id;
		return true;
	}
	default: return false;
	}
}

static tw_status lw_ai_plan(tw_general *gen, const tw_state *s, int side, tw_order *out, const lw_doctrine *dc)
{
	lw_ai *ai = gen->ctx;
	if (!ai->have_dc) {
		ai->dc = *dc;
		ai->have_dc = true;
	}
	dc = &ai->dc;
	ai->fof[0] = ai->fof[1] = -1; // a new decision: counted afresh when asked
	if (lw_ai_early_order(s, side, out))
		return TW_OK;
	switch (s->phase) {
	case LW_PH_DEPLOY:
		if (lw_default_deploy(s, side, &gen->rng, 0.0, out) > 0 && legal(s, out))
			return TW_OK;
		tw_order_init(out, LW_OT_READY, side);
		return TW_OK;
	default: break;
	}
	// The terrain index follows the sight memo's exact check of the table: built again when the
	// pieces differ from the last decision's, else pointed at this table's (identical) pieces.
	// A small table (Hook's Farm: 27 pieces) is quicker without: the plain loops.
	bool same_table = true; // lw_gunvis: the gun grids hold for the table of the last decision
	if (s->table.nterrain < LW_TINDEX_MIN_PIECES)
		lw_tindex_free(&ai->tindex);
	else if (!(same_table = lw_sight_begin(&ai->sight, &s->table)) || !ai->tindex.built)
		lw_tindex_build(&ai->tindex, &s->table); // without memory: no index, the plain loops
	else
		ai->tindex.terrain = s->table.terrain;
	if (s->table.nterrain < LW_TINDEX_MIN_PIECES)
		same_table = lw_sight_begin(&ai->sight, &s->table);
	if (!same_table) {
		// s31: the route field's passability was the old table's (kept while gx != 0): made
		// again for this one, and this move's field built again (a fault found on the way: a
		// table changed by engineers or a train kept the general routing round the old one)
		if (ai->route)
			ai->route->gx = 0;
		ai->route_built = false;
		lw_gunvis_clear(&ai->gunvis);
		lw_gunsight_clear(&ai->gunsight);
	}
	if (!lw_ai_lists_make(s, &ai->lists))
		return TW_ERR_NOMEM;
	if (!ai_fig_arrays(ai, s->nfig))
		return TW_ERR_NOMEM;
	if (ai->planned_move != s->move_no) {
		ai->planned_move = s->move_no;
		ai->stage = 0;
		ai->gun_cursor = 0;
		ai->group_cursor = 0;
		ai->crews_done = false;
		// A quiet front for several moves means a stalemate: the doctrine presses harder (more
		// advance, less cover, no waiting, and even trades taken when we have the larger army).
		int mine = free_on_field(s, ai, side), theirs = free_on_field(s, ai, lw_enemy(side));
		ai->quiet = (mine == ai->last_mine && theirs == ai->last_theirs) ? ai->quiet + 1 : 0;
		ai->last_mine = mine;
		ai->last_theirs = theirs;
		ai->eff = *dc;
		if (ai->quiet >= 3) {
			ai->eff.advance = 1.0;
			ai->eff.cover *= 0.2;
			ai->eff.hold_range = 0;
			ai->eff.gun_advance = 1;
			ai->eff.wing = 0;
			if (mine > theirs)
				ai->eff.charge_edge = fmin(ai->eff.charge_edge, -0.01);
		}
		ai->route_built = false; // built on first use this move
		make_groups(s, ai, dc, side);
	}
	dc = &ai->eff;
	if (ai->stage == 0) {
		if (plan_gun(s, ai, dc, side, out))
			return TW_OK;
		ai->stage = 1;
	}
	if (ai->stage == 1) {
		ai->stage = 2;
		int mine = free_on_field(s, ai, side), theirs = free_on_field(s, ai, lw_enemy(side));
		if (mine < dc->retreat_ratio * theirs && mine > 0 && (int)s->params[LWP_VARIETY] == LW_VAR_FTF) {
			ai->stage = 4; // LW.CAMP.3: save what can be saved by retreat
		} else if (plan_surrender(s, ai, side, out)) {
			ai->stage = 1;
			return TW_OK;
		}
	}
	if (ai->stage == 4) {
		ai->stage = 3;
		if (plan_retreat(s, side, out))
			return TW_OK;
	}
	if (ai->stage == 2) {
		if (ai->group_cursor == 0 && !ai->crews_done) {
			ai->crews_done = true;
			if (plan_crews(s, ai, side, out))
				return TW_OK;
		}
		while (ai->group_cursor < ai->ngroups) {
			if (plan_group_move(s, ai, dc, side, ai->group_cursor, out))
				return TW_OK; // the same group may charge again with men left over
			ai->group_cursor++;
		}
		ai->stage = 3;
	}
	tw_order_init(out, LW_OT_END_MOVE, side);
	return TW_OK;
}

// The planner with the general's terrain index active on this thread while it decides (the
// validation it asks for uses it; nothing else sees it).
static tw_status lw_ai_decide(tw_general *gen, const tw_state *s, int side, tw_order *out, const lw_doctrine *dc)
{
	lw_ai *ai = gen->ctx;
	lw_tindex_activate(&ai->tindex);
	lw_fgrid_activate(s->nfig >= LW_FGRID_MIN ? &ai->fgrid : NULL, s); // issue 18: built on second use
	tw_status st = lw_ai_plan(gen, s, side, out, dc);
	lw_fgrid_activate(NULL, NULL);
	lw_tindex_activate(NULL);
	return st;
}

static void lw_ai_destroy(tw_general *g)
{
	lw_ai *ai = g->ctx;
	if (ai) {
		lw_tindex_free(&ai->tindex);
		lw_fgrid_free(&ai->fgrid);
		lw_gunvis_free(&ai->gunvis);
		lw_gunsight_free(&ai->gunsight);
		lw_sight_reset(&ai->sight);
		lw_ai_lists_free(&ai->lists);
		tw_free(ai->group_of);
		tw_free(ai->crew_of);
		tw_free(ai->mine_buf);
		tw_free(ai->mine_pos);
		tw_free(ai->route);
		tw_events_free(&ai->sim_ev);
		tw_free(ai->sim_end);
		tw_free(ai->gdist);
		tw_free(ai->group_queue);
		tw_free(ai->near_buf);
		tw_free(ai->sup_xyr);
		tw_free(ai->gstart);
		tw_free(ai->gmem);
		tw_general_free(ai->big);
	}
}

#define DOCTRINE(fn, doc)                                                                                  \
	static tw_status fn(tw_general *g, const tw_state *s, int side, tw_order *out)                    \
	{                                                                                                  \
		return lw_ai_decide(g, s, side, out, &doc);                                                \
	}                                                                                                  \
	static tw_status fn##_set(tw_general *g, const char *name, double v, tw_error *err)              \
	{                                                                                                  \
		return lw_set_param(g, &doc, name, v, err);                                                \
	}
DOCTRINE(decide_default_here, doc_default)
DOCTRINE(decide_gunline, doc_gunline)
DOCTRINE(decide_rush, doc_rush)
DOCTRINE(decide_concentrate, doc_concentrate)

// Stop 33 (QA): the rule set's default general on a Kriegspiel or a large Country (LW.BIG.1's
// multiplier agreed) plays as lw-big, which boxes, scouts, hands over supplies (KS.SUP) and runs
// the trains, and is lw-default where the fighting is: lw-default alone handed over no supply, and
// every Kriegspiel it played (`tinwar play --red ai`, `sim`'s default) starved to a draw. Its
// doctrine parameters (`--vary`) go on to lw-big's fighting lw-default (s35; before, they did not).
static bool large_table(const tw_state *s) { return LWG(s)->ks || LWG(s)->big_mult > 1; }

static tw_status decide_default(tw_general *g, const tw_state *s, int side, tw_order *out)
{
	if (!large_table(s))
		return decide_default_here(g, s, side, out);
	lw_ai *ai = g->ctx;
	if (!ai->big) {
		ai->big = tw_general_new("lw-big", tw_ruleset_get(s->ruleset), side, tw_rng_u64(&g->rng));
		if (!ai->big)
			return TW_ERR_NOMEM;
		ai->big->budget = g->budget;
		// s35: the doctrine tuned by tw_general_set_param goes with it (lw-big fights as lw-default).
		for (size_t i = 0; ai->have_dc && i < TW_ARRAY_COUNT(doc_fields); i++) {
			const char *p = (const char *)&ai->dc + doc_fields[i].off;
			double v = doc_fields[i].is_int ? (double)*(const int *)(const void *)p : *(const double *)(const void *)p;
			tw_status st = tw_general_set_param(ai->big, doc_fields[i].name, v, NULL);
			if (st != TW_OK)
				return st; // each value passed the same test when it was set
		}
	}
	return ai->big->def->decide(ai->big, s, side, out);
}

const tw_general_def tw_general_lw_default = {"lw-default", "littlewars",
					      "balanced: guns fire, groups advance by cover and charge when the melee "
					      "arithmetic favours them (on a Kriegspiel or a large Country it plays as lw-big)",
					      decide_default, sizeof(lw_ai), lw_ai_destroy, decide_default_here_set};
/// lw-default on every table: lw-big's own fighting general (lw_ai_big.c), never registered.
const tw_general_def tw_general_lw_default_plain = {"lw-default", "littlewars", "lw-default without lw-big",
						    decide_default_here, sizeof(lw_ai), lw_ai_destroy,
						    decide_default_here_set};
const tw_general_def tw_general_lw_gunline = {"lw-gunline", "littlewars",
					      "cautious gun line: guns stay and fire, infantry hold near them, charges "
					      "only at a clear advantage",
					      decide_gunline, sizeof(lw_ai), lw_ai_destroy, decide_gunline_set};
const tw_general_def tw_general_lw_rush = {"lw-rush", "littlewars",
					   "cavalry rush: everything forward at full speed, charge at any advantage",
					   decide_rush, sizeof(lw_ai), lw_ai_destroy, decide_rush_set};
const tw_general_def tw_general_lw_concentrate = {"lw-concentrate", "littlewars",
						  "Hook's Farm concentration: mass on our left wing, then roll up the line",
						  decide_concentrate, sizeof(lw_ai), lw_ai_destroy, decide_concentrate_set};

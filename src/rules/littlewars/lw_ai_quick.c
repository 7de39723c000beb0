// lw-quick (issue 18, Scale): a computer general for Little Wars built to be cheap. It plans once
// a move and asks few questions:
//   1. at the start of each of its moves it lists the free men of both sides, counts the enemy
//      men round each enemy man (the guns' values), keeps the men nearest each gun as its crew
//      (LW.MOB.4) and puts the others in groups of one arm that stand together;
//   2. guns first (LW.MV.11): each gun in action fires its four shots, our men in the line of fire
//      lying down first, and places its trail pair (lw_ai_quick_guns.c);
//   3. when badly outnumbered in a fight to a finish it takes its men back over its back line
//      (LW.CAMP.3), as lw-default does, instead of 4;
//   4. one MOVE order for all the men: crewmen who strayed go back, then group by group a charge
//      where the counted odds of the melee favour us (LW.MEL.1, 5-7: lw_charge_value on counts
//      of the men near the enemy man charged), with any of our men who can reach him, else a
//      straight march of the group at the enemy man nearest its middle, stopping short of
//      contact, each man turned aside round what is in his way (lw_ai_quick_men.c);
//   5. it ends the move.
// Every order is checked before it is given, so the game does not refuse it; it draws nothing
// from its generator but the default deployment's. On a Kriegspiel or a large Country whose
// multiplier is agreed it plays as lw-big, as lw-default does (boxes, scouts, supplies, trains).
#include <math.h>
#include <string.h>

#include "lw_ai_quick.h"
#include "lw_util.h"

#define LQ_CREW_KEEP 5        ///< men kept at each gun (LW.MOB.4 needs 4)
#define LQ_CREW_NEAR 8.0      ///< a crewman beyond the fourth only from this near the axle, inches
#define LQ_GROUP_LINK 8.0     ///< men of one arm this near one another join a group, inches
#define LQ_EDGE 0.5           ///< a charge's counted gain (enemy lost less ours lost) must exceed this ...
#define LQ_EDGE_AHEAD (-0.01) ///< ... or this with 1.5 times the enemy's men, or more after a quiet spell ...
#define LQ_EDGE_LONG (-0.6)   ///< ... or this after twice LQ_QUIET quiet moves (equal numbers: all die)
#define LQ_QUIET 3            ///< own moves in a row with nobody fallen that make a quiet spell
#define LQ_RETREAT 0.25       ///< fall back over the back line with fewer men than this times the enemy's

bool lq_legal(const tw_state *s, const tw_order *o)
{
	return tw_ruleset_get(s->ruleset)->validate(s, o, NULL) == TW_OK;
}

double lq_allowance(const tw_state *s, const tw_figure *f)
{
	return lw_allowance_now(s, f) - lw_first_move_offset(s, f);
}

// The per-figure arrays for n figures (grown, never shrunk); false without memory.
static bool grow(lq_ai *ai, int n)
{
	if (n <= ai->cap)
		return true;
	size_t m = (size_t)n;
	int32_t **iv[] = {&ai->crew_of, &ai->group_of, &ai->gmem, &ai->own,  &ai->mine,
			  &ai->foe,     &ai->crowd,    &ai->tmp,  &ai->slot, &ai->glist};
	for (size_t k = 0; k < TW_ARRAY_COUNT(iv); k++) {
		int32_t *p = tw_realloc(*iv[k], m * sizeof *p);
		if (!p)
			return false;
		*iv[k] = p;
	}
	int32_t *gs = tw_realloc(ai->gstart, (m + 1) * sizeof *gs);
	if (!gs)
		return false;
	ai->gstart = gs;
	double *d = tw_realloc(ai->tmpd, m * sizeof *d);
	if (!d)
		return false;
	ai->tmpd = d;
	double *al = tw_realloc(ai->allow, m * sizeof *al);
	if (!al)
		return false;
	ai->allow = al;
	double *z = tw_realloc(ai->gz, m * sizeof *z);
	if (!z)
		return false;
	ai->gz = z;
	tw_vec2 *za = tw_realloc(ai->gz_at, m * sizeof *za);
	if (!za)
		return false;
	ai->gz_at = za;
	for (int i = ai->cap; i < n; i++) {
		ai->gz[i] = NAN;
		ai->gz_at[i] = tw_v2(NAN, NAN);
	}
	ai->cap = n;
	return true;
}

// ---- the plan, once a move ----

// ai->crowd[i] for each listed enemy man i: the enemy men whose base comes within LQ_CROWD_R of
// him (himself too). The men are filed by strips across the table as wide as that reach and the
// widest radius (a counting sort), so each man looks at his strip and its two neighbours only.
static void count_crowds(const tw_state *s, lq_ai *ai)
{
	int n = ai->nfoe;
	double rmax = 0;
	for (int k = 0; k < n; k++)
		rmax = fmax(rmax, s->fig[ai->foe[k]].radius);
	double w = LQ_CROWD_R + rmax;
	double width = s->table.width;
	int nstrip = isfinite(w) && w > 0 && isfinite(width) && width > 0 && width / w < 4096 ? (int)(width / w) + 1 : 1;
	// Scratch until make_groups: each man's strip, the strips' starts (cap + 1 entries: at most cap
	// strips, the last holding every man beyond), the men by strip.
	int32_t *strip = ai->tmp, *start = ai->gstart, *byx = ai->gmem;
	if (nstrip > ai->cap)
		nstrip = ai->cap > 0 ? ai->cap : 1;
	memset(start, 0, (size_t)(nstrip + 1) * sizeof *start);
	for (int k = 0; k < n; k++) {
		double x = s->fig[ai->foe[k]].pos.x / w;
		int c = x >= 0 && x < nstrip ? (int)x : x >= nstrip ? nstrip - 1 : 0; // NaN: strip 0
		strip[k] = c;
		start[c + 1]++;
	}
	for (int c = 1; c <= nstrip; c++)
		start[c] += start[c - 1];
	for (int k = 0; k < n; k++) // start[c] ends as strip c + 1's first slot
		byx[start[strip[k]]++] = ai->foe[k];
	for (int k = 0; k < n; k++) {
		const tw_figure *f = &s->fig[ai->foe[k]];
		int c = strip[k], lo = c > 1 ? start[c - 2] : 0, hi = c + 1 < nstrip ? start[c + 1] : n;
		int cnt = 0;
		for (int j = lo; j < hi; j++) {
			const tw_figure *g = &s->fig[byx[j]];
			double dx = f->pos.x - g->pos.x, dy = f->pos.y - g->pos.y, lim = LQ_CROWD_R + g->radius;
			cnt += dx * dx + dy * dy <= lim * lim; // his base within the reach (radii are not negative)
		}
		ai->crowd[ai->foe[k]] = cnt;
	}
}

// Crews (LW.MOB.4): the LQ_CREW_KEEP men of ours nearest each gun of ours on the table (four
// from anywhere, the fifth only from near by).
static void keep_crews(const tw_state *s, lq_ai *ai, int side)
{
	for (int gi = 0; gi < s->ngun; gi++) {
		const tw_gun *g = &s->gun[gi];
		if (g->side != side || !lw_gun_in_battle(s, g) || lw_gun_boxed(s, g) || lw_gun_aboard(s, g))
			continue;
		int best[LQ_CREW_KEEP], nb = 0; // the nearest not yet crew, nearest first (the first in figure
		double bd[LQ_CREW_KEEP];      // order among equals)
		for (int j = 0; j < ai->nown; j++) {
			int i = ai->own[j];
			if (ai->crew_of[i] >= 0)
				continue;
			double d = tw_dist(s->fig[i].pos, g->axle);
			if (nb == LQ_CREW_KEEP && !(d < bd[nb - 1]))
				continue;
			int at = nb < LQ_CREW_KEEP ? nb++ : nb - 1;
			while (at > 0 && d < bd[at - 1]) {
				best[at] = best[at - 1];
				bd[at] = bd[at - 1];
				at--;
			}
			best[at] = i;
			bd[at] = d;
		}
		for (int k = 0; k < nb; k++)
			if (bd[k] < LQ_CREW_NEAR || k < LW_GUN_CREW)
				ai->crew_of[best[k]] = gi;
	}
}

// Groups: the men of ours not kept as crew, each group grown from its first man (in figure
// order) by chains of men of his arm within LQ_GROUP_LINK, up to LQ_GROUP_MAX; each group's men
// listed in figure order.
static void make_groups(const tw_state *s, lq_ai *ai)
{
	int ng = 0;
	int32_t *queue = ai->tmp, *rest = ai->gmem; // gmem: the men not yet in a group, until filled below
	int nrest = 0;
	for (int a = 0; a < ai->nown; a++)
		if (ai->crew_of[ai->own[a]] < 0)
			rest[nrest++] = ai->own[a];
	for (int a = 0; a < ai->nown; a++) {
		int i0 = ai->own[a];
		if (ai->crew_of[i0] >= 0 || ai->group_of[i0] >= 0)
			continue;
		const tw_figure *f0 = &s->fig[i0];
		int grp = ng++, qh = 0, qt = 0;
		queue[qt++] = i0;
		ai->group_of[i0] = grp;
		while (qh < qt && qt < LQ_GROUP_MAX) {
			tw_vec2 p = s->fig[queue[qh++]].pos;
			for (int b = 0; b < nrest && qt < LQ_GROUP_MAX; b++) {
				int i = rest[b];
				const tw_figure *f = &s->fig[i];
				if (ai->group_of[i] >= 0 || f->kind != f0->kind || fabs(f->pos.x - p.x) > LQ_GROUP_LINK ||
				    fabs(f->pos.y - p.y) > LQ_GROUP_LINK || tw_dist(f->pos, p) > LQ_GROUP_LINK)
					continue;
				ai->group_of[i] = grp;
				queue[qt++] = i;
			}
		}
		int w = 0; // the group's men leave the list
		for (int b = 0; b < nrest; b++)
			if (ai->group_of[rest[b]] < 0)
				rest[w++] = rest[b];
		nrest = w;
	}
	ai->ngroups = ng;
	memset(ai->gstart, 0, (size_t)(ng + 1) * sizeof *ai->gstart);
	for (int a = 0; a < ai->nown; a++)
		if (ai->group_of[ai->own[a]] >= 0)
			ai->gstart[ai->group_of[ai->own[a]] + 1]++;
	for (int g = 1; g <= ng; g++)
		ai->gstart[g] += ai->gstart[g - 1];
	int32_t *at = ai->tmp; // each group's next slot
	memcpy(at, ai->gstart, (size_t)ng * sizeof *at);
	for (int a = 0; a < ai->nown; a++) {
		int g = ai->group_of[ai->own[a]];
		if (g >= 0)
			ai->gmem[at[g]++] = ai->own[a];
	}
}

static void plan_move(const tw_state *s, lq_ai *ai, int side)
{
	bool first = ai->planned_move == 0;
	ai->planned_move = s->move_no;
	ai->stage = 0;
	ai->gun_cursor = ai->group_cursor = 0;
	ai->men_begun = false;
	ai->glist_gun = -1; // each gun's targets are listed afresh
	ai->nown = ai->nmine = ai->nfoe = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		ai->crew_of[i] = ai->group_of[i] = ai->slot[i] = -1;
		if (f->side == side) {
			if (lw_is_free_man(f)) {
				ai->own[ai->nown++] = i;
				ai->allow[i] = lq_allowance(s, f);
			}
			if (lw_is_free_man(f) || f->status == LW_FS_PRISONER)
				ai->mine[ai->nmine++] = i;
		} else if (lw_is_free_man(f)) {
			ai->foe[ai->nfoe++] = i;
		}
	}
	ai->quiet = (ai->nown == ai->last_mine && ai->nfoe == ai->last_theirs) ? ai->quiet + 1 : 0;
	ai->idle = ai->fired || first ? 0 : ai->idle + 1;
	ai->fired = false;
	ai->last_mine = ai->nown;
	ai->last_theirs = ai->nfoe;
	count_crowds(s, ai);
	if (ai->quiet < LQ_QUIET || ai->idle < LQ_QUIET) // a quiet spell, the guns silent: the crews too go
		keep_crews(s, ai, side);                   // looking for the enemy
	make_groups(s, ai);
}

// After the guns: the enemy's men left, this move's edge for a charge, and whether to fall back.
static bool plan_men(const tw_state *s, lq_ai *ai)
{
	ai->theirs = 0;
	for (int k = 0; k < ai->nfoe; k++)
		ai->theirs += lw_is_free(&s->fig[ai->foe[k]]);
	// With the larger army (or a quiet front and more men) even trades win the battle (LW.VAR.1);
	// a front quiet for long takes equal numbers too (all die, LW.MEL.5), so that the battle ends.
	ai->edge = LQ_EDGE;
	if (ai->nown * 2 >= ai->theirs * 3 || (ai->quiet >= LQ_QUIET && ai->nown > ai->theirs))
		ai->edge = LQ_EDGE_AHEAD;
	if (ai->quiet >= 2 * LQ_QUIET)
		ai->edge = LQ_EDGE_LONG;
	return (int)s->params[LWP_VARIETY] == LW_VAR_FTF && ai->nown > 0 && ai->nown < LQ_RETREAT * ai->theirs;
}

// ---- deciding ----

static tw_status setup_order(tw_general *gen, const tw_state *s, int side, tw_order *out)
{
	if (lw_ai_early_order(s, side, out)) // the Country, the toss, the reserve: as lw-default
		return TW_OK;
	switch (s->phase) {
	case LW_PH_DEPLOY: {
		// Where the scenario stands the men, if the rules allow it (one check); else the
		// default ranks along the back line (lw_default_deploy, its many checks of places).
		tw_order_init(out, LW_OT_DEPLOY, side);
		out->has_at = true;
		bool placed = true;
		for (int i = 0; i < s->nfig && out->nfig < TW_ORDER_MAX_FIG; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || f->status != TW_FS_UNPLACED)
				continue;
			placed = placed && isfinite(f->pos.x) && isfinite(f->pos.y) && isfinite(f->facing);
			out->fig[out->nfig] = f->id;
			out->at[out->nfig] = f->pos;
			out->facing[out->nfig++] = f->facing;
		}
		if (out->nfig > 0 && placed && lq_legal(s, out))
			return TW_OK;
		if (out->nfig > 0 && lw_default_deploy(s, side, &gen->rng, 0.0, out) > 0 && lq_legal(s, out))
			return TW_OK;
		tw_order_init(out, LW_OT_READY, side);
		return TW_OK;
	}
	default: // as before the shared early orders: a toss
		tw_order_init(out, LW_OT_TOSS, side);
		return TW_OK;
	}
}

static tw_status play_order(const tw_state *s, lq_ai *ai, int side, tw_order *out)
{
	if (!grow(ai, s->nfig))
		return TW_ERR_NOMEM;
	if (s->table.terrain != ai->sight_terrain || s->table.rev != ai->sight_rev || s->table.nterrain != ai->sight_n ||
	    ai->planned_move != s->move_no) {
		if (!lw_sight_begin(&ai->sight, &s->table)) // the memo forgets its answers if the table differs,
			for (int i = 0; i < ai->cap; i++)   // and the grounds under the men go with them
				ai->gz[i] = NAN;
		ai->sight_terrain = s->table.terrain;
		ai->sight_rev = s->table.rev;
		ai->sight_n = s->table.nterrain;
	}
	if (ai->planned_move != s->move_no)
		plan_move(s, ai, side);
	if (ai->stage == 0) {
		if (lq_gun_order(s, ai, side, out))
			return TW_OK;
		ai->stage = 1;
	}
	if (ai->stage == 1)
		ai->stage = plan_men(s, ai) ? 4 : 2;
	if (ai->stage == 4) {
		ai->stage = 5;
		if (lq_retreat_order(s, ai, side, out))
			return TW_OK;
	}
	while (ai->stage == 2 && (!ai->men_begun || ai->group_cursor < ai->ngroups)) {
		ai->men_begun = true;
		if (lq_men_order(s, ai, side, out))
			return TW_OK;
	}
	ai->stage = 5;
	tw_order_init(out, LW_OT_END_MOVE, side);
	return TW_OK;
}

// As lw-default: a Kriegspiel, or a large Country with its multiplier agreed (LW.BIG.1).
static bool large_table(const tw_state *s) { return LWG(s)->ks || LWG(s)->big_mult > 1; }

static tw_status decide_quick(tw_general *gen, const tw_state *s, int side, tw_order *out)
{
	lq_ai *ai = gen->ctx;
	if (s->phase != LW_PH_PLAY)
		return setup_order(gen, s, side, out);
	if (large_table(s)) {
		if (!ai->big) {
			ai->big = tw_general_new("lw-big", tw_ruleset_get(s->ruleset), side, tw_rng_u64(&gen->rng));
			if (!ai->big)
				return TW_ERR_NOMEM;
			ai->big->budget = gen->budget;
		}
		return ai->big->def->decide(ai->big, s, side, out);
	}
	// The checks it asks for look at the men by cell on a large table (lw_fgrid.c), and at the
	// pieces through the thread's terrain index on a table of many pieces (lw_tindex_game.c).
	lw_tindex_scope ts;
	lw_tindex_enter(&s->table, &ts);
	lw_fgrid_activate(s->nfig >= LW_FGRID_MIN ? &ai->fgrid : NULL, s);
	tw_status st = play_order(s, ai, side, out);
	lw_fgrid_activate(NULL, NULL);
	lw_tindex_leave(&ts);
	return st;
}

static void quick_destroy(tw_general *g)
{
	lq_ai *ai = g->ctx;
	if (!ai)
		return;
	int32_t *iv[] = {ai->crew_of, ai->group_of, ai->gstart, ai->gmem, ai->own, ai->mine,
			 ai->foe,     ai->crowd,    ai->tmp,    ai->slot, ai->glist};
	for (size_t k = 0; k < TW_ARRAY_COUNT(iv); k++)
		tw_free(iv[k]);
	tw_free(ai->tmpd);
	lq_room_free(&ai->room);
	tw_free(ai->allow);
	tw_free(ai->gz);
	tw_free(ai->gz_at);
	lw_sight_reset(&ai->sight);
	lw_fgrid_free(&ai->fgrid);
	tw_general_free(ai->big);
}

const tw_general_def tw_general_lw_quick = {
	"lw-quick", "littlewars",
	"cheap: a plan a move, guns at the best of a few men they see, groups charge at counted odds or march "
	"straight at the nearest enemy (on a Kriegspiel or a large Country it plays as lw-big)",
	decide_quick, sizeof(lq_ai), quick_destroy, NULL};

// Nikolas Lloyd's skirmish suite: a figure's derived values and the geometry NQ reads: move
// allowance (NQ.MOVE), neighbours and groups (NQ.GRP), shield arcs (NQ.SHD), engagement and
// reach (NQ.MEL.1, NQ.RCH), sight (NQ.SHT.5), terrain (NQ.MOVE.2/6), damage (NQ.DMG), victory.
#include <math.h>
#include <string.h>

#include "ll.h"

// (ll_fights, ll_row: inline in ll.h, ll-nq2)

uint32_t ll_acts(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	return r->acts_turn == LLG(s)->turn ? r->acts : 0;
}

double ll_move_allowance(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	double m = r->m - (r->wounded ? 2 : 0); // NQ.MOVE.4, NQ.DMG.2
	return m < 1 ? 1 : m;                   // NQ.MOVE.5 (ours): at least 1 in
}

bool ll_contact(const tw_state *s, int a, int b)
{
	return ll_gap(s, a, b) <= s->params[LLP_CONTACT] + LL_EPS; // issue 16: across a barricade too
}

static double long_reach(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	int k = ll_row(s, f);
	return r->reach[k] == TW_LL_LONG ? r->r[k][0] : 0;
}

// ll-gen2: exact fast paths (the same answers; tests/test_ll_fast.c checks them against the plain
// reading below on whole games): the cheap tests first, two men of one side are allied without a
// call, and a pair farther apart than any reach by a clear inch skips the square root.
static bool engaged_plain(const tw_state *s, int a, int b)
{
	if (!ll_fights(s, a) || !ll_fights(s, b) || ll_allied(s, s->fig[a].side, s->fig[b].side))
		return false;
	double gap = ll_gap(s, a, b); // issue 16: across a barricade too (ll_obstacles.c)
	if (gap <= s->params[LLP_CONTACT] + LL_EPS)
		return true;                               // NQ.MEL.1: in contact
	double ra = long_reach(s, a), rb = long_reach(s, b); // NQ.RCH.2: within a long weapon's reach
	return gap <= (ra > rb ? ra : rb) + LL_EPS;
}

bool ll_engaged_plain(const tw_state *s, int a, int b) { return engaged_plain(s, a, b); }

static inline bool engaged_fast(const tw_state *s, int a, int b)
{
	const tw_figure *fa = &s->fig[a], *fb = &s->fig[b];
	if (fa->status != TW_FS_ACTIVE || fb->status != TW_FS_ACTIVE)
		return false;
	if (fa->side == fb->side && (int)fa->side < s->nsides)
		return false; // tw_allied: a side is its own ally
	double ra = long_reach(s, a), rb = long_reach(s, b), c = s->params[LLP_CONTACT];
	double lim = (ra > rb ? ra : rb) > c ? (ra > rb ? ra : rb) : c;
	double dx = fa->pos.x - fb->pos.x, dy = fa->pos.y - fb->pos.y, far = lim + fa->radius + fb->radius + 1 + TW_BARRICADE_MAX_ACROSS;
	if (far > 0 && dx * dx + dy * dy > far * far)
		return false; // beyond contact and every reach by an inch
	return engaged_plain(s, a, b);
}

bool ll_engaged(const tw_state *s, int a, int b)
{
	if (a < 0 || b < 0 || a >= s->nfig || b >= s->nfig)
		return false;
	return engaged_fast(s, a, b);
}

// ll-nq2: engaged_fast(a, b) for an a known to be in the fight, his long reach given (a scan
// over b reads a's values once)
// (base: the larger of a's long reach and the contact gap; the larger of it and b's long reach is
// engaged_fast's limit, the same maximum of the three)
static inline bool engaged_with(const tw_state *s, int a, const tw_figure *fa, double base, int b)
{
	const tw_figure *fb = &s->fig[b];
	if (fb->status != TW_FS_ACTIVE)
		return false;
	if (fa->side == fb->side && (int)fa->side < s->nsides)
		return false; // tw_allied: a side is its own ally
	double rb = long_reach(s, b);
	double lim = rb > base ? rb : base;
	double dx = fa->pos.x - fb->pos.x, dy = fa->pos.y - fb->pos.y, far = lim + fa->radius + fb->radius + 1 + TW_BARRICADE_MAX_ACROSS;
	if (far > 0 && dx * dx + dy * dy > far * far)
		return false; // beyond contact and every reach by an inch
	return engaged_plain(s, a, b);
}

int ll_engaged_next(const tw_state *s, int f, int from)
{
	if (!ll_fights(s, f))
		return -1; // ll_engaged(f, j) is false for every j
	const tw_figure *fa = &s->fig[f];
	double ra = long_reach(s, f), c = s->params[LLP_CONTACT], base = ra > c ? ra : c;
	if (ll_engaged_next_plain)
		for (int j = from < 0 ? 0 : from, n = s->nfig; j < n; j++)
			if (j != f && engaged_with(s, f, fa, base, j))
				return j;
	if (ll_engaged_next_plain)
		return -1;
	// h7-nqspeed: engaged_with's tests with f's values in locals (the compiler read them again
	// for every man: the slow path's call), the same tests on the same values in the same order
	// of sums; tests/test_ll_nqspeed.c compares it with the loop above on every man of many
	// positions
	const tw_figure *fig = s->fig;
	const double ax = fa->pos.x, ay = fa->pos.y, arad = fa->radius;
	const int aside = fa->side;
	const bool own_side = aside < s->nsides; // (tw_allied: a side in range is its own ally)
	for (int j = from < 0 ? 0 : from, n = s->nfig; j < n; j++) {
		const tw_figure *fb = &fig[j];
		if (fb->status != TW_FS_ACTIVE || (fb->side == aside && own_side) || j == f)
			continue;
		const ll_frec *r = LLF(s, j);
		int k = r->hand < r->nrows ? r->hand : 0; // (ll_row, long_reach)
		double rb = r->reach[k] == TW_LL_LONG ? r->r[k][0] : 0;
		double lim = rb > base ? rb : base;
		double dx = ax - fb->pos.x, dy = ay - fb->pos.y, far = lim + arad + fb->radius + 1 + TW_BARRICADE_MAX_ACROSS;
		if (far > 0 && dx * dx + dy * dy > far * far)
			continue; // beyond contact and every reach by an inch
		if (engaged_plain(s, f, j))
			return j;
	}
	return -1;
}

bool ll_engaged_next_plain = false;

bool ll_in_melee(const tw_state *s, int f) { return ll_engaged_next(s, f, 0) >= 0; }

bool ll_in_melee_plain(const tw_state *s, int f)
{
	for (int j = 0; j < s->nfig; j++)
		if (j != f && engaged_plain(s, f, j))
			return true;
	return false;
}

bool ll_closed(const tw_state *s, int a, int b)
{
	const ll_frec *r = LLF(s, a);
	for (int k = 0; k < LL_MAX_CLOSED; k++)
		if (r->closed[k] == b)
			return true;
	return false;
}

static bool adjacent(const tw_state *s, int a, int b)
{
	return tw_figure_gap(&s->fig[a], &s->fig[b]) <= s->params[LLP_NEIGHBOUR] + LL_EPS;
}

// NQ.GRP.4/5: a line holds together until a gap two men wide opens (a man driven back 1 in stays).
static bool linked(const tw_state *s, int a, int b)
{
	double r = s->fig[a].radius < s->fig[b].radius ? s->fig[a].radius : s->fig[b].radius;
	return tw_figure_gap(&s->fig[a], &s->fig[b]) < 4 * r - LL_EPS;
}

int ll_neighbours(const tw_state *s, int f)
{
	int g = LLF(s, f)->group, n = 0;
	if (g < 0)
		return 0;
	for (int j = 0; j < s->nfig && n < 2; j++) // NQ.GRP.3: adjacent members, not out or dead
		if (j != f && LLF(s, j)->group == g && ll_fights(s, j) && adjacent(s, f, j))
			n++;
	return n;
}

int ll_group_size(const tw_state *s, int group)
{
	int n = 0;
	for (int j = 0; group >= 0 && j < s->nfig; j++)
		n += LLF(s, j)->group == group && ll_fights(s, j);
	return n;
}

bool ll_in_arc(const tw_state *s, int def, tw_vec2 from)
{
	const tw_figure *d = &s->fig[def];
	return tw_dot(tw_dir_deg(d->facing), tw_sub(from, d->pos)) >= -LL_EPS; // NQ.SHD.1: the front 180 degrees
}

// NQ.GRP.5: members are linked by adjacency; a gap opens two groups, and a fragment of fewer than
// three men is no group.
void ll_regroup(tw_state *s, tw_events *ev)
{
	int n = s->nfig;
	int *comp = tw_events_alloc(ev, sizeof(int) * (size_t)(n ? n : 1));
	int *stack = tw_events_alloc(ev, sizeof(int) * (size_t)(n ? n : 1));
	if (comp && stack)
		ll_regroup_in(s, ev, comp, stack);
	tw_free(comp);
	tw_free(stack);
}

// ll-nq2: ll_regroup with its two work arrays of s->nfig ints given (allocated before the order
// changed anything, so that an order that regroups can be atomic: ll_apply_atomic).
void ll_regroup_in(tw_state *s, tw_events *ev, int *comp, int *stack)
{
	int next = 0;
	for (int j = 0; j < s->nfig; j++)
		if (LLF(s, j)->group >= next)
			next = LLF(s, j)->group + 1;
	int n = s->nfig;
	for (int j = 0; j < n; j++) {
		comp[j] = -1;
		if (LLF(s, j)->group >= 0 && !ll_fights(s, j))
			LLF(s, j)->group = -1; // out of the fight: out of the line
	}
	for (int g0 = 0; g0 < next; g0++) {
		int parts = 0;
		for (int j = 0; j < n; j++) {
			if (LLF(s, j)->group != g0 || comp[j] >= 0)
				continue;
			int top = 0, size = 0;
			stack[top++] = j;
			comp[j] = j;
			while (top) {
				int a = stack[--top];
				size++;
				for (int b = 0; b < n; b++)
					if (comp[b] < 0 && LLF(s, b)->group == g0 && linked(s, a, b)) {
						comp[b] = j;
						stack[top++] = b;
					}
			}
			int id = size < 3 ? -1 : parts++ == 0 ? g0 : next++;
			if (id == g0)
				continue;
			for (int b = 0; b < n; b++)
				if (comp[b] == j) {
					LLF(s, b)->group = id;
					LLF(s, b)->driven = 0;
				}
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[j].side, "NQ.GRP.5");
			if (e) {
				e->a = j;
				e->b = id;
				tw_event_text(e, "%d men of group %d %s", size, g0,
					      id < 0 ? "are too few to be a group" : "stand apart: a new group");
			}
		}
	}
}

bool ll_place_free(const tw_state *s, int f, tw_vec2 p)
{
	const tw_figure *me = &s->fig[f];
	if (p.x - me->radius < -LL_EPS || p.y - me->radius < -LL_EPS || p.x + me->radius > s->table.width + LL_EPS ||
	    p.y + me->radius > s->table.depth + LL_EPS)
		return false;
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !tw_figure_on_table(s, &s->fig[j]))
			continue;
		if (tw_dist(p, s->fig[j].pos) < me->radius + s->fig[j].radius - 1e-6)
			return false; // bases may touch, not overlap
	}
	for (int t = 0; t < s->table.nterrain; t++)
		if (tw_terrain_impassable(&s->table.terrain[t]) && tw_terrain_contains(&s->table.terrain[t], p))
			return false;
	return true;
}

bool ll_path_clear(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int t = 0; t < s->table.nterrain; t++) // NQ.MOVE.6: hedges (walls) and solid pieces are walked round
		if (tw_terrain_impassable(&s->table.terrain[t]) && tw_terrain_segment_hits(&s->table.terrain[t], a, b))
			return false;
	return true;
}

bool ll_path_difficult(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int t = 0; t < s->table.nterrain; t++) { // NQ.MOVE.2: swamp and wood are difficult ground
		const tw_terrain *tr = &s->table.terrain[t];
		if (ll_ter(tr)->difficult && // issue 16: the table in ll_obstacles.c (swamp, wood, ditch)
		    (tw_terrain_segment_hits(tr, a, b) || tw_terrain_contains(tr, a) || tw_terrain_contains(tr, b)))
			return true;
	}
	return false;
}

bool ll_sight(const tw_state *s, int a, int b)
{
	tw_vec2 pa = s->fig[a].pos, pb = s->fig[b].pos;
	for (int t = 0; t < s->table.nterrain; t++) { // NQ.MOVE.6: hedges block sight; so do solid pieces and woods
		const tw_terrain *tr = &s->table.terrain[t];
		if (ll_ter_blocks_sight(tr) && tw_terrain_segment_hits(tr, pa, pb)) // issue 16: not a barricade
			return false;
	}
	// ll-nq2: a man outside the line's box widened by his radius is farther than that from it
	// (exact: the test below asks for a distance under his radius less 1e-6)
	double x0 = pa.x < pb.x ? pa.x : pb.x, x1 = pa.x < pb.x ? pb.x : pa.x;
	double y0 = pa.y < pb.y ? pa.y : pb.y, y1 = pa.y < pb.y ? pb.y : pa.y;
	for (int j = 0; j < s->nfig; j++) { // NQ.SHT.5: not through anyone
		const tw_figure *fj = &s->fig[j];
		double rj = fj->radius;
		if (j == a || j == b || fj->pos.x < x0 - rj || fj->pos.x > x1 + rj || fj->pos.y < y0 - rj || fj->pos.y > y1 + rj ||
		    !tw_figure_on_table(s, fj))
			continue;
		if (tw_dist_point_segment(fj->pos, pa, pb) < rj - 1e-6)
			return false;
	}
	return true;
}

void ll_move_back(tw_state *s, int f, tw_vec2 away_from, double dist)
{
	tw_figure *me = &s->fig[f];
	tw_vec2 d = tw_sub(me->pos, away_from);
	double len = tw_len(d);
	if (len < LL_EPS)
		d = tw_scale(tw_dir_deg(me->facing), -1);
	else
		d = tw_scale(d, 1 / len);
	// NQ.DMG.5: straight away, stopping where the way is blocked (tenths of an inch).
	tw_vec2 at = me->pos;
	int steps = (int)floor(dist * 10 + LL_EPS);
	for (int k = 1; k <= steps; k++) {
		tw_vec2 p = tw_add(me->pos, tw_scale(d, k / 10.0));
		if (!ll_place_free(s, f, p) || !ll_path_clear(s, at, p))
			break;
		at = p;
	}
	me->pos = at;
}

int ll_fine(const tw_state *s, int side)
{
	int n = 0;
	for (int j = 0; j < s->nfig; j++) // NQ.VIC.2: on the table, not wounded, out or dead
		n += s->fig[j].side == side && ll_fights(s, j) && !LLF(s, j)->wounded;
	return n;
}

void ll_apply_damage(tw_state *s, tw_events *ev, int v, int hits, tw_vec2 from, const char *clause)
{
	tw_ll_damage res = tw_ll_damage_result(hits); // NQ.DMG.2
	ll_frec *r = LLF(s, v);
	tw_figure *f = &s->fig[v];
	if (!ll_fights(s, v))
		return;
	if (res == TW_LL_WOUNDED && r->wounded)
		res = TW_LL_INCAP; // NQ.DMG.5 (ours): wounded again
	tw_event *e = tw_events_push(ev, res == TW_LL_KILLED ? TW_EV_KILL : TW_EV_INFO, f->side, clause);
	if (e) {
		e->a = v;
		e->b = (int32_t)res;
		e->c = hits;
		e->x = f->pos.x; // ll-reg: where, for pictures (a loss ringed where it fell)
		e->y = f->pos.y;
		tw_event_text(e, "%s (%d): %d damage hits: %s", r->name[0] ? r->name : "man", v, hits, ll_damage_names[res]);
	}
	switch (res) {
	case TW_LL_UNHARMED: break;
	case TW_LL_DRIVEN: {
		double dist = ll_move_allowance(s, v) / 2; // NQ.DMG.5: half his current M
		if (r->group >= 0) {
			r->driven++;
			if (r->driven < 2)
				dist = 1; // NQ.GRP.4: 1 in in the group
			else
				r->group = -1, r->driven = 0; // NQ.GRP.4: the second drives him out of the group
		}
		ll_move_back(s, v, from, dist);
		tw_event *m = tw_events_push(ev, TW_EV_MOVE, f->side, r->group >= 0 ? "NQ.GRP.4" : "NQ.DMG.5");
		if (m) {
			m->a = v;
			m->x = f->pos.x;
			m->y = f->pos.y;
			m->v = dist;
			tw_event_text(m, "driven back to (%.2f, %.2f)", f->pos.x, f->pos.y);
		}
		break;
	}
	case TW_LL_WOUNDED: r->wounded = 1; break;
	case TW_LL_INCAP: f->status = TW_FS_OUT; break;
	case TW_LL_KILLED: f->status = TW_FS_DEAD; break;
	}
}

// NQ.SHT.1: an archer does two different things of move, load and shoot; anyone else moves once.
bool ll_may_act(const tw_state *s, int f, uint32_t act)
{
	uint32_t done = ll_acts(s, f);
	if (done & act)
		return false;
	const ll_frec *r = LLF(s, f);
	bool two_of = (r->notes[0] | r->notes[1]) & TW_LL_TWO_OF;
	int n = (done & LLA_MOVE ? 1 : 0) + (done & LLA_LOAD ? 1 : 0) + (done & LLA_SHOOT ? 1 : 0);
	return two_of ? n < 2 : true;
}

void ll_set_act(tw_state *s, int f, uint32_t act)
{
	ll_frec *r = LLF(s, f);
	if (r->acts_turn != LLG(s)->turn)
		r->acts = 0, r->acts_turn = LLG(s)->turn;
	r->acts |= act;
}


int ll_melee_reach(const tw_state *s, int f)
{
	int k = LLF(s, f)->reach[ll_row(s, f)];
	return k == TW_LL_MISSILE ? TW_LL_SHORT : k;
}

// lw-quick's men (issue 18, Scale): one MOVE order a move for all of them (crewmen going back to
// their guns, each group's charges at counted odds, then its straight march), and the retreat
// (LW.CAMP.3). Places another figure would touch, or where a man would stand in or against a
// piece or a gun, or whose path runs through a piece, are passed over before the rules are asked
// (the room: the figures filed by cell; the pieces and guns near, by the tests of lw_check_leg and
// lw_check_standing); the rules are then asked once for the whole order, and only when they
// refuse is it grown again a man at a time (lw_validate_move_extend), each man kept if the rules
// allow him.
#include <math.h>
#include <string.h>

#include "lw_ai.h"
#include "lw_ai_quick.h"

#define LQ_STANDOFF 2.5       ///< a group that does not charge stops this far from the enemy man, inches
#define LQ_CHARGE_LOOKS 3     ///< enemy men (the nearest to a group's middle) it weighs charging
#define LQ_CHARGES 2          ///< charges a group may lead in a move
#define LQ_CHARGE_MAX 16      ///< men in a charge at most (the man in contact and 15 places behind him)
#define LQ_CREW_BACK 5.0      ///< a crewman farther than this from his gun goes back to it, inches
#define LQ_ROOM_CELL 3.0      ///< the room's cells at least this wide: a man's place is tested against
			      ///< the 3 x 3 cells round it (radii under 1 in)
#define LQ_ROOM_CELLS 65536   ///< cells at most (wider cells on a larger table)

// ---- the room ----

static int room_cell(const lq_room *r, tw_vec2 p, int *cx, int *cy)
{
	double fx = (p.x - r->x0) * r->inv, fy = (p.y - r->y0) * r->inv; // clamped: NaN to 0
	*cx = fx >= 0 ? (fx < r->w ? (int)fx : r->w - 1) : 0;
	*cy = fy >= 0 ? (fy < r->h ? (int)fy : r->h - 1) : 0;
	return *cy * r->w + *cx;
}

// Cell c's last item (-1: none): a cell not written since the room was last built is empty.
static inline int32_t room_head(const lq_room *r, int c) { return r->stamp[c] == r->gen ? r->head[c] : -1; }

static void room_put(lq_room *r, int fig, tw_vec2 p, bool fresh)
{
	int cx, cy, c = room_cell(r, p, &cx, &cy), k = r->n++;
	r->fig[k] = fig;
	r->at[k] = p;
	r->fresh[k] = fresh;
	r->next[k] = room_head(r, c);
	r->head[c] = k;
	r->stamp[c] = r->gen;
}

// Takes off the places put last, back to n.
static void room_pop(lq_room *r, int n)
{
	while (r->n > n) {
		int k = --r->n, cx, cy;
		r->head[room_cell(r, r->at[k], &cx, &cy)] = r->next[k];
	}
}

void lq_room_free(lq_room *r)
{
	tw_free(r->head);
	tw_free(r->stamp);
	tw_free(r->next);
	tw_free(r->fig);
	tw_free(r->at);
	tw_free(r->fresh);
	memset(r, 0, sizeof *r);
}

// Files the figures on the table where they stand; false without memory.
static bool room_build(const tw_state *s, lq_ai *ai)
{
	lq_room *r = &ai->room;
	double w = s->table.width, d = s->table.depth;
	if (!(w > 0 && d > 0 && w < 1e6 && d < 1e6))
		w = d = 1;
	r->cell = fmax(LQ_ROOM_CELL, sqrt(w * (d + 72) / LQ_ROOM_CELLS));
	r->inv = 1.0 / r->cell;
	r->x0 = 0;
	r->y0 = -36; // LW.C.3: a man may stand up to 36 in beyond the back lines
	r->w = (int)(w / r->cell) + 1;
	r->h = (int)((d + 72) / r->cell) + 1;
	int ncell = r->w * r->h;
	if (ncell > r->cap_head) {
		int32_t *h = tw_realloc(r->head, (size_t)ncell * sizeof *h);
		if (h)
			r->head = h;
		uint32_t *st = h ? tw_realloc(r->stamp, (size_t)ncell * sizeof *st) : NULL;
		if (!st)
			return false;
		r->stamp = st;
		memset(st, 0, (size_t)ncell * sizeof *st);
		r->gen = 0;
		r->cap_head = ncell;
	}
	if (++r->gen == 0) { // the stamps have gone round: every cell empty again
		memset(r->stamp, 0, (size_t)r->cap_head * sizeof *r->stamp);
		r->gen = 1;
	}
	if (2 * s->nfig > r->cap) {
		size_t n = 2 * (size_t)s->nfig;
		int32_t *nx = tw_realloc(r->next, n * sizeof *nx), *fg = nx ? tw_realloc(r->fig, n * sizeof *fg) : NULL;
		if (nx)
			r->next = nx;
		if (fg)
			r->fig = fg;
		tw_vec2 *at = fg ? tw_realloc(r->at, n * sizeof *at) : NULL;
		if (at)
			r->at = at;
		uint8_t *fr = at ? tw_realloc(r->fresh, n) : NULL;
		if (!fr)
			return false;
		r->fresh = fr;
		r->cap = (int)n;
	}
	r->n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (lw_fig_on_table(&s->fig[i]))
			room_put(r, i, s->fig[i].pos, false);
	return true;
}

// False when our man f at p would certainly touch a figure standing where it is (not one moving
// in the order under way) or a place given in that order, or stand off the side of the table
// (the gaps the rules ask for, LW.MOB.15 and LW.MEL.2, LW.C.3, and a millionth of an inch more).
static bool spot_clear(const tw_state *s, const lq_ai *ai, const tw_figure *f, tw_vec2 p)
{
	const lq_room *r = &ai->room;
	if (!(p.x >= f->radius && p.x <= s->table.width - f->radius))
		return false;
	if (!(f->radius < 1.0) || !(isfinite(p.y)))
		return true; // beyond the cells' reach: the rules alone
	double own_gap = s->params[LWP_SPACING] != 0 ? LW_CLEAR : 0.0;
	int self = (int)(f - s->fig), cx, cy;
	room_cell(r, p, &cx, &cy);
	for (int y = cy > 0 ? cy - 1 : 0; y <= cy + 1 && y < r->h; y++)
		for (int x = cx > 0 ? cx - 1 : 0; x <= cx + 1 && x < r->w; x++)
			for (int k = room_head(r, y * r->w + x); k >= 0; k = r->next[k]) {
				int i = r->fig[k];
				if (i == self || (!r->fresh[k] && ai->slot[i] >= 0))
					continue;
				const tw_figure *g = &s->fig[i];
				double lim = (g->side == f->side ? own_gap : 0.0) + 1e-6 + f->radius + g->radius;
				double dx = p.x - r->at[k].x, dy = p.y - r->at[k].y;
				if (dx * dx + dy * dy < lim * lim) // nearer than the radii and the gap asked for
					return false;
			}
	return true;
}

// Puts our man i in order o, going to p.
static void place(lq_ai *ai, const tw_state *s, tw_order *o, int i, tw_vec2 p)
{
	ai->slot[i] = o->nfig;
	o->fig[o->nfig] = s->fig[i].id;
	o->at[o->nfig++] = p;
	room_put(&ai->room, i, p, true);
}

// Takes the men put in o after its first n off again.
static void unplace(lq_ai *ai, tw_order *o, int n, int room_n)
{
	while (o->nfig > n)
		ai->slot[o->fig[--o->nfig]] = -1; // a figure's id is his index
	room_pop(&ai->room, room_n);
}

// The solid pieces and the guns that may lie in a box (its bounding boxes meet it), which a place
// or a leg inside the box is tested against; `rules` when water lies there too, or more than fit
// (then lw_check_leg and lw_check_standing are asked).
#define LQ_PIECES_MAX 16
typedef struct lq_pieces {
	int n, ng;
	bool rules;
	int32_t idx[LQ_PIECES_MAX], gun[LQ_PIECES_MAX];
} lq_pieces;

static void pieces_in(const tw_state *s, tw_vec2 lo, tw_vec2 hi, lq_pieces *pc)
{
	pc->n = pc->ng = 0;
	pc->rules = !(isfinite(lo.x) && isfinite(lo.y) && isfinite(hi.x) && isfinite(hi.y));
	for (int k = 0; k < s->table.nterrain && !pc->rules; k++) {
		const tw_terrain *t = &s->table.terrain[k];
		bool solid = tw_terrain_impassable(t);
		if ((!solid && t->kind != TW_TER_RIVER) || hi.x + 1 < t->lo.x || lo.x - 1 > t->hi.x || hi.y + 1 < t->lo.y ||
		    lo.y - 1 > t->hi.y)
			continue;
		if (!solid || pc->n == LQ_PIECES_MAX)
			pc->rules = true; // water, or too many: the rules' own tests
		else
			pc->idx[pc->n++] = k;
	}
	tw_vec2 mid = tw_scale(tw_add(lo, hi), 0.5);
	for (int k = 0; k < s->ngun && !pc->rules; k++)
		if (lw_gun_may_be_within(&s->gun[k], mid, fmax(hi.x - lo.x, hi.y - lo.y) / 2 + 1)) {
			if (pc->ng == LQ_PIECES_MAX)
				pc->rules = true;
			else
				pc->gun[pc->ng++] = k;
		}
}

// Whether our man f may go straight to p as far as we can tell cheaply: clear of the figures
// (spot_clear), and of the pieces and guns listed in pc on his way and where he stands (the tests
// of lw_check_leg and lw_check_standing, on those only).
static bool may_place(const tw_state *s, const lq_ai *ai, const tw_figure *f, tw_vec2 p, const lq_pieces *pc)
{
	if (!spot_clear(s, ai, f, p))
		return false;
	if (pc->rules)
		return lw_check_leg(s, f->pos, p, NULL) == TW_OK && lw_check_standing(s, f, p, NULL) == TW_OK;
	tw_vec2 a = f->pos;
	double x0 = fmin(a.x, p.x), x1 = fmax(a.x, p.x), y0 = fmin(a.y, p.y), y1 = fmax(a.y, p.y);
	double r = f->radius + (s->params[LWP_SPACING] != 0 ? LW_CLEAR : 0.0);
	for (int k = 0; k < pc->n; k++) {
		const tw_terrain *t = &s->table.terrain[pc->idx[k]];
		if (!(x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y) && tw_terrain_segment_hits(t, a, p))
			return false;
		if (!(p.x < t->lo.x - r || p.x > t->hi.x + r || p.y < t->lo.y - r || p.y > t->hi.y + r) &&
		    tw_terrain_distance(t, p) < r)
			return false;
	}
	for (int k = 0; k < pc->ng; k++) {
		const tw_gun *g = &s->gun[pc->gun[k]];
		if (lw_gun_may_be_within(g, p, r) && tw_gun_distance(g, p) < r)
			return false;
	}
	return true;
}

// Asks the rules for the whole order o; if they refuse, keeps of its men, a man at a time in its
// order, those the rules allow (o then holds them). How many men o holds at the end.
static int ask_or_grow(const tw_state *s, tw_order *o)
{
	if (o->nfig == 0 || lq_legal(s, o))
		return o->nfig;
	int n = o->nfig;
	o->nfig = 0;
	for (int k = 0; k < n; k++) { // kept men move down the lists: each is read before it is written over
		int32_t id = o->fig[k];
		tw_vec2 p = o->at[k];
		o->fig[o->nfig] = id;
		o->at[o->nfig++] = p;
		if (lw_validate_move_extend(s, o, NULL) != TW_OK)
			o->nfig--;
	}
	return o->nfig;
}

// ---- charges (LW.MEL.1-7) ----

// Whether our man i may go in a charge or march now: free, not moved this move, not in contact,
// not crew, not in the order under way.
static bool may_go(const tw_state *s, const lq_ai *ai, int i)
{
	const tw_figure *f = &s->fig[i];
	return lw_is_free(f) && f->moved_in != s->move_no && !(LWF(s, f)->marks & LW_MARK_CONTACT) &&
	       ai->crew_of[i] < 0 && ai->slot[i] < 0;
}

// Whether our man f can reach enemy man e's base this move (with a little to spare).
static bool reaches(const tw_state *s, const lq_ai *ai, const tw_figure *f, const tw_figure *e)
{
	return tw_dist(f->pos, e->pos) - f->radius - e->radius <= ai->allow[f - s->fig] - 0.3;
}

// A charge's counts (LW.MEL.1, 4): enemy men within LW_REACH + 1 of e take part (their bases),
// those farther but within their own move of him support them; of ours, every man who may go
// and can reach him, and our men within LW_REACH of him after this move's orders so far.
typedef struct lq_odds {
	int theirs, sup, can, near;
} lq_odds;

static lq_odds weigh_charge(const tw_state *s, const lq_ai *ai, const tw_order *o, const tw_figure *e)
{
	lq_odds w = {0, 0, 0, 0};
	for (int k = 0; k < ai->nfoe; k++) {
		const tw_figure *f = &s->fig[ai->foe[k]];
		if (f->side != e->side || !lw_is_free(f))
			continue;
		double d = tw_dist(f->pos, e->pos) - f->radius;
		if (d <= LW_REACH + 1.0)
			w.theirs++;
		else if (d <= lw_move_allowance(f))
			w.sup++;
	}
	for (int k = 0; k < ai->nown; k++) {
		int i = ai->own[k];
		const tw_figure *f = &s->fig[i];
		if (may_go(s, ai, i)) {
			w.can += reaches(s, ai, f, e);
			continue;
		}
		tw_vec2 p = ai->slot[i] >= 0 ? o->at[ai->slot[i]] : f->pos;
		if (lw_is_free(f) && (ai->slot[i] >= 0 || f->moved_in == s->move_no) && tw_dist(p, e->pos) <= LW_REACH)
			w.near++;
	}
	return w;
}

// Up to `most` of our men who may go and can reach enemy man e, nearest first, into ai->tmp; how
// many.
static int chargers(const tw_state *s, lq_ai *ai, const tw_figure *e, int most)
{
	int32_t *cand = ai->tmp;
	double *cd = ai->tmpd;
	int nc = 0;
	for (int k = 0; k < ai->nown; k++) {
		int i = ai->own[k];
		const tw_figure *f = &s->fig[i];
		if (!may_go(s, ai, i) || !reaches(s, ai, f, e))
			continue;
		double d = tw_dist(f->pos, e->pos);
		if (nc == most && !(d < cd[nc - 1]))
			continue;
		int at = nc < most ? nc++ : nc - 1;
		while (at > 0 && cd[at - 1] > d) {
			cand[at] = cand[at - 1];
			cd[at] = cd[at - 1];
			at--;
		}
		cand[at] = i;
		cd[at] = d;
	}
	return nc;
}

// Puts up to `most` of our men who may go and can reach enemy man e round him in order o: the
// nearest who can get there in contact (LW.MEL.2), the others in rows behind him within LW_REACH
// (LW.MEL.4), each place taken once. The men put in.
static int charge_into(const tw_state *s, lq_ai *ai, const tw_figure *e, int most, tw_order *o)
{
	int nc = chargers(s, ai, e, most), n0 = o->nfig;
	const int32_t *cand = ai->tmp;
	double reach = LW_CAV_MOVE + LW_REACH;
	lq_pieces pieces;
	pieces_in(s, tw_v2(e->pos.x - reach, e->pos.y - reach), tw_v2(e->pos.x + reach, e->pos.y + reach), &pieces);
	tw_vec2 contact = e->pos, back = tw_v2(0, 0);
	for (int c = 0; c < nc && c < 2 && o->nfig == n0; c++) {
		const tw_figure *f = &s->fig[cand[c]];
		tw_vec2 away = tw_sub(f->pos, e->pos);
		if (!(tw_len(away) > 1e-9))
			continue;
		double base = tw_bearing_deg(away);
		for (int k = 0; k < 7 && o->nfig == n0; k++) { // his side of the enemy man first, then round him
			double ang = base + ((k & 1) ? 1 : -1) * (double)((k + 1) / 2) * 25.0;
			tw_vec2 p = tw_add(e->pos, tw_scale(tw_dir_deg(ang), f->radius + e->radius + 0.06));
			if (tw_dist(f->pos, p) > ai->allow[cand[c]] - 0.05 || !may_place(s, ai, f, p, &pieces))
				continue;
			place(ai, s, o, cand[c], p);
			contact = p;
			back = tw_dir_deg(ang);
		}
	}
	if (o->nfig == n0)
		return 0;
	tw_vec2 across = tw_v2(back.y, -back.x);
	unsigned taken = 0;
	for (int k = 0; k < nc && o->nfig < TW_ORDER_MAX_FIG; k++) {
		const tw_figure *f = &s->fig[cand[k]];
		if (ai->slot[cand[k]] >= 0)
			continue; // the man in contact
		for (int spot = 0; spot < 15; spot++) {
			int row = 1 + spot / 5, col = spot % 5 - 2;
			tw_vec2 p = tw_add(contact, tw_add(tw_scale(back, 1.3 * row), tw_scale(across, 1.3 * col)));
			if ((taken & (1u << spot)) || tw_dist(p, contact) > LW_REACH - 0.2 ||
			    tw_dist(f->pos, p) > ai->allow[cand[k]] - 0.05)
				continue;
			taken |= 1u << spot; // his, or somebody or something stands there
			if (may_place(s, ai, f, p, &pieces)) {
				place(ai, s, o, cand[k], p);
				break;
			}
		}
	}
	return o->nfig - n0;
}

// ---- marches ----

// Group member mem[0..nm) march straight towards enemy man e, stopping LQ_STANDOFF short of him,
// the foremost first: each the same way, or where that place is taken or his path runs through
// a piece, turned aside 35 or 70 degrees, or half as far.
static void march_into(const tw_state *s, lq_ai *ai, int32_t *mem, int nm, tw_vec2 c, const tw_figure *e, double allow,
		       tw_order *o)
{
	double gd = tw_dist(c, e->pos);
	if (!(gd > 1e-9))
		return;
	tw_vec2 dir = tw_scale(tw_sub(e->pos, c), 1.0 / gd);
	double len = allow * 0.95;
	tw_vec2 lo = tw_v2(INFINITY, INFINITY), hi = tw_v2(-INFINITY, -INFINITY);
	double ahead[LQ_GROUP_MAX];
	for (int k = 0; k < nm; k++) { // the foremost first: nobody then goes where a man still stands
		tw_vec2 p = s->fig[mem[k]].pos;
		len = fmin(len, tw_dist(p, e->pos) - LQ_STANDOFF);
		lo = tw_v2(fmin(lo.x, p.x), fmin(lo.y, p.y));
		hi = tw_v2(fmax(hi.x, p.x), fmax(hi.y, p.y));
		int m = mem[k], at = k;
		double a = tw_dot(p, dir);
		while (at > 0 && ahead[at - 1] < a) {
			mem[at] = mem[at - 1];
			ahead[at] = ahead[at - 1];
			at--;
		}
		mem[at] = m;
		ahead[at] = a;
	}
	if (!(len >= 0.5))
		return;
	lq_pieces pieces;
	pieces_in(s, tw_v2(lo.x - len, lo.y - len), tw_v2(hi.x + len, hi.y + len), &pieces);
	static const double turn[] = {0, 35, -35, 70, -70};
	tw_vec2 ways[TW_ARRAY_COUNT(turn) + 1];
	double bear = tw_bearing_deg(dir);
	for (unsigned t = 0; t < TW_ARRAY_COUNT(turn); t++)
		ways[t] = t == 0 ? tw_scale(dir, len) : tw_scale(tw_dir_deg(bear + turn[t]), len);
	ways[TW_ARRAY_COUNT(turn)] = tw_scale(dir, len * 0.5);
	for (int k = 0; k < nm && o->nfig < TW_ORDER_MAX_FIG; k++) {
		const tw_figure *f = &s->fig[mem[k]];
		for (unsigned t = 0; t < TW_ARRAY_COUNT(ways); t++) {
			tw_vec2 p = tw_add(f->pos, ways[t]);
			if (may_place(s, ai, f, p, &pieces)) {
				place(ai, s, o, mem[k], p);
				break;
			}
		}
	}
}

// ---- a group's part of the order ----

// Group grp's charges and march, put in order o.
static void group_into(const tw_state *s, lq_ai *ai, int grp, tw_order *o)
{
	for (int charges = 0;; charges++) {
		int32_t mem[LQ_GROUP_MAX];
		int nm = 0;
		tw_vec2 c = tw_v2(0, 0);
		double allow = INFINITY, most = 0;
		for (int j = ai->gstart[grp]; j < ai->gstart[grp + 1] && nm < LQ_GROUP_MAX; j++) {
			int i = ai->gmem[j];
			if (!may_go(s, ai, i))
				continue;
			mem[nm++] = i;
			c = tw_add(c, s->fig[i].pos);
			allow = fmin(allow, ai->allow[i]);
			most = fmax(most, ai->allow[i]);
		}
		if (nm == 0 || !(allow > 0))
			return;
		c = tw_scale(c, 1.0 / nm);
		double spread = 0;
		for (int k = 0; k < nm; k++)
			spread = fmax(spread, tw_dist(s->fig[mem[k]].pos, c));
		int near[LQ_CHARGE_LOOKS], nn = 0; // the enemy men nearest the group's middle
		double nd[LQ_CHARGE_LOOKS];
		for (int k = 0; k < ai->nfoe; k++) {
			const tw_figure *f = &s->fig[ai->foe[k]];
			if (!lw_is_free(f))
				continue;
			double d = tw_dist(f->pos, c);
			if (nn == LQ_CHARGE_LOOKS && !(d < nd[nn - 1]))
				continue;
			int at = nn < LQ_CHARGE_LOOKS ? nn++ : nn - 1;
			while (at > 0 && d < nd[at - 1]) {
				near[at] = near[at - 1];
				nd[at] = nd[at - 1];
				at--;
			}
			near[at] = ai->foe[k];
			nd[at] = d;
		}
		if (nn == 0)
			return;
		// The enemy man whose melee counts best, if any of ours can reach him; charged when the
		// counts favour us by more than this move's edge, counted again with the men placed.
		int best = -1;
		double bestv = -INFINITY;
		lq_odds bw = {0, 0, 0, 0};
		for (int k = 0; k < nn && charges < LQ_CHARGES && nd[k] - spread <= most + 1.0; k++) {
			lq_odds w = weigh_charge(s, ai, o, &s->fig[near[k]]);
			double v = lw_charge_value(w.can + w.near, w.theirs, w.sup).value;
			if (w.can > 0 && v > bestv) {
				bestv = v;
				best = near[k];
				bw = w;
			}
		}
		if (best >= 0 && bestv > ai->edge) {
			int n0 = o->nfig, r0 = ai->room.n;
			int most_men = 2 * bw.theirs + 2 < LQ_CHARGE_MAX ? 2 * bw.theirs + 2 : LQ_CHARGE_MAX;
			int n = charge_into(s, ai, &s->fig[best], most_men, o);
			if (n > 0 && lw_charge_value(bw.near + n, bw.theirs, bw.sup).value > ai->edge)
				continue; // charged: the group's men left over look again
			unplace(ai, o, n0, r0);
		}
		march_into(s, ai, mem, nm, c, &s->fig[near[0]], allow, o);
		return;
	}
}

// Every piece and gun: the rules' own tests of a place and a leg.
static const lq_pieces every = {0, 0, true, {0}, {0}};

// Crewmen of ours who have strayed from their guns go back, put in order o.
static void crews_into(const tw_state *s, lq_ai *ai, tw_order *o)
{
	for (int j = 0; j < ai->nown && o->nfig < TW_ORDER_MAX_FIG; j++) {
		int i = ai->own[j];
		const tw_figure *f = &s->fig[i];
		if (ai->crew_of[i] < 0 || f->moved_in == s->move_no || !lw_is_free(f) || (LWF(s, f)->marks & LW_MARK_CONTACT))
			continue;
		const tw_gun *g = &s->gun[ai->crew_of[i]];
		double d = tw_dist(g->axle, f->pos); // at least his distance from the gun
		if (!(d > LQ_CREW_BACK) || tw_gun_distance(g, f->pos) <= LQ_CREW_BACK)
			continue;
		double step = fmin(ai->allow[i] - 0.01, d - 3.0);
		tw_vec2 p = tw_add(f->pos, tw_scale(tw_sub(g->axle, f->pos), step / d));
		if (step > 0.2 && may_place(s, ai, f, p, &every))
			place(ai, s, o, i, p);
	}
}

bool lq_men_order(const tw_state *s, lq_ai *ai, int side, tw_order *o)
{
	if (!room_build(s, ai)) {
		ai->group_cursor = ai->ngroups; // without memory: no more orders for the men this move
		return false;
	}
	for (int j = 0; j < ai->nown; j++)
		ai->slot[ai->own[j]] = -1;
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	if (ai->group_cursor == 0)
		crews_into(s, ai, o);
	// Groups until the order has no room for another group's charges and march (a later
	// decision goes on with the rest).
	for (; ai->group_cursor < ai->ngroups && o->nfig + LQ_CHARGES * LQ_CHARGE_MAX + LQ_GROUP_MAX <= TW_ORDER_MAX_FIG;
	     ai->group_cursor++)
		group_into(s, ai, ai->group_cursor, o);
	return ask_or_grow(s, o) > 0;
}

bool lq_retreat_order(const tw_state *s, lq_ai *ai, int side, tw_order *o)
{
	if (!room_build(s, ai))
		return false;
	for (int j = 0; j < ai->nown; j++)
		ai->slot[ai->own[j]] = -1;
	const tw_side *sd = &s->sides[side];
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	for (int j = 0; j < 2 * ai->nown && o->nfig < TW_ORDER_MAX_FIG; j++) { // twice: a man the first time
		int i = ai->own[j % ai->nown];                                  // in another's way goes after him
		const tw_figure *f = &s->fig[i];
		if (!lw_is_free(f) || f->moved_in == s->move_no || (LWF(s, f)->marks & LW_MARK_CONTACT) || ai->slot[i] >= 0)
			continue;
		double back = sd->forward * (f->pos.y - sd->back_y) + 0.5; // to just over the line
		double step = fmin(ai->allow[i] - 0.01, back);
		tw_vec2 p = tw_v2(f->pos.x, f->pos.y - sd->forward * step);
		if (step > 0.2 && may_place(s, ai, f, p, &every))
			place(ai, s, o, i, p);
	}
	return ask_or_grow(s, o) > 0;
}

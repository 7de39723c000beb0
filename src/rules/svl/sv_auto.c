// Science versus Luck: the computer players that follow their manuals (SV.DOC.20): riflemen fire
// when IM.fire and IM.fire_mode require (ALTERNATE: the half whose turn it is), the others advance
// on the nearest gun (running when IM.pace allows), ending in cover as IM.cover asks (PREFER(D):
// a cover position within D of the route and within reach; COVER_TO_COVER: one in cover stays
// unless it can end in cover or within assault distance), straight at the gun inside IM.assault;
// under a Pause they follow IM.on_pause, under a Recoil IM.on_recoil; a gun is served by its
// Artillery Manual (targets and tempo are the serve order's own), withdraws under AM.move
// WITHDRAW_WITHIN and moves to see the company under TO_REGAIN_SIGHT (sv-cite).
#include <math.h>
#include <stdlib.h>

#include "tinwar/general.h"
#include "sv.h"

static bool wants_fire(const tw_state *s, int f)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	const sv_game *g = SVG(s);
	if (!sv_standing(s, f) || SVF(s, f)->role != SV_ROLE_RIFLEMAN || SVF(s, f)->act != SV_ACT_NONE)
		return false;
	if (g->cond == SV_COND_RECOIL || m->fire == SV_FIRE_NEVER || (m->fire == SV_FIRE_PAUSED && g->cond != SV_COND_PAUSE))
		return false;
	if (g->cond == SV_COND_PAUSE && m->on_pause != SV_PAUSE_HOLD)
		return false; // IM.on_pause: GO_TO_GROUND neither moves nor fires; SIDESTEP_TO_COVER moves
	if (m->fire_mode == SV_FMODE_ALTERNATE && g->cond == SV_COND_NORMAL && (f + g->turn) % 2 != 0)
		return false; // IM.fire_mode ALTERNATE: this half advances this turn
	double d;
	int k = sv_nearest_gun(s, s->fig[f].pos, &d);
	if (k < 0 || d > (m->fire == SV_FIRE_WITHIN_6 ? SV_CLOSE : SV_FIRE_RANGE) || (m->assault > 0 && d <= m->assault))
		return false;
	return sv_sight(s, s->fig[f].pos, s->gun[k].axle);
}

static bool clear_at(const tw_state *s, const tw_order *o, int f, tw_vec2 b)
{
	if (sv_solid_at(s, b))
		return false;
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !sv_standing(s, j))
			continue;
		tw_vec2 q = s->fig[j].pos;
		for (int k = 0; k < o->nfig; k++)
			if (o->fig[k] == j)
				q = o->at[k];
		if (tw_dist(q, b) < 2 * s->fig[f].radius + 0.01)
			return false;
	}
	return true;
}

// sv-svfix: p keeps IM.spacing's least gap to every other standing figure's planned place.
static bool spaced_at(const tw_state *s, const tw_order *o, int f, tw_vec2 p)
{
	double least = sv_cover_gap(s) + 0.02;
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !sv_standing(s, j))
			continue;
		tw_vec2 q = s->fig[j].pos;
		for (int k = 0; k < o->nfig; k++)
			if (o->fig[k] == j)
				q = o->at[k];
		if (tw_dist(q, p) < s->fig[f].radius + s->fig[j].radius + least)
			return false;
	}
	return true;
}

// The nearest point to `want` within `reach` of a, within d of the route a -> want, in cover from
// gun g (or, hidden: out of sight or behind hard cover of every gun), clear, on the table; false if none.
static bool find_cover(const tw_state *s, const tw_order *o, int f, tw_vec2 g, tw_vec2 a, tw_vec2 want, double d,
		       double reach, bool hidden, tw_vec2 *out)
{
	double best = 1e300;
	for (double x = a.x - reach; x <= a.x + reach + 1e-9; x += 0.5)
		for (double y = a.y - reach; y <= a.y + reach + 1e-9; y += 0.5) {
			tw_vec2 p = tw_v2(x, y);
			double score = tw_dist(p, want);
			if (tw_dist(p, a) > reach || score >= best || (d > 0 && tw_dist_point_segment(p, a, want) > d))
				continue;
			if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
				continue;
			if (tw_dist(p, g) < SV_GUN_FOOT + 0.5 || !(hidden ? sv_hidden_from_guns(s, p) : sv_in_cover(s, g, p)))
				continue;
			if (!clear_at(s, o, f, p) || sv_impassable_segment(s, a, p))
				continue;
			if (!hidden && !spaced_at(s, o, f, p)) // sv-svfix: a cover spot that keeps IM.spacing
				continue;
			best = score;
			*out = p;
		}
	return best < 1e300;
}

// ---- sv-cite: IM.route and IM.formation (SV.DOC.12) ----
#define ROUTE_TURN 18.0   // IM.route LEFT/RIGHT: the company turns straight at the gun this near it
#define ROUTE_OFFSET 12.0 // ... and until then heads for a point this far to that side of the gun
#define GROUP_GAP 6.0     // IM.formation GROUPS(K): inches between neighbouring groups
#define GROUP_FILES 5     // ... each group five files wide

// IM.route: where the company heads. LEFT and RIGHT are the attacker's as he faces the gun (table
// x to the right, y up: facing -y, his left is +x).
static tw_vec2 route_goal(const tw_state *s, tw_vec2 centre, tw_vec2 gun)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	double d = tw_dist(centre, gun);
	if (m->route == 0 || d <= ROUTE_TURN)
		return gun; // DIRECT
	tw_vec2 f = tw_scale(tw_sub(gun, centre), 1.0 / d), left = tw_v2(-f.y, f.x);
	tw_vec2 w = tw_add(gun, tw_scale(left, m->route == 1 ? ROUTE_OFFSET : -ROUTE_OFFSET));
	w.x = fmin(fmax(w.x, 3.0), s->table.width - 3.0);
	w.y = fmin(fmax(w.y, 3.0), s->table.depth - 3.0);
	return w;
}

// IM.formation: the places of the shape. Figures are taken from the attacker's left to his right
// (and, within a file, from the front back) so that few cross one another.
typedef struct slotkey {
	int f;
	double side, fwd;
} slotkey;

static int by_side(const void *pa, const void *pb)
{
	const slotkey *a = pa, *b = pb;
	if (a->side != b->side)
		return a->side < b->side ? -1 : 1;
	return a->f - b->f;
}

static int by_fwd(const void *pa, const void *pb)
{
	const slotkey *a = pa, *b = pb;
	if (a->fwd != b->fwd)
		return a->fwd > b->fwd ? -1 : 1;
	return a->f - b->f;
}

typedef struct shape {
	double *lat, *back; ///< by figure: its place, to the right of and behind the shape's centre
	uint8_t *has;       ///< by figure: the shape places it (the riflemen and the bugler)
	tw_vec2 fc;         ///< the centre of the figures it places
} shape;

// Fills sh for the company advancing along dir; false for LINE (the deployment's shape is kept)
// or when nobody is placed. Files are 0.9" bases IM.spacing apart.
static bool shape_slots(const tw_state *s, tw_vec2 dir, shape *sh)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	if (m->formation == 0)
		return false;
	slotkey *k = tw_malloc((size_t)s->nfig * sizeof *k + 1);
	if (!k)
		return false;
	tw_vec2 right = tw_v2(dir.y, -dir.x);
	int n = 0;
	sh->fc = tw_v2(0, 0);
	for (int f = 0; f < s->nfig; f++) {
		sh->has[f] = 0;
		if (sv_standing(s, f) && SVF(s, f)->role != SV_ROLE_COMMANDER) {
			k[n++] = (slotkey){f, tw_dot(s->fig[f].pos, right), tw_dot(s->fig[f].pos, dir)};
			sh->fc = tw_add(sh->fc, s->fig[f].pos);
		}
	}
	if (n == 0) {
		tw_free(k);
		return false;
	}
	sh->fc = tw_scale(sh->fc, 1.0 / n);
	qsort(k, (size_t)n, sizeof *k, by_side);
	double pitch = SV_BASE + m->spacing, ml = 0, mb = 0;
	int w = m->formation_n >= 2 ? m->formation_n : 2;
	if (w > n)
		w = n;
	int rows = (n + w - 1) / w, per = (n + w - 1) / w;
	if (m->formation == 1) // COLUMN(W): W files, each a block of neighbours, front to back
		for (int c = 0; c * rows < n; c++) {
			int lo = c * rows, hi = lo + rows < n ? lo + rows : n;
			qsort(k + lo, (size_t)(hi - lo), sizeof *k, by_fwd);
			for (int i = lo; i < hi; i++)
				sh->lat[k[i].f] = c * pitch, sh->back[k[i].f] = (i - lo) * pitch;
		}
	for (int i = 0; i < n && m->formation != 1; i++) {
		int f = k[i].f;
		if (m->formation == 2) { // OPEN_ORDER: one rank across
			sh->lat[f] = i * pitch, sh->back[f] = 0;
		} else { // GROUPS(K): K blocks side by side, five files each
			int gi = i / per, j = i % per;
			sh->lat[f] = gi * ((GROUP_FILES - 1) * pitch + GROUP_GAP + SV_BASE) + (j % GROUP_FILES) * pitch;
			sh->back[f] = (j / GROUP_FILES) * pitch;
		}
	}
	for (int i = 0; i < n; i++)
		ml += sh->lat[k[i].f], mb += sh->back[k[i].f];
	for (int i = 0; i < n; i++) { // centred where the company stands
		int f = k[i].f;
		sh->lat[f] -= ml / n, sh->back[f] -= mb / n, sh->has[f] = 1;
	}
	tw_free(k);
	return true;
}

// Figure f's place once the company has advanced `adv` along dir.
static tw_vec2 shape_place(const shape *sh, int f, tw_vec2 dir, double adv)
{
	tw_vec2 right = tw_v2(dir.y, -dir.x);
	return tw_add(tw_add(sh->fc, tw_scale(dir, adv)), tw_sub(tw_scale(right, sh->lat[f]), tw_scale(dir, sh->back[f])));
}

static int attacker(const tw_state *s, tw_order *o)
{
	tw_order_init(o, SV_OT_FIRE, SV_ATTACKER);
	for (int f = 0; f < s->nfig && o->nfig < TW_ORDER_MAX_FIG; f++)
		if (wants_fire(s, f))
			o->fig[o->nfig++] = f;
	tw_error err;
	if (o->nfig > 0 && sv_validate_fire(s, o, &err) == TW_OK)
		return 1;
	const sv_game *g = SVG(s);
	tw_order_init(o, SV_OT_MOVE, SV_ATTACKER);
	o->has_at = true;
	const sv_srec *m = SVS(s, SV_ATTACKER);
	bool still = g->cond == SV_COND_PAUSE && m->on_pause != SV_PAUSE_SIDESTEP; // SV.MOR.4, IM.on_pause
	// The company keeps its formation and spacing (IM.spacing) by advancing as one: every figure
	// takes the same step toward the gun nearest the company's centre, at the pace the slowest may.
	tw_vec2 centre = tw_v2(0, 0);
	int n = 0;
	bool all_run = true;
	for (int f = 0; f < s->nfig; f++)
		if (sv_standing(s, f) && SVF(s, f)->act == SV_ACT_NONE) {
			centre = tw_add(centre, s->fig[f].pos);
			n++;
			all_run = all_run && sv_may_run(s, f);
		}
	double cd = 0;
	int ck = n > 0 ? sv_nearest_gun(s, tw_scale(centre, 1.0 / n), &cd) : -1;
	tw_vec2 cdir = tw_v2(0, 0);
	if (ck >= 0 && cd > 0) { // sv-cite: toward the gun, or IM.route's point beside it
		tw_vec2 c = tw_scale(centre, 1.0 / n), goal = route_goal(s, c, s->gun[ck].axle);
		double gd = tw_dist(goal, c);
		cdir = gd > 0 ? tw_scale(tw_sub(goal, c), 1.0 / gd) : tw_v2(0, 0);
	}
	double cstep = all_run ? SV_RUN : SV_WALK;
	// sv-cite: IM.formation: the company advances only as far as its last man can keep his place.
	shape sh = {tw_malloc((size_t)s->nfig * sizeof(double) + 1), tw_malloc((size_t)s->nfig * sizeof(double) + 1),
		    tw_malloc((size_t)s->nfig + 1), {0, 0}};
	bool shaped = sh.lat && sh.back && sh.has && g->cond == SV_COND_NORMAL && ck >= 0 && shape_slots(s, cdir, &sh);
	for (int f = 0; shaped && f < s->nfig; f++) {
		if (!sh.has[f] || SVF(s, f)->act != SV_ACT_NONE)
			continue;
		double off = tw_dist(s->fig[f].pos, shape_place(&sh, f, cdir, 0));
		cstep = fmin(cstep, fmax(0.0, (sv_may_run(s, f) ? SV_RUN : SV_WALK) - off));
	}
	if (ck >= 0 && m->commander == SV_CMD_FRONT) { // the company waits for a commander who must lead it
		double front = 1e300, dc = -1;
		for (int f = 0; f < s->nfig; f++) {
			if (!sv_standing(s, f))
				continue;
			double d = tw_dist(s->fig[f].pos, s->gun[ck].axle);
			if (SVF(s, f)->role == SV_ROLE_RIFLEMAN && d < front)
				front = d;
			if (SVF(s, f)->role == SV_ROLE_COMMANDER && SVF(s, f)->act == SV_ACT_NONE)
				dc = d;
		}
		double behind = dc - front - 2.5;
		if (dc >= 0 && front < 1e300 && behind > 0)
			cstep = fmax(0.0, cstep - behind);
	}
	for (int f = 0; f < s->nfig && o->nfig < TW_ORDER_MAX_FIG && !still; f++) {
		if (!sv_standing(s, f) || SVF(s, f)->act != SV_ACT_NONE)
			continue;
		double d;
		int k = sv_nearest_gun(s, s->fig[f].pos, &d);
		if (k < 0)
			break;
		tw_vec2 a = s->fig[f].pos, gun = s->gun[k].axle, dir = tw_scale(tw_sub(gun, a), 1.0 / d);
		double step = sv_may_run(s, f) ? SV_RUN : SV_WALK;
		bool assault = m->assault > 0 && d <= m->assault;
		if (SVF(s, f)->role == SV_ROLE_COMMANDER && g->cond == SV_COND_NORMAL && ck >= 0 &&
		    m->commander != SV_CMD_REAR) { // IM.commander: FRONT with the leading rifleman, MAIN_BODY at the centre
			tw_vec2 at = tw_add(tw_scale(centre, 1.0 / n), tw_scale(cdir, cstep));
			if (m->commander == SV_CMD_FRONT)
				at = tw_add(a, tw_scale(dir, step)); // full pace until he leads
			tw_vec2 to = tw_sub(at, a);
			double len = tw_len(to);
			for (double frac = 1.0; len > 0.05 && frac > 0.05; frac -= 0.25) {
				tw_vec2 b = tw_add(a, tw_scale(to, fmin(step, len) * frac / len));
				if (clear_at(s, o, f, b) && !sv_impassable_segment(s, a, b) && tw_dist(b, gun) > SV_GUN_FOOT + 0.5) {
					o->fig[o->nfig] = f;
					o->at[o->nfig++] = b;
					break;
				}
			}
			continue;
		}
		if (g->cond == SV_COND_PAUSE) { // SIDESTEP_TO_COVER: to cover, no nearer the gun
			tw_vec2 c;
			if (!sv_in_cover(s, gun, a) && find_cover(s, o, f, gun, a, a, 0, SV_WALK, false, &c) &&
			    tw_dist(c, gun) >= d) {
				o->fig[o->nfig] = f;
				o->at[o->nfig++] = c;
			}
			continue;
		}
		if (g->cond == SV_COND_RECOIL) {
			dir = tw_scale(dir, -1); // SV.MOR.5; IM.on_recoil STRAIGHT_BACK
			step = SV_WALK;
			tw_vec2 c; // TO_HARD_COVER: the nearest hidden position in reach, if any
			if (m->on_recoil == SV_RECOIL_HARD &&
			    find_cover(s, o, f, gun, a, tw_add(a, tw_scale(dir, SV_WALK)), 0, SV_WALK, true, &c)) {
				o->fig[o->nfig] = f;
				o->at[o->nfig++] = c;
				continue;
			}
		} else if (!(m->assault > 0 && d <= m->assault) && ck >= 0) {
			dir = cdir; // in formation
			step = cstep;
			if (shaped && sh.has[f]) { // sv-cite: IM.formation: to its place
				tw_vec2 slot = shape_place(&sh, f, cdir, cstep);
				double len = tw_dist(slot, a);
				dir = len > 0 ? tw_scale(tw_sub(slot, a), 1.0 / len) : cdir;
				step = fmin(sv_may_run(s, f) ? SV_RUN : SV_WALK, len);
			}
			double along = tw_dot(tw_sub(gun, a), dir);
			if (along > 0 && step > along - 1.9)
				step = along - 1.9;
		} else if (step > d - 1.9) {
			step = d - 1.9; // IM.assault: straight at the gun, stopping at it (SV.BAT.10)
		}
		if (g->cond == SV_COND_NORMAL && !assault && m->cover != SV_COVER_IGNORE) { // IM.cover
			tw_vec2 want = tw_add(a, tw_scale(dir, step)), c;
			bool in_cover = sv_in_cover(s, gun, a);
			if (m->cover == SV_COVER_PREFER && !sv_in_cover(s, gun, want) &&
			    find_cover(s, o, f, gun, a, want, m->cover_d, step, false, &c)) {
				o->fig[o->nfig] = f;
				o->at[o->nfig++] = c;
				continue;
			}
			if (m->cover == SV_COVER_TO_COVER && in_cover && !sv_in_cover(s, gun, want)) {
				if (find_cover(s, o, f, gun, a, want, 0, step, false, &c) && tw_dist(c, gun) < d) {
					o->fig[o->nfig] = f;
					o->at[o->nfig++] = c;
				}
				continue; // no cover to go to: stays
			}
		}
		for (double frac = 1.0; frac > 0.05 && step > 0.05; frac -= 0.25) {
			tw_vec2 b = tw_add(a, tw_scale(dir, step * frac));
			bool foot = false; // never through a gun's footprint (SV.BAT.10)
			for (int q = 0; q < s->ngun; q++)
				foot = foot || tw_dist_point_segment(s->gun[q].axle, a, b) < SV_GUN_FOOT + 0.05;
			if (clear_at(s, o, f, b) && !sv_impassable_segment(s, a, b) && !foot) {
				o->fig[o->nfig] = f;
				o->at[o->nfig] = b;
				o->nfig++;
				break;
			}
		}
	}
	tw_free(sh.lat);
	tw_free(sh.back);
	tw_free(sh.has);
	for (int i = 0; i < o->nfig; i++) // the log writes a facing per figure: each keeps its own
		o->facing[i] = s->fig[o->fig[i]].facing;
	if (o->nfig > 0 && sv_validate_move(s, o, &err) == TW_OK) {
		tw_order *kept = tw_malloc(sizeof *kept); // sv-svfix: IM.commander and IM.spacing kept (SV.DOC.20)
		if (kept) {
			*kept = *o;
			sv_auto_keep_ranks(s, o);
			if (o->nfig == 0)
				tw_order_init(o, SV_OT_END, SV_ATTACKER); // nobody moves
			else if (sv_validate_move(s, o, &err) != TW_OK)
				*o = *kept;
			tw_free(kept);
		}
		return 1;
	}
	tw_order_init(o, SV_OT_END, SV_ATTACKER);
	return 1;
}

// sv-cite: AM.move TO_REGAIN_SIGHT (SV.DOC.13): with no standing figure in sight within
// open_fire, the spot within 6" (a 0.5" grid) from which most are, the nearest such spot on ties,
// that the serve order may reach; false when no spot in reach sees one.
static bool regain_spot(const tw_state *s, int k, const tw_order *o, tw_vec2 *out)
{
	const sv_srec *m = SVS(s, SV_DEFENDER);
	tw_vec2 a = s->gun[k].axle;
	int best = 0;
	double bd = 1e300;
	tw_order *t = tw_malloc(sizeof *t);
	if (!t)
		return false;
	*t = *o;
	t->has_target = true;
	tw_error err;
	for (double dx = -SV_GUN_MOVE; dx <= SV_GUN_MOVE + 1e-9; dx += 0.5)
		for (double dy = -SV_GUN_MOVE; dy <= SV_GUN_MOVE + 1e-9; dy += 0.5) {
			tw_vec2 p = tw_v2(a.x + dx, a.y + dy);
			double d = tw_dist(a, p);
			if (d > SV_GUN_MOVE + 1e-9 || d < 0.25 || p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
				continue;
			int n = 0;
			for (int f = 0; f < s->nfig; f++)
				n += sv_standing(s, f) && (m->open_fire <= 0 || tw_dist(s->fig[f].pos, p) <= m->open_fire) &&
				     sv_sight(s, p, s->fig[f].pos);
			if (n < best || (n == best && d >= bd) || n == 0)
				continue;
			t->target = p;
			if (sv_validate_serve(s, t, &err) != TW_OK)
				continue;
			best = n, bd = d, *out = p;
		}
	tw_free(t);
	return best > 0;
}

static int defender(const tw_state *s, tw_order *o)
{
	const sv_srec *m = SVS(s, SV_DEFENDER);
	tw_error err;
	for (int k = 0; k < s->ngun; k++) {
		if (!sv_gun_in_action(s, k) || SVGN(s, k)->served)
			continue;
		tw_order_init(o, SV_OT_SERVE, SV_DEFENDER);
		o->gun = k;
		if (m->gmove == SV_GMOVE_REGAIN) {
			bool seen = false; // SV.DOC.13: only when no standing figure is in sight within open_fire
			for (int f = 0; f < s->nfig && !seen; f++)
				seen = sv_standing(s, f) && (m->open_fire <= 0 || tw_dist(s->fig[f].pos, s->gun[k].axle) <= m->open_fire) &&
				       sv_sight(s, s->gun[k].axle, s->fig[f].pos);
			tw_vec2 p;
			if (!seen && regain_spot(s, k, o, &p)) {
				o->has_target = true;
				o->target = p;
			}
		}
		if (m->gmove == SV_GMOVE_WITHDRAW) {
			int near = -1;
			double bd = 1e300;
			for (int f = 0; f < s->nfig; f++) {
				double d = tw_dist(s->fig[f].pos, s->gun[k].axle);
				if (sv_standing(s, f) && d < bd)
					bd = d, near = f;
			}
			if (near >= 0 && bd <= m->gmove_x) {
				tw_vec2 away = tw_scale(tw_sub(s->gun[k].axle, s->fig[near].pos), SV_GUN_MOVE / bd);
				o->has_target = true;
				o->target = tw_add(s->gun[k].axle, away);
				if (sv_validate_serve(s, o, &err) != TW_OK)
					o->has_target = false;
			}
		}
		return 1;
	}
	tw_order_init(o, SV_OT_END, SV_DEFENDER);
	return 1;
}

int sv_auto_orders(const tw_state *s, int side, tw_order *out, int max)
{
	if (s->phase == SV_PH_AUCTION && max >= 1 && side >= 0)
		return sv_auction_auto(s, side, out); // SV.EXPO.6: bids by its briefing
	if (s->phase == SV_PH_RANGE) // sv-join: the evaluation, one order at a time (sv_range_auto.c)
		return max >= 1 ? sv_range_auto(s, side, out) : 0;
	if (max < 1 || s->over || side != s->mover)
		return 0;
	return side == SV_ATTACKER ? attacker(s, out) : defender(s, out);
}

// The computer general (`default`): the manual-following player above, on its seat's view.
static tw_status sv_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	(void)g;
	return sv_auto_orders(view, side, out, 1) == 1 ? TW_OK : TW_ERR_STATE;
}

static const tw_general_def sv_general_manual = {
	"svl-manual", "svl", "fights by its side's manuals, as SV.DOC.20 asks of a computer player", sv_decide, 0, NULL, NULL,
};
const tw_general_def *const sv_generals[1] = {&sv_general_manual};

// A Rattle of Dice: order builders for computer players (a unit's move, a formation change or a
// turn with the figures' new places (RD.ORG.7-9), a charge to contact (RD.CHARGE.1), a shot, a
// General's ride or Urging On, any order type that takes a unit's figures such as `rally`), and
// the random player's orders: in a phase every kind the rules allow (moves, formation changes,
// charges, shots, rallies, rides, Urging On, work, demolition, detaching), and random answers to
// the decisions asked of either seat (respond, fire, steady, promote). It is the baseline of the
// computer generals and the conformance suite's player.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rd.h"

// Every active figure of the unit (a unit moves as one body, RD.ORG.7).
static void unit_figures(const tw_state *s, int unit, tw_order *o)
{
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == unit && f->status == TW_FS_ACTIVE && f->kind != TW_FK_GENERAL)
			o->fig[o->nfig++] = f->id;
	}
}

bool rd_order_unit(const tw_state *s, int type, int unit, tw_order *o)
{
	const tw_unit *u = rd_unit_c(s, unit);
	if (!u || type < 0)
		return false;
	tw_order_init(o, type, u->side);
	unit_figures(s, unit, o);
	return o->nfig > 0;
}

bool rd_order_shift(const tw_state *s, int unit, tw_vec2 disp, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_MOVE, unit, o))
		return false;
	o->npath = 1;
	o->path[0] = tw_add(rd_unit_centre(s, unit), disp);
	return true;
}

// RD.ORG.7-9: the places of a formation: (lateral, depth) offsets in base widths w, front rank
// first. Infantry: a two-deep line (floor(n / 2) in front), a column of 2-3 files and at least 3
// ranks, skirmish order one rank 2w apart; mounted cavalry: a line of one rank (two past 12
// figures), a column of 2-3 files. False when the formation has no such shape for n figures.
static bool form_places(int type, int f, int n, double w, tw_vec2 *pl)
{
	bool cav = type == TW_RD_CAVALRY;
	int files, ranks;
	double gap = w;
	switch (f) {
	case TW_RD_F_LINE:
		ranks = cav && n <= 12 ? 1 : 2;
		files = ranks == 1 ? n : cav ? (n + 1) / 2 : n / 2;
		if (files < 1)
			return false;
		break;
	case TW_RD_F_COLUMN:
		files = n >= 9 ? 3 : 2;
		ranks = (n + files - 1) / files;
		if (ranks < (cav ? 2 : 3) && files == 3) {
			files = 2;
			ranks = (n + 1) / 2;
		}
		if (ranks < (cav ? 2 : 3))
			return false;
		break;
	case TW_RD_F_SKIRMISH:
		if (cav)
			return false;
		ranks = 1;
		files = n;
		gap = 2 * w;
		break;
	default: return false;
	}
	for (int i = 0, r = 0; r < ranks; r++) {
		int k = r == ranks - 1 ? n - i : files; // the last rank takes what is left
		if (f != TW_RD_F_LINE && k > files)
			return false;
		for (int j = 0; j < k; j++, i++)
			pl[i] = tw_v2((j - (k - 1) / 2.0) * gap, ((ranks - 1) / 2.0 - r) * w);
	}
	return true;
}

typedef struct {
	double x, y;
	int i;
} rd_slot;

static int by_lateral(const void *a, const void *b)
{
	const rd_slot *p = a, *q = b;
	if (fabs(p->x - q->x) > 1e-6)
		return p->x < q->x ? -1 : 1;
	if (fabs(p->y - q->y) > 1e-6)
		return p->y > q->y ? -1 : 1;
	return p->i - q->i;
}

bool rd_order_form(const tw_state *s, int unit, int formation, double bearing, tw_vec2 at, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_FORMATION, unit, o))
		return false;
	o->n = formation;
	o->has_aim = true;
	o->bearing = fmod(fmod(bearing, 360.0) + 360.0, 360.0);
	int type = RDU(s, unit)->type, n = o->nfig;
	bool shaped = type == TW_RD_LINE || type == TW_RD_LIGHT || type == TW_RD_DISMOUNTED || type == TW_RD_PIONEERS ||
		      type == TW_RD_CAVALRY;
	if (!shaped || n < 2)
		return true; // no geometry (RD.ORG.9): the figures stay, the unit turns or limbers
	tw_vec2 *pl = malloc((size_t)n * sizeof *pl);
	rd_slot *fs = malloc((size_t)n * sizeof *fs), *ps = malloc((size_t)n * sizeof *ps);
	bool ok = pl && fs && ps && form_places(type, formation, n, s->params[RDP_BASE], pl);
	if (ok) {
		tw_vec2 fwd = tw_dir_deg(o->bearing), right = tw_dir_deg(o->bearing + 90);
		for (int i = 0; i < n; i++) {
			tw_vec2 d = tw_sub(s->fig[o->fig[i]].pos, at);
			fs[i] = (rd_slot){tw_dot(d, right), tw_dot(d, fwd), i};
			ps[i] = (rd_slot){pl[i].x, pl[i].y, i};
		}
		// Figures take the places in order from left to right (front first within a file).
		qsort(fs, (size_t)n, sizeof *fs, by_lateral);
		qsort(ps, (size_t)n, sizeof *ps, by_lateral);
		for (int k = 0; k < n; k++) {
			int i = fs[k].i;
			o->at[i] = tw_add(at, tw_add(tw_scale(right, ps[k].x), tw_scale(fwd, ps[k].y)));
			o->facing[i] = o->bearing;
		}
		o->has_at = true;
	}
	free(pl);
	free(fs);
	free(ps);
	return ok;
}

bool rd_order_face(const tw_state *s, int unit, double bearing, tw_order *o)
{
	const tw_unit *u = rd_unit_c(s, unit);
	return u && rd_order_form(s, unit, u->formation, bearing, rd_unit_centre(s, unit), o);
}

// The least base gap between unit u displaced by d and unit t.
static double gap_after(const tw_state *s, int u, int t, tw_vec2 d)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || !rd_fig_fights(s, f))
			continue;
		tw_figure g = *f;
		g.pos = tw_add(f->pos, d);
		best = fmin(best, rd_fig_unit_gap(s, &g, t));
	}
	return best;
}

bool rd_order_charge(const tw_state *s, int unit, int target, double bearing, tw_order *o)
{
	const rd_urec *r = RDU(s, unit);
	double left = rd_unit_allowance(s, unit) + rd_urge_bonus(s, unit) - r->used;
	double contact = s->params[RDP_CONTACT], want = contact / 2;
	tw_vec2 dir = tw_dir_deg(bearing);
	if (left <= 0 || gap_after(s, unit, target, tw_v2(0, 0)) <= contact)
		return false;
	double lo = 0, hi = -1;
	for (double l = 0.1; l < left + 0.1; l += 0.1) { // the first step that reaches contact
		double x = fmin(l, left), g = gap_after(s, unit, target, tw_scale(dir, x));
		if (g <= want) {
			hi = x;
			break;
		}
		lo = x;
	}
	if (hi < 0)
		return false;
	for (int k = 0; k < 30; k++) { // bisect to a gap within the contact parameter
		double mid = (lo + hi) / 2;
		if (gap_after(s, unit, target, tw_scale(dir, mid)) > want)
			lo = mid;
		else
			hi = mid;
	}
	double g = gap_after(s, unit, target, tw_scale(dir, hi));
	if (g < 0 || g > contact)
		return false;
	return rd_order_shift(s, unit, tw_scale(dir, hi), o);
}

bool rd_order_shoot(const tw_state *s, int unit, int target, tw_order *o)
{
	if (!rd_order_unit(s, RD_OT_SHOOT, unit, o))
		return false;
	for (int i = 0; i < s->nfig && o->nfig2 < TW_ORDER_MAX_FIG; i++)
		if (s->fig[i].unit == target && s->fig[i].status == TW_FS_ACTIVE && s->fig[i].kind != TW_FK_GENERAL)
			o->fig2[o->nfig2++] = s->fig[i].id;
	return o->nfig2 > 0;
}

bool rd_order_general(const tw_state *s, int fig, tw_vec2 to, tw_order *o)
{
	const tw_figure *g = tw_state_figure_c(s, fig);
	if (!g || g->kind != TW_FK_GENERAL)
		return false;
	tw_order_init(o, RD_OT_GENERAL, g->side);
	o->nfig = 1;
	o->fig[0] = fig;
	o->npath = 1;
	o->path[0] = to;
	return true;
}

bool rd_unit_may_act(const tw_state *s, int unit)
{
	const rd_urec *r = RDU(s, unit);
	return rd_unit_alive(s, unit) && s->unit[unit].side == rd_phasing_side(s) && r->action == RD_ACT_NONE;
}

bool rd_order_urge(const tw_state *s, int fig, int unit, tw_order *o)
{
	const tw_figure *g = tw_state_figure_c(s, fig);
	if (!g || g->kind != TW_FK_GENERAL || !rd_unit_alive(s, unit))
		return false;
	// To the unit's nearest figure, stopping a base short of it (contact joins, RD.GEN.2).
	tw_vec2 aim = rd_unit_centre(s, unit);
	double nd = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && rd_fig_fights(s, &s->fig[i]) && tw_dist(s->fig[i].pos, g->pos) < nd) {
			nd = tw_dist(s->fig[i].pos, g->pos);
			aim = s->fig[i].pos;
		}
	tw_vec2 d = tw_sub(aim, g->pos);
	double len = tw_len(d), stop = g->radius + 0.5 + s->params[RDP_CONTACT] / 2;
	tw_order_init(o, RD_OT_URGE, g->side);
	o->nfig = 1;
	o->fig[0] = fig;
	o->npath = 1;
	o->path[0] = len > stop ? tw_add(g->pos, tw_scale(d, (len - stop) / len)) : g->pos;
	o->nval = 1;
	o->val[0] = unit;
	return true;
}

// The terrain piece nearest unit u's centre (its outline), -1 none.
static int nearest_piece(const tw_state *s, int u, tw_rng *r)
{
	int n = s->table.nterrain;
	if (n == 0)
		return -1;
	int best = (int)tw_rng_below(r, (uint32_t)n);
	double bd = INFINITY;
	tw_vec2 c = rd_unit_centre(s, u);
	if (tw_rng_below(r, 2))
		return best; // any piece at all, half the time
	for (int t = 0; t < n; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		double d = tw_dist(c, tw_v2(fmin(fmax(c.x, tr->lo.x), tr->hi.x), fmin(fmax(c.y, tr->lo.y), tr->hi.y)));
		if (d < bd) {
			bd = d;
			best = t;
		}
	}
	return best;
}

// One random order of the phasing side: a unit that has not acted moves a random distance in a
// random direction, changes formation or turns (with its figures' places, RD.ORG.7-9), charges a
// random enemy unit, shoots at one, rallies, works or fires its charges; a General rides or urges
// a unit on; or the phase ends. The caller keeps the first one the rules accept.
static void random_one(const tw_state *s, int side, tw_rng *r, tw_order *o)
{
	int mine[256], n = 0, enemy[256], ne = 0, gens[64], ng = 0;
	for (int u = 0; u < s->nunit; u++) {
		if (!rd_unit_alive(s, u))
			continue;
		if (s->unit[u].side == side && n < 256 && RDU(s, u)->action != RD_ACT_SHOOT)
			mine[n++] = u;
		else if (s->unit[u].side != side && ne < 256)
			enemy[ne++] = u;
	}
	for (int i = 0; i < s->nfig && ng < 64; i++)
		if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE)
			gens[ng++] = i;
	uint32_t kind = tw_rng_below(r, 20);
	if (kind <= 1 || (n == 0 && ng == 0)) {
		tw_order_init(o, RD_OT_END, side);
		return;
	}
	if ((kind <= 3 && ng > 0) || n == 0) {
		int g = gens[tw_rng_below(r, (uint32_t)ng)];
		if (kind == 3 && n > 0) { // RD.MOVE.14: Urging On
			rd_order_urge(s, g, mine[tw_rng_below(r, (uint32_t)n)], o);
			return;
		}
		double a = 360.0 * tw_rng_unit(r), len = 24.0 * tw_rng_unit(r);
		rd_order_general(s, g, tw_add(s->fig[g].pos, tw_scale(tw_dir_deg(a), len)), o);
		return;
	}
	int u = mine[tw_rng_below(r, (uint32_t)n)];
	const tw_unit *un = &s->unit[u];
	if (kind <= 7 && ne > 0) {
		rd_order_shoot(s, u, enemy[tw_rng_below(r, (uint32_t)ne)], o);
		return;
	}
	if (kind <= 9) { // RD.MOVE.6/8: a turn, or another formation, with the figures' places
		double bearing = tw_rng_below(r, 2) ? un->facing : 360.0 * tw_rng_unit(r);
		int f = tw_rng_below(r, 2) ? un->formation : (int)tw_rng_below(r, TW_RD_F_COUNT);
		if (!rd_order_form(s, u, f, bearing, rd_unit_centre(s, u), o))
			rd_order_face(s, u, 360.0 * tw_rng_unit(r), o);
		return;
	}
	if (kind <= 11 && ne > 0) { // RD.CHARGE.1: at a random enemy unit (or the nearest), straight at it or ahead
		int t = enemy[tw_rng_below(r, (uint32_t)ne)];
		if (tw_rng_below(r, 2))
			for (int k = 0; k < ne; k++)
				if (rd_unit_gap(s, u, enemy[k]) < rd_unit_gap(s, u, t))
					t = enemy[k];
		double b = tw_rng_below(r, 2) ? un->facing : tw_bearing_deg(tw_sub(rd_unit_centre(s, t), rd_unit_centre(s, u)));
		if (rd_order_charge(s, u, t, b, o))
			return;
	}
	if (kind == 12 && (RDU(s, u)->flags & RUF_MUST_RALLY)) { // RD.RALLY.1
		rd_order_unit(s, RD_OT_RALLY, u, o);
		if (tw_rng_below(r, 2)) {
			o->has_aim = true;
			o->bearing = 360.0 * tw_rng_unit(r);
		}
		return;
	}
	if (kind <= 14) // RD.SAP: one of our pioneer units, if any
		for (int k = 0; k < n; k++)
			if (RDU(s, mine[k])->type == TW_RD_PIONEERS && tw_rng_below(r, 2))
				u = mine[k];
	if (kind <= 14 && RDU(s, u)->type == TW_RD_PIONEERS) { // RD.SAP: work, or fire the charges laid
		int t = nearest_piece(s, u, r);
		if (tw_rng_below(r, 4) == 0) {
			rd_order_unit(s, RD_OT_DEMOLISH, u, o);
			o->nval = 1;
			o->val[0] = t < 0 ? 0 : t;
			return;
		}
		rd_order_unit(s, RD_OT_WORK, u, o);
		o->n = (int32_t)tw_rng_below(r, RD_TASK_COUNT - 1);
		if (t >= 0 && o->n != 0) {
			o->nval = 1;
			o->val[0] = t;
		}
		return;
	}
	double left = fmax(0.5, rd_unit_allowance(s, u) - RDU(s, u)->used);
	rd_order_shift(s, u, tw_scale(tw_dir_deg(360.0 * tw_rng_unit(r)), left * tw_rng_unit(r)), o);
}

int rd_random_phase_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	for (int k = 0; k < max; k++)
		random_one(s, side, r, &out[k]);
	return max;
}

int rd_random_reply(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	if (max < 1)
		return 0;
	if (rd_charge_pending(s)) { // RD.CHARGE.7: stand, evade or counter-charge (the rules refuse what may not be)
		if (side != s->unit[RDG(s)->target].side)
			return 0;
		for (int k = 0; k < max; k++) {
			tw_order_init(&out[k], RD_OT_RESPOND, side);
			out[k].n = (int32_t)tw_rng_below(r, 3);
		}
		return max;
	}
	if (RDG(s)->fire >= 0) { // RD.MELEE.6/7: every unit fires, or some hold
		if (side != RDG(s)->fire)
			return 0;
		tw_order_init(&out[0], RD_OT_FIRE, side);
		for (int u = 0; u < s->nunit && out[0].nval < TW_ORDER_MAX_VALS; u++)
			if (s->unit[u].side == side && rd_unit_alive(s, u) && tw_rng_below(r, 3) == 0)
				out[0].val[out[0].nval++] = u;
		return 1;
	}
	return 0;
}

tw_status rd_formation_order(const tw_state *s, int unit, const char *name, tw_order *o, tw_error *err)
{
	int f = 0;
	while (f < TW_RD_F_COUNT && strcmp(rd_formation_names[f], name ? name : "") != 0)
		f++;
	if (f == TW_RD_F_COUNT)
		return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.8", "no formation '%s' (line, column, skirmish, limbered or deployed)",
				    name ? name : "");
	const tw_unit *u = unit >= 0 && unit < s->nunit ? rd_unit_c(s, unit) : NULL;
	if (!u || !rd_unit_alive(s, unit))
		return tw_error_set(err, TW_ERR_INPUT, "RD.ORG.7", "no unit %d with figures on the table", unit);
	if (!rd_order_form(s, unit, f, u->facing, rd_unit_centre(s, unit), o))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.8", "%s cannot be laid out in %s", u->name, rd_formation_names[f]);
	return TW_OK;
}

// This move: movement arrows, shot traces and melee rings (6 in) with their outcome.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "render_internal.h"

#define LOSS_R 1.5 ///< the ring round a melee's losses when the rule set gives no reach, inches

static bool fig_event(int type)
{
	switch (type) {
	case TW_EV_DEPLOY: case TW_EV_MOVE: case TW_EV_KILL: case TW_EV_TOUCH: case TW_EV_PRISONER:
	case TW_EV_ESCORT: case TW_EV_FREED: case TW_EV_REARMED: case TW_EV_DELIVERED: case TW_EV_SURRENDER:
	case TW_EV_WITHDRAW: case TW_EV_TRAIL: case TW_EV_LIE: case TW_EV_MELEE_MEMBER:
		return true;
	default:
		return false;
	}
}

/// The events that make up one melee: the melee, its participants, its dead and prisoners.
static bool melee_part(int type)
{
	return type == TW_EV_MELEE || type == TW_EV_MELEE_MEMBER || type == TW_EV_KILL || type == TW_EV_PRISONER;
}

static bool gun_event(int type)
{
	return type == TW_EV_GUN_MOVE || type == TW_EV_SHOT || type == TW_EV_CAPTURE || type == TW_EV_DISPUTE ||
	       type == TW_EV_GUN_STATUS;
}

bool tw_event_visible(const tw_rctx *c, const tw_event *e)
{
	if (c->o->seat < 0)
		return true;
	if (e->type == TW_EV_DEPLOY) {
		if (e->side != c->o->seat && e->b)
			return false; // put down behind the curtain
		if (e->a < 0) {
			const tw_gun *g = tw_state_gun_c(c->s, e->c);
			return g && tw_gun_on_table(c->s, g);
		}
	}
	if (fig_event(e->type) && e->a >= 0) {
		const tw_figure *f = tw_state_figure_c(c->s, e->a);
		return f && f->status != TW_FS_UNPLACED && f->status != TW_FS_RESERVE;
	}
	if (gun_event(e->type)) {
		const tw_gun *g = tw_state_gun_c(c->s, e->a);
		return g && tw_gun_on_table(c->s, g);
	}
	return true;
}

void tw_move_marks(tw_rctx *c)
{
	if (!c->ev)
		return;
	bool in_melee = false;
	for (int i = c->first; i < c->first + c->count; i++) {
		const tw_event *e = &c->ev->v[i];
		if (!tw_event_visible(c, e))
			continue;
		bool fig = e->a >= 0 && e->a < c->s->nfig;
		switch (e->type) {
		case TW_EV_MELEE:
			in_melee = true;
			break;
		case TW_EV_KILL:
			if (fig)
				c->mark[e->a] |= TW_RM_KILLED | (in_melee ? TW_RM_MELEE : 0);
			break;
		case TW_EV_PRISONER:
			if (fig)
				c->mark[e->a] |= TW_RM_TAKEN | (in_melee ? TW_RM_MELEE : 0);
			break;
		case TW_EV_MELEE_MEMBER:
			if (fig)
				c->mark[e->a] |= TW_RM_MELEE | (e->c == 1 ? TW_RM_CONTACT : 0);
			break;
		case TW_EV_FREED:
			if (fig)
				c->mark[e->a] |= TW_RM_FREED;
			break;
		case TW_EV_MOVE:
			if (fig)
				c->mark[e->a] |= TW_RM_MOVED;
			break;
		case TW_EV_CAPTURE:
			if (e->a >= 0 && e->a < c->s->ngun)
				c->gun_taken[e->a] = 1;
			break;
		default:
			break;
		}
		if (!melee_part(e->type))
			in_melee = false;
	}
}

void tw_draw_arrow(cairo_t *cr, tw_vec2 a, tw_vec2 b, double width, double head)
{
	double dx = b.x - a.x, dy = b.y - a.y, l = hypot(dx, dy);
	if (l < 1e-6)
		return;
	dx /= l;
	dy /= l;
	double h = fmin(head, l * 0.6);
	tw_vec2 base = tw_v2(b.x - dx * h, b.y - dy * h);
	cairo_set_line_width(cr, width);
	cairo_move_to(cr, a.x, a.y);
	cairo_line_to(cr, base.x, base.y);
	cairo_stroke(cr);
	cairo_move_to(cr, b.x, b.y);
	cairo_line_to(cr, base.x - dy * h * 0.5, base.y + dx * h * 0.5);
	cairo_line_to(cr, base.x + dy * h * 0.5, base.y - dx * h * 0.5);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static bool valid_pos(const tw_state *s, tw_vec2 p)
{
	return p.x >= -0.5 && p.y >= -0.5 && p.x <= s->table.width + 0.5 && p.y <= s->table.depth + 0.5;
}

void tw_draw_move_under(tw_rctx *c)
{
	if (!c->ev)
		return;
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	const tw_state *b = c->before;
	tw_vec2 *fpos = calloc((size_t)s->nfig + 1, sizeof *fpos);
	tw_vec2 *gpos = calloc((size_t)s->ngun + 1, sizeof *gpos);
	bool *fknown = calloc((size_t)s->nfig + 1, sizeof *fknown);
	if (!fpos || !gpos || !fknown)
		goto out;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = b ? tw_state_figure_c(b, i) : NULL;
		if (f && tw_fig_on_table(b, f) && valid_pos(s, f->pos)) {
			fpos[i] = f->pos;
			fknown[i] = true;
		}
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = b ? tw_state_gun_c(b, i) : NULL;
		gpos[i] = g ? g->axle : s->gun[i].axle;
	}
	for (int i = c->first; i < c->first + c->count; i++) {
		const tw_event *e = &c->ev->v[i];
		if (!tw_event_visible(c, e))
			continue;
		tw_vec2 to = tw_v2(e->x, e->y);
		if (e->type == TW_EV_MOVE && e->a >= 0 && e->a < s->nfig) {
			const tw_figure *f = &s->fig[e->a];
			if (fknown[e->a] && tw_dist(fpos[e->a], to) > 0.05) {
				// The head stops at the man's edge, so that his symbol does not hide it.
				tw_vec2 pa = tw_rp(c, fpos[e->a]), pb = tw_rp(c, to);
				double l = tw_dist(pa, pb), stop = tw_man_radius(c, f->kind) + 1.0;
				if (l > stop + 3) {
					pb = tw_add(pa, tw_scale(tw_sub(pb, pa), (l - stop) / l));
					tw_set_rgb(cr, tw_side_rgb(f->side, true), 0.55);
					tw_draw_arrow(cr, pa, pb, 1.1, 5.5);
				}
			}
			fpos[e->a] = to;
			fknown[e->a] = true;
		} else if (e->type == TW_EV_GUN_MOVE && e->a >= 0 && e->a < s->ngun) {
			if (valid_pos(s, gpos[e->a]) && tw_dist(gpos[e->a], to) > 0.05) {
				tw_set_rgb(cr, tw_side_rgb(s->gun[e->a].side, true), 0.75);
				tw_draw_arrow(cr, tw_rp(c, gpos[e->a]), tw_rp(c, to), 2.6, 9);
			}
			gpos[e->a] = to;
		} else if (e->type == TW_EV_SHOT && e->a >= 0 && e->a < s->ngun) {
			// From the muzzle (the gun turned towards where the shot went) to where it rested.
			const tw_gun *g = &s->gun[e->a];
			tw_vec2 ax = gpos[e->a], d = tw_sub(to, ax);
			double l = tw_len(d);
			tw_vec2 m = l > 1e-9 ? tw_add(ax, tw_scale(d, (g->muzzle > 0 ? g->muzzle : 2.0) / l)) : ax;
			tw_vec2 pa = tw_rp(c, m), pb = tw_rp(c, to);
			static const double dash[] = {6, 3};
			cairo_set_dash(cr, dash, 2, 0);
			cairo_set_source_rgba(cr, 0.15, 0.12, 0.10, 0.9);
			cairo_set_line_width(cr, 1.6);
			const tw_shot_result *tr = c->shots && e->c >= 0 ? tw_shot_recorder_get(c->shots, e->c) : NULL;
			if (tr && tr->nsamples > 1) {
				// The recorded trace: flight, bounces and roll as the shot model flew them.
				tw_vec2 q = tw_rp(c, tw_v2(tr->samples[0].x, tr->samples[0].y));
				cairo_move_to(cr, q.x, q.y);
				for (int k = 1; k < tr->nsamples; k++) {
					q = tw_rp(c, tw_v2(tr->samples[k].x, tr->samples[k].y));
					cairo_line_to(cr, q.x, q.y);
				}
				cairo_line_to(cr, pb.x, pb.y);
			} else {
				cairo_move_to(cr, pa.x, pa.y);
				cairo_line_to(cr, pb.x, pb.y);
			}
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_arc(cr, pb.x, pb.y, fmax(2.2, 0.35 * c->ppi), 0, 2 * M_PI);
			cairo_set_source_rgb(cr, 0.95, 0.55, 0.05);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 0.15, 0.12, 0.10);
			cairo_set_line_width(cr, 1);
			cairo_stroke(cr);
		}
	}
out:
	free(fpos);
	free(gpos);
	free(fknown);
}

static bool covered(const tw_vec2 *p, int n, int i, double r, double a)
{
	tw_vec2 q = tw_v2(p[i].x + r * cos(a), p[i].y + r * sin(a));
	for (int j = 0; j < n; j++) {
		if (j == i)
			continue;
		double d = tw_dist(p[i], p[j]);
		if (d < 1e-9) {
			if (j < i)
				return true; // the same centre twice: draw it once
			continue;
		}
		if (tw_dist(q, p[j]) < r - 1e-6)
			return true;
	}
	return false;
}

/// Outline of a union of equal circles: each circle's arcs that lie outside all the others
/// (the ends of each arc found by bisection, so that the outline has no gaps).
static void union_outline(cairo_t *cr, const tw_vec2 *p, int n, double r)
{
	enum { STEPS = 96 };
	for (int i = 0; i < n; i++) {
		bool pen = false, prev_in = true;
		double prev_a = 0;
		for (int k = 0; k <= STEPS; k++) {
			double a = 2 * M_PI * k / STEPS;
			bool in = covered(p, n, i, r, a);
			if (k > 0 && in != prev_in) {
				double lo = prev_a, hi = a; // the crossing lies between
				for (int it = 0; it < 12; it++) {
					double mid = (lo + hi) / 2;
					if (covered(p, n, i, r, mid) == prev_in)
						lo = mid;
					else
						hi = mid;
				}
				double e = in ? lo : hi;
				tw_vec2 q = tw_v2(p[i].x + r * cos(e), p[i].y + r * sin(e));
				if (pen)
					cairo_line_to(cr, q.x, q.y);
				else
					cairo_move_to(cr, q.x, q.y);
				pen = !in;
			}
			if (!in) {
				tw_vec2 q = tw_v2(p[i].x + r * cos(a), p[i].y + r * sin(a));
				if (pen)
					cairo_line_to(cr, q.x, q.y);
				else
					cairo_move_to(cr, q.x, q.y);
				pen = true;
			} else {
				pen = false;
			}
			prev_in = in;
			prev_a = a;
		}
	}
}

static void draw_melee(tw_rctx *c, const tw_event *m, int from, int to)
{
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	int n = to - from;
	tw_vec2 *p = malloc((size_t)(n > 0 ? n : 1) * sizeof *p);
	if (!p)
		return;
	int dead[TW_MAX_SIDES] = {0}, taken[TW_MAX_SIDES] = {0};
	int np = 0;
	// With its participants announced (melee_member), the ring is the rule set's reach round each
	// man in contact (tw_ruleset.melee_reach), which holds every participant, and each
	// participant is ringed: a full ring in contact, a broken one drawn in. Without them, round
	// the losses.
	bool members = false;
	for (int i = from; i < to && !members; i++)
		members = c->ev->v[i].type == TW_EV_MELEE_MEMBER;
	for (int i = from; i < to; i++) {
		const tw_event *e = &c->ev->v[i];
		const tw_figure *f = tw_state_figure_c(s, e->a);
		if (!f || !tw_event_visible(c, e))
			continue;
		if (e->type == TW_EV_MELEE_MEMBER) {
			tw_vec2 q = tw_rp(c, tw_v2(e->x, e->y));
			if (e->c == 1)
				p[np++] = q;
			static const double dash[] = {2.5, 2};
			cairo_new_path(cr);
			cairo_arc(cr, q.x, q.y, tw_man_radius(c, f->kind) + 2.5, 0, 2 * M_PI);
			cairo_set_dash(cr, e->c == 1 ? NULL : dash, e->c == 1 ? 0 : 2, 0);
			cairo_set_source_rgba(cr, 0.40, 0.05, 0.45, 0.95);
			cairo_set_line_width(cr, e->c == 1 ? 1.6 : 1.2);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			continue;
		}
		if (!members)
			p[np++] = tw_rp(c, tw_v2(e->x, e->y));
		if (f->side < TW_MAX_SIDES) {
			if (e->type == TW_EV_KILL)
				dead[f->side]++;
			else
				taken[f->side]++;
		}
	}
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	double reach = rs ? rs->melee_reach : 0;
	if (np == 0 && reach > 0) // the melee's own place
		p[np++] = tw_rp(c, tw_v2(m->x, m->y));
	if (np == 0) {
		free(p);
		return;
	}
	double r = (reach > 0 ? reach : LOSS_R) * c->ppi;
	cairo_new_path(cr);
	for (int i = 0; i < np; i++) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, p[i].x, p[i].y, r, 0, 2 * M_PI);
	}
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	cairo_set_source_rgba(cr, 0.45, 0.10, 0.50, 0.10);
	cairo_fill(cr);
	union_outline(cr, p, np, r);
	cairo_set_source_rgba(cr, 0.40, 0.05, 0.45, 0.95);
	cairo_set_line_width(cr, 1.8);
	cairo_stroke(cr);
	// The outcome above the ring.
	double top = 1e9, cx = 0;
	for (int i = 0; i < np; i++) {
		top = fmin(top, p[i].y - r);
		cx += p[i].x / np;
	}
	char buf[160];
	int len = snprintf(buf, sizeof buf, "Melee %d:", m->a);
	for (int k = 0; k < s->nsides && k < TW_MAX_SIDES && len < (int)sizeof buf - 40; k++) {
		if (!dead[k] && !taken[k])
			continue;
		len += snprintf(buf + len, sizeof buf - (size_t)len, " %s %d dead", s->sides[k].name, dead[k]);
		if (taken[k])
			len += snprintf(buf + len, sizeof buf - (size_t)len, ", %d taken", taken[k]);
		len += snprintf(buf + len, sizeof buf - (size_t)len, ";");
	}
	if (len > 0 && buf[len - 1] == ';')
		buf[len - 1] = 0;
	if (top < c->oy + 12)
		top = c->oy + 12;
	if (c->o->text) {
		cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 10);
		cairo_text_extents_t te;
		cairo_text_extents(cr, buf, &te);
		double x = cx - te.x_advance / 2;
		double maxx = c->ox + c->vw - te.x_advance - 2;
		if (x > maxx)
			x = maxx;
		if (x < c->ox + 2)
			x = c->ox + 2;
		cairo_move_to(cr, x, top - 3);
		cairo_text_path(cr, buf);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
		cairo_set_line_width(cr, 3);
		cairo_stroke_preserve(cr);
		cairo_set_source_rgb(cr, 0.35, 0.03, 0.40);
		cairo_fill(cr);
	}
	free(p);
}

void tw_draw_move_over(tw_rctx *c)
{
	if (!c->ev)
		return;
	for (int i = c->first; i < c->first + c->count; i++) {
		const tw_event *e = &c->ev->v[i];
		if (e->type != TW_EV_MELEE || !tw_event_visible(c, e))
			continue;
		int j = i + 1;
		while (j < c->first + c->count && melee_part(c->ev->v[j].type) && c->ev->v[j].type != TW_EV_MELEE)
			j++;
		draw_melee(c, e, i + 1, j);
		i = j - 1;
	}
}

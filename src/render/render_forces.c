// Forces: men by kind and side with their facing, guns with bearing and trail, the dead,
// prisoners with lines to their escorts, and released prisoners.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_internal.h"

/// Screen direction of a table bearing (0 = towards +y = up the picture).
static tw_vec2 screen_dir(double bearing_deg)
{
	double a = bearing_deg * M_PI / 180;
	return tw_v2(sin(a), -cos(a));
}

double tw_man_radius(const tw_rctx *c, int kind)
{
	double real = kind == TW_FK_CAVALRY ? 0.5 : 0.3;
	double least = kind == TW_FK_CAVALRY ? 3.4 : 2.5; // pixels: a man must stay visible
	return fmax(real * c->ppi, least);
}

static void body_path(cairo_t *cr, int kind, tw_vec2 p, double facing, double r)
{
	tw_vec2 u = screen_dir(facing), n = tw_v2(-u.y, u.x);
	cairo_new_path(cr);
	switch (kind) {
	case TW_FK_CAVALRY:
		// A pointed lozenge, longer along the horse: nose forward.
		cairo_move_to(cr, p.x + u.x * 1.5 * r, p.y + u.y * 1.5 * r);
		cairo_line_to(cr, p.x + n.x * 0.8 * r, p.y + n.y * 0.8 * r);
		cairo_line_to(cr, p.x - u.x * 1.1 * r, p.y - u.y * 1.1 * r);
		cairo_line_to(cr, p.x - n.x * 0.8 * r, p.y - n.y * 0.8 * r);
		cairo_close_path(cr);
		break;
	case TW_FK_GUNNER:
	case TW_FK_WAGGON:
	case TW_FK_OTHER: {
		double a = 0.85 * r;
		cairo_move_to(cr, p.x + (u.x + n.x) * a, p.y + (u.y + n.y) * a);
		cairo_line_to(cr, p.x + (u.x - n.x) * a, p.y + (u.y - n.y) * a);
		cairo_line_to(cr, p.x + (-u.x - n.x) * a, p.y + (-u.y - n.y) * a);
		cairo_line_to(cr, p.x + (-u.x + n.x) * a, p.y + (-u.y + n.y) * a);
		cairo_close_path(cr);
		break;
	}
	case TW_FK_GENERAL:
		for (int k = 0; k < 10; k++) {
			double rr = (k & 1) ? 0.55 * r : 1.4 * r;
			double a = (facing + k * 36) * M_PI / 180;
			double x = p.x + sin(a) * rr, y = p.y - cos(a) * rr;
			if (k == 0)
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
		}
		cairo_close_path(cr);
		break;
	default:
		// Infantry (and officers): a round base with a small nose where he faces.
		cairo_arc(cr, p.x, p.y, r, 0, 2 * M_PI);
		cairo_close_path(cr);
		cairo_move_to(cr, p.x + u.x * 1.55 * r, p.y + u.y * 1.55 * r);
		cairo_line_to(cr, p.x + n.x * 0.7 * r + u.x * 0.5 * r, p.y + n.y * 0.7 * r + u.y * 0.5 * r);
		cairo_line_to(cr, p.x - n.x * 0.7 * r + u.x * 0.5 * r, p.y - n.y * 0.7 * r + u.y * 0.5 * r);
		cairo_close_path(cr);
		break;
	}
}

void tw_draw_man_symbol(cairo_t *cr, int kind, int side, int look, tw_vec2 p, double facing, double r)
{
	tw_rgb col = tw_side_rgb(side, false), dark = tw_side_rgb(side, true);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	body_path(cr, kind, p, facing, r);
	if (look == TW_LOOK_HELD) {
		// Hollow: a man held by the enemy.
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill_preserve(cr);
		tw_set_rgb(cr, col, 1);
		cairo_set_line_width(cr, 1.3);
		cairo_stroke(cr);
	} else if (look == TW_LOOK_DISARMED) {
		// Pale with a bar across: released but disarmed until he reaches his back line.
		tw_set_rgb(cr, col, 0.35);
		cairo_fill_preserve(cr);
		tw_set_rgb(cr, dark, 1);
		cairo_set_line_width(cr, 0.9);
		cairo_stroke(cr);
		cairo_move_to(cr, p.x - r * 1.2, p.y + r * 1.2);
		cairo_line_to(cr, p.x + r * 1.2, p.y - r * 1.2);
		cairo_set_line_width(cr, 1.1);
		cairo_stroke(cr);
	} else {
		tw_set_rgb(cr, col, 1);
		cairo_fill_preserve(cr);
		tw_set_rgb(cr, dark, 1);
		cairo_set_line_width(cr, 0.7);
		cairo_stroke(cr);
		if (kind == TW_FK_OFFICER) {
			cairo_arc(cr, p.x, p.y, r * 0.45, 0, 2 * M_PI);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_fill(cr);
		}
	}
}

void tw_draw_dead(cairo_t *cr, tw_vec2 p, double r, int side, bool now)
{
	if (now) {
		// Killed in this move: a burst behind a bold cross.
		cairo_arc(cr, p.x, p.y, r * 1.9, 0, 2 * M_PI);
		cairo_set_source_rgba(cr, 1.0, 0.80, 0.10, 0.85);
		cairo_fill(cr);
		tw_set_rgb(cr, tw_side_rgb(side, true), 1);
		cairo_set_line_width(cr, 1.6);
	} else {
		tw_set_rgb(cr, tw_side_rgb(side, false), 0.45);
		cairo_set_line_width(cr, 1.0);
	}
	double a = r * 1.05;
	cairo_move_to(cr, p.x - a, p.y - a);
	cairo_line_to(cr, p.x + a, p.y + a);
	cairo_move_to(cr, p.x - a, p.y + a);
	cairo_line_to(cr, p.x + a, p.y - a);
	cairo_stroke(cr);
}

void tw_draw_gun_symbol(cairo_t *cr, const tw_rctx *c, const tw_gun *g, tw_vec2 ax, double bearing, double scale)
{
	double ppi = c ? c->ppi * scale : scale;
	tw_vec2 u = screen_dir(bearing), n = tw_v2(-u.y, u.x);
	tw_rgb col = tw_side_rgb(g->side, false), dark = tw_side_rgb(g->side, true);
	double trail = (g->trail > 0 ? g->trail : 3.0) * ppi, half = (g->half_axle > 0 ? g->half_axle : 0.9) * ppi;
	double muzzle = (g->muzzle > 0 ? g->muzzle : 2.0) * ppi;
	// Trail, with the spade at its end.
	tw_vec2 te = tw_v2(ax.x - u.x * trail, ax.y - u.y * trail);
	tw_set_rgb(cr, dark, 1);
	cairo_set_line_width(cr, fmax(1.6, 0.3 * ppi));
	cairo_move_to(cr, ax.x, ax.y);
	cairo_line_to(cr, te.x, te.y);
	cairo_stroke(cr);
	cairo_move_to(cr, te.x - n.x * 0.35 * ppi, te.y - n.y * 0.35 * ppi);
	cairo_line_to(cr, te.x + n.x * 0.35 * ppi, te.y + n.y * 0.35 * ppi);
	cairo_stroke(cr);
	// Axle and wheels.
	cairo_set_line_width(cr, 1.4);
	cairo_move_to(cr, ax.x - n.x * half, ax.y - n.y * half);
	cairo_line_to(cr, ax.x + n.x * half, ax.y + n.y * half);
	cairo_stroke(cr);
	for (int k = -1; k <= 1; k += 2) {
		tw_vec2 w = tw_v2(ax.x + n.x * half * k, ax.y + n.y * half * k);
		double l = fmax(2.5, 0.55 * ppi), t = fmax(1.0, 0.15 * ppi);
		cairo_move_to(cr, w.x + u.x * l + n.x * t, w.y + u.y * l + n.y * t);
		cairo_line_to(cr, w.x - u.x * l + n.x * t, w.y - u.y * l + n.y * t);
		cairo_line_to(cr, w.x - u.x * l - n.x * t, w.y - u.y * l - n.y * t);
		cairo_line_to(cr, w.x + u.x * l - n.x * t, w.y + u.y * l - n.y * t);
		cairo_close_path(cr);
		cairo_fill(cr);
	}
	// Barrel to the muzzle, in the colour of the side that now holds the gun.
	cairo_move_to(cr, ax.x, ax.y);
	cairo_line_to(cr, ax.x + u.x * muzzle, ax.y + u.y * muzzle);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_width(cr, fmax(3.2, 0.5 * ppi));
	tw_set_rgb(cr, dark, 1);
	cairo_stroke_preserve(cr);
	cairo_set_line_width(cr, fmax(1.8, 0.3 * ppi));
	tw_set_rgb(cr, col, 1);
	cairo_stroke(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
}

// Element `index`'s value of field `name` in record kind `kind`, for people; false if the rule
// set's record of that kind has no such field, or the value is its default (not a named choice).
static bool field_text(const tw_state *s, tw_rec_kind kind, int index, const char *name, char *buf, size_t n)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	int fi = tw_record_field(d, name);
	const void *rec = fi >= 0 ? tw_rec_c(s, kind, index) : NULL;
	// A value at its default says nothing (no captor, no damage), except a named choice.
	if (!rec || (d->fields[fi].type != TW_FT_ENUM && tw_rec_is_default(rec, &d->fields[fi])))
		return false;
	tw_rec_format_field(s, rec, &d->fields[fi], buf, n);
	return true;
}

// ll-reg: several figure fields, `--field name,wounded`: their values joined by spaces, a yes/no
// field by its name when yes ("Aldhelm wounded"); fields at their default say nothing.
static bool fields_text(const tw_state *s, int index, const char *names, char *buf, size_t n)
{
	const tw_record_def *d = tw_state_record_def(s, TW_REC_FIGURE);
	size_t len = 0;
	buf[0] = 0;
	for (const char *p = names; *p;) {
		const char *q = strchr(p, ',');
		size_t k = q ? (size_t)(q - p) : strlen(p);
		char one[64], val[128];
		if (k > 0 && k < sizeof one) {
			memcpy(one, p, k);
			one[k] = 0;
			int fi = tw_record_field(d, one);
			if (fi >= 0 && field_text(s, TW_REC_FIGURE, index, one, val, sizeof val) && len + 1 < n)
				len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "",
							d->fields[fi].type == TW_FT_BOOL ? one : val);
			if (len >= n)
				len = n - 1;
		}
		p += k + (q ? 1 : 0);
	}
	return len > 0;
}

const char *tw_render_formation_name(const tw_state *s, int formation)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	const tw_order_def *d = rs ? tw_order_def_get(rs, tw_order_type_find(rs, "formation")) : NULL;
	int fi = d ? tw_order_field_find(d, "n") : -1;
	const char *const *ch = fi >= 0 ? d->fields[fi].choices : NULL;
	for (int k = 0; ch && ch[k]; k++)
		if (k == formation)
			return ch[k];
	return NULL;
}

// The field the options name, by name: beside each man when it is a field of the figures'
// record; once a unit, at the middle of its men on the table, when it is the units'; beside
// each gun when it is the guns'.
static void draw_field_labels(const tw_rctx *c)
{
	const tw_state *s = c->s;
	const char *name = c->o->field;
	char buf[128];
	double size = 0.9 * c->ppi < 6 ? 6 : 0.9 * c->ppi;
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	bool unit_field = tw_record_field(tw_state_record_def(s, TW_REC_UNIT), name) >= 0;
	bool formation = !unit_field && strcmp(name, "formation") == 0; // the unit's formation by name
	unit_field = unit_field || formation;
	bool several = strchr(name, ',') != NULL;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!tw_figure_on_table(s, f) ||
		    !(several ? fields_text(s, i, name, buf, sizeof buf) : field_text(s, TW_REC_FIGURE, i, name, buf, sizeof buf)))
			continue;
		tw_vec2 p = tw_rp(c, f->pos);
		tw_text(c, p.x + tw_man_radius(c, f->kind) + 1, p.y + size / 3, size, false, 0, buf);
	}
	for (int u = 0; unit_field && u < s->nunit; u++) {
		double x = 0, y = 0;
		int n = 0;
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].unit == u && tw_figure_on_table(s, &s->fig[i]) && s->fig[i].status != TW_FS_DEAD) {
				x += s->fig[i].pos.x;
				y += s->fig[i].pos.y;
				n++;
			}
		if (formation && n && tw_render_formation_name(s, s->unit[u].formation))
			snprintf(buf, sizeof buf, "%s", tw_render_formation_name(s, s->unit[u].formation));
		else if (formation || !n || !field_text(s, TW_REC_UNIT, u, name, buf, sizeof buf))
			continue;
		tw_vec2 p = tw_rp(c, tw_v2(x / n, y / n));
		tw_text(c, p.x, p.y - 1.5 * c->ppi, size, true, 0.5, buf);
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (!tw_gun_on_table(s, g) || !field_text(s, TW_REC_GUN, i, name, buf, sizeof buf))
			continue;
		tw_vec2 p = tw_rp(c, g->axle);
		tw_text(c, p.x + 2.6 * c->ppi, p.y + size / 3, size, true, 0, buf);
	}
}

void tw_draw_forces(tw_rctx *c)
{
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	// The dead lie under everything else.
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_DEAD)
			continue;
		tw_draw_dead(cr, tw_rp(c, f->pos), tw_man_radius(c, f->kind), f->side, (c->mark[i] & TW_RM_KILLED) != 0);
	}
	// Prisoners are tied to their escorts by a dashed line in the captor's colour.
	static const double dash[] = {3, 2};
	cairo_set_dash(cr, dash, 2, 0);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!tw_figure_on_table(s, f))
			continue;
		tw_look look;
		tw_figure_look(s, f, &look);
		const tw_figure *e = look.link >= 0 ? tw_state_figure_c(s, look.link) : NULL;
		if (!e || !tw_fig_on_table(s, e))
			continue;
		tw_vec2 a = tw_rp(c, f->pos), b = tw_rp(c, e->pos);
		tw_set_rgb(cr, tw_side_rgb(look.colour >= 0 ? look.colour : e->side, true), 0.9);
		cairo_set_line_width(cr, 1.1);
		cairo_move_to(cr, a.x, a.y);
		cairo_line_to(cr, b.x, b.y);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (!tw_gun_on_table(s, g))
			continue;
		tw_vec2 ax = tw_rp(c, g->axle);
		if (g->side != g->orig_side || c->gun_taken[i]) {
			// A captured gun wears a ring in its captor's colour (bold if taken in this move).
			static const double d2[] = {4, 3};
			cairo_set_dash(cr, c->gun_taken[i] ? NULL : d2, c->gun_taken[i] ? 0 : 2, 0);
			cairo_arc(cr, ax.x, ax.y, 2.4 * c->ppi, 0, 2 * M_PI);
			tw_set_rgb(cr, tw_side_rgb(g->side, true), 1);
			cairo_set_line_width(cr, c->gun_taken[i] ? 2.5 : 1.2);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
		tw_draw_gun_symbol(cr, c, g, ax, g->bearing, 1.0);
	}
	// Boxes and trains over the guns (a gun in a box stands at its place: the lid is over it, and
	// its number readable) and under the men.
	tw_draw_pieces(c);
	// Free men, then the freed and the prisoners on top so that they are not lost in a crowd.
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (!tw_figure_on_table(s, f))
				continue;
			tw_look look;
			tw_figure_look(s, f, &look);
			bool odd = look.look != TW_LOOK_PLAIN;
			if (odd != (pass == 1))
				continue;
			double r = tw_man_radius(c, f->kind);
			if (f->flags & TW_FF_LYING)
				r *= 0.8;
			tw_draw_man_symbol(cr, f->kind, f->side, look.look, tw_rp(c, f->pos), f->facing, r);
		}
	}
	if (c->o->field)
		draw_field_labels(c);
}

// The strength chart: free men of each side at the start of play and after every game move.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "render_internal.h"

static void label(cairo_t *cr, double x, double y, double size, double align, const char *s)
{
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents_t te;
	cairo_text_extents(cr, s, &te);
	cairo_move_to(cr, x - align * te.x_advance, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

void tw_draw_strength_chart(cairo_t *cr, const tw_battle *b, double x, double y, double w, double h)
{
	int *v = tw_battle_strength(b);
	if (!v)
		return;
	const tw_state *s = &b->final;
	int ns = s->nsides < TW_MAX_SIDES ? s->nsides : TW_MAX_SIDES;
	int top = 1;
	for (int k = 0; k <= b->nmoves; k++)
		for (int sd = 0; sd < ns; sd++)
			if (v[k * TW_MAX_SIDES + sd] > top)
				top = v[k * TW_MAX_SIDES + sd];
	int ystep = top > 100 ? 25 : top > 40 ? 10 : 5;
	top = (top + ystep - 1) / ystep * ystep;
	double px = x + 44, py = y + 10, pw = w - 44 - 110, ph = h - 10 - 34;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, x, y, w, h);
	cairo_fill(cr);
	// Grid and axes.
	char buf[64];
	cairo_set_line_width(cr, 0.6);
	for (int m = 0; m <= top; m += ystep) {
		double yy = py + ph - ph * m / top;
		cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
		cairo_move_to(cr, px, yy);
		cairo_line_to(cr, px + pw, yy);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		snprintf(buf, sizeof buf, "%d", m);
		label(cr, px - 5, yy + 3.5, 10, 1, buf);
	}
	int n = b->nmoves;
	int xstep = n > 100 ? 20 : n > 40 ? 10 : n > 15 ? 5 : 1;
	for (int k = 0; k <= n; k += xstep) {
		double xx = px + (n ? pw * k / n : 0);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		snprintf(buf, sizeof buf, "%d", k);
		label(cr, xx, py + ph + 14, 10, 0.5, buf);
	}
	label(cr, px + pw / 2, py + ph + 30, 11, 0.5, "after game move (0 = start of play)");
	cairo_save(cr);
	cairo_translate(cr, x + 11, py + ph / 2);
	cairo_rotate(cr, -M_PI / 2);
	label(cr, 0, 0, 11, 0.5, "free men");
	cairo_restore(cr);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, px, py, pw, ph);
	cairo_stroke(cr);
	// One line a side.
	for (int sd = 0; sd < ns; sd++) {
		tw_set_rgb(cr, tw_side_rgb(sd, false), 1);
		cairo_set_line_width(cr, 2.2);
		for (int k = 0; k <= n; k++) {
			double xx = px + (n ? pw * k / n : 0), yy = py + ph - ph * v[k * TW_MAX_SIDES + sd] / top;
			if (k == 0)
				cairo_move_to(cr, xx, yy);
			else
				cairo_line_to(cr, xx, yy);
		}
		cairo_stroke(cr);
		if (n <= 60) {
			for (int k = 0; k <= n; k++) {
				double xx = px + (n ? pw * k / n : 0), yy = py + ph - ph * v[k * TW_MAX_SIDES + sd] / top;
				cairo_arc(cr, xx, yy, 2.3, 0, 2 * M_PI);
				cairo_fill(cr);
			}
		}
		double ly = py + 14 + sd * 18;
		cairo_rectangle(cr, px + pw + 12, ly - 8, 14, 8);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		snprintf(buf, sizeof buf, "%s (%d)", s->sides[sd].name, v[n * TW_MAX_SIDES + sd]);
		label(cr, px + pw + 32, ly, 11, 0, buf);
	}
	cairo_restore(cr);
	free(v);
}

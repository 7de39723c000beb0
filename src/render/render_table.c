// The table and its terrain: hills by layer, roads, water with fords and bridges, woods, rocks,
// walls, houses and trees; the back lines; the names of the pieces.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render_internal.h"

static const tw_rgb FLOOR = {0.925, 0.905, 0.835};

tw_rgb tw_hill_rgb(double top)
{
	// Each board layer one shade darker: the table reads like a contour map.
	static const tw_rgb layer[] = {{0.86, 0.82, 0.64}, {0.78, 0.72, 0.50}, {0.69, 0.62, 0.40},
				       {0.60, 0.53, 0.33}, {0.52, 0.45, 0.28}};
	int k = (int)floor(top + 0.5) - 1;
	if (k < 0)
		k = 0;
	if (k >= (int)TW_ARRAY_COUNT(layer))
		k = (int)TW_ARRAY_COUNT(layer) - 1;
	return layer[k];
}

static void path_piece(tw_rctx *c, const tw_terrain *t)
{
	cairo_t *cr = c->cr;
	cairo_new_path(cr);
	if (t->shape == TW_SHAPE_CIRCLE) {
		tw_vec2 p = tw_rp(c, t->center);
		cairo_arc(cr, p.x, p.y, t->radius * c->ppi, 0, 2 * M_PI);
		cairo_close_path(cr);
		return;
	}
	for (int i = 0; i < t->nverts; i++) {
		tw_vec2 p = tw_rp(c, t->v[i]);
		if (i == 0)
			cairo_move_to(cr, p.x, p.y);
		else
			cairo_line_to(cr, p.x, p.y);
	}
	cairo_close_path(cr);
}

static void fill_stroke(cairo_t *cr, tw_rgb fill, double fa, tw_rgb line, double la, double width)
{
	tw_set_rgb(cr, fill, fa);
	cairo_fill_preserve(cr);
	tw_set_rgb(cr, line, la);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

/// fill_stroke with a dashed outline of `dash` (on, off) points: a wood's edge, a ditch's lip.
static void fill_stroke_dashed(cairo_t *cr, tw_rgb fill, double fa, tw_rgb line, double width, double on, double off)
{
	const double dash[] = {on, off};
	cairo_set_dash(cr, dash, 2, 0);
	fill_stroke(cr, fill, fa, line, 1, width);
	cairo_set_dash(cr, NULL, 0, 0);
}

/// Parallel lines across the piece's bounding box (clipped to the current path), every `gap` in.
static void hatch(tw_rctx *c, const tw_terrain *t, double gap, double angle_deg, tw_rgb col, double alpha, double width)
{
	cairo_t *cr = c->cr;
	cairo_save(cr);
	path_piece(c, t);
	cairo_clip(cr);
	tw_vec2 lo = tw_rp(c, tw_v2(t->lo.x, t->hi.y)), hi = tw_rp(c, tw_v2(t->hi.x, t->lo.y));
	double cx = (lo.x + hi.x) / 2, cy = (lo.y + hi.y) / 2;
	double span = hypot(hi.x - lo.x, hi.y - lo.y) / 2 + 2;
	double a = angle_deg * M_PI / 180, dx = cos(a), dy = sin(a);
	double step = gap * c->ppi;
	if (step < 2.5)
		step = 2.5;
	tw_set_rgb(cr, col, alpha);
	cairo_set_line_width(cr, width);
	for (double k = -span; k <= span; k += step) {
		double px = cx - dy * k, py = cy + dx * k;
		cairo_move_to(cr, px - dx * span, py - dy * span);
		cairo_line_to(cr, px + dx * span, py + dy * span);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

// A piece the game has changed (tw_state_table_edit: engineers' works, a ruin, a fire) is drawn
// as changed, over its own drawing: works as a heavy earth-brown bank with ticks, a ruin as grey
// rubble cross-hatched inside a broken outline, a fire as a red-orange glow. The label says so too.
static void draw_changes(tw_rctx *c, const tw_terrain *t)
{
	cairo_t *cr = c->cr;
	if (t->kind == TW_TER_TREE || !(t->flags & (TW_TF_WORKS | TW_TF_RUINED | TW_TF_BURNING)))
		return;
	if (t->flags & TW_TF_RUINED) {
		static const double broken[] = {3, 2};
		path_piece(c, t);
		tw_set_rgb(cr, (tw_rgb){0.56, 0.53, 0.49}, 0.8);
		cairo_fill(cr);
		hatch(c, t, 0.6, 45, (tw_rgb){0.25, 0.24, 0.22}, 0.7, 0.7);
		hatch(c, t, 0.6, 135, (tw_rgb){0.25, 0.24, 0.22}, 0.7, 0.7);
		path_piece(c, t);
		cairo_set_dash(cr, broken, 2, 0);
		tw_set_rgb(cr, (tw_rgb){0.10, 0.10, 0.10}, 1);
		cairo_set_line_width(cr, 1.4);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	if (t->flags & TW_TF_WORKS) {
		static const double ticks[] = {2, 1.5};
		path_piece(c, t);
		tw_set_rgb(cr, (tw_rgb){0.62, 0.47, 0.24}, 0.55);
		cairo_fill_preserve(cr);
		cairo_set_dash(cr, ticks, 2, 0);
		tw_set_rgb(cr, (tw_rgb){0.40, 0.27, 0.10}, 1);
		cairo_set_line_width(cr, 3.0);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	if (t->flags & TW_TF_BURNING) {
		path_piece(c, t);
		tw_set_rgb(cr, (tw_rgb){0.96, 0.42, 0.08}, 0.5);
		cairo_fill(cr);
	}
	cairo_new_path(cr);
}

static void draw_piece(tw_rctx *c, const tw_terrain *t)
{
	cairo_t *cr = c->cr;
	path_piece(c, t);
	switch (t->kind) {
	case TW_TER_HILL:
		fill_stroke(cr, tw_hill_rgb(t->z0 + t->height), 1, (tw_rgb){0.45, 0.37, 0.20}, 0.9, 1.0);
		break;
	case TW_TER_ROAD:
		fill_stroke(cr, (tw_rgb){0.88, 0.83, 0.71}, 1, (tw_rgb){0.68, 0.60, 0.45}, 1, 0.8);
		break;
	case TW_TER_RIVER:
		fill_stroke(cr, (tw_rgb){0.55, 0.75, 0.91}, 1, (tw_rgb){0.24, 0.50, 0.72}, 1, 1.2);
		break;
	case TW_TER_SWAMP:
		fill_stroke(cr, (tw_rgb){0.65, 0.70, 0.48}, 0.75, (tw_rgb){0.40, 0.45, 0.25}, 1, 0.8);
		hatch(c, t, 1.0, 0, (tw_rgb){0.30, 0.40, 0.55}, 0.6, 0.7);
		break;
	case TW_TER_FORD:
		fill_stroke(cr, (tw_rgb){0.85, 0.80, 0.62}, 0.85, (tw_rgb){0.24, 0.50, 0.72}, 1, 1.0);
		hatch(c, t, 0.8, 90, (tw_rgb){0.24, 0.50, 0.72}, 0.5, 0.6);
		break;
	case TW_TER_BRIDGE:
		fill_stroke(cr, (tw_rgb){0.61, 0.48, 0.32}, 1, (tw_rgb){0.30, 0.22, 0.12}, 1, 1.4);
		hatch(c, t, 0.7, 0, (tw_rgb){0.30, 0.22, 0.12}, 0.6, 0.6);
		break;
	case TW_TER_WOOD:
		fill_stroke_dashed(cr, (tw_rgb){0.55, 0.75, 0.47}, 0.55, (tw_rgb){0.25, 0.45, 0.20}, 1.2, 4, 3);
		break;
	case TW_TER_ROCK:
		fill_stroke(cr, (tw_rgb){0.62, 0.62, 0.58}, 1, (tw_rgb){0.32, 0.32, 0.30}, 1, 1.0);
		break;
	case TW_TER_WALL:
		fill_stroke(cr, (tw_rgb){0.42, 0.42, 0.42}, 1, (tw_rgb){0.18, 0.18, 0.18}, 1, 1.0);
		break;
	case TW_TER_HOUSE:
		fill_stroke(cr, (tw_rgb){0.71, 0.33, 0.23}, 1, (tw_rgb){0.36, 0.16, 0.12}, 1, 1.6);
		hatch(c, t, 1.0, 45, (tw_rgb){0.45, 0.20, 0.14}, 0.55, 0.8);
		break;
	case TW_TER_TREE: {
		// The trunk is what stops a shot; the canopy shows where the tree is.
		tw_vec2 p = tw_rp(c, t->center);
		double canopy = fmax(1.3, t->radius * 2.6) * c->ppi;
		cairo_new_path(cr);
		cairo_arc(cr, p.x, p.y, canopy, 0, 2 * M_PI);
		fill_stroke(cr, (tw_rgb){0.25, 0.52, 0.22}, 0.75, (tw_rgb){0.13, 0.30, 0.11}, 0.9, 0.8);
		cairo_arc(cr, p.x, p.y, fmax(1.2, t->radius * c->ppi), 0, 2 * M_PI);
		tw_set_rgb(cr, (tw_rgb){0.35, 0.22, 0.10}, 1);
		cairo_fill(cr);
		break;
	}
	case TW_TER_BARRICADE: // issue 16: timber and carts, cross-hatched
		fill_stroke(cr, (tw_rgb){0.55, 0.40, 0.22}, 1, (tw_rgb){0.28, 0.18, 0.08}, 1, 1.2);
		hatch(c, t, 0.5, 45, (tw_rgb){0.28, 0.18, 0.08}, 0.7, 0.6);
		hatch(c, t, 0.5, 135, (tw_rgb){0.28, 0.18, 0.08}, 0.7, 0.6);
		break;
	case TW_TER_DITCH: // issue 16: a dark cut in the ground, its lip drawn dashed
		fill_stroke_dashed(cr, (tw_rgb){0.47, 0.38, 0.26}, 0.8, (tw_rgb){0.25, 0.19, 0.11}, 1.2, 3, 2);
		break;
	default:
		fill_stroke(cr, (tw_rgb){0.8, 0.8, 0.8}, 1, (tw_rgb){0.4, 0.4, 0.4}, 1, 1.0);
		break;
	}
	cairo_new_path(cr);
	draw_changes(c, t);
}

/// Drawing order: lower things first, so that a house stands on its hill and a tree over its wood.
static int draw_rank(const tw_terrain *t)
{
	switch (t->kind) {
	case TW_TER_HILL: return 0;
	case TW_TER_ROAD: return 20;
	case TW_TER_SWAMP: return 21;
	case TW_TER_DITCH: return 21; // issue 16: in the ground, as a swamp
	case TW_TER_BARRICADE: return 27; // issue 16: standing, as a wall
	case TW_TER_RIVER: return 22;
	case TW_TER_FORD: return 23;
	case TW_TER_BRIDGE: return 24;
	case TW_TER_WOOD: return 25;
	case TW_TER_ROCK: return 26;
	case TW_TER_WALL: return 27;
	case TW_TER_HOUSE: return 28;
	case TW_TER_TREE: return 29;
	default: return 30;
	}
}

void tw_draw_table(tw_rctx *c)
{
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	double w = c->vw, h = c->vh; // the table, or the part of it drawn
	cairo_rectangle(cr, c->ox, c->oy, w, h);
	tw_set_rgb(cr, FLOOR, 1);
	cairo_fill(cr);
	cairo_save(cr);
	cairo_rectangle(cr, c->ox, c->oy, w, h);
	cairo_clip(cr);
	// Hills by layer height, then everything else by rank; ties keep the file's order.
	for (int rank = 0; rank <= 30; rank++) {
		if (rank == 0) {
			double done = -1e9;
			for (;;) {
				double next = 1e9;
				for (int i = 0; i < s->table.nterrain; i++) {
					const tw_terrain *t = &s->table.terrain[i];
					if (t->kind == TW_TER_HILL && t->z0 > done && t->z0 < next)
						next = t->z0;
				}
				if (next >= 1e9)
					break;
				for (int i = 0; i < s->table.nterrain; i++) {
					const tw_terrain *t = &s->table.terrain[i];
					if (t->kind == TW_TER_HILL && t->z0 == next)
						draw_piece(c, t);
				}
				done = next;
			}
			continue;
		}
		for (int i = 0; i < s->table.nterrain; i++) {
			const tw_terrain *t = &s->table.terrain[i];
			if (t->kind != TW_TER_HILL && draw_rank(t) == rank)
				draw_piece(c, t);
		}
	}
	cairo_restore(cr);
	// The back lines, in the colour of the side whose line it is.
	for (int k = 0; k < s->nsides; k++) {
		double y = s->sides[k].back_y;
		tw_vec2 a = tw_rp(c, tw_v2(0, y)), b = tw_rp(c, tw_v2(s->table.width, y));
		tw_set_rgb(cr, tw_side_rgb(k, false), 1);
		cairo_set_line_width(cr, 4);
		cairo_move_to(cr, a.x, a.y);
		cairo_line_to(cr, b.x, b.y);
		cairo_stroke(cr);
		char buf[64];
		snprintf(buf, sizeof buf, "%s's back line", s->sides[k].name);
		double ty = y <= s->table.depth / 2 ? a.y + 15 : a.y - 7;
		tw_set_rgb(cr, tw_side_rgb(k, true), 1);
		tw_text(c, c->ox + w / 2, ty, 11, true, 0.5, buf);
	}
	cairo_rectangle(cr, c->ox, c->oy, w, h);
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static tw_vec2 piece_centre(const tw_terrain *t)
{
	if (t->shape == TW_SHAPE_CIRCLE)
		return t->center;
	return tw_v2((t->lo.x + t->hi.x) / 2, (t->lo.y + t->hi.y) / 2);
}

void tw_draw_terrain_labels(tw_rctx *c)
{
	if (!c->o->text)
		return;
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (!t->name[0] || t->kind == TW_TER_TREE)
			continue;
		if (t->kind == TW_TER_HILL && t->z0 > 0)
			continue; // one label per hill, on its lowest board
		char name[40];
		snprintf(name, sizeof name, "%s", t->name);
		char *cut = strstr(name, " (board");
		if (cut)
			*cut = 0;
		char label[80];
		snprintf(label, sizeof label, "%s%s%s%s", name, (t->flags & TW_TF_WORKS) ? " (works)" : "",
			 (t->flags & TW_TF_RUINED) ? " (ruined)" : "", (t->flags & TW_TF_BURNING) ? " (burning)" : "");
		tw_vec2 p = tw_rp(c, piece_centre(t));
		if (t->kind == TW_TER_HILL)
			p.y = tw_rp(c, tw_v2(0, t->lo.y)).y - 5; // inside the hill's near edge
		else if (t->kind == TW_TER_HOUSE || t->kind == TW_TER_WALL)
			p.y = tw_rp(c, tw_v2(0, t->hi.y)).y - 4; // above the building
		else if (t->kind == TW_TER_ROAD)
			p = tw_rp(c, tw_v2(t->lo.x + 10, t->hi.y + 0.5));
		cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_font_size(cr, 10);
		cairo_text_extents_t te;
		cairo_text_extents(cr, label, &te);
		cairo_move_to(cr, p.x - te.x_advance / 2, p.y);
		cairo_text_path(cr, label);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
		cairo_set_line_width(cr, 3);
		cairo_stroke_preserve(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		cairo_fill(cr);
	}
}

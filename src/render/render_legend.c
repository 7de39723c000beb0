// The title, the scale bar in inches and the legend (symbols, terrain and each side's strength).
#include <math.h>
#include <stdio.h>

#include "render_internal.h"

// True if the state's rule set has a figure status drawn with look (the legend shows it then).
static bool has_look(const tw_state *s, int look)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	for (int i = 0; rs && i < rs->nstatuses; i++)
		if (rs->statuses[i].look == look)
			return true;
	return false;
}

void tw_draw_title(tw_rctx *c)
{
	if (!c->o->title || !c->o->text)
		return;
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	tw_text(c, c->ox, c->oy - 26, 16, true, 0, c->o->title);
}

void tw_draw_scale_bar(tw_rctx *c)
{
	cairo_t *cr = c->cr;
static const double nice[] = {6, 12, 24, 36, 48, 72, 96, 144, 240, 480};
	double len = nice[0];
	for (size_t i = 0; i < TW_ARRAY_COUNT(nice); i++)
		if (nice[i] * c->ppi <= 260)
			len = nice[i];
	double step = len >= 48 ? 12 : 6;
	double x0 = c->ox, y0 = c->oy + c->vh + 30;
	for (int k = 0; k * step < len - 1e-9; k++) {
		cairo_rectangle(cr, x0 + k * step * c->ppi, y0, step * c->ppi, 6);
		if (k & 1)
			cairo_set_source_rgb(cr, 1, 1, 1);
		else
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		cairo_fill_preserve(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		cairo_set_line_width(cr, 0.8);
		cairo_stroke(cr);
	}
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	char buf[160];
	double label_every = len >= 36 ? 12 : 6;
	for (double v = 0; v <= len + 1e-9; v += label_every) {
		snprintf(buf, sizeof buf, "%g", v);
		tw_text(c, x0 + v * c->ppi, y0 + 18, 9, false, 0.5, buf);
	}
	char part[96] = "";
	if (c->win) // which part of the table is drawn
		snprintf(part, sizeof part, "; shown: %.0f-%.0f across, %.0f-%.0f deep", c->wx0, c->wx0 + c->vw / c->ppi,
			 c->wy1 - c->vh / c->ppi, c->wy1);
	snprintf(buf, sizeof buf, "inches (table %g x %g in%s)", c->s->table.width, c->s->table.depth, part);
	tw_text(c, x0 + len * c->ppi + 14, y0 + 7, 10, false, 0, buf);
}

typedef struct legend_row {
	tw_rctx *c;
	double x, y;
} legend_row;

static void row_text(legend_row *L, const char *s)
{
	cairo_set_source_rgb(L->c->cr, 0.1, 0.1, 0.1);
	tw_text(L->c, L->x + 34, L->y + 4, 10, false, 0, s);
	L->y += 16;
}

static void heading(legend_row *L, const char *s)
{
	L->y += 4;
	cairo_set_source_rgb(L->c->cr, 0.1, 0.1, 0.1);
	tw_text(L->c, L->x, L->y + 4, 11, true, 0, s);
	L->y += 16;
}

static void swatch(legend_row *L, tw_rgb fill, double alpha, tw_rgb line)
{
	cairo_t *cr = L->c->cr;
	cairo_rectangle(cr, L->x + 6, L->y - 5, 20, 10);
	tw_set_rgb(cr, fill, alpha);
	cairo_fill_preserve(cr);
	tw_set_rgb(cr, line, 1);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static bool has_terrain(const tw_state *s, int kind)
{
	for (int i = 0; i < s->table.nterrain; i++)
		if (s->table.terrain[i].kind == kind)
			return true;
	return false;
}

static bool has_kind(const tw_state *s, int side, int kind)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && s->fig[i].kind == kind && s->fig[i].status != TW_FS_RESERVE &&
		    s->fig[i].status != TW_FS_UNPLACED)
			return true;
	return false;
}

static void strength_rows(legend_row *L)
{
	const tw_state *s = L->c->s;
	char buf[96];
	for (int k = 0; k < s->nsides; k++) {
		int dead = 0, held = 0, freed = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != k)
				continue;
			if (f->status == TW_FS_DEAD)
				dead++;
			else if (f->status != TW_FS_ACTIVE && tw_figure_held(s, f))
				held++;
			else if (f->status != TW_FS_ACTIVE && tw_status_look(s, f->status) == TW_LOOK_DISARMED)
				freed++;
		}
		tw_set_rgb(L->c->cr, tw_side_rgb(k, true), 1);
		snprintf(buf, sizeof buf, "%s", s->sides[k].name);
		tw_text(L->c, L->x, L->y + 4, 11, true, 0, buf);
		L->y += 14;
		cairo_set_source_rgb(L->c->cr, 0.1, 0.1, 0.1);
		char lines[6][TW_STRENGTH_LINE];
		int n = tw_strength_lines(s, L->c->o->seat, k, lines, 6);
		for (int j = 0; j < n; j++) {
			tw_text(L->c, L->x + 8, L->y + 4, 10, false, 0, lines[j]);
			L->y += 13;
		}
		if (has_look(s, TW_LOOK_HELD) || has_look(s, TW_LOOK_DISARMED))
			snprintf(buf, sizeof buf, "dead %d, held by the enemy %d, freed %d", dead, held, freed);
		else
			snprintf(buf, sizeof buf, "dead %d", dead);
		tw_text(L->c, L->x + 8, L->y + 4, 10, false, 0, buf);
		L->y += 15;
	}
}

void tw_draw_legend(tw_rctx *c)
{
	cairo_t *cr = c->cr;
	const tw_state *s = c->s;
	legend_row L = {c, c->legend_x, c->oy + 4};
	char buf[96];
	heading(&L, "Forces");
	double ri = tw_man_radius(c, TW_FK_INFANTRY), rc = tw_man_radius(c, TW_FK_CAVALRY);
	for (int k = 0; k < s->nsides; k++) {
		static const int kinds[] = {TW_FK_INFANTRY, TW_FK_CAVALRY, TW_FK_OFFICER, TW_FK_GENERAL, TW_FK_GUNNER};
		for (size_t j = 0; j < TW_ARRAY_COUNT(kinds); j++) {
			if (!has_kind(s, k, kinds[j]))
				continue;
			double r = kinds[j] == TW_FK_CAVALRY ? rc : ri;
			tw_draw_man_symbol(cr, kinds[j], k, TW_LOOK_PLAIN, tw_v2(L.x + 16, L.y), 90, fmax(r, 3.5));
			snprintf(buf, sizeof buf, "%s %s (points where he faces)", s->sides[k].name,
				 tw_figure_kind_name((tw_figure_kind)kinds[j]));
			row_text(&L, buf);
		}
		tw_gun g = {0};
		g.side = g.orig_side = (uint8_t)k;
		g.trail = 3;
		g.half_axle = 0.9;
		g.muzzle = 2;
		tw_draw_gun_symbol(cr, NULL, &g, tw_v2(L.x + 14, L.y), 90, 4.0);
		snprintf(buf, sizeof buf, "%s gun: barrel, wheels, trail", s->sides[k].name);
		row_text(&L, buf);
		if (tw_side_has_piece(c, k, TW_PIECE_BOX)) { // LW.BIG.2
			tw_draw_box_symbol(cr, k, tw_v2(L.x + 16, L.y), 16, 10);
			snprintf(buf, sizeof buf, "%s box and its number (lid line)", s->sides[k].name);
			row_text(&L, buf);
		}
		if (tw_side_has_piece(c, k, TW_PIECE_TRAIN)) { // LW.BIG.9
			tw_draw_train_symbol(cr, k, tw_v2(L.x + 24, L.y), 90, 2, 2.2);
			snprintf(buf, sizeof buf, "%s train: engine, then trucks", s->sides[k].name);
			row_text(&L, buf);
		}
		if (tw_side_has_piece(c, k, TW_PIECE_BOAT)) { // KS.FORM.1
			tw_draw_boat_symbol(cr, k, tw_v2(L.x + 16, L.y), 90, 16, 7, 4);
			snprintf(buf, sizeof buf, "%s boat, the men aboard as dots", s->sides[k].name);
			row_text(&L, buf);
		}
	}
	tw_draw_dead(cr, tw_v2(L.x + 16, L.y), 3.5, 0, false);
	row_text(&L, "dead (earlier moves)");
	tw_draw_dead(cr, tw_v2(L.x + 16, L.y), 3.5, 0, true);
	row_text(&L, "killed in this move");
	if (has_look(s, TW_LOOK_HELD)) {
		tw_draw_man_symbol(cr, TW_FK_INFANTRY, 0, TW_LOOK_HELD, tw_v2(L.x + 10, L.y), 90, 3.5);
		static const double dash[] = {3, 2};
		cairo_set_dash(cr, dash, 2, 0);
		tw_set_rgb(cr, tw_side_rgb(1, true), 0.9);
		cairo_set_line_width(cr, 1.1);
		cairo_move_to(cr, L.x + 13, L.y);
		cairo_line_to(cr, L.x + 24, L.y);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		tw_draw_man_symbol(cr, TW_FK_INFANTRY, 1, TW_LOOK_PLAIN, tw_v2(L.x + 27, L.y), 270, 3.0);
		row_text(&L, "prisoner (hollow), line to his escort");
	}
	if (has_look(s, TW_LOOK_DISARMED)) {
		tw_draw_man_symbol(cr, TW_FK_INFANTRY, 0, TW_LOOK_DISARMED, tw_v2(L.x + 16, L.y), 90, 3.5);
		row_text(&L, "released prisoner, disarmed");
	}
	cairo_arc(cr, L.x + 16, L.y, 6, 0, 2 * M_PI);
	tw_set_rgb(cr, tw_side_rgb(1, true), 1);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	row_text(&L, "ring: gun captured by that colour");

	heading(&L, "This move");
	tw_set_rgb(cr, tw_side_rgb(0, true), 0.7);
	tw_draw_arrow(cr, tw_v2(L.x + 4, L.y), tw_v2(L.x + 28, L.y), 1.1, 5.5);
	row_text(&L, "a man's move (from where he began)");
	tw_set_rgb(cr, tw_side_rgb(0, true), 0.8);
	tw_draw_arrow(cr, tw_v2(L.x + 4, L.y), tw_v2(L.x + 28, L.y), 2.6, 8);
	row_text(&L, "a gun moved");
	{
		static const double dash[] = {6, 3};
		cairo_set_dash(cr, dash, 2, 0);
		cairo_set_source_rgba(cr, 0.15, 0.12, 0.10, 0.9);
		cairo_set_line_width(cr, 1.6);
		cairo_move_to(cr, L.x + 4, L.y);
		cairo_line_to(cr, L.x + 24, L.y);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		cairo_arc(cr, L.x + 26, L.y, 2.5, 0, 2 * M_PI);
		cairo_set_source_rgb(cr, 0.95, 0.55, 0.05);
		cairo_fill(cr);
	}
	row_text(&L, "shot: muzzle to where it came to rest");
	cairo_arc(cr, L.x + 16, L.y, 6.5, 0, 2 * M_PI);
	cairo_set_source_rgba(cr, 0.45, 0.10, 0.50, 0.12);
	cairo_fill_preserve(cr);
	cairo_set_source_rgba(cr, 0.40, 0.05, 0.45, 0.95);
	cairo_set_line_width(cr, 1.8);
	cairo_stroke(cr);
	{ // the ring as the rule set draws it (tw_ruleset.melee_reach)
		const tw_ruleset *rs = tw_ruleset_get(c->s->ruleset);
		char mtxt[64];
		if (rs && rs->melee_reach > 0)
			snprintf(mtxt, sizeof mtxt, "melee: %g in round the men in it", rs->melee_reach);
		else
			snprintf(mtxt, sizeof mtxt, "melee: round its losses");
		row_text(&L, mtxt);
	}
	for (int i = 0; i < c->o->nplaced; i++) {
		const tw_render_template *t = c->o->placed[i].tpl;
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen = seen || c->o->placed[j].tpl == t;
		if (!t || seen)
			continue;
		cairo_rectangle(cr, L.x + 6, L.y - 5, 20, 10);
		tw_set_hex(cr, t->fill & 255 ? t->fill : 0xffffffffu);
		cairo_fill_preserve(cr);
		tw_set_hex(cr, t->stroke & 255 ? t->stroke : 0x000000ffu);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		row_text(&L, t->name);
	}

	heading(&L, "The Country");
	if (has_terrain(s, TW_TER_HILL)) {
		for (int k = 1; k <= 3; k++) {
			cairo_rectangle(cr, L.x + 6 + (k - 1) * 7, L.y - 5, 7, 10);
			tw_set_rgb(cr, tw_hill_rgb(k), 1);
			cairo_fill(cr);
		}
		row_text(&L, "hill: 1, 2, 3 in boards (darker = higher)");
	}
	if (has_terrain(s, TW_TER_HOUSE)) {
		swatch(&L, (tw_rgb){0.71, 0.33, 0.23}, 1, (tw_rgb){0.36, 0.16, 0.12});
		row_text(&L, "house (solid: stops men and shot)");
	}
	if (has_terrain(s, TW_TER_WALL)) {
		swatch(&L, (tw_rgb){0.42, 0.42, 0.42}, 1, (tw_rgb){0.18, 0.18, 0.18});
		row_text(&L, "wall");
	}
	if (has_terrain(s, TW_TER_WOOD) || has_terrain(s, TW_TER_TREE)) {
		swatch(&L, (tw_rgb){0.55, 0.75, 0.47}, 0.55, (tw_rgb){0.25, 0.45, 0.20});
		cairo_arc(cr, L.x + 16, L.y, 3.5, 0, 2 * M_PI);
		cairo_set_source_rgb(cr, 0.25, 0.52, 0.22);
		cairo_fill(cr);
		row_text(&L, "wood and trees (trunks stop shot)");
	}
	if (has_terrain(s, TW_TER_RIVER)) {
		swatch(&L, (tw_rgb){0.55, 0.75, 0.91}, 1, (tw_rgb){0.24, 0.50, 0.72});
		row_text(&L, "water (impassable)");
	}
	if (has_terrain(s, TW_TER_FORD)) {
		swatch(&L, (tw_rgb){0.85, 0.80, 0.62}, 0.85, (tw_rgb){0.24, 0.50, 0.72});
		row_text(&L, "ford");
	}
	if (has_terrain(s, TW_TER_BRIDGE)) {
		swatch(&L, (tw_rgb){0.61, 0.48, 0.32}, 1, (tw_rgb){0.30, 0.22, 0.12});
		row_text(&L, "bridge");
	}
	if (has_terrain(s, TW_TER_ROAD)) {
		swatch(&L, (tw_rgb){0.88, 0.83, 0.71}, 1, (tw_rgb){0.68, 0.60, 0.45});
		row_text(&L, "road");
	}
	if (has_terrain(s, TW_TER_ROCK)) {
		swatch(&L, (tw_rgb){0.62, 0.62, 0.58}, 1, (tw_rgb){0.32, 0.32, 0.30});
		row_text(&L, "rock");
	}
	if (has_terrain(s, TW_TER_SWAMP)) {
		swatch(&L, (tw_rgb){0.65, 0.70, 0.48}, 0.75, (tw_rgb){0.40, 0.45, 0.25});
		row_text(&L, "swamp");
	}
	if (has_terrain(s, TW_TER_BARRICADE)) { // issue 16
		swatch(&L, (tw_rgb){0.55, 0.40, 0.22}, 1, (tw_rgb){0.28, 0.18, 0.08});
		row_text(&L, "barricade (impassable; men fight across it)");
	}
	if (has_terrain(s, TW_TER_DITCH)) { // issue 16
		swatch(&L, (tw_rgb){0.47, 0.38, 0.26}, 0.8, (tw_rgb){0.25, 0.19, 0.11});
		row_text(&L, "ditch (difficult going)");
	}
	heading(&L, c->o->seat >= 0 ? "Strength (as this side sees it)" : "Strength");
	strength_rows(&L);
}

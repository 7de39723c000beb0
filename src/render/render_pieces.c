// The rule set's pieces that are neither figures nor guns (tw_state_pieces): lidded boxes (a
// rectangle with a lid line in the side's colour, its number on it), trains (an engine and its
// trucks along the line) and boats (a pointed hull, the men aboard as dots), and each side's strength as the seat may know it (men boxed or aboard
// counted beside the free; what an enemy's boxes hold never).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"

// Sizes on the table, inches.
#define BOX_W 3.5     ///< a box's width (across the picture)
#define BOX_H 2.5     ///< its depth
#define ENGINE_L 3.5  ///< an engine's length along the line
#define TRUCK_L 3.0   ///< a truck's
#define CAR_W 1.6     ///< engine and truck width
#define CAR_GAP 0.5   ///< between cars
#define BOAT_L 5.0    ///< a boat's length
#define BOAT_W 2.0    ///< its beam

// Pieces of the view (c->s) as the seat knows them; malloc'd, *n the count (NULL when none).
static tw_piece *view_pieces(const tw_state *s, int seat, int *n)
{
	*n = 0;
	tw_piece *p = malloc(sizeof *p * TW_MAX_PIECES);
	if (!p)
		return NULL;
	*n = tw_state_pieces(s, seat < 0 ? TW_SEAT_UMPIRE : seat, p, TW_MAX_PIECES);
	if (*n == 0) {
		free(p);
		return NULL;
	}
	return p;
}

void tw_draw_box_symbol(cairo_t *cr, int side, tw_vec2 centre, double w, double h)
{
	cairo_rectangle(cr, centre.x - w / 2, centre.y - h / 2, w, h);
	tw_set_rgb(cr, tw_side_rgb(side, false), 1);
	cairo_fill_preserve(cr);
	tw_set_rgb(cr, tw_side_rgb(side, true), 1);
	cairo_set_line_width(cr, 1.2);
	cairo_stroke(cr);
	// The lid: a line a quarter of the way down, a little proud of the sides.
	double ly = centre.y - h / 4;
	cairo_move_to(cr, centre.x - w / 2 - 1, ly);
	cairo_line_to(cr, centre.x + w / 2 + 1, ly);
	cairo_set_line_width(cr, 1.4);
	cairo_stroke(cr);
}

// One car of a train: a rectangle of length l and width w (pixels) centred at p along u.
static void car(cairo_t *cr, tw_vec2 p, tw_vec2 u, double l, double w)
{
	tw_vec2 n = tw_v2(-u.y, u.x);
	cairo_move_to(cr, p.x + u.x * l / 2 + n.x * w / 2, p.y + u.y * l / 2 + n.y * w / 2);
	cairo_line_to(cr, p.x + u.x * l / 2 - n.x * w / 2, p.y + u.y * l / 2 - n.y * w / 2);
	cairo_line_to(cr, p.x - u.x * l / 2 - n.x * w / 2, p.y - u.y * l / 2 - n.y * w / 2);
	cairo_line_to(cr, p.x - u.x * l / 2 + n.x * w / 2, p.y - u.y * l / 2 + n.y * w / 2);
	cairo_close_path(cr);
}

void tw_draw_train_symbol(cairo_t *cr, int side, tw_vec2 engine, double bearing, int trucks, double ppi)
{
	double a = bearing * M_PI / 180;
	tw_vec2 u = tw_v2(sin(a), -cos(a)); // picture direction of the bearing (y down)
	double el = ENGINE_L * ppi, tl = TRUCK_L * ppi, w = fmax(CAR_W * ppi, 4), gap = CAR_GAP * ppi;
	tw_rgb light = tw_side_rgb(side, false);
	light = (tw_rgb){0.5 + 0.5 * light.r, 0.5 + 0.5 * light.g, 0.5 + 0.5 * light.b};
	cairo_set_line_width(cr, 1.0);
	for (int k = trucks; k >= 1; k--) { // the trucks trail behind the engine
		double back = el / 2 + gap + (k - 1) * (tl + gap) + tl / 2;
		car(cr, tw_sub(engine, tw_scale(u, back)), u, tl, w);
		tw_set_rgb(cr, light, 1);
		cairo_fill_preserve(cr);
		tw_set_rgb(cr, tw_side_rgb(side, true), 1);
		cairo_stroke(cr);
	}
	car(cr, engine, u, el, w);
	tw_set_rgb(cr, tw_side_rgb(side, true), 1);
	cairo_fill(cr);
	// Its chimney, near the front.
	tw_vec2 ch = tw_add(engine, tw_scale(u, el * 0.3));
	cairo_arc(cr, ch.x, ch.y, w * 0.22, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_fill(cr);
}

void tw_draw_boat_symbol(cairo_t *cr, int side, tw_vec2 centre, double bearing, double len, double w, int men)
{
	double a = bearing * M_PI / 180;
	tw_vec2 u = tw_v2(sin(a), -cos(a)), v = tw_v2(-u.y, u.x); // along and across, picture (y down)
	tw_vec2 bow = tw_add(centre, tw_scale(u, len / 2)), stern = tw_sub(centre, tw_scale(u, len / 2));
	cairo_set_line_width(cr, 1.0);
	cairo_move_to(cr, bow.x, bow.y);
	tw_vec2 p1 = tw_add(tw_add(centre, tw_scale(u, len / 6)), tw_scale(v, w / 2));
	tw_vec2 p2 = tw_add(stern, tw_scale(v, w / 2)), p3 = tw_sub(stern, tw_scale(v, w / 2));
	tw_vec2 p4 = tw_sub(tw_add(centre, tw_scale(u, len / 6)), tw_scale(v, w / 2));
	cairo_line_to(cr, p1.x, p1.y);
	cairo_line_to(cr, p2.x, p2.y);
	cairo_line_to(cr, p3.x, p3.y);
	cairo_line_to(cr, p4.x, p4.y);
	cairo_close_path(cr);
	tw_rgb light = tw_side_rgb(side, false);
	tw_set_rgb(cr, (tw_rgb){0.5 + 0.5 * light.r, 0.5 + 0.5 * light.g, 0.5 + 0.5 * light.b}, 1);
	cairo_fill_preserve(cr);
	tw_set_rgb(cr, tw_side_rgb(side, true), 1);
	cairo_stroke(cr);
	// The men aboard: dots in two files along the hull.
	int shown = men < 20 ? men : 20, per = (shown + 1) / 2;
	for (int k = 0; k < shown; k++) {
		double t = per > 1 ? (double)(k / 2) / (per - 1) - 0.5 : 0;
		tw_vec2 d = tw_add(tw_add(centre, tw_scale(u, t * len * 0.55 - len * 0.08)), tw_scale(v, (k % 2 ? 1 : -1) * w / 5));
		cairo_arc(cr, d.x, d.y, fmax(w / 10, 0.8), 0, 2 * M_PI);
		cairo_fill(cr);
	}
}

void tw_draw_pieces(tw_rctx *c)
{
	int n;
	tw_piece *p = view_pieces(c->s, c->o->seat, &n);
	cairo_t *cr = c->cr;
	char buf[24];
	cairo_save(cr); // a long train's last trucks stop at the table's edge
	cairo_rectangle(cr, c->ox, c->oy, c->vw, c->vh);
	cairo_clip(cr);
	for (int i = 0; i < n; i++) {
		tw_vec2 at = tw_rp(c, p[i].pos);
		double size = fmax(1.3 * c->ppi, 7);
		if (p[i].kind == TW_PIECE_BOX) {
			double w = fmax(BOX_W * c->ppi, 10), h = fmax(BOX_H * c->ppi, 7);
			tw_draw_box_symbol(cr, p[i].side, at, w, h);
			snprintf(buf, sizeof buf, "%d", (int)p[i].index);
			cairo_set_source_rgb(cr, 1, 1, 1);
			tw_text(c, at.x, at.y + h / 4 + size / 3, size, true, 0.5, buf);
		} else if (p[i].kind == TW_PIECE_TRAIN) {
			tw_draw_train_symbol(cr, p[i].side, at, p[i].bearing, (int)p[i].trucks, c->ppi);
			snprintf(buf, sizeof buf, "train %d", (int)p[i].index);
			tw_set_rgb(cr, tw_side_rgb(p[i].side, true), 1);
			tw_text(c, at.x + fmax(CAR_W * c->ppi, 4) / 2 + 3, at.y + size / 3, size, true, 0, buf);
		} else if (p[i].kind == TW_PIECE_BOAT) {
			int men = 0;
			for (int k = 0; k < TW_FK_COUNT; k++)
				men += p[i].men[k];
			double w = fmax(BOAT_W * c->ppi, 5), len = fmax(BOAT_L * c->ppi, 12);
			tw_draw_boat_symbol(cr, p[i].side, at, p[i].bearing, len, w, men);
			snprintf(buf, sizeof buf, "boat %d", (int)p[i].index);
			tw_set_rgb(cr, tw_side_rgb(p[i].side, true), 1);
			tw_text(c, at.x + len / 2 + 3, at.y + w + size / 3, size, true, 0, buf);
		}
	}
	cairo_restore(cr);
	free(p);
}

bool tw_side_has_piece(const tw_rctx *c, int side, int kind)
{
	int n;
	tw_piece *p = view_pieces(c->s, c->o->seat, &n);
	bool has = false;
	for (int i = 0; i < n && !has; i++)
		has = p[i].side == side && p[i].kind == kind;
	free(p);
	return has;
}

// ---- strength ----

typedef struct line_buf {
	char (*lines)[TW_STRENGTH_LINE];
	int max, n;
	size_t len; // of the line being filled
} line_buf;

// Appends an item to the lines: after ", " on the same line while it fits in `width`
// characters, else on a new line.
static void put_item(line_buf *L, const char *first_prefix, const char *item, size_t width)
{
	if (L->n == 0 && L->max > 0) {
		L->n = 1;
		L->len = (size_t)snprintf(L->lines[0], TW_STRENGTH_LINE, "%s%s", first_prefix, item);
		return;
	}
	char *cur = L->lines[L->n - 1];
	if (L->len + 2 + strlen(item) <= width) {
		L->len += (size_t)snprintf(cur + L->len, TW_STRENGTH_LINE - L->len, ", %s", item);
		if (L->len >= TW_STRENGTH_LINE)
			L->len = TW_STRENGTH_LINE - 1;
		return;
	}
	// The comma stays at the end of the full line.
	if (L->len + 1 < TW_STRENGTH_LINE) {
		cur[L->len++] = ',';
		cur[L->len] = 0;
	}
	if (L->n >= L->max)
		return;
	L->len = (size_t)snprintf(L->lines[L->n++], TW_STRENGTH_LINE, "%s", item);
}

// "37 infantry (+41 boxed, +12 aboard)", "1 gun", "2 officers".
static void item_text(char *buf, size_t n, int count, const char *one, const char *many, int boxed, int aboard)
{
	int len = snprintf(buf, n, "%d %s", count, count == 1 ? one : many);
	if ((boxed > 0 || aboard > 0) && len > 0 && (size_t)len < n) {
		char extra[64];
		if (boxed > 0 && aboard > 0)
			snprintf(extra, sizeof extra, " (+%d boxed, +%d aboard)", boxed, aboard);
		else if (boxed > 0)
			snprintf(extra, sizeof extra, " (+%d boxed)", boxed);
		else
			snprintf(extra, sizeof extra, " (+%d aboard)", aboard);
		snprintf(buf + len, n - (size_t)len, "%s", extra);
	}
}

int tw_strength_lines(const tw_state *s, int seat, int side, char (*lines)[TW_STRENGTH_LINE], int max)
{
	int free_men[TW_FK_COUNT] = {0}, boxed[TW_FK_COUNT] = {0}, aboard[TW_FK_COUNT] = {0};
	int guns = 0, boxed_guns = 0, aboard_guns = 0, nbox = 0, ntrain = 0, nboat = 0;
	bool hidden = false;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && f->status == TW_FS_ACTIVE && f->kind < TW_FK_COUNT)
			free_men[f->kind]++;
	}
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && tw_gun_on_table(s, &s->gun[i]))
			guns++;
	int np;
	tw_piece *p = view_pieces(s, seat, &np);
	for (int i = 0; i < np; i++) {
		if (p[i].side != side)
			continue;
		bool box = p[i].kind == TW_PIECE_BOX;
		nbox += box;
		ntrain += p[i].kind == TW_PIECE_TRAIN;
		nboat += p[i].kind == TW_PIECE_BOAT;
		hidden = hidden || (box && p[i].hidden);
		for (int k = 0; k < TW_FK_COUNT; k++)
			(box ? boxed : aboard)[k] += p[i].men[k];
		*(box ? &boxed_guns : &aboard_guns) += p[i].guns;
	}
	free(p);
	// A gun in a box or aboard stands where its box or train does: counted there, not as free.
	guns -= boxed_guns + aboard_guns;
	if (guns < 0)
		guns = 0;
	line_buf L = {lines, max, 0, 0};
	static const char *const many[TW_FK_COUNT] = {"infantry", "cavalry", "officers", "generals",
						      "gunners",  "waggons", "of other kinds"};
	static const char *const one[TW_FK_COUNT] = {"infantry", "cavalry", "officer", "general",
						     "gunner",   "waggon",  "of another kind"};
	char item[96];
	for (int k = 0; k < TW_FK_COUNT; k++) {
		if (k > TW_FK_CAVALRY && free_men[k] + boxed[k] + aboard[k] == 0)
			continue; // infantry and cavalry always; the other kinds when there are any
		item_text(item, sizeof item, free_men[k], one[k], many[k], boxed[k], aboard[k]);
		put_item(&L, "free: ", item, TW_STRENGTH_WIDTH);
	}
	item_text(item, sizeof item, guns, "gun", "guns", boxed_guns, aboard_guns);
	put_item(&L, "free: ", item, TW_STRENGTH_WIDTH);
	if ((nbox || ntrain || nboat) && L.n < max) {
		char b[48] = "", t[20] = "", w[20] = ""; // with the two ", " within TW_STRENGTH_LINE
		if (nbox)
			snprintf(b, sizeof b, "%d box%s%s", nbox, nbox == 1 ? "" : "es",
				 hidden ? nbox == 1 ? " (what it holds unseen)" : " (what they hold unseen)" : "");
		if (ntrain)
			snprintf(t, sizeof t, "%d train%s", ntrain, ntrain == 1 ? "" : "s");
		if (nboat)
			snprintf(w, sizeof w, "%d boat%s", nboat, nboat == 1 ? "" : "s");
		snprintf(lines[L.n++], TW_STRENGTH_LINE, "%s%s%s%s%s", b, nbox && (ntrain || nboat) ? ", " : "", t,
			 ntrain && nboat ? ", " : "", w);
	}
	return L.n;
}

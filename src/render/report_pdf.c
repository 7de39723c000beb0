// The battle report as a PDF (A4 landscape): a title page with the Country, the forces and the
// result; the strength chart and the score; then a page for each move (more if its events run on).
#include <cairo-pdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"
#include "report_words.h"

#define PAGE_W 842.0 ///< A4 landscape, points
#define PAGE_H 595.0
#define MARGIN 36.0
#define TW_PDF_DATE "2000-01-01T00:00:00Z"

typedef struct page {
	cairo_t *cr;
	double y;
} page;

static void font(cairo_t *cr, double size, bool bold, bool italic)
{
	cairo_select_font_face(cr, "DejaVu Serif", italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

/// Draws text wrapped to `width` from (x, y); returns the y below it.
static double wrap(cairo_t *cr, const char *text, double x, double y, double width, double lh)
{
	char line[512] = "";
	const char *p = text;
	while (*p) {
		while (*p == ' ')
			p++;
		const char *e = p;
		while (*e && *e != ' ')
			e++;
		char cand[1100];
		int wl = (int)(e - p) < 500 ? (int)(e - p) : 500;
		snprintf(cand, sizeof cand, "%s%s%.*s", line, line[0] ? " " : "", wl, p);
		cairo_text_extents_t te;
		cairo_text_extents(cr, cand, &te);
		if (te.x_advance > width && line[0]) {
			cairo_move_to(cr, x, y);
			cairo_show_text(cr, line);
			y += lh;
			snprintf(line, sizeof line, "%.*s", wl, p);
		} else {
			snprintf(line, sizeof line, "%.511s", cand);
		}
		p = e;
	}
	if (line[0]) {
		cairo_move_to(cr, x, y);
		cairo_show_text(cr, line);
		y += lh;
	}
	cairo_new_path(cr);
	return y;
}

/// Draws a scene scaled into the box; returns the height used.
static double picture(cairo_t *cr, const tw_render_scene *sc, const tw_render_opts *ro, double x, double y, double w,
		      double h, tw_error *err, tw_status *st)
{
	int pw, ph;
	tw_render_size(sc, ro, &pw, &ph);
	double k = w / pw;
	if (ph * k > h)
		k = h / ph;
	cairo_save(cr);
	cairo_translate(cr, x + (w - pw * k) / 2, y);
	cairo_scale(cr, k, k);
	cairo_rectangle(cr, 0, 0, pw, ph);
	cairo_clip(cr);
	*st = tw_render_draw(cr, sc, ro, err);
	cairo_restore(cr);
	return ph * k;
}

static void heading(cairo_t *cr, const char *s, double y)
{
	font(cr, 16, true, false);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_move_to(cr, MARGIN, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

static void footer(cairo_t *cr, int *pageno, const char *title)
{
	char buf[200];
	font(cr, 8, false, true);
	cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
	snprintf(buf, sizeof buf, "%s  -  page %d", title, ++*pageno);
	cairo_move_to(cr, MARGIN, PAGE_H - 16);
	cairo_show_text(cr, buf);
	cairo_new_path(cr);
	cairo_show_page(cr);
}

/// The event lines in two columns from y; starts new pages as needed (each with `cont` on top).
static void lines_pdf(cairo_t *cr, const tw_report_line *l, int n, double y, const char *cont, int *pageno,
		      const char *title)
{
	double colw = (PAGE_W - 2 * MARGIN - 18) / 2, lh = 10.5;
	double bottom = PAGE_H - 30;
	int col = 0;
	double top = y;
	for (int i = 0; i < n; i++) {
		char buf[300];
		snprintf(buf, sizeof buf, "%s%s%s", l[i].clause, l[i].clause[0] ? "  " : "", l[i].text);
		font(cr, 8.5, false, false);
		cairo_text_extents_t te;
		cairo_text_extents(cr, buf, &te);
		int rows = 1 + (int)(te.x_advance / colw);
		if (y + rows * lh > bottom) {
			if (col == 0) {
				col = 1;
				y = top;
			} else {
				footer(cr, pageno, title);
				heading(cr, cont, MARGIN + 8);
				top = y = MARGIN + 30;
				col = 0;
			}
		}
		double x = MARGIN + col * (colw + 18);
		tw_rgb c = l[i].side >= 0 ? tw_side_rgb(l[i].side, true) : (tw_rgb){0.2, 0.2, 0.2};
		tw_set_rgb(cr, c, 1);
		y = wrap(cr, buf, x, y, colw, lh);
	}
}

static tw_status draw_report(cairo_t *cr, const tw_battle *b, const tw_report_opts *o, const char *title, tw_error *err)
{
	const tw_state *s0 = b->nmoves ? &b->moves[0].before : &b->final;
	const tw_state *fin = &b->final;
	int pageno = 0;
	char buf[600];
	tw_status st = TW_OK;
	// Page 1: what this is, the forces, the result and the field.
	font(cr, 22, true, false);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_move_to(cr, MARGIN, MARGIN + 14);
	cairo_show_text(cr, title);
	font(cr, 10, false, true);
	snprintf(buf, sizeof buf, "%s  -  seed %llu  -  %d game moves", b->rs ? b->rs->title : "",
		 (unsigned long long)b->seed, b->nmoves);
	cairo_move_to(cr, MARGIN, MARGIN + 30);
	cairo_show_text(cr, buf);
	font(cr, 12, true, false);
	tw_report_result(b, buf, sizeof buf);
	char res[640];
	snprintf(res, sizeof res, "Result: %s", buf);
	double y = wrap(cr, res, MARGIN, MARGIN + 50, PAGE_W - 2 * MARGIN, 15);
	font(cr, 9.5, false, false);
	char intro[800];
	snprintf(intro, sizeof intro,
		 "A battle fought with toy soldiers on a table. %s The pictures show the table from above, to scale, "
		 "with the first side's back line at the bottom. Thin arrows are men's moves, dashed lines are shots from "
		 "the muzzle to where the shot rested, yellow bursts are men killed in that move, purple rings are melees "
		 "(fights within 6 in). Each event is told in plain words after the ID of the rule applied.",
		 tw_report_sides_share_moves(b) // a Grant move: both sides act in it
			 ? "In each game move every side acts, one after the other, as the move's heading says."
			 : "Each game move belongs to one side.");
	y = wrap(cr, intro, MARGIN, y + 2, PAGE_W - 2 * MARGIN, 12);
	for (int k = 0; k < s0->nsides; k++) {
		int inf = tw_state_count(s0, k, TW_FS_ACTIVE), guns = 0;
		for (int i = 0; i < s0->ngun; i++)
			guns += s0->gun[i].orig_side == k;
		tw_set_rgb(cr, tw_side_rgb(k, true), 1);
		snprintf(buf, sizeof buf, "%s: %d men and %d guns on the field when play began", s0->sides[k].name, inf,
			 guns);
		cairo_move_to(cr, MARGIN, y + 4);
		cairo_show_text(cr, buf);
		y += 13;
	}
	tw_render_opts ro;
	tw_render_opts_default(&ro);
	ro.seat = o->seat;
	ro.title = "The field when play began";
	tw_render_scene sc = {s0, NULL, NULL, 0, 0, NULL};
	picture(cr, &sc, &ro, MARGIN, y + 6, PAGE_W - 2 * MARGIN, PAGE_H - y - 40, err, &st);
	footer(cr, &pageno, title);
	if (st != TW_OK)
		return st;
	// Page 2: strength and score.
	heading(cr, "Strength over the battle, and the score", MARGIN + 8);
	tw_draw_strength_chart(cr, b, MARGIN, MARGIN + 20, PAGE_W - 2 * MARGIN, 280);
	y = MARGIN + 320;
	font(cr, 10, false, false);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	tw_report_strength_line(fin, buf, sizeof buf);
	y = wrap(cr, buf, MARGIN, y, PAGE_W - 2 * MARGIN, 13);
	if (b->rs && b->rs->score) {
		double pts[TW_MAX_SIDES] = {0};
		b->rs->score(fin, pts);
		for (int k = 0; k < fin->nsides && k < TW_MAX_SIDES; k++) {
			tw_set_rgb(cr, tw_side_rgb(k, true), 1);
			font(cr, 12, true, false);
			snprintf(buf, sizeof buf, "%s scores %.1f", fin->sides[k].name, pts[k]);
			cairo_move_to(cr, MARGIN, y + 6);
			cairo_show_text(cr, buf);
			y += 16;
		}
	}
	y += 10;
	font(cr, 9, false, false);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	for (int i = 0; b->rs && i < b->rs->nfamilies; i++) {
		snprintf(buf, sizeof buf, "%-9s %s", b->rs->families[i].prefix, b->rs->families[i].meaning);
		cairo_move_to(cr, MARGIN, y);
		cairo_show_text(cr, buf);
		y += 11;
	}
	footer(cr, &pageno, title);
	// A page per move.
	tw_render_opts mo = ro;
	mo.legend = false;
	for (int k = 0; k < b->nmoves; k++) {
		const tw_battle_move *m = &b->moves[k];
		char who[64];
		tw_report_move_who(b, k, who, sizeof who); // "red", or "red, then blue" in a Grant move
		snprintf(buf, sizeof buf, "Game move %d: %s%s", m->move_no, who, strchr(who, ',') ? "" : " moves");
		heading(cr, buf, MARGIN + 8);
		mo.title = NULL;
		mo.window = tw_battle_window(b, k, ro.seat, &mo.win_lo, &mo.win_hi); // a large table: where it happened
		tw_render_scene ms = tw_battle_scene(b, k);
		double h = picture(cr, &ms, &mo, MARGIN, MARGIN + 16, PAGE_W - 2 * MARGIN, 330, err, &st);
		if (st != TW_OK)
			return st;
		y = MARGIN + 16 + h + 4;
		font(cr, 9, false, true);
		cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		tw_report_strength_line(&m->after, buf, sizeof buf);
		char after[640];
		snprintf(after, sizeof after, "After this move: %s.", buf);
		y = wrap(cr, after, MARGIN, y + 8, PAGE_W - 2 * MARGIN, 11);
		int n = 0;
		tw_report_line *l = tw_report_lines(b, m->first, m->count, o->seat, &n);
		char cont[96];
		snprintf(cont, sizeof cont, "Game move %d (continued)", m->move_no);
		lines_pdf(cr, l, n, y + 6, cont, &pageno, title);
		free(l);
		footer(cr, &pageno, title);
	}
	return cairo_status(cr) == CAIRO_STATUS_SUCCESS
		   ? TW_OK
		   : tw_error_set(err, TW_ERR_IO, "", "cairo: %s", cairo_status_to_string(cairo_status(cr)));
}

tw_status tw_report_pdf(const tw_battle *b, const tw_report_opts *o, const char *path, tw_error *err)
{
	char title[160];
	const tw_state *fin = &b->final;
	if (o->title)
		snprintf(title, sizeof title, "%s", o->title);
	else
		snprintf(title, sizeof title, "Battle report: %s", fin->scenario[0] ? fin->scenario : "a battle");
	cairo_surface_t *sf = cairo_pdf_surface_create(path, PAGE_W, PAGE_H);
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(sf);
		return tw_error_set(err, TW_ERR_IO, "", "%s: cannot write", path);
	}
	cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATE_DATE, TW_PDF_DATE);
	cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_MOD_DATE, TW_PDF_DATE);
	cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE, title);
	cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR, "tinwar " TW_VERSION_STRING);
	cairo_t *cr = cairo_create(sf);
	tw_status st = draw_report(cr, b, o, title, err);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (st == TW_OK && cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		st = tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, cairo_status_to_string(cairo_surface_status(sf)));
	cairo_surface_destroy(sf);
	return st;
}

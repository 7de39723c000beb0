// The battle report as one self-contained HTML file: pictures are embedded PNG data URIs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"
#include "report_words.h"

void tw_report_opts_default(tw_report_opts *o)
{
	memset(o, 0, sizeof *o);
	o->px_per_inch = 5;
	o->seat = -1;
}

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f); break;
		}
	}
}

static void base64(FILE *f, const unsigned char *p, size_t n)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i = 0;
	for (; i + 2 < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		fputc(tab[v >> 18], f);
		fputc(tab[(v >> 12) & 63], f);
		fputc(tab[(v >> 6) & 63], f);
		fputc(tab[v & 63], f);
	}
	if (i < n) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0);
		fputc(tab[v >> 18], f);
		fputc(tab[(v >> 12) & 63], f);
		fputc(i + 1 < n ? tab[(v >> 6) & 63] : '=', f);
		fputc('=', f);
	}
}

static tw_status img_scene(FILE *f, const tw_render_scene *sc, const tw_render_opts *ro, const char *alt, tw_error *err)
{
	unsigned char *png = NULL;
	size_t len = 0;
	tw_status st = tw_render_png(sc, ro, &png, &len, err);
	if (st != TW_OK)
		return st;
	fputs("<img class=\"pic\" alt=\"", f);
	esc(f, alt);
	fputs("\" src=\"data:image/png;base64,", f);
	base64(f, png, len);
	fputs("\">\n", f);
	free(png);
	return TW_OK;
}

static tw_status img_chart(FILE *f, const tw_battle *b, tw_error *err)
{
	int w = 760, h = 280;
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cairo_t *cr = cairo_create(sf);
	tw_draw_strength_chart(cr, b, 0, 0, w, h);
	cairo_destroy(cr);
	unsigned char *png = NULL;
	size_t len = 0;
	tw_status st = tw_surface_png(sf, &png, &len, err);
	cairo_surface_destroy(sf);
	if (st != TW_OK)
		return st;
	fputs("<img class=\"chart\" alt=\"free men of each side after every move\" src=\"data:image/png;base64,", f);
	base64(f, png, len);
	fputs("\">\n", f);
	free(png);
	return TW_OK;
}

static const char CSS[] =
    "body{font-family:Georgia,'DejaVu Serif',serif;max-width:1180px;margin:2em auto;padding:0 1em;color:#222;"
    "line-height:1.45}h1{margin-bottom:.2em}.sub{color:#555;margin-top:0}h2{border-bottom:1px solid #bbb;"
    "margin-top:2em}h3{margin-bottom:.3em}img.pic{max-width:100%;border:1px solid #ccc}table{border-collapse:"
    "collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}th{background:#f2f0e8}"
    "code{background:#f2f0e8;padding:0 .3em;border-radius:3px;font-size:.9em}ul.ev{padding-left:1.2em;margin:.4em 0}"
    "ul.ev li{margin:.1em 0}.after{color:#555;font-style:italic}"
    ".result{font-size:1.2em;font-weight:bold}nav a{margin-right:.4em}section.move{page-break-inside:avoid}";

static void forces_table(FILE *f, const tw_state *s)
{
	fputs("<table><tr><th>side</th><th>back line</th><th>infantry</th><th>cavalry</th><th>other men</th>"
	      "<th>guns</th><th>men in all</th></tr>\n",
	      f);
	for (int k = 0; k < s->nsides; k++) {
		int inf = 0, cav = 0, other = 0, guns = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *g = &s->fig[i];
			if (g->side != k || g->status == TW_FS_RESERVE || g->status == TW_FS_UNPLACED)
				continue;
			g->kind == TW_FK_INFANTRY ? inf++ : g->kind == TW_FK_CAVALRY ? cav++ : other++;
		}
		for (int i = 0; i < s->ngun; i++)
			if (s->gun[i].orig_side == k)
				guns++;
		fprintf(f, "<tr><td class=\"side%d\"><b>", k);
		esc(f, s->sides[k].name);
		fprintf(f, "</b></td><td>y = %g in (%s)</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n",
			s->sides[k].back_y, s->sides[k].back_y <= s->table.depth / 2 ? "bottom of the pictures" : "top of the pictures",
			inf, cav, other, guns, inf + cav + other);
	}
	fputs("</table>\n", f);
}

static void country_table(FILE *f, const tw_state *s)
{
	fprintf(f, "<p>The table is %g in wide and %g in deep. On it stand:</p>\n<ul>\n", s->table.width, s->table.depth);
	int counts[TW_TER_KIND_COUNT] = {0};
	for (int i = 0; i < s->table.nterrain; i++)
		if (s->table.terrain[i].kind < TW_TER_KIND_COUNT)
			counts[s->table.terrain[i].kind]++;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (!t->name[0] || t->kind == TW_TER_TREE || (t->kind == TW_TER_HILL && t->z0 > 0))
			continue;
		const char *kn = tw_terrain_kind_name((tw_terrain_kind)t->kind);
		char det[96] = "";
		if (strcmp(kn, t->name) != 0)
			snprintf(det, sizeof det, "%s", kn);
		double top = -1;
		if (t->kind == TW_TER_HILL) {
			top = t->z0 + t->height;
			for (int j = 0; j < s->table.nterrain; j++) {
				const tw_terrain *u = &s->table.terrain[j];
				tw_vec2 up = u->shape == TW_SHAPE_CIRCLE ? u->center : u->v[0];
				if (u->kind == TW_TER_HILL && tw_terrain_contains(t, up) && u->z0 + u->height > top)
					top = u->z0 + u->height;
			}
		} else if (t->kind == TW_TER_HOUSE || t->kind == TW_TER_WALL || t->kind == TW_TER_BARRICADE) { // issue 16
			top = t->height;
		}
		if (top > 0) {
			size_t l = strlen(det);
			snprintf(det + l, sizeof det - l, "%s%.1f in high", l ? ", " : "", top);
		}
		fputs("<li>", f);
		esc(f, t->name);
		if (det[0])
			fprintf(f, " (%s)", det);
		fputs("</li>\n", f);
	}
	if (counts[TW_TER_TREE])
		fprintf(f, "<li>%d trees</li>\n", counts[TW_TER_TREE]);
	fputs("</ul>\n", f);
}

static void lines_html(FILE *f, const tw_ruleset *rs, const tw_report_line *l, int n)
{
	fputs("<ul class=\"ev\">\n", f);
	for (int i = 0; i < n; i++) {
		fprintf(f, "<li class=\"side%d\">", l[i].side >= 0 && l[i].side < TW_MAX_SIDES ? l[i].side : 9);
		if (l[i].clause[0]) {
			fputs("<code title=\"", f);
			const char *fam = tw_clause_meaning(rs, l[i].clause);
			esc(f, fam ? fam : "");
			fputs("\">", f);
			esc(f, l[i].clause);
			fputs("</code> ", f);
		}
		esc(f, l[i].text);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

static tw_status write_html(FILE *f, const tw_battle *b, const tw_report_opts *o, tw_error *err)
{
	const tw_state *s0 = b->nmoves ? &b->moves[0].before : &b->final;
	const tw_state *fin = &b->final;
	const tw_ruleset *rs = b->rs;
	char title[160], buf[512];
	if (o->title)
		snprintf(title, sizeof title, "%s", o->title);
	else
		snprintf(title, sizeof title, "Battle report: %s", fin->scenario[0] ? fin->scenario : "a battle");
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
	esc(f, title);
	fprintf(f, "</title><style>%s", CSS);
	for (int k = 0; k < TW_MAX_SIDES; k++) { // each side in its colour on the table
		tw_rgb c = tw_side_rgb(k, true);
		fprintf(f, ".side%d{color:#%02x%02x%02x}", k, (int)(c.r * 255 + 0.5), (int)(c.g * 255 + 0.5),
			(int)(c.b * 255 + 0.5));
	}
	fputs("</style></head><body>\n<h1>", f);
	esc(f, title);
	fputs("</h1>\n<p class=\"sub\">", f);
	esc(f, b->rs ? b->rs->title : "");
	fprintf(f, " &middot; seed %llu &middot; %d game moves", (unsigned long long)b->seed, b->nmoves);
	if (o->seat >= 0 && o->seat < fin->nsides) {
		fputs(" &middot; as ", f);
		esc(f, fin->sides[o->seat].name);
		fputs(" saw it", f);
	}
	fputs("</p>\n", f);
	tw_report_result(b, buf, sizeof buf);
	fputs("<p class=\"result\">Result: ", f);
	esc(f, buf);
	fputs("</p>\n", f);

	fputs("<h2>How to read this report</h2>\n<p>This is a battle fought with toy soldiers on a table, under the "
	      "rules named above. ",
	      f);
	// Who acts in a game move, as the moves' events show it (tw_report_move_sides).
	if (tw_report_sides_share_moves(b))
		fputs("In each <em>game move</em> every side acts, one after the other, as the move's heading says: each "
		      "moves its men and fires; the move's end (melees, morale) comes after the last. ",
		      f);
	else
		fputs("Two sides take turns: each <em>game move</em> belongs to one side, which moves its men and fires "
		      "its guns. ",
		      f);
	fputs("Every picture is the table seen from above, drawn to scale (the bar under it is in inches); ", f);
	if (fin->nsides >= 2) {
		esc(f, fin->sides[0].name);
		fputs("'s back line is at the bottom and ", f);
		esc(f, fin->sides[1].name);
		fputs("'s at the top. ", f);
	}
	fputs("Each man is a small coloured mark pointing where he faces (a round base for infantry, a pointed lozenge "
	      "for cavalry); a gun is drawn with its barrel, wheels and trail. In a move's picture thin arrows show where "
	      "men went, dashed lines show shots from the muzzle to where the shot came to rest, yellow bursts mark the "
	      "men killed in that move, and purple rings mark melees (hand-to-hand fights). The key is beside "
	      "the first picture.</p>\n<p>Under each picture the move is told in plain words. The grey code before each "
	      "line names the rule that was applied; hover over it for its family, "
	      "or see the list at the end.</p>\n",
	      f);
	if (fin->table.width * fin->table.depth > 40000)
		fputs("<p>The table is large: a move's picture shows the part of it where that move's men, guns, boxes "
		      "and trains moved, fell or fired (the text under the scale bar gives the part, in inches); a move "
		      "whose action spread over most of the table shows it whole.</p>\n",
		      f);

	fputs("<h2>The Country and the forces</h2>\n", f);
	country_table(f, s0);
	forces_table(f, s0);
	tw_render_opts ro;
	tw_render_opts_default(&ro);
	ro.seat = o->seat;
	ro.px_per_inch = o->px_per_inch > 0 ? o->px_per_inch : 5;
	ro.title = "The field when play began";
	tw_render_scene sc = {s0, NULL, NULL, 0, 0, NULL};
	tw_status st = img_scene(f, &sc, &ro, "the table when play began", err);
	if (st != TW_OK)
		return st;
	if (b->setup_count > 0) {
		fputs("<h3>Before the first move</h3>\n", f);
		int n = 0;
		tw_report_line *l = tw_report_lines(b, 0, b->setup_count, o->seat, &n);
		lines_html(f, rs, l, n);
		free(l);
	}

	fputs("<h2>Strength over the battle</h2>\n<p>Free men of each side (not dead, not prisoners) at the start of "
	      "play and after every game move.</p>\n",
	      f);
	if ((st = img_chart(f, b, err)) != TW_OK)
		return st;

	fputs("<h2>The moves</h2>\n<nav>", f);
	for (int k = 0; k < b->nmoves; k++)
		fprintf(f, "<a href=\"#move%d\">%d</a>", b->moves[k].move_no, b->moves[k].move_no);
	fputs("</nav>\n", f);
	tw_render_opts mo = ro;
	mo.legend = false;
	// Long games get smaller pictures, so that the one file stays a sensible size.
	mo.px_per_inch = ro.px_per_inch * (b->nmoves > 100 ? 0.7 : b->nmoves > 40 ? 0.8 : 1.0);
	for (int k = 0; k < b->nmoves; k++) {
		const tw_battle_move *m = &b->moves[k];
		// The sides that acted, in order: one in Little Wars, both in a Grant move.
		int sides[TW_MAX_SIDES];
		int ns = tw_report_move_sides(b, k, sides, TW_MAX_SIDES);
		fprintf(f, "<section class=\"move\" id=\"move%d\"><h3>Game move %d: ", m->move_no, m->move_no);
		for (int j = 0; j < ns; j++) {
			fprintf(f, "%s<span class=\"side%d\">", j ? ", then " : "", sides[j] >= 0 && sides[j] < TW_MAX_SIDES ? sides[j] : 9);
			esc(f, sides[j] >= 0 && sides[j] < fin->nsides ? fin->sides[sides[j]].name : "?");
			fputs("</span>", f);
		}
		fputs(ns > 1 ? "</h3>\n" : " moves</h3>\n", f);
		char who[64], t2[96];
		tw_report_move_who(b, k, who, sizeof who);
		snprintf(t2, sizeof t2, "Game move %d: %s", m->move_no, who);
		mo.title = t2;
		// A large table: the part where the move's action was (the scale bar says which).
		mo.window = tw_battle_window(b, k, ro.seat, &mo.win_lo, &mo.win_hi);
		tw_render_scene ms = tw_battle_scene(b, k);
		if ((st = img_scene(f, &ms, &mo, t2, err)) != TW_OK)
			return st;
		int n = 0;
		tw_report_line *l = tw_report_lines(b, m->first, m->count, o->seat, &n);
		lines_html(f, rs, l, n);
		free(l);
		tw_report_strength_line(&m->after, buf, sizeof buf);
		fputs("<p class=\"after\">After this move: ", f);
		esc(f, buf);
		fputs(".</p></section>\n", f);
	}

	fputs("<h2>The end of the battle</h2>\n<p class=\"result\">", f);
	tw_report_result(b, buf, sizeof buf);
	esc(f, buf);
	fputs("</p>\n", f);
	tw_report_strength_line(fin, buf, sizeof buf);
	fputs("<p>", f);
	esc(f, buf);
	fputs(".</p>\n", f);
	if (b->rs && b->rs->score) {
		double pts[TW_MAX_SIDES] = {0};
		b->rs->score(fin, pts);
		fputs("<table><tr><th>side</th><th>score</th></tr>\n", f);
		for (int k = 0; k < fin->nsides && k < TW_MAX_SIDES; k++) {
			fprintf(f, "<tr><td class=\"side%d\">", k);
			esc(f, fin->sides[k].name);
			fprintf(f, "</td><td>%.1f</td></tr>\n", pts[k]);
		}
		fputs("</table>\n<p>The score is the rule set's own count", f);
		if (b->rs->score_help) {
			fputs(": ", f);
			esc(f, b->rs->score_help);
		}
		fputs(".</p>\n", f);
	}
	ro.title = "The field at the end";
	tw_render_scene fs = {fin, NULL, NULL, 0, 0, NULL};
	if ((st = img_scene(f, &fs, &ro, "the table at the end", err)) != TW_OK)
		return st;

	if (rs && rs->nfamilies > 0) {
		fputs("<h2>The rules cited</h2>\n<table><tr><th>clause IDs beginning</th><th>are about</th></tr>\n", f);
		for (int i = 0; i < rs->nfamilies; i++) {
			fprintf(f, "<tr><td><code>%s</code></td><td>", rs->families[i].prefix);
			esc(f, rs->families[i].meaning);
			fputs("</td></tr>\n", f);
		}
		fprintf(f, "</table>\n<p>The number after the family is the clause's place in the rule catalogue "
			   "(for example <code>%s.1</code> is the first clause about %s).</p>\n",
			rs->families[0].prefix, rs->families[0].meaning);
	}
	fputs("</body></html>\n", f);
	return TW_OK;
}

tw_status tw_report_write(const tw_battle *b, const tw_report_opts *o, const char *path, tw_error *err)
{
	tw_report_opts def;
	if (!o) {
		tw_report_opts_default(&def);
		o = &def;
	}
	const char *dot = strrchr(path, '.');
	if (dot && strcmp(dot, ".pdf") == 0)
		return tw_report_pdf(b, o, path, err);
	if (!dot || (strcmp(dot, ".html") != 0 && strcmp(dot, ".htm") != 0))
		return tw_error_set(err, TW_ERR_INPUT, "", "%s: the report must end in .html or .pdf", path);
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return tw_error_set(err, TW_ERR_IO, "", "%s: cannot write", tmp);
	tw_status st = write_html(f, b, o, err);
	if (fclose(f) != 0 && st == TW_OK)
		st = tw_error_set(err, TW_ERR_IO, "", "%s: write failed", tmp);
	if (st == TW_OK && rename(tmp, path) != 0)
		st = tw_error_set(err, TW_ERR_IO, "", "%s: cannot rename into place", path);
	if (st != TW_OK)
		remove(tmp);
	return st;
}

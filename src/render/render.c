// The picture's layout, the drawing order and the output formats (PNG, SVG, PDF, memory).
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"

#define TW_PDF_DATE "2000-01-01T00:00:00Z" ///< fixed creation date: same scene, same PDF bytes

enum { MARGIN_LEFT = 30, MARGIN_RIGHT = 18, MARGIN_TOP = 22, TITLE_H = 30, MARGIN_BOTTOM = 62, LEGEND_W = 250,
       LEGEND_MIN_H = 640 };

void tw_render_opts_default(tw_render_opts *o)
{
	memset(o, 0, sizeof *o);
	o->seat = -1;
	o->px_per_inch = 6;
	o->legend = true;
	o->text = true;
	o->labels = true;
}

tw_vec2 tw_rp(const tw_rctx *c, tw_vec2 p)
{
	// The whole table: wx0 = 0 and wy1 = depth, the same sums as before there was a window.
	return tw_v2(c->ox + (p.x - c->wx0) * c->ppi, c->oy + (c->wy1 - p.y) * c->ppi);
}

static double scene_ppi(const tw_render_opts *o)
{
	return o->px_per_inch > 0.5 && o->px_per_inch < 200 ? o->px_per_inch : 6;
}

void tw_render_layout(tw_rctx *c, const tw_render_scene *sc, const tw_render_opts *o)
{
	const tw_table *tb = &sc->state->table;
	c->ppi = scene_ppi(o);
	double top = MARGIN_TOP + (o->title && o->text ? TITLE_H : 0);
	c->ox = MARGIN_LEFT;
	c->oy = top;
	c->wx0 = 0;
	c->wy1 = tb->depth;
	double tw = tb->width * c->ppi, th = tb->depth * c->ppi;
	c->win = false;
	if (o->window) {
		// The part asked for, cut to the table; nothing left of it (or a NaN): the whole table.
		bool nan = isnan(o->win_lo.x) || isnan(o->win_lo.y) || isnan(o->win_hi.x) || isnan(o->win_hi.y);
		double x0 = fmax(o->win_lo.x, 0), x1 = fmin(o->win_hi.x, tb->width);
		double y0 = fmax(o->win_lo.y, 0), y1 = fmin(o->win_hi.y, tb->depth);
		if (!nan && x1 - x0 >= 1 && y1 - y0 >= 1 && (x1 - x0 < tb->width || y1 - y0 < tb->depth)) {
			c->win = true;
			c->wx0 = x0;
			c->wy1 = y1;
			tw = (x1 - x0) * c->ppi;
			th = (y1 - y0) * c->ppi;
		}
	}
	c->vw = tw;
	c->vh = th;
	c->legend_x = c->ox + tw + MARGIN_RIGHT;
	double w = c->legend_x + (o->legend ? LEGEND_W : 0);
	double h = top + th + MARGIN_BOTTOM;
	if (o->legend && h < top + LEGEND_MIN_H)
		h = top + LEGEND_MIN_H;
	c->width = (int)ceil(w);
	c->height = (int)ceil(h);
}

void tw_render_size(const tw_render_scene *sc, const tw_render_opts *o, int *width, int *height)
{
	tw_rctx c;
	memset(&c, 0, sizeof c);
	tw_render_layout(&c, sc, o);
	*width = c.width;
	*height = c.height;
}

tw_vec2 tw_render_to_picture(const tw_render_scene *sc, const tw_render_opts *o, tw_vec2 p)
{
	tw_rctx c;
	memset(&c, 0, sizeof c);
	c.s = sc->state;
	tw_render_layout(&c, sc, o);
	return tw_rp(&c, p);
}

tw_rgb tw_side_rgb(int side, bool dark)
{
	static const tw_rgb base[TW_MAX_SIDES] = {
	    {0.80, 0.13, 0.15}, {0.13, 0.33, 0.75}, {0.15, 0.55, 0.20}, {0.85, 0.50, 0.05},
	    {0.50, 0.20, 0.60}, {0.10, 0.55, 0.60}, {0.55, 0.35, 0.20}, {0.35, 0.35, 0.35},
	};
	tw_rgb c = (side >= 0 && side < TW_MAX_SIDES) ? base[side] : (tw_rgb){0.4, 0.4, 0.4};
	if (dark) {
		c.r *= 0.6;
		c.g *= 0.6;
		c.b *= 0.6;
	}
	return c;
}

void tw_set_rgb(cairo_t *cr, tw_rgb c, double alpha)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

void tw_set_hex(cairo_t *cr, uint32_t v)
{
	cairo_set_source_rgba(cr, ((v >> 24) & 255) / 255.0, ((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0,
			      (v & 255) / 255.0);
}

void tw_text(const tw_rctx *c, double x, double y, double size, bool bold, double align, const char *s)
{
	if (!c->o->text || !s || !*s)
		return;
	cairo_t *cr = c->cr;
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents_t te;
	cairo_text_extents(cr, s, &te);
	cairo_move_to(cr, x - align * te.x_advance, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

bool tw_fig_on_table(const tw_state *s, const tw_figure *f)
{
	return f->status == TW_FS_DEAD || tw_figure_on_table(s, f);
}

bool tw_gun_on_table(const tw_state *s, const tw_gun *g)
{
	return g->axle.x >= 0 && g->axle.y >= 0 && g->axle.x <= s->table.width && g->axle.y <= s->table.depth;
}

tw_status tw_render_draw(cairo_t *cr, const tw_render_scene *sc, const tw_render_opts *o, tw_error *err)
{
	if (!sc || !sc->state)
		return tw_error_set(err, TW_ERR_INPUT, "", "nothing to draw");
	// ll-reg: several fields (a,b): each must be a field of the figures' record.
	for (const char *p = o->field && strchr(o->field, ',') ? o->field : NULL; p && *p;) {
		const char *q = strchr(p, ',');
		size_t k = q ? (size_t)(q - p) : strlen(p);
		char one[64];
		snprintf(one, sizeof one, "%.*s", (int)(k < sizeof one ? k : sizeof one - 1), p);
		if (k == 0 || k >= sizeof one || tw_record_field(tw_state_record_def(sc->state, TW_REC_FIGURE), one) < 0)
			return tw_error_set(err, TW_ERR_INPUT, "", "the rule set's figures have no field '%s' (of --field %s; "
								   "tinwar rulesets NAME lists them)",
					    one, o->field);
		p += k + (q ? 1 : 0);
	}
	if (o->field && !strchr(o->field, ',') && tw_record_field(tw_state_record_def(sc->state, TW_REC_FIGURE), o->field) < 0 &&
	    tw_record_field(tw_state_record_def(sc->state, TW_REC_UNIT), o->field) < 0 &&
	    tw_record_field(tw_state_record_def(sc->state, TW_REC_GUN), o->field) < 0 &&
	    !(strcmp(o->field, "formation") == 0 && tw_render_formation_name(sc->state, 0)))
		return tw_error_set(err, TW_ERR_INPUT, "", "the rule set's figures, units and guns have no field '%s' "
							   "(tinwar rulesets NAME lists them)",
				    o->field);
	tw_state view, bview;
	bool have_view = false, have_bview = false;
	tw_rctx c;
	memset(&c, 0, sizeof c);
	c.cr = cr;
	c.o = o;
	c.s = sc->state;
	c.before = sc->before;
	if (o->seat >= 0) {
		if (o->seat >= sc->state->nsides)
			return tw_error_set(err, TW_ERR_INPUT, "", "no side %d in this game", o->seat);
		if (tw_state_view(&view, sc->state, o->seat) != TW_OK)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		have_view = true;
		c.s = &view;
		if (sc->before) {
			if (tw_state_view(&bview, sc->before, o->seat) != TW_OK) {
				tw_state_free(&view);
				return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
			}
			have_bview = true;
			c.before = &bview;
		}
	}
	if (sc->ev && sc->count > 0 && sc->first >= 0 && sc->first + sc->count <= sc->ev->n) {
		c.ev = sc->ev;
		c.shots = sc->shots;
		c.first = sc->first;
		c.count = sc->count;
	}
	tw_render_layout(&c, sc, o);
	c.mark = calloc((size_t)c.s->nfig + 1, 1);
	c.gun_taken = calloc((size_t)c.s->ngun + 1, 1);
	tw_status st = TW_OK;
	if (!c.mark || !c.gun_taken) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto out;
	}
	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	tw_move_marks(&c);
	tw_draw_title(&c);
	if (c.win) { // a part of the table: whatever lies beyond it is cut off
		cairo_save(cr);
		cairo_rectangle(cr, c.ox, c.oy, c.vw, c.vh);
		cairo_clip(cr);
	}
	tw_draw_table(&c);
	if (o->labels)
		tw_draw_terrain_labels(&c); // under the men, so that a name never hides one
	for (int i = 0; i < o->nplaced; i++)
		tw_draw_placed(&c, &o->placed[i]);
	tw_draw_move_under(&c);
	tw_draw_forces(&c);
	tw_draw_move_over(&c);
	if (c.win) {
		cairo_restore(cr);
		cairo_rectangle(cr, c.ox, c.oy, c.vw, c.vh); // the frame of the part
		cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
	}
	tw_draw_scale_bar(&c);
	if (o->legend)
		tw_draw_legend(&c);
	cairo_restore(cr);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		st = tw_error_set(err, TW_ERR_IO, "", "cairo: %s", cairo_status_to_string(cairo_status(cr)));
out:
	free(c.mark);
	free(c.gun_taken);
	if (have_view)
		tw_state_free(&view);
	if (have_bview)
		tw_state_free(&bview);
	return st;
}

static const char *ext_of(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot ? dot + 1 : "";
}

static tw_status surface_draw(cairo_surface_t *sf, const tw_render_scene *sc, const tw_render_opts *o, tw_error *err)
{
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		return tw_error_set(err, TW_ERR_IO, "", "cairo: %s", cairo_status_to_string(cairo_surface_status(sf)));
	cairo_t *cr = cairo_create(sf);
	tw_status st = tw_render_draw(cr, sc, o, err);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (st == TW_OK && cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		st = tw_error_set(err, TW_ERR_IO, "", "cairo: %s", cairo_status_to_string(cairo_surface_status(sf)));
	return st;
}

tw_status tw_render_file(const tw_render_scene *sc, const tw_render_opts *o, const char *path, tw_error *err)
{
	tw_render_opts def;
	if (!o) {
		tw_render_opts_default(&def);
		o = &def;
	}
	if (!sc || !sc->state)
		return tw_error_set(err, TW_ERR_INPUT, "", "nothing to draw");
	int w, h;
	tw_render_size(sc, o, &w, &h);
	const char *ext = ext_of(path);
	tw_status st;
	if (strcmp(ext, "png") == 0) {
		tw_image img;
		st = tw_render_image(sc, o, &img, err);
		if (st == TW_OK)
			st = tw_image_save_png(&img, path, err);
		tw_image_free(&img);
		return st;
	} else if (strcmp(ext, "svg") == 0) {
		cairo_surface_t *sf = cairo_svg_surface_create(path, w, h);
		st = surface_draw(sf, sc, o, err);
		cairo_surface_destroy(sf);
	} else if (strcmp(ext, "pdf") == 0) {
		cairo_surface_t *sf = cairo_pdf_surface_create(path, w, h);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATE_DATE, TW_PDF_DATE);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_MOD_DATE, TW_PDF_DATE);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR, "tinwar " TW_VERSION_STRING);
		if (o->title)
			cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE, o->title);
		st = surface_draw(sf, sc, o, err);
		cairo_surface_destroy(sf);
	} else {
		return tw_error_set(err, TW_ERR_INPUT, "", "%s: the picture must end in .png, .svg or .pdf", path);
	}
	if (st != TW_OK && err && err->path[0] == 0)
		snprintf(err->path, sizeof err->path, "%s", path);
	return st;
}

typedef struct membuf {
	unsigned char *p;
	size_t n, cap;
	bool oom;
} membuf;

static cairo_status_t membuf_write(void *closure, const unsigned char *data, unsigned int len)
{
	membuf *m = closure;
	if (m->n + len + 1 > m->cap) {
		size_t cap = m->cap ? m->cap : 65536;
		while (cap < m->n + len + 1)
			cap *= 2;
		unsigned char *p = realloc(m->p, cap);
		if (!p) {
			m->oom = true;
			return CAIRO_STATUS_WRITE_ERROR;
		}
		m->p = p;
		m->cap = cap;
	}
	memcpy(m->p + m->n, data, len);
	m->n += len;
	m->p[m->n] = 0;
	return CAIRO_STATUS_SUCCESS;
}

tw_status tw_surface_png(cairo_surface_t *sf, unsigned char **data, size_t *len, tw_error *err)
{
	membuf m = {0};
	cairo_status_t cs = cairo_surface_write_to_png_stream(sf, membuf_write, &m);
	if (cs != CAIRO_STATUS_SUCCESS) {
		free(m.p);
		return tw_error_set(err, m.oom ? TW_ERR_NOMEM : TW_ERR_IO, "", "PNG: %s", cairo_status_to_string(cs));
	}
	*data = m.p;
	*len = m.n;
	return TW_OK;
}

tw_status tw_render_png(const tw_render_scene *sc, const tw_render_opts *o, unsigned char **data, size_t *len,
			tw_error *err)
{
	tw_image img;
	tw_status st = tw_render_image(sc, o, &img, err);
	if (st != TW_OK)
		return st;
	cairo_surface_t *sf =
	    cairo_image_surface_create_for_data(img.data, CAIRO_FORMAT_ARGB32, img.width, img.height, img.stride);
	st = tw_surface_png(sf, data, len, err);
	cairo_surface_destroy(sf);
	tw_image_free(&img);
	return st;
}

tw_status tw_render_svg(const tw_render_scene *sc, const tw_render_opts *o, char **text, size_t *len, tw_error *err)
{
	tw_render_opts def;
	if (!o) {
		tw_render_opts_default(&def);
		o = &def;
	}
	if (!sc || !sc->state)
		return tw_error_set(err, TW_ERR_INPUT, "", "nothing to draw");
	int w, h;
	tw_render_size(sc, o, &w, &h);
	membuf m = {0};
	cairo_surface_t *sf = cairo_svg_surface_create_for_stream(membuf_write, &m, w, h);
	tw_status st = surface_draw(sf, sc, o, err);
	cairo_surface_destroy(sf);
	if (st == TW_OK && (m.oom || !m.p))
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (st != TW_OK) {
		free(m.p);
		return st;
	}
	*text = (char *)m.p;
	if (len)
		*len = m.n;
	return TW_OK;
}

tw_status tw_render_image(const tw_render_scene *sc, const tw_render_opts *o, tw_image *img, tw_error *err)
{
	tw_render_opts def;
	memset(img, 0, sizeof *img);
	if (!o) {
		tw_render_opts_default(&def);
		o = &def;
	}
	if (!sc || !sc->state)
		return tw_error_set(err, TW_ERR_INPUT, "", "nothing to draw");
	int w, h;
	tw_render_size(sc, o, &w, &h);
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w);
	unsigned char *data = calloc((size_t)stride * (size_t)h, 1);
	if (!data)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	cairo_surface_t *sf = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, w, h, stride);
	tw_status st = surface_draw(sf, sc, o, err);
	cairo_surface_destroy(sf);
	if (st != TW_OK) {
		free(data);
		return st;
	}
	img->width = w;
	img->height = h;
	img->stride = stride;
	img->data = data;
	return TW_OK;
}

void tw_image_free(tw_image *img)
{
	if (!img)
		return;
	free(img->data);
	memset(img, 0, sizeof *img);
}

tw_status tw_image_load_png(tw_image *img, const char *path, tw_error *err)
{
	memset(img, 0, sizeof *img);
	cairo_surface_t *sf = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
		tw_status st = tw_error_set(err, TW_ERR_IO, "", "%s: %s", path,
					    cairo_status_to_string(cairo_surface_status(sf)));
		cairo_surface_destroy(sf);
		return st;
	}
	int w = cairo_image_surface_get_width(sf), h = cairo_image_surface_get_height(sf);
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w);
	unsigned char *data = calloc((size_t)stride * (size_t)h, 1);
	if (!data) {
		cairo_surface_destroy(sf);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	cairo_surface_t *dst = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, w, h, stride);
	cairo_t *cr = cairo_create(dst);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_set_source_surface(cr, sf, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(dst);
	cairo_surface_destroy(sf);
	img->width = w;
	img->height = h;
	img->stride = stride;
	img->data = data;
	return TW_OK;
}

tw_status tw_image_save_png(const tw_image *img, const char *path, tw_error *err)
{
	cairo_surface_t *sf =
	    cairo_image_surface_create_for_data(img->data, CAIRO_FORMAT_ARGB32, img->width, img->height, img->stride);
	cairo_status_t cs = cairo_surface_write_to_png(sf, path);
	cairo_surface_destroy(sf);
	if (cs != CAIRO_STATUS_SUCCESS)
		return tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, cairo_status_to_string(cs));
	return TW_OK;
}

long tw_image_diff(const tw_image *a, const tw_image *b, int tol, int x0, int y0, int w, int h)
{
	if (a->width != b->width || a->height != b->height)
		return (long)(a->width > b->width ? a->width : b->width) * (a->height > b->height ? a->height : b->height);
	if (w <= 0 || h <= 0) {
		x0 = y0 = 0;
		w = a->width;
		h = a->height;
	}
	long bad = 0;
	for (int y = y0 < 0 ? 0 : y0; y < y0 + h && y < a->height; y++) {
		const uint32_t *ra = (const uint32_t *)(a->data + (size_t)y * (size_t)a->stride);
		const uint32_t *rb = (const uint32_t *)(b->data + (size_t)y * (size_t)b->stride);
		for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < a->width; x++) {
			uint32_t pa = ra[x], pb = rb[x];
			for (int k = 0; k < 32; k += 8) {
				int d = (int)((pa >> k) & 255) - (int)((pb >> k) & 255);
				if (d > tol || d < -tol) {
					bad++;
					break;
				}
			}
		}
	}
	return bad;
}

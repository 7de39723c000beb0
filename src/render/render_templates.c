// Templates as data: each rule set lists its named shapes (in inches, in the template's own
// frame) in its descriptor (tw_ruleset.templates); the renderer draws them.
#include <math.h>
#include <string.h>

#include "render_internal.h"

const tw_render_template *tw_render_templates(const char *ruleset, int *n)
{
	const tw_ruleset *rs = tw_ruleset_get(tw_ruleset_find(ruleset));
	*n = rs && rs->templates ? rs->ntemplates : 0;
	return *n ? rs->templates : NULL;
}

const tw_render_template *tw_render_template_find(const char *ruleset, const char *name)
{
	int n;
	const tw_render_template *v = tw_render_templates(ruleset, &n);
	for (int i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return &v[i];
	return NULL;
}

/// Template frame (x right, y along the bearing) to table inches.
static tw_vec2 tpl_point(tw_vec2 origin, double bearing, tw_vec2 p)
{
	tw_vec2 fwd = tw_dir_deg(bearing), right = tw_dir_deg(bearing + 90);
	return tw_add(origin, tw_add(tw_scale(right, p.x), tw_scale(fwd, p.y)));
}

static void to(tw_rctx *c, tw_vec2 table_pt, bool first)
{
	tw_vec2 q = tw_rp(c, table_pt);
	if (first)
		cairo_move_to(c->cr, q.x, q.y);
	else
		cairo_line_to(c->cr, q.x, q.y);
}

void tw_draw_template(tw_rctx *c, const tw_render_template *t, tw_vec2 origin, double bearing)
{
	cairo_t *cr = c->cr;
	for (int i = 0; i < t->nshapes; i++) {
		const tw_tpl_shape *sh = &t->shapes[i];
		tw_vec2 o = sh->npts > 0 ? tpl_point(origin, bearing, sh->pts[0]) : origin;
		cairo_new_path(cr);
		bool closed = true;
		switch (sh->kind) {
		case TW_TPL_POLY:
		case TW_TPL_LINE:
			for (int k = 0; k < sh->npts && k < TW_TPL_MAX_POINTS; k++)
				to(c, tpl_point(origin, bearing, sh->pts[k]), k == 0);
			closed = sh->kind == TW_TPL_POLY;
			break;
		case TW_TPL_CIRCLE: {
			tw_vec2 q = tw_rp(c, o);
			cairo_arc(cr, q.x, q.y, sh->r1 * c->ppi, 0, 2 * M_PI);
			break;
		}
		case TW_TPL_SECTOR: {
			enum { STEPS = 48 };
			for (int k = 0; k <= STEPS; k++) {
				double a = sh->a0 + (sh->a1 - sh->a0) * k / STEPS;
				to(c, tw_add(o, tw_scale(tw_dir_deg(bearing + a), sh->r1)), k == 0);
			}
			for (int k = STEPS; k >= 0; k--) {
				double a = sh->a0 + (sh->a1 - sh->a0) * k / STEPS;
				to(c, tw_add(o, tw_scale(tw_dir_deg(bearing + a), sh->r0)), false);
			}
			break;
		}
		default:
			continue;
		}
		if (closed) {
			cairo_close_path(cr);
			if (t->fill & 255) {
				tw_set_hex(cr, t->fill);
				cairo_fill_preserve(cr);
			}
		}
		if (t->stroke & 255) {
			static const double dash[] = {5, 3};
			cairo_set_dash(cr, dash, t->dashed ? 2 : 0, 0);
			tw_set_hex(cr, t->stroke);
			cairo_set_line_width(cr, fmax(0.8, t->line_width * c->ppi));
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
		cairo_new_path(cr);
	}
}

void tw_draw_placed(tw_rctx *c, const tw_render_placed *pl)
{
	if (!pl->tpl)
		return;
	tw_draw_template(c, pl->tpl, pl->origin, pl->bearing);
	if (pl->label[0]) {
		tw_vec2 q = tw_rp(c, pl->origin);
		cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
		tw_text(c, q.x + 4, q.y - 4, 10, false, 0, pl->label);
	}
}

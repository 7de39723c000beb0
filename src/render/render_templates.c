// Templates as data: a rule set lists named shapes (in inches, in the template's own frame) and
// the renderer draws them. Little Wars has the 6 in string and the gun's reach; later rule sets
// add theirs (Grant's roundshot sleeve, canister cone and shell burst) to the table below.
#include <math.h>
#include <string.h>

#include "render_internal.h"

// ---- Little Wars (LW.MOB.4, LW.MEL.4, LW.CAP.1, §16 shell variant) ----
static const tw_tpl_shape lw_string[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 6.0}};
static const tw_tpl_shape lw_shell[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 3.0}};
static const tw_tpl_shape lw_mine[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 6.0}};
static const tw_tpl_shape lw_axle_line[] = {
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-12, 0}, {12, 0}}},
};

static const tw_render_template lw_templates[] = {
    {"6 in string (melee, crew, escort)", 1, lw_string, 0x7a1a8020u, 0x5a0a60ffu, 0.15, false},
    {"shell burst (3 in)", 1, lw_shell, 0xf0a00040u, 0x905000ffu, 0.15, true},
    {"mine (6 in)", 1, lw_mine, 0xc0400030u, 0x802000ffu, 0.15, true},
    {"gun axle line (LW.CAP.1)", 1, lw_axle_line, 0x00000000u, 0x303030ffu, 0.1, true},
};

// ---- Grant (GR.ART.2-4 sleeve, GR.CANI.1 canister device, GR.HOW.3 shell-burst indicator) ----
// Sleeve: placed at the sleeve's centre (aim point + deviation), bearing along the line of fire.
static const tw_tpl_shape gr_sleeve[] = {
    {.kind = TW_TPL_POLY, .npts = 4, .pts = {{-0.25, -2}, {0.25, -2}, {0.25, 2}, {-0.25, 2}}},
};
// Canister: apex at the muzzle, 24 in long, 8 in wide at the far end; near/middle/far bands.
static const tw_tpl_shape gr_canister[] = {
    {.kind = TW_TPL_POLY, .npts = 3, .pts = {{0, 0}, {4, 24}, {-4, 24}}},
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-8.0 / 6, 8}, {8.0 / 6, 8}}},
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-16.0 / 6, 16}, {16.0 / 6, 16}}},
};
// SBI: centre on the aim point, bearing gun -> aim; sector 6 the centre, 5 beyond, 4 right,
// 3 short, 2 left.
static const tw_tpl_shape gr_sbi[] = {
    {.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 1.5},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = -45, .a1 = 45},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 45, .a1 = 135},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 135, .a1 = 225},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 225, .a1 = 315},
};

static const tw_render_template gr_templates[] = {
    {"roundshot sleeve (GR.ART.2)", 1, gr_sleeve, 0x60606060u, 0x202020ffu, 0.05, false},
    {"canister device (GR.CANI.1)", 3, gr_canister, 0xd0802030u, 0x804000ffu, 0.08, false},
    {"shell-burst indicator (GR.HOW.3)", 5, gr_sbi, 0xf0a00030u, 0x905000ffu, 0.06, false},
};

typedef struct tpl_set {
	const char *ruleset;
	const tw_render_template *v;
	int n;
} tpl_set;

/// The registry: one row per rule set that has templates (explicit, like the rule-set registry).
static const tpl_set tpl_sets[] = {
    {"littlewars", lw_templates, (int)TW_ARRAY_COUNT(lw_templates)},
    {"grant", gr_templates, (int)TW_ARRAY_COUNT(gr_templates)},
};

const tw_render_template *tw_render_templates(const char *ruleset, int *n)
{
	for (size_t i = 0; i < TW_ARRAY_COUNT(tpl_sets); i++) {
		if (ruleset && strcmp(ruleset, tpl_sets[i].ruleset) == 0) {
			*n = tpl_sets[i].n;
			return tpl_sets[i].v;
		}
	}
	*n = 0;
	return NULL;
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

// A rule set as the page needs it (GET /api/rulesets and the hello message): its parameters,
// generals, its orders as it describes them (order.h), event types and templates.
#include <stdio.h>
#include <string.h>

#include "srv.h"
#include "tinwar/io.h"
#include "tinwar/render.h"

static json_t *colour_json(uint32_t c)
{
	char buf[16];
	snprintf(buf, sizeof buf, "#%08x", (unsigned)c);
	return json_string(buf);
}

/// The rule set's templates (src/render's registry) as data: shapes in inches in the template's
/// frame (+y along its bearing, +x to the right), angles in degrees clockwise from the bearing.
static json_t *templates_json(const char *ruleset)
{
	static const char *const kinds[] = {"poly", "circle", "sector", "line"};
	int n = 0;
	const tw_render_template *v = tw_render_templates(ruleset, &n);
	json_t *arr = json_array();
	for (int i = 0; i < n; i++) {
		json_t *shapes = json_array();
		for (int k = 0; k < v[i].nshapes; k++) {
			const tw_tpl_shape *sh = &v[i].shapes[k];
			json_t *pts = json_array();
			for (int p = 0; p < sh->npts && p < TW_TPL_MAX_POINTS; p++)
				json_array_append_new(pts, json_pack("[f, f]", sh->pts[p].x, sh->pts[p].y));
			json_t *sj = json_pack("{s:s, s:o}", "kind", sh->kind < 4 ? kinds[sh->kind] : "?", "pts", pts);
			if (sh->kind == TW_TPL_CIRCLE || sh->kind == TW_TPL_SECTOR)
				json_object_set_new(sj, "r1", json_real(sh->r1));
			if (sh->kind == TW_TPL_SECTOR) {
				json_object_set_new(sj, "r0", json_real(sh->r0));
				json_object_set_new(sj, "a0", json_real(sh->a0));
				json_object_set_new(sj, "a1", json_real(sh->a1));
			}
			json_array_append_new(shapes, sj);
		}
		json_array_append_new(arr, json_pack("{s:s, s:o, s:o, s:o, s:f, s:b}", "name", v[i].name, "shapes", shapes,
						     "fill", colour_json(v[i].fill), "stroke", colour_json(v[i].stroke),
						     "line_width", v[i].line_width, "dashed", v[i].dashed));
	}
	return arr;
}

json_t *srv_ruleset_json(const tw_ruleset *rs)
{
	json_t *params = json_array();
	for (int i = 0; i < rs->nparams; i++) {
		const tw_param_def *p = &rs->params[i];
		json_t *pj = json_pack("{s:s, s:f, s:f, s:f, s:s}", "name", p->name, "default", p->def, "min", p->min,
				       "max", p->max, "help", p->help ? p->help : "");
		// Issue 19: the lobby's control for it: a label, a unit, a checkbox, a select or a number.
		json_object_set_new(pj, "label", json_string(p->label ? p->label : p->name));
		const char *kind = p->choices ? "choice" : p->kind == TW_PARAM_YESNO ? "yesno" : "number";
		json_object_set_new(pj, "kind", json_string(kind));
		if (p->unit)
			json_object_set_new(pj, "unit", json_string(p->unit));
		json_object_set_new(pj, "step", json_real(p->step));
		if (p->choices) {
			json_t *ch = json_array();
			for (int k = 0; p->choices[k]; k++)
				json_array_append_new(ch, json_string(p->choices[k]));
			json_object_set_new(pj, "choices", ch);
		}
		json_array_append_new(params, pj);
	}
	json_t *gens = json_array();
	for (int i = 0; i < rs->ngenerals; i++)
		json_array_append_new(gens, json_string(rs->generals[i]->name));
	for (int i = 0; i < tw_general_count(); i++) {
		const tw_general_def *d = tw_general_get(i);
		if (!d->ruleset && strcmp(d->name, "random") == 0)
			json_array_append_new(gens, json_string(d->name));
	}
	// The rule set's own description of its orders (order.h): the page builds its tools from it.
	json_t *types = json_array(), *orders = tw_ruleset_orders_json(rs);
	for (int t = 0; t < rs->norders; t++)
		json_array_append_new(types, json_string(rs->orders[t].name));
	// Its own figure statuses: the generic one each counts as and how it is drawn (figure.h).
	static const char *const looks[] = {"plain", "held", "disarmed"};
	json_t *sts = json_array();
	for (int i = 0; i < rs->nstatuses; i++) {
		const tw_status_def *d = &rs->statuses[i];
		json_array_append_new(sts, json_pack("{s:s, s:s, s:s, s:s}", "name", d->name, "base",
						     tw_figure_status_name((tw_figure_status)d->base), "look",
						     d->look < 3 ? looks[d->look] : "plain", "help", d->help ? d->help : ""));
	}
	json_t *evs = json_array();
	for (int t = 0; t < TW_EV_COUNT; t++)
		json_array_append_new(evs, json_string(tw_event_type_name((tw_event_type)t)));
	// Its records' field tables (record.h): what each field of "data" is, with its help.
	json_t *recs = tw_ruleset_records_json(rs);
	// Its phases by name, by number (issue 19: the status bar names the phase); none for a rule
	// set that names none (Grant keeps phase 0 all game, which tw_phase_name would call "setup").
	json_t *phases = json_array();
	for (int i = 0; rs->phase_names && i <= rs->phase_max; i++)
		json_array_append_new(phases, json_string(rs->phase_names[i]));
	json_t *out = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "name", rs->name, "title",
			 rs->title, "score_help", rs->score_help ? rs->score_help : "", // issue 19: the page's status bar
			 "params", params, "generals", gens, "order_types", types, "orders", orders, "event_types", evs,
			 "templates", templates_json(rs->name), "statuses", sts, "records", recs, "phase_names", phases);
	if (out && rs->forms) // sv-web: its documents' forms (Science versus Luck's manuals)
		json_object_set_new(out, "forms", rs->forms());
	return out;
}

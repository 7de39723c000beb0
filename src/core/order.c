// Orders: defaults, and the rule sets' order tables (names, fields, checks).
#include <stdio.h>
#include <string.h>

#include "tinwar/order.h"
#include "tinwar/ruleset.h"
#include "tinwar/state.h"
#include <math.h>

void tw_order_init(tw_order *o, int type, int side)
{
	o->type = (uint16_t)type;
	o->side = (int8_t)side;
	o->has_at = o->has_aim = o->has_target = false;
	o->gun = -1;
	o->n = 0;
	o->bearing = o->elevation = 0;
	o->target = tw_v2(0, 0);
	o->time_ms = 0;
	o->nfig = o->nfig2 = o->npath = o->nval = o->ndice = 0;
}

const tw_order_def *tw_order_def_get(const tw_ruleset *rs, int type)
{
	if (!rs || type < 0 || type >= rs->norders || !rs->orders)
		return NULL;
	return &rs->orders[type];
}

const char *tw_order_type_name(const tw_ruleset *rs, int type)
{
	const tw_order_def *d = tw_order_def_get(rs, type);
	return d ? d->name : "?";
}

int tw_order_type_find(const tw_ruleset *rs, const char *name)
{
	if (!rs || !name)
		return -1;
	for (int i = 0; i < rs->norders; i++)
		if (strcmp(rs->orders[i].name, name) == 0)
			return i;
	return -1;
}

int tw_order_type_with(const tw_ruleset *rs, uint32_t flags)
{
	if (!rs)
		return -1;
	for (int i = 0; i < rs->norders; i++)
		if ((rs->orders[i].flags & flags) == flags)
			return i;
	return -1;
}

int tw_order_field_find(const tw_order_def *d, const char *name)
{
	if (!d || !name)
		return -1;
	for (int i = 0; i < d->nfields; i++)
		if (strcmp(d->fields[i].name, name) == 0)
			return i;
	return -1;
}

// The slots a field kind fills (bits), to find two fields of one form writing the same slot.
enum { S_FIG = 1, S_AT = 2, S_FIG2 = 4, S_PATH = 8, S_GUN = 16, S_N = 32, S_AIM_B = 64, S_AIM_E = 128, S_TARGET = 256, S_VAL = 512 };
static unsigned slots_of(int kind)
{
	switch (kind) {
	case TW_OF_FIGS: return S_FIG;
	case TW_OF_FIGS2: return S_FIG2;
	case TW_OF_PLACES: return S_FIG | S_AT;
	case TW_OF_POINTS: return S_AT;
	case TW_OF_PATH: return S_PATH;
	case TW_OF_GUN: return S_GUN;
	case TW_OF_GUN_PLACE: return S_GUN | S_PATH | S_AIM_B;
	case TW_OF_INT: case TW_OF_SIDE: return S_N;
	case TW_OF_BEARING: return S_AIM_B;
	case TW_OF_ELEVATION: return S_AIM_E;
	case TW_OF_POINT: return S_TARGET;
	case TW_OF_INTS: return S_VAL;
	default: return 0;
	}
}

static bool check_usage(const tw_order_def *d, tw_error *err)
{
	if (!d->usage)
		return true;
	const char *p = d->usage;
	while ((p = strchr(p, '{')) != NULL) {
		const char *q = strchr(p, '}');
		if (!q || q - p - 1 <= 0 || q - p - 1 >= 32) {
			tw_error_set(err, TW_ERR_STATE, "", "order %s: bad usage \"%s\"", d->name, d->usage);
			return false;
		}
		char name[32];
		snprintf(name, sizeof name, "%.*s", (int)(q - p - 1), p + 1);
		if (tw_order_field_find(d, name) < 0) {
			tw_error_set(err, TW_ERR_STATE, "", "order %s: usage names {%s}, which is no field", d->name, name);
			return false;
		}
		p = q + 1;
	}
	return true;
}

bool tw_order_defs_check(const tw_ruleset *rs, tw_error *err)
{
	if (rs->norders < 0 || rs->norders > 64 || (rs->norders > 0 && !rs->orders)) {
		tw_error_set(err, TW_ERR_STATE, "", "%s: bad order table (at most 64 types)", rs->name);
		return false;
	}
	for (int i = 0; i < rs->norders; i++) {
		const tw_order_def *d = &rs->orders[i];
		if (!d->name || !d->name[0] || (d->nfields > 0 && !d->fields) || d->nfields < 0) {
			tw_error_set(err, TW_ERR_STATE, "", "%s: order %d has no name or a bad field table", rs->name, i);
			return false;
		}
		for (int j = 0; j < i; j++)
			if (strcmp(rs->orders[j].name, d->name) == 0) {
				tw_error_set(err, TW_ERR_STATE, "", "%s: order type %s named twice", rs->name, d->name);
				return false;
			}
		for (int f = 0; f < d->nfields; f++) {
			const tw_order_field *a = &d->fields[f];
			if (!a->name || !a->name[0] || a->kind >= TW_OF_KIND_COUNT) {
				tw_error_set(err, TW_ERR_STATE, "", "order %s: field %d is malformed", d->name, f);
				return false;
			}
			// A path of the centre is a path; unit ids are a list of numbers.
			if (((a->flags & TW_OFF_CENTRE) && a->kind != TW_OF_PATH) ||
			    ((a->flags & TW_OFF_UNITS) && a->kind != TW_OF_INTS)) {
				tw_error_set(err, TW_ERR_STATE, "", "order %s: field %s has a flag its kind does not take", d->name,
					     a->name);
				return false;
			}
			static const char *const reserved[] = {"type", "side", "dice", "time_ms", NULL};
			for (int r = 0; reserved[r]; r++)
				if (strcmp(a->name, reserved[r]) == 0) {
					tw_error_set(err, TW_ERR_STATE, "", "order %s: field name %s is reserved", d->name, a->name);
					return false;
				}
			for (int g = 0; g < f; g++) {
				const tw_order_field *b = &d->fields[g];
				if (strcmp(a->name, b->name) == 0) {
					tw_error_set(err, TW_ERR_STATE, "", "order %s: field %s twice", d->name, a->name);
					return false;
				}
				bool same_form = a->form == 0 || b->form == 0 || a->form == b->form;
				unsigned clash = slots_of(a->kind) & slots_of(b->kind);
				// A figure list with its own points (crew + crew_to) shares fig[] on purpose.
				bool pair = (a->kind == TW_OF_POINTS && b->kind == TW_OF_FIGS) ||
					    (a->kind == TW_OF_FIGS && b->kind == TW_OF_POINTS);
				if (same_form && clash && !pair) {
					tw_error_set(err, TW_ERR_STATE, "", "order %s: fields %s and %s fill the same slot", d->name,
						     b->name, a->name);
					return false;
				}
			}
		}
		if (!check_usage(d, err))
			return false;
	}
	return true;
}

bool tw_order_field_set(const tw_order *o, const tw_order_field *f)
{
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS: return o->nfig > 0;
	case TW_OF_FIGS2: return o->nfig2 > 0;
	case TW_OF_PLACES: case TW_OF_POINTS: return o->has_at && o->nfig > 0;
	case TW_OF_PATH: return o->npath > 0;
	case TW_OF_GUN: return o->gun >= 0;
	case TW_OF_GUN_PLACE: return o->gun >= 0 && o->npath >= 1;
	case TW_OF_INT: return o->n != 0;
	case TW_OF_SIDE: return true;
	case TW_OF_BEARING: case TW_OF_ELEVATION: return o->has_aim;
	case TW_OF_POINT: return o->has_target;
	case TW_OF_INTS: return o->nval > 0;
	default: return false;
	}
}

int tw_order_form(const tw_order_def *d, const tw_order *o)
{
	int nforms = 0;
	for (int i = 0; i < d->nfields; i++)
		if (d->fields[i].form > nforms)
			nforms = d->fields[i].form;
	for (int k = 1; k <= nforms; k++) {
		bool all = true, any = false;
		for (int i = 0; i < d->nfields; i++)
			if (d->fields[i].form == k) {
				bool set = tw_order_field_set(o, &d->fields[i]);
				any |= set;
				all &= set || !d->fields[i].required;
			}
		if (all && any)
			return k;
	}
	return 0;
}

bool tw_order_field_written(const tw_order_def *d, const tw_order *o, int form, const tw_order_field *f)
{
	(void)d;
	if (f->form != 0 && f->form != form)
		return false;
	return f->required || tw_order_field_set(o, f);
}

static bool finite_pt(tw_vec2 p) { return isfinite(p.x) && isfinite(p.y) && fabs(p.x) <= 1e5 && fabs(p.y) <= 1e5; }

static tw_status shape_fail(tw_error *err, const tw_order_def *d, const tw_order_field *f, const char *what)
{
	return tw_error_set(err, TW_ERR_INPUT, "", "order %s: field %s: %s", d->name, f ? f->name : "-", what);
}

static tw_status check_field(const tw_state *s, const tw_order_def *d, const tw_order_field *f, const tw_order *o,
			     tw_error *err)
{
	int maxfig = f->max > 0 && f->max < TW_ORDER_MAX_FIG ? f->max : TW_ORDER_MAX_FIG;
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS:
	case TW_OF_PLACES:
	case TW_OF_FIGS2: {
		const int32_t *ids = f->kind == TW_OF_FIGS2 ? o->fig2 : o->fig;
		int n = f->kind == TW_OF_FIGS2 ? o->nfig2 : o->nfig;
		if (n < f->min || n > maxfig)
			return shape_fail(err, d, f, "wrong number of figures");
		for (int i = 0; i < n; i++)
			if (ids[i] < 0 || ids[i] >= s->nfig)
				return shape_fail(err, d, f, "a figure that does not exist");
		if (f->kind == TW_OF_PLACES)
			for (int i = 0; i < n; i++)
				if (!finite_pt(o->at[i]) || !isfinite(o->facing[i]))
					return shape_fail(err, d, f, "a place that is no point");
		return TW_OK;
	}
	case TW_OF_POINTS:
		for (int i = 0; i < o->nfig; i++)
			if (!finite_pt(o->at[i]))
				return shape_fail(err, d, f, "a point that is no point");
		return TW_OK;
	case TW_OF_PATH: {
		int max = f->max > 0 && f->max < TW_ORDER_MAX_PATH ? f->max : TW_ORDER_MAX_PATH;
		if (o->npath < f->min || o->npath > max)
			return shape_fail(err, d, f, "wrong number of points");
		for (int i = 0; i < o->npath; i++)
			if (!finite_pt(o->path[i]))
				return shape_fail(err, d, f, "a point that is no point");
		return TW_OK;
	}
	case TW_OF_GUN:
	case TW_OF_GUN_PLACE:
		if (o->gun < 0 || o->gun >= s->ngun)
			return shape_fail(err, d, f, "a gun that does not exist");
		if (f->kind == TW_OF_GUN_PLACE && (o->npath < 1 || !finite_pt(o->path[0]) || !isfinite(o->bearing)))
			return shape_fail(err, d, f, "a gun's place that is no point");
		return TW_OK;
	case TW_OF_INT: {
		int nc = 0;
		while (f->choices && f->choices[nc])
			nc++;
		int32_t lo = f->min, hi = f->max;
		if (nc > 0 && lo == 0 && hi == 0)
			hi = nc - 1;
		if ((lo != 0 || hi != 0) && (o->n < lo || o->n > hi))
			return shape_fail(err, d, f, "a number out of its range");
		return TW_OK;
	}
	case TW_OF_BEARING:
	case TW_OF_ELEVATION:
		if (!isfinite(o->bearing) || !isfinite(o->elevation) || fabs(o->bearing) > 3600 || fabs(o->elevation) > 90)
			return shape_fail(err, d, f, "an angle out of range");
		return TW_OK;
	case TW_OF_POINT: return finite_pt(o->target) ? TW_OK : shape_fail(err, d, f, "a point that is no point");
	case TW_OF_INTS: {
		int max = f->max > 0 && f->max < TW_ORDER_MAX_VALS ? f->max : TW_ORDER_MAX_VALS;
		return o->nval >= f->min && o->nval <= max ? TW_OK : shape_fail(err, d, f, "wrong number of numbers");
	}
	case TW_OF_SIDE: return o->n >= 0 && o->n < s->nsides ? TW_OK : shape_fail(err, d, f, "a side that does not exist");
	default: return shape_fail(err, d, f, "unknown kind");
	}
}

tw_status tw_order_check_shape(const tw_ruleset *rs, const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	if (!d)
		return tw_error_set(err, TW_ERR_INPUT, "", "%s has no order type %d", rs ? rs->name : "?", (int)o->type);
	if (o->nfig < 0 || o->nfig > TW_ORDER_MAX_FIG || o->nfig2 < 0 || o->nfig2 > TW_ORDER_MAX_FIG || o->npath < 0 ||
	    o->npath > TW_ORDER_MAX_PATH || o->nval < 0 || o->nval > TW_ORDER_MAX_VALS || o->ndice < 0 ||
	    o->ndice > TW_ORDER_MAX_DICE || o->time_ms < 0)
		return shape_fail(err, d, NULL, "a list longer than the order holds");
	int form = tw_order_form(d, o), nforms = 0;
	for (int i = 0; i < d->nfields; i++)
		if (d->fields[i].form > nforms)
			nforms = d->fields[i].form;
	if (nforms > 0 && form == 0)
		return shape_fail(err, d, NULL, "none of its alternative sets of fields is given whole");
	for (int i = 0; i < d->nfields; i++) {
		const tw_order_field *f = &d->fields[i];
		if (f->form != 0 && f->form != form)
			continue;
		if (!tw_order_field_set(o, f)) {
			if (f->required && f->kind != TW_OF_INT && !(f->kind == TW_OF_FIGS && f->min == 0))
				return shape_fail(err, d, f, "missing");
			if (!f->required || f->kind != TW_OF_INT)
				continue; // an unset optional field (an INT's 0 is checked below)
		}
		tw_status st = check_field(s, d, f, o, err);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

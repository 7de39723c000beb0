// Orders as JSON (docs/format.md, "Orders"). Only the shape is checked here: types, counts,
// ids in range of the state, finite numbers. Whether an order is legal is the rule set's job.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"
#include "tinwar/ruleset.h"

#define ANGLE_MAX 3600.0

#define TRY(call)                                                                                  \
	do {                                                                                       \
		tw_status st_ = (call);                                                            \
		if (st_ != TW_OK)                                                                  \
			return st_;                                                                \
	} while (0)

/// Runs `call` with key pushed if obj[key] exists (v = the value); fails if required and absent.
#define WITH(obj, key, required, call)                                                             \
	do {                                                                                       \
		const json_t *v = json_object_get((obj), (key));                                   \
		if (!v && (required))                                                              \
			return tw_io_fail(err, p, "missing required key \"%s\"", (key));           \
		if (v) {                                                                           \
			size_t pn_ = tw_io_push_key(p, (key));                                     \
			tw_status st_ = (call);                                                    \
			tw_io_pop(p, pn_);                                                         \
			if (st_ != TW_OK)                                                          \
				return st_;                                                        \
		}                                                                                  \
	} while (0)

/// An array of min..max figure ids of s (max 0: TW_ORDER_MAX_FIG).
static tw_status fig_ids(const json_t *v, const tw_state *s, int min, int max, int32_t *out, int *n, tw_io_path *p,
			 tw_error *err)
{
	if (max <= 0 || max > TW_ORDER_MAX_FIG)
		max = TW_ORDER_MAX_FIG;
	if (s->nfig == 0 && json_is_array(v) && json_array_size(v) > 0)
		return tw_io_fail(err, p, "the state has no figures");
	TRY(tw_io_ints(v, max, 0, s->nfig - 1, out, n, p, err));
	if (*n < min)
		return tw_io_fail(err, p, "expected at least %d figure id%s", min, min == 1 ? "" : "s");
	return TW_OK;
}

static tw_status gun_id(const json_t *v, const tw_state *s, int32_t *out, tw_io_path *p, tw_error *err)
{
	if (s->ngun == 0)
		return tw_io_fail(err, p, "the state has no guns");
	int64_t g = 0;
	TRY(tw_io_int(v, 0, s->ngun - 1, &g, p, err));
	*out = (int32_t)g;
	return TW_OK;
}

/// One entry of a TW_OF_PLACES list: {figure, at|to: [x, y], facing?}.
static tw_status placement(tw_order *o, const tw_state *s, const json_t *e, const char *at_key, int i,
			   tw_io_path *p, tw_error *err)
{
	const char *keys[] = {"figure", at_key, "facing", NULL};
	TRY(tw_io_object(e, keys, p, err));
	int64_t id = 0;
	if (s->nfig == 0)
		return tw_io_fail(err, p, "the state has no figures");
	WITH(e, "figure", true, tw_io_int(v, 0, s->nfig - 1, &id, p, err));
	WITH(e, at_key, true, tw_io_vec(v, &o->at[i], p, err));
	WITH(e, "facing", false, tw_io_num(v, -ANGLE_MAX, ANGLE_MAX, &o->facing[i], p, err));
	o->fig[i] = (int32_t)id;
	return TW_OK;
}

static tw_status placements(tw_order *o, const tw_state *s, const tw_order_field *f, const json_t *arr, tw_io_path *p,
			    tw_error *err)
{
	int max = f->max > 0 && f->max < TW_ORDER_MAX_FIG ? f->max : TW_ORDER_MAX_FIG;
	if (!json_is_array(arr) || json_array_size(arr) < (size_t)f->min || json_array_size(arr) > (size_t)max)
		return tw_io_fail(err, p, "expected an array of %d to %d entries", f->min, max);
	const char *at_key = (f->flags & TW_OFF_TO) ? "to" : "at";
	// Without "facing" a man faces 0, or with TW_OFF_FORWARD his side's forward direction.
	double forward = o->side >= 0 && o->side < s->nsides && s->sides[o->side].forward < 0 ? 180 : 0;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		o->facing[i] = (f->flags & TW_OFF_FORWARD) ? forward : 0;
		size_t n = tw_io_push_index(p, i);
		tw_status st = placement(o, s, json_array_get(arr, i), at_key, (int)i, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	o->nfig = (int)json_array_size(arr);
	o->has_at = o->nfig > 0;
	return TW_OK;
}

/// A TW_OF_GUN_PLACE list: at most one gun per order (the order has one gun slot).
static tw_status gun_places(tw_order *o, const tw_state *s, const json_t *arr, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"gun", "at", "bearing", NULL};
	if (!json_is_array(arr) || json_array_size(arr) > 1)
		return tw_io_fail(err, p, "expected an array of at most one gun (one gun per order)");
	if (json_array_size(arr) == 0)
		return TW_OK;
	const json_t *g = json_array_get(arr, 0);
	size_t n = tw_io_push_index(p, 0);
	tw_status st = tw_io_object(g, keys, p, err);
	if (st == TW_OK && !json_object_get(g, "gun"))
		st = tw_io_fail(err, p, "missing required key \"gun\"");
	if (st == TW_OK && !json_object_get(g, "at"))
		st = tw_io_fail(err, p, "missing required key \"at\"");
	if (st == TW_OK) {
		size_t k = tw_io_push_key(p, "gun");
		st = gun_id(json_object_get(g, "gun"), s, &o->gun, p, err);
		tw_io_pop(p, k);
	}
	if (st == TW_OK) {
		size_t k = tw_io_push_key(p, "at");
		st = tw_io_vec(json_object_get(g, "at"), &o->path[0], p, err);
		tw_io_pop(p, k);
		o->npath = 1;
	}
	if (st == TW_OK && json_object_get(g, "bearing")) {
		size_t k = tw_io_push_key(p, "bearing");
		st = tw_io_num(json_object_get(g, "bearing"), -ANGLE_MAX, ANGLE_MAX, &o->bearing, p, err);
		tw_io_pop(p, k);
		o->has_aim = true;
	}
	tw_io_pop(p, n);
	return st;
}

static int count_choices(const char *const *c)
{
	int n = 0;
	while (c && c[n])
		n++;
	return n;
}

static tw_status int_value(const json_t *v, const tw_order_field *f, int32_t *out, tw_io_path *p, tw_error *err)
{
	int nc = count_choices(f->choices);
	if (json_is_string(v) && nc > 0) {
		for (int i = 0; i < nc; i++)
			if (strcmp(json_string_value(v), f->choices[i]) == 0) {
				*out = i;
				return TW_OK;
			}
		return tw_io_fail(err, p, "unknown %s \"%s\"", f->name, json_string_value(v));
	}
	int64_t lo = f->min, hi = f->max;
	if (nc > 0 && lo == 0 && hi == 0)
		hi = nc - 1;
	else if (lo == 0 && hi == 0)
		lo = -TW_IO_ORDER_N_MAX, hi = TW_IO_ORDER_N_MAX;
	int64_t x = 0;
	TRY(tw_io_int(v, lo, hi, &x, p, err));
	*out = (int32_t)x;
	return TW_OK;
}

static tw_status read_field(tw_order *o, const tw_state *s, const tw_order_field *f, const json_t *v, tw_io_path *p,
			    tw_error *err)
{
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS: return fig_ids(v, s, f->min, f->max, o->fig, &o->nfig, p, err);
	case TW_OF_FIGS2: return fig_ids(v, s, f->min, f->max, o->fig2, &o->nfig2, p, err);
	case TW_OF_PLACES: return placements(o, s, f, v, p, err);
	case TW_OF_POINTS: {
		int n = 0;
		if (!json_is_array(v) || json_array_size(v) != (size_t)o->nfig)
			return tw_io_fail(err, p, "expected one point per figure (%d)", o->nfig);
		if (o->nfig > 0)
			TRY(tw_io_vecs(v, TW_ORDER_MAX_FIG, o->at, &n, p, err));
		o->has_at = true;
		return TW_OK;
	}
	case TW_OF_PATH: {
		int max = f->max > 0 && f->max < TW_ORDER_MAX_PATH ? f->max : TW_ORDER_MAX_PATH;
		TRY(tw_io_vecs(v, max, o->path, &o->npath, p, err));
		if (o->npath < f->min)
			return tw_io_fail(err, p, "expected at least %d points", f->min);
		return TW_OK;
	}
	case TW_OF_GUN: return gun_id(v, s, &o->gun, p, err);
	case TW_OF_GUN_PLACE: return gun_places(o, s, v, p, err);
	case TW_OF_INT: return int_value(v, f, &o->n, p, err);
	case TW_OF_BEARING: o->has_aim = true; return tw_io_num(v, -ANGLE_MAX, ANGLE_MAX, &o->bearing, p, err);
	case TW_OF_ELEVATION: o->has_aim = true; return tw_io_num(v, -90, 90, &o->elevation, p, err);
	case TW_OF_POINT: o->has_target = true; return tw_io_vec(v, &o->target, p, err);
	case TW_OF_INTS: {
		int max = f->max > 0 && f->max < TW_ORDER_MAX_VALS ? f->max : TW_ORDER_MAX_VALS;
		TRY(tw_io_ints(v, max, INT32_MIN, INT32_MAX, o->val, &o->nval, p, err));
		if (o->nval < f->min)
			return tw_io_fail(err, p, "expected at least %d numbers", f->min);
		return TW_OK;
	}
	case TW_OF_SIDE: {
		int side = 0;
		const char *name = NULL;
		TRY(tw_io_str(v, 32, true, &name, p, err));
		if ((side = tw_state_side_index(s, name)) < 0)
			return tw_io_fail(err, p, "unknown side \"%s\"", name);
		o->n = side;
		return TW_OK;
	}
	default: return tw_io_fail(err, p, "unknown field kind");
	}
}

// Names the fields of form k ("{a, b}") for an error message.
static void form_names(const tw_order_def *d, int k, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (int i = 0; i < d->nfields && len < n; i++)
		if (d->fields[i].form == k && d->fields[i].required)
			len += (size_t)snprintf(buf + len, n - len, "%s\"%s\"", len ? " and " : "", d->fields[i].name);
}

static tw_status read_fields(tw_order *o, const tw_state *s, const tw_order_def *d, const json_t *obj, tw_io_path *p,
			     tw_error *err)
{
	// Which alternatives are given: exactly one when the type has any.
	int nforms = 0, given = 0, ngiven = 0;
	for (int i = 0; i < d->nfields; i++)
		if (d->fields[i].form > nforms)
			nforms = d->fields[i].form;
	for (int k = 1; k <= nforms; k++) {
		bool any = false;
		for (int i = 0; i < d->nfields; i++)
			any |= d->fields[i].form == k && json_object_get(obj, d->fields[i].name) != NULL;
		if (any) {
			ngiven++;
			if (!given)
				given = k;
		}
	}
	if (nforms > 0 && ngiven != 1) {
		char msg[200] = "", part[96];
		size_t len = 0;
		for (int k = 1; k <= nforms; k++) {
			form_names(d, k, part, sizeof part);
			len += (size_t)snprintf(msg + len, sizeof msg - (len < sizeof msg ? len : sizeof msg), "%s%s",
						k > 1 ? ", or " : "", part);
			if (len >= sizeof msg)
				break;
		}
		return tw_io_fail(err, p, "a%s %s order needs %s", strchr("aeiou", d->name[0]) ? "n" : "", d->name, msg);
	}
	for (int i = 0; i < d->nfields; i++) {
		const tw_order_field *f = &d->fields[i];
		if (f->form != 0 && f->form != given)
			continue;
		WITH(obj, f->name, f->required, read_field(o, s, f, v, p, err));
	}
	return TW_OK;
}

// A seat's name: a side, "umpire" or "host".
static tw_status seat_value(const json_t *obj, const tw_state *s, int *out, tw_io_path *p, tw_error *err)
{
	const json_t *v = json_object_get(obj, "side");
	if (json_is_string(v) && strcmp(json_string_value(v), "umpire") == 0) {
		*out = TW_SEAT_UMPIRE;
		return TW_OK;
	}
	if (json_is_string(v) && strcmp(json_string_value(v), "host") == 0) {
		*out = TW_SEAT_HOST;
		return TW_OK;
	}
	return tw_io_get_side(obj, "side", true, s, out, p, err);
}

tw_status tw_io_order_read(tw_order *o, const tw_state *s, const json_t *obj, tw_io_path *p, tw_error *err)
{
	if (!json_is_object(obj))
		return tw_io_fail(err, p, "expected an order object");
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return tw_io_fail(err, p, "the state has no registered rule set");
	const char *tname = NULL;
	TRY(tw_io_get_str(obj, "type", true, 32, &tname, p, err));
	int type = tw_order_type_find(rs, tname);
	if (type < 0) {
		size_t n = tw_io_push_key(p, "type");
		tw_status st = tw_io_fail(err, p, "%s has no order type \"%s\"", rs->name, tname);
		tw_io_pop(p, n);
		return st;
	}
	const tw_order_def *d = &rs->orders[type];
	// The keys every order may carry, then the type's own fields.
	const char *keys[4 + 32 + 1] = {"type", "side", "dice", "time_ms"};
	int nk = 4;
	for (int i = 0; i < d->nfields && nk < 36; i++)
		keys[nk++] = d->fields[i].name;
	keys[nk] = NULL;
	TRY(tw_io_object(obj, keys, p, err));
	int side = 0;
	TRY(seat_value(obj, s, &side, p, err));
	memset(o, 0, sizeof *o);
	tw_order_init(o, type, side);
	int64_t t = 0;
	TRY(tw_io_get_int(obj, "time_ms", false, 0, INT64_C(1) << 53, &t, p, err));
	o->time_ms = t;
	int32_t dice[TW_ORDER_MAX_DICE];
	WITH(obj, "dice", false, tw_io_ints(v, TW_ORDER_MAX_DICE, 1, 100, dice, &o->ndice, p, err));
	for (int i = 0; i < o->ndice; i++)
		o->dice[i] = (uint8_t)dice[i];
	TRY(read_fields(o, s, d, obj, p, err));
	// Unused slots are zero so that parsed orders compare equal byte for byte.
	for (int i = o->nfig; i < TW_ORDER_MAX_FIG; i++)
		o->facing[i] = 0;
	return TW_OK;
}

tw_status tw_order_from_json(tw_order *o, const tw_state *s, const json_t *obj, const char *path, tw_error *err)
{
	tw_error_clear(err);
	tw_io_path p;
	tw_io_path_init(&p, path ? path : "$");
	tw_order *t = malloc(sizeof *t);
	if (!t)
		return tw_io_nomem(err);
	tw_status st = tw_io_order_read(t, s, obj, &p, err);
	if (st == TW_OK)
		memcpy(o, t, sizeof *t);
	free(t);
	return st;
}

// ---- writing ----

static json_t *ids_json(const int32_t *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; a && i < n; i++)
		if (!tw_io_append(a, json_integer(v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *points_json(const tw_vec2 *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; a && i < n; i++)
		if (!tw_io_append(a, tw_io_jvec(v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/// placements / moves: [{figure, <at_key>, facing}]; facing left out when 0 in moves.
static json_t *placements_json(const tw_order *o, const char *at_key, bool always_facing)
{
	json_t *a = json_array();
	for (int i = 0; a && i < o->nfig; i++) {
		json_t *e = json_object();
		bool ok = tw_io_set(e, "figure", json_integer(o->fig[i])) && tw_io_set(e, at_key, tw_io_jvec(o->at[i]));
		if (ok && (always_facing || o->facing[i] != 0))
			ok = tw_io_set(e, "facing", tw_io_jnum(o->facing[i]));
		if (!ok || !tw_io_append(a, e)) {
			if (!ok)
				json_decref(e);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *field_json(const tw_order *o, const tw_state *s, const tw_order_field *f)
{
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS: return ids_json(o->fig, o->nfig);
	case TW_OF_FIGS2: return ids_json(o->fig2, o->nfig2);
	case TW_OF_PLACES: return placements_json(o, (f->flags & TW_OFF_TO) ? "to" : "at", (f->flags & TW_OFF_FORWARD) != 0);
	case TW_OF_POINTS: return points_json(o->at, o->nfig);
	case TW_OF_PATH: return points_json(o->path, o->npath);
	case TW_OF_GUN: return json_integer(o->gun);
	case TW_OF_GUN_PLACE: {
		json_t *g = json_object(), *a = json_array();
		bool ok = g && a && tw_io_set(g, "gun", json_integer(o->gun)) && tw_io_set(g, "at", tw_io_jvec(o->path[0]));
		if (ok && o->has_aim)
			ok = tw_io_set(g, "bearing", tw_io_jnum(o->bearing));
		if (ok && tw_io_append(a, g))
			return a;
		if (!ok)
			json_decref(g);
		json_decref(a);
		return NULL;
	}
	case TW_OF_INT: return json_integer(o->n); // written as a number; read as a number or a name
	case TW_OF_SIDE: return o->n >= 0 && o->n < s->nsides ? json_string(s->sides[o->n].name) : NULL;
	case TW_OF_BEARING: return tw_io_jnum(o->bearing);
	case TW_OF_ELEVATION: return tw_io_jnum(o->elevation);
	case TW_OF_POINT: return tw_io_jvec(o->target);
	case TW_OF_INTS: return ids_json(o->val, o->nval);
	default: return NULL;
	}
}

static const char *seat_name(const tw_state *s, int seat)
{
	if (seat == TW_SEAT_UMPIRE)
		return "umpire";
	if (seat == TW_SEAT_HOST)
		return "host";
	return seat >= 0 && seat < s->nsides ? s->sides[seat].name : NULL;
}

json_t *tw_order_to_json(const tw_order *o, const tw_state *s)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	const char *seat = seat_name(s, o->side);
	if (!d || !seat || o->nfig < 0 || o->nfig > TW_ORDER_MAX_FIG || o->nfig2 < 0 || o->nfig2 > TW_ORDER_MAX_FIG ||
	    o->npath < 0 || o->npath > TW_ORDER_MAX_PATH || o->nval < 0 || o->nval > TW_ORDER_MAX_VALS || o->ndice < 0 ||
	    o->ndice > TW_ORDER_MAX_DICE)
		return NULL;
	json_t *r = json_object();
	bool ok = tw_io_set(r, "type", json_string(d->name)) && tw_io_set(r, "side", json_string(seat));
	if (ok && o->time_ms)
		ok = tw_io_set(r, "time_ms", json_integer(o->time_ms));
	if (ok && o->ndice > 0) {
		int32_t faces[TW_ORDER_MAX_DICE];
		for (int i = 0; i < o->ndice; i++)
			faces[i] = o->dice[i];
		ok = tw_io_set(r, "dice", ids_json(faces, o->ndice));
	}
	int form = tw_order_form(d, o);
	for (int i = 0; ok && i < d->nfields; i++)
		if (tw_order_field_written(d, o, form, &d->fields[i]))
			ok = tw_io_set(r, d->fields[i].name, field_json(o, s, &d->fields[i]));
	if (!ok) {
		json_decref(r);
		return NULL;
	}
	return r;
}

bool tw_io_order_equal(const tw_order *a, const tw_order *b)
{
	if (a->type != b->type || a->side != b->side || a->has_at != b->has_at || a->has_aim != b->has_aim ||
	    a->has_target != b->has_target || a->gun != b->gun || a->n != b->n || a->nfig != b->nfig ||
	    a->nfig2 != b->nfig2 || a->npath != b->npath)
		return false;
	if (a->bearing != b->bearing || a->elevation != b->elevation || a->target.x != b->target.x ||
	    a->target.y != b->target.y)
		return false;
	for (int i = 0; i < a->nfig; i++) {
		if (a->fig[i] != b->fig[i] || a->facing[i] != b->facing[i])
			return false;
		if (a->has_at && (a->at[i].x != b->at[i].x || a->at[i].y != b->at[i].y))
			return false;
	}
	for (int i = 0; i < a->nfig2; i++)
		if (a->fig2[i] != b->fig2[i])
			return false;
	for (int i = 0; i < a->npath; i++)
		if (a->path[i].x != b->path[i].x || a->path[i].y != b->path[i].y)
			return false;
	if (a->time_ms != b->time_ms || a->nval != b->nval || a->ndice != b->ndice)
		return false;
	for (int i = 0; i < a->nval; i++)
		if (a->val[i] != b->val[i])
			return false;
	for (int i = 0; i < a->ndice; i++)
		if (a->dice[i] != b->dice[i])
			return false;
	return true;
}

/// Parses orders[i] into out[i]; p is the array's path.
static tw_status read_list(tw_order *out, const tw_state *s, const json_t *arr, tw_io_path *p, tw_error *err)
{
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = tw_io_order_read(&out[i], s, json_array_get(arr, i), p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static tw_status orders_doc(tw_order **out, int *n, const tw_state *s, const json_t *root, tw_error *err)
{
	tw_io_path p;
	tw_io_path_init(&p, "$");
	const json_t *arr = root;
	if (json_is_object(root) && json_object_get(root, "format")) {
		static const char *const keys[] = {"format", "version", "orders", NULL};
		TRY(tw_io_object(root, keys, &p, err));
		TRY(tw_io_header(root, "tinwar-orders", NULL, NULL, &p, err));
		arr = json_object_get(root, "orders");
		if (!arr)
			return tw_io_fail(err, &p, "missing required key \"orders\"");
		tw_io_push_key(&p, "orders");
		if (!json_is_array(arr))
			return tw_io_fail(err, &p, "expected an array of orders");
	}
	size_t count = json_is_array(arr) ? json_array_size(arr) : 1;
	if (count > TW_IO_MAX_ORDERS_FILE)
		return tw_io_fail(err, &p, "more than %d orders", TW_IO_MAX_ORDERS_FILE);
	tw_order *v = malloc((count ? count : 1) * sizeof *v);
	if (!v)
		return tw_io_nomem(err);
	tw_status st = json_is_array(arr) ? read_list(v, s, arr, &p, err) : tw_io_order_read(v, s, arr, &p, err);
	if (st != TW_OK) {
		free(v);
		return st;
	}
	*out = v;
	*n = (int)count;
	return TW_OK;
}

tw_status tw_orders_from_text(tw_order **out, int *n, const tw_state *s, const char *text, size_t len,
			      const char *source, tw_error *err)
{
	tw_error_clear(err);
	json_t *root = tw_io_parse(text, len, source, err);
	if (!root)
		return TW_ERR_INPUT;
	tw_status st = orders_doc(out, n, s, root, err);
	json_decref(root);
	tw_io_prefix(err, source);
	return st;
}

// ---- the order description as JSON ----

static const char *const ofield_kind_names[TW_OF_KIND_COUNT] = {
	"figures", "figures2", "places", "points", "path", "gun", "gun_place", "int", "bearing", "elevation", "point",
	"ints", "side",
};

static json_t *choices_json(const char *const *c)
{
	json_t *a = json_array();
	for (int i = 0; a && c && c[i]; i++)
		if (!tw_io_append(a, json_string(c[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *order_def_json(const tw_order_def *d)
{
	json_t *o = json_object(), *names = json_array(), *defs = json_array(), *flags = json_array();
	bool ok = o && names && defs && flags;
	static const char *const flag_names[] = {"ends_turn", "host", "umpire", "per_figure"};
	for (int k = 0; ok && k < 4; k++)
		if (d->flags & (1u << k))
			ok = tw_io_append(flags, json_string(flag_names[k]));
	const char *const *n_choices = NULL;
	for (int i = 0; ok && i < d->nfields; i++) {
		const tw_order_field *f = &d->fields[i];
		json_t *fd = json_object();
		ok = tw_io_append(names, json_string(f->name)) && fd && tw_io_set(fd, "name", json_string(f->name)) &&
		     tw_io_set(fd, "kind", json_string(f->kind < TW_OF_KIND_COUNT ? ofield_kind_names[f->kind] : "?")) &&
		     tw_io_set(fd, "form", json_integer(f->form)) && tw_io_set(fd, "required", json_boolean(f->required)) &&
		     tw_io_set(fd, "min", json_integer(f->min)) && tw_io_set(fd, "max", json_integer(f->max));
		if (ok && f->choices)
			ok = tw_io_set(fd, "choices", choices_json(f->choices));
		if (ok && f->help)
			ok = tw_io_set(fd, "help", json_string(f->help));
		if (ok && (f->flags & TW_OFF_TO))
			ok = tw_io_set(fd, "point_key", json_string("to"));
		// What a path's points are (the figures' centre), and what a list of numbers names (units).
		if (ok && (f->flags & TW_OFF_CENTRE))
			ok = tw_io_set(fd, "point_of", json_string("centre"));
		if (ok && (f->flags & TW_OFF_UNITS))
			ok = tw_io_set(fd, "refers", json_string("units"));
		if (!ok || !tw_io_append(defs, fd)) {
			json_decref(fd);
			ok = false;
		}
		if (f->kind == TW_OF_INT && strcmp(f->name, "n") == 0)
			n_choices = f->choices;
	}
	ok = ok && tw_io_set(o, "type", json_string(d->name)) && tw_io_set(o, "fields", names) &&
	     tw_io_set(o, "field_defs", defs) && tw_io_set(o, "flags", flags) &&
	     tw_io_set(o, "per_figure", json_boolean((d->flags & TW_OD_PER_FIGURE) != 0));
	names = defs = flags = NULL;
	if (ok && d->clause)
		ok = tw_io_set(o, "clause", json_string(d->clause));
	if (ok && d->help)
		ok = tw_io_set(o, "help", json_string(d->help));
	if (ok && d->usage)
		ok = tw_io_set(o, "usage", json_string(d->usage));
	if (ok && n_choices)
		ok = tw_io_set(o, "n_choices", choices_json(n_choices));
	if (!ok) {
		json_decref(names);
		json_decref(defs);
		json_decref(flags);
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *tw_ruleset_orders_json(const tw_ruleset *rs)
{
	json_t *a = json_array();
	for (int i = 0; a && rs && i < rs->norders; i++)
		if (!tw_io_append(a, order_def_json(&rs->orders[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

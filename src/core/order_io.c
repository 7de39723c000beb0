// Orders as JSON (docs/format.md, "Orders"). Only the shape is checked here: types, counts,
// ids in range of the state, finite numbers. Whether an order is legal is the rule set's job.
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"

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

/// Keys each order type may carry besides "type", "side" and "n".
static const char *const type_keys[TW_OT_COUNT][5] = {
	[TW_OT_TOSS] = {NULL},
	[TW_OT_DEPLOY] = {"placements", "guns", NULL},
	[TW_OT_READY] = {NULL},
	[TW_OT_MOVE] = {"figures", "path", "moves", NULL},
	[TW_OT_GUN_MOVE] = {"gun", "path", "crew", "crew_to", NULL},
	[TW_OT_FIRE] = {"gun", "bearing", "elevation", "target", NULL},
	[TW_OT_TRAIL] = {"gun", "figures", NULL},
	[TW_OT_LIE_DOWN] = {"figures", NULL},
	[TW_OT_SURRENDER] = {"figures", NULL},
	[TW_OT_END_MOVE] = {"dead", "prisoners", NULL},
	[TW_OT_TAKE_RESERVE] = {"figures", NULL},
	[TW_OT_CHOOSE_SIDE] = {NULL},
	[TW_OT_VOLLEY] = {"figures", "targets", NULL},
	[TW_OT_FORMATION] = {"moves", NULL},
};

/// An array of min..TW_ORDER_MAX_FIG figure ids of s.
static tw_status fig_ids(const json_t *v, const tw_state *s, int min, int32_t *out, int *n, tw_io_path *p,
			 tw_error *err)
{
	if (s->nfig == 0 && json_is_array(v) && json_array_size(v) > 0)
		return tw_io_fail(err, p, "the state has no figures");
	TRY(tw_io_ints(v, TW_ORDER_MAX_FIG, 0, s->nfig - 1, out, n, p, err));
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

static tw_status angle(const json_t *v, double lo, double hi, double *out, tw_io_path *p, tw_error *err)
{
	return tw_io_num(v, lo, hi, out, p, err);
}

/// One entry of deploy.placements or move.moves: {figure, <at_key>: [x, y], facing?}.
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
	WITH(e, "facing", false, angle(v, -ANGLE_MAX, ANGLE_MAX, &o->facing[i], p, err));
	o->fig[i] = (int32_t)id;
	return TW_OK;
}

static tw_status placements(tw_order *o, const tw_state *s, const json_t *arr, const char *at_key, int min,
			    tw_io_path *p, tw_error *err)
{
	if (!json_is_array(arr) || json_array_size(arr) < (size_t)min || json_array_size(arr) > TW_ORDER_MAX_FIG)
		return tw_io_fail(err, p, "expected an array of %d to %d entries", min, TW_ORDER_MAX_FIG);
	for (size_t i = 0; i < json_array_size(arr); i++) {
		const json_t *v = json_array_get(arr, i);
		size_t n = tw_io_push_index(p, i);
		tw_status st = placement(o, s, v, at_key, (int)i, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	o->nfig = (int)json_array_size(arr);
	o->has_at = true;
	return TW_OK;
}

/// deploy.guns: at most one gun per order (the order has one gun slot).
static tw_status deploy_guns(tw_order *o, const tw_state *s, const json_t *arr, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"gun", "at", "bearing", NULL};
	if (!json_is_array(arr) || json_array_size(arr) > 1)
		return tw_io_fail(err, p, "expected an array of at most one gun (one gun per deploy order)");
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
		st = angle(json_object_get(g, "bearing"), -ANGLE_MAX, ANGLE_MAX, &o->bearing, p, err);
		tw_io_pop(p, k);
		o->has_aim = true;
	}
	tw_io_pop(p, n);
	return st;
}

static tw_status read_fields(tw_order *o, const tw_state *s, const json_t *obj, tw_io_path *p, tw_error *err)
{
	switch (o->type) {
	case TW_OT_TOSS:
	case TW_OT_READY: return TW_OK;
	case TW_OT_DEPLOY:
		WITH(obj, "placements", false, placements(o, s, v, "at", 0, p, err));
		o->has_at = o->nfig > 0;
		// Without a placement, facing defaults are moot; with one, facing defaults to forward.
		WITH(obj, "guns", false, deploy_guns(o, s, v, p, err));
		return TW_OK;
	case TW_OT_MOVE: {
		bool group = json_object_get(obj, "figures") || json_object_get(obj, "path");
		bool each = json_object_get(obj, "moves") != NULL;
		if (group == each)
			return tw_io_fail(err, p, "a move needs \"figures\" and \"path\", or \"moves\"");
		if (each) {
			WITH(obj, "moves", true, placements(o, s, v, "to", 1, p, err));
			return TW_OK;
		}
		WITH(obj, "figures", true, fig_ids(v, s, 1, o->fig, &o->nfig, p, err));
		WITH(obj, "path", true, tw_io_vecs(v, TW_ORDER_MAX_PATH, o->path, &o->npath, p, err));
		return TW_OK;
	}
	case TW_OT_GUN_MOVE:
		WITH(obj, "gun", true, gun_id(v, s, &o->gun, p, err));
		WITH(obj, "path", true, tw_io_vecs(v, TW_ORDER_MAX_PATH, o->path, &o->npath, p, err));
		WITH(obj, "crew", false, fig_ids(v, s, 0, o->fig, &o->nfig, p, err));
		if (json_object_get(obj, "crew_to")) {
			const json_t *v = json_object_get(obj, "crew_to");
			size_t pn = tw_io_push_key(p, "crew_to");
			tw_status st = TW_OK;
			int n = 0;
			if (!json_is_array(v) || json_array_size(v) != (size_t)o->nfig)
				st = tw_io_fail(err, p, "expected one point per crew member (%d)", o->nfig);
			else if (o->nfig > 0)
				st = tw_io_vecs(v, TW_ORDER_MAX_FIG, o->at, &n, p, err);
			tw_io_pop(p, pn);
			if (st != TW_OK)
				return st;
			o->has_at = true;
		}
		return TW_OK;
	case TW_OT_FIRE: {
		WITH(obj, "gun", true, gun_id(v, s, &o->gun, p, err));
		bool aim = json_object_get(obj, "bearing") || json_object_get(obj, "elevation");
		bool target = json_object_get(obj, "target") != NULL;
		if (aim == target)
			return tw_io_fail(err, p, "a shot needs \"bearing\" and \"elevation\", or \"target\"");
		if (aim) {
			WITH(obj, "bearing", true, angle(v, -ANGLE_MAX, ANGLE_MAX, &o->bearing, p, err));
			WITH(obj, "elevation", true, angle(v, -90, 90, &o->elevation, p, err));
			o->has_aim = true;
		} else {
			WITH(obj, "target", true, tw_io_vec(v, &o->target, p, err));
			o->has_target = true;
		}
		return TW_OK;
	}
	case TW_OT_TRAIL:
		WITH(obj, "gun", true, gun_id(v, s, &o->gun, p, err));
		// Two named men, or none: the rule set then sends the nearest two who can reach.
		WITH(obj, "figures", false, fig_ids(v, s, 0, o->fig, &o->nfig, p, err));
		if (o->nfig != 2 && o->nfig != 0)
			return tw_io_fail(err, p, "a trail order names two figures, or none for the nearest pair");
		return TW_OK;
	case TW_OT_LIE_DOWN:
	case TW_OT_SURRENDER:
		WITH(obj, "figures", true, fig_ids(v, s, 1, o->fig, &o->nfig, p, err));
		return TW_OK;
	case TW_OT_TAKE_RESERVE:
		WITH(obj, "figures", true, fig_ids(v, s, 0, o->fig, &o->nfig, p, err));
		return TW_OK;
	case TW_OT_CHOOSE_SIDE:
		if (o->n != 0 && o->n != 1)
			return tw_io_fail(err, p, "choose_side takes n = 0 (keep the back lines) or 1 (swap them)");
		return TW_OK;
	case TW_OT_END_MOVE:
		WITH(obj, "dead", false, fig_ids(v, s, 0, o->fig, &o->nfig, p, err));
		WITH(obj, "prisoners", false, fig_ids(v, s, 0, o->fig2, &o->nfig2, p, err));
		return TW_OK;
	case TW_OT_VOLLEY:
		WITH(obj, "figures", true, fig_ids(v, s, 1, o->fig, &o->nfig, p, err));
		WITH(obj, "targets", true, fig_ids(v, s, 1, o->fig2, &o->nfig2, p, err));
		return TW_OK;
	case TW_OT_FORMATION:
		WITH(obj, "moves", true, placements(o, s, v, "to", 1, p, err));
		return TW_OK;
	default: return tw_io_fail(err, p, "unknown order type");
	}
}

tw_status tw_io_order_read(tw_order *o, const tw_state *s, const json_t *obj, tw_io_path *p, tw_error *err)
{
	if (!json_is_object(obj))
		return tw_io_fail(err, p, "expected an order object");
	const char *tname = NULL;
	TRY(tw_io_get_str(obj, "type", true, 32, &tname, p, err));
	int type = tw_order_type_from_name(tname);
	if (type < 0) {
		size_t n = tw_io_push_key(p, "type");
		tw_status st = tw_io_fail(err, p, "unknown order type \"%s\"", tname);
		tw_io_pop(p, n);
		return st;
	}
	const char *keys[8] = {"type", "side", "n"};
	for (int i = 0; type_keys[type][i]; i++)
		keys[3 + i] = type_keys[type][i];
	TRY(tw_io_object(obj, keys, p, err));
	int side = 0;
	TRY(tw_io_get_side(obj, "side", true, s, &side, p, err));
	memset(o, 0, sizeof *o);
	tw_order_init(o, (tw_order_type)type, side);
	TRY(tw_io_get_i32(obj, "n", false, -TW_IO_ORDER_N_MAX, TW_IO_ORDER_N_MAX, &o->n, p, err));
	// A placement without "facing" faces the side's forward direction.
	double forward = s->sides[side].forward > 0 ? 0 : 180;
	for (int i = 0; i < TW_ORDER_MAX_FIG; i++)
		o->facing[i] = type == TW_OT_DEPLOY ? forward : 0;
	TRY(read_fields(o, s, obj, p, err));
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

json_t *tw_order_to_json(const tw_order *o, const tw_state *s)
{
	if (o->type >= TW_OT_COUNT || o->side < 0 || o->side >= s->nsides || o->nfig < 0 ||
	    o->nfig > TW_ORDER_MAX_FIG || o->nfig2 < 0 || o->nfig2 > TW_ORDER_MAX_FIG || o->npath < 0 ||
	    o->npath > TW_ORDER_MAX_PATH)
		return NULL;
	json_t *r = json_object();
	bool ok = tw_io_set(r, "type", json_string(tw_order_type_name((tw_order_type)o->type))) &&
		  tw_io_set(r, "side", json_string(s->sides[o->side].name));
	if (ok && o->n != 0)
		ok = tw_io_set(r, "n", json_integer(o->n));
	switch (o->type) {
	case TW_OT_DEPLOY:
		if (ok && o->nfig > 0)
			ok = tw_io_set(r, "placements", placements_json(o, "at", true));
		if (ok && o->gun >= 0 && o->npath >= 1) {
			json_t *g = json_object();
			bool gok = tw_io_set(g, "gun", json_integer(o->gun)) && tw_io_set(g, "at", tw_io_jvec(o->path[0]));
			if (gok && o->has_aim)
				gok = tw_io_set(g, "bearing", tw_io_jnum(o->bearing));
			json_t *a = json_array();
			if (!gok) {
				json_decref(g);
				json_decref(a);
				ok = false;
			} else if (tw_io_append(a, g)) {
				ok = tw_io_set(r, "guns", a);
			} else {
				json_decref(a);
				ok = false;
			}
		}
		break;
	case TW_OT_MOVE:
		if (o->has_at) {
			ok = ok && tw_io_set(r, "moves", placements_json(o, "to", false));
		} else {
			ok = ok && tw_io_set(r, "figures", ids_json(o->fig, o->nfig)) &&
			     tw_io_set(r, "path", points_json(o->path, o->npath));
		}
		break;
	case TW_OT_GUN_MOVE:
		ok = ok && tw_io_set(r, "gun", json_integer(o->gun)) && tw_io_set(r, "path", points_json(o->path, o->npath)) &&
		     tw_io_set(r, "crew", ids_json(o->fig, o->nfig));
		if (ok && o->has_at)
			ok = tw_io_set(r, "crew_to", points_json(o->at, o->nfig));
		break;
	case TW_OT_FIRE:
		ok = ok && tw_io_set(r, "gun", json_integer(o->gun));
		if (o->has_target)
			ok = ok && tw_io_set(r, "target", tw_io_jvec(o->target));
		else
			ok = ok && tw_io_set(r, "bearing", tw_io_jnum(o->bearing)) &&
			     tw_io_set(r, "elevation", tw_io_jnum(o->elevation));
		break;
	case TW_OT_TRAIL:
		ok = ok && tw_io_set(r, "gun", json_integer(o->gun));
		if (ok && o->nfig > 0)
			ok = tw_io_set(r, "figures", ids_json(o->fig, o->nfig));
		break;
	case TW_OT_LIE_DOWN:
	case TW_OT_SURRENDER:
	case TW_OT_TAKE_RESERVE: ok = ok && tw_io_set(r, "figures", ids_json(o->fig, o->nfig)); break;
	case TW_OT_END_MOVE:
		if (ok && o->nfig > 0)
			ok = tw_io_set(r, "dead", ids_json(o->fig, o->nfig));
		if (ok && o->nfig2 > 0)
			ok = tw_io_set(r, "prisoners", ids_json(o->fig2, o->nfig2));
		break;
	case TW_OT_VOLLEY:
		ok = ok && tw_io_set(r, "figures", ids_json(o->fig, o->nfig)) &&
		     tw_io_set(r, "targets", ids_json(o->fig2, o->nfig2));
		break;
	case TW_OT_FORMATION: ok = ok && tw_io_set(r, "moves", placements_json(o, "to", false)); break;
	default: break;
	}
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

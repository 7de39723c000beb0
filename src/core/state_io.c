// Reading scenario and state documents (docs/format.md). Everything is validated; on any
// failure the caller's state is untouched and nothing leaks (we build into a local state).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"
#include "tinwar/chance.h"
#include "record_internal.h"
#include "tinwar/ruleset.h"

#define ANGLE_MAX 3600.0 ///< |facing|, |bearing| accepted, degrees
#define SIZE_MAX_IN 100.0 ///< largest base radius, height, gun length, inches

/// Default base radius and standing height by figure kind, inches.
static const double kind_radius[TW_FK_COUNT] = {0.3, 0.5, 0.3, 0.5, 0.3, 1.0, 0.3};
static const double kind_height[TW_FK_COUNT] = {2.0, 2.6, 2.0, 2.6, 2.0, 2.0, 2.0};
/// Default terrain thickness by kind, inches.
static const double terrain_height[TW_TER_KIND_COUNT] = {1, 5, 1.5, 6, 4, 2, 0, 0, 0.5, 0, 0, 1, 0};

static const char *const gun_actions[] = {"none", "moved", "fired", NULL};

/// Runs `call` with `key` pushed onto the path if obj[key] exists; v is the value.
#define WITH_KEY(obj, key, call)                                                                   \
	do {                                                                                       \
		const json_t *v = json_object_get((obj), (key));                                   \
		if (v) {                                                                           \
			size_t pn_ = tw_io_push_key(p, (key));                                     \
			tw_status st_ = (call);                                                    \
			tw_io_pop(p, pn_);                                                         \
			if (st_ != TW_OK)                                                          \
				return st_;                                                        \
		}                                                                                  \
	} while (0)

#define TRY(call)                                                                                  \
	do {                                                                                       \
		tw_status st_ = (call);                                                            \
		if (st_ != TW_OK)                                                                  \
			return st_;                                                                \
	} while (0)

/// Checks an optional "id" against the index (ids are dense).
static tw_status check_id(const json_t *obj, size_t index, tw_io_path *p, tw_error *err)
{
	const json_t *v = json_object_get(obj, "id");
	if (!v)
		return TW_OK;
	size_t n = tw_io_push_key(p, "id");
	tw_status st = TW_OK;
	if (!json_is_integer(v) || json_integer_value(v) != (json_int_t)index)
		st = tw_io_fail(err, p, "id must equal the index %zu", index);
	tw_io_pop(p, n);
	return st;
}

/// A name from a NULL-terminated list; *out gets its index.
static tw_status name_value(const json_t *v, const char *const *names, const char *what, int *out, tw_io_path *p,
			    tw_error *err)
{
	const char *s = NULL;
	TRY(tw_io_str(v, 64, true, &s, p, err));
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], s) == 0) {
			*out = i;
			return TW_OK;
		}
	return tw_io_fail(err, p, "unknown %s \"%s\"", what, s);
}

/// What the member readers need to know about the whole document.
typedef struct read_ctx {
	bool is_state;           ///< a state document (defaults differ from a scenario's)
	size_t nfig, ngun, nunit; ///< figures, guns and units in the document (ids refer to them)
	int32_t phase_max;       ///< the rule set's phases
} read_ctx;

static tw_status read_params(tw_state *t, const tw_ruleset *rs, const json_t *obj, tw_io_path *p, tw_error *err)
{
	if (!json_is_object(obj))
		return tw_io_fail(err, p, "expected an object of parameters");
	const char *key = NULL;
	json_t *v;
	json_object_foreach((json_t *)obj, key, v) {
		size_t n = tw_io_push_key(p, key);
		int i = tw_ruleset_param(rs, key);
		tw_status st = TW_OK;
		if (i < 0) {
			st = tw_io_fail(err, p, "unknown parameter \"%s\" of rule set %s", key, rs->name);
		} else {
			const tw_param_def *d = &rs->params[i];
			if (json_is_string(v) && d->choices) {
				int c = -1;
				st = name_value(v, d->choices, "choice", &c, p, err);
				if (st == TW_OK)
					t->params[i] = c;
			} else if (json_is_string(v)) {
				st = tw_io_fail(err, p, "parameter \"%s\" takes a number", key);
			} else {
				double x = 0;
				st = tw_io_num(v, d->min, d->max, &x, p, err);
				if (st == TW_OK && d->choices && x != floor(x))
					st = tw_io_fail(err, p, "a choice index must be an integer");
				if (st == TW_OK)
					t->params[i] = x;
			}
		}
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static tw_status read_table(tw_state *t, const json_t *obj, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"width", "depth", NULL};
	TRY(tw_io_object(obj, keys, p, err));
	TRY(tw_io_get_num(obj, "width", true, 1e-3, TW_IO_COORD_MAX, &t->table.width, p, err));
	return tw_io_get_num(obj, "depth", true, 1e-3, TW_IO_COORD_MAX, &t->table.depth, p, err);
}

static tw_status read_side(tw_state *t, const json_t *obj, int i, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"name", "back_y", "forward", "start_men", "start_guns", "alliance", "data", NULL};
	tw_side *sd = &t->sides[i];
	TRY(tw_io_object(obj, keys, p, err));
	const char *name = NULL;
	TRY(tw_io_get_str(obj, "name", true, sizeof sd->name - 1, &name, p, err));
	if (tw_state_side_index(t, name) >= 0) {
		size_t n = tw_io_push_key(p, "name");
		tw_status st = tw_io_fail(err, p, "duplicate side name \"%s\"", name);
		tw_io_pop(p, n);
		return st;
	}
	TRY(tw_io_get_num(obj, "back_y", true, -TW_IO_COORD_MAX, TW_IO_COORD_MAX, &sd->back_y, p, err));
	sd->forward = sd->back_y <= t->table.depth / 2 ? 1 : -1;
	TRY(tw_io_get_num(obj, "forward", false, -1, 1, &sd->forward, p, err));
	if (sd->forward != 1 && sd->forward != -1) {
		size_t n = tw_io_push_key(p, "forward");
		tw_status st = tw_io_fail(err, p, "forward must be 1 or -1");
		tw_io_pop(p, n);
		return st;
	}
	TRY(tw_io_get_i32(obj, "start_men", false, 0, TW_IO_MAX_FIGURES, &sd->start_men, p, err));
	TRY(tw_io_get_i32(obj, "start_guns", false, 0, TW_IO_MAX_GUNS, &sd->start_guns, p, err));
	int64_t alliance = i;
	TRY(tw_io_get_int(obj, "alliance", false, 0, TW_MAX_SIDES - 1, &alliance, p, err));
	tw_side_set_alliance(t, i, (int)alliance);
	snprintf(sd->name, sizeof sd->name, "%s", name);
	return TW_OK;
}

static tw_status read_sides(tw_state *t, const tw_ruleset *rs, const json_t *arr, tw_io_path *p, tw_error *err)
{
	size_t lo = rs->min_sides >= 1 && rs->min_sides <= TW_MAX_SIDES ? (size_t)rs->min_sides : 2; // sv-one
	if (!json_is_array(arr) || json_array_size(arr) < lo || json_array_size(arr) > TW_MAX_SIDES)
		return tw_io_fail(err, p, "expected an array of %d to %d sides", (int)lo, TW_MAX_SIDES);
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = read_side(t, json_array_get(arr, i), (int)i, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
		t->nsides = (int)i + 1;
	}
	return TW_OK;
}

static void default_sides(tw_state *t)
{
	t->nsides = 2;
	snprintf(t->sides[0].name, sizeof t->sides[0].name, "red");
	t->sides[0].back_y = 0;
	t->sides[0].forward = 1;
	snprintf(t->sides[1].name, sizeof t->sides[1].name, "blue");
	t->sides[1].back_y = t->table.depth;
	t->sides[1].forward = -1;
}

static tw_status read_poly(tw_terrain *tr, const json_t *v, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v) || json_array_size(v) < 3 || json_array_size(v) > TW_MAX_VERTS)
		return tw_io_fail(err, p, "a polygon needs 3 to %d points", TW_MAX_VERTS);
	int n = 0;
	TRY(tw_io_vecs(v, TW_MAX_VERTS, tr->v, &n, p, err));
	tr->nverts = (int16_t)n;
	tr->shape = TW_SHAPE_POLY;
	return TW_OK;
}

static tw_status read_circle(tw_terrain *tr, const json_t *v, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v) || json_array_size(v) != 3)
		return tw_io_fail(err, p, "a circle is [x, y, r]");
	double c[3] = {0};
	for (size_t i = 0; i < 3; i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = tw_io_num(json_array_get(v, i), i < 2 ? -TW_IO_COORD_MAX : 1e-6, TW_IO_COORD_MAX,
					 &c[i], p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	tr->shape = TW_SHAPE_CIRCLE;
	tr->center = tw_v2(c[0], c[1]);
	tr->radius = c[2];
	return TW_OK;
}

/// Reads an array member by member with read(t, c, member, index, ...).
typedef tw_status read_fn(tw_state *t, const read_ctx *c, const json_t *obj, size_t i, tw_io_path *p,
			  tw_error *err);
static tw_status read_array(tw_state *t, const read_ctx *c, const json_t *arr, size_t max, read_fn *read,
			    tw_io_path *p, tw_error *err)
{
	if (!json_is_array(arr))
		return tw_io_fail(err, p, "expected an array");
	if (json_array_size(arr) > max)
		return tw_io_fail(err, p, "more than %zu entries", max);
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = read(t, c, json_array_get(arr, i), i, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static tw_status read_terrain(tw_state *t, const read_ctx *c, const json_t *obj, size_t i, tw_io_path *p,
				tw_error *err)
{
	static const char *const keys[] = {"id",   "kind", "name",    "poly",    "circle", "z0",    "height",
					   "passable", "cost", "cover", "burning", "ruined", "works", "data",   NULL};
	(void)c;
	tw_terrain tr;
	memset(&tr, 0, sizeof tr);
	tr.id = (int32_t)i;
	TRY(tw_io_object(obj, keys, p, err));
	TRY(check_id(obj, i, p, err));
	const json_t *kv = json_object_get(obj, "kind");
	if (!kv) {
		return tw_io_fail(err, p, "missing required key \"kind\"");
	}
	int kind = -1;
	{
		size_t n = tw_io_push_key(p, "kind");
		const char *s = NULL;
		tw_status st = tw_io_str(kv, 32, true, &s, p, err);
		if (st == TW_OK && (kind = tw_terrain_kind_from_name(s)) < 0)
			st = tw_io_fail(err, p, "unknown terrain kind \"%s\"", s);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	tr.kind = (uint8_t)kind;
	const char *name = "";
	TRY(tw_io_get_str(obj, "name", false, sizeof tr.name - 1, &name, p, err));
	snprintf(tr.name, sizeof tr.name, "%s", name);
	const json_t *poly = json_object_get(obj, "poly"), *circle = json_object_get(obj, "circle");
	if (!poly == !circle)
		return tw_io_fail(err, p, "a terrain piece needs exactly one of \"poly\" and \"circle\"");
	WITH_KEY(obj, "poly", read_poly(&tr, v, p, err));
	WITH_KEY(obj, "circle", read_circle(&tr, v, p, err));
	TRY(tw_io_get_num(obj, "z0", false, 0, TW_IO_COORD_MAX, &tr.z0, p, err));
	tr.height = terrain_height[kind];
	TRY(tw_io_get_num(obj, "height", false, 0, TW_IO_COORD_MAX, &tr.height, p, err));
	// Attributes the rule sets interpret (passable overrides the kind).
	bool b = false;
	if (json_object_get(obj, "passable")) {
		WITH_KEY(obj, "passable", tw_io_bool(v, &b, p, err));
		tr.pass = b ? TW_PASS_YES : TW_PASS_NO;
	}
	TRY(tw_io_get_num(obj, "cost", false, 0, 1000, &tr.cost, p, err));
	int64_t cover = 0;
	TRY(tw_io_get_int(obj, "cover", false, -100, 100, &cover, p, err));
	tr.cover = (int8_t)cover;
	static const char *const flag_keys[] = {"burning", "ruined", "works"};
	for (int k = 0; k < 3; k++) {
		b = false;
		WITH_KEY(obj, flag_keys[k], tw_io_bool(v, &b, p, err));
		if (b)
			tr.flags |= (uint8_t)(1u << k);
	}
	if (tw_table_add(&t->table, &tr) < 0)
		return tw_io_nomem(err);
	WITH_KEY(obj, "data", tw_io_rec_read(t, TW_REC_TERRAIN, t->table.nterrain - 1, v, p, err));
	return TW_OK;
}

static tw_status read_unit(tw_state *t, const read_ctx *c, const json_t *obj, size_t i, tw_io_path *p,
				tw_error *err)
{
	(void)c;
	static const char *const keys[] = {"id", "side", "name", "formation", "facing", "figures", "data", NULL};
	tw_unit u;
	memset(&u, 0, sizeof u);
	TRY(tw_io_object(obj, keys, p, err));
	TRY(check_id(obj, i, p, err));
	int side = 0;
	TRY(tw_io_get_side(obj, "side", true, t, &side, p, err));
	u.side = (uint8_t)side;
	const char *name = "";
	TRY(tw_io_get_str(obj, "name", false, sizeof u.name - 1, &name, p, err));
	snprintf(u.name, sizeof u.name, "%s", name);
	int64_t formation = 0;
	TRY(tw_io_get_int(obj, "formation", false, 0, 255, &formation, p, err));
	u.formation = (uint8_t)formation;
	TRY(tw_io_get_num(obj, "facing", false, -ANGLE_MAX, ANGLE_MAX, &u.facing, p, err));
	// "figures" is applied once the figures are read (apply_unit_members).
	if (!tw_state_add_unit(t, &u))
		return tw_io_nomem(err);
	WITH_KEY(obj, "data", tw_io_rec_read(t, TW_REC_UNIT, t->nunit - 1, v, p, err));
	return TW_OK;
}


static tw_status read_kind(const json_t *obj, int *kind, tw_io_path *p, tw_error *err)
{
	const json_t *v = json_object_get(obj, "kind");
	if (!v)
		return tw_io_fail(err, p, "missing required key \"kind\"");
	size_t n = tw_io_push_key(p, "kind");
	const char *s = NULL;
	tw_status st = tw_io_str(v, 32, true, &s, p, err);
	if (st == TW_OK && (*kind = tw_figure_kind_from_name(s)) < 0)
		st = tw_io_fail(err, p, "unknown figure kind \"%s\"", s);
	tw_io_pop(p, n);
	return st;
}

static tw_status status_value(const tw_state *t, const json_t *v, int *out, tw_io_path *p, tw_error *err)
{
	const char *s = NULL;
	TRY(tw_io_str(v, 32, true, &s, p, err));
	if ((*out = tw_status_find(t, s)) < 0)
		return tw_io_fail(err, p, "unknown figure status \"%s\"", s);
	return TW_OK;
}

/// "flags": the generic figure and gun flags only (TW_FF_LYING, TW_FF_HIDDEN).
static tw_status generic_flags(const json_t *obj, uint32_t *out, tw_io_path *p, tw_error *err)
{
	int64_t flags = 0;
	TRY(tw_io_get_int(obj, "flags", false, 0, UINT32_MAX, &flags, p, err));
	if ((uint64_t)flags & ~(uint64_t)(TW_FF_LYING | TW_FF_HIDDEN)) {
		size_t n = tw_io_push_key(p, "flags");
		tw_status st = tw_io_fail(err, p, "flags holds only 1 (lying) and 16 (hidden)");
		tw_io_pop(p, n);
		return st;
	}
	*out = (uint32_t)flags;
	return TW_OK;
}

static tw_status read_figure(tw_state *t, const read_ctx *c, const json_t *obj, size_t i, tw_io_path *p,
				tw_error *err)
{
	static const char *const keys[] = {"id",    "kind",     "side",      "at",   "facing", "radius", "height",
					   "status", "unit",    "flags",     "moved_in", "move_used", "data", NULL};
	tw_figure f;
	memset(&f, 0, sizeof f);
	TRY(tw_io_object(obj, keys, p, err));
	TRY(check_id(obj, i, p, err));
	int kind = 0, side = 0;
	TRY(read_kind(obj, &kind, p, err));
	TRY(tw_io_get_side(obj, "side", true, t, &side, p, err));
	f.kind = (uint8_t)kind;
	f.side = (uint8_t)side;
	TRY(tw_io_get_vec(obj, "at", false, &f.pos, p, err));
	f.facing = t->sides[side].forward > 0 ? 0 : 180;
	TRY(tw_io_get_num(obj, "facing", false, -ANGLE_MAX, ANGLE_MAX, &f.facing, p, err));
	f.radius = kind_radius[kind];
	f.height = kind_height[kind];
	TRY(tw_io_get_num(obj, "radius", false, 1e-6, SIZE_MAX_IN, &f.radius, p, err));
	TRY(tw_io_get_num(obj, "height", false, 1e-6, SIZE_MAX_IN, &f.height, p, err));
	int status = c->is_state ? TW_FS_ACTIVE : TW_FS_UNPLACED;
	WITH_KEY(obj, "status", status_value(t, v, &status, p, err));
	f.status = (uint8_t)status;
	f.unit = -1;
	TRY(tw_io_get_i32(obj, "unit", false, -1, t->nunit - 1, &f.unit, p, err));
	TRY(generic_flags(obj, &f.flags, p, err));
	TRY(tw_io_get_i32(obj, "moved_in", false, -1, TW_IO_MAX_MOVE, &f.moved_in, p, err));
	TRY(tw_io_get_num(obj, "move_used", false, -TW_IO_COORD_MAX, TW_IO_COORD_MAX, &f.move_used, p, err));
	if (!tw_state_add_figure(t, &f))
		return tw_io_nomem(err);
	WITH_KEY(obj, "data", tw_io_rec_read(t, TW_REC_FIGURE, t->nfig - 1, v, p, err));
	return TW_OK;
}

static tw_status read_gun(tw_state *t, const read_ctx *c, const json_t *obj, size_t i, tw_io_path *p,
				tw_error *err)
{
	(void)c;
	static const char *const keys[] = {"id",	"side",	  "at",	      "bearing", "elevation", "model",
					   "trail",	"half_axle", "muzzle",    "orig_side", "flags",	   "action",
					   "shots",	"acted_in",  "data",      NULL};
	tw_gun g;
	memset(&g, 0, sizeof g);
	TRY(tw_io_object(obj, keys, p, err));
	TRY(check_id(obj, i, p, err));
	int side = 0, orig = 0;
	TRY(tw_io_get_side(obj, "side", true, t, &side, p, err));
	orig = side;
	TRY(tw_io_get_side(obj, "orig_side", false, t, &orig, p, err));
	g.side = (uint8_t)side;
	g.orig_side = (uint8_t)orig;
	TRY(tw_io_get_vec(obj, "at", false, &g.axle, p, err));
	g.bearing = t->sides[side].forward > 0 ? 0 : 180;
	TRY(tw_io_get_num(obj, "bearing", false, -ANGLE_MAX, ANGLE_MAX, &g.bearing, p, err));
	TRY(tw_io_get_num(obj, "elevation", false, -90, 90, &g.elevation, p, err));
	TRY(tw_io_get_i32(obj, "model", false, 0, 255, &g.model, p, err));
	g.trail = 3.0;
	g.half_axle = 0.9;
	g.muzzle = 2.0;
	TRY(tw_io_get_num(obj, "trail", false, 1e-6, SIZE_MAX_IN, &g.trail, p, err));
	TRY(tw_io_get_num(obj, "half_axle", false, 1e-6, SIZE_MAX_IN, &g.half_axle, p, err));
	TRY(tw_io_get_num(obj, "muzzle", false, 1e-6, SIZE_MAX_IN, &g.muzzle, p, err));
	TRY(generic_flags(obj, &g.flags, p, err));
	int action = TW_GA_NONE;
	WITH_KEY(obj, "action", name_value(v, gun_actions, "gun action", &action, p, err));
	g.action = (uint8_t)action;
	int64_t shots = 0;
	TRY(tw_io_get_int(obj, "shots", false, 0, 255, &shots, p, err));
	g.shots = (uint8_t)shots;
	TRY(tw_io_get_i32(obj, "acted_in", false, -1, TW_IO_MAX_MOVE, &g.acted_in, p, err));
	if (!tw_state_add_gun(t, &g))
		return tw_io_nomem(err);
	WITH_KEY(obj, "data", tw_io_rec_read(t, TW_REC_GUN, t->ngun - 1, v, p, err));
	return TW_OK;
}

/// Applies units[i].figures: each listed figure joins the unit (a conflict is an error).
static tw_status apply_unit_members(tw_state *t, const json_t *arr, tw_io_path *p, tw_error *err)
{
	for (size_t i = 0; i < json_array_size(arr); i++) {
		const json_t *list = json_object_get(json_array_get(arr, i), "figures");
		if (!list)
			continue;
		size_t n0 = tw_io_push_index(p, i);
		size_t n1 = tw_io_push_key(p, "figures");
		int32_t ids[TW_ORDER_MAX_FIG];
		int n = 0;
		tw_status st = TW_OK;
		if (json_is_array(list) && json_array_size(list) > TW_ORDER_MAX_FIG)
			st = tw_io_fail(err, p, "more than %d figures in a unit", TW_ORDER_MAX_FIG);
		if (st == TW_OK)
			st = tw_io_ints(list, TW_ORDER_MAX_FIG, 0, t->nfig - 1, ids, &n, p, err);
		for (int k = 0; st == TW_OK && k < n; k++) {
			tw_figure *f = &t->fig[ids[k]];
			if (f->unit != -1 && f->unit != (int32_t)i) {
				size_t n2 = tw_io_push_index(p, (size_t)k);
				st = tw_io_fail(err, p, "figure %d already belongs to unit %d", ids[k], (int)f->unit);
				tw_io_pop(p, n2);
			}
			f->unit = (int32_t)i;
		}
		tw_io_pop(p, n1);
		tw_io_pop(p, n0);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static tw_status rng_value(const json_t *v, tw_rng *r, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v) || json_array_size(v) != 4)
		return tw_io_fail(err, p, "expected 4 hex strings");
	uint64_t s[4] = {0};
	for (size_t i = 0; i < 4; i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = tw_io_u64(json_array_get(v, i), &s[i], p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	if ((s[0] | s[1] | s[2] | s[3]) == 0)
		return tw_io_fail(err, p, "the generator state may not be all zero");
	memcpy(r->s, s, sizeof s);
	return TW_OK;
}

static tw_status read_dynamic(tw_state *t, const read_ctx *c, const json_t *root, tw_io_path *p, tw_error *err)
{
	WITH_KEY(root, "seed", tw_io_u64(v, &t->seed, p, err));
	tw_rng_seed(&t->rng, t->seed);
	WITH_KEY(root, "rng", rng_value(v, &t->rng, p, err));
	WITH_KEY(root, "rng_draws", tw_io_u64(v, &t->rng.draws, p, err));
	TRY(tw_io_get_i32(root, "phase", false, 0, c->phase_max, &t->phase, p, err));
	TRY(tw_io_get_i32(root, "move_no", false, 0, TW_IO_MAX_MOVE, &t->move_no, p, err));
	int64_t x = -1;
	TRY(tw_io_get_int(root, "mover", false, -1, t->nsides - 1, &x, p, err));
	t->mover = (int8_t)x;
	x = -1;
	TRY(tw_io_get_int(root, "winner", false, -2, t->nsides - 1, &x, p, err));
	t->winner = (int8_t)x;
	WITH_KEY(root, "over", tw_io_bool(v, &t->over, p, err));
	static const char *const dice_modes[] = {"generator", "entered", NULL};
	int dice = TW_DICE_GENERATOR;
	WITH_KEY(root, "dice", name_value(v, dice_modes, "dice mode", &dice, p, err));
	t->dice = (uint8_t)dice;
	return TW_OK;
}

/// "sealed": the secret choices in, not yet revealed (one order per side at most).
static tw_status read_sealed(tw_state *t, const json_t *arr, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(arr) || json_array_size(arr) > (size_t)t->nsides)
		return tw_io_fail(err, p, "expected an array of at most %d orders", t->nsides);
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t n = tw_io_push_index(p, i);
		tw_order *o = tw_malloc(sizeof *o);
		tw_status st = o ? tw_io_order_read(o, t, json_array_get(arr, i), p, err) : tw_io_nomem(err);
		if (st == TW_OK && (o->side < 0 || t->sealed[o->side]))
			st = tw_io_fail(err, p, "a secret choice must be a side's, one per side");
		tw_io_pop(p, n);
		if (st != TW_OK) {
			tw_free(o);
			return st;
		}
		t->sealed[o->side] = o;
		t->sealed_mask |= 1u << o->side;
	}
	return TW_OK;
}

/// "chosen": the sides whose secret choice is in (a seat's view holds only its own choice).
static tw_status read_chosen(tw_state *t, const json_t *arr, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(arr) || json_array_size(arr) > (size_t)t->nsides)
		return tw_io_fail(err, p, "expected an array of at most %d side names", t->nsides);
	uint32_t mask = 0;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t n = tw_io_push_index(p, i);
		const char *name = NULL;
		tw_status st = tw_io_str(json_array_get(arr, i), 32, true, &name, p, err);
		int k = st == TW_OK ? tw_state_side_index(t, name) : -1;
		if (st == TW_OK && k < 0)
			st = tw_io_fail(err, p, "unknown side \"%s\"", name);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
		mask |= 1u << k;
	}
	if ((t->sealed_mask & ~mask) != 0)
		return tw_io_fail(err, p, "a side with a sealed choice is missing from \"chosen\"");
	t->sealed_mask = mask;
	return TW_OK;
}

static tw_status read_all(tw_state *t, const json_t *root, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"format", "version", "name",  "ruleset", "params",    "table",
					   "sides",  "terrain", "figures", "guns",  "units",     "seed",
					   "rng",    "rng_draws", "phase", "move_no", "mover",   "winner",
					   "over",   "data",    "dice",  "sealed",  "chosen",  "title", "description", NULL};
	TRY(tw_io_object(root, keys, p, err));
	int which = 0;
	TRY(tw_io_header(root, "tinwar-scenario", "tinwar-state", &which, p, err));
	read_ctx ctx = {which == 1, 0, 0, 0, 0};
	const char *name = "";
	TRY(tw_io_get_str(root, "name", false, sizeof t->scenario - 1, &name, p, err));
	snprintf(t->scenario, sizeof t->scenario, "%s", name);
	const char *words = NULL; // for people (the page's lobby): checked, not kept in the state
	TRY(tw_io_get_str(root, "title", false, 80, &words, p, err));
	TRY(tw_io_get_str(root, "description", false, 600, &words, p, err));
	const char *rsname = NULL;
	TRY(tw_io_get_str(root, "ruleset", true, 64, &rsname, p, err));
	t->ruleset = tw_ruleset_find(rsname);
	const tw_ruleset *rs = tw_ruleset_get(t->ruleset);
	if (!rs) {
		size_t n = tw_io_push_key(p, "ruleset");
		tw_status st = tw_io_fail(err, p, "unknown rule set \"%s\"", rsname);
		tw_io_pop(p, n);
		return st;
	}
	if (tw_state_set_ruleset(t, t->ruleset) != TW_OK)
		return tw_io_nomem(err);
	tw_ruleset_defaults(rs, t);
	ctx.phase_max = rs->phase_max;
	// Ids refer to the document's figures, guns and units.
	const json_t *arrs[3] = {json_object_get(root, "figures"), json_object_get(root, "guns"),
				 json_object_get(root, "units")};
	ctx.nfig = json_is_array(arrs[0]) ? json_array_size(arrs[0]) : 0;
	ctx.ngun = json_is_array(arrs[1]) ? json_array_size(arrs[1]) : 0;
	ctx.nunit = json_is_array(arrs[2]) ? json_array_size(arrs[2]) : 0;
	WITH_KEY(root, "params", read_params(t, rs, v, p, err));
	const json_t *table = json_object_get(root, "table");
	if (!table)
		return tw_io_fail(err, p, "missing required key \"table\"");
	WITH_KEY(root, "table", read_table(t, v, p, err));
	if (json_object_get(root, "sides"))
		WITH_KEY(root, "sides", read_sides(t, rs, v, p, err));
	else
		default_sides(t);
	// Side records after every side is named (they may name other sides).
	const json_t *sides = json_object_get(root, "sides");
	for (size_t i = 0; json_is_array(sides) && i < json_array_size(sides); i++) {
		const json_t *d = json_object_get(json_array_get(sides, i), "data");
		if (!d)
			continue;
		size_t n0 = tw_io_push_key(p, "sides");
		tw_io_push_index(p, i);
		tw_io_push_key(p, "data");
		tw_status st = tw_io_rec_read(t, TW_REC_SIDE, (int)i, d, p, err);
		tw_io_pop(p, n0);
		if (st != TW_OK)
			return st;
	}
	WITH_KEY(root, "terrain", read_array(t, &ctx, v, TW_IO_MAX_TERRAIN, read_terrain, p, err));
	WITH_KEY(root, "units", read_array(t, &ctx, v, TW_IO_MAX_UNITS, read_unit, p, err));
	WITH_KEY(root, "figures", read_array(t, &ctx, v, TW_IO_MAX_FIGURES, read_figure, p, err));
	WITH_KEY(root, "guns", read_array(t, &ctx, v, TW_IO_MAX_GUNS, read_gun, p, err));
	WITH_KEY(root, "units", apply_unit_members(t, v, p, err));
	t->mover = t->winner = -1;
	TRY(read_dynamic(t, &ctx, root, p, err));
	WITH_KEY(root, "data", tw_io_rec_read(t, TW_REC_GAME, 0, v, p, err));
	TRY(tw_io_rec_check_refs(t, p, err));
	WITH_KEY(root, "sealed", read_sealed(t, v, p, err));
	WITH_KEY(root, "chosen", read_chosen(t, v, p, err));
	return TW_OK;
}

tw_status tw_io_state_read(tw_state *s, const json_t *root, tw_io_path *p, tw_error *err)
{
	tw_state t;
	memset(&t, 0, sizeof t);
	tw_status st = read_all(&t, root, p, err);
	if (st != TW_OK) {
		tw_state_free(&t);
		return st;
	}
	*s = t;
	return TW_OK;
}

tw_status tw_state_from_json(tw_state *s, const json_t *root, tw_error *err)
{
	tw_io_path p;
	tw_io_path_init(&p, "$");
	tw_error_clear(err);
	return tw_io_state_read(s, root, &p, err);
}

tw_status tw_state_from_text(tw_state *s, const char *text, size_t len, const char *source, tw_error *err)
{
	json_t *root = tw_io_parse(text, len, source, err);
	if (!root)
		return TW_ERR_INPUT;
	tw_status st = tw_state_from_json(s, root, err);
	json_decref(root);
	tw_io_prefix(err, source);
	return st;
}

tw_status tw_state_load(tw_state *s, const char *path, tw_error *err)
{
	size_t len;
	char *text = tw_read_file(path, &len, err);
	if (!text)
		return err ? err->code : TW_ERR_IO;
	tw_status st = tw_state_from_text(s, text, len, path, err);
	free(text);
	return st;
}

// Records in JSON: every element's record is its object's "data" (the game's at the top of the
// document), holding the fields that differ from their defaults, by name. Read strictly: unknown
// fields, wrong types, values out of range and ids that name nothing are errors with their path.
#include <math.h>
#include <string.h>

#include "io_internal.h"
#include "record_internal.h"

static int nchoices(const char *const *c)
{
	int n = 0;
	while (c && c[n])
		n++;
	return n;
}

static tw_status read_enum(const json_t *v, const tw_field_def *f, double *out, tw_io_path *p, tw_error *err)
{
	const char *s = NULL;
	TW_TRY(tw_io_str(v, 64, true, &s, p, err));
	for (int i = 0; f->choices[i]; i++)
		if (strcmp(f->choices[i], s) == 0) {
			*out = i;
			return TW_OK;
		}
	return tw_io_fail(err, p, "unknown %s \"%s\"", f->name, s);
}

static tw_status read_flags(const json_t *v, const tw_field_def *f, double *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v))
		return tw_io_fail(err, p, "expected an array of names");
	uint32_t bits = 0;
	int m = nchoices(f->choices);
	for (size_t i = 0; i < json_array_size(v); i++) {
		size_t n = tw_io_push_index(p, i);
		const char *s = NULL;
		tw_status st = tw_io_str(json_array_get(v, i), 64, true, &s, p, err);
		int k = 0;
		while (st == TW_OK && k < m && strcmp(f->choices[k], s) != 0)
			k++;
		if (st == TW_OK && k == m)
			st = tw_io_fail(err, p, "unknown %s flag \"%s\"", f->name, s);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
		bits |= 1u << k;
	}
	*out = bits;
	return TW_OK;
}

// One element of a field (not a string).
static tw_status read_elem(const tw_state *t, const json_t *v, const tw_field_def *f, double *out, tw_io_path *p,
			   tw_error *err)
{
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: {
		bool b = false;
		TW_TRY(tw_io_bool(v, &b, p, err));
		*out = b;
		return TW_OK;
	}
	case TW_FT_F64: return tw_io_num(v, f->min, f->max, out, p, err);
	case TW_FT_ENUM: return read_enum(v, f, out, p, err);
	case TW_FT_FLAGS: return read_flags(v, f, out, p, err);
	case TW_FT_SIDE: {
		if (json_is_null(v)) {
			*out = -1;
			return TW_OK;
		}
		const char *s = NULL;
		TW_TRY(tw_io_str(v, 32, true, &s, p, err));
		int side = tw_state_side_index(t, s);
		if (side < 0)
			return tw_io_fail(err, p, "unknown side \"%s\"", s);
		*out = side;
		return TW_OK;
	}
	case TW_FT_FIG: case TW_FT_GUN: case TW_FT_UNIT: case TW_FT_TERRAIN: {
		// Ids are checked against the whole state once everything is read (tw_io_rec_check_refs).
		int64_t x = 0;
		TW_TRY(tw_io_int(v, -1, INT32_MAX, &x, p, err));
		*out = (double)x;
		return TW_OK;
	}
	default: {
		int64_t x = 0;
		TW_TRY(tw_io_int(v, (int64_t)f->min, (int64_t)f->max, &x, p, err));
		*out = (double)x;
		return TW_OK;
	}
	}
}

static tw_status read_field(const tw_state *t, void *rec, const tw_field_def *f, const json_t *v, tw_io_path *p,
			    tw_error *err)
{
	if (f->type == TW_FT_STR) {
		const char *s = NULL;
		TW_TRY(tw_io_str(v, (size_t)f->count - 1, false, &s, p, err));
		char *dst = (char *)rec + f->offset;
		memset(dst, 0, f->count);
		memcpy(dst, s, strlen(s));
		return TW_OK;
	}
	if (f->count == 1) {
		double x = 0;
		TW_TRY(read_elem(t, v, f, &x, p, err));
		tw_rec_set(rec, f, 0, x);
		return TW_OK;
	}
	// An array of up to count elements; the ones not given keep their default.
	if (!json_is_array(v))
		return tw_io_fail(err, p, "expected an array of at most %d values", (int)f->count);
	if (json_array_size(v) > f->count)
		return tw_io_fail(err, p, "more than %d values", (int)f->count);
	for (size_t i = 0; i < json_array_size(v); i++) {
		size_t n = tw_io_push_index(p, i);
		double x = 0;
		tw_status st = read_elem(t, json_array_get(v, i), f, &x, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
		tw_rec_set(rec, f, (int)i, x);
	}
	return TW_OK;
}

tw_status tw_io_rec_read(tw_state *t, tw_rec_kind kind, int index, const json_t *obj, tw_io_path *p, tw_error *err)
{
	const tw_record_def *d = tw_state_record_def(t, kind);
	void *rec = tw_rec(t, kind, index);
	if (!d || !rec)
		return tw_io_fail(err, p, "the rule set keeps no %s data", tw_rec_kind_name(kind));
	if (!json_is_object(obj))
		return tw_io_fail(err, p, "expected an object of %s fields", tw_rec_kind_name(kind));
	const char *key;
	const json_t *v;
	json_object_foreach((json_t *)obj, key, v)
	{
		size_t n = tw_io_push_key(p, key);
		int fi = tw_record_field(d, key);
		tw_status st = fi < 0 ? tw_io_fail(err, p, "unknown %s field \"%s\"", tw_rec_kind_name(kind), key)
				      : read_field(t, rec, &d->fields[fi], v, p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static const char *const kind_keys[TW_REC_KIND_COUNT] = {"", "sides", "figures", "guns", "units", "terrain"};

tw_status tw_io_rec_check_refs(const tw_state *t, tw_io_path *p, tw_error *err)
{
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = tw_state_record_def(t, (tw_rec_kind)k);
		if (!d)
			continue;
		int n = tw_rec_count(t, (tw_rec_kind)k);
		for (int i = 0; i < n; i++) {
			const void *r = tw_rec_c(t, (tw_rec_kind)k, i);
			for (int j = 0; j < d->nfields; j++) {
				const tw_field_def *f = &d->fields[j];
				int lim = f->type == TW_FT_FIG	    ? t->nfig
					  : f->type == TW_FT_GUN    ? t->ngun
					  : f->type == TW_FT_UNIT   ? t->nunit
					  : f->type == TW_FT_TERRAIN ? t->table.nterrain
					  : f->type == TW_FT_SIDE   ? t->nsides
								    : -1;
				if (lim < 0)
					continue;
				for (int e = 0; e < f->count; e++) {
					double v = tw_rec_get(r, f, e);
					if (v >= -1 && v < lim)
						continue;
					size_t n0 = k == TW_REC_GAME ? p->n : tw_io_push_key(p, kind_keys[k]);
					if (k != TW_REC_GAME)
						tw_io_push_index(p, (size_t)i);
					tw_io_push_key(p, "data");
					tw_io_push_key(p, f->name);
					if (f->count > 1)
						tw_io_push_index(p, (size_t)e);
					tw_status st = tw_io_fail(err, p, "%s %.0f does not exist (there are %d)",
								  tw_field_type_name((tw_field_type)f->type), v, lim);
					tw_io_pop(p, n0);
					return st;
				}
			}
		}
	}
	return TW_OK;
}

static json_t *write_elem(const tw_state *s, const void *rec, const tw_field_def *f, int k)
{
	double v = tw_rec_get(rec, f, k);
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: return json_boolean(v != 0);
	case TW_FT_F64: return tw_io_jnum(v);
	case TW_FT_ENUM: {
		int i = (int)v;
		return i >= 0 && i < nchoices(f->choices) ? json_string(f->choices[i]) : json_integer(i);
	}
	case TW_FT_FLAGS: {
		json_t *a = json_array();
		uint32_t bits = (uint32_t)v;
		for (int i = 0; a && i < nchoices(f->choices) && i < 32; i++)
			if ((bits & (1u << i)) && !tw_io_append(a, json_string(f->choices[i]))) {
				json_decref(a);
				return NULL;
			}
		return a;
	}
	case TW_FT_SIDE: {
		int i = (int)v;
		return i >= 0 && i < s->nsides ? json_string(s->sides[i].name) : json_null();
	}
	default: return json_integer((json_int_t)v);
	}
}

json_t *tw_io_rec_write(const tw_state *s, tw_rec_kind kind, int index, bool *fail)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	const void *rec = tw_rec_c(s, kind, index);
	if (!d || !rec)
		return NULL;
	json_t *obj = NULL;
	for (int j = 0; j < d->nfields; j++) {
		const tw_field_def *f = &d->fields[j];
		if (tw_rec_is_default(rec, f))
			continue;
		if (!obj && !(obj = json_object())) {
			*fail = true;
			return NULL;
		}
		json_t *v;
		if (f->type == TW_FT_STR) {
			const char *str = (const char *)rec + f->offset;
			v = json_stringn(str, strnlen(str, f->count));
		} else if (f->count == 1) {
			v = write_elem(s, rec, f, 0);
		} else {
			// Trailing defaults are left out (they read back as defaults).
			int n = f->count;
			while (n > 0) {
				tw_field_def one = *f;
				one.count = 1;
				one.offset = f->offset + (uint32_t)((size_t)(n - 1) * tw_field_type_size((tw_field_type)f->type));
				if (!tw_rec_is_default(rec, &one))
					break;
				n--;
			}
			v = json_array();
			for (int k = 0; v && k < n; k++)
				if (!tw_io_append(v, write_elem(s, rec, f, k))) {
					json_decref(v);
					v = NULL;
				}
		}
		if (!tw_io_set(obj, f->name, v)) {
			json_decref(obj);
			*fail = true;
			return NULL;
		}
	}
	return obj;
}

// ---- a rule set's record tables, for front-ends ----

static json_t *field_json(const tw_field_def *f)
{
	static const char *const vis[] = {"all", "owner", "umpire"};
	json_t *o = json_object();
	bool ok = o && tw_io_set(o, "name", json_string(f->name)) &&
		  tw_io_set(o, "type", json_string(tw_field_type_name((tw_field_type)f->type))) &&
		  tw_io_set(o, "count", json_integer(f->type == TW_FT_STR ? 1 : f->count)) &&
		  tw_io_set(o, "visible", json_string(f->vis < 3 ? vis[f->vis] : "umpire")) &&
		  tw_io_set(o, "help", json_string(f->help ? f->help : ""));
	if (ok && f->choices) {
		json_t *ch = json_array();
		for (int k = 0; ok && ch && f->choices[k]; k++)
			ok = tw_io_append(ch, json_string(f->choices[k]));
		ok = ok && tw_io_set(o, "choices", ch);
	}
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *tw_ruleset_records_json(const tw_ruleset *rs)
{
	json_t *all = json_object();
	for (int k = 0; all && k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = rs->records[k];
		if (!d)
			continue;
		json_t *arr = json_array();
		for (int i = 0; arr && i < d->nfields; i++)
			if (!tw_io_append(arr, field_json(&d->fields[i]))) {
				json_decref(arr);
				arr = NULL;
			}
		if (!tw_io_set(all, tw_rec_kind_name((tw_rec_kind)k), arr)) {
			json_decref(all);
			return NULL;
		}
	}
	return all;
}

// JSON helpers: paths for error messages, strict value readers, number writers.
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"

void tw_io_path_init(tw_io_path *p, const char *root)
{
	snprintf(p->s, sizeof p->s, "%s", root ? root : "$");
	p->n = strlen(p->s);
}

/// Appends text, cutting the path with "..." when it would not fit.
static size_t push(tw_io_path *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static size_t push(tw_io_path *p, const char *fmt, ...)
{
	size_t old = p->n;
	if (p->n + 1 >= sizeof p->s)
		return old;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(p->s + p->n, sizeof p->s - p->n, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= sizeof p->s - p->n) {
		memcpy(p->s + sizeof p->s - 4, "...", 4);
		p->n = sizeof p->s - 1;
	} else {
		p->n += (size_t)k;
	}
	return old;
}

size_t tw_io_push_key(tw_io_path *p, const char *key) { return push(p, ".%s", key); }
size_t tw_io_push_index(tw_io_path *p, size_t i) { return push(p, "[%zu]", i); }

void tw_io_pop(tw_io_path *p, size_t n)
{
	if (n < sizeof p->s) {
		p->n = n;
		p->s[n] = '\0';
	}
}

tw_status tw_io_fail(tw_error *err, const tw_io_path *p, const char *fmt, ...)
{
	if (!err)
		return TW_ERR_INPUT;
	tw_error_clear(err);
	err->code = TW_ERR_INPUT;
	snprintf(err->path, sizeof err->path, "%s", p ? p->s : "$");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return TW_ERR_INPUT;
}

tw_status tw_io_nomem(tw_error *err) { return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory"); }

static const char *type_name(const json_t *v)
{
	if (!v)
		return "nothing";
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

tw_status tw_io_object(const json_t *v, const char *const *allowed, tw_io_path *p, tw_error *err)
{
	if (!json_is_object(v))
		return tw_io_fail(err, p, "expected an object, found %s", type_name(v));
	const char *key = NULL;
	json_t *val;
	// json_object_foreach takes a non-const object; iteration does not modify it.
	json_object_foreach((json_t *)v, key, val) {
		bool ok = false;
		for (int i = 0; allowed[i]; i++)
			if (strcmp(allowed[i], key) == 0)
				ok = true;
		if (!ok) {
			size_t n = tw_io_push_key(p, key);
			tw_status st = tw_io_fail(err, p, "unknown key \"%s\"", key);
			tw_io_pop(p, n);
			return st;
		}
	}
	return TW_OK;
}

tw_status tw_io_num(const json_t *v, double lo, double hi, double *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_number(v))
		return tw_io_fail(err, p, "expected a number, found %s", type_name(v));
	double d = json_number_value(v);
	if (!isfinite(d) || d < lo || d > hi)
		return tw_io_fail(err, p, "number %g out of range [%g, %g]", d, lo, hi);
	*out = d;
	return TW_OK;
}

tw_status tw_io_int(const json_t *v, int64_t lo, int64_t hi, int64_t *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_integer(v))
		return tw_io_fail(err, p, "expected an integer, found %s", type_name(v));
	json_int_t i = json_integer_value(v);
	if (i < lo || i > hi)
		return tw_io_fail(err, p, "integer %" PRId64 " out of range [%" PRId64 ", %" PRId64 "]", (int64_t)i,
				  lo, hi);
	*out = (int64_t)i;
	return TW_OK;
}

tw_status tw_io_u64(const json_t *v, uint64_t *out, tw_io_path *p, tw_error *err)
{
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return tw_io_fail(err, p, "expected a non-negative integer");
		*out = (uint64_t)json_integer_value(v);
		return TW_OK;
	}
	if (!json_is_string(v))
		return tw_io_fail(err, p, "expected an integer or a hex string, found %s", type_name(v));
	const char *t = json_string_value(v);
	size_t n = json_string_length(v);
	if (n < 1 || n > 16)
		return tw_io_fail(err, p, "expected 1 to 16 hex digits");
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return tw_io_fail(err, p, "expected 1 to 16 hex digits");
		x = x << 4 | (uint64_t)d;
	}
	*out = x;
	return TW_OK;
}

tw_status tw_io_str(const json_t *v, size_t maxlen, bool nonempty, const char **out, tw_io_path *p,
		    tw_error *err)
{
	if (!json_is_string(v))
		return tw_io_fail(err, p, "expected a string, found %s", type_name(v));
	size_t n = json_string_length(v);
	if (n > maxlen)
		return tw_io_fail(err, p, "string longer than %zu bytes", maxlen);
	if (nonempty && n == 0)
		return tw_io_fail(err, p, "empty string");
	*out = json_string_value(v);
	return TW_OK;
}

tw_status tw_io_bool(const json_t *v, bool *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_boolean(v))
		return tw_io_fail(err, p, "expected true or false, found %s", type_name(v));
	*out = json_is_true(v);
	return TW_OK;
}

tw_status tw_io_vec(const json_t *v, tw_vec2 *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v) || json_array_size(v) != 2)
		return tw_io_fail(err, p, "expected a point [x, y]");
	double c[2] = {0};
	for (size_t i = 0; i < 2; i++) {
		size_t n = tw_io_push_index(p, i);
		tw_status st = tw_io_num(json_array_get(v, i), -TW_IO_COORD_MAX, TW_IO_COORD_MAX, &c[i], p, err);
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	*out = tw_v2(c[0], c[1]);
	return TW_OK;
}

tw_status tw_io_ints(const json_t *v, int max, int64_t lo, int64_t hi, int32_t *out, int *n, tw_io_path *p,
		     tw_error *err)
{
	if (!json_is_array(v))
		return tw_io_fail(err, p, "expected an array, found %s", type_name(v));
	if (json_array_size(v) > (size_t)max)
		return tw_io_fail(err, p, "more than %d entries", max);
	for (size_t i = 0; i < json_array_size(v); i++) {
		int64_t x = 0;
		size_t k = tw_io_push_index(p, i);
		tw_status st = tw_io_int(json_array_get(v, i), lo, hi, &x, p, err);
		tw_io_pop(p, k);
		if (st != TW_OK)
			return st;
		out[i] = (int32_t)x;
	}
	*n = (int)json_array_size(v);
	return TW_OK;
}

tw_status tw_io_vecs(const json_t *v, int max, tw_vec2 *out, int *n, tw_io_path *p, tw_error *err)
{
	if (!json_is_array(v))
		return tw_io_fail(err, p, "expected an array of points, found %s", type_name(v));
	if (json_array_size(v) < 1 || json_array_size(v) > (size_t)max)
		return tw_io_fail(err, p, "expected 1 to %d points", max);
	for (size_t i = 0; i < json_array_size(v); i++) {
		size_t k = tw_io_push_index(p, i);
		tw_status st = tw_io_vec(json_array_get(v, i), &out[i], p, err);
		tw_io_pop(p, k);
		if (st != TW_OK)
			return st;
	}
	*n = (int)json_array_size(v);
	return TW_OK;
}

/// Looks up obj[key]; fails if it is required and absent. *v is NULL when absent.
static tw_status field(const json_t *obj, const char *key, bool required, const json_t **v, tw_io_path *p,
		       tw_error *err)
{
	*v = json_object_get(obj, key);
	if (!*v && required) {
		size_t n = tw_io_push_key(p, key);
		tw_status st = tw_io_fail(err, p, "missing required key \"%s\"", key);
		tw_io_pop(p, n);
		return st;
	}
	return TW_OK;
}

#define TW_IO_FIELD(call)                                                                          \
	const json_t *v;                                                                           \
	tw_status st = field(obj, key, required, &v, p, err);                                      \
	if (st != TW_OK || !v)                                                                     \
		return st;                                                                         \
	size_t n = tw_io_push_key(p, key);                                                         \
	st = (call);                                                                               \
	tw_io_pop(p, n);                                                                           \
	return st

tw_status tw_io_get_num(const json_t *obj, const char *key, bool required, double lo, double hi, double *out,
			tw_io_path *p, tw_error *err)
{
	TW_IO_FIELD(tw_io_num(v, lo, hi, out, p, err));
}

tw_status tw_io_get_int(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi, int64_t *out,
			tw_io_path *p, tw_error *err)
{
	TW_IO_FIELD(tw_io_int(v, lo, hi, out, p, err));
}

tw_status tw_io_get_i32(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi, int32_t *out,
			tw_io_path *p, tw_error *err)
{
	int64_t x = *out;
	tw_status st = tw_io_get_int(obj, key, required, lo, hi, &x, p, err);
	if (st == TW_OK)
		*out = (int32_t)x;
	return st;
}

tw_status tw_io_get_str(const json_t *obj, const char *key, bool required, size_t maxlen, const char **out,
			tw_io_path *p, tw_error *err)
{
	TW_IO_FIELD(tw_io_str(v, maxlen, true, out, p, err));
}

tw_status tw_io_get_vec(const json_t *obj, const char *key, bool required, tw_vec2 *out, tw_io_path *p,
			tw_error *err)
{
	TW_IO_FIELD(tw_io_vec(v, out, p, err));
}

static tw_status side_value(const json_t *v, const tw_state *s, int *out, tw_io_path *p, tw_error *err)
{
	const char *name = NULL;
	tw_status st = tw_io_str(v, 15, true, &name, p, err);
	if (st != TW_OK)
		return st;
	int i = tw_state_side_index(s, name);
	if (i < 0)
		return tw_io_fail(err, p, "unknown side \"%s\"", name);
	*out = i;
	return TW_OK;
}

tw_status tw_io_get_side(const json_t *obj, const char *key, bool required, const tw_state *s, int *out,
			 tw_io_path *p, tw_error *err)
{
	TW_IO_FIELD(side_value(v, s, out, p, err));
}

tw_status tw_io_header(const json_t *root, const char *fmt, const char *fmt2, int *which, tw_io_path *p,
		       tw_error *err)
{
	const char *f = NULL;
	tw_status st = tw_io_get_str(root, "format", true, 64, &f, p, err);
	if (st != TW_OK)
		return st;
	int w = strcmp(f, fmt) == 0 ? 0 : (fmt2 && strcmp(f, fmt2) == 0) ? 1 : -1;
	if (w < 0) {
		size_t n = tw_io_push_key(p, "format");
		st = fmt2 ? tw_io_fail(err, p, "expected \"%s\" or \"%s\"", fmt, fmt2)
			  : tw_io_fail(err, p, "expected \"%s\"", fmt);
		tw_io_pop(p, n);
		return st;
	}
	int64_t version = 0;
	st = tw_io_get_int(root, "version", true, TW_STATE_FORMAT_VERSION, TW_STATE_FORMAT_VERSION, &version, p,
			   err);
	if (st != TW_OK)
		return st;
	if (which)
		*which = w;
	return TW_OK;
}

json_t *tw_io_jnum(double v)
{
	if (!isfinite(v))
		return NULL;
	// Integral values read better as integers and still round-trip exactly (|v| < 2^53).
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

json_t *tw_io_jvec(tw_vec2 v)
{
	json_t *a = json_array();
	if (!a || !tw_io_append(a, tw_io_jnum(v.x)) || !tw_io_append(a, tw_io_jnum(v.y))) {
		json_decref(a);
		return NULL;
	}
	return a;
}

json_t *tw_io_ju64(uint64_t v)
{
	if (v <= INT64_MAX)
		return json_integer((json_int_t)v);
	char hex[17];
	tw_hash_hex(v, hex);
	return json_string(hex);
}

bool tw_io_set(json_t *obj, const char *key, json_t *v) { return v && json_object_set_new(obj, key, v) == 0; }

bool tw_io_append(json_t *arr, json_t *v) { return v && json_array_append_new(arr, v) == 0; }

json_t *tw_io_parse(const char *text, size_t len, const char *source, tw_error *err)
{
	// Limits before memory: sizes and counts are checked before jansson builds anything.
	if (tw_io_prescan(text, len, source, err) != TW_OK)
		return NULL;
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root && err) {
		tw_error_clear(err);
		err->code = TW_ERR_INPUT;
		err->line = je.line > 0 ? je.line : 0;
		err->column = je.column > 0 ? je.column : 0;
		snprintf(err->message, sizeof err->message, "%s:%d:%d: %s", source ? source : "<input>", err->line,
			 err->column, je.text);
	}
	return root;
}

json_t *tw_json_load(const char *text, size_t len, const char *source, tw_error *err)
{
	tw_error_clear(err);
	return tw_io_parse(text, len, source, err);
}

void tw_io_prefix(tw_error *err, const char *source)
{
	if (!err || err->code == TW_OK)
		return;
	char msg[sizeof err->message + sizeof err->path + 256];
	if (err->path[0])
		snprintf(msg, sizeof msg, "%s: %s: %s", source ? source : "<input>", err->path, err->message);
	else
		snprintf(msg, sizeof msg, "%s: %s", source ? source : "<input>", err->message);
	snprintf(err->message, sizeof err->message, "%.*s", (int)sizeof err->message - 1, msg);
}

/// A growable text buffer; ok turns false on any failure.
typedef struct tbuf {
	char *s;
	size_t n, cap;
	bool ok;
} tbuf;

static void tb_add(tbuf *b, const char *s, size_t n)
{
	if (!b->ok)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *p = realloc(b->s, cap);
		if (!p) {
			b->ok = false;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void tb_str(tbuf *b, const char *s) { tb_add(b, s, strlen(s)); }

/// The shortest of %.15g, %.16g, %.17g that reads back as exactly v (0.3, not 0.2999...).
static void tb_real(tbuf *b, double v)
{
	char t[40];
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(t, sizeof t, "%.*g", prec, v);
		for (char *c = t; *c; c++)
			if (*c == ',')
				*c = '.'; // a locale with a decimal comma
		if (prec == 17 || strtod(t, NULL) == v)
			break;
	}
	// Keep it a JSON real (jansson would read "5" back as an integer; harmless, but exact is nicer).
	if (!strpbrk(t, ".eEn"))
		snprintf(t + strlen(t), sizeof t - strlen(t), ".0");
	tb_str(b, t);
}

/// Writes v on one line: ", " and ": " separators, reals as tb_real.
static void tb_json(tbuf *b, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		tb_str(b, "{");
		const char *k = NULL;
		json_t *m;
		bool first = true;
		json_object_foreach((json_t *)v, k, m) {
			if (!first)
				tb_str(b, ", ");
			first = false;
			json_t *key = json_string(k);
			if (!key)
				b->ok = false;
			else
				tb_json(b, key);
			json_decref(key);
			tb_str(b, ": ");
			tb_json(b, m);
		}
		tb_str(b, "}");
		break;
	}
	case JSON_ARRAY:
		tb_str(b, "[");
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (i)
				tb_str(b, ", ");
			tb_json(b, json_array_get(v, i));
		}
		tb_str(b, "]");
		break;
	case JSON_REAL: tb_real(b, json_real_value(v)); break;
	default: {
		char *t = json_dumps(v, JSON_ENCODE_ANY);
		if (!t) {
			b->ok = false;
			return;
		}
		tb_str(b, t);
		free(t);
	}
	}
}

static bool holds_objects(const json_t *v)
{
	if (json_is_array(v))
		return json_array_size(v) > 0 && json_is_object(json_array_get(v, 0));
	if (json_is_object(v)) {
		const char *k = NULL;
		json_t *m;
		json_object_foreach((json_t *)v, k, m) {
			if (json_is_object(m) || holds_objects(m))
				return true;
		}
	}
	return false;
}

static void tb_indent(tbuf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		tb_add(b, "  ", 2);
}

/// Objects holding objects are expanded one key per line; arrays of objects one member per
/// line; everything else is written on one line.
static void pretty(tbuf *b, const json_t *v, int depth)
{
	if (json_is_object(v) && (depth == 0 || holds_objects(v))) {
		tb_str(b, "{");
		const char *k = NULL;
		json_t *m;
		bool first = true;
		json_object_foreach((json_t *)v, k, m) {
			tb_str(b, first ? "\n" : ",\n");
			first = false;
			tb_indent(b, depth + 1);
			json_t *key = json_string(k);
			if (!key)
				b->ok = false;
			else
				tb_json(b, key);
			json_decref(key);
			tb_str(b, ": ");
			pretty(b, m, depth + 1);
		}
		tb_str(b, "\n");
		tb_indent(b, depth);
		tb_str(b, "}");
	} else if (json_is_array(v) && holds_objects(v)) {
		tb_str(b, "[");
		for (size_t i = 0; i < json_array_size(v); i++) {
			tb_str(b, i ? ",\n" : "\n");
			tb_indent(b, depth + 1);
			tb_json(b, json_array_get(v, i));
		}
		tb_str(b, "\n");
		tb_indent(b, depth);
		tb_str(b, "]");
	} else {
		tb_json(b, v);
	}
}

char *tw_io_dumps(const json_t *v)
{
	tbuf b = {NULL, 0, 0, true};
	pretty(&b, v, 0);
	tb_str(&b, "\n");
	if (!b.ok) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

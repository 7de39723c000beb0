// Rule-set records: field tables, by-name access, defaults, and the record arrays of a state
// (binding, growth, cloning, hashing and hiding are driven by the tables).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record_internal.h"
#include "tinwar/ruleset.h"
#include "tinwar/state.h"

static const uint8_t type_size[TW_FT_COUNT] = {
	[TW_FT_BOOL] = 1, [TW_FT_I8] = 1,   [TW_FT_U8] = 1,	   [TW_FT_I16] = 2,  [TW_FT_I32] = 4,
	[TW_FT_U32] = 4,  [TW_FT_I64] = 8,  [TW_FT_F64] = 8,   [TW_FT_ENUM] = 4, [TW_FT_FLAGS] = 4,
	[TW_FT_STR] = 1,  [TW_FT_FIG] = 4,  [TW_FT_GUN] = 4,   [TW_FT_UNIT] = 4, [TW_FT_TERRAIN] = 4,
	[TW_FT_SIDE] = 1,
};

static const char *const type_names[TW_FT_COUNT] = {
	"bool", "i8", "u8", "i16", "i32", "u32", "i64", "f64", "enum", "flags", "str", "figure", "gun", "unit",
	"terrain", "side",
};

static const char *const kind_names[TW_REC_KIND_COUNT] = {"game", "side", "figure", "gun", "unit", "terrain"};

size_t tw_field_type_size(tw_field_type t) { return (unsigned)t < TW_FT_COUNT ? type_size[t] : 0; }
const char *tw_field_type_name(tw_field_type t) { return (unsigned)t < TW_FT_COUNT ? type_names[t] : "?"; }
const char *tw_rec_kind_name(tw_rec_kind k) { return (unsigned)k < TW_REC_KIND_COUNT ? kind_names[k] : "?"; }

size_t tw_field_bytes(const tw_field_def *f) { return tw_field_type_size((tw_field_type)f->type) * f->count; }

static int nchoices(const char *const *c)
{
	int n = 0;
	while (c && c[n])
		n++;
	return n;
}

// The range a field's type can hold, for clamping and checking.
static void type_range(tw_field_type t, double *lo, double *hi)
{
	switch (t) {
	case TW_FT_BOOL: *lo = 0, *hi = 1; break;
	case TW_FT_I8: case TW_FT_SIDE: *lo = INT8_MIN, *hi = INT8_MAX; break;
	case TW_FT_U8: *lo = 0, *hi = UINT8_MAX; break;
	case TW_FT_I16: *lo = INT16_MIN, *hi = INT16_MAX; break;
	case TW_FT_I32: case TW_FT_ENUM: case TW_FT_FIG: case TW_FT_GUN: case TW_FT_UNIT: case TW_FT_TERRAIN:
		*lo = INT32_MIN, *hi = INT32_MAX;
		break;
	case TW_FT_U32: case TW_FT_FLAGS: *lo = 0, *hi = UINT32_MAX; break;
	case TW_FT_I64: *lo = -9007199254740992.0, *hi = 9007199254740992.0; break; // exact in a double
	default: *lo = -HUGE_VAL, *hi = HUGE_VAL; break;
	}
}

bool tw_field_is_ref(const tw_field_def *f)
{
	return f->type == TW_FT_FIG || f->type == TW_FT_GUN || f->type == TW_FT_UNIT || f->type == TW_FT_TERRAIN ||
	       f->type == TW_FT_SIDE;
}

bool tw_record_def_check(const tw_record_def *d, tw_error *err)
{
	if (!d)
		return true;
	if (d->nfields < 0 || (d->nfields > 0 && !d->fields)) {
		tw_error_set(err, TW_ERR_STATE, "", "record: bad field table");
		return false;
	}
	for (int i = 0; i < d->nfields; i++) {
		const tw_field_def *f = &d->fields[i];
		if (!f->name || !f->name[0] || f->type >= TW_FT_COUNT || f->vis > TW_VIS_UMPIRE || f->count < 1) {
			tw_error_set(err, TW_ERR_STATE, "", "record field %d: bad name, type, visibility or count", i);
			return false;
		}
		size_t sz = tw_field_type_size((tw_field_type)f->type);
		if ((size_t)f->offset % sz != 0 || (size_t)f->offset + tw_field_bytes(f) > d->size) {
			tw_error_set(err, TW_ERR_STATE, "", "record field %s: misplaced (offset %u)", f->name,
				     (unsigned)f->offset);
			return false;
		}
		if (f->msize && f->msize != tw_field_bytes(f)) { // a field read wider or narrower than its member
			tw_error_set(err, TW_ERR_STATE, "", "record field %s: its member is %u bytes, a %s%s takes %zu", f->name,
				     (unsigned)f->msize, tw_field_type_name((tw_field_type)f->type), f->count > 1 ? " array" : "",
				     tw_field_bytes(f));
			return false;
		}
		if ((f->type == TW_FT_ENUM || f->type == TW_FT_FLAGS) && nchoices(f->choices) == 0) {
			tw_error_set(err, TW_ERR_STATE, "", "record field %s: no choices", f->name);
			return false;
		}
		if (f->type == TW_FT_FLAGS && nchoices(f->choices) > 32) {
			tw_error_set(err, TW_ERR_STATE, "", "record field %s: more than 32 flags", f->name);
			return false;
		}
		if (f->type != TW_FT_STR && !tw_field_is_ref(f) && f->type != TW_FT_BOOL && f->type != TW_FT_FLAGS &&
		    !(f->min <= f->def && f->def <= f->max)) {
			tw_error_set(err, TW_ERR_STATE, "", "record field %s: default outside [min, max]", f->name);
			return false;
		}
		for (int j = 0; j < i; j++) {
			const tw_field_def *g = &d->fields[j];
			if (strcmp(g->name, f->name) == 0) {
				tw_error_set(err, TW_ERR_STATE, "", "record field %s: named twice", f->name);
				return false;
			}
			if (f->offset < g->offset + tw_field_bytes(g) && g->offset < f->offset + tw_field_bytes(f)) {
				tw_error_set(err, TW_ERR_STATE, "", "record fields %s and %s overlap", g->name, f->name);
				return false;
			}
		}
	}
	return true;
}

int tw_record_field(const tw_record_def *d, const char *name)
{
	if (!d || !name)
		return -1;
	for (int i = 0; i < d->nfields; i++)
		if (strcmp(d->fields[i].name, name) == 0)
			return i;
	return -1;
}

double tw_rec_get(const void *rec, const tw_field_def *f, int k)
{
	const unsigned char *p = (const unsigned char *)rec + f->offset + (size_t)k * tw_field_type_size((tw_field_type)f->type);
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: case TW_FT_U8: { uint8_t v; memcpy(&v, p, 1); return v; }
	case TW_FT_I8: case TW_FT_SIDE: { int8_t v; memcpy(&v, p, 1); return v; }
	case TW_FT_I16: { int16_t v; memcpy(&v, p, 2); return v; }
	case TW_FT_I32: case TW_FT_ENUM: case TW_FT_FIG: case TW_FT_GUN: case TW_FT_UNIT: case TW_FT_TERRAIN: {
		int32_t v;
		memcpy(&v, p, 4);
		return v;
	}
	case TW_FT_U32: case TW_FT_FLAGS: { uint32_t v; memcpy(&v, p, 4); return v; }
	case TW_FT_I64: { int64_t v; memcpy(&v, p, 8); return (double)v; }
	case TW_FT_F64: { double v; memcpy(&v, p, 8); return v; }
	default: return 0;
	}
}

void tw_rec_set(void *rec, const tw_field_def *f, int k, double v)
{
	unsigned char *p = (unsigned char *)rec + f->offset + (size_t)k * tw_field_type_size((tw_field_type)f->type);
	double lo, hi;
	type_range((tw_field_type)f->type, &lo, &hi);
	if (f->type != TW_FT_F64) {
		if (!(v >= lo)) // NaN too
			v = lo;
		if (v > hi)
			v = hi;
	}
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: { uint8_t x = v != 0; memcpy(p, &x, 1); break; }
	case TW_FT_U8: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
	case TW_FT_I8: case TW_FT_SIDE: { int8_t x = (int8_t)v; memcpy(p, &x, 1); break; }
	case TW_FT_I16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
	case TW_FT_I32: case TW_FT_ENUM: case TW_FT_FIG: case TW_FT_GUN: case TW_FT_UNIT: case TW_FT_TERRAIN: {
		int32_t x = (int32_t)v;
		memcpy(p, &x, 4);
		break;
	}
	case TW_FT_U32: case TW_FT_FLAGS: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	case TW_FT_I64: { int64_t x = (int64_t)v; memcpy(p, &x, 8); break; }
	case TW_FT_F64: { memcpy(p, &v, 8); break; }
	default: break;
	}
}

void tw_rec_defaults(const tw_record_def *d, void *rec)
{
	if (!d)
		return;
	memset(rec, 0, d->size);
	for (int i = 0; i < d->nfields; i++) {
		const tw_field_def *f = &d->fields[i];
		if (f->type == TW_FT_STR)
			continue;
		for (int k = 0; k < f->count; k++)
			tw_rec_set(rec, f, k, f->def);
	}
}

bool tw_rec_is_default(const void *rec, const tw_field_def *f)
{
	if (f->type == TW_FT_STR)
		return ((const char *)rec + f->offset)[0] == 0;
	// The default as stored (clamped to the type), so a default outside the type still compares.
	unsigned char tmp[8] = {0};
	tw_field_def g = *f;
	g.offset = 0;
	tw_rec_set(tmp, &g, 0, f->def);
	double d = tw_rec_get(tmp, &g, 0);
	for (int k = 0; k < f->count; k++)
		if (tw_rec_get(rec, f, k) != d)
			return false;
	return true;
}

int tw_rec_format(const struct tw_state *s, const void *rec, const tw_field_def *f, int k, char *buf, size_t n)
{
	if (f->type == TW_FT_STR)
		return snprintf(buf, n, "%.*s", (int)f->count, (const char *)rec + f->offset);
	double v = tw_rec_get(rec, f, k);
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: return snprintf(buf, n, "%s", v != 0 ? "yes" : "no");
	case TW_FT_F64: return snprintf(buf, n, "%.4g", v);
	case TW_FT_ENUM: {
		int i = (int)v;
		if (i >= 0 && i < nchoices(f->choices))
			return snprintf(buf, n, "%s", f->choices[i]);
		return snprintf(buf, n, "%d", i);
	}
	case TW_FT_FLAGS: {
		uint32_t bits = (uint32_t)v;
		int m = nchoices(f->choices);
		size_t len = 0;
		if (n)
			buf[0] = 0;
		for (int i = 0; i < m && i < 32; i++)
			if (bits & (1u << i)) {
				size_t at = len < n ? len : n;
				len += (size_t)snprintf(buf + at, n - at, "%s%s", len ? " " : "", f->choices[i]);
			}
		return (int)len;
	}
	case TW_FT_SIDE: {
		int i = (int)v;
		if (s && i >= 0 && i < s->nsides)
			return snprintf(buf, n, "%s", s->sides[i].name);
		return snprintf(buf, n, i < 0 ? "none" : "%d", i);
	}
	case TW_FT_FIG: case TW_FT_GUN: case TW_FT_UNIT: case TW_FT_TERRAIN:
		if (v < 0)
			return snprintf(buf, n, "none");
		return snprintf(buf, n, "%.0f", v);
	default: return snprintf(buf, n, "%.0f", v);
	}
}

int tw_rec_format_field(const struct tw_state *s, const void *rec, const tw_field_def *f, char *buf, size_t n)
{
	if (f->type == TW_FT_STR || f->count <= 1)
		return tw_rec_format(s, rec, f, 0, buf, n);
	size_t len = 0;
	if (n)
		buf[0] = 0;
	for (int k = 0; k < f->count; k++) {
		size_t at = len < n ? len : n;
		len += (size_t)snprintf(buf + at, n - at, "%s", k ? " " : "[");
		at = len < n ? len : n;
		len += (size_t)tw_rec_format(s, rec, f, k, buf + at, n - at);
	}
	size_t at = len < n ? len : n;
	len += (size_t)snprintf(buf + at, n - at, "]");
	return (int)len;
}

// ---- a state's record arrays ----

const tw_record_def *tw_state_record_def(const tw_state *s, tw_rec_kind kind)
{
	if ((unsigned)kind >= TW_REC_KIND_COUNT)
		return NULL;
	return kind == TW_REC_TERRAIN ? s->table.recdef : s->recdef[kind];
}

int tw_rec_count(const tw_state *s, tw_rec_kind kind)
{
	switch (kind) {
	case TW_REC_GAME: return 1;
	case TW_REC_SIDE: return s->nsides;
	case TW_REC_FIGURE: return s->nfig;
	case TW_REC_GUN: return s->ngun;
	case TW_REC_UNIT: return s->nunit;
	case TW_REC_TERRAIN: return s->table.nterrain;
	default: return 0;
	}
}

// The capacity (in records) the array of `kind` has.
static int rec_cap(const tw_state *s, tw_rec_kind kind)
{
	switch (kind) {
	case TW_REC_GAME: return 1;
	case TW_REC_SIDE: return TW_MAX_SIDES;
	case TW_REC_FIGURE: return s->capfig;
	case TW_REC_GUN: return s->capgun;
	case TW_REC_UNIT: return s->capunit;
	case TW_REC_TERRAIN: return s->table.capterrain;
	default: return 0;
	}
}

static unsigned char *rec_base(const tw_state *s, tw_rec_kind kind)
{
	return kind == TW_REC_TERRAIN ? s->table.rec : s->rec[kind];
}

void *tw_rec(tw_state *s, tw_rec_kind kind, int index)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	unsigned char *b = (unsigned)kind < TW_REC_KIND_COUNT ? rec_base(s, kind) : NULL;
	int n = kind == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, kind);
	if (!d || !b || index < 0 || index >= n)
		return NULL;
	return b + (size_t)index * d->size;
}

const void *tw_rec_c(const tw_state *s, tw_rec_kind kind, int index) { return tw_rec((tw_state *)s, kind, index); }

unsigned char *tw_rec_array_new(const tw_record_def *d, int cap, int nfill)
{
	if (!d || cap <= 0)
		return NULL;
	unsigned char *a = tw_malloc((size_t)cap * d->size);
	if (!a)
		return NULL;
	memset(a, 0, (size_t)cap * d->size);
	for (int i = 0; i < nfill && i < cap; i++)
		tw_rec_defaults(d, a + (size_t)i * d->size);
	return a;
}

tw_status tw_rec_grow(const tw_record_def *d, unsigned char **arr, int oldcap, int newcap)
{
	if (!d)
		return TW_OK;
	unsigned char *a = tw_realloc(*arr, (size_t)(newcap > 0 ? newcap : 1) * d->size);
	if (!a)
		return TW_ERR_NOMEM;
	if (newcap > oldcap)
		memset(a + (size_t)oldcap * d->size, 0, (size_t)(newcap - oldcap) * d->size);
	*arr = a;
	return TW_OK;
}

void tw_rec_init_new(tw_state *s, tw_rec_kind kind, int index)
{
	void *r = tw_rec(s, kind, index);
	if (r)
		tw_rec_defaults(tw_state_record_def(s, kind), r);
}

tw_status tw_state_set_ruleset(tw_state *s, int index)
{
	const tw_ruleset *rs = tw_ruleset_get(index);
	const tw_record_def *want[TW_REC_KIND_COUNT] = {0};
	if (rs)
		for (int k = 0; k < TW_REC_KIND_COUNT; k++)
			want[k] = rs->records[k] && rs->records[k]->size > 0 ? rs->records[k] : NULL;
	unsigned char *fresh[TW_REC_KIND_COUNT] = {0};
	bool keep[TW_REC_KIND_COUNT] = {0};
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		keep[k] = want[k] == tw_state_record_def(s, (tw_rec_kind)k) && (!want[k] || rec_base(s, (tw_rec_kind)k));
		if (keep[k] || !want[k])
			continue;
		int cap = rec_cap(s, (tw_rec_kind)k);
		int n = k == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, (tw_rec_kind)k);
		if (cap <= 0)
			cap = 1;
		fresh[k] = tw_rec_array_new(want[k], cap, n);
		if (!fresh[k]) {
			for (int j = 0; j < k; j++)
				tw_free(fresh[j]);
			return TW_ERR_NOMEM;
		}
	}
	s->ruleset = index;
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		if (keep[k])
			continue;
		if (k == TW_REC_TERRAIN) {
			tw_free(s->table.rec);
			s->table.rec = fresh[k];
			s->table.recdef = want[k];
		} else {
			tw_free(s->rec[k]);
			s->rec[k] = fresh[k];
			s->recdef[k] = want[k];
		}
	}
	return TW_OK;
}

// ---- hashing and hiding ----

void tw_rec_hash(const tw_state *s, void (*put)(void *ctx, const void *p, size_t n), void *ctx)
{
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		if (!d)
			continue;
		int n = tw_rec_count(s, (tw_rec_kind)k);
		for (int i = 0; i < n; i++) {
			const unsigned char *r = tw_rec_c(s, (tw_rec_kind)k, i);
			for (int j = 0; j < d->nfields; j++) {
				const tw_field_def *f = &d->fields[j];
				if (f->type == TW_FT_STR) {
					const char *str = (const char *)r + f->offset;
					put(ctx, str, strnlen(str, f->count));
					continue;
				}
				if (f->late) { // added after the hashes were pinned: only when set
					bool set = false;
					for (int e = 0; e < f->count && !set; e++)
						set = tw_rec_get(r, f, e) != 0;
					if (!set)
						continue;
				}
				for (int e = 0; e < f->count; e++) {
					double v = tw_rec_get(r, f, e);
					if (f->type == TW_FT_F64) {
						if (v == 0)
							v = 0; // -0.0 folded
						put(ctx, &v, sizeof v);
					} else {
						int64_t x = (int64_t)v;
						put(ctx, &x, sizeof x);
					}
				}
			}
		}
	}
}

int tw_rec_owner(const tw_state *s, tw_rec_kind kind, int i)
{
	switch (kind) {
	case TW_REC_SIDE: return i;
	case TW_REC_FIGURE: return s->fig[i].side;
	case TW_REC_GUN: return s->gun[i].side;
	case TW_REC_UNIT: return s->unit[i].side;
	default: return -1;
	}
}

bool tw_rec_hide_plain = false; // h7-hook: tests only (record_internal.h)

// lw-perf (issue 18): tw_rec_hide's test without its writes. A field element is unchanged by
// the hiding exactly when its bytes are those tw_rec_set writes for the default (strings: all
// zero), so bytes are compared, not values (-0.0 and NaN count as changed).
// The hidden fields of one record type, as tw_rec_hide_changes compares them (a plan).
enum { HIDE_MAXF = 64 };
typedef struct hide_field {
	size_t off, span, sz;
	uint64_t dv;          // the default's bytes, as wide as the element
	bool owner, pat, raw; // owner-visible; whole span against pat; byte by byte
	unsigned char def[8]; // the default's bytes (non-string fields)
} hide_field;
typedef struct hide_plan {
	const tw_record_def *d; // the record type it was made for
	int nh;
	bool big; // more hidden fields than HIDE_MAXF
	hide_field hf[HIDE_MAXF];
} hide_plan;

static void hide_plan_make(const tw_record_def *d, hide_plan *p)
{
	p->d = d;
	p->nh = 0;
	p->big = false;
	for (int j = 0; j < d->nfields; j++) {
		const tw_field_def *f = &d->fields[j];
		if (f->vis == TW_VIS_ALL)
			continue;
		if (p->nh == HIDE_MAXF) {
			p->big = true;
			break;
		}
		hide_field *h = &p->hf[p->nh];
		memset(h->def, 0, sizeof h->def);
		h->sz = tw_field_type_size((tw_field_type)f->type);
		if (f->type != TW_FT_STR) {
			tw_field_def g = *f;
			g.offset = 0;
			tw_rec_set(h->def, &g, 0, f->def);
		}
		h->dv = 0;
		memcpy(&h->dv, h->def, h->sz <= 8 ? h->sz : 8);
		h->off = f->offset;
		h->span = f->type == TW_FT_STR ? f->count : (size_t)f->count * h->sz;
		h->owner = f->vis == TW_VIS_OWNER;
		// Strings and all-zero arrays: the whole span against zeros, one memcmp a record.
		h->pat = (f->type == TW_FT_STR || (f->count > 1 && h->dv == 0)) && h->span <= 512;
		h->raw = !h->pat && (f->type == TW_FT_STR || !(h->sz == 1 || h->sz == 2 || h->sz == 4 || h->sz == 8));
		p->nh++;
	}
}

// s31 (issue 18): the plans of the registered rule sets' record types, made when they are
// registered (before any game, before threads: registry.c) instead of at every question. A
// state whose record type is not the registered one's (the same pointer) has its plan made on
// the spot, as before.
enum { HIDE_RULESETS = 32 };
static hide_plan g_hide_plans[HIDE_RULESETS][TW_REC_KIND_COUNT];

void tw_rec_hide_plans_note(int index, const tw_record_def *const *defs)
{
	if (index < 0 || index >= HIDE_RULESETS)
		return;
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		if (defs && defs[k])
			hide_plan_make(defs[k], &g_hide_plans[index][k]);
		else
			g_hide_plans[index][k].d = NULL;
	}
}

bool tw_rec_hide_changes(const tw_state *s, int seat)
{
	if (seat < 0)
		return false;
	static const unsigned char zero512[512];
	hide_plan local;
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		if (!d)
			continue;
		const hide_plan *plan = s->ruleset >= 0 && s->ruleset < HIDE_RULESETS ? &g_hide_plans[s->ruleset][k] : NULL;
		if (!plan || plan->d != d || tw_rec_hide_plain) {
			hide_plan_make(d, &local);
			plan = &local;
		}
		const hide_field *hf = plan->hf;
		int nh = plan->nh;
		bool big = plan->big;
		if (nh == 0)
			continue;
		if (big) { // more hidden fields than the list holds: hide a copy of each record and compare
			int n = tw_rec_count(s, (tw_rec_kind)k);
			for (int i = 0; i < n; i++) {
				const unsigned char *r = tw_rec_c(s, (tw_rec_kind)k, i);
				int owner = tw_rec_owner(s, (tw_rec_kind)k, i);
				for (int j = 0; j < d->nfields; j++) {
					const tw_field_def *f = &d->fields[j];
					bool sees = f->vis == TW_VIS_ALL || (f->vis == TW_VIS_OWNER && owner >= 0 && owner == seat);
					if (sees)
						continue;
					unsigned char def[8] = {0};
					size_t sz = tw_field_type_size((tw_field_type)f->type);
					if (f->type != TW_FT_STR) {
						tw_field_def g = *f;
						g.offset = 0;
						tw_rec_set(def, &g, 0, f->def);
					}
					size_t span = f->type == TW_FT_STR ? f->count : (size_t)f->count * sz;
					for (size_t e = 0; e < span; e++)
						if (r[f->offset + e] != (f->type == TW_FT_STR ? 0 : def[e % sz]))
							return true;
				}
			}
			continue;
		}
		int n = tw_rec_count(s, (tw_rec_kind)k);
		const unsigned char *base = n > 0 ? tw_rec_c(s, (tw_rec_kind)k, 0) : NULL;
		if (!base)
			continue;
		// h5-hook: when every hidden field is the owner's, the seat's own records hide nothing.
		bool all_owner = true;
		for (int q = 0; q < nh; q++)
			all_owner = all_owner && hf[q].owner;
		// h7-hook: figures whose hidden fields are all the owner's 32-bit values (Little Wars'
		// box and work): the same comparisons without the general loop's per-field dispatch.
		bool all32 = true;
		for (int q = 0; q < nh; q++)
			all32 = all32 && hf[q].span == 4 && hf[q].sz == 4;
		if (k == TW_REC_FIGURE && all_owner && all32 && nh <= 4 && !tw_rec_hide_plain) {
			uint32_t dv[4];
			size_t off[4];
			for (int q = 0; q < nh; q++) {
				dv[q] = (uint32_t)hf[q].dv;
				off[q] = hf[q].off;
			}
			if (nh == 2) { // s31: two such fields (Little Wars' box and work), both at once
				const size_t o0 = off[0], o1 = off[1], sz = d->size;
				const uint32_t d0 = dv[0], d1 = dv[1];
				const unsigned char *rec = base;
				for (int i = 0; i < n; i++, rec += sz) {
					if (s->fig[i].side == seat)
						continue;
					uint32_t x0, x1;
					memcpy(&x0, rec + o0, 4);
					memcpy(&x1, rec + o1, 4);
					if ((x0 ^ d0) | (x1 ^ d1))
						return true;
				}
				continue;
			}
			for (int i = 0; i < n; i++) {
				if (s->fig[i].side == seat)
					continue; // his own: the owner's fields hide nothing
				const unsigned char *rec = base + (size_t)i * d->size;
				for (int q = 0; q < nh; q++) {
					uint32_t x;
					memcpy(&x, rec + off[q], 4);
					if (x != dv[q])
						return true;
				}
			}
			continue;
		}
		for (int i = 0; i < n; i++) {
			// The owner as tw_rec_owner gives it, without the call.
			int owner = k == TW_REC_SIDE ? i : k == TW_REC_FIGURE ? s->fig[i].side : k == TW_REC_GUN ? s->gun[i].side
				    : k == TW_REC_UNIT ? s->unit[i].side : -1;
			bool own = owner >= 0 && owner == seat;
			if (own && all_owner)
				continue;
			const unsigned char *rec = base + (size_t)i * d->size;
			for (int q = 0; q < nh; q++) {
				const hide_field *h = &hf[q];
				if (h->owner && own)
					continue;
				const unsigned char *r = rec + h->off;
				if (h->span == 4 && h->sz == 4) { // one 32-bit value: the common case
					uint32_t x;
					memcpy(&x, r, 4);
					if (x != (uint32_t)h->dv)
						return true;
					continue;
				}
				if (h->pat) {
					if (memcmp(r, zero512, h->span) != 0)
						return true;
					continue;
				}
				if (h->raw) {
					for (size_t e = 0; e < h->span; e++)
						if (r[e] != h->def[e % h->sz])
							return true;
					continue;
				}
				for (size_t e = 0; e < h->span; e += h->sz) {
					uint64_t v = 0;
					switch (h->sz) {
					case 1: { uint8_t x; memcpy(&x, r + e, 1); v = x; break; }
					case 2: { uint16_t x; memcpy(&x, r + e, 2); v = x; break; }
					case 4: { uint32_t x; memcpy(&x, r + e, 4); v = x; break; }
					default: memcpy(&v, r + e, 8); break;
					}
					if (v != h->dv)
						return true;
				}
			}
		}
	}
	return false;
}

void tw_rec_hide(tw_state *s, int seat)
{
	if (seat < 0)
		return; // the umpire sees everything
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		if (!d)
			continue;
		bool any = false;
		for (int j = 0; j < d->nfields; j++)
			any |= d->fields[j].vis != TW_VIS_ALL;
		if (!any)
			continue;
		int n = tw_rec_count(s, (tw_rec_kind)k);
		for (int i = 0; i < n; i++) {
			unsigned char *r = tw_rec(s, (tw_rec_kind)k, i);
			int owner = tw_rec_owner(s, (tw_rec_kind)k, i);
			for (int j = 0; j < d->nfields; j++) {
				const tw_field_def *f = &d->fields[j];
				bool sees = f->vis == TW_VIS_ALL || (f->vis == TW_VIS_OWNER && owner >= 0 && owner == seat);
				if (sees)
					continue;
				if (f->type == TW_FT_STR) {
					memset(r + f->offset, 0, f->count);
					continue;
				}
				for (int e = 0; e < f->count; e++)
					tw_rec_set(r, f, e, f->def);
			}
		}
	}
}

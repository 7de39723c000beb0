// Game state: ownership, cloning, hashing and lookup. Figure and gun ids are dense
// indices (id == index), so lookups are O(1) and JSON ids are stable.
#include <stdlib.h>
#include <string.h>

#include "order_internal.h"
#include "record_internal.h"
#include "tinwar/ruleset.h"
#include "tinwar/state.h"

int tw_side_alliance(const tw_state *s, int k)
{
	if (k < 0 || k >= TW_MAX_SIDES)
		return -1;
	return s->sides[k].alliance > 0 ? s->sides[k].alliance - 1 : k;
}

void tw_side_set_alliance(tw_state *s, int k, int a)
{
	if (k >= 0 && k < TW_MAX_SIDES && a >= 0 && a < TW_MAX_SIDES)
		s->sides[k].alliance = (int8_t)(a == k ? 0 : a + 1);
}

void tw_state_free(tw_state *s)
{
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		tw_free(s->sealed[k]);
		s->sealed[k] = NULL;
	}
	s->sealed_mask = 0;
	tw_table_free(&s->table);
	tw_free(s->fig);
	tw_free(s->gun);
	tw_free(s->unit);
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		tw_free(s->rec[k]);
		s->rec[k] = NULL;
	}
	s->fig = NULL;
	s->gun = NULL;
	s->unit = NULL;
	s->nfig = s->capfig = s->ngun = s->capgun = s->nunit = s->capunit = 0;
}

// Copies the record array of kind (n records used, cap records of room) for a clone.
static unsigned char *dup_records(const tw_state *src, tw_rec_kind kind, int n, int cap)
{
	const tw_record_def *d = src->recdef[kind];
	if (!d || !src->rec[kind])
		return NULL;
	unsigned char *p = tw_malloc((size_t)(cap > 0 ? cap : 1) * d->size);
	if (p && n > 0)
		memcpy(p, src->rec[kind], (size_t)n * d->size);
	return p;
}

static void *dup_array(const void *src, int n, size_t size)
{
	if (n == 0)
		return NULL;
	void *p = tw_malloc((size_t)n * size);
	if (p)
		memcpy(p, src, (size_t)n * size);
	return p;
}

tw_status tw_state_clone(tw_state *dst, const tw_state *src)
{
	*dst = *src;
	dst->journal = NULL;
	dst->in_atomic = false;
	dst->fig = dup_array(src->fig, src->nfig, sizeof *src->fig);
	dst->gun = dup_array(src->gun, src->ngun, sizeof *src->gun);
	dst->unit = dup_array(src->unit, src->nunit, sizeof *src->unit);
	dst->capfig = src->nfig;
	dst->capgun = src->ngun;
	dst->capunit = src->nunit;
	const int used[TW_REC_KIND_COUNT] = {1, TW_MAX_SIDES, src->nfig, src->ngun, src->nunit, 0};
	bool ok = true;
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		dst->sealed[k] = NULL;
		if (src->sealed[k] && (dst->sealed[k] = tw_malloc(sizeof *dst->sealed[k])) != NULL)
			*dst->sealed[k] = *src->sealed[k];
		ok &= !src->sealed[k] || dst->sealed[k];
	}
	for (int k = 0; k < TW_REC_TERRAIN; k++) {
		dst->rec[k] = dup_records(src, (tw_rec_kind)k, used[k], used[k]);
		ok &= !(src->recdef[k] && src->rec[k]) || dst->rec[k];
	}
	tw_status st = tw_table_copy(&dst->table, &src->table);
	if (st != TW_OK || !ok || (src->nfig && !dst->fig) || (src->ngun && !dst->gun) || (src->nunit && !dst->unit)) {
		if (st != TW_OK)
			dst->table.terrain = NULL, dst->table.rec = NULL;
		tw_state_free(dst);
		return TW_ERR_NOMEM;
	}
	return TW_OK;
}

static bool backup_array(void **dst, int *cap, const void *src, int n, size_t size)
{
	if (n > *cap) {
		void *p = tw_realloc(*dst, (size_t)n * size);
		if (!p)
			return false;
		*dst = p;
		*cap = n;
	}
	if (n)
		memcpy(*dst, src, (size_t)n * size);
	return true;
}

static bool backup_bytes(unsigned char **dst, size_t *cap, const unsigned char *src, size_t n)
{
	if (n > *cap) {
		unsigned char *p = tw_realloc(*dst, n);
		if (!p)
			return false;
		*dst = p;
		*cap = n;
	}
	if (n)
		memcpy(*dst, src, n);
	return true;
}

// Bytes of the records of kind in use in s.
static size_t rec_used_bytes(const tw_state *s, tw_rec_kind kind)
{
	const tw_record_def *d = s->recdef[kind];
	if (!d || !s->rec[kind])
		return 0;
	int n = kind == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, kind);
	return (size_t)n * d->size;
}

tw_status tw_state_backup_save(tw_state_backup *b, const tw_state *s)
{
	if (b->table_saved) { // from an earlier save: no longer wanted
		tw_table_free(&b->table);
		b->table_saved = false;
	}
	b->hdr = *s;
	bool ok = backup_array((void **)&b->fig, &b->capfig, s->fig, s->nfig, sizeof *s->fig) &&
		  backup_array((void **)&b->gun, &b->capgun, s->gun, s->ngun, sizeof *s->gun) &&
		  backup_array((void **)&b->unit, &b->capunit, s->unit, s->nunit, sizeof *s->unit);
	for (int k = 0; ok && k < TW_REC_TERRAIN; k++)
		ok = backup_bytes(&b->rec[k], &b->caprec[k], s->rec[k], rec_used_bytes(s, (tw_rec_kind)k));
	if (!ok) {
		memset(&b->hdr, 0, sizeof b->hdr);
		return TW_ERR_NOMEM;
	}
	return TW_OK;
}

static void restore_array(void **arr, int *cap, const void *src, int n, size_t size)
{
	// The rules only add to the arrays, so the current storage holds the saved count; should it
	// not, make room (and if even that fails, keep what fits: memory is gone).
	if (n > *cap) {
		void *p = tw_realloc(*arr, (size_t)n * size);
		if (p) {
			*arr = p;
			*cap = n;
		} else {
			n = *cap;
		}
	}
	if (n)
		memcpy(*arr, src, (size_t)n * size);
}

void tw_state_backup_restore(tw_state_backup *b, tw_state *s)
{
	tw_figure *fig = s->fig;
	tw_gun *gun = s->gun;
	tw_unit *unit = s->unit;
	int capfig = s->capfig, capgun = s->capgun, capunit = s->capunit;
	tw_table table = s->table;
	unsigned char *rec[TW_REC_KIND_COUNT];
	memcpy(rec, s->rec, sizeof rec);
	restore_array((void **)&fig, &capfig, b->fig, b->hdr.nfig, sizeof *fig);
	restore_array((void **)&gun, &capgun, b->gun, b->hdr.ngun, sizeof *gun);
	restore_array((void **)&unit, &capunit, b->unit, b->hdr.nunit, sizeof *unit);
	*s = b->hdr;
	s->fig = fig;
	s->gun = gun;
	s->unit = unit;
	s->capfig = capfig;
	s->capgun = capgun;
	s->capunit = capunit;
	s->nfig = s->nfig <= capfig ? s->nfig : capfig;
	s->ngun = s->ngun <= capgun ? s->ngun : capgun;
	s->nunit = s->nunit <= capunit ? s->nunit : capunit;
	s->table = table;
	if (b->table_saved) {
		// An order changed the table: the saved one goes back (the changed one is freed).
		tw_table_free(&s->table);
		s->table = b->table;
		b->table_saved = false;
		memset(&b->table, 0, sizeof b->table);
	}
	// Records: the arrays keep their storage (which only grows, with the counts above); the
	// saved bytes go back into them.
	for (int k = 0; k < TW_REC_TERRAIN; k++) {
		s->rec[k] = rec[k];
		size_t n = rec_used_bytes(s, (tw_rec_kind)k);
		if (n && s->rec[k])
			memcpy(s->rec[k], b->rec[k], n);
	}
}

void tw_state_backup_free(tw_state_backup *b)
{
	tw_free(b->fig);
	tw_free(b->gun);
	tw_free(b->unit);
	for (int k = 0; k < TW_REC_KIND_COUNT; k++)
		tw_free(b->rec[k]);
	if (b->table_saved)
		tw_table_free(&b->table);
	memset(b, 0, sizeof *b);
}

typedef struct hasher {
	uint64_t h;
} hasher;

static void hbytes(hasher *x, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		x->h ^= b[i];
		x->h *= 0x100000001B3ull;
	}
}
static void hi64(hasher *x, int64_t v) { hbytes(x, &v, sizeof v); }
static void hput(void *ctx, const void *p, size_t n) { hbytes(ctx, p, n); }
static void hd(hasher *x, double v)
{
	if (v == 0)
		v = 0; // fold -0.0 into +0.0
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	hbytes(x, &u, sizeof u);
}

uint64_t tw_state_hash(const tw_state *s)
{
	hasher x = {0xCBF29CE484222325ull};
	hi64(&x, s->ruleset);
	hi64(&x, (int64_t)s->seed);
	for (int i = 0; i < 4; i++)
		hi64(&x, (int64_t)s->rng.s[i]);
	for (int i = 0; i < TW_MAX_PARAMS; i++)
		hd(&x, s->params[i]);
	hd(&x, s->table.width);
	hd(&x, s->table.depth);
	hi64(&x, s->table.nterrain);
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		hi64(&x, t->kind);
		hi64(&x, t->shape);
		hi64(&x, t->nverts);
		for (int k = 0; k < t->nverts; k++) {
			hd(&x, t->v[k].x);
			hd(&x, t->v[k].y);
		}
		hd(&x, t->center.x);
		hd(&x, t->center.y);
		hd(&x, t->radius);
		hd(&x, t->z0);
		hd(&x, t->height);
		if (t->pass || t->flags || t->cover || t->cost != 0) { // attributes: only when set
			hi64(&x, t->pass);
			hi64(&x, t->flags);
			hi64(&x, t->cover);
			hd(&x, t->cost);
		}
	}
	hi64(&x, s->nsides);
	for (int i = 0; i < s->nsides; i++) {
		hd(&x, s->sides[i].back_y);
		hd(&x, s->sides[i].forward);
		hi64(&x, s->sides[i].start_men);
		hi64(&x, s->sides[i].start_guns);
	}
	hi64(&x, s->nfig);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		hi64(&x, f->kind);
		hi64(&x, f->side);
		hi64(&x, f->status);
		hi64(&x, f->flags);
		hd(&x, f->pos.x);
		hd(&x, f->pos.y);
		hd(&x, f->facing);
		hd(&x, f->radius);
		hd(&x, f->height);
		hi64(&x, f->unit);
		hi64(&x, f->moved_in);
		hd(&x, f->move_used);
	}
	hi64(&x, s->ngun);
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		hi64(&x, g->side);
		hi64(&x, g->orig_side);
		hi64(&x, g->action);
		hi64(&x, g->shots);
		hd(&x, g->axle.x);
		hd(&x, g->axle.y);
		hd(&x, g->bearing);
		hd(&x, g->elevation);
		hd(&x, g->trail);
		hd(&x, g->half_axle);
		hd(&x, g->muzzle);
		hi64(&x, g->model);
		hi64(&x, g->acted_in);
		if (g->flags)
			hi64(&x, g->flags);
	}
	hi64(&x, s->nunit);
	for (int i = 0; i < s->nunit; i++) {
		hi64(&x, s->unit[i].side);
		hi64(&x, s->unit[i].formation);
		hd(&x, s->unit[i].facing);
	}
	hi64(&x, s->phase);
	hi64(&x, s->move_no);
	hi64(&x, s->mover);
	hi64(&x, s->winner);
	hi64(&x, s->over);
	if (s->dice) // hashed only when not the generator, so older hashes stand
		hi64(&x, s->dice);
	for (int i = 0; i < s->nsides; i++)
		if (s->sides[i].alliance) // likewise only when changed
			hi64(&x, (int64_t)i * 256 + s->sides[i].alliance);
	if (s->sealed_mask) {
		hi64(&x, s->sealed_mask);
		for (int k = 0; k < TW_MAX_SIDES; k++)
			if (s->sealed[k])
				tw_order_hash(s->sealed[k], hput, &x);
	}
	tw_rec_hash(s, hput, &x);
	return x.h;
}

tw_figure *tw_state_figure(tw_state *s, int32_t id) { return (id >= 0 && id < s->nfig) ? &s->fig[id] : NULL; }
const tw_figure *tw_state_figure_c(const tw_state *s, int32_t id)
{
	return (id >= 0 && id < s->nfig) ? &s->fig[id] : NULL;
}
tw_gun *tw_state_gun(tw_state *s, int32_t id) { return (id >= 0 && id < s->ngun) ? &s->gun[id] : NULL; }
const tw_gun *tw_state_gun_c(const tw_state *s, int32_t id) { return (id >= 0 && id < s->ngun) ? &s->gun[id] : NULL; }

// Makes room for one more element of an array and its parallel records.
static bool grow(void **arr, int n, int *cap, size_t size, const tw_record_def *d, unsigned char **rec)
{
	if (n < *cap)
		return true;
	int nc = *cap ? *cap * 2 : 64;
	if (d && tw_rec_grow(d, rec, *cap, nc) != TW_OK)
		return false;
	void *p = tw_realloc(*arr, (size_t)nc * size);
	if (!p)
		return false; // the records grew: harmless
	*arr = p;
	*cap = nc;
	return true;
}

tw_figure *tw_state_add_figure(tw_state *s, const tw_figure *f)
{
	if (!grow((void **)&s->fig, s->nfig, &s->capfig, sizeof *s->fig, s->recdef[TW_REC_FIGURE], &s->rec[TW_REC_FIGURE]))
		return NULL;
	tw_figure *d = &s->fig[s->nfig];
	*d = *f;
	d->id = s->nfig++;
	tw_rec_init_new(s, TW_REC_FIGURE, d->id);
	return d;
}

tw_gun *tw_state_add_gun(tw_state *s, const tw_gun *g)
{
	if (!grow((void **)&s->gun, s->ngun, &s->capgun, sizeof *s->gun, s->recdef[TW_REC_GUN], &s->rec[TW_REC_GUN]))
		return NULL;
	tw_gun *d = &s->gun[s->ngun];
	*d = *g;
	d->id = s->ngun++;
	tw_rec_init_new(s, TW_REC_GUN, d->id);
	return d;
}

tw_unit *tw_state_add_unit(tw_state *s, const tw_unit *u)
{
	if (!grow((void **)&s->unit, s->nunit, &s->capunit, sizeof *s->unit, s->recdef[TW_REC_UNIT], &s->rec[TW_REC_UNIT]))
		return NULL;
	tw_unit *d = &s->unit[s->nunit];
	*d = *u;
	d->id = s->nunit++;
	tw_rec_init_new(s, TW_REC_UNIT, d->id);
	return d;
}

int tw_state_side_index(const tw_state *s, const char *name)
{
	for (int i = 0; i < s->nsides; i++)
		if (strcmp(s->sides[i].name, name) == 0)
			return i;
	return -1;
}

int tw_state_count(const tw_state *s, int side, int status)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if ((side < 0 || s->fig[i].side == side) && (status < 0 || s->fig[i].status == status))
			n++;
	return n;
}

tw_status tw_state_view(tw_state *dst, const tw_state *src, int seat)
{
	tw_status st = tw_state_clone(dst, src);
	if (st != TW_OK)
		return st;
	const tw_ruleset *rs = tw_ruleset_get(src->ruleset);
	if (seat >= 0) {
		// A seat sees nothing of the game's generator nor its seed, not even through a derived
		// generator (xoshiro is linear: a few outputs give its state back). The view's generator
		// is a fixed one; a general that wants chance has its own (tw_general_new's seed).
		tw_rng_seed(&dst->rng, TW_VIEW_RNG_SEED);
		dst->seed = 0;
		tw_rec_hide(dst, seat);
		// Another seat's secret choice: only that it is in (sealed_mask) may be known.
		for (int k = 0; k < TW_MAX_SIDES; k++)
			if (k != seat && dst->sealed[k]) {
				tw_free(dst->sealed[k]);
				dst->sealed[k] = NULL;
			}
		if (rs && rs->hide)
			rs->hide(dst, seat);
	}
	return TW_OK;
}

tw_table *tw_state_table_edit(tw_state *s)
{
	TW_ASSERT(!s->in_atomic); // an atomic order cannot be undone: it may not change the table
	tw_state_backup *b = s->journal;
	if (b && !b->table_saved) {
		if (tw_table_copy(&b->table, &s->table) != TW_OK) {
			memset(&b->table, 0, sizeof b->table);
			return NULL;
		}
		b->table_saved = true;
	}
	s->table.rev++;
	return &s->table;
}

tw_status tw_state_view_refresh(tw_state *v, const tw_state *src, int seat)
{
	if (v->nfig != src->nfig || v->ngun != src->ngun || v->nunit != src->nunit || v->ruleset != src->ruleset)
		return TW_ERR_STATE;
	// A state without figures or guns (the toy has no guns) may hold no arrays: memcpy wants them.
	if (src->nfig)
		memcpy(v->fig, src->fig, (size_t)src->nfig * sizeof *src->fig);
	if (src->ngun)
		memcpy(v->gun, src->gun, (size_t)src->ngun * sizeof *src->gun);
	if (src->nunit)
		memcpy(v->unit, src->unit, (size_t)src->nunit * sizeof *src->unit);
	for (int k = 0; k < TW_REC_TERRAIN; k++) {
		size_t n = rec_used_bytes(src, (tw_rec_kind)k);
		if (n && v->rec[k])
			memcpy(v->rec[k], src->rec[k], n);
	}
	memcpy(v->params, src->params, sizeof v->params);
	memcpy(v->sides, src->sides, sizeof v->sides);
	v->phase = src->phase;
	v->move_no = src->move_no;
	v->mover = src->mover;
	v->winner = src->winner;
	v->over = src->over;
	v->dice = src->dice;
	// The seat's own secret choice only; the others' only as "chosen".
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		tw_free(v->sealed[k]);
		v->sealed[k] = NULL;
		if (src->sealed[k] && (k == seat || seat < 0)) {
			if (!(v->sealed[k] = tw_malloc(sizeof *v->sealed[k])))
				return TW_ERR_NOMEM;
			*v->sealed[k] = *src->sealed[k];
		}
	}
	v->sealed_mask = src->sealed_mask;
	if (seat >= 0) {
		tw_rec_hide(v, seat);
		const tw_ruleset *rs = tw_ruleset_get(src->ruleset);
		if (rs && rs->hide)
			rs->hide(v, seat);
	}
	return TW_OK;
}

bool tw_state_view_is_state(const tw_state *s, int seat)
{
	if (seat < 0)
		return true;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (rs && rs->hide && !(rs->hides && !rs->hides(s, seat)))
		return false;
	for (int k = 0; k < TW_MAX_SIDES; k++)
		if (k != seat && s->sealed[k])
			return false;
	// lw-perf (issue 18): fields kept from the seat that all hold their defaults hide nothing.
	return !tw_rec_hide_changes(s, seat);
}

// Game state: ownership, cloning, hashing and lookup. Figure and gun ids are dense
// indices (id == index), so lookups are O(1) and JSON ids are stable.
#include <stdlib.h>
#include <string.h>

#include "tinwar/ruleset.h"
#include "tinwar/state.h"

void tw_state_free(tw_state *s)
{
	tw_table_free(&s->table);
	free(s->fig);
	free(s->gun);
	free(s->unit);
	s->fig = NULL;
	s->gun = NULL;
	s->unit = NULL;
	s->nfig = s->capfig = s->ngun = s->capgun = s->nunit = s->capunit = 0;
}

static void *dup_array(const void *src, int n, size_t size)
{
	if (n == 0)
		return NULL;
	void *p = malloc((size_t)n * size);
	if (p)
		memcpy(p, src, (size_t)n * size);
	return p;
}

tw_status tw_state_clone(tw_state *dst, const tw_state *src)
{
	*dst = *src;
	dst->fig = dup_array(src->fig, src->nfig, sizeof *src->fig);
	dst->gun = dup_array(src->gun, src->ngun, sizeof *src->gun);
	dst->unit = dup_array(src->unit, src->nunit, sizeof *src->unit);
	dst->capfig = src->nfig;
	dst->capgun = src->ngun;
	dst->capunit = src->nunit;
	tw_status st = tw_table_copy(&dst->table, &src->table);
	if (st != TW_OK || (src->nfig && !dst->fig) || (src->ngun && !dst->gun) || (src->nunit && !dst->unit)) {
		tw_state_free(dst);
		return TW_ERR_NOMEM;
	}
	return TW_OK;
}

static bool backup_array(void **dst, int *cap, const void *src, int n, size_t size)
{
	if (n > *cap) {
		void *p = realloc(*dst, (size_t)n * size);
		if (!p)
			return false;
		*dst = p;
		*cap = n;
	}
	if (n)
		memcpy(*dst, src, (size_t)n * size);
	return true;
}

tw_status tw_state_backup_save(tw_state_backup *b, const tw_state *s)
{
	b->hdr = *s;
	if (!backup_array((void **)&b->fig, &b->capfig, s->fig, s->nfig, sizeof *s->fig) ||
	    !backup_array((void **)&b->gun, &b->capgun, s->gun, s->ngun, sizeof *s->gun) ||
	    !backup_array((void **)&b->unit, &b->capunit, s->unit, s->nunit, sizeof *s->unit)) {
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
		void *p = realloc(*arr, (size_t)n * size);
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

void tw_state_backup_restore(const tw_state_backup *b, tw_state *s)
{
	tw_figure *fig = s->fig;
	tw_gun *gun = s->gun;
	tw_unit *unit = s->unit;
	int capfig = s->capfig, capgun = s->capgun, capunit = s->capunit;
	tw_table table = s->table;
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
}

void tw_state_backup_free(tw_state_backup *b)
{
	free(b->fig);
	free(b->gun);
	free(b->unit);
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
static void hd(hasher *x, double v)
{
	if (v == 0)
		v = 0; // fold -0.0 into +0.0
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	hbytes(x, &u, sizeof u);
}

// The first TW_FIG_STATS_HASHED stats always; later ones only when set, as (index, value), so
// hashes of states that never use them did not change when they were added.
static void hash_stats(hasher *x, const int32_t *stats)
{
	for (int k = 0; k < TW_FIG_STATS; k++)
		if (k < TW_FIG_STATS_HASHED) {
			hi64(x, stats[k]);
		} else if (stats[k] != 0) {
			hi64(x, k);
			hi64(x, stats[k]);
		}
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
		hi64(&x, f->captor);
		hi64(&x, f->flags);
		hd(&x, f->pos.x);
		hd(&x, f->pos.y);
		hd(&x, f->facing);
		hd(&x, f->radius);
		hd(&x, f->height);
		hi64(&x, f->escort);
		hi64(&x, f->unit);
		hi64(&x, f->moved_in);
		hd(&x, f->move_used);
		hash_stats(&x, f->stats);
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
		hi64(&x, g->trail_due);
		hi64(&x, g->disputed_until);
		hi64(&x, g->ncross);
		for (int k = 0; k < g->ncross; k++)
			hi64(&x, g->crossers[k]);
		hash_stats(&x, g->stats);
	}
	hi64(&x, s->nunit);
	for (int i = 0; i < s->nunit; i++) {
		hi64(&x, s->unit[i].side);
		hi64(&x, s->unit[i].formation);
		hd(&x, s->unit[i].facing);
		hash_stats(&x, s->unit[i].stats);
	}
	hi64(&x, s->phase);
	hi64(&x, s->move_no);
	hi64(&x, s->mover);
	hi64(&x, s->first);
	hi64(&x, s->winner);
	hi64(&x, s->over);
	for (int i = 0; i < TW_STATE_VARS; i++)
		hi64(&x, s->vars[i]);
	return x.h;
}

tw_figure *tw_state_figure(tw_state *s, int32_t id) { return (id >= 0 && id < s->nfig) ? &s->fig[id] : NULL; }
const tw_figure *tw_state_figure_c(const tw_state *s, int32_t id)
{
	return (id >= 0 && id < s->nfig) ? &s->fig[id] : NULL;
}
tw_gun *tw_state_gun(tw_state *s, int32_t id) { return (id >= 0 && id < s->ngun) ? &s->gun[id] : NULL; }
const tw_gun *tw_state_gun_c(const tw_state *s, int32_t id) { return (id >= 0 && id < s->ngun) ? &s->gun[id] : NULL; }

#define GROW(arr, n, cap)                                                                          \
	do {                                                                                       \
		if ((n) == (cap)) {                                                                \
			int nc = (cap) ? (cap) * 2 : 64;                                           \
			void *p = realloc((arr), (size_t)nc * sizeof *(arr));                      \
			if (!p)                                                                    \
				return NULL;                                                       \
			(arr) = p;                                                                 \
			(cap) = nc;                                                                \
		}                                                                                  \
	} while (0)

tw_figure *tw_state_add_figure(tw_state *s, const tw_figure *f)
{
	GROW(s->fig, s->nfig, s->capfig);
	tw_figure *d = &s->fig[s->nfig];
	*d = *f;
	d->id = s->nfig++;
	return d;
}

tw_gun *tw_state_add_gun(tw_state *s, const tw_gun *g)
{
	GROW(s->gun, s->ngun, s->capgun);
	tw_gun *d = &s->gun[s->ngun];
	*d = *g;
	d->id = s->ngun++;
	return d;
}

tw_unit *tw_state_add_unit(tw_state *s, const tw_unit *u)
{
	GROW(s->unit, s->nunit, s->capunit);
	tw_unit *d = &s->unit[s->nunit];
	*d = *u;
	d->id = s->nunit++;
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
		if (rs && rs->hide)
			rs->hide(dst, seat);
	}
	return TW_OK;
}

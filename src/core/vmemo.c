// The validation memo (vmemo.h).
#include "vmemo.h"

#include <stddef.h>
#include <string.h>

bool tw_vmemo_off = false;
bool tw_vmemo_grown_off = false;

static _Thread_local struct {
	const tw_state *view, *game;
	bool open, have;
	tw_order *o; // the order noted (the caller's buffer: some 17 KB)
	long hits;
} memo;

long tw_vmemo_hits(void) { return memo.hits; }

void tw_vmemo_open(const tw_state *view, const tw_state *game, tw_order *buf)
{
	memo.view = view;
	memo.game = game;
	memo.o = buf;
	memo.open = view && game && buf;
	memo.have = false;
}

void tw_vmemo_close(void)
{
	memo.open = memo.have = false;
	memo.view = memo.game = NULL;
	memo.o = NULL;
}

// The parts of an order anything reads: every field before the lists, and each list up to its
// count (a general that tried a man and took him off again leaves him past nfig). False for a
// count out of range: such an order is never noted nor matched.
static bool counts_ok(const tw_order *o)
{
	return o->nfig >= 0 && o->nfig <= TW_ORDER_MAX_FIG && o->nfig2 >= 0 && o->nfig2 <= TW_ORDER_MAX_FIG &&
	       o->npath >= 0 && o->npath <= TW_ORDER_MAX_PATH && o->nval >= 0 && o->nval <= TW_ORDER_MAX_VALS &&
	       o->ndice >= 0 && o->ndice <= TW_ORDER_MAX_DICE;
}

#define HEAD offsetof(tw_order, fig)
#define LISTS(X)                                                                                   \
	X(fig, nfig) X(at, nfig) X(facing, nfig) X(fig2, nfig2) X(path, npath) X(val, nval) X(dice, ndice)

static void copy_order(tw_order *d, const tw_order *o)
{
	memcpy(d, o, HEAD);
	d->nfig2 = o->nfig2;
	d->npath = o->npath;
	d->nval = o->nval;
	d->ndice = o->ndice;
#define COPY(a, n) memcpy(d->a, o->a, (size_t)o->n * sizeof o->a[0]);
	LISTS(COPY)
#undef COPY
}

// Every field before the lists, bit for bit (doubles by their bytes, as memcmp of the head did),
// field by field: a memcmp of the head read its padding, which an order made without memset
// leaves uninitialised (valgrind reported it; a difference there only ever made a miss).
_Static_assert(offsetof(tw_order, nfig) == offsetof(tw_order, time_ms) + sizeof(int64_t) &&
		       offsetof(tw_order, time_ms) == offsetof(tw_order, target) + sizeof(tw_vec2) &&
		       offsetof(tw_order, bearing) == offsetof(tw_order, n) + sizeof(int32_t) &&
		       offsetof(tw_order, gun) <= offsetof(tw_order, has_target) + 4 &&
		       offsetof(tw_order, has_target) == 5,
	       "tw_order's head changed: same_head compares its fields one by one");
static bool same_head(const tw_order *a, const tw_order *b)
{
	return a->type == b->type && a->side == b->side && a->has_at == b->has_at && a->has_aim == b->has_aim &&
	       a->has_target == b->has_target && a->gun == b->gun && a->n == b->n &&
	       memcmp(&a->bearing, &b->bearing, sizeof a->bearing) == 0 &&
	       memcmp(&a->elevation, &b->elevation, sizeof a->elevation) == 0 &&
	       memcmp(&a->target, &b->target, sizeof a->target) == 0 && a->time_ms == b->time_ms;
}

static bool same_order(const tw_order *a, const tw_order *b)
{
	if (!same_head(a, b) || a->nfig != b->nfig || a->nfig2 != b->nfig2 || a->npath != b->npath || a->nval != b->nval ||
	    a->ndice != b->ndice)
		return false;
#define SAME(f, n) if (memcmp(a->f, b->f, (size_t)a->n * sizeof a->f[0]) != 0) return false;
	LISTS(SAME)
#undef SAME
	return true;
}

void tw_vmemo_note(const tw_state *s, const tw_order *o)
{
	if (!memo.open || s != memo.view || o == memo.o)
		return;
	memo.have = counts_ok(o);
	if (memo.have)
		copy_order(memo.o, o);
}

// s30 (issue 18): o is the noted order with one more man (fig, at, facing at index nfig - 1):
// every other field and list the same, bit for bit.
static bool noted_is_prefix(const tw_order *a, const tw_order *o)
{
	int k = a->nfig;
	if (o->nfig != k + 1 || !same_head(a, o) || a->nfig2 != o->nfig2 ||
	    a->npath != o->npath || a->nval != o->nval || a->ndice != o->ndice)
		return false;
#define SAME(f, n) if (memcmp(a->f, o->f, (size_t)(n) * sizeof a->f[0]) != 0) return false;
	SAME(fig, k) SAME(at, k) SAME(facing, k) SAME(fig2, a->nfig2) SAME(path, a->npath) SAME(val, a->nval)
	SAME(dice, a->ndice)
#undef SAME
	return true;
}

void tw_vmemo_note_grown(const tw_state *s, const tw_order *o)
{
	if (tw_vmemo_grown_off || !memo.open || !memo.have || s != memo.view || o == memo.o || !counts_ok(o) ||
	    o->nfig < 1)
		return;
	if (!noted_is_prefix(memo.o, o))
		return;
	int k = memo.o->nfig;
	memo.o->fig[k] = o->fig[k];
	memo.o->at[k] = o->at[k];
	memo.o->facing[k] = o->facing[k];
	memo.o->nfig = k + 1;
}

bool tw_vmemo_hit(const tw_state *s, const tw_order *o)
{
	if (tw_vmemo_off || !memo.open || !memo.have || s != memo.game)
		return false;
	bool hit = counts_ok(o) && same_order(memo.o, o);
	memo.have = false;
	memo.hits += hit;
	return hit;
}

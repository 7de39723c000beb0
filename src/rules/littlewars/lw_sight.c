// The sight memo: the computer general asks the same line-of-sight questions many times in a
// move (a gun looks at the same enemy before each of its shots; the same places are scored
// again for each group). tw_los is a pure function of the table and the two eye points, so the
// memo keeps answers keyed by the exact bits of the question, and forgets everything whenever
// the table it answered for is not bit for bit the table it is asked about.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lw.h"

// The six doubles of two questions bit for bit equal (memcmp, written out: a library call per
// question otherwise).
static inline bool same_key(const double x[6], const double y[6])
{
	uint64_t d = 0;
	for (int i = 0; i < 6; i++) {
		uint64_t u, v;
		memcpy(&u, &x[i], sizeof u);
		memcpy(&v, &y[i], sizeof v);
		d |= u ^ v;
	}
	return d == 0;
}

static uint64_t key_hash(const double k[6])
{
	uint64_t h = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 6; i++) {
		uint64_t u;
		memcpy(&u, &k[i], sizeof u);
		h ^= u;
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	return h;
}

// Slot tables given back, with the highest generation stamped in each (a mutex: generals may
// live on several threads). The pool is small; a table beyond it is freed.
#define SIGHT_POOL 16
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	lw_sight_slot *slot;
	uint32_t gen;
} pool[SIGHT_POOL];
static int npool;

void lw_sight_reset(lw_sight_memo *m)
{
	tw_free(m->terrain);
	if (m->slot) {
		uint32_t gen = m->gen > m->gen_floor ? m->gen : m->gen_floor;
		bool kept = false;
		pthread_mutex_lock(&pool_lock);
		if (npool < SIGHT_POOL) {
			pool[npool].slot = m->slot;
			pool[npool].gen = gen;
			npool++;
			kept = true;
		}
		pthread_mutex_unlock(&pool_lock);
		if (!kept)
			tw_free(m->slot);
	}
	memset(m, 0, sizeof *m);
}

// A slot table for m: one given back (its stamps all at most gen_floor), or a zeroed one.
static bool take_slots(lw_sight_memo *m)
{
	pthread_mutex_lock(&pool_lock);
	if (npool > 0) {
		npool--;
		m->slot = pool[npool].slot;
		m->gen_floor = pool[npool].gen;
	}
	pthread_mutex_unlock(&pool_lock);
	if (!m->slot) {
		m->slot = tw_calloc(LW_SIGHT_SLOTS, sizeof *m->slot);
		m->gen_floor = 0;
	}
	return m->slot != NULL;
}

bool lw_sight_begin(lw_sight_memo *m, const tw_table *tb)
{
	size_t bytes = (size_t)tb->nterrain * sizeof *tb->terrain;
	if (m->gen != 0 && m->nterrain == tb->nterrain && m->width == tb->width && m->depth == tb->depth &&
	    (bytes == 0 || memcmp(m->terrain, tb->terrain, bytes) == 0))
		return true; // the same table: the answers stand
	if (m->nterrain != tb->nterrain || !m->terrain) {
		tw_free(m->terrain);
		m->terrain = bytes ? tw_malloc(bytes) : NULL;
		if (bytes && !m->terrain) {
			m->nterrain = -1; // cannot remember the table: answer every question afresh
			if (m->gen > m->gen_floor)
				m->gen_floor = m->gen; // the answers stamped so far stay stale
			m->gen = 0;
			return false;
		}
	}
	if (bytes)
		memcpy(m->terrain, tb->terrain, bytes);
	m->nterrain = tb->nterrain;
	m->width = tb->width;
	m->depth = tb->depth;
	if (!m->slot && !take_slots(m)) {
		m->gen = 0; // no room for answers: answer every question afresh
		return false;
	}
	uint32_t next = (m->gen > m->gen_floor ? m->gen : m->gen_floor) + 1;
	if (next == 0) { // wrapped: clear the slots for real
		memset(m->slot, 0, LW_SIGHT_SLOTS * sizeof *m->slot);
		m->gen_floor = 0;
		next = 1;
	}
	m->gen = next;
	return false;
}

// The memo's question: the answer from the pieces idx[0..n) when idx is given, else lw_los.
static bool sight_q(lw_sight_memo *m, const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb,
		    const int32_t *idx, int n)
{
	if (m->gen == 0)
		return idx ? tw_los_blocker_among(tb, a, za, b, zb, idx, n) < 0 : lw_los(tb, a, za, b, zb);
	const double k[6] = {a.x, a.y, za, b.x, b.y, zb};
	uint64_t h = key_hash(k);
	lw_sight_slot *sl = &m->slot[h & (LW_SIGHT_SLOTS - 1)];
	if (sl->gen == m->gen && same_key(sl->k, k)) {
		m->hits++;
		return sl->clear;
	}
	bool clear = idx ? tw_los_blocker_among(tb, a, za, b, zb, idx, n) < 0 : lw_los(tb, a, za, b, zb);
	memcpy(sl->k, k, sizeof k);
	sl->gen = m->gen;
	sl->clear = clear;
	m->misses++;
	return clear;
}

bool lw_sight(lw_sight_memo *m, const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	return sight_q(m, tb, a, za, b, zb, NULL, 0);
}

bool lw_sight_among(lw_sight_memo *m, const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
		    int n)
{
	return sight_q(m, tb, a, za, b, zb, idx, n);
}

int lw_sight_known(lw_sight_memo *m, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	if (m->gen == 0)
		return -1;
	const double k[6] = {a.x, a.y, za, b.x, b.y, zb};
	const lw_sight_slot *sl = &m->slot[key_hash(k) & (LW_SIGHT_SLOTS - 1)];
	if (sl->gen == m->gen && same_key(sl->k, k)) {
		m->hits++;
		return sl->clear;
	}
	return -1;
}

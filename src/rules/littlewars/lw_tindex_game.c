// The game's own terrain index (s25-speed, issue 18): the terrain index (lw_tindex.c) made active
// while the rules validate an order on a table of LW_TINDEX_MIN_PIECES pieces or more, so that
// the game's validation of what a general asked for (lw_check_leg's water samples,
// lw_check_standing, the pieces in the way of a leg) looks at the pieces near the question
// rather than at every piece (at 600 men a side, tw_table_is_water over every piece had been a
// tenth of the game's instructions).
//
// The index depends on the pieces' bounding boxes alone: a query lists, in ascending order, at
// least every piece whose box meets the question's box, and every test it serves skips a piece
// whose box is apart (lw_tindex.c). So one index serves any table with the same count of pieces
// and the same boxes, bit for bit, whatever else of the pieces differs. Each thread keeps the
// last index it built with a copy of the boxes it was built from; lw_tindex_enter compares them
// with the table's (a few hundred bytes a hundred pieces, once an order) and builds the index
// again when any differs. Nothing is assumed about who writes the table (no revision counter to
// trust: a copy of a state, a state loaded into freed memory, a test writing a piece directly all
// meet the comparison). tests/test_game_paths.c plays games with and without it to the same state.
#include <pthread.h>
#include <string.h>

#include "lw.h"

bool lw_tindex_game_off = false;

typedef struct game_ix {
	lw_tindex ix;    ///< built for boxes[] (ix.built), its terrain pointer set at each enter
	double *box;     ///< per piece lo.x, lo.y, hi.x, hi.y as the index was built
	int cap;         ///< pieces box[] holds
	double width, depth;
} game_ix;

static _Thread_local game_ix *gix;
static _Thread_local long builds;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static bool key_ok;

// At a thread's end: its index freed (the key's destructor; pthread_exit and returning alike).
static void gix_destroy(void *p)
{
	game_ix *g = p;
	if (!g)
		return;
	lw_tindex_free(&g->ix);
	tw_free(g->box);
	tw_free(g);
	if (gix == g)
		gix = NULL;
}

static void make_key(void) { key_ok = pthread_key_create(&key, gix_destroy) == 0; }

long lw_tindex_game_builds(void) { return builds; }

// The bits of two doubles equal.
static inline uint64_t diff_bits(double a, double b)
{
	uint64_t u, v;
	memcpy(&u, &a, sizeof u);
	memcpy(&v, &b, sizeof v);
	return u ^ v;
}

// Whether g's index was built from tb's boxes (count, size and every box, bit for bit).
static bool same_boxes(const game_ix *g, const tw_table *tb)
{
	if (!g->ix.built || g->ix.nterrain != tb->nterrain || diff_bits(g->width, tb->width) ||
	    diff_bits(g->depth, tb->depth))
		return false;
	const double *b = g->box;
	uint64_t d = 0;
	for (int i = 0; i < tb->nterrain; i++, b += 4) {
		const tw_terrain *t = &tb->terrain[i];
		d |= diff_bits(b[0], t->lo.x) | diff_bits(b[1], t->lo.y) | diff_bits(b[2], t->hi.x) |
		     diff_bits(b[3], t->hi.y);
	}
	return d == 0;
}

// The thread's index built for tb (false without memory: the plain loops then).
static bool rebuild(game_ix *g, const tw_table *tb)
{
	if (tb->nterrain > g->cap) {
		double *box = tw_realloc(g->box, (size_t)tb->nterrain * 4 * sizeof *box);
		if (!box) {
			lw_tindex_free(&g->ix);
			return false;
		}
		g->box = box;
		g->cap = tb->nterrain;
	}
	builds++;
	if (!lw_tindex_build(&g->ix, tb))
		return false;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		g->box[4 * i + 0] = t->lo.x;
		g->box[4 * i + 1] = t->lo.y;
		g->box[4 * i + 2] = t->hi.x;
		g->box[4 * i + 3] = t->hi.y;
	}
	g->width = tb->width;
	g->depth = tb->depth;
	return true;
}

void lw_tindex_enter(const tw_table *tb, lw_tindex_scope *sc)
{
	sc->set = false;
	if (tb->nterrain < LW_TINDEX_MIN_PIECES || lw_tindex_game_off || lw_tindex_for(tb))
		return; // small, switched off, or the general's own index serves this table
	sc->prev = lw_tindex_active();
	if (!gix) {
		pthread_once(&key_once, make_key);
		if (!key_ok)
			return;
		game_ix *g = tw_malloc(sizeof *g);
		if (!g)
			return;
		memset(g, 0, sizeof *g);
		if (pthread_setspecific(key, g) != 0) {
			tw_free(g);
			return;
		}
		gix = g;
	}
	if (!same_boxes(gix, tb) && !rebuild(gix, tb))
		return;
	gix->ix.terrain = tb->terrain; // this table's pieces (the same boxes); lw_tindex_for checks
	gix->ix.width = tb->width;
	gix->ix.depth = tb->depth;
	lw_tindex_activate(&gix->ix);
	sc->set = true;
}

void lw_tindex_leave(const lw_tindex_scope *sc)
{
	if (sc->set)
		lw_tindex_activate(sc->prev);
}

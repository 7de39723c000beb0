// s28-llview: the generals' "what if f stood at p" views (ll.h, ll_gen_moved). The NQ, three-fight
// and six-player generals used to move the figure on their const view for the test and put him
// back (ll_gen_sees, value_from, best_shot_from, ll_gen_tf_lure_score): the view is often the
// game's state itself, so they wrote into the game's state while deciding. They now read a copy
// whose figure array is their own; every function they call reads the same values as before (f
// at p, everyone else where he stands), so their play is unchanged (tests/test_ll_gen.c's
// pinned hashes; tests/test_ll_view.c decides on a read-only view).
#include <stdlib.h>
#include <string.h>

#include "ll.h"

void ll_gen_moved_none(ll_gen_moved *m)
{
	m->made = false;
	m->heap = NULL;
}

const tw_state *ll_gen_moved_keep(ll_gen_moved *m, const tw_state *v, int f, tw_vec2 p)
{
	if (m->made) {
		m->s.fig[f].pos = p; // (only f moves between the calls of one test's places)
		return &m->s;
	}
	if (memcmp(&p, &v->fig[f].pos, sizeof p) == 0)
		return v; // he stands there: the view itself is that view (read only; nothing to copy)
	tw_figure *fig = m->small;
	if (v->nfig > LL_GEN_MOVED_SMALL) {
		fig = m->heap = malloc((size_t)v->nfig * sizeof *fig);
		if (!fig)
			return NULL;
	}
	m->s = *v;
	if (v->nfig > 0)
		memcpy(fig, v->fig, (size_t)v->nfig * sizeof *fig);
	fig[f].pos = p;
	m->s.fig = fig;
	m->made = true;
	return &m->s;
}

const tw_state *ll_gen_moved_at(ll_gen_moved *m, const tw_state *v, int f, tw_vec2 p)
{
	ll_gen_moved_none(m);
	return ll_gen_moved_keep(m, v, f, p);
}

void ll_gen_moved_free(ll_gen_moved *m)
{
	free(m->heap);
	ll_gen_moved_none(m);
}

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

const tw_state *ll_gen_moved_at(ll_gen_moved *m, const tw_state *v, int f, tw_vec2 p)
{
	tw_figure *fig = m->small;
	m->heap = NULL;
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
	return &m->s;
}

void ll_gen_moved_free(ll_gen_moved *m)
{
	free(m->heap);
	m->heap = NULL;
}

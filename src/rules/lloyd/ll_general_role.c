// Nikolas Lloyd's generals bound to a seat (tw_general_bind_role): in battle 4 played 2v2 (CA.D1)
// each commander's seat has its own general, which orders only his own men (ll_role_may). The
// generals' doctrines are not changed: a bound general decides on a copy of its view in which
// the other commander's men of its side have already moved, loaded and shot this turn, snapped
// and aimed (so that no doctrine picks them), and an order its role still may not give becomes
// the end of its part (tw_play_out_seats then asks the side's next general). The side's orders
// that name no man or the whole side (start, end, TF.D2's allocation, TF.D5's edge, CA.D3's
// deserters) are either commander's (ll_roles.c), so whichever general is asked gives them.
#include <stdlib.h>
#include <string.h>

#include "ll.h"
#include "tinwar/general.h"

static const tw_role_def *bound_role(const tw_general *g, const tw_state *v, tw_role_def *buf)
{
	if (!g || !g->role1)
		return NULL;
	int n = tw_state_roles(v, buf, TW_MAX_ROLES);
	return g->role1 - 1 < n && buf[g->role1 - 1].side == g->side ? &buf[g->role1 - 1] : NULL;
}

const tw_state *ll_gen_role_begin(const tw_general *g, const tw_state *v, tw_state **own)
{
	*own = NULL;
	tw_role_def roles[TW_MAX_ROLES];
	const tw_role_def *r = bound_role(g, v, roles);
	if (!r || r->kind != TW_ROLE_PLAYER)
		return v;
	tw_state *c = calloc(1, sizeof *c);
	if (!c || tw_state_clone(c, v) != TW_OK) {
		free(c);
		return v; // out of memory: the unmasked view (ll_gen_role_end still filters the order)
	}
	int mine = ll_role_owner(v, r), turn = LLG(c)->turn;
	for (int j = 0; j < c->nfig; j++) {
		ll_frec *m = LLF(c, j);
		if (c->fig[j].side != r->side || m->owner == mine)
			continue;
		m->acts = LLA_MOVE | LLA_LOAD | LLA_SHOOT; // NQ.SHT.1, NQ.MOVE.7: he has done all this turn
		m->acts_turn = turn;
		m->snapped = 1; // NQ.OPP.5
		m->aim = j;     // NQ.ATK.5: the doctrines aim only men who have not aimed
		m->loaded = 1;  // (no load either)
	}
	*own = c;
	return c;
}

void ll_gen_role_end(const tw_general *g, const tw_state *v, tw_state *own, int side, tw_order *out)
{
	if (own) {
		tw_state_free(own);
		free(own);
	}
	tw_role_def roles[TW_MAX_ROLES];
	const tw_role_def *r = bound_role(g, v, roles);
	if (r && ll_role_may(v, r, out, NULL) != TW_OK)
		tw_order_init(out, LL_OT_END, side); // the rest is the other commander's
}

// Nikolas Lloyd's skirmish suite: leader traits attached to the leaders of a fast-play game
// (LT.21: each contingent leader and the overall commander rolls 1d20; LT.19/20/22 and LT.5 by
// tw_ll_traits_from_faces). A scenario may give a leader his traits; a leader given none rolls
// them with the `start` order, every die through tw_roll (entered dice work). What the traits do
// in play is in ll_fp_play.c, ll_in_act.c and ll_duel.c, each citing its LT clause.
#include "ll.h"

const char *const ll_trait_names[TW_LL_NTRAITS + 1] = {
	"quick",     "cunning",	 "lucky",     "icon",	 "popular",	 "scoundrel",  "honourable",
	"stalwart",  "inspirational", "rash",      "timid",	 "horseman",	 "tough",      "swordsman",
	"terrible",  "half_hearted",  "unknowable", "mighty", NULL};

const char *const ll_system_names[3] = {"nq", "fp", NULL};

void ll_traits_roll(tw_state *s, tw_events *ev)
{
	for (int f = 0; f < s->nfig; f++) {
		ll_frec *r = LLF(s, f);
		if (!r->leader || r->traits || s->fig[f].status != TW_FS_ACTIVE)
			continue;
		int faces[64], n = 0, need = 1;
		uint32_t tr = 0;
		while (n < 64) { // LT.21: one d20, and as many more as LT.19/20/22 and LT.5 call for
			for (int k = 0; k < need && n < 64; k++)
				faces[n++] = tw_roll(s, ev, s->fig[f].side, "LT.21", 1, 20, NULL, NULL);
			if (tw_ll_traits_from_faces(faces, n, r->leader == 2, &tr, &need) >= 0)
				break;
		}
		r->traits = tr;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "LT.21");
		if (e) {
			e->a = f;
			e->b = (int32_t)tr;
			int len = snprintf(e->text, sizeof e->text, "%s's traits:", r->name);
			for (int k = 1; k <= TW_LL_NTRAITS && len > 0 && (size_t)len < sizeof e->text; k++)
				if (tr & (1u << (k - 1)))
					len += snprintf(e->text + len, sizeof e->text - (size_t)len, " %s",
							tw_ll_trait_name(k, LL_FP(s)));
		}
	}
}

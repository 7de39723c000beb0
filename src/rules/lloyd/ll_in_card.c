// Nikolas Lloyd's skirmish suite: conditional order cards (IN.CARD.3, ll-fin). A card may say
// "when X happens, do Y": the figure record's `card_when` is X (none; `near`: the card's enemy
// within `card_near` inches of him; `seen`: he sees the card's enemy), and the card's +4 (IN.TAC.5)
// is had only once X has happened. Several figures may each hold an identical card (the same
// enemy and condition, each his own card number): each benefits only when acting alone under it,
// so after a seize with one of them the others may not join the action (IN.CARD.4 then holds
// for the rest). Also DU.20's grudge, as traits counted against the cheaters only.
#include "ll.h"

const char *const ll_card_when_names[4] = {"none", "near", "seen", NULL};

tw_status ll_in_card_condition(const tw_state *s, int f, tw_error *err)
{
	const ll_frec *r = LLF(s, f);
	int foe = r->card_foe;
	if (r->card_when == LL_CARD_NEAR &&
	    (foe < 0 || tw_figure_gap(&s->fig[f], &s->fig[foe]) > r->card_near + LL_EPS))
		return tw_error_set(
		    err, TW_ERR_ILLEGAL, "IN.CARD.3",
		    "figure %d's card is for when its enemy comes within %g in: not yet (%.2f in)", f,
		    r->card_near, foe >= 0 ? tw_figure_gap(&s->fig[f], &s->fig[foe]) : 0.0);
	if (r->card_when == LL_CARD_SEEN && (foe < 0 || !ll_fp_sight(s, f, foe, NULL)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.3",
		                    "figure %d's card is for when he sees its enemy: he does not", f);
	return TW_OK;
}

bool ll_in_card_identical(const tw_state *s, int f, int k)
{
	const ll_frec *a = LLF(s, f), *b = LLF(s, k);
	return a->card && b->card && a->card != b->card && a->card_foe == b->card_foe &&
	       a->card_when == b->card_when && (a->card_when != LL_CARD_NEAR || a->card_near == b->card_near);
}

uint32_t ll_traits_vs(const tw_state *s, int f, int foe)
{
	const ll_frec *r = LLF(s, f);
	uint32_t t = r->traits;
	if (r->grudge && foe >= 0 && foe < s->nfig && r->grudge_vs >= 0 && s->fig[foe].side == r->grudge_vs) {
		t |= r->grudge; // DU.20: he counts as Honourable or Rash against the cheaters
		if (r->grudge & TW_LL_HONOURABLE)
			t &= ~(uint32_t)TW_LL_SCOUNDREL; // LT.22's pairs: the grudge stands
		if (r->grudge & TW_LL_RASH)
			t &= ~(uint32_t)TW_LL_TIMID;
	}
	return t;
}

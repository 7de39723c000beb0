// h7-nqspeed (issue 16, the NQ bench): the melee phase's engagements found once by pairs. Of every
// pair a < b of men in the fight, the pairs that the engagement test's own distance bound
// (ll_fig.c's engaged_fast: beyond the longest reach or contact by an inch and the widest
// barricade) rules out in neither direction; the melee phase (ll_melee_scan) asks the full test,
// both ways, of these alone, instead of every man's scan of everyone. Exact: the bound is
// computed as the test computes it, each way, and a pair is dropped only when both ways drop it;
// the same side's men are dropped as the test drops them. tests/test_ll_fast.c plays the melee
// both ways (ll_melee_scan's plain reading) and tests/test_ll_nqspeed.c compares the pairs with
// ll_engaged on every pair of many positions.
#include "ll.h"

// ll_fig.c's long_reach: his long weapon's reach, 0 for any other weapon in hand
static double long_reach(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	int k = ll_row(s, f);
	return r->reach[k] == TW_LL_LONG ? r->r[k][0] : 0;
}

// engaged_fast's distance bound for (a, b), as it computes it
static bool beyond(const tw_state *s, const tw_figure *fa, const tw_figure *fb, double ra, double rb, double d2)
{
	double c = s->params[LLP_CONTACT];
	double lim = (ra > rb ? ra : rb) > c ? (ra > rb ? ra : rb) : c;
	double far = lim + fa->radius + fb->radius + 1 + TW_BARRICADE_MAX_ACROSS;
	return far > 0 && d2 > far * far;
}

int ll_melee_pairs(const tw_state *s, ll_pair *out, int cap)
{
	int n = s->nfig, np = 0;
	double rbuf[64]; // each man's long reach, found once (up to 64 men)
	for (int j = 0; n <= 64 && j < n; j++)
		rbuf[j] = long_reach(s, j);
	for (int a = 0; a < n; a++) {
		const tw_figure *fa = &s->fig[a];
		if (fa->status != TW_FS_ACTIVE)
			continue;
		double ra = n <= 64 ? rbuf[a] : long_reach(s, a);
		for (int b = a + 1; b < n; b++) {
			const tw_figure *fb = &s->fig[b];
			if (fb->status != TW_FS_ACTIVE || (fa->side == fb->side && (int)fa->side < s->nsides))
				continue; // (engaged_fast: out of the fight; a side is its own ally)
			double rb = n <= 64 ? rbuf[b] : long_reach(s, b);
			double dx = fa->pos.x - fb->pos.x, dy = fa->pos.y - fb->pos.y, d2 = dx * dx + dy * dy;
			// ((b - a)'s squares are (a - b)'s, bit for bit; with equal radii both ways sum the
			// same numbers in the same order)
			if (beyond(s, fa, fb, ra, rb, d2) && (fa->radius == fb->radius || beyond(s, fb, fa, rb, ra, d2)))
				continue;
			if (np == cap)
				return -1;
			out[np++] = (ll_pair){a, b};
		}
	}
	return np;
}

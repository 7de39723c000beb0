// Nikolas Lloyd's skirmish suite: the arithmetic of the parts not yet played (MS.5, IN.SHT.5,
// IN.SEIZE.4, TF.D4/5, CA.D3, FP.8, FP.D11), pure functions so that their worked examples
// (LL.EX.6, LL.EX.7, LL.EX.9, LL.EX.10, LL.EX.11) are asserted now and the later parts reuse them.
#include <math.h>
#include <stdlib.h>

#include "ll.h"

int tw_ll_ms_shots(double start, double move, double range)
{
	if (!(move > 0))
		return 0;
	int shots = 0;
	for (double d = start - move; d > LL_EPS; d -= move) // MS.5: after each of his moves, until contact
		if (d <= range + LL_EPS)
			shots++;
	return shots;
}

int tw_ll_in_reactors(double inches)
{
	int n = (int)ceil(inches - LL_EPS); // IN.SHT.5 (interpretation): max(1, ceil(inches moved))
	return n < 1 ? 1 : n;
}

int tw_ll_in_seize_need(int base, int leadership, int tactical) { return base - leadership - tactical; } // IN.SEIZE.4

int tw_ll_in_seize_faces(int need)
{
	int lo = need < 4 ? 4 : need; // IN.MEL.3, LL.EX.6: a natural 1-3 still fails
	return lo > 20 ? 0 : 21 - lo;  // IN.SEIZE.5: a natural 20 is no automatic success
}

void tw_ll_tf_thresholds(int a, int b, int *ta, int *ha, int *hb)
{
	int t = (40 * a + (a + b)) / (2 * (a + b)); // TF.D4: round(20a/(a+b)), halves up
	t = t < 2 ? 2 : t > 18 ? 18 : t;
	*ta = t;
	*ha = t / 2;
	*hb = (20 - t) / 2;
}

int tw_ll_tf_result(int ta, int ha, int hb, int r)
{
	return r <= ha ? 0 : r <= ta ? 1 : r <= 20 - hb ? 2 : 3; // TF.D4
}

int tw_ll_tf_arrival(int dx, int dy)
{
	int d = abs(dx) > abs(dy) ? abs(dx) : abs(dy); // TF.D5: Chebyshev distance, at least 1
	return 2 + (d < 1 ? 1 : d);
}

void tw_ll_ca_desertion(int vp_against, int vp_scored, int *lost, int *gained)
{
	*lost = 2 * vp_against; // CA.D3
	*gained = vp_scored;
}

bool tw_ll_fp_natural_loss(int roll, bool duel) { return roll == 1 && !duel; } // FP.8, FP.D4, DU.9

int tw_ll_evade_count_die(double me, double mc, int faces)
{
	double diff = me - mc; // FP.D11: NQ.EVD.3/4 with the die given
	int n = 0;
	for (int a = 1; a <= faces; a++)
		for (int b = 1; b <= faces; b++)
			n += a + diff >= b - diff - LL_EPS;
	return n;
}

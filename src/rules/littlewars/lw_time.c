// The clock (LW.MV.5-9): the engine computes allowances; front-ends run the live clock.
#include "lw.h"

// LW.MV.6 Interpretation: allowance (min) = ceil(men/30) + guns.
int lw_allowance_formula(int men, int guns)
{
	if (men < 0)
		men = 0;
	if (guns < 0)
		guns = 0;
	return (men + 29) / 30 + guns;
}

// LW.MV.6: the mover's current free men and guns, times any agreed cut (time_scale).
double lw_move_allowance_minutes(const tw_state *s, int side)
{
	int men = 0, guns = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && lw_is_free(&s->fig[i]))
			men++;
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && lw_gun_in_battle(s, &s->gun[i]))
			guns++;
	return lw_allowance_formula(men, guns) * s->params[LWP_TIME_SCALE];
}

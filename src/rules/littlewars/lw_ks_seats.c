// The Kriegspiel's seats (KS.GEN.1/2, LW.BIG.12) and its General (KS.GNL.1/2).
#include "lw_big.h"
#include "lw_boxes.h"

int lw_ks_side_seats(int side, unsigned arms_mask, lw_ks_seat *out, int max)
{
	int n = 0;
	// KS.GEN.1: one supreme General a side, and each arm or service may have its own player.
	if (n < max)
		out[n++] = (lw_ks_seat){side, LW_ROLE_GENERAL, -1};
	for (int a = 0; a < LW_ARM_COUNT; a++)
		if ((arms_mask & (1u << a)) && a != LW_ARM_GENERAL && a != LW_ARM_BOATS && n < max)
			out[n++] = (lw_ks_seat){side, LW_ROLE_ARM, a};
	// KS.GEN.2: each side provides an official.
	if (n < max)
		out[n++] = (lw_ks_seat){side, LW_ROLE_OFFICIAL, -1};
	return n;
}

bool lw_ks_stand_ok(tw_vec2 g, tw_vec2 forward, tw_vec2 p)
{
	tw_vec2 d = tw_sub(p, g);
	if (tw_dist(p, g) > LW_KS_GENERAL_STAND + LW_EPS) // KS.GNL.1: no more than 6 ft
		return false;
	return d.x * forward.x + d.y * forward.y <= LW_EPS; // at or behind the figure
}

int lw_ks_general_hit(bool sykes, bool in_shell_zone, bool shot_or_captured)
{
	if (!sykes) // KS.GNL.2: Wells's General is invulnerable
		return LW_GNL_UNHURT;
	if (shot_or_captured)
		return LW_GNL_FALLEN;
	return in_shell_zone ? LW_GNL_WOUNDED : LW_GNL_UNHURT;
}

int lw_ks_state_seats(const tw_state *s, int side, lw_ks_seat *out, int max)
{
	if (!LWG(s)->ks || side < 0 || side >= s->nsides || side > 1)
		return 0;
	return lw_ks_side_seats(side, LWS(s, side)->ks_arms, out, max);
}

// The Kriegspiel's supply (KS.SUP.1-10): packets every 6 moves, their reach, starvation, eating
// horses and surrender.
#include "lw_big.h"

void lw_ks_packets_due(const lw_ks_body *b, int *food, int *forage, int *ammo)
{
	int men = b->infantry + b->cavalry;
	*food = lw_ks_food_packets(men);           // KS.SUP.1, KS.SUP.4
	*forage = lw_ks_forage_packets(b->horses); // KS.SUP.1, KS.SUP.4 by analogy
	// KS.SUP.1 interpretation: ammunition only for a body that fired in each of the 6 moves.
	*ammo = b->fired_moves >= LW_KS_SUP_MOVES ? lw_ks_food_packets(b->infantry) : 0;
}

bool lw_ks_needs_supply(const lw_ks_body *b)
{
	return !(b->isolated && b->infantry < 30 && b->cavalry == 0); // KS.SUP.3
}

bool lw_ks_supply_reaches(tw_vec2 sup, tw_vec2 troops, bool cavalry, const tw_vec2 *enemy, int n, double r)
{
	if (tw_dist(sup, troops) > (cavalry ? LW_KS_SUP_CAV_R : LW_KS_SUP_INF_R) + LW_EPS) // KS.SUP.2
		return false;
	for (int i = 0; i < n; i++) // KS.SUP.5: an enemy on the straight line between
		if (tw_dist_point_segment(enemy[i], sup, troops) <= r + LW_EPS)
			return false;
	return true;
}

const char *lw_ks_supply_tick(lw_ks_body *b)
{
	if (b->out_of_action || b->surrendered)
		return NULL;
	if (b->last_horse >= 0 && ++b->last_horse >= LW_KS_SURRENDER && b->surrounded) {
		b->surrendered = true; // KS.SUP.10: 4 moves after the last horse is eaten
		return "KS.SUP.10";
	}
	if (b->unsupplied > 0 && ++b->unsupplied > LW_KS_SUP_MOVES) {
		b->out_of_action = true; // KS.SUP.9: no supplies within 6 consecutive moves
		return "KS.SUP.9";
	}
	return NULL;
}

const char *lw_ks_supply_cycle(lw_ks_body *b, int food, int forage, int ammo, bool eat_horses)
{
	if (b->out_of_action || b->surrendered)
		return NULL;
	if (!lw_ks_needs_supply(b)) // KS.SUP.3
		return NULL;
	int need_food, need_forage, need_ammo;
	lw_ks_packets_due(b, &need_food, &need_forage, &need_ammo);
	// KS.SUP.7: a horse may be eaten in place of a food packet, never of forage; the trooper
	// whose horse is eaten fights on as an infantryman.
	while (food < need_food && eat_horses && b->horses > 0) {
		b->horses--;
		if (b->cavalry > 0) {
			b->cavalry--;
			b->infantry++;
		}
		food++;
		if (b->horses == 0)
			b->last_horse = 0; // KS.SUP.10 counts from here
	}
	if (ammo < need_ammo) // KS.SUP.8: infantry without ammunition cannot fire
		b->has_ammo = false;
	else if (need_ammo > 0)
		b->has_ammo = true;
	b->fired_moves = 0;
	if (food < need_food || forage < need_forage) {
		if (b->unsupplied == 0)
			b->unsupplied = 1; // KS.SUP.9: cannot move from now
		return NULL;
	}
	b->unsupplied = 0;
	return NULL;
}

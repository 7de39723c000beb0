// Nikolas Lloyd's skirmish suite: the troop-type table (NQ.STAT: the catalogue's decoded example
// fighters), names, and the pure arithmetic of NQ (target numbers, contests, damage, evading),
// MS (mass shooting) and FP (fast-play points, shooting, results, wounds).
#include <math.h>
#include <string.h>

#include "ll.h"

const char *const ll_weapon_names[LL_W_COUNT + 1] = {"none",	  "spear",    "sword",	 "bow",	  "dagger", "axe",
						      "javelin", "crossbow", "handgun", "sling", NULL}; // ll-2: IN.MS
const char *const ll_reach_names[TW_LL_REACH_COUNT + 1] = {"short", "normal", "long", "missile", NULL};
const char *const ll_note_names[4] = {"closed2", "spear", "two_of", NULL};
const char *const ll_damage_names[5] = {"unharmed", "driven back", "wounded", "incapacitated", "killed"};

// NQ.STAT: the decoded example fighters. Secondary rows inherit T, S and M (NQ.STAT.8).
static const tw_ll_troop troops[] = {
	{"spearman", 13, 3, 5, 2,
	 {{"spear", 10, false, 4, TW_LL_LONG, {1, 0, 0}, TW_LL_CLOSED2 | TW_LL_SPEAR},
	  {"sword", 12, true, 4, TW_LL_NORMAL, {0, 0, 0}, 0}}},
	{"archer", 13, 0, 6, 2,
	 {{"bow", 12, false, 4, TW_LL_MISSILE, {6, 18, 30}, TW_LL_TWO_OF},
	  {"dagger", 12, false, 4, TW_LL_SHORT, {0, 0, 0}, 0}}},
	{"axeman", 15, 2, 5, 1, {{"axe", 9, false, 5, TW_LL_NORMAL, {0, 0, 0}, 0}}},
};
#define NTROOPS ((int)(sizeof troops / sizeof troops[0]))
const char *const ll_troop_names[NTROOPS + 2] = {"custom", "spearman", "archer", "axeman", NULL};

int tw_ll_troop_count(void) { return NTROOPS; }
const tw_ll_troop *tw_ll_troop_get(int i) { return i >= 0 && i < NTROOPS ? &troops[i] : NULL; }
int tw_ll_troop_find(const char *name)
{
	for (int i = 0; name && i < NTROOPS; i++)
		if (!strcmp(troops[i].name, name))
			return i;
	return -1;
}

int tw_ll_melee_need(const tw_ll_melee_in *in)
{
	int need = in->w;                       // NQ.MEL.2
	if (in->in_arc)                         // NQ.STAT.4, NQ.SHD.1
		need += in->foe_s;
	int nb = in->neighbours < 0 ? 0 : in->neighbours > 2 ? 2 : in->neighbours;
	bool spear = (in->notes & TW_LL_SPEAR) && in->outreach && !in->foe_closed;
	need -= nb * (spear ? 2 : 1);           // NQ.GRP.2, NQ.WPN.2 (NQ.RCH.5: the ordinary -1 once closed)
	if ((in->notes & TW_LL_CLOSED2) && in->foe_closed)
		need += 2;                      // NQ.RCH.5 "+2 closed"
	if (in->x && !in->foe_x)
		need -= 1;                      // NQ.WPN.1
	if (in->wounded)
		need += 4;                      // NQ.DMG.2
	return need;
}

int tw_ll_range_band(const double r[3], double dist)
{
	for (int b = 0; b < 3; b++) // NQ.SHT.4: a band includes its upper limit
		if (dist <= r[b] + LL_EPS)
			return b;
	return -1;
}

int tw_ll_shot_need(int w, int band, bool snap, int shield, int group_size, int big, bool wounded)
{
	static const int band_mod[3] = {0, 2, 5}; // NQ.SHT.4
	int need = w + band_mod[band < 0 ? 0 : band > 2 ? 2 : band] + shield; // NQ.SHT.3
	if (snap)
		need += 2; // NQ.OPP.2
	if (group_size >= 3 && group_size <= 7)
		need -= 2; // NQ.GRP.6
	else if (group_size >= 8)
		need += big; // NQ.GRP.6: 8 or more not stated (parameter)
	if (wounded)
		need += 4; // NQ.DMG.2
	return need;
}

int tw_ll_contest(int ra, int need_a, int rb, int need_b)
{
	bool ha = ra >= need_a, hb = rb >= need_b; // NQ.MEL.5: equal or above
	if (!ha && !hb)
		return 0;                         // NQ.MEL.3(a)
	if (ha && !hb)
		return 1;                         // NQ.MEL.3(b)
	if (hb && !ha)
		return 2;
	return ra < rb ? 1 : rb < ra ? 2 : 3;     // NQ.MEL.3(c), (d)
}

void tw_ll_contest_count(int need_a, int need_b, tw_ll_contest_odds *out)
{
	memset(out, 0, sizeof *out);
	for (int a = 1; a <= 20; a++)
		for (int b = 1; b <= 20; b++) {
			bool ha = a >= need_a, hb = b >= need_b;
			if (!ha && !hb)
				out->neither++;
			else if (ha && !hb)
				out->a_only++;
			else if (hb && !ha)
				out->b_only++;
			else if (a < b)
				out->a_lower++;
			else if (b < a)
				out->b_lower++;
			else
				out->equal++;
		}
}

tw_ll_damage tw_ll_damage_result(int hits)
{
	return hits <= 0 ? TW_LL_UNHARMED : hits == 1 ? TW_LL_DRIVEN : hits == 2 ? TW_LL_WOUNDED : hits == 3 ? TW_LL_INCAP
													: TW_LL_KILLED;
}

bool tw_ll_damage_odds(int dice, int t, double *dist)
{
	if (dice < 0 || dice > 32)
		return false;
	int faces = t <= 1 ? 20 : t > 20 ? 0 : 21 - t; // NQ.DMG.1: each die >= T
	double p = faces / 20.0;
	dist[0] = 1;
	for (int n = 1; n <= dice; n++) { // binomial, built die by die
		dist[n] = 0;
		for (int k = n; k >= 1; k--)
			dist[k] = dist[k] * (1 - p) + dist[k - 1] * p;
		dist[0] *= 1 - p;
	}
	return true;
}

int tw_ll_evade_count(double me, double mc)
{
	double diff = me - mc; // NQ.EVD.3: the faster adds the difference, the slower subtracts it
	int n = 0;
	for (int a = 1; a <= 20; a++)
		for (int b = 1; b <= 20; b++)
			n += a + diff >= b - diff - LL_EPS; // NQ.EVD.4: a tie goes to the evader
	return n;
}

int tw_ll_ms_need(int base, int k)
{
	int need = base + k - 1; // MS.2
	return need > 10 ? 10 : need;
}

int tw_ll_ms_expected_tenths(int base, int n)
{
	int tenths = 0;
	for (int k = 1; k <= n; k++) {
		int need = tw_ll_ms_need(base, k);
		tenths += need < 1 ? 10 : 11 - need;
	}
	return tenths;
}

int tw_ll_fp_points(int qr, bool mounted) { return qr + (mounted ? 1 : 0); } // FP.4

int tw_ll_fp_shot_need(double range, bool cover, bool reactive)
{
	int need = range <= 10 + LL_EPS ? 5 : range <= 20 + LL_EPS ? 7 : range <= 30 + LL_EPS ? 9 : 0; // FP.D7
	if (!need)
		return 0;
	return need + (cover ? 1 : 0) + (reactive ? 1 : 0); // FP.D7, FP.12: reactive -1 on the die
}

int tw_ll_fp_margin(int margin) { return margin <= 0 ? 0 : margin <= 2 ? 1 : margin <= 5 ? 2 : 3; } // FP.D5

int tw_ll_fp_wound(int total) { return total <= 5 ? 0 : total <= 8 ? 1 : 2; } // FP.D6

// Grant's tables as data (GR.MOVE, GR.MUSK, GR.LIGHT, GR.MELEE, GR.MORALE, GR.ART, GR.CANI, GR.HOW,
// GR.HOUSE, GR.GREN), and the pure functions that read them. Public through tinwar/grant.h.
#include <math.h>
#include "tinwar/detmath.h"
#include <string.h>

#include "gr.h"

const char *const gr_troop_names[GR_TROOP_COUNT] = {"line",  "grenadier", "light", "garrison",
						    "engineer", "heavy",  "hussar", "artillery", "wagon", "barge"};
const char *const gr_formation_names[GR_F_COUNT + 1] = {"line", "column", "open", NULL};
const char *const gr_phase_names[GR_PH_COUNT + 1] = {"first part", "second part", "over", NULL};

// GR.ORG: officers and rank and file of each establishment.
const int gr_org_table[GR_TROOP_COUNT][2] = {
	[TW_GR_LINE] = {5, 48},	     [TW_GR_GRENADIER] = {5, 48}, [TW_GR_LIGHT_INF] = {3, 24},
	[TW_GR_GARRISON] = {4, 24},  [TW_GR_ENGINEER] = {4, 24},  [TW_GR_HEAVY_CAV] = {3, 24},
	[TW_GR_LIGHT_CAV] = {3, 24}, [TW_GR_ARTILLERY] = {3, 10},
	[TW_GR_WAGON] = {0, 1}, // GR.ORG.4 (interpretation): one wagon figure, no officers
	[TW_GR_BARGE] = {0, 3}, // GR.ORG table: a barge has 3 crew and no officers
};

// GR.MORALE.1 (GR.ORG.2): command points of each officer, the colonel first.
const int gr_cp_table[GR_TROOP_COUNT][5] = {
	[TW_GR_LINE] = {2, 1, 1, 1, 1},	     [TW_GR_GRENADIER] = {2, 1, 1, 1, 1}, [TW_GR_LIGHT_INF] = {3, 2, 1},
	[TW_GR_GARRISON] = {3, 1, 1, 1},     [TW_GR_ENGINEER] = {3, 1, 1, 1},     [TW_GR_HEAVY_CAV] = {3, 2, 1},
	[TW_GR_LIGHT_CAV] = {3, 2, 1},	     [TW_GR_ARTILLERY] = {3, 2, 1},
};

// GR.MOVE table (GR.MOVE.4: garrison, engineers and grenadiers use the line rates).
const gr_rate gr_rates[] = {
	{TW_GR_LINE, TW_GR_MODE_LINE, 6},	   {TW_GR_LINE, TW_GR_MODE_LINE_FIRED, 4},
	{TW_GR_LINE, TW_GR_MODE_COLUMN, 7.5},	   {TW_GR_LINE, TW_GR_MODE_CHARGE, 9},
	{TW_GR_LINE, TW_GR_MODE_OPEN, 6},	   {TW_GR_LIGHT_INF, TW_GR_MODE_NORMAL, 7.5},
	{TW_GR_HEAVY_CAV, TW_GR_MODE_NORMAL, 9},   {TW_GR_HEAVY_CAV, TW_GR_MODE_BATTLE, 12},
	{TW_GR_HEAVY_CAV, TW_GR_MODE_CHARGE, 18},  {TW_GR_LIGHT_CAV, TW_GR_MODE_NORMAL, 12},
	{TW_GR_LIGHT_CAV, TW_GR_MODE_CHARGE, 18},  {TW_GR_ARTILLERY, TW_GR_MODE_TEAM, 6},
	{TW_GR_ARTILLERY, TW_GR_MODE_MANHANDLE, 1},
	{TW_GR_WAGON, TW_GR_MODE_NORMAL, 6}, // GR.MOVE.7: wagons of every kind
	{TW_GR_BARGE, TW_GR_MODE_UPSTREAM, 6},	  {TW_GR_BARGE, TW_GR_MODE_DOWNSTREAM, 9}, // GR.MOVE.7
	{TW_GR_BARGE, TW_GR_MODE_CANAL, 7.5},
};

// GR.TERR table: whole moves to cross a fordable river (0: cannot ford; barges move along it).
const int gr_ford_table[GR_TROOP_COUNT] = {
	[TW_GR_LINE] = 2,      [TW_GR_GRENADIER] = 2, [TW_GR_LIGHT_INF] = 2, [TW_GR_GARRISON] = 2,
	[TW_GR_ENGINEER] = 2,  [TW_GR_HEAVY_CAV] = 2, [TW_GR_LIGHT_CAV] = 2, [TW_GR_ARTILLERY] = 4,
	[TW_GR_WAGON] = 4,     [TW_GR_BARGE] = 0,
};

int tw_grant_ford_moves(int troop) { return troop >= 0 && troop < GR_TROOP_COUNT ? gr_ford_table[troop] : 0; }
const int gr_nrates = (int)TW_ARRAY_COUNT(gr_rates);

// GR.MUSK.6: deductions [band][normal open, normal cover, first open, first cover].
const int gr_musk_deduct[3][4] = {{2, 3, 1, 2}, {3, 4, 2, 3}, {4, 5, 3, 4}};
// GR.LIGHT table: kill numbers [row][band 0-<9, 9-18]; 7 = no effect / not allowed.
// Rows: 0 formed bodies in the open, 1 chosen individual (mounted officer beyond 9 in),
// 2 line-type in cover, 3 light infantry in the open, 4 light infantry in cover.
const int gr_light_kill[5][2] = {{5, 6}, {6, 6}, {6, 7}, {5, 6}, {6, 7}};
// GR.ART table: roundshot kill numbers by distance band 0-<24, 24-<36, 36-<48, 48+.
const int gr_art_kill[4] = {3, 4, 5, 6};
// GR.ART.6 reduction table: 0-<36, 36-<48, 48+.
const int gr_cb_reduce[3] = {0, 1, 2};
// GR.CANI table: near, middle, far.
const int gr_cani_kill[3] = {4, 5, 6};
// GR.HOUSE roundshot table: [band][die - 1] = {kills (0 = no penetration), goes on}.
const int gr_house_shot[3][6][2] = {
	{{0, 0}, {0, 0}, {1, 0}, {1, 0}, {2, 1}, {3, 1}},
	{{0, 0}, {0, 0}, {0, 0}, {1, 0}, {2, 1}, {2, 1}},
	{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {1, 0}, {1, 0}},
};
// GR.HOUSE howitzer table: garrison killed by the effect die.
const int gr_how_house_kills[6] = {0, 0, 0, 1, 2, 3};
// GR.MELEE.25: exhaustion bonus [first move, fight goes on] for exhaustion move 1, and 2-4.
static const int gr_exhaust_table[2][2] = {{2, 3}, {1, 2}};

int tw_grant_troop_from_name(const char *name)
{
	for (int i = 0; i < GR_TROOP_COUNT; i++)
		if (strcmp(gr_troop_names[i], name) == 0)
			return i;
	return -1;
}

const char *tw_grant_troop_name(int troop) { return troop >= 0 && troop < GR_TROOP_COUNT ? gr_troop_names[troop] : "?"; }

// GR.GEN.5: lower bound included, upper excluded; the last band includes the maximum.
int tw_grant_band(double range, double e1, double e2, double mx)
{
	if (range < 0 || range > mx)
		return -1;
	return range < e1 ? 0 : range < e2 ? 1 : 2;
}

int tw_grant_musk_dice(int n, int group)
{
	if (n <= 0 || group <= 0)
		return 0;
	return n / group + (2 * (n % group) >= group ? 1 : 0); // GR.MUSK.5
}

int tw_grant_musk_deduction(double range, bool cover, bool first)
{
	int b = tw_grant_band(range, 6, 12, 18); // GR.MUSK.6, GR.RANGE.1
	if (b < 0)
		return -1;
	return gr_musk_deduct[b][(first ? 2 : 0) + (cover ? 1 : 0)];
}

int tw_grant_hits(int die, int deduction) { return die > deduction ? die - deduction : 0; } // GR.GEN.7

int tw_grant_allocate(const int *dice, int nhits, int size, int *removed)
{
	int n = 0;
	bool gone[7] = {false};
	for (int i = 0; i < nhits; i++) {
		int d = dice[i];
		if (d < 1 || d > 6 || d > size || gone[d])
			continue; // GR.MUSK.11: a repeat or an empty number is wasted
		gone[d] = true;
		removed[n++] = d;
	}
	return n;
}

int tw_grant_volley_odds(int firers, int group, double range, bool cover, bool first, double *dist, int max)
{
	int nd = tw_grant_musk_dice(firers, group);
	int ded = tw_grant_musk_deduction(range, cover, first);
	for (int k = 0; k <= max; k++)
		dist[k] = 0;
	dist[0] = 1;
	if (ded < 0)
		return 0;
	int top = 0;
	for (int d = 0; d < nd; d++) {
		for (int k = (top + 5 < max ? top + 5 : max); k >= 0; k--) {
			double p = 0;
			for (int die = 1; die <= 6; die++) {
				int h = tw_grant_hits(die, ded);
				if (k - h >= 0 && k - h <= top)
					p += dist[k - h] / 6.0;
			}
			dist[k] = p;
		}
		top = top + 5 < max ? top + 5 : max;
	}
	return nd;
}

double tw_grant_alloc_expect(int size, int h) { return size * (1.0 - tw_pow(5.0 / 6.0, h)); }

bool tw_grant_pairing(bool a_cav, int na, bool b_cav, int nb, double *ma, double *mb)
{
	*ma = *mb = 1;
	if (a_cav == b_cav) { // GR.MELEE.6: never more than 2 against 1 of the same type
		if (na == 1 && nb == 1)
			return true;
		if (na == 2 && nb == 1) {
			*ma = 1.5;
			return true;
		}
		if (na == 1 && nb == 2) {
			*mb = 1.5;
			return true;
		}
		return false;
	}
	if (b_cav) // put the cavalry on side A
		return tw_grant_pairing(b_cav, nb, a_cav, na, mb, ma);
	if (na != 1)
		return false;
	if (nb == 1) { // GR.MELEE.4: the "doubles" line is 1 cav v 1 inf
		*ma = 2;
		return true;
	}
	if (nb == 2)
		return true; // straight
	if (nb == 3) {
		*mb = 1.5;
		return true;
	}
	return false;
}

double tw_grant_melee_score(int die, double mult, int bonus) { return die * mult + bonus; }

bool tw_grant_melee_odds(bool a_cav, int na, bool b_cav, int nb, int bonus_a, int bonus_b, double *win,
			 double *tie, double *lose)
{
	double ma, mb;
	*win = *tie = *lose = 0;
	if (!tw_grant_pairing(a_cav, na, b_cav, nb, &ma, &mb))
		return false;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++) {
			double sa = tw_grant_melee_score(a, ma, bonus_a), sb = tw_grant_melee_score(b, mb, bonus_b);
			if (sa > sb)
				*win += 1.0 / 36;
			else if (sa < sb)
				*lose += 1.0 / 36;
			else
				*tie += 1.0 / 36;
		}
	return true;
}

int tw_grant_loss_points(int troop, int lost, int orig)
{
	if (orig <= 0)
		return 0;
	if (2 * lost >= orig)
		return 3; // GR.MORALE.8: the 50% rule
	if (troop == TW_GR_GRENADIER)
		return 4 * lost >= orig ? 1 : 0; // GR.GREN.4
	if (4 * lost >= orig)
		return 2; // GR.MORALE.3, compared exactly (GR.GEN.6)
	return 6 * lost >= orig ? 1 : 0;
}

double tw_grant_morale_odds(int command, int loss, int need)
{
	int ok = 0;
	for (int d = 1; d <= 6; d++)
		ok += command - loss + d >= need;
	return ok / 6.0;
}

int tw_grant_officer_points(int troop, int k)
{
	if (troop < 0 || troop >= GR_TROOP_COUNT || k < 0 || k >= 5)
		return 0;
	return gr_cp_table[troop][k];
}

int tw_grant_light_kill(bool target_light, bool cover, bool pick_off, bool mounted, double range)
{
	int b = tw_grant_band(range, 9, 18, 18); // GR.LIGHT.1: bands 0-<9 and 9-18
	if (b < 0)
		return 7;
	if (b == 2)
		b = 1;
	if (pick_off) { // GR.LIGHT.4
		if (cover || (b == 1 && !mounted))
			return 7;
		return gr_light_kill[1][b];
	}
	int row = target_light ? (cover ? 4 : 3) : (cover ? 2 : 0); // GR.LIGHT.5
	return gr_light_kill[row][b];
}

int tw_grant_art_kill(double dist)
{
	if (dist < 24)
		return gr_art_kill[0];
	if (dist < 36)
		return gr_art_kill[1];
	if (dist < 48)
		return gr_art_kill[2];
	return gr_art_kill[3]; // GR.ART.5: beyond 60 in after an overshoot uses the last row
}

int tw_grant_cb_reduce(double range) { return range < 36 ? gr_cb_reduce[0] : range < 48 ? gr_cb_reduce[1] : gr_cb_reduce[2]; }

int tw_grant_gun_state(int damage) { return damage >= 20 ? 2 : damage >= 10 ? 1 : 0; }

bool tw_grant_sleeve_covers(tw_vec2 m, tw_vec2 aim, int delta, tw_vec2 p)
{
	tw_vec2 d = tw_sub(aim, m);
	double a = tw_len(d);
	if (a <= 0)
		return false;
	d = tw_scale(d, 1.0 / a);
	double c = a + delta; // GR.ART.3: positive delta overshoots
	tw_vec2 r = tw_sub(p, m);
	double along = tw_dot(r, d), off = fabs(tw_cross(d, r));
	double lo = c - 2 > 0 ? c - 2 : 0; // GR.ART.4: no nearer than the muzzle
	return off <= 0.25 && along >= lo && along <= c + 2;
}

int tw_grant_canister_zone(tw_vec2 m, tw_vec2 dir_pt, tw_vec2 p)
{
	tw_vec2 d = tw_sub(dir_pt, m);
	double a = tw_len(d);
	if (a <= 0)
		return -1;
	d = tw_scale(d, 1.0 / a);
	tw_vec2 r = tw_sub(p, m);
	double x = tw_dot(r, d), off = fabs(tw_cross(d, r));
	if (x < 0 || x > 24 || off > x / 6.0 + 1e-12) // GR.CANI.1: 24 in long, 8 in wide at the end
		return -1;
	return tw_grant_band(x, 8, 16, 24);
}

int tw_grant_canister_kill(int zone) { return zone >= 0 && zone < 3 ? gr_cani_kill[zone] : 7; }

int tw_grant_sbi_sector(tw_vec2 g, tw_vec2 aim, tw_vec2 p)
{
	tw_vec2 v = tw_sub(p, aim);
	double r = tw_len(v);
	if (r <= 1.5)
		return 6; // GR.HOW.3: the central disc
	if (r > 3.0)
		return 0;
	double rel = tw_bearing_deg(v) - tw_bearing_deg(tw_sub(aim, g));
	while (rel < 0)
		rel += 360;
	while (rel >= 360)
		rel -= 360;
	if (rel >= 315 || rel < 45)
		return 5;
	if (rel < 135)
		return 4;
	if (rel < 225)
		return 3;
	return 2;
}

bool tw_grant_house_shot(double range, int die, int *kills, bool *goes_on)
{
	int b = range < 36 ? 0 : range < 48 ? 1 : 2; // GR.HOUSE.1: beyond 60 uses the last row
	if (die < 1 || die > 6) {
		*kills = 0;
		*goes_on = false;
		return false;
	}
	*kills = gr_house_shot[b][die - 1][0];
	*goes_on = gr_house_shot[b][die - 1][1] != 0;
	return *kills > 0;
}

int tw_grant_how_house_kills(int die) { return die >= 1 && die <= 6 ? gr_how_house_kills[die - 1] : 0; }

double tw_grant_move_rate(int troop, int mode)
{
	if (troop == TW_GR_GRENADIER || troop == TW_GR_GARRISON || troop == TW_GR_ENGINEER)
		troop = TW_GR_LINE; // GR.MOVE.4
	if (troop == TW_GR_LIGHT_INF && mode != TW_GR_MODE_CHARGE)
		mode = TW_GR_MODE_NORMAL; // GR.MOVE.3: 7.5 in at all times, no charge
	for (int i = 0; i < gr_nrates; i++)
		if (gr_rates[i].troop == troop && gr_rates[i].mode == mode)
			return gr_rates[i].inches;
	return -1;
}

int tw_grant_exhaust_bonus(int k, bool goes_on)
{
	if (k == 1)
		return gr_exhaust_table[0][goes_on ? 1 : 0];
	if (k >= 2 && k <= 4)
		return gr_exhaust_table[1][goes_on ? 1 : 0];
	return 0;
}

bool tw_grant_twice_rule(int lost, int other) { return lost >= 1 && lost >= 2 * other; }

int tw_grant_breakthrough(int ranks) { return ranks >= 4 ? 7 : ranks == 3 ? 5 : 4; }

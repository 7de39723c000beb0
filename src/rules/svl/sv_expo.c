// Science versus Luck, phase 1 and the roles: the label cards (SV.GUN.2) and briefings
// (SV.BRF.1-7) as data, the score s, the computer auction (SV.EXPO.4-7), the phase-1 debrief
// score (SV.EXPO.9), the roles and pairings (SV.SETUP.4-8), and the test range summary
// (SV.DOC.8-9). Pure functions: no state.
#include <math.h>
#include <string.h>

#include "sv.h"

const tw_sv_label tw_sv_labels[TW_SV_GUN_COUNT] = {
	[TW_SV_VUL] = {"VUL", "Vulcan Rifled Field Gun", "Hargreaves & Tolley, Coalbrook", TW_SV_ALBIONIA, 144, 6, 1, 1, 1, 4, 400},
	[TW_SV_STA] = {"STA", "Model 1858 Cast-Steel Gun", "Stahlmann Brothers, Grauhafen", TW_SV_BOSROVIA, 108, 3, 5, 0, 2, 2, 350},
	[TW_SV_TEM] = {"TEM", "\"La Tempete\" Quick-Firing Cannon", "Duval Freres, Saint-Aubin", TW_SV_FREEDONIA, 120, 10, 2, 1, 1, 4, 450},
	[TW_SV_ALP] = {"ALP", "Alpine Mountain Gun", "Gebruder Aebi, Thun", TW_SV_NO_COUNTRY, 96, 5, 3, 0, 0, 2, 180},
	[TW_SV_IMP] = {"IMP", "Grand Imperial Battery Gun", "Royal Foundry, Zenhof", TW_SV_RURITANIA, 168, 5, 0, 2, 2, 5, 600},
	[TW_SV_ECO] = {"ECO", "Economy Pattern Gun", "Cheapside Novelty Ordnance Works", TW_SV_ALBIONIA, 120, 6, 5, 0, 0, 1, 100},
	[TW_SV_LEN] = {"LEN", "Scientific Precision Piece", "Professor A. Lenz", TW_SV_SYLVANIA, 132, 4, 2, 2, 1, 3, 380},
	[TW_SV_ARS] = {"ARS", "Arsenal Old Pattern Smoothbore", "government arsenal", TW_SV_NO_COUNTRY, 84, 3, 10, 0, 2, 1, 0},
};

// Budget, min, max; weights: range, rate, reliability, cheapness, prestige, lightness, sight, home; veto.
const tw_sv_brief tw_sv_briefs[TW_SV_COUNTRY_COUNT] = {
	[TW_SV_ALBIONIA] = {1000, 1, 2, 0.35, 0, 0.35, 0, 0.15, 0, 0, 0.15, TW_SV_NO_COUNTRY},    // SV.BRF.2
	[TW_SV_BOSROVIA] = {450, 2, 2, 0, 0.2, 0.2, 0.6, 0, 0, 0, 0, TW_SV_NO_COUNTRY},           // SV.BRF.3
	[TW_SV_FREEDONIA] = {800, 1, 2, 0.2, 0.5, 0, 0, 0, 0, 0.2, 0.1, TW_SV_RURITANIA},         // SV.BRF.4
	[TW_SV_RURITANIA] = {900, 1, 2, 0.2, 0, 0, 0, 0.6, 0, 0, 0.2, TW_SV_NO_COUNTRY},          // SV.BRF.5
	[TW_SV_SYLVANIA] = {650, 1, 2, 0, 0, 0.2, 0, 0, 0.4, 0.4, 0, TW_SV_NO_COUNTRY},           // SV.BRF.6
	[TW_SV_VORLANDIA] = {600, 1, 2, 0.6, 0, 0.4, 0, 0, 0, 0, 0, TW_SV_NO_COUNTRY},            // SV.BRF.7
};

const int tw_sv_default_lots[8] = {TW_SV_VUL, TW_SV_STA, TW_SV_TEM, TW_SV_ALP, TW_SV_IMP, TW_SV_ECO, TW_SV_LEN, TW_SV_ECO};

static double clip01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

double tw_sv_score(int country, int gun)
{
	if (country <= TW_SV_NO_COUNTRY || country >= TW_SV_COUNTRY_COUNT || gun < 0 || gun >= TW_SV_GUN_COUNT)
		return 0;
	const tw_sv_brief *b = &tw_sv_briefs[country];
	const tw_sv_label *l = &tw_sv_labels[gun];
	if (b->veto != TW_SV_NO_COUNTRY && l->maker_country == b->veto)
		return 0; // SV.BRF.1: a vetoed maker
	double range = clip01((l->range - 84) / 84.0), rate = clip01((l->rpm - 2) / 8.0),
	       rel = clip01(1 - l->misfires / 10.0), cheap = clip01(1 - l->price / 600.0), prestige = clip01(l->stars / 5.0),
	       light = l->weight == 0 ? 1 : l->weight == 1 ? 0.5 : 0, sight = l->sight * 0.5,
	       home = l->maker_country == country ? 1 : 0;
	return b->w_range * range + b->w_rate * rate + b->w_reliability * rel + b->w_cheapness * cheap +
	       b->w_prestige * prestige + b->w_lightness * light + b->w_sight * sight + b->w_home * home;
}

static int floor10(double x)
{
	return (int)floor((x + 1e-9) / 10.0) * 10; // exact multiples survive the sum's rounding
}

int tw_sv_reserve(int gun)
{
	return floor10(tw_sv_labels[gun].price / 2.0);
}

// SV.EXPO.6: one lot among the computer bidders; `pass` 2 lifts the s >= 0.40 condition.
static void sell(tw_sv_auction *a, int lot, int gun, int pass)
{
	tw_sv_sale *sl = &a->sale[a->nsales++];
	memset(sl, 0, sizeof *sl);
	sl->lot = lot;
	sl->gun = gun;
	sl->pass = pass;
	int n = a->ncountries, reserve = tw_sv_reserve(gun);
	for (int r = 0; r < n; r++) { // the rotation for this lot starts at position (lot - 1) mod N
		int c = 1 + (lot - 1 + r) % n;
		const tw_sv_brief *b = &tw_sv_briefs[c];
		double s = tw_sv_score(c, gun);
		if ((pass == 1 && s < 0.40) || s <= 0 || a->nguns[c] >= b->max_guns)
			continue;
		int keep = 50 * (b->min_guns - a->nguns[c] - 1 > 0 ? b->min_guns - a->nguns[c] - 1 : 0);
		int w = floor10(tw_sv_labels[gun].price * (0.5 + s));
		if (w > a->left[c] - keep)
			w = a->left[c] - keep;
		if (w < reserve)
			continue;
		sl->bidder[sl->nbid] = c;
		sl->ceiling[sl->nbid++] = w;
	}
	if (sl->nbid == 0)
		return;
	int best = 0, second = -1;
	for (int i = 1; i < sl->nbid; i++) // ties go to the first in the rotation
		if (sl->ceiling[i] > sl->ceiling[best])
			best = i;
	for (int i = 0; i < sl->nbid; i++)
		if (i != best && (second < 0 || sl->ceiling[i] > sl->ceiling[second]))
			second = i;
	sl->winner = sl->bidder[best];
	sl->price = second < 0 ? reserve
			       : (sl->ceiling[best] < sl->ceiling[second] + 10 ? sl->ceiling[best] : sl->ceiling[second] + 10);
	a->left[sl->winner] -= sl->price;
	a->guns[sl->winner][a->nguns[sl->winner]++] = gun;
}

tw_status tw_sv_auction_auto(int n, const int *lots, int nlots, tw_sv_auction *a, tw_error *err)
{
	if (n < 1 || n > 6)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.2", "1 to 6 teams, not %d", n);
	if (nlots < 0 || nlots > TW_SV_MAX_LOTS)
		return tw_error_set(err, TW_ERR_INPUT, "SV.EXPO.4", "at most %d lots", TW_SV_MAX_LOTS);
	for (int i = 0; i < nlots; i++)
		if (lots[i] < 0 || lots[i] >= TW_SV_ARS)
			return tw_error_set(err, TW_ERR_INPUT, "SV.EXPO.4", "lot %d: no such gun (the Arsenal gun is never auctioned)",
					    i + 1);
	memset(a, 0, sizeof *a);
	a->ncountries = n;
	for (int c = 1; c <= n; c++)
		a->left[c] = tw_sv_briefs[c].budget;
	for (int i = 0; i < nlots; i++)
		sell(a, i + 1, lots[i], 1);
	int first = a->nsales;
	for (int i = 0; i < first; i++) // SV.EXPO.7: unsold lots again, in their order, threshold lifted
		if (a->sale[i].winner == TW_SV_NO_COUNTRY)
			sell(a, a->sale[i].lot, a->sale[i].gun, 2);
	for (int c = 1; c <= n; c++)
		if (a->nguns[c] == 0) { // SV.EXPO.7: an Arsenal gun, free
			a->arsenal[c] = true;
			a->guns[c][a->nguns[c]++] = TW_SV_ARS;
		}
	return TW_OK;
}

double tw_sv_phase1_score(const tw_sv_auction *a, int c)
{
	int bought = a->nguns[c] - (a->arsenal[c] ? 1 : 0);
	if (bought < tw_sv_briefs[c].min_guns || bought == 0)
		return 0;
	double sum = 0;
	for (int i = 0; i < bought; i++)
		sum += tw_sv_score(c, a->guns[c][i]);
	double s = sum / bought;
	if (c == TW_SV_BOSROVIA)
		s += 0.10 * (a->left[c] / 100); // complete 100 fr unspent
	return s;
}

int tw_sv_team_country(int n, int team, int phase, bool option)
{
	if (n < 1 || n > 6 || team < 0 || team >= n)
		return TW_SV_NO_COUNTRY;
	switch (phase) {
	case 1: return 1 + team;                                    // SV.SETUP.4
	case 2: return 1 + (team + 1) % n;                          // SV.SETUP.5
	case 3: return option ? 1 + (team + 2) % n : 1 + (team + 1) % n; // SV.SETUP.6
	default: return TW_SV_NO_COUNTRY;
	}
}

int tw_sv_target_team(int n, int team)
{
	if (n < 1 || team < 0 || team >= n)
		return -1;
	if (n == 1)
		return 0; // the team-mates fight each other
	if (n % 2 == 0)
		return team ^ 1;
	return (team + 1) % n;
}

bool tw_sv_screen_struck(const tw_sv_round *rd, double x)
{
	if (rd->misfire || x < rd->z0 || x > rd->z1 || rd->d1 <= 0)
		return false;
	return fabs(rd->lat * x / rd->d1) <= 6.0; // the path's offset grows with distance from the gun
}

static bool counted(const tw_sv_round *rd)
{
	return !rd->misfire && rd->e < 45.0 && rd->r > 0 && rd->d1 > 0;
}

void tw_sv_range_summarise(const tw_sv_round *rd, int n, tw_sv_range_summary *out)
{
	memset(out, 0, sizeof *out);
	out->rounds = n;
	double sr = 0, sl = 0, skq = 0;
	int fired = 0;
	for (int i = 0; i < n; i++) {
		if (rd[i].misfire) {
			out->misfires++;
			continue;
		}
		fired++;
		for (int j = 0; j < 6; j++)
			out->screen_share[j] += tw_sv_screen_struck(&rd[i], 12.0 * (j + 1));
		if (!counted(&rd[i]))
			continue;
		double q = rd[i].d1 / rd[i].r;
		sr += q, sl += rd[i].lat * 12.0 / rd[i].d1;
		skq += rd[i].k * q; // k_used x D1/R, round by round (one k: the catalogue's formula)
		out->counted++;
	}
	for (int j = 0; j < 6 && fired > 0; j++)
		out->screen_share[j] /= fired;
	int c = out->counted;
	if (c == 0)
		return;
	out->mean_ratio = sr / c;
	double ml = sl / c, vr = 0, vl = 0; // two passes: no cancellation
	for (int i = 0; i < n; i++)
		if (counted(&rd[i])) {
			double q = rd[i].d1 / rd[i].r - out->mean_ratio, l = rd[i].lat * 12.0 / rd[i].d1 - ml;
			vr += q * q, vl += l * l;
		}
	out->sd_ratio = c > 1 ? sqrt(vr / (c - 1)) : 0;
	out->sd_lat12 = c > 1 ? sqrt(vl / (c - 1)) : 0;
	out->k_new = round(skq / c * 100) / 100; // to AM.range_factor's hundredths
}

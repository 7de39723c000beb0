// Little Wars campaigns (LW.CAMP.1-3): a battle's total, each side's credit, the war's winner.
// The series hooks that keep them between battles are in lw_series.c.
#include "lw.h"

/// LW.VAR.2 / LW.CAMP.2 scale: 100 for victory [R], 1 per infantryman, 1.5 per cavalryman [R],
/// 10 per gun, 0.5 per own man held by the enemy [R], 0.5 per prisoner taken [R].
#define LW_PTS_VICTORY 100.0
#define LW_PTS_DRAW 50.0 // LW.VAR.3: the 100 split 50/50
#define LW_PTS_INFANTRY 1.0
#define LW_PTS_CAVALRY 1.5
#define LW_PTS_GUN 10.0
#define LW_PTS_HELD 0.5
#define LW_PTS_PRISONER 0.5

double lw_battle_points(const lw_tally *t)
{
	double p = t->draw ? LW_PTS_DRAW : t->victory ? LW_PTS_VICTORY : 0.0;
	p += LW_PTS_INFANTRY * t->infantry + LW_PTS_CAVALRY * t->cavalry + LW_PTS_GUN * t->guns;
	p += LW_PTS_HELD * t->held_by_enemy + LW_PTS_PRISONER * t->prisoners;
	return p;
}

// LW.CAMP.2 says "its own total minus the opponent's total" for the two sides of Wells's game.
// With more sides the opponents' totals are averaged: every opponent counts alike, the credits
// still sum to 0 as with two, and with two sides the mean is the opponent's total itself (a sum
// of one term divided by 1), so the credit is exactly own minus opponent's.
void lw_camp_credit(int n, const double *points, double *credit)
{
	for (int i = 0; i < n; i++) {
		double others = 0.0;
		for (int j = 0; j < n; j++)
			if (j != i)
				others += points[j];
		credit[i] = n > 1 ? points[i] - others / (double)(n - 1) : 0.0;
	}
}

// LW.CAMP.1 (the agreed total) and LW.CAMP.2's interpretation (the first side to reach it wins
// the campaign). Two sides' credits sum to 0, so two can never reach a positive target together;
// with more sides several can in the same battle, and then the highest total wins; a shared
// highest total is no "first side", and the war goes on.
int lw_camp_winner(int n, const double *totals, double target)
{
	int best = -1;
	bool shared = false;
	for (int i = 0; i < n; i++) {
		if (!(totals[i] >= target))
			continue;
		if (best < 0 || totals[i] > totals[best]) {
			best = i;
			shared = false;
		} else if (totals[i] == totals[best]) {
			shared = true;
		}
	}
	return shared ? -1 : best;
}

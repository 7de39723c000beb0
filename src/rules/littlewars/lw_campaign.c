// Little Wars battle totals for campaigns (LW.CAMP.2, LW.VAR.2, LW.CAMP.3).
#include "tinwar/campaign.h"

/// LW.VAR.2 / LW.CAMP.2 scale: 100 for victory [R], 1 per infantryman, 1.5 per cavalryman [R],
/// 10 per gun, 0.5 per own man held by the enemy [R], 0.5 per prisoner taken [R].
#define LW_PTS_VICTORY 100.0
#define LW_PTS_DRAW 50.0 // LW.VAR.3: the 100 split 50/50
#define LW_PTS_INFANTRY 1.0
#define LW_PTS_CAVALRY 1.5
#define LW_PTS_GUN 10.0
#define LW_PTS_HELD 0.5
#define LW_PTS_PRISONER 0.5

double tw_lw_battle_points(const tw_lw_tally *t)
{
	double p = t->draw ? LW_PTS_DRAW : t->victory ? LW_PTS_VICTORY : 0.0;
	p += LW_PTS_INFANTRY * t->infantry + LW_PTS_CAVALRY * t->cavalry + LW_PTS_GUN * t->guns;
	p += LW_PTS_HELD * t->held_by_enemy + LW_PTS_PRISONER * t->prisoners;
	return p;
}

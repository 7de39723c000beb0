// A Rattle of Dice: overhead fire (RD.SHOOT.12). Artillery standing on a hill, and rockets
// wherever they stand, shoot over units on flat ground that stand 6 in or more from the firer
// and from the target, measured along the line of fire. Buildings, woods and crests still block
// (rd_line_clear goes on to test them).
#include "rd.h"

#define RD_OVERHEAD_GAP 6.0 ///< RD.SHOOT.12

static bool on_hill(const tw_state *s, tw_vec2 p)
{
	for (int k = 0; k < s->table.nterrain; k++)
		if (rd_feature(s, k) == RD_TER_HILL && tw_terrain_contains(&s->table.terrain[k], p))
			return true;
	return false;
}

// More than half of the unit's active figures stand on a hill.
static bool unit_on_hill(const tw_state *s, int u)
{
	int n = 0, up = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE)
			continue;
		n++;
		up += on_hill(s, f->pos);
	}
	return n > 0 && 2 * up > n;
}

bool rd_overhead_clears(const tw_state *s, tw_vec2 a, tw_vec2 b, int ua, int blocker)
{
	const tw_unit *u = rd_unit_c(s, ua);
	if (!u || blocker < 0)
		return false;
	int type = RDU(s, ua)->type;
	bool gun = type == TW_RD_FOOT_ART || type == TW_RD_HORSE_ART;
	if (!(type == TW_RD_ROCKETS || (gun && unit_on_hill(s, ua))))
		return false;
	double len = tw_dist(a, b);
	if (len <= 2 * RD_OVERHEAD_GAP)
		return false;
	tw_vec2 dir = tw_scale(tw_sub(b, a), 1 / len);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != blocker || f->status != TW_FS_ACTIVE)
			continue;
		if (on_hill(s, f->pos))
			return false; // on high ground: it blocks
		double along = tw_dot(tw_sub(f->pos, a), dir);
		if (along - f->radius < RD_OVERHEAD_GAP - RD_EPS || len - along - f->radius < RD_OVERHEAD_GAP - RD_EPS)
			return false; // within 6 in of the firer or of the target
	}
	return true;
}

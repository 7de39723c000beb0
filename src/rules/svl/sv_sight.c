// Science versus Luck: sight, cover and what stops a match (SV.BAT.6-7, SV.GUN.11, SV.MOVE.5).
#include "sv.h"

#define SOFT_STEP 0.1 // inches between samples when measuring a line through soft cover
#define SOFT_MAX 3.0  // SV.BAT.7: more than 3" through soft cover blocks sight

int sv_ter_cover(const tw_state *s, int t)
{
	const sv_trec *r = (const sv_trec *)tw_rec_c(s, TW_REC_TERRAIN, t);
	if (r && r->cover != SV_TER_BY_KIND)
		return r->cover;
	int k = s->table.terrain[t].kind; // SV.BAT.6 piece types by the table's kinds (issue 16: a table, sv_obstacles.c)
	return k < TW_TER_KIND_COUNT && sv_ter_kinds[k].cover ? sv_ter_kinds[k].cover : SV_TER_OPEN;
}

static double inside_length(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	double len = tw_dist(a, b);
	int n = (int)(len / SOFT_STEP) + 1;
	int in = 0;
	for (int i = 0; i < n; i++) {
		double u = n > 1 ? (double)i / (n - 1) : 0;
		if (tw_terrain_contains(t, tw_v2(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u)))
			in++;
	}
	return in * (n > 1 ? len / (n - 1) : 0);
}

bool sv_sight(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	double soft = 0;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (!tw_terrain_segment_may_hit(t, a, b))
			continue;
		switch (sv_ter_cover(s, i)) {
		case SV_TER_TALL_HARD: // SV.BAT.7: a building or rocks
			if (tw_terrain_segment_hits(t, a, b))
				return false;
			break;
		case SV_TER_HILL: // a hill that neither point stands on
			if (!tw_terrain_contains(t, a) && !tw_terrain_contains(t, b) && tw_terrain_segment_hits(t, a, b))
				return false;
			break;
		case SV_TER_SOFT: soft += inside_length(t, a, b); break;
		default: break;
		}
	}
	return soft <= SOFT_MAX;
}

bool sv_in_soft(const tw_state *s, tw_vec2 p)
{
	for (int i = 0; i < s->table.nterrain; i++)
		if (sv_ter_cover(s, i) == SV_TER_SOFT && tw_terrain_contains(&s->table.terrain[i], p))
			return true;
	return false;
}

bool sv_behind_hard(const tw_state *s, tw_vec2 gun, tw_vec2 p)
{
	for (int i = 0; i < s->table.nterrain; i++) { // SV.BAT.7: within 1" of hard cover the line crosses
		const tw_terrain *t = &s->table.terrain[i];
		if (p.x < t->lo.x - 1.0 || p.x > t->hi.x + 1.0 || p.y < t->lo.y - 1.0 || p.y > t->hi.y + 1.0)
			continue; // more than 1" from its bounding box, so from the piece (sv-cite: speed)
		int c = sv_ter_cover(s, i);
		if ((c == SV_TER_LOW_HARD || c == SV_TER_TALL_HARD) && tw_terrain_distance(t, p) <= 1.0 &&
		    tw_terrain_segment_hits(t, gun, p))
			return true;
	}
	return false;
}

bool sv_in_cover(const tw_state *s, tw_vec2 gun, tw_vec2 p)
{
	return sv_in_soft(s, p) || sv_behind_hard(s, gun, p);
}

bool sv_impassable_segment(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int i = 0; i < s->table.nterrain; i++) // SV.MOVE.5: buildings and rocks
		if ((sv_ter_cover(s, i) == SV_TER_TALL_HARD || (s->table.terrain[i].kind < TW_TER_KIND_COUNT &&
								 sv_ter_kinds[s->table.terrain[i].kind].no_cross)) && // issue 16: a barricade
		    tw_terrain_segment_hits(&s->table.terrain[i], a, b))
			return true;
	return false;
}

double sv_first_crossing(const tw_state *s, tw_vec2 a, tw_vec2 dir, double from, double to, int cover)
{
	double best = -1;
	for (int i = 0; i < s->table.nterrain; i++) {
		if (sv_ter_cover(s, i) != cover)
			continue;
		const tw_terrain *t = &s->table.terrain[i];
		tw_vec2 p0 = tw_v2(a.x + dir.x * from, a.y + dir.y * from);
		if (!tw_terrain_segment_hits(t, p0, tw_v2(a.x + dir.x * to, a.y + dir.y * to)))
			continue;
		double lo = from, hi = to; // the segment [from, hi] hits; [from, lo] does not (unless lo == from)
		if (tw_terrain_contains(t, p0))
			hi = from;
		for (int k = 0; k < 40 && hi - lo > 1e-6; k++) {
			double mid = 0.5 * (lo + hi);
			if (tw_terrain_segment_hits(t, p0, tw_v2(a.x + dir.x * mid, a.y + dir.y * mid)))
				hi = mid;
			else
				lo = mid;
		}
		if (best < 0 || hi < best)
			best = hi;
	}
	return best;
}

bool sv_solid_at(const tw_state *s, tw_vec2 p)
{
	for (int i = 0; i < s->table.nterrain; i++) { // SV.MOVE.5: nobody stands in a building, rocks or a wall
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind < TW_TER_KIND_COUNT && sv_ter_kinds[t->kind].no_stand && tw_terrain_contains(t, p)) // issue 16: a table
			return true;
	}
	return false;
}

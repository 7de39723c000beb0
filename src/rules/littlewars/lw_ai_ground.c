// Ground for the computer general lw-big (big2): whether n men set out in a square 1.25 in
// apart (as an opened box sets them out, LW.BIG.3, and a train's men get down, LW.BIG.9) would
// all stand where they can walk on. The rules set them out wherever the box or the train stands;
// a man set down in a house or a river no ford or bridge covers can never walk out of it (every
// path from there crosses it: LW.MOB.1, LW.C.4) and stands idle the rest of the game.
#include <math.h>

#include "lw_ai_big.h"
#include "tinwar/tinwar.h"

#define GROUND_MARGIN 0.75 ///< a man's base, and a little more, clear of a solid piece's bounds

bool lw_ai_men_fit(const tw_state *s, tw_vec2 c, int n)
{
	int row = (int)ceil(sqrt((double)(n > 0 ? n : 1)));
	double half = (row - 1) / 2.0;
	for (int j = 0; j < n; j++) {
		tw_vec2 p = tw_v2(c.x + (j % row - half) * 1.25, c.y + (j / row - half) * 1.25);
		if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
			continue; // the rules put him on the edge: left to the general's other checks
		if (tw_table_is_water(&s->table, p))
			return false;
		for (int i = 0; i < s->table.nterrain; i++) {
			const tw_terrain *t = &s->table.terrain[i];
			if (tw_terrain_impassable(t) && p.x >= t->lo.x - GROUND_MARGIN && p.x <= t->hi.x + GROUND_MARGIN &&
			    p.y >= t->lo.y - GROUND_MARGIN && p.y <= t->hi.y + GROUND_MARGIN)
				return false;
		}
	}
	return true;
}

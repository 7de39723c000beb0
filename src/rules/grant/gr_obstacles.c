// Charles Grant's The War Game: what each terrain kind means here, as a table (issue 16), with
// the barricade and the ditch: a barricade is a wall (impassable, GR.MUSK.8's cover, GR.MELEE.15's
// +1 to the defender behind it) built thick enough that men touch across it (gr_gap); a ditch is
// broken ground (GR.TERR.3: every inch in it counts two, for every arm; GR.TERR.6 multiplies), and the men standing in it
// are in cover (GR.MUSK.8) and defend it as a wall (GR.MELEE.15). docs/grant.md, "Barricades and ditches".
#include "gr.h"

const gr_ter_kind gr_ter_kinds[TW_TER_KIND_COUNT] = {
	[TW_TER_WOOD] = {.going = GR_GO_WOOD, .cover_in = true},
	[TW_TER_SWAMP] = {.going = GR_GO_SWAMP},
	[TW_TER_WALL] = {.wall = true},
	[TW_TER_BARRICADE] = {.wall = true},
	[TW_TER_DITCH] = {.going = GR_GO_ROUGH, .cover_in = true, .held_in = true},
};

double gr_gap(const tw_state *s, const tw_figure *a, const tw_figure *b)
{
	double gap = tw_figure_gap(a, b), c = s->params[GRP_CONTACT];
	if (gap <= c || gap > c + TW_BARRICADE_MAX_ACROSS)
		return gap; // touching already, or too far apart for any barricade to close
	return gap - tw_table_barricade_across(&s->table, a->pos, b->pos);
}

bool gr_stands_in_held(const tw_state *s, tw_vec2 p)
{
	for (int t = 0; t < s->table.nterrain; t++)
		if (gr_ter(&s->table.terrain[t])->held_in && tw_terrain_contains(&s->table.terrain[t], p))
			return true;
	return false;
}

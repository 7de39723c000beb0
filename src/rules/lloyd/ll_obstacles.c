// Nikolas Lloyd's skirmish suite: what each terrain kind means here, as a table (issue 16), and
// the barricade and the ditch: men touch across a barricade (its width along the line between
// them is not counted in their gap), defend it (FP.D3) and can break off from behind it
// (IN.TAC.4); a man standing in a ditch who did not move this action defends it (FP.D3); a ditch
// is difficult ground (FP.D2, NQ.MOVE.2). docs/lloyd.md, "Barricades and ditches".
#include "ll.h"

const ll_ter_kind ll_ter_kinds[TW_TER_KIND_COUNT] = {
	[TW_TER_HILL] = {0},
	[TW_TER_HOUSE] = {.sight = LL_SIGHT_BLOCKS, .obstacle = true},
	[TW_TER_WALL] = {.sight = LL_SIGHT_BLOCKS, .obstacle = true}, // a hedge (NQ.MOVE.6)
	[TW_TER_TREE] = {.sight = LL_SIGHT_BLOCKS},
	[TW_TER_WOOD] = {.sight = LL_SIGHT_BLOCKS, .difficult = true},
	[TW_TER_ROCK] = {.sight = LL_SIGHT_BLOCKS, .obstacle = true},
	[TW_TER_RIVER] = {.obstacle = true}, // a stream
	[TW_TER_FORD] = {0},
	[TW_TER_BRIDGE] = {0},
	[TW_TER_ROAD] = {0},
	[TW_TER_SWAMP] = {.difficult = true},
	[TW_TER_BARRICADE] = {.sight = LL_SIGHT_COVER, .obstacle = true},
	[TW_TER_DITCH] = {.difficult = true, .held_in = true},
};

double ll_gap_across(const tw_state *s, tw_vec2 pa, tw_vec2 pb, double gap)
{
	return gap - tw_table_barricade_across(&s->table, pa, pb); // ll_gap_at (ll.h): the near pairs only
}

bool ll_breaks_off(const tw_state *s, int f)
{
	bool any = false;
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !ll_fights(s, j) || s->fig[j].side == s->fig[f].side || !ll_contact(s, f, j))
			continue;
		if (tw_figure_gap(&s->fig[f], &s->fig[j]) <= s->params[LLP_CONTACT] + LL_EPS)
			return false; // base to base: engaged in earnest
		any = true;
	}
	return any;
}

bool ll_stands_in_held(const tw_state *s, int f)
{
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (ll_ter(tr)->held_in && tw_terrain_contains(tr, s->fig[f].pos))
			return true;
	}
	return false;
}

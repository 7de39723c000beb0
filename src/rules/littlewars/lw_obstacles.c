// Little Wars and the Kriegspiel: the barricade and the ditch (issue 16; lw_obstacles.h).
#include "lw_obstacles.h"

const lw_ter_kind lw_ter_kinds[TW_TER_KIND_COUNT] = {
	[TW_TER_DITCH] = {.extra = 1, .entrenchment = true},
};

bool lw_rough_plain = false;

double lw_rough_extra(const tw_state *s, const tw_vec2 *pts, int n)
{
	double extra = 0;
	int i = 0;
	if (!lw_rough_plain) {
		// s27-hook8 (issue 18): the pieces before the first of a rough kind add nothing (the
		// plain loop passes over them), so they are passed over by their kind's bit alone; on a
		// table without rough going the answer is the plain loop's +0. LW_ROUGH_KINDS is the
		// kinds with extra > 0 in lw_ter_kinds (tests/test_lw_exact_shortcuts.c holds them equal).
		const tw_terrain *tv = s->table.terrain;
		int nt = s->table.nterrain;
		while (i < nt && !(tv[i].kind < 32 && (LW_ROUGH_KINDS >> tv[i].kind) & 1u))
			i++;
	}
	for (; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind >= TW_TER_KIND_COUNT || lw_ter_kinds[t->kind].extra <= 0)
			continue;
		for (int k = 1; k < n; k++)
			extra += lw_ter_kinds[t->kind].extra * tw_terrain_segment_inside(t, pts[k - 1], pts[k]);
	}
	return extra;
}

bool lw_ks_dug_in(const tw_state *s, tw_vec2 p, tw_vec2 man)
{
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind < TW_TER_KIND_COUNT && lw_ter_kinds[t->kind].entrenchment && tw_terrain_contains(t, man) &&
		    !tw_terrain_contains(t, p))
			return true;
	}
	return false;
}

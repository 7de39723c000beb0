// Little Wars and the Kriegspiel: the barricade and the ditch (issue 16; lw_obstacles.h).
#include "lw_obstacles.h"
#include "lw.h"

const lw_ter_kind lw_ter_kinds[TW_TER_KIND_COUNT] = {
	[TW_TER_DITCH] = {.extra = 1, .entrenchment = true},
};

bool lw_rough_plain = false;

// s29 (issue 18, Scale): with a terrain index serving the table (a large Country, while the game
// or the general validates), only the pieces whose boxes meet the path's box: any other piece's
// box is apart from every leg's box, so tw_terrain_segment_inside gives it exactly 0 and the plain
// loop adds +0 for it; the candidates come in ascending order, so the sum is added up in the same
// order, bit for bit (tests/test_lw_exact_shortcuts.c).
static double rough_indexed(const tw_state *s, lw_tindex *ix, const tw_vec2 *pts, int n)
{
	tw_vec2 lo = pts[0], hi = pts[0];
	for (int k = 1; k < n; k++) {
		lo.x = pts[k].x < lo.x ? pts[k].x : lo.x;
		lo.y = pts[k].y < lo.y ? pts[k].y : lo.y;
		hi.x = pts[k].x > hi.x ? pts[k].x : hi.x;
		hi.y = pts[k].y > hi.y ? pts[k].y : hi.y;
	}
	double extra = 0;
	int nc = lw_tindex_query(ix, lo, hi);
	for (int c = 0; c < nc; c++) {
		const tw_terrain *t = &s->table.terrain[ix->cand[c]];
		if (t->kind >= TW_TER_KIND_COUNT || lw_ter_kinds[t->kind].extra <= 0)
			continue;
		for (int k = 1; k < n; k++)
			extra += lw_ter_kinds[t->kind].extra * tw_terrain_segment_inside(t, pts[k - 1], pts[k]);
	}
	return extra;
}

double lw_rough_extra(const tw_state *s, const tw_vec2 *pts, int n)
{
	double extra = 0;
	int i = 0;
	if (!lw_rough_plain && n > 0) {
		lw_tindex *ix = lw_tindex_for(&s->table);
		if (ix)
			return rough_indexed(s, ix, pts, n);
	}
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

// A Rattle of Dice: the scenario's victory conditions, read from the game record (data in the
// scenario file): `objective`, a terrain piece, and `objective_points`, what holding it at the end
// is worth, added to the point a figure removed (rd_score). A side holds the piece when one of its
// units' fighting figures stands on it or touches it and no enemy unit's figure does.
#include "rd.h"

int rd_objective_holder(const tw_state *s, int t)
{
	if (t < 0 || t >= s->table.nterrain)
		return -1;
	const tw_terrain *p = &s->table.terrain[t];
	bool there[2] = {false, false};
	double gap = s->params[RDP_CONTACT];
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side > 1 || !rd_fig_fights(s, f))
			continue;
		if (tw_terrain_distance(p, f->pos) <= f->radius + gap + RD_EPS)
			there[f->side] = true;
	}
	return there[0] && !there[1] ? 0 : there[1] && !there[0] ? 1 : -1;
}

void rd_victory_points(const tw_state *s, double *points)
{
	const rd_game *g = RDG(s);
	if (s->nsides != 2 || g->objective < 0 || g->objective_points <= 0)
		return;
	int k = rd_objective_holder(s, g->objective);
	if (k >= 0)
		points[k] += g->objective_points;
}

// Nikolas Lloyd's skirmish suite: rules the clause texts found not applied (issue 16, ll-gaps):
// difficult ground in fast-play moves (FP.D2), defending an obstacle or uphill in the melee round
// (FP.D3), the leadership a figure is given (IN.RATE.2) and the sight seize's limits (IN.SEIZE.2).
// The substitute the challenger declines (DU.7) is in ll_duel.c.
#include "ll.h"

const char *const ll_lead_names[] = {"by_leader", "useless", "adequate", "good", "heroic", "inspired", NULL};

double ll_fp_allowance_to(const tw_state *s, int f, tw_vec2 to)
{
	double m = ll_fp_allowance(s, f); // FP.D2, LT.12
	if (ll_path_difficult(s, s->fig[f].pos, to))
		m -= 2; // FP.D2, NQ.MOVE.2: difficult ground -2 in
	return m < 1 ? 1 : m; // NQ.MOVE.5 (ours): at least 1 in
}

static bool obstacle(const tw_terrain *t)
{
	return ll_ter(t)->obstacle; // issue 16: wall, house, rock, river, barricade (ll_obstacles.c)
}

bool ll_fp_holds(const tw_state *s, int f, int foe)
{
	tw_vec2 a = s->fig[f].pos, b = s->fig[foe].pos;
	if (tw_table_ground(&s->table, a) > tw_table_ground(&s->table, b) + LL_EPS)
		return true; // FP.D3: uphill of him
	// FP.D3 (reading): an obstacle between them, held by the man who did not come to it in this action
	if (LLF(s, f)->in_moved == LLG(s)->actions + 1)
		return false;
	if (ll_stands_in_held(s, f))
		return true; // issue 16: the man in a ditch defends it
	for (int t = 0; t < s->table.nterrain; t++)
		if (obstacle(&s->table.terrain[t]) && tw_terrain_segment_hits(&s->table.terrain[t], a, b))
			return true;
	return false;
}

int ll_in_leadership(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	int l = r->leader == 2 ? 2 : r->leader == 1 ? 1 : 0; // FP.D9: contingent leader Adequate 1, commander Good 2
	if (r->lead >= 1 && r->lead <= 5)
		l = r->lead - 1; // IN.RATE.2: Useless 0 ... Heroic 3, Inspired 4, given outright
	return l + ((r->traits & TW_LL_QUICK) ? 2 : 0); // LT.1: Quick +2 on his initiative rolls
}

// Whether an enemy sees a man standing at p (NQ.MOVE.6, NQ.SHT.5 as ll_sight), f himself aside.
static bool seen_at(const tw_state *s, int f, tw_vec2 p)
{
	for (int e = 0; e < s->nfig; e++) {
		if (!ll_fights(s, e) || s->fig[e].side == s->fig[f].side)
			continue;
		tw_vec2 q = s->fig[e].pos;
		bool clear = true;
		for (int t = 0; t < s->table.nterrain && clear; t++) {
			const tw_terrain *tr = &s->table.terrain[t];
			clear = !(ll_ter_blocks_sight(tr) && tw_terrain_segment_hits(tr, p, q)); // issue 16
		}
		for (int j = 0; j < s->nfig && clear; j++)
			clear = j == f || j == e || !tw_figure_on_table(s, &s->fig[j]) ||
				tw_dist_point_segment(s->fig[j].pos, p, q) >= s->fig[j].radius - 1e-6;
		if (clear)
			return true;
	}
	return false;
}

tw_status ll_in_validate_sight(const tw_state *s, const tw_order *o, tw_error *err)
{
	bool into_only = s->params[LLP_SIGHT_INTO] > 0.5;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		bool before = seen_at(s, f, s->fig[f].pos), after = seen_at(s, f, o->at[i]);
		if (before == after)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.2",
					    "a sight move must serve the scenario: figure %d neither enters nor leaves the enemy's sight", f);
		if (into_only && !after)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.2",
					    "only moving into sight counts (the sight_into variant): figure %d leaves it", f);
	}
	return TW_OK;
}

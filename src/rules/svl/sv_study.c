// Science versus Luck studies (sv-cite; include/tinwar/svl_study.h): manuals x guns, each cell a
// Monte Carlo run of the battle by tw_sim_run, win rates with Wilson 95% intervals.
#include <stdlib.h>
#include <string.h>

#include "tinwar/physics.h"
#include "tinwar/svl_study.h"
#include "sv.h"

tw_status tw_sv_study(const tw_state *scenario, const tw_sv_manual *manuals, int nman, const int *guns, int ngun,
		      const tw_sim_config *base, tw_sv_study_cell *out, tw_error *err)
{
	if (tw_ruleset_get(scenario->ruleset) != &tw_ruleset_svl || scenario->params[SVP_STAGE] != SV_STAGE_BATTLE)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.4", "a study needs a Science versus Luck battle scenario");
	for (int i = 0; i < nman; i++)
		if (tw_sv_manual_check(&manuals[i], scenario->params[SVP_CONSTRAINTS] != 0, err) != TW_OK)
			return TW_ERR_INPUT; // SV.DOC.14, located by its path
	for (int j = 0; j < ngun; j++) {
		const tw_gun_model *gm = tw_gun_model_get(guns[j]);
		if (!gm || gm->adv_range <= 0)
			return tw_error_set(err, TW_ERR_INPUT, "SV.GUN.2", "gun %d of the study is no Science versus Luck model", j);
	}
	int rows = nman > 0 ? nman : 1, cols = ngun > 0 ? ngun : 1;
	tw_sim_game *games = tw_malloc((size_t)base->games * sizeof *games + 1);
	if (!games)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_status st = TW_OK;
	for (int i = 0; i < rows && st == TW_OK; i++)
		for (int j = 0; j < cols && st == TW_OK; j++) {
			tw_state s;
			st = tw_state_clone(&s, scenario);
			if (st != TW_OK)
				break;
			for (int k = 0; ngun > 0 && k < s.ngun; k++) {
				if (s.gun[k].side != SV_DEFENDER)
					continue;
				s.gun[k].model = guns[j];
				SVGN(&s, k)->v_mean = 0; // the truth of the new model (SV.GUN.4), filled at setup
			}
			if (nman > 0) // the arm's side: infantry the attacker, artillery the defender (SV.BAT.4)
				sv_manual_in_force(&s, manuals[i].arm == TW_SV_INFANTRY ? SV_ATTACKER : SV_DEFENDER, &manuals[i]);
			tw_sim_config cfg = *base;
			cfg.scenario = &s;
			st = tw_sim_run(&cfg, games, err);
			tw_sv_study_cell *c = &out[i * cols + j];
			c->manual = nman > 0 ? i : -1;
			c->gun = ngun > 0 ? j : -1;
			if (st == TW_OK)
				tw_sim_summarize(games, base->games, &c->sum);
			tw_state_free(&s);
		}
	tw_free(games);
	return st;
}

int tw_sv_study_best(const tw_sv_study_cell *cells, int nman, int ngun, int g, int side, bool *separated)
{
	int rows = nman > 0 ? nman : 1, cols = ngun > 0 ? ngun : 1, best = 0;
	double rate[64];
	for (int i = 0; i < rows && i < 64; i++) {
		const tw_sim_summary *m = &cells[i * cols + g].sum;
		rate[i] = m->games > 0 ? (double)m->side[side].wins / m->games : 0;
		if (rate[i] > rate[best])
			best = i;
	}
	*separated = rows > 1;
	for (int i = 0; i < rows && i < 64; i++)
		if (i != best && cells[i * cols + g].sum.side[side].win_hi >= cells[best * cols + g].sum.side[side].win_lo)
			*separated = false;
	return best;
}

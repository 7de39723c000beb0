/// Science versus Luck studies (sv-cite): which doctrine wins with which gun, and with what
/// confidence. Each cell of manuals x guns is a `tw_sim_run` of the battle scenario with that
/// manual in force on its arm's side (infantry: the attacker, artillery: the defender) and every
/// gun of the defender of that model; the summary carries each side's win rate with its Wilson
/// 95% interval (tw_sim_summary).
#ifndef TINWAR_SVL_STUDY_H
#define TINWAR_SVL_STUDY_H
#include "tinwar/sim.h"
#include "tinwar/svl.h"

typedef struct tw_sv_study_cell {
	int manual;         ///< index into the manuals (-1: the scenario's own)
	int gun;            ///< index into the guns (-1: the scenario's own)
	tw_sim_summary sum; ///< the games' summary
} tw_sv_study_cell;

/// Plays every cell, manual-major: nman x ngun cells (a count of 0 stands for the scenario's own,
/// one cell on that axis) into out. guns are gun model indices (tw_gun_model_find). Refused with
/// TW_ERR_INPUT for a scenario that is no svl battle, a bad manual (SV.DOC.14) or a gun that is
/// no Science versus Luck model (SV.GUN.2).
tw_status tw_sv_study(const tw_state *scenario, const tw_sv_manual *manuals, int nman, const int *guns, int ngun,
		      const tw_sim_config *base, tw_sv_study_cell *out, tw_error *err);
/// The cells' verdict for one gun (column g): the manual with the highest win rate for `side`,
/// and whether its Wilson interval lies wholly above every other manual's (separated at 95%).
int tw_sv_study_best(const tw_sv_study_cell *cells, int nman, int ngun, int g, int side, bool *separated);
#endif

// Nikolas Lloyd's skirmish suite: when the computer's knights challenge (ll-fin; used by
// `ll-type3`, ll_in_general.c). A leader challenges as the catalogue's leaders would:
// - he leads a contingent and is a knight (DU.2), and he is not Timid (LT.11: he never chooses to
//   close with the enemy);
// - the challengee is an enemy knight he can challenge (DU.3: within two moves, out of combat,
//   seen plainly; the rules' own check decides);
// - the whole duel's odds (DU.10, the same exact count as `tinwar odds lloyd duel`) are in his
//   favour: better than even, or even when a refusal costs the enemy more than one Morale test
//   (DU.8: Taunt, LT.2; Honourable, LT.7) or fails only on a 1 (Scoundrel, LT.6).
// Of the challenges open, the one with the best odds is made (ties: the lower ids); a knight whose
// contingent has refused this challenger is not challenged again (DU.6: it would cost little).
#include "ll.h"

// The exact chance that duellist a wins the whole duel against b (DU.9/10, FP.D13, FP.D6): rounds
// until a Retreat, a wound or a death; Unknowable's melee QR is taken at 2 (ours: a d4's 2.5, low).
double ll_du_win_chance(const tw_state *s, int a, int b)
{
	int f[2] = {a, b}, fac[2], wq[2];
	for (int k = 0; k < 2; k++) {
		const ll_frec *r = LLF(s, f[k]);
		bool foot = !LLF(s, f[1 - k])->mounted;
		tw_ll_fp_side sd = {.qr = r->qr ? r->qr : 2,
		                    .traits = r->traits,
		                    .wounded = r->wounded,
		                    .mounted_vs_foot = r->mounted && foot,
		                    .horseman_mounted = r->mounted && (r->traits & TW_LL_HORSEMAN)};
		fac[k] = tw_ll_fp_factors(&sd, 2, true);
		wq[k] = tw_ll_fp_wound_qr(ll_fp_qr(s, f[k]), r->traits);
	}
	tw_ll_duel_odds d;
	tw_ll_duel_round(fac[0], fac[1], wq[0], wq[1], &d);
	long won = d.kill[0] + d.wound[0] + d.retreat[0], dec = won + d.kill[1] + d.wound[1] + d.retreat[1];
	return dec ? (double)won / (double)dec : 0.5;
}

bool ll_in_general_challenge(const tw_state *v, int side, tw_order *o)
{
	const uint32_t bold =
	    TW_LL_CUNNING | TW_LL_HONOURABLE | TW_LL_SCOUNDREL; // DU.8 (Cunning is Taunt under IN)
	int ba = -1, bb = -1;
	double best = 0;
	for (int a = 0; a < v->nfig; a++) {
		if (!ll_fights(v, a) || v->fig[a].side != side || !LLF(v, a)->leader || !ll_du_knight(v, a) ||
		    (LLF(v, a)->traits & TW_LL_TIMID))
			continue;
		for (int b = 0; b < v->nfig; b++) {
			if (!ll_fights(v, b) || tw_allied(v, v->fig[b].side, side) || !ll_du_knight(v, b))
				continue;
			int cb = LLF(v, b)->cont;
			if (cb >= 0 && cb < LL_MAX_CONT && LLG(v)->du_refused[cb] == a)
				continue; // DU.6: his contingent refused this challenger: a second refusal
				          // costs only on 5-6

			double p = ll_du_win_chance(v, a, b);
			bool want = p > 0.5 + 1e-12 || (p > 0.5 - 1e-12 && (LLF(v, a)->traits & bold));
			if (!want || p <= best)
				continue;
			tw_order_init(o, LL_OT_CHALLENGE, side);
			o->nfig = o->nfig2 = 1;
			o->fig[0] = a;
			o->fig2[0] = b;
			if (tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK) {
				best = p;
				ba = a;
				bb = b;
			}
		}
	}
	if (ba < 0)
		return false;
	tw_order_init(o, LL_OT_CHALLENGE, side);
	o->nfig = o->nfig2 = 1;
	o->fig[0] = ba;
	o->fig2[0] = bb;
	return true;
}

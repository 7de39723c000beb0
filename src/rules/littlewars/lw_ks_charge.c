// The Kriegspiel's cavalry charges (KS.CH.1-13): the tables are data (lw_ks_tables.c).
#include "lw_big.h"

static int imin(int a, int b) { return a < b ? a : b; }
static int cap(int v, int n) { return v < 0 ? 0 : imin(v, n); }

int lw_ks_band(double gap_in)
{
	if (gap_in > 24.0 + LW_EPS)
		return LW_BAND_FAR;
	return gap_in > 12.0 + LW_EPS ? LW_BAND_MID : LW_BAND_NEAR; // KS.CH.1 interpretation
}

// KS.CH.7 interpretation: nearest whole man, halves up.
static int quarter(int n, int q) { return (n * q * 2 + 4) / 8; }

tw_status lw_ks_charge(const lw_ks_charge_in *in, lw_ks_charge_out *out, tw_error *err)
{
	if (in->sabres < LW_KS_CHARGE_MIN)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1", "no body of fewer than 8 cavalry may charge (%d)",
				    in->sabres);
	if (!in->formed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1", "a charge must be made in proper formation");
	if (!(in->gap_in >= 0 && in->gap_in <= LW_KS_CHARGE_REACH + LW_EPS))
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1",
				    "the charge starts %.2f in away: charging distance is the cavalry move, 36 in", in->gap_in);
	if (in->defenders < 0 || in->contours < 0)
		return tw_error_set(err, TW_ERR_INPUT, "KS.CH.1", "a charge needs a body to charge");
	lw_ks_charge_out o = {0};
	int band = lw_ks_band(in->gap_in);
	int n = in->sabres, d = in->defenders;
	int mult = 1 + in->contours; // KS.CH.9: x2, x3, x4 for 1, 2, 3 contours downhill
	switch (in->target) {
	case LW_CT_EXTENDED: { // KS.CH.2 (and KS.CH.6: dismounted cavalry)
		const lw_ks_charge_row *r = &lw_ks_charge_ext[band];
		int inf_loss = r->inf_k * (n / r->inf_per);
		o.clause = "KS.CH.2";
		if (in->retired) { // KS.CH.11: double, and the cavalry loses nothing
			o.def_lost = cap(2 * inf_loss, d);
			o.def_retires = true;
			o.clause = "KS.CH.11";
		} else {
			o.cav_lost = cap(r->cav_k * (d / r->cav_per), n);
			o.def_lost = cap(inf_loss, d);
			o.def_back = 12.0; // KS.CH.4: falls back 1 ft next move, may be charged again
		}
		break;
	}
	case LW_CT_CLOSE: { // KS.CH.3, the reverse
		const lw_ks_charge_row *r = &lw_ks_charge_close[band];
		o.clause = "KS.CH.3";
		if (in->retired) { // KS.CH.11: 2 a sabre from 3 ft, 3 from 2 ft; the cavalry loses nothing
			o.def_lost = cap((band == LW_BAND_FAR ? 2 : 3) * n, d);
			o.def_retires = true;
			o.clause = "KS.CH.11";
		} else {
			o.cav_lost = cap(r->cav_k * (d / r->cav_per), n);
			o.def_lost = cap(r->inf_k * (n / r->inf_per), d);
			o.def_still = true; // KS.CH.4: may not move next move
		}
		break;
	}
	case LW_CT_STILL_CAV: // KS.CH.5: each sabre kills 5 and drives another 15 back 3 ft
		o.def_lost = cap(5 * n, d);
		o.def_driven = cap(15 * n, d - o.def_lost);
		o.clause = "KS.CH.5";
		break;
	case LW_CT_CAVALRY: {
		long eff = (long)n * mult; // KS.CH.9
		if (eff == d) {            // KS.CH.7: a coin decides
			bool won = in->coin == 0;
			int cl = quarter((int)eff, won ? 1 : 3), dl = quarter(d, won ? 3 : 1);
			o.cav_lost = cap((cl + mult - 1) / mult, n); // KS.CH.9: divided back, rounded up
			o.def_lost = cap(dl, d);
			o.def_retires = won; // the loser must retire
			o.clause = "KS.CH.7";
		} else { // KS.CH.8: the melee rules on the effective numbers
			bool charger_large = eff > d;
			int large = charger_large ? (int)eff : d, small = charger_large ? d : (int)eff;
			lw_melee_result m = lw_melee_math(large, small, in->isolated[charger_large ? 1 : 0]);
			int cl = charger_large ? m.dead_large : m.dead_small;
			int dl = charger_large ? m.dead_small : m.dead_large;
			o.cav_lost = cap((cl + mult - 1) / mult, n); // KS.CH.9: divided back, rounded up
			o.def_lost = cap(dl, d);
			o.prisoners = m.prisoners;
			o.clause = "KS.CH.8";
		}
		break;
	}
	case LW_CT_GUNS: // KS.CH.12: one gun taken; per gun 4, 3 or 1 men lost
		o.guns_taken = d > 0 ? 1 : 0;
		o.cav_lost = cap(lw_ks_charge_gun_loss[band] * o.guns_taken, n);
		o.clause = "KS.CH.12";
		break;
	default:
		return tw_error_set(err, TW_ERR_INPUT, "KS.CH.1", "no such body to charge");
	}
	*out = o;
	return TW_OK;
}

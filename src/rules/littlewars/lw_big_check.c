// A loaded state's large-Country settings and records checked against each other (stop 33, QA):
// the agreed options (LW.BIG.1, LW.BIG.8) and the boxes and trains the men and guns say they are
// in (LW.BIG.2, LW.BIG.9). The loader checks each field's range; these are the checks across
// fields. A seat's view hides who is in a box (-1, 0), which passes. The Kriegspiel's boats
// (KS.FORM.1) are checked here as well.
#include "lw_big.h"

tw_status lw_big_check_state(const tw_state *s, tw_error *err)
{
	const lw_game *g = LWG(s);
	// LW.BIG.8: 0 (the default) is indoors; otherwise the agreed factor, 1 to 2.
	lw_big_opts o = {g->big_mult > 1 ? g->big_mult : 1, g->big_close_ft, g->big_outdoor != 0 ? g->big_outdoor : 1.0};
	tw_status st = lw_big_check_opts(&o, err); // LW.BIG.1: 15, 12 or 10 ft; LW.BIG.8: 1 to 2
	if (st != TW_OK)
		return st;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side > 1)
			continue;
		const lw_fig *r = LWF(s, f);
		const lw_side *sd = LWS(s, f->side);
		if (r->box >= sd->nbox)
			return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.2", "figure %d is in box %d, but %s has %d box%s", f->id,
					    r->box, s->sides[f->side].name, sd->nbox, sd->nbox == 1 ? "" : "es");
		if (r->train >= sd->ntrain)
			return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "figure %d is aboard train %d, but %s has %d train%s",
					    f->id, r->train, s->sides[f->side].name, sd->ntrain, sd->ntrain == 1 ? "" : "s");
		if (r->boat > 0 && f->status != TW_FS_RESERVE)
			return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "figure %d is aboard boat %d but not off the ground "
					    "(status reserve)", f->id, r->boat - 1);
		if (r->boat > sd->nboat)
			return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "figure %d is aboard boat %d, but %s has %d boat%s",
					    f->id, r->boat - 1, s->sides[f->side].name, sd->nboat, sd->nboat == 1 ? "" : "s");
	}
	// KS.FORM.1, KS.MOV.1: boats are the Kriegspiel's, each on a river, holding at most 20 men.
	for (int side = 0; side < 2 && side < s->nsides; side++) {
		const lw_side *sd = LWS(s, side);
		if (sd->nboat > 0 && !g->ks)
			return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "%s has boats, but boats are the Kriegspiel's",
					    s->sides[side].name);
		for (int k = 0; k < sd->nboat; k++) {
			if (!lw_on_river(s, tw_v2(sd->boat_x[k], sd->boat_y[k])))
				return tw_error_set(err, TW_ERR_INPUT, "KS.MOV.1", "%s's boat %d at (%.1f, %.1f) is not on a river",
						    s->sides[side].name, k, sd->boat_x[k], sd->boat_y[k]);
			int n = lw_boat_riders(s, side, k);
			if (n > LW_KS_BOAT_MEN)
				return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "%s's boat %d carries %d men; a boat holds %d",
						    s->sides[side].name, k, n, LW_KS_BOAT_MEN);
		}
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *gun = &s->gun[i];
		if (gun->side > 1)
			continue;
		const lw_gun *r = LWGN(s, gun);
		const lw_side *sd = LWS(s, gun->side);
		if (r->boxed > sd->nbox)
			return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.2", "gun %d is in box %d, but %s has %d box%s", gun->id,
					    r->boxed - 1, s->sides[gun->side].name, sd->nbox, sd->nbox == 1 ? "" : "es");
		if (r->trained > sd->ntrain)
			return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "gun %d is aboard train %d, but %s has %d train%s",
					    gun->id, r->trained - 1, s->sides[gun->side].name, sd->ntrain, sd->ntrain == 1 ? "" : "s");
	}
	return TW_OK;
}

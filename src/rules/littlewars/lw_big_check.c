// A loaded state's large-Country settings and records checked against each other (stop 33, QA):
// the agreed options (LW.BIG.1, LW.BIG.8) and the boxes and trains the men and guns say they are
// in (LW.BIG.2, LW.BIG.9). The loader checks each field's range; these are the checks across
// fields. A seat's view hides who is in a box (-1, 0), which passes.
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

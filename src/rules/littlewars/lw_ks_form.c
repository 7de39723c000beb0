// KS.FORM.1/2 on the table (stop 33): infantry and cavalry change formation (two ranks, fours,
// extended order: half a move a step), cavalry mount and dismount (a move each), before they
// move; what a change takes comes off that game move's move (lw_ks_form_left). Readings
// (docs/rules/littlewars.md): a man set down stands in two ranks and, a cavalryman, mounted;
// fours to extended order is two steps (through two ranks, a whole move); the road's half as much
// again is for men in fours (KS.MOV.2's "in twos or fours"); a dismounted cavalryman moves at the
// infantry's pace and is charged as extended order (KS.CH.6).
#include <stdio.h>

#include "lw_big.h"
#include "lw_ks_pursuit.h"
#include "lw_util.h"

enum { ACT_RANKS = 0, ACT_FOURS, ACT_EXTENDED, ACT_MOUNT, ACT_DISMOUNT };
static const char *const act_words[] = {"form two ranks", "form fours", "open to extended order", "mount",
					"dismount"};

double lw_ks_form_left(const tw_state *s, const tw_figure *f)
{
	const lw_fig *r = LWF(s, f);
	if (r->ks_form_move != s->move_no || r->ks_form_halves <= 0)
		return 1.0;
	return r->ks_form_halves >= 2 ? 0.0 : 0.5;
}

// Half moves the change takes for man f (KS.FORM.1/2 through lw_ks_form_halves), -1 with err
// filled when he may not make it.
static int cost(const tw_state *s, const tw_figure *f, int act, tw_error *err)
{
	int arm = lw_arm_of(s, f);
	const lw_fig *r = LWF(s, f);
	bool cav = arm == LW_ARM_CAVALRY;
	if (arm != LW_ARM_INFANTRY && !cav)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
				    "man %d is of the %s: the formations are the infantry's and the cavalry's", f->id,
				    lw_ks_arm_names[arm]),
		       -1;
	if (act == ACT_MOUNT || act == ACT_DISMOUNT) {
		if (!cav)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.2", "man %d is no cavalryman: he has no horse", f->id),
			       -1;
		if ((act == ACT_MOUNT) != (r->ks_dismounted != 0))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.2", "man %d is %s already", f->id,
					    r->ks_dismounted ? "on foot" : "mounted"),
			       -1;
		return lw_ks_form_halves(act == ACT_MOUNT ? LW_FA_MOUNT : LW_FA_DISMOUNT, arm, 1, err);
	}
	int to = act; // ACT_RANKS .. ACT_EXTENDED are LW_FORM_*
	if (r->ks_form == to)
		return tw_error_set(err, TW_ERR_ILLEGAL, cav ? "KS.FORM.2" : "KS.FORM.1", "man %d is in %s already", f->id,
				    to == LW_FORM_RANKS ? "two ranks" : to == LW_FORM_FOURS ? "fours" : "extended order"),
		       -1;
	int step = cav ? lw_ks_form_halves(LW_FA_CAV_FORM, arm, 1, err)
		       : lw_ks_form_halves(to == LW_FORM_FOURS || r->ks_form == LW_FORM_FOURS ? LW_FA_FOURS_RANKS : LW_FA_RANKS_EXT,
					   arm, 1, err);
	if (step < 0)
		return -1;
	// Fours and extended order are two steps apart, through two ranks.
	bool two = (r->ks_form == LW_FORM_FOURS && to == LW_FORM_EXTENDED) || (r->ks_form == LW_FORM_EXTENDED && to == LW_FORM_FOURS);
	return two ? 2 * step : step;
}

tw_status lw_validate_form(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LWG(s)->ks)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "formations and the time they take are the Kriegspiel's");
	if (o->n < ACT_RANKS || o->n > ACT_DISMOUNT)
		return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "no such change %d", o->n);
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "a change of formation names its men");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "man %d is not a free man of %s", o->fig[i],
					    s->sides[o->side].name);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "man %d is named twice", f->id);
		if (f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
					    "man %d has moved in this move: a change of formation comes before the move", f->id);
		if (LWF(s, f)->ks_still_until >= s->move_no)
			return lw_ks_still_refusal(s, f, err); // KS.CH.4, KS.RAIL.1, KS.GNL.2
		int c = cost(s, f, o->n, err);
		if (c < 0)
			return TW_ERR_ILLEGAL;
		const lw_fig *r = LWF(s, f);
		int spent = r->ks_form_move == s->move_no ? r->ks_form_halves : 0;
		if (spent + c > 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, lw_arm_of(s, f) == LW_ARM_CAVALRY ? "KS.FORM.2" : "KS.FORM.1",
					    "man %d cannot %s in this move: it takes %s, and %s of his move is gone", f->id,
					    act_words[o->n], c == 1 ? "half a move" : c == 2 ? "a whole move" : "more than a move",
					    spent == 1 ? "half" : "all");
	}
	return TW_OK;
}

tw_status lw_apply_form(tw_state *s, const tw_order *o, tw_events *ev)
{
	int halves = 0;
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = tw_state_figure(s, o->fig[i]);
		lw_fig *r = LWF(s, f);
		int c = cost(s, f, o->n, NULL);
		if (r->ks_form_move != s->move_no)
			r->ks_form_halves = 0;
		r->ks_form_move = s->move_no;
		r->ks_form_halves = (int8_t)(r->ks_form_halves + c);
		halves = c;
		if (o->n == ACT_MOUNT || o->n == ACT_DISMOUNT)
			r->ks_dismounted = o->n == ACT_DISMOUNT;
		else
			r->ks_form = (int8_t)o->n;
	}
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	bool cav = lw_arm_of(s, f0) == LW_ARM_CAVALRY;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, cav ? "KS.FORM.2" : "KS.FORM.1");
	if (e) {
		e->a = o->fig[0];
		e->b = o->nfig;
		e->c = o->n;
		tw_event_text(e, "%s's %d m%s %s: %s of the move", s->sides[o->side].name, o->nfig, o->nfig == 1 ? "an" : "en",
			      act_words[o->n], halves == 1 ? "half" : "the whole");
	}
	return TW_OK;
}

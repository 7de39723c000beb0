// After the Kriegspiel's charge (issue 18 lw-box; lw_ks_pursuit.h). Readings
// (docs/rules/littlewars.md "KS"):
// - "pursued": a free enemy cavalryman within charging distance (KS.CH.1: 36 in, base to base);
//   the pursuit stops when none is (KS.CH.10: fresh cavalry or fire drove them off, or they
//   turned away), and the obligation ends at the end of the retiring side's move;
// - "retiring": a move that ends nearer the man's own back line than it began; a pursued man's
//   move that does not is refused naming KS.CH.10 (cavalry) or KS.CH.11 (infantry). A man who
//   does not move at all is not refused: the engine makes no one move, and standing still while
//   pursued is what KS.CH.11's next charge punishes.
#include <math.h>
#include <stdio.h>

#include "lw_big.h"
#include "lw_ks_pursuit.h"
#include "lw_util.h"

tw_status lw_ks_still_refusal(const tw_state *s, const tw_figure *f, tw_error *err)
{
	const lw_fig *r = LWF(s, f);
	switch (r->ks_still_why) {
	case LW_STILL_FELL_BACK:
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.4",
				    "figure %d fell back 1 ft after a charge on his extended order: that was his next move, "
				    "he may not move in it",
				    f->id);
	case LW_STILL_WOUNDED:
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GNL.2",
				    "figure %d is the wounded General: his player is out of the room until after game move %d",
				    f->id, r->ks_still_until);
	case LW_STILL_UNLOADED:
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.RAIL.1",
				    "figure %d is getting down from the train: he may not move until after game move %d",
				    f->id, r->ks_still_until);
	default:
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.4",
				    "figure %d was charged in close order: he may not move in this move", f->id);
	}
}

bool lw_ks_pursued(const tw_state *s, const tw_figure *f, int32_t *by)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *c = &s->fig[i];
		if (c->side == f->side || !lw_is_free(c) || c->kind != TW_FK_CAVALRY || lw_arm_of(s, c) == LW_ARM_GENERAL)
			continue;
		if (lw_may_be_within(f, c, LW_KS_CHARGE_REACH + LW_EPS) && lw_gap(f, c) <= LW_KS_CHARGE_REACH + LW_EPS) {
			if (by)
				*by = c->id;
			return true;
		}
	}
	return false;
}

static const char *retire_clause(const tw_figure *f) { return f->kind == TW_FK_CAVALRY ? "KS.CH.10" : "KS.CH.11"; }

tw_status lw_ks_retire_check(const tw_state *s, const tw_figure *f, tw_vec2 from, tw_vec2 to, tw_error *err)
{
	if (!LWG(s)->ks || LWF(s, f)->ks_retiring <= 0)
		return TW_OK;
	int32_t by = -1;
	if (!lw_ks_pursued(s, f, &by))
		return TW_OK;
	const tw_side *sd = &s->sides[f->side];
	double was = sd->forward * (from.y - sd->back_y), now = sd->forward * (to.y - sd->back_y);
	if (now < was - LW_EPS)
		return TW_OK;
	return tw_error_set(err, TW_ERR_ILLEGAL, retire_clause(f),
			    "figure %d retired from cavalry and is pursued (enemy cavalryman %d within 36 in): he must keep "
			    "retiring, towards his own back line",
			    f->id, by);
}

void lw_ks_mark_retiring(tw_state *s, tw_figure *f)
{
	if (lw_is_free(f))
		LWF(s, f)->ks_retiring = s->move_no;
}

void lw_ks_pursuit_end_move(tw_state *s, int side, tw_events *ev)
{
	if (!LWG(s)->ks || side < 0 || side >= s->nsides)
		return;
	int freed = 0, first = -1;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		lw_fig *r = LWF(s, f);
		if (f->side != side || r->ks_retiring <= 0 || r->ks_retiring == s->move_no)
			continue;
		if (lw_is_free(f) && lw_ks_pursued(s, f, NULL))
			continue;
		r->ks_retiring = 0;
		if (lw_is_free(f) && freed++ == 0)
			first = f->id;
	}
	if (freed > 0) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.CH.10");
		if (e) {
			e->a = first;
			e->b = freed;
			tw_event_text(e, "%d retiring men of %s (figure %d first) are no longer pursued: they may stop retiring",
				      freed, s->sides[side].name, first);
		}
	}
}

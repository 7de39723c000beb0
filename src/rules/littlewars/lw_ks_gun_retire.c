// KS.CH.13 (issue 18 lw-box): "Artillery that retires from cavalry within charging distance must
// keep retiring as long as the cavalry pursues." The catalogue gives no Interpretation; the
// readings (docs/rules/littlewars.md, "KS.CH.13: artillery retiring"):
// - "within charging distance": a free enemy cavalryman (not the General's figure) with his base
//   within KS.CH.1's 36 in of the gun's nearest point: he pursues it;
// - "retires from cavalry": a gun move, made while so pursued, whose new axle is nearer the gun's
//   own back line than the old one (the men's reading of retiring, lw_ks_pursuit.c). A gun that
//   moves while no cavalry is within 36 in is redeploying, not retiring;
// - "must keep retiring": while still pursued, each of its side's later moves may move it only
//   nearer its own back line, and it may not fire (a gun going off limbered up is not in action).
//   It is not made to move (the engine moves nobody; a gun left standing is the cavalry's to take,
//   KS.CH.12);
// - "as long as the cavalry pursues": at the end of its side's move a gun no cavalryman is within
//   36 in of is released (the pursuit was stopped by fire or fresh cavalry, or turned away).
#include "lw_ks_gun_retire.h"

#include "lw_big.h"
#include "lw_util.h"

bool lw_ks_gun_pursued(const tw_state *s, const tw_gun *g, int32_t *by)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *c = &s->fig[i];
		if (c->side == g->side || !lw_is_free(c) || c->kind != TW_FK_CAVALRY || lw_arm_of(s, c) == LW_ARM_GENERAL)
			continue;
		if (tw_gun_distance(g, c->pos) - c->radius <= LW_KS_CHARGE_REACH + LW_EPS) {
			if (by)
				*by = c->id;
			return true;
		}
	}
	return false;
}

// How far p is in front of side's back line.
static double ahead(const tw_state *s, int side, tw_vec2 p)
{
	const tw_side *sd = &s->sides[side];
	return sd->forward * (p.y - sd->back_y);
}

static bool retiring(const tw_state *s, const tw_gun *g, int32_t *by)
{
	return LWG(s)->ks && LWGN(s, g)->ks_retiring > 0 && lw_ks_gun_pursued(s, g, by);
}

tw_status lw_ks_gun_retire_check_move(const tw_state *s, const tw_gun *g, tw_vec2 to, tw_error *err)
{
	int32_t by = -1;
	if (!retiring(s, g, &by) || ahead(s, g->side, to) < ahead(s, g->side, g->axle) - LW_EPS)
		return TW_OK;
	return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.13",
			    "gun %d retired from cavalry and is pursued (enemy cavalryman %d within 36 in): it must keep "
			    "retiring, towards its own back line",
			    g->id, by);
}

tw_status lw_ks_gun_retire_check_fire(const tw_state *s, const tw_gun *g, tw_error *err)
{
	int32_t by = -1;
	if (!retiring(s, g, &by))
		return TW_OK;
	return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.13",
			    "gun %d retired from cavalry and is pursued (enemy cavalryman %d within 36 in): it must keep "
			    "retiring and may not fire",
			    g->id, by);
}

void lw_ks_gun_note_move(tw_state *s, const tw_gun *g, tw_vec2 to, tw_events *ev)
{
	int32_t by = -1;
	if (!LWG(s)->ks || ahead(s, g->side, to) >= ahead(s, g->side, g->axle) - LW_EPS || !lw_ks_gun_pursued(s, g, &by))
		return;
	lw_gun *r = LWGN(s, g);
	bool already = r->ks_retiring > 0;
	r->ks_retiring = s->move_no;
	if (already)
		return;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, g->side, "KS.CH.13");
	if (e) {
		e->a = g->id;
		e->b = by;
		tw_event_text(e, "gun %d retires from cavalry within charging distance (cavalryman %d): it must keep retiring "
				 "as long as the cavalry pursues",
			      g->id, by);
	}
}

void lw_ks_gun_pursuit_end_move(tw_state *s, int side, tw_events *ev)
{
	if (!LWG(s)->ks || side < 0 || side >= s->nsides)
		return;
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		lw_gun *r = LWGN(s, g);
		if (r->ks_retiring <= 0 || r->ks_retiring == s->move_no)
			continue;
		bool held = g->side == side && lw_gun_in_battle(s, g) && !lw_gun_boxed(s, g) && !lw_gun_aboard(s, g) &&
			    !r->ks_destroyed && g->side == g->orig_side;
		if (held && lw_ks_gun_pursued(s, g, NULL))
			continue;
		if (g->side != side && g->side == g->orig_side)
			continue; // the other side's gun: released at the end of its own side's move
		r->ks_retiring = 0;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.CH.13");
		if (e) {
			e->a = g->id;
			tw_event_text(e, "gun %d is no longer pursued: it may stop retiring", g->id);
		}
	}
}

// The Kriegspiel's supply cycle on the table (KS.SUP.1-9, KS.GEN.2, KS.FORM.5), kept when the
// game record's ks_supply is set. `supply` hands a body its packets: Transport & Supply men who
// did not move this move (KS.FORM.5) hand over food, forage and ammunition packets, and the
// official checks them against what the body is due (KS.GEN.2: the order is refused, naming what
// is due, when they fall short). Every 6 of a side's own moves (lw_ks_supply_end_move) its men
// who were not supplied in the cycle are unsupplied: they cannot move (KS.SUP.9), and after 6
// more own moves without supply they are out of action. Readings (docs/rules/littlewars.md):
// - the body is the men the order names; every one must be within 6 ft (a cavalryman 18 ft) of a
//   handing man with no enemy base on the straight line between (KS.SUP.2/5);
// - ammunition is due only for a body whose every infantryman fired (the `rifle` order,
//   lw_ks_rifle.c) in each of the last 6 own moves since his last ammunition (KS.SUP.1); a body
//   isolated by more than 12 ft with under 30 infantry and no cavalry is due nothing and is
//   recorded as supplied (KS.SUP.3);
// - horses eaten for food (KS.SUP.7) by a surrounded body (KS.SUP.6) and its surrender
//   (KS.SUP.10) are lw_ks_siege.c's `feed` order and end-of-move rule.
#include <math.h>

#include "lw_big.h"
#include "lw_util.h"

static bool serves(const tw_figure *f) { return f->kind == TW_FK_INFANTRY || f->kind == TW_FK_CAVALRY; }

// KS.SUP: the men who must be supplied: not the General, not Transport & Supply themselves.
static bool fed_by_packets(const tw_state *s, const tw_figure *f)
{
	int a = lw_arm_of(s, f);
	return serves(f) && a != LW_ARM_GENERAL && a != LW_ARM_TS;
}

// The body's account (KS.SUP.1, 3, 4): men, horses, isolation from the side's other men.
static void body_of(const tw_state *s, const tw_order *o, lw_ks_body *b)
{
	*b = (lw_ks_body){0};
	b->has_ammo = true;
	b->last_horse = -1;
	double gap = INFINITY;
	int run = -1; // KS.SUP.1 with KS.RF.1: the own moves in a row every infantryman has fired
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		if (f->kind == TW_FK_CAVALRY) {
			b->cavalry++;
			b->horses++;
		} else {
			b->infantry++;
			const lw_fig *r = LWF(s, f);
			int his = r->ks_fired_in > 0 && r->ks_fired_in >= s->move_no - 2 ? r->ks_fire_run : 0;
			run = run < 0 || his < run ? his : run;
		}
	}
	b->fired_moves = run > 0 ? run : 0;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *g = &s->fig[j];
		if (g->side != o->side || !lw_is_free(g))
			continue;
		bool in = false;
		for (int i = 0; i < o->nfig && !in; i++)
			in = o->fig[i] == g->id;
		if (in)
			continue;
		for (int i = 0; i < o->nfig; i++)
			gap = fmin(gap, lw_gap(&s->fig[o->fig[i]], g));
	}
	b->isolated = gap > LW_KS_ISOLATED + LW_EPS; // KS.SUP.3: more than 12 ft from any other body
}

tw_status lw_validate_supply(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LWG(s)->ks || !LWG(s)->ks_supply)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.1", "this game keeps no supply cycle (the Kriegspiel's KS.SUP)");
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.1", "name the body to be supplied");
	for (int i = 0; i < o->nfig2; i++) {
		const tw_figure *t = tw_state_figure_c(s, o->fig2[i]);
		if (!t || t->side != o->side || !lw_is_free(t) || lw_arm_of(s, t) != LW_ARM_TS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.1",
					    "man %d is no free Transport & Supply man of %s: only they hand over supplies",
					    o->fig2[i], s->sides[o->side].name);
		if (t->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.5",
					    "man %d moved in this move: Transport & Supply hand over only in a move they did not move",
					    t->id);
	}
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f) || !fed_by_packets(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.1", "man %d is no free man of %s to be supplied",
					    o->fig[i], s->sides[o->side].name);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.1", "man %d is named twice", f->id);
		if (LWF(s, f)->ks_fed)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.1", "man %d has been supplied in this cycle already",
					    f->id);
	}
	lw_ks_body b;
	body_of(s, o, &b);
	if (!lw_ks_needs_supply(&b)) // KS.SUP.3: recorded, nothing due
		return TW_OK;
	if (o->nfig2 < 1)
		return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.2", "name the Transport & Supply men handing over");
	// KS.SUP.2/5: every man within reach of a handing man, no enemy on the line between.
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		bool cav = f->kind == TW_FK_CAVALRY, near = false, reached = false;
		for (int k = 0; k < o->nfig2 && !reached; k++) {
			tw_vec2 sup = s->fig[o->fig2[k]].pos;
			if (tw_dist(sup, f->pos) > (cav ? LW_KS_SUP_CAV_R : LW_KS_SUP_INF_R) + LW_EPS)
				continue;
			near = true;
			reached = true;
			for (int e = 0; e < s->nfig && reached; e++) {
				const tw_figure *en = &s->fig[e];
				if (en->side != o->side && lw_is_free(en) &&
				    !lw_ks_supply_reaches(sup, f->pos, cav, &en->pos, 1, en->radius))
					reached = false;
			}
		}
		if (!reached)
			return near ? tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.5",
						   "an enemy stands between man %d and the supplies handed to him", f->id)
				    : tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.2",
						   "man %d is more than %s from the supplies handed over", f->id,
						   cav ? "18 ft (216 in)" : "6 ft (72 in)");
	}
	// KS.GEN.2: the official checks the packets handed in against what is due.
	int food, forage, ammo;
	lw_ks_packets_due(&b, &food, &forage, &ammo);
	int have[3] = {0, 0, 0};
	for (int k = 0; k < o->nval && k < 3; k++)
		have[k] = o->val[k];
	if (o->nval > 3 || have[0] < 0 || have[1] < 0 || have[2] < 0)
		return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.1", "packets are three counts: food, forage, ammunition");
	if (have[0] < food || have[1] < forage || have[2] < ammo)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.1",
				    "the official counts %d food, %d forage and %d ammunition packets; %d infantry and %d "
				    "cavalry are due %d, %d and %d (KS.SUP.4)",
				    have[0], have[1], have[2], b.infantry, b.cavalry, food, forage, ammo);
	return TW_OK;
}

tw_status lw_apply_supply(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_ks_body b;
	body_of(s, o, &b);
	int food = 0, forage = 0, ammo = 0;
	bool needs = lw_ks_needs_supply(&b);
	if (needs)
		lw_ks_packets_due(&b, &food, &forage, &ammo);
	for (int i = 0; i < o->nfig; i++) {
		lw_fig *r = LWF(s, &s->fig[o->fig[i]]);
		r->ks_fed = 1;
		r->ks_unsupplied = 0; // KS.SUP.9: supplies arrived
		r->ks_last_horse = 0; // KS.SUP.10: relieved, no longer surrounded
		if (ammo > 0)
			r->ks_fire_run = 0; // KS.SUP.1: the ammunition is made good
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, needs ? "KS.SUP.1" : "KS.SUP.3");
	if (e) {
		e->b = o->nfig;
		bool one = o->nfig == 1;
		if (needs)
			tw_event_text(e, "%s's official checks %d food, %d forage and %d ammunition packets for %d m%s",
				      s->sides[o->side].name, food, forage, ammo, o->nfig, one ? "an" : "en");
		else // KS.SUP.3
			tw_event_text(e, "%s's %d m%s isolated and fewer than 30 infantry: %s no supply",
				      s->sides[o->side].name, o->nfig, one ? "an is" : "en are", one ? "he needs" : "they need");
	}
	return TW_OK;
}

void lw_ks_supply_end_move(tw_state *s, int side, tw_events *ev)
{
	if (!LWG(s)->ks || !LWG(s)->ks_supply || side < 0 || side > 1)
		return;
	lw_ks_siege_end_move(s, side, ev); // KS.SUP.10 (lw_ks_siege.c)
	lw_side *sd = LWS(s, side);
	int out = 0, starved = 0;
	for (int i = 0; i < s->nfig; i++) { // KS.SUP.9: 6 more own moves unsupplied: out of action
		tw_figure *f = &s->fig[i];
		lw_fig *r = LWF(s, f);
		if (f->side != side || !lw_is_free(f) || r->ks_unsupplied <= 0)
			continue;
		if (++r->ks_unsupplied > LW_KS_SUP_MOVES) {
			f->status = TW_FS_OUT;
			out++;
		}
	}
	if (++sd->sup_moves >= LW_KS_SUP_MOVES) { // KS.SUP.1: the cycle's hand-over is due
		sd->sup_moves = 0;
		for (int i = 0; i < s->nfig; i++) {
			tw_figure *f = &s->fig[i];
			lw_fig *r = LWF(s, f);
			if (f->side != side)
				continue;
			if (lw_is_free(f) && fed_by_packets(s, f) && !r->ks_fed && r->ks_unsupplied == 0) {
				r->ks_unsupplied = 1; // cannot move from now
				starved++;
			}
			r->ks_fed = 0;
		}
	}
	if (starved) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.SUP.9");
		if (e) {
			e->b = starved;
			tw_event_text(e, "%d of %s's men %s not supplied in the 6 moves: %s cannot move", starved,
				      s->sides[side].name, starved == 1 ? "was" : "were", starved == 1 ? "he" : "they");
		}
	}
	if (out) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.SUP.9");
		if (e) {
			e->b = out;
			tw_event_text(e, "%d of %s's men had no supplies for 6 more moves: out of action", out, s->sides[side].name);
		}
	}
}

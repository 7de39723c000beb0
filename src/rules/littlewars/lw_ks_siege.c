// Surrounded troops in the Kriegspiel (KS.SUP.6/7/10), kept with the supply cycle (ks_supply).
// `feed FIGURES eat TROOPERS packets FOOD,FORAGE`: a surrounded or besieged body, which no
// Transport & Supply of its side can reach (KS.SUP.2/5), hands in its own food and forage packets
// at the cycle's rates (KS.SUP.6: 1 food per 30 men, 1 forage per 6 horses, KS.SUP.4's
// rounding); when the food runs short, the player chooses troopers whose horses are eaten, one
// horse a missing food packet and never for forage (KS.SUP.7); the trooper fights on as an
// infantryman. The body is then supplied for the cycle. When it eats its last horse its men are
// marked (ks_last_horse), and at the end of their side's 4th own move after that they surrender
// to the enemy (KS.SUP.10) unless supplies have reached them (a `supply` order clears the mark).
#include <math.h>

#include "lw_big.h"
#include "lw_util.h"

static bool in_list(const int32_t *ids, int n, int id)
{
	for (int i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

// KS.SUP.2/5: a free Transport & Supply man or waggon of the side within reach of f with no
// enemy base on the straight line between; its id, else -1.
static int reached_by(const tw_state *s, const tw_figure *f)
{
	bool cav = f->kind == TW_FK_CAVALRY;
	for (int k = 0; k < s->nfig; k++) {
		const tw_figure *t = &s->fig[k];
		if (t->side != f->side || !lw_is_free(t) || lw_arm_of(s, t) != LW_ARM_TS || t->id == f->id)
			continue;
		if (tw_dist(t->pos, f->pos) > (cav ? LW_KS_SUP_CAV_R : LW_KS_SUP_INF_R) + LW_EPS)
			continue;
		bool cut = false;
		for (int e = 0; e < s->nfig && !cut; e++) {
			const tw_figure *en = &s->fig[e];
			cut = en->side != f->side && lw_is_free(en) &&
			      !lw_ks_supply_reaches(t->pos, f->pos, cav, &en->pos, 1, en->radius);
		}
		if (!cut)
			return t->id;
	}
	return -1;
}

tw_status lw_validate_feed(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LWG(s)->ks || !LWG(s)->ks_supply)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.6", "this game keeps no supply cycle (the Kriegspiel's KS.SUP)");
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.6", "name the surrounded body");
	if (o->nval > 2 || (o->nval > 0 && o->val[0] < 0) || (o->nval > 1 && o->val[1] < 0))
		return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.6", "packets are two counts: food, forage");
	int men = 0, horses = 0;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		int a = f ? lw_arm_of(s, f) : -1;
		if (!f || f->side != o->side || !lw_is_free(f) || (f->kind != TW_FK_INFANTRY && f->kind != TW_FK_CAVALRY) ||
		    a == LW_ARM_GENERAL || a == LW_ARM_TS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.6", "man %d is no free man of %s to be fed", o->fig[i],
					    s->sides[o->side].name);
		if (in_list(o->fig, i, f->id))
			return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.6", "man %d is named twice", f->id);
		if (LWF(s, f)->ks_fed)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.6", "man %d has been supplied in this cycle already", f->id);
		int t = reached_by(s, f);
		if (t >= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.6",
					    "man %d is not surrounded: Transport & Supply %d reaches him (hand supplies over with "
					    "`supply`)",
					    f->id, t);
		men++;
		horses += f->kind == TW_FK_CAVALRY;
	}
	for (int i = 0; i < o->nfig2; i++) {
		int id = o->fig2[i];
		if (!in_list(o->fig, o->nfig, id) || s->fig[id].kind != TW_FK_CAVALRY)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.7", "man %d is no trooper of the body: only its horses are eaten",
					    id);
		if (in_list(o->fig2, i, id))
			return tw_error_set(err, TW_ERR_INPUT, "KS.SUP.7", "man %d's horse is named twice", id);
	}
	int food = o->nval > 0 ? o->val[0] : 0, forage = o->nval > 1 ? o->val[1] : 0, eaten = o->nfig2;
	int food_due = lw_ks_food_packets(men), forage_due = lw_ks_forage_packets(horses - eaten); // KS.SUP.4/6
	if (eaten > 0 && food + eaten > food_due)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.7",
				    "%d horses eaten with %d food packets for %d due: a horse is eaten only in place of a missing "
				    "food packet",
				    eaten, food, food_due);
	if (food + eaten < food_due || forage < forage_due)
		return tw_error_set(err, TW_ERR_ILLEGAL, forage < forage_due ? "KS.SUP.7" : "KS.SUP.6",
				    "the official counts %d food and %d forage packets and %d horses eaten; %d men and %d horses "
				    "are due %d food and %d forage%s",
				    food, forage, eaten, men, horses - eaten, food_due, forage_due,
				    forage < forage_due ? " (a horse is never eaten in place of forage)" : "");
	return TW_OK;
}

tw_status lw_apply_feed(tw_state *s, const tw_order *o, tw_events *ev)
{
	int horses = 0;
	for (int i = 0; i < o->nfig2; i++) { // KS.SUP.7: the trooper fights on as an infantryman
		tw_figure *f = &s->fig[o->fig2[i]];
		f->kind = TW_FK_INFANTRY;
		f->radius = 0.3;
		f->height = 2.0;
		if (LWF(s, f)->arm == LW_ARM_CAVALRY)
			LWF(s, f)->arm = LW_ARM_INFANTRY;
	}
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		lw_fig *r = LWF(s, f);
		r->ks_fed = 1;
		r->ks_unsupplied = 0;
		horses += f->kind == TW_FK_CAVALRY;
	}
	bool last = o->nfig2 > 0 && horses == 0;
	if (last) // KS.SUP.10: the count to surrender starts
		for (int i = 0; i < o->nfig; i++)
			LWF(s, &s->fig[o->fig[i]])->ks_last_horse = s->move_no;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, o->nfig2 > 0 ? "KS.SUP.7" : "KS.SUP.6");
	if (e) {
		e->a = o->nfig2;
		e->b = o->nfig;
		tw_event_text(e, "%s's %d surrounded men are fed from their own stores, eating %d horse%s%s",
			      s->sides[o->side].name, o->nfig, o->nfig2, o->nfig2 == 1 ? "" : "s",
			      last ? "; the last is gone: they must surrender in 4 moves (KS.SUP.10)" : "");
	}
	return TW_OK;
}

void lw_ks_siege_end_move(tw_state *s, int side, tw_events *ev)
{
	if (!LWG(s)->ks || !LWG(s)->ks_supply || side < 0 || side > 1)
		return;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		lw_fig *r = LWF(s, f);
		// KS.SUP.10: 4 of his side's own moves after the one in which the last horse was eaten.
		if (f->side != side || !lw_is_free(f) || r->ks_last_horse <= 0 ||
		    s->move_no - r->ks_last_horse < 2 * LW_KS_SURRENDER)
			continue;
		int captor = lw_enemy(side);
		lw_surrender_man(s, f, captor); // as LW.MEL.16
		r->ks_last_horse = 0;
		tw_event *e = tw_events_push(ev, TW_EV_SURRENDER, side, "KS.SUP.10");
		if (e) {
			e->a = f->id;
			e->b = captor;
			e->x = f->pos.x;
			e->y = f->pos.y;
			tw_event_text(e, "figure %d surrenders to %s: 4 moves since his force ate its last horse", f->id,
				      s->sides[captor].name);
		}
	}
}

// A Rattle of Dice: shooting (RD.SHOOT): who may shoot (RD.SHOOT.1), line of sight (RD.SHOOT.2),
// arc (RD.SHOOT.3), contact (RD.SHOOT.4), ranges (RD.SHOOT.5), dice from figures (RD.SHOOT.6,
// RD.CON.4), hits (RD.SHOOT.7, RD.CON.6), the three modifier categories (RD.SHOOT.8-11), cover
// and enfilade (RD.SHOOT.13/14) and removing the hits (RD.SHOOT.15, RD.CON.5).
#include <math.h>

#include "rd.h"

int rd_shoot_dice(const tw_state *s, int u)
{
	int per = rd_types[RDU(s, u)->type].shoot_per;
	return tw_rd_dice(2 * rd_unit_figures(s, u, false), per); // RD.SHOOT.6: band and Generals never count
}

void rd_shoot_categories(const tw_state *s, int u, int t, bool *difficult, bool *vulnerable, bool *superior)
{
	const rd_urec *ru = RDU(s, u), *rt = RDU(s, t);
	tw_vec2 from = rd_unit_centre(s, u);
	// RD.SHOOT.8: cover, skirmish order, mounted cavalry, artillery (MGs and rockets too).
	*difficult = rd_unit_in_cover(s, t, from) || s->unit[t].formation == TW_RD_F_SKIRMISH ||
		     rd_types[rt->type].mounted || rd_types[rt->type].artillery;
	// RD.SHOOT.9: infantry or cavalry column (not limbered guns), or enfilade (RD.SHOOT.14).
	bool column = s->unit[t].formation == TW_RD_F_COLUMN && !rd_types[rt->type].artillery && rt->type != TW_RD_WAGON;
	*vulnerable = column || !rd_in_front_arc(s, t, from, 0);
	// RD.SHOOT.10: sharpshooters, superior weapons, or a gun's canister within 12 in.
	bool canister = (ru->type == TW_RD_FOOT_ART || ru->type == TW_RD_HORSE_ART) &&
			rd_unit_gap(s, u, t) <= RD_CANISTER + RD_EPS;
	*superior = (ru->attrs & (RUA_SHARPSHOOTERS | RUA_SUPERIOR)) || canister;
}

static int target_unit(const tw_state *s, const tw_order *o, int shooter, tw_error *err)
{
	const tw_figure *t = tw_state_figure_c(s, o->fig2[0]);
	if (!t || t->status != TW_FS_ACTIVE || t->unit < 0 || t->kind == TW_FK_GENERAL || t->side == s->unit[shooter].side ||
	    tw_allied(s, t->side, s->unit[shooter].side)) {
		tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "figure %d is not of an enemy unit (Generals cannot be shot at, RD.GEN.1)",
			     o->fig2[0]);
		return -1;
	}
	for (int i = 1; i < o->nfig2; i++) {
		const tw_figure *g = tw_state_figure_c(s, o->fig2[i]);
		if (!g || g->unit != t->unit) {
			tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "a unit shoots at one target unit per action");
			return -1;
		}
	}
	return t->unit;
}

tw_status rd_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->status != TW_FS_ACTIVE || f0->kind == TW_FK_GENERAL)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	for (int i = 1; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "the shooters are the figures of one unit");
	}
	const rd_urec *r = RDU(s, u);
	tw_status bst = rd_boat_refuses(s, u, false, err); // ---- boats and trains (rd_boat.c) ----
	if (bst != TW_OK)
		return bst;
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must attempt to rally this phase", u);
	if (r->action != RD_ACT_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "unit %d has already %s this phase: it may not shoot", u,
				    r->action == RD_ACT_MOVE ? "moved" : "acted");
	const rd_type_row *ty = &rd_types[r->type];
	if (ty->shoot_per == 0 || tw_rd_range(r->weapon) <= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "%s units with %ss never shoot",
				    rd_type_names[r->type], rd_weapon_names[r->weapon]);
	if (ty->artillery && s->unit[u].formation != TW_RD_F_DEPLOYED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.1", "artillery must be deployed to shoot");
	int t = target_unit(s, o, u, err);
	if (t < 0)
		return TW_ERR_ILLEGAL;
	if (rd_unit_engaged(s, u) || rd_unit_engaged(s, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.4", "no shooting into or out of contact");
	double range = rd_unit_gap(s, u, t), max = tw_rd_range(r->weapon);
	if (range > max + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.5", "unit %d is %.3g in away: %ss reach %g in", t, range,
				    rd_weapon_names[r->weapon], max);
	if (!rd_unit_in_arc(s, u, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.3", "unit %d is outside the shooter's 90-degree arc", t);
	if (!rd_units_see(s, u, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SHOOT.2", "no clear line from unit %d to unit %d", u, t);
	return TW_OK;
}

tw_status rd_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit, t = s->fig[o->fig2[0]].unit;
	bool diff, vuln, sup;
	rd_shoot_categories(s, u, t, &diff, &vuln, &sup);
	int mod = tw_rd_shoot_mod(diff, vuln, sup), face = tw_rd_hit_face(mod);
	int n = rd_shoot_dice(s, u), figures = rd_unit_figures(s, u, false);
	RDU(s, u)->action = RD_ACT_SHOOT;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.SHOOT.11");
	if (e) {
		e->a = u;
		e->b = t;
		e->c = n;
		e->d = mod;
		tw_event_text(e, "unit %d shoots at unit %d: %d figures, %d dice (RD.SHOOT.6), net %+d%s%s%s: hits on %d+", u, t,
			      figures, n, mod, diff ? " difficult -1" : "", vuln ? " vulnerable +1" : "",
			      sup ? " superior +1" : "", face);
	}
	if (n <= 0)
		return TW_OK;
	int faces[TW_ROLL_MAX];
	tw_roll(s, ev, o->side, "RD.SHOOT.6", n, 6, faces, NULL);
	int hits = 0;
	for (int i = 0; i < n; i++)
		hits += faces[i] >= face; // RD.SHOOT.7, RD.CON.6: each die on its own
	e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.SHOOT.7");
	if (e) {
		e->a = u;
		e->b = t;
		e->c = hits;
		tw_event_text(e, "unit %d scores %d hit%s on unit %d", u, hits, hits == 1 ? "" : "s", t);
	}
	rd_hit_event(s, t, hits, rd_unit_centre(s, u), "RD.CON.5", ev);
	if (!rd_unit_alive(s, t)) {
		e = tw_events_push(ev, TW_EV_INFO, s->unit[t].side, "RD.CON.5");
		if (e) {
			e->a = t;
			tw_event_text(e, "unit %d (%s) is destroyed", t, s->unit[t].name);
		}
	}
	return TW_OK;
}

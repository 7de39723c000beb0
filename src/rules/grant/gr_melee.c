// The charge's contact (GR.CHARGE.5/6) and melee fought as individual combats (GR.MELEE).
#include <stdlib.h>
#include <string.h>

#include "gr.h"

static bool in_contact(const tw_state *s, const tw_figure *a, const tw_figure *b)
{
	return a->status == TW_FS_ACTIVE && b->status == TW_FS_ACTIVE && a->side != b->side &&
	       tw_figure_gap(a, b) <= s->params[GRP_CONTACT];
}

static int defender_of(const tw_state *s, int attacker)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *a = &s->fig[i];
		if (a->unit != attacker || a->status != TW_FS_ACTIVE)
			continue;
		for (int j = 0; j < s->nfig; j++)
			if (s->fig[j].unit >= 0 && in_contact(s, a, &s->fig[j]))
				return s->fig[j].unit;
	}
	return -1;
}

void gr_charge_contact(tw_state *s, int attacker, tw_events *ev)
{
	int def = defender_of(s, attacker);
	if (def < 0)
		return;
	tw_unit *au = gr_unit(s, attacker), *du = gr_unit(s, def);
	int da = 0, dd = 0;
	for (int k = 0; k < 100 && da == dd; k++) { // GR.CHARGE.5: ties are thrown again
		da = tw_rng_d6(&s->rng);
		dd = tw_rng_d6(&s->rng);
	}
	tw_event *e = tw_events_push(ev, TW_EV_TOSS, au->side, "GR.CHARGE.5");
	if (e) {
		e->a = dd > da ? du->side : au->side;
		e->b = da;
		e->c = dd;
		tw_event_text(e, "charge dice-off: %s %d, %s %d", au->name, da, du->name, dd);
	}
	if (dd <= da || gr_unit_halted(s, du))
		return;
	int before = 0;
	for (int i = 0; i < s->nfig; i++)
		before += s->fig[i].unit == attacker && s->fig[i].status == TW_FS_ACTIVE;
	int troop = du->stats[GU_TYPE];
	tw_vec2 from = tw_v2(0, 0);
	double d;
	int fa = -1;
	if (gr_nearest_between(s, def, attacker, &d, &fa, NULL))
		from = tw_state_figure_c(s, fa)->pos;
	if (troop == TW_GR_ARTILLERY) { // a battery fires canister
		for (int k = 0; k < s->ngun; k++) {
			const tw_gun *g = &s->gun[k];
			if (g->stats[GG_UNIT] == def && !g->stats[GG_DESTROYED]) {
				tw_vec2 toward = tw_state_figure_c(s, s->fig[0].id)->pos;
				int fb = -1;
				if (gr_nearest_between(s, def, attacker, &d, NULL, &fb))
					toward = tw_state_figure_c(s, fb)->pos;
				gr_canister(s, g, toward, ev);
			}
		}
	} else if (troop == TW_GR_LIGHT_INF) {
		int32_t *ids = malloc(sizeof *ids * (size_t)(s->nfig + 1));
		int n = 0, tf = -1;
		if (ids) {
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].unit == def && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i]))
					ids[n++] = s->fig[i].id;
			if (gr_nearest_between(s, def, attacker, &d, NULL, &tf) && n > 0)
				gr_light_fire(s, def, ids, n, tf, false, true, ev);
			free(ids);
		}
	} else if (gr_line_type(troop)) {
		bool cover = gr_unit_in_cover(s, attacker, from);
		gr_fire_volley(s, def, attacker, 0, !(du->stats[GU_FLAGS] & GUF_FIRED_EVER), cover, ev); // close range
	}
	int after = 0;
	for (int i = 0; i < s->nfig; i++)
		after += s->fig[i].unit == attacker && s->fig[i].status == TW_FS_ACTIVE;
	int lost = before - after;
	if (lost > 255)
		lost = 255;
	au->stats[GU_FLAGS] = (au->stats[GU_FLAGS] & ~(0xFF << 20)) | (lost << 20); // GR.CHARGE.6
	e = tw_events_push(ev, TW_EV_INFO, du->side, "GR.CHARGE.6");
	if (e)
		tw_event_text(e, "%s loses %d to the close-range fire before contact", au->name, lost);
}

typedef struct combat {
	int a[3], na; // attacker side figures
	int b[3], nb;
} combat;

static bool is_cav(const tw_state *s, const tw_figure *f)
{
	const tw_unit *u = gr_unit_c(s, f->unit);
	return u && gr_cavalry(u->stats[GU_TYPE]);
}

static int exhaust_move(const tw_state *s, const tw_unit *u)
{
	if (!u->stats[GU_EXHAUST])
		return 0;
	int k = s->move_no - u->stats[GU_EXHAUST];
	return k >= 1 && k <= 4 ? k : 0;
}

int gr_melee_bonus(const tw_state *s, const tw_unit *me, const tw_unit *foe, const tw_figure *mine,
		      const tw_figure *theirs, bool attacker, int round)
{
	int b = 0;
	if (round == 1 && (me->stats[GU_FLAGS] & GUF_CHARGED_NOW))
		b += 1; // GR.MELEE.12
	if (attacker && tw_table_ground(&s->table, mine->pos) > tw_table_ground(&s->table, theirs->pos) + 1e-9)
		b += 1; // GR.MELEE.13
	if (me->stats[GU_TYPE] == TW_GR_HEAVY_CAV && foe->stats[GU_TYPE] == TW_GR_LIGHT_CAV)
		b += 1; // GR.MELEE.14
	if (me->stats[GU_TYPE] == TW_GR_GRENADIER)
		b += 1; // GR.GREN.3
	if (!gr_cavalry(me->stats[GU_TYPE]) && mine->stats[GF_HOUSE] > 0) {
		int h = mine->stats[GF_HOUSE] - 1;
		if (!theirs->stats[GF_INSIDE]) // GR.MELEE.9: once inside, equal terms
			b += s->vars[GV_HOUSE_RUIN + h] ? 1 : 2; // GR.HOUSE.4: a ruin is a wall
	} else if (!gr_cavalry(me->stats[GU_TYPE]) && !attacker) {
		for (int t = 0; t < s->table.nterrain; t++)
			if (s->table.terrain[t].kind == TW_TER_WALL &&
			    tw_terrain_segment_hits(&s->table.terrain[t], mine->pos, theirs->pos)) {
				b += 1; // GR.MELEE.15
				break;
			}
	}
	int k = exhaust_move(s, foe);
	if (k && !exhaust_move(s, me))
		b += tw_grant_exhaust_bonus(k, round > 1); // GR.MELEE.25
	return b;
}

static int fight_pair(tw_state *s, int ua, int ub, int round, tw_events *ev, int *lost_a, int *lost_b)
{
	tw_unit *au = gr_unit(s, ua), *bu = gr_unit(s, ub);
	int nf = s->nfig;
	int8_t *used = calloc((size_t)nf + 1, 1);
	combat *cv = malloc(sizeof *cv * (size_t)(nf + 1));
	int nc = 0;
	if (!used || !cv) {
		free(used);
		free(cv);
		return 0;
	}
	if (round == 1 && (au->stats[GU_FLAGS] & GUF_CHARGED_NOW) && au->formation == GR_F_COLUMN &&
	    gr_line_type(au->stats[GU_TYPE]))
		gr_lap_round(s, ua, ub, ev); // GR.CHARGE.2/3
	else if (round >= 2)
		gr_melee_flow(s, ua, ub, ev); // GR.MELEE.17
	// GR.MELEE.9: attackers at a garrison throw to break in.
	for (int i = 0; i < nf; i++) {
		tw_figure *a = &s->fig[i];
		if (a->unit != ua || a->status != TW_FS_ACTIVE || a->stats[GF_INSIDE])
			continue;
		for (int j = 0; j < nf; j++) {
			tw_figure *b = &s->fig[j];
			if (b->unit == ub && b->stats[GF_HOUSE] && in_contact(s, a, b)) {
				int d = tw_rng_d6(&s->rng);
				if (d >= 4)
					a->stats[GF_INSIDE] = 1;
				tw_event *e = tw_events_push(ev, TW_EV_DICE, a->side, "GR.MELEE.9");
				if (e) {
					e->a = d;
					e->b = 1;
					tw_event_text(e, "figure %d %s the house (%d)", a->id, d >= 4 ? "breaks into" : "stays outside", d);
				}
				break;
			}
		}
	}
	// GR.MELEE.26/27: heavy cavalry charging formed infantry fewer than 4 ranks deep.
	if (round == 1 && au->stats[GU_TYPE] == TW_GR_HEAVY_CAV && (au->stats[GU_FLAGS] & GUF_CHARGED_NOW) &&
	    gr_line_type(bu->stats[GU_TYPE]) && bu->formation != GR_F_OPEN) {
		int need = tw_grant_breakthrough(bu->formation == GR_F_COLUMN ? 4 : 2);
		for (int i = 0; i < nf && need <= 6; i++) {
			tw_figure *a = &s->fig[i];
			if (a->unit != ua || a->status != TW_FS_ACTIVE)
				continue;
			for (int j = 0; j < nf; j++) {
				tw_figure *b = &s->fig[j];
				if (b->unit != ub || !in_contact(s, a, b) || !gr_is_rf(b))
					continue;
				int d = tw_rng_d6(&s->rng);
				if (d >= need) {
					used[i] = 1; // goes through: not part of the melee
					gr_kill(s, b, "GR.MELEE.27", 4, ev);
					(*lost_b)++;
				}
				break;
			}
		}
	}
	for (int j = 0; j < nf; j++) {
		tw_figure *b = &s->fig[j];
		if (b->unit != ub || b->status != TW_FS_ACTIVE || used[j])
			continue;
		combat c = {.nb = 1};
		c.b[0] = j;
		bool bcav = is_cav(s, b);
		for (int i = 0; i < nf && c.na < 3; i++) {
			tw_figure *a = &s->fig[i];
			if (a->unit != ua || used[i] || !in_contact(s, a, b))
				continue;
			double ma, mb;
			bool acav = is_cav(s, a);
			if (c.na > 0 && acav != is_cav(s, &s->fig[c.a[0]]))
				continue;
			if (!tw_grant_pairing(acav, c.na + 1, bcav, 1, &ma, &mb))
				continue; // GR.MELEE.6
			c.a[c.na++] = i;
		}
		if (c.na == 0)
			continue;
		for (int k = 0; k < c.na; k++)
			used[c.a[k]] = 1;
		used[j] = 1;
		cv[nc++] = c;
	}
	// Defenders left over join a combat where they make a legal 2 against 1.
	for (int j = 0; j < nf; j++) {
		tw_figure *b = &s->fig[j];
		if (b->unit != ub || b->status != TW_FS_ACTIVE || used[j])
			continue;
		for (int k = 0; k < nc; k++) {
			combat *c = &cv[k];
			double ma, mb;
			if (c->na == 1 && c->nb == 1 && in_contact(s, &s->fig[c->a[0]], b) &&
			    is_cav(s, b) == is_cav(s, &s->fig[c->b[0]]) &&
			    tw_grant_pairing(is_cav(s, &s->fig[c->a[0]]), 1, is_cav(s, b), 2, &ma, &mb)) {
				c->b[c->nb++] = j;
				used[j] = 1;
				break;
			}
		}
	}
	for (int k = 0; k < nc; k++) {
		combat *c = &cv[k];
		tw_figure *fa = &s->fig[c->a[0]], *fb = &s->fig[c->b[0]];
		double ma = 1, mb = 1;
		tw_grant_pairing(is_cav(s, fa), c->na, is_cav(s, fb), c->nb, &ma, &mb);
		int ba = gr_melee_bonus(s, au, bu, fa, fb, true, round), bb = gr_melee_bonus(s, bu, au, fb, fa, false, round);
		int da = tw_rng_d6(&s->rng);
		int db = tw_rng_d6(&s->rng);
		double sa = tw_grant_melee_score(da, ma, ba), sb = tw_grant_melee_score(db, mb, bb);
		tw_event *e = tw_events_push(ev, TW_EV_MELEE, au->side, "GR.MELEE.2");
		if (e) {
			e->a = ua;
			e->b = c->na;
			e->c = c->nb;
			e->d = sa > sb ? 1 : sa < sb ? 2 : 0;
			e->x = sa;
			e->y = sb;
			tw_event_text(e, "%d v %d: %d x %.1f + %d = %.1f against %d x %.1f + %d = %.1f", c->na, c->nb, da, ma, ba, sa,
				      db, mb, bb, sb);
		}
		// The combat's figures, all in base contact: GR.MELEE.16 in the first melee move, GR.MELEE.18 after.
		for (int m = 0; e && m < c->na + c->nb; m++) {
			const tw_figure *f = &s->fig[m < c->na ? c->a[m] : c->b[m - c->na]];
			tw_event *p = tw_events_push(ev, TW_EV_MELEE_MEMBER, f->side, round == 1 ? "GR.MELEE.16" : "GR.MELEE.18");
			if (!p)
				break;
			p->a = f->id;
			p->b = ua;
			p->c = 1;
			p->x = f->pos.x;
			p->y = f->pos.y;
			tw_event_text(p, "figure %d fights in this combat, in contact", f->id);
		}
		if (sa == sb)
			continue; // GR.MELEE.7: a tie harms no one
		tw_figure *loser = sa > sb ? fb : fa;
		// GR.MELEE.7: of 2 or 3 figures, the owner picks the one lost (default: the first)
		int pick = sa > sb ? gr_owner_choice(s, c->b, c->nb) : gr_owner_choice(s, c->a, c->na);
		if (pick >= 0 && (sa > sb ? c->nb : c->na) > 1) {
			loser = &s->fig[sa > sb ? c->b[pick] : c->a[pick]];
			gr_owner_event(s, loser, "GR.MELEE.7", ev);
		}
		int alive_before = loser->status == TW_FS_ACTIVE;
		gr_hit_figure(s, loser, "GR.MELEE.7", ev); // GR.MELEE.8: an officer takes the save
		if (alive_before && loser->status == TW_FS_DEAD) {
			if (sa > sb)
				(*lost_b)++;
			else
				(*lost_a)++;
		}
	}
	free(used);
	free(cv);
	return nc;
}

static bool built_up(const tw_state *s, int ua, int ub)
{
	for (int i = 0; i < s->nfig; i++)
		if ((s->fig[i].unit == ua || s->fig[i].unit == ub) && s->fig[i].status == TW_FS_ACTIVE && s->fig[i].stats[GF_HOUSE])
			return true;
	return false;
}

void gr_melee_end_move(tw_state *s, tw_events *ev)
{
	int nu = s->nunit;
	uint8_t *pair = calloc((size_t)nu * (size_t)nu + 1, 1);
	if (!pair)
		return;
	for (int i = 0; i < s->nfig; i++)
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *a = &s->fig[i], *b = &s->fig[j];
			if (a->unit >= 0 && b->unit >= 0 && a->side < b->side && in_contact(s, a, b))
				pair[a->unit * nu + b->unit] = 1;
		}
	for (int x = 0; x < nu; x++)
		for (int y = 0; y < nu; y++) {
			if (!pair[x * nu + y])
				continue;
			tw_unit *ux = gr_unit(s, x), *uy = gr_unit(s, y);
			// The attacker is the unit that came into contact this move (GR.MELEE.1).
			bool y_att = (uy->stats[GU_FLAGS] & (GUF_CHARGED_NOW | GUF_MOVED_NOW)) &&
				     !(ux->stats[GU_FLAGS] & (GUF_CHARGED_NOW | GUF_MOVED_NOW));
			int ua = y_att ? y : x, ub = y_att ? x : y;
			tw_unit *au = gr_unit(s, ua), *bu = gr_unit(s, ub);
			int round = (GU_MROUND(au) > GU_MROUND(bu) ? GU_MROUND(au) : GU_MROUND(bu)) + 1;
			int la = 0, lb = 0;
			if (fight_pair(s, ua, ub, round, ev, &la, &lb) == 0 && la + lb == 0)
				continue;
			if (round == 1)
				la += GU_DEFLOSS(au); // GR.MELEE.20: the contacted defender's fire counts
			int last = built_up(s, ua, ub) ? 3 : 2; // GR.MELEE.19
			bool wa = tw_grant_twice_rule(la, lb), wb = tw_grant_twice_rule(lb, la);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, round == 1 ? "GR.MELEE.20" : "GR.MELEE.22");
			if (e) {
				e->a = ua;
				e->b = ub;
				e->c = la;
				e->d = lb;
				tw_event_text(e, "melee move %d: %s lost %d, %s lost %d", round, au->name, la, bu->name, lb);
			}
			// GR.MELEE.21/22: each side that lost figures tests morale.
			if (la > 0 && !gr_morale_test(s, au, ev))
				wa = true;
			if (lb > 0 && !gr_morale_test(s, bu, ev))
				wb = true;
			for (int k = 0; k < 2; k++) {
				tw_unit *u = k ? bu : au;
				bool w = k ? wb : wa;
				u->stats[GU_FLAGS] = (u->stats[GU_FLAGS] & ~(0xF << 16)) | ((round < 15 ? round : 15) << 16);
				gr_unit_set_flag(u, GUF_MELEE, true);
				if (w) {
					gr_unit_set_flag(u, GUF_WITHDRAW, true); // GR.MELEE.23
					e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MELEE.23");
					if (e)
						tw_event_text(e, "%s withdraws next move", u->name);
				}
			}
			if (!wa && !wb && round >= last) { // GR.MELEE.24: a draw, both exhausted
				for (int k = 0; k < 2; k++) {
					tw_unit *u = k ? bu : au;
					u->stats[GU_EXHAUST] = s->move_no;
					u->stats[GU_FLAGS] &= ~(GUF_MELEE | (0xF << 16));
					e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MELEE.24");
					if (e)
						tw_event_text(e, "%s: drawn melee, %s", u->name,
							      (u->stats[GU_FLAGS] & GUF_HOLD) ? "holds its ground, exhausted" : "falls back exhausted");
				}
			}
		}
	free(pair);
}

// Contact (GR.MELEE.1), the charge's close-range fire (GR.CHARGE.5/6) and melee fought as
// individual combats (GR.MELEE), formed per enemy figure across units, with the attacker taken
// from the contact recorded when it was made.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gr.h"

static bool in_contact(const tw_state *s, const tw_figure *a, const tw_figure *b)
{
	if (a->status != TW_FS_ACTIVE || b->status != TW_FS_ACTIVE || a->side == b->side)
		return false;
	// Too far apart across the table to touch: no square root. (The gap is at least the distance
	// in x less the radii; the margin covers its rounding, so no pair in contact is missed.)
	double gx = fabs(a->pos.x - b->pos.x) - a->radius - b->radius;
	if (gx > s->params[GRP_CONTACT] + TW_BARRICADE_MAX_ACROSS + 1e-6) // issue 16: a barricade between may close it
		return false;
	return gr_gap(s, a, b) <= s->params[GRP_CONTACT]; // issue 16: across a barricade too
}

// ---- contact and roles ----

int gr_part(const tw_state *s) { return s->mover == (int)s->params[GRP_FIRST] ? 1 : 2; }

int gr_unit_round(const tw_state *s, const tw_unit *u)
{
	return GRU(s, u)->contact ? s->move_no - gr_contact_move(s, u) + 1 : 0;
}

int gr_pair_round(const tw_state *s, int x, int y)
{
	const tw_unit *a = gr_unit_c(s, x), *b = gr_unit_c(s, y);
	int32_t ca = a ? GRU(s, a)->contact : 0, cb = b ? GRU(s, b)->contact : 0;
	int32_t c = ca > cb ? ca : cb;
	return c ? s->move_no - c / 4 + 1 : 0;
}

bool gr_attacks(const tw_state *s, int x, int y)
{
	const tw_unit *a = gr_unit_c(s, x), *b = gr_unit_c(s, y);
	if (!a || !b)
		return false;
	bool aa = (GRU(s, a)->flags & GUF_ATTACKER) != 0, ba = (GRU(s, b)->flags & GUF_ATTACKER) != 0;
	if (aa != ba)
		return aa; // the unit that made contact with the other
	if (GRU(s, a)->contact != GRU(s, b)->contact)
		return GRU(s, a)->contact > GRU(s, b)->contact; // it came on against one already fighting
	return a->id < b->id;                                        // engine contacts at one moment
}

static void lock(tw_state *s, tw_unit *u, int32_t mark, bool attacker)
{
	if (!GRU(s, u)->contact) {
		GRU(s, u)->contact = mark;
		gr_unit_set_flag(s, u, GUF_ATTACKER, attacker);
	}
	gr_unit_set_flag(s, u, GUF_MELEE, true);
}

int gr_note_contact(tw_state *s, int unit, int part, tw_events *ev)
{
	tw_unit *u = gr_unit(s, unit);
	if (!u)
		return 0;
	uint8_t *hit = tw_calloc((size_t)s->nunit + 1, 1);
	if (!hit)
		return 0;
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *a = &s->fig[i];
		if (a->unit != unit || a->status != TW_FS_ACTIVE)
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *b = &s->fig[j];
			if (b->unit >= 0 && !hit[b->unit] && in_contact(s, a, b)) {
				hit[b->unit] = 1;
				n++;
			}
		}
	}
	if (n > 0) {
		int32_t mark = gr_contact_mark(s->move_no, part);
		lock(s, u, mark, true);
		for (int k = 0; k < s->nunit; k++) {
			if (!hit[k])
				continue;
			tw_unit *e = &s->unit[k];
			bool fresh = !GRU(s, e)->contact;
			lock(s, e, mark, false);
			tw_event *x = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MELEE.1");
			if (x) {
				x->a = unit;
				x->b = k;
				x->c = gr_attacks(s, unit, k);
				tw_event_text(x, "%s is in base contact with %s%s: both are locked in melee; %s is the attacker", u->name,
					      e->name, fresh ? "" : " (already fighting)",
					      gr_attacks(s, unit, k) ? u->name : e->name);
			}
		}
	}
	tw_free(hit);
	return n;
}

// ---- the charge (GR.CHARGE.5/6) ----

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

// GR.CHARGE.5: the defender's close-range fire obeys the rules of any fire: a volley it may fire
// now (in line or a house, once a move, not after more than 4 in, not halted, not locked in
// melee, not under the 50% rule), light infantry that may fire, or a battery with a gun that may
// fire. Returns false (and why) if it has no fire to give.
static bool defender_may_fire(const tw_state *s, const tw_unit *du, const char **why)
{
	int troop = GRU(s, du)->troop;
	if (gr_line_type(troop)) {
		*why = "it may not fire a volley now (GR.MUSK.1, GR.MOVE.2, GR.MORALE.5/8, GR.MELEE.1)";
		return gr_can_volley(s, du);
	}
	if (troop == TW_GR_LIGHT_INF) {
		*why = "it may not fire now (GR.LIGHT, GR.MORALE.5/8, GR.MELEE.1)";
		return gr_light_may_fire(s, du);
	}
	if (troop == TW_GR_ARTILLERY) {
		*why = "no gun of the battery may fire now (GR.ART.1/8, GR.ORG.3, GR.MOVE.6, GR.MORALE.5/8, GR.MELEE.1)";
		for (int k = 0; k < s->ngun; k++)
			if (GRG(s, &s->gun[k])->unit == du->id && gr_gun_may_fire(s, &s->gun[k], NULL, NULL))
				return true;
		return false;
	}
	*why = "it has no fire";
	return false;
}

void gr_charge_contact(tw_state *s, int attacker, tw_events *ev)
{
	int def = defender_of(s, attacker);
	if (def < 0)
		return;
	tw_unit *au = gr_unit(s, attacker), *du = gr_unit(s, def);
	const char *why = NULL;
	if (!defender_may_fire(s, du, &why)) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, du->side, "GR.CHARGE.5");
		if (e) {
			e->a = def;
			e->b = attacker;
			tw_event_text(e, "%s cannot fire at %s's charge: %s", du->name, au->name, why);
		}
		return;
	}
	int da = 0, dd = 0;
	for (int k = 0; k < 100 && da == dd; k++) { // GR.CHARGE.5: ties are thrown again
		da = tw_roll_d6(s, ev, au->side, "GR.CHARGE.5", NULL);
		dd = tw_roll_d6(s, ev, du->side, "GR.CHARGE.5", NULL);
	}
	tw_event *e = tw_events_push(ev, TW_EV_TOSS, au->side, "GR.CHARGE.5");
	if (e) {
		e->a = dd > da ? du->side : au->side;
		e->b = da;
		e->c = dd;
		tw_event_text(e, "charge dice-off: %s %d, %s %d", au->name, da, du->name, dd);
	}
	if (dd <= da)
		return;
	int before = gr_shot_by(s, attacker, def);
	int troop = GRU(s, du)->troop;
	tw_vec2 from = tw_v2(0, 0);
	double d;
	int fa = -1, fb = -1;
	if (gr_nearest_between(s, def, attacker, &d, &fa, &fb))
		from = tw_state_figure_c(s, fa)->pos;
	if (troop == TW_GR_ARTILLERY) { // a battery fires canister, each gun that may fire
		for (int k = 0; k < s->ngun && fb >= 0; k++) {
			tw_gun *g = &s->gun[k];
			if (GRG(s, g)->unit == def && gr_gun_may_fire(s, g, NULL, NULL))
				gr_fire_canister(s, g, tw_state_figure_c(s, fb)->pos, ev);
		}
	} else if (troop == TW_GR_LIGHT_INF) { // its 0-<9 in row, as individuals
		int32_t *ids = tw_malloc(sizeof *ids * (size_t)(s->nfig + 1));
		int n = 0;
		if (ids) {
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].unit == def && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i]))
					ids[n++] = s->fig[i].id;
			if (fb >= 0 && n > 0)
				gr_light_fire(s, def, ids, n, fb, false, true, ev);
			tw_free(ids);
		}
	} else { // a volley at close range (the 0-<6 in band), the attacker's cover
		bool cover = gr_unit_in_cover(s, attacker, from);
		gr_fire_volley(s, def, attacker, 0, !(GRU(s, du)->flags & GUF_FIRED_EVER), cover, ev);
	}
	int lost = gr_shot_by(s, attacker, def) - before;
	e = tw_events_push(ev, TW_EV_INFO, du->side, "GR.CHARGE.6");
	if (e) {
		e->a = attacker;
		e->b = def;
		e->c = lost;
		tw_event_text(e, "%s loses %d to the close-range fire before contact", au->name, lost);
	}
}

// ---- combats (GR.MELEE.2-15) ----

typedef struct combat {
	int a[3], na; // the attacking side's figures
	int b[3], nb; // the defending side's
} combat;

static bool is_cav(const tw_state *s, const tw_figure *f)
{
	const tw_unit *u = gr_unit_c(s, f->unit);
	return u && gr_cavalry(GRU(s, u)->troop);
}

int gr_melee_bonus(const tw_state *s, const tw_unit *me, const tw_unit *foe, const tw_figure *mine,
		   const tw_figure *theirs, bool attacker, int round)
{
	int b = 0;
	if (round == 1 && (GRU(s, me)->flags & GUF_CHARGED_NOW))
		b += 1; // GR.MELEE.12
	if (attacker && tw_table_ground(&s->table, mine->pos) > tw_table_ground(&s->table, theirs->pos) + 1e-9)
		b += 1; // GR.MELEE.13
	if (GRU(s, me)->troop == TW_GR_HEAVY_CAV && GRU(s, foe)->troop == TW_GR_LIGHT_CAV)
		b += 1; // GR.MELEE.14
	if (GRU(s, me)->troop == TW_GR_GRENADIER)
		b += 1; // GR.GREN.3
	if (!gr_cavalry(GRU(s, me)->troop) && GRF(s, mine)->house >= 0) {
		int h = gr_house_index(s, GRF(s, mine)->house);
		if (!GRF(s, theirs)->inside) // GR.MELEE.9: once inside, equal terms
			b += gr_house_ruin(s, h) ? 1 : 2; // GR.HOUSE.4: a ruin is a wall
	} else if (!gr_cavalry(GRU(s, me)->troop) && !attacker) {
		int before_wall = b;
		for (int t = 0; t < s->table.nterrain; t++)
			if (gr_ter(&s->table.terrain[t])->wall && // issue 16: a wall or a barricade
			    tw_terrain_segment_hits(&s->table.terrain[t], mine->pos, theirs->pos)) {
				b += 1; // GR.MELEE.15
				break;
			}
		if (b == before_wall && gr_stands_in_held(s, mine->pos))
			b += 1; // GR.MELEE.15 (issue 16): the defender standing in a ditch
	}
	// GR.MELEE.25: fresh troops attacking an exhausted unit. The row is the exhaustion move in
	// which contact was made (round 1 is this move), kept while the fight goes on.
	if (attacker && GRU(s, foe)->exhaust && !(GRU(s, me)->exhaust && s->move_no - GRU(s, me)->exhaust <= 4)) {
		int contact = s->move_no - round + 1;
		int k = contact - GRU(s, foe)->exhaust;
		if (k >= 1 && k <= 4)
			b += tw_grant_exhaust_bonus(k, round > 1);
	}
	return b;
}

// The side bonus of a combat: each bonus once per side (GR.MELEE.11), the best any of its figures
// has against the other side's first figure (design choice where the side's figures are of two
// units), each figure's melee move taken from its own unit's contact.
static int side_bonus(const tw_state *s, const int *fig, int n, const tw_figure *opp, bool attacker)
{
	int best = -1;
	for (int k = 0; k < n; k++) {
		const tw_figure *f = &s->fig[fig[k]];
		const tw_unit *me = gr_unit_c(s, f->unit), *foe = gr_unit_c(s, opp->unit);
		int round = gr_pair_round(s, f->unit, opp->unit);
		int b = gr_melee_bonus(s, me, foe, f, opp, attacker, round > 0 ? round : 1);
		if (b > best)
			best = b;
	}
	return best < 0 ? 0 : best;
}

// Figures i and j fight each other if they touch, unless one is a horseman who broke through the
// other's unit (GR.MELEE.27: he is no part of that melee).
static bool engaged(const tw_state *s, const int *thru, int i, int j)
{
	const tw_figure *a = &s->fig[i], *b = &s->fig[j];
	return a->unit >= 0 && b->unit >= 0 && in_contact(s, a, b) && thru[i] != b->unit + 1 && thru[j] != a->unit + 1;
}

// One enemy figure's combat: gathers the unused enemy figures touching figure `seed`, of any
// unit, as many as a legal pairing allows (GR.MELEE.6: 2 against 1 of a kind at most).
static int gather(const tw_state *s, const int *thru, int seed, const uint8_t *used, int *out)
{
	const tw_figure *b = &s->fig[seed];
	bool bcav = is_cav(s, b);
	int n = 0;
	for (int i = 0; i < s->nfig && n < 3; i++) {
		const tw_figure *a = &s->fig[i];
		if (used[i] || !engaged(s, thru, i, seed))
			continue;
		bool acav = is_cav(s, a);
		double ma, mb;
		if (n > 0 && acav != is_cav(s, &s->fig[out[0]]))
			continue;
		if (!tw_grant_pairing(acav, n + 1, bcav, 1, &ma, &mb))
			continue;
		out[n++] = i;
	}
	return n;
}

// True if figure j is, by the recorded contacts, defending against some enemy figure it fights.
static bool defending(const tw_state *s, const int *thru, int j)
{
	for (int i = 0; i < s->nfig; i++)
		if (engaged(s, thru, i, j) && gr_attacks(s, s->fig[i].unit, s->fig[j].unit))
			return true;
	return false;
}

static void new_combat(const tw_state *s, int seed, const int *g, int n, combat *c)
{
	// The attacking side is the side whose units attack, by the recorded contacts.
	bool seed_attacks = gr_attacks(s, s->fig[seed].unit, s->fig[g[0]].unit);
	memset(c, 0, sizeof *c);
	if (seed_attacks) {
		c->a[0] = seed;
		c->na = 1;
		memcpy(c->b, g, sizeof *g * (size_t)n);
		c->nb = n;
	} else {
		c->b[0] = seed;
		c->nb = 1;
		memcpy(c->a, g, sizeof *g * (size_t)n);
		c->na = n;
	}
}

// Seeds combats: each unused figure (by id) that is defending (or, with `any`, every unused
// figure) gathers the unused enemy figures touching it.
static int seed_combats(const tw_state *s, const int *thru, uint8_t *used, combat *cv, int nc, bool any)
{
	int g[3];
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *b = &s->fig[j];
		if (used[j] || b->unit < 0 || b->status != TW_FS_ACTIVE || (!any && !defending(s, thru, j)))
			continue;
		int n = gather(s, thru, j, used, g);
		if (n == 0)
			continue;
		new_combat(s, j, g, n, &cv[nc]);
		used[j] = 1;
		for (int k = 0; k < n; k++)
			used[g[k]] = 1;
		nc++;
	}
	return nc;
}

// GR.MELEE.2/6: every figure in contact in one combat, formed per enemy figure across units:
// first each defending figure (by id) gathers the enemy figures touching it, of whatever units;
// then a figure left over joins a 1 against 1 where it touches the lone enemy figure and the
// pairing stays legal (a 2 against 1 for its side); then any contact left makes a combat.
static int form_combats(const tw_state *s, const int *thru, uint8_t *used, combat *cv)
{
	int nc = seed_combats(s, thru, used, cv, 0, false);
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *f = &s->fig[j];
		if (used[j] || f->unit < 0 || f->status != TW_FS_ACTIVE)
			continue;
		for (int k = 0; k < nc && !used[j]; k++) {
			combat *c = &cv[k];
			if (c->na != 1 || c->nb != 1)
				continue;
			bool mine_a = s->fig[c->a[0]].side == f->side;
			int lone_id = mine_a ? c->b[0] : c->a[0];
			const tw_figure *lone = &s->fig[lone_id], *partner = &s->fig[mine_a ? c->a[0] : c->b[0]];
			double ma, mb;
			if (engaged(s, thru, j, lone_id) && is_cav(s, f) == is_cav(s, partner) &&
			    tw_grant_pairing(is_cav(s, lone), 1, is_cav(s, f), 2, &ma, &mb)) {
				if (mine_a)
					c->a[c->na++] = j;
				else
					c->b[c->nb++] = j;
				used[j] = 1;
			}
		}
	}
	return seed_combats(s, thru, used, cv, nc, true);
}

// Fights combat c: one die a side, multipliers, bonuses; the loser loses one figure (GR.MELEE.7).
static void fight(tw_state *s, const combat *c, int *lost, tw_events *ev)
{
	tw_figure *fa = &s->fig[c->a[0]], *fb = &s->fig[c->b[0]];
	int ua = fa->unit;
	int round = gr_pair_round(s, fa->unit, fb->unit);
	double ma = 1, mb = 1;
	tw_grant_pairing(is_cav(s, fa), c->na, is_cav(s, fb), c->nb, &ma, &mb);
	int ba = side_bonus(s, c->a, c->na, fb, true), bb = side_bonus(s, c->b, c->nb, fa, false);
	int da = tw_roll_d6(s, ev, fa->side, "GR.MELEE.2", NULL);
	int db = tw_roll_d6(s, ev, fb->side, "GR.MELEE.2", NULL);
	double sa = tw_grant_melee_score(da, ma, ba), sb = tw_grant_melee_score(db, mb, bb);
	tw_event *e = tw_events_push(ev, TW_EV_MELEE, fa->side, "GR.MELEE.2");
	if (e) {
		e->a = ua;
		e->b = c->na;
		e->c = c->nb;
		e->d = sa > sb ? 1 : sa < sb ? 2 : 0;
		e->x = sa;
		e->y = sb;
		tw_event_text(e, "%d v %d: %d x %.1f + %d = %.1f against %d x %.1f + %d = %.1f", c->na, c->nb, da, ma, ba, sa, db,
			      mb, bb, sb);
	}
	// The combat's figures, all in base contact: GR.MELEE.16 in the first melee move, GR.MELEE.18 after.
	for (int m = 0; e && m < c->na + c->nb; m++) {
		const tw_figure *f = &s->fig[m < c->na ? c->a[m] : c->b[m - c->na]];
		tw_event *p = tw_events_push(ev, TW_EV_MELEE_MEMBER, f->side, round <= 1 ? "GR.MELEE.16" : "GR.MELEE.18");
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
		return; // GR.MELEE.7: a tie harms no one
	tw_figure *loser = sa > sb ? fb : fa;
	// GR.MELEE.7: of 2 or 3 figures, the owner picks the one lost (default: the first)
	int pick = sa > sb ? gr_owner_choice(s, c->b, c->nb) : gr_owner_choice(s, c->a, c->na);
	if (pick >= 0 && (sa > sb ? c->nb : c->na) > 1) {
		loser = &s->fig[sa > sb ? c->b[pick] : c->a[pick]];
		gr_owner_event(s, loser, "GR.MELEE.7", ev);
	}
	int alive_before = loser->status == TW_FS_ACTIVE;
	gr_hit_figure(s, loser, "GR.MELEE.7", ev); // GR.MELEE.8: an officer takes the save
	if (alive_before && loser->status == TW_FS_DEAD && loser->unit >= 0)
		lost[loser->unit]++;
}

// ---- the end of the move: every melee (GR.MELEE.9-27) ----

static int find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

typedef struct by_x {
	double x;
	int i;
} by_x;

static int cmp_by_x(const void *pa, const void *pb)
{
	const by_x *a = pa, *b = pb;
	return a->x < b->x ? -1 : a->x > b->x ? 1 : a->i - b->i;
}

static int cmp_pair(const void *pa, const void *pb)
{
	const int *a = pa, *b = pb;
	return a[0] != b[0] ? a[0] - b[0] : a[1] - b[1];
}

static void join_pair(const tw_state *s, int i, int j, uint8_t *pair, int *parent, uint8_t *alone)
{
	int nu = s->nunit, ua = s->fig[i].unit, ub = s->fig[j].unit;
	pair[ua * nu + ub] = pair[ub * nu + ua] = 1;
	if (alone)
		alone[i] = alone[j] = 0;
	int ra = find(parent, ua), rb = find(parent, ub);
	if (ra != rb)
		parent[ra] = rb;
}

// The figures of units in contact, as pairs (i < j) in the order of i, then j: found by a sweep
// across the table in x (only figures near enough in x are compared), then put back in that
// order, so the joins below come exactly as a loop over every pair would make them. Returns
// the number of pairs, or -1 without memory.
static int contact_pairs(const tw_state *s, int **out)
{
	int n = 0;
	by_x *v = tw_malloc(sizeof *v * (size_t)(s->nfig + 1));
	if (!v)
		return -1;
	double rmax = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit < 0 || f->status != TW_FS_ACTIVE)
			continue;
		v[n++] = (by_x){f->pos.x, i};
		if (f->radius > rmax)
			rmax = f->radius;
	}
	qsort(v, (size_t)n, sizeof *v, cmp_by_x);
	double reach = 2 * rmax + s->params[GRP_CONTACT] + TW_BARRICADE_MAX_ACROSS + 1e-6; // (in_contact's own margin; issue 16: across a barricade)
	int np = 0, cap = 0, *p = NULL;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n && v[b].x - v[a].x <= reach; b++) {
			int i = v[a].i < v[b].i ? v[a].i : v[b].i, j = v[a].i ^ v[b].i ^ i;
			if (!in_contact(s, &s->fig[i], &s->fig[j]))
				continue;
			if (np == cap) {
				cap = cap ? 2 * cap : 64;
				int *q = tw_realloc(p, sizeof *p * 2 * (size_t)cap);
				if (!q) {
					tw_free(p);
					tw_free(v);
					return -1;
				}
				p = q;
			}
			p[2 * np] = i;
			p[2 * np + 1] = j;
			np++;
		}
	tw_free(v);
	if (np > 1)
		qsort(p, (size_t)np, 2 * sizeof *p, cmp_pair);
	*out = p;
	return np;
}

// Marks pair[x * nu + y] (both ways) for every two units whose figures touch, and joins them.
// With `alone`, also marks each figure that touches no enemy (1) or some (0): combats are
// formed among the others only.
static void contacts(const tw_state *s, uint8_t *pair, int *parent, uint8_t *alone)
{
	if (alone)
		memset(alone, 1, (size_t)s->nfig);
	int *p = NULL, np = contact_pairs(s, &p);
	if (np >= 0) {
		for (int k = 0; k < np; k++)
			join_pair(s, p[2 * k], p[2 * k + 1], pair, parent, alone);
		tw_free(p);
		return;
	}
	// Without memory for the sweep (the order is refused as out of memory in any case): every pair.
	for (int i = 0; i < s->nfig; i++)
		for (int j = i + 1; j < s->nfig; j++)
			if (s->fig[i].unit >= 0 && s->fig[j].unit >= 0 && in_contact(s, &s->fig[i], &s->fig[j]))
				join_pair(s, i, j, pair, parent, alone);
}

typedef struct judged {
	uint8_t *pair, *pre, *used;
	int *parent, *lost, *fire, *cnt_unit, *thru;
	combat *cv;
} judged;

static void judged_free(judged *j)
{
	tw_free(j->pair);
	tw_free(j->pre);
	tw_free(j->used);
	tw_free(j->parent);
	tw_free(j->lost);
	tw_free(j->fire);
	tw_free(j->cnt_unit);
	tw_free(j->thru);
	tw_free(j->cv);
}

// GR.MELEE.19: a melee among houses (a garrison in it) may last a third move.
static bool built_up(const tw_state *s, int *parent, int root)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit >= 0 && f->status == TW_FS_ACTIVE && GRF(s, f)->house >= 0 && find(parent, f->unit) == root)
			return true;
	}
	return false;
}

// GR.MELEE.20-24 for one melee (the units joined by contact, root): each side's count, the
// twice rule, the morale tests, withdrawals and the draw.
static void outcome(tw_state *s, judged *j, int root, tw_events *ev)
{
	int nu = s->nunit, cnt[2] = {0, 0}, ua = -1, ub = -1;
	bool first_move = true;
	for (int x = 0; x < nu; x++) {
		if (find(j->parent, x) != root || !j->cnt_unit[x])
			continue;
		const tw_unit *u = &s->unit[x];
		cnt[u->side & 1] += j->lost[x];
		for (int y = 0; y < nu; y++) {
			if (!j->pre[x * nu + y])
				continue;
			int round = gr_pair_round(s, x, y);
			first_move = first_move && round <= 1;
			if (gr_attacks(s, x, y)) {
				if (ua < 0) {
					ua = x;
					ub = y;
				}
				if (round <= 1) { // GR.MELEE.20: the contacted defender's fire in this move counts
					int f = gr_shot_by(s, x, y);
					j->fire[x] += f;
					cnt[u->side & 1] += f;
				}
			}
		}
	}
	if (ua < 0)
		return;
	const tw_unit *au = &s->unit[ua], *bu = &s->unit[ub];
	int sa = au->side & 1, sb = 1 - sa;
	bool w[2] = {tw_grant_twice_rule(cnt[0], cnt[1]), tw_grant_twice_rule(cnt[1], cnt[0])};
	tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, first_move ? "GR.MELEE.20" : "GR.MELEE.22");
	if (e) {
		e->a = ua;
		e->b = ub;
		e->c = cnt[sa];
		e->d = cnt[sb];
		tw_event_text(e, "melee move %d: %s's side lost %d, %s's side lost %d", gr_pair_round(s, ua, ub), au->name, cnt[sa],
			      bu->name, cnt[sb]);
	}
	bool any = w[0] || w[1];
	uint8_t *wd = tw_calloc((size_t)nu + 1, 1);
	if (!wd)
		return;
	for (int x = 0; x < nu; x++) {
		if (find(j->parent, x) != root || !j->cnt_unit[x])
			continue;
		tw_unit *u = &s->unit[x];
		wd[x] = w[u->side & 1];
		// GR.MELEE.21/22: each unit that lost figures in this melee move tests morale.
		if (j->lost[x] + j->fire[x] > 0 && !gr_morale_test(s, u, ev))
			wd[x] = 1;
		any = any || wd[x];
	}
	int last = built_up(s, j->parent, root) ? 3 : 2; // GR.MELEE.19
	for (int x = 0; x < nu; x++) {
		if (find(j->parent, x) != root || !j->cnt_unit[x])
			continue;
		tw_unit *u = &s->unit[x];
		gr_unit_set_flag(s, u, GUF_MELEE, true);
		if (wd[x]) {
			gr_unit_set_flag(s, u, GUF_WITHDRAW, true); // GR.MELEE.23
			e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MELEE.23");
			if (e)
				tw_event_text(e, "%s withdraws next move", u->name);
		} else if (!any && gr_unit_round(s, u) >= last) { // GR.MELEE.24: a draw, exhausted
			GRU(s, u)->exhaust = s->move_no;
			GRU(s, u)->flags &= ~(GUF_MELEE | GUF_ATTACKER);
			GRU(s, u)->contact = 0;
			e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MELEE.24");
			if (e)
				tw_event_text(e, "%s: drawn melee, %s", u->name,
					      (GRU(s, u)->flags & GUF_HOLD) ? "holds its ground, exhausted" : "falls back exhausted");
		}
	}
	tw_free(wd);
}

void gr_melee_end_move(tw_state *s, tw_events *ev)
{
	int nu = s->nunit, nf = s->nfig;
	judged j = {0};
	j.pair = tw_calloc((size_t)nu * (size_t)nu + 1, 1);
	j.pre = tw_calloc((size_t)nu * (size_t)nu + 1, 1);
	j.used = tw_calloc((size_t)nf + 1, 1);
	j.parent = tw_malloc(sizeof *j.parent * (size_t)(nu + 1));
	j.lost = tw_calloc((size_t)nu + 1, sizeof *j.lost);
	j.fire = tw_calloc((size_t)nu + 1, sizeof *j.fire);
	j.cnt_unit = tw_calloc((size_t)nu + 1, sizeof *j.cnt_unit);
	j.thru = tw_calloc((size_t)nf + 1, sizeof *j.thru);
	j.cv = tw_malloc(sizeof *j.cv * (size_t)(nf + 1));
	if (!j.pair || !j.pre || !j.used || !j.parent || !j.lost || !j.fire || !j.cnt_unit || !j.thru || !j.cv) {
		judged_free(&j);
		return;
	}
	for (int x = 0; x < nu; x++)
		j.parent[x] = x;
	contacts(s, j.pre, j.parent, NULL);
	int32_t late = gr_contact_mark(s->move_no, 3);
	for (int x = 0; x < nu; x++) // units touching that no order brought together: recorded now
		for (int y = 0; y < nu; y++)
			if (j.pre[x * nu + y] && !GRU(s, &s->unit[x])->contact)
				lock(s, &s->unit[x], late, false);
	// Figures come together: the column's lap-round in its first melee move (GR.CHARGE.2/3), the
	// second move's flow (GR.MELEE.17), each pair of units once, attacker first.
	uint8_t *lapped = tw_calloc((size_t)nu + 1, 1);
	for (int x = 0; x < nu && lapped; x++)
		for (int y = x + 1; y < nu; y++) {
			if (!j.pre[x * nu + y])
				continue;
			int ua = gr_attacks(s, x, y) ? x : y, ub = ua == x ? y : x;
			const tw_unit *au = &s->unit[ua];
			int round = gr_pair_round(s, ua, ub);
			if (round == 1 && (GRU(s, au)->flags & GUF_CHARGED_NOW) && au->formation == GR_F_COLUMN &&
			    gr_line_type(GRU(s, au)->troop) && !lapped[ua]) {
				lapped[ua] = 1;
				gr_lap_round(s, ua, ub, ev); // GR.CHARGE.2/3
			} else if (round >= 2) {
				gr_melee_flow(s, ua, ub, ev); // GR.MELEE.17
			}
		}
	tw_free(lapped);
	// GR.MELEE.9: attacking figures at a garrison throw to break in (again each melee move while
	// outside).
	for (int i = 0; i < nf; i++) {
		tw_figure *a = &s->fig[i];
		if (a->unit < 0 || a->status != TW_FS_ACTIVE || GRF(s, a)->inside)
			continue;
		for (int k = 0; k < nf; k++) {
			const tw_figure *b = &s->fig[k];
			if (b->unit < 0 || GRF(s, b)->house < 0 || !in_contact(s, a, b) || !gr_attacks(s, a->unit, b->unit))
				continue;
			tw_event *e = NULL;
			int d = tw_roll_d6(s, ev, a->side, "GR.MELEE.9", &e);
			if (d >= 4)
				GRF(s, a)->inside = 1;
			if (e) {
				e->c = a->id;
				tw_event_text(e, "figure %d %s the house (%d)", a->id, d >= 4 ? "breaks into" : "stays outside", d);
			}
			break;
		}
	}
	// GR.MELEE.26/27: heavy cavalry charging formed infantry fewer than 4 ranks deep.
	for (int x = 0; x < nu; x++)
		for (int y = 0; y < nu; y++)
			if (j.pre[x * nu + y] && gr_attacks(s, x, y))
				gr_breakthrough(s, x, y, j.lost, j.thru, ev);
	// The combats, formed on the figures as they now stand.
	// A figure touching no enemy takes part in no combat: marked used, so that forming the
	// combats looks only at the figures in contact.
	contacts(s, j.pair, j.parent, j.used);
	for (int x = 0; x < nu; x++)
		for (int y = 0; y < nu; y++)
			if (j.pair[x * nu + y] || j.pre[x * nu + y]) {
				j.cnt_unit[x] = 1;
				j.pre[x * nu + y] = 1;
				if (!GRU(s, &s->unit[x])->contact)
					lock(s, &s->unit[x], late, false);
			}
	int nc = form_combats(s, j.thru, j.used, j.cv);
	for (int k = 0; k < nc; k++)
		fight(s, &j.cv[k], j.lost, ev);
	// The outcome of each melee: the units joined by contact, judged together.
	for (int x = 0; x < nu; x++)
		if (j.cnt_unit[x] && find(j.parent, x) == x)
			outcome(s, &j, x, ev);
	judged_free(&j);
}

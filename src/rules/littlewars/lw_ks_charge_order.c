// The Kriegspiel's cavalry charge as an order (KS.CH.1-12 on the table): `charge` names the
// sabres and the body they charge; the tables (lw_ks_charge) say who falls, and this puts it on
// the state. Readings (docs/rules/littlewars.md, "KS"):
// - the charging distance is the least gap between a sabre's base and a defender's;
// - "proper formation" (KS.CH.1): every sabre within 1 in (base to base) of another;
// - the charged body is one arm: cavalry that did not move in its own last move is "mounted and
//   still" (KS.CH.5), other cavalry meets the charge (KS.CH.7/8); infantry whose every man is
//   within 1 in of a comrade of the body is in close order (KS.CH.3), else extended (KS.CH.2);
// - the charge is the sabres' move: they do not move again this move (and guns are finished,
//   LW.MV.11); KS.CH.9: a board layer of hill is a contour, the contours down are the layers
//   under the sabres' middle less those under the charged body's;
// - KS.CH.11: infantry retired from the cavalry when every man moved in his side's last move and
//   faces away from the sabres; KS.CH.12: `charge SABRES at gun G`, a gun with none of its
//   side's men but its artillery within 6 in, taken by the charger;
// - the nearest men fall first on both sides; KS.CH.8's prisoners are the smaller side's next
//   nearest, escorted as after a melee (LW.MEL.11); KS.CH.5's driven men go 36 in straight away
//   from the sabres' middle, and are destroyed if that is off the field or in water (KS.CH.10),
//   or stay where they are if something stands there; KS.CH.4's close order may not move in its
//   next move (refused, lw_move.c); its extended order falls back 12 in towards its own back
//   line at once and may not move in its next move (that was it); KS.CH.7's loser retires 36 in
//   and KS.CH.11's infantry 12 in the same way at once (KS.CH.10: destroyed off the field or in
//   water); "as long as pursued" (KS.CH.10/11/13) stays with the players.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lw_big.h"
#include "lw_ks_pursuit.h"

#define LW_KS_FORMED_GAP 1.0 ///< KS.CH.1 reading: a formed body's men are within 1 in of another

static double least_gap(const tw_state *s, const int32_t *a, int na, const int32_t *b, int nb)
{
	double best = INFINITY;
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++) {
			double d = lw_gap(&s->fig[a[i]], &s->fig[b[j]]);
			best = d < best ? d : best;
		}
	return best;
}

// Every man within `gap` in of another man of the body (a single man is not a body).
static bool close_body(const tw_state *s, const int32_t *ids, int n, double gap)
{
	if (n < 2)
		return false;
	for (int i = 0; i < n; i++) {
		double best = INFINITY;
		for (int j = 0; j < n; j++)
			if (j != i) {
				double d = lw_gap(&s->fig[ids[i]], &s->fig[ids[j]]);
				best = d < best ? d : best;
			}
		if (best > gap + LW_EPS)
			return false;
	}
	return true;
}

static tw_status check_men(const tw_state *s, const int32_t *ids, int n, int side, bool own, tw_error *err)
{
	for (int i = 0; i < n; i++) {
		const tw_figure *f = tw_state_figure_c(s, ids[i]);
		if (!f || f->side != side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1", "man %d is not a free man of %s", ids[i],
					    s->sides[side].name);
		for (int j = 0; j < i; j++)
			if (ids[j] == ids[i])
				return tw_error_set(err, TW_ERR_INPUT, "KS.CH.1", "man %d is named twice", ids[i]);
		if (own && f->kind != TW_FK_CAVALRY)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1", "man %d is no cavalryman: only cavalry charge",
					    f->id);
		if (!own && lw_ks_general_immune(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GNL.2", "man %d is the General's figure: he is invulnerable",
					    f->id);
		if (own && LWF(s, f)->ks_dismounted)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.2", "man %d is on foot: he must mount to charge", f->id);
		if (own && LWF(s, f)->arm == LW_ARM_GENERAL)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GNL.1", "man %d is the General's figure, not a sabre", f->id);
		if (own && f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "man %d has already moved in this move", f->id);
		if (own && LWF(s, f)->ks_still_until >= s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.4", "man %d was charged in close order: he may not move",
					    f->id);
	}
	return TW_OK;
}

static tw_vec2 middle(const tw_state *s, const int32_t *ids, int n)
{
	tw_vec2 m = tw_v2(0, 0);
	for (int i = 0; i < n; i++)
		m = tw_add(m, s->fig[ids[i]].pos);
	return n > 0 ? tw_scale(m, 1.0 / n) : m;
}

// KS.CH.9 reading: a board layer of hill is a contour (KS.TER.1's blocks): the layers under p.
static int layers(const tw_state *s, tw_vec2 p)
{
	int n = 0;
	for (int i = 0; i < s->table.nterrain; i++)
		n += s->table.terrain[i].kind == TW_TER_HILL && tw_terrain_contains(&s->table.terrain[i], p);
	return n;
}

// KS.CH.11 reading: infantry "retired from hostile cavalry" when every man moved in his side's
// last move and faces away from the sabres (a move turns a man to face where he went, lw_move.c).
static bool retired_from(const tw_state *s, const int32_t *ids, int n, tw_vec2 sabres)
{
	for (int i = 0; i < n; i++) {
		const tw_figure *f = &s->fig[ids[i]];
		if (f->moved_in == 0 || f->moved_in != s->move_no - 1)
			return false;
		tw_vec2 away = tw_sub(f->pos, sabres);
		if (tw_dot(tw_dir_deg(f->facing), away) <= 0)
			return false;
	}
	return n > 0;
}

// KS.CH.12: a charge at gun o->gun, which no other force deals with: reading, no free man of
// its side but its artillery (arm artillery, or a gunner) within 6 in of it. The distance is the
// least gap from a sabre's base to the gun's nearest point.
static tw_status gun_input(const tw_state *s, const tw_order *o, lw_ks_charge_in *in, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != lw_enemy(o->side) || LWGN(s, g)->ks_destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.12", "gun %d is no gun of %s's to charge", o->gun,
				    s->sides[lw_enemy(o->side)].name);
	tw_status st = check_men(s, o->fig, o->nfig, o->side, true, err);
	if (st != TW_OK)
		return st;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		int arm = LWF(s, f)->arm;
		if (f->side == g->side && lw_free_man_near_gun(g, f) && arm != LW_ARM_RA && f->kind != TW_FK_GUNNER &&
		    f->kind != TW_FK_WAGGON)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.12",
					    "gun %d is not alone: man %d stands within 6 in of it; charge (or fight) him first", g->id,
					    f->id);
	}
	memset(in, 0, sizeof *in);
	in->sabres = o->nfig;
	in->defenders = 1;
	in->target = LW_CT_GUNS;
	in->formed = close_body(s, o->fig, o->nfig, LW_KS_FORMED_GAP);
	in->gap_in = INFINITY;
	for (int i = 0; i < o->nfig; i++)
		in->gap_in = fmin(in->gap_in, fmax(0.0, tw_gun_distance(g, s->fig[o->fig[i]].pos) - s->fig[o->fig[i]].radius));
	return TW_OK;
}

// KS.CH.12 on the state: the sabres nearest the gun fall, and the gun is the charger's.
static tw_status apply_gun_charge(tw_state *s, const tw_order *o, const lw_ks_charge_in *in, const lw_ks_charge_out *out,
				  tw_events *ev, tw_error *err);

// The tables' input from the state (coin: the charger wins; the toss is thrown in apply).
static tw_status charge_input(const tw_state *s, const tw_order *o, lw_ks_charge_in *in, tw_error *err)
{
	if (!LWG(s)->ks)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1",
				    "the charge tables are the Kriegspiel's: in Little Wars cavalry charges into melee");
	if (o->nfig < 1 || (o->nfig2 < 1 && o->gun < 0))
		return tw_error_set(err, TW_ERR_INPUT, "KS.CH.1", "a charge names its sabres and the body it charges");
	if (o->nfig2 < 1) // KS.CH.12: a gun
		return gun_input(s, o, in, err);
	tw_status st = check_men(s, o->fig, o->nfig, o->side, true, err);
	if (st == TW_OK)
		st = check_men(s, o->fig2, o->nfig2, lw_enemy(o->side), false, err);
	if (st != TW_OK)
		return st;
	int cav = 0;
	for (int j = 0; j < o->nfig2; j++)
		cav += s->fig[o->fig2[j]].kind == TW_FK_CAVALRY;
	if (cav != 0 && cav != o->nfig2)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.CH.1",
				    "the body charged is one arm: %d of its %d men are cavalry; charge them apart", cav,
				    o->nfig2);
	memset(in, 0, sizeof *in);
	in->sabres = o->nfig;
	in->defenders = o->nfig2;
	in->gap_in = least_gap(s, o->fig, o->nfig, o->fig2, o->nfig2);
	in->formed = close_body(s, o->fig, o->nfig, LW_KS_FORMED_GAP);
	// Stop 33 (KS.FORM.1/2): the formation the men are in, where they keep one.
	bool on_foot = true, open = true;
	for (int j = 0; j < o->nfig2; j++) {
		on_foot = on_foot && LWF(s, &s->fig[o->fig2[j]])->ks_dismounted;
		open = open && LWF(s, &s->fig[o->fig2[j]])->ks_form == LW_FORM_EXTENDED;
	}
	if (cav && on_foot) {
		in->target = LW_CT_EXTENDED; // KS.CH.6: dismounted cavalry as infantry in extended order
	} else if (cav) {
		bool still = true; // KS.CH.5: none of them moved in their own last move
		for (int j = 0; j < o->nfig2; j++)
			still = still && s->fig[o->fig2[j]].moved_in != s->move_no - 1;
		in->target = still ? LW_CT_STILL_CAV : LW_CT_CAVALRY;
	} else {
		// Extended order: opened to it (KS.FORM.1), or standing apart (no man within 1 in of a
		// comrade, the reading before formations were kept); else close order (KS.CH.3).
		in->target = !open && close_body(s, o->fig2, o->nfig2, LW_KS_FORMED_GAP) ? LW_CT_CLOSE : LW_CT_EXTENDED;
		in->retired = retired_from(s, o->fig2, o->nfig2, middle(s, o->fig, o->nfig)); // KS.CH.11
	}
	// KS.CH.9: the contours the sabres come down, from their middle to the charged body's.
	int down = layers(s, middle(s, o->fig, o->nfig)) - layers(s, middle(s, o->fig2, o->nfig2));
	in->contours = down > 0 ? down : 0;
	in->isolated[0] = lw_is_isolated(s, o->side, o->fig, o->nfig, NULL);
	in->isolated[1] = lw_is_isolated(s, lw_enemy(o->side), o->fig2, o->nfig2, NULL);
	return TW_OK;
}

tw_status lw_validate_charge(const tw_state *s, const tw_order *o, tw_error *err)
{
	lw_ks_charge_in in;
	tw_status st = charge_input(s, o, &in, err);
	if (st != TW_OK)
		return st;
	lw_ks_charge_out out;
	return lw_ks_charge(&in, &out, err);
}

typedef struct by_gap {
	double d;
	int32_t id;
} by_gap;

static int cmp_gap(const void *a, const void *b)
{
	const by_gap *x = a, *y = b;
	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

// `ids` sorted by their least gap to the other body, nearest first (ties by id).
static void nearest_first(const tw_state *s, const int32_t *ids, int n, const int32_t *other, int no, int32_t *out)
{
	by_gap *g = tw_malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
	if (!g) { // no memory: keep the order given (still deterministic)
		memcpy(out, ids, (size_t)n * sizeof *out);
		return;
	}
	for (int i = 0; i < n; i++)
		g[i] = (by_gap){least_gap(s, &ids[i], 1, other, no), ids[i]};
	qsort(g, (size_t)n, sizeof *g, cmp_gap);
	for (int i = 0; i < n; i++)
		out[i] = g[i].id;
	tw_free(g);
}

static void kill(tw_state *s, tw_figure *f, const char *clause, tw_events *ev)
{
	f->status = TW_FS_DEAD;
	LWF(s, f)->marks &= ~(uint32_t)LW_MARK_CONTACT;
	for (int j = 0; j < s->nfig; j++) // his prisoners lose their escort (LW.MEL.11)
		if (LWF(s, &s->fig[j])->escort == f->id)
			LWF(s, &s->fig[j])->escort = -1;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, clause);
	if (e) {
		e->a = f->id;
		e->b = 4; // in the charge's melee
		e->x = f->pos.x;
		e->y = f->pos.y;
		tw_event_text(e, "man %d falls in the charge", f->id);
	}
}

static void take(tw_state *s, tw_figure *f, int captor, tw_events *ev)
{
	f->status = LW_FS_PRISONER;
	LWF(s, f)->captor = (int8_t)captor;
	LWF(s, f)->escort = -1;
	LWF(s, f)->marks &= ~(uint32_t)(LW_MARK_TRAIL | LW_MARK_SURRENDERED | LW_MARK_CONTACT);
	LWF(s, f)->changed_in = s->move_no;
	tw_event *e = tw_events_push(ev, TW_EV_PRISONER, f->side, "KS.CH.8");
	if (e) {
		e->a = f->id;
		e->b = captor;
		e->x = f->pos.x;
		e->y = f->pos.y;
		tw_event_text(e, "man %d taken prisoner in the charge", f->id);
	}
}

// KS.CH.5 / KS.CH.10: driven `dist` in (3 ft) straight away from the sabres' middle; KS.CH.4's
// fall-back (12 in) and KS.CH.7's retreat (36 in) the same way, naming their clause.
static void drive_by(tw_state *s, tw_figure *f, tw_vec2 from, double dist, const char *clause, tw_events *ev)
{
	tw_vec2 d = tw_sub(f->pos, from);
	double len = tw_len(d);
	tw_vec2 u = len > 0 ? tw_scale(d, 1.0 / len) : tw_v2(0, s->sides[f->side].forward >= 0 ? -1 : 1);
	tw_vec2 to = tw_add(f->pos, tw_scale(u, dist));
	bool off = to.x < 0 || to.y < 0 || to.x > s->table.width || to.y > s->table.depth;
	if (lw_ks_retreat_destroyed(off, !off && lw_table_is_water(&s->table, to))) {
		kill(s, f, "KS.CH.10", ev);
		return;
	}
	tw_error err;
	if (lw_check_leg(s, f->pos, to, &err) != TW_OK || lw_check_standing(s, f, to, &err) != TW_OK) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, f->side, clause);
		if (e) {
			e->a = f->id;
			tw_event_text(e, "man %d cannot go back %.0f in (%s): he stays", f->id, dist, err.message);
		}
		return;
	}
	f->pos = to;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, clause);
	if (e) {
		e->a = f->id;
		e->x = to.x;
		e->y = to.y;
		e->v = dist;
		tw_event_text(e, "man %d %s %.0f in to (%.1f, %.1f)", f->id,
			      strcmp(clause, "KS.CH.5") == 0 ? "is driven back" : strcmp(clause, "KS.CH.4") == 0 ? "falls back" : "retires",
			      dist, to.x, to.y);
	}
}

static void drive(tw_state *s, tw_figure *f, tw_vec2 from, tw_events *ev) { drive_by(s, f, from, 36.0, "KS.CH.5", ev); }

// KS.CH.4/7/11: falling back and retiring go straight towards the man's own back line.
static void retreat(tw_state *s, tw_figure *f, double dist, const char *clause, tw_events *ev)
{
	drive_by(s, f, tw_add(f->pos, tw_v2(0, s->sides[f->side].forward >= 0 ? 1 : -1)), dist, clause, ev);
}

tw_status lw_apply_charge(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	lw_ks_charge_in in;
	tw_status st = charge_input(s, o, &in, err);
	if (st != TW_OK)
		return st;
	// KS.CH.7: equal effective numbers of cavalry on the level: a coin (1 the charger's, 2 not).
	if (in.target == LW_CT_CAVALRY && (long)in.sabres * (1 + in.contours) == in.defenders)
		in.coin = tw_roll(s, ev, o->side, "KS.CH.7", 1, 2, NULL, NULL) - 1;
	lw_ks_charge_out out;
	st = lw_ks_charge(&in, &out, err);
	if (st != TW_OK)
		return st;
	if (in.target == LW_CT_GUNS)
		return apply_gun_charge(s, o, &in, &out, ev, err);
	int side = o->side, foe = lw_enemy(side);
	int32_t *sab = tw_malloc((size_t)(o->nfig + o->nfig2) * sizeof *sab);
	if (!sab)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int32_t *def = sab + o->nfig;
	nearest_first(s, o->fig, o->nfig, o->fig2, o->nfig2, sab);
	nearest_first(s, o->fig2, o->nfig2, o->fig, o->nfig, def);
	tw_vec2 mid = tw_v2(0, 0);
	for (int i = 0; i < o->nfig; i++)
		mid = tw_add(mid, s->fig[o->fig[i]].pos);
	mid = tw_scale(mid, 1.0 / o->nfig);
	tw_event *e = tw_events_push(ev, TW_EV_MELEE, side, out.clause);
	if (e) {
		e->b = in.sabres;
		e->c = in.defenders;
		e->v = in.gap_in;
		tw_event_text(e, "%d sabres of %s charge %d %s from %.1f in: %d of them and %d of the charged fall%s%s", in.sabres,
			      s->sides[side].name, in.defenders,
			      in.target == LW_CT_CLOSE ? "infantry in close order"
			      : in.target == LW_CT_EXTENDED ? "infantry in extended order"
			      : in.target == LW_CT_STILL_CAV ? "cavalry standing still"
							      : "cavalry",
			      in.gap_in, out.cav_lost, out.def_lost,
			      out.def_retires ? "; the charged body must retire while pursued" : "",
			      out.def_back > 0 ? "; it falls back 1 ft in its next move (KS.CH.4)" : "");
	}
	for (int i = 0; i < out.cav_lost; i++)
		kill(s, &s->fig[sab[i]], out.clause, ev);
	for (int i = 0; i < out.def_lost; i++)
		kill(s, &s->fig[def[i]], out.clause, ev);
	// KS.CH.8: the smaller side's next nearest are taken.
	if (out.prisoners > 0) {
		bool charger_large = (long)in.sabres * (1 + in.contours) > in.defenders;
		const int32_t *pool = charger_large ? def + out.def_lost : sab + out.cav_lost;
		int avail = charger_large ? in.defenders - out.def_lost : in.sabres - out.cav_lost;
		int n = out.prisoners < avail ? out.prisoners : avail, captor = charger_large ? side : foe;
		for (int i = 0; i < n; i++)
			take(s, &s->fig[pool[i]], captor, ev);
		lw_assign_escorts(s, captor, pool, n, ev);
	}
	for (int i = 0; i < out.def_driven; i++) // KS.CH.5
		drive(s, &s->fig[def[out.def_lost + i]], mid, ev);
	if (out.def_still) // KS.CH.4: close order may not move in its next move
		for (int i = out.def_lost; i < in.defenders; i++)
			if (lw_is_free(&s->fig[def[i]])) {
				LWF(s, &s->fig[def[i]])->ks_still_until = s->move_no + 1;
				LWF(s, &s->fig[def[i]])->ks_still_why = LW_STILL_CLOSE;
			}
	// The retreats, enforced at once (readings), each straight towards the man's own back line:
	// KS.CH.4's extended order falls back 1 ft now, and that is its next move (it may not move in
	// it); KS.CH.7's loser retires a cavalry move (36 in); KS.CH.11's infantry keeps retiring,
	// 12 in; driven off the field or into water they are destroyed (KS.CH.10). "As long as
	// pursued" is left to the players.
	for (int i = out.def_lost; i < in.defenders; i++) {
		tw_figure *f = &s->fig[def[i]];
		if (!lw_is_free(f))
			continue;
		if (out.def_back > 0) {
			retreat(s, f, out.def_back, "KS.CH.4", ev);
			if (lw_is_free(f)) {
				LWF(s, f)->ks_still_until = s->move_no + 1;
				LWF(s, f)->ks_still_why = LW_STILL_FELL_BACK; // lw-box: the refusal names the fall-back
			}
		} else if (strcmp(out.clause, "KS.CH.7") == 0 && out.def_retires) {
			retreat(s, f, LW_KS_CHARGE_REACH, "KS.CH.7", ev);
			lw_ks_mark_retiring(s, f); // KS.CH.10: keeps retiring while pursued (lw_ks_pursuit.c)
		} else if (strcmp(out.clause, "KS.CH.11") == 0) {
			retreat(s, f, LW_INF_MOVE, "KS.CH.11", ev);
			lw_ks_mark_retiring(s, f); // KS.CH.11: keeps retiring while pursued
		}
	}
	if (strcmp(out.clause, "KS.CH.7") == 0 && !out.def_retires) // the charger lost the toss
		for (int i = out.cav_lost; i < in.sabres; i++)
			if (lw_is_free(&s->fig[sab[i]])) {
				retreat(s, &s->fig[sab[i]], LW_KS_CHARGE_REACH, "KS.CH.7", ev);
				lw_ks_mark_retiring(s, &s->fig[sab[i]]); // KS.CH.10
			}
	for (int i = 0; i < in.sabres; i++) // the charge is the sabres' move
		s->fig[o->fig[i]].moved_in = s->move_no;
	LWG(s)->men_moved = 1; // LW.MV.11: guns are finished
	tw_free(sab);
	return TW_OK;
}

static tw_status apply_gun_charge(tw_state *s, const tw_order *o, const lw_ks_charge_in *in, const lw_ks_charge_out *out,
				  tw_events *ev, tw_error *err)
{
	tw_gun *g = &s->gun[o->gun];
	by_gap *by = tw_malloc((size_t)o->nfig * sizeof *by);
	if (!by)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int i = 0; i < o->nfig; i++)
		by[i] = (by_gap){tw_gun_distance(g, s->fig[o->fig[i]].pos), o->fig[i]};
	qsort(by, (size_t)o->nfig, sizeof *by, cmp_gap);
	int owner = g->side;
	tw_event *e = tw_events_push(ev, TW_EV_CAPTURE, o->side, "KS.CH.12");
	if (e) {
		e->a = g->id;
		e->b = o->side;
		e->c = owner;
		e->v = in->gap_in;
		e->x = g->axle.x;
		e->y = g->axle.y;
		tw_event_text(e, "%d sabres of %s charge gun %d from %.1f in and take it: %d of them fall", in->sabres,
			      s->sides[o->side].name, g->id, in->gap_in, out->cav_lost);
	}
	for (int i = 0; i < out->cav_lost; i++)
		kill(s, &s->fig[by[i].id], "KS.CH.12", ev);
	tw_free(by);
	g->side = (uint8_t)o->side; // the gun is the charger's (LW.CAP.4 by analogy)
	lw_forget_crossers(s, g);
	for (int i = 0; i < o->nfig; i++) // the charge is the sabres' move
		s->fig[o->fig[i]].moved_in = s->move_no;
	LWG(s)->men_moved = 1; // LW.MV.11: guns are finished
	return TW_OK;
}

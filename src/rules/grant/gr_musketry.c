// Musketry: volleys by firing groups (GR.MUSK), light infantry (GR.LIGHT), grenadiers' groups
// of 4 (GR.GREN.2) and the mutual exchange (GR.MUSK.2/3).
#include <math.h>
#include <stdlib.h>

#include "gr.h"

typedef struct key_fig {
	double key;
	int32_t id;
} key_fig;

static int cmp_key(const void *a, const void *b)
{
	const key_fig *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

// R&F of a unit counted off from the firer's left (GR.MUSK.10).
static int rf_from_left(const tw_state *s, int unit, tw_vec2 right, key_fig *out)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == unit && f->status == TW_FS_ACTIVE && gr_is_rf(f)) {
			out[n].key = tw_dot(f->pos, right);
			out[n].id = f->id;
			n++;
		}
	}
	qsort(out, (size_t)n, sizeof *out, cmp_key);
	return n;
}

static double rf_range(const tw_state *s, int firer, int target)
{
	double best = 1e18;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *a = &s->fig[i];
		if (a->unit != firer || a->status != TW_FS_ACTIVE || !gr_is_rf(a))
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *b = &s->fig[j];
			if (b->unit == target && b->status == TW_FS_ACTIVE) {
				double d = tw_dist(a->pos, b->pos);
				if (d < best)
					best = d;
			}
		}
	}
	return best; // GR.GEN.4: firer's nearest R&F to the target's nearest figure
}

static bool garrisoned(const tw_state *s, int unit)
{
	int n = 0, g = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i])) {
			n++;
			g += GRF(s, &s->fig[i])->house >= 0;
		}
	return n > 0 && g == n;
}

bool gr_can_volley(const tw_state *s, const tw_unit *u)
{
	if (!gr_line_type(GRU(s, u)->troop) || (GRU(s, u)->flags & (GUF_FIRED_NOW | GUF_MELEE)) || gr_unit_halted(s, u))
		return false;
	bool house = garrisoned(s, u->id);
	if ((GRU(s, u)->flags & GUF_RETIRE50) && !house) // GR.MORALE.8/9
		return false;
	if (u->formation != GR_F_LINE && !house) // GR.MUSK.1
		return false;
	for (int i = 0; i < s->nfig; i++) // GR.MOVE.2: no more than 4 in with firing
		if (s->fig[i].unit == u->id && s->fig[i].status == TW_FS_ACTIVE && s->fig[i].moved_in == s->move_no &&
		    s->fig[i].move_used > 4 + 1e-9)
			return false;
	return true;
}

// GR.LIGHT, GR.MORALE.5/8, GR.MELEE.1, GR.TERR.7, GR.MOVE.7: light infantry u may fire now (once a
// move; not locked in melee, halted, retiring, crossing a ford or aboard a barge).
static bool light_may_fire(const tw_state *s, const tw_unit *u)
{
	if (GRU(s, u)->troop != TW_GR_LIGHT_INF || (GRU(s, u)->flags & (GUF_FIRED_NOW | GUF_MELEE | GUF_RETIRE50)) ||
	    gr_unit_halted(s, u))
		return false;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u->id && s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->aboard >= 0)
			return false;
	return true;
}

bool gr_light_may_fire(const tw_state *s, const tw_unit *u) { return light_may_fire(s, u); }

static int group_size(const tw_state *s, const tw_unit *u) { return GRU(s, u)->troop == TW_GR_GRENADIER ? 4 : 6; } // GR.GREN.2

int gr_fire_volley(tw_state *s, int firer, int target, int band, bool first, bool cover, tw_events *ev)
{
	tw_unit *fu = gr_unit(s, firer);
	const tw_unit *tu = gr_unit_c(s, target);
	tw_vec2 right = tw_dir_deg(fu->facing + 90);
	key_fig *fire = tw_malloc(sizeof *fire * (size_t)(s->nfig + 1)), *tgt = tw_malloc(sizeof *tgt * (size_t)(s->nfig + 1));
	int kills = 0;
	if (!fire || !tgt)
		goto out;
	int nf = rf_from_left(s, firer, right, fire), nt = rf_from_left(s, target, right, tgt);
	int g = group_size(s, fu);
	int nd = tw_grant_musk_dice(nf, g); // GR.MUSK.4/5
	int ded = gr_musk_deduct[band][(first ? 2 : 0) + (cover ? 1 : 0)];
	int ngroups = (nt + 5) / 6;
	bool *dead = tw_calloc((size_t)nt + 1, 1);
	if (!dead || ngroups == 0) {
		tw_free(dead);
		goto out;
	}
	int total = 0;
	for (int k = 0; k < nd; k++) {
		tw_event *e = NULL;
		int die = tw_roll_d6(s, ev, fu->side, "GR.MUSK.7", &e);
		int ie = e ? (int)(e - ev->v) : -1; // its place: the allocation dice may move the events
		int hits = tw_grant_hits(die, ded); // GR.MUSK.7
		total += hits;
		int grp = k % ngroups, size = nt - grp * 6 < 6 ? nt - grp * 6 : 6;
		int dice[64], removed[7];
		if (hits > 0) // GR.MUSK.11: one allocation die per hit
			tw_roll(s, ev, fu->side, "GR.MUSK.11", hits < 64 ? hits : 64, 6, dice, NULL);
		int nr = tw_grant_allocate(dice, hits < 64 ? hits : 64, size, removed);
		e = ie >= 0 ? &ev->v[ie] : NULL;
		if (e) {
			e->c = hits;
			e->d = nr;
			tw_event_text(e, "%s group %d throws %d, less %d: %d hits on target group %d", fu->name, k + 1, die, ded,
				      hits, grp + 1);
		}
		for (int r = 0; r < nr; r++)
			dead[grp * 6 + removed[r] - 1] = true;
	}
	for (int i = 0; i < nt; i++)
		if (dead[i]) {
			tw_figure *f = tw_state_figure(s, tgt[i].id);
			if (f->status == TW_FS_ACTIVE) {
				gr_kill_by(s, f, "GR.MUSK.11", 1, firer, ev);
				kills++;
			}
		}
	tw_free(dead);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, fu->side, first ? "GR.MUSK.9" : "GR.MUSK.6");
	if (e) {
		e->a = firer;
		e->b = target;
		e->c = total;
		e->d = kills;
		tw_event_text(e, "%s volley at %s (%d dice, less %d%s%s): %d hits, %d removed", fu->name, tu->name, nd, ded,
			      first ? ", first volley" : "", cover ? ", cover" : "", total, kills);
	}
out:
	GRU(s, fu)->flags |= GUF_FIRED_EVER | GUF_FIRED_NOW;
	tw_free(fire);
	tw_free(tgt);
	return kills;
}

int gr_light_fire(tw_state *s, int firer, const int32_t *firers, int nf, int32_t target_fig, bool pick, bool close,
		  tw_events *ev)
{
	tw_unit *fu = gr_unit(s, firer);
	const tw_figure *tf = tw_state_figure_c(s, target_fig);
	int tunit = tf->unit;
	const tw_unit *tu = gr_unit_c(s, tunit);
	bool tlight = tu && GRU(s, tu)->troop == TW_GR_LIGHT_INF;
	int kills = 0;
	for (int i = 0; i < nf; i++) {
		const tw_figure *a = tw_state_figure_c(s, firers[i]);
		if (!a || a->status != TW_FS_ACTIVE || !gr_is_rf(a))
			continue;
		tf = tw_state_figure_c(s, target_fig);
		if (pick && tf->status != TW_FS_ACTIVE)
			break;
		double range = close ? 0 : tw_dist(a->pos, tf->pos); // GR.GEN.4: per firing figure
		bool cover = gr_in_cover(s, tf, a->pos);
		int need = tw_grant_light_kill(tlight, cover, pick, GRF(s, tf)->mounted != 0, range);
		if (need > 6)
			continue;
		tw_event *de = NULL;
		int die = tw_roll_d6(s, ev, a->side, "GR.LIGHT.1", &de);
		tw_event_text(de, "figure %d fires at figure %d: %d, needs %d", a->id, tf->id, die, need);
		if (die < need)
			continue;
		tw_figure *victim = NULL;
		if (pick) {
			victim = tw_state_figure(s, target_fig);
		} else { // GR.LIGHT.3: the owner's choice among the R&F, by default the one nearest the firer
			double best = 1e18;
			int chosen = -1, rank = 0;
			for (int j = 0; j < s->nfig; j++) {
				tw_figure *f = &s->fig[j];
				if (f->unit != tunit || f->status != TW_FS_ACTIVE || !gr_is_rf(f))
					continue;
				int r = GRF(s, f)->casualty;
				if (r > 0 && (chosen < 0 || r < rank)) {
					chosen = j;
					rank = r;
				}
				if (tw_dist(f->pos, a->pos) < best) {
					best = tw_dist(f->pos, a->pos);
					victim = f;
				}
			}
			if (chosen >= 0) {
				victim = &s->fig[chosen];
				gr_owner_event(s, victim, "GR.LIGHT.3", ev);
			}
		}
		if (victim && gr_hit_figure_by(s, victim, pick ? "GR.LIGHT.4" : "GR.LIGHT.1", firer, ev))
			kills++;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, fu->side, "GR.LIGHT.1");
	if (e) {
		e->a = firer;
		e->b = tunit;
		e->d = kills;
		tw_event_text(e, "%s fires as individuals%s: %d killed", fu->name, pick ? ", picking off" : "", kills);
	}
	GRU(s, fu)->flags |= GUF_FIRED_EVER | GUF_FIRED_NOW;
	return kills;
}

tw_status gr_validate_volley(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->nfig < 1 || o->nfig2 < 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "a volley names its firers and a target");
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]), *t = tw_state_figure_c(s, o->fig2[0]);
	const tw_unit *u = f0 ? gr_unit_c(s, f0->unit) : NULL;
	if (!u || u->side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "the firers are not a unit of this side");
	if (!t || t->status != TW_FS_ACTIVE || t->side == o->side || t->unit < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.1", "the target is not an enemy figure of a unit");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u->id || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "figure %d is not an active man of %s", o->fig[i], u->name);
	}
	int troop = GRU(s, u)->troop;
	if (troop == TW_GR_WAGON || troop == TW_GR_BARGE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ORG.4", "transport never fires");
	if (gr_unit_crossing(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "%s is crossing a ford and does nothing else", u->name);
	if (GRF(s, f0)->aboard >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "troops aboard a barge do not fire (design choice)");
	if (GRU(s, u)->flags & GUF_MELEE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.1", "%s is locked in melee: it fires no volley", u->name);
	if (troop == TW_GR_LIGHT_INF) {
		if (!light_may_fire(s, u))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.5", "%s may not fire now", u->name);
		if (o->n == 1) {
			bool ok = false;
			for (int i = 0; i < o->nfig && !ok; i++) {
				const tw_figure *a = tw_state_figure_c(s, o->fig[i]);
				ok = tw_grant_light_kill(false, gr_in_cover(s, t, a->pos), true, GRF(s, t)->mounted != 0,
							 tw_dist(a->pos, t->pos)) <= 6;
			}
			if (!ok)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.LIGHT.4", "figure %d cannot be picked off", t->id);
		} else {
			double best = 1e18;
			for (int i = 0; i < o->nfig; i++)
				best = fmin(best, tw_dist(tw_state_figure_c(s, o->fig[i])->pos, t->pos));
			if (best > 18)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.1", "beyond 18 in");
		}
		return TW_OK;
	}
	if (o->n != 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.LIGHT.4", "only light infantry picks off");
	if (!gr_line_type(troop))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "%s fires no musketry", u->name);
	if (gr_unit_halted(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.5", "%s is halted and may not fire", u->name);
	if (!gr_can_volley(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1",
				    "%s cannot volley now (in line or a house, once a move, moved no more than 4 in, not halted)", u->name);
	if (rf_range(s, u->id, t->unit) > 18)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.1", "the target is beyond 18 in");
	return TW_OK;
}

static void volley_at(tw_state *s, int firer, int target, tw_events *ev)
{
	const tw_unit *fu = gr_unit_c(s, firer);
	double r = rf_range(s, firer, target);
	int band = tw_grant_band(r, 6, 12, 18);
	if (band < 0 || gr_rf_alive(s, firer) == 0)
		return;
	tw_vec2 from = tw_v2(0, 0);
	int fa = -1, fb = -1;
	double d;
	if (gr_nearest_between(s, firer, target, &d, &fa, &fb))
		from = tw_state_figure_c(s, fa)->pos;
	bool cover = gr_unit_in_cover(s, target, from);
	gr_fire_volley(s, firer, target, band, !(GRU(s, fu)->flags & GUF_FIRED_EVER), cover, ev);
}

// The nearest figure of unit `to` to any R&F of unit `from` (light infantry fires "into the brown"
// at it, GR.LIGHT.2), or -1.
static int32_t brown_target(const tw_state *s, int from, int to)
{
	double d = 0;
	int fb = -1;
	for (int i = 0; i < s->nfig; i++) { // from its R&F only (GR.GEN.4: per firing figure)
		const tw_figure *a = &s->fig[i];
		if (a->unit != from || a->status != TW_FS_ACTIVE || !gr_is_rf(a))
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *b = &s->fig[j];
			if (b->unit == to && b->status == TW_FS_ACTIVE && (fb < 0 || tw_dist(a->pos, b->pos) < d)) {
				d = tw_dist(a->pos, b->pos);
				fb = b->id;
			}
		}
	}
	return fb;
}

// GR.MUSK.2: unit `u` could fire back at unit `at` now: a volley it may fire (line-type) or light
// infantry that may fire, with `at` in range (18 in, GR.RANGE.1).
static bool may_reply(const tw_state *s, const tw_unit *u, int at)
{
	if (gr_line_type(GRU(s, u)->troop))
		return gr_can_volley(s, u) && rf_range(s, u->id, at) <= 18;
	return light_may_fire(s, u) && rf_range(s, u->id, at) <= 18;
}

// The fire of unit `from` at unit `to` in an exchange: a volley, or light infantry into the brown.
static void reply_fire(tw_state *s, int from, int to, tw_events *ev)
{
	if (gr_line_type(GRU(s, gr_unit_c(s, from))->troop)) {
		volley_at(s, from, to, ev);
		return;
	}
	int32_t *ids = tw_malloc(sizeof *ids * (size_t)(s->nfig + 1)), n = 0, t = brown_target(s, from, to);
	if (!ids)
		return;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == from && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i]))
			ids[n++] = s->fig[i].id;
	if (t >= 0 && n > 0)
		gr_light_fire(s, from, ids, n, t, false, false, ev);
	tw_free(ids);
}

// The fire the order gives.
static void ordered_fire(tw_state *s, const tw_order *o, int firer, int target, tw_events *ev)
{
	if (GRU(s, gr_unit_c(s, firer))->troop == TW_GR_LIGHT_INF)
		gr_light_fire(s, firer, o->fig, o->nfig, o->fig2[0], o->n == 1, false, ev);
	else
		volley_at(s, firer, target, ev);
}

// GR.MUSK.2: does the side fire back when one of its units is fired at? Its standing order
// (end_move `n`), by default yes, and only if the scenario allows exchanges (`exchange`).
static bool side_replies(const tw_state *s, int side)
{
	return s->params[GRP_EXCHANGE] != 0 && side >= 0 && side < 2 && GRSD(s, side)->exchange != GR_HOLD;
}

tw_status gr_apply_volley(tw_state *s, const tw_order *o, tw_events *ev)
{
	int firer = tw_state_figure(s, o->fig[0])->unit;
	const tw_figure *t = tw_state_figure_c(s, o->fig2[0]);
	int target = t->unit;
	tw_unit *u = gr_unit(s, firer), *tu = gr_unit(s, target);
	// GR.MUSK.2: the target fires back only if its owner has ordered it (his standing order).
	if (!tu || !side_replies(s, tu->side) || !may_reply(s, tu, firer)) {
		ordered_fire(s, o, firer, target, ev);
		return TW_OK;
	}
	// GR.MUSK.2: each throws a d6; the higher fires first, equal scores fire together.
	int da = tw_roll_d6(s, ev, u->side, "GR.MUSK.2", NULL);
	int db = tw_roll_d6(s, ev, tu->side, "GR.MUSK.2", NULL);
	tw_event *e = tw_events_push(ev, TW_EV_TOSS, u->side, "GR.MUSK.2");
	if (e) {
		e->a = da > db ? u->side : da < db ? tu->side : -1;
		e->b = da;
		e->c = db;
		tw_event_text(e, "mutual exchange: %s throws %d, %s throws %d", u->name, da, tu->name, db);
	}
	if (da == db) { // GR.MUSK.3: simultaneous, both with their strength before either volley
		int nfig = s->nfig;
		uint8_t *st = tw_malloc((size_t)nfig + 1);
		if (!st)
			return TW_ERR_NOMEM;
		for (int i = 0; i < nfig; i++)
			st[i] = s->fig[i].status;
		ordered_fire(s, o, firer, target, ev);
		uint8_t *after = tw_malloc((size_t)nfig + 1);
		if (!after) {
			tw_free(st);
			return TW_ERR_NOMEM;
		}
		for (int i = 0; i < nfig; i++) { // the target's dead fire back before they fall
			after[i] = s->fig[i].status;
			if (s->fig[i].unit == target)
				s->fig[i].status = st[i];
		}
		reply_fire(s, target, firer, ev);
		for (int i = 0; i < nfig; i++)
			if (s->fig[i].unit == target)
				s->fig[i].status = after[i];
		tw_free(after);
		tw_free(st);
		e = tw_events_push(ev, TW_EV_INFO, -1, "GR.MUSK.3");
		if (e)
			tw_event_text(e, "both fired at the same time, with their strength before either volley");
		return TW_OK;
	}
	if (da > db)
		ordered_fire(s, o, firer, target, ev);
	else
		reply_fire(s, target, firer, ev);
	e = tw_events_push(ev, TW_EV_INFO, -1, "GR.MUSK.3");
	if (e)
		tw_event_text(e, "casualties removed before the reply");
	if (da > db)
		reply_fire(s, target, firer, ev);
	else
		ordered_fire(s, o, firer, target, ev);
	return TW_OK;
}

// Nikolas Lloyd's skirmish suite: shooting in one's own turn (NQ.SHT) and opportunity shooting in
// the enemy's (NQ.OPP): range bands, shields, groups, the random member hit, damage (NQ.DMG.4).
#include <math.h>

#include "ll.h"

// NQ.OPP.1: a snap shot is at a man charging him, so the charge's own engagement does not count:
// the shooter engaged only by men who charged him this turn, the target engaged only with him.
static bool engaged_beyond(const tw_state *s, int f, int shooter, bool snap)
{
	// (ll-nq2: the men engaged with f in index order, ll_engaged_next)
	for (int j = ll_engaged_next(s, f, 0); j >= 0; j = ll_engaged_next(s, f, j + 1)) {
		if (snap && f == shooter && LLF(s, j)->charged == f && LLF(s, j)->turn_moved == LLG(s)->turn)
			continue;
		if (snap && f != shooter && j == shooter)
			continue;
		return true;
	}
	return false;
}

// ll-gen2: the snap test of NQ.OPP.1 (below in ll_validate_shoot, the same).
static bool snap_ok(const tw_state *s, int f, int t)
{
	const ll_frec *rt = LLF(s, t);
	tw_vec2 from = tw_v2(rt->fx, rt->fy);
	return rt->turn_moved == LLG(s)->turn && tw_dist(s->fig[t].pos, s->fig[f].pos) < tw_dist(from, s->fig[f].pos) - LL_EPS;
}

static bool is_snap(const tw_state *s, int side) { return s->phase == LL_PH_REACT && !ll_acting(s, side); }

bool ll_shooter_free(const tw_state *s, int f) { return !engaged_beyond(s, f, f, is_snap(s, s->fig[f].side)); }

bool ll_shot_ok(const tw_state *s, int side, int f, int t, int shooter_free) { return ll_shot_ok_memo(s, side, f, t, shooter_free, NULL); }

// ll-nq2: target_melee (NULL, or one entry per figure: -1 not known yet, else 0/1) keeps whether
// each target is engaged, for shots in one's own turn: engaged_beyond(t, f, false) does not
// depend on the shooter (only a snap shot's does), so every archer of a side reads it once.
bool ll_shot_ok_memo(const tw_state *s, int side, int f, int t, int shooter_free, signed char *target_melee)
{
	// ll_validate_shoot's tests, the cheap ones first (the generals try every target of every bow)
	bool snap = is_snap(s, side);
	if (!snap && (s->phase != LL_PH_MOVE || !ll_acting(s, side)))
		return false;
	if (!ll_fights(s, f) || s->fig[f].side != side)
		return false;
	const ll_frec *r = LLF(s, f);
	int k = ll_row(s, f);
	if (r->reach[k] != TW_LL_MISSILE || !r->loaded)
		return false;
	if ((!snap && !ll_may_act(s, f, LLA_SHOOT)) || (snap && LLG(s)->evaded) || !ll_fights(s, t) ||
	    ll_allied(s, s->fig[t].side, side))
		return false;
	if (tw_ll_range_band(r->r[k], tw_dist(s->fig[f].pos, s->fig[t].pos)) < 0)
		return false;
	if (snap && !snap_ok(s, f, t))
		return false;
	if (shooter_free == 0 || (shooter_free < 0 && engaged_beyond(s, f, f, snap)))
		return false;
	bool engaged;
	if (!snap && target_melee) {
		if (target_melee[t] < 0)
			target_melee[t] = engaged_beyond(s, t, f, false);
		engaged = target_melee[t] > 0;
	} else {
		engaged = engaged_beyond(s, t, f, snap);
	}
	return !engaged && ll_sight(s, f, t);
}

tw_status ll_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err)
{
	bool snap = s->phase == LL_PH_REACT && !ll_acting(s, o->side);
	if (!snap && (s->phase != LL_PH_MOVE || !ll_acting(s, o->side)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "not %s's time to shoot", s->sides[o->side].name);
	if (o->nfig != 1 || o->nfig2 != 1) // the order's lists are open for the fast-play volley (IN.ACT.4)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.SHT.3", "one shooter at one target in the NQ game");
	int f = o->fig[0], t = o->fig2[0];
	if (!ll_fights(s, f) || s->fig[f].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "figure %d is not one of %s's men in the fight", f,
				    s->sides[o->side].name);
	const ll_frec *r = LLF(s, f);
	int k = ll_row(s, f);
	if (r->reach[k] != TW_LL_MISSILE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "figure %d has no missile weapon in hand", f);
	if (!r->loaded)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.2", "figure %d is not loaded", f);
	if (!err) // ll-gen2: only the status is asked, and each test below fails with TW_ERR_ILLEGAL
		return ll_shot_ok(s, o->side, f, t, -1) ? TW_OK : TW_ERR_ILLEGAL;
	if (engaged_beyond(s, f, f, snap))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.5", "figure %d is in melee", f);
	if (!snap && !ll_may_act(s, f, LLA_SHOOT))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.1", "figure %d has shot, or used his two actions, this turn", f);
	if (snap && LLG(s)->evaded)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "opportunity shooting (phase 2) comes before evading (phase 3)");
	if (!ll_fights(s, t) || tw_allied(s, s->fig[t].side, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.3", "figure %d is no enemy in the fight", t);
	if (engaged_beyond(s, t, f, snap))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.5", "figure %d is in melee: no shooting at him", t);
	if (snap) { // NQ.OPP.1: at an enemy moving against him this turn
		const ll_frec *rt = LLF(s, t);
		tw_vec2 from = tw_v2(rt->fx, rt->fy);
		if (rt->turn_moved != LLG(s)->turn ||
		    tw_dist(s->fig[t].pos, s->fig[f].pos) >= tw_dist(from, s->fig[f].pos) - LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.OPP.1", "figure %d did not move against figure %d this turn", t, f);
	}
	double dist = tw_dist(s->fig[f].pos, s->fig[t].pos);
	if (tw_ll_range_band(r->r[k], dist) < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.4", "figure %d is %.2f in away: beyond %g in", t, dist, r->r[k][2]);
	if (!ll_sight(s, f, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.SHT.5", "figure %d cannot see figure %d (or would shoot through someone)",
				    f, t);
	return TW_OK;
}

tw_status ll_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev)
{
	bool snap = s->phase == LL_PH_REACT;
	int f = o->fig[0], t = o->fig2[0];
	// ll-nq2: NQ.GRP.5's work arrays first, so that nothing fails once the state has changed (the
	// order is applied without a saved copy: ll_apply_atomic)
	int *work = tw_events_alloc(ev, sizeof(int) * 2 * (size_t)(s->nfig ? s->nfig : 1));
	if (!work)
		return TW_ERR_NOMEM;
	ll_frec *r = LLF(s, f);
	int k = ll_row(s, f);
	const char *clause = snap ? "NQ.OPP.2" : "NQ.SHT.3";
	double dist = tw_dist(s->fig[f].pos, s->fig[t].pos);
	int band = tw_ll_range_band(r->r[k], dist);
	int g = LLF(s, t)->group, size = ll_group_size(s, g);
	int shield = ll_in_arc(s, t, s->fig[f].pos) ? LLF(s, t)->s : 0; // NQ.SHD.1/2
	int need = tw_ll_shot_need(r->w[k], band, snap, shield, size, (int)s->params[LLP_BIG_GROUP], r->wounded);
	r->loaded = 0; // NQ.SHT.2, NQ.OPP.6: the shot empties the bow
	if (snap)
		r->snapped = 1; // NQ.OPP.5
	else
		ll_set_act(s, f, LLA_SHOOT);
	int roll = tw_roll(s, ev, s->fig[f].side, clause, 1, 20, NULL, NULL);
	bool hit = roll >= need;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, clause);
	if (e) {
		e->a = f;
		e->b = t;
		e->c = need;
		e->d = roll;
		// h7-nqspeed: "+%d" is "%+d" for the band's 0, 2 or 5 (never negative), and keeps the words
		// on tw_event_text's fast path (no vsnprintf: some 6% of an NQ battle)
		tw_event_text(e, "%s%d shoots at %d, %.1f in (%s range): needs %d (W%d+%d band%s%s%s), rolls %d: %s",
			      snap ? "snap shot: " : "", f, t, dist, band == 0 ? "short" : band == 1 ? "medium" : "long", need,
			      r->w[k], band == 0 ? 0 : band == 1 ? 2 : 5, snap ? " +2 snap" : "", shield ? " +shield" : "",
			      size >= 3 ? " group" : "", roll, hit ? "hit" : "miss");
	}
	if (!hit) {
		tw_free(work);
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	int victim = t;
	if (size >= 2) { // NQ.SHT.6, NQ.GRP.6: a hit on a group falls on a random member
		int pick = tw_roll(s, ev, s->fig[f].side, "NQ.GRP.6", 1, size < 2 ? 2 : size, NULL, NULL), seen = 0;
		for (int j = 0; j < s->nfig; j++)
			if (LLF(s, j)->group == g && ll_fights(s, j) && ++seen == pick)
				victim = j;
	}
	int dice = r->d[k] - (r->wounded ? 1 : 0); // NQ.DMG.2: -1D wounded
	int faces[32], hits = 0;
	if (dice > 32)
		dice = 32;
	if (dice > 0) {
		tw_roll(s, ev, s->fig[f].side, "NQ.DMG.4", dice, 20, faces, NULL);
		for (int i = 0; i < dice; i++)
			hits += faces[i] >= LLF(s, victim)->t; // NQ.DMG.1
	}
	ll_apply_damage(s, ev, victim, hits, s->fig[f].pos, "NQ.DMG.4");
	ll_ca_note_kill(s, victim, f); // h6-camp: CA.D2, the killer's commander
	ll_regroup_in(s, ev, work, work + (s->nfig ? s->nfig : 1));
	tw_free(work);
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// Science versus Luck: the attacker's phase (SV.SEQ.2, SV.SEQ.4): movement (SV.MOVE), infantry
// fire (SV.FIRE.1-3), melee at the gun (SV.MEL), the adherence verdict (SV.DOC.16-17), and the
// turn's end: morale (SV.MOR) and winning (SV.WIN).
#include <math.h>

#include "sv.h"

bool sv_standing(const tw_state *s, int f)
{
	return f >= 0 && f < s->nfig && s->fig[f].side == SV_ATTACKER && s->fig[f].status == TW_FS_ACTIVE;
}

bool sv_gun_in_action(const tw_state *s, int g)
{
	return SVGN(s, g)->matches > 0; // SV.WIN.2
}

int sv_nearest_gun(const tw_state *s, tw_vec2 p, double *dist)
{
	int best = -1;
	double bd = 1e300;
	for (int g = 0; g < s->ngun; g++) {
		double d = tw_dist(p, s->gun[g].axle);
		if (sv_gun_in_action(s, g) && d < bd)
			bd = d, best = g;
	}
	if (dist)
		*dist = bd;
	return best;
}

void sv_win(tw_state *s, int side, const char *clause, const char *why, tw_events *ev)
{
	s->over = true;
	s->winner = (int8_t)side;
	s->mover = -1;
	s->phase = SV_PH_OVER;
	tw_event *e = tw_events_push(ev, TW_EV_VICTORY, side, clause);
	if (e) {
		e->a = side;
		tw_event_text(e, "%s win: %s (turn %d)", s->sides[side].name, why, SVG(s)->turn);
	}
	// sv-cite: SV.WIN.5, the result record in one event: a turn, b casualties, c off the table,
	// d morale rolls; the text adds each gun's matches, shots and misfires, and the verdicts.
	const sv_game *g = SVG(s);
	int out = 0, off = 0;
	for (int f = 0; f < s->nfig; f++)
		if (s->fig[f].side == SV_ATTACKER)
			out += s->fig[f].status == TW_FS_OUT, off += s->fig[f].status == TW_FS_OFF;
	tw_event *r = tw_events_push(ev, TW_EV_INFO, -1, "SV.WIN.5");
	if (r) {
		r->a = g->turn;
		r->b = out;
		r->c = off;
		r->d = g->morale_rolls;
		r->v = (double)g->verdicts;
		char guns[80] = "";
		size_t used = 0;
		for (int k = 0; k < s->ngun && k < 2; k++) {
			const sv_grec *q = SVGN(s, k);
			int w = snprintf(guns + used, sizeof guns - used, "%sgun %d: %d matches, %d shots, %d misfires", k ? "; " : "",
					 k, q->matches, q->fired, q->misfired);
			used += w > 0 && (size_t)w < sizeof guns - used ? (size_t)w : 0;
		}
		tw_event_text(r, "result: turn %d, %d casualties, %d off the table, %d morale rolls; %s; adhering %d of %d turns",
			      g->turn, out, off, g->morale_rolls, guns, __builtin_popcountll((unsigned long long)g->verdicts),
			      g->verdict_turns);
	}
}

bool sv_may_run(const tw_state *s, int f)
{
	return sv_may_run_at(s, s->fig[f].pos);
}

bool sv_may_run_at(const tw_state *s, tw_vec2 p)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	double d;
	int g = sv_nearest_gun(s, p, &d);
	switch (m->pace) { // SV.MOVE.3, SV.DOC.12 IM.pace
	case SV_PACE_ANYTIME: return true;
	case SV_PACE_WITHIN: return g >= 0 && d <= m->pace_x;
	case SV_PACE_IN_OPEN:
		for (int k = 0; k < s->ngun; k++)
			if (sv_gun_in_action(s, k) && sv_sight(s, s->gun[k].axle, p) && !sv_in_cover(s, s->gun[k].axle, p))
				return true;
		return false;
	default: return false;
	}
}

bool sv_hidden_from_guns(const tw_state *s, tw_vec2 p)
{
	for (int k = 0; k < s->ngun; k++) // SV.BAT.7: with respect to every gun still in action
		if (sv_gun_in_action(s, k) && sv_sight(s, s->gun[k].axle, p) && !sv_behind_hard(s, s->gun[k].axle, p))
			return false;
	return true;
}

// at_of[j]: the index in the order of figure j's move (the last one), -1 when it does not move.
static tw_status validate_move(const tw_state *s, const tw_order *o, tw_error *err, const int32_t *at_of)
{
	const sv_game *g = SVG(s);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!sv_standing(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.1", "figure %d is not a standing infantry figure", f);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == f)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.1", "figure %d is moved twice", f);
		const sv_frec *r = SVF(s, f);
		if (r->act == SV_ACT_FIRED)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.2", "figure %d fired this phase and may not move", f);
		if (r->act != SV_ACT_NONE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.1", "figure %d has moved this phase", f);
		tw_vec2 a = s->fig[f].pos, b = o->at[i];
		double d = tw_dist(a, b);
		if (d > SV_RUN + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.1", "figure %d moves %.2f in: 9 in at most, running", f, d);
		if (d > SV_WALK + 1e-9 && !sv_may_run(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19",
					    "figure %d may not run (%.2f in): the Infantry Manual's IM.pace forbids it (SV.MOVE.3)", f, d);
		if (sv_impassable_segment(s, a, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.5", "figure %d's move crosses a building or rocks", f);
		if (sv_solid_at(s, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.5", "figure %d would end on a wall, a building or rocks: "
					    "walls are crossed, not stood on", f);
		for (int k = 0; k < s->ngun; k++)
			if (tw_dist_point_segment(s->gun[k].axle, a, b) < SV_GUN_FOOT)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.5", "figure %d enters gun %d's footprint (SV.BAT.10)", f, k);
		bool commander = SVF(s, f)->role == SV_ROLE_COMMANDER; // SV.MOR.11 ignores morale
		if (!commander && g->cond != SV_COND_NORMAL && s->ngun > 0) {
			double d0, d1;
			sv_nearest_gun(s, a, &d0);
			sv_nearest_gun(s, b, &d1);
			if (g->cond == SV_COND_PAUSE && d1 < d0 - 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOR.4", "figure %d may not end nearer the gun under a Pause", f);
			if (g->cond == SV_COND_RECOIL && !(d1 > d0 + 1e-9) && !sv_hidden_from_guns(s, b))
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOR.5",
						    "figure %d must recoil: end farther from the gun, behind hard cover or out of sight", f);
		}
		// SV.MOVE.6: may not end overlapping another standing base (at its place after this order).
		bool off = b.x < 0 || b.y < 0 || b.x > s->table.width || b.y > s->table.depth;
		for (int j = 0; j < s->nfig && !off; j++) {
			if (j == f || !sv_standing(s, j))
				continue;
			tw_vec2 q = at_of[j] >= 0 ? o->at[at_of[j]] : s->fig[j].pos;
			if (tw_dist(q, b) < 2 * s->fig[f].radius - 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.6", "figure %d would end on figure %d's base", f, j);
		}
	}
	return TW_OK;
}

tw_status sv_validate_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	int32_t *at_of = tw_malloc((size_t)s->nfig * sizeof *at_of + 1); // sv-cite: O(n^2), not O(n^3)
	if (!at_of)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int j = 0; j < s->nfig; j++)
		at_of[j] = -1;
	for (int k = 0; k < o->nfig; k++)
		if (o->fig[k] >= 0 && o->fig[k] < s->nfig)
			at_of[o->fig[k]] = k;
	tw_status st = validate_move(s, o, err, at_of);
	tw_free(at_of);
	return st;
}

tw_status sv_apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		double d = tw_dist(f->pos, o->at[i]);
		f->pos = o->at[i];
		f->moved_in = s->move_no;
		f->move_used = d;
		SVF(s, f->id)->act = d > SV_WALK + 1e-9 ? SV_ACT_RAN : SV_ACT_WALKED;
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, SV_ATTACKER, d > SV_WALK + 1e-9 ? "SV.MOVE.1" : "SV.MOVE.1");
		if (e) {
			e->a = f->id;
			e->x = f->pos.x;
			e->y = f->pos.y;
			e->v = d;
			tw_event_text(e, "figure %d %s %.1f in", f->id, d > SV_WALK + 1e-9 ? "runs" : "walks", d);
		}
		if (f->pos.x < 0 || f->pos.y < 0 || f->pos.x > s->table.width || f->pos.y > s->table.depth) {
			f->status = TW_FS_OFF; // SV.MOVE.7
			tw_event *x = tw_events_push(ev, TW_EV_WITHDRAW, SV_ATTACKER, "SV.MOVE.7");
			if (x) {
				x->a = f->id;
				tw_event_text(x, "figure %d leaves the table: out of the battle", f->id);
			}
		}
	}
	return TW_OK;
}

static int fire_target(const tw_state *s, const tw_order *o, int f)
{
	if (o->gun >= 0)
		return o->gun;
	return sv_nearest_gun(s, s->fig[f].pos, NULL); // SV.FIRE.1: default the nearest
}

tw_status sv_validate_fire(const tw_state *s, const tw_order *o, tw_error *err)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	const sv_game *g = SVG(s);
	if (g->cond == SV_COND_RECOIL)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOR.5", "recoiling figures do not fire");
	if (m->fire == SV_FIRE_NEVER)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19", "the Infantry Manual says IM.fire NEVER");
	if (m->fire == SV_FIRE_PAUSED && g->cond != SV_COND_PAUSE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19", "the Infantry Manual fires ONLY_WHEN_PAUSED");
	if (o->gun >= 0 && !sv_gun_in_action(s, o->gun))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.WIN.2", "gun %d is destroyed", o->gun);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!sv_standing(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.1", "figure %d is not a standing infantry figure", f);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == f)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.1", "figure %d fires twice", f);
		if (SVF(s, f)->role != SV_ROLE_RIFLEMAN)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.BAT.8", "figure %d is the commander or bugler: he never fires", f);
		if (SVF(s, f)->act != SV_ACT_NONE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.2", "figure %d has moved or fired this phase", f);
		int k = fire_target(s, o, f);
		if (k < 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.1", "no gun in action");
		double d = tw_dist(s->fig[f].pos, s->gun[k].axle);
		if (d > SV_FIRE_RANGE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.1", "figure %d is %.2f in from gun %d: 12 in at most", f, d, k);
		if (!sv_sight(s, s->fig[f].pos, s->gun[k].axle))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.1", "figure %d cannot see gun %d (SV.BAT.7)", f, k);
		if (m->fire == SV_FIRE_WITHIN_6 && d > SV_CLOSE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19", "the Infantry Manual fires only WITHIN_6; figure %d is at %.2f in", f, d);
		if (m->assault > 0 && d <= m->assault)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19",
					    "figure %d is within IM.assault (%.1f in) of gun %d: it assaults instead of firing", f, m->assault, k);
	}
	return TW_OK;
}

tw_status sv_apply_fire(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		int k = fire_target(s, o, f);
		double d = tw_dist(s->fig[f].pos, s->gun[k].axle);
		int face = tw_sv_fire_face(d);
		const char *clause = face == 5 ? "SV.FIRE.2" : "SV.FIRE.1";
		int roll = tw_roll_d6(s, ev, SV_ATTACKER, clause, NULL);
		SVF(s, f)->act = SV_ACT_FIRED;
		bool hit = roll >= face;
		if (hit)
			SVGN(s, k)->pending++; // SV.FIRE.3: off at the end of the phase (SV.SEQ.4 step 5)
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, clause);
		if (e) {
			e->a = f;
			e->b = k;
			e->c = roll;
			e->d = hit;
			e->v = d;
			tw_event_text(e, "figure %d fires at gun %d from %.1f in: %d, %s (%d+)", f, k, d, roll, hit ? "a hit" : "a miss", face);
		}
	}
	return TW_OK;
}

// The end of the attacker's phase (SV.SEQ.4 steps 3-7).
static void end_attack(tw_state *s, tw_events *ev)
{
	// SV.MEL.1-2: every standing figure within 2" of a gun that did not fire removes a match from
	// the nearest such gun, every phase it stays there (our reading, docs/svl.md).
	for (int f = 0; f < s->nfig; f++) {
		if (!sv_standing(s, f) || SVF(s, f)->act == SV_ACT_FIRED)
			continue;
		double d;
		int k = sv_nearest_gun(s, s->fig[f].pos, &d);
		if (k < 0 || d > SV_REACH)
			continue;
		SVGN(s, k)->pending++;
		tw_event *e = tw_events_push(ev, TW_EV_MELEE, SV_ATTACKER, "SV.MEL.2");
		if (e) {
			e->a = k;
			e->b = f;
			e->x = s->fig[f].pos.x;
			e->y = s->fig[f].pos.y;
			tw_event_text(e, "figure %d at gun %d (%.1f in) takes a match", f, k, d);
		}
	}
	// SV.FIRE.3, SV.MEL.3: hits and melee take matches for good; SV.WIN.2 at 0.
	bool any = false;
	for (int k = 0; k < s->ngun; k++) {
		sv_grec *r = SVGN(s, k);
		if (r->pending > 0 && r->matches > 0) {
			int before = r->matches;
			r->matches = r->pending >= r->matches ? 0 : r->matches - r->pending;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.FIRE.3");
			if (e) {
				e->a = k;
				e->b = r->matches;
				tw_event_text(e, "gun %d loses %d of %d matches: %d left", k, before - r->matches, before, r->matches);
			}
			if (r->matches == 0) {
				tw_event *x = tw_events_push(ev, TW_EV_GUN_STATUS, SV_DEFENDER, "SV.WIN.2");
				if (x) {
					x->a = k;
					tw_event_text(x, "gun %d has lost every match: destroyed", k);
				}
			}
		}
		r->pending = 0;
		any = any || r->matches > 0;
	}
	sv_verdict(s, ev);
	sv_game *gm = SVG(s); // SV.WIN.5: the result keeps the verdict of every turn
	gm->verdict_turns++;
	if (gm->adhering && gm->turn >= 1 && gm->turn <= 50)
		gm->verdicts |= (int64_t)1 << (gm->turn - 1);
	if (!any && s->ngun > 0)
		sv_win(s, SV_ATTACKER, "SV.WIN.2", "every gun on the table is destroyed", ev);
}

tw_status sv_apply_end(tw_state *s, const tw_order *o, tw_events *ev)
{
	(void)o;
	if (s->phase == SV_PH_ATTACK) {
		end_attack(s, ev);
		if (!s->over)
			sv_start_defence(s, ev);
	} else {
		sv_artillery_adherence(s, ev);
		sv_end_turn(s, ev);
	}
	return TW_OK;
}

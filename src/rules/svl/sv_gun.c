// Science versus Luck: the defender's phase (SV.SEQ.3-4): the minute's tempo and rate limit
// (SV.ROF.1-4), moving the gun (SV.MOVE.4, SV.MOVE.8), the gunner's aim by the Artillery Manual
// (SV.GUN.12, SV.DOC.13), the shots (SV.GUN.8-11, or the physics shot model: SV.FIRE.4), and in
// PHYSICAL mode the shots entered by hand through the chance hook (SV.ROF.6, SV.GUN.13).
#include <math.h>
#include <string.h>

#include "tinwar/physics.h"
#include "sv.h"

void sv_start_defence(tw_state *s, tw_events *ev)
{
	s->phase = SV_PH_DEFEND;
	s->mover = SV_DEFENDER;
	s->move_no++;
	const sv_srec *m = SVS(s, SV_DEFENDER);
	for (int k = 0; k < s->ngun; k++) {
		sv_grec *r = SVGN(s, k);
		r->served = r->moved = 0;
		r->limit = 0;
		if (!sv_gun_in_action(s, k))
			continue; // SV.ROF.3: a destroyed gun does not fire
		bool close = false; // SV.ROF.1: AM.tempo_close while a standing figure is within 12"
		for (int f = 0; f < s->nfig && !close; f++)
			close = sv_standing(s, f) && tw_dist(s->fig[f].pos, s->gun[k].axle) <= 12.0;
		r->tempo = close && m->tempo_close > 0 ? m->tempo_close - 1 : m->tempo;
		int rof = tw_sv_rof((int)lround(r->rate * 100), (tw_sv_crew)r->crew, (tw_sv_tempo)r->tempo);
		r->limit = tw_sv_rof_step(&r->acc, rof);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.ROF.2");
		if (e) {
			e->a = k;
			e->b = r->limit;
			e->c = r->matches;
			tw_event_text(e, "gun %d: tempo %s, rate limit %d this phase, allocation %d", k, sv_tempo_names[r->tempo],
				      r->limit, r->matches);
		}
	}
	sv_clock_reset(s); // sv-clock: no minute on the clock yet (SV.ROF.5-6)
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, SV_DEFENDER, "SV.SEQ.3");
	if (e) {
		e->a = SV_PH_DEFEND;
		tw_event_text(e, "turn %d: the defender's phase", SVG(s)->turn);
	}
}

static bool eligible(const tw_state *s, int g, int f, double open_fire)
{
	if (!sv_standing(s, f))
		return false;
	double d = tw_dist(s->fig[f].pos, s->gun[g].axle);
	return (open_fire <= 0 || d <= open_fire) && sv_sight(s, s->gun[g].axle, s->fig[f].pos);
}

static int strip_count(const tw_state *s, int g, int f)
{
	tw_vec2 o = s->gun[g].axle, dir = tw_sub(s->fig[f].pos, o);
	double len = tw_len(dir);
	if (len <= 0)
		return 0;
	dir = tw_scale(dir, 1.0 / len);
	int n = 0;
	for (int j = 0; j < s->nfig; j++) {
		if (!sv_standing(s, j))
			continue;
		tw_vec2 rel = tw_sub(s->fig[j].pos, o);
		double a = tw_dot(rel, dir), off = tw_cross(dir, rel);
		n += a >= len - 4.0 && a <= len + 4.0 && fabs(off) <= 0.5; // SV.DOC.13 DENSEST: a strip 1" wide
	}
	return n;
}

// SV.DOC.13: the first category of AM.targets with an eligible figure, the nearest within it.
static int pick_target(const tw_state *s, int g)
{
	const sv_srec *m = SVS(s, SV_DEFENDER);
	int cats[SV_NTARGETS + 1], nc = 0;
	for (int i = 0; i < SV_NTARGETS && m->targets[i] != SV_TGT_NONE; i++)
		cats[nc++] = m->targets[i];
	cats[nc++] = SV_TGT_NEAREST; // if none: NEAREST
	tw_vec2 o = s->gun[g].axle;
	for (int c = 0; c < nc; c++) {
		int best = -1, bestn = -1;
		double bd = 1e300;
		for (int f = 0; f < s->nfig; f++) {
			if (!eligible(s, g, f, m->open_fire))
				continue;
			const sv_frec *r = SVF(s, f);
			double d = tw_dist(s->fig[f].pos, o);
			bool ok = true;
			int n = 0;
			switch (cats[c]) {
			case SV_TGT_COMMANDER: ok = r->role == SV_ROLE_COMMANDER; break;
			case SV_TGT_BUGLER: ok = r->role == SV_ROLE_BUGLER; break;
			case SV_TGT_RUNNING: ok = r->ran; break;
			case SV_TGT_IN_OPEN: ok = !sv_in_cover(s, o, s->fig[f].pos); break;
			case SV_TGT_WITHIN_12: ok = d <= 12.0; break;
			case SV_TGT_DENSEST: n = strip_count(s, g, f); break;
			default: break;
			}
			if (!ok)
				continue;
			if (n > bestn || (n == bestn && d < bd))
				best = f, bd = d, bestn = n;
		}
		if (best >= 0)
			return best;
	}
	return -1;
}

tw_status sv_validate_serve(const tw_state *s, const tw_order *o, tw_error *err)
{
	int k = o->gun;
	if (k < 0 || k >= s->ngun)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "name the gun to serve");
	const sv_grec *r = SVGN(s, k);
	if (!sv_gun_in_action(s, k))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.3", "gun %d is destroyed and does not fire", k);
	if (r->served)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "gun %d has had its minute this phase", k);
	bool physical = s->dice == TW_DICE_ENTERED;
	if (!physical && o->nfig > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.4", "figures knocked over are entered only in PHYSICAL mode");
	const sv_srec *m = SVS(s, SV_DEFENDER);
	if (o->has_target) {
		tw_vec2 a = s->gun[k].axle, b = o->target;
		double d = tw_dist(a, b);
		if (d > SV_GUN_MOVE + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.4", "gun %d moves %.2f in: 6 in at most", k, d);
		if (b.x < 0 || b.y < 0 || b.x > s->table.width || b.y > s->table.depth)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.4", "gun %d would leave the table", k);
		if (sv_impassable_segment(s, a, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.5", "gun %d's move crosses a building or rocks", k);
		bool near = false, seen = false;
		for (int f = 0; f < s->nfig; f++) {
			if (!sv_standing(s, f))
				continue;
			if (tw_dist_point_segment(s->fig[f].pos, a, b) < SV_GUN_FOOT + s->fig[f].radius)
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.8", "gun %d would enter figure %d's base", k, f);
			near = near || tw_dist(s->fig[f].pos, a) <= m->gmove_x;
			seen = seen || eligible(s, k, f, m->open_fire);
		}
		// SV.DOC.19: the gun moves only as the Artillery Manual's AM.move says.
		if (m->gmove == SV_GMOVE_NEVER)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19", "the Artillery Manual says AM.move NEVER");
		if (m->gmove == SV_GMOVE_REGAIN && seen)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19",
					    "AM.move TO_REGAIN_SIGHT: a figure is in sight within open_fire, so the gun stays");
		if (m->gmove == SV_GMOVE_WITHDRAW && !near)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.19", "AM.move WITHDRAW_WITHIN(%.0f): no figure that near", m->gmove_x);
	}
	if (physical) {
		int most = r->matches - (o->has_target ? 2 : 0); // SV.ROF.6
		if (o->ndice > (most > 0 ? most : 0))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.6", "gun %d may fire %d matches this minute, not %d", k,
					    most > 0 ? most : 0, o->ndice);
		for (int i = 0; i < o->nfig; i++)
			if (!sv_standing(s, o->fig[i]))
				return tw_error_set(err, TW_ERR_ILLEGAL, "SV.FIRE.6", "figure %d is no standing infantry figure", o->fig[i]);
	}
	return TW_OK;
}

static void fall(tw_state *s, int f, int g, const char *clause, tw_events *ev)
{
	s->fig[f].status = TW_FS_OUT; // SV.FIRE.6: a casualty lies where it fell
	s->fig[f].flags |= TW_FF_LYING;
	SVG(s)->hits++;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, SV_ATTACKER, clause);
	if (e) {
		e->a = f;
		e->b = 1;
		e->c = g;
		e->x = s->fig[f].pos.x;
		e->y = s->fig[f].pos.y;
		tw_event_text(e, "figure %d is knocked over by gun %d: a casualty", f, g);
	}
}

static tw_status computer_shot(tw_state *s, int k, int tgt, const tw_apply_ctx *ctx, tw_events *ev)
{
	sv_grec *r = SVGN(s, k);
	const sv_srec *m = SVS(s, SV_DEFENDER);
	const tw_gun_model *gm = tw_gun_model_get(s->gun[k].model);
	tw_vec2 o = s->gun[k].axle, at = s->fig[tgt].pos;
	double theta = tw_bearing_deg(tw_sub(at, o));
	double range = tw_dist(o, at) + m->aim_beyond;                    // SV.GUN.12
	double vb = tw_sv_v_adv(gm->adv_range) * sqrt(m->range_factor);  // believed velocity
	s->gun[k].bearing = theta;
	const tw_shot_model *sm = ctx ? ctx->shots : NULL;
	if (sm && strcmp(sm->name, "physics") == 0) { // SV.FIRE.4 through the physics shot model
		tw_shot_request rq = {.gun = k, .side = SV_DEFENDER, .model = s->gun[k].model, .origin = o,
				      .z0 = tw_table_ground(&s->table, o) + gm->muzzle_height, .bearing = theta,
				      .elevation = tw_sv_elevation(range, vb),
				      .aim_sigma = r->az_sigma * sqrt(fmax(0, sv_tempo[r->tempo].disp * sv_tempo[r->tempo].disp - 1)),
				      .fig_mass_k = SV_FIG_MASS_K}; // sv-svfix: plastic figures (SV.BAT.1)
		tw_shot_result *res = tw_malloc(sizeof *res);
		tw_status st = res ? sm->fire(sm, s, &rq, &s->rng, res) : TW_ERR_NOMEM;
		if (st != TW_OK) {
			tw_free(res);
			return st == TW_ERR_NOMEM ? TW_ERR_NOMEM : TW_ERR_STATE;
		}
		tw_event *e = tw_events_push(ev, TW_EV_SHOT, SV_DEFENDER, "SV.FIRE.4");
		if (e) {
			e->a = k;
			e->b = res->misfire;
			e->c = tgt;
			e->x = res->rest.x;
			e->y = res->rest.y;
			tw_event_text(e, "gun %d fires at figure %d%s (physics): at rest at (%.1f, %.1f)", k, tgt,
				      res->misfire ? ": a misfire" : "", res->rest.x, res->rest.y);
		}
		r->misfired += res->misfire;
		for (int i = 0; i < res->ncontacts; i++) {
			const tw_shot_contact *c = &res->contacts[i];
			if ((c->how == TW_CONTACT_KNOCKED || c->how == TW_CONTACT_FELLED) && sv_standing(s, c->figure))
				fall(s, c->figure, k, "SV.FIRE.4", ev);
		}
		tw_free(res);
		return TW_OK;
	}
	sv_shot_out out;
	sv_shot(s, k, theta, range, vb, r->tempo, NULL, &s->rng, &out);
	tw_event *e = tw_events_push(ev, TW_EV_SHOT, SV_DEFENDER, out.misfire ? "SV.FIRE.7" : "SV.GUN.8");
	if (e) {
		e->a = k;
		e->b = out.misfire;
		e->c = tgt;
		e->v = out.d1;
		tw_vec2 rest = tw_add(o, tw_scale(tw_dir_deg(out.phi), out.stop));
		e->x = rest.x;
		e->y = rest.y;
		if (out.misfire)
			tw_event_text(e, "gun %d misfires at figure %d", k, tgt);
		else
			tw_event_text(e, "gun %d fires at figure %d, set %.1f in at %.2f deg: first graze %.1f in, zone %.1f-%.1f in", k,
				      tgt, range, out.e, out.d1, out.z0, out.stop);
	}
	r->misfired += out.misfire;
	for (int i = 0; i < out.nfell; i++)
		fall(s, out.fell[i], k, "SV.GUN.10", ev);
	if (out.saved >= 0) {
		tw_event *x = tw_events_push(ev, TW_EV_TOUCH, SV_ATTACKER, "SV.GUN.10");
		if (x) {
			x->a = out.saved;
			tw_event_text(x, "figure %d is struck in soft cover and stays up; the match stops", out.saved);
		}
	}
	return TW_OK;
}

tw_status sv_apply_serve(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev)
{
	int k = o->gun;
	sv_grec *r = SVGN(s, k);
	if (o->has_target) {
		double d = tw_dist(s->gun[k].axle, o->target);
		s->gun[k].axle = o->target;
		r->moved = 1;
		tw_event *e = tw_events_push(ev, TW_EV_GUN_MOVE, SV_DEFENDER, "SV.MOVE.4");
		if (e) {
			e->a = k;
			e->x = o->target.x;
			e->y = o->target.y;
			e->v = d;
			tw_event_text(e, "gun %d moves %.1f in: it costs 2 shots this phase", k, d);
		}
	}
	r->served = 1;
	s->gun[k].action = TW_GA_FIRED;
	s->gun[k].acted_in = s->move_no;
	if (s->dice == TW_DICE_ENTERED) { // PHYSICAL: one entered face per match fired, 2 a misfire
		for (int i = 0; i < o->ndice; i++) {
			int face = 0;
			tw_roll(s, ev, SV_DEFENDER, "SV.FIRE.7", 1, 2, &face, NULL);
			r->fired++;
			r->misfired += face == 2;
		}
		for (int i = 0; i < o->nfig; i++)
			fall(s, o->fig[i], k, "SV.FIRE.5", ev);
		return TW_OK;
	}
	int n = tw_sv_rof_shots(r->matches, r->limit, r->moved); // SV.ROF.2, SV.ROF.4
	if (r->moved || r->matches < r->limit) { // sv-cite: what took shots off the rate limit
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, r->moved ? "SV.ROF.4" : "SV.ROF.3");
		if (e) {
			e->a = k;
			e->b = n;
			e->c = r->limit;
			e->d = r->matches;
			tw_event_text(e, "gun %d fires %d of its rate limit %d: %s", k, n, r->limit,
				      r->moved ? "it moved (2 shots lost)" : "its allocation is smaller");
		}
	}
	for (int i = 0; i < n; i++) {
		int tgt = pick_target(s, k);
		if (tgt < 0) { // SV.DOC.13: nothing visible within open_fire: the gun does not fire
			tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.DOC.13");
			if (e)
				tw_event_text(e, "gun %d has no target within its open-fire range: it holds %d shots", k, n - i);
			break;
		}
		r->fired++;
		tw_status st = computer_shot(s, k, tgt, ctx, ev);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

// ---- sv-clock: one shot on the host's clock (SV.ROF.5; sv_clock.c gives the time checks) ----
tw_status sv_gun_one_shot(tw_state *s, int k, const tw_apply_ctx *ctx, tw_events *ev, bool *none)
{
	int tgt = pick_target(s, k);
	*none = tgt < 0;
	if (tgt < 0) { // SV.DOC.13: nothing visible within open_fire
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.DOC.13");
		if (e)
			tw_event_text(e, "gun %d has no target within its open-fire range: it holds its shot", k);
		return TW_OK;
	}
	SVGN(s, k)->fired++;
	return computer_shot(s, k, tgt, ctx, ev);
}

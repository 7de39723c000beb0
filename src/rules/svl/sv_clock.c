// Science versus Luck: the defender's firing minute on the host's clock (sv-clock; issue 17).
// SV.ROF.5 (a person serves the guns, game parameter `gun_clock`): the minute starts with `ready`
// (or the first `shot`) at the host's time; each `shot {gun}` is stamped by the host and refused
// (SV.ROF.5, nothing changed) earlier than t_r after the gun's previous shot (2 t_r after the
// start for the first after a move), after 60.0 s, or beyond the allocation; the minute ends at
// 60 s (the host's `hammer`, tw_ruleset.host_due) or gun by gun with `serve {gun}`.
// SV.ROF.6-7 (PHYSICAL, entered dice, orders with the host's time): `ready` starts the umpire's one
// minute for both guns; the serve entries are taken only once it has run; unfired matches are
// handed back (an event says how many). Orders without a time (tests, the terminal) are as before.
#include <math.h>

#include "sv.h"

static bool physical(const tw_state *s)
{
	return s->dice == TW_DICE_ENTERED;
}

bool sv_clock_on(const tw_state *s)
{
	return s->params[SVP_STAGE] == SV_STAGE_BATTLE && (s->params[SVP_CLOCK] != 0 || physical(s));
}

void sv_clock_reset(tw_state *s)
{
	SVG(s)->min_t0 = 0;
	SVG(s)->min_state = SV_MIN_NONE;
	for (int k = 0; k < s->ngun; k++) {
		SVGN(s, k)->clk_last = 0;
		SVGN(s, k)->clk_shots = 0;
	}
}

int64_t sv_clock_due(const tw_state *s)
{
	const sv_game *g = SVG(s);
	if (s->over || s->phase != SV_PH_DEFEND || g->min_state != SV_MIN_RUNNING)
		return 0;
	// SV.ROF.5: a shot is allowed up to and including 60.0 s, so the person's minute closes just after.
	return g->min_t0 + SV_MINUTE_MS + (physical(s) ? 0 : 1);
}

bool sv_clock_takes(const tw_state *s, const tw_order *o)
{
	if (o->type == SV_OT_READY || o->type == SV_OT_SHOT)
		return true;
	if (s->phase != SV_PH_DEFEND || !sv_clock_on(s))
		return false;
	if (o->type == SV_OT_HAMMER)
		return true;
	if (o->type != SV_OT_SERVE)
		return false;
	// A serve is the clock's in PHYSICAL mode when timed, and on the person's clock once the minute
	// has started; before that a gun not put on the clock is served by the accumulator (SV.ROF.2).
	return physical(s) ? o->time_ms > 0 : SVG(s)->min_state != SV_MIN_NONE;
}

static int rof100(const tw_state *s, int k)
{
	const sv_grec *r = SVGN(s, k);
	return tw_sv_rof((int)lround(r->rate * 100), (tw_sv_crew)r->crew, (tw_sv_tempo)r->tempo); // SV.ROF.1
}

static tw_status validate_ready(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (SVG(s)->min_state != SV_MIN_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, physical(s) ? "SV.ROF.7" : "SV.ROF.5",
				    "the minute has started already (one minute for both guns)");
	if (o->gun < 0)
		return o->has_target ? tw_error_set(err, TW_ERR_ILLEGAL, "SV.MOVE.4", "name the gun that moves") : TW_OK;
	if (physical(s) && o->has_target)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.6", "in PHYSICAL mode the gun's move is entered with its serve");
	return sv_validate_serve(s, o, err); // the gun, and its move (SV.MOVE.4-8, SV.DOC.19)
}

static tw_status validate_shot(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (physical(s))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.6",
				    "in PHYSICAL mode the umpire times the minute: enter what each gun fired with serve");
	int k = o->gun;
	if (k < 0 || k >= s->ngun)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "name the gun that fires");
	const sv_grec *r = SVGN(s, k);
	const sv_game *g = SVG(s);
	if (!sv_gun_in_action(s, k))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.3", "gun %d is destroyed and does not fire", k);
	if (r->served || g->min_state == SV_MIN_OVER)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "gun %d's minute is over", k);
	int64_t t0 = g->min_state == SV_MIN_RUNNING ? g->min_t0 : o->time_ms, el = o->time_ms - t0;
	if (el > SV_MINUTE_MS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "too late: %.3f s into the minute (60.0 s at most)",
				    (double)el / 1000.0);
	if (el < 0 || o->time_ms < r->clk_last)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "the shot's time is before the minute's start or its last shot");
	if (r->clk_shots >= r->matches)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "gun %d has fired its allocation of %d", k, r->matches);
	int rof = rof100(s, k);
	if (rof <= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "gun %d has no rate of fire", k);
	// SV.ROF.5: t_r = 60 / RoF_eff; the gun begins loaded; after a move the first waits 2 t_r. The
	// host counts whole ms: the shot is allowed once less than 1 ms of the wait is left.
	int wait = r->clk_shots > 0 ? 1 : r->moved ? 2 : 0;
	int64_t since = o->time_ms - (r->clk_shots > 0 ? r->clk_last : t0);
	if (wait > 0 && (since + 1) * rof <= (int64_t)wait * 6000000)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "too early: gun %d is loaded %.3f s after its %s, %.3f s from now (t_r %.2f s)",
				    k, wait * 6000.0 / rof, r->clk_shots > 0 ? "last shot" : "move", wait * 6000.0 / rof - (double)since / 1000.0,
				    6000.0 / rof);
	return TW_OK;
}

tw_status sv_validate_clock(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->type == SV_OT_HAMMER) {
		int64_t due = sv_clock_due(s);
		if (due <= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "no minute is running");
		return o->time_ms >= due ? TW_OK
					 : tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "the minute ends in %lld ms",
							(long long)(due - o->time_ms));
	}
	if (s->phase != SV_PH_DEFEND)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "guns fire in the defender's phase");
	if (!sv_clock_on(s))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.2", "this game's guns are served by the accumulator: give serve");
	if (o->time_ms <= 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.ROF.5", "the minute needs the host's time");
	if (o->type == SV_OT_READY)
		return validate_ready(s, o, err);
	if (o->type == SV_OT_SHOT)
		return validate_shot(s, o, err);
	// serve
	const sv_game *g = SVG(s);
	if (physical(s)) {
		if (g->min_state != SV_MIN_OVER)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.6",
					    g->min_state == SV_MIN_NONE ? "the umpire's minute has not started: ready starts it"
									: "the umpire's minute is still running");
		return sv_validate_serve(s, o, err);
	}
	if (o->gun < 0 || o->gun >= s->ngun)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "name the gun");
	if (o->has_target || o->nfig > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.ROF.5", "the minute has started: serve only ends a gun's minute");
	if (SVGN(s, o->gun)->served)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.SEQ.3", "gun %d has had its minute this phase", o->gun);
	return TW_OK;
}

static void start(tw_state *s, int64_t t, tw_events *ev)
{
	sv_game *g = SVG(s);
	g->min_t0 = t;
	g->min_state = SV_MIN_RUNNING;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, physical(s) ? "SV.ROF.6" : "SV.ROF.5");
	if (e) {
		e->a = (int)(t % 1000000000);
		tw_event_text(e, physical(s) ? "the umpire's minute starts: one minute for the defender's guns"
					     : "the firing minute starts: 60 s on the host's clock");
	}
}

static void ended(tw_state *s, int k, tw_events *ev)
{
	sv_grec *r = SVGN(s, k);
	r->served = 1;
	s->gun[k].action = TW_GA_FIRED;
	s->gun[k].acted_in = s->move_no;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.ROF.5");
	if (e) {
		e->a = k;
		e->b = r->clk_shots;
		tw_event_text(e, "gun %d's minute is over: %d shot%s on the clock", k, r->clk_shots, r->clk_shots == 1 ? "" : "s");
	}
}

tw_status sv_apply_clock(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev)
{
	sv_game *g = SVG(s);
	SVG(s)->begun = 1;
	if (o->type == SV_OT_HAMMER) {
		g->min_state = SV_MIN_OVER;
		if (physical(s)) {
			tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.ROF.6");
			if (e)
				tw_event_text(e, "the umpire's minute is over: enter what each gun fired and hand back the rest");
			return TW_OK;
		}
		for (int k = 0; k < s->ngun; k++)
			if (sv_gun_in_action(s, k) && !SVGN(s, k)->served)
				ended(s, k, ev);
		return TW_OK;
	}
	if (o->type == SV_OT_READY) {
		if (o->gun >= 0 && o->has_target) { // SV.MOVE.4: before the minute; its first shot waits 2 t_r
			int k = o->gun;
			double d = tw_dist(s->gun[k].axle, o->target);
			s->gun[k].axle = o->target;
			SVGN(s, k)->moved = 1;
			tw_event *e = tw_events_push(ev, TW_EV_GUN_MOVE, SV_DEFENDER, "SV.MOVE.4");
			if (e) {
				e->a = k;
				e->x = o->target.x;
				e->y = o->target.y;
				e->v = d;
				tw_event_text(e, "gun %d moves %.1f in: its first shot waits 2 reloads (SV.ROF.5)", k, d);
			}
		}
		start(s, o->time_ms, ev);
		return TW_OK;
	}
	if (o->type == SV_OT_SHOT) {
		int k = o->gun;
		if (g->min_state == SV_MIN_NONE)
			start(s, o->time_ms, ev);
		sv_grec *r = SVGN(s, k);
		bool none = false;
		tw_status st = sv_gun_one_shot(s, k, ctx, ev, &none);
		if (st != TW_OK || none)
			return st;
		r->clk_last = o->time_ms;
		r->clk_shots++;
		return TW_OK;
	}
	// serve
	if (!physical(s)) {
		ended(s, o->gun, ev);
		return TW_OK;
	}
	int k = o->gun, most = SVGN(s, k)->matches - (o->has_target ? 2 : 0);
	most = most > 0 ? most : 0;
	tw_status st = sv_apply_serve(s, o, ctx, ev);
	if (st != TW_OK)
		return st;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.ROF.6");
	if (e) {
		e->a = k;
		e->b = o->ndice;
		e->c = most - o->ndice;
		tw_event_text(e, "gun %d fired %d of its %d matches in the minute: %d handed back", k, o->ndice, most, most - o->ndice);
	}
	return TW_OK;
}

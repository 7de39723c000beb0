// The Kriegspiel's shells as an order (KS.SH.1-6): `shell` fires a gun exactly as `fire` does
// (every gun rule unchanged, KS.SH.1: lw_validate_fire, lw_apply_fire with its shot model and
// dice), but the wooden bolt stays in the gun and the screw flies off: it knocks nobody down on
// its way and stays where it first touches the floor, and its 3 in zone does the rest
// (lw_ks_shell: KS.SH.2-5).
#include <math.h>

#include "lw_big.h"
#include "lw_waggons.h"

tw_status lw_validate_shell(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LWG(s)->ks)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.1",
				    "shells are the Kriegspiel's: this game is Little Wars, whose guns fire the wooden bolt");
	return lw_validate_fire(s, o, err);
}

// KS.SH.1: the screw stays where it first comes down: the first trajectory sample at which it
// stops descending (its height over the floor no lower at the next sample: the first bounce, or
// the start of a roll), to within the model's sampling. Samples are what the shot recorder and
// the log keep, so a replay lands it at the same point. A misfire, a flight stopped against a
// piece before it came down, or one that never came down on the table lands where it stopped.
tw_vec2 lw_ks_shell_landing(const tw_state *s, const tw_shot_result *r)
{
	int n = r->nsamples < TW_SHOT_MAX_SAMPLES ? r->nsamples : TW_SHOT_MAX_SAMPLES;
	if (r->misfire || n < 2)
		return r->rest;
	double prev = 0;
	for (int k = 0; k < n; k++) {
		const tw_shot_sample *q = &r->samples[k];
		double h = q->z - tw_table_ground(&s->table, tw_v2(q->x, q->y));
		if (k > 0 && h < prev) {
			const tw_shot_sample *nx = k + 1 < n ? &r->samples[k + 1] : NULL;
			double hn = nx ? nx->z - tw_table_ground(&s->table, tw_v2(nx->x, nx->y)) : h;
			if (hn >= h)
				return k + 1 < n || r->blocked_by < 0 ? tw_v2(q->x, q->y) : r->rest;
		}
		prev = h;
	}
	return r->rest;
}

void lw_ks_shell_lands(tw_state *s, const tw_shot_result *r, int gun, tw_events *ev)
{
	tw_vec2 p = lw_ks_shell_landing(s, r);
	// The screw is part of the table now: off it, it lands on the edge (nothing is off the table).
	p.x = fmin(fmax(p.x, 0.0), s->table.width);
	p.y = fmin(fmax(p.y, 0.0), s->table.depth);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->gun[gun].side, "KS.SH.1");
	if (e) {
		e->a = gun;
		e->x = p.x;
		e->y = p.y;
		tw_event_text(e, "gun %d's shell lands at (%.2f, %.2f)", gun, p.x, p.y);
	}
	lw_ks_shell_waggons(s, p, ev); // KS.SH.4 (lw_waggons.c): before the men are counted
	lw_ks_shell_result res;
	lw_ks_shell(s, p, &res, ev); // KS.SH.2-5
	lw_ks_shell_trains(s, p, ev); // KS.SH.6
}

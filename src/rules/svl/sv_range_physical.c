// Science versus Luck's test range in PHYSICAL mode (sv-svweb; issue 17): the team's entries of
// what each real round did (SV.DOC.8, SV.GUN.13), checked before anything is recorded, each
// refusal located at the entry ($.dice[i]) and naming the measurement; and the timed serial
// (SV.DOC.7) on the umpire's minute on the host's clock (as the battle's PHYSICAL minute,
// SV.ROF.6, sv_clock.c): `ready {gun}` starts the minute for that gun's serial at the host's
// time, the host's `hammer` ends it at 60 s, and the `serial` then carries the shots the gun
// fired in it, entered one by one; the number of shots is the entries', not the gun's rate.
//
// An entry, a round: one face 1 (it flew) or 2 (it misfired); a flown round then its first graze
// D1 (whole inches, 1-100), its lateral offset there (face - 25 in: 1-49 for -24..24 in, left
// negative) and the screens it holed (face - 1 is the mask, 1-64; bit 0 the 12 in screen).
#include <stdio.h>

#include "sv.h"

static bool physical(const tw_state *s)
{
	return s->dice == TW_DICE_ENTERED;
}

static tw_status at(tw_error *err, int i, const char *fmt, int shot, int v)
{
	tw_error_set(err, TW_ERR_INPUT, "SV.DOC.8", fmt, shot, v);
	if (err)
		snprintf(err->path, sizeof err->path, "$.dice[%d]", i);
	return TW_ERR_INPUT;
}

tw_status sv_range_entries(const tw_state *s, const tw_order *o, int *shots, tw_error *err)
{
	(void)s;
	int n = 0, i = 0;
	while (i < o->ndice) {
		int f = o->dice[i];
		n++;
		if (f != 1 && f != 2)
			return at(err, i, "round %d: enter 1 if the match flew, 2 if it misfired (not %d)", n, f);
		if (f == 2) {
			i++;
			continue;
		}
		if (i + 3 >= o->ndice)
			return at(err, o->ndice, "round %d flew: enter its first graze D1, lateral offset and screens holed (%d of 3 given)",
				  n, o->ndice - i - 1);
		// D1 is 1-100 (the order's dice are read 1-100); the lateral offset and the screens:
		if (o->dice[i + 2] > 49)
			return at(err, i + 2, "round %d: the lateral offset is -24 to 24 in, not %d in", n, o->dice[i + 2] - 25);
		if (o->dice[i + 3] > 64)
			return at(err, i + 3, "round %d: the screens holed are entered as their mask + 1, 1-64 (not %d)", n, o->dice[i + 3]);
		i += 4;
	}
	*shots = n;
	return TW_OK;
}

tw_status sv_range_check_physical(const tw_state *s, const tw_order *o, tw_error *err)
{
	int shots = 0;
	if (o->type == SV_OT_TEST && o->ndice == 0)
		return TW_OK; // the chance hook asks for the faces (TW_ERR_DICE): the terminal's prompt
	tw_status st = sv_range_entries(s, o, &shots, err);
	if (st != TW_OK)
		return st;
	if (o->type == SV_OT_TEST) {
		if (shots != 1) { // where the second round's entry starts
			int i = o->dice[0] == 2 ? 1 : 4;
			return at(err, i, "a test round is one round: round %d's entries are left over (%d)", 2, o->dice[i]);
		}
		return TW_OK;
	}
	// The timed serial: the shots the gun fired in the umpire's minute, each entered.
	const sv_grec *r = SVGN(s, o->gun);
	if (shots < 1)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.7",
				    "enter each shot gun %d fired in the minute (1 flew, with D1, lateral, screens; 2 misfired)", o->gun);
	if (r->nrec + shots > SV_REC_MAX)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.7", "gun %d's record holds %d more rounds, not %d", o->gun,
				    SV_REC_MAX - r->nrec, shots);
	if (o->time_ms > 0) { // timed (the page): after the umpire's minute for this gun
		const sv_game *g = SVG(s);
		if (g->min_state == SV_MIN_NONE || g->range_gun != o->gun)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7",
					    "gun %d's umpire's minute has not started: ready {gun} starts it", o->gun);
		if (g->min_state == SV_MIN_RUNNING)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "gun %d's umpire's minute is still running", o->gun);
	}
	return TW_OK;
}

bool sv_range_clock_takes(const tw_state *s, const tw_order *o)
{
	return s->phase == SV_PH_RANGE && (o->type == SV_OT_READY || o->type == SV_OT_HAMMER);
}

int64_t sv_range_due(const tw_state *s)
{
	const sv_game *g = SVG(s);
	if (s->over || s->phase != SV_PH_RANGE || g->min_state != SV_MIN_RUNNING)
		return 0;
	return g->min_t0 + SV_MINUTE_MS;
}

tw_status sv_validate_range_clock(const tw_state *s, const tw_order *o, tw_error *err)
{
	const sv_game *g = SVG(s);
	if (o->type == SV_OT_HAMMER) {
		int64_t due = sv_range_due(s);
		if (due <= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "no umpire's minute is running on the range");
		return o->time_ms >= due ? TW_OK
					 : tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "the minute ends in %lld ms",
							(long long)(due - o->time_ms));
	}
	if (!physical(s))
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7",
				    "the computer fires the timed serial: give serial (the umpire's minute is PHYSICAL mode's)");
	if (o->gun < 0 || o->gun >= s->ngun || o->side < 0 || s->gun[o->gun].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.2", "name one of %s's guns for the timed serial",
				    o->side >= 0 ? s->sides[o->side].name : "this side");
	if (o->has_target)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.6", "the gun stands at the end of the lane");
	if (SVS(s, o->side)->range_done)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.4", "this side has finished already");
	if (SVGN(s, o->gun)->serial)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "gun %d has fired its one timed serial", o->gun);
	if (o->time_ms <= 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.7", "the umpire's minute needs the host's time");
	if (g->min_state != SV_MIN_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "gun %d's minute is %s: one minute at a time on the range",
				    g->range_gun, g->min_state == SV_MIN_RUNNING ? "running" : "over and its shots not entered");
	return TW_OK;
}

tw_status sv_apply_range_clock(tw_state *s, const tw_order *o, tw_events *ev)
{
	sv_game *g = SVG(s);
	int k = o->type == SV_OT_HAMMER ? g->range_gun : o->gun;
	int side = s->gun[k].side;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "SV.DOC.7");
	if (o->type == SV_OT_HAMMER) {
		g->min_state = SV_MIN_OVER;
		if (e) {
			e->a = k;
			tw_event_text(e, "the umpire's minute for gun %d's timed serial is over: enter each shot it fired", k);
		}
		return TW_OK;
	}
	g->min_t0 = o->time_ms;
	g->min_state = SV_MIN_RUNNING;
	g->range_gun = k;
	if (e) {
		e->a = k;
		tw_event_text(e, "the umpire's minute starts: gun %d's timed serial, one minute of firing", k);
	}
	return TW_OK;
}

void sv_range_minute_done(tw_state *s, const tw_order *o)
{
	sv_game *g = SVG(s);
	if (g->range_gun == o->gun && g->min_state != SV_MIN_NONE) {
		g->min_state = SV_MIN_NONE;
		g->min_t0 = 0;
	}
}

// The move: its start, and everything judged at its end (LW.MV.6-12, LW.MEL.3/9, LW.CAP).
#include <stdlib.h>

#include "lw.h"
#include "lw_boxes.h"

void lw_begin_move(tw_state *s, int side, tw_events *ev)
{
	s->mover = (int8_t)side;
	LWG(s)->men_moved = 0;
	LWG(s)->firing_gun = -1;
	double mins = lw_move_allowance_minutes(s, side);
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_START, side, "LW.MV.6");
	if (e) {
		e->a = s->move_no;
		e->b = side;
		e->v = mins;
		int from = LWG(s)->fire_from[side];
		tw_event_text(e, "Game move %d: %s moves; %.0f minutes allowed (LW.MV.6)%s", s->move_no, s->sides[side].name,
			      mins, s->move_no < from ? "; no gun may fire yet (LW.MV.10)" : "");
	}
}

tw_status lw_end_move(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	// Statuses before, to stamp men taken or freed in this move (LW.MEL.10, LW.MEL.12).
	uint8_t *before = tw_malloc((size_t)(s->nfig ? s->nfig : 1));
	if (!before)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int i = 0; i < s->nfig; i++)
		before[i] = s->fig[i].status;
	lw_fix_trails(s, ev);              // LW.MOB.10
	for (int i = 0; i < s->nfig; i++) // LW.MOB.8: laid-down men stand again
		{
		s->fig[i].flags &= ~(uint32_t)TW_FF_LYING;
		LWF(s, &s->fig[i])->marks &= ~(uint32_t)LW_MARK_TRAIL;
	}
	tw_status st = lw_judge_melees(s, o, false, ev, err); // LW.MEL.3-9
	if (st != TW_OK) {
		tw_free(before);
		return st;
	}
	lw_update_prisoners(s, ev); // LW.MEL.10-14
	lw_check_captures(s, ev);   // LW.CAP.1-4, after melees
	lw_big_end_move(s, ev);     // LW.BIG.1/3, KS.RE.1-7 (lw_boxes.c)
	for (int i = 0; i < s->nfig; i++) {
		LWF(s, &s->fig[i])->marks &= ~(uint32_t)LW_MARK_CONTACT;
		if (s->fig[i].status != before[i])
			LWF(s, &s->fig[i])->changed_in = s->move_no;
	}
	tw_free(before);
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_END, s->mover, "LW.MV.8");
	if (e) {
		e->a = s->move_no;
		e->b = s->mover;
		e->v = s->params[LWP_INTERVAL];
		tw_event_text(e, "End of game move %d; interval of %.0f minutes (LW.MV.8), melee judging not counted (LW.MV.9)",
			      s->move_no, s->params[LWP_INTERVAL]);
	}
	lw_check_end(s, ev);
	if (s->over)
		return TW_OK;
	s->move_no++;
	lw_begin_move(s, lw_enemy(s->mover), ev);
	return TW_OK;
}

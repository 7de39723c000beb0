// Science versus Luck, phase 2: the practice ground (SV.DOC.10). A game whose `stage` is
// practice: a bare 72" x 48" area (no terrain) where the infantry author sets out figures in
// any formation and moves them to see frontages, spacing and timings; no gun is there, so none
// fires (SV.DOC.3). The figures are the first side's; the second side is nobody's (the core's
// games have two). Orders: `move` (6" walking, 9" running as IM.pace allows, SV.MOVE.1/3),
// `manual` (try a manual, SV.DOC.15), `end` (a practice phase is over: its count is the timing,
// every figure may move again), `concede` (leave the ground: the practice is over).
#include "sv.h"

#define PRACTICE_W 72.0 // SV.DOC.10
#define PRACTICE_D 48.0

tw_status sv_practice_setup(tw_state *s, tw_error *err)
{
	if (s->ngun > 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.10", "no gun fires on the practice ground: it has no guns");
	if (s->table.nterrain > 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.10", "the practice ground is bare: no terrain");
	if (s->table.width != PRACTICE_W || s->table.depth != PRACTICE_D)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.10", "the practice ground is 72 x 48 in, not %g x %g", s->table.width,
				    s->table.depth);
	for (int f = 0; f < s->nfig; f++) {
		if (s->fig[f].side != 0)
			return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.10", "figure %d: the figures are the infantry author's (the first side)", f);
		if (s->fig[f].status == TW_FS_UNPLACED)
			s->fig[f].status = TW_FS_ACTIVE;
	}
	sv_game *g = SVG(s);
	if (!g->setup) {
		g->setup = 1;
		g->turn = 1;
		for (int f = 0; f < s->nfig; f++) {
			SVF(s, f)->sx = s->fig[f].pos.x;
			SVF(s, f)->sy = s->fig[f].pos.y;
		}
	}
	s->phase = SV_PH_PRACTICE;
	s->mover = 0;
	s->winner = -1;
	return TW_OK;
}

tw_status sv_validate_practice(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side != 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.10", "the practice ground is the infantry author's");
	switch (o->type) {
	case SV_OT_MOVE: return sv_validate_move(s, o, err);
	case SV_OT_END:
	case SV_OT_CONCEDE: return TW_OK;
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.10", "on the practice ground figures move; nothing fires");
	}
}

tw_status sv_apply_practice(tw_state *s, const tw_order *o, tw_events *ev)
{
	sv_game *g = SVG(s);
	if (o->type == SV_OT_MOVE)
		return sv_apply_move(s, o, ev);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, 0, "SV.DOC.10");
	if (o->type == SV_OT_CONCEDE) {
		s->over = true;
		s->phase = SV_PH_OVER;
		s->mover = -1;
		if (e)
			tw_event_text(e, "the practice is over after %d phase(s)", g->turn);
		return TW_OK;
	}
	if (e)
		tw_event_text(e, "practice phase %d is over: every figure may move again", g->turn);
	g->turn++;
	for (int f = 0; f < s->nfig; f++) {
		sv_frec *r = SVF(s, f);
		r->ran = r->act == SV_ACT_RAN;
		r->act = SV_ACT_NONE;
		r->sx = s->fig[f].pos.x;
		r->sy = s->fig[f].pos.y;
	}
	return TW_OK;
}

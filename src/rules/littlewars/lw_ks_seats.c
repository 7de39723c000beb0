// The Kriegspiel's seats (KS.GEN.1/2, LW.BIG.12) and its General (KS.GNL.1/2).
#include "lw_big.h"
#include "lw_boxes.h"
#include "lw_util.h"

int lw_ks_side_seats(int side, unsigned arms_mask, lw_ks_seat *out, int max)
{
	int n = 0;
	// KS.GEN.1: one supreme General a side, and each arm or service may have its own player.
	if (n < max)
		out[n++] = (lw_ks_seat){side, LW_ROLE_GENERAL, -1};
	for (int a = 0; a < LW_ARM_COUNT; a++)
		if ((arms_mask & (1u << a)) && a != LW_ARM_GENERAL && a != LW_ARM_BOATS && n < max)
			out[n++] = (lw_ks_seat){side, LW_ROLE_ARM, a};
	// KS.GEN.2: each side provides an official.
	if (n < max)
		out[n++] = (lw_ks_seat){side, LW_ROLE_OFFICIAL, -1};
	return n;
}

bool lw_ks_stand_ok(tw_vec2 g, tw_vec2 forward, tw_vec2 p)
{
	tw_vec2 d = tw_sub(p, g);
	if (tw_dist(p, g) > LW_KS_GENERAL_STAND + LW_EPS) // KS.GNL.1: no more than 6 ft
		return false;
	return d.x * forward.x + d.y * forward.y <= LW_EPS; // at or behind the figure
}

int lw_ks_general_hit(bool sykes, bool in_shell_zone, bool shot_or_captured)
{
	if (!sykes) // KS.GNL.2: Wells's General is invulnerable
		return LW_GNL_UNHURT;
	if (shot_or_captured)
		return LW_GNL_FALLEN;
	return in_shell_zone ? LW_GNL_WOUNDED : LW_GNL_UNHURT;
}

int lw_ks_state_seats(const tw_state *s, int side, lw_ks_seat *out, int max)
{
	if (!LWG(s)->ks || side < 0 || side >= s->nsides || side > 1)
		return 0;
	return lw_ks_side_seats(side, LWS(s, side)->ks_arms, out, max);
}

// ---- the General on the table (KS.GNL.2; stop 33: until then lw_ks_general_hit was arithmetic
// that no shot, shell or melee asked, and a Kriegspiel's General died like any trooper) ----

bool lw_ks_is_general(const tw_state *s, const tw_figure *f)
{
	return LWG(s)->ks && lw_arm_of(s, f) == LW_ARM_GENERAL;
}

bool lw_ks_general_immune(const tw_state *s, const tw_figure *f)
{
	return lw_ks_is_general(s, f) && lw_ks_general_hit(LWG(s)->sykes != 0, true, true) == LW_GNL_UNHURT;
}

void lw_ks_general_wound(tw_state *s, tw_figure *f, tw_events *ev)
{
	if (!lw_ks_is_general(s, f) || lw_ks_general_hit(LWG(s)->sykes != 0, true, false) != LW_GNL_WOUNDED)
		return;
	// His side's next 3 own moves: sides move in turn, so the last is 5 game moves on when the
	// enemy is moving, 6 when his own side is.
	int32_t until = s->move_no + 2 * LW_KS_WOUNDED_MOVES - (s->mover == f->side ? 0 : 1);
	lw_fig *r = LWF(s, f);
	r->ks_still_until = until;
	r->ks_still_why = LW_STILL_WOUNDED;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, f->side, "KS.GNL.2");
	if (e) {
		e->a = f->id;
		e->b = until;
		tw_event_text(e, "%s's General is wounded: his player leaves the room for 3 moves (back after game move %d)",
			      s->sides[f->side].name, until);
	}
}

int lw_ks_general_state(const tw_state *s, int side, int32_t *until)
{
	if (!LWG(s)->ks)
		return LW_GNL_UNHURT;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_ks_is_general(s, f) || f->status == TW_FS_UNPLACED)
			continue;
		if (f->status != TW_FS_ACTIVE)
			return LW_GNL_FALLEN; // KS.GNL.2: shot (dead), captured (a prisoner) or out
		const lw_fig *r = LWF(s, f);
		if (r->ks_still_why == LW_STILL_WOUNDED && r->ks_still_until >= s->move_no) {
			if (until)
				*until = r->ks_still_until;
			return LW_GNL_WOUNDED;
		}
		return LW_GNL_UNHURT;
	}
	return LW_GNL_UNHURT;
}

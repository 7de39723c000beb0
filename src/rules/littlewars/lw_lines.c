// Back lines and the middle line (LW.C.3, LW.VAR.8).
#include "lw.h"

// LW.C.3: a side's back line is its own rear edge; "beyond" is off the table behind it.
bool lw_beyond_own_line(const tw_state *s, int side, tw_vec2 p)
{
	const tw_side *sd = &s->sides[side];
	return sd->forward * (p.y - sd->back_y) <= 0;
}

// LW.VAR.5/8: on or beyond the enemy's back line, inside the part of it that counts.
// "Left" and "right" are as the attacker faces the enemy (Interpretation, docs/rules/littlewars.md).
bool lw_on_enemy_line(const tw_state *s, int side, tw_vec2 p)
{
	const tw_side *me = &s->sides[side];
	const tw_side *en = &s->sides[lw_enemy(side)];
	if (me->forward * (p.y - en->back_y) < 0)
		return false;
	double w = s->table.width, x = p.x;
	if (x < 0 || x > w)
		return false;
	// x measured from the attacker's left hand.
	double from_left = me->forward > 0 ? x : w - x;
	switch ((int)s->params[LWP_TARGET]) {
	case LW_TARGET_MIDDLE: return from_left >= 0.25 * w && from_left <= 0.75 * w;
	case LW_TARGET_LEFT: return from_left <= 0.5 * w;
	case LW_TARGET_RIGHT: return from_left >= 0.5 * w;
	default: return true;
	}
}

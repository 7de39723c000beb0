// Guns in boxes (LW.BIG.2, issue 18 lw-box): a gun is boxed with its crew by `box FIGURES gun G`,
// moves with the box at its men's pace (the infantry's 12 in x the multiplier, lw_big_box_rate),
// is hidden from the enemy as boxed men are (TW_FF_HIDDEN: the enemy's view has it at (-1, -1);
// its record's `boxed` is the owner's), cannot act while boxed (lw_gun.c's checks: its crew are
// in the box, so it has none on the table, LW.MOB.4), and is set out with the box's men, 3 in to
// the right of their square, when the box is opened (by a scout, LW.BIG.3, or by its owner);
// what boxes and trains do alike is lw_held_guns.c's.
#include <math.h>

#include "lw_big.h"
#include "lw_boxes.h"

tw_status lw_validate_box_gun(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side || !lw_gun_in_battle(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "gun %d is not a gun of %s in the battle", o->gun,
				    s->sides[o->side].name);
	if (lw_gun_boxed(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "gun %d is in a box already", g->id);
	if (LWGN(s, g)->ks_destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.3", "gun %d was destroyed by a shell", g->id);
	if (g->acted_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4", "gun %d has moved or fired this move: box it in another",
				    g->id);
	int crew = lw_gun_crew_named(s, g, o);
	if (crew < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.4",
				    "gun %d goes in a box with its crew: %d of the men named are within 6 in of it, %d needed",
				    g->id, crew, LW_GUN_CREW);
	double d = lw_box_nearest_enemy(s, o->side, g->axle);
	if (!lw_big_may_rebox(d))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4",
				    "gun %d has an enemy %.1f in away: guns are boxed only with no enemy within 20 ft", g->id, d);
	return TW_OK;
}

void lw_box_gun_in(tw_state *s, tw_gun *g, int k, tw_vec2 c)
{
	g->axle = c;
	g->flags |= TW_FF_HIDDEN;
	LWGN(s, g)->boxed = k + 1;
	LWGN(s, g)->trail_due = 0;
}

// Guns on trains (LW.BIG.9/10, KS.RAIL.1, issue 18 lw-box): a gun boards with its crew by
// `train_load N FIGURES gun G` and takes 2 open trucks (LW.BIG.10: "half a gun" a truck; the
// engine's 8 trucks count it, lw_rail_trucks); it rides with the engine, is seen by all (open
// trucks, as the men aboard), cannot act or be taken while aboard, is set out with the men when
// the train unloads, and is destroyed with the train by a shell (KS.SH.6). What boxes and trains
// do alike is lw_held_guns.c's.
#include <math.h>

#include "lw_big.h"
#include "lw_boxes.h"

tw_status lw_validate_train_gun(const tw_state *s, const tw_order *o, tw_vec2 engine, tw_error *err)
{
	const char *clause = LWG(s)->ks ? "KS.RAIL.1" : "LW.BIG.9";
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side || !lw_gun_in_battle(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.10", "gun %d is not a gun of %s in the battle", o->gun,
				    s->sides[o->side].name);
	if (lw_gun_boxed(s, g) || lw_gun_aboard(s, g))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.10", "gun %d is in a box or aboard a train already", g->id);
	if (LWGN(s, g)->ks_destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.3", "gun %d was destroyed by a shell", g->id);
	if (g->acted_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "gun %d has moved or fired this move: loading takes a move of its own",
				    g->id);
	double d = tw_gun_distance(g, engine);
	if (!(d <= LW_REACH + LW_EPS))
		return tw_error_set(err, TW_ERR_ILLEGAL, clause,
				    "gun %d is %.1f in from train %d: the guns are gathered beside it (within 6 in)", g->id, d, o->n);
	int crew = lw_gun_crew_named(s, g, o);
	if (crew < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.4",
				    "gun %d boards with its crew: %d of the men named are within 6 in of it, %d needed", g->id, crew,
				    LW_GUN_CREW);
	return TW_OK;
}

void lw_train_gun_in(tw_state *s, tw_gun *g, int k, tw_vec2 engine)
{
	g->axle = engine;
	g->action = TW_GA_MOVED;
	g->acted_in = s->move_no;
	LWGN(s, g)->trained = k + 1;
	LWGN(s, g)->trail_due = 0;
}

void lw_train_guns_destroyed(tw_state *s, int side, int k)
{
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		if (g->side == side && LWGN(s, g)->trained == k + 1) {
			LWGN(s, g)->ks_destroyed = 1;
			LWGN(s, g)->trained = 0;
		}
	}
}

// STUB (to be replaced by the fire module): LW.FIRE.1-5.
#include "lw.h"
int lw_apply_shot_kills(tw_state *s, const tw_shot_result *r, int gun, tw_events *ev)
{ (void)s; (void)r; (void)gun; (void)ev; return 0; }

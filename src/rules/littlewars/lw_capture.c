// STUB (to be replaced by the capture module): LW.CAP.1-4.
#include "lw.h"
void lw_note_axle_crossings(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b) { (void)s; (void)f; (void)a; (void)b; }
void lw_check_captures(tw_state *s, tw_events *ev) { (void)s; (void)ev; }

// STUB (to be replaced by the prisoner module): LW.MEL.10-16.
#include "lw.h"
void lw_assign_escorts(tw_state *s, int captor, const int32_t *prisoners, int n, tw_events *ev)
{ (void)s; (void)captor; (void)prisoners; (void)n; (void)ev; }
void lw_update_prisoners(tw_state *s, tw_events *ev) { (void)s; (void)ev; }
tw_status lw_validate_surrender(const tw_state *s, const tw_order *o, tw_error *err)
{ (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.16", "not implemented yet"); }
tw_status lw_apply_surrender(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }

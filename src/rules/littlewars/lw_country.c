// STUB (to be replaced by the Country generator): LW.C.9.
#include "lw.h"
tw_status lw_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err)
{ (void)s; (void)seed; (void)width; (void)depth; return tw_error_set(err, TW_ERR_STATE, "LW.C.9", "not implemented yet"); }

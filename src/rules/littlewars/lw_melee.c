// STUB (to be replaced by the melee module): LW.MEL.1-9.
#include "lw.h"
int lw_supporters(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude)
{ (void)s; (void)side; (void)body; (void)n; (void)exclude; return 0; }
bool lw_is_isolated(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude)
{ return lw_supporters(s, side, body, n, exclude) * 2 < n; }
lw_melee_result lw_melee_math(int large, int small, bool small_isolated)
{ (void)large; (void)small; (void)small_isolated; lw_melee_result r = {0, 0, 0, 0}; return r; }
tw_status lw_judge_melees(tw_state *s, const tw_order *end, bool validate_only, tw_events *ev, tw_error *err)
{ (void)s; (void)end; (void)validate_only; (void)ev; (void)err; return TW_OK; }

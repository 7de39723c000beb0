// The Royal Engineers' and infantry's works (KS.RE.1-7): how many men for how many moves, and
// the work's hidden timestamped record (KS.RE.7, kept in the side record: lw_boxes.c).
#include "lw_big.h"

tw_status lw_ks_work_start(lw_work *w, int kind, int men, bool moved, int32_t now, tw_error *err)
{
	if (kind < 0 || kind >= LW_KS_WORK_COUNT)
		return tw_error_set(err, TW_ERR_INPUT, "KS.RE.1", "no such work");
	const lw_ks_work_row *r = &lw_ks_works[kind];
	if (r->re_only && lw_ks_check_re_start(moved, err) != TW_OK) // KS.FORM.4
		return TW_ERR_ILLEGAL;
	if (men < (r->men > 0 ? r->men : 1))
		return tw_error_set(err, TW_ERR_ILLEGAL, r->clause, "that work needs %d men, not %d",
				    r->men > 0 ? r->men : 1, men);
	*w = (lw_work){kind, men, 0, now, false}; // KS.RE.7: the hidden timestamp
	return TW_OK;
}

bool lw_ks_work_step(lw_work *w, int men_staying, bool moved)
{
	if (w->kind < 0 || w->kind >= LW_KS_WORK_COUNT)
		return false;
	const lw_ks_work_row *r = &lw_ks_works[w->kind];
	int need = r->men > 0 ? r->men : 1;
	// KS.RE.5: a trench is built by whatever pairs began it; they must stay.
	if (w->kind == LW_KS_ENTRENCH)
		need = w->men;
	return lw_work_step(w, need, r->moves, men_staying, moved);
}

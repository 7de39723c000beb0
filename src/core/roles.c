// Roles within the sides (docs/design.md "Seats"): several players a side and officials. The
// core's seat stays the side; a role narrows what it may order (the rule set's role_may) and an
// official's view widens to what the umpire sees of its own side.
#include <string.h>

#include "record_internal.h"
#include "tinwar/ruleset.h"

int tw_state_roles(const tw_state *s, tw_role_def *out, int max)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || !rs->roles || max <= 0)
		return 0;
	int n = rs->roles(s, out, max);
	return n < 0 ? 0 : n > max ? max : n;
}

tw_status tw_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err)
{
	if (!r)
		return TW_OK;
	if (o->side != r->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, r->clause, "the %s of %s gives orders to %s only", r->name,
				    r->side >= 0 && r->side < s->nsides ? s->sides[r->side].name : "?",
				    r->side >= 0 && r->side < s->nsides ? s->sides[r->side].name : "?");
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (rs && rs->role_may)
		return rs->role_may(s, r, o, err);
	if (r->kind == TW_ROLE_OFFICIAL)
		return tw_error_set(err, TW_ERR_ILLEGAL, r->clause, "an official watches and measures: he gives no orders");
	return TW_OK;
}

tw_status tw_state_view_role(tw_state *dst, const tw_state *src, const tw_role_def *r)
{
	tw_status st = tw_state_view(dst, src, r->side);
	if (st != TW_OK || r->kind != TW_ROLE_OFFICIAL)
		return st;
	// KS.GEN.2: the official sees his own side as the umpire does: its records in full. The
	// enemy stays as the side sees it (the side's view, the rule set's hide included).
	for (int k = TW_REC_SIDE; k < TW_REC_TERRAIN; k++) {
		const tw_record_def *d = tw_state_record_def(src, (tw_rec_kind)k);
		if (!d)
			continue;
		int n = tw_rec_count(src, (tw_rec_kind)k);
		for (int i = 0; i < n; i++) {
			if (tw_rec_owner(src, (tw_rec_kind)k, i) != r->side)
				continue;
			const void *from = tw_rec_c(src, (tw_rec_kind)k, i);
			void *to = tw_rec(dst, (tw_rec_kind)k, i);
			if (from && to)
				memcpy(to, from, d->size);
		}
	}
	return TW_OK;
}

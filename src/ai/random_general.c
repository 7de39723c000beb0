// The random general: issues random legal orders (the baseline every doctrine must beat).
#include "tinwar/general.h"

enum { RANDOM_CANDIDATES = 8 };

static tw_status random_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	const tw_ruleset *rs = tw_ruleset_get(view->ruleset);
	enum { K = RANDOM_CANDIDATES };
	// The candidates live in the general's context: a large thread-local array would need
	// 135 KiB of static TLS in every thread, more than civetweb's 100 KiB worker stacks allow.
	tw_order *cand = g->ctx;
	// h6-camp: bound to a role (tw_general_bind_role): only orders that role may give
	tw_role_def roles[TW_MAX_ROLES];
	int nr = g->role1 ? tw_state_roles(view, roles, TW_MAX_ROLES) : 0;
	const tw_role_def *role = g->role1 && g->role1 <= nr ? &roles[g->role1 - 1] : NULL;
	for (int attempt = 0; attempt < 64; attempt++) {
		int n = rs->random_orders ? rs->random_orders(view, side, &g->rng, cand, K) : 0;
		for (int i = 0; i < n; i++) {
			if (rs->validate(view, &cand[i], NULL) == TW_OK && (!role || tw_role_may(view, role, &cand[i], NULL) == TW_OK)) {
				*out = cand[i];
				return TW_OK;
			}
		}
	}
	int end = tw_order_type_with(rs, TW_OD_ENDS_TURN);
	if (end < 0)
		return TW_ERR_STATE; // nothing legal found and no way to pass
	tw_order_init(out, end, side);
	return TW_OK;
}

const tw_general_def tw_general_random = {
	.name = "random",
	.ruleset = NULL,
	.help = "issues random legal orders (the baseline)",
	.decide = random_decide,
	.ctx_size = RANDOM_CANDIDATES * sizeof(tw_order),
};

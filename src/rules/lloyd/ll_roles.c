// Nikolas Lloyd's campaign: battle 4 played 2v2 (CA.D1: "The other two on each side combine in
// battle 4, played 2v2, or 1v1 if the allies pick one player"). The battle keeps two sides (the
// three-fight game's), each named for its lead commander; a side whose record names an allied
// commander (ally1, ally_name: set by ll_series_prepare) has two seats within it, one for each
// commander (tw_ruleset.roles, TW_ROLE_PLAYER). A commander's seat orders only his own men (the
// figure record's `owner`): an order naming another commander's man is refused (clause CA.D1).
// Orders that name no man (end, start, edge) are either commander's; so are the side's secret
// allocation (TF.D2, one sealed order a side: the allies agree it together) and its deserters
// after the battle (CA.D3: chosen together, 2 points a VP against their side).
#include <string.h>

#include "ll.h"

// The commander (index) of role r: the side's own owner, or its ally.
int ll_role_owner(const tw_state *s, const tw_role_def *r)
{
	const ll_side *sd = LLS(s, r->side);
	if (sd->ally1 > 0 && !strcmp(r->name, sd->ally_name))
		return sd->ally1 - 1;
	return sd->owner;
}

int ll_roles(const tw_state *s, tw_role_def *out, int max)
{
	int n = 0;
	for (int k = 0; k < s->nsides; k++) {
		const ll_side *sd = LLS(s, k);
		if (sd->ally1 <= 0 || !sd->ally_name[0])
			continue;
		for (int i = 0; i < 2 && n < max; i++) {
			tw_role_def *r = &out[n++];
			memset(r, 0, sizeof *r);
			r->side = (int8_t)k;
			r->kind = TW_ROLE_PLAYER;
			r->stand_kind = -1;
			snprintf(r->name, sizeof r->name, "%s", i == 0 ? s->sides[k].name : sd->ally_name);
			snprintf(r->clause, sizeof r->clause, "CA.D1");
			snprintf(r->help, sizeof r->help, "%s: commands his own men in the allied battle (2v2)", r->name);
		}
	}
	return n;
}

tw_status ll_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err)
{
	if (r->kind != TW_ROLE_PLAYER || o->type == LL_OT_ALLOCATE || o->type == LL_OT_DESERT)
		return TW_OK;
	int own = ll_role_owner(s, r);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (f < 0 || f >= s->nfig || s->fig[f].side != r->side)
			continue; // the rules judge it
		if (LLF(s, f)->owner != own)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D1", "$.figures[%d]: %s orders his own men: %s is his ally's", i,
					    r->name, LLF(s, f)->name);
	}
	return TW_OK;
}

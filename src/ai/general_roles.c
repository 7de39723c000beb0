// A computer general a seat within a side (docs/design.md "Seats"): a general bound to one of its
// side's roles (tw_general_bind_role) orders only what that role may, and tw_play_out_seats plays
// a game with several generals a side, each in turn until it ends its part of the turn.
#include <stdlib.h>
#include <string.h>

#include "tinwar/general.h"

tw_status tw_general_bind_role(tw_general *g, const tw_state *s, int role, tw_error *err)
{
	if (role < 0) {
		g->role1 = 0;
		return TW_OK;
	}
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	if (role >= n || r[role].side != g->side)
		return tw_error_set(err, TW_ERR_INPUT, "", "role %d is not one of %s's seats", role,
				    g->side >= 0 && g->side < s->nsides ? s->sides[g->side].name : "?");
	g->role1 = role + 1;
	return TW_OK;
}

// The role general g is bound to, in the state s (NULL: unbound, or the roles are gone).
static const tw_role_def *role_of(const tw_general *g, const tw_state *s, tw_role_def *buf)
{
	if (!g->role1)
		return NULL;
	int n = tw_state_roles(s, buf, TW_MAX_ROLES);
	return g->role1 - 1 < n && buf[g->role1 - 1].side == g->side ? &buf[g->role1 - 1] : NULL;
}

tw_status tw_play_out_seats(tw_game *game, tw_general **gens, int ngens, int max_orders, tw_error *err)
{
	int per[TW_MAX_SIDES] = {0};
	bool bound = false;
	for (int i = 0; i < ngens; i++)
		if (gens[i] && gens[i]->side >= 0 && gens[i]->side < TW_MAX_SIDES) {
			per[gens[i]->side]++;
			bound |= gens[i]->role1 > 0;
		}
	bool several = false;
	for (int k = 0; k < TW_MAX_SIDES; k++)
		several |= per[k] > 1;
	if (!bound && !several) { // one general a side: the ordinary play-out
		tw_general *by_side[TW_MAX_SIDES] = {NULL};
		for (int i = 0; i < ngens; i++)
			if (gens[i] && gens[i]->side >= 0 && gens[i]->side < TW_MAX_SIDES)
				by_side[gens[i]->side] = gens[i];
		return tw_play_out(game, by_side, max_orders, err);
	}
	const tw_ruleset *rs = tw_game_ruleset(game);
	int end = tw_order_type_with(rs, TW_OD_ENDS_TURN);
	if (end < 0)
		return tw_error_set(err, TW_ERR_STATE, "", "%s has no order that ends a turn: one general a side only",
				    rs ? rs->name : "the rule set");
	tw_order *o = malloc(sizeof *o);
	tw_role_def *roles = malloc(sizeof *roles * TW_MAX_ROLES);
	uint64_t *passed = calloc(TW_MAX_SIDES, sizeof *passed); // bit i: gens[i] ended in this stretch
	if (!o || !roles || !passed) {
		free(o), free(roles), free(passed);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	tw_status st = TW_OK;
	int last_side = -1, last_phase = -1, illegal_run = 0;
	for (int n = 0; n < max_orders; n++) {
		const tw_state *s = tw_game_state(game);
		tw_decision dec[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
		if (nd == 0)
			break;
		int side = dec[0].seat;
		if (side < 0 || side >= s->nsides || side >= TW_MAX_SIDES || !per[side]) {
			st = tw_error_set(err, TW_ERR_STATE, dec[0].clause, "no general for the seat asked to %s", dec[0].kind);
			break;
		}
		if (side != last_side || s->phase != last_phase)
			passed[side] = 0; // a new stretch for this side
		last_side = side;
		last_phase = s->phase;
		uint64_t all = 0;
		int gi = -1;
		for (int i = 0; i < ngens && i < 64; i++)
			if (gens[i] && gens[i]->side == side) {
				all |= UINT64_C(1) << i;
				if (gi < 0 && !(passed[side] & (UINT64_C(1) << i)))
					gi = i;
			}
		if (gi < 0) { // every general's part ended and the side's end was refused: ask them again
			passed[side] = 0;
			continue;
		}
		tw_general *g = gens[gi];
		tw_error e;
		tw_error_clear(&e);
		st = tw_general_decide(g, s, o);
		if (g->forfeit) {
			st = tw_error_set(err, TW_ERR_STATE, "", "%s forfeits", s->sides[side].name);
			break;
		}
		if (st != TW_OK) {
			tw_error_set(err, st, "", "general %s could not decide", g->def->name);
			break;
		}
		const tw_role_def *r = role_of(g, s, roles);
		bool ends = o->type == end;
		bool may = !r || tw_role_may(s, r, o, &e) == TW_OK;
		if (ends || !may) {
			passed[side] |= UINT64_C(1) << gi;
			if ((passed[side] & all) != all)
				continue; // the side's next general goes on
			tw_order_init(o, end, side);
		}
		st = tw_game_apply(game, o, NULL, NULL, &e);
		if (st != TW_OK) {
			if (++illegal_run > 50) {
				st = tw_error_set(err, TW_ERR_STATE, e.clause, "general %s is stuck: %s", g->def->name, e.message);
				break;
			}
			passed[side] |= UINT64_C(1) << gi; // a refused order ends its part (as tw_play_out)
			st = TW_OK;
			continue;
		}
		illegal_run = 0;
		if (o->type == end)
			passed[side] = 0;
	}
	free(o);
	free(roles);
	free(passed);
	if (st != TW_OK)
		return st;
	if (!tw_game_state(game)->over)
		return tw_error_set(err, TW_ERR_STATE, "", "the game did not end within %d orders", max_orders);
	return TW_OK;
}

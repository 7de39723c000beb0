// Several players a side (LW.BIG.12, KS.GEN.1/2) on the state: the roles of a side's seats,
// built from lw_ks_side_seats for the arms the side fields, and which pieces each may order.
#include <stdio.h>
#include <string.h>

#include "lw_big.h"
#include "lw_boxes.h"
#include "lw_seats.h"
#include "lw_util.h"

// The orders that name no piece: the side's as a whole, the General's (KS.GEN.1).
#define LW_GENERALS_ORDERS                                                                         \
	((UINT64_C(1) << LW_OT_END_MOVE) | (UINT64_C(1) << LW_OT_TOSS) | (UINT64_C(1) << LW_OT_CHOOSE_SIDE) |  \
	 (UINT64_C(1) << LW_OT_READY) | (UINT64_C(1) << LW_OT_TAKE_RESERVE))

int lw_fig_arm(const tw_figure *f)
{
	switch (f->kind) {
	case TW_FK_CAVALRY: return LW_ARM_CAVALRY;
	case TW_FK_GUNNER: return LW_ARM_RA;
	case TW_FK_WAGGON: return LW_ARM_TS;
	case TW_FK_OTHER: return LW_ARM_RE;
	case TW_FK_GENERAL: return LW_ARM_GENERAL;
	default: return LW_ARM_INFANTRY; // infantry and their officers
	}
}

// The arms side fields (bit a = arm a): its men's (KS.GEN.1: his arm record, lw-box), and the
// artillery's with any gun.
static unsigned side_arms(const tw_state *s, int side)
{
	unsigned arms = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side)
			arms |= 1u << lw_arm_of(s, &s->fig[i]);
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side)
			arms |= 1u << LW_ARM_RA;
	return arms;
}

int lw_roles(const tw_state *s, tw_role_def *out, int max)
{
	if (s->params[LWP_SEATS] < 0.5)
		return 0;
	int n = 0;
	for (int side = 0; side < s->nsides && side < 2; side++) {
		unsigned arms = side_arms(s, side);
		lw_ks_seat seats[LW_ARM_COUNT + 2];
		int k = lw_ks_side_seats(side, arms, seats, (int)TW_ARRAY_COUNT(seats));
		for (int j = 0; j < k && n < max; j++) {
			tw_role_def *r = &out[n++];
			memset(r, 0, sizeof *r);
			r->side = (int8_t)side;
			r->stand_kind = -1;
			switch (seats[j].role) {
			case LW_ROLE_GENERAL:
				r->kind = TW_ROLE_CHIEF;
				snprintf(r->name, sizeof r->name, "general");
				snprintf(r->clause, sizeof r->clause, "KS.GEN.1");
				snprintf(r->help, sizeof r->help, "the supreme General: orders every arm, ends the side's move");
				// KS.GNL.1: he stands at or behind his figure, within 6 ft of it.
				r->stand_kind = TW_FK_GENERAL;
				r->stand_r = LW_KS_GENERAL_STAND;
				snprintf(r->stand_clause, sizeof r->stand_clause, "KS.GNL.1");
				break;
			case LW_ROLE_ARM:
				r->kind = TW_ROLE_PLAYER;
				// KS.GEN.1: orders for pieces; the side's own orders are the General's.
				r->types = ((UINT64_C(1) << LW_OT_COUNT) - 1) & ~LW_GENERALS_ORDERS;
				snprintf(r->name, sizeof r->name, "%s", lw_ks_arm_names[seats[j].arm]);
				snprintf(r->clause, sizeof r->clause, "KS.GEN.1");
				snprintf(r->help, sizeof r->help, "orders the %s%s", lw_ks_arm_names[seats[j].arm],
					 seats[j].arm == LW_ARM_RA ? " (the guns, with any men as their crew)" : "");
				break;
			default:
				r->kind = TW_ROLE_OFFICIAL;
				snprintf(r->name, sizeof r->name, "official");
				snprintf(r->clause, sizeof r->clause, "KS.GEN.2");
				snprintf(r->help, sizeof r->help, "watches and measures every move; sees his side as the umpire does");
				break;
			}
		}
	}
	return n;
}

// The arm of the role (lw_ks_arm), from its name.
static int role_arm(const tw_role_def *r)
{
	for (int a = 0; a < LW_ARM_COUNT; a++)
		if (strcmp(lw_ks_arm_names[a], r->name) == 0)
			return a;
	return -1;
}

static tw_status not_yours(const tw_state *s, const tw_role_def *r, const char *what, tw_error *err)
{
	return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GEN.1", "the %s player of %s orders the %s only: %s", r->name,
			    s->sides[r->side].name, r->name, what);
}

// The side's first arm with a player, as lw_roles lists them: the General's next subordinate
// (KS.GNL.2). -1 without one.
static int first_arm(const tw_state *s, int side)
{
	unsigned arms = side_arms(s, side);
	for (int a = 0; a < LW_ARM_COUNT; a++)
		if ((arms & (1u << a)) && a != LW_ARM_GENERAL && a != LW_ARM_BOATS)
			return a;
	return -1;
}

tw_status lw_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err)
{
	// KS.GNL.2 (Sykes's option): a wounded General's player is out of the room for 3 moves, a
	// fallen one out of the game; meanwhile his next subordinate (the side's first arm player)
	// gives the General's orders.
	int32_t until = 0;
	int gnl = LWG(s)->ks && LWG(s)->sykes ? lw_ks_general_state(s, r->side, &until) : LW_GNL_UNHURT;
	if (r->kind == TW_ROLE_CHIEF) {
		if (gnl == LW_GNL_UNHURT)
			return TW_OK; // KS.GEN.1: the supreme General
		int sub = first_arm(s, r->side);
		const char *subname = lw_ks_arm_names[sub >= 0 ? sub : 0];
		if (gnl == LW_GNL_WOUNDED)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GNL.2",
					    "the General of %s is wounded: his player is out of the room until after game move %d, "
					    "and the %s player gives his orders",
					    s->sides[r->side].name, until, subname);
		if (gnl == LW_GNL_FALLEN)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GNL.2",
					    "the General of %s has fallen: his player has left the game, and the %s player gives his "
					    "orders",
					    s->sides[r->side].name, subname);
		return TW_OK; // KS.GEN.1: the supreme General
	}
	if (r->kind == TW_ROLE_PLAYER && gnl != LW_GNL_UNHURT && role_arm(r) == first_arm(s, r->side))
		return TW_OK; // KS.GNL.2: the next subordinate takes over
	if (r->kind == TW_ROLE_OFFICIAL)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GEN.2",
				    "the official of %s watches, measures and checks the packets: he gives no orders",
				    s->sides[r->side].name);
	if (r->types && !(r->types & (UINT64_C(1) << o->type)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GEN.1", "the %s is the General's to give, not the %s player's",
				    tw_ruleset_get(s->ruleset)->orders[o->type].name, r->name);
	int arm = role_arm(r);
	char why[96];
	// The pieces the order names: a gun (the artillery's; its crew may be any men) or men.
	bool gun = o->gun >= 0 && (o->type == LW_OT_FIRE || o->type == LW_OT_GUN_MOVE || o->type == LW_OT_TRAIL ||
				   o->type == LW_OT_DEPLOY);
	if (gun && arm != LW_ARM_RA) {
		snprintf(why, sizeof why, "gun %d is the artillery's", o->gun);
		return not_yours(s, r, why, err);
	}
	int named = gun ? 1 : 0;
	if (!gun || o->type == LW_OT_DEPLOY) {
		for (int k = 0; k < o->nfig; k++) {
			const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
			if (!f)
				continue; // the rules refuse it
			named++;
			if (f->side == r->side && lw_arm_of(s, f) != arm) {
				snprintf(why, sizeof why, "man %d is of the %s", f->id, lw_ks_arm_names[lw_arm_of(s, f)]);
				return not_yours(s, r, why, err);
			}
		}
	}
	if ((o->type == LW_OT_BOX_MOVE || o->type == LW_OT_UNBOX) && o->n >= 0) { // the men in the box
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != r->side || !lw_is_boxed(s, f) || LWF(s, f)->box != o->n)
				continue;
			named++;
			if (lw_arm_of(s, f) != arm) {
				snprintf(why, sizeof why, "box %d holds men of the %s", o->n, lw_ks_arm_names[lw_arm_of(s, f)]);
				return not_yours(s, r, why, err);
			}
		}
	}
	if ((o->type == LW_OT_BOAT_MOVE || o->type == LW_OT_BOAT_LAND) && o->n >= 0) { // the men aboard (KS.FORM.1)
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != r->side || f->status != TW_FS_RESERVE || LWF(s, f)->boat != o->n + 1)
				continue;
			named++;
			if (lw_arm_of(s, f) != arm) {
				snprintf(why, sizeof why, "boat %d carries men of the %s", o->n, lw_ks_arm_names[lw_arm_of(s, f)]);
				return not_yours(s, r, why, err);
			}
		}
	}
	if (named == 0) // the toss, ready, the end of the move, a choice of side: the side's as a whole
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.GEN.1",
				    "an order that names none of the %s is the General's to give (the supreme General of %s)",
				    r->name, s->sides[r->side].name);
	return TW_OK;
}

// A computer seat for one role of a side (h6-seats; docs/design.md "Seats", docs/server.md
// "Seats within the sides"): in a side with several players (a 2v2 side: one commander a person,
// his ally the computer) the computer may hold one player role. Its general is bound to that role
// (tw_general_bind_role), so it orders only what the role may (tw_role_may); an order it may not
// give, or the rules refuse, ends its part. Each role's part of the side's move ends on its own:
// while the computer holds a role of the side, the order that ends the move goes in only once
// every player role of the side has ended its part (as tw_play_out_seats holds back a bound
// general's end); a person's end before then is held back and answered "held".
#include <stdlib.h>
#include <string.h>

#include "srv.h"

// The stretch a side's ended parts belong to: the same side asked in the same move and phase,
// with no undo between.
static int64_t part_key(const srv_room *r, int side)
{
	const tw_state *s = tw_game_state(r->game);
	return (((int64_t)s->move_no * 4096 + (s->phase & 1023)) * 64 + side) * 1024 + (r->undos % 1024);
}

int64_t srv_part_key(const srv_room *r, int side) { return part_key(r, side); }

static uint32_t ended_now(srv_room *r, int side)
{
	int64_t k = part_key(r, side);
	if (r->part_key[side] != k) {
		bool kept = r->part_ended[side] != 0;
		r->part_key[side] = k;
		r->part_ended[side] = 0;
		if (kept && srv_room_store_seats(r) != TW_OK) // issue 16: the store's held end goes too (role_held.c)
			srv_log(r->srv, "game %s: store: the ended parts of a past stretch were not cleared", r->id);
	}
	return r->part_ended[side];
}

// Whether role i is a part of its side's move: a player or chief that may give the end.
static bool is_part(const srv_room *r, int i, int end)
{
	const tw_role_def *d = &r->roles[i];
	if (d->kind == TW_ROLE_OFFICIAL)
		return false;
	return d->types == 0 || (end >= 0 && end < 64 && (d->types & (UINT64_C(1) << end)));
}

static int end_type(const srv_room *r)
{
	return tw_order_type_with(tw_game_ruleset(r->game), TW_OD_ENDS_TURN);
}

static bool side_has_role_computer(const srv_room *r, int side)
{
	for (int i = 0; i < r->nroles && i < 32; i++)
		if (r->roles[i].side == side && r->role_computer[i][0])
			return true;
	return false;
}

// Whether every part of the side but `except` has ended.
static bool others_ended(srv_room *r, int side, int except)
{
	uint32_t done = ended_now(r, side);
	int end = end_type(r);
	for (int i = 0; i < r->nroles && i < 32; i++)
		if (i != except && r->roles[i].side == side && is_part(r, i, end) && !(done & (UINT32_C(1) << i)))
			return false;
	return true;
}

bool srv_room_computer_due_role(srv_room *r, int *side, int *role)
{
	*role = -1;
	const tw_state *s = tw_game_state(r->game);
	if (s->over || r->broken)
		return false;
	if (srv_room_computer_free(r))
		return srv_room_computer_due(r, side);
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	for (int i = 0; i < nd; i++) {
		int k = dec[i].seat;
		if (k < 0 || k >= s->nsides)
			continue;
		if (r->computer[k][0] && r->computer_fail[k] <= 3) {
			*side = k;
			return true;
		}
		uint32_t done = ended_now(r, k);
		for (int j = 0; j < r->nroles && j < 32; j++)
			if (r->roles[j].side == k && r->role_computer[j][0] && r->role_fail[j] <= 3 &&
			    !(done & (UINT32_C(1) << j))) {
				*side = k;
				*role = j;
				return true;
			}
	}
	return false;
}

// Role `role`'s part of its side's move ends; when it was the last, the side's end goes in.
static void part_end(srv_room *r, int side, int role)
{
	ended_now(r, side);
	r->part_ended[side] |= UINT32_C(1) << role;
	if (!others_ended(r, side, role)) {
		srv_room_broadcast(r, 0, 0); // the seats see the part ended
		return;
	}
	int end = end_type(r);
	tw_order *o = calloc(1, sizeof *o);
	tw_error err;
	tw_error_clear(&err);
	tw_status st = o && end >= 0 ? TW_OK : TW_ERR_STATE;
	if (st == TW_OK) {
		tw_order_init(o, end, side);
		st = srv_room_apply(r, o, &err);
	}
	free(o);
	if (st != TW_OK && st != TW_ERR_IO) {
		r->role_fail[role]++;
		r->part_ended[side] = 0; // refused: every part again
		srv_log(r->srv, "game %s: the end of %s's move was refused: %s %s", r->id,
			tw_game_state(r->game)->sides[side].name, err.clause, err.message);
	} else if (st == TW_ERR_IO) {
		r->part_ended[side] &= ~(UINT32_C(1) << role); // not kept: the computer ends again later
	}
}

bool srv_role_computer_step(srv_room *r, int side, int role)
{
	srv_server *s = r->srv;
	pthread_mutex_lock(&r->mu);
	int side2 = -1, role2 = -1;
	if (!srv_room_computer_due_role(r, &side2, &role2) || side2 != side || role2 != role) {
		pthread_mutex_unlock(&r->mu);
		return false;
	}
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	tw_general *g = r->role_gen[role];
	if (!g) {
		uint64_t seed = srv_oneway_seed(s, "computer-role", tw_game_seed(r->game), (uint64_t)role,
						(uint64_t)r->role_epoch[role]);
		g = tw_general_new(r->role_computer[role], rs, side, seed);
		if (!g) {
			r->role_fail[role] = 99;
			pthread_mutex_unlock(&r->mu);
			return false;
		}
	}
	r->role_gen[role] = NULL; // out with this thread while it decides
	int epoch = r->role_epoch[role], norders = tw_game_order_count(r->game), undos = r->undos;
	tw_role_def rd = r->roles[role];
	int end = end_type(r);
	tw_state snap;
	tw_status st = tw_state_clone(&snap, tw_game_state(r->game));
	bool have_snap = st == TW_OK;
	pthread_mutex_unlock(&r->mu);

	tw_order *o = calloc(1, sizeof *o);
	tw_error e;
	tw_error_clear(&e);
	bool ends = false;
	if (have_snap && o) {
		st = tw_general_bind_role(g, &snap, role, &e);
		if (st == TW_OK)
			st = tw_general_decide(g, &snap, o);
		// An order that ends the move, or one its role may not give, ends its part.
		if (st == TW_OK)
			ends = o->type == end || tw_role_may(&snap, &rd, o, &e) != TW_OK;
	} else {
		st = TW_ERR_NOMEM;
	}
	if (have_snap)
		tw_state_free(&snap);

	pthread_mutex_lock(&r->mu);
	bool same = r->role_epoch[role] == epoch && tw_game_order_count(r->game) == norders && r->undos == undos;
	if (r->role_epoch[role] == epoch && !r->role_gen[role])
		r->role_gen[role] = g;
	else
		tw_general_free(g); // the seat changed hands meanwhile
	if (same && o) {
		if (st != TW_OK) {
			r->role_fail[role]++;
		} else if (ends) {
			part_end(r, side, role);
		} else {
			tw_error err;
			tw_error_clear(&err);
			o->side = (int8_t)side;
			tw_status ap = srv_room_apply(r, o, &err);
			if (ap == TW_OK)
				r->role_fail[role] = 0;
			else if (ap != TW_ERR_IO)
				part_end(r, side, role); // refused: its part ends (as tw_play_out_seats)
		}
	}
	pthread_mutex_unlock(&r->mu);
	free(o);
	return true;
}

tw_status srv_room_set_role_computer(srv_room *r, int role, const char *general, tw_error *err)
{
	const tw_role_def *d = srv_role(r, role);
	if (!d || d->kind != TW_ROLE_PLAYER || role >= 32)
		return tw_error_set(err, TW_ERR_INPUT, "", "only a player's seat within a side goes to the computer");
	char before[sizeof r->role_computer[0]];
	memcpy(before, r->role_computer[role], sizeof before);
	if (general && *general) {
		tw_general *g = strlen(general) < sizeof r->role_computer[0] && !strstr(general, ".lua")
					? tw_general_new(general, tw_game_ruleset(r->game), d->side, 1)
					: NULL;
		tw_error e;
		tw_error_clear(&e);
		tw_status b = g ? tw_general_bind_role(g, tw_game_state(r->game), role, &e) : TW_ERR_INPUT;
		tw_general_free(g);
		if (b != TW_OK)
			return tw_error_set(err, TW_ERR_INPUT, "", "unknown general '%s'", general);
		snprintf(r->role_computer[role], sizeof r->role_computer[role], "%s", general);
	} else {
		r->role_computer[role][0] = 0;
	}
	if (srv_room_store_seats(r) != TW_OK) { // not kept, not changed
		memcpy(r->role_computer[role], before, sizeof before);
		return tw_error_set(err, TW_ERR_IO, "", "the seat could not be stored, so it did not change; try again");
	}
	tw_general_free(r->role_gen[role]);
	r->role_gen[role] = NULL;
	r->role_epoch[role]++;
	r->role_fail[role] = 0;
	srv_room_broadcast(r, 0, 0);
	srv_computer_wake(r->srv);
	return TW_OK;
}

bool srv_role_hold_end(srv_room *r, int role, const tw_order *o)
{
	const tw_role_def *d = srv_role(r, role);
	int end = end_type(r);
	if (!d || role >= 32 || o->type != end || !is_part(r, role, end) || !side_has_role_computer(r, d->side))
		return false;
	ended_now(r, d->side);
	if (others_ended(r, d->side, role)) {
		r->part_ended[d->side] = 0; // the last part: the end goes in as given
		return false;
	}
	r->part_ended[d->side] |= UINT32_C(1) << role; // the caller replies, then tells the seats
	return true;
}

json_t *srv_parts_ended_json(srv_room *r)
{
	json_t *a = json_array();
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(tw_game_state(r->game), dec, TW_MAX_DECISIONS);
	int side = nd > 0 ? dec[0].seat : -1;
	if (side < 0 || side >= TW_MAX_SIDES || !side_has_role_computer(r, side))
		return a;
	uint32_t done = ended_now(r, side);
	for (int i = 0; i < r->nroles && i < 32; i++)
		if (done & (UINT32_C(1) << i))
			json_array_append_new(a, json_integer(i));
	return a;
}

json_t *srv_role_computers_json(const srv_room *r)
{
	json_t *a = json_array();
	for (int i = 0; i < r->nroles; i++)
		json_array_append_new(a, r->role_computer[i][0] ? json_string(r->role_computer[i]) : json_null());
	return a;
}

void srv_role_generals_free(srv_room *r)
{
	for (int i = 0; i < TW_MAX_ROLES; i++) {
		tw_general_free(r->role_gen[i]);
		r->role_gen[i] = NULL;
	}
}

// Issue 16: a person's end held until the computer's part of the side ends (role_seats.c) is kept
// in the store's seats record with the rest of the room's seats, and restored after a restart
// (docs/server.md "Seats within the sides"). The record's "parts_ended" lists, for each side whose
// stretch has parts ended, the side, the game move and phase of that stretch and the role indices;
// after the orders are replayed a stretch still current (same side asked, same move and phase)
// gets its parts back, any other is dropped as stale.
#include <stdlib.h>
#include <string.h>

#include "srv.h"

json_t *srv_parts_held_json(const srv_room *r)
{
	const tw_state *s = tw_game_state(r->game);
	json_t *a = NULL;
	for (int side = 0; side < s->nsides && side < TW_MAX_SIDES; side++) {
		if (!r->part_ended[side] || r->part_key[side] != srv_part_key(r, side))
			continue; // none, or of a stretch gone by
		json_t *roles = json_array();
		for (int i = 0; i < r->nroles && i < 32; i++)
			if (r->part_ended[side] & (UINT32_C(1) << i))
				json_array_append_new(roles, json_integer(i));
		if (!a)
			a = json_array();
		json_array_append_new(a, json_pack("{s:i, s:i, s:i, s:o}", "side", side, "move", s->move_no,
		                                   "phase", s->phase, "roles", roles));
	}
	return a;
}

void srv_parts_held_restore(srv_room *r, const json_t *seats)
{
	const tw_state *s = tw_game_state(r->game);
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	size_t k;
	json_t *e;
	json_array_foreach(json_object_get(seats, "parts_ended"), k, e)
	{
		json_int_t side = json_integer_value(json_object_get(e, "side"));
		bool asked = false;
		if (!json_is_integer(json_object_get(e, "side")))
			continue;
		for (int d = 0; d < nd; d++)
			asked |= dec[d].seat == side;
		if (side < 0 || side >= s->nsides || side >= TW_MAX_SIDES || !asked ||
		    json_integer_value(json_object_get(e, "move")) != s->move_no ||
		    json_integer_value(json_object_get(e, "phase")) != s->phase)
			continue; // the stretch it was of has gone by
		uint32_t mask = 0;
		size_t j;
		json_t *v;
		json_array_foreach(json_object_get(e, "roles"), j, v)
		{
			json_int_t i = json_integer_value(v);
			if (json_is_integer(v) && i >= 0 && i < r->nroles && i < 32 &&
			    r->roles[i].side == side)
				mask |= UINT32_C(1) << i;
		}
		r->part_key[side] = srv_part_key(r, (int)side);
		r->part_ended[side] = mask;
	}
}

tw_status srv_role_hold_keep(srv_room *r, int role, tw_error *err)
{
	const tw_role_def *d = srv_role(r, role);
	if (!d || role >= 32)
		return TW_OK;
	if (srv_room_store_seats(r) == TW_OK)
		return TW_OK;
	r->part_ended[d->side] &= ~(UINT32_C(1) << role); // not kept, not held: the person ends again
	return tw_error_set(err, TW_ERR_IO, "",
	                    "your end could not be stored, so it was not taken; try again");
}

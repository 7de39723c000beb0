// Order defaults and names.
#include <string.h>

#include "tinwar/order.h"

static const char *const ot_names[TW_OT_COUNT] = {"toss",      "deploy",   "ready",    "move",
						  "gun_move",  "fire",     "trail",    "lie_down",
						  "surrender", "end_move", "take_reserve", "choose_side",
						  "volley",    "formation"};

void tw_order_init(tw_order *o, tw_order_type type, int side)
{
	o->type = (uint8_t)type;
	o->side = (int8_t)side;
	o->has_at = o->has_aim = o->has_target = false;
	o->gun = -1;
	o->n = 0;
	o->bearing = o->elevation = 0;
	o->target = tw_v2(0, 0);
	o->nfig = o->nfig2 = o->npath = 0;
}

const char *tw_order_type_name(tw_order_type t) { return (unsigned)t < TW_OT_COUNT ? ot_names[t] : "?"; }

int tw_order_type_from_name(const char *name)
{
	for (int i = 0; i < TW_OT_COUNT; i++)
		if (strcmp(ot_names[i], name) == 0)
			return i;
	return -1;
}

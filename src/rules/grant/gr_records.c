// The War Game's records (record.h): what the rule set keeps per unit, figure, gun, side, house
// and game, as plain structs with their field tables. The core saves, loads, checks, hashes and
// hides them from these tables; front-ends read them by name.
#include <stddef.h>

#include "gr.h"

static const char *const troop_choices[] = {"line",	 "grenadier", "light",	   "garrison", "engineer",
					    "heavy",	 "hussar",    "artillery", "wagon",    "barge",
					    NULL};
_Static_assert(TW_ARRAY_COUNT(troop_choices) == GR_TROOP_COUNT + 1, "a name per troop type");
static const char *const unit_flags[] = {"fired_ever", "fired_now", "moved_now", "charged_now", "hold",
					 "withdraw",   "retire50",  "dispersed", "melee",	    "rested",
					 "battle",     "tested",    "broke",	 "attacker",    NULL};
static const char *const exchange_choices[] = {"standing", "reply", "hold", NULL};

#define MOVE_MAX 1000000.0
#define COUNT_MAX 100000.0
#define FIXED_MAX 102400000.0 // positions in 1/1024 in (GR_FIXED), |x| up to 100000 in

static const tw_field_def unit_fields[] = {
	TW_FIELD(gr_urec, troop, TW_FT_ENUM, TW_VIS_ALL, 0, 0, GR_TROOP_COUNT - 1, troop_choices, "troop type (GR.ORG)"),
	TW_FIELD(gr_urec, orig, TW_FT_I32, TW_VIS_ALL, 0, 0, COUNT_MAX, NULL, "original R&F strength (GR.ORG.1)"),
	TW_FIELD(gr_urec, flags, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, unit_flags, "state of the unit this move"),
	TW_FIELD(gr_urec, morale, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		 "morale tests failed in a row; the next needs 6 + this (GR.MORALE.7)"),
	TW_FIELD(gr_urec, exhaust, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move of the fight that exhausted it, 0 none (GR.MELEE.24)"),
	TW_FIELD(gr_urec, rest, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL, "heavy cavalry rest credits (GR.MOVE.5)"),
	TW_FIELD(gr_urec, rally, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move at whose end a general's rally completes, 0 none (GR.MORALE.10)"),
	TW_FIELD(gr_urec, lost, TW_FT_I32, TW_VIS_ALL, 0, 0, COUNT_MAX, NULL, "figures lost this move (GR.MORALE.6)"),
	TW_FIELD(gr_urec, xing, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move at whose end it lands from a ford crossing, 0 none (GR.TERR.7)"),
	TW_FIELD(gr_urec, contact, TW_FT_I32, TW_VIS_ALL, 0, 0, 4 * MOVE_MAX + 7, NULL,
		 "the contact that locked it in melee: move * 4 + part, 0 none (GR.MELEE.1)"),
};

static const tw_field_def fig_fields[] = {
	TW_FIELD(gr_frec, cp, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "an officer's command points (GR.MORALE.1)"),
	TW_FIELD(gr_frec, mounted, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "mounted (GR.GEN.9)"),
	TW_FIELD(gr_frec, inside, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "broken into a house (GR.MELEE.9)"),
	TW_FIELD(gr_frec, house, TW_FT_TERRAIN, TW_VIS_ALL, -1, 0, 0, NULL, "the house he garrisons (GR.TERR.8)"),
	TW_FIELD(gr_frec, gun, TW_FT_GUN, TW_VIS_ALL, -1, 0, 0, NULL, "the gun he crews (GR.ORG.3)"),
	TW_FIELD(gr_frec, attached, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL,
		 "the unit a general is bound to (GR.MORALE.10)"),
	TW_FIELD(gr_frec, casualty, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_ORDER_MAX_FIG, NULL,
		 "rank in his owner's casualty order, 1 first, 0 not named (GR.MELEE.7)"),
	TW_FIELD(gr_frec, aboard, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the barge carrying him (GR.MOVE.7)"),
	TW_FIELD(gr_frec, xend, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move at whose end he lands from a ford crossing, 0 none (GR.TERR.7)"),
	TW_FIELD(gr_frec, xx, TW_FT_I32, TW_VIS_ALL, 0, -FIXED_MAX, FIXED_MAX, NULL, "landing x, 1/1024 in (GR.TERR.7)"),
	TW_FIELD(gr_frec, xy, TW_FT_I32, TW_VIS_ALL, 0, -FIXED_MAX, FIXED_MAX, NULL, "landing y, 1/1024 in (GR.TERR.7)"),
	TW_FIELD(gr_frec, shot_move, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move in which fire killed him, 0 none (GR.MELEE.20, GR.CHARGE.6)"),
	TW_FIELD(gr_frec, shot_by, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the unit whose fire killed him"),
};

static const tw_field_def gun_fields[] = {
	TW_FIELD(gr_grec, damage, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL, "damage points (GR.ART.6)"),
	TW_FIELD(gr_grec, fired_in, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL, "move it last fired, 0 never"),
	TW_FIELD(gr_grec, howitzer, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "a howitzer (GR.HOW)"),
	TW_FIELD(gr_grec, destroyed, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "destroyed (GR.ART.8)"),
	TW_FIELD(gr_grec, team_moved, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "the move its team drew it, 0 never (GR.MOVE.6)"),
	TW_FIELD(gr_grec, unit, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "its battery"),
	TW_FIELD(gr_grec, xend, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "move at whose end it lands from a ford crossing, 0 none (GR.TERR.7)"),
	TW_FIELD(gr_grec, xx, TW_FT_I32, TW_VIS_ALL, 0, -FIXED_MAX, FIXED_MAX, NULL, "landing x, 1/1024 in"),
	TW_FIELD(gr_grec, xy, TW_FT_I32, TW_VIS_ALL, 0, -FIXED_MAX, FIXED_MAX, NULL, "landing y, 1/1024 in"),
};

static const tw_field_def house_fields[] = {
	TW_FIELD(gr_hrec, damage, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "a house's damage points (GR.HOUSE.3)"),
	TW_FIELD(gr_hrec, fire, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX + 1, NULL,
		 "the move it caught fire, 0 not burning (GR.HOUSE.6-8)"),
};

static const tw_field_def side_fields[] = {
	TW_FIELD(gr_srec, exchange, TW_FT_ENUM, TW_VIS_ALL, 0, 0, GR_HOLD, exchange_choices,
		 "standing order for the mutual exchange (GR.MUSK.2)"),
};

static const tw_field_def game_fields[] = {
	TW_FIELD(gr_game, setup, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "the rule set's setup has run"),
};

#define REC(T, F) {sizeof(T), (int)TW_ARRAY_COUNT(F), F}
const tw_record_def gr_unit_rec = REC(gr_urec, unit_fields);
const tw_record_def gr_fig_rec = REC(gr_frec, fig_fields);
const tw_record_def gr_gun_rec = REC(gr_grec, gun_fields);
const tw_record_def gr_house_rec = REC(gr_hrec, house_fields);
const tw_record_def gr_side_rec = REC(gr_srec, side_fields);
const tw_record_def gr_game_rec = REC(gr_game, game_fields);

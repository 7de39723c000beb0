// Little Wars's records (record.h): what the rule set keeps for the game, each figure and each
// gun, as plain structs with their field tables; and its own figure statuses. The core saves,
// loads, checks, hashes and hides them from these tables; front-ends read them by name.
#include <stddef.h>

#include "lw.h"
#include "lw_big.h"

#define MOVE_MAX 1000001.0

static const tw_field_def game_fields[] = {
	TW_FIELD(lw_game, first, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "First Player (LW.MV.1), none until tossed"),
	TW_FIELD(lw_game, defender, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL,
		 "defending side in the defensive game, none otherwise (LW.VAR.10)"),
	TW_FIELD(lw_game, blow_side, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL,
		 "side that struck the blow at the rear (LW.VAR.5)"),
	TW_FIELD(lw_game, builder, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "side that built the Country (LW.C.1)"),
	TW_FIELD(lw_game, men_moved, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "a man has moved in this move, so guns are finished (LW.MV.11)"),
	TW_FIELD_N(lw_game, fire_from, TW_FT_I32, TW_VIS_ALL, 2, 0, -1, MOVE_MAX, NULL,
		   "first game move in which each side's guns may fire (LW.MV.10)"),
	TW_FIELD(lw_game, ready, TW_FT_I32, TW_VIS_ALL, 0, 0, 255, NULL,
		 "bit i: side i has finished putting down (LW.MV.2/4)"),
	TW_FIELD(lw_game, blow_move, TW_FT_I32, TW_VIS_ALL, 0, -1, MOVE_MAX, NULL,
		 "game move in which the blow was struck (LW.VAR.6)"),
	TW_FIELD(lw_game, orig_attack, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_COUNT, NULL,
		 "the attacker's original free men (LW.VAR.13)"),
	TW_FIELD_N(lw_game, reserve_roll, TW_FT_I32, TW_VIS_ALL, 2, 0, 0, 12, NULL,
		   "each side's 2d6 for its chance men, 0 before the roll (LW.FOR.2)"),
	TW_FIELD(lw_game, melees, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000000000, NULL, "melees judged so far (LW.MEL.3)"),
	TW_FIELD(lw_game, firing_gun, TW_FT_GUN, TW_VIS_ALL, -1, 0, 0, NULL,
		 "gun whose firing action is under way, none otherwise (LW.MOB.10)"),
	TW_FIELD(lw_game, draw_at, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_COUNT, NULL,
		 "the draw threshold, free men (LW.VAR.3/4)"),
	TW_FIELD(lw_game, big_mult, TW_FT_I32, TW_VIS_ALL, 0, 0, 3, NULL,
		 "move multiplier on a large Country, 2 or 3 (LW.BIG.1; 0 or 1: none)"),
	TW_FIELD(lw_game, big_close_ft, TW_FT_I32, TW_VIS_ALL, 12, 10, 15, NULL,
		 "moves drop back to normal once opposing pieces are within this many ft (LW.BIG.1)"),
	TW_FIELD(lw_game, big_closed, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "the armies have closed: moves are back to normal (LW.BIG.1)"),
	TW_FIELD(lw_game, ks, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "Wells's Kriegspiel is played: shells, seats per arm, officials (KS.GEN.1/2)"),
	TW_FIELD(lw_game, sykes, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "Sykes's option: the General may be wounded or fall (KS.GNL.2)"),
	TW_FIELD(lw_game, ks_supply, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "the Kriegspiel's 6-move supply cycle is kept (KS.SUP.1)"),
	TW_FIELD_LATE(lw_game, big_outdoor, TW_FT_F64, TW_VIS_ALL, 0, 0, 2, NULL,
		      "outdoors on mown grass: every move this many times its indoor length, 1 to 2; 0 indoors (LW.BIG.8)"),
};

static const char *const mark_names[] = {"trail", "surrendered", "contact", NULL};

static const tw_field_def fig_fields[] = {
	TW_FIELD(lw_fig, captor, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "side holding him prisoner (LW.MEL.10)"),
	TW_FIELD(lw_fig, marks, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, mark_names,
		 "at a gun's trail (LW.MOB.10), surrendered (LW.MEL.16), in contact (LW.MEL.2)"),
	TW_FIELD(lw_fig, escort, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the man escorting him (LW.MEL.11)"),
	TW_FIELD(lw_fig, changed_in, TW_FT_I32, TW_VIS_ALL, 0, -1, MOVE_MAX, NULL,
		 "game move at whose end he was taken or freed (LW.MEL.10, LW.MEL.12)"),
	TW_FIELD(lw_fig, box, TW_FT_I32, TW_VIS_OWNER, -1, -1, LW_BOX_MAX - 1, NULL,
		 "the box he is in, -1 none (LW.BIG.2: the enemy does not know what a box holds)"),
	TW_FIELD(lw_fig, work, TW_FT_I32, TW_VIS_OWNER, -1, -1, LW_WORK_MAX - 1, NULL,
		 "the work he is at, -1 none (KS.RE.7: hidden from the enemy)"),
	TW_FIELD(lw_fig, arm, TW_FT_I8, TW_VIS_ALL, -1, -1, LW_ARM_COUNT - 1, NULL,
		 "his arm or service in the Kriegspiel: 0 infantry, 1 cavalry, 2 engineers, 3 artillery, 4 transport "
		 "and supply, 5 the General; -1 by his kind (KS.GEN.1)"),
	TW_FIELD(lw_fig, ks_still_until, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		 "charged in close order: may not move up to this game move (KS.CH.4)"),
	TW_FIELD(lw_fig, ks_fed, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "supplied in the current 6-move cycle (KS.SUP.1)"),
	TW_FIELD(lw_fig, ks_unsupplied, TW_FT_I32, TW_VIS_ALL, 0, 0, 100, NULL,
		 "own moves since a due supply failed, 0 supplied: cannot move; out of action past 6 (KS.SUP.9)"),
	TW_FIELD(lw_fig, train, TW_FT_I32, TW_VIS_ALL, -1, -1, LW_TRAIN_MAX - 1, NULL,
		 "the train of his side he is aboard, -1 none (LW.BIG.9: open trucks, seen by all)"),
	TW_FIELD_LATE(lw_fig, ks_last_horse, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "game move in which his surrounded body ate its last horse, 0 none: it surrenders 4 own moves "
		      "later (KS.SUP.10)"),
	TW_FIELD_LATE(lw_fig, ks_fired_in, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "game move of his last rifle fire, 0 never (KS.RF.1)"),
	TW_FIELD_LATE(lw_fig, ks_fire_run, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "own moves in a row he has fired since his last ammunition packet (KS.SUP.1)"),
	TW_FIELD_LATE(lw_fig, ks_still_why, TW_FT_I32, TW_VIS_ALL, 0, 0, 3, NULL,
		      "what keeps him still until ks_still_until: 0 charged in close order (KS.CH.4), 1 fell back "
		      "after a charge in extended order (KS.CH.4), 2 getting down from a train (KS.RAIL.1), 3 the "
		      "wounded General (KS.GNL.2)"),
	TW_FIELD_LATE(lw_fig, ks_retiring, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "game move his body began retiring from cavalry, 0 none: while pursued his moves must retire "
		      "(KS.CH.10/11)"),
	TW_FIELD_LATE(lw_fig, ks_form, TW_FT_I8, TW_VIS_ALL, 0, 0, 2, NULL,
		      "his formation: 0 two ranks, 1 fours, 2 extended order (KS.FORM.1/2)"),
	TW_FIELD_LATE(lw_fig, ks_dismounted, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		      "a cavalryman on foot (KS.FORM.2, KS.CH.6)"),
	TW_FIELD_LATE(lw_fig, ks_form_move, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "game move of his last change of formation (KS.FORM.1/2)"),
	TW_FIELD_LATE(lw_fig, ks_form_halves, TW_FT_I8, TW_VIS_ALL, 0, 0, 2, NULL,
		      "half moves his changes took in that game move; 2 is the whole move (KS.FORM.1/2)"),
	TW_FIELD_LATE(lw_fig, boat, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_BOAT_MAX, NULL,
		      "1 + the boat of his side he is aboard, 0 none (KS.FORM.1: seen by all)"),
};

static const tw_field_def gun_fields[] = {
	TW_FIELD(lw_gun, out_of_battle, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "beyond the defender's two thirds: takes no part (LW.VAR.9)"),
	TW_FIELD(lw_gun, trail_due, TW_FT_I32, TW_VIS_ALL, 0, -1, MOVE_MAX, NULL,
		 "game move in which two men are owed at its trail, 0 none (LW.MOB.10)"),
	TW_FIELD(lw_gun, disputed_until, TW_FT_I32, TW_VIS_ALL, 0, -1, MOVE_MAX, NULL,
		 "the attacker may not use it up to this move (LW.CAP.3)"),
	TW_FIELD(lw_gun, ncross, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_GUN_MAX_CROSSERS, NULL,
		 "enemy men who have crossed its axle line (LW.CAP.1b)"),
	TW_FIELD_N(lw_gun, crossers, TW_FT_FIG, TW_VIS_ALL, LW_GUN_MAX_CROSSERS, -1, 0, 0, NULL, "those men"),
	TW_FIELD(lw_gun, ks_destroyed, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "destroyed by a shell (KS.SH.3)"),
	TW_FIELD(lw_gun, ks_disabled_until, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		 "disabled by a shell up to this game move (KS.SH.3)"),
	TW_FIELD_LATE(lw_gun, boxed, TW_FT_I32, TW_VIS_OWNER, 0, 0, LW_BOX_MAX, NULL,
		      "1 + the box it is in with its crew, 0 none (LW.BIG.2: the enemy sees the box, not what it holds)"),
	TW_FIELD_LATE(lw_gun, trained, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_TRAIN_MAX, NULL,
		      "1 + the train it is aboard, 0 none (LW.BIG.9/10: 2 open trucks, seen by all)"),
	TW_FIELD_LATE(lw_gun, ks_retiring, TW_FT_I32, TW_VIS_ALL, 0, 0, MOVE_MAX, NULL,
		      "game move it began retiring from cavalry within charging distance, 0 none (KS.CH.13)"),
	TW_FIELD_LATE(lw_gun, ks_limbered, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		      "limbered up, as a gun that moved is; else unlimbered, in action (KS.FORM.3)"),
};

#define REC(T, F) {sizeof(T), (int)TW_ARRAY_COUNT(F), F}
const tw_record_def lw_game_rec = REC(lw_game, game_fields);
const tw_record_def lw_fig_rec = REC(lw_fig, fig_fields);
const tw_record_def lw_gun_rec = REC(lw_gun, gun_fields);

const tw_status_def lw_statuses[4] = {
	[LW_FS_PRISONER - TW_FS_RULESET] = {"prisoner", TW_FS_OUT, TW_LOOK_HELD,
					    "held by the enemy, on the table (LW.MEL.10)"},
	[LW_FS_FREED - TW_FS_RULESET] = {"freed", TW_FS_OUT, TW_LOOK_DISARMED,
					 "freed, disarmed until he reaches his back line (LW.MEL.13)"},
	[LW_FS_DELIVERED - TW_FS_RULESET] = {"delivered", TW_FS_OFF, TW_LOOK_HELD,
					     "a prisoner delivered over his captor's back line (LW.MEL.11)"},
	[LW_FS_WITHDRAWN - TW_FS_RULESET] = {"withdrawn", TW_FS_OFF, TW_LOOK_PLAIN,
					     "left the field over his own back line, safe (LW.CAMP.3)"},
};

void lw_look(const tw_state *s, const tw_figure *f, tw_look *out)
{
	out->look = (uint8_t)tw_status_look(s, f->status);
	out->link = -1;
	out->colour = -1;
	if (f->status == LW_FS_PRISONER) {
		const lw_fig *r = LWF(s, f);
		out->link = r->escort;
		out->colour = r->captor;
	}
}

int lw_facts(const tw_state *s, int kind, int32_t index, int side, tw_fact *out, int max)
{
	int n = 0;
#define FACT(N, T, V)                                                                              \
	do {                                                                                       \
		if (n < max)                                                                       \
			out[n++] = (tw_fact){(N), (T), (double)(V)};                               \
	} while (0)
	if (kind == TW_REC_FIGURE) {
		const tw_figure *f = tw_state_figure_c(s, index);
		if (!f)
			return 0;
		const lw_fig *r = LWF(s, f);
		FACT("contact", TW_FACT_BOOL, (r->marks & LW_MARK_CONTACT) != 0); // LW.MEL.2
		FACT("captor", TW_FACT_SIDE, r->captor);                            // LW.MEL.10
		FACT("allowance", TW_FACT_NUM, lw_move_allowance(f));               // LW.MOB.2/3
	} else if (kind == TW_REC_GUN) {
		const tw_gun *g = tw_state_gun_c(s, index);
		if (!g)
			return 0;
		FACT("in_battle", TW_FACT_BOOL, lw_gun_in_battle(s, g));           // LW.VAR.9
		FACT("in_action", TW_FACT_BOOL, lw_gun_in_action(s, g, g->side)); // LW.MOB.4
	} else if (kind == TW_REC_GAME) {
		const lw_game *gm = LWG(s);
		FACT("men_moved", TW_FACT_BOOL, gm->men_moved != 0); // LW.MV.11
		FACT("firing_gun", TW_FACT_ID, gm->firing_gun);      // LW.MOB.10
		FACT("reserve_roll", TW_FACT_INT, side == 0 || side == 1 ? gm->reserve_roll[side] : 0); // LW.FOR.2
	}
#undef FACT
	return n;
}

const tw_fact lw_constants[6] = {
	{"reach", TW_FACT_NUM, LW_REACH},      {"inf_move", TW_FACT_NUM, LW_INF_MOVE},
	{"cav_move", TW_FACT_NUM, LW_CAV_MOVE}, {"crew", TW_FACT_INT, LW_GUN_CREW},
	{"gun_shots", TW_FACT_INT, LW_GUN_SHOTS}, {"contact", TW_FACT_NUM, LW_CONTACT},
};

const char *const lw_phase_names[LW_PH_COUNTRY + 1] = {"toss", "reserve", "deploy", "play", "over", "country"};

const tw_clause_family lw_families[10] = {
    {"LW.C", "the Country: the table, its hills, houses, trees and walls"},
    {"LW.MV", "the move: the toss, putting down, whose move it is and the clock"},
    {"LW.MOB", "how far men move, and how guns are moved, served and fired"},
    {"LW.FIRE", "what a shot kills: a man knocked over or touched is dead"},
    {"LW.MEL", "isolation, melee (within 6 in), prisoners, escorts and surrender"},
    {"LW.CAP", "capturing guns"},
    {"LW.VAR", "the kind of battle being fought, and how it is won, drawn or scored"},
    {"LW.FOR", "the forces: how many men and guns each side has"},
    {"LW.CAMP", "campaigns of several battles"},
    {"LW.BIG", "large-country and team extensions"},
};

// Science versus Luck's series played by computer teams (sv_series.c): each stage to its end
// through tw_game_apply, so that its log records in the series. The auction: the host's hammer
// on a clock of its own (a bid a second, the hammer 15 s after the last, SV.EXPO.5) and the
// bidders of SV.EXPO.6; the range: each team writes its manuals (SV.DOC.1, SV.DOC.11-14), fires
// its guns at set ranges and copies the suggested range factor into AM.range_factor (SV.DOC.9,
// SV.GUN.12); a battle: the `svl-manual` general on both sides (SV.DOC.20).
#include <stdlib.h>
#include <string.h>

#include "sv.h"

// A computer team's manual: the defaults of SV.DOC.12/13 made to meet every SV.BRF.8
// constraint: run within 12" of a gun (Albionia and Freedonia), a bugler and the commander in
// front (Bosrovia, Freedonia, Ruritania), 2" spacing for Sylvania, 1" elsewhere.
void tw_sv_computer_manual(tw_sv_manual *m, int arm, int country)
{
	tw_sv_manual_default(m, arm, country);
	if (arm == TW_SV_INFANTRY) {
		m->v[SV_IM_PACE] = SV_PACE_WITHIN;
		m->v[SV_IM_PACE_P] = 120;
		m->v[SV_IM_BUGLER] = 1;
		m->v[SV_IM_CMD] = SV_CMD_FRONT;
		m->v[SV_IM_SPACING] = country == TW_SV_SYLVANIA ? 20 : 10;
	}
	snprintf(m->author, sizeof m->author, "computer");
}

static tw_status give(tw_game *g, const tw_order *o, tw_error *err)
{
	int first = 0, count = 0;
	return tw_game_apply(g, o, &first, &count, err);
}

static tw_status play_auction(tw_game *g, tw_order *o, tw_error *err)
{
	int64_t t = 1000;
	tw_order_init(o, SV_OT_HAMMER, TW_SEAT_HOST); // opens lot 1
	o->time_ms = t;
	tw_status st = give(g, o, err);
	for (int guard = 0; st == TW_OK && !tw_game_state(g)->over && guard < 100000; guard++) {
		const tw_state *s = tw_game_state(g);
		bool any = false;
		for (int k = 0; st == TW_OK && k < s->nsides; k++) {
			if (sv_auction_auto(tw_game_state(g), k, o) != 1)
				continue;
			o->time_ms = t += 1000;
			st = give(g, o, err);
			any = true;
		}
		if (!any && st == TW_OK) {
			tw_order_init(o, SV_OT_HAMMER, TW_SEAT_HOST);
			o->time_ms = t = SVG(tw_game_state(g))->t_last + SV_HAMMER_MS;
			st = give(g, o, err);
		}
	}
	return st;
}

// Each team in turn gives its range orders one at a time (sv_range_auto.c: its Infantry Manual,
// six test rounds a gun and the timed serial, its Artillery Manual with the suggested range
// factor, then end), as the server's computer seats give them.
static tw_status play_range(tw_game *g, tw_order *o, tw_error *err)
{
	tw_status st = TW_OK;
	for (int k = 0; st == TW_OK && k < tw_game_state(g)->nsides; k++)
		for (int guard = 0; st == TW_OK && guard < 10000 && sv_range_auto(tw_game_state(g), k, o) == 1; guard++)
			st = give(g, o, err);
	return st;
}

tw_status tw_sv_play_computer(tw_game *g, uint64_t seed, tw_error *err)
{
	tw_order *o = malloc(sizeof *o);
	if (!o)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	const tw_state *s = tw_game_state(g);
	tw_status st;
	if (s->phase == SV_PH_AUCTION) {
		st = play_auction(g, o, err);
	} else if (s->phase == SV_PH_RANGE) {
		st = play_range(g, o, err);
	} else {
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("svl-manual", rs, 0, seed), tw_general_new("svl-manual", rs, 1, seed)};
		st = gens[0] && gens[1] ? tw_play_out(g, gens, 2000000, err)
					: tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
	}
	free(o);
	if (st == TW_OK && !tw_game_state(g)->over)
		st = tw_error_set(err, TW_ERR_STATE, "SV.SETUP.3", "the computer players left the game unfinished");
	return st;
}

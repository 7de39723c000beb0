// Computer seats on the host's clock (sv-term; issue 17; tinwar/host_clock.h). While every seat
// may act at once (tw_host_free: the auction, where any team bids while the hammer is up), the
// computer seats are asked in seat order, each once since the last order (as the server asks
// them, src/server/computer.c); the first legal order is given, stamped with the host's time.
// When none gives one the host's own order is due: the computer's play-out (tw_play_out) has a
// virtual clock and moves it to host_due at once, so a study takes no real time.
#include <stdlib.h>

#include "tinwar/general.h"
#include "tinwar/host_clock.h"

int tw_host_computers_step(tw_game *game, tw_general **gens, int *asked, int64_t now_ms, tw_order *o, int *first,
			   int *count, tw_error *err)
{
	const tw_state *s = tw_game_state(game);
	int mark = tw_game_order_count(game);
	for (int k = 0; k < s->nsides; k++) {
		if (!gens[k] || asked[k] == mark)
			continue;
		asked[k] = mark;
		if (tw_general_decide(gens[k], s, o) != TW_OK)
			continue; // nothing to give now: it passes until the next order
		o->side = (int8_t)k;
		tw_host_stamp(s, o, now_ms);
		tw_error e;
		tw_error_clear(&e);
		if (tw_game_apply(game, o, first, count, &e) == TW_OK)
			return 1;
		if (err)
			*err = e; // refused: it passes too (the last refusal is kept for the caller)
	}
	return 0;
}

tw_status tw_host_play_free(tw_game *game, tw_general **gens, int *asked, int64_t *clock_ms, tw_order *o, tw_error *err)
{
	if (tw_host_order_due(tw_game_state(game), *clock_ms, o)) // due now (the first lot opens at once)
		return tw_game_apply(game, o, NULL, NULL, err);
	tw_error e;
	tw_error_clear(&e);
	if (tw_host_computers_step(game, gens, asked, *clock_ms + TW_HOST_COMPUTER_MS, o, NULL, NULL, &e) == 1) {
		*clock_ms += TW_HOST_COMPUTER_MS;
		return TW_OK;
	}
	const tw_state *s = tw_game_state(game);
	int64_t due = tw_host_due(s);
	if (due > *clock_ms)
		*clock_ms = due;
	if (!tw_host_order_due(s, *clock_ms, o))
		return tw_error_set(err, TW_ERR_STATE, "", "the host has no order to give");
	return tw_game_apply(game, o, NULL, NULL, err);
}

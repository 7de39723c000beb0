// The host's clock shared by every host (tinwar/host_clock.h; issue 17): the due check, the stamp
// and the host's own order, so that the server, the terminal and the computer's play-out agree.
#include "tinwar/host_clock.h"

#include "tinwar/game.h"
#include "tinwar/order.h"
#include "tinwar/ruleset.h"
#include "tinwar/state.h"

bool tw_host_keeps(const tw_state *s)
{
	const tw_ruleset *rs = s ? tw_ruleset_get(s->ruleset) : NULL;
	return rs && rs->host_due;
}

int64_t tw_host_time(int64_t ms)
{
	return ms < 1 ? 1 : ms;
}

int64_t tw_host_due(const tw_state *s)
{
	if (!tw_host_keeps(s) || s->over)
		return 0;
	int64_t due = tw_ruleset_get(s->ruleset)->host_due(s);
	return due > 0 ? due : 0;
}

bool tw_host_free(const tw_state *s)
{
	return tw_host_due(s) > 0 && !tw_ruleset_get(s->ruleset)->decisions;
}

void tw_host_stamp(const tw_state *s, tw_order *o, int64_t now_ms)
{
	if (tw_host_keeps(s))
		o->time_ms = tw_host_time(now_ms);
}

bool tw_host_order_due(const tw_state *s, int64_t now_ms, tw_order *o)
{
	int64_t due = tw_host_due(s);
	if (due <= 0 || now_ms < due)
		return false;
	int host = tw_order_type_with(tw_ruleset_get(s->ruleset), TW_OD_HOST);
	if (host < 0)
		return false;
	tw_order_init(o, host, TW_SEAT_HOST);
	o->time_ms = tw_host_time(now_ms);
	return true;
}

int64_t tw_host_resume(const tw_game *g)
{
	int64_t t = 0;
	for (int i = 0; i < tw_game_order_count(g); i++) {
		const tw_order *o = tw_game_order(g, i);
		if (o && o->time_ms > t)
			t = o->time_ms;
	}
	return t;
}

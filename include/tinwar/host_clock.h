/// The host's clock (issue 17), in one place for every host: the server (src/server/host_clock.c)
/// and the terminal (`tinwar play`, src/cli/cli_host.c) and the computer's play-out (tw_play_out,
/// src/ai/host_play.c). A rule set that keeps time on the host's clock has tw_ruleset.host_due:
/// the host stamps every order with its own time (tw_order.time_ms, ms, at least 1: 0 means no
/// time) and itself gives the rule set's TW_OD_HOST order, stamped, once its clock reaches
/// host_due (Science versus Luck: the auction's hammer 15 s after the last bid, SV.EXPO.5; the
/// firing minute's end, SV.ROF.5-6).
#ifndef TINWAR_HOST_CLOCK_H
#define TINWAR_HOST_CLOCK_H
#include <stdbool.h>
#include <stdint.h>

#include "tinwar/base.h"

struct tw_state;
struct tw_order;
struct tw_game;

/// A virtual clock (the computer's play-out, the terminal's --host-clock virtual) starts here when
/// no order of the game has a time yet: 1 s (an order's time 0 means "none").
#define TW_HOST_VIRTUAL_START_MS 1000

/// True when the state's rule set keeps time on the host's clock (tw_ruleset.host_due).
bool tw_host_keeps(const struct tw_state *s);
/// The host's time for an order: `ms`, at least 1 (0 is "no time" in an order).
int64_t tw_host_time(int64_t ms);
/// When the host's order is due (ms on the host's clock; 0: nothing due, the game over, or no clock).
int64_t tw_host_due(const struct tw_state *s);
/// True when no seat waits for another: the rule set lists no decisions (tw_ruleset.decisions)
/// and the host has an order due, so every seat may give its order at any time until then (the
/// auction: any team bids while the hammer is up).
bool tw_host_free(const struct tw_state *s);
/// Stamps o with the host's time `now_ms` when the rule set keeps the host's clock (else leaves it).
void tw_host_stamp(const struct tw_state *s, struct tw_order *o, int64_t now_ms);
/// When the host's order is due at `now_ms` (host_due > 0 and now_ms >= it), fills o with it
/// (the rule set's TW_OD_HOST order, from TW_SEAT_HOST, stamped now_ms) and returns true; else
/// false and o is untouched. The caller gives it through its own path (tw_game_apply, the
/// server's room).
bool tw_host_order_due(const struct tw_state *s, int64_t now_ms, struct tw_order *o);
/// The host's time a game resumes at: the latest time of its orders (0 when none has one).
int64_t tw_host_resume(const struct tw_game *g);

#endif

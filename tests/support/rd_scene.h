// Rattle (A Rattle of Dice) scene builders, entered dice and order helpers for tests
// (tests/test_rd_*.c): one copy instead of four.
#ifndef TW_TEST_RD_SCENE_H
#define TW_TEST_RD_SCENE_H
#include <stdbool.h>

#include "tinwar/tinwar.h"

/// The events of the last order applied by rdt_ok / rdt_refused (cleared before each).
extern tw_events rdt_ev;

/// Registers Little Wars, Grant and Rattle (Rattle at index 2).
void rdt_register(void);
/// An empty Rattle state, 120 x 100 in, dice entered (TW_DICE_ENTERED): red (side 0) at y = 0
/// moving +y, blue (side 1) at y = 100 moving -y. Add units, then rdt_start.
tw_state *rdt_scene(void);
/// Checks the state's invariants (tw_state_check) and frees it.
void rdt_done(tw_state *s);
/// Runs the rule set's setup (asserts it succeeds).
void rdt_start(tw_state *s);
/// A unit of n figures (bases 1 in across, touching) in `files` files, front rank centred on
/// (x, y), facing 0 (+y; ranks behind at y - 1, ...) or 180 (ranks behind at y + 1, ...);
/// spacing 1 in (2 in in skirmish order: a base's width between). Artillery types get gunners and
/// an artillery weapon, cavalry cavalry figures, the rest a rifle. Returns the unit's id.
int rdt_unit(tw_state *s, int side, int type, int formation, int n, int files, double x, double y,
             double facing);
/// A General of `side` at (x, y), the Army Commander if `commander`. Returns the figure's id.
int rdt_general(tw_state *s, int side, double x, double y, bool commander);
/// A rectangular piece of terrain of `kind` (its records made). Returns the piece's id.
int rdt_box(tw_state *s, int kind, double x0, double y0, double x1, double y1);
/// Side 0's observer (RD_ROLE_OBSERVER) at (10, 10) on a 4 in square hill from (8, 8) that is an
/// observation post, and its signals team (RD_ROLE_SIGNALS) at `signals` (RD.SEQ.3, RD.GEN.7).
/// Returns the signals team's figure id.
int rdt_observer_post(tw_state *s, tw_vec2 signals);
/// A Brigade General 3 in to the side of each of side's units, so that all are in command (RD.DET.1).
void rdt_brigades(tw_state *s, int side);
/// The first active figure of `unit`, or -1.
int rdt_first_fig(const tw_state *s, int unit);

/// A new order (heap: a tw_order is ~17 KB); rdt_ok and rdt_refused free it.
tw_order *rdt_order(int type, int side);
/// Appends entered dice to o.
void rdt_dice(tw_order *o, int n, const int *faces);
#define RDT_DICE(o, ...)                                                                                     \
	rdt_dice((o), (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})
/// An order of `type` for all of unit's active figures.
tw_order *rdt_unit_order(const tw_state *s, int type, int unit);
/// A move of unit to (x, y).
tw_order *rdt_move(const tw_state *s, int unit, double x, double y);
/// A shooting order of unit at target.
tw_order *rdt_shoot(const tw_state *s, int unit, int target);
/// Steady Men! (RD.GEN.5) from side: roll 1 to take it, 0 to decline.
tw_order *rdt_steady(int side, int roll);

/// Applies o (freed) and asserts it is accepted and the state's invariants hold.
void rdt_ok(tw_state *s, tw_order *o);
/// Applies o (freed) and asserts it is refused citing `clause`, the state (and table) unchanged.
void rdt_refused(tw_state *s, tw_order *o, const char *clause);
/// Events of rdt_ev citing `clause` of `type` (-1 any).
int rdt_count(const char *clause, int type);
/// The first event of rdt_ev citing `clause`, of `type` (-1 any) with a == `a` (-1 any), or NULL.
const tw_event *rdt_find(const char *clause, int type, int a);
/// The first TW_EV_MOVE event of rdt_ev citing `clause` that moves unit `unit` (its b; a names a
/// figure of it), or NULL.
const tw_event *rdt_find_move(const char *clause, int unit);
/// Whether an event of rdt_ev citing `clause` has `words` in its text.
bool rdt_text_has(const char *clause, const char *words);
/// The one decision open (asserts there is exactly one).
tw_decision rdt_decision(const tw_state *s);

/// Initiative thrown by the mover with dice d0 (red) and d1 (blue); red wins and plays first.
void rdt_red_first(tw_state *s, int d0, int d1);
/// Initiative: `side` wins (dice 5 v 1) and plays first.
void rdt_first(tw_state *s, int side);
/// Red's phase ends, then blue's: the turn is over.
void rdt_end_turn(tw_state *s);
/// cmocka group teardown: frees rdt_ev.
int rdt_teardown(void **st);
#endif

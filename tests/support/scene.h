// Shared scene builders for tests and benchmarks (Box2D-style "samples share builders").
#ifndef TW_TEST_SCENE_H
#define TW_TEST_SCENE_H
#include "tinwar/tinwar.h"

/// A Little Wars state on an empty w x d table, in play: game move `move_no`, `mover` to act,
/// red (side 0) back line y = 0, blue (side 1) back line y = d. Caller frees with tw_test_free.
tw_state *tw_test_lw_state(double w, double d, int move_no, int mover);
void tw_test_free(tw_state *s);
/// Adds an active man (TW_FK_INFANTRY or TW_FK_CAVALRY) at (x, y); returns his id.
int tw_test_man(tw_state *s, int side, int kind, double x, double y);
/// Adds n men in a row starting at (x, y), spaced dx apart; returns the first id.
int tw_test_row(tw_state *s, int side, int kind, int n, double x, double y, double dx);
/// Adds a gun with axle at (x, y) pointing at bearing (degrees); returns its id.
int tw_test_gun(tw_state *s, int side, double x, double y, double bearing);
/// Adds a rectangular terrain piece.
int tw_test_box(tw_state *s, int kind, double x0, double y0, double x1, double y1, double height);
/// The axis-aligned rectangle x0..x1 by y0..y1 as a terrain piece of `kind`, not yet on a table
/// (no id, name or height; tw_test_box gives it an id and a height and puts it on a table).
tw_terrain tw_test_rect(int kind, double x0, double y0, double x1, double y1);
/// Adds a circular terrain piece.
int tw_test_circle(tw_state *s, int kind, double x, double y, double r, double height);


/// An order of `type` for `side` from a small rotating pool (valid until 4 more calls).
tw_order *tw_test_order(int type, int side);
/// tw_state_apply with the fast shot model, events discarded.
tw_status tw_test_apply(tw_state *s, const tw_order *o, tw_error *err);
/// Applies o expecting a refusal that cites `clause`, and checks the state is unchanged.
void tw_test_expect_refused(tw_state *s, const tw_order *o, const char *clause);
/// A move of one figure of `side` along a path of one point, (x, y) (tw_test_order's pool).
tw_order *tw_test_move_to(int side, int fig, double x, double y);
/// Applies o through tw_test_apply; the test fails (the refusal's clause and message) unless it
/// is accepted.
void tw_test_ok(tw_state *s, const tw_order *o);
/// tw_test_expect_refused, and the refusal's message contains `words`.
void tw_test_refused_with(tw_state *s, const tw_order *o, const char *clause, const char *words);
/// A Kriegspiel (LWG ks = 1) at game move 5, red to move, on an empty 200 x 200 in table.
tw_state *tw_test_ks_field(void);
/// A charge of red figures first..first+n-1 at targets tfirst..tfirst+tn-1 (tw_test_order's pool).
tw_order *tw_test_charge(int first, int n, int tfirst, int tn);
/// How many of figures first..first+n-1 are dead.
int tw_test_dead_of(const tw_state *s, int first, int n);

/// A Little Wars scenario before the toss: an open w x d table with a house and a wood,
/// `inf` infantry, `cav` cavalry and `guns` guns a side, all unplaced. Caller frees.
tw_state *tw_test_lw_scenario(double w, double d, int inf, int cav, int guns);

/// A Little Wars game of two default generals (both seeded `seed`) under the fast shot model, the
/// undo off, with an order to decide into: the computer games the exactness tests play.
typedef struct tw_test_duel {
	tw_game *g;
	const tw_ruleset *rs;
	tw_general *gens[2];
	tw_order *o;
} tw_test_duel;
void tw_test_duel_start(tw_test_duel *d, const tw_state *sc, uint64_t seed);
/// The side to move decides and its order is applied. Without `fallback` both must succeed (a
/// failure fails the test); with it an order not decided or refused becomes the end of the move.
/// False when nobody is to move, or (fallback) the end of the move is refused too.
bool tw_test_duel_step(tw_test_duel *d, bool fallback);
void tw_test_duel_end(tw_test_duel *d);
/// States of play of a generated Country (seed 18, 576 x 192 in, so 300 men a side) played by
/// two default generals under the fast shot model, game seed `seed`: every `every`-th decision
/// of the first 8 game moves (k % every == 0, in play), cloned into out while they fit. Returns
/// how many; the caller frees each (tw_state_free).
int tw_test_country_states(tw_state *out, int max, uint64_t seed, int every);
/// States of Hook's Farm in play (scenarios/littlewars/hooks-farm.json), from games of two default
/// generals (tw_test_duel, the fast shot model) with game seeds seed0 .. seed1 - 1 in turn: every
/// `every`-th decision of each game (k % every == 0, in play), cloned into out while they fit.
/// Returns how many; the caller frees each (tw_state_free).
int tw_test_hook_states(tw_state *out, int max, uint64_t seed0, uint64_t seed1, int every);
/// FNV-1a of a game played: its state's hash, then its orders (their fixed fields and the figures,
/// places and paths they name), then (with `nevents`, their count and) its events' types,
/// figures, texts and clauses.
uint64_t tw_test_game_hash(tw_game *g, bool nevents);
/// How many events of ev are of `type` (TW_EV_...).
int tw_test_count_events(const tw_events *ev, int type);
/// The contact of figure `fig` in a shot's result, or NULL.
const tw_shot_contact *tw_test_contact_of(const tw_shot_result *r, int32_t fig);
/// FNV-1a of a shot result's fields (not its bytes, so a pinned value does not depend on
/// padding): the contacts, then (with `samples`) the flight's samples, the resting place, the
/// piece that stopped it, (with `samples`) the misfire, the bearing and the elevation.
uint64_t tw_test_shot_hash(const tw_shot_result *r, bool samples);
#endif

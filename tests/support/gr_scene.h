// Grant scene builders and fixed dice for tests (tests/test_gr_*.c).
#ifndef TW_TEST_GR_SCENE_H
#define TW_TEST_GR_SCENE_H
#include "tinwar/tinwar.h"

/// An empty Grant state, 120 x 100 in: red (side 0) attacks towards +y from y = 0, blue from
/// y = 100. Build units with gr_build_unit, then tw_gr_start. Free with tw_gr_free.
tw_state *tw_gr_scene(void);
/// The same with the state's seed (and its generator) set to `seed`.
tw_state *tw_gr_scene_seed(uint64_t seed);
/// Runs the rule set's setup (asserts it succeeds).
void tw_gr_start(tw_state *s);
void tw_gr_free(tw_state *s);
/// Fixed dice: seeds s's generator with the first seed whose next d6 throws are faces[0..n)
/// (a face of 0 is any). The rules throw their dice in a fixed order, so a test that knows the
/// order fixes every die it asserts.
void tw_gr_dice(tw_state *s, const int *faces, int n);
#define TW_GR_DICE(s, ...)                                                                                           \
	do {                                                                                                         \
		const int tw_gr_faces_[] = {__VA_ARGS__};                                                            \
		tw_gr_dice((s), tw_gr_faces_, (int)(sizeof tw_gr_faces_ / sizeof tw_gr_faces_[0]));                  \
	} while (0)
/// The id of the k-th rank-and-file figure of `unit` (in id order, whatever its status).
int tw_gr_rf(const tw_state *s, int unit, int k);
/// A smaller unit: its rank and file other than those listed (by k, as tw_gr_rf) are dead, and
/// its original strength is the men kept (GR.ORG.1). With officers false its officers are dead
/// too; otherwise they are moved to a row from (x, y), 1 in apart, out of the fight.
void tw_gr_keep(tw_state *s, int unit, const int *ks, int n, bool officers, double x, double y);
/// Adds a rectangular piece of terrain (kind TW_TER_*, corners (x0, y0) and (x1, y1), height h;
/// name NULL: none) to the table; returns its index.
int tw_gr_box(tw_state *s, int kind, const char *name, double x0, double y0, double x1, double y1, double h);
/// Puts figure id at (x, y).
void tw_gr_put(tw_state *s, int id, double x, double y);
/// Applies an order through the rules (tw_state_apply); events appended to ev if given.
tw_status tw_gr_apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);
/// Applies an order that must be accepted.
void tw_gr_ok(tw_state *s, const tw_order *o, tw_events *ev);
/// Applies an order that must be refused citing `clause`, the state unchanged.
void tw_gr_refused(tw_state *s, const tw_order *o, const char *clause);
/// The mover ends his part of the move (end_move with n = exchange order, 0 as it stands).
void tw_gr_end(tw_state *s, int n, tw_events *ev);
/// An order from a small pool kept off the stack (good until 6 more calls).
tw_order *tw_gr_order(int type, int side);
/// o: an order of `side` to fire gun `gun` at the point `target` (GR_OT_FIRE, n = 0).
void tw_gr_fire_order(tw_order *o, int side, int gun, tw_vec2 target);
/// A move of figures ids[0..n) to to[i] (mode n: 0 normal, 1 charge).
tw_order *tw_gr_move(const tw_state *s, const int *ids, const tw_vec2 *to, int n, int mode);
/// The first active figure of `unit` of `kind` (TW_FK_...), or -1.
int tw_gr_first(const tw_state *s, int unit, int kind);
/// Events of `clause` and `type` (-1 any) in ev.
int tw_gr_count(const tw_events *ev, const char *clause, int type);
/// The k-th such event (0 first), or NULL.
const tw_event *tw_gr_nth(const tw_events *ev, const char *clause, int type, int k);
#endif

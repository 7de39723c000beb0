// Lloyd order helpers for tests (tests/test_ll_sp.c, test_ll_tf.c): registration, orders with
// entered dice, applied or refused through the one entry point. One copy instead of two.
#ifndef TW_TEST_LL_SCENE_H
#define TW_TEST_LL_SCENE_H
#include "tinwar/tinwar.h"

/// The events of the last order applied by llt_ok / llt_refused (cleared before each).
extern tw_events llt_ev;

/// Registers the built-in rule sets (Lloyd among them).
void llt_register(void);
/// A new order of `type` for `side` (heap: freed by llt_ok / llt_refused).
tw_order *llt_order(int type, int side);
/// Appends n entered dice faces to o.
void llt_dice(tw_order *o, int n, const int *faces);
#define LLT_DICE(o, ...) llt_dice((o), (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})
/// Applies o (it must be accepted) and frees it.
void llt_ok(tw_state *s, tw_order *o);
/// Applies o, which must be refused by `clause` (its message containing `text` if not NULL)
/// with the state unchanged; frees it.
void llt_refused(tw_state *s, tw_order *o, const char *clause, const char *text);

// ---- ll-fin: a fast-play table and its men (tests/test_ll_fin.c, test_ll_cite.c) ----
/// A fast-play (Type III) table `width` x 48 in: red (side 0, back line y = 0) acts first, blue
/// (side 1, back line y = 48); entered dice; at most 200 actions. Heap: llt_free.
tw_state *llt_fp_scene(double width);
/// A man of `side` (his contingent) at (x, y): QR, leader (0, 1, 2), traits (TW_LL_*), and
/// weapon: 0 the default row, LL_W_BOW the archer troop type, another a single row of it.
int llt_fp_man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits,
	       int weapon);
/// The rule set's setup (fails the test if refused).
void llt_setup(tw_state *s);
void llt_free(tw_state *s);
/// six.json after negotiation: `defectors` (-1 ends the list; NULL none) change sides first
/// (SP.4), everyone ends, the crown wins the roll-off (12 to 4) and moves, led by its commander.
/// Entered dice; heap (tw_state_free then free).
tw_state *llt_six_in_play(const int *defectors);
/// Events of the last order with this clause (and type; -1 any).
int llt_count(const char *clause, int type);

#endif

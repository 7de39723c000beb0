// Lloyd scenes and order helpers for tests (tests/test_ll_*.c): registration, tables and men,
// orders with entered dice, applied or refused through the one entry point. One copy instead of
// one a file.
#ifndef TW_TEST_LL_SCENE_H
#define TW_TEST_LL_SCENE_H
#include "tinwar/general.h"
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
/// llt_ok whose failure names the test's line (`line` > 0).
void llt_ok_at(tw_state *s, tw_order *o, int line);
#define LLT_OK(s, o) llt_ok_at((s), (o), __LINE__)
/// Applies o, which must be refused by `clause` (its message containing `text` if not NULL)
/// with the state unchanged; frees it.
void llt_refused(tw_state *s, tw_order *o, const char *clause, const char *text);

/// The first event of the last order with this clause (and type; -1 any), or NULL.
const tw_event *llt_find(const char *clause, int type);

/// An empty Lloyd table `width` x 48 in: red (side 0, back line y = 0, towards +y), blue (side 1,
/// back line y = 48, towards -y); entered dice; `first` moves first (-1: rolled off). Heap: llt_free.
tw_state *llt_scene(double width, int first);
/// A scenario file loaded and set up (fails the test if either is refused), with entered dice.
/// Heap: llt_free.
tw_state *llt_load(const char *path);
/// A game of the scenario at `path` (seed) with the general `gen` on every side, side k's seeded
/// seed * 7 + k (test_ll_gen's pairing); gens[k] filled for each side, NULL past them. Free with
/// llt_game_free.
tw_game *llt_game_with(const char *path, const char *gen, uint64_t seed, tw_general *gens[TW_MAX_SIDES]);
void llt_game_free(tw_game *g, tw_general *gens[TW_MAX_SIDES]);
/// Adds a rectangular terrain piece (kind TW_TER_*) of height h.
void llt_piece(tw_state *s, int kind, double x0, double y0, double x1, double y1, double h);

// ---- ll-fin: a fast-play table and its men (tests/test_ll_fin.c, test_ll_cite.c) ----
/// A fast-play (Type III) table `width` x 48 in: red (side 0, back line y = 0) acts first, blue
/// (side 1, back line y = 48); entered dice; at most 200 actions. Heap: llt_free.
tw_state *llt_fp_scene(double width);
/// The same with `first` the first to act (-1: rolled off).
tw_state *llt_fp_table(double width, int first);
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
/// An order of `type` for `side` naming figures f[0..n) and targets t[0..nt).
tw_order *llt_figs(int type, int side, int n, const int *f, int nt, const int *t);
/// A move of one figure f of `side` to (x, y), facing his side's forward (0 red, 180 blue).
tw_order *llt_move1(int side, int f, double x, double y);
/// A seize order (LL_OT_SEIZE) for figure f of `side`, n = kind.
tw_order *llt_seize(int side, int f, int kind);
/// The seat the rules ask next, or -1.
int llt_seat(const tw_state *s);
/// A three-fight allocation (LL_OT_ALLOCATE) of `side`'s eight men (ids 8 * side + i) to loc[i].
tw_order *llt_alloc(int side, const int loc[8]);
/// Both sides end their part of the turn: the mover, then the other (llt_ok each).
void llt_side_turn(tw_state *s);
/// The order the computer general `general` (a Lloyd doctrine: "ll-six", "ll-nq", ...) gives for
/// `side` in s now, seed 1 (heap: the caller frees it).
tw_order *llt_ask(const tw_state *s, const char *general, int side);
/// A bad roster: the scenario `text` (whose figures' data is `data`, named in the failure
/// messages) makes no game (tw_state_from_text or tw_game_new refuses it); the refusal cites
/// `clause` (unless NULL) and says `where` in its message (or, with or_path, in its JSON path).
void llt_expect_bad(const char *text, const char *data, const char *clause, const char *where, bool or_path);

#endif

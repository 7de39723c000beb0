// Science versus Luck scene builders and order helpers for tests (tests/test_sv_*.c): one copy
// instead of one a file.
#ifndef TW_TEST_SV_SCENE_H
#define TW_TEST_SV_SCENE_H
#include "tinwar/tinwar.h"

/// Registers the built-in rule sets, then the four of Little Wars, Grant, Rattle and Science
/// versus Luck (the registration the SVL tests have always run under).
void svt_register(void);
/// An empty 48 x 72 table: the infantry (side 0) and one gun of `model` at (24, 3), of the
/// cannon (side 1). Registers (svt_register). Heap: svt_free.
tw_state *svt_scene(const char *model);
/// Adds an active infantryman of side 0 at (x, y); returns his id.
int svt_man(tw_state *s, double x, double y);
/// The rule set's setup (fails the test if refused).
void svt_setup(tw_state *s);
void svt_free(tw_state *s);
/// An order of `type` for `side`: one order kept off the stack, good until the next call.
tw_order *svt_order(int type, int side);

/// The events of the last order applied by svt_apply (and svt_ok, svt_refused).
extern tw_events svt_last;
/// tw_state_apply, the events kept in svt_last (cleared first).
tw_status svt_apply(tw_state *s, const tw_order *o, tw_error *err);
/// Applies o, which must be accepted.
void svt_ok(tw_state *s, const tw_order *o);
/// Applies o, which must be refused citing `clause`, the state unchanged.
void svt_refused(tw_state *s, const tw_order *o, const char *clause);
/// The first event of svt_last of `type` (and `clause`, NULL any), or NULL.
const tw_event *svt_find_ev(int type, const char *clause);
/// How many events of svt_last are of `type` (and `clause`, NULL any).
int svt_count_ev(int type, const char *clause);
#endif

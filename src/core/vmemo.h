// The validation memo (issue 18, h5-hook): a computer general that decides on the game's state
// itself (tw_play_out, while nothing is hidden from its seat) validates the order it gives;
// applying it validated it again (some 8% of a Hook's Farm battle). While tw_play_out holds the
// window open, the rules note each order they accept on the general's view, a copy of the
// game's state that shares all its arrays; the game skips validating an order that is byte for
// byte the last one noted, on the state the view copies, in the same window. Nothing writes the
// state while the window is open (the general reads a const view; the window closes as the
// order is applied), and validation reads the state and the order only, so the skipped check
// would have accepted. The checking build (TW_CHECKING) validates anyway and asserts that.
#ifndef TW_VMEMO_H
#define TW_VMEMO_H
#include <stdbool.h>

#include "tinwar/order.h"
#include "tinwar/state.h"

/// Opens this thread's window: orders accepted on `view` (whose arrays are game's) count for
/// `game`; the order noted is kept in `buf` (the caller's, until the window closes). Forgets any
/// order noted before.
void tw_vmemo_open(const tw_state *view, const tw_state *game, tw_order *buf);
/// Closes the window and forgets the order noted.
void tw_vmemo_close(void);
/// The rules call it when they accept o on s: noted when the window is open for view s.
void tw_vmemo_note(const tw_state *s, const tw_order *o);
/// The rules call it when they accept o on s as grown by its last man from an accepted order (a
/// rule set's check of the newcomer alone, whose verdict is full validation's only when the order
/// without its last man is legal): noted only when the order noted in the window is exactly o
/// without its last man, so that order was accepted by the rules on this view.
void tw_vmemo_note_grown(const tw_state *s, const tw_order *o);
/// Whether o on s is the order noted in the open window for game state s (it was accepted).
/// A hit forgets the order: the next change of s may follow.
bool tw_vmemo_hit(const tw_state *s, const tw_order *o);
/// Tests: off makes tw_vmemo_hit always false.
extern bool tw_vmemo_off;
/// Tests: true makes tw_vmemo_note_grown note nothing (as before it existed).
extern bool tw_vmemo_grown_off;
/// Tests: this thread's hits so far.
long tw_vmemo_hits(void);

#endif

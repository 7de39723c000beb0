// Lloyd's campaign battle 4 played 2v2 (CA.D1), for the seat tests (h6-seats): made as
// tests/test_ll_camp.c's battle4 does (battles 1-3 drawn: baron and sheriff against thane and
// reeve), then on the table (location 2) in turn 1's move phase, the baron's side to move.
#ifndef TW_TEST_LL_BATTLE4_H
#define TW_TEST_LL_BATTLE4_H
#include "tinwar/state.h"

#include <jansson.h>

/// Battle 4 set up as it starts (before TF.D2's allocation), and the campaign's carry-over
/// (*carry_out, the caller's: json_decref). Battles 1-3 drawn: earl 2 VP to the outlaw's 2, baron 1
/// to thane 1, sheriff 0 to reeve 0; baron and sheriff against thane and reeve.
tw_state *llt_battle4(json_t **carry_out);
/// The state (heap; tw_state_free then free). Run from the source directory (the scenario's path).
tw_state *llt_battle4_on_table(void);
#endif

// Nikolas Lloyd's skirmish suite: what the source says about its own scale, as constants for
// doctrines (tw.ll.NAME; ll-fin): NQ.GEN.3's turn of about 12 seconds, FP.1's sizes (the NQ
// system too slow above about 30 figures a side, the fast-play system for 50-80 a side).
#include "ll.h"

const tw_fact ll_constants[4] = {
    {"turn_seconds", TW_FACT_INT, 12}, // NQ.GEN.3: one turn represents about 12 seconds
    {"nq_max_side", TW_FACT_INT, 30},  // FP.1: NQ too slow above about 30 figures a side
    {"fp_min_side", TW_FACT_INT, 50},  // FP.1: the fast-play system for 50-80 figures a side
    {"fp_max_side", TW_FACT_INT, 80},
};

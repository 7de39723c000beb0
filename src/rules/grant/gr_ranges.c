// The War Game keeps its data in its records (gr_records.c), whose field tables give every
// value's range. What is left here: its one phase, and no use of the generic integers (every
// slot must be 0).
#include "gr.h"

const tw_ruleset_ranges gr_ranges = {.phase_max = 0};

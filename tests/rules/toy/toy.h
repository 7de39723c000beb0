// "toy": the core's test rule set (toy.c). Registered by the tests that use it, never by the
// product.
#ifndef TW_TOY_H
#define TW_TOY_H
#include "tinwar/tinwar.h"

extern const tw_ruleset tw_ruleset_toy;

#endif

/// Registration from above: the core lists no rule set and no shot model of its own (but the
/// fast shot model, which is part of it). A program registers what it links, once, at start.
#ifndef TINWAR_REGISTRY_H
#define TINWAR_REGISTRY_H
#include "tinwar/base.h"

struct tw_ruleset;
struct tw_shot_model;

/// Registers the rule sets (index = tw_state.ruleset; up to 32): the list is copied, so it may
/// be a temporary array; the rule sets themselves must outlive every game. Replaces any earlier
/// list. Call before threads start.
void tw_register_rulesets(const struct tw_ruleset *const *list, int n);
/// Adds a shot model (found by name with tw_shot_model_find). False if the table is full.
bool tw_register_shot_model(const struct tw_shot_model *m);
/// Registers every built-in rule set and shot model (Little Wars, Grant; fast, physics).
/// Defined by the full library (src/rules/registry.c), not by the core.
void tw_register_builtin(void);

#endif

/// H. G. Wells, Little Wars: what front-ends may ask of the rules (LW clauses), so that they
/// never work a rule out for themselves.
#ifndef TINWAR_LITTLEWARS_H
#define TINWAR_LITTLEWARS_H
#include "tinwar/state.h"

/// LW.MOB.4: the free men of `side` within 6 in of gun `gun` (the rules' one test of "within 6 in
/// of a gun": nearest point of the base to nearest point of the gun, exactly 6 in counts).
/// 0 for no such gun.
int tw_lw_gun_crew(const tw_state *s, int gun, int side);

#endif

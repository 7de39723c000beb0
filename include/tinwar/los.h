/// Line of sight over terrain heights.
#ifndef TINWAR_LOS_H
#define TINWAR_LOS_H
#include "tinwar/terrain.h"

/// True if an eye at (a, za) sees a point at (b, zb) (heights above the floor, inches).
/// Solid pieces (house, wall, tree, rock, hill layer) block where the sight line passes
/// below their top; woods block sight through more than `wood_depth` inches of wood.
bool tw_los(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb);
/// Id of the first terrain piece blocking the line, or -1.
int32_t tw_los_blocker(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb);

#endif

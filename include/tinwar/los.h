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
/// tw_los_blocker over the pieces idx[0..n) only, taken in that order. When idx lists in
/// ascending order at least every piece whose bounding box meets the segment's bounding box, the
/// answer is tw_los_blocker's, bit for bit (every other piece is skipped by its first test; a
/// terrain index gives such lists).
int32_t tw_los_blocker_among(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
			     int n);
/// Tests only (h7-hook): true makes the sight line test each piece by the plain loop (the kind,
/// then tw_terrain_box_apart and tw_terrain_segment_may_hit in full) rather than from the
/// question's box and normal worked out once: the same answers.
extern bool tw_los_plain;

#endif

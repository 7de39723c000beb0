// s31-move (issue 18): the axle lines' directions kept for the men of one order (lw_capture.c).
#ifndef TW_LW_CAPTURE_H
#define TW_LW_CAPTURE_H
#include "lw.h"

#define LW_AXLE_DIRS_MAX 64
/// Each gun's tw_dir_deg(bearing), worked out at its first use in an order (bit gi of `have`);
/// ok false (more guns than kept): worked out every time.
typedef struct lw_axle_dirs {
	uint64_t have;
	bool ok;
	tw_vec2 d[LW_AXLE_DIRS_MAX];
} lw_axle_dirs;
void lw_axle_dirs_init(lw_axle_dirs *dirs, const tw_state *s);
/// lw_note_axle_crossings with the directions kept in dirs (NULL: none kept). No gun may turn
/// or change while dirs is in use.
void lw_note_axle_crossings_dirs(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b, lw_axle_dirs *dirs);
#endif

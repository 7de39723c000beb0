// The Kriegspiel's move table on the table (KS.MOV.1-4, KS.FORM.3-5): what lw_move.c and lw_gun.c
// ask of a path in a Kriegspiel (LWG(s)->ks). The tables themselves are data (lw_ks_tables.c).
#ifndef TW_LW_KS_MOVE_H
#define TW_LW_KS_MOVE_H
#include "lw_big.h"

#define LW_KS_CONTOUR_STEP 0.25 ///< KS.MOV.3/4: a path is looked at every 1/4 in for contours
#define LW_KS_MAX_CROSS 64      ///< contour crossings kept per path (KS.MOV.4 needs 4)
#define LW_KS_STEEP_RUN 12.0    ///< KS.MOV.4: 4 contours within 12 in of travel
#define LW_KS_STEEP_COUNT 4     ///< KS.MOV.4

/// The contours a path crosses (KS.TER.1: each hill piece is one ½ ft block layer, one contour):
/// up and down, and where along the path (inches from its start) each was crossed.
typedef struct lw_ks_contours {
	int up, down;
	int n;                       ///< crossings kept in at (up to LW_KS_MAX_CROSS)
	double at[LW_KS_MAX_CROSS];  ///< ascending
} lw_ks_contours;
/// KS.MOV.3: the contours the path pts[0..n) crosses, sampled every LW_KS_CONTOUR_STEP in.
void lw_ks_path_contours(const tw_state *s, const tw_vec2 *pts, int n, lw_ks_contours *c);
/// KS.MOV.4: 4 or more contours crossed within some 12 in of the path.
bool lw_ks_steep(const lw_ks_contours *c);

/// What a Kriegspiel asks of a path (lw_ks_path): the allowance by arm and going, and the
/// inches the contours add.
typedef struct lw_ks_going {
	int arm;          ///< lw_ks_arm
	bool road;        ///< the whole path on a road or bridge (LW.BIG.7's test)
	bool column;      ///< KS.MOV.2: infantry or cavalry on the road in fours (half as much again)
	double allow;     ///< KS.MOV.1/2 (x LW.BIG.1's multiplier in force)
	double contour;   ///< KS.MOV.3: inches added
	int up, down;     ///< contours crossed
	double wet;       ///< KS.FORM.1/2: inches of the path through a river at a ford (0: none)
} lw_ks_going;
#define LW_KS_FORD_BANK 2.0 ///< KS.FORM.1/2 reading: the dry inches a crossing move may have in all
/// KS.FORM.1/2 for a computer general: walking from a towards b, the first point 0.5 in short of
/// ford water (`edge`) and the first dry point 0.5 in beyond it (`across`); false when a->b meets
/// no ford.
bool lw_ks_ford_steps(const tw_state *s, tw_vec2 a, tw_vec2 b, tw_vec2 *edge, tw_vec2 *across);
/// KS.MOV.1-4, KS.FORM.3-5 for the path of figure f (f NULL: a gun, the artillery's wheels):
/// fills `g`; refuses, naming the clause, wheels on steep ground off a road (KS.MOV.4) and
/// artillery, engineers and supply crossing a river at a ford (KS.FORM.3/4/5: a bridge takes them).
tw_status lw_ks_path(const tw_state *s, const tw_figure *f, const tw_vec2 *pts, int n, lw_ks_going *g,
		     tw_error *err);
/// s35 (issue 18): true = the ford tests look at every piece of the table for every point (as
/// before stop 35), for the tests that compare; false (the default) = at the rivers, fords and
/// bridges whose boxes meet the path's only (the same answers).
extern bool lw_ks_fords_plain;
/// KS.MOV.1: a figure's move across country in a Kriegspiel by his arm (lw_allowance_now's base
/// there); waggons keep the 12 in base that lw_waggon_pace halves off the road.
double lw_ks_allowance_base(const tw_state *s, const tw_figure *f);

#endif

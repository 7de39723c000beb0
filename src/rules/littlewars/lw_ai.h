// Little Wars computer generals: the internal contract between the planner (lw_general.c), its
// route field (lw_route.c), its per-decision lists (lw_ai_lists.c) and their tests
// (tests/test_fast_paths.c compares each fast query here against a plain one kept in
// tests/support/lw_oracles.c). Nothing here is for other files of the rule set.
#ifndef TW_LW_AI_H
#define TW_LW_AI_H
#include <stdbool.h>
#include <stdint.h>

#include "lw.h"

// ---- lw_route.c: where to go round houses, walls, rocks, trees and water ----

/// Cells of the route field at most: the table in cells of at least 2 in, 128 across, 96 deep.
#define LW_ROUTE_CELLS (128 * 96)

/// The route field: path distance (inches) round solid terrain and water to the nearest enemy
/// free man, on a grid of square cells over the table. Zeroed = not built.
typedef struct lw_route {
	int gx, gy;                   ///< grid cells across and deep (0 = not built)
	double cell;                  ///< cell size, inches
	uint8_t pass[LW_ROUTE_CELLS]; ///< 1 = a man can stand at this cell's centre
	float dist[LW_ROUTE_CELLS];   ///< path distance to the nearest enemy, inches (INFINITY: none)
	float pen[LW_ROUTE_CELLS];    ///< h9-route: 0 where pass, INFINITY where not (added to a candidate)
	// Row bookkeeping of the sweeps: when each row last changed, and when each was last
	// relaxed in each direction (ticks of one counter; see lw_route.c).
	uint32_t tick;
	uint32_t row_changed[256], row_done[2][256];
	uint8_t row_inf[256]; ///< s25-speed: 1 while every cell of the row is INFINITY (lw_route.c)
} lw_route;

/// A route field not built (gx 0) from tw_malloc, its cell arrays not zeroed (lw_route_build
/// writes them before it reads them); NULL without memory. Freed with tw_free.
lw_route *lw_route_new(void);
/// Makes the passability grid for s's table if rt has none (rt->gx == 0; the same grid for the
/// same table, from a per-thread memo), then sets every cell's distance to INFINITY, and to 0
/// under each free man not of `side` standing on the table: the sources of the field (and
/// row_inf: 1 for the rows, of the first 256, with none).
void lw_route_sources(const tw_state *s, lw_route *rt, int side);
/// Tests only: true makes the sweeps relax rows of INFINITY too (s25-speed's skip off), and take
/// both steps of every row relaxed, four cells at a time where AVX would take eight (h9-route's
/// skips and wide steps off).
extern bool lw_route_plain;
/// The route field for `side` (the distances from its enemies): lw_route_sources, then the
/// chamfer transform (1 cell straight, 1.41421356 diagonally, up to 40 forward and backward
/// passes, through passable cells only) by whole-row sweeps.
void lw_route_build(const tw_state *s, lw_route *rt, int side);
/// The field's distance at p (its cell, clamped to the grid), inches; 1e6 where no enemy is reachable.
double lw_route_dist(const lw_route *rt, tw_vec2 p);
/// The furthest point down the route field from c, within `len` inches and in a straight leg
/// that lw_check_leg allows.
tw_vec2 lw_route_step(const tw_state *s, const lw_route *rt, tw_vec2 c, double len);

// ---- lw_ai_lists.c: the state being decided on, listed once per decision ----

/// Side values the lists can hold: every value of tw_figure.side.
#define LW_AI_SIDES 256

/// A free man as the lists keep him.
typedef struct lw_ai_man {
	double x, y, r;
	double allow; ///< lw_move_allowance
	int32_t moved_in;
	int32_t fig; ///< his index in the state's figures
} lw_ai_man;

/// The lists file the free men by place (a grid of square cells over the box round them) when
/// at least this many men are free; with fewer, the questions below loop over the listed men
/// (Hook's Farm's 100-odd figures are quicker so).
#define LW_AI_GRID_MIN_MEN 256

/// The free men of a state side by side (in figure order within a side), the hill layers of
/// its table, and the ground under its guns and figures. Zeroed = empty; lw_ai_lists_free.
typedef struct lw_ai_lists {
	lw_ai_man *free_men;
	int cap_free;
	int nsides;                      ///< sides listed: 1 + the highest side of a free man (0: none)
	int free_start[LW_AI_SIDES + 1]; ///< side k's men are free_men[free_start[k] .. free_start[k+1])
	/// Ground heights in that state (tw_table_ground): each gun's axle, worked out with the
	/// lists; each figure's place, worked out when first asked (NaN until then).
	double *gun_ground, *fig_ground;
	int cap_gun_ground, cap_fig_ground;
	int32_t *hills; ///< the table's hill layers (indices, in order)
	int nhills, cap_hills;
	// The grid of free men (gw == 0: none; the questions loop over the lists). Cell (cx, cy)
	// covers x0 + cx * cell .. + cell across, likewise deep; a man is filed in the cell of his
	// centre. Side k's men in cell c are free_men indices
	// cell_items[cell_start[k * (ncell + 1) + c] .. cell_start[k * (ncell + 1) + c + 1]), ascending.
	bool force_grid;    ///< file the men whatever their number (tests)
	int gw, gh, ncell;
	double x0, y0, x1, y1, cell, inv_cell; ///< x1, y1: the far corner of the men's box
	double rmax, allow_max; ///< the largest radius and move allowance of a listed man
	int32_t *cell_start, *cell_items, *cell_of;
	int cap_cell_start, cap_cell_items, cap_cell_of;
	int32_t *found; ///< lw_ai_men_near's answer
	int cap_found;
	uint64_t *bits; ///< lw_ai_men_near's sort: a bit per figure, all clear between calls
	int cap_bits;   ///< words
	// h5-hook (issue 18): lw_ai_charge's count of an enemy man's fellows near him (theirs and
	// their supporters depend on his side's listed men and his place only), kept from list to
	// list while his side's listed men are byte for byte those of the last list (side_gen
	// counts the changes; an answer holds for the count it was worked out at).
	lw_ai_man *prev_men;   ///< the last list's men, side by side
	int cap_prev_men, prev_n[LW_AI_SIDES], prev_nsides; ///< prev_n[k] = 0 from prev_nsides on
	bool prev_have;
	uint32_t side_gen[LW_AI_SIDES];
	struct lw_ai_cmemo *cmemo; ///< by figure index
	int cap_cmemo;
	// s30-lists (issue 18): without a grid, lw_ai_count_near and lw_ai_charge look at the men of
	// the table's cells round the place asked about only (filing them as they go: hence l is not
	// const for them). The table is cut in sb_w x sb_h square cells of
	// 1 / sb_inv in (cell (cx, cy) from cx / sb_inv to (cx + 1) / sb_inv across, likewise deep;
	// a man beyond the table in the edge cell: cell_of in lw_ai_lists.c). Side k's men in cells
	// c0 .. c1 of one row are sb_men[st[c0] .. st[c1 + 1]) with st = sb_start + k * (sb_w * sb_h
	// + 1), in cells row by row (st[0] = where side k's listed men started when filed). A side's
	// men are filed the first time a question asks about them, and kept while its listed men are as
	// they were (side_gen) and where they were (free_start) and no other side's filing has
	// written over them.
	int sb_w, sb_h; ///< cells across and deep (0: none; the table not of a finite, positive size)
	double sb_inv;  ///< cells an inch
	uint32_t sb_gen[LW_AI_SIDES]; ///< side k is filed for side_gen[k] == sb_gen[k] ...
	bool sb_made[LW_AI_SIDES];    ///< ... when sb_made[k]
	double sb_amax[LW_AI_SIDES]; ///< side k's filed men's largest move allowance
	int32_t *sb_start;
	struct lw_ai_spot *sb_men; ///< x, y, radius, free_men index
	int32_t *sb_cell; ///< scratch of the filing: each listed man's cell
	int32_t *free_fig; ///< free_men[k].fig side by side (s30-lists: lw_ai_men_near copies them)
	int cap_free_fig;
	int cap_sb_start, cap_sb_men, cap_sb_cell;
	lw_ai_man *tmp_men; ///< s31: side 1's men while side 0's are listed (lw_ai_lists_make)
	int32_t *tmp_fig;
	int cap_tmp;
} lw_ai_lists;

/// Tests (h5-hook): true makes lw_ai_charge work every count out afresh.
extern bool lw_ai_charge_nomemo;
/// Tests only: true makes the general's LW.MEL.16 surrender plan gather every man's body before
/// counting the foes near him (s27-hook8: bodies facing under 6 foes are not gathered).
extern bool lw_ai_surrender_plain;

/// Lists s into l (replacing what l held); false without memory.
bool lw_ai_lists_make(const tw_state *s, lw_ai_lists *l);
/// Frees what l holds and empties it.
void lw_ai_lists_free(lw_ai_lists *l);
/// tw_table_ground(&s->table, p) over the listed hill layers only (the pieces it looks at, in
/// the same order): the same value. s is the state l was made from.
double lw_ai_ground(const tw_state *s, const lw_ai_lists *l, tw_vec2 p);
/// The ground under figure i of the state l was made from (lw_ai_ground at his place, remembered).
double lw_ai_fig_ground(const tw_state *s, lw_ai_lists *l, int i);
/// Free men of `side` whose base comes within r inches of p (tw_dist(man, p) - radius <= r), in
/// the state l was made from; 0 for a side that has none (or no such side). The plain loop over
/// the state is lw_oracle_count_near (tests/support).
int lw_ai_count_near(lw_ai_lists *l, int side, tw_vec2 p, double r);
/// Tests (h5-hook): true makes lw_ai_count_near without a grid measure every man's distance.
extern bool lw_ai_plain_counts;
/// Tests (s30-lists): true makes lw_ai_count_near and lw_ai_charge without a grid look at every
/// man of the side (lw_ai_count_near passing over those far along x or y) instead of the men of
/// the table's cells round the place.
extern bool lw_ai_plain_strips;
/// The free men of `side` (with `others`: of every side but `side`) whose centre may lie in the
/// box [lo, hi]: at least every one that does (every listed man of those sides when l has no
/// grid). Their figure indices go into l->found, ascending; the count.
int lw_ai_men_near(lw_ai_lists *l, int side, bool others, tw_vec2 lo, tw_vec2 hi);

/// The melee arithmetic of a charge (LW.MEL.1, 4-7), as the general estimates it.
typedef struct lw_charge_eval {
	int mine, theirs;
	double value; ///< enemy men lost minus our men lost (-1e9: not worked out)
} lw_charge_eval;
/// LW.MEL.5-7: `mine` against `theirs`, isolated when their supporters `sup` are fewer than half
/// of them; equal numbers all die, a smaller body loses all.
lw_charge_eval lw_charge_value(int mine, int theirs, int sup);
/// A charge by `nours` of `side` on enemy man e of the state l was made from: his side's free
/// men within LW_REACH + 1 in of him take part (their base's distance), those farther but within
/// their move support them (LW.MEL.1); ours not moved this move within LW_REACH of him join ours.
lw_charge_eval lw_ai_charge(lw_ai_lists *l, const tw_state *s, int side, const tw_figure *e, int nours);

/// The free man not of `side` nearest to p (the first in figure order among equals) and his
/// distance (tw_dist, bit for bit); INFINITY and *who = -1 when there is none. who may be NULL.
double lw_nearest_enemy(const tw_state *s, int side, tw_vec2 p, int *who);
/// lw_nearest_enemy in the state l was made from, through its grid: the same answer.
double lw_ai_nearest_enemy(const lw_ai_lists *l, int side, tw_vec2 p, int *who);

#endif

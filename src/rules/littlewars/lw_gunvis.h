// The general's visibility grid per gun (issue 18, Scale): which of the table's pieces can stand
// in a sight line from a gun to anywhere in a small cell of the table. Place scoring and target
// choice ask, for each enemy gun, whether it sees a place; the answer depends on the pieces near
// the line only, and those are the same for every place in a cell. Each gun's cells are listed
// lazily, for the gun where it stands and the table as it is; a cell with no piece near any line
// from the gun is seen from it, any other goes to tw_los over the cell's pieces (through the
// sight memo): the same answer as tw_los over every piece (tests/test_lw_perf_paths.c).
#ifndef LW_GUNVIS_H
#define LW_GUNVIS_H
#include "lw.h"

/// Cell size, inches.
#define LW_GUNVIS_CELL 4.0
/// The general uses the grid on tables of at least this many pieces (measured: on Hook's Farm's 27
/// pieces listing the cells costs more than it saves, 1.2% more instructions; 1200 men a side, some
/// 3% less CPU time).
#define LW_GUNVIS_MIN_PIECES 100
/// Cells whose centre lies farther than this (in x or y) from the gun go to the plain question.
#define LW_GUNVIS_REACH 420.0

typedef struct lw_gunvis_gun {
	bool set;            ///< the gun's grid is for the axle below
	tw_vec2 axle;        ///< compared bit for bit
	int x0, y0, nx, ny;  ///< the window of cells round the gun, in table cells
	int32_t *cell;       ///< nx * ny: -1 not yet listed, else the list's start in the pool
	int cap;             ///< of cell
	int32_t *pre;        ///< the blocking pieces near the gun at all, ascending
	int npre, cappre;
} lw_gunvis_gun;

typedef struct lw_gunvis {
	lw_gunvis_gun *gun;  ///< by gun index
	int ngun;
	int32_t *pool;       ///< lists: a count, then that many piece indices ascending
	int npool, cappool;
	uint64_t cells, empty, asked; ///< statistics: cells listed, of them empty; questions asked
} lw_gunvis;

/// Forgets every gun's cells (the table changed, or a new state): call when lw_sight_begin
/// reports a different table.
void lw_gunvis_clear(lw_gunvis *v);
void lw_gunvis_free(lw_gunvis *v);
/// tw_los(tb, a, za, b, zb) for a sight line from gun gi standing with its axle at a: the same
/// answer, from the gun's cell lists and the sight memo m (begun for tb). Without memory, or for
/// a place outside the gun's window, the plain question through the memo.
bool lw_gunvis_sight(lw_gunvis *v, lw_sight_memo *m, const tw_table *tb, int gi, tw_vec2 a, double za, tw_vec2 b,
		     double zb);
/// Tests: the pieces listed for the cell of b seen from a (gun gi), or -1 when b is not served.
int lw_gunvis_cell_list(lw_gunvis *v, const tw_table *tb, int gi, tw_vec2 a, tw_vec2 b, const int32_t **list);
/// Tests only (lw_general.c): true makes the computer general ask its questions the plain way (no
/// gun grid, no place bound, the nearest enemy of every member of a group): the same orders.
extern bool lw_general_plain;
#endif

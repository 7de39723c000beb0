// The figures by place while the general decides (issue 18, Scale): every figure that takes up
// room, filed by cell at his place in the state the general is deciding on, so that the move
// checks it asks for (lw_validate_move, lw_validate_move_extend) look at the men near an order
// instead of at every figure. Built on second use in a decision, for that state only; the same
// verdicts and messages as the plain loops (tests/test_lw_perf_paths.c).
#ifndef LW_FGRID_H
#define LW_FGRID_H
#include "lw.h"
#include "lw_pgrid.h"
#include "tinwar/state.h"

typedef struct lw_fgrid {
	const tw_state *s;     ///< the state it was built for (while active), else NULL
	const tw_figure *fig;  ///< its figure array, count and move: checked on every use
	int nfig;
	int32_t move_no;
	bool built;
	int asks;              ///< lw_fgrid_for calls before it was built (built at the second)
	double rmax;           ///< the largest radius among the men filed by cell
	lw_pgrid g;            ///< over who[]: the men that take up room, in figure order
	int *who;              ///< filed point k is figure who[k]
	tw_vec2 *pos;
	uint8_t *mark;
	int cap;               ///< of who, pos, mark, slot, flag
	int *slot;             ///< nfig entries, all -1 between uses (lw_move.c's slot by figure id)
	uint8_t *flag;         ///< nfig entries, all 0 between uses
	int *found;            ///< a query's figures
	int capfound;
} lw_fgrid;

/// The general files the men by place on tables of this many figures or more.
#define LW_FGRID_MIN 256

/// Whether a figure takes up room on the table (the gap checks skip the others).
static inline bool lw_fig_on_table(const tw_figure *g)
{
	return !(g->status == TW_FS_DEAD || g->status == LW_FS_WITHDRAWN || g->status == LW_FS_DELIVERED ||
		 g->status == TW_FS_UNPLACED || g->status == TW_FS_RESERVE);
}
/// Makes fg the grid for state s on this thread (NULL, or s NULL: none). The grid is built
/// on the first lw_fgrid_for(s); s must not change while it is active.
void lw_fgrid_activate(lw_fgrid *fg, const tw_state *s);
/// The active grid if it is for s (the same state, figures, count and move), built at the second
/// call in a decision; NULL at the first, otherwise, or without memory (the plain loops then).
lw_fgrid *lw_fgrid_for(const tw_state *s);
void lw_fgrid_free(lw_fgrid *fg);
/// Puts into fg->found every man filed in a cell that meets the box lo..hi, and every man filed
/// in none (in no particular order); the count.
int lw_fgrid_query(lw_fgrid *fg, tw_vec2 lo, tw_vec2 hi);

#endif

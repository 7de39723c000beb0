// The figures by place while the general decides (lw_fgrid.h).
#include <math.h>
#include <string.h>

#include "lw.h"
#include "lw_fgrid.h"

static _Thread_local lw_fgrid *active;

void lw_fgrid_activate(lw_fgrid *fg, const tw_state *s)
{
	if (fg) {
		fg->s = s;
		fg->built = false;
		fg->asks = 0;
	}
	active = fg && s ? fg : NULL;
}

void lw_fgrid_free(lw_fgrid *fg)
{
	if (active == fg)
		active = NULL;
	lw_pgrid_free(&fg->g);
	tw_free(fg->who);
	tw_free(fg->pos);
	tw_free(fg->mark);
	tw_free(fg->slot);
	tw_free(fg->flag);
	tw_free(fg->found);
	memset(fg, 0, sizeof *fg);
}

static bool grow(lw_fgrid *fg, int n)
{
	if (n <= fg->cap)
		return true;
	int cap = n + n / 4 + 16;
	int *who = tw_realloc(fg->who, (size_t)cap * sizeof *who);
	if (who)
		fg->who = who;
	tw_vec2 *pos = tw_realloc(fg->pos, (size_t)cap * sizeof *pos);
	if (pos)
		fg->pos = pos;
	uint8_t *mark = tw_realloc(fg->mark, (size_t)cap);
	if (mark)
		fg->mark = mark;
	int *slot = tw_realloc(fg->slot, (size_t)cap * sizeof *slot);
	if (slot)
		fg->slot = slot;
	uint8_t *flag = tw_realloc(fg->flag, (size_t)cap);
	if (flag)
		fg->flag = flag;
	if (!who || !pos || !mark || !slot || !flag)
		return false;
	for (int k = fg->cap; k < cap; k++) {
		fg->slot[k] = -1;
		fg->flag[k] = 0;
	}
	fg->cap = cap;
	return true;
}

static bool build(lw_fgrid *fg, const tw_state *s)
{
	lw_pgrid_free(&fg->g);
	fg->built = false;
	if (!grow(fg, s->nfig))
		return false;
	int n = 0;
	double rmax = 0, rsum = 0;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *g = &s->fig[j];
		if (!lw_fig_on_table(g))
			continue;
		double r = g->radius;
		fg->who[n] = j;
		fg->pos[n] = g->pos;
		fg->mark[n] = !(r >= 0 && r < 1e6); // NaN, infinite or huge: checked against everyone
		if (!fg->mark[n]) {
			rmax = r > rmax ? r : rmax;
			rsum += r;
		}
		n++;
	}
	// Cells of about four men's breadth (the gaps asked for are a few radii).
	double cs = n > 0 ? 8.0 * rsum / n + 4.0 * LW_CLEAR : 1.0;
	if (!lw_pgrid_build(&fg->g, fg->pos, n, cs > 0.25 ? cs : 0.25, fg->mark))
		return false;
	fg->rmax = rmax;
	fg->fig = s->fig;
	fg->nfig = s->nfig;
	fg->move_no = s->move_no;
	fg->built = true;
	return true;
}

lw_fgrid *lw_fgrid_for(const tw_state *s)
{
	lw_fgrid *fg = active;
	if (!fg || fg->s != s)
		return NULL;
	if (fg->built && fg->fig == s->fig && fg->nfig == s->nfig && fg->move_no == s->move_no)
		return fg;
	if (fg->built) // the same state with other figures: it was changed; no grid any more
		return NULL;
	// A decision that checks one order (a block move that is legal at once) is quicker with the
	// plain pass than with filing every man first: the grid from the second check on.
	if (++fg->asks < 2)
		return NULL;
	return build(fg, s) ? fg : NULL;
}

int lw_fgrid_query(lw_fgrid *fg, tw_vec2 lo, tw_vec2 hi)
{
	const lw_pgrid *g = &fg->g;
	int n = 0;
	int cx0 = 0, cx1 = -1, cy0 = 0, cy1 = -1;
	if (!lw_pgrid_box(g, lo, hi, &cx0, &cx1, &cy0, &cy1)) // none (NaN too): the spill list only
		cx0 = 0, cx1 = -1, cy0 = 0, cy1 = -1;
	int need = g->nspill;
	for (int cy = cy0; cy <= cy1; cy++)
		need += g->start[cy * g->nx + cx1 + 1] - g->start[cy * g->nx + cx0];
	if (need > fg->capfound) {
		int cap = need + need / 2 + 16;
		int *f = tw_realloc(fg->found, (size_t)cap * sizeof *f);
		if (!f)
			return -1;
		fg->found = f;
		fg->capfound = cap;
	}
	for (int cy = cy0; cy <= cy1; cy++)
		for (int q = g->start[cy * g->nx + cx0]; q < g->start[cy * g->nx + cx1 + 1]; q++)
			fg->found[n++] = fg->who[g->idx[q]];
	for (int q = 0; q < g->nspill; q++)
		fg->found[n++] = fg->who[g->spill[q]];
	return n;
}

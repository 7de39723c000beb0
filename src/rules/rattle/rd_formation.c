// A Rattle of Dice: the geometry of a formation a unit changes into (RD.ORG.8, RD.ORG.9, RD.ORG.7,
// RD.CON.8). Files and ranks are read off the figures' places in the unit's (new) facing: a rank is
// the figures at one depth, a file one lateral place. Neighbouring bases touch in line and column
// (RD.ORG.7: centres one base width w apart, within a tenth of w); in skirmish order the gap
// between neighbours is one base width, ½w to 1½w accepted. Infantry (line, light, dismounted
// cavalry, pioneers): skirmish one rank; column 2 or 3 files and ceil(n / files) ranks, at least
// 3; two-deep line exactly two ranks, any odd figure in the rear rank. Mounted cavalry: a line of
// 1 or 2 ranks, or a column 2-3 files wide and 2 or more ranks deep. Artillery, machine guns,
// rockets, wagons, boats and engines have no geometry to check.
#include <math.h>
#include <stdlib.h>

#include "rd.h"

#define MAX_RANKS 64

typedef struct {
	double x, y; ///< lateral (to the right) and depth (forward) from the first figure
} place;

static int by_y_then_x(const void *a, const void *b)
{
	const place *p = a, *q = b;
	if (p->y != q->y)
		return p->y > q->y ? -1 : 1; // front rank first
	return (p->x > q->x) - (p->x < q->x);
}

static int by_x(const void *a, const void *b)
{
	const place *p = a, *q = b;
	return (p->x > q->x) - (p->x < q->x);
}

static bool infantry(int type)
{
	return type == TW_RD_LINE || type == TW_RD_LIGHT || type == TW_RD_DISMOUNTED || type == TW_RD_PIONEERS;
}

tw_status rd_formation_check(const tw_state *s, const tw_order *o, int u, tw_error *err)
{
	int type = RDU(s, u)->type, f = o->n, n = o->nfig;
	bool cav = type == TW_RD_CAVALRY;
	if ((!infantry(type) && !cav) || n < 2)
		return TW_OK;
	double w = s->params[RDP_BASE], tol = 0.1 * w;
	double facing = o->has_aim ? o->bearing : s->unit[u].facing;
	tw_vec2 fwd = tw_dir_deg(facing), right = tw_dir_deg(facing + 90);
	place *p = malloc((size_t)n * sizeof *p);
	if (!p)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_vec2 o0 = o->has_at ? o->at[0] : s->fig[o->fig[0]].pos;
	for (int i = 0; i < n; i++) {
		tw_vec2 at = o->has_at ? o->at[i] : s->fig[o->fig[i]].pos, d = tw_sub(at, o0);
		p[i].x = tw_dot(d, right);
		p[i].y = tw_dot(d, fwd);
	}
	qsort(p, (size_t)n, sizeof *p, by_y_then_x);
	// Ranks: runs of figures at one depth (within tol); each rank's figures left to right.
	int start[MAX_RANKS + 1], nranks = 0;
	tw_status st = TW_OK;
	for (int i = 0; i < n && st == TW_OK; i++) {
		if (i == 0 || fabs(p[i].y - p[start[nranks - 1]].y) > tol) {
			if (nranks == MAX_RANKS)
				st = tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.8", "more than %d ranks", MAX_RANKS);
			else
				start[nranks++] = i;
		}
	}
	if (st != TW_OK) {
		free(p);
		return st;
	}
	start[nranks] = n;
	// Within a rank, left to right: depths a rounding error apart (a facing off the axes) must
	// not order the figures of one rank (the sort above compares depths exactly).
	for (int r = 0; r < nranks; r++)
		qsort(p + start[r], (size_t)(start[r + 1] - start[r]), sizeof *p, by_x);
	const char *clause = cav ? "RD.ORG.9" : "RD.ORG.8";
	const char *name = rd_formation_names[f];
	int front = start[1] - start[0];
	// Spacing: neighbours in a rank, and ranks one behind another.
	double want = f == TW_RD_F_SKIRMISH ? 2 * w : w, slack = f == TW_RD_F_SKIRMISH ? 0.5 * w : tol;
	for (int r = 0; r < nranks && st == TW_OK; r++) {
		for (int i = start[r] + 1; i < start[r + 1]; i++)
			if (fabs(p[i].x - p[i - 1].x - want) > slack + RD_EPS)
				st = tw_error_set(err, TW_ERR_ILLEGAL, f == TW_RD_F_SKIRMISH ? clause : "RD.ORG.7",
						  "%s: neighbours in a rank %.3g in apart, centre to centre: %g in wanted (w = %g)", name,
						  p[i].x - p[i - 1].x, want, w);
		if (r > 0 && st == TW_OK && fabs(p[start[r - 1]].y - p[start[r]].y - w) > tol + RD_EPS)
			st = tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7", "%s: ranks %.3g in apart: bases touch (%g in)", name,
					  p[start[r - 1]].y - p[start[r]].y, w);
		if (r > 0 && st == TW_OK && f != TW_RD_F_LINE && start[r + 1] - start[r] > front)
			st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "%s: a rear rank wider than the front", name);
	}
	if (st == TW_OK) {
		int files = front, deep = (n + files - 1) / files;
		switch (f) {
		case TW_RD_F_SKIRMISH:
			if (cav)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "mounted cavalry take no skirmish order");
			else if (nranks != 1)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "skirmish order is one rank, not %d", nranks);
			break;
		case TW_RD_F_COLUMN:
			if (files < 2 || files > 3)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "a column is 2 or 3 files wide, not %d", files);
			else if (nranks != deep || nranks < (cav ? 2 : 3))
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause,
						  "a column of %d figures %d wide is %d ranks deep (at least %d), not %d", n, files,
						  deep, cav ? 2 : 3, nranks);
			break;
		case TW_RD_F_LINE:
			if (cav ? nranks > 2 : nranks != 2)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "%s: %d ranks", cav ? "a cavalry line is 1 or 2 ranks" :
						  "a two-deep line is exactly two ranks", nranks);
			else if (cav && nranks == 2 && start[2] - start[1] > front)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause, "a cavalry line's rear rank is no wider than its front");
			else if (!cav && front != n / 2)
				st = tw_error_set(err, TW_ERR_ILLEGAL, clause,
						  "a two-deep line of %d has %d in front (any odd figure in the rear rank), not %d", n,
						  n / 2, front);
			break;
		default: break;
		}
	}
	free(p);
	return st;
}

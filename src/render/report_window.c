// The part of a large table a report's move picture shows (issue 18): where the move's action was.
// A Kriegspiel or a large Country is 240 x 360 in; drawn whole at the report's scale every move's
// picture was some 1000 x 1500 pixels, and a 77-move game's report 36 MB. The men who moved,
// fell or were taken, the guns that moved or fired and the pieces (boxes, trains, boats) that
// moved, as the report's seat sees them, with a margin, make the window; a move whose action
// spreads over most of the table is drawn whole.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"

// Tables up to this area (square inches) are always drawn whole (Hook's Farm is 13,824).
#define WIN_MIN_TABLE 40000.0
#define WIN_MARGIN 12.0              // inches round the action
#define WIN_MIN_W 96.0               // the least part shown, inches across
#define WIN_MIN_D 72.0               // and deep
#define WIN_MOST_SHARE 0.6           // a part larger than this share of the table: the whole table

typedef struct box2 {
	tw_vec2 lo, hi;
	bool any;
} box2;

static void take(box2 *b, tw_vec2 p, const tw_table *t)
{
	if (!(p.x >= 0 && p.y >= 0 && p.x <= t->width && p.y <= t->depth))
		return; // off the table (put down later, boxed, gone) or not a number
	if (!b->any) {
		b->lo = b->hi = p;
		b->any = true;
		return;
	}
	b->lo = tw_v2(fmin(b->lo.x, p.x), fmin(b->lo.y, p.y));
	b->hi = tw_v2(fmax(b->hi.x, p.x), fmax(b->hi.y, p.y));
}

// Grows [lo, hi] to at least `want` about its middle, kept on [0, size].
static void widen(double *lo, double *hi, double want, double size)
{
	if (*hi - *lo >= want)
		return;
	double mid = 0.5 * (*lo + *hi);
	*lo = mid - want / 2;
	*hi = mid + want / 2;
	if (*lo < 0) {
		*hi -= *lo;
		*lo = 0;
	}
	if (*hi > size) {
		*lo -= *hi - size;
		*hi = size;
	}
	if (*lo < 0)
		*lo = 0;
}

static bool same_piece(const tw_piece *a, const tw_piece *b)
{
	return a->kind == b->kind && a->side == b->side && a->index == b->index;
}

static void take_pieces(box2 *bx, const tw_state *before, const tw_state *after, int seat)
{
	tw_piece *pa = malloc(sizeof *pa * TW_MAX_PIECES), *pb = malloc(sizeof *pb * TW_MAX_PIECES);
	if (pa && pb) {
		int na = tw_state_pieces(before, seat < 0 ? TW_SEAT_UMPIRE : seat, pa, TW_MAX_PIECES);
		int nb = tw_state_pieces(after, seat < 0 ? TW_SEAT_UMPIRE : seat, pb, TW_MAX_PIECES);
		for (int j = 0; j < nb; j++) {
			int i = 0;
			while (i < na && !same_piece(&pa[i], &pb[j]))
				i++;
			if (i < na && pa[i].pos.x == pb[j].pos.x && pa[i].pos.y == pb[j].pos.y)
				continue; // stood still
			take(bx, pb[j].pos, &after->table);
			if (i < na)
				take(bx, pa[i].pos, &after->table);
		}
		for (int i = 0; i < na; i++) { // gone in this move (a box opened): where it stood
			int j = 0;
			while (j < nb && !same_piece(&pa[i], &pb[j]))
				j++;
			if (j == nb)
				take(bx, pa[i].pos, &after->table);
		}
	}
	free(pa);
	free(pb);
}

bool tw_battle_window(const tw_battle *b, int k, int seat, tw_vec2 *lo, tw_vec2 *hi)
{
	if (k < 0 || k >= b->nmoves)
		return false;
	const tw_state *after = &b->moves[k].after, *before = &b->moves[k].before;
	const tw_table *t = &after->table;
	if (!(t->width * t->depth > WIN_MIN_TABLE) || before->nfig != after->nfig || before->ngun != after->ngun)
		return false;
	// What the seat saw: a side's report does not let the window tell where hidden men went.
	tw_state va, vb;
	bool views = seat >= 0 && seat < after->nsides;
	if (views) {
		if (tw_state_view(&va, after, seat) != TW_OK)
			return false;
		if (tw_state_view(&vb, before, seat) != TW_OK) {
			tw_state_free(&va);
			return false;
		}
		after = &va;
		before = &vb;
	}
	box2 bx = {{0, 0}, {0, 0}, false};
	for (int i = 0; i < after->nfig; i++) {
		const tw_figure *fa = &after->fig[i], *fb = &before->fig[i];
		if (fa->pos.x == fb->pos.x && fa->pos.y == fb->pos.y && fa->status == fb->status)
			continue;
		take(&bx, fa->pos, t);
		take(&bx, fb->pos, t);
	}
	int move_no = b->moves[k].move_no;
	for (int i = 0; i < after->ngun; i++) {
		const tw_gun *ga = &after->gun[i], *gb = &before->gun[i];
		if (ga->axle.x == gb->axle.x && ga->axle.y == gb->axle.y && ga->side == gb->side && ga->acted_in != move_no)
			continue;
		take(&bx, ga->axle, t);
		take(&bx, gb->axle, t);
	}
	take_pieces(&bx, before, after, seat);
	if (views) {
		tw_state_free(&va);
		tw_state_free(&vb);
	}
	if (!bx.any)
		return false; // nothing moved that the seat saw: the whole table
	double x0 = bx.lo.x - WIN_MARGIN, x1 = bx.hi.x + WIN_MARGIN;
	double y0 = bx.lo.y - WIN_MARGIN, y1 = bx.hi.y + WIN_MARGIN;
	x0 = fmax(x0, 0), y0 = fmax(y0, 0), x1 = fmin(x1, t->width), y1 = fmin(y1, t->depth);
	widen(&x0, &x1, fmin(WIN_MIN_W, t->width), t->width);
	widen(&y0, &y1, fmin(WIN_MIN_D, t->depth), t->depth);
	if ((x1 - x0) * (y1 - y0) > WIN_MOST_SHARE * t->width * t->depth)
		return false;
	*lo = tw_v2(x0, y0);
	*hi = tw_v2(x1, y1);
	return true;
}

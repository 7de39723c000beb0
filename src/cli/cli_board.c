// A readable board in the terminal: terrain letters, men and guns by side. Drawn as the pictures
// are (`tinwar render`): y grows up the page, so side 0's back line (y = 0: Red's) is at the
// bottom. Columns and rows are whole steps of inches (a row is two columns, as a terminal's
// characters are about twice as tall as wide), numbered on both axes.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_COLS 96
#define MAX_ROWS 60

static char terrain_char(int kind)
{
	static const char c[TW_TER_KIND_COUNT] = {'^', 'H', '#', 'T', 'w', '*', '~', '=', '=', '.', '%', '+', '_'};
	return (unsigned)kind < TW_TER_KIND_COUNT ? c[kind] : '?';
}

/// The inches a column covers: the smallest of the round steps that fits the table in
/// MAX_COLS columns and MAX_ROWS rows of twice the step.
static double column_step(double width, double depth)
{
	static const double steps[] = {0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100};
	for (size_t k = 0; k < TW_ARRAY_COUNT(steps); k++)
		if (ceil(width / steps[k] - 1e-9) <= MAX_COLS && ceil(depth / (2 * steps[k]) - 1e-9) <= MAX_ROWS)
			return steps[k];
	return fmax(width / MAX_COLS, depth / (2 * MAX_ROWS));
}

// The x axis: '|' every `every` inches, and their numbers under (or over) them.
static void x_axis(FILE *out, int cols, double sx, double every, bool numbers_first)
{
	char ticks[MAX_COLS + 1], nums[MAX_COLS + 16];
	memset(nums, ' ', sizeof nums);
	int last = cols + 8;
	for (int c = 0; c < cols; c++) {
		double x0 = c * sx;
		bool tick = fmod(x0 + 1e-9, every) < sx - 1e-9 || c == 0;
		ticks[c] = tick ? '|' : '-';
		if (tick) {
			char num[16];
			int n = snprintf(num, sizeof num, "%.0f", c == 0 ? 0.0 : floor((x0 + 1e-9) / every + 1e-9) * every);
			if (c + n < last)
				memcpy(nums + c, num, (size_t)n);
		}
	}
	ticks[cols] = 0;
	nums[cols + 6] = 0;
	while (cols + 6 > 0 && nums[strlen(nums) - 1] == ' ')
		nums[strlen(nums) - 1] = 0;
	if (numbers_first)
		fprintf(out, "      %s\n", nums);
	fprintf(out, "     +%s+\n", ticks);
	if (!numbers_first)
		fprintf(out, "      %s\n", nums);
}

// ll-fin: each side its own letter (lower case infantry, upper case cavalry). Sides 0 and 1 keep
// r and b; sides 2-7 (Lloyd's six players) take letters that no terrain, prisoner or gun uses.
_Static_assert(TW_MAX_SIDES <= 8, "a letter for every side");
static const char SIDE_LETTER[8] = {'r', 'b', 'g', 'y', 'o', 'v', 'k', 'n'};

static char side_letter(int side, bool cavalry)
{
	char c = side >= 0 && side < (int)sizeof SIDE_LETTER && SIDE_LETTER[side] ? SIDE_LETTER[side] : '?';
	return cavalry && c != '?' ? (char)(c - 'a' + 'A') : c;
}

void cli_board(const tw_state *s, int seat, FILE *out) { cli_board_role(s, seat, -1, out); }

void cli_board_role(const tw_state *s, int seat, int role, FILE *out)
{
	tw_state view;
	bool own = false;
	if (seat >= 0 && cli_role_view(&view, s, seat, role, NULL) == TW_OK) {
		s = &view;
		own = true;
	}
	double sx = column_step(s->table.width, s->table.depth), sy = 2 * sx;
	int cols = (int)fmin(MAX_COLS, ceil(s->table.width / sx - 1e-9));
	int rows = (int)fmin(MAX_ROWS, ceil(s->table.depth / sy - 1e-9));
	if (cols < 1)
		cols = 1;
	if (rows < 1)
		rows = 1;
	char grid[MAX_ROWS][MAX_COLS + 1];
	// Row r from the top covers y from (rows - 1 - r) * sy up; column c covers x from c * sx.
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			tw_vec2 p = tw_v2((c + 0.5) * sx, (rows - 1 - r + 0.5) * sy);
			char ch = ' ';
			int prio = -1;
			for (int i = 0; i < s->table.nterrain; i++) {
				const tw_terrain *t = &s->table.terrain[i];
				int pr = t->kind == TW_TER_HILL ? (int)(t->z0 + t->height) : 10 + t->kind;
				if (pr > prio && tw_terrain_contains(t, p)) {
					prio = pr;
					ch = terrain_char(t->kind);
					if (t->kind == TW_TER_HILL)
						ch = (char)('0' + (int)fmin(9, t->z0 + t->height));
				}
			}
			grid[r][c] = ch;
		}
		grid[r][cols] = 0;
	}
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!tw_figure_on_table(s, f))
			continue;
		tw_look look;
		tw_figure_look(s, f, &look);
		int c = (int)floor(f->pos.x / sx), r = rows - 1 - (int)floor(f->pos.y / sy);
		if (c < 0 || c >= cols || r < 0 || r >= rows)
			continue;
		char ch = side_letter(f->side, f->kind == TW_FK_CAVALRY); // ll-fin: sides 2-7 their own

		if (look.look == TW_LOOK_HELD)
			ch = 'p';
		if (look.look == TW_LOOK_DISARMED)
			ch = 'f';
		grid[r][c] = ch;
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		int c = (int)floor(g->axle.x / sx), r = rows - 1 - (int)floor(g->axle.y / sy);
		if (c < 0 || c >= cols || r < 0 || r >= rows)
			continue;
		grid[r][c] = (char)('0' + i % 10);
		if (c + 1 < cols)
			grid[r][c + 1] = g->side == 0 ? '<' : '>';
	}
	double every = sx * ceil(12.0 / sx - 1e-9); // a tick about every foot, on a column's edge
	if ((12.0 / sx) < 6)
		every = sx * 8;
	// The side whose back line is at the top of the drawing, and at the bottom.
	int top = -1, bottom = -1;
	for (int k = 0; k < s->nsides && k < 2; k++) {
		if (s->sides[k].back_y >= s->table.depth / 2)
			top = top < 0 ? k : top;
		else
			bottom = bottom < 0 ? k : bottom;
	}
	if (top >= 0)
		fprintf(out, "      %s's back line (y=%g) at the top\n", s->sides[top].name, s->sides[top].back_y);
	x_axis(out, cols, sx, every, true);
	for (int r = 0; r < rows; r++)
		fprintf(out, "%4g |%s| %g\n", (rows - 1 - r) * sy, grid[r], (rows - 1 - r) * sy);
	x_axis(out, cols, sx, every, false);
	if (bottom >= 0)
		fprintf(out, "      %s's back line (y=%g) at the bottom\n", s->sides[bottom].name, s->sides[bottom].back_y);
	fprintf(out, "    y up the page as in the pictures; a column is %g in, a row %g in (numbered by its lower edge)\n",
		sx, sy);
	if (s->nsides <= 2) {
		fprintf(out, "    r/R red infantry/cavalry, b/B blue, p prisoner, f freed; digit+< red gun, digit+> blue gun\n");
	} else { // ll-fin: every side's letter by its name
		fprintf(out, "    men (infantry/cavalry):");
		for (int k = 0; k < s->nsides && k < TW_MAX_SIDES; k++)
			fprintf(out, "%s %c/%c %s", k ? "," : "", side_letter(k, false), side_letter(k, true), s->sides[k].name);
		fprintf(out, "; p prisoner, f freed; digit+< first side's gun, digit+> another's\n");
	}
	fprintf(out, "    H house  # wall  T tree  w wood  * rock  ~ river  = ford/bridge  . road  %% swamp  1-9 hill height\n");
	int alive[TW_MAX_SIDES] = {0}; // every side's (six in Lloyd's SP game; ll-reg)
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side < TW_MAX_SIDES && s->fig[i].status == TW_FS_ACTIVE)
			alive[s->fig[i].side]++;
	fprintf(out, "    free men:");
	for (int k = 0; k < s->nsides && k < TW_MAX_SIDES; k++)
		fprintf(out, "%s %s %d", k ? "," : "", s->sides[k].name, alive[k]);
	fprintf(out, "\n");
	if (own)
		tw_state_free(&view);
}

// A readable board in the terminal: terrain letters, men and guns by side.
#include <math.h>
#include <string.h>

#include "cli.h"

#define COLS 96
#define ROWS 36

static char terrain_char(int kind)
{
	static const char c[TW_TER_KIND_COUNT] = {'^', 'H', '#', 'T', 'w', '*', '~', '=', '=', '.', '%'};
	return (unsigned)kind < TW_TER_KIND_COUNT ? c[kind] : '?';
}

void cli_board(const tw_state *s, int seat, FILE *out)
{
	tw_state view;
	bool own = false;
	if (seat >= 0 && tw_state_view(&view, s, seat) == TW_OK) {
		s = &view;
		own = true;
	}
	char grid[ROWS][COLS + 1];
	double sx = s->table.width / COLS, sy = s->table.depth / ROWS;
	for (int r = 0; r < ROWS; r++) {
		for (int c = 0; c < COLS; c++) {
			tw_vec2 p = tw_v2((c + 0.5) * sx, (r + 0.5) * sy);
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
		grid[r][COLS] = 0;
	}
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!tw_figure_on_table(s, f))
			continue;
		tw_look look;
		tw_figure_look(s, f, &look);
		int c = (int)(f->pos.x / sx), r = (int)(f->pos.y / sy);
		if (c < 0 || c >= COLS || r < 0 || r >= ROWS)
			continue;
		char ch = f->side == 0 ? 'r' : 'b';
		if (f->kind == TW_FK_CAVALRY)
			ch = f->side == 0 ? 'R' : 'B';
		if (look.look == TW_LOOK_HELD)
			ch = 'p';
		if (look.look == TW_LOOK_DISARMED)
			ch = 'f';
		grid[r][c] = ch;
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		int c = (int)(g->axle.x / sx), r = (int)(g->axle.y / sy);
		if (c < 0 || c >= COLS || r < 0 || r >= ROWS)
			continue;
		grid[r][c] = (char)('0' + i % 10);
		if (c + 1 < COLS)
			grid[r][c + 1] = g->side == 0 ? '<' : '>';
	}
	fprintf(out, "   +");
	for (int c = 0; c < COLS; c++)
		fputc(c % 12 == 0 ? '|' : '-', out);
	fprintf(out, "+  %s's back line (y=%.0f)\n", s->sides[0].name, s->sides[0].back_y);
	for (int r = 0; r < ROWS; r++)
		fprintf(out, "%3.0f|%s|\n", r * sy, grid[r]);
	fprintf(out, "   +");
	for (int c = 0; c < COLS; c++)
		fputc(c % 12 == 0 ? '|' : '-', out);
	fprintf(out, "+  %s's back line (y=%.0f)\n", s->sides[1].name, s->sides[1].back_y);
	fprintf(out, "    x: one column = %.2f in, '|' every %.0f in; one row = %.2f in\n", sx, sx * 12, sy);
	fprintf(out, "    r/R red infantry/cavalry, b/B blue, p prisoner, f freed; digit+< red gun, digit+> blue gun\n");
	fprintf(out, "    H house  # wall  T tree  w wood  * rock  ~ river  = ford/bridge  . road  %% swamp  1-9 hill height\n");
	int alive[2] = {0, 0};
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side < 2 && s->fig[i].status == TW_FS_ACTIVE)
			alive[s->fig[i].side]++;
	fprintf(out, "    free men: %s %d, %s %d\n", s->sides[0].name, alive[0], s->sides[1].name, alive[1]);
	if (own)
		tw_state_free(&view);
}

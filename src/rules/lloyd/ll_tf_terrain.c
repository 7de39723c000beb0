// Nikolas Lloyd's three-fight system: the table's terrain from the map (TF.D1.5, ll-gaps). When
// TF.D2 has chosen the location fought on the table, its square and the eight around it are laid
// out as a 3 x 3 grid over the table (side A's home row, row 1, towards y = 0), and each map
// feature on one of those squares becomes pieces in its cell, added to the scenario's own pieces
// through tw_state_table_edit (so a refused or undone order takes them back). A piece that would
// stand on a man on the table is left out, with an event saying so.
#include "ll.h"

// A rectangle piece of `kind` from (x0, y0) to (x1, y1), `h` high.
static tw_terrain rect(int kind, double x0, double y0, double x1, double y1, double h, const char *name)
{
	tw_terrain t = {.kind = (uint8_t)kind, .shape = TW_SHAPE_POLY, .nverts = 4, .height = h,
			.v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
	snprintf(t.name, sizeof t.name, "%s", name);
	tw_terrain_finish(&t);
	return t;
}

static bool on_a_man(const tw_state *s, const tw_terrain *t)
{
	if (t->kind != TW_TER_HOUSE && t->kind != TW_TER_RIVER)
		return false; // only solid pieces and water keep men out
	for (int j = 0; j < s->nfig; j++)
		if (tw_figure_on_table(s, &s->fig[j]) &&
		    (tw_terrain_contains(t, s->fig[j].pos) || tw_terrain_distance(t, s->fig[j].pos) < s->fig[j].radius))
			return true;
	return false;
}

// The pieces of feature type `type` (TF.D1.3) in the cell (x0, y0)-(x1, y1); returns how many.
static int pieces(int type, double x0, double y0, double x1, double y1, tw_terrain out[2])
{
	double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, qx = (x1 - x0) / 4, qy = (y1 - y0) / 4;
	switch (type) {
	case 1: out[0] = rect(TW_TER_WOOD, cx - qx, cy - qy, cx + qx, cy + qy, 3, "TF.D1 wood"); return 1;
	case 2: out[0] = rect(TW_TER_HILL, cx - qx, cy - qy, cx + qx, cy + qy, 1, "TF.D1 hill"); return 1;
	case 3: out[0] = rect(TW_TER_HOUSE, cx - 2, cy - 1.5, cx + 2, cy + 1.5, 3, "TF.D1 farm"); return 1;
	case 4: out[0] = rect(TW_TER_SWAMP, cx - qx, cy - qy, cx + qx, cy + qy, 0, "TF.D1 marsh"); return 1;
	case 5: // a stream across the cell, with a ford at its middle
		out[0] = rect(TW_TER_RIVER, x0, cy - 1, x1, cy + 1, 0, "TF.D1 stream");
		out[1] = rect(TW_TER_FORD, cx - 1.5, cy - 1.5, cx + 1.5, cy + 1.5, 0, "TF.D1 ford");
		return 2;
	case 6: out[0] = rect(TW_TER_ROAD, cx - 1, y0, cx + 1, y1, 0, "TF.D1 road"); return 1; // from home edge to home edge
	default: return 0;
	}
}

tw_status ll_tf_lay_table(tw_state *s, tw_events *ev)
{
	const ll_game *g = LLG(s);
	int l = g->table_loc - 1;
	if (l < 0 || l > 2 || g->map_col[l] < 1)
		return TW_OK;
	double cw = s->table.width / 3, cd = s->table.depth / 3;
	int laid = 0;
	for (int i = 0; i < g->nfeat && i < LL_TF_MAX_FEAT; i++) {
		int dc = g->feat_col[i] - g->map_col[l], dr = g->feat_row[i] - g->map_row[l];
		if (dc < -1 || dc > 1 || dr < -1 || dr > 1)
			continue; // TF.D1.5: the location's square and its eight neighbours only
		double x0 = (dc + 1) * cw, y0 = (dr + 1) * cd;
		tw_terrain p[2];
		int n = pieces(g->feat_type[i], x0, y0, x0 + cw, y0 + cd, p);
		bool blocked = false;
		for (int k = 0; k < n; k++)
			blocked |= on_a_man(s, &p[k]);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, "TF.D1");
		if (e) {
			e->a = g->feat_type[i];
			e->b = g->feat_col[i];
			e->c = g->feat_row[i];
			e->d = !blocked;
			tw_event_text(e, "the %s at column %d, row %d %s", ll_tf_feature_names[g->feat_type[i]], g->feat_col[i],
				      g->feat_row[i], blocked ? "would stand on men on the table: left out" : "is laid on the table");
		}
		if (blocked || n == 0)
			continue;
		tw_table *tb = tw_state_table_edit(s);
		if (!tb)
			return TW_ERR_NOMEM;
		for (int k = 0; k < n; k++)
			if (tw_table_add(tb, &p[k]) < 0)
				return TW_ERR_NOMEM;
		laid += n;
	}
	(void)laid;
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// A generated meeting engagement for tw_scenario_generate and the conformance suite: each side
// two brigades (line and grenadiers; line and light infantry), a battery and a cavalry regiment.
#include <stdio.h>
#include <string.h>

#include "gr.h"

static void add_box(tw_state *s, int kind, double x0, double y0, double x1, double y1, double h, const char *name)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.id = s->table.nterrain;
	t.kind = (uint8_t)kind;
	t.shape = TW_SHAPE_POLY;
	t.nverts = 4;
	t.v[0] = tw_v2(x0, y0);
	t.v[1] = tw_v2(x1, y0);
	t.v[2] = tw_v2(x1, y1);
	t.v[3] = tw_v2(x0, y1);
	t.height = h;
	snprintf(t.name, sizeof t.name, "%s", name);
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
}

tw_status gr_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err)
{
	if (!s)
		return tw_error_set(err, TW_ERR_INPUT, "", "no state to fill");
	if (width < 90 || depth < 60 || width > 1000 || depth > 1000)
		return tw_error_set(err, TW_ERR_INPUT, "GR.ORG.1", "a Grant table must be at least 90 x 60 in");
	tw_status st0 = tw_state_new_generated(s, "grant", seed, "grant-meeting", width, depth, err);
	if (st0 != TW_OK)
		return st0;
	tw_rng r;
	tw_rng_seed(&r, tw_rng_derive(seed, 0x4772616e74ull));
	double cx = width / 2, cy = depth / 2;
	double jig = (tw_rng_unit(&r) - 0.5) * 8;
	// A farm of two touching house sections, a wood and a low hill.
	add_box(s, TW_TER_HOUSE, cx + jig - 3, cy - 1.5, cx + jig, cy + 1.5, 2, "farm west");
	add_box(s, TW_TER_HOUSE, cx + jig, cy - 1.5, cx + jig + 3, cy + 1.5, 2, "farm east");
	add_box(s, TW_TER_WOOD, 8, cy - 5, 20, cy + 5, 3, "wood");
	add_box(s, TW_TER_HILL, width - 22, cy - 6, width - 8, cy + 6, 1, "hill");
	bool heavy = tw_rng_below(&r, 2) == 0;
	for (int side = 0; side < 2; side++) {
		double y = side == 0 ? 10 : depth - 10, face = side == 0 ? 0 : 180;
		const char *nm = s->sides[side].name;
		char name[32];
		double w = width / 96.0;
		snprintf(name, sizeof name, "%s 1st line", nm);
		gr_build_unit(s, side, TW_GR_LINE, name, tw_v2(10 * w, y), face, GR_F_LINE);
		snprintf(name, sizeof name, "%s grenadiers", nm);
		gr_build_unit(s, side, TW_GR_GRENADIER, name, tw_v2(27 * w, y), face, GR_F_LINE);
		snprintf(name, sizeof name, "%s battery", nm);
		gr_build_battery(s, side, name, tw_v2(43 * w, y), face, true);
		snprintf(name, sizeof name, "%s 2nd line", nm);
		gr_build_unit(s, side, TW_GR_LINE, name, tw_v2(58 * w, y), face, GR_F_COLUMN);
		snprintf(name, sizeof name, "%s light", nm);
		gr_build_unit(s, side, TW_GR_LIGHT_INF, name, tw_v2(72 * w, y), face, GR_F_OPEN);
		snprintf(name, sizeof name, "%s %s", nm, heavy ? "cuirassiers" : "hussars");
		gr_build_unit(s, side, heavy ? TW_GR_HEAVY_CAV : TW_GR_LIGHT_CAV, name, tw_v2(86 * w, y), face, GR_F_LINE);
		tw_figure g;
		memset(&g, 0, sizeof g);
		g.id = s->nfig;
		g.kind = TW_FK_GENERAL;
		g.side = (uint8_t)side;
		g.unit = -1;
		g.pos = tw_v2(43 * w, side == 0 ? 3 : depth - 3);
		g.facing = face;
		g.radius = 0.35;
		g.height = 1.6;
		tw_state_add_figure(s, &g);
	}
	return TW_OK;
}

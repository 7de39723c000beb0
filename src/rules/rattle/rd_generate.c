// A Rattle of Dice: the random scenario (tw_scenario_generate, `tinwar generate rattle`): an
// attack over a river. Blue holds a village behind a river crossed by one bridge; red attacks
// with infantry, guns and a pioneer unit that may pontoon the river, or lay charges. Holding the
// village at the end is worth points (rd_victory.c). Everything from the seed: the river's line,
// the bridge's place, the village's, the classes and the sizes (RD.ORG.6 guidance).
#include <stdio.h>
#include <string.h>

#include "rd.h"

static int add_box(tw_state *s, int kind, tw_vec2 lo, tw_vec2 hi, double h, const char *name)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = (uint8_t)kind;
	t.shape = TW_SHAPE_POLY;
	t.nverts = 4;
	t.v[0] = lo;
	t.v[1] = tw_v2(hi.x, lo.y);
	t.v[2] = hi;
	t.v[3] = tw_v2(lo.x, hi.y);
	t.height = h;
	snprintf(t.name, sizeof t.name, "%s", name);
	tw_terrain_finish(&t);
	return tw_table_add(&s->table, &t);
}

// A unit of n figures in `files` files, its front rank centred on c, facing 0 (+y) or 180.
static int add_unit(tw_state *s, int side, int type, int cls, int weapon, int formation, int n, int files, tw_vec2 c,
		    const char *name)
{
	double facing = side == 0 ? 0 : 180, back = side == 0 ? -1 : 1;
	tw_unit u;
	memset(&u, 0, sizeof u);
	u.id = s->nunit;
	u.side = (uint8_t)side;
	u.formation = (uint8_t)formation;
	u.facing = facing;
	snprintf(u.name, sizeof u.name, "%s", name);
	if (!tw_state_add_unit(s, &u))
		return -1;
	rd_urec *r = RDU(s, u.id);
	r->type = type;
	r->cls = cls;
	r->weapon = weapon;
	double gap = formation == TW_RD_F_SKIRMISH ? 2.0 : 1.0;
	for (int i = 0; i < n; i++) {
		tw_figure f;
		memset(&f, 0, sizeof f);
		f.id = s->nfig;
		f.kind = rd_types[type].artillery ? TW_FK_GUNNER : type == TW_RD_CAVALRY ? TW_FK_CAVALRY : TW_FK_INFANTRY;
		f.side = (uint8_t)side;
		f.status = TW_FS_ACTIVE;
		f.facing = facing;
		f.radius = 0.5;
		f.height = 1;
		f.unit = u.id;
		int file = i % files, rank = i / files;
		f.pos = tw_v2(c.x + (file - (files - 1) / 2.0) * gap, c.y + back * rank);
		if (!tw_state_add_figure(s, &f))
			return -1;
	}
	return u.id;
}

static int add_general(tw_state *s, int side, tw_vec2 at, bool commander)
{
	tw_figure g;
	memset(&g, 0, sizeof g);
	g.id = s->nfig;
	g.kind = TW_FK_GENERAL;
	g.side = (uint8_t)side;
	g.status = TW_FS_ACTIVE;
	g.unit = -1;
	g.pos = at;
	g.facing = side == 0 ? 0 : 180;
	g.radius = 0.5;
	g.height = 1.2;
	if (!tw_state_add_figure(s, &g))
		return -1;
	RDF(s, g.id)->commander = commander;
	return g.id;
}

static double jig(tw_rng *r, double span) { return (tw_rng_unit(r) - 0.5) * span; }

tw_status rd_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err)
{
	if (!s)
		return tw_error_set(err, TW_ERR_INPUT, "", "no state to fill");
	if (width < 72 || depth < 60 || width > 1000 || depth > 1000)
		return tw_error_set(err, TW_ERR_INPUT, "RD.CON.8", "a Rattle table must be at least 72 x 60 in");
	tw_status st0 = tw_state_new_generated(s, "rattle", seed, "rattle-river", width, depth, err);
	if (st0 != TW_OK)
		return st0;
	tw_rng r;
	tw_rng_seed(&r, tw_rng_derive(seed, 0x526174746c65ull)); // "Rattle"
	double cx = width / 2, ry = depth * 0.55 + jig(&r, 6); // the river's near bank
	double bx = cx + jig(&r, width / 3);                   // the bridge
	bool failed = false;
	failed |= add_box(s, TW_TER_RIVER, tw_v2(0, ry), tw_v2(width, ry + 4), 0, "the river") < 0;
	failed |= add_box(s, TW_TER_BRIDGE, tw_v2(bx - 2, ry - 0.5), tw_v2(bx + 2, ry + 4.5), 0.3, "the bridge") < 0;
	failed |= add_box(s, TW_TER_ROAD, tw_v2(bx - 1.5, 0), tw_v2(bx + 1.5, ry - 0.5), 0, "south road") < 0;
	double vx = bx + jig(&r, 16), vy = ry + 12 + tw_rng_unit(&r) * 6;
	if (vx < 8)
		vx = 8;
	if (vx > width - 8)
		vx = width - 8;
	int village = add_box(s, TW_TER_HOUSE, tw_v2(vx - 4, vy), tw_v2(vx + 4, vy + 5), 2, "the village");
	failed |= village < 0;
	if (village >= 0) { // a town (RD.MOVE.7): difficult ground infantry may enter, not a solid block
		s->table.terrain[village].pass = TW_PASS_YES;
		tw_terrain_finish(&s->table.terrain[village]);
	}
	double wx = tw_rng_below(&r, 2) ? width * 0.15 : width * 0.85;
	failed |= add_box(s, TW_TER_WOOD, tw_v2(wx - 6, ry - 18), tw_v2(wx + 6, ry - 8), 3, "the copse") < 0;
	rd_game *g = RDG(s);
	g->objective = village;
	g->objective_points = 10;
	snprintf(g->about, sizeof g->about,
		 "Red must take the village over the river: the bridge is held, but red's pioneers may pontoon the "
		 "river or lay charges. The side holding the village at the end scores 10 points.");
	// Red attacks: two line battalions, rifles, a gun, pioneers; blue defends: a line battalion in
	// the village's front, light infantry at the bridge, a gun.
	double sy = ry - 24;
	int rcls = tw_rng_below(&r, 3) == 0 ? TW_RD_ELITE : TW_RD_REGULAR;
	int n1 = 12 + (int)tw_rng_below(&r, 5), n2 = 12 + (int)tw_rng_below(&r, 5);
	int gen = add_general(s, 0, tw_v2(bx, sy - 10), true);
	failed |= gen < 0;
	failed |= add_unit(s, 0, TW_RD_LINE, rcls, TW_RD_RIFLE, TW_RD_F_COLUMN, n1, 3, tw_v2(bx - 12, sy), "red 1st line") < 0;
	failed |= add_unit(s, 0, TW_RD_LINE, TW_RD_REGULAR, TW_RD_RIFLE, TW_RD_F_COLUMN, n2, 3, tw_v2(bx + 12, sy),
			   "red 2nd line") < 0;
	failed |= add_unit(s, 0, TW_RD_LIGHT, TW_RD_REGULAR, TW_RD_RIFLE, TW_RD_F_SKIRMISH, 8, 8, tw_v2(bx, sy + 6),
			   "red rifles") < 0;
	failed |= add_unit(s, 0, TW_RD_FOOT_ART, TW_RD_REGULAR, TW_RD_ARTILLERY, TW_RD_F_DEPLOYED, 4, 2,
			   tw_v2(bx + 24 < width - 4 ? bx + 24 : bx - 24, sy), "red battery") < 0;
	int npio = 4 + 2 * (int)tw_rng_below(&r, 2); // one party or two (RD.SAP.8)
	failed |= add_unit(s, 0, TW_RD_PIONEERS, TW_RD_REGULAR, TW_RD_MUSKET, TW_RD_F_COLUMN, npio, 2, tw_v2(bx - 4, sy - 4),
			   "red pioneers") < 0;
	int bcls = tw_rng_below(&r, 2) ? TW_RD_MILITIA : TW_RD_REGULAR;
	failed |= add_general(s, 1, tw_v2(vx, vy + 9), true) < 0;
	failed |= add_unit(s, 1, TW_RD_LINE, bcls, TW_RD_MUSKET, TW_RD_F_LINE, 14, 7, tw_v2(vx, vy - 3), "blue line") < 0;
	failed |= add_unit(s, 1, TW_RD_LIGHT, TW_RD_REGULAR, TW_RD_RIFLE, TW_RD_F_SKIRMISH, 6, 6, tw_v2(bx, ry + 7),
			   "blue light") < 0;
	failed |= add_unit(s, 1, TW_RD_FOOT_ART, TW_RD_REGULAR, TW_RD_ARTILLERY, TW_RD_F_DEPLOYED, 4, 2,
			   tw_v2(vx + 10 < width - 4 ? vx + 10 : vx - 10, vy + 2), "blue battery") < 0;
	if (failed)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	return TW_OK;
}

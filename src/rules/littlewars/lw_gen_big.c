// Generated large Countries (LW.BIG) and Kriegspiels (KS): `tinwar new littlewars --large` and
// `--kriegspiel` (the rule set's generate_variant hook). Both are lw_generate's Country on a
// 30 x 20 ft floor with a river, a railway over a railway bridge and each side's supply line
// (lw_country.c, gen_big_lines), and its ready-made forces; then:
// - large: the 2x multiplier, back to 1x within 12 ft (LW.BIG.1);
// - kriegspiel: the Kriegspiel's seats as data (KS.GEN.1/2): each man's arm (4 men to a gun are
//   its Royal Artillery, 8 infantry the Royal Engineers, 4 its Transport & Supply), the arms with
//   a player of their own, a General's cavalry figure a side (KS.GNL.1), and the 6-move supply
//   cycle kept (KS.SUP.1). Every draw comes from the seed.
#include <stdio.h>
#include <string.h>

#include "lw_big.h"
#include "lw_waggons.h"

// LW.BIG.2-4 (issue 18 lw-box): the armies enter from the two short ends, 30 ft apart, so that
// boxes and scouts matter from the start (LW.BIG.4: no enemy within 20 ft); a 20 ft front.
#define LW_BIG_W 240.0 ///< LW.BIG: the front, 20 ft
#define LW_BIG_D 360.0 ///< between the back lines, 30 ft
#define LW_KS_RE_MEN 8 ///< KS.RE: engineers a side (the mine, 2 men; a rail bridge, 6)
#define LW_KS_TS_MEN 4 ///< KS.SUP: Transport & Supply men a side, who hand over the packets
#define LW_KS_GENERAL_Y 6.0 ///< the General's figure, inches in front of his back line
#define LW_BIG_TRAIN_Y 10.0 ///< each side's train, inches in front of its back line

const char *const lw_variant_names[] = {"large", "kriegspiel", NULL};

// KS.GEN.1: every man's arm: 4 infantry nearest each gun serve it (artillery), the side's last
// 8 other infantry by id are its engineers and the 4 before them its Transport & Supply, the
// rest infantry and cavalry by their kind.
static void ks_arms(tw_state *s, int side)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side)
			LWF(s, &s->fig[i])->arm = s->fig[i].kind == TW_FK_CAVALRY ? LW_ARM_CAVALRY : LW_ARM_INFANTRY;
	for (int g = 0; g < s->ngun; g++) {
		const tw_gun *gun = &s->gun[g];
		if (gun->side != side)
			continue;
		for (int k = 0; k < LW_GUN_CREW; k++) {
			int best = -1;
			double bd = 0;
			for (int i = 0; i < s->nfig; i++) {
				const tw_figure *f = &s->fig[i];
				if (f->side != side || f->kind != TW_FK_INFANTRY || LWF(s, f)->arm != LW_ARM_INFANTRY)
					continue;
				double d = tw_dist(f->pos, gun->axle);
				if (best < 0 || d < bd) {
					best = i;
					bd = d;
				}
			}
			if (best >= 0)
				LWF(s, &s->fig[best])->arm = LW_ARM_RA;
		}
	}
	int re = 0;
	for (int i = s->nfig - 1; i >= 0 && re < LW_KS_RE_MEN + LW_KS_TS_MEN; i--)
		if (s->fig[i].side == side && LWF(s, &s->fig[i])->arm == LW_ARM_INFANTRY)
			LWF(s, &s->fig[i])->arm = re++ < LW_KS_RE_MEN ? LW_ARM_RE : LW_ARM_TS;
}

// KS.GNL.1: the General is shown by a cavalry figure, behind the middle of his line.
static tw_status ks_general(tw_state *s, int side)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.kind = TW_FK_CAVALRY;
	f.side = (uint8_t)side;
	f.status = TW_FS_UNPLACED;
	f.unit = -1;
	f.facing = side == 0 ? 0 : 180;
	f.radius = 0.5;
	f.height = 2.6;
	f.pos = tw_v2(s->table.width / 2, s->sides[side].back_y + s->sides[side].forward * LW_KS_GENERAL_Y);
	tw_figure *g = tw_state_add_figure(s, &f);
	if (!g)
		return TW_ERR_NOMEM;
	LWF(s, g)->arm = LW_ARM_GENERAL;
	return TW_OK;
}

tw_status lw_generate_variant(tw_state *s, uint64_t seed, double width, double depth, const char *variant,
			      tw_error *err)
{
	bool ks = variant && strcmp(variant, "kriegspiel") == 0;
	if (!ks && !(variant && strcmp(variant, "large") == 0))
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.1", "no '%s' kind of Little Wars scenario (large, kriegspiel)",
				    variant ? variant : "");
	if (width <= 0 || depth <= 0) {
		width = LW_BIG_W;
		depth = LW_BIG_D;
	}
	tw_status st = lw_generate_country(s, seed, width, depth, true, err);
	if (st != TW_OK)
		return st;
	snprintf(s->scenario, sizeof s->scenario, "%s-%016llx", ks ? "kriegspiel" : "large-country",
		 (unsigned long long)seed);
	// LW.BIG.9: each side's train on the railway, 10 in in front of its own back line.
	for (int i = 0; i < s->table.nterrain; i++)
		if (strcmp(s->table.terrain[i].name, "railway") == 0)
			for (int side = 0; side < 2; side++) {
				lw_side *sd = LWS(s, side);
				int k = sd->ntrain++;
				sd->train_x[k] = (s->table.terrain[i].lo.x + s->table.terrain[i].hi.x) / 2;
				sd->train_y[k] = s->sides[side].back_y + s->sides[side].forward * LW_BIG_TRAIN_Y;
			}
	// KS.FORM.1, KS.MOV.1: in the Kriegspiel each side has a boat on the river, red's a quarter of
	// the way across the table, blue's three quarters, in the middle of the water there.
	for (int side = 0; side < 2 && ks; side++) {
		double x = s->table.width * (side == 0 ? 0.25 : 0.75), lo = -1, hi = -1;
		for (double y = 0; y <= s->table.depth; y += 0.25) {
			bool on = lw_on_river(s, tw_v2(x, y));
			if (on && lo < 0)
				lo = y;
			if (on)
				hi = y;
			if (!on && lo >= 0)
				break;
		}
		if (lo < 0)
			continue;
		lw_side *sd = LWS(s, side);
		int k = sd->nboat++;
		sd->boat_x[k] = x;
		sd->boat_y[k] = (lo + hi) / 2;
	}
	lw_game *g = LWG(s);
	if (!ks) {
		g->big_mult = 2; // LW.BIG.1: double moves on the large Country until the armies close
		g->big_close_ft = 12;
	}
	for (int side = 0; side < 2 && st == TW_OK && ks; side++) {
		g->ks = 1;        // KS.GEN.1
		g->ks_supply = 1; // KS.SUP.1: the 6-move supply cycle
		ks_arms(s, side);
		st = ks_general(s, side);
		LWS(s, side)->ks_arms = 1u << LW_ARM_INFANTRY | 1u << LW_ARM_CAVALRY | 1u << LW_ARM_RA | 1u << LW_ARM_RE |
					1u << LW_ARM_TS; // KS.GEN.1
	}
	// LW.BIG.5/6, KS.RE.2: each side's waggons, carts and depot by its supply line, after every
	// other figure (lw_waggons.c).
	for (int side = 0; side < 2 && st == TW_OK; side++)
		st = lw_gen_waggons(s, side);
	if (st != TW_OK) {
		tw_state_free(s);
		return tw_error_set(err, st, "", "out of memory");
	}
	return TW_OK;
}

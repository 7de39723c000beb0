// h7-nqspeed: `make bench`'s 20-a-side NQ skirmish (issue 16, ll-gen): scenarios/lloyd/skirmish.json's
// table, sides and terrain with 40 men: two formed lines of 7 spearmen (NQ.GRP.1), touching, and
// 6 archers against 10 axemen in front and 10 archers behind. One copy for bench/bench_lloyd.c,
// tests/test_ll_nqspeed.c and tools/ll_nq_bench_hash.c (header only: the bench links no test
// support library). Run from the source tree (the scenario's path is relative).
#ifndef LL_SKIRMISH20_H
#define LL_SKIRMISH20_H
#include <jansson.h>

#include "tinwar/io.h"
#include "tinwar/tinwar.h"

static inline json_t *ll_skirmish20_man(int id, const char *side, double x, double y, double facing, const char *troop,
					int group)
{
	json_t *data = json_pack("{s:s}", "troop", troop);
	if (group >= 0)
		json_object_set_new(data, "group", json_integer(group));
	return json_pack("{s:i,s:s,s:s,s:[f,f],s:f,s:f,s:f,s:o}", "id", id, "kind", "infantry", "side", side, "at", x, y,
			 "facing", facing, "radius", 0.5, "height", 1.0, "data", data);
}

/// Loads the skirmish into s (zeroed by the caller); TW_OK, or an error in err (the file missing:
/// TW_ERR_IO).
static inline tw_status ll_skirmish20(tw_state *s, tw_error *err)
{
	json_error_t je;
	json_t *root = json_load_file("scenarios/lloyd/skirmish.json", 0, &je);
	if (!root)
		return tw_error_set(err, TW_ERR_IO, "", "scenarios/lloyd/skirmish.json: %s", je.text);
	json_t *figs = json_array();
	int id = 0;
	for (int i = 0; i < 14; i++) // two formed lines of spearmen (NQ.GRP.1), touching
		json_array_append_new(figs, ll_skirmish20_man(id++, "spearmen", (i < 7 ? 9.5 : 28.5) + (i % 7), 12, 0, "spearman", i / 7));
	for (int i = 0; i < 6; i++)
		json_array_append_new(figs, ll_skirmish20_man(id++, "spearmen", 12.0 + 4.5 * i, 9, 0, "archer", -1));
	for (int i = 0; i < 20; i++) // the mob: axemen in front, archers behind
		json_array_append_new(figs, ll_skirmish20_man(id++, "mob", 5.0 + 4.0 * (i % 10), i < 10 ? 36 : 39, 180,
							      i < 10 ? "axeman" : "archer", -1));
	json_object_set_new(root, "figures", figs);
	tw_status st = tw_state_from_json(s, root, err);
	json_decref(root);
	return st;
}
#endif

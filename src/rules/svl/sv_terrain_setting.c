// Science versus Luck: SV.BAT.6's generated table as a scenario setting (sv-svweb). The game
// parameters `terrain` ("scenario": the table as the file gives it, the default; "generated":
// SV.BAT.6's generator lays the pieces) and `terrain_seed` (0: drawn from the game's own seed, so
// each game has its own table; N: the table of seed N, the same for every game that names it).
// Used by the battle's setup (sv_ruleset.c), once, before the first phase. Refused, located at
// the setting, on a table that has terrain already (the two would be mixed) or is too small.
#include <stdio.h>

#include "sv.h"

static tw_status at(tw_status st, tw_error *err, const char *path)
{
	if (err && st != TW_OK)
		snprintf(err->path, sizeof err->path, "%s", path);
	return st;
}

tw_status sv_terrain_setting(tw_state *s, tw_error *err)
{
	if (s->params[SVP_TERRAIN] != SV_TERRAIN_GENERATED)
		return TW_OK;
	if (s->table.nterrain > 0)
		return at(tw_error_set(err, TW_ERR_INPUT, "SV.BAT.6",
				       "\"terrain\": \"generated\" lays SV.BAT.6's pieces on a bare table; this one has %d piece%s: "
				       "take them out, or leave \"terrain\" at \"scenario\"",
				       s->table.nterrain, s->table.nterrain == 1 ? "" : "s"),
			  err, "$.params.terrain");
	uint64_t seed = s->params[SVP_TERRAIN_SEED] >= 1 ? (uint64_t)s->params[SVP_TERRAIN_SEED] : tw_rng_u64(&s->rng);
	tw_rng r;
	tw_rng_seed(&r, seed);
	tw_status st = sv_generate_table(s, &r, err);
	if (st != TW_OK)
		return at(st, err, "$.params.terrain");
	return TW_OK; // (tw_table_add finishes each piece)
}

// Nikolas Lloyd's campaign: who cheated whom (DU.20, ll-fin). A knight cheated in a duel (DU.16:
// the figure record's `cheated`, the cheaters' side) who ends the battle wounded, out or killed is
// recorded in the carry-over's "grudges": his commander, his name, the cheaters' commander (h6-camp:
// in 2v2 the commander whose man cheated, `cheat_own1`, not the side's lead), the
// battle, and his replacement's 1d6 (DU.20's reading: 1-3 Honourable, 4-6 Rash), thrown at once
// from the finished game's seeded generator. In every later battle in which that commander
// fights the cheaters, his leading man (the highest `leader` of his men, the first of them) is
// that replacement: he counts as Honourable or Rash against the cheaters only (`grudge`,
// `grudge_vs`; ll_traits_vs). Ours: a wounded knight recovers for the next battle (CA.D3), so
// whoever leads the commander's men then is "the replacement"; one grudge per man and battle.
#include <jansson.h>
#include <string.h>

#include "ll.h"

bool ll_du20_record(json_t *carry, int seq, const tw_state *fin)
{
	json_t *list = json_object_get(carry, "grudges");
	if (!json_is_array(list)) {
		list = json_array();
		if (!list || json_object_set_new(carry, "grudges", list))
			return false;
	}
	tw_rng r = fin->rng; // the game's own generator, as it stood at the end
	for (int j = 0; j < fin->nfig; j++) {
		const ll_frec *m =
		    (const ll_frec *)tw_rec_row(fin, TW_REC_FIGURE, j, sizeof(ll_frec));
		int by = m->cheated, side = fin->fig[j].side;
		bool hurt = fin->fig[j].status == TW_FS_DEAD || fin->fig[j].status == TW_FS_OUT || m->wounded;
		if (by < 0 || by >= fin->nsides || by == side || !hurt)
			continue;
		int d6 = (int)tw_rng_below(&r, 6) + 1; // DU.20: 1-3 Honourable, 4-6 Rash
		// ll-rest: in battle 4 played 2v2 (CA.D1) the knight may be the ally's (his owner)
		const ll_side *sd = (const ll_side *)tw_rec_row(fin, TW_REC_SIDE, side, sizeof(ll_side));
		const char *cmd = sd->ally1 > 0 && m->owner == sd->ally1 - 1 && sd->ally_name[0] ? sd->ally_name : fin->sides[side].name;
		// h6-camp: the cheaters are the commander whose man cheated (cheat_own1), not the side's lead
		const ll_side *bs = (const ll_side *)tw_rec_row(fin, TW_REC_SIDE, by, sizeof(ll_side));
		const char *cheat = bs->ally1 > 0 && m->cheat_own1 == bs->ally1 && bs->ally_name[0] ? bs->ally_name : fin->sides[by].name;
		json_t *g = json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "commander", cmd,
		                      "knight", m->name, "cheaters", cheat, "battle", seq, "d6",
		                      d6, "trait", d6 <= 3 ? "honourable" : "rash");
		if (!g || json_array_append_new(list, g))
			return false;
	}
	return true;
}

// The commander `who`'s men (ll-rest: by their `owner`, his index among the campaign's sides, so
// an ally in battle 4's 2v2 is found among the men of a side named for the other; by the side's
// name when he has no index): his leading man's data, and the name of the side they are on.
static int index_of(const json_t *carry, const char *who)
{
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(carry, "sides"), i, v) if (json_is_string(v) && !strcmp(json_string_value(v), who)) return (int)i;
	return -1;
}

static bool his(json_t *f, const char *who, int idx)
{
	json_t *o = json_object_get(json_object_get(f, "data"), "owner");
	if (idx >= 0 && json_is_integer(o))
		return json_integer_value(o) == idx;
	const char *side = json_string_value(json_object_get(f, "side"));
	return !strcmp(side ? side : "", who);
}

static json_t *side_lead(json_t *figs, const char *who, int idx)
{
	json_t *best = NULL;
	json_int_t lead = 0;
	size_t i;
	json_t *f;
	json_array_foreach(figs, i, f)
	{
		json_t *d = json_object_get(f, "data");
		json_int_t l = json_integer_value(json_object_get(d, "leader"));
		if (his(f, who, idx) && l > lead) {
			lead = l;
			best = d;
		}
	}
	return best;
}

static const char *fights(json_t *figs, const char *who, int idx)
{
	size_t i;
	json_t *f;
	json_array_foreach(figs, i, f) if (his(f, who, idx)) return json_string_value(json_object_get(f, "side"));
	return NULL;
}

void ll_du20_prepare(const json_t *carry, json_t *figs)
{
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(carry, "grudges"), i, g)
	{
		const char *who = json_string_value(json_object_get(g, "commander"));
		const char *vs = json_string_value(json_object_get(g, "cheaters"));
		const char *trait = json_string_value(json_object_get(g, "trait"));
		if (!who || !vs || !trait || !strcmp(who, vs))
			continue;
		const char *vs_side = fights(figs, vs, index_of(carry, vs)); // the side the cheaters' men are on
		if (!vs_side)
			continue;
		json_t *d = side_lead(figs, who, index_of(carry, who));
		const char *had = d ? json_string_value(json_object_get(d, "grudge_vs")) : NULL;
		if (!d || (had && strcmp(had, vs_side)))
			continue;
		json_t *t = json_object_get(d, "grudge");
		if (!json_is_array(t)) {
			t = json_array();
			json_object_set_new(d, "grudge", t);
		}
		bool dup = false;
		size_t k;
		json_t *x;
		json_array_foreach(t, k, x) dup |= json_is_string(x) && !strcmp(json_string_value(x), trait);
		if (!dup)
			json_array_append_new(t, json_string(trait));
		json_object_set_new(d, "grudge_vs", json_string(vs_side));
	}
}

// Science versus Luck: the exhibition's printed cards for front-ends (sv-svweb; SV.EXPO.1-2,
// SV.GUN.2-3, SV.GUN.13). The rule set's `forms` (the hello's ruleset.forms) carries, beside the
// manuals' forms, "exhibition": every model's label card (SV.GUN.2: code, model, maker and his
// country, greatest range, rounds a minute, misfires in 100, sight, weight, maker's standing,
// price guide) and the maker's description and the look of the piece (SV.GUN.3), the same for
// every seat: what the players judge by (SV.EXPO.2). Nothing of the truth (SV.GUN.4) is read
// here: only tw_sv_labels and tw_sv_descriptions, the printed words.
#include <jansson.h>

#include "sv.h"

static const char *const sight_names[] = {"Plain", "Improved", "Telescopic"};
static const char *const weight_names[] = {"Light", "Medium", "Heavy"};

static json_t *cards(void)
{
	json_t *a = json_array();
	for (int k = 0; a && k < TW_SV_GUN_COUNT; k++) {
		const tw_sv_label *l = &tw_sv_labels[k];
		const tw_sv_description *d = &tw_sv_descriptions[k];
		json_array_append_new(
			a, json_pack("{s:i, s:s, s:s, s:s, s:s, s:i, s:i, s:i, s:s, s:s, s:i, s:i, s:s, s:s, s:b}", "gun", k, "code",
				     l->code, "model", l->model, "maker", l->maker, "maker_country",
				     l->maker_country > TW_SV_NO_COUNTRY ? tw_sv_country_names[l->maker_country] : "",
				     "range", l->range, "rpm", l->rpm, "misfires", l->misfires, "sight", sight_names[l->sight],
				     "weight", weight_names[l->weight], "stars", l->stars, "price", l->price, "description",
				     d->text, "look", d->look, "issue_only", k == TW_SV_ARS));
	}
	return a;
}

json_t *sv_forms(void)
{
	json_t *f = sv_manual_forms();
	if (f)
		json_object_set_new(f, "exhibition", json_pack("{s:s, s:o}", "clause", "SV.EXPO.1", "cards", cards()));
	return f;
}

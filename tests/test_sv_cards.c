// Science versus Luck: the exhibition's cards for front-ends (sv-svweb; SV.EXPO.1, SV.GUN.2-3):
// the rule set's forms carry every model's label card and the maker's description, the printed
// words exactly, and nothing of the truth (SV.GUN.4).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>

#include "rules/svl/sv.h"
#include "tinwar/tinwar.h"

static void test_SV_EXPO_1_GUN_2_3_the_cards_and_descriptions_for_every_seat(void **st)
{
	(void)st;
	json_t *f = tw_ruleset_svl.forms();
	assert_non_null(f);
	assert_non_null(json_object_get(f, "manual")); // the manuals' forms as before
	json_t *ex = json_object_get(f, "exhibition");
	assert_string_equal(json_string_value(json_object_get(ex, "clause")), "SV.EXPO.1");
	json_t *cards = json_object_get(ex, "cards");
	assert_int_equal(json_array_size(cards), TW_SV_GUN_COUNT);
	json_t *vul = json_array_get(cards, TW_SV_VUL), *sta = json_array_get(cards, TW_SV_STA);
	assert_string_equal(json_string_value(json_object_get(vul, "code")), "VUL");
	assert_string_equal(json_string_value(json_object_get(vul, "model")), "Vulcan Rifled Field Gun");
	assert_string_equal(json_string_value(json_object_get(vul, "maker_country")), "Albionia");
	assert_int_equal(json_integer_value(json_object_get(vul, "range")), 144);
	assert_int_equal(json_integer_value(json_object_get(vul, "rpm")), 6);
	assert_int_equal(json_integer_value(json_object_get(vul, "misfires")), 1);
	assert_string_equal(json_string_value(json_object_get(vul, "sight")), "Improved");
	assert_int_equal(json_integer_value(json_object_get(vul, "price")), 400);
	assert_string_equal(json_string_value(json_object_get(vul, "description")), tw_sv_descriptions[TW_SV_VUL].text);
	assert_string_equal(json_string_value(json_object_get(sta, "look")), tw_sv_descriptions[TW_SV_STA].look);
	assert_true(json_is_true(json_object_get(json_array_get(cards, TW_SV_ARS), "issue_only")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(cards, TW_SV_ALP), "maker_country")), "");
	// The printed words only: these keys and no others on every card (no velocity, spread,
	// misfire chance or true rate: SV.GUN.4).
	static const char *const keys[] = {"gun",   "code",  "model",  "maker", "maker_country", "range",       "rpm", "misfires",
					   "sight", "weight", "stars", "price", "description",   "look", "issue_only"};
	for (size_t k = 0; k < json_array_size(cards); k++) {
		json_t *c = json_array_get(cards, k);
		assert_int_equal(json_object_size(c), sizeof keys / sizeof *keys);
		for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
			assert_non_null(json_object_get(c, keys[i]));
	}
	json_decref(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EXPO_1_GUN_2_3_the_cards_and_descriptions_for_every_seat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

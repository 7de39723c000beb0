// Lloyd's campaign battle 4 played 2v2 on the table (ll_battle4.h).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "ll_battle4.h"
#include "ll_scene.h"
#include "rules/lloyd/ll.h"
#include "tinwar/io.h"
#include "tinwar/series.h"
#include "tinwar/tinwar.h"

tw_state *llt_battle4(json_t **carry_out)
{
	llt_register();
	json_t *carry = json_object();
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 40);
	tw_error err = {0};
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	json_decref(cfg);
	for (int b = 1; b <= 3; b++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
		assert_int_equal(ll_series_prepare(carry, b, &s, &err), TW_OK);
		for (int k = 0; k < 2; k++)
			LLS(&s, k)->vp = 3 - b;
		s.over = true;
		s.winner = -2;
		bool over = true;
		assert_int_equal(ll_series_record(carry, b, &s, &over, &err), TW_OK);
		tw_state_free(&s);
	}
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_load(s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(carry, 4, s, &err), TW_OK);
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	assert_string_equal(s->sides[0].name, "baron");
	assert_string_equal(s->sides[1].name, "thane");
	assert_int_equal(LLS(s, 0)->ally1, 3); // the sheriff
	assert_int_equal(LLS(s, 1)->ally1, 6); // the reeve
	*carry_out = carry;
	return s;
}

tw_state *llt_battle4_on_table(void)
{
	json_t *carry;
	tw_state *s = llt_battle4(&carry);
	json_decref(carry);
	LLG(s)->table_loc = 2;
	LLG(s)->turn = 1;
	s->mover = 0;
	s->phase = LL_PH_MOVE;
	for (int k = 0; k < 2; k++)
		LLS(s, k)->allocated = 1;
	for (int j = 0; j < s->nfig; j++)
		LLF(s, j)->loc = 2;
	return s;
}

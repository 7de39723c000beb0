// Lloyd order helpers for tests (ll_scene.h).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ll_scene.h"
#include "tinwar/lloyd.h"

tw_events llt_ev;

void llt_register(void)
{
	tw_register_builtin(); // Lloyd is built in (ll-reg)
}

tw_order *llt_order(int type, int side)
{
	tw_order *o = calloc(1, sizeof *o);
	tw_order_init(o, type, side);
	return o;
}
void llt_dice(tw_order *o, int n, const int *faces)
{
	for (int i = 0; i < n; i++)
		o->dice[o->ndice++] = (uint8_t)faces[i];
}

void llt_ok(tw_state *s, tw_order *o)
{
	tw_error err = {0};
	tw_events_clear(&llt_ev);
	if (tw_state_apply(s, o, NULL, &llt_ev, &err) != TW_OK)
		fail_msg("refused: %s: %s", err.clause, err.message);
	free(o);
}

void llt_refused(tw_state *s, tw_order *o, const char *clause, const char *text)
{
	tw_error err = {0};
	uint64_t h = tw_state_hash(s);
	tw_events_clear(&llt_ev);
	if (tw_state_apply(s, o, NULL, &llt_ev, &err) == TW_OK)
		fail_msg("accepted, expected a refusal by %s", clause);
	if (strcmp(err.clause, clause) != 0)
		fail_msg("refused by %s (%s), expected %s", err.clause, err.message, clause);
	if (text && !strstr(err.message, text))
		fail_msg("message \"%s\" lacks \"%s\"", err.message, text);
	assert_true(tw_state_hash(s) == h); // the state is unchanged
	free(o);
}

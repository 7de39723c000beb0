// Science versus Luck, sv-svfix: physics guns that hit (SV.FIRE.4 on the physics shot model,
// SV.BAT.1's plastic figures), and computer companies that keep to their manual through a whole
// battle (SV.DOC.20, SV.DOC.16-17) with the battle's record of every turn's verdict (SV.WIN.5).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"

static void reg(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
}

static tw_order *ord;
static tw_events ev;

static void apply(tw_state *s, const tw_apply_ctx *ctx)
{
	tw_error err = {0};
	tw_events_clear(&ev);
	if (tw_state_apply(s, ord, ctx, &ev, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

// A close, dense target: an STA gun at (24, 3) with the default Artillery Manual (range factor
// 1.00, NEAREST, STEADY) and a company block of 7 files x 3 ranks, bases 1" apart, its front rank
// 24" from the gun (well inside the label's 108"); three turns in which the company stands and the
// gun is served on the physics shot model. Returns the figures knocked over.
static int close_block_knocked(uint64_t seed)
{
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_CONSTRAINTS] = 0;
	tw_rng_seed(&s->rng, seed);
	s->table.width = 48;
	s->table.depth = 72;
	s->nsides = 2;
	strcpy(s->sides[0].name, "infantry");
	strcpy(s->sides[1].name, "cannon");
	tw_gun g = {.id = 0, .side = 1, .orig_side = 1, .model = tw_gun_model_find("STA"), .axle = {24, 3}};
	assert_non_null(tw_state_add_gun(s, &g));
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 7; c++) {
			tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
				       .height = 1, .unit = -1, .pos = {24 + 1.9 * (c - 3), 27 + 1.9 * r}, .facing = 180};
			assert_non_null(tw_state_add_figure(s, &f));
			SVF(s, f.id)->role = s->nfig == 1 ? SV_ROLE_COMMANDER : SV_ROLE_RIFLEMAN;
		}
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_apply_ctx ctx = {tw_shot_model_physics()};
	int knocked = 0, shots = 0;
	for (int turn = 0; turn < 3 && !s->over; turn++) {
		tw_order_init(ord, SV_OT_END, SV_ATTACKER); // the company stands
		apply(s, &ctx);
		tw_order_init(ord, SV_OT_SERVE, SV_DEFENDER);
		ord->gun = 0;
		apply(s, &ctx);
		for (int i = 0; i < ev.n; i++) {
			knocked += ev.v[i].type == TW_EV_KILL && strcmp(ev.v[i].clause, "SV.FIRE.4") == 0;
			shots += ev.v[i].type == TW_EV_SHOT && strcmp(ev.v[i].clause, "SV.FIRE.4") == 0;
		}
		if (!s->over && s->mover == SV_DEFENDER) {
			tw_order_init(ord, SV_OT_END, SV_DEFENDER);
			apply(s, &ctx);
		}
	}
	assert_true(shots >= 9); // STA trained STEADY: 3.5 a minute
	print_message("seed %llu: %d physics shots, %d figures knocked over\n", (unsigned long long)seed, shots, knocked);
	tw_state_free(s);
	free(s);
	return knocked;
}

// SV.FIRE.4 (physics), SV.BAT.1: a gun laid on a close, dense block knocks figures over. On the
// old code (the physics model's 14 g lead figures for SvL's plastic ones) no match ever felled one.
static void test_SV_FIRE_4_physics_gun_knocks_figures_over(void **st)
{
	(void)st;
	reg();
	int total = 0, seeds_hit = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		int k = close_block_knocked(seed);
		total += k;
		seeds_hit += k > 0;
	}
	assert_true(seeds_hit >= 2);
	assert_true(total >= 3);
}

static int teardown(void **st)
{
	(void)st;
	free(ord);
	ord = NULL;
	tw_events_free(&ev);
	return 0;
}

static int setup_all(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	return ord ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_FIRE_4_physics_gun_knocks_figures_over),
	};
	return cmocka_run_group_tests(tests, setup_all, teardown);
}

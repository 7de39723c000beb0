// Little Wars at scale (issue 18, Scale): a 2400-a-side Country saves and loads within the file
// limits (LW.FOR.3 sizes the forces to the table); the computer general commands every man of a
// force of more than 1024 figures and more than 16 groups.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/io_internal.h"
#include "rules/littlewars/lw.h"
#include "scene.h"

static tw_state *gen(uint64_t seed, double w, double d)
{
	tw_state *s = calloc(1, sizeof *s);
	assert_non_null(s);
	tw_error err;
	if (tw_scenario_generate(s, "littlewars", seed, w, d, &err) != TW_OK)
		fail_msg("generate %g x %g: %s", w, d, err.message);
	return s;
}

static int men_of(const tw_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].side == side;
	return n;
}

/// Issue 18 "Bad input": a scenario with 2400 figures a side loads within the file limits of the
/// security issue (TW_IO_MAX_FILE_BYTES and the count limits); it comes back bit for bit.
static void test_LW_FOR_3_2400_a_side_saves_and_loads(void **st)
{
	(void)st;
	tw_state *s = gen(18, 4608, 192); // the scale bench's largest table
	assert_int_equal(men_of(s, 0), 2400);
	assert_int_equal(men_of(s, 1), 2400);
	char path[] = "/tmp/tw_lw_scale_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	tw_error err;
	assert_int_equal(tw_state_save(s, path, &err), TW_OK);
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	printf("2400 a side: %d figures, %d pieces, %lld bytes (limit %zu)\n", s->nfig, s->table.nterrain,
	       (long long)sb.st_size, TW_IO_MAX_FILE_BYTES);
	assert_true((size_t)sb.st_size < TW_IO_MAX_FILE_BYTES / 4); // room to spare
	assert_true(s->nfig < TW_IO_MAX_FIGURES && s->table.nterrain < TW_IO_MAX_TERRAIN);
	tw_state *t = calloc(1, sizeof *t);
	assert_non_null(t);
	assert_int_equal(tw_state_load(t, path, &err), TW_OK);
	close(fd);
	remove(path);
	assert_int_equal(t->nfig, s->nfig);
	assert_int_equal(t->ngun, s->ngun);
	assert_int_equal(t->table.nterrain, s->table.nterrain);
	assert_true(tw_state_hash(t) == tw_state_hash(s));
	tw_state_free(t);
	tw_state_free(s);
	free(t);
	free(s);
}

/// Plays game moves computer against computer until `moves` game moves are done; start[i] is
/// figure i's place when play began (after deployment).
static tw_game *play_moves(const tw_state *sc, uint64_t seed, int moves, tw_general **gens, tw_vec2 *start)
{
	bool started = false;
	tw_error err;
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	gens[0] = tw_general_new("default", rs, 0, seed);
	gens[1] = tw_general_new("default", rs, 1, seed);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	for (int n = 0; n < 100000; n++) {
		const tw_state *s = tw_game_state(g);
		int side = rs->to_move(s);
		if (side < 0 || (s->phase == LW_PH_PLAY && s->move_no > moves))
			break;
		if (s->phase == LW_PH_PLAY && !started) {
			for (int i = 0; i < s->nfig; i++)
				start[i] = s->fig[i].pos;
			started = true;
		}
		assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	}
	assert_true(started);
	free(o);
	return g;
}

/// The general moves men whatever their figure index: on a Country of 600 a side (over 1200
/// figures), blue's men at index 1024 and above advance as the others do. (It handled figures
/// below 1024 only: those above never moved.)
static void test_lw_general_moves_men_past_figure_1024(void **st)
{
	(void)st;
	tw_state *sc = gen(18, 1152, 192);
	assert_true(sc->nfig > 1100);
	tw_general *gens[2];
	tw_vec2 *start = calloc((size_t)sc->nfig, sizeof *start);
	assert_non_null(start);
	tw_game *g = play_moves(sc, 300, 3, gens, start);
	const tw_state *s = tw_game_state(g);
	int high = 0, high_moved = 0, low_moved = 0, low = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != 1 || f->kind == TW_FK_GUNNER || !lw_is_free(f))
			continue;
		bool moved = tw_dist(f->pos, start[i]) > 1.0;
		if (i >= 1024) {
			high++;
			high_moved += moved;
		} else {
			low++;
			low_moved += moved;
		}
	}
	free(start);
	printf("blue in 3 game moves: %d of %d men below index 1024 moved, %d of %d at 1024 and above\n",
	       low_moved, low, high_moved, high);
	assert_true(high > 100);
	assert_true(low_moved * 2 > low);
	assert_true(high_moved * 2 > high);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(sc);
	free(sc);
}

/// Every group the general makes moves on its own: no move of ordinary movement carries more
/// than a group's 12 men, on a Country of 300 a side (more than 16 groups a side). (Groups past
/// the 16th were all put in the 16th, which moved men from all over the table as one block.)
static void test_lw_general_groups_past_16(void **st)
{
	(void)st;
	tw_state *sc = gen(18, 576, 192);
	tw_error err;
	tw_game *g = tw_game_new(sc, 300, tw_shot_model_fast(), &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 300), tw_general_new("default", rs, 1, 300)};
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	int moves = 0, biggest = 0, most = 0, in_move = 0, last = -1;
	for (int n = 0; n < 100000; n++) {
		const tw_state *s = tw_game_state(g);
		int side = rs->to_move(s);
		if (side < 0 || (s->phase == LW_PH_PLAY && s->move_no > 2))
			break;
		assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
		// The first two game moves: nobody within a charge of anyone, crews with their guns.
		if (s->phase == LW_PH_PLAY && o->type == LW_OT_MOVE) {
			int key = s->move_no * 2 + side;
			in_move = key == last ? in_move + 1 : 1;
			last = key;
			if (in_move > most)
				most = in_move;
			moves++;
			if (o->nfig > biggest)
				biggest = o->nfig;
		}
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	}
	printf("%d group moves in two game moves, at most %d in a side's move, the largest %d men\n", moves, most,
	       biggest);
	assert_true(most > 16);
	assert_true(biggest <= 12);
	free(o);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(sc);
	free(sc);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_FOR_3_2400_a_side_saves_and_loads),
		cmocka_unit_test(test_lw_general_moves_men_past_figure_1024),
		cmocka_unit_test(test_lw_general_groups_past_16),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

// Nikolas Lloyd's campaign, battle 4 played 2v2 (CA.D1), with CA.D2's VPs by commander (h6-camp,
// ll_ca_credit.c): every VP counts for the commander whose men did it and against the commander
// whose contingent, leader or group suffered it; CA.D3's desertion and recruits then follow each
// commander's own figures, and the series carries them per commander.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/io.h"
#include "tinwar/series.h"
#include "tinwar/tinwar.h"

#include "ll_battle4.h"
#include "ll_scene.h"

#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused

// The k-th man (0: his leader) of commander `owner` in battle 4.
static int man(const tw_state *s, int owner, int k)
{
	for (int j = 0; j < s->nfig; j++)
		if (LLF(s, j)->owner == owner && k-- == 0)
			return j;
	fail_msg("commander %d has no man %d", owner, k);
	return -1;
}

static const tw_event *score_event(const char *clause, int vp, const char *text)
{
	for (int i = 0; i < EV.n; i++)
		if (EV.v[i].type == TW_EV_SCORE && !strcmp(EV.v[i].clause, clause) && EV.v[i].v == vp &&
		    strstr(EV.v[i].text, text))
			return &EV.v[i];
	return NULL;
}

static json_int_t member(const json_t *carry, const char *obj, const char *who)
{
	return json_integer_value(json_object_get(json_object_get(carry, obj), who));
}

static int force_points(const json_t *carry, const char *who)
{
	int p = 0;
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(json_object_get(carry, "forces"), who), i, m) p += (int)json_integer_value(json_object_get(m, "pts"));
	return p;
}

// Round 1 (battles 1-3: earl 2 VP to the outlaw's 2, baron 1 to thane 1, sheriff 0 to reeve 0;
// nothing against anyone) ranks earl and outlaw first: battle 4 is baron and sheriff against
// thane and reeve, 2v2. Baron and thane each recruited an archer (1 point): 41 points each, the
// others 40. The carry-over and battle 4, set up, are returned.
static tw_state *battle4(json_t **carry_out) { return llt_battle4(carry_out); }

// CA.D2 by commander, with fixed dice. The map: L1 at (2,3), L2 (the table) at (5,4), L3 at (6,1).
// At L1 the sheriff's spearman and axeman (4 points) stand with one baron's spearman (2): the
// sheriff's group is the side's there; the thane's spearman (2) is alone against them. On the
// table, in the last side-turn of TF turn 2 (the limit), the sheriff's archer shoots the reeve's
// leader dead (d20 20 to hit, four 20s: 4 damage hits); every other man of the reeve's is wounded.
// At the turn's end: TF.D4 at L1, 6 points to 2, d20 1: a decisive win, 4 VP for the sheriff
// against the thane; CA.D2: the reeve's leader killed, 2 VP for the sheriff (his archer) against
// the reeve; the reeve's contingent broken (none of his men in good order), 2 VP against him for
// the baron (the most points present: 39 to 36); TF.D7 at the limit, the baron's side holds the
// field (75 points to 39), 3 VP for the baron against the thane (39 present, the reeve 0).
// So sheriff 6, baron 5 scored; against thane 7, reeve 4. CA.D3: the thane owes 14 points of
// deserters, the reeve 8 (shared, as before, they would owe 12 and 10): seven and four 2-point
// men; the recruits: baron 5 points, sheriff 6.
static void test_CA_D2_battle_4_vps_by_commander(void **st)
{
	(void)st;
	json_t *carry;
	tw_state *s = battle4(&carry);
	s->dice = TW_DICE_ENTERED;
	ll_game *g = LLG(s);
	const int col[3] = {2, 5, 6}, row[3] = {3, 4, 1};
	for (int l = 0; l < 3; l++) {
		g->map_col[l] = col[l];
		g->map_row[l] = row[l];
	}
	g->table_loc = 2;
	g->turn = 4;
	s->params[LLP_TF_TURNS] = 2;
	s->mover = 0;
	s->phase = LL_PH_MOVE;
	for (int k = 0; k < 2; k++)
		LLS(s, k)->allocated = 1;
	// Everyone on a 3 in grid, no groups; the archer and his target alone in a lane at x = 44.
	int n[2] = {0, 0};
	for (int j = 0; j < s->nfig; j++) {
		int k = s->fig[j].side, i = n[k]++;
		s->fig[j].pos.x = 2 + 3 * (i % 9);
		s->fig[j].pos.y = k == 0 ? 2 + 3 * (i / 9) : 46 - 3 * (i / 9);
		s->fig[j].facing = k == 0 ? 0 : 180;
		LLF(s, j)->group = -1;
		LLF(s, j)->loc = 2;
	}
	int archer = man(s, 2, 4), target = man(s, 5, 0);
	assert_int_equal(LLF(s, archer)->reach[0], TW_LL_MISSILE);
	assert_true(LLF(s, archer)->loaded);
	s->fig[archer].pos = (tw_vec2){44, 10};
	s->fig[target].pos = (tw_vec2){44, 25};
	const int l1[4][2] = {{2, 1}, {2, 2}, {1, 1}, {4, 1}}; // sheriff's two, the baron's one, the thane's one
	for (int i = 0; i < 4; i++) {
		int f = man(s, l1[i][0], l1[i][1]);
		s->fig[f].status = TW_FS_RESERVE;
		LLF(s, f)->loc = 1;
	}
	LLS(s, 0)->pts[0] = 6;
	LLS(s, 1)->pts[0] = 2;
	for (int k = 1; k < 22; k++)
		LLF(s, man(s, 5, k))->wounded = 1;
	assert_int_equal(ll_ca_at(s, 0, 1), 2); // the sheriff's group at L1
	assert_int_equal(ll_ca_at(s, 1, 1), 4);

	tw_order *o = order(LL_OT_SHOOT, 0);
	o->nfig = o->nfig2 = 1;
	o->fig[0] = archer;
	o->fig2[0] = target;
	DICE(o, 20, 20, 20, 20, 20);
	ok(s, o);
	assert_int_equal(s->fig[target].status, TW_FS_DEAD);
	assert_int_equal(LLF(s, target)->killer1, 2 + 1); // CA.D2: the sheriff's man killed him
	ok(s, order(LL_OT_END, 0));
	o = order(LL_OT_END, 1);
	DICE(o, 1); // TF.D4 at L1: 6 points to 2, thresholds 7/15/18: a decisive win for the baron's side
	ok(s, o);

	const tw_event *e = score_event("TF.D4", 4, "(CA.D2: for sheriff, against thane)");
	assert_non_null(e);
	assert_int_equal(e->c, 2);
	assert_int_equal(e->d, 4);
	e = score_event("CA.D2", 2, "a leader killed (CA.D2: for sheriff, against reeve)");
	assert_non_null(e);
	assert_int_equal(e->c, 2);
	assert_int_equal(e->d, 5);
	e = score_event("CA.D2", 2, "reeve's contingent broken (CA.D2: for baron, against reeve)");
	assert_non_null(e);
	assert_int_equal(e->c, 1);
	e = score_event("CA.D2", 3, "holds the field (TF.D7) (CA.D2: for baron, against thane)");
	assert_non_null(e);
	assert_int_equal(e->d, 4);
	assert_null(score_event("CA.D2", 2, "thane's contingent broken"));
	assert_int_equal(LLS(s, 0)->vp, 11);
	assert_int_equal(LLS(s, 0)->vp_ally, 6);
	assert_int_equal(LLS(s, 1)->vp_against, 11);
	assert_int_equal(LLS(s, 1)->vpa_ally, 4);
	assert_int_equal(LLS(s, 0)->vp_against, 0);
	int sc, ag;
	ll_ca_share(s, 1, 0, &sc, &ag);
	assert_int_equal(ag, 7);
	ll_ca_share(s, 0, 0, &sc, &ag);
	assert_int_equal(sc, 5);

	// CA.D3: the thane's side owes 14 + 8 points, each commander his own.
	assert_int_equal(s->phase, LL_PH_CA_DESERT);
	bool said = false;
	for (int i = 0; i < EV.n; i++)
		said |= EV.v[i].type == TW_EV_INFO && !strcmp(EV.v[i].clause, "CA.D3") &&
			!strcmp(EV.v[i].text, "thane: 7 VP against, 14 points of men desert; reeve: 4 VP against, 8 points: each chooses which (no leader)");
	assert_true(said);
	assert_int_equal(s->winner, 0);
	assert_int_equal(LLS(s, 1)->desert, 22);
	assert_int_equal(LLS(s, 0)->desert, 0);
	int thane2[8], reeve2[5], nt = 0, nr = 0;
	for (int k = 1; k < 23 && nt < 8; k++)
		if (LLF(s, man(s, 4, k))->pts == 2)
			thane2[nt++] = man(s, 4, k);
	for (int k = 1; k < 22 && nr < 5; k++)
		if (LLF(s, man(s, 5, k))->pts == 2)
			reeve2[nr++] = man(s, 5, k);
	assert_true(nt == 8 && nr == 5);
	o = order(LL_OT_DESERT, 1); // the shared split (thane 12, reeve 10) is refused
	for (int i = 0; i < 6; i++)
		o->fig[o->nfig++] = thane2[i];
	for (int i = 0; i < 5; i++)
		o->fig[o->nfig++] = reeve2[i];
	refused(s, o, "CA.D3", "");
	o = order(LL_OT_DESERT, 1);
	for (int i = 0; i < 7; i++)
		o->fig[o->nfig++] = thane2[i];
	for (int i = 0; i < 4; i++)
		o->fig[o->nfig++] = reeve2[i];
	ok(s, o);
	assert_true(s->over);

	json_int_t tot[4], ag0[4];
	const char *who[4] = {"baron", "sheriff", "thane", "reeve"};
	for (int i = 0; i < 4; i++) {
		tot[i] = member(carry, "totals", who[i]);
		ag0[i] = member(carry, "against", who[i]);
	}
	bool over = true;
	tw_error err = {0};
	assert_int_equal(ll_series_record(carry, 4, s, &over, &err), TW_OK);
	const int scored[4] = {5, 6, 0, 0}, against[4] = {0, 0, 7, 4};
	const int pts[4] = {41 + 5, 40 + 6, 41 - 14, 40 - 4 - 8}; // recruits; deserters (and the reeve's dead leader)
	const json_t *b4 = json_object_get(json_array_get(json_object_get(carry, "battles"), 3), "points");
	for (int i = 0; i < 4; i++) {
		assert_int_equal(member(carry, "totals", who[i]), tot[i] + scored[i]);
		assert_int_equal(member(carry, "against", who[i]), ag0[i] + against[i]);
		assert_int_equal(json_integer_value(json_object_get(b4, who[i])), scored[i]);
		assert_int_equal(force_points(carry, who[i]), pts[i]);
	}
	json_decref(carry);
	tw_state_free(s);
	free(s);
}

// CA.D2 by commander: ll_ca_present breaks a tie in points of good order by the points on the
// table, then gives it to the lead; outside a battle with allies a side's commander is its owner.
static void test_CA_D2_present_commander_ties(void **st)
{
	(void)st;
	json_t *carry;
	tw_state *s = battle4(&carry);
	assert_int_equal(ll_ca_present(s, 0), 1); // 41 points to 40: the baron
	LLF(s, man(s, 1, 22))->wounded = 1; // the baron's recruit (1 point) wounded: 40 to 40, 41 to 40 on the table
	assert_int_equal(ll_ca_present(s, 0), 1);
	s->fig[man(s, 1, 22)].status = TW_FS_DEAD; // 40 to 40 on both counts: the lead
	assert_int_equal(ll_ca_present(s, 0), 1);
	LLF(s, man(s, 1, 1))->wounded = 1; // 38 to 40: the sheriff
	assert_int_equal(ll_ca_present(s, 0), 2);
	assert_string_equal(ll_ca_name(s, 0, 2), "sheriff");
	assert_string_equal(ll_ca_name(s, 0, 1), "baron");
	LLS(s, 0)->ally1 = 0; // no ally: the owner, whatever his men
	assert_int_equal(ll_ca_present(s, 0), 1);
	json_decref(carry);
	tw_state_free(s);
	free(s);
}


// `tinwar campaign` in-process, its standard output into the file `out` (NULL: kept).
static int run(const char *const *args, const char *out)
{
	char *argv[40];
	int argc = 0;
	for (; args[argc]; argc++)
		argv[argc] = (char *)args[argc];
	argv[argc] = NULL;
	fflush(stdout);
	int keep = -1;
	if (out) {
		keep = dup(1);
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		assert_true(fd >= 0);
		dup2(fd, 1);
		close(fd);
	}
	int rc = cli_main(argc, argv);
	fflush(stdout);
	if (out) {
		dup2(keep, 1);
		close(keep);
	}
	return rc;
}

static json_t *carry_in(const char *db)
{
	tw_error err;
	tw_series *s = tw_series_open(db, &err);
	assert_non_null(s);
	tw_series_info in;
	assert_int_equal(tw_series_status(s, "war", &in, &err), TW_OK);
	json_t *c = json_loads(in.carry, 0, NULL);
	tw_series_info_free(&in);
	tw_series_close(s);
	assert_non_null(c);
	return c;
}

// tw_general_bind_role: a role of another side or none is refused; bound to the sheriff's seat,
// ll-three, ll-nq and the random general each order only the sheriff's men in his side's move
// (the baron's general only the baron's), and every order they give is one the seat may give.
static void test_CA_D1_general_bound_to_a_seat(void **st)
{
	(void)st;
	json_t *carry;
	tw_state *s = battle4(&carry);
	ll_game *g = LLG(s);
	g->table_loc = 2;
	g->turn = 3;
	s->mover = 0;
	s->phase = LL_PH_MOVE;
	for (int k = 0; k < 2; k++)
		LLS(s, k)->allocated = 1;
	for (int j = 0; j < s->nfig; j++)
		LLF(s, j)->loc = 2;
	tw_role_def roles[TW_MAX_ROLES];
	assert_int_equal(tw_state_roles(s, roles, TW_MAX_ROLES), 4);
	tw_error err = {0};
	const char *kinds[3] = {"ll-three", "ll-nq", "random"};
	tw_order *o = calloc(1, sizeof *o);
	for (int k = 0; k < 3; k++) {
		for (int role = 0; role < 2; role++) {
			tw_general *gen = tw_general_new(kinds[k], &tw_ruleset_lloyd, 0, 5);
			assert_non_null(gen);
			assert_int_equal(tw_general_bind_role(gen, s, 2, &err), TW_ERR_INPUT); // the thane's seat
			assert_int_equal(tw_general_bind_role(gen, s, 9, &err), TW_ERR_INPUT);
			assert_int_equal(tw_general_bind_role(gen, s, role, &err), TW_OK);
			int men = 0;
			for (int i = 0; i < 6; i++) {
				assert_int_equal(tw_general_decide(gen, s, o), TW_OK);
				assert_int_equal(tw_role_may(s, &roles[role], o, &err), TW_OK);
				for (int f = 0; f < o->nfig; f++)
					assert_int_equal(LLF(s, o->fig[f])->owner, role ? 2 : 1);
				men += o->nfig > 0;
			}
			assert_true(men > 0);
			tw_general_free(gen);
		}
	}
	free(o);
	json_decref(carry);
	tw_state_free(s);
	free(s);
}

// CA.D1 through `tinwar campaign play`: battles 1-3 by random generals, then battle 4, 2v2, by
// ll-three: a general a seat (four), each bound to his commander's seat (tw_general_bind_role).
// The terminal names the four seats; in battle 4's log every order naming men names one
// commander's men only, and within each side's run of orders the lead commander's general gives
// his orders first and then his ally's general (each in turn until he ends his part); with one
// general a side the two commanders' men were ordered mixed.
static void test_CA_D1_battle_4_a_general_a_seat(void **st)
{
	(void)st;
	llt_register();
	char db[] = "/tmp/tw-ll-camp-XXXXXX", out[] = "/tmp/tw-ll-camp-out-XXXXXX", log[] = "/tmp/tw-ll-camp-log-XXXXXX";
	close(mkstemp(db));
	close(mkstemp(out));
	close(mkstemp(log));
	unlink(db);
	const char *mk[] = {"tinwar", "campaign", "new", "war", "--ruleset", "lloyd", "--sides",
			    "earl,baron,sheriff,outlaw,thane,reeve", "--db", db, NULL};
	assert_int_equal(run(mk, out), 0);
	for (int seq = 1; seq <= 4; seq++) {
		char seed[8];
		snprintf(seed, sizeof seed, "%d", seq * 11);
		const char *gen = seq < 4 ? "random" : "ll-three";
		char ga[32], gb[32];
		snprintf(ga, sizeof ga, "saxons=%s", gen);
		snprintf(gb, sizeof gb, "danes=%s", gen);
		const char *play[] = {"tinwar", "campaign", "play", "war", "scenarios/lloyd/three.json", "--db", db, "--seed", seed,
				      "--general", ga, "--general", gb, "--log", log, NULL};
		assert_int_equal(run(play, out), 0);
	}
	size_t len;
	tw_error err = {0};
	char *text = tw_read_file(out, &len, &err);
	assert_non_null(text);
	json_t *c = carry_in(db);
	json_t *p4 = json_object_get(json_object_get(c, "pairings"), "4"), *a4 = json_object_get(json_object_get(c, "allies"), "4");
	const json_t *sides = json_object_get(c, "sides");
	char want[160];
	const char *nm[4];
	for (int i = 0; i < 4; i++)
		nm[i] = json_string_value(json_array_get(sides, (size_t)json_integer_value(json_array_get(i % 2 ? a4 : p4, (size_t)(i / 2)))));
	snprintf(want, sizeof want, "battle's seats: %s (ll-three) for %s, %s (ll-three) for %s, %s (ll-three) for %s, %s (ll-three) for %s: a general each",
		 nm[0], nm[0], nm[1], nm[0], nm[2], nm[2], nm[3], nm[2]);
	if (!strstr(text, want))
		fail_msg("no \"%s\" in:\n%s", want, text);
	free(text);
	assert_int_equal(json_object_size(json_object_get(json_array_get(json_object_get(c, "battles"), 3), "points")), 4);
	json_decref(c);
	// Battle 4's log: each side's runs of orders, lead's men first, then the ally's.
	char *lt = tw_read_file(log, &len, &err);
	assert_non_null(lt);
	bool hash_ok = false;
	tw_game *g = tw_game_log_replay(lt, len, "log", &hash_ok, &err);
	free(lt);
	assert_non_null(g);
	assert_true(hash_ok);
	const tw_state *s0 = tw_game_initial(g);
	int n = tw_game_order_count(g), last_side = -1, phase_owner = 0, men_orders[2] = {0, 0}, switches = 0;
	for (int i = 0; i < n; i++) {
		const tw_order *o = tw_game_order(g, i);
		if (o->type == LL_OT_END || o->side != last_side) {
			last_side = o->type == LL_OT_END ? -1 : o->side;
			phase_owner = 0;
		}
		if (o->type == LL_OT_ALLOCATE || o->type == LL_OT_DESERT || o->nfig == 0)
			continue;
		const ll_side *sd = (const ll_side *)tw_rec_row((tw_state *)s0, TW_REC_SIDE, o->side, sizeof(ll_side));
		int ally = sd->ally1 - 1, w = -1;
		for (int k = 0; k < o->nfig; k++) {
			const ll_frec *r = (const ll_frec *)tw_rec_row((tw_state *)s0, TW_REC_FIGURE, o->fig[k], sizeof(ll_frec));
			int who = r->owner == ally ? 1 : 0;
			if (w >= 0 && who != w)
				fail_msg("order %d names men of both commanders", i);
			w = who;
		}
		men_orders[w]++;
		if (w < phase_owner)
			fail_msg("order %d: the lead's man ordered after his ally's in one run", i);
		switches += w > phase_owner;
		phase_owner = w;
	}
	assert_true(men_orders[0] > 0 && men_orders[1] > 0); // both commanders' generals ordered men
	assert_true(switches > 0);
	tw_game_free(g);
	unlink(db);
	unlink(out);
	unlink(log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_CA_D2_battle_4_vps_by_commander),
	    cmocka_unit_test(test_CA_D2_present_commander_ties),
	    cmocka_unit_test(test_CA_D1_general_bound_to_a_seat),
	    cmocka_unit_test(test_CA_D1_battle_4_a_general_a_seat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

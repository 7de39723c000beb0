// Rattle scene builders and order helpers for tests (rd_scene.h).
#include "rd_scene.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rattle/rd.h"
#include "tinwar/rattle.h"

tw_events rdt_ev;

void rdt_register(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant;
	// The registry keeps the list: it must outlive the call.
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant,
	                                         &tw_ruleset_rattle};
	tw_register_builtin();
	tw_register_rulesets(list, 3);
}

tw_state *rdt_scene(void)
{
	rdt_register();
	tw_state *s = calloc(1, sizeof *s);
	assert_non_null(s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("rattle")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_rattle, s);
	tw_rng_seed(&s->rng, 1);
	s->dice = TW_DICE_ENTERED;
	s->table.width = 120;
	s->table.depth = 100;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = 100;
	s->sides[1].forward = -1;
	s->winner = -1;
	return s;
}

void rdt_done(tw_state *s)
{
	tw_error err = {0};
	if (tw_state_check(s, &err) != TW_OK)
		fail_msg("state check: %s: %s", err.clause, err.message);
	tw_state_free(s);
	free(s);
}

void rdt_start(tw_state *s)
{
	tw_error err = {0};
	if (tw_ruleset_rattle.setup(s, &err) != TW_OK)
		fail_msg("setup: %s: %s", err.clause, err.message);
}

int rdt_unit(tw_state *s, int side, int type, int formation, int n, int files, double x, double y,
             double facing)
{
	tw_unit u = {
	    .id = s->nunit, .side = (uint8_t)side, .formation = (uint8_t)formation, .facing = facing};
	snprintf(u.name, sizeof u.name, "%s %d", s->sides[side].name, s->nunit);
	assert_non_null(tw_state_add_unit(s, &u));
	int id = u.id;
	RDU(s, id)->type = type;
	RDU(s, id)->weapon = rd_types[type].artillery ? TW_RD_ARTILLERY : TW_RD_RIFLE;
	double gap = formation == TW_RD_F_SKIRMISH ? 2.0 : 1.0, back = facing == 0 ? -1 : 1;
	int kind = rd_types[type].artillery ? TW_FK_GUNNER
	           : type == TW_RD_CAVALRY  ? TW_FK_CAVALRY
	                                    : TW_FK_INFANTRY;
	for (int i = 0; i < n; i++) {
		int file = i % files, rank = i / files;
		tw_figure f = {.id = s->nfig,
		               .kind = (uint8_t)kind,
		               .side = (uint8_t)side,
		               .status = TW_FS_ACTIVE,
		               .facing = facing,
		               .radius = 0.5,
		               .height = 1,
		               .unit = id};
		f.pos = tw_v2(x + (file - (files - 1) / 2.0) * gap, y + back * rank);
		assert_non_null(tw_state_add_figure(s, &f));
	}
	return id;
}

int rdt_general(tw_state *s, int side, double x, double y, bool commander)
{
	tw_figure f = {.id = s->nfig,
	               .kind = TW_FK_GENERAL,
	               .side = (uint8_t)side,
	               .status = TW_FS_ACTIVE,
	               .radius = 0.5,
	               .height = 1,
	               .unit = -1,
	               .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	RDF(s, f.id)->commander = commander;
	return f.id;
}

int rdt_box(tw_state *s, int kind, double x0, double y0, double x1, double y1)
{
	tw_terrain t = {.kind = (uint8_t)kind,
	                .shape = TW_SHAPE_POLY,
	                .nverts = 4,
	                .height = 1,
	                .v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
	snprintf(t.name, sizeof t.name, "%s", tw_terrain_kind_name((tw_terrain_kind)kind));
	tw_terrain_finish(&t);
	int id = tw_table_add(&s->table, &t);
	assert_true(id >= 0);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK); // records for the new piece
	return id;
}

int rdt_observer_post(tw_state *s, tw_vec2 signals)
{
	tw_figure obs = {.id = s->nfig,
	                 .kind = TW_FK_OTHER,
	                 .side = 0,
	                 .status = TW_FS_ACTIVE,
	                 .radius = 0.5,
	                 .height = 1,
	                 .unit = -1,
	                 .pos = {10, 10}};
	tw_state_add_figure(s, &obs);
	RDF(s, obs.id)->role = RD_ROLE_OBSERVER;
	tw_figure sig = obs;
	sig.id = s->nfig;
	sig.pos = signals;
	tw_state_add_figure(s, &sig);
	RDF(s, sig.id)->role = RD_ROLE_SIGNALS;
	tw_terrain post = {.kind = TW_TER_HILL,
	                   .shape = TW_SHAPE_POLY,
	                   .nverts = 4,
	                   .height = 1,
	                   .v = {{8, 8}, {12, 8}, {12, 12}, {8, 12}}};
	tw_terrain_finish(&post);
	int t = tw_table_add(&s->table, &post);
	assert_true(t >= 0);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK); // records for the new piece
	((rd_trec *)tw_rec(s, TW_REC_TERRAIN, t))->post = 1;
	return sig.id;
}

void rdt_brigades(tw_state *s, int side)
{
	int n = s->nunit;
	for (int u = 0; u < n; u++)
		if (s->unit[u].side == side) {
			tw_vec2 c = rd_unit_centre(s, u);
			RDU(s, u)->brigade = rdt_general(s, side, c.x + 3, c.y, false);
		}
}

int rdt_first_fig(const tw_state *s, int unit)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE)
			return i;
	return -1;
}

tw_order *rdt_order(int type, int side)
{
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	tw_order_init(o, type, side);
	return o;
}

void rdt_dice(tw_order *o, int n, const int *faces)
{
	for (int i = 0; i < n; i++)
		o->dice[o->ndice++] = (uint8_t)faces[i];
}

tw_order *rdt_unit_order(const tw_state *s, int type, int unit)
{
	tw_order *o = rdt_order(type, s->unit[unit].side);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE)
			o->fig[o->nfig++] = i;
	return o;
}

tw_order *rdt_move(const tw_state *s, int unit, double x, double y)
{
	tw_order *o = rdt_unit_order(s, RD_OT_MOVE, unit);
	o->path[0] = tw_v2(x, y);
	o->npath = 1;
	return o;
}

tw_order *rdt_shoot(const tw_state *s, int unit, int target)
{
	tw_order *o = rdt_unit_order(s, RD_OT_SHOOT, unit);
	o->fig2[o->nfig2++] = rdt_first_fig(s, target);
	return o;
}

tw_order *rdt_steady(int side, int roll)
{
	tw_order *o = rdt_order(RD_OT_STEADY, side);
	o->n = roll;
	return o;
}

void rdt_ok(tw_state *s, tw_order *o)
{
	tw_error err = {0};
	tw_events_clear(&rdt_ev);
	tw_status st = tw_state_apply(s, o, NULL, &rdt_ev, &err);
	free(o);
	if (st != TW_OK)
		fail_msg("refused: %s: %s", err.clause, err.message);
	if (tw_state_check(s, &err) != TW_OK)
		fail_msg("state check: %s: %s", err.clause, err.message);
}

void rdt_refused(tw_state *s, tw_order *o, const char *clause)
{
	tw_error err = {0};
	uint64_t h = tw_state_hash(s);
	int n = s->table.nterrain;
	tw_events_clear(&rdt_ev);
	tw_status st = tw_state_apply(s, o, NULL, &rdt_ev, &err);
	free(o);
	if (st == TW_OK)
		fail_msg("accepted, expected a refusal by %s", clause);
	if (strcmp(err.clause, clause) != 0)
		fail_msg("refused by %s (%s), expected %s", err.clause, err.message, clause);
	assert_true(tw_state_hash(s) == h);
	assert_int_equal(s->table.nterrain, n);
}

int rdt_count(const char *clause, int type)
{
	int n = 0;
	for (int i = 0; i < rdt_ev.n; i++)
		n += strcmp(rdt_ev.v[i].clause, clause) == 0 && (type < 0 || rdt_ev.v[i].type == type);
	return n;
}

const tw_event *rdt_find(const char *clause, int type, int a)
{
	for (int i = 0; i < rdt_ev.n; i++)
		if (strcmp(rdt_ev.v[i].clause, clause) == 0 && (type < 0 || rdt_ev.v[i].type == type) &&
		    (a < 0 || rdt_ev.v[i].a == a))
			return &rdt_ev.v[i];
	return NULL;
}

const tw_event *rdt_find_move(const char *clause, int unit)
{
	for (int i = 0; i < rdt_ev.n; i++) {
		const tw_event *e = &rdt_ev.v[i];
		if (e->type == TW_EV_MOVE && strcmp(e->clause, clause) == 0 && e->b == unit)
			return e;
	}
	return NULL;
}

bool rdt_text_has(const char *clause, const char *words)
{
	for (int i = 0; i < rdt_ev.n; i++)
		if (strcmp(rdt_ev.v[i].clause, clause) == 0 && strstr(rdt_ev.v[i].text, words))
			return true;
	return false;
}

tw_decision rdt_decision(const tw_state *s)
{
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	return d[0];
}

void rdt_red_first(tw_state *s, int d0, int d1)
{
	tw_order *o = rdt_order(RD_OT_INITIATIVE, s->mover);
	RDT_DICE(o, d0, d1);
	rdt_ok(s, o);
	o = rdt_order(RD_OT_FIRST, 0);
	o->n = 0;
	rdt_ok(s, o);
	assert_int_equal(s->phase, RD_PH_FIRST);
	assert_int_equal(s->mover, 0);
}

void rdt_first(tw_state *s, int side)
{
	tw_order *o = rdt_order(RD_OT_INITIATIVE, s->mover);
	if (side == 0)
		RDT_DICE(o, 5, 1);
	else
		RDT_DICE(o, 1, 5);
	rdt_ok(s, o);
	o = rdt_order(RD_OT_FIRST, side);
	o->n = 0;
	rdt_ok(s, o);
	assert_int_equal(s->phase, RD_PH_FIRST);
	assert_int_equal(s->mover, side);
}

void rdt_end_turn(tw_state *s)
{
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	assert_int_equal(s->phase, RD_PH_SECOND);
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	assert_int_equal(s->phase, RD_PH_INITIATIVE);
}

int rdt_teardown(void **st)
{
	(void)st;
	tw_events_free(&rdt_ev);
	return 0;
}

// JSON I/O: scenarios, states, orders, events, logs and atomic files (docs/format.md).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/io_internal.h"
#include "rules/littlewars/lw.h"
#include "scene.h"

// ---- helpers ----

static tw_status load(tw_state *s, const char *text, tw_error *err)
{
	return tw_state_from_text(s, text, strlen(text), "t.json", err);
}

/// Dumps with the flags the library uses, parses back; returns the reloaded state's hash.
static uint64_t reload_hash(const tw_state *s, char **dump_out)
{
	json_t *j = tw_state_to_json(s);
	assert_non_null(j);
	char *text = tw_io_dumps(j);
	json_decref(j);
	assert_non_null(text);
	tw_state t;
	tw_error err;
	tw_status st = tw_state_from_text(&t, text, strlen(text), "dump", &err);
	if (st != TW_OK)
		fail_msg("reload failed: %s (%s)\n%s", err.message, err.path, text);
	uint64_t h = tw_state_hash(&t);
	// A second dump of the reloaded state is byte-identical (the writer is canonical).
	json_t *j2 = tw_state_to_json(&t);
	char *text2 = tw_io_dumps(j2);
	json_decref(j2);
	assert_string_equal(text, text2);
	free(text2);
	tw_state_free(&t);
	if (dump_out)
		*dump_out = text;
	else
		free(text);
	return h;
}

/// Loads doc, expects TW_ERR_INPUT with err.path == path; s must be left unchanged.
static void expect_path(const char *doc, const char *path)
{
	tw_state s;
	memset(&s, 0xA5, sizeof s);
	tw_state before = s;
	tw_error err;
	tw_status st = load(&s, doc, &err);
	if (st != TW_ERR_INPUT || strcmp(err.path, path) != 0)
		fail_msg("doc %s\n expected path %s, got status %d path '%s' message '%s'", doc, path, st,
			 err.path, err.message);
	assert_memory_equal(&s, &before, sizeof s);
	assert_int_equal(err.line, 0);
	// Content errors name the source and the path in the message.
	assert_non_null(strstr(err.message, "t.json: "));
	assert_non_null(strstr(err.message, path));
}

// ---- syntax ----

static void test_syntax_error_has_line_and_column(void **st)
{
	(void)st;
	const char *doc = "{\n  \"format\": \"tinwar-scenario\",\n  \"version\": 1,\n  oops\n}";
	tw_state s;
	tw_error err;
	assert_int_equal(load(&s, doc, &err), TW_ERR_INPUT);
	assert_int_equal(err.line, 4);
	assert_true(err.column > 0);
	assert_non_null(strstr(err.message, "t.json:4:"));
	assert_string_equal(err.path, "");
}

static void test_duplicate_key_rejected(void **st)
{
	(void)st;
	const char *doc = "{\"format\": \"tinwar-scenario\", \"version\": 1,\n \"version\": 1}";
	tw_state s;
	tw_error err;
	assert_int_equal(load(&s, doc, &err), TW_ERR_INPUT);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.message, "duplicate"));
}

static void test_unknown_key_rejected(void **st)
{
	(void)st;
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\", \"colour\": 1,"
		    "\"table\": {\"width\": 72, \"depth\": 48}}",
		    "$.colour");
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\","
		    "\"table\": {\"width\": 72, \"depth\": 48}, \"figures\": [{\"kind\": \"infantry\", \"side\": "
		    "\"red\", \"colour\": \"red\"}]}",
		    "$.figures[0].colour");
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\","
		    "\"table\": {\"width\": 72, \"depth\": 48, \"height\": 3}}",
		    "$.table.height");
}

// ---- content errors carry the JSON path ----

#define HEAD "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\", \"table\": {\"width\": 72, \"depth\": 48}"
#define FIG(extra) "{\"id\": 0, \"kind\": \"infantry\", \"side\": \"red\", \"at\": [1, 2]" extra "}"

static void test_content_errors_have_paths(void **st)
{
	(void)st;
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 2, \"ruleset\": \"littlewars\"}", "$.version");
	expect_path("{\"format\": \"tinwar-game\", \"version\": 1}", "$.format");
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"chess\"}", "$.ruleset");
	expect_path("{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\"}", "$");
	expect_path(HEAD ", \"params\": {\"interval\": 9}}", "$.params.interval");
	expect_path(HEAD ", \"params\": {\"variety\": \"skirmish\"}}", "$.params.variety");
	expect_path(HEAD ", \"params\": {\"variety\": 1.5}}", "$.params.variety");
	expect_path(HEAD ", \"params\": {\"nope\": 1}}", "$.params.nope");
	expect_path(HEAD ", \"params\": {\"curtain\": \"yes\"}}", "$.params.curtain");
	expect_path(HEAD ", \"sides\": [{\"name\": \"red\", \"back_y\": 0}]}", "$.sides");
	expect_path(HEAD ", \"sides\": [{\"name\": \"red\", \"back_y\": 0}, {\"name\": \"red\", \"back_y\": 48}]}",
		    "$.sides[1].name");
	expect_path(HEAD ", \"sides\": [{\"name\": \"red\", \"back_y\": 0, \"forward\": 0.5}, {\"name\": \"b\", "
		    "\"back_y\": 48}]}",
		    "$.sides[0].forward");
	expect_path(HEAD ", \"terrain\": [{\"kind\": \"house\", \"poly\": [[0,0],[1,1]]}]}", "$.terrain[0].poly");
	expect_path(HEAD ", \"terrain\": [{\"kind\": \"house\", \"poly\": [[0,0],[1,1],[1,0]], \"circle\": [1,1,1]}]}",
		    "$.terrain[0]");
	expect_path(HEAD ", \"terrain\": [{\"kind\": \"castle\", \"circle\": [1,1,1]}]}", "$.terrain[0].kind");
	expect_path(HEAD ", \"terrain\": [{\"kind\": \"tree\", \"circle\": [1,1,-1]}]}", "$.terrain[0].circle[2]");
	expect_path(HEAD ", \"terrain\": [{\"kind\": \"tree\", \"circle\": [1,1,1], \"height\": \"tall\"}]}",
		    "$.terrain[0].height");
	expect_path(HEAD ", \"figures\": [" FIG("") ", " FIG("") "]}", "$.figures[1].id");
	expect_path(HEAD ", \"figures\": [{\"kind\": \"dragoon\", \"side\": \"red\"}]}", "$.figures[0].kind");
	expect_path(HEAD ", \"figures\": [{\"kind\": \"infantry\", \"side\": \"green\"}]}", "$.figures[0].side");
	expect_path(HEAD ", \"figures\": [{\"kind\": \"infantry\"}]}", "$.figures[0].side");
	expect_path(HEAD ", \"figures\": [{\"kind\": \"infantry\", \"side\": \"red\", \"at\": [1e9, 0]}]}",
		    "$.figures[0].at[0]");
	expect_path(HEAD ", \"figures\": [{\"kind\": \"infantry\", \"side\": \"red\", \"at\": [1]}]}", "$.figures[0].at");
	expect_path(HEAD ", \"figures\": [" FIG(", \"status\": \"asleep\"") "]}", "$.figures[0].status");
	expect_path(HEAD ", \"figures\": [" FIG(", \"unit\": 0") "]}", "$.figures[0].unit");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"escort\": 1}") "]}", "$.figures[0].data.escort");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"captor\": \"green\"}") "]}", "$.figures[0].data.captor");
	expect_path(HEAD ", \"figures\": [" FIG(", \"captor\": \"blue\"") "]}", "$.figures[0].captor"); // no such key now
	expect_path(HEAD ", \"figures\": [" FIG(", \"radius\": 0") "]}", "$.figures[0].radius");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"changed_in\": 2.5}") "]}", "$.figures[0].data.changed_in");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"marks\": [\"asleep\"]}") "]}", "$.figures[0].data.marks[0]");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"elevation\": 91}]}", "$.guns[0].elevation");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"action\": \"sleeping\"}]}", "$.guns[0].action");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"data\": {\"crossers\": [0]}}]}", "$.guns[0].data.crossers[0]");
	expect_path(HEAD ", \"units\": [{\"side\": \"blue\", \"figures\": [3]}]}", "$.units[0].figures[0]");
	expect_path(HEAD ", \"rng\": [\"0\", \"0\", \"0\", \"0\"]}", "$.rng");
	expect_path(HEAD ", \"rng\": [\"1\", \"2\", \"3\", \"xyz\"]}", "$.rng[3]");
	expect_path(HEAD ", \"mover\": 2}", "$.mover");
	expect_path(HEAD ", \"over\": 1}", "$.over");
	expect_path(HEAD ", \"vars\": [0]}", "$.vars"); // the old generic integers are gone: data
	expect_path(HEAD ", \"data\": {\"melees\": 4294967296}}", "$.data.melees");
}

static void test_unit_membership_conflict(void **st)
{
	(void)st;
	expect_path(HEAD ", \"units\": [{\"side\": \"red\"}, {\"side\": \"red\", \"figures\": [0]}], \"figures\": ["
		    FIG(", \"unit\": 0") "]}",
		    "$.units[1].figures[0]");
	tw_state s;
	tw_error err;
	assert_int_equal(load(&s, HEAD ", \"units\": [{\"side\": \"red\", \"name\": \"left\", \"figures\": [0]}], "
				  "\"figures\": [" FIG("") "]}",
			      &err),
			 TW_OK);
	assert_int_equal(s.fig[0].unit, 0);
	assert_string_equal(s.unit[0].name, "left");
	tw_state_free(&s);
}

// ---- scenarios take defaults ----

static void test_scenario_defaults(void **st)
{
	(void)st;
	tw_state s;
	tw_error err;
	const char *doc = HEAD ", \"name\": \"mini\", \"params\": {\"variety\": \"defensive\", \"interval\": 4},"
			       "\"terrain\": [{\"kind\": \"house\", \"poly\": [[10,10],[16,10],[16,15],[10,15]]}],"
			       "\"figures\": [{\"kind\": \"cavalry\", \"side\": \"blue\", \"at\": [3, 40]}],"
			       "\"guns\": [{\"side\": \"red\", \"at\": [20, 2]}]}";
	assert_int_equal(load(&s, doc, &err), TW_OK);
	assert_string_equal(s.scenario, "mini");
	assert_int_equal(s.ruleset, tw_ruleset_find("littlewars"));
	assert_true(s.params[LWP_VARIETY] == LW_VAR_DEFENSIVE);
	assert_true(s.params[LWP_INTERVAL] == 4);
	assert_true(s.params[LWP_AIM_SIGMA] == 0.048);
	assert_int_equal(s.nsides, 2);
	assert_string_equal(s.sides[0].name, "red");
	assert_string_equal(s.sides[1].name, "blue");
	assert_true(s.sides[1].back_y == 48 && s.sides[1].forward == -1 && s.sides[0].forward == 1);
	assert_int_equal(s.table.nterrain, 1);
	assert_true(s.table.terrain[0].height > 0);
	assert_true(s.table.terrain[0].hi.x == 16); // derived bounding box
	const tw_figure *f = &s.fig[0];
	assert_int_equal(f->status, TW_FS_UNPLACED);
	assert_int_equal(LWF(&s, f)->captor, -1);
	assert_int_equal(LWF(&s, f)->escort, -1);
	assert_int_equal(f->unit, -1);
	assert_true(f->radius == 0.5 && f->height == 2.6 && f->facing == 180);
	const tw_gun *g = &s.gun[0];
	assert_true(g->trail == 3.0 && g->half_axle == 0.9 && g->muzzle == 2.0 && g->bearing == 0);
	assert_int_equal(g->orig_side, 0);
	assert_int_equal(s.winner, -1);
	assert_int_equal(LWG(&s)->first, -1);
	assert_int_equal(s.mover, -1);
	tw_state_free(&s);

	// A state document: figures default to active.
	assert_int_equal(load(&s, "{\"format\": \"tinwar-state\", \"version\": 1, \"ruleset\": \"littlewars\", \"table\": "
				  "{\"width\": 72, \"depth\": 48}, \"figures\": [{\"kind\": \"infantry\", \"side\": \"red\"}]}",
			      &err),
			 TW_OK);
	assert_int_equal(s.fig[0].status, TW_FS_ACTIVE);
	tw_state_free(&s);
}

// ---- states round-trip exactly ----

static double rnd(tw_rng *r, double lo, double hi) { return lo + (hi - lo) * tw_rng_unit(r); }

/// A random state with every saved field disturbed (builders from tests/support/scene.h).
/// A value in [lo, hi] (an end of it one time in two).
static double in_range(tw_rng *r, int64_t lo, int64_t hi)
{
	if (hi < lo)
		return (double)lo;
	if (tw_rng_below(r, 2))
		return (double)(tw_rng_below(r, 2) ? lo : hi);
	return (double)(lo + (int64_t)(tw_rng_u64(r) % (uint64_t)(hi - lo + 1)));
}

/// Every field of every record of s (record.h) anywhere its table allows, often at an end;
/// references to things that exist or to none.
static void random_records(tw_rng *r, tw_state *s)
{
	for (int kind = 0; kind < TW_REC_KIND_COUNT; kind++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)kind);
		if (!d)
			continue;
		for (int i = 0; i < tw_rec_count(s, (tw_rec_kind)kind); i++) {
			void *rec = tw_rec(s, (tw_rec_kind)kind, i);
			for (int fi = 0; fi < d->nfields; fi++) {
				const tw_field_def *f = &d->fields[fi];
				int n = f->type == TW_FT_STR ? 0 : f->count;
				for (int k = 0; k < n; k++) {
					double v;
					int nch = 0;
					while (f->choices && f->choices[nch])
						nch++;
					switch (f->type) {
					case TW_FT_BOOL: v = (double)tw_rng_below(r, 2); break;
					case TW_FT_ENUM: v = (double)tw_rng_below(r, (uint32_t)nch); break;
					case TW_FT_FLAGS: v = (double)(tw_rng_u64(r) & ((1ull << nch) - 1)); break;
					case TW_FT_FIG: v = in_range(r, -1, s->nfig - 1); break;
					case TW_FT_GUN: v = in_range(r, -1, s->ngun - 1); break;
					case TW_FT_UNIT: v = in_range(r, -1, s->nunit - 1); break;
					case TW_FT_TERRAIN: v = in_range(r, -1, s->table.nterrain - 1); break;
					case TW_FT_SIDE: v = in_range(r, -1, s->nsides - 1); break;
					case TW_FT_F64: v = rnd(r, f->min, f->max); break;
					default: v = in_range(r, (int64_t)f->min, (int64_t)f->max); break;
					}
					tw_rec_set(rec, f, k, v);
				}
			}
		}
	}
}

static tw_state *random_state(tw_rng *r)
{
	tw_state *s = tw_test_lw_state(rnd(r, 10, 200), rnd(r, 10, 150), (int)tw_rng_below(r, 50), (int)tw_rng_below(r, 2));
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	for (int i = 0; i < rs->nparams; i++) {
		const tw_param_def *d = &rs->params[i];
		s->params[i] = d->choices ? (double)tw_rng_below(r, (uint32_t)d->max + 1) : rnd(r, d->min, d->max);
	}
	int nter = (int)tw_rng_below(r, 5);
	for (int i = 0; i < nter; i++) {
		if (tw_rng_below(r, 2))
			tw_test_box(s, (int)tw_rng_below(r, TW_TER_KIND_COUNT), rnd(r, 0, 50), rnd(r, 0, 50), rnd(r, 50, 99),
				    rnd(r, 50, 99), rnd(r, 0, 5));
		else
			tw_test_circle(s, (int)tw_rng_below(r, TW_TER_KIND_COUNT), rnd(r, -10, 99), rnd(r, 0, 99),
				       rnd(r, 0.1, 9), rnd(r, 0, 9));
		tw_terrain *t = &s->table.terrain[s->table.nterrain - 1];
		t->z0 = tw_rng_below(r, 2) ? 0 : rnd(r, 0, 3);
		if (tw_rng_below(r, 2))
			snprintf(t->name, sizeof t->name, "piece %d", i);
	}
	int nunit = (int)tw_rng_below(r, 3);
	for (int i = 0; i < nunit; i++) {
		tw_unit u;
		memset(&u, 0, sizeof u);
		u.side = (uint8_t)tw_rng_below(r, 2);
		u.formation = (uint8_t)tw_rng_below(r, 4);
		u.facing = rnd(r, 0, 360);
		snprintf(u.name, sizeof u.name, "unit %d", i);
		tw_state_add_unit(s, &u);
	}
	int nfig = (int)tw_rng_below(r, 40);
	for (int i = 0; i < nfig; i++) {
		int id = tw_test_man(s, (int)tw_rng_below(r, 2), TW_FK_INFANTRY, rnd(r, -5, 200), rnd(r, -5, 150));
		tw_figure *f = &s->fig[id];
		f->kind = (uint8_t)tw_rng_below(r, TW_FK_COUNT);
		uint32_t st = tw_rng_below(r, TW_FS_GENERIC_COUNT + (uint32_t)rs->nstatuses);
		f->status = (uint8_t)(st < TW_FS_GENERIC_COUNT ? st : TW_FS_RULESET + st - TW_FS_GENERIC_COUNT);
		f->flags = (uint32_t)tw_rng_u64(r) & (TW_FF_LYING | TW_FF_HIDDEN);
		f->facing = rnd(r, -360, 360);
		f->radius = rnd(r, 0.1, 1);
		f->height = rnd(r, 1, 3);
		f->unit = nunit ? (int32_t)tw_rng_below(r, (uint32_t)nunit + 1) - 1 : -1;
		f->moved_in = (int32_t)tw_rng_below(r, 60);
		f->move_used = tw_rng_below(r, 2) ? rnd(r, 0, 24) : 0;
	}
	int ngun = (int)tw_rng_below(r, 4);
	for (int i = 0; i < ngun; i++) {
		int id = tw_test_gun(s, (int)tw_rng_below(r, 2), rnd(r, 0, 100), rnd(r, 0, 100), rnd(r, 0, 360));
		tw_gun *g = &s->gun[id];
		g->orig_side = (uint8_t)tw_rng_below(r, 2);
		g->elevation = rnd(r, -10, 45);
		g->action = (uint8_t)tw_rng_below(r, 3);
		g->shots = (uint8_t)tw_rng_below(r, 5);
		g->model = (int32_t)tw_rng_below(r, 3);
		g->acted_in = (int32_t)tw_rng_below(r, 40);
		g->flags = (uint32_t)tw_rng_u64(r) & TW_FF_HIDDEN;
	}
	random_records(r, s);
	s->seed = tw_rng_u64(r);
	for (int k = 0; k < 4; k++)
		s->rng.s[k] = tw_rng_u64(r);
	s->rng.draws = tw_rng_u64(r) >> tw_rng_below(r, 64);
	s->phase = (int32_t)tw_rng_below(r, (uint32_t)rs->phase_max + 1);
	s->move_no = tw_rng_below(r, 4) ? (int32_t)tw_rng_below(r, 100) : TW_LOAD_MAX_MOVE;
	s->winner = (int8_t)((int)tw_rng_below(r, 4) - 2);
	s->over = tw_rng_below(r, 2);
	s->sides[0].start_men = (int32_t)tw_rng_below(r, 100);
	s->sides[1].start_guns = (int32_t)tw_rng_below(r, 4);
	if (tw_rng_below(r, 2))
		snprintf(s->scenario, sizeof s->scenario, "random %u", (unsigned)tw_rng_below(r, 1000));
	return s;
}

static void test_state_roundtrip_random(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 2024);
	for (int i = 0; i < 300; i++) {
		tw_state *s = random_state(&r);
		assert_int_equal(reload_hash(s, NULL), tw_state_hash(s));
		tw_test_free(s);
	}
}

static void test_state_save_and_load(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 5);
	tw_state *s = random_state(&r);
	char dir[] = "/tmp/tw_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/state.json", dir);
	tw_error err;
	assert_int_equal(tw_state_save(s, path, &err), TW_OK);
	tw_state t;
	assert_int_equal(tw_state_load(&t, path, &err), TW_OK);
	assert_int_equal(tw_state_hash(&t), tw_state_hash(s));
	tw_state_free(&t);
	tw_test_free(s);
	// A missing file is an I/O error naming the file.
	snprintf(path, sizeof path, "%s/none.json", dir);
	assert_int_equal(tw_state_load(&t, path, &err), TW_ERR_IO);
	assert_non_null(strstr(err.message, "none.json"));
	snprintf(path, sizeof path, "%s/state.json", dir);
	unlink(path);
	rmdir(dir);
}

// ---- atomic writes ----

static int count_temp_files(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".tmp."))
			n++;
	closedir(d);
	return n;
}

static char *slurp(const char *path)
{
	tw_error err;
	size_t len;
	char *t = tw_read_file(path, &len, &err);
	assert_non_null(t);
	assert_int_equal(strlen(t), len);
	return t;
}

static void test_atomic_write(void **st)
{
	(void)st;
	char dir[] = "/tmp/tw_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256], bad[300];
	snprintf(path, sizeof path, "%s/file.json", dir);
	tw_error err;
	assert_int_equal(tw_write_file_atomic(path, "old", 3, &err), TW_OK);
	assert_int_equal(tw_write_file_atomic(path, "new!", 4, &err), TW_OK);
	char *t = slurp(path);
	assert_string_equal(t, "new!");
	free(t);
	assert_int_equal(count_temp_files(dir), 0);
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0644);

	// A directory that does not exist.
	snprintf(bad, sizeof bad, "%s/no/such/dir/file.json", dir);
	assert_int_equal(tw_write_file_atomic(bad, "x", 1, &err), TW_ERR_IO);
	assert_non_null(strstr(err.message, "file.json"));
	assert_int_equal(tw_write_file_atomic("", "x", 1, &err), TW_ERR_IO);

	// The target is a directory: rename fails, the directory and its content stay, no temp is left.
	char sub[300], inner[320];
	snprintf(sub, sizeof sub, "%s/sub", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(inner, sizeof inner, "%s/keep", sub);
	assert_int_equal(tw_write_file_atomic(inner, "keep", 4, &err), TW_OK);
	assert_int_equal(tw_write_file_atomic(sub, "x", 1, &err), TW_ERR_IO);
	assert_non_null(strstr(err.message, "rename"));
	t = slurp(inner);
	assert_string_equal(t, "keep");
	free(t);
	assert_int_equal(count_temp_files(dir), 0);

	// An unwritable directory (root ignores permissions, so only checked for other users).
	if (geteuid() != 0) {
		assert_int_equal(chmod(dir, 0555), 0);
		assert_int_equal(tw_write_file_atomic(path, "newer", 5, &err), TW_ERR_IO);
		assert_int_equal(chmod(dir, 0755), 0);
		t = slurp(path);
		assert_string_equal(t, "new!");
		free(t);
		assert_int_equal(count_temp_files(dir), 0);
	}
	// A state save onto a bad path leaves the old file alone.
	tw_state *s = tw_test_lw_state(72, 48, 1, 0);
	assert_int_equal(tw_state_save(s, sub, &err), TW_ERR_IO);
	assert_int_equal(tw_state_save(s, path, &err), TW_OK);
	tw_test_free(s);
	assert_int_equal(count_temp_files(dir), 0);

	unlink(inner);
	rmdir(sub);
	unlink(path);
	rmdir(dir);
}

// ---- orders ----

static tw_state *order_state(void)
{
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 10, 10, 1);
	tw_test_row(s, 1, TW_FK_CAVALRY, 4, 10, 40, 2);
	tw_test_gun(s, 0, 30, 5, 0);
	tw_test_gun(s, 1, 30, 44, 180);
	return s;
}

// A position in play big enough for the rules to accept a game (LW.VAR.4: 10 men a side).
static tw_state *log_state(void)
{
	tw_state *s = order_state();
	tw_test_row(s, 0, TW_FK_INFANTRY, 8, 10, 14, 1);
	tw_test_row(s, 1, TW_FK_INFANTRY, 8, 10, 36, 1);
	LWG(s)->draw_at = 1;
	return s;
}

static void order_roundtrip(const tw_state *s, const char *text)
{
	tw_order *o = NULL, *o2 = malloc(sizeof *o2);
	int n = 0;
	tw_error err;
	tw_status st = tw_orders_from_text(&o, &n, s, text, strlen(text), "o.json", &err);
	if (st != TW_OK)
		fail_msg("%s: %s", text, err.message);
	assert_int_equal(n, 1);
	json_t *j = tw_order_to_json(&o[0], s);
	assert_non_null(j);
	char *dump = tw_io_dumps(j);
	json_decref(j);
	json_error_t je;
	json_t *j2 = json_loads(dump, JSON_REJECT_DUPLICATES, &je);
	assert_non_null(j2);
	if (tw_order_from_json(o2, s, j2, "$", &err) != TW_OK)
		fail_msg("%s -> %s: %s", text, dump, err.message);
	if (!tw_io_order_equal(&o[0], o2))
		fail_msg("order changed in a round trip: %s -> %s", text, dump);
	json_decref(j2);
	free(dump);
	free(o);
	free(o2);
}

static void test_order_roundtrip_every_type(void **st)
{
	(void)st;
	tw_state *s = order_state();
	const char *orders[] = {
		"{\"type\": \"toss\", \"side\": \"red\"}",
		"{\"type\": \"ready\", \"side\": \"blue\"}",
		"{\"type\": \"deploy\", \"side\": \"red\", \"placements\": [{\"figure\": 0, \"at\": [1, 2]}, "
		"{\"figure\": 1, \"at\": [2.5, 2], \"facing\": 45}], \"guns\": [{\"gun\": 0, \"at\": [5, 5], \"bearing\": 10}]}",
		"{\"type\": \"deploy\", \"side\": \"blue\", \"guns\": [{\"gun\": 1, \"at\": [5, 45]}]}",
		"{\"type\": \"take_reserve\", \"side\": \"red\", \"figures\": [0, 1, 2]}",
		"{\"type\": \"take_reserve\", \"side\": \"red\", \"figures\": []}",
		"{\"type\": \"move\", \"side\": \"red\", \"figures\": [0, 1], \"path\": [[10, 12], [11.25, 20.1]]}",
		"{\"type\": \"move\", \"side\": \"red\", \"moves\": [{\"figure\": 0, \"to\": [10, 12]}, "
		"{\"figure\": 2, \"to\": [0.1, 0.2], \"facing\": 90}]}",
		"{\"type\": \"gun_move\", \"side\": \"red\", \"gun\": 0, \"path\": [[30, 9]], \"crew\": [0, 1, 2, 3]}",
		"{\"type\": \"gun_move\", \"side\": \"red\", \"gun\": 0, \"path\": [[30, 9]], \"crew\": [0, 1], "
		"\"crew_to\": [[29, 8], [31, 8]]}",
		"{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0, \"bearing\": 3.5, \"elevation\": 12}",
		"{\"type\": \"fire\", \"side\": \"blue\", \"gun\": 1, \"target\": [30, 10]}",
		"{\"type\": \"trail\", \"side\": \"red\", \"gun\": 0, \"figures\": [4, 5]}",
		"{\"type\": \"trail\", \"side\": \"red\", \"gun\": 0}",
		"{\"type\": \"choose_side\", \"side\": \"blue\", \"n\": 1}",
		"{\"type\": \"lie_down\", \"side\": \"blue\", \"figures\": [6, 7]}",
		"{\"type\": \"surrender\", \"side\": \"blue\", \"figures\": [9]}",
		"{\"type\": \"end_move\", \"side\": \"red\"}",
		"{\"type\": \"end_move\", \"side\": \"red\", \"dead\": [1], \"prisoners\": [6, 7]}",
		"{\"type\": \"end_move\", \"side\": \"red\", \"dead\": [1], \"dice\": [3, 6], \"time_ms\": 1500}",
		"{\"type\": \"box\", \"side\": \"red\", \"figures\": [0, 1, 2]}",                    // LW.BIG.2
		"{\"type\": \"box_move\", \"side\": \"red\", \"n\": 0, \"path\": [[10, 20]]}",          // LW.BIG.2
		"{\"type\": \"work\", \"side\": \"red\", \"n\": \"mine\", \"figures\": [4, 5], \"target\": [12, 3.5]}", // KS.RE.4
		"{\"type\": \"shell\", \"side\": \"red\", \"gun\": 0, \"target\": [30, 10]}",                   // KS.SH.1
		"{\"type\": \"shell\", \"side\": \"red\", \"gun\": 0, \"bearing\": 3.5, \"elevation\": 12}",
		"{\"type\": \"charge\", \"side\": \"red\", \"figures\": [0, 1, 2], \"targets\": [6, 7]}",      // KS.CH.1
		"{\"type\": \"supply\", \"side\": \"red\", \"figures\": [0, 1], \"from\": [4], \"packets\": [1, 0, 0]}", // KS.SUP.1
		"{\"type\": \"supply\", \"side\": \"red\", \"figures\": [0, 1]}",
		"{\"type\": \"train_load\", \"side\": \"red\", \"n\": 0, \"figures\": [0, 1]}",            // LW.BIG.9
		"{\"type\": \"train_move\", \"side\": \"red\", \"n\": 0, \"path\": [[10, 40]]}",
		"{\"type\": \"train_unload\", \"side\": \"red\", \"n\": 1}",
		"{\"type\": \"unbox\", \"side\": \"red\", \"n\": 1}",                                  // LW.BIG.3
		"{\"type\": \"feed\", \"side\": \"red\", \"figures\": [0, 1], \"eat\": [1], \"packets\": [0, 1]}", // KS.SUP.6/7
		"{\"type\": \"rifle\", \"side\": \"red\", \"figures\": [0, 1, 2, 3, 4], \"target\": [30, 10]}", // KS.RF.1
		"{\"type\": \"form\", \"side\": \"red\", \"n\": 1, \"figures\": [0, 1, 2, 3]}", // KS.FORM.1
		"{\"type\": \"boat_embark\", \"side\": \"red\", \"n\": 0, \"figures\": [0, 1]}", // KS.FORM.1
		"{\"type\": \"boat_move\", \"side\": \"red\", \"n\": 0, \"path\": [[10, 40], [12, 41]]}", // KS.MOV.1
		"{\"type\": \"boat_land\", \"side\": \"red\", \"n\": 1, \"target\": [12, 3.5]}", // KS.FORM.1
	};
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	bool seen[64] = {0};
	for (size_t i = 0; i < TW_ARRAY_COUNT(orders); i++) {
		order_roundtrip(s, orders[i]);
		json_error_t je;
		json_t *j = json_loads(orders[i], 0, &je);
		seen[tw_order_type_find(rs, json_string_value(json_object_get(j, "type")))] = true;
		json_decref(j);
	}
	for (int t = 0; t < rs->norders; t++)
		if (!seen[t])
			fail_msg("no round trip of %s's order type %s", rs->name, rs->orders[t].name);
	tw_test_free(s);
	// Grant's own types, against a Grant state (each rule set's order description is its own).
	tw_state *g = tw_test_lw_state(72, 48, 3, 0);
	assert_int_equal(tw_state_set_ruleset(g, tw_ruleset_find("grant")), TW_OK);
	tw_test_row(g, 0, TW_FK_INFANTRY, 6, 10, 10, 1);
	tw_test_row(g, 1, TW_FK_INFANTRY, 4, 10, 40, 2);
	tw_test_gun(g, 0, 30, 5, 0);
	const char *gorders[] = {
		"{\"type\": \"move\", \"side\": \"red\", \"moves\": [{\"figure\": 0, \"to\": [10, 12]}], \"n\": 1}",
		"{\"type\": \"move\", \"side\": \"red\", \"figures\": [0, 1], \"path\": [[10, 12]], \"n\": 1}",
		"{\"type\": \"formation\", \"side\": \"red\", \"moves\": [{\"figure\": 0, \"to\": [10, 12]}], \"n\": 1}",
		"{\"type\": \"volley\", \"side\": \"red\", \"figures\": [0, 1, 2], \"targets\": [6], \"n\": 1}",
		"{\"type\": \"gun_move\", \"side\": \"red\", \"gun\": 0, \"path\": [[30, 9]], \"crew\": [0], \"n\": 1}",
		"{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0, \"target\": [30, 10], \"n\": 1}",
		"{\"type\": \"end_move\", \"side\": \"blue\", \"dead\": [7]}",
	};
	rs = tw_ruleset_get(g->ruleset);
	memset(seen, 0, sizeof seen);
	for (size_t i = 0; i < TW_ARRAY_COUNT(gorders); i++) {
		order_roundtrip(g, gorders[i]);
		json_error_t je;
		json_t *j = json_loads(gorders[i], 0, &je);
		seen[tw_order_type_find(rs, json_string_value(json_object_get(j, "type")))] = true;
		json_decref(j);
	}
	for (int t = 0; t < rs->norders; t++)
		if (!seen[t])
			fail_msg("no round trip of %s's order type %s", rs->name, rs->orders[t].name);
	tw_test_free(g);
}

static void test_order_fields(void **st)
{
	(void)st;
	tw_state *s = order_state();
	tw_order *o = NULL;
	int n;
	tw_error err;
	const char *text = "{\"format\": \"tinwar-orders\", \"version\": 1, \"orders\": ["
			   "{\"type\": \"move\", \"side\": \"red\", \"moves\": [{\"figure\": 2, \"to\": [5, 6]}]},"
			   "{\"type\": \"fire\", \"side\": \"blue\", \"gun\": 1, \"target\": [3, 4]},"
			   "{\"type\": \"gun_move\", \"side\": \"red\", \"gun\": 0, \"path\": [[1, 1]], \"crew\": [3], \"crew_to\": [[2, 2]]},"
			   "{\"type\": \"end_move\", \"side\": \"red\", \"dead\": [1], \"prisoners\": [7]},"
			   "{\"type\": \"deploy\", \"side\": \"blue\", \"placements\": [{\"figure\": 6, \"at\": [1, 47]}]}]}";
	assert_int_equal(tw_orders_from_text(&o, &n, s, text, strlen(text), "o.json", &err), TW_OK);
	assert_int_equal(n, 5);
	assert_int_equal(o[0].type, LW_OT_MOVE);
	assert_true(o[0].has_at);
	assert_int_equal(o[0].nfig, 1);
	assert_int_equal(o[0].fig[0], 2);
	assert_true(o[0].at[0].x == 5 && o[0].at[0].y == 6);
	assert_int_equal(o[1].side, 1);
	assert_true(o[1].has_target && !o[1].has_aim);
	assert_true(o[1].target.x == 3);
	assert_int_equal(o[2].gun, 0);
	assert_true(o[2].has_at && o[2].nfig == 1 && o[2].at[0].x == 2);
	assert_int_equal(o[3].nfig, 1);
	assert_int_equal(o[3].nfig2, 1);
	assert_int_equal(o[3].fig2[0], 7);
	assert_true(o[4].has_at && o[4].facing[0] == 180); // blue faces -y by default
	free(o);
	// One bare order, and a bare array.
	text = "{\"type\": \"toss\", \"side\": \"blue\"}";
	assert_int_equal(tw_orders_from_text(&o, &n, s, text, strlen(text), "o.json", &err), TW_OK);
	assert_int_equal(n, 1);
	assert_int_equal(o[0].type, LW_OT_TOSS);
	free(o);
	text = "[{\"type\": \"toss\", \"side\": \"blue\"}, {\"type\": \"ready\", \"side\": \"red\"}]";
	assert_int_equal(tw_orders_from_text(&o, &n, s, text, strlen(text), "o.json", &err), TW_OK);
	assert_int_equal(n, 2);
	assert_int_equal(o[1].type, LW_OT_READY);
	free(o);
	tw_test_free(s);
}

static void expect_order_error(const tw_state *s, const char *text, const char *path)
{
	tw_order *o = (tw_order *)0x1;
	int n = -7;
	tw_error err;
	tw_status st = tw_orders_from_text(&o, &n, s, text, strlen(text), "o.json", &err);
	if (st != TW_ERR_INPUT || strcmp(err.path, path) != 0)
		fail_msg("%s\n expected %s, got %d '%s' %s", text, path, st, err.path, err.message);
	assert_ptr_equal(o, (tw_order *)0x1);
	assert_int_equal(n, -7);
}

static void test_order_errors(void **st)
{
	(void)st;
	tw_state *s = order_state();
	expect_order_error(s, "{\"type\": \"jump\", \"side\": \"red\"}", "$.type");
	expect_order_error(s, "{\"side\": \"red\"}", "$.type");
	expect_order_error(s, "{\"type\": \"toss\", \"side\": \"green\"}", "$.side");
	expect_order_error(s, "{\"type\": \"toss\"}", "$.side");
	expect_order_error(s, "{\"type\": \"toss\", \"side\": \"red\", \"gun\": 0}", "$.gun");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [0], \"path\": [[1, 2]], \"x\": 1}", "$.x");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [99], \"path\": [[1, 2]]}", "$.figures[0]");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [], \"path\": [[1, 2]]}", "$.figures");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [0], \"path\": []}", "$.path");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [0]}", "$");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"figures\": [0], \"path\": [[1, 2]], \"moves\": []}", "$");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"moves\": [{\"figure\": 0, \"to\": [1e6, 0]}]}",
			   "$.moves[0].to[0]");
	expect_order_error(s, "{\"type\": \"move\", \"side\": \"red\", \"moves\": [{\"figure\": 0}]}", "$.moves[0]");
	expect_order_error(s, "{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0}", "$");
	expect_order_error(s, "{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0, \"bearing\": 1}", "$");
	expect_order_error(s, "{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0, \"bearing\": 1, \"elevation\": 2, \"target\": [1, 1]}", "$");
	expect_order_error(s, "{\"type\": \"fire\", \"side\": \"red\", \"gun\": 2, \"target\": [1, 1]}", "$.gun");
	expect_order_error(s, "{\"type\": \"fire\", \"side\": \"red\", \"gun\": 0, \"bearing\": 1, \"elevation\": 100}", "$.elevation");
	expect_order_error(s, "{\"type\": \"trail\", \"side\": \"red\", \"gun\": 0, \"figures\": [1, 2, 3]}", "$.figures");
	expect_order_error(s, "{\"type\": \"gun_move\", \"side\": \"red\", \"gun\": 0, \"path\": [[1, 1]], \"crew\": [1], \"crew_to\": []}",
			   "$.crew_to");
	expect_order_error(s, "{\"type\": \"deploy\", \"side\": \"red\", \"guns\": [{\"gun\": 0, \"at\": [1, 1]}, {\"gun\": 1, \"at\": [1, 1]}]}",
			   "$.guns");
	expect_order_error(s, "{\"type\": \"end_move\", \"side\": \"red\", \"dead\": [1.5]}", "$.dead[0]");
	expect_order_error(s, "[{\"type\": \"toss\", \"side\": \"red\"}, {\"type\": \"toss\", \"side\": \"x\"}]", "$[1].side");
	expect_order_error(s, "{\"format\": \"tinwar-orders\", \"version\": 1, \"orders\": [{\"type\": \"toss\", \"side\": 0}]}",
			   "$.orders[0].side");
	expect_order_error(s, "{\"format\": \"tinwar-orders\", \"version\": 1}", "$");
	expect_order_error(s, "{\"format\": \"tinwar-orders\", \"version\": 1, \"orders\": [], \"extra\": 1}", "$.extra");
	expect_order_error(s, "[1]", "$[0]");
	// Syntax errors carry line and column.
	tw_order *o;
	int n;
	tw_error err;
	assert_int_equal(tw_orders_from_text(&o, &n, s, "[\n{\"type\": }]", 12, "o.json", &err), TW_ERR_INPUT);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.message, "o.json:2:"));
	tw_test_free(s);
}

// ---- events ----

static void test_events_json(void **st)
{
	(void)st;
	tw_events ev = {0};
	tw_event *e = tw_events_push(&ev, TW_EV_KILL, 1, "LW.FIRE.1");
	e->a = 7;
	e->b = 1;
	e->x = 2.5;
	e->seq = 3;
	e->move_no = 4;
	tw_event_text(e, "man %d knocked over", 7);
	tw_events_push(&ev, TW_EV_DRAW, -1, "LW.VAR.3");
	json_t *j = tw_event_to_json(&ev.v[0]);
	char *t = json_dumps(j, JSON_COMPACT);
	assert_string_equal(t, "{\"seq\":3,\"move\":4,\"type\":\"kill\",\"side\":1,\"clause\":\"LW.FIRE.1\",\"a\":7,\"b\":1,"
			       "\"x\":2.5,\"text\":\"man 7 knocked over\"}");
	free(t);
	json_decref(j);
	j = tw_events_to_json(&ev, 1, 5);
	assert_int_equal(json_array_size(j), 1);
	assert_null(json_object_get(json_array_get(j, 0), "side"));
	assert_null(json_object_get(json_array_get(j, 0), "a"));
	assert_string_equal(json_string_value(json_object_get(json_array_get(j, 0), "type")), "draw");
	json_decref(j);
	j = tw_events_to_json(&ev, 0, -1);
	assert_int_equal(json_array_size(j), 2);
	json_decref(j);
	tw_events_free(&ev);
}

// ---- game logs ----

static char *log_text(const tw_game *g)
{
	json_t *j = tw_game_log_to_json(g);
	assert_non_null(j);
	char *t = tw_io_dumps(j);
	json_decref(j);
	return t;
}

static void test_log_replay(void **st)
{
	(void)st;
	tw_state *s = log_state();
	tw_error err;
	tw_game *g = tw_game_new(s, 77, tw_shot_model_fast(), &err);
	assert_non_null(g);
	tw_order end;
	tw_order_init(&end, LW_OT_END_MOVE, 0);
	// The rules are still being written: keep whatever end_move orders they accept.
	int applied = 0;
	for (int i = 0; i < 2; i++) {
		end.side = (int8_t)tw_game_state(g)->mover;
		if (end.side >= 0 && tw_game_apply(g, &end, NULL, NULL, &err) == TW_OK)
			applied++;
	}
	assert_int_equal(tw_game_order_count(g), applied);
	char *text = log_text(g);
	bool ok = false;
	tw_game *r = tw_game_log_replay(text, strlen(text), "log.json", &ok, &err);
	if (!r)
		fail_msg("replay: %s", err.message);
	assert_true(ok);
	assert_int_equal(tw_state_hash(tw_game_state(r)), tw_state_hash(tw_game_state(g)));
	assert_int_equal(tw_game_order_count(r), applied);
	char *text2 = log_text(r);
	assert_string_equal(text, text2);
	free(text2);
	tw_game_free(r);

	// A tampered final hash: the game comes back, hash_ok is false and err says why.
	char *h = strstr(text, "\"final_hash\"");
	assert_non_null(h);
	h = strchr(h + 13, '"') + 1;
	h[0] = h[0] == '0' ? '1' : '0';
	r = tw_game_log_replay(text, strlen(text), "log.json", &ok, &err);
	assert_non_null(r);
	assert_false(ok);
	assert_string_equal(err.path, "$.final_hash");
	assert_non_null(strstr(err.message, "mismatch"));
	tw_game_free(r);

	// Save atomically and read back.
	char dir[] = "/tmp/tw_io_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/game.json", dir);
	assert_int_equal(tw_game_log_save(g, path, &err), TW_OK);
	char *saved = slurp(path);
	r = tw_game_log_replay(saved, strlen(saved), path, &ok, &err);
	assert_non_null(r);
	assert_true(ok);
	tw_game_free(r);
	free(saved);
	unlink(path);
	rmdir(dir);
	free(text);
	tw_game_free(g);
	tw_test_free(s);
}

static void expect_log_error(const char *text, const char *path)
{
	bool ok = true;
	tw_error err;
	tw_game *g = tw_game_log_replay(text, strlen(text), "log.json", &ok, &err);
	if (g || strcmp(err.path, path) != 0)
		fail_msg("%s\n expected %s, got '%s' %s", text, path, err.path, err.message);
	assert_false(ok);
}

static void test_log_errors(void **st)
{
	(void)st;
	tw_state *s = log_state();
	tw_error err;
	tw_game *g = tw_game_new(s, 5, NULL, &err);
	assert_non_null(g);
	char *text = log_text(g);
	tw_game_free(g);
	tw_test_free(s);
	// Build variants of a valid log by editing its JSON.
	json_error_t je;
	json_t *base = json_loads(text, 0, &je);
	free(text);
	struct {
		const char *key;
		json_t *value;
		const char *path;
	} cases[] = {
		{"shot_model", json_string("laser"), "$.shot_model"},
		{"final_hash", json_string("123"), "$.final_hash"},
		{"seed", json_integer(-1), "$.seed"},
		{"orders", json_pack("[{s:s, s:s}]", "type", "toss", "side", "mauve"), "$.orders[0].side"},
		{"orders", json_pack("[{s:s, s:s}]", "type", "fire", "side", "red"), "$.orders[0]"},
		{"extra", json_true(), "$.extra"},
		{"version", json_integer(7), "$.version"},
	};
	for (size_t i = 0; i < TW_ARRAY_COUNT(cases); i++) {
		json_t *doc = json_deep_copy(base);
		json_object_set_new(doc, cases[i].key, cases[i].value);
		char *t = json_dumps(doc, 0);
		expect_log_error(t, cases[i].path);
		free(t);
		json_decref(doc);
	}
	// Content errors inside the initial state carry the $.initial prefix.
	json_t *doc = json_deep_copy(base);
	json_object_set_new(json_object_get(doc, "initial"), "mover", json_integer(5));
	char *t = json_dumps(doc, 0);
	expect_log_error(t, "$.initial.mover");
	free(t);
	json_decref(doc);
	// An order the rules refuse is reported at its index (a toss during play is refused).
	doc = json_deep_copy(base);
	json_object_set_new(doc, "orders", json_pack("[{s:s, s:s}]", "type", "toss", "side", "red"));
	t = json_dumps(doc, 0);
	expect_log_error(t, "$.orders[0]");
	free(t);
	json_decref(doc);
	json_decref(base);
}

// ---- issue 13 item 11: limits before memory, and a range for every number ----

static size_t g_json_bytes; ///< bytes jansson has allocated since reset

static void *counting_malloc(size_t n)
{
	g_json_bytes += n;
	return malloc(n);
}

/// Loads text with jansson's allocations counted; expects TW_ERR_INPUT at `path` with `what` in
/// the message, and nothing built: jansson never allocated.
static void expect_refused_unbuilt(const char *text, size_t len, const char *path, const char *what)
{
	tw_state s;
	tw_error err;
	g_json_bytes = 0;
	json_set_alloc_funcs(counting_malloc, free);
	tw_status st = tw_state_from_text(&s, text, len, "big.json", &err);
	json_set_alloc_funcs(malloc, free);
	if (st != TW_ERR_INPUT || strcmp(err.path, path) != 0 || !strstr(err.message, what))
		fail_msg("expected %s '%s', got %d %s: %s", path, what, st, err.path, err.message);
	if (g_json_bytes != 0)
		fail_msg("%zu bytes were built before the refusal", g_json_bytes);
}

/// A text of `head`, then `count` copies of `item` separated by commas, then `tail` (malloc'd).
static char *repeat(const char *head, const char *item, size_t count, const char *tail, size_t *len)
{
	size_t hn = strlen(head), in = strlen(item), tn = strlen(tail);
	char *t = malloc(hn + count * (in + 1) + tn + 1);
	assert_non_null(t);
	char *p = t;
	memcpy(p, head, hn);
	p += hn;
	for (size_t i = 0; i < count; i++) {
		if (i)
			*p++ = ',';
		memcpy(p, item, in);
		p += in;
	}
	memcpy(p, tail, tn + 1);
	*len = (size_t)(p - t) + tn;
	return t;
}

/// Refused by counts before jansson builds anything (on the old code these were parsed whole
/// first: 10^6 figures took 1.7 GB before "more than 100000").
static void test_limits_refuse_before_building(void **st)
{
	(void)st;
	size_t len;
	char *t = repeat(HEAD ", \"figures\": [", "{}", TW_IO_MAX_FIGURES + 1, "]}", &len);
	expect_refused_unbuilt(t, len, "$.figures", "more than 100000 entries");
	free(t);
	// Guns, units, terrain by name, anywhere in the document (here in a log's initial state).
	t = repeat("{\"format\": \"tinwar-log\", \"initial\": {\"guns\": [", "1", TW_IO_MAX_GUNS + 1, "]}}", &len);
	expect_refused_unbuilt(t, len, "$.initial.guns", "more than 10000 entries");
	free(t);
	// Any other array or object: 100000 members.
	t = repeat(HEAD ", \"name\": [", "0", TW_IO_MAX_MEMBERS + 1, "]}", &len);
	expect_refused_unbuilt(t, len, "$.name", "more than 100000 entries");
	free(t);
	// Nesting (jansson would recurse 2048 deep).
	char deep[256];
	snprintf(deep, sizeof deep, "%s, \"name\": %.*s%.*s}", HEAD, TW_IO_MAX_DEPTH, "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
		 TW_IO_MAX_DEPTH, "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
	expect_refused_unbuilt(deep, strlen(deep), "$.name[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]",
			       "nested more than 32 deep");
	// The estimated memory of the whole tree: 40 arrays of 100000 empty arrays (12 MB of text,
	// about 600 MB once built).
	char *inner = repeat("[", "[]", TW_IO_MAX_MEMBERS, "]", &len);
	t = repeat("[", inner, 40, "]", &len);
	free(inner);
	expect_refused_unbuilt(t, len, "$", "would take more than 512 MiB");
	free(t);
	// An orders document: 10000 orders at most (each is a ~17 KB tw_order).
	tw_state *os = order_state();
	t = repeat("[", "{\"type\": \"toss\", \"side\": \"red\"}", TW_IO_MAX_ORDERS_FILE + 1, "]", &len);
	tw_order *o = NULL;
	int n = 0;
	tw_error err;
	assert_int_equal(tw_orders_from_text(&o, &n, os, t, len, "o.json", &err), TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "more than 10000 orders"));
	assert_null(o);
	free(t);
	tw_test_free(os);
	// A file is refused by its size before it is read.
	char path[] = "/tmp/tw_big_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)TW_IO_MAX_FILE_BYTES + 1), 0); // sparse: nothing written
	close(fd);
	size_t got = 0;
	assert_null(tw_read_file(path, &got, &err));
	assert_int_equal(err.code, TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "larger than the 64 MiB"));
	unlink(path);
}

#define GRANT_HEAD "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"grant\", \"table\": {\"width\": 72, \"depth\": 48}"

/// Every integer of a document has a range; out of range is an error with its JSON path. On
/// the old code these loaded, and a melee numbered from a count of INT32_MAX overflowed
/// (lw_melee.c, UBSan), through a file or POST /api/games alike.
static void test_number_ranges(void **st)
{
	(void)st;
	expect_path(HEAD ", \"data\": {\"melees\": 2147483647}}", "$.data.melees");
	expect_path(HEAD ", \"data\": {\"defender\": 2}}", "$.data.defender"); // 2 sides: red, blue or none
	expect_path(HEAD ", \"guns\": [{\"side\": \"red\"}], \"data\": {\"firing_gun\": 1}}",
		    "$.data.firing_gun"); // the firing gun: one gun, id 0
	expect_path(HEAD ", \"data\": {\"unused\": 7}}", "$.data.unused"); // no such field
	expect_path(HEAD ", \"move_no\": 2147483647}", "$.move_no");
	expect_path(HEAD ", \"phase\": 6}", "$.phase");
	expect_path(HEAD ", \"sides\": [{\"name\": \"red\", \"back_y\": 0, \"start_men\": 2147483647}, {\"name\": \"blue\", "
		    "\"back_y\": 48}]}",
		    "$.sides[0].start_men");
	expect_path(HEAD ", \"figures\": [" FIG(", \"moved_in\": 2147483647") "]}", "$.figures[0].moved_in");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"changed_in\": 2147483647}") "]}", "$.figures[0].data.changed_in");
	expect_path(HEAD ", \"figures\": [" FIG(", \"data\": {\"escort\": 5}") "]}", "$.figures[0].data.escort");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"acted_in\": 2000000}]}", "$.guns[0].acted_in");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"data\": {\"out_of_battle\": 2}}]}", "$.guns[0].data.out_of_battle");
	expect_path(HEAD ", \"guns\": [{\"side\": \"blue\", \"data\": {\"ncross\": 33}}]}", "$.guns[0].data.ncross");
	expect_path(HEAD ", \"units\": [{\"side\": \"blue\", \"data\": {\"x\": 1}}]}", "$.units[0].data"); // no unit record
	// Grant keeps its data in records: a troop type is one of its names, a crew man's gun one of the
	// state's guns.
	expect_path(GRANT_HEAD ", \"units\": [{\"side\": \"blue\", \"data\": {\"troop\": \"dragoon\"}}]}",
		    "$.units[0].data.troop");
	expect_path(GRANT_HEAD ", \"guns\": [{\"side\": \"red\"}], \"figures\": [" FIG(", \"data\": {\"gun\": 1}") "]}",
		    "$.figures[0].data.gun");
	expect_path(GRANT_HEAD ", \"phase\": 3}", "$.phase"); // Grant's phases: 0-2, the parts of a move (GR.GEN.2)
	// In range, they load: the largest move number, a melee count of 10^9, the gun's id.
	tw_state s;
	tw_error err;
	const char *ok = HEAD ", \"move_no\": 1000000, \"guns\": [{\"side\": \"red\"}], "
			      "\"data\": {\"defender\": \"blue\", \"reserve_roll\": [12, 0], \"melees\": 1000000000, \"firing_gun\": 0}}";
	assert_int_equal(load(&s, ok, &err), TW_OK);
	assert_int_equal(LWG(&s)->melees, 1000000000);
	assert_int_equal(LWG(&s)->defender, 1);
	assert_int_equal(LWG(&s)->reserve_roll[0], 12);
	assert_int_equal(LWG(&s)->firing_gun, 0);
	tw_state_free(&s);
	// An order's n.
	tw_state *os = order_state();
	expect_order_error(os, "{\"type\": \"choose_side\", \"side\": \"red\", \"n\": 2147483647}", "$.n");
	tw_test_free(os);
}

// ---- issue 13 item 10: recorded shots are checked, unused ones refused, logs signed ----

/// A finished game with shots: the tutorial, the default general against lw-rush, seed 2, fast.
static char *tutorial_log(void)
{
	tw_state sc;
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/tutorial.json", &err), TW_OK);
	tw_game *g = tw_game_new(&sc, 2, tw_shot_model_fast(), &err);
	tw_state_free(&sc);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 2), tw_general_new("lw-rush", rs, 1, 2)};
	assert_int_equal(tw_play_out(g, gens, 100000, &err), TW_OK);
	assert_true(tw_game_state(g)->over);
	assert_true(tw_shot_recorder_count(tw_game_recorder(g)) > 1);
	char *t = log_text(g);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return t;
}

static char *dump_log(json_t *doc)
{
	char *t = tw_io_dumps(doc);
	assert_non_null(t);
	return t;
}

/// tw_game_log_check: c->verify re-runs the shots; returns the game (freed here) or NULL.
static bool check_log(const char *text, tw_log_check *c, tw_error *err)
{
	tw_game *g = tw_game_log_check(text, strlen(text), "log.json", c, err);
	tw_game_free(g);
	return g != NULL;
}

static void test_log_shots_verified_unused_refused(void **st)
{
	(void)st;
	char *text = tutorial_log();
	tw_error err;
	tw_log_check c = {.verify = true};
	assert_true(check_log(text, &c, &err));
	assert_true(c.hash_ok && c.verified);
	assert_true(c.shots > 1);
	int nshots = c.shots;
	// A recorded outcome changed: a man the shot touched is knocked over instead. Taken as
	// given by a plain replay, refused by verification, which names the shot and its order.
	json_t *doc = json_loads(text, 0, NULL);
	json_t *contact = json_array_get(json_object_get(json_array_get(json_object_get(doc, "shots"), 0), "contacts"), 0);
	assert_non_null(contact);
	json_array_set_new(contact, 2, json_integer(TW_CONTACT_KNOCKED + (json_integer_value(json_array_get(contact, 2)) == TW_CONTACT_KNOCKED)));
	char *forged = dump_log(doc);
	bool ok = false;
	tw_game *g = tw_game_log_replay(forged, strlen(forged), "log.json", &ok, &err);
	assert_non_null(g); // the old behaviour, still that of a plain replay
	tw_game_free(g);
	c = (tw_log_check){.verify = true};
	assert_false(check_log(forged, &c, &err));
	assert_int_equal(err.code, TW_ERR_INPUT);
	assert_string_equal(err.path, "$.shots[0]");
	assert_non_null(strstr(err.message, "recorded shot 0 (fired by $.orders["));
	assert_non_null(strstr(err.message, "is not what the fast shot model gives"));
	free(forged);
	json_decref(doc);
	// A recorded shot that no order fires is refused, by a plain replay too.
	doc = json_loads(text, 0, NULL);
	json_t *shots = json_object_get(doc, "shots");
	json_array_append_new(shots, json_deep_copy(json_array_get(shots, 0)));
	char *extra = dump_log(doc);
	assert_null(tw_game_log_replay(extra, strlen(extra), "log.json", &ok, &err));
	char want[32];
	snprintf(want, sizeof want, "$.shots[%d]", nshots);
	assert_string_equal(err.path, want);
	assert_non_null(strstr(err.message, "is never fired"));
	free(extra);
	json_decref(doc);
	free(text);
}

static void test_log_signed_with_this_installations_key(void **st)
{
	(void)st;
	char dir[] = "/tmp/tw_key_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char kp[256];
	snprintf(kp, sizeof kp, "%s/data/tinwar/log.key", dir);
	unsigned char key[TW_LOG_KEY_BYTES], again[TW_LOG_KEY_BYTES], other[TW_LOG_KEY_BYTES] = {1, 2, 3};
	tw_error err;
	assert_int_equal(tw_log_key_load(kp, false, key, &err), TW_ERR_INPUT); // none yet, none made
	assert_int_equal(tw_log_key_load(kp, true, key, &err), TW_OK);      // made on first use
	struct stat sb;
	assert_int_equal(stat(kp, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	assert_int_equal(sb.st_size, TW_LOG_KEY_BYTES);
	assert_int_equal(tw_log_key_load(kp, true, again, &err), TW_OK); // the same key next time
	assert_memory_equal(key, again, TW_LOG_KEY_BYTES);
	assert_int_equal(chmod(kp, 0644), 0);
	assert_int_equal(tw_log_key_load(kp, false, again, &err), TW_ERR_STATE); // readable by others: refused
	assert_non_null(strstr(err.message, "chmod 600"));
	assert_int_equal(chmod(kp, 0600), 0);

	// A log whose shot 0 does not verify, but signed with this installation's key, is taken
	// when signed logs are trusted (a physics log from another build), and only then.
	char *text = tutorial_log();
	json_t *doc = json_loads(text, 0, NULL);
	free(text);
	json_t *contact = json_array_get(json_object_get(json_array_get(json_object_get(doc, "shots"), 0), "contacts"), 0);
	json_array_set_new(contact, 6, json_real(json_number_value(json_array_get(contact, 6)) + 1.0)); // its speed
	assert_int_equal(tw_log_sign(doc, key, &err), TW_OK);
	char *signed_log = dump_log(doc);
	tw_log_check c = {.verify = true, .trust_signed = true, .key = key};
	assert_true(check_log(signed_log, &c, &err));
	assert_int_equal(c.signature, 1);
	assert_false(c.verified);
	c = (tw_log_check){.verify = true, .trust_signed = true, .key = other}; // another installation
	assert_false(check_log(signed_log, &c, &err));
	assert_int_equal(c.signature, -1);
	assert_string_equal(err.path, "$.shots[0]");
	c = (tw_log_check){.verify = true, .key = key}; // signed, but verification asked for
	assert_false(check_log(signed_log, &c, &err));
	// Changed after signing: the signature no longer holds.
	json_object_set_new(doc, "seed", json_integer(json_integer_value(json_object_get(doc, "seed")) + 1));
	char *altered = dump_log(doc);
	assert_int_equal(tw_log_signature_check(doc, key), -1);
	c = (tw_log_check){.verify = true, .trust_signed = true, .key = key};
	assert_false(check_log(altered, &c, &err));
	assert_int_equal(c.signature, -1);
	// A malformed signature is a content error with its path.
	json_object_set_new(doc, "signature", json_pack("{s:s, s:s}", "alg", "md5", "mac", "00"));
	char *bad = dump_log(doc);
	c = (tw_log_check){0};
	assert_false(check_log(bad, &c, &err));
	assert_string_equal(err.path, "$.signature.alg");
	free(bad);
	free(altered);
	free(signed_log);
	json_decref(doc);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

// ---- jansson allocation failures (fail the N-th allocation, for every N) ----

static long g_alloc_left; ///< allocations allowed before failing; < 0 = never fail

static void *failing_malloc(size_t n)
{
	if (g_alloc_left == 0)
		return NULL;
	if (g_alloc_left > 0)
		g_alloc_left--;
	return malloc(n);
}

/// Loads a state, writes it, replays a log, parses orders: with any jansson allocation failing,
/// each step fails cleanly (no crash, no leak under ASan) or succeeds.
static int run_io_once(const char *state_text, const char *log, const char *orders, const tw_state *os)
{
	int done = 0;
	tw_state s;
	tw_error err;
	if (tw_state_from_text(&s, state_text, strlen(state_text), "s", &err) == TW_OK) {
		json_t *j = tw_state_to_json(&s);
		char *t = j ? tw_io_dumps(j) : NULL;
		done += t != NULL;
		free(t);
		json_decref(j);
		tw_state_free(&s);
	}
	bool ok;
	tw_game *g = tw_game_log_replay(log, strlen(log), "l", &ok, &err);
	if (g) {
		json_t *j = tw_game_log_to_json(g);
		done += j != NULL;
		json_decref(j);
		tw_game_free(g);
	}
	tw_order *o;
	int n;
	if (tw_orders_from_text(&o, &n, os, orders, strlen(orders), "o", &err) == TW_OK) {
		json_t *j = tw_order_to_json(&o[0], os);
		done += j != NULL;
		json_decref(j);
		free(o);
	}
	return done;
}

static void test_jansson_allocation_failures(void **st)
{
	(void)st;
	tw_state *s = log_state();
	tw_error err;
	json_t *j = tw_state_to_json(s);
	char *state_text = tw_io_dumps(j);
	json_decref(j);
	tw_game *g = tw_game_new(s, 9, NULL, &err);
	char *log = log_text(g);
	tw_game_free(g);
	const char *orders = "{\"type\": \"deploy\", \"side\": \"red\", \"placements\": [{\"figure\": 0, \"at\": [1, 2]}],"
			     " \"guns\": [{\"gun\": 0, \"at\": [5, 5], \"bearing\": 10}]}";
	json_set_alloc_funcs(failing_malloc, free);
	int n = 0;
	for (;; n++) {
		g_alloc_left = n;
		if (run_io_once(state_text, log, orders, s) == 3 && g_alloc_left > 0)
			break; // every step succeeded without reaching the failure
		assert_true(n < 200000);
	}
	json_set_alloc_funcs(malloc, free);
	g_alloc_left = -1;
	assert_true(n > 100); // the loop did visit many failure points
	free(state_text);
	free(log);
	tw_test_free(s);
}

static void test_hash_hex(void **st)
{
	(void)st;
	char h[17];
	tw_hash_hex(0x0123456789abcdefull, h);
	assert_string_equal(h, "0123456789abcdef");
	tw_hash_hex(0, h);
	assert_string_equal(h, "0000000000000000");
}

// A record table whose field is read wider or narrower than its struct member is refused by
// tw_record_def_check (and registration stops on it). Rattle's `fire` was an int32_t member
// declared as a one-byte side: -1 saved, omitted as default, loaded back as 255, and a replayed
// log refused its first order. Every built-in rule set's tables pass.
typedef struct sized_rec {
	int32_t side_wide; // a side is one byte
	int8_t side_ok;
	int8_t pad[3];
	double many[3];
} sized_rec;

static void test_record_field_member_size_checked(void **st)
{
	(void)st;
	const tw_field_def bad[] = {
		TW_FIELD(sized_rec, side_wide, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "wrong width"),
	};
	const tw_field_def good[] = {
		TW_FIELD(sized_rec, side_ok, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "a side"),
		TW_FIELD_N(sized_rec, many, TW_FT_F64, TW_VIS_ALL, 3, 0, -1, 1, NULL, "three"),
	};
	const tw_field_def short_array[] = {
		TW_FIELD_N(sized_rec, many, TW_FT_F64, TW_VIS_ALL, 2, 0, -1, 1, NULL, "two of three"),
	};
	tw_record_def d = {sizeof(sized_rec), 1, bad};
	tw_error err;
	tw_error_clear(&err);
	assert_false(tw_record_def_check(&d, &err));
	assert_non_null(strstr(err.message, "record field side_wide: its member is 4 bytes, a side takes 1"));
	d.fields = short_array;
	assert_false(tw_record_def_check(&d, &err));
	assert_non_null(strstr(err.message, "many"));
	d.fields = good;
	d.nfields = 2;
	assert_true(tw_record_def_check(&d, &err));
	for (int i = 0; i < tw_ruleset_count(); i++)
		for (int k = 0; k < TW_REC_KIND_COUNT; k++)
			assert_true(tw_record_def_check(tw_ruleset_get(i)->records[k], &err));
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_syntax_error_has_line_and_column),
		cmocka_unit_test(test_record_field_member_size_checked),
		cmocka_unit_test(test_duplicate_key_rejected),
		cmocka_unit_test(test_unknown_key_rejected),
		cmocka_unit_test(test_content_errors_have_paths),
		cmocka_unit_test(test_unit_membership_conflict),
		cmocka_unit_test(test_scenario_defaults),
		cmocka_unit_test(test_state_roundtrip_random),
		cmocka_unit_test(test_state_save_and_load),
		cmocka_unit_test(test_atomic_write),
		cmocka_unit_test(test_order_roundtrip_every_type),
		cmocka_unit_test(test_order_fields),
		cmocka_unit_test(test_order_errors),
		cmocka_unit_test(test_events_json),
		cmocka_unit_test(test_log_replay),
		cmocka_unit_test(test_log_errors),
		cmocka_unit_test(test_jansson_allocation_failures),
		cmocka_unit_test(test_limits_refuse_before_building),
		cmocka_unit_test(test_number_ranges),
		cmocka_unit_test(test_log_shots_verified_unused_refused),
		cmocka_unit_test(test_log_signed_with_this_installations_key),
		cmocka_unit_test(test_hash_hex),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

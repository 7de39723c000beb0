// Helpers shared by the subcommands.
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_print_error(const char *source, const tw_error *err)
{
	const char *src = source ? source : "tinwar";
	size_t n = strlen(src);
	if (strncmp(err->message, src, n) == 0 && err->message[n] == ':')
		fprintf(stderr, "%s\n", err->message); // the loader already said where
	else if (err->line > 0)
		fprintf(stderr, "%s:%d:%d: %s\n", src, err->line, err->column, err->message);
	else if (err->path[0])
		fprintf(stderr, "%s: %s: %s\n", src, err->path, err->message);
	else
		fprintf(stderr, "%s: %s\n", src, err->message);
	if (err->clause[0])
		fprintf(stderr, "  (rule %s)\n", err->clause);
}

tw_series *cli_series_open(const char *dbpath, int *rc)
{
	tw_error err;
	tw_error_clear(&err);
	tw_series *db = tw_series_open(dbpath, &err);
	if (!db) {
		cli_print_error(dbpath, &err);
		*rc = cli_exit_code(err.code);
	}
	return db;
}

int cli_exit_code(tw_status st)
{
	switch (st) {
	case TW_OK: return CLI_OK;
	case TW_ERR_INPUT:
	case TW_ERR_ILLEGAL: return CLI_BAD;
	default: return CLI_FAIL;
	}
}

bool cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	return false;
}

const char *cli_opt(int argc, char **argv, const char *name)
{
	size_t n = strlen(name);
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], name) == 0)
			return i + 1 < argc ? argv[i + 1] : "";
		if (strncmp(argv[i], name, n) == 0 && argv[i][n] == '=')
			return argv[i] + n + 1;
	}
	return NULL;
}

bool cli_flag(int argc, char **argv, const char *name)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return true;
	return false;
}

const char *cli_pos(int argc, char **argv, int k, const char *const *with_value)
{
	int seen = 0;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] != 0) {
			if (strchr(argv[i], '='))
				continue;
			for (int j = 0; with_value && with_value[j]; j++)
				if (strcmp(argv[i], with_value[j]) == 0) {
					i++;
					break;
				}
			continue;
		}
		if (seen++ == k)
			return argv[i];
	}
	return NULL;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
	if (!s || !*s)
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end || s[0] == '-')
		return false;
	*out = v;
	return true;
}

int cli_load_state(const char *path, tw_state *s)
{
	tw_error err;
	tw_error_clear(&err);
	memset(s, 0, sizeof *s);
	tw_status st = tw_state_load(s, path, &err);
	if (st != TW_OK) {
		cli_print_error(path, &err);
		return cli_exit_code(st);
	}
	return CLI_OK;
}

json_t *cli_summary_obj(const tw_game *g)
{
	const tw_state *s = tw_game_state(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	double pts[TW_MAX_SIDES] = {0};
	rs->score(s, pts);
	json_t *o = json_object();
	json_object_set_new(o, "ruleset", json_string(rs->name));
	json_object_set_new(o, "winner", s->winner >= 0 ? json_string(s->sides[s->winner].name)
						       : json_string(s->winner == -2 ? "draw" : "none"));
	json_t *p = json_object(), *cas = json_object();
	for (int i = 0; i < s->nsides; i++) {
		json_object_set_new(p, s->sides[i].name, json_real(pts[i]));
		json_t *c = json_object();
		json_object_set_new(c, "dead", json_integer(tw_state_count(s, i, TW_FS_DEAD)));
		int held = 0;
		for (int j = 0; j < s->nfig; j++)
			held += s->fig[j].side == i && tw_figure_held(s, &s->fig[j]);
		json_object_set_new(c, "prisoners", json_integer(held));
		json_object_set_new(cas, s->sides[i].name, c);
	}
	json_object_set_new(o, "points", p);
	json_object_set_new(o, "casualties", cas);
	json_object_set_new(o, "moves", json_integer(s->move_no));
	json_object_set_new(o, "orders", json_integer(tw_game_order_count(g)));
	char hex[17];
	tw_hash_hex(tw_state_hash(s), hex);
	json_object_set_new(o, "state_hash", json_string(hex));
	json_object_set_new(o, "seed", json_integer((json_int_t)tw_game_seed(g)));
	return o;
}

void cli_print_obj(json_t *o, FILE *out)
{
	char *txt = o ? json_dumps(o, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(10)) : NULL;
	fprintf(out, "%s\n", txt ? txt : "null");
	free(txt);
	json_decref(o);
}

void cli_summary_json(const tw_game *g, FILE *out)
{
	cli_print_obj(cli_summary_obj(g), out);
}

int cli_save_log(const tw_game *g, const char *path, bool sign)
{
	tw_error err;
	tw_error_clear(&err);
	unsigned char key[TW_LOG_KEY_BYTES];
	bool have_key = false;
	if (sign) {
		// Signed with this installation's key (made on first use), so that `campaign record`
		// takes it even where its shots cannot be re-run; without a key the log is unsigned.
		char kp[1024];
		have_key = tw_log_key_path(kp, sizeof kp, &err) == TW_OK && tw_log_key_load(kp, true, key, &err) == TW_OK;
		if (!have_key)
			fprintf(stderr, "%s: warning: the log is not signed: %s\n", path, err.message);
	}
	tw_status st = tw_game_log_save_signed(g, path, have_key ? key : NULL, &err);
	memset(key, 0, sizeof key);
	if (st != TW_OK) {
		cli_print_error(path, &err);
		return CLI_FAIL;
	}
	return CLI_OK;
}

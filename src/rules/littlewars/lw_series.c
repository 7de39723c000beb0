// Little Wars campaigns as a series (series.h; LW.CAMP.1-3): the hooks that start a campaign
// from its config, give each side to its player and take each battle into the running totals.
//
// The config: {"target": 300, "sides": ["red", "blue"]} ("sides" may be left out: red and blue;
// any number of sides from 2). The carry-over, by side name:
//   {"target": 300.0, "sides": ["red", "blue"],
//    "totals": {"red": 127.0, "blue": -127.0},
//    "battles": [{"seq": 1, "winner": "red", "points": {"red": 140.0, "blue": 13.0},
//                 "credit": {"red": 127.0, "blue": -127.0}}],
//    "winner": null, "clauses": {"target": "LW.CAMP.1", "credit": "LW.CAMP.2"}}
// "winner" is the side that won the war, null while it goes on; "clauses" names the clauses
// behind the target and the credit, so that a front-end can cite them (docs/campaign.md).
// Nothing of a battle's forces carries over (Wells's campaign keeps only the score), so there
// is no series_prepare: each battle is fought from its scenario as it is.
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "lw.h"

/// A campaign's carry-over, read and checked (pointers into the carry-over).
typedef struct camp {
	double target;
	int n;
	const char *side[TW_MAX_SIDES];
	double total[TW_MAX_SIDES];
	json_t *battles;
	const char *winner; ///< NULL while the war goes on
} camp;

static tw_status damaged(tw_error *err, const char *what)
{
	return tw_error_set(err, TW_ERR_IO, "", "the campaign's carry-over is damaged: %s", what);
}

static tw_status camp_read(json_t *carry, camp *c, tw_error *err)
{
	memset(c, 0, sizeof *c);
	json_t *t = json_object_get(carry, "target"), *sides = json_object_get(carry, "sides");
	json_t *totals = json_object_get(carry, "totals"), *w = json_object_get(carry, "winner");
	c->battles = json_object_get(carry, "battles");
	if (!json_is_number(t) || !isfinite(json_number_value(t)))
		return damaged(err, "no target");
	c->target = json_number_value(t);
	if (!json_is_array(sides) || json_array_size(sides) < 2 || json_array_size(sides) > TW_MAX_SIDES)
		return damaged(err, "no sides");
	if (!json_is_object(totals) || !json_is_array(c->battles))
		return damaged(err, "no totals or battles");
	if (w && !json_is_null(w) && !json_is_string(w))
		return damaged(err, "a winner that is not a side");
	c->winner = json_string_value(w);
	c->n = (int)json_array_size(sides);
	for (int i = 0; i < c->n; i++) {
		c->side[i] = json_string_value(json_array_get(sides, (size_t)i));
		json_t *v = c->side[i] ? json_object_get(totals, c->side[i]) : NULL;
		if (!json_is_number(v) || !isfinite(json_number_value(v)))
			return damaged(err, "a side without its total");
		c->total[i] = json_number_value(v);
	}
	return TW_OK;
}

tw_status lw_series_start(json_t *carry, const json_t *config, tw_error *err)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)config, key, v) {
		if (strcmp(key, "target") != 0 && strcmp(key, "sides") != 0)
			return tw_error_set(err, TW_ERR_INPUT, "", "campaign config: unknown member \"%s\" (target, sides)", key);
	}
	// LW.CAMP.1: the agreed total, 200, 300, 400 or more.
	json_t *t = json_object_get(config, "target");
	if (!t)
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.1",
				    "a campaign needs the points it runs to (config \"target\": 200, 300, 400 or more)");
	if (!json_is_number(t))
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.1", "campaign config: \"target\" is a number of points");
	double target = json_number_value(t);
	if (!(isfinite(target) && target >= LW_CAMP_MIN_TARGET))
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.1",
				    "a campaign runs to 200, 300, 400 or more points (at least %g), not %g", LW_CAMP_MIN_TARGET,
				    target);
	json_t *sides = json_object_get(config, "sides");
	json_t *own = NULL;
	if (!sides && !(sides = own = json_pack("[ss]", "red", "blue")))
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int n = json_is_array(sides) ? (int)json_array_size(sides) : 0;
	tw_status st = TW_OK;
	if (!own && (n < 2 || n > TW_MAX_SIDES))
		st = tw_error_set(err, TW_ERR_INPUT, "", "campaign config: \"sides\" lists 2 to %d side names", TW_MAX_SIDES);
	for (int i = 0; st == TW_OK && i < n; i++) {
		const char *s = json_string_value(json_array_get(sides, (size_t)i));
		size_t len = s ? strlen(s) : 0;
		if (len < 1 || len >= sizeof ((tw_side *)0)->name)
			st = tw_error_set(err, TW_ERR_INPUT, "", "campaign config: side %d needs a name of 1 to %d characters",
					  i + 1, (int)sizeof ((tw_side *)0)->name - 1);
		for (int j = 0; st == TW_OK && j < i; j++)
			if (strcmp(s, json_string_value(json_array_get(sides, (size_t)j))) == 0)
				st = tw_error_set(err, TW_ERR_INPUT, "", "campaign config: side \"%s\" is named twice", s);
	}
	if (st != TW_OK) {
		json_decref(own);
		return st;
	}
	json_t *totals = json_object(), *copy = json_deep_copy(sides), *battles = json_array();
	json_t *clauses = json_pack("{ssss}", "target", "LW.CAMP.1", "credit", "LW.CAMP.2");
	json_decref(own);
	bool ok = totals && copy && battles && clauses;
	for (int i = 0; ok && i < n; i++)
		ok = json_object_set_new(totals, json_string_value(json_array_get(copy, (size_t)i)), json_real(0.0)) == 0;
	if (!ok) {
		json_decref(totals);
		json_decref(copy);
		json_decref(battles);
		json_decref(clauses);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	// Each call takes its value, whether it succeeds or not.
	int fails = json_object_set_new(carry, "target", json_real(target));
	fails |= json_object_set_new(carry, "sides", copy);
	fails |= json_object_set_new(carry, "totals", totals);
	fails |= json_object_set_new(carry, "battles", battles);
	fails |= json_object_set_new(carry, "winner", json_null());
	fails |= json_object_set_new(carry, "clauses", clauses);
	return fails ? tw_error_set(err, TW_ERR_NOMEM, "", "out of memory") : TW_OK;
}

// The players of a campaign are its sides, in the order of "sides": player k plays side k in
// every battle (no rotation).
void lw_series_roles(const json_t *carry, int seq, int nplayers, int nsides, int *player_of_side)
{
	(void)carry;
	(void)seq;
	for (int k = 0; k < nsides && k < TW_MAX_SIDES; k++)
		player_of_side[k] = k < nplayers ? k : -1;
}

static void side_list(char *out, size_t n, const char *const *names, int count)
{
	size_t at = 0;
	out[0] = 0;
	for (int i = 0; i < count && at < n; i++) {
		int w = snprintf(out + at, n - at, "%s%s", i ? ", " : "", names[i]);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

tw_status lw_series_record(json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err)
{
	camp c;
	tw_status st = camp_read(carry, &c, err);
	if (st != TW_OK)
		return st;
	if (c.winner)
		return tw_error_set(err, TW_ERR_STATE, "LW.CAMP.1", "the war is over: %s reached %g points", c.winner,
				    c.target);
	// The battle's sides are the campaign's, by name, in any order.
	int of[TW_MAX_SIDES];
	bool taken[TW_MAX_SIDES] = {false};
	bool same = fin->nsides == c.n;
	for (int k = 0; same && k < fin->nsides; k++) {
		of[k] = -1;
		for (int i = 0; i < c.n && of[k] < 0; i++)
			if (!taken[i] && strcmp(fin->sides[k].name, c.side[i]) == 0)
				of[k] = i;
		same = of[k] >= 0;
		if (same)
			taken[of[k]] = true;
	}
	if (!same) {
		char mine[TW_MAX_SIDES * 18], theirs[TW_MAX_SIDES * 18];
		const char *names[TW_MAX_SIDES];
		for (int k = 0; k < fin->nsides && k < TW_MAX_SIDES; k++)
			names[k] = fin->sides[k].name;
		side_list(mine, sizeof mine, names, fin->nsides < TW_MAX_SIDES ? fin->nsides : TW_MAX_SIDES);
		side_list(theirs, sizeof theirs, c.side, c.n);
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.2", "the battle's sides (%s) are not the campaign's (%s)",
				    mine, theirs);
	}
	// LW.CAMP.2: each side's battle total (lw_score: the LW.VAR.2 scale), then its credit.
	double pts[TW_MAX_SIDES] = {0}, p[TW_MAX_SIDES], credit[TW_MAX_SIDES], total[TW_MAX_SIDES];
	lw_score(fin, pts);
	for (int k = 0; k < c.n; k++)
		p[of[k]] = pts[k];
	lw_camp_credit(c.n, p, credit);
	for (int i = 0; i < c.n; i++)
		total[i] = c.total[i] + credit[i];
	int won = lw_camp_winner(c.n, total, c.target);
	// Everything is made before the carry-over changes.
	json_t *b = json_object(), *bp = json_object(), *bc = json_object(), *nt = json_object();
	bool ok = b && bp && bc && nt;
	for (int i = 0; ok && i < c.n; i++)
		ok = json_object_set_new(bp, c.side[i], json_real(p[i])) == 0 &&
		     json_object_set_new(bc, c.side[i], json_real(credit[i])) == 0 &&
		     json_object_set_new(nt, c.side[i], json_real(total[i])) == 0;
	json_t *bw = fin->winner >= 0 && fin->winner < fin->nsides ? json_string(fin->sides[fin->winner].name) : json_null();
	json_t *ww = won >= 0 ? json_string(c.side[won]) : json_null();
	ok = ok && bw && ww && json_object_set_new(b, "seq", json_integer(seq)) == 0 &&
	     json_object_set(b, "winner", bw) == 0 && json_object_set(b, "points", bp) == 0 &&
	     json_object_set(b, "credit", bc) == 0;
	// From here the carry-over is changed; a failure leaves it changed, but the series stores
	// a carry-over only when the whole record succeeds (series.c).
	ok = ok && json_array_append(c.battles, b) == 0 && json_object_set(carry, "totals", nt) == 0 &&
	     json_object_set(carry, "winner", ww) == 0;
	json_decref(b);
	json_decref(bp);
	json_decref(bc);
	json_decref(nt);
	json_decref(bw);
	json_decref(ww);
	if (!ok)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	*over = won >= 0;
	return TW_OK;
}

// Science versus Luck's whole game as a series (series.h; Lloyd's ll_series.c and Little Wars's
// lw_series.c are the models): N teams (1-6, SV.SETUP.2) through the three phases in their order
// (SV.SETUP.3): game 1 the Arms Exhibition's auction (stage auction, SV.EXPO), game 2 the
// evaluation on the test range where the manuals are written (stage range, SV.DOC), then R rounds
// of N battles (SV.SETUP.8-9). Roles rotate between the phases (SV.SETUP.4-6): a team's country
// C1, C2, C3; its first player bids, writes the Infantry Manual and commands the guns, its
// second writes the Artillery Manual and leads the infantry.
//
// The series' players are the 2N team members in team order (T0's two, T1's two, ...). The
// carry-over (docs/svl.md "The series"): teams, rounds, change_country, countries (the N in list
// order), and by country: left (fr), guns (each {code, model, price, arsenal, truth}), im and am
// (the manual fields in force, as the side record writes them), range (each gun's SV.DOC.9
// summary); sales (the auction lot by lot), phase1 (SV.EXPO.9 scores), battles (each result),
// stage (auction, range, battle, over).
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "sv.h"

static tw_status nomem(tw_error *err) { return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory"); }
static tw_status damaged(tw_error *err, const char *what)
{
	return tw_error_set(err, TW_ERR_IO, "", "the series' carry-over is damaged: %s", what);
}

// The record fields of a side that are its Infantry and Artillery Manuals (sv_records.c names).
static const char *const im_keys[] = {"pace", "pace_x", "cover", "cover_d", "spacing", "fire", "assault", "bugler",
				      "commander", "formation", "formation_n", "route", "fire_mode", "on_pause",
				      "on_recoil", "im_version", NULL};
static const char *const am_keys[] = {"open_fire", "targets", "tempo", "tempo_close", "range_factor", "aim_beyond",
				      "gmove", "gmove_x", "am_version", NULL};
// The truth of a gun (SV.GUN.4), carried from the range to the battles unchanged.
static const char *const truth_keys[] = {"v_mean", "v_sigma", "az_sigma", "misfire", "rate", "carry", "skid", NULL};

int sv_series_teams(const json_t *carry)
{
	return (int)json_integer_value(json_object_get(carry, "teams"));
}

static bool option(const json_t *carry)
{
	return json_is_true(json_object_get(carry, "change_country"));
}

static const char *country_name(int c)
{
	return c > 0 && c < TW_SV_COUNTRY_COUNT ? tw_sv_country_names[c] : "none";
}

tw_status sv_series_start(json_t *carry, const json_t *config, tw_error *err)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)config, key, v) {
		if (strcmp(key, "teams") && strcmp(key, "rounds") && strcmp(key, "change_country") && strcmp(key, "humans") &&
		    strcmp(key, "files"))
			return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.2",
					    "series config: unknown member \"%s\" (teams, rounds, change_country, humans, files)", key);
	}
	// SV.CON.1: any seat human or computer: "humans" lists the players (by index) who play in person.
	json_t *hum = json_object_get(config, "humans"), *files = json_object_get(config, "files");
	if (hum && !json_is_array(hum))
		return tw_error_set(err, TW_ERR_INPUT, "SV.CON.1", "series config: \"humans\" is a list of player numbers");
	size_t hi;
	json_t *hv;
	json_array_foreach(hum, hi, hv) if (!json_is_integer(hv) || json_integer_value(hv) < 0 || json_integer_value(hv) >= 12)
		return tw_error_set(err, TW_ERR_INPUT, "SV.CON.1", "series config: humans[%d] is no player number (0-11)", (int)hi);
	if (files && !json_is_object(files))
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.3", "series config: \"files\" names the auction, range and battle scenarios");
	json_t *t = json_object_get(config, "teams"), *r = json_object_get(config, "rounds"),
	       *o = json_object_get(config, "change_country");
	if (!json_is_integer(t) || json_integer_value(t) < 1 || json_integer_value(t) > 6)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.2", "series config: \"teams\" is 1 to 6");
	if (r && (!json_is_integer(r) || json_integer_value(r) < 1 || json_integer_value(r) > 10))
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.9", "series config: \"rounds\" of battles is 1 to 10");
	if (o && !json_is_boolean(o))
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.6", "series config: \"change_country\" is true or false");
	int n = (int)json_integer_value(t);
	// sv-one: one team (SV.SETUP.2) plays all three phases: the auction and the range are games of
	// one side (tw_ruleset.min_sides), the battles the team-mates against each other (SV.SETUP.8).
	json_t *countries = json_array(), *by = json_object();
	bool ok = countries && by;
	for (int c = 1; ok && c <= n; c++) { // SV.SETUP.7: the first N of the list
		ok = !json_array_append_new(countries, json_string(country_name(c))) &&
		     !json_object_set_new(by, country_name(c),
					  json_pack("{s:i, s:[], s:{}, s:{}, s:[]}", "left", tw_sv_briefs[c].budget, "guns", "im",
						    "am", "range"));
	}
	if (!ok) {
		json_decref(countries), json_decref(by);
		return nomem(err);
	}
	int fails = json_object_set_new(carry, "teams", json_integer(n));
	fails |= json_object_set_new(carry, "rounds", json_integer(r ? json_integer_value(r) : 1));
	fails |= json_object_set_new(carry, "change_country", json_boolean(o && json_is_true(o)));
	fails |= json_object_set_new(carry, "countries", countries);
	fails |= json_object_set_new(carry, "country", by);
	fails |= json_object_set_new(carry, "sales", json_array());
	fails |= json_object_set_new(carry, "phase1", json_object());
	fails |= json_object_set_new(carry, "battles", json_array());
	fails |= json_object_set_new(carry, "stage", json_string("auction"));
	fails |= json_object_set_new(carry, "humans", hum ? json_deep_copy(hum) : json_array());
	// SV.SETUP.11, SV.DOC.5: the suggested timetable, minutes (the program keeps no clock on it;
	// test firing is limited by rounds, SV.DOC.7).
	fails |= json_object_set_new(carry, "timetable",
				     json_pack("{s:i, s:i, s:i, s:i}", "inspection", 10, "auction", 30, "evaluation", 45, "battle_round", 45));
	if (files)
		fails |= json_object_set_new(carry, "files", json_deep_copy(files));
	return fails ? nomem(err) : TW_OK;
}

int sv_series_games(const json_t *carry)
{
	return 2 + sv_series_teams(carry) * (int)json_integer_value(json_object_get(carry, "rounds"));
}

void sv_series_pairing(const json_t *carry, int seq, int *attacker, int *defender)
{
	int n = sv_series_teams(carry), i = seq - 3;
	*attacker = n > 0 ? i % n : 0;                         // a table per team (SV.SETUP.8)
	*defender = tw_sv_target_team(n, *attacker);
}

// The side list of a stage: names and records (country; for range and battle the manuals too).
static json_t *side_json(const json_t *carry, int c, const char *name, double back, bool im, bool am)
{
	json_t *data = json_pack("{s:s}", "country", country_name(c));
	json_t *rec = json_object_get(json_object_get(carry, "country"), country_name(c));
	for (int pass = 0; data && pass < 2; pass++) {
		if (!(pass ? am : im))
			continue;
		const char *const *keys = pass ? am_keys : im_keys;
		json_t *man = json_object_get(rec, pass ? "am" : "im");
		for (int i = 0; keys[i]; i++) {
			json_t *v = json_object_get(man, keys[i]);
			if (v)
				json_object_set(data, keys[i], v);
		}
	}
	return data ? json_pack("{s:s, s:f, s:o}", "name", name, "back_y", back, "data", data) : NULL;
}

// A gun of country c's list as the state's JSON: its model and, once measured, its truth.
static json_t *gun_json(const json_t *g, int id, const char *side, double x, double y, double bearing)
{
	int model = tw_gun_model_find(json_string_value(json_object_get(g, "code")));
	json_t *data = json_object(), *truth = json_object_get(g, "truth");
	for (int i = 0; data && truth && truth_keys[i]; i++) {
		json_t *v = json_object_get(truth, truth_keys[i]);
		if (v)
			json_object_set(data, truth_keys[i], v);
	}
	return data ? json_pack("{s:i, s:s, s:[ff], s:f, s:i, s:o}", "id", id, "side", side, "at", x, y, "bearing", bearing,
				"model", model, "data", data)
		    : NULL;
}

static tw_status reload(tw_state *s, json_t *doc, tw_error *err)
{
	tw_state tmp;
	memset(&tmp, 0, sizeof tmp);
	tw_status st = tw_state_from_json(&tmp, doc, err);
	json_decref(doc);
	if (st != TW_OK)
		return st;
	tw_state_free(s);
	*s = tmp;
	return TW_OK;
}

// SV.SETUP.3: game 1 the auction, game 2 the evaluation, then the battles, in that order.
tw_status sv_series_prepare(const json_t *carry, int seq, tw_state *s, tw_error *err)
{
	int n = sv_series_teams(carry), games = sv_series_games(carry);
	if (n < 1 || n > 6)
		return damaged(err, "teams");
	if (seq < 1 || seq > games)
		return tw_error_set(err, TW_ERR_STATE, "SV.SETUP.9", "the series has %d games: the auction, the evaluation and %d battles",
				    games, games - 2);
	int want = seq == 1 ? SV_STAGE_AUCTION : seq == 2 ? SV_STAGE_RANGE : SV_STAGE_BATTLE;
	static const char *const stage_word[] = {"a battle", "the evaluation on the test range", "the auction"};
	static const char *const stage_param[] = {"battle", "range", "auction"};
	if (s->params[SVP_STAGE] != want)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.3", "game %d of the series is %s: a scenario of stage \"%s\"", seq,
				    stage_word[want], stage_param[want]);
	json_t *doc = tw_state_to_json(s);
	if (!doc)
		return nomem(err);
	json_t *sides = json_array(), *guns = json_array();
	if (!sides || !guns) {
		json_decref(doc), json_decref(sides), json_decref(guns);
		return nomem(err);
	}
	json_t *by = json_object_get(carry, "country");
	bool ok = true;
	if (seq <= 2) {
		for (int k = 0; ok && k < n; k++) {
			int c = tw_sv_team_country(n, k, seq, false); // SV.SETUP.4 / SV.SETUP.5
			ok = !json_array_append_new(sides, side_json(carry, c, country_name(c), 0, seq == 2, seq == 2));
			if (seq == 2) { // SV.DOC.2, SV.EXPO.8: the country's own guns on the lane
				json_t *list = json_object_get(json_object_get(by, country_name(c)), "guns"), *g;
				size_t i;
				json_array_foreach(list, i, g) ok = ok && !json_array_append_new(
									 guns, gun_json(g, (int)json_array_size(guns), country_name(c), 18, 0, 0));
			}
		}
		json_object_del(doc, "figures");
		json_object_set_new(doc, "terrain", json_array());
	} else {
		// SV.SETUP.6, SV.SETUP.8: team a's infantry (its C3) attacks team d's gun (d's C3).
		int a, d;
		sv_series_pairing(carry, seq, &a, &d);
		int ca = tw_sv_team_country(n, a, 3, option(carry)), cd = tw_sv_team_country(n, d, 3, option(carry));
		json_t *old = json_object_get(doc, "sides");
		double back0 = json_number_value(json_object_get(json_array_get(old, 0), "back_y"));
		double back1 = json_number_value(json_object_get(json_array_get(old, 1), "back_y"));
		char inf[32], cannon[32];
		snprintf(inf, sizeof inf, "%s inf", country_name(ca));
		snprintf(cannon, sizeof cannon, "%s guns", country_name(cd));
		ok = !json_array_append_new(sides, side_json(carry, ca, inf, back0, true, false)) &&
		     !json_array_append_new(sides, side_json(carry, cd, cannon, back1, false, true));
		// The company keeps the scenario's deployment; the guns are the defender's country's (at
		// most two, SV.BAT.9), at the scenario's first gun's place.
		json_t *g0 = json_array_get(json_object_get(doc, "guns"), 0);
		double x = json_number_value(json_array_get(json_object_get(g0, "at"), 0));
		double y = json_number_value(json_array_get(json_object_get(g0, "at"), 1));
		double bearing = json_number_value(json_object_get(g0, "bearing"));
		json_t *list = json_object_get(json_object_get(by, country_name(cd)), "guns"), *g;
		size_t i;
		json_array_foreach(list, i, g) if (i < 2) ok = ok && !json_array_append_new(
								      guns, gun_json(g, (int)i, cannon, x + 4.0 * (double)i, y, bearing));
		if (!json_array_size(list))
			ok = false;
		// SV.BAT.8: one bugler if the Infantry Manual requires one, else a rifleman: the last
		// rifleman (or bugler) of the company takes that role.
		bool bugler = json_is_true(json_object_get(json_object_get(json_object_get(by, country_name(ca)), "im"), "bugler"));
		json_t *figs = json_object_get(doc, "figures"), *f, *last = NULL;
		json_array_foreach(figs, i, f) {
			json_object_set_new(f, "side", json_string(inf));
			const char *role = json_string_value(json_object_get(json_object_get(f, "data"), "role"));
			if (!role || !strcmp(role, "rifleman") || !strcmp(role, "bugler")) {
				if (role && !strcmp(role, "bugler"))
					json_object_del(json_object_get(f, "data"), "role");
				last = f;
			}
		}
		if (bugler && last) {
			if (!json_is_object(json_object_get(last, "data")))
				json_object_set_new(last, "data", json_object());
			json_object_set_new(json_object_get(last, "data"), "role", json_string("bugler"));
		}
	}
	if (!ok) {
		json_decref(doc), json_decref(sides), json_decref(guns);
		return seq > 2 ? damaged(err, "a country without a gun") : nomem(err);
	}
	json_object_set_new(doc, "sides", sides);
	json_object_set_new(doc, "guns", guns);
	return reload(s, doc, err);
}

// SV.SETUP.4-6: who plays each side. Players 2t and 2t+1 are team t's; with N players one a team.
void sv_series_roles(const json_t *carry, int seq, int nplayers, int nsides, int *player_of_side)
{
	int n = sv_series_teams(carry), per = nplayers >= 2 * n ? 2 : 1;
	for (int k = 0; k < nsides && k < TW_MAX_SIDES; k++)
		player_of_side[k] = -1;
	if (seq <= 2) { // the team's first player bids and takes the range's seat (both write there)
		for (int k = 0; k < nsides && k < n && k < TW_MAX_SIDES; k++)
			player_of_side[k] = per * k < nplayers ? per * k : -1;
		return;
	}
	int a, d;
	sv_series_pairing(carry, seq, &a, &d);
	// SV.SETUP.6: the artillery writer (second) leads infantry, the infantry writer (first) the guns.
	int inf = per * a + (per - 1), gun = per * d;
	if (nsides > 0)
		player_of_side[0] = inf < nplayers ? inf : -1;
	if (nsides > 1)
		player_of_side[1] = gun < nplayers ? gun : -1;
}

static const char *winner_word(const tw_state *fin)
{
	return fin->winner == SV_ATTACKER ? "infantry" : fin->winner == SV_DEFENDER ? "guns" : "none";
}

// Phase 1 into the carry-over: each country's guns, prices and money left; the sales; the
// SV.EXPO.9 score (debrief only).
static tw_status record_auction(json_t *carry, const tw_state *fin, tw_error *err)
{
	json_t *by = json_object_get(carry, "country"), *sales = json_array(), *p1 = json_object();
	if (!sales || !p1)
		return json_decref(sales), json_decref(p1), nomem(err);
	const sv_game *g = SVG(fin);
	tw_sv_auction a;
	memset(&a, 0, sizeof a);
	for (int i = 0; i < g->nlots; i++) {
		int side = g->sold_to[i];
		int c = side >= 0 ? SVS(fin, side)->country : 0;
		json_array_append_new(sales, json_pack("{s:i, s:s, s:s, s:i}", "lot", i + 1, "gun", tw_sv_labels[g->lots[i]].code,
						       "winner", side >= 0 ? country_name(c) : "unsold", "price",
						       side >= 0 ? g->price[i] : 0));
		if (side >= 0 && a.nguns[c] < TW_SV_MAX_LOTS)
			a.guns[c][a.nguns[c]++] = g->lots[i];
	}
	for (int k = 0; k < fin->nsides; k++) {
		const sv_srec *r = SVS(fin, k);
		int c = r->country;
		json_t *rec = json_object_get(by, country_name(c)), *guns = json_array();
		if (!rec || !guns)
			return json_decref(guns), json_decref(sales), json_decref(p1), damaged(err, "a country of the auction");
		for (int i = 0; i < g->nlots; i++)
			if (g->sold_to[i] == k)
				json_array_append_new(guns, json_pack("{s:s, s:i, s:i, s:b}", "code", tw_sv_labels[g->lots[i]].code, "lot",
								      i + 1, "price", g->price[i], "arsenal", 0));
		if (r->arsenal) { // SV.EXPO.7
			json_array_append_new(guns, json_pack("{s:s, s:i, s:i, s:b}", "code", tw_sv_labels[TW_SV_ARS].code, "lot", 0,
							      "price", 0, "arsenal", 1));
			a.guns[c][a.nguns[c]++] = TW_SV_ARS;
			a.arsenal[c] = true;
		}
		a.left[c] = r->left;
		json_object_set_new(rec, "guns", guns);
		json_object_set_new(rec, "left", json_integer(r->left));
		json_object_set_new(p1, country_name(c), json_real(tw_sv_phase1_score(&a, c)));
	}
	json_object_set_new(carry, "sales", sales);
	json_object_set_new(carry, "phase1", p1);
	json_object_set_new(carry, "stage", json_string("range"));
	return TW_OK;
}

// Phase 2 into the carry-over: each country's manuals (SV.DOC.4: all written), its guns' truth
// and their test-range summaries (SV.DOC.9).
static tw_status record_range(json_t *carry, const tw_state *fin, tw_error *err)
{
	json_t *doc = tw_state_to_json(fin), *by = json_object_get(carry, "country");
	if (!doc)
		return nomem(err);
	json_t *jsides = json_object_get(doc, "sides");
	for (int k = 0; k < fin->nsides; k++) {
		const sv_srec *r = SVS(fin, k);
		if (r->im_version < 1 || r->am_version < 1) {
			json_decref(doc);
			return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.4", "%s has not written its %s Manual: the battles wait for every manual",
					    country_name(r->country), r->im_version < 1 ? "Infantry" : "Artillery");
		}
	}
	for (int k = 0; k < fin->nsides; k++) {
		int c = SVS(fin, k)->country;
		json_t *rec = json_object_get(by, country_name(c)), *data = json_object_get(json_array_get(jsides, (size_t)k), "data");
		json_t *im = json_object(), *am = json_object(), *range = json_array();
		if (!rec || !im || !am || !range) {
			json_decref(doc), json_decref(im), json_decref(am), json_decref(range);
			return damaged(err, "a country of the range");
		}
		for (int i = 0; im_keys[i]; i++)
			if (json_object_get(data, im_keys[i]))
				json_object_set(im, im_keys[i], json_object_get(data, im_keys[i]));
		for (int i = 0; am_keys[i]; i++)
			if (json_object_get(data, am_keys[i]))
				json_object_set(am, am_keys[i], json_object_get(data, am_keys[i]));
		json_object_set_new(rec, "im", im);
		json_object_set_new(rec, "am", am);
		json_t *list = json_object_get(rec, "guns");
		int nth = 0;
		for (int gi = 0; gi < fin->ngun; gi++) {
			if (fin->gun[gi].side != k)
				continue;
			json_t *entry = json_array_get(list, (size_t)nth++);
			const sv_grec *gr = SVGN(fin, gi);
			const double tv[] = {gr->v_mean, gr->v_sigma, gr->az_sigma, gr->misfire, gr->rate, gr->carry, gr->skid};
			json_t *truth = json_object();
			for (int i = 0; truth && truth_keys[i]; i++)
				json_object_set_new(truth, truth_keys[i], json_real(tv[i]));
			if (entry)
				json_object_set_new(entry, "truth", truth);
			else
				json_decref(truth);
			tw_sv_range_summary sm;
			int shots = 0, mis = 0;
			sv_range_summary(fin, gi, &sm, &shots, &mis);
			json_array_append_new(range, json_pack("{s:s, s:i, s:i, s:i, s:f, s:f, s:f, s:i, s:i}", "gun",
							       tw_gun_model_get(fin->gun[gi].model)->name, "rounds", sm.rounds,
							       "misfires", sm.misfires, "counted", sm.counted, "mean_ratio", sm.mean_ratio,
							       "sd_lat12", sm.sd_lat12, "k_new", sm.k_new, "serial_shots", shots,
							       "serial_misfires", mis));
		}
		json_object_set_new(rec, "range", range);
	}
	json_decref(doc);
	json_object_set_new(carry, "stage", json_string("battle"));
	return TW_OK;
}

// A battle into the carry-over: who fought whom, the result and its margins (SV.WIN.5), the
// adherence verdict (SV.DOC.17).
static tw_status record_battle(json_t *carry, int seq, const tw_state *fin, tw_error *err)
{
	int n = sv_series_teams(carry), a, d;
	sv_series_pairing(carry, seq, &a, &d);
	int fallen = 0, standing = 0, matches = 0, fired = 0, misfired = 0;
	for (int f = 0; f < fin->nfig; f++) {
		fallen += fin->fig[f].status != TW_FS_ACTIVE;
		standing += fin->fig[f].status == TW_FS_ACTIVE;
	}
	for (int k = 0; k < fin->ngun; k++) {
		const sv_grec *r = SVGN(fin, k);
		matches += r->matches;
		fired += r->fired;
		misfired += r->misfired;
	}
	const sv_game *g = SVG(fin);
	// SV.SETUP.9, SV.DOC.15: a manual revised in this battle (a later version) stays in force.
	json_t *doc = tw_state_to_json(fin), *by = json_object_get(carry, "country");
	for (int k = 0; doc && k < 2 && k < fin->nsides; k++) {
		const sv_srec *r = SVS(fin, k);
		json_t *man = json_object_get(json_object_get(by, country_name(r->country)), k == SV_ATTACKER ? "im" : "am");
		const char *vkey = k == SV_ATTACKER ? "im_version" : "am_version";
		int now = k == SV_ATTACKER ? r->im_version : r->am_version;
		if (!man || now <= json_integer_value(json_object_get(man, vkey)))
			continue;
		json_t *data = json_object_get(json_array_get(json_object_get(doc, "sides"), (size_t)k), "data");
		const char *const *keys = k == SV_ATTACKER ? im_keys : am_keys;
		json_object_clear(man);
		for (int i = 0; keys[i]; i++)
			if (json_object_get(data, keys[i]))
				json_object_set(man, keys[i], json_object_get(data, keys[i]));
	}
	json_decref(doc);
	json_t *b = json_pack("{s:i, s:i, s:i, s:s, s:s, s:i, s:i, s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:b}", "game", seq,
			      "round", 1 + (seq - 3) / n, "table", 1 + (seq - 3) % n, "infantry",
			      country_name(tw_sv_team_country(n, a, 3, option(carry))), "guns",
			      country_name(tw_sv_team_country(n, d, 3, option(carry))), "infantry_team", a, "guns_team", d,
			      "winner", winner_word(fin), "turns", g->turn, "fallen", fallen, "standing", standing, "matches_left",
			      matches, "shots", fired, "misfires", misfired, "morale_rolls", g->morale_rolls, "adhering",
			      g->adhering ? 1 : 0);
	// sv-svfix: SV.WIN.5 records the verdict of every turn, and the battle's is the whole battle's
	// (adhering every turn judged), not the last attacker phase's.
	json_t *verdicts = json_array();
	int judged = g->verdict_turns < 50 ? g->verdict_turns : 50, kept = 0;
	for (int t = 0; verdicts && t < judged; t++) {
		bool yes = (g->verdicts >> t) & 1;
		kept += yes;
		json_array_append_new(verdicts, json_boolean(yes));
	}
	if (!b || !verdicts) {
		json_decref(b);
		json_decref(verdicts);
		return nomem(err);
	}
	if (json_object_set_new(b, "verdicts", verdicts) ||
	    json_object_set_new(b, "turns_judged", json_integer(judged)) ||
	    json_object_set_new(b, "adhering_turns", json_integer(kept)) ||
	    json_object_set_new(b, "adhering", json_integer(judged > 0 && kept == judged))) {
		json_decref(b);
		return nomem(err);
	}
	if (json_array_append_new(json_object_get(carry, "battles"), b))
		return nomem(err);
	return TW_OK;
}

tw_status sv_series_record(json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err)
{
	tw_status st = seq == 1 ? record_auction(carry, fin, err) : seq == 2 ? record_range(carry, fin, err)
									      : record_battle(carry, seq, fin, err);
	*over = st == TW_OK && seq >= sv_series_games(carry);
	if (*over)
		json_object_set_new(carry, "stage", json_string("over")); // SV.SETUP.10
	return st;
}

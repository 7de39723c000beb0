// Nikolas Lloyd's short campaign (CA) as a series (series.h; Little Wars's lw_series.c is the
// model): six commanders, three of the crown and three rebels (CA.2, SP.1), six battles over three
// rounds (CA.1): battles 1-3 crown k against rebel k (CA.D1: the order of "sides" is the agreed
// pairing), battles 4 and 5 from the round-1 ranking (CA.6, CA.D1), battle 6 the six-player game
// (CA.1, SP.8). What carries over (CA.3, CA.7): each commander's surviving men with their stat
// lines, traits and the wounds they took (CA.D3.1: the killed are lost, the wounded recover), his
// VPs scored and against (CA.4, CA.D2), desertion and recruits (CA.5, CA.D3).
//
// The config: {"sides": [six names], "target": N (kept, unused), "points": 100 (CA.D1)}. The
// carry-over keeps the members `tinwar campaign` reads (target, sides, totals, battles, winner,
// clauses) and its own: "forces" (by commander: a list of men, each his record's roster fields),
// "against" (VP scored against each), "pairings" (battle -> [commander of side 0, of side 1, ...]).
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "ll.h"
#include "tinwar/io.h"

#define CA_PLAYERS 6

static tw_status nomem(tw_error *err) { return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory"); }
static tw_status damaged(tw_error *err, const char *what)
{
	return tw_error_set(err, TW_ERR_IO, "", "the campaign's carry-over is damaged: %s", what);
}

// CA.D1: a commander's starting force of `points`: his leader (an axeman, 4 points), then
// spearmen (2), axemen (2) and archers (1) in turn until the points are spent.
static json_t *starting_force(const char *who, int points)
{
	json_t *force = json_array();
	static const char *const troop[] = {"spearman", "axeman", "spearman", "archer"};
	static const int cost[] = {2, 2, 2, 1};
	int left = points, i = 0;
	json_t *lead = json_pack("{s:s+, s:s, s:i, s:i, s:i}", "name", who, " himself", "troop", "axeman", "pts", 4, "leader", 1,
				 "wounds", 0);
	if (!force || !lead || json_array_append_new(force, lead))
		return json_decref(force), NULL;
	left -= 4;
	for (int n = 1; left > 0; n++, i++) {
		int k = i % 4;
		if (cost[k] > left)
			k = 3;
		char name[24];
		snprintf(name, sizeof name, "%.10s's man %d", who, n % 1000);
		json_t *m = json_pack("{s:s, s:s, s:i, s:i}", "name", name, "troop", troop[k], "pts", cost[k], "wounds", 0);
		if (!m || json_array_append_new(force, m))
			return json_decref(force), NULL;
		left -= cost[k];
	}
	return force;
}

tw_status ll_series_start(json_t *carry, const json_t *config, tw_error *err)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)config, key, v) {
		if (strcmp(key, "target") && strcmp(key, "sides") && strcmp(key, "points") && strcmp(key, "battle4"))
			return tw_error_set(err, TW_ERR_INPUT, "", "campaign config: unknown member \"%s\" (sides, points, target, battle4)", key);
	}
	json_t *sides = json_object_get(config, "sides");
	if (!json_is_array(sides) || json_array_size(sides) != CA_PLAYERS)
		return tw_error_set(err, TW_ERR_INPUT, "CA.2",
				    "the campaign has six commanders: three of the crown, then three rebels (--sides a,b,c,d,e,f)");
	json_t *p = json_object_get(config, "points");
	if (p && !(json_is_integer(p) && json_integer_value(p) >= 10 && json_integer_value(p) <= 150))
		return tw_error_set(err, TW_ERR_INPUT, "CA.D1", "campaign config: \"points\" is 10 to 150 (each commander's force)");
	int points = p ? (int)json_integer_value(p) : 100; // CA.D1
	// ll-rest: CA.D1, battle 4 "played 2v2, or 1v1 if the allies pick one player"
	json_t *b4 = json_object_get(config, "battle4");
	if (b4 && !(json_is_string(b4) && (!strcmp(json_string_value(b4), "2v2") || !strcmp(json_string_value(b4), "1v1"))))
		return tw_error_set(err, TW_ERR_INPUT, "CA.D1", "campaign config: \"battle4\" is \"2v2\" or \"1v1\"");
	json_t *t = json_object_get(config, "target");
	json_t *totals = json_object(), *against = json_object(), *forces = json_object(), *pair = json_object();
	json_t *clauses = json_pack("{ssss}", "target", "CA.D4", "credit", "CA.D2");
	bool ok = totals && against && forces && pair && clauses;
	for (int i = 0; ok && i < CA_PLAYERS; i++) {
		const char *n = json_string_value(json_array_get(sides, (size_t)i));
		if (!n || !*n || strlen(n) > 15) {
			json_decref(totals), json_decref(against), json_decref(forces), json_decref(pair), json_decref(clauses);
			return tw_error_set(err, TW_ERR_INPUT, "", "campaign config: commander %d needs a name of 1 to 15 characters", i + 1);
		}
		ok = !json_object_set_new(totals, n, json_integer(0)) && !json_object_set_new(against, n, json_integer(0)) &&
		     !json_object_set_new(forces, n, starting_force(n, points));
	}
	// CA.D1, CA.2: round 1 pairs crown k with rebel k (the agreed order of the sides).
	for (int b = 1; ok && b <= 3; b++)
		ok = !json_object_set_new(pair, b == 1 ? "1" : b == 2 ? "2" : "3", json_pack("[ii]", b - 1, b + 2));
	ok = ok && !json_object_set_new(pair, "6", json_pack("[iiiiii]", 0, 1, 2, 3, 4, 5));
	if (!ok) {
		json_decref(totals), json_decref(against), json_decref(forces), json_decref(pair), json_decref(clauses);
		return nomem(err);
	}
	int fails = json_object_set_new(carry, "target", json_real(json_is_number(t) ? json_number_value(t) : 0));
	fails |= json_object_set_new(carry, "sides", json_deep_copy(sides));
	fails |= json_object_set_new(carry, "totals", totals);
	fails |= json_object_set_new(carry, "against", against);
	fails |= json_object_set_new(carry, "forces", forces);
	fails |= json_object_set_new(carry, "pairings", pair);
	fails |= json_object_set_new(carry, "battles", json_array());
	fails |= json_object_set_new(carry, "winner", json_null());
	fails |= json_object_set_new(carry, "clauses", clauses);
	fails |= json_object_set_new(carry, "points", json_integer(points));
	fails |= json_object_set_new(carry, "battle4", json_string(b4 ? json_string_value(b4) : "2v2")); // ll-rest
	// ll-fin: how the war is won, in `tinwar campaign`'s words (it said Little Wars' "first side to 300").
	fails |= json_object_set_new(carry, "goal", json_string("six battles; after battle 6 the governor wins the war, or "
								     "with no governor the most campaign VPs"));
	return fails ? nomem(err) : TW_OK;
}

static json_t *pairing(const json_t *carry, int seq)
{
	char k[8];
	snprintf(k, sizeof k, "%d", seq);
	return json_object_get(json_object_get(carry, "pairings"), k);
}

// ll-rest: CA.D1, the allied commander of side k in battle seq (2v2), -1 none.
static int ally_of(const json_t *carry, int seq, int k)
{
	char key[16];
	snprintf(key, sizeof key, "%d", seq);
	json_t *v = json_array_get(json_object_get(json_object_get(carry, "allies"), key), (size_t)k);
	return json_is_integer(v) ? (int)json_integer_value(v) : -1;
}

void ll_series_roles(const json_t *carry, int seq, int nplayers, int nsides, int *player_of_side)
{
	const json_t *p = pairing(carry, seq);
	for (int k = 0; k < nsides && k < TW_MAX_SIDES; k++) {
		json_t *v = json_array_get(p, (size_t)k);
		int pl = json_is_integer(v) ? (int)json_integer_value(v) : -1;
		player_of_side[k] = pl >= 0 && pl < nplayers ? pl : -1;
	}
}

// The roster fields of a man that carry over (the rest is the state of one battle).
static const char *const roster_keys[] = {"name", "troop", "t", "s", "m", "nrows", "weapon", "w", "x", "d",
					  "reach", "r", "notes", "pts", "leader", "traits", NULL};

// CA.1, CA.7: game `seq` from its scenario (battles 1-5 a three-fight scenario of two sides, 6
// the six-player game): each side becomes the paired commander with his force as it stands, set
// out in rows at the scenario's place for that side.
tw_status ll_series_prepare(const json_t *carry, int seq, tw_state *s, tw_error *err)
{
	const json_t *p = pairing(carry, seq), *sides = json_object_get(carry, "sides"), *forces = json_object_get(carry, "forces");
	if (!json_is_array(p) || !json_is_array(sides) || !json_is_object(forces))
		return tw_error_set(err, TW_ERR_STATE, "CA.1", "the campaign has no battle %d (six battles: CA.1)", seq);
	int n = (int)json_array_size(p);
	if (seq <= 5 && (!LLG(s)->tf || s->nsides != 2))
		return tw_error_set(err, TW_ERR_INPUT, "CA.1", "battle %d is a three-fight game of two sides (TF)", seq);
	if (seq == 6 && (!LLG(s)->sp || s->nsides != n))
		return tw_error_set(err, TW_ERR_INPUT, "CA.1", "battle 6 is the six-player game (SP) of six sides");
	json_t *doc = tw_state_to_json(s);
	if (!doc)
		return nomem(err);
	json_t *jsides = json_object_get(doc, "sides"), *figs = json_array();
	if (!figs)
		return json_decref(doc), nomem(err);
	for (int k = 0; k < n; k++) {
		int pl = (int)json_integer_value(json_array_get(p, (size_t)k));
		const char *who = json_string_value(json_array_get(sides, (size_t)pl));
		json_t *force = json_object_get(forces, who ? who : "");
		if (!who || !json_is_array(force)) {
			json_decref(doc), json_decref(figs);
			return damaged(err, "a commander without his force");
		}
		// Where the scenario put this side: the centre of its men, rows towards its own edge.
		double cx = 0, cy = 0;
		int m = 0;
		for (int j = 0; j < s->nfig; j++)
			if (s->fig[j].side == k) {
				cx += s->fig[j].pos.x;
				cy += s->fig[j].pos.y;
				m++;
			}
		if (!m) {
			cx = s->table.width / 2;
			cy = s->sides[k].back_y + (s->sides[k].back_y > 0 ? -6 : 6);
		} else {
			cx /= m;
			cy /= m;
		}
		double back = s->sides[k].back_y > cy ? 1 : -1, facing = back > 0 ? 180 : 0;
		json_object_set_new(json_array_get(jsides, (size_t)k), "name", json_string(who));
		// ll-rest: CA.D1, 2v2: the ally's men follow in the rows behind, his own (owner)
		int al = ally_of(carry, seq, k);
		const char *awho = al >= 0 ? json_string_value(json_array_get(sides, (size_t)al)) : NULL;
		json_t *aforce = awho ? json_object_get(forces, awho) : NULL;
		if (al >= 0 && !json_is_array(aforce)) {
			json_decref(doc), json_decref(figs);
			return damaged(err, "an ally without his force");
		}
		size_t nlead = json_array_size(force), ntot = nlead + (aforce ? json_array_size(aforce) : 0);
		for (size_t i = 0; i < ntot; i++) {
			json_t *man = i < nlead ? json_array_get(force, i) : json_array_get(aforce, i - nlead);
			int row = (int)i / 8, col = (int)i % 8;
			json_t *data = json_object();
			for (int q = 0; roster_keys[q]; q++) {
				json_t *v = json_object_get(man, roster_keys[q]);
				if (v)
					json_object_set(data, roster_keys[q], v);
			}
			json_object_set_new(data, "owner", json_integer(i < nlead ? pl : al));
			json_t *f = json_pack("{s:i, s:s, s:s, s:[ff], s:f, s:f, s:f, s:o}", "id", (int)json_array_size(figs), "kind",
					      "infantry", "side", who, "at", cx + (col - 3.5) * 1.2, cy + back * row * 1.2, "facing",
					      facing, "radius", 0.5, "height", 1.0, "data", data);
			if (!f || json_array_append_new(figs, f)) {
				json_decref(doc), json_decref(figs);
				return nomem(err);
			}
		}
	}
	ll_du20_prepare(carry, figs); // ll-fin: DU.20, the replacement counts as Honourable or Rash against the cheaters
	json_object_set_new(doc, "figures", figs);
	// A side's record: its commander (CA), the rest at its default.
	for (int k = 0; k < n; k++) {
		json_t *js = json_array_get(jsides, (size_t)k), *d = json_object_get(js, "data");
		if (!d)
			json_object_set_new(js, "data", d = json_object());
		json_object_set_new(d, "owner", json_array_get(p, (size_t)k) ? json_integer(json_integer_value(json_array_get(p, (size_t)k))) : json_integer(-1));
		int al = ally_of(carry, seq, k); // ll-rest: CA.D1, 2v2
		const char *awho = al >= 0 ? json_string_value(json_array_get(sides, (size_t)al)) : NULL;
		if (awho) {
			json_object_set_new(d, "ally1", json_integer(al + 1));
			json_object_set_new(d, "ally_name", json_string(awho));
		}
	}
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

static int force_points(const json_t *force)
{
	int p = 0;
	size_t i;
	json_t *m;
	json_array_foreach(force, i, m) p += (int)json_integer_value(json_object_get(m, "pts"));
	return p;
}

// CA.D3: the survivors of side k (killed lost; the wounded, incapacitated, retreated and escaped
// recover), then 2 points of men lost to desertion a VP against (leaders never desert): the men
// the commander chose in the battle's `desert` phase (ll-rest, ll_owner.c), or, for a battle that
// ended without it, the cheapest first; then 1 point of recruits a VP scored at
// FP.4 costs, QR1-2 only: spearmen (QR2, 2 points), an archer (QR1, 1) for an odd point.
static json_t *after_battle(const tw_state *fin, int k, int owner, const json_t *old, int against, int scored)
{
	json_t *force = json_array();
	if (!force)
		return NULL;
	// ll-rest: CA.D3.2, the commander chose his deserters in the battle's last phase (ll_owner.c)
	const ll_side *sd = (const ll_side *)tw_rec_row(fin, TW_REC_SIDE, k, sizeof(ll_side));
	bool chosen = sd->deserted;
	for (int j = 0; j < fin->nfig; j++) {
		if (fin->fig[j].side != k || fin->fig[j].status == TW_FS_DEAD)
			continue; // CA.D3.1
		const ll_frec *r = (const ll_frec *)tw_rec_row(fin, TW_REC_FIGURE, j, sizeof(ll_frec));
		if (chosen && r->deserted)
			continue; // CA.D3.2: he chose this man to desert
		if (owner >= 0 && r->owner != owner)
			continue; // ll-rest: CA.D1, 2v2: his ally's man
		json_t *man = NULL;
		size_t i;
		json_t *m;
		json_array_foreach(old, i, m) if (!strcmp(json_string_value(json_object_get(m, "name")) ? json_string_value(json_object_get(m, "name")) : "", r->name)) man = m;
		json_t *copy = man ? json_deep_copy(man) : json_pack("{s:s, s:i}", "name", r->name, "pts", r->pts);
		if (!copy)
			return json_decref(force), NULL;
		json_int_t w = json_integer_value(json_object_get(copy, "wounds"));
		if (r->wounded || fin->fig[j].status == TW_FS_OUT)
			w++; // the wound is recorded; he recovers (CA.D3.1)
		json_object_set_new(copy, "wounds", json_integer(w));
		json_array_append_new(force, copy);
	}
	int loss = 2 * against, gain = scored; // CA.D3 (tw_ll_ca_desertion)
	tw_ll_ca_desertion(against, scored, &loss, &gain);
	while (loss > 0 && !chosen) { // a battle that ended without the choice (CA.D3.2): the cheapest go
		int pick = -1, best = 1 << 30;
		size_t i;
		json_t *m;
		json_array_foreach(force, i, m) {
			int pts = (int)json_integer_value(json_object_get(m, "pts"));
			if (json_integer_value(json_object_get(m, "leader")) == 0 && pts < best) {
				best = pts;
				pick = (int)i;
			}
		}
		if (pick < 0)
			break; // only leaders left: they cannot desert
		loss -= best;
		json_array_remove(force, (size_t)pick);
	}
	for (int n = 1; gain > 0; n++) {
		char name[24];
		snprintf(name, sizeof name, "recruit %d.%d", fin->move_no % 10000, (int)json_array_size(force) % 1000);
		json_t *m = json_pack("{s:s, s:s, s:i, s:i}", "name", name, "troop", gain >= 2 ? "spearman" : "archer", "pts",
				      gain >= 2 ? 2 : 1, "wounds", 0);
		if (!m)
			return json_decref(force), NULL;
		gain -= gain >= 2 ? 2 : 1;
		json_array_append_new(force, m);
	}
	return force;
}

// CA.D1: round 2 from round 1's VPs scored (surviving points break ties): battle 5 the top of
// each camp, battle 4 the other two of each, 2v2 (ll-rest; with config "battle4": "1v1" the
// allies pick the higher-ranked, ours).
static void round_two(json_t *carry)
{
	json_t *sides = json_object_get(carry, "sides"), *tot = json_object_get(carry, "totals");
	json_t *forces = json_object_get(carry, "forces");
	int rank[2][3];
	for (int c = 0; c < 2; c++) {
		for (int i = 0; i < 3; i++)
			rank[c][i] = 3 * c + i;
		for (int a = 0; a < 3; a++)
			for (int b = a + 1; b < 3; b++) {
				const char *na = json_string_value(json_array_get(sides, (size_t)rank[c][a]));
				const char *nb = json_string_value(json_array_get(sides, (size_t)rank[c][b]));
				json_int_t va = json_integer_value(json_object_get(tot, na)), vb = json_integer_value(json_object_get(tot, nb));
				int pa = force_points(json_object_get(forces, na)), pb = force_points(json_object_get(forces, nb));
				if (vb > va || (vb == va && pb > pa)) {
					int t = rank[c][a];
					rank[c][a] = rank[c][b];
					rank[c][b] = t;
				}
			}
	}
	json_t *p = json_object_get(carry, "pairings");
	json_object_set_new(p, "4", json_pack("[ii]", rank[0][1], rank[1][1]));
	json_object_set_new(p, "5", json_pack("[ii]", rank[0][0], rank[1][0]));
	// ll-rest: CA.D1, battle 4 played 2v2 (the default): the third of each side fights beside the
	// second, with a seat of his own (ll_roles.c); "allies": battle -> [ally of side 0, of side 1].
	const char *b4 = json_string_value(json_object_get(carry, "battle4"));
	if (!b4 || strcmp(b4, "1v1")) {
		json_t *al = json_object();
		json_object_set_new(al, "4", json_pack("[ii]", rank[0][2], rank[1][2]));
		json_object_set_new(carry, "allies", al);
	}
}

tw_status ll_series_record(json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err)
{
	json_t *sides = json_object_get(carry, "sides"), *tot = json_object_get(carry, "totals");
	json_t *against = json_object_get(carry, "against"), *forces = json_object_get(carry, "forces");
	json_t *battles = json_object_get(carry, "battles"), *p = pairing(carry, seq);
	if (!json_is_array(sides) || !json_is_object(tot) || !json_is_object(against) || !json_is_object(forces) ||
	    !json_is_array(battles))
		return damaged(err, "no sides, totals, forces or battles");
	if (!json_is_null(json_object_get(carry, "winner")) || seq > 6)
		return tw_error_set(err, TW_ERR_STATE, "CA.D4", "the campaign is over");
	if (!json_is_array(p) || (int)json_array_size(p) != fin->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "CA.1", "battle %d was not fought by its pairing's sides", seq);
	json_t *pts = json_object(), *cred = json_object(), *newf = json_object();
	if (!pts || !cred || !newf)
		return json_decref(pts), json_decref(cred), json_decref(newf), nomem(err);
	for (int k = 0; k < fin->nsides; k++) {
		const char *who = json_string_value(json_array_get(sides, (size_t)json_integer_value(json_array_get(p, (size_t)k))));
		if (!who || strcmp(who, fin->sides[k].name)) {
			json_decref(pts), json_decref(cred), json_decref(newf);
			return tw_error_set(err, TW_ERR_INPUT, "CA.1", "battle %d's side %d is %s, not its commander %s", seq, k,
					    fin->sides[k].name, who ? who : "?");
		}
		const ll_side *sd = (const ll_side *)tw_rec_row(fin, TW_REC_SIDE, k, sizeof(ll_side));
		// ll-rest: CA.D1, 2v2: each ally keeps his own men; h6-camp: CA.D2, each has his own VPs,
		// scored and against (ll_ca_credit.c: the commander whose men did it, or suffered it).
		int al = ally_of(carry, seq, k);
		const char *awho = al >= 0 ? json_string_value(json_array_get(sides, (size_t)al)) : NULL;
		for (int q = 0; q < (awho ? 2 : 1); q++) {
			const char *name = q ? awho : who;
			int vp = sd->vp, vpa = sd->vp_against;
			if (awho)
				ll_ca_share(fin, k, q, &vp, &vpa);
			int own = awho ? (q ? al : (int)json_integer_value(json_array_get(p, (size_t)k))) : -1;
			json_t *f = after_battle(fin, k, own, json_object_get(forces, name), vpa, vp);
			if (!f) {
				json_decref(pts), json_decref(cred), json_decref(newf);
				return nomem(err);
			}
			json_object_set_new(newf, name, f);
			json_object_set_new(pts, name, json_integer(vp));
			json_object_set_new(cred, name, json_integer(vp - vpa));
			json_object_set_new(tot, name, json_integer(json_integer_value(json_object_get(tot, name)) + vp)); // CA.4
			json_object_set_new(against, name, json_integer(json_integer_value(json_object_get(against, name)) + vpa));
		}
	}
	if (!ll_du20_record(carry, seq, fin)) { // ll-fin: DU.20, who cheated whom
		json_decref(pts), json_decref(cred), json_decref(newf);
		return nomem(err);
	}
	const char *key;
	json_t *v;
	json_object_foreach(newf, key, v) json_object_set(forces, key, v);
	json_decref(newf);
	json_t *w = fin->winner >= 0 ? json_string(fin->sides[fin->winner].name) : json_null();
	json_t *b = json_pack("{s:i, s:o, s:o, s:o}", "seq", seq, "winner", w, "points", pts, "credit", cred);
	if (!b || json_array_append_new(battles, b))
		return nomem(err);
	if (seq == 3)
		round_two(carry);
	*over = false;
	if (seq == 6) { // CA.D4: the governor of battle 6; none: the most campaign VPs
		const char *gov = fin->winner >= 0 ? fin->sides[fin->winner].name : NULL;
		if (!gov) {
			json_int_t best = -1;
			json_object_foreach(tot, key, v) if (json_integer_value(v) > best) {
				best = json_integer_value(v);
				gov = key;
			}
		}
		json_object_set_new(carry, "winner", gov ? json_string(gov) : json_null());
		*over = true;
	}
	return TW_OK;
}

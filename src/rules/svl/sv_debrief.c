// Science versus Luck's debrief (SV.SETUP.10) from a series' carry-over (sv_series.c): the
// phase-1 debrief (SV.EXPO.8/9, SV.BRF.1: each country's guns, what it paid, the money left and
// its score against its briefing), then the truth of every gun against its label (SV.GUN.4-5),
// the manuals in force, the test-range summaries (SV.DOC.9), every battle's result and margins
// (SV.WIN.5) and its adherence verdict (SV.DOC.17). Text for people; the carry-over itself is the
// machine-readable form.
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "sv.h"

static json_t *load(const char *carry_json, tw_error *err)
{
	json_t *c = json_loads(carry_json ? carry_json : "", 0, NULL);
	if (!json_is_object(c) || !json_is_array(json_object_get(c, "countries")) || !json_is_object(json_object_get(c, "country"))) {
		json_decref(c);
		tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.10", "not a Science versus Luck series");
		return NULL;
	}
	return c;
}

static int label_of(const char *code)
{
	for (int i = 0; i < TW_SV_GUN_COUNT; i++)
		if (code && !strcmp(tw_sv_labels[i].code, code))
			return i;
	return -1;
}

static void phase1(const json_t *c, FILE *out)
{
	fprintf(out, "Phase 1, the Arms Exhibition (SV.EXPO.9: the mean score s of the guns bought, judged on their labels)\n");
	size_t i;
	json_t *name;
	json_array_foreach(json_object_get(c, "countries"), i, name) {
		const char *n = json_string_value(name);
		json_t *rec = json_object_get(json_object_get(c, "country"), n);
		int cn = (int)i + 1; // SV.SETUP.7: the list order
		const tw_sv_brief *b = &tw_sv_briefs[cn];
		json_t *p1 = json_object_get(json_object_get(c, "phase1"), n);
		fprintf(out, "  %s: budget %d fr, %d-%d guns; %d fr left; score %s", n, b->budget, b->min_guns, b->max_guns,
			(int)json_integer_value(json_object_get(rec, "left")), p1 ? "" : "(auction not held)");
		if (p1)
			fprintf(out, "%.2f", json_number_value(p1));
		fputc('\n', out);
		size_t j;
		json_t *g;
		json_array_foreach(json_object_get(rec, "guns"), j, g) {
			int l = label_of(json_string_value(json_object_get(g, "code")));
			if (l < 0)
				continue;
			if (json_is_true(json_object_get(g, "arsenal")))
				fprintf(out, "    %s %s: issued free (SV.EXPO.7), not scored\n", tw_sv_labels[l].code, tw_sv_labels[l].model);
			else
				fprintf(out, "    %s %s: lot %d, %d fr (guide %d), s = %.2f\n", tw_sv_labels[l].code, tw_sv_labels[l].model,
					(int)json_integer_value(json_object_get(g, "lot")), (int)json_integer_value(json_object_get(g, "price")),
					tw_sv_labels[l].price, tw_sv_score(cn, l));
		}
	}
}

tw_status tw_sv_debrief_phase1(const char *carry_json, FILE *out, tw_error *err)
{
	json_t *c = load(carry_json, err);
	if (!c)
		return err->code;
	phase1(c, out);
	json_decref(c);
	return TW_OK;
}

static void manual_line(const char *title, const json_t *man, FILE *out)
{
	fprintf(out, "    %s:", title);
	if (!json_object_size(man)) {
		fprintf(out, " not written\n");
		return;
	}
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)man, k, v) {
		char *t = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_REAL_PRECISION(4));
		fprintf(out, " %s=%s", k, t ? t : "?");
		free(t);
	}
	fputc('\n', out);
}

tw_status tw_sv_debrief(const char *carry_json, FILE *out, tw_error *err)
{
	json_t *c = load(carry_json, err);
	if (!c)
		return err->code;
	int nteams = (int)json_integer_value(json_object_get(c, "teams"));
	fprintf(out, "Science versus Luck: debrief (SV.SETUP.10) - %d team%s, %d round(s) of battles; stage %s\n", nteams,
		nteams == 1 ? "" : "s", (int)json_integer_value(json_object_get(c, "rounds")),
		json_string_value(json_object_get(c, "stage")) ? json_string_value(json_object_get(c, "stage")) : "?");
	phase1(c, out);
	// SV.GUN.12: nobody sees the true values while the war goes on; the debrief shows them.
	bool over = json_string_value(json_object_get(c, "stage")) && !strcmp(json_string_value(json_object_get(c, "stage")), "over");
	fprintf(out, "The guns, advertised against true (SV.GUN.4-5), and phase 2 (SV.DOC.9, SV.DOC.11)%s\n",
		over ? "" : ": the true values are shown when the series is over");
	size_t i;
	json_t *name;
	json_array_foreach(json_object_get(c, "countries"), i, name) {
		const char *n = json_string_value(name);
		json_t *rec = json_object_get(json_object_get(c, "country"), n);
		fprintf(out, "  %s\n", n);
		size_t j;
		json_t *g;
		json_array_foreach(json_object_get(rec, "guns"), j, g) {
			int l = label_of(json_string_value(json_object_get(g, "code")));
			json_t *t = json_object_get(g, "truth");
			if (l < 0 || !t || !over)
				continue;
			double rate = json_number_value(json_object_get(t, "rate")), mis = json_number_value(json_object_get(t, "misfire"));
			fprintf(out, "    %s: label %d in, %d rpm, %d misfires in 100; true v %.2f ft/s (sd %.2f), %.2f rpm, %.0f in 100\n",
				tw_sv_labels[l].code, tw_sv_labels[l].range, tw_sv_labels[l].rpm, tw_sv_labels[l].misfires,
				json_number_value(json_object_get(t, "v_mean")), json_number_value(json_object_get(t, "v_sigma")), rate,
				mis * 100);
		}
		json_array_foreach(json_object_get(rec, "range"), j, g)
			fprintf(out, "    range, %s: %d rounds, %d misfires, mean D1/R %.3f, lateral sd %.2f in per 12 in, suggested factor %.2f; serial %d shots\n",
				json_string_value(json_object_get(g, "gun")), (int)json_integer_value(json_object_get(g, "rounds")),
				(int)json_integer_value(json_object_get(g, "misfires")), json_number_value(json_object_get(g, "mean_ratio")),
				json_number_value(json_object_get(g, "sd_lat12")), json_number_value(json_object_get(g, "k_new")),
				(int)json_integer_value(json_object_get(g, "serial_shots")));
		manual_line("Infantry Manual", json_object_get(rec, "im"), out);
		manual_line("Artillery Manual", json_object_get(rec, "am"), out);
	}
	fprintf(out, "Battles (SV.SETUP.8, SV.WIN.5, SV.DOC.17)\n");
	json_t *b;
	json_array_foreach(json_object_get(c, "battles"), i, b)
		fprintf(out, "  round %d table %d: %s infantry (T%d) against %s guns (T%d): winner %s after %d turns; %d fallen, %d standing; "
			     "%d matches left; %d shots, %d misfires; %d morale rolls; %s (%d of %d turns)\n",
			(int)json_integer_value(json_object_get(b, "round")), (int)json_integer_value(json_object_get(b, "table")),
			json_string_value(json_object_get(b, "infantry")), (int)json_integer_value(json_object_get(b, "infantry_team")),
			json_string_value(json_object_get(b, "guns")), (int)json_integer_value(json_object_get(b, "guns_team")),
			json_string_value(json_object_get(b, "winner")), (int)json_integer_value(json_object_get(b, "turns")),
			(int)json_integer_value(json_object_get(b, "fallen")), (int)json_integer_value(json_object_get(b, "standing")),
			(int)json_integer_value(json_object_get(b, "matches_left")), (int)json_integer_value(json_object_get(b, "shots")),
			(int)json_integer_value(json_object_get(b, "misfires")), (int)json_integer_value(json_object_get(b, "morale_rolls")),
			json_integer_value(json_object_get(b, "adhering")) ? "the infantry adhered to its manual" : "the infantry did not adhere",
			(int)json_integer_value(json_object_get(b, "adhering_turns")), (int)json_integer_value(json_object_get(b, "turns_judged")));
	json_decref(c);
	return TW_OK;
}

// The rule set's series_debrief hook (tw_ruleset): the phase-1 debrief once the auction is
// recorded (SV.EXPO.8/9), the whole debrief when the series is over (SV.SETUP.10).
tw_status sv_series_debrief(const char *carry_json, int games, bool over, FILE *out, tw_error *err)
{
	if (!over && games < 1)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.10", "no game of the series is recorded yet");
	return over ? tw_sv_debrief(carry_json, out, err) : tw_sv_debrief_phase1(carry_json, out, err);
}

// Science versus Luck: manuals as structured, versioned documents (SV.DOC.11-15): the field
// tables of SV.DOC.12 and SV.DOC.13 as data, the national constraints of SV.BRF.8 as data, the
// JSON document (read and written), validation with the JSON path and the clause broken, and
// the manual put in force on a side's record.
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sv.h"

const char *const tw_sv_country_names[TW_SV_COUNTRY_COUNT + 1] = {
	"none", "Albionia", "Bosrovia", "Freedonia", "Ruritania", "Sylvania", "Vorlandia", NULL};
static const char *const arm_names[] = {"infantry", "artillery", NULL};
static const char *const arm_titles[] = {"Infantry Manual", "Artillery Manual"};
static const char *const arm_clause[] = {"SV.DOC.12", "SV.DOC.13"};

// ---- the field tables (SV.DOC.12, SV.DOC.13) ----
// A choice may take a parameter: its range and default in the field's parameter unit (tenths of
// an inch when scale is 10, a count when 1); pmax 0: no parameter.
typedef struct sv_choice {
	const char *name;
	int pmin, pmax, pdef, scale;
} sv_choice;
enum { MF_CHOICE = 0, MF_NUM, MF_TARGETS };
typedef struct sv_mfield {
	const char *key;   ///< JSON key in "fields"
	const char *id;    ///< IM.pace ...
	int kind;
	int slot, pslot;   ///< v[] slots: value and (choices with a parameter) parameter
	const sv_choice *choices;
	int nchoices;
	int min, max, def, scale; ///< MF_NUM: range and default in 1/scale inches (zero_ok: 0 also legal)
	bool zero_ok;
} sv_mfield;

static const sv_choice c_pace[] = {{"NEVER_RUN", 0, 0, 0, 0}, {"RUN_WITHIN", 60, 360, 120, 10}, {"RUN_IN_OPEN", 0, 0, 0, 0},
				   {"RUN_ANYTIME", 0, 0, 0, 0}};
static const sv_choice c_cover[] = {{"PREFER", 10, 120, 30, 10}, {"IGNORE", 0, 0, 0, 0}, {"COVER_TO_COVER", 0, 0, 0, 0}};
static const sv_choice c_form[] = {{"LINE", 0, 0, 0, 0}, {"COLUMN", 2, 10, 4, 1}, {"OPEN_ORDER", 0, 0, 0, 0}, {"GROUPS", 2, 6, 2, 1}};
static const sv_choice c_route[] = {{"DIRECT", 0, 0, 0, 0}, {"LEFT", 0, 0, 0, 0}, {"RIGHT", 0, 0, 0, 0}};
static const sv_choice c_fire[] = {{"WITHIN_12", 0, 0, 0, 0}, {"WITHIN_6", 0, 0, 0, 0}, {"NEVER", 0, 0, 0, 0},
				   {"ONLY_WHEN_PAUSED", 0, 0, 0, 0}};
static const sv_choice c_fmode[] = {{"ALL", 0, 0, 0, 0}, {"ALTERNATE", 0, 0, 0, 0}};
static const sv_choice c_bugler[] = {{"NONE", 0, 0, 0, 0}, {"REQUIRED", 0, 0, 0, 0}};
static const sv_choice c_cmd[] = {{"MAIN_BODY", 0, 0, 0, 0}, {"FRONT", 0, 0, 0, 0}, {"REAR", 0, 0, 0, 0}};
static const sv_choice c_pause[] = {{"HOLD_AND_FIRE", 0, 0, 0, 0}, {"GO_TO_GROUND", 0, 0, 0, 0}, {"SIDESTEP_TO_COVER", 0, 0, 0, 0}};
static const sv_choice c_recoil[] = {{"TO_HARD_COVER", 0, 0, 0, 0}, {"STRAIGHT_BACK", 0, 0, 0, 0}};
static const sv_choice c_tgt[] = {{"NEAREST", 0, 0, 0, 0},   {"DENSEST", 0, 0, 0, 0}, {"COMMANDER", 0, 0, 0, 0},
				  {"BUGLER", 0, 0, 0, 0},    {"RUNNING", 0, 0, 0, 0}, {"IN_OPEN", 0, 0, 0, 0},
				  {"WITHIN_12", 0, 0, 0, 0}};
static const sv_choice c_tempo[] = {{"STEADY", 0, 0, 0, 0}, {"RAPID", 0, 0, 0, 0}, {"DELIBERATE", 0, 0, 0, 0}};
static const sv_choice c_close[] = {{"SAME", 0, 0, 0, 0}, {"STEADY", 0, 0, 0, 0}, {"RAPID", 0, 0, 0, 0}, {"DELIBERATE", 0, 0, 0, 0}};
static const sv_choice c_gmove[] = {{"NEVER", 0, 0, 0, 0}, {"TO_REGAIN_SIGHT", 0, 0, 0, 0}, {"WITHDRAW_WITHIN", 60, 240, 120, 10}};
_Static_assert(TW_ARRAY_COUNT(c_tgt) == SV_TGT_NONE, "a choice per target category");

#define CH(a) a, (int)TW_ARRAY_COUNT(a)
static const sv_mfield im_fields[] = {
	{"pace", "IM.pace", MF_CHOICE, SV_IM_PACE, SV_IM_PACE_P, CH(c_pace), 0, 0, 0, 0, false},
	{"cover", "IM.cover", MF_CHOICE, SV_IM_COVER, SV_IM_COVER_P, CH(c_cover), 0, 0, 0, 0, false},
	{"formation", "IM.formation", MF_CHOICE, SV_IM_FORM, SV_IM_FORM_P, CH(c_form), 0, 0, 0, 0, false},
	{"spacing", "IM.spacing", MF_NUM, SV_IM_SPACING, -1, NULL, 0, 0, 60, 10, 10, false},
	{"route", "IM.route", MF_CHOICE, SV_IM_ROUTE, -1, CH(c_route), 0, 0, 0, 0, false},
	{"fire", "IM.fire", MF_CHOICE, SV_IM_FIRE, -1, CH(c_fire), 0, 0, 0, 0, false},
	{"fire_mode", "IM.fire_mode", MF_CHOICE, SV_IM_FMODE, -1, CH(c_fmode), 0, 0, 0, 0, false},
	{"assault", "IM.assault", MF_NUM, SV_IM_ASSAULT, -1, NULL, 0, 0, 120, 60, 10, false},
	{"bugler", "IM.bugler", MF_CHOICE, SV_IM_BUGLER, -1, CH(c_bugler), 0, 0, 0, 0, false},
	{"commander", "IM.commander", MF_CHOICE, SV_IM_CMD, -1, CH(c_cmd), 0, 0, 0, 0, false},
	{"on_pause", "IM.on_pause", MF_CHOICE, SV_IM_PAUSE, -1, CH(c_pause), 0, 0, 0, 0, false},
	{"on_recoil", "IM.on_recoil", MF_CHOICE, SV_IM_RECOIL, -1, CH(c_recoil), 0, 0, 0, 0, false},
};
static const sv_mfield am_fields[] = {
	{"open_fire", "AM.open_fire", MF_NUM, SV_AM_OPEN, -1, NULL, 0, 120, 1200, 0, 10, true},
	{"targets", "AM.targets", MF_TARGETS, SV_AM_TARGETS, -1, CH(c_tgt), 0, 0, 0, 0, false},
	{"tempo", "AM.tempo", MF_CHOICE, SV_AM_TEMPO, -1, CH(c_tempo), 0, 0, 0, 0, false},
	{"tempo_close", "AM.tempo_close", MF_CHOICE, SV_AM_CLOSE, -1, CH(c_close), 0, 0, 0, 0, false},
	{"range_factor", "AM.range_factor", MF_NUM, SV_AM_RFACTOR, -1, NULL, 0, 30, 150, 100, 100, false},
	{"aim_beyond", "AM.aim_beyond", MF_NUM, SV_AM_BEYOND, -1, NULL, 0, -60, 120, 0, 10, false},
	{"move", "AM.move", MF_CHOICE, SV_AM_MOVE, SV_AM_MOVE_P, CH(c_gmove), 0, 0, 0, 0, false},
};
static const struct {
	const sv_mfield *f;
	int n;
} tables[TW_SV_ARM_COUNT] = {{im_fields, (int)TW_ARRAY_COUNT(im_fields)}, {am_fields, (int)TW_ARRAY_COUNT(am_fields)}};

// ---- the national constraints (SV.BRF.8) ----
enum { NC_NE = 0, NC_EQ, NC_LE, NC_GE, NC_GE_OR_0 };
static const struct sv_nc {
	int country, arm, slot, op, value;
	const char *text;
} constraints_tab[] = {
	{TW_SV_ALBIONIA, TW_SV_INFANTRY, SV_IM_PACE, NC_NE, SV_PACE_ANYTIME, "IM.pace must not be RUN_ANYTIME"},
	{TW_SV_ALBIONIA, TW_SV_ARTILLERY, SV_AM_TEMPO, NC_NE, TW_SV_RAPID, "AM.tempo STEADY or DELIBERATE"},
	{TW_SV_BOSROVIA, TW_SV_INFANTRY, SV_IM_SPACING, NC_LE, 10, "IM.spacing at most 1 in"},
	{TW_SV_BOSROVIA, TW_SV_INFANTRY, SV_IM_BUGLER, NC_EQ, 1, "IM.bugler REQUIRED"},
	{TW_SV_FREEDONIA, TW_SV_INFANTRY, SV_IM_CMD, NC_EQ, SV_CMD_FRONT, "IM.commander FRONT"},
	{TW_SV_FREEDONIA, TW_SV_INFANTRY, SV_IM_PACE, NC_NE, SV_PACE_NEVER, "IM.pace not NEVER_RUN"},
	{TW_SV_RURITANIA, TW_SV_INFANTRY, SV_IM_BUGLER, NC_EQ, 1, "IM.bugler REQUIRED"},
	{TW_SV_RURITANIA, TW_SV_INFANTRY, SV_IM_CMD, NC_EQ, SV_CMD_FRONT, "IM.commander FRONT"},
	{TW_SV_RURITANIA, TW_SV_ARTILLERY, SV_AM_MOVE, NC_NE, SV_GMOVE_WITHDRAW, "AM.move not WITHDRAW_WITHIN"},
	{TW_SV_SYLVANIA, TW_SV_INFANTRY, SV_IM_COVER, NC_NE, SV_COVER_IGNORE, "IM.cover not IGNORE"},
	{TW_SV_SYLVANIA, TW_SV_INFANTRY, SV_IM_SPACING, NC_GE, 20, "IM.spacing at least 2 in"},
	{TW_SV_VORLANDIA, TW_SV_ARTILLERY, SV_AM_OPEN, NC_GE_OR_0, 480, "AM.open_fire at least 48 in, or 0"},
};

static const sv_mfield *field_of_slot(int arm, int slot)
{
	for (int i = 0; i < tables[arm].n; i++)
		if (tables[arm].f[i].slot == slot)
			return &tables[arm].f[i];
	return NULL;
}

static tw_status located(tw_error *err, const char *clause, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static tw_status located(tw_error *err, const char *clause, const char *path, const char *fmt, ...)
{
	char buf[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	tw_error_set(err, TW_ERR_INPUT, clause, "%s: %s", path, buf);
	if (err)
		snprintf(err->path, sizeof err->path, "%s", path);
	return TW_ERR_INPUT;
}

void tw_sv_manual_default(tw_sv_manual *m, int arm, int country)
{
	memset(m, 0, sizeof *m);
	m->arm = arm;
	m->country = country;
	m->version = 1;
	for (int i = 0; i < tables[arm].n; i++) {
		const sv_mfield *f = &tables[arm].f[i];
		if (f->kind == MF_NUM)
			m->v[f->slot] = f->def;
		else if (f->kind == MF_TARGETS)
			for (int k = 0; k < SV_NTARGETS; k++)
				m->v[f->slot + k] = k == 0 ? SV_TGT_NEAREST : SV_TGT_NONE;
		else if (f->choices[0].pmax > 0)
			m->v[f->pslot] = f->choices[0].pdef;
	}
}

// SV.DOC.14: one field's value.
static tw_status check_field(const tw_sv_manual *m, const sv_mfield *f, tw_error *err)
{
	char path[96];
	snprintf(path, sizeof path, "$.fields.%s", f->key);
	const char *clause = arm_clause[m->arm];
	int v = m->v[f->slot];
	if (f->kind == MF_NUM) {
		if ((v < f->min || v > f->max) && !(f->zero_ok && v == 0)) {
			char range[48];
			if (f->scale == 100)
				snprintf(range, sizeof range, "%.2f-%.2f", f->min / 100.0, f->max / 100.0);
			else
				snprintf(range, sizeof range, "%s%g-%g in", f->zero_ok ? "0 or " : "", f->min / 10.0, f->max / 10.0);
			return located(err, clause, path, "%s: out of range (%s)", f->id, range);
		}
		return TW_OK;
	}
	if (f->kind == MF_TARGETS) {
		bool seen[SV_TGT_COUNT] = {false}, ended = false;
		for (int k = 0; k < SV_NTARGETS; k++) {
			int t = m->v[f->slot + k];
			snprintf(path, sizeof path, "$.fields.targets[%d]", k);
			if (t < 0 || t > SV_TGT_NONE)
				return located(err, clause, path, "%s: no such category", f->id);
			if (t == SV_TGT_NONE) {
				ended = true;
				continue;
			}
			if (ended)
				return located(err, clause, path, "%s: a category after the end of the list", f->id);
			if (seen[t])
				return located(err, clause, path, "%s: %s twice", f->id, c_tgt[t].name);
			seen[t] = true;
		}
		if (m->v[f->slot] == SV_TGT_NONE)
			return located(err, clause, "$.fields.targets", "%s: an ordered list of one category or more", f->id);
		return TW_OK;
	}
	if (v < 0 || v >= f->nchoices)
		return located(err, clause, path, "%s: no such choice", f->id);
	const sv_choice *c = &f->choices[v];
	int p = f->pslot >= 0 ? m->v[f->pslot] : 0;
	if (c->pmax > 0 && (p < c->pmin || p > c->pmax)) {
		char range[48];
		snprintf(range, sizeof range, "%s(%g-%g)", c->name, (double)c->pmin / c->scale, (double)c->pmax / c->scale);
		return located(err, clause, path, "%s: its value out of range: %s", f->id, range);
	}
	if (c->pmax == 0 && p != 0)
		return located(err, clause, path, "%s: %s takes no value", f->id, c->name);
	return TW_OK;
}

static bool nc_holds(const struct sv_nc *c, int v)
{
	switch (c->op) {
	case NC_NE: return v != c->value;
	case NC_EQ: return v == c->value;
	case NC_LE: return v <= c->value;
	case NC_GE: return v >= c->value;
	default: return v == 0 || v >= c->value;
	}
}

tw_status tw_sv_manual_check(const tw_sv_manual *m, bool constraints, tw_error *err)
{
	if (m->arm < 0 || m->arm >= TW_SV_ARM_COUNT)
		return located(err, "SV.DOC.11", "$.arm", "a manual is an %s or an %s", arm_titles[0], arm_titles[1]);
	if (m->country <= TW_SV_NO_COUNTRY || m->country >= TW_SV_COUNTRY_COUNT)
		return located(err, "SV.DOC.11", "$.country", "a manual is a country's: %s ... %s", tw_sv_country_names[1],
			       tw_sv_country_names[TW_SV_COUNTRY_COUNT - 1]);
	if (m->version < 1 || m->version > 1000000)
		return located(err, "SV.DOC.15", "$.version", "a manual's version is a number from 1");
	for (int i = 0; i < tables[m->arm].n; i++) {
		tw_status st = check_field(m, &tables[m->arm].f[i], err);
		if (st != TW_OK)
			return st;
	}
	if (!constraints)
		return TW_OK;
	for (size_t i = 0; i < TW_ARRAY_COUNT(constraints_tab); i++) {
		const struct sv_nc *c = &constraints_tab[i];
		if (c->country != m->country || c->arm != m->arm || nc_holds(c, m->v[c->slot]))
			continue;
		char path[96];
		snprintf(path, sizeof path, "$.fields.%s", field_of_slot(m->arm, c->slot)->key);
		return located(err, "SV.BRF.8", path, "%s's doctrine briefing requires %s (SV.DOC.14)",
			       tw_sv_country_names[c->country], c->text);
	}
	return TW_OK;
}

// ---- the document ----
static int name_index(const char *const *names, const char *s)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

// "NAME" or "NAME(X)".
static tw_status parse_choice(tw_sv_manual *m, const sv_mfield *f, json_t *j, tw_error *err)
{
	char path[96];
	snprintf(path, sizeof path, "$.fields.%s", f->key);
	const char *clause = arm_clause[m->arm];
	if (!json_is_string(j))
		return located(err, clause, path, "%s: a choice by name, e.g. \"%s\"", f->id, f->choices[f->nchoices - 1].name);
	const char *s = json_string_value(j);
	size_t n = strcspn(s, "(");
	for (int c = 0; c < f->nchoices; c++) {
		const sv_choice *ch = &f->choices[c];
		if (strlen(ch->name) != n || strncmp(ch->name, s, n) != 0)
			continue;
		m->v[f->slot] = c;
		if (ch->pmax == 0) {
			if (s[n])
				return located(err, clause, path, "%s: %s takes no value", f->id, ch->name);
			return TW_OK;
		}
		char *end = NULL;
		double x = s[n] ? strtod(s + n + 1, &end) : NAN;
		if (!s[n] || end == s + n + 1 || strcmp(end, ")") != 0 || !isfinite(x))
			return located(err, "SV.DOC.11", path, "%s: %s needs its value, e.g. %s(...)", f->id, ch->name, ch->name);
		double scaled = x * ch->scale;
		m->v[f->pslot] = fabs(scaled) > 1e6 ? -1 : (int32_t)lround(scaled);
		return TW_OK;
	}
	return located(err, clause, path, "%s: no choice called \"%s\"", f->id, s);
}

static tw_status parse_field(tw_sv_manual *m, const sv_mfield *f, json_t *j, tw_error *err)
{
	char path[96];
	snprintf(path, sizeof path, "$.fields.%s", f->key);
	const char *clause = arm_clause[m->arm];
	if (f->kind == MF_CHOICE)
		return parse_choice(m, f, j, err);
	if (f->kind == MF_NUM) {
		if (!json_is_number(j))
			return located(err, clause, path, "%s: a number%s", f->id, f->scale == 10 ? ", inches" : "");
		double x = json_number_value(j) * f->scale;
		m->v[f->slot] = fabs(x) > 1e6 ? INT32_MIN : (int32_t)lround(x);
		return TW_OK;
	}
	if (!json_is_array(j) || json_array_size(j) < 1 || json_array_size(j) > SV_NTARGETS)
		return located(err, clause, path, "%s: a list of 1 to 7 categories in priority order", f->id);
	for (int k = 0; k < SV_NTARGETS; k++)
		m->v[f->slot + k] = SV_TGT_NONE;
	size_t i;
	json_t *t;
	json_array_foreach(j, i, t)
	{
		snprintf(path, sizeof path, "$.fields.targets[%zu]", i);
		int c = json_is_string(t) ? name_index((const char *const[]){"NEAREST", "DENSEST", "COMMANDER", "BUGLER",
									      "RUNNING", "IN_OPEN", "WITHIN_12", NULL},
						       json_string_value(t))
					  : -1;
		if (c < 0)
			return located(err, clause, path, "%s: no category %s (NEAREST, DENSEST, COMMANDER, BUGLER, RUNNING, "
							   "IN_OPEN, WITHIN_12)",
				       f->id, json_is_string(t) ? json_string_value(t) : "of that kind");
		m->v[f->slot + (int)i] = c;
	}
	return TW_OK;
}

static tw_status parse_doc(json_t *root, bool constraints, tw_sv_manual *m, tw_error *err)
{
	memset(m, 0, sizeof *m);
	if (!json_is_object(root))
		return located(err, "SV.DOC.11", "$", "a manual is a JSON object");
	json_t *fmt = json_object_get(root, "format");
	if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "tinwar-svl-manual") != 0)
		return located(err, "SV.DOC.11", "$.format", "\"format\" must be \"tinwar-svl-manual\"");
	static const char *const keys[] = {"format", "arm", "country", "author", "version", "fields", "notes", NULL};
	const char *key;
	json_t *val;
	json_object_foreach(root, key, val)
	{
		if (name_index(keys, key) < 0) {
			char path[96];
			snprintf(path, sizeof path, "$.%.80s", key);
			return located(err, "SV.DOC.11", path, "no key \"%s\" in a manual", key);
		}
	}
	json_t *arm = json_object_get(root, "arm"), *c = json_object_get(root, "country"),
	       *ver = json_object_get(root, "version"), *author = json_object_get(root, "author"),
	       *notes = json_object_get(root, "notes"), *fields = json_object_get(root, "fields");
	m->arm = json_is_string(arm) ? name_index(arm_names, json_string_value(arm)) : -1;
	if (m->arm < 0)
		return located(err, "SV.DOC.11", "$.arm", "\"arm\": \"%s\" or \"%s\"", arm_names[0], arm_names[1]);
	m->country = json_is_string(c) ? name_index(tw_sv_country_names, json_string_value(c)) : -1;
	if (m->country <= 0)
		return located(err, "SV.DOC.11", "$.country", "\"country\": %s ... %s", tw_sv_country_names[1],
			       tw_sv_country_names[TW_SV_COUNTRY_COUNT - 1]);
	if (!json_is_integer(ver) || json_integer_value(ver) < 1 || json_integer_value(ver) > 1000000)
		return located(err, "SV.DOC.15", "$.version", "\"version\": a whole number from 1");
	m->version = (int)json_integer_value(ver);
	if (!json_is_string(author) || !json_string_length(author) || json_string_length(author) >= sizeof m->author)
		return located(err, "SV.DOC.11", "$.author", "\"author\": the author's name (1-63 characters)");
	snprintf(m->author, sizeof m->author, "%s", json_string_value(author));
	if (notes && (!json_is_string(notes) || json_string_length(notes) >= sizeof m->notes))
		return located(err, "SV.DOC.11", "$.notes", "\"notes\": free text, under 1024 characters");
	if (notes)
		snprintf(m->notes, sizeof m->notes, "%s", json_string_value(notes));
	if (!json_is_object(fields))
		return located(err, "SV.DOC.11", "$.fields", "\"fields\": an object with every field of the %s (%s)",
			       arm_titles[m->arm], arm_clause[m->arm]);
	json_object_foreach(fields, key, val)
	{
		bool known = false;
		for (int i = 0; i < tables[m->arm].n; i++)
			known = known || strcmp(tables[m->arm].f[i].key, key) == 0;
		if (!known) {
			char path[112];
			snprintf(path, sizeof path, "$.fields.%.80s", key);
			return located(err, arm_clause[m->arm], path, "no field \"%s\" in an %s", key, arm_titles[m->arm]);
		}
	}
	for (int i = 0; i < tables[m->arm].n; i++) {
		const sv_mfield *f = &tables[m->arm].f[i];
		json_t *j = json_object_get(fields, f->key);
		if (!j) {
			char path[96];
			snprintf(path, sizeof path, "$.fields.%s", f->key);
			return located(err, "SV.DOC.11", path, "%s has no value: every field must have one (%s)", f->id,
				       arm_clause[m->arm]);
		}
		tw_status st = parse_field(m, f, j, err);
		if (st != TW_OK)
			return st;
	}
	return tw_sv_manual_check(m, constraints, err);
}

tw_status tw_sv_manual_parse(const char *text, size_t len, bool constraints, tw_sv_manual *m, tw_error *err)
{
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		tw_error_set(err, TW_ERR_INPUT, "SV.DOC.11", "not a JSON document: %s", je.text);
		if (err) {
			err->line = je.line;
			err->column = je.column;
			snprintf(err->path, sizeof err->path, "$");
		}
		return TW_ERR_INPUT;
	}
	tw_status st = parse_doc(root, constraints, m, err);
	json_decref(root);
	return st;
}

char *tw_sv_manual_dump(const tw_sv_manual *m)
{
	json_t *root = json_object(), *fields = json_object();
	if (!root || !fields) {
		json_decref(root);
		json_decref(fields);
		return NULL;
	}
	json_object_set_new(root, "format", json_string("tinwar-svl-manual"));
	json_object_set_new(root, "arm", json_string(arm_names[m->arm]));
	json_object_set_new(root, "country", json_string(tw_sv_country_names[m->country]));
	json_object_set_new(root, "author", json_string(m->author));
	json_object_set_new(root, "version", json_integer(m->version));
	for (int i = 0; i < tables[m->arm].n; i++) {
		const sv_mfield *f = &tables[m->arm].f[i];
		json_t *j;
		if (f->kind == MF_NUM) {
			j = json_real(m->v[f->slot] / (double)f->scale);
		} else if (f->kind == MF_TARGETS) {
			j = json_array();
			for (int k = 0; k < SV_NTARGETS && m->v[f->slot + k] != SV_TGT_NONE; k++)
				json_array_append_new(j, json_string(c_tgt[m->v[f->slot + k]].name));
		} else {
			const sv_choice *c = &f->choices[m->v[f->slot]];
			char buf[64];
			if (c->pmax > 0)
				snprintf(buf, sizeof buf, "%s(%g)", c->name, (double)m->v[f->pslot] / c->scale);
			else
				snprintf(buf, sizeof buf, "%s", c->name);
			j = json_string(buf);
		}
		json_object_set_new(fields, f->key, j);
	}
	json_object_set_new(root, "fields", fields);
	json_object_set_new(root, "notes", json_string(m->notes));
	char *out = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	json_decref(root);
	return out;
}

// ---- the order and the side's record (SV.DOC.15) ----
void sv_manual_to_order(const tw_sv_manual *m, int side, tw_order *o)
{
	tw_order_init(o, SV_OT_MANUAL, side);
	o->n = m->arm;
	o->nval = 2 + TW_SV_MAN_VALS;
	o->val[0] = m->country;
	o->val[1] = m->version;
	memcpy(&o->val[2], m->v, sizeof m->v);
}

void tw_sv_manual_order(const tw_sv_manual *m, int side, tw_order *o)
{
	sv_manual_to_order(m, side, o);
}

void sv_manual_from_order(const tw_order *o, tw_sv_manual *m)
{
	memset(m, 0, sizeof *m);
	m->arm = o->n;
	m->country = o->nval > 0 ? o->val[0] : 0;
	m->version = o->nval > 1 ? o->val[1] : 0;
	for (int i = 2; i < o->nval && i - 2 < TW_SV_MAN_VALS; i++)
		m->v[i - 2] = o->val[i];
}

void sv_manual_in_force(tw_state *s, int side, const tw_sv_manual *m)
{
	sv_srec *r = SVS(s, side);
	const int32_t *v = m->v;
	r->country = m->country;
	if (m->arm == TW_SV_INFANTRY) {
		r->im_version = m->version;
		r->pace = v[SV_IM_PACE];
		if (r->pace == SV_PACE_WITHIN)
			r->pace_x = v[SV_IM_PACE_P] / 10.0;
		r->cover = v[SV_IM_COVER];
		if (r->cover == SV_COVER_PREFER)
			r->cover_d = v[SV_IM_COVER_P] / 10.0;
		r->formation = v[SV_IM_FORM];
		r->formation_n = v[SV_IM_FORM_P];
		r->spacing = v[SV_IM_SPACING] / 10.0;
		r->route = v[SV_IM_ROUTE];
		r->fire = v[SV_IM_FIRE];
		r->fire_mode = v[SV_IM_FMODE];
		r->assault = v[SV_IM_ASSAULT] / 10.0;
		r->bugler = (uint8_t)v[SV_IM_BUGLER];
		r->commander = v[SV_IM_CMD];
		r->on_pause = v[SV_IM_PAUSE];
		r->on_recoil = v[SV_IM_RECOIL];
	} else {
		r->am_version = m->version;
		r->open_fire = v[SV_AM_OPEN] / 10.0;
		for (int k = 0; k < SV_NTARGETS; k++)
			r->targets[k] = v[SV_AM_TARGETS + k];
		r->tempo = v[SV_AM_TEMPO];
		r->tempo_close = v[SV_AM_CLOSE];
		r->range_factor = v[SV_AM_RFACTOR] / 100.0;
		r->aim_beyond = v[SV_AM_BEYOND] / 10.0;
		r->gmove = v[SV_AM_MOVE];
		if (r->gmove == SV_GMOVE_WITHDRAW)
			r->gmove_x = v[SV_AM_MOVE_P] / 10.0;
	}
}

const char *sv_arm_title(int arm)
{
	return arm >= 0 && arm < TW_SV_ARM_COUNT ? arm_titles[arm] : "manual";
}

// The `manual` order (documents as orders): a side's own manual, before the battle begins, a
// later version than the one in force (SV.DOC.15), valid (SV.DOC.14).
tw_status sv_validate_manual(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.1", "a manual is a side's: the umpire submits none");
	if (SVG(s)->begun)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.15",
				    "the battle has begun: it uses the manuals in force when it began");
	tw_sv_manual m;
	sv_manual_from_order(o, &m);
	tw_status st = tw_sv_manual_check(&m, s->params[SVP_CONSTRAINTS] != 0, err);
	if (st != TW_OK)
		return st;
	const sv_srec *r = SVS(s, o->side);
	if (r->country != TW_SV_NO_COUNTRY && r->country != m.country)
		return located(err, "SV.DOC.11", "$.country", "%s fights by %s's manuals, not %s's", s->sides[o->side].name,
			       tw_sv_country_names[r->country], tw_sv_country_names[m.country]);
	int in_force = m.arm == TW_SV_INFANTRY ? r->im_version : r->am_version;
	if (m.version <= in_force)
		return located(err, "SV.DOC.15", "$.version", "version %d of the %s is in force: submit a later one",
			       in_force, arm_titles[m.arm]);
	return TW_OK;
}

// sv-web: the manuals' forms for front-ends (tw_ruleset.forms): every field of SV.DOC.12/13 in
// order, its v[] slots, kind (choice, number, targets), range and default in its units (1/scale
// of an inch, or hundredths), each choice with its parameter's range; the countries by index.
json_t *sv_manual_forms(void)
{
	static const char *const kinds[] = {"choice", "number", "targets"};
	json_t *arms = json_array();
	for (int a = 0; a < TW_SV_ARM_COUNT; a++) {
		json_t *fields = json_array();
		for (int i = 0; i < tables[a].n; i++) {
			const sv_mfield *f = &tables[a].f[i];
			json_t *ch = json_array();
			for (int k = 0; k < f->nchoices; k++)
				json_array_append_new(ch, json_pack("{s:s, s:i, s:i, s:i, s:i}", "name", f->choices[k].name, "pmin",
								    f->choices[k].pmin, "pmax", f->choices[k].pmax, "pdef",
								    f->choices[k].pdef, "scale", f->choices[k].scale));
			json_array_append_new(fields, json_pack("{s:s, s:s, s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:b, s:o}", "key", f->key,
								"id", f->id, "kind", kinds[f->kind], "slot", f->slot, "pslot",
								f->pslot, "min", f->min, "max", f->max, "def", f->def, "scale",
								f->scale, "zero_ok", f->zero_ok, "choices", ch));
		}
		json_array_append_new(arms, json_pack("{s:s, s:s, s:s, s:o}", "arm", arm_names[a], "title", arm_titles[a],
						      "clause", arm_clause[a], "fields", fields));
	}
	json_t *countries = json_array();
	for (int c = 0; c < TW_SV_COUNTRY_COUNT; c++)
		json_array_append_new(countries, json_string(tw_sv_country_names[c]));
	return json_pack("{s:{s:o, s:o, s:i, s:i}}", "manual", "arms", arms, "countries", countries, "slots",
			 TW_SV_MAN_VALS, "targets", SV_NTARGETS);
}

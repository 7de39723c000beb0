// The terminal's `info`: an element's record fields by name (the rule set's records, record.h),
// as the seat sees them, and the facts its rules derive (tw_ruleset.facts).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

// Prints every field of element `index` of `kind`, one a line (an array all at its default as
// "default"). Fields the seat may not see are at their defaults in its view.
static void print_fields(const tw_state *s, tw_rec_kind kind, int index, const char *indent)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	const void *rec = tw_rec_c(s, kind, index);
	int shown = 0;
	for (int i = 0; d && rec && i < d->nfields; i++) {
		const tw_field_def *f = &d->fields[i];
		char buf[256];
		if (f->count > 1 && f->type != TW_FT_STR && tw_rec_is_default(rec, f))
			snprintf(buf, sizeof buf, "(default)");
		else
			tw_rec_format_field(s, rec, f, buf, sizeof buf);
		printf("%s%s: %s\n", indent, f->name, buf);
		shown++;
	}
	if (!shown)
		printf("%s(no record)\n", indent);
}

static void print_facts(const tw_state *s, int kind, int32_t index, int seat, const char *indent)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || !rs->facts)
		return;
	tw_fact facts[TW_MAX_FACTS];
	int n = rs->facts(s, kind, index, seat, facts, TW_MAX_FACTS);
	for (int i = 0; i < n; i++) {
		const tw_fact *f = &facts[i];
		switch ((tw_fact_type)f->type) {
		case TW_FACT_BOOL: printf("%s%s: %s\n", indent, f->name, f->value != 0 ? "yes" : "no"); break;
		case TW_FACT_SIDE:
			if (f->value >= 0 && f->value < s->nsides)
				printf("%s%s: %s\n", indent, f->name, s->sides[(int)f->value].name);
			break;
		case TW_FACT_ID:
			if (f->value >= 0)
				printf("%s%s: %.0f\n", indent, f->name, f->value);
			break;
		case TW_FACT_INT: printf("%s%s: %.0f\n", indent, f->name, f->value); break;
		default: printf("%s%s: %.4g\n", indent, f->name, f->value); break;
		}
	}
}

int cli_info(const tw_state *s, int seat, int argc, char **argv) { return cli_info_role(s, seat, -1, argc, argv); }

int cli_info_role(const tw_state *s, int seat, int role, int argc, char **argv)
{
	tw_state v;
	bool official = false;
	if (cli_role_view(&v, s, seat, role, &official) != TW_OK) {
		printf("  out of memory\n");
		return -1;
	}
	if (official) // KS.GEN.2 (lw-box)
		printf("  (the official's view: his own side as the umpire sees it, KS.GEN.2)\n");
	int rc = 0;
	char *end = NULL;
	if (argc >= 2 && strcmp(argv[1], "game") == 0) {
		printf("  the game (%s, %s):\n", tw_ruleset_get(v.ruleset)->name, tw_phase_name(&v));
		print_fields(&v, TW_REC_GAME, 0, "    ");
		print_facts(&v, TW_REC_GAME, 0, seat, "    ");
		for (int k = 0; k < v.nsides; k++) {
			printf("  side %s:\n", v.sides[k].name);
			print_fields(&v, TW_REC_SIDE, k, "    ");
		}
	} else if (argc >= 3 && strcmp(argv[1], "gun") == 0) {
		long id = strtol(argv[2], &end, 10);
		if (!*argv[2] || *end || id < 0 || id >= v.ngun) {
			printf("  no gun %s\n", argv[2]);
			rc = -1;
		} else {
			const tw_gun *g = &v.gun[id];
			printf("  gun %ld of %s at %.1f,%.1f:\n", id, v.sides[g->side].name, g->axle.x, g->axle.y);
			print_fields(&v, TW_REC_GUN, (int)id, "    ");
			print_facts(&v, TW_REC_GUN, (int32_t)id, seat, "    ");
		}
	} else if (argc >= 2) {
		long id = strtol(argv[1], &end, 10);
		if (!*argv[1] || *end || id < 0 || id >= v.nfig) {
			printf("  no figure %s (info N | info gun N | info game)\n", argv[1]);
			rc = -1;
		} else {
			const tw_figure *f = &v.fig[id];
			printf("  figure %ld of %s, %s, %s, at %.1f,%.1f:\n", id, v.sides[f->side].name,
			       tw_figure_kind_name((tw_figure_kind)f->kind), tw_status_name(&v, f->status), f->pos.x, f->pos.y);
			print_fields(&v, TW_REC_FIGURE, (int)id, "    ");
			print_facts(&v, TW_REC_FIGURE, (int32_t)id, seat, "    ");
			if (f->unit >= 0 && f->unit < v.nunit) {
				printf("  its unit %d (%s):\n", f->unit, v.unit[f->unit].name);
				print_fields(&v, TW_REC_UNIT, f->unit, "    ");
			}
		}
	} else {
		printf("  info N | info gun N | info game\n");
		rc = -1;
	}
	tw_state_free(&v);
	return rc;
}

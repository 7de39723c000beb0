// The tinwar command: shared helpers of the subcommands. Uses only the public API.
#ifndef TW_CLI_H
#define TW_CLI_H
#include <stdio.h>

#include "tinwar/tinwar.h"

/// Exit codes: 0 ok, 1 failure, 2 bad input or illegal order.
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_BAD = 2 };

typedef struct cli_cmd {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	const char *usage;
} cli_cmd;

/// Prints an error as FILE:LINE:COL: message, or FILE: $.path: message, with its clause.
void cli_print_error(const char *source, const tw_error *err);
/// Exit code for a status.
int cli_exit_code(tw_status st);
/// Opens the series database at dbpath; NULL (its error printed, *rc its exit code) if it cannot.
tw_series *cli_series_open(const char *dbpath, int *rc);
/// True if argv[i] is --help or -h.
bool cli_wants_help(int argc, char **argv);
/// Value of option `name` (e.g. "--seed"), removing nothing; NULL if absent.
const char *cli_opt(int argc, char **argv, const char *name);
bool cli_flag(int argc, char **argv, const char *name);
/// Positional argument k (skipping options and their values); NULL if absent.
const char *cli_pos(int argc, char **argv, int k, const char *const *opts_with_value);
/// Parses an unsigned 64-bit number; false if malformed.
bool cli_parse_u64(const char *s, uint64_t *out);
/// The generals of a scenario's sides from --general SIDE=D (once a side) and --red D / --blue D
/// (cli_generals.c): general[k] set for each side given, others left as they are. `cmd` names
/// the command in messages; val_opts lists its options that take a value. False (with a message
/// on stderr) on a bad or repeated one.
bool cli_parse_generals(const char *cmd, int argc, char **argv, const char *const *val_opts, const tw_state *sc,
			const char *general[TW_MAX_SIDES]);
/// The terminal's `info N | info gun N | info game` (cli_records.c): the element's record fields
/// by name as `seat` sees them, and its facts. 0, or -1 (with a message) on a bad argument.
int cli_info(const tw_state *s, int seat, int argc, char **argv);
/// The tinwar command with the rule sets already registered (main.c registers the built-in
/// ones; a test build registers its own).
int cli_main(int argc, char **argv);
/// "X,Y" -> a point (finite numbers).
bool cli_parse_point(const char *s, tw_vec2 *p);
/// Parses the words argv[0..argc) into an order of the state's rule set by its order types'
/// `usage` (cli_orders.c). Returns 1 with o filled, 0 if no order type starts with argv[0], -1
/// if one does but the words do not fit (why gets the usages).
int cli_parse_order(const tw_state *s, int side, int argc, char **argv, tw_order *o, char *why, size_t nwhy);
/// Named groups of men at the terminal (cli_groups.c): `group NAME IDS` names a set of figure
/// ids (ids, ranges, `unit N`, other groups); wherever an order asks for figure ids, `group NAME`
/// or the bare NAME stands for the group's active men, as `unit N` does for a unit's.
enum { CLI_MAX_GROUPS = 32, CLI_GROUP_NAME = 32 };
typedef struct cli_group {
	char name[CLI_GROUP_NAME];
	int side; ///< the side its men belong to
	int n;
	int32_t *ids;
} cli_group;
typedef struct cli_groups {
	int n;
	cli_group g[CLI_MAX_GROUPS];
} cli_groups;
void cli_groups_free(cli_groups *gs);
/// The group of that name (case ignored), or -1.
int cli_group_find(const cli_groups *gs, const char *name);
/// The terminal's `group` command for `side`: `group` lists the groups, `group NAME` shows one,
/// `group NAME [=] IDS...` defines or redefines it. Prints what it did or what was wrong; false
/// on a refusal (nothing changed).
bool cli_group_command(cli_groups *gs, const tw_state *s, int side, int argc, char **argv);
/// The groups as `list` shows them (those of `side`, or all with -1).
void cli_groups_list(const cli_groups *gs, const tw_state *s, int side);
/// "1,2,5-9" -> ids appended to out (at most max in all); false if malformed.
bool cli_ids_token(const char *s, int32_t *out, int *n, int max);
/// cli_parse_order with the terminal's named groups (NULL: none).
int cli_parse_order_in(const tw_state *s, int side, const cli_groups *gs, int argc, char **argv, tw_order *o,
		       char *why, size_t nwhy);
/// Splits a line of the terminal into words (in place): blanks separate them, "..." or '...'
/// keeps a name with blanks as one word. Returns the count, or -1 (why says) for an unclosed
/// quote or more than max words.
int cli_split_words(char *line, char **argv, int max, char *why, size_t nwhy);
/// A unit by id or by name (case ignored), or -1.
int cli_find_unit(const tw_state *s, const char *word);
/// True if figure f is one of the men `unit N` stands for in an order: the unit's active men.
bool cli_unit_member(const tw_state *s, const tw_figure *f, int unit);
/// Prints a rule set's orders: names, help, clauses, words and choices.
void cli_help_orders(const tw_ruleset *rs);
/// Loads a scenario or state file, printing errors.
int cli_load_state(const char *path, tw_state *s);
/// A game's summary (rule set, winner, points, casualties, moves, orders, state hash, seed) as
/// the JSON object `play --json` and `replay --json` print; NULL if out of memory.
json_t *cli_summary_obj(const tw_game *g);
/// Prints an object (sorted keys, indent 2) and a newline to out; takes the reference.
void cli_print_obj(json_t *o, FILE *out);
/// Prints the summary (cli_summary_obj) to out.
void cli_summary_json(const tw_game *g, FILE *out);
/// Writes a game log; with `sign`, signed with this installation's log key (created on first
/// use; a log that cannot be signed is written unsigned, with a warning).
int cli_save_log(const tw_game *g, const char *path, bool sign);
/// Draws the board in the terminal for `seat` (-1 umpire).
void cli_board(const tw_state *s, int seat, FILE *out);

/// Names that are not known (cli_names.c): "rule sets: a, b"; a rule set's generals (with
/// human and ai when `play`), saying first which rule set `name` belongs to if another's; a rule
/// set's parameters. No newline.
void cli_list_rulesets(FILE *out);
void cli_list_generals(FILE *out, const char *name, const tw_ruleset *rs, bool play);
void cli_list_params(FILE *out, const tw_ruleset *rs);

int cli_play(int argc, char **argv);
// ---- cli_roles.c: the terminal's roles within a side (KS.GEN.1/2) and --param ----
/// Sets the rule-set parameters named by `--param NAME=VALUE` options on s; CLI_BAD (said on
/// stderr) for an unknown name or a value out of range.
int cli_apply_params(int argc, char **argv, tw_state *s);
/// The role of `side` named `name` (NULL: its chief), an index into tw_state_roles, or -1.
int cli_role_pick(const tw_state *s, int side, const char *name);
/// The role's name into buf; false when there is no such role.
bool cli_role_name(const tw_state *s, int role, char *buf, size_t size);
/// Lists side's roles, the current one starred.
void cli_roles_list(const tw_state *s, int side, int current);
/// True (and says why) when role may not give order o (tw_role_may); false for no role.
bool cli_role_refuses(const tw_state *s, int role, const tw_order *o);
/// lw-box, KS.GEN.2: what `seat` sees with `role` typing: an official of that side sees his side as
/// the umpire does (tw_state_view_role); any other role, or none (-1), the side's view. Frees with
/// tw_state_free. *official (may be NULL) says whether it was the official's view.
tw_status cli_role_view(tw_state *view, const tw_state *s, int seat, int role, bool *official);
/// cli_board and cli_info as `role` of `seat` sees (cli_role_view).
void cli_board_role(const tw_state *s, int seat, int role, FILE *out);
int cli_info_role(const tw_state *s, int seat, int role, int argc, char **argv);
int cli_campaign(int argc, char **argv);
int cli_svl_series(int argc, char **argv); // Science versus Luck's whole game (cli_svl_series.c)
/// `manual ARM @FILE.json` of Science versus Luck (cli_svl_manual.c): 1 the order, -1 refused
/// (why: FILE:LINE:COL, path, clause), 0 not such an order.
int cli_svl_range_record(int argc, char **argv); ///< tinwar range --db F --series NAME --team K (cli_svl_series.c)
int cli_svl_manual_file(const tw_state *s, int side, int argc, char **argv, tw_order *o, char *why, size_t nwhy);

// ---- sv-term: the terminal's host clock (cli_host.c; tinwar/host_clock.h) ----
typedef struct cli_host {
	bool on;                 ///< the rule set keeps the host's clock (tw_ruleset.host_due)
	bool virt;               ///< --host-clock virtual: only `wait` (and computers' orders) move it
	int64_t now_ms;          ///< virtual: the clock
	int64_t base;            ///< the time the game resumed at (its orders' latest)
	double t0;               ///< real: the monotonic seconds at the start
	int64_t wait_until;      ///< virtual: `wait` runs the clock (and the computers) up to here
	int asked[TW_MAX_SIDES]; ///< tw_host_computers_step's marks
	int seat;                ///< while every seat may act at once: the person's seat typing (-1: the first)
} cli_host;
/// mode: NULL or "real" (the default), "virtual"; CLI_BAD (said on stderr) for any other.
int cli_host_init(cli_host *h, const tw_game *g, const char *mode);
int64_t cli_host_now(const cli_host *h);
/// Until the host's time t (virtual: the clock moves there at once).
void cli_host_sleep_to(cli_host *h, int64_t t);
/// A line from stdin; on the real clock with the host's order due, waits at most until then (on
/// a terminal the countdown and the prompt, `who` then the clock, are shown again at 10 and 5 s
/// left): 1 a line, 0 the time ran out (the host's order is due), -1 end of input.
int cli_host_read(cli_host *h, const tw_state *s, const char *who, char *line, size_t n);
/// For the prompt: ", host 16.000 s, hammer in 15.0 s" (empty when nothing is due).
void cli_host_status(const cli_host *h, const tw_state *s, char *buf, size_t n);
/// `time`: the host's clock and when its order is due.
void cli_host_time(const cli_host *h, const tw_state *s);
/// `wait SECONDS` (virtual clock only): false (said) when refused.
bool cli_host_wait(cli_host *h, const char *arg);
/// Entered faces after an order's words (`... dice 1 1 2`): cuts them off *argc and returns how
/// many (0: none; -1 with why: bad).
int cli_take_dice(int *argc, char **argv, uint8_t *faces, int max, char *why, size_t nwhy);

#endif

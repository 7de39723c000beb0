/// Monte Carlo studies: many computer-against-computer games from one scenario, for any number
/// of sides (the scenario's, up to TW_MAX_SIDES), their statistics per side (Wilson 95%
/// intervals, score and casualty distributions) and SQLite storage.
/// Game i is seeded with tw_rng_derive(master seed, i) and its result stored at index i, so a
/// study gives identical results for any number of worker threads (or MPI ranks).
#ifndef TINWAR_SIM_H
#define TINWAR_SIM_H
#include <signal.h>
#include "tinwar/doctrine.h"

#define TW_SIM_MAX_GPARAMS 16
/// Layout of the study database (docs/studies.md "The study database"). A file of an older
/// layout is migrated when it is opened; a newer one is refused.
#define TW_SIM_DB_SCHEMA 2

/// A doctrine parameter set on one side's general in every game ("red.advance=0.5").
typedef struct tw_sim_gparam {
	int side;       ///< side index, or -1 for every side
	char name[32];
	double value;
} tw_sim_gparam;

typedef struct tw_sim_config {
	const tw_state *scenario;  ///< the scenario (copied into each game; params as set here)
	int games;                 ///< number of games
	int jobs;                  ///< worker threads (>= 1)
	uint64_t seed;             ///< master seed
	/// The general of each side by side index: a built-in name or a .lua path; NULL is
	/// "default" (the rule set's first general). Only the scenario's nsides first are used.
	const char *general[TW_MAX_SIDES];
	const tw_shot_model *shots;///< NULL = fast
	int max_orders;            ///< per game (0 = 100000)
	tw_lua_limits lua;         ///< limits for .lua doctrines
	int ngparams;
	tw_sim_gparam gparams[TW_SIM_MAX_GPARAMS];
	/// Called after each finished game (from worker threads, serialised by a mutex).
	void (*progress)(int done, int total, void *ctx);
	void *progress_ctx;
	/// When set and nonzero (a signal handler may set it), no further game starts; the games
	/// in flight finish. Games are started in index order, so the games played are always the
	/// first ones (tw_sim_run_until says how many). NULL: never stops early.
	const volatile sig_atomic_t *stop;
} tw_sim_config;

/// How a game ended.
typedef enum tw_sim_end {
	TW_SIM_OVER = 0,   ///< the rules ended it (win, or a draw by the rules or the move limit)
	TW_SIM_FORFEIT,    ///< a side forfeited (a failed Lua doctrine set to forfeit)
	TW_SIM_ERROR,      ///< the engine or a general failed; not counted in the rates
} tw_sim_end;

/// One game's result. Per-side arrays are indexed by side; entries from nsides on are zero.
typedef struct tw_sim_game {
	uint64_t seed;
	int end;           ///< tw_sim_end
	int nsides;        ///< the scenario's sides
	/// The winning side; -2 a draw (by the rules, the move limit, or a forfeit that leaves more
	/// than one side standing); -1 none (an error).
	int winner;
	double score[TW_MAX_SIDES];   ///< rule-set score per side
	/// Men lost per side: dead or taken. With a rule set that counts its men at the start of
	/// play (tw_side.start_men), those minus the men left; otherwise the side's men not dead
	/// nor held when the game began that are dead or held at its end.
	int casualties[TW_MAX_SIDES];
	int moves;         ///< game moves played
	int orders;        ///< orders applied
	int lua_failed[TW_MAX_SIDES]; ///< 1 if that side's Lua doctrine failed during the game
	int forfeited[TW_MAX_SIDES];  ///< 1 if that side forfeited (end = TW_SIM_FORFEIT)
	double ms;         ///< wall-clock milliseconds (not part of the results' identity)
	/// ll-reg: the winner's alliance at the end of the game (tw_side_alliance: alliances may
	/// change in play, SP.D2); -1 when no side won.
	int winner_alliance;
} tw_sim_game;

/// Mean, standard deviation and quantiles of a sample.
typedef struct tw_sim_dist {
	double mean, sd, min, q10, q25, median, q75, q90, max;
} tw_sim_dist;

/// One side's part of a summary.
typedef struct tw_sim_side_summary {
	int wins;          ///< games this side won
	int losses;        ///< games another side won
	double win_lo, win_hi, loss_lo, loss_hi; ///< Wilson 95% intervals
	tw_sim_dist score, casualties;
	int forfeits;      ///< games this side forfeited
	int lua_failures;  ///< games in which this side's Lua doctrine failed
} tw_sim_side_summary;

typedef struct tw_sim_summary {
	int nsides;       ///< the games' sides (the largest nsides among them)
	int games;        ///< games counted (over + forfeit)
	int errors;       ///< games that failed (not counted)
	int draws;
	double draw_lo, draw_hi; ///< Wilson 95% interval
	tw_sim_side_summary side[TW_MAX_SIDES];
	tw_sim_dist moves;
	/// ll-reg: games won by a side of each alliance (indexed by alliance number), with Wilson
	/// 95% intervals (every index); nalliances is one more than the largest alliance that won.
	int nalliances;
	int alliance_wins[TW_MAX_SIDES];
	double alliance_lo[TW_MAX_SIDES], alliance_hi[TW_MAX_SIDES];
} tw_sim_summary;

/// Fills the defaults (1 job, fast model, 100000 orders, default Lua limits).
void tw_sim_config_default(tw_sim_config *c);
/// Plays cfg->games games into out[0..games). Fails only on bad configuration (unknown
/// general, Lua doctrine that does not load, bad parameter, a scenario without sides) or out
/// of memory.
tw_status tw_sim_run(const tw_sim_config *cfg, tw_sim_game *out, tw_error *err);
/// Plays games [first, first + count) of the study into out[0..count) with cfg->jobs threads
/// (what one MPI rank does).
tw_status tw_sim_run_range(const tw_sim_config *cfg, int first, int count, tw_sim_game *out, tw_error *err);
/// As tw_sim_run_range, and *played receives how many games were played: out[0..*played)
/// hold them (fewer than count only when cfg->stop was set).
tw_status tw_sim_run_until(const tw_sim_config *cfg, int first, int count, tw_sim_game *out, int *played,
			   tw_error *err);
/// Aggregates n game results (order matters not).
void tw_sim_summarize(const tw_sim_game *g, int n, tw_sim_summary *s);
/// Wilson score interval for k successes in n trials at normal quantile z (1.959964 for 95%).
void tw_wilson(int k, int n, double z, double *lo, double *hi);
/// Distribution of v[0..n) (v is sorted in place).
void tw_sim_distribution(double *v, int n, tw_sim_dist *d);

// ---- the study database (SQLite; src/ai/sim_db.c) ----

/// Stores a study and its games in the SQLite file db (created if needed, migrated if it holds
/// an older layout) in one transaction; *study_id receives the new study's id. The sides are
/// cfg->scenario's (names and generals); label describes the sweep value ("" if none).
tw_status tw_sim_store(const char *db, const tw_sim_config *cfg, const char *scenario_name, const char *label,
		       const tw_sim_game *g, int n, int64_t *study_id, tw_error *err);

/// What the studies of one scenario and pairing add up to.
typedef struct tw_sim_totals {
	int studies;
	int games;                 ///< games counted (errors left out)
	int draws;
	int wins[TW_MAX_SIDES];    ///< per side index
} tw_sim_totals;

/// Adds up the studies stored in db for this scenario and these generals, one a side
/// (generals[0..nsides), as tw_sim_config.general: NULL is "default"), whatever their labels.
tw_status tw_sim_db_totals(const char *db, const char *scenario_name, int nsides, const char *const *generals,
			   tw_sim_totals *t, tw_error *err);

/// A stored study's description (tw_sim_db_load).
typedef struct tw_sim_study_info {
	int64_t id;
	char scenario[256];        ///< as given to tw_sim_store (truncated)
	char ruleset[32];
	char label[128];
	uint64_t seed;
	int games, errors, draws;
	int nsides;
	char side[TW_MAX_SIDES][16];        ///< side names
	char general[TW_MAX_SIDES][256];    ///< each side's general (truncated)
	int wins[TW_MAX_SIDES];
} tw_sim_study_info;

/// Reads study `study_id` back from db: its description into *info and, when games is not
/// NULL, its games into a new array *games (n = info->games, free() it) as they were stored.
/// TW_ERR_INPUT if there is no such study.
tw_status tw_sim_db_load(const char *db, int64_t study_id, tw_sim_study_info *info, tw_sim_game **games,
			 tw_error *err);

#endif

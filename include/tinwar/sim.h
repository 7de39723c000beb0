/// Monte Carlo studies: many computer-against-computer games from one scenario, their
/// statistics (Wilson 95% intervals, score and casualty distributions) and SQLite storage.
/// Game i is seeded with tw_rng_derive(master seed, i) and its result stored at index i, so a
/// study gives identical results for any number of worker threads (or MPI ranks).
#ifndef TINWAR_SIM_H
#define TINWAR_SIM_H
#include "tinwar/doctrine.h"

#define TW_SIM_MAX_GPARAMS 16

/// A doctrine parameter set on one side's general in every game ("red.advance=0.5").
typedef struct tw_sim_gparam {
	int side;       ///< side index, or -1 for both
	char name[32];
	double value;
} tw_sim_gparam;

typedef struct tw_sim_config {
	const tw_state *scenario;  ///< the scenario (copied into each game; params as set here)
	int games;                 ///< number of games
	int jobs;                  ///< worker threads (>= 1)
	uint64_t seed;             ///< master seed
	const char *general[2];    ///< red and blue: built-in names or .lua paths
	const tw_shot_model *shots;///< NULL = fast
	int max_orders;            ///< per game (0 = 100000)
	tw_lua_limits lua;         ///< limits for .lua doctrines
	int ngparams;
	tw_sim_gparam gparams[TW_SIM_MAX_GPARAMS];
	/// Called after each finished game (from worker threads, serialised by a mutex).
	void (*progress)(int done, int total, void *ctx);
	void *progress_ctx;
} tw_sim_config;

/// How a game ended.
typedef enum tw_sim_end {
	TW_SIM_OVER = 0,   ///< the rules ended it (win, or a draw by the rules or the move limit)
	TW_SIM_FORFEIT,    ///< a side forfeited (a failed Lua doctrine set to forfeit)
	TW_SIM_ERROR,      ///< the engine or a general failed; not counted in the rates
} tw_sim_end;

typedef struct tw_sim_game {
	uint64_t seed;
	int end;           ///< tw_sim_end
	int winner;        ///< 0 red, 1 blue, -2 draw, -1 none (error)
	double score[2];   ///< rule-set score per side
	int casualties[2]; ///< men lost per side: dead, prisoners (free men at start minus men left)
	int moves;         ///< game moves played
	int orders;        ///< orders applied
	int lua_failed[2]; ///< 1 if that side's Lua doctrine failed during the game
	double ms;         ///< wall-clock milliseconds (not part of the results' identity)
} tw_sim_game;

/// Mean, standard deviation and quantiles of a sample.
typedef struct tw_sim_dist {
	double mean, sd, min, q10, q25, median, q75, q90, max;
} tw_sim_dist;

typedef struct tw_sim_summary {
	int games;        ///< games counted (over + forfeit)
	int errors;       ///< games that failed (not counted)
	int wins, draws, losses; ///< from red's side
	double win_lo, win_hi, draw_lo, draw_hi, loss_lo, loss_hi; ///< Wilson 95% intervals
	tw_sim_dist score[2], casualties[2], moves;
	int forfeits[2];
	int lua_failures[2];
} tw_sim_summary;

/// Fills the defaults (1 job, fast model, 100000 orders, default Lua limits).
void tw_sim_config_default(tw_sim_config *c);
/// Plays cfg->games games into out[0..games). Fails only on bad configuration (unknown
/// general, Lua doctrine that does not load, bad parameter) or out of memory.
tw_status tw_sim_run(const tw_sim_config *cfg, tw_sim_game *out, tw_error *err);
/// Plays games [first, first + count) of the study into out[0..count) with cfg->jobs threads
/// (what one MPI rank does).
tw_status tw_sim_run_range(const tw_sim_config *cfg, int first, int count, tw_sim_game *out, tw_error *err);
/// Aggregates n game results (order matters not).
void tw_sim_summarize(const tw_sim_game *g, int n, tw_sim_summary *s);
/// Wilson score interval for k successes in n trials at normal quantile z (1.959964 for 95%).
void tw_wilson(int k, int n, double z, double *lo, double *hi);
/// Distribution of v[0..n) (v is sorted in place).
void tw_sim_distribution(double *v, int n, tw_sim_dist *d);

/// Stores a study and its games in the SQLite file db (tables study and game, created if
/// needed); *study_id receives the new study's id. label describes the sweep value ("" if none).
tw_status tw_sim_store(const char *db, const tw_sim_config *cfg, const char *scenario_name, const char *label,
		       const tw_sim_game *g, int n, int64_t *study_id, tw_error *err);
/// Counts studies and games stored in db for this scenario and pair of generals (all labels).
tw_status tw_sim_db_totals(const char *db, const char *scenario_name, const char *red, const char *blue,
			   int *studies, int *games, int *red_wins, int *draws, tw_error *err);

#endif

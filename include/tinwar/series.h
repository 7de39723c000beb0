/// Series: several games and what carries over between them (campaigns, rosters and survivors,
/// documents such as doctrine manuals, the result of an auction before a battle, roles that
/// rotate). Kept in an SQLite file. The rule set says what carries over through its series
/// hooks (ruleset.h); the core stores, prepares each game and records it.
///
/// A series runs: create (the rule set starts the carry-over from the config), then for each
/// game: next (the scenario is prepared from the carry-over, and each side given to a player;
/// the game is stored as pending), play it, record its log (replayed and checked against the
/// prepared game; the rule set updates the carry-over and says whether the series is over).
#ifndef TINWAR_SERIES_H
#define TINWAR_SERIES_H
#include "tinwar/state.h"

typedef struct tw_series tw_series;

#define TW_SERIES_NAME 64
#define TW_SERIES_MAX_PLAYERS 16

typedef struct tw_series_info {
	char name[TW_SERIES_NAME];
	char ruleset[32];
	int nplayers;
	char players[TW_SERIES_MAX_PLAYERS][32];
	int games;    ///< games recorded
	int pending;  ///< seq of the game prepared and not yet recorded (0: none)
	bool over;    ///< the rule set says the series is decided
	char *carry;  ///< what carries over (JSON text, tw_malloc'd; tw_series_info_free)
} tw_series_info;

typedef struct tw_series_game {
	int seq;                         ///< 1-based
	uint64_t seed;
	int player_of_side[TW_MAX_SIDES]; ///< which player had each side (-1 none)
	bool recorded;
	int winner;                      ///< -1 none/drawn, else side
	char *scenario;                  ///< the prepared game (state JSON), tw_malloc'd
	char *log;                       ///< its log once recorded (NULL before), tw_malloc'd
} tw_series_game;

/// Opens (creating if needed) a series file (created 0600). NULL and err on failure: a file that
/// is not an SQLite database, or one that holds other tables and no series (for example a
/// campaign file of tinwar before campaigns were series: tables campaign and battle), is refused
/// with TW_ERR_INPUT and left as it is.
tw_series *tw_series_open(const char *path, tw_error *err);
void tw_series_close(tw_series *db);
/// A new series `name` of `ruleset` between players[0..nplayers), with the rule set's config
/// (JSON text, may be NULL). The carry-over starts from the rule set's series_start.
tw_status tw_series_create(tw_series *db, const char *name, const char *ruleset, const char *const *players,
			   int nplayers, const char *config_json, tw_error *err);
tw_status tw_series_status(tw_series *db, const char *name, tw_series_info *out, tw_error *err);
void tw_series_info_free(tw_series_info *info);
/// Prepares the next game from `scenario` (of the series' rule set) and seed: *out gets the
/// scenario with what carries over (rule set's series_prepare), player_of_side[] who plays each
/// side (series_roles; default: the players in turn, rotating by one side each game). Stored as
/// the pending game. Refused when a game is pending or the series is over.
tw_status tw_series_next(tw_series *db, const char *name, const tw_state *scenario, uint64_t seed, tw_state *out,
			 int player_of_side[TW_MAX_SIDES], tw_error *err);
/// Records the pending game from its log (JSON text): the log is replayed, its final hash
/// checked, and its first state must be the prepared game's; the rule set's series_record then
/// updates the carry-over. In one transaction.
tw_status tw_series_record(tw_series *db, const char *name, const char *log_json, tw_error *err);
/// Drops the pending game of series `name` (prepared by tw_series_next and never recorded: a
/// game abandoned, or a front-end that failed between next and record), so that the next game
/// can be prepared. The carry-over is unchanged. TW_ERR_STATE when no game is pending.
tw_status tw_series_abandon(tw_series *db, const char *name, tw_error *err);
/// The names of the series in the file, in order: fills names[0..max) and sets *count to how
/// many there are (which may exceed max). names may be NULL when max is 0.
tw_status tw_series_list(tw_series *db, char (*names)[TW_SERIES_NAME], int max, int *count, tw_error *err);
/// Game seq (1-based) of the series.
tw_status tw_series_get_game(tw_series *db, const char *name, int seq, tw_series_game *out, tw_error *err);
void tw_series_game_free(tw_series_game *g);

#endif

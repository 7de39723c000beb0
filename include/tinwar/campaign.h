/// Campaigns: a war of several battles between two sides, kept in an SQLite file.
/// LW.CAMP.1-3: the war runs to an agreed number of points; each battle credits each side
/// with its own score minus the opponent's; the first side whose running total reaches the
/// target wins. Points are the rule set's score units (Little Wars: LW.CAMP.2).
#ifndef TINWAR_CAMPAIGN_H
#define TINWAR_CAMPAIGN_H
#include "tinwar/base.h"

/// An open campaign database (opaque). One handle per thread.
typedef struct tw_campaign tw_campaign;

#define TW_CAMPAIGN_NAME 64
/// LW.CAMP.1: targets below this many points are refused.
#define TW_CAMPAIGN_MIN_TARGET 100.0
/// Version of the database layout this library writes (table schema_version).
#define TW_CAMPAIGN_SCHEMA 1

/// A campaign's standing.
typedef struct tw_campaign_info {
	char name[TW_CAMPAIGN_NAME];
	char ruleset[32];
	char sides[2][16];  ///< side names, e.g. "red", "blue"
	double target;      ///< points needed to win the war (LW.CAMP.1)
	double total[2];    ///< signed running totals of battle credit (LW.CAMP.2)
	int battles;        ///< battles recorded
	int leader;         ///< side ahead on points, -1 if level
	int winner;         ///< side that reached the target, -1 while the war goes on
	bool over;          ///< true once a side has reached the target
} tw_campaign_info;

/// One recorded battle.
typedef struct tw_campaign_battle {
	int seq;            ///< 1-based order within the campaign
	char scenario[64];
	uint64_t seed;
	int winner;         ///< -1 draw, else side index
	double points[2];   ///< each side's battle total (LW.CAMP.2)
	double credit[2];   ///< own total minus the opponent's
	bool has_log;       ///< a game log (JSON) was stored with it
} tw_campaign_battle;

/// Opens (creating if needed) a campaign database at db_path. NULL and err on failure
/// (TW_ERR_IO for a path that cannot be opened, TW_ERR_STATE for a newer schema).
tw_campaign *tw_campaign_open(const char *db_path, tw_error *err);
/// Closes the database (NULL is allowed).
void tw_campaign_close(tw_campaign *c);

/// Starts a new war `name` under `ruleset` between side_a (index 0) and side_b (index 1),
/// to be won at target_points (LW.CAMP.1: 200, 300, 400 or more; below 100 is refused).
/// A name already in use is refused with TW_ERR_STATE.
tw_status tw_campaign_create(tw_campaign *c, const char *name, const char *ruleset, double target_points,
			     const char *side_a, const char *side_b, tw_error *err);

/// Records one battle of campaign `name`: scenario name, game seed, winner (-1 draw, 0, 1),
/// points[2] = each side's battle total (LW.CAMP.2, e.g. from the rule set's score), and an
/// optional game log (JSON text, may be NULL). Adds each side's credit (own total minus the
/// opponent's) to its running total, in one transaction. Refused with TW_ERR_STATE once the
/// war has been won (LW.CAMP.1).
tw_status tw_campaign_record_battle(tw_campaign *c, const char *name, const char *scenario, uint64_t seed,
				    int winner, const double points[2], const char *log_json, tw_error *err);

/// The standing of campaign `name`. TW_ERR_INPUT if there is no such campaign.
tw_status tw_campaign_status(tw_campaign *c, const char *name, tw_campaign_info *out, tw_error *err);

/// Lists campaigns by name: fills out[0..max) and sets *count to the total number stored
/// (which may exceed max). out may be NULL when max is 0.
tw_status tw_campaign_list(tw_campaign *c, tw_campaign_info *out, int max, int *count, tw_error *err);

/// Battle `seq` (1-based) of campaign `name`. If log_out is not NULL it receives a malloc'd
/// copy of the stored log (or NULL if none); the caller frees it.
tw_status tw_campaign_get_battle(tw_campaign *c, const char *name, int seq, tw_campaign_battle *out, char **log_out,
				 tw_error *err);

/// LW.CAMP.2: each side's credit for a battle, its own total minus the opponent's.
/// Pure; credit[0] + credit[1] == 0.
void tw_campaign_credit(const double points[2], double credit[2]);

/// What a Little Wars side has at the end of a battle, for scoring (LW.CAMP.2, LW.VAR.2).
typedef struct tw_lw_tally {
	bool victory;       ///< won the battle (100 points)
	bool draw;          ///< LW.VAR.3: a draw gives each side 50 instead
	int infantry;       ///< own infantry alive and uncaptured (withdrawn men count)
	int cavalry;        ///< own cavalry alive and uncaptured
	int guns;           ///< guns held or in a position to take
	int held_by_enemy;  ///< own men held prisoner by the enemy
	int prisoners;      ///< enemy men held prisoner
} tw_lw_tally;

/// LW.CAMP.2 / LW.VAR.2 battle total: 100 for victory (50 each in a draw), 1 per infantryman,
/// 1.5 per cavalryman, 10 per gun, 0.5 per own man held by the enemy, 0.5 per prisoner.
double tw_lw_battle_points(const tw_lw_tally *t);

#endif

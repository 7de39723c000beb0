/// Charles Grant, The War Game: tables and exact odds (GR clauses), for front-ends and tests.
/// Distances in inches, dice are d6, probabilities exact for fair dice (computed in doubles).
#ifndef TINWAR_GRANT_H
#define TINWAR_GRANT_H
#include "tinwar/geom.h"

/// Troop types (GR.GEN.8, GR.ORG). Stored in a unit's stats[0].
typedef enum tw_grant_troop {
	TW_GR_LINE = 0,
	TW_GR_GRENADIER,
	TW_GR_LIGHT_INF,
	TW_GR_GARRISON,
	TW_GR_ENGINEER,
	TW_GR_HEAVY_CAV,
	TW_GR_LIGHT_CAV,
	TW_GR_ARTILLERY,
	TW_GR_WAGON, ///< transport (GR.ORG.4, GR.MOVE.7): never fires, never tests morale
	TW_GR_BARGE, ///< transport on waterways (GR.MOVE.7, GR.ORG): 3 crew, carries one unit
	TW_GR_TROOP_COUNT
} tw_grant_troop;

/// Movement modes of the GR.MOVE table.
typedef enum tw_grant_mode {
	TW_GR_MODE_LINE = 0,   ///< line infantry in line
	TW_GR_MODE_LINE_FIRED, ///< line infantry in line, firing in the same move (GR.MOVE.2)
	TW_GR_MODE_COLUMN,     ///< line infantry in column
	TW_GR_MODE_CHARGE,     ///< charge
	TW_GR_MODE_NORMAL,     ///< light infantry, cavalry normal move, general
	TW_GR_MODE_BATTLE,     ///< heavy cavalry battle move (GR.MOVE.5)
	TW_GR_MODE_TEAM,       ///< artillery drawn by its team
	TW_GR_MODE_MANHANDLE,  ///< artillery manhandled by its crew
	TW_GR_MODE_OPEN,       ///< line-type infantry in open order (GR.TERR.5)
	TW_GR_MODE_UPSTREAM,   ///< barge against the flow of a river (GR.MOVE.7)
	TW_GR_MODE_DOWNSTREAM, ///< barge with the flow of a river (GR.MOVE.7)
	TW_GR_MODE_CANAL,      ///< barge on a canal (GR.MOVE.7)
	TW_GR_MODE_COUNT
} tw_grant_mode;

/// Troop type by name ("line", "grenadier", "light", "garrison", "engineer", "heavy", "hussar",
/// "artillery", "wagon", "barge"), or -1.
int tw_grant_troop_from_name(const char *name);
const char *tw_grant_troop_name(int troop);
/// Range band of a banded table with edges e1 < e2 and maximum mx (GR.GEN.5): 0, 1, 2, or -1 out
/// of range.
int tw_grant_band(double range, double e1, double e2, double mx);
/// GR.MUSK.5: dice thrown by n firers in groups of g.
int tw_grant_musk_dice(int n, int group);
/// GR.MUSK.6: deduction for a volley at `range` inches; -1 if beyond 18 in (GR.RANGE.1).
int tw_grant_musk_deduction(double range, bool cover, bool first);
/// GR.MUSK.7 / GR.GEN.7: hits from one group die.
int tw_grant_hits(int die, int deduction);
/// GR.MUSK.11: figures removed from a target group of `size` by allocation dice; removed[] gets
/// the figure numbers (1..size) in order of removal. Returns the count.
int tw_grant_allocate(const int *dice, int nhits, int size, int *removed);
/// Distribution of total volley hits: dist[k] = P(k hits), k = 0..max (max >= 5 * dice).
/// Returns the number of dice.
int tw_grant_volley_odds(int firers, int group, double range, bool cover, bool first, double *dist, int max);
/// Expected figures removed from a full group of `size` by h hits (GR.MUSK.11).
double tw_grant_alloc_expect(int size, int h);
/// GR.MELEE.3-6: multipliers for a combat of na figures (cavalry if a_cav) against nb. Returns
/// false if the pairing is illegal.
bool tw_grant_pairing(bool a_cav, int na, bool b_cav, int nb, double *ma, double *mb);
/// GR.MELEE.2/5/11: a combat score: die x multiplier + bonus.
double tw_grant_melee_score(int die, double mult, int bonus);
/// Exact chances that side A wins, ties, loses a combat with the given bonuses (GR.MELEE.2).
bool tw_grant_melee_odds(bool a_cav, int na, bool b_cav, int nb, int bonus_a, int bonus_b, double *win,
			 double *tie, double *lose);
/// GR.MORALE.3 / GR.GREN.4: loss points for R&F lost of orig; 3 means the 50% rule applies.
int tw_grant_loss_points(int troop, int lost, int orig);
/// GR.MORALE.4/7: chance that command - loss + d6 >= need.
double tw_grant_morale_odds(int command, int loss, int need);
/// GR.MORALE.1: command points of the k-th officer (0 = colonel) of a unit of the troop type.
int tw_grant_officer_points(int troop, int k);
/// GR.LIGHT.1-5: kill number (2..6) for one light infantry shot, 7 if impossible.
int tw_grant_light_kill(bool target_light, bool cover, bool pick_off, bool mounted, double range);
/// GR.ART.5: roundshot kill number for a figure `dist` inches from the muzzle.
int tw_grant_art_kill(double dist);
/// GR.ART.6/7: counter-battery reduction at range.
int tw_grant_cb_reduce(double range);
/// GR.ART.8: 0 in action, 1 alternate moves only, 2 destroyed.
int tw_grant_gun_state(int damage);
/// GR.ART.2-4: true if point p lies under the sleeve of a shot from muzzle m towards aim (aim
/// distance <= 60 in) after deviation delta = plus - minus.
bool tw_grant_sleeve_covers(tw_vec2 m, tw_vec2 aim, int delta, tw_vec2 p);
/// GR.CANI.1: canister zone (0 near, 1 middle, 2 far) of p for a device with apex m pointing
/// towards dir_pt, or -1 outside.
int tw_grant_canister_zone(tw_vec2 m, tw_vec2 dir_pt, tw_vec2 p);
/// GR.CANI.2: canister kill number for a zone.
int tw_grant_canister_kill(int zone);
/// GR.HOW.3: SBI sector (2..6) of p for a shell from gun g at aim point aim, 0 off the SBI.
int tw_grant_sbi_sector(tw_vec2 g, tw_vec2 aim, tw_vec2 p);
/// GR.HOUSE table: roundshot die on a house at range: kills (0 no penetration), *goes_on.
/// Returns true if it penetrates.
bool tw_grant_house_shot(double range, int die, int *kills, bool *goes_on);
/// GR.HOUSE howitzer table: garrison killed by the effect die.
int tw_grant_how_house_kills(int die);
/// GR.MOVE table: maximum move for a troop type in a mode (see gr.h GR_MODE_*; -1 = none).
double tw_grant_move_rate(int troop, int mode);
/// GR.MELEE.25 exhaustion bonus for contact in exhaustion move k (1..4, else 0); goes_on for a
/// later melee move.
int tw_grant_exhaust_bonus(int k, bool goes_on);
/// GR.MELEE.20/22: true if a side with `lost` casualties against the other side's `other` must
/// withdraw under the twice rule.
bool tw_grant_twice_rule(int lost, int other);
/// GR.TERR.7: whole moves a unit of the troop type spends crossing a ford (2 or 4), 0 if it cannot.
int tw_grant_ford_moves(int troop);
/// GR.MELEE.26: breakthrough number (d6 >= n) against infantry `ranks` deep, 7 if impossible.
int tw_grant_breakthrough(int ranks);

#endif

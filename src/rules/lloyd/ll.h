// Nikolas Lloyd's skirmish suite: the rule set's internal contract (LL clauses).
#ifndef TW_LL_H
#define TW_LL_H
#include "tinwar/tinwar.h"
#include "tinwar/lloyd.h"

// ---- Parameters (tw_state.params) ----
enum { LLP_MAX_TURNS = 0, LLP_CONTACT, LLP_NEIGHBOUR, LLP_BIG_GROUP, LLP_COUNT };

// ---- Phases (s->phase; NQ.TURN.2) ----
enum { LL_PH_START = 0, LL_PH_MOVE, LL_PH_REACT, LL_PH_OVER, LL_PH_COUNT };
extern const char *const ll_phase_names[LL_PH_COUNT + 1];

// ---- Order types: indices into ll_orders[] (ll_ruleset.c) ----
enum ll_order_type { LL_OT_START = 0, LL_OT_MOVE, LL_OT_SHOOT, LL_OT_LOAD, LL_OT_WEAPON, LL_OT_AIM, LL_OT_EVADE,
		     LL_OT_END, LL_OT_COUNT };

// ---- Records (ll_records.c) ----
#define LL_MAX_CLOSED 4
/// What a figure did in its own turn (NQ.SHT.1, NQ.MOVE.7).
enum { LLA_MOVE = 1u << 0, LLA_LOAD = 1u << 1, LLA_SHOOT = 1u << 2 };
typedef struct ll_frec {
	char name[24];     ///< the man's name (NQ.GEN.1: one figure is one man)
	int32_t troop;     ///< troop type whose stat line fills what the scenario leaves at 0 (NQ.GEN.4)
	int32_t t, s;      ///< toughness, shield (NQ.STAT.3/4)
	double m;          ///< move, inches (NQ.STAT.5)
	int32_t nrows;     ///< weapon rows (NQ.STAT.8)
	int32_t weapon[2]; ///< each row's weapon (ll_weapon_names)
	int32_t w[2];      ///< W of each row
	uint8_t x[2];      ///< X-factor
	int32_t d[2];      ///< D of each row
	int32_t reach[2];  ///< tw_ll_reach
	double r[2][3];    ///< reach inches / ranges (row k: r[k][0..2])
	uint32_t notes[2]; ///< TW_LL_* notes
	// ---- state ----
	int32_t hand;      ///< the row in hand (NQ.ATK.4)
	uint8_t wounded;   ///< NQ.DMG.2
	uint8_t loaded;    ///< NQ.SHT.1/2: archers start loaded
	uint32_t acts;     ///< LLA_* this turn
	int32_t acts_turn; ///< the turn of acts
	int32_t group;     ///< formed group, -1 none (NQ.GRP.1)
	int32_t driven;    ///< driven-back results while in his group (NQ.GRP.4)
	int32_t closed[LL_MAX_CLOSED]; ///< foes he has closed with (NQ.RCH.4), -1 none
	int32_t aim;       ///< the foe his attack roll goes to, -1 the one in front (NQ.ATK.5)
	int32_t charged;   ///< the enemy he charged this turn, -1 none (NQ.EVD)
	int32_t turn_moved;///< the turn he last moved
	double fx, fy;     ///< where he started his move that turn (NQ.OPP.1)
	uint8_t snapped;   ///< opportunity-shot this turn (NQ.OPP.4/5)
	int32_t no_attack; ///< the turn in which he has no attack roll (NQ.ATK.4), 0 none
} ll_frec;
typedef struct ll_game {
	int32_t turn;     ///< 1-based turn (NQ.TURN.1), 0 before play
	int8_t first;     ///< the side moving first, -1: roll off (NQ.TURN.1)
	uint8_t evaded;   ///< an evade was made this turn: opportunity shooting is over (NQ.TURN.2)
	char about[240];  ///< the scenario's description
} ll_game;
extern const tw_record_def ll_fig_rec, ll_game_rec;
#define LLF(s, id) ((ll_frec *)tw_rec_row((s), TW_REC_FIGURE, (id), sizeof(ll_frec)))
#define LLG(s) ((ll_game *)tw_rec_row((s), TW_REC_GAME, 0, sizeof(ll_game)))

// ---- Tables (ll_tables.c) ----
enum { LL_W_NONE = 0, LL_W_SPEAR, LL_W_SWORD, LL_W_BOW, LL_W_DAGGER, LL_W_AXE, LL_W_COUNT };
extern const char *const ll_weapon_names[LL_W_COUNT + 1];
extern const char *const ll_troop_names[];
extern const char *const ll_reach_names[TW_LL_REACH_COUNT + 1];
extern const char *const ll_note_names[4];
extern const char *const ll_damage_names[5];
#define LL_EPS 1e-9
#define LL_TRY(x) do { tw_status st_ = (x); if (st_ != TW_OK) return st_; } while (0)

// ---- Helpers (ll_fig.c) ----
bool ll_fights(const tw_state *s, int f); ///< active on the table
int ll_row(const tw_state *s, int f);     ///< the row in hand
double ll_move_allowance(const tw_state *s, int f); ///< M, -2 wounded (NQ.MOVE.4), min 1
int ll_neighbours(const tw_state *s, int f); ///< NQ.GRP.3, at most 2
int ll_group_size(const tw_state *s, int group);
bool ll_closed(const tw_state *s, int a, int b); ///< a has closed with b
bool ll_in_arc(const tw_state *s, int def, tw_vec2 from); ///< NQ.SHD.1
bool ll_engaged(const tw_state *s, int a, int b); ///< NQ.MEL.1: contact or within a long weapon's reach
bool ll_in_melee(const tw_state *s, int f);
bool ll_contact(const tw_state *s, int a, int b);
void ll_regroup(tw_state *s, tw_events *ev); ///< NQ.GRP.5
void ll_move_back(tw_state *s, int f, tw_vec2 away_from, double dist); ///< NQ.DMG.5: straight away, stops if blocked
bool ll_place_free(const tw_state *s, int f, tw_vec2 p);
bool ll_path_clear(const tw_state *s, tw_vec2 a, tw_vec2 b); ///< NQ.MOVE.6
bool ll_path_difficult(const tw_state *s, tw_vec2 a, tw_vec2 b); ///< NQ.MOVE.2
bool ll_sight(const tw_state *s, int a, int b); ///< NQ.SHT.5
void ll_apply_damage(tw_state *s, tw_events *ev, int victim, int hits, tw_vec2 from, const char *clause);
int ll_fine(const tw_state *s, int side); ///< NQ.VIC.2

// ---- Orders ----
tw_status ll_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_load(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_load(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_weapon(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_weapon(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_evade(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_evade(tw_state *s, const tw_order *o, tw_events *ev);
void ll_melee(tw_state *s, tw_events *ev); ///< NQ.TURN.3, NQ.MEL, NQ.ATK, NQ.RCH, NQ.DMG
int ll_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
uint32_t ll_acts(const tw_state *s, int f); ///< this turn's acts
bool ll_may_act(const tw_state *s, int f, uint32_t act); ///< NQ.SHT.1, NQ.MOVE.7
void ll_set_act(tw_state *s, int f, uint32_t act);
int ll_melee_reach(const tw_state *s, int f); ///< NQ.RCH.1: the reach class in hand (a missile counts short)

// ---- Odds (ll_odds.c) ----
extern const tw_odds_question ll_odds_questions[4];
tw_status ll_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);
#endif

// Nikolas Lloyd's skirmish suite: the rule set's internal contract (LL clauses).
#ifndef TW_LL_H
#define TW_LL_H
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/lloyd.h"

// ---- Parameters (tw_state.params) ----
enum { LLP_MAX_TURNS = 0, LLP_CONTACT, LLP_NEIGHBOUR, LLP_BIG_GROUP,
       LLP_TF_TURNS, /* ll-3: TF.D7's turn limit */
       LLP_SIGHT_INTO, /* ll-gaps: IN.SEIZE.2's optional variant: only moving into sight counts */
       LLP_COUNT };

// ---- Phases (s->phase; NQ.TURN.2) ----
enum { LL_PH_START = 0, LL_PH_MOVE, LL_PH_REACT, LL_PH_OVER,
       LL_PH_ALLOC, /* ll-3: TF.D2's secret allocation */
       // ---- ll-2: the fast-play game under Type III (IN, DU) ----
       LL_PH_IN_ACT,    ///< the side holding the initiative takes an action (IN.ACT.1)
       LL_PH_IN_SEIZE,  ///< the passive side reacts (IN.RMV, IN.SHT) and rolls to seize (IN.SEIZE)
       LL_PH_DU_ANSWER, ///< the challenged side accepts or refuses (DU.3-DU.8)
       LL_PH_DU_MERCY,  ///< a wounded duellist asks mercy or pulls out (DU.13, DU.15)
       LL_PH_DU_GRANT,  ///< the other duellist grants or refuses mercy (DU.13, DU.14)
       LL_PH_FP_FOLLOW, ///< the winner of an action's melee may follow up his Push-backs (FP.D5)
       // ---- end ll-2 ----
       LL_PH_DU_SUB,    ///< ll-gaps: the challenger fights the substitute or declines him (DU.7)
       // ---- ll-rest: the owners' decisions (ll_owner.c) ----
       LL_PH_TF_EDGE,   ///< a decisive winner's owner picks the edge his group comes on by (TF.D5)
       LL_PH_CA_DESERT, ///< after a campaign battle, commanders choose their deserters (CA.D3)
       // ---- end ll-rest ----
       LL_PH_COUNT };
extern const char *const ll_phase_names[LL_PH_COUNT + 1];

// ---- Order types: indices into ll_orders[] (ll_ruleset.c) ----
enum ll_order_type { LL_OT_START = 0, LL_OT_MOVE, LL_OT_SHOOT, LL_OT_LOAD, LL_OT_WEAPON, LL_OT_AIM, LL_OT_EVADE,
		     LL_OT_END,
		     LL_OT_ALLOCATE, LL_OT_WITHDRAW, LL_OT_DEFECT, LL_OT_COMMAND, /* ll-3: TF.D2, TF.5, SP.D2, SP.D1 */
		     // ---- ll-2: IN, DU ----
		     LL_OT_SEIZE,     ///< IN.SEIZE: the passive side names a figure and an action and rolls
		     LL_OT_FIGHT,     ///< IN.MEL.2: a group in contact fights a melee round as an action
		     LL_OT_CHALLENGE, ///< DU.2: a knight leading a contingent challenges an enemy
		     LL_OT_ACCEPT,    ///< DU.3-7: accept a challenge (a substitute, DU.7); DU.13: grant mercy
		     LL_OT_REFUSE,    ///< DU.4/6: refuse a challenge; DU.14: refuse mercy
		     LL_OT_MERCY,     ///< DU.13: a wounded duellist asks for mercy
		     LL_OT_VOLLEY,    ///< IN.SHT.6: the all-missiles action, each shooter his own target
		     LL_OT_TOME,      ///< IN.TOME.1: a leader standing still calls "To me!"
		     // ---- end ll-2 ----
		     LL_OT_EDGE,      ///< ll-rest: TF.D5: the edge a decisive winner's group arrives by
		     LL_OT_DESERT,    ///< ll-rest: CA.D3.2: the men who desert after a campaign battle
		     LL_OT_COUNT };

// ---- Records (ll_records.c) ----
#define LL_TF_MAX_FEAT 12 /* ll-3: TF.D1, 1d6 + 6 */
#define LL_MAX_CLOSED 4
#define LL_MAX_CONT 8 ///< ll-2: contingents in a fast-play game (FP.11)
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
	// ---- ll-3: three-fight, six-player game, campaign (ll_tf.c, ll_sp.c, ll_series.c) ----
	int32_t loc;       ///< TF.1: the location his group went to (1..3), 0 none allocated
	int32_t pts;       ///< his points (TF.D2, CA.D1, FP.4), default 1
	// leader: with ll-2's fields below (one field: 0 none, 1 contingent leader, 2 overall commander)
	int32_t owner;     ///< the campaign commander whose force he is in (CA), -1 none
	uint8_t scored;    ///< CA.D2: his fall has been scored
	uint8_t left;      ///< TF.5: left the table by choice (not a casualty)
	// ---- ll-2: the fast-play game (FP), traits (LT), Type III (IN) ----
	int32_t qr;        ///< quality rating 1-4 (FP.3), 0: 2
	uint8_t mounted;   ///< on a horse (FP.4, FP.D2)
	int32_t leader;    ///< 0 none, 1 contingent leader, 2 overall commander (FP.D9, LT.21; CA.D2 VPs)
	int32_t cont;      ///< his contingent, 0..LL_MAX_CONT-1 (FP.11)
	uint32_t traits;   ///< TW_LL_* leader traits (LT.1-18)
	int32_t in_moved;  ///< the action in which he last moved (IN.SHT.2, IN.RMV.2), 0 none
	double in_dist;    ///< inches he moved in it (IN.SHT.5)
	uint8_t in_engaged;///< that move engaged an enemy (IN.RMV.2)
	int32_t in_shot;   ///< the action in which he last shot (IN.SHT.2: shoot back at the shooters)
	int32_t in_react;  ///< the enemy action he last reacted to by moving (IN.RMV.3), 0 none
	int32_t in_sight;  ///< the action in which he used a type-3 seize (IN.SEIZE.2), 0 none
	int32_t card;      ///< his order card, 0 none: men with one number share one card (IN.CARD.1)
	int32_t card_foe;  ///< the enemy the card orders attacked (IN.CARD.2), -1 none
	int32_t rate;      ///< base initiative rate 16-22 (IN.RATE.1), 0: by QR (FP.D9)
	int32_t lucky;     ///< LT.3: rerolls used (three a game)
	double in_fx, in_fy; ///< where his move in action in_moved started (IN.SHT.5: shots along the path)
	int32_t in_pushed; ///< the action (+1) in which he was pushed back (FP.D5), 0 none
	int32_t in_follow; ///< the action (+1) in which he pushed a man back and may follow up (FP.D5)
	// ---- end ll-2 ----
	int32_t lead;      ///< ll-gaps: IN.RATE.2 leadership given outright: 0 by `leader` (FP.D9), else 1 + factor 0-4
	// ---- ll-fin: conditional cards (IN.CARD.3), the campaign's grudges (DU.20) ----
	int32_t card_when; ///< IN.CARD.3: his card's condition (ll_card_when_names: none, near, seen)
	double card_near;  ///< IN.CARD.3: `near`: the card's enemy within this many inches of him
	int8_t cheated;    ///< DU.16/DU.20: the side that cheated against him in a duel, -1 none
	uint32_t grudge;   ///< DU.20: traits he counts as against side grudge_vs only (Honourable, Rash)
	int8_t grudge_vs;  ///< DU.20: the cheaters' side, -1 none
	// ---- end ll-fin ----
	uint8_t deserted;  ///< ll-rest: CA.D3.2: his commander chose him to desert after the battle
	// ---- h6-camp: CA.D2 by commander (ll_ca_credit.c) ----
	int32_t killer1;   ///< CA.D2: the commander (campaign index + 1) of the man who killed him, 0 unknown
	int32_t cheat_own1;///< DU.20: the commander (index + 1) whose man first cheated against him, 0 unknown
	// ---- end h6-camp ----
	int32_t evade_turn;///< s29: the turn in which he tried to evade (NQ.EVD.1: one try; caught, he fights: NQ.EVD.5), 0 none
} ll_frec;
typedef struct ll_game {
	int32_t turn;     ///< 1-based turn (NQ.TURN.1), 0 before play
	int8_t first;     ///< the side moving first, -1: roll off (NQ.TURN.1)
	uint8_t evaded;   ///< an evade was made this turn: opportunity shooting is over (NQ.TURN.2)
	char about[240];  ///< the scenario's description
	// ---- ll-3: three-fight (TF.D1-D7) and six-player game (SP.D1-D4) ----
	uint8_t tf;                ///< a three-fight game (TF)
	int32_t map_col[3], map_row[3]; ///< TF.D1: L1-L3 on the 6x6 grid, 0 no map yet
	int32_t nfeat;             ///< TF.D1: terrain features on the grid
	int32_t feat_col[LL_TF_MAX_FEAT], feat_row[LL_TF_MAX_FEAT], feat_type[LL_TF_MAX_FEAT];
	int32_t table_loc;         ///< TF.D2: the location fought on the table, 0 before the reveal
	int8_t defender;           ///< TF.D2/TF.4: the side with fewer points there
	uint8_t off_done;          ///< TF.D4: the off-table rolls are made
	int8_t held;               ///< TF.D7: the side holding the field, -1 nobody
	uint8_t sp;                ///< a six-player game (SP)
	int32_t sp_actions;        ///< SP.D4: the agreed number of actions (side turns), 0 none
	// ---- ll-2: the fast-play game under Type III (FP, IN, DU) ----
	int32_t system;     ///< 0 NQ (I-go-you-go), 1 fast-play under Type III (FP.D9, IN)
	int32_t actions;    ///< actions taken (IN.ACT.1)
	int32_t max_actions;///< IN.ACT.6 (ours): the game ends after this many actions
	int32_t counters[2];///< IN.TAC.2: shooting counters side k holds (+2 each to its seize rolls)
	uint8_t reacted[2]; ///< IN.SHT.1: side k has shot reactively in this spell of enemy initiative
	int32_t seize_kind; ///< IN.SEIZE.6: the first action after a seize: 1-4, 0 free
	int32_t seize_fig;  ///< IN.SEIZE.6: the named figure who must take part, -1 none
	uint8_t seize_card; ///< IN.CARD.4: seized with his order card: only its men act, as ordered
	int32_t last_kind;  ///< the last action: 0 pass, 1 move, 2 shoot, 3 fight, 4 challenge, 5 to me
	int32_t morale[LL_MAX_CONT]; ///< FP.11, FP.D8: each contingent's Morale (-1: no such contingent)
	int32_t vp[2];      ///< DU.11-13: victory points from duels
	int32_t du_a, du_b; ///< the duellists: challenger and the man who fights him (-1 none)
	int32_t du_wounded; ///< DU.13: the wounded duellist asking or not (-1 none)
	uint8_t du_extra;   ///< DU.14: mercy refused, one more round
	int32_t du_refused[LL_MAX_CONT]; ///< DU.6: the last challenger each contingent refused, -1 none
	int32_t du_win;     ///< DU.16: the last duel's winner while he is on his own, -1 none
	int32_t du_lost;    ///< DU.17: the other duellist of that duel
	int8_t du_cheat;    ///< DU.16: the side that cheated against him, -1 none
	int32_t du_cheat_cont; ///< DU.19: the contingent of the first cheat
	int8_t follow_side; ///< FP.D5: the side that may follow up, -1 none
	int32_t follow_kind;///< the action kind to finish after the follow-up
	// ---- end ll-2 ----
	int32_t du_other1;  ///< ll-rest: DU.13/16: the last duel's other duellist + 1 while he goes back on his own, 0 none
	int32_t du_cheated1;///< ll-rest: DU.19: the duellist + 1 the last duel's cheat was against, 0 none
} ll_game;
/// ll-3: a side's record (TF allocation, VPs; SP camp).
typedef struct ll_side {
	uint8_t allocated;  ///< TF.D2: its allocation is revealed
	int32_t pts[3];     ///< TF.D2: points at L1-L3
	int32_t arrive[3];  ///< TF.D5: the TF turn its group at L arrives, 0 never
	int32_t off[3];     ///< TF.D4: result at L: 0 none, 1 won decisively, 2 narrowly, 3 lost, 4 uncontested
	int32_t vp;         ///< CA.D2 VPs scored this battle
	int32_t vp_against; ///< CA.D2 VPs scored against it
	uint8_t broken;     ///< CA.D2: its contingent's break has been scored
	int32_t owner;      ///< CA: the campaign commander playing it, -1 none
	uint8_t commander;  ///< SP.D1: it commands its camp
	uint8_t done;       ///< SP.D3: it has ended its part of the camp's phase
	int32_t defections; ///< SP.4: times it changed sides
	int32_t start_pts;  ///< SP.D4: points at the start (the strongest player, SP.6)
	// ---- ll-rest (ll_owner.c) ----
	int32_t edge_ask;   ///< TF.D5: bit l-1: its decisive group at Ll ties between two edges, not yet chosen
	int32_t edge_col;   ///< TF.D5: bit l-1: its owner chose the column (left or right) edge for Ll
	int32_t desert;     ///< CA.D3.2: points of men it owes to desertion, asked (0 none)
	uint8_t deserted;   ///< CA.D3.2: its deserters are chosen
	int32_t ally1;      ///< CA.D1: battle 4 played 2v2: the allied commander's index + 1 (0 none)
	char ally_name[16]; ///< CA.D1: his name (his seat's role); the side is named for the other
	// ---- end ll-rest ----
	// ---- h6-camp: CA.D2 by commander (ll_ca_credit.c): the ally's share of vp, vp_against ----
	int32_t vp_ally;    ///< CA.D2: of vp, the VPs the ally's men scored (the lead's: vp - vp_ally)
	int32_t vpa_ally;   ///< CA.D2: of vp_against, those counting against the ally
	uint8_t broken_ally;///< CA.D2: the ally's contingent's break is scored (broken: the lead's)
	// ---- end h6-camp ----
} ll_side;
extern const tw_record_def ll_fig_rec, ll_game_rec, ll_side_rec;
#define LLS(s, k) TW_REC_ROW(s, ll_side, TW_REC_SIDE, k)
#define LLF(s, id) TW_REC_ROW(s, ll_frec, TW_REC_FIGURE, id)
#define LLG(s) TW_REC_ROW(s, ll_game, TW_REC_GAME, 0)

// ---- Tables (ll_tables.c) ----
enum { LL_W_NONE = 0, LL_W_SPEAR, LL_W_SWORD, LL_W_BOW, LL_W_DAGGER, LL_W_AXE,
       LL_W_JAVELIN, LL_W_CROSSBOW, LL_W_HANDGUN, LL_W_SLING, // ll-2: fast-play missiles (IN.MS)
       LL_W_COUNT };
extern const char *const ll_weapon_names[LL_W_COUNT + 1];
extern const char *const ll_troop_names[];
extern const char *const ll_reach_names[TW_LL_REACH_COUNT + 1];
extern const char *const ll_note_names[4];
extern const char *const ll_damage_names[5];
extern const char *const ll_tf_feature_names[]; ///< ll-3: TF.D1
extern const char *const ll_tf_off_names[];     ///< ll-3: TF.D4
#define LL_EPS 1e-9
#define LL_TRY(x) do { tw_status st_ = (x); if (st_ != TW_OK) return st_; } while (0)

// ---- Helpers (ll_fig.c) ----
// ll-nq2: ll_fights, ll_row and ll_allied inline (the engagement scans and the generals call
// them for every pair of men)
/// active on the table
static inline bool ll_fights(const tw_state *s, int f) { return f >= 0 && f < s->nfig && s->fig[f].status == TW_FS_ACTIVE; }
/// the row in hand
static inline int ll_row(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	return r->hand < r->nrows ? r->hand : 0;
}
/// tw_allied, inline: sides a and b of the same alliance now (a side is its own ally)
static inline bool ll_allied(const tw_state *s, int a, int b)
{
	if (a < 0 || b < 0 || a >= s->nsides || b >= s->nsides)
		return false;
	if (a == b)
		return true;
	int x = s->sides[a].alliance > 0 ? s->sides[a].alliance - 1 : a;
	int y = s->sides[b].alliance > 0 ? s->sides[b].alliance - 1 : b;
	return x == y;
}
double ll_move_allowance(const tw_state *s, int f); ///< M, -2 wounded (NQ.MOVE.4), min 1
int ll_neighbours(const tw_state *s, int f); ///< NQ.GRP.3, at most 2
int ll_group_size(const tw_state *s, int group);
bool ll_closed(const tw_state *s, int a, int b); ///< a has closed with b
bool ll_in_arc(const tw_state *s, int def, tw_vec2 from); ///< NQ.SHD.1
bool ll_engaged(const tw_state *s, int a, int b); ///< NQ.MEL.1: contact or within a long weapon's reach
bool ll_in_melee(const tw_state *s, int f);
int ll_engaged_next(const tw_state *s, int f, int from); ///< ll-nq2: the first j >= from, j != f, ll_engaged(f, j); -1 none
extern bool ll_engaged_next_plain; ///< h7-nqspeed, tests: ll_engaged_next by its loop before this round
extern bool ll_archer_place_plain; ///< h7-nqspeed, tests: ll-nq's archer stepping out tries every place in turn
extern bool ll_general_nq_plain; ///< h7-nqspeed, tests: ll-nq's shots ask the rules' decisions again (may_shoot)
/// h7-nqspeed: tw_ll_range_band(r, dist) >= 0 without the call (a band includes its upper limit;
/// tests/test_ll_nqspeed.c compares the two)
static inline bool ll_in_range_band(const double r[3], double dist)
{
	return dist <= r[0] + LL_EPS || dist <= r[1] + LL_EPS || dist <= r[2] + LL_EPS;
}
/// ll-gen2: snprintf(dst, n, "%s", src) without the formatter (the decisions' fixed texts, made
/// on every validate): the same bytes, truncated and terminated alike.
static inline void ll_copy_text(char *dst, size_t n, const char *src)
{
	if (n == 0)
		return;
	size_t i = strnlen(src, n - 1); // ll-nq2: strnlen and memcpy, the same bytes as a loop
	memcpy(dst, src, i);
	dst[i] = 0;
}
/// ll-gen2: the plain readings of ll_engaged and ll_in_melee, which their fast paths must agree with.
bool ll_engaged_plain(const tw_state *s, int a, int b);
bool ll_in_melee_plain(const tw_state *s, int f);
bool ll_contact(const tw_state *s, int a, int b);
void ll_regroup(tw_state *s, tw_events *ev); ///< NQ.GRP.5
void ll_regroup_in(tw_state *s, tw_events *ev, int *comp, int *stack); ///< ll-nq2: work arrays given
bool ll_apply_atomic(const tw_state *s, const tw_order *o); ///< ll-nq2 (ll_atomic.c): tw_ruleset.apply_atomic
void ll_move_back(tw_state *s, int f, tw_vec2 away_from, double dist); ///< NQ.DMG.5: straight away, stops if blocked
bool ll_place_free(const tw_state *s, int f, tw_vec2 p);
bool ll_path_clear(const tw_state *s, tw_vec2 a, tw_vec2 b); ///< NQ.MOVE.6
bool ll_path_difficult(const tw_state *s, tw_vec2 a, tw_vec2 b); ///< NQ.MOVE.2
bool ll_sight(const tw_state *s, int a, int b); ///< NQ.SHT.5
void ll_apply_damage(tw_state *s, tw_events *ev, int victim, int hits, tw_vec2 from, const char *clause);
int ll_fine(const tw_state *s, int side); ///< NQ.VIC.2

// ---- Orders ----
tw_status ll_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
/// h7-nqspeed: ll_validate_move for a caller that knows no mover is in melee (ll-nq's advancing
/// bodies): that test is not made again; ll_validate_move_plain (tests) makes it all the same.
tw_status ll_validate_move_unengaged(const tw_state *s, const tw_order *o, tw_error *err);
extern bool ll_validate_move_plain;
/// h7-nqspeed: the rules' check (ll_ruleset.c's validate, the order noted for the game when
/// accepted) for a caller that knows no man its move order moves is in melee.
tw_status ll_validate_unengaged(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err);
/// ll-gen2: ll_validate_shoot(s, o, NULL) == TW_OK for "f shoots at t" by `side` (one of each);
/// shooter_free: -1 unknown, else ll_shooter_free(s, f) already found (the same for every target).
bool ll_shot_ok(const tw_state *s, int side, int f, int t, int shooter_free);
bool ll_shot_ok_memo(const tw_state *s, int side, int f, int t, int shooter_free, signed char *target_melee); ///< ll-nq2
bool ll_shooter_free(const tw_state *s, int f); ///< ll-gen2: f is not held by a melee from shooting (NQ.SHT.5)
tw_status ll_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_load(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_load(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_weapon(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_weapon(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_validate_evade(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_apply_evade(tw_state *s, const tw_order *o, tw_events *ev);
void ll_melee(tw_state *s, tw_events *ev); ///< NQ.TURN.3, NQ.MEL, NQ.ATK, NQ.RCH, NQ.DMG
void ll_melee_scan(tw_state *s, tw_events *ev, bool plain); ///< ll-nq2: plain finds the engagements again (the check)
// h7-nqspeed (ll_melee_pairs.c): the pairs a < b of men in the fight, in order (a, then b), whose
// engagement the test's distance bound rules out in neither direction (every engaged pair, either
// way, is one); written to out, their count, -1 when more than cap.
typedef struct ll_pair {
	int a, b;
} ll_pair;
int ll_melee_pairs(const tw_state *s, ll_pair *out, int cap);
int ll_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
uint32_t ll_acts(const tw_state *s, int f); ///< this turn's acts
bool ll_may_act(const tw_state *s, int f, uint32_t act); ///< NQ.SHT.1, NQ.MOVE.7
void ll_set_act(tw_state *s, int f, uint32_t act);
int ll_melee_reach(const tw_state *s, int f); ///< NQ.RCH.1: the reach class in hand (a missile counts short)

// ---- ll-3: three-fight (ll_tf.c), six-player game (ll_sp.c), campaign (ll_series.c) ----
bool ll_tf_setup(tw_state *s);                          ///< a TF game not in play: to its first phase
int ll_tf_decisions(const tw_state *s, tw_decision *out, int max);
tw_status ll_tf_map(tw_state *s, tw_events *ev);        ///< TF.D1
tw_status ll_tf_validate_alloc(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_tf_apply_alloc(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_tf_validate_withdraw(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_tf_apply_withdraw(tw_state *s, const tw_order *o, tw_events *ev);
int ll_tf_turn(const tw_state *s);                      ///< TF.D3: the TF turn of side-turn g->turn
void ll_tf_turn_start(tw_state *s, tw_events *ev);      ///< TF.D5 arrivals
bool ll_tf_turn_end(tw_state *s, tw_events *ev);        ///< TF.D4, CA.D2, TF.D7, TF.D6: true if over
void ll_ca_score(tw_state *s, tw_events *ev);           ///< CA.D2: contingents broken, leaders killed
int ll_side_points(const tw_state *s, int side, bool fine_only); ///< points of his men on the table
bool ll_sp_setup(tw_state *s);
int ll_sp_decisions(const tw_state *s, tw_decision *out, int max);
tw_status ll_sp_validate(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_sp_apply(tw_state *s, const tw_order *o, tw_events *ev);
bool ll_sp_end_phase(tw_state *s, int side, tw_events *ev); ///< SP.D3: true when the camp's phase ends
int ll_sp_next_mover(const tw_state *s);                ///< SP.D3: the other camp's first member
bool ll_sp_turn_end(tw_state *s, tw_events *ev);        ///< SP.D4: true if over
bool ll_acting(const tw_state *s, int side);            ///< the side acts in this phase (its camp's)
tw_status ll_series_start(struct json_t *carry, const struct json_t *config, tw_error *err);
tw_status ll_series_prepare(const struct json_t *carry, int seq, tw_state *s, tw_error *err);
void ll_series_roles(const struct json_t *carry, int seq, int nplayers, int nsides, int *player_of_side);
tw_status ll_series_record(struct json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err);

// ---- Odds (ll_odds.c) ----
extern const tw_odds_question ll_odds_questions[4];
tw_status ll_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);

// ---- ll-2: the fast-play game under Type III (ll_fp_play.c, ll_in_*.c, ll_duel.c, ll_traits.c) ----
#define LL_FP(s) (LLG(s)->system == 1)
tw_status ll_fp_setup(tw_state *s, tw_error *err);       ///< FP.3/4, FP.D2, FP.D8, LT.21
int ll_in_decisions(const tw_state *s, tw_decision *out, int max); ///< IN.ACT, IN.SEIZE, DU
tw_status ll_in_validate(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_in_apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err);
int ll_fp_qr(const tw_state *s, int f);                ///< FP.3, LT.17/18: QR for everything but melee
double ll_fp_allowance(const tw_state *s, int f);      ///< FP.D2, LT.12
int ll_fp_side_of_cont(const tw_state *s, int c);      ///< the side of contingent c, -1 none
/// FP.D3-D6: one melee round of the cluster in contact with figure `seed` (`clause` cites why).
void ll_fp_melee(tw_state *s, tw_events *ev, int seed, const char *clause);
/// FP.D6, LT.12/13/16: figure f rolls on the wound table: 0 killed, 1 wounded, 2 retreat.
int ll_fp_wound(tw_state *s, tw_events *ev, int f, tw_vec2 from, bool apply_retreat);
/// FP.D8: `n` Morale tests for contingent c, failing on 1..top (3; Scoundrel 1 or 2).
void ll_fp_morale_tests(tw_state *s, tw_events *ev, int c, int n, int top, const char *clause);
void ll_fp_morale_add(tw_state *s, tw_events *ev, int c, int d, const char *clause);
void ll_fp_killed(tw_state *s, tw_events *ev, int f, const char *clause, bool morale); ///< FP.D8, LT.18
void ll_fp_push(tw_state *s, int f, tw_vec2 from, double dist); ///< FP.10: straight away from `from`
bool ll_fp_contact_enemy(const tw_state *s, int f);   ///< in base contact with an enemy
bool ll_fp_body(const tw_state *s, const int *figs, int n); ///< IN.ACT.1: one connected body
bool ll_fp_victory(tw_state *s, tw_events *ev);       ///< FP.D8, IN.ACT.6
void ll_fp_rash(tw_state *s, tw_events *ev, int side); ///< LT.10: the Rash man out of a melee near him
/// FP.D5: the winner's follow-up: men who pushed a man back move into contact with him again.
tw_status ll_fp_validate_follow(const tw_state *s, const tw_order *o, tw_error *err);
void ll_fp_apply_follow(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_du_challenge(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_du_validate(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_du_apply(tw_state *s, const tw_order *o, tw_events *ev); ///< accept, refuse, mercy
bool ll_du_knight(const tw_state *s, int f);           ///< DU.2: QR3 or better
tw_status ll_in_after_duel(tw_state *s, tw_events *ev); ///< the challenge was the action (IN.ACT.2)
/// DU.16/17: figure `by` attacks `victim` (engages him, or shoots at him): cheating if the victim
/// is the last duel's winner still on his own.
void ll_du_attack(tw_state *s, tw_events *ev, int by, int victim);
void ll_du_safety(tw_state *s, tw_events *ev); ///< DU.16/19: the winner reaches his friends
int ll_in_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max);
bool ll_in_has_bow(const tw_state *s, int f); ///< a missile weapon in hand (bow, sling, javelin, crossbow, handgun)
/// FP.D7, IN.MS (ours for the javelin): the longest shot of f's missile weapon, inches.
double ll_fp_missile_range(const tw_state *s, int f);
/// IN.MS.1-3: the share of his move a shooter may cover and still shoot: bow and sling 1/2,
/// javelin 1, crossbow and handgun 0 (he stands still the whole action).
double ll_fp_move_share(const tw_state *s, int f);
/// FP.D7 (reading): a sees b to shoot; pieces within 1 in of b on the line give cover (*cover).
bool ll_fp_sight(const tw_state *s, int a, int b, bool *cover);
/// IN.SHT.5 (interpretation), FP.D7: the best view a of b: for a reactive shot at a man who moved in
/// the last action, the nearest point of his path from which a sees him; else where he stands.
/// False if a sees him nowhere within his weapon's range; else *range and *cover there.
bool ll_fp_view(const tw_state *s, int a, int b, bool react, double *range, bool *cover);
double ll_in_nearest_enemy(const tw_state *s, int f, tw_vec2 at); ///< the gap to the nearest enemy from `at`
bool ll_in_listed(const tw_order *o, int f); ///< f is among the order's figures
tw_status ll_in_validate_move(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.ACT.1, IN.RMV, IN.MS.1
tw_status ll_in_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_in_validate_shoot(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.ACT.4, IN.SHT
tw_status ll_in_apply_shoot(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_in_validate_fight(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.MEL.2
tw_status ll_in_validate_seize(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.SEIZE
/// IN.SEIZE.4: the natural d20 figure f needs to seize for action `kind` (with his card or not).
int ll_in_seize_need(const tw_state *s, int f, int kind, bool card);
struct tw_general_def;
extern const struct tw_general_def ll_general_type3; ///< ll_in_general.c
/// IN.SEIZE.4/5, IN.MEL.3: a seize attempt (attempt) or a decline rolled for the melee check alone.
tw_status ll_in_apply_seize(tw_state *s, const tw_order *o, tw_events *ev, bool attempt);
void ll_in_start_spell(tw_state *s, tw_events *ev, int side, const char *clause); ///< IN.TAC.2, IN.SHT.1
tw_status ll_in_after_action(tw_state *s, tw_events *ev, int kind); ///< IN.ACT.2: then the passive side
/// FP.D7, MS.2, IN.SHT.3: figure f shoots at t as the k-th shooter (1-based) at it in this action.
void ll_in_shot(tw_state *s, tw_events *ev, int side, int f, int t, int k, bool react);
void ll_in_counter(tw_state *s, tw_events *ev, int shooter_side); ///< IN.TAC.2
/// IN.CARD.4: after a card seize, only the card's men act, against the card's enemy.
tw_status ll_in_card_action(const tw_state *s, const tw_order *o, bool shoot, tw_error *err);
tw_status ll_in_validate_volley(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.SHT.6
tw_status ll_in_apply_volley(tw_state *s, const tw_order *o, tw_events *ev);
tw_status ll_in_validate_tome(const tw_state *s, const tw_order *o, tw_error *err); ///< IN.TOME
tw_status ll_in_apply_tome(tw_state *s, const tw_order *o, tw_events *ev);
/// LT.21/22: traits thrown for every leader the scenario left without (tw_roll, d20 each).
void ll_traits_roll(tw_state *s, tw_events *ev);
extern const char *const ll_trait_names[TW_LL_NTRAITS + 1];
extern const char *const ll_system_names[3];
// ---- end ll-2 ----
// ---- ll-gen: computer generals (ll_general_nq.c, ll_general_tf.c, ll_general_sp.c) ----
/// A ranking of enemy figure j for `side` (lower goes first; the nearest breaks ties).
typedef int (*ll_gen_rank_fn)(const tw_state *v, int side, int j, const void *ctx);
/// How a general built on the NQ play changes it (NULL members: the NQ general's own play).
typedef struct ll_gen_opts {
	ll_gen_rank_fn rank;                                              ///< which enemies first
	bool (*keep_back)(const tw_state *v, int side, int f, const void *ctx); ///< f does not move
	const void *ctx;
	bool no_wait; ///< hand-to-hand men advance even while our bows outnumber the enemy's
} ll_gen_opts;
/// j fights and is not allied with side (ll-nq2: inline, the generals ask it for every pair)
static inline bool ll_gen_enemy(const tw_state *v, int side, int j) { return ll_fights(v, j) && !ll_allied(v, v->fig[j].side, side); }
int ll_gen_target(const tw_state *v, int f, const ll_gen_rank_fn rank, const void *ctx);
// ll-nq2: the NQ general's shot (a loaded archer's best target: lowest rank, nearest, first), tried
// nearest first; and the plain loop over every target, kept to check it (tests/test_ll_fast.c).
bool ll_gen_shoot(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx);
bool ll_gen_shoot_plain(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx);
// ll-nq2: whether archer f, put at p, sees an enemy in range not in melee (the general's test);
// memo NULL, or one entry per figure (-1 not known) kept between calls for the same f and view.
bool ll_gen_sees(const tw_state *v, int side, int f, tw_vec2 p, signed char *memo);
bool ll_gen_asked(const tw_state *v, int side); ///< a decision names the seat
/// s28-llview: a general's view with figure f put at p, for a "what if he stood there" test: a
/// copy of the view's header whose figure array is the general's own copy with f at p (the
/// records, the table and the rest are the view's, read only). A general decides on a const view
/// that is often the game's state itself (docs/design.md; tw_play_out's shallow view): it never
/// writes there, not even to put a figure back. ll_general_view.c.
enum { LL_GEN_MOVED_SMALL = 64 }; // figures copied in place; more go to the heap
typedef struct ll_gen_moved {
	bool made; ///< s and its figures are copied (ll_gen_moved_keep)
	tw_state s;
	tw_figure *heap;
	tw_figure small[LL_GEN_MOVED_SMALL];
} ll_gen_moved;
/// v with f at p, held in m (free it with ll_gen_moved_free); v itself where f stands at p (the
/// same bits); NULL if out of memory (the caller answers as if f saw nothing from p).
const tw_state *ll_gen_moved_at(ll_gen_moved *m, const tw_state *v, int f, tw_vec2 p);
/// The same for one f at many places p in turn, copying once: m set by ll_gen_moved_none before
/// the first call, freed after the last; every call with the same v (unchanged) and f.
void ll_gen_moved_none(ll_gen_moved *m);
const tw_state *ll_gen_moved_keep(ll_gen_moved *m, const tw_state *v, int f, tw_vec2 p);
void ll_gen_moved_free(ll_gen_moved *m);
/// s28-llview: ll_gen_sees for many places of one archer f, its copy of the view kept in m
/// (ll_gen_moved_keep: set by ll_gen_moved_none first, freed after; NULL: a copy each call).
bool ll_gen_sees_kept(const tw_state *v, ll_gen_moved *m, int side, int f, tw_vec2 p, signed char *memo);
/// The NQ turn (start, move, react) for `side` (ll_general_nq.c): one order into *o.
void ll_gen_nq_turn(const tw_state *v, int side, tw_order *o, const ll_gen_opts *op);
/// ll_general_sp.c: the strongest enemy player of `side` (most points in good order), -1 none.
int ll_gen_sp_strongest_enemy(const tw_state *v, int side);
/// ll_general_sp.c: the six-player general's rule for changing sides now (SP.D2, SP.6).
bool ll_gen_sp_should_defect(const tw_state *v, int side);
/// ll_general_sp.c: whom `side` names to command its camp (SP.5): its strongest member who never
/// changed sides; -1 none.
int ll_gen_sp_commander(const tw_state *v, int side);
extern const struct tw_general_def ll_general_nq, ll_general_three, ll_general_six;
// ---- end ll-gen ----
// ---- ll-gaps: rules found not applied (issue 16; ll_gaps.c) ----
/// FP.D2, NQ.MOVE.2/5: f's fast-play move to `to`: his allowance, 2 in less if the path crosses
/// difficult ground (swamp, wood, ditch: ll_ter_kinds), at least 1 in.
double ll_fp_allowance_to(const tw_state *s, int f, tw_vec2 to);
/// FP.D3 (reading): f defends an obstacle or uphill against foe, whom he touches: his ground
/// stands higher than foe's, or the line between them crosses a wall, hedge or other obstacle.
bool ll_fp_holds(const tw_state *s, int f, int foe);
/// IN.RATE.2, FP.D9, LT.1: f's leadership factor on his seize rolls.
int ll_in_leadership(const tw_state *s, int f);
/// IN.SEIZE.2 (reading): a sight seize's move serves the scenario: every mover enters or leaves
/// the sight of the enemy (with LLP_SIGHT_INTO, enters it).
tw_status ll_in_validate_sight(const tw_state *s, const tw_order *o, tw_error *err);
extern const char *const ll_lead_names[];
/// TF.D1.5: the table location's square and its eight neighbours supply the table's terrain
/// (ll_tf_terrain.c): the map's features there are added to the table as pieces.
tw_status ll_tf_lay_table(tw_state *s, tw_events *ev);
// ---- end ll-gaps ----

// ---- ll-fin (ll_in_challenge.c, ll_in_card.c, ll_in_split.c) ----
/// DU.10: the exact chance that duellist a wins the whole duel against b (`odds lloyd duel`'s count).
double ll_du_win_chance(const tw_state *s, int a, int b);
/// The computer's challenge (DU.2/3/8): a leading knight, not Timid, with the odds in his favour
/// (even will do with Taunt, Honourable or Scoundrel); false when none would challenge.
bool ll_in_general_challenge(const tw_state *v, int side, tw_order *o);
extern const tw_roster_hooks ll_roster_hooks; ///< ll_roster.c: tw_ruleset.roster
extern const char *const ll_card_when_names[4]; ///< IN.CARD.3: none, near, seen
extern const tw_fact ll_constants[4]; ///< ll_about.c: NQ.GEN.3's turn, FP.1's sizes (tw.ll.NAME)
enum { LL_CARD_ALWAYS = 0, LL_CARD_NEAR, LL_CARD_SEEN };
/// IN.CARD.3: whether figure f's card's condition has happened (TW_OK), else a refusal.
tw_status ll_in_card_condition(const tw_state *s, int f, tw_error *err);
/// IN.CARD.3: f holds an order card identical to figure k's (the same enemy and condition) but
/// not the same card: each benefits only when acting alone under his own.
bool ll_in_card_identical(const tw_state *s, int f, int k);
/// DU.20: figure f's traits against figure foe (his own, and his grudge against the cheaters).
uint32_t ll_traits_vs(const tw_state *s, int f, int foe);
/// DU.20 in the campaign (ll_series_grudge.c): the cheated knights of a finished battle who were
/// wounded or killed, each with his replacement's 1d6 (1-3 Honourable, 4-6 Rash), into the
/// carry-over's "grudges"; and in a later battle against the cheaters, the commander's leading
/// man counts as that trait against them (figure data `grudge`, `grudge_vs`).
bool ll_du20_record(struct json_t *carry, int seq, const tw_state *fin);
void ll_du20_prepare(const struct json_t *carry, struct json_t *figs);
/// IN.ACT.3 (ll_in_split.c): the terrain piece a body's move splits round (-1 none), and the shared
/// end point (the centre of the destinations) in *meet.
int ll_in_split_round(const tw_state *s, const tw_order *o, tw_vec2 *meet);
/// IN.ACT.3: a split move is one action only if every mover sees the shared end point.
tw_status ll_in_validate_split(const tw_state *s, const tw_order *o, tw_error *err);
// ---- end ll-fin ----

// ---- ll-rest: decisions of the owning seat (ll_owner.c) ----
/// TF.D5: whether the group of `side` at location l comes on by a side (column) edge: the axis of
/// the larger grid distance, and on a tie its owner's choice (edge_col).
bool ll_tf_column_edge(const tw_state *s, int side, int l);
/// TF.D5: after the off-table rolls, a decisive winner whose edges tie is asked (phase
/// LL_PH_TF_EDGE); true if one is asked (the next turn waits for the answers).
bool ll_tf_edge_begin(tw_state *s, tw_events *ev);
/// CA.D3: after a campaign battle's end is decided, commanders who owe desertion are asked (phase
/// LL_PH_CA_DESERT, the game not yet over); true if one is asked.
bool ll_ca_desert_begin(tw_state *s, tw_events *ev);
/// CA.D3.2: figure f of `side` may be chosen to desert (his, survived, not a leader).
bool ll_ca_may_desert(const tw_state *s, int side, int f);
int ll_owner_decisions(const tw_state *s, tw_decision *out, int max);
tw_status ll_owner_validate(const tw_state *s, const tw_order *o, tw_error *err);
tw_status ll_owner_apply(tw_state *s, const tw_order *o, tw_events *ev);
/// The computer's answer (generals and random): false when nothing of ll_owner.c is asked of side.
bool ll_owner_answer(const tw_state *s, int side, tw_rng *r, tw_order *o);
void ll_next_turn(tw_state *s, tw_events *ev); ///< ll_ruleset.c: the other side's turn starts (NQ.TURN.2)
/// CA.D1, battle 4 as 2v2 (ll_roles.c): a side with an allied commander has two seats within it,
/// one a commander (tw_ruleset.roles); each may order only his own men (tw_ruleset.role_may).
int ll_roles(const tw_state *s, tw_role_def *out, int max);
tw_status ll_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err);
// ---- end ll-rest ----
// ---- issue 16 (h6-obst): barricades and ditches; what each terrain kind means here (ll_obstacles.c) ----
enum { LL_SIGHT_CLEAR = 0, LL_SIGHT_BLOCKS = 1, LL_SIGHT_COVER = 2 };
/// What a terrain kind does in this rule set (a table, ll_ter_kinds[kind]).
typedef struct ll_ter_kind {
	uint8_t sight;  ///< LL_SIGHT_*: blocks sight (NQ.MOVE.6, NQ.SHT.5), or only gives cover near the target (FP.D7)
	bool difficult; ///< difficult ground (NQ.MOVE.2, FP.D2)
	bool obstacle;  ///< defended by the man behind it against a man across it (FP.D3)
	bool held_in;   ///< defended by the man standing in it who did not move this action (FP.D3: a ditch)
} ll_ter_kind;
extern const ll_ter_kind ll_ter_kinds[TW_TER_KIND_COUNT];
static inline const ll_ter_kind *ll_ter(const tw_terrain *t)
{
	static const ll_ter_kind none = {0};
	return t->kind < TW_TER_KIND_COUNT ? &ll_ter_kinds[t->kind] : &none;
}
/// True if the piece blocks sight as a whole (not a barricade, which men see over and which
/// gives cover only, FP.D7).
static inline bool ll_ter_blocks_sight(const tw_terrain *t) { return ll_ter(t)->sight == LL_SIGHT_BLOCKS; }
/// The gap between men at pa (radius ra) and pb (rb), inches: tw_figure_gap, a barricade's width
/// along the line between them taken out when the plain gap is more than the contact gap (men on
/// either side of a barricade touch across it; tw_table_gap_across).
/// (The same sum as before, dist - ra - rb, so that a game without barricades is unchanged to
/// the last bit.) (Inline: the contact and engagement scans call it for every near pair; the barricades are
/// looked for only when the plain gap is beyond contact by no more than TW_BARRICADE_MAX_ACROSS.)
double ll_gap_across(const tw_state *s, tw_vec2 pa, tw_vec2 pb, double gap);
static inline double ll_gap_at(const tw_state *s, tw_vec2 pa, double ra, tw_vec2 pb, double rb)
{
	double gap = tw_dist(pa, pb) - ra - rb, c = s->params[LLP_CONTACT];
	if (gap <= c + LL_EPS || gap > c + TW_BARRICADE_MAX_ACROSS + LL_EPS)
		return gap; // in contact already, or too far apart for any barricade to close
	return ll_gap_across(s, pa, pb, gap);
}
static inline double ll_gap(const tw_state *s, int a, int b)
{
	return ll_gap_at(s, s->fig[a].pos, s->fig[a].radius, s->fig[b].pos, s->fig[b].radius);
}
/// IN.TAC.4 (reading): f, in contact, can break off automatically: every enemy he touches, he
/// touches only across a barricade (he steps back from it and no one can follow over it).
bool ll_breaks_off(const tw_state *s, int f);
/// FP.D3: f stands in a piece he holds by standing in it (a ditch).
bool ll_stands_in_held(const tw_state *s, int f);
// ---- end issue 16 ----

// ---- h6-camp: CA.D2 by commander in battle 4 played 2v2 (ll_ca_credit.c) ----
/// The side has an allied commander (battle 4 played 2v2, CA.D1).
bool ll_ca_allied(const tw_state *s, int side);
/// The campaign commander (index) of side's men: its own owner, or (ally) its ally; -1 none.
int ll_ca_lead(const tw_state *s, int side);
/// The name of commander c on side (the side's name or its ally's).
const char *ll_ca_name(const tw_state *s, int side, int c);
/// CA.D2: side's commander with the most points present (men in good order on the table, then
/// any on the table), ties to the lead; the side's owner when it has no ally.
int ll_ca_present(const tw_state *s, int side);
/// CA.D2, TF.D4: side's commander with the most points at location l (his group there).
int ll_ca_at(const tw_state *s, int side, int l);
/// CA.D2: the killer's commander, noted when victim was killed by `by` (NQ melee, shooting).
void ll_ca_note_kill(tw_state *s, int victim, int by);
/// CA.D2: vp counts for commander cfor of side `to` and against commander cag of `against`
/// (the ally's share kept in vp_ally, vpa_ally; the side totals are the caller's).
void ll_ca_credit(tw_state *s, int to, int cfor, int against, int cag, int vp);
/// The text naming both commanders of a score in a battle with allies ("" otherwise).
void ll_ca_who(const tw_state *s, int to, int cfor, int against, int cag, char *buf, size_t n);
/// CA.D3 per commander of side: VPs scored and against for its lead (c 0) or ally (c 1).
void ll_ca_share(const tw_state *s, int side, int c, int *scored, int *against);
/// CA.D1: the commander (index) whose seat role r is (ll_roles.c).
int ll_role_owner(const tw_state *s, const tw_role_def *r);
struct tw_general;
/// A Lloyd general bound to a role (tw_general_bind_role; ll_general_role.c): the view it decides
/// on, v itself or (bound) a copy in *own in which the other commanders' men of its side have
/// done everything this turn; then ll_gen_role_end frees it and turns an order the role may not
/// give into the end of its part.
const tw_state *ll_gen_role_begin(const struct tw_general *g, const tw_state *v, tw_state **own);
void ll_gen_role_end(const struct tw_general *g, const tw_state *v, tw_state *own, int side, tw_order *out);
// ---- end h6-camp ----
// ---- s25-three2 ----
/// NQ.ATK.5 (ll_melee.c): the foe f's attack roll goes to now: his aim if he is still engaged with
/// him, else the one most directly to his front (ties: the lowest id); -1 none.
int ll_attack_target(const tw_state *s, int f);
// ---- end s25-three2 ----
#endif

/// Battle reports: a game walked move by move (positions and events), drawn as a self-contained
/// HTML page or a PDF with a picture for each move, the events in plain words with their clause
/// IDs, a chart of each side's strength and the final score.
#ifndef TINWAR_REPORT_H
#define TINWAR_REPORT_H
#include "tinwar/game.h"
#include "tinwar/render.h"

/// One game move of a battle.
typedef struct tw_battle_move {
	int32_t move_no;  ///< game move number (1 = the First Player's first move)
	int side;         ///< side that moved
	int first, count; ///< its events in tw_battle.events (from its start to the next move's start)
	tw_state before;  ///< the position when the move began
	tw_state after;   ///< the position when it ended (melees judged)
} tw_battle_move;

/// A game replayed move by move.
typedef struct tw_battle {
	const tw_ruleset *rs;
	tw_state initial;   ///< the scenario after setup, before the toss and putting down
	tw_state final;     ///< the last position
	tw_events events;   ///< every event of the game (seq = index)
	int setup_count;    ///< events [0, setup_count) came before the first move (toss, putting down)
	int nmoves;
	tw_battle_move *moves;
	uint64_t seed;
	tw_shot_recorder *shots; ///< the game's shot traces (owned), or NULL
} tw_battle;

/// Replays a game's orders from its initial state and records every move. Free with tw_battle_free.
tw_status tw_battle_from_game(tw_battle *b, const tw_game *g, tw_error *err);
void tw_battle_free(tw_battle *b);
/// Index in b->moves of game move `move_no`, or -1.
int tw_battle_find_move(const tw_battle *b, int move_no);
/// The scene of moves[k]: its end position, its start position and its events.
tw_render_scene tw_battle_scene(const tw_battle *b, int k);
/// Free men of each side at the end of each move: counts[k * TW_MAX_SIDES + side], k = 0 for the
/// start of play and k = i + 1 after moves[i]. Caller frees.
int *tw_battle_strength(const tw_battle *b);

typedef struct tw_report_opts {
	const char *title;     ///< report title, or NULL for "Battle report: <scenario>"
	double px_per_inch;    ///< picture scale in the HTML report (default 5)
	int seat;              ///< -1 umpire (default); a side's report hides what it could not see
} tw_report_opts;

void tw_report_opts_default(tw_report_opts *o);
/// Writes the report; the format follows the extension: .html (one self-contained file, pictures
/// embedded) or .pdf (fixed creation date).
tw_status tw_report_write(const tw_battle *b, const tw_report_opts *o, const char *path, tw_error *err);

#endif

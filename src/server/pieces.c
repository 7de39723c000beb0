// The pieces on the table that are neither figures nor guns (tw_state_pieces: Little Wars's
// lidded boxes, trains and boats), as the state message's "pieces" for a seat: built from the rule
// set's own answer for that seat, which already leaves out what a box holds for the enemy
// (LW.BIG.2). The page draws them (web/app.js drawPieces) and names them in its tooltips.
#include <stdlib.h>

#include "srv.h"

/// A piece's kind as the page reads it. A kind this server does not know yet is a plain "piece".
static const char *piece_kind_name(int kind)
{
	switch (kind) {
	case TW_PIECE_BOX: return "box";
	case TW_PIECE_TRAIN: return "train";
	case TW_PIECE_BOAT: return "boat";
	default: return "piece";
	}
}

json_t *srv_pieces_json(const tw_state *v, int seat)
{
	json_t *a = json_array();
	tw_piece *p = malloc(sizeof *p * TW_MAX_PIECES); // some 20 KB: never on the stack
	int n = a && p ? tw_state_pieces(v, seat, p, TW_MAX_PIECES) : 0;
	for (int i = 0; i < n; i++) {
		const char *clause = p[i].clause; // the rule set's: what the piece is (LW.BIG.2 for a box)
		const char *kind = piece_kind_name(p[i].kind);
		const char *side = p[i].side >= 0 && p[i].side < v->nsides ? v->sides[p[i].side].name : "";
		json_t *o = json_pack("{s:s, s:s, s:i, s:f, s:f, s:f, s:i, s:b}", "kind", kind, "side", side, "index",
				      (int)p[i].index, "x", p[i].pos.x, "y", p[i].pos.y, "bearing", p[i].bearing, "trucks",
				      (int)p[i].trucks, "hidden", p[i].hidden);
		if (!o)
			continue;
		if (clause)
			json_object_set_new(o, "clause", json_string(clause));
		// Hidden: no men and no guns at all, not zeros an empty box would also show.
		if (!p[i].hidden) {
			json_t *men = json_object();
			for (int k = 0; k < TW_FK_COUNT; k++)
				if (p[i].men[k] > 0)
					json_object_set_new(men, tw_figure_kind_name((tw_figure_kind)k), json_integer(p[i].men[k]));
			json_object_set_new(o, "men", men);
			json_object_set_new(o, "guns", json_integer(p[i].guns));
		}
		json_array_append_new(a, o);
	}
	free(p);
	return a;
}

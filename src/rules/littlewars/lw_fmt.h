// Event words without printf on the hot path (issue 18, Scale): a man's move is told in every
// game move; snprintf's "%.1f" was a third of applying a move. The same text, byte for byte
// (tests/test_lw_perf_paths.c checks against snprintf).
#ifndef LW_FMT_H
#define LW_FMT_H
#include <stddef.h>

/// Writes v as snprintf(buf, LW_FMT_1_CAP, "%.1f", v) does (correctly rounded, ties to even,
/// "-0.0" for a negative that rounds to zero; the largest doubles take 300 digits and more) into
/// buf of LW_FMT_1_CAP bytes; the length.
#define LW_FMT_1_CAP 400
int lw_fmt_1(char *buf, double v);

/// Appends text to a buffer of size cap at *len, keeping what snprintf would keep (cap-1 bytes
/// at most, always terminated).
void lw_fmt_put(char *buf, size_t cap, size_t *len, const char *text);
void lw_fmt_put_int(char *buf, size_t cap, size_t *len, long long v);
void lw_fmt_put_1(char *buf, size_t cap, size_t *len, double v);

/// s31-move: snprintf(buf, cap, "%s%s %s #%d moves %.1f in to (%.1f, %.1f)", prefix, side, kind, id,
/// len, x, y) (a man's move event); the length written.
size_t lw_fmt_move_text(char *buf, size_t cap, const char *prefix, const char *side, const char *kind, int id,
			double len, double x, double y);

#endif

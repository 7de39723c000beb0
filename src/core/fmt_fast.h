// Event words without printf (issue 18, h5-hook): tw_event_text's formats are mostly %d, %s and
// %.1f; vsnprintf was some 3% of a Hook's Farm battle. The same bytes as vsnprintf, or a refusal.
#ifndef TW_FMT_FAST_H
#define TW_FMT_FAST_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/// Whether tw_fmt_fast formats fmt itself: conversions %d %i %u %ld %li %lu %lld %lli %llu %s %c
/// %% and %.Nf (N 0-3), no flags, widths or other precisions. Reads fmt only.
bool tw_fmt_fast_ok(const char *fmt);

/// Writes what vsnprintf(buf, cap, fmt, ap) writes, for a fmt tw_fmt_fast_ok accepts (cap > 0):
/// at most cap - 1 bytes and a terminating zero. Doubles of magnitude 2^40 or more, infinities
/// and NaN go to snprintf for their conversion.
void tw_fmt_fast(char *buf, size_t cap, const char *fmt, va_list ap);

/// Writes what snprintf(buf, cap, "%.*f", prec, v) writes, for prec 0-3 (cap > 0); the length
/// snprintf would return when the buffer is large enough (rule sets build their words on it).
int tw_fmt_fixed(char *buf, size_t cap, double v, int prec);

/// s31-move: the characters snprintf(buf, cap, "%.*f", prec, v) writes, for |v| < 2^40 and prec
/// 0-3, written at p (at most 18 of them, not terminated); their count. -1 (nothing written) for
/// any other v or prec.
int tw_fmt_fixed_small(char *p, double v, int prec);

#endif

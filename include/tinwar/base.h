/// tinwar: base types, status codes and errors.
/// Units: lengths are inches, angles in the API are degrees unless named _rad.
#ifndef TINWAR_BASE_H
#define TINWAR_BASE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TW_VERSION_STRING "0.1.0"
#define TW_STATE_FORMAT_VERSION 1

#ifdef __cplusplus
extern "C" {
#endif

/// Result of any call that can fail for an expected reason.
typedef enum tw_status {
	TW_OK = 0,
	TW_ERR_INPUT = 2,   ///< malformed input (file, JSON, order shape)
	TW_ERR_ILLEGAL = 3, ///< well-formed order that the rules forbid
	TW_ERR_IO = 4,      ///< file system failure
	TW_ERR_NOMEM = 5,   ///< allocation failed
	TW_ERR_STATE = 6,   ///< operation not possible in this game state
	TW_ERR_DICE = 7,    ///< the physical dice mode needs more dice entered (tw_error.dice_n, dice_sides)
} tw_status;

/// An expected failure, as a value. Filled by every call that takes a tw_error*.
typedef struct tw_error {
	tw_status code;
	char clause[24];  ///< rule clause the refusal cites, e.g. "LW.MOB.2" ("" if none)
	char path[128];   ///< JSON path of the offending value, e.g. "$.figures[3].at"
	int line, column; ///< 1-based position in the source text (0 if unknown)
	char message[256];
	int dice_n, dice_sides; ///< TW_ERR_DICE: how many dice of how many faces to enter next
} tw_error;

/// Clears an error record.
void tw_error_clear(tw_error *err);
/// Sets err (if not NULL) and returns code. printf-style message.
tw_status tw_error_set(tw_error *err, tw_status code, const char *clause, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/// Assertion hook for programmer errors (never for bad input).
typedef void tw_assert_fn(const char *expr, const char *file, int line);
void tw_set_assert_hook(tw_assert_fn *fn);
void tw_assert_fail(const char *expr, const char *file, int line);
#define TW_ASSERT(c) ((c) ? (void)0 : tw_assert_fail(#c, __FILE__, __LINE__))

#define TW_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/// The allocator every allocation of the core and the rule sets goes through (Lua-style: one
/// hook, so a test can fail the N-th allocation and check that nothing is lost). `ptr` NULL
/// allocates, `size` 0 frees (returns NULL), otherwise reallocates. Returns NULL on failure.
typedef void *tw_alloc_fn(void *ud, void *ptr, size_t size);
/// Installs an allocator (NULL: the C library's). Not thread-safe: call before threads start.
void tw_set_allocator(tw_alloc_fn *fn, void *ud);
void *tw_malloc(size_t size);
void *tw_calloc(size_t n, size_t size);
void *tw_realloc(void *ptr, size_t size);
void tw_free(void *ptr);
/// While an order is adjudicated, the engine watches this thread's allocations: one that fails
/// sets *flag, so that the order is refused and the state put back even where the rules carry on
/// without the memory. Returns the flag watched before (restore it after). NULL stops watching.
bool *tw_alloc_watch(bool *flag);
/// A copy of s from tw_malloc (NULL on failure or if s is NULL).
char *tw_strdup(const char *s);
/// Tunes the C library's allocator for a program that plays many games one after another
/// (studies, benches, the server): the heap freed at the end of a game is kept for the next
/// instead of being handed back to the kernel and faulted in again, page by page (issue 18:
/// some 200 page faults a Hook's Farm battle, 7% of its CPU time). With glibc: the trim and
/// mmap thresholds at 64 MB (mallopt); elsewhere nothing. A program's choice, not a library's:
/// the tinwar programs call it once at start-up, before threads. Returns whether it did.
bool tw_tune_process_allocator(void);

#ifdef __cplusplus
}
#endif
#endif

// s31 (issue 18): tw_tune_process_allocator keeps freed heap in the process. A program that plays
// game after game (a study, the bench) frees a game's large buffers (its log of events reaches
// half a megabyte) and allocates them again for the next; untuned, glibc hands such blocks back
// to the kernel (munmap, or a trimmed heap top) and every page is faulted in again. Here: a 4 MB
// block written, freed, allocated again and written again costs next to no page faults once the
// allocator is tuned. Without glibc, or under a sanitizer's allocator, it only checks the call.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <cmocka.h>

#include "tinwar/base.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TW_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define TW_OWN_ALLOCATOR 1
#endif
#endif

#if defined(__GLIBC__) && !defined(TW_OWN_ALLOCATOR)
static long minor_faults(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

// memset through a pointer the compiler cannot see through (no allocation is optimised away).
static void *(*volatile fill)(void *, int, size_t) = memset;

// Page faults of writing a fresh n-byte block after one of the same size was written and freed
// (through the engine's allocator: the C library's here).
static long faults_again(size_t n)
{
	unsigned char *p = tw_malloc(n);
	assert_non_null(p);
	fill(p, 1, n);
	tw_free(p);
	long before = minor_faults();
	p = tw_malloc(n);
	assert_non_null(p);
	fill(p, 2, n);
	long after = minor_faults();
	assert_int_equal(p[n - 1], 2);
	tw_free(p);
	return after - before;
}
#endif

static void test_tuned_allocator_keeps_freed_heap(void **st)
{
	(void)st;
	const size_t n = 4u << 20; // 1024 pages of 4 KB
#if defined(__GLIBC__) && !defined(TW_OWN_ALLOCATOR)
	long untuned = faults_again(n); // above glibc's default mmap threshold: mapped afresh
	assert_true(tw_tune_process_allocator());
	long tuned = faults_again(n);
	print_message("page faults writing 4 MB again: %ld untuned, %ld tuned\n", untuned, tuned);
	assert_true(untuned >= 512);
	assert_true(tuned <= 64);
#else
	(void)n;
	(void)tw_tune_process_allocator(); // nothing to measure: it may do nothing, but must not fail
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tuned_allocator_keeps_freed_heap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

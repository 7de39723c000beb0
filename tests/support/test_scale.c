// Smaller counts of random cases under the sanitizers (test_scale.h).
#include "test_scale.h"

#include <stdlib.h>
#include <string.h>

bool tw_test_sanitized(void)
{
#ifdef TW_SANITIZE_BUILD
	const char *full = getenv("TW_FULL_COUNTS");
	return !(full && strcmp(full, "1") == 0);
#else
	return false;
#endif
}

int tw_test_count(int full, int div, int floor)
{
	if (!tw_test_sanitized() || div <= 1)
		return full;
	int n = full / div;
	if (n < floor)
		n = floor;
	return n < full ? n : full;
}

// Leak-sanitizer suppressions for every test program and, in sanitizer builds, the tinwar and
// tinwar-serve programs the tests run (compiled into each, not into the support
// library, so that the linker always keeps the definition).
//
// Fontconfig (under cairo's text) keeps caches for the life of the process, and its configuration
// parser leaks a few blocks that cairo_debug_reset_static_data does not free: not our leak.
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

// Running the `tinwar` command line from a test: a shell command run in the test's directory,
// what it printed (stdout and stderr) kept in the caller's buffer, and checks on that text. Shared
// by the terminal tests (test_terminal.c, test_terminal_roles.c, test_ll_play.c, test_sv_term.c).
#ifndef TW_TEST_CLI_RUN_H
#define TW_TEST_CLI_RUN_H

#include <stdarg.h>
#include <stddef.h>

/// The test's directory made as /tmp/tinwar-NAME-XXXXXX into dir[0..cap), with TINWAR_LOG_KEY set
/// to a key file in it; *cli becomes $TW_TEST_CLI when that is set (the tests run against another
/// build's binary). Returns 0, or -1 if the directory cannot be made.
int tw_cli_setup(char *dir, size_t cap, const char *name, const char **cli);
/// Runs `cd DIR && CMD 2>&1` (CMD made from fmt) and keeps what it printed in out[0..cap) (cut at
/// cap - 1, NUL-ended; out NULL: not kept); returns its exit code (-1 if it did not exit).
int tw_cli_vrun(char *out, size_t cap, const char *dir, const char *fmt, va_list ap);
int tw_cli_run(char *out, size_t cap, const char *dir, const char *fmt, ...);
/// Writes text to DIR/name (the test fails if it cannot).
void tw_cli_write(const char *dir, const char *name, const char *text);
/// The test fails, showing out, unless out holds what (has) / unless it does not (has_not).
void tw_cli_has(const char *out, const char *what);
void tw_cli_has_not(const char *out, const char *what);

#endif

// Running the `tinwar` command line from a test (cli_run.h).
#include "cli_run.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

int tw_cli_setup(char *dir, size_t cap, const char *name, const char **cli)
{
	if (getenv("TW_TEST_CLI"))
		*cli = getenv("TW_TEST_CLI");
	snprintf(dir, cap, "/tmp/tinwar-%s-XXXXXX", name);
	if (!mkdtemp(dir))
		return -1;
	char key[256];
	snprintf(key, sizeof key, "%s/key/log.key", dir);
	setenv("TINWAR_LOG_KEY", key, 1);
	return 0;
}

int tw_cli_vrun(char *out, size_t cap, const char *dir, const char *fmt, va_list ap)
{
	char cmd[2048];
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	char full[2300];
	snprintf(full, sizeof full, "cd %s && %s 2>&1", dir, cmd);
	FILE *p = popen(full, "r");
	assert_non_null(p);
	size_t n = 0, k;
	char buf[4096];
	while ((k = fread(buf, 1, sizeof buf, p)) > 0)
		if (out && n + k < cap) {
			memcpy(out + n, buf, k);
			n += k;
		}
	if (out)
		out[n] = 0;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int tw_cli_run(char *out, size_t cap, const char *dir, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = tw_cli_vrun(out, cap, dir, fmt, ap);
	va_end(ap);
	return rc;
}

void tw_cli_write(const char *dir, const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

void tw_cli_has(const char *out, const char *what)
{
	if (!strstr(out, what))
		fail_msg("expected \"%s\" in:\n%s", what, out);
}

void tw_cli_has_not(const char *out, const char *what)
{
	if (strstr(out, what))
		fail_msg("did not expect \"%s\" in:\n%s", what, out);
}

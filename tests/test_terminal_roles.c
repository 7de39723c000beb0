// The terminal plays a Kriegspiel with its roles (KS.GEN.1/2, issue 18 lw-rules): `tinwar play
// FILE --param seats=per_arm` names the role typing in the prompt ("red general"), `roles` lists
// the side's roles, `as ROLE` passes the keyboard on, and each order is put to the role first:
// the official gives none (KS.GEN.2), an arm's player only his arm's (the toss is the General's,
// KS.GEN.1). `--param` refuses an unknown name or value with exit 2.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_run.h"
#include "tinwar/tinwar.h"

static char dir[64];
static char out[1 << 17];
static const char *CLI = TW_CLI;

// Runs a shell command in the test's directory (support/cli_run.c); its output in out.
#define run(...) tw_cli_run(out, sizeof out, dir, __VA_ARGS__)

#define has(what) tw_cli_has(out, what)

static void test_KS_GEN_1_2_terminal_roles(void **st)
{
	(void)st;
	const char *ks = TW_SOURCE_DIR "/scenarios/littlewars/kriegspiel.json";
	int rc = run("printf 'roles\\nas official\\ntoss\\nas nobody\\nas infantry\\ntoss\\nas general\\ntoss\\nquit\\n' | "
		     "%s play %s --param seats=per_arm --red human --blue human --shot-model fast --quiet",
		     CLI, ks);
	assert_int_equal(rc, 0);
	has("red general (game move 0)> ");
	has("  * general      [KS.GEN.1] the supreme General: orders every arm, ends the side's move\n");
	has("    official     [KS.GEN.2]");
	has("red official (game move 0)>   refused: the red official may not: the official of red watches, measures and "
	    "checks the packets: he gives no orders\n  (rule KS.GEN.2)\n");
	has("red has no role 'nobody' (type 'roles')");
	has("red infantry (game move 0)>   refused: the red infantry may not: the toss is the General's to give, not the "
	    "infantry player's\n  (rule KS.GEN.1)\n");
	// The General tosses (LW.MV.1): the toss goes through and the game goes on to its next question.
	has("red general (game move 0)> blue general (game move 0)> ");
	// One player a side (the scenario's own `seats`): no roles.
	rc = run("printf 'roles\\nquit\\n' | %s play %s --red human --blue human --shot-model fast --quiet", CLI, ks);
	assert_int_equal(rc, 0);
	has("red (game move 0)>   one player a side: no roles within it\n");
	// --param: an unknown parameter, or a value it does not take, is refused with exit 2.
	assert_int_equal(run("%s play %s --param seats=many </dev/null", CLI, ks), 2);
	has("tinwar play: --param seats: 'many' is not a value of it (0 to 1, or a choice by name)");
	assert_int_equal(run("%s play %s --param nosuch=1 </dev/null", CLI, ks), 2);
	has("tinwar play: --param wants NAME=VALUE with a parameter of littlewars, not 'nosuch=1'");
}

// lw-box: the roles come from the men's arm records (KS.GEN.1): the generated Kriegspiel's
// engineers and Transport & Supply are infantry figures of arm 2 and 4, so each side has an
// engineers' and a supply seat; an order for an engineer is the engineers' (the infantry player's
// refused naming KS.GEN.1). The official sees his own side as the umpire does (KS.GEN.2): `list`
// and `info` say so.
static void test_KS_GEN_1_2_terminal_seats_by_arm(void **st)
{
	(void)st;
	const char *ks = TW_SOURCE_DIR "/scenarios/littlewars/kriegspiel.json";
	int rc = run("printf 'roles\\nas official\\nlist\\ninfo game\\nas general\\nlist\\nquit\\n' | "
		     "%s play %s --param seats=per_arm --red human --blue human --shot-model fast --quiet",
		     CLI, ks);
	assert_int_equal(rc, 0);
	has("    engineers    [KS.GEN.1] orders the engineers\n");
	has("    supply       [KS.GEN.1] orders the supply\n");
	has("    artillery    [KS.GEN.1]");
	has("red official (game move 0)>   (the official's view: his own side as the umpire sees it, KS.GEN.2)\n");
	// The General's view is the side's: no such line once the General types again (`as general`).
	const char *g = strstr(out, "red official (game move 0)> ");
	g = g ? strstr(g, "red general (game move 0)> ") : NULL;
	assert_non_null(g);
	assert_null(strstr(g, "the official's view"));
}

int main(void)
{
	tw_register_builtin();
	if (getenv("TW_TEST_CLI"))
		CLI = getenv("TW_TEST_CLI");
	snprintf(dir, sizeof dir, "/tmp/tinwar-roles-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_GEN_1_2_terminal_roles),
		cmocka_unit_test(test_KS_GEN_1_2_terminal_seats_by_arm),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		rc = rc ? rc : 1;
	return rc;
}

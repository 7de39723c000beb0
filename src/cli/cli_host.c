// The terminal's host clock (sv-term; issue 17): `tinwar play` keeps the host's time for a rule
// set that has one (tw_ruleset.host_due; the shared pieces are the core's, tinwar/host_clock.h).
// Real time by default: a person's orders are stamped with the seconds since the game began, and
// the prompt waits on stdin with a time-out (poll), so the host's order (Science versus Luck's
// hammer, SV.EXPO.5; the firing minute's end, SV.ROF.5-6) is given while a person thinks; the
// prompt shows the countdown. `--host-clock virtual` (scripts and tests): the clock moves only
// with `wait SECONDS` (a computer's order takes TW_HOST_COMPUTER_MS), so runs are exact and take
// no real time. Entered faces (PHYSICAL mode, the chance hook) follow an order: `... dice 1 1 2`.
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cli_host_init(cli_host *h, const tw_game *g, const char *mode)
{
	memset(h, 0, sizeof *h);
	for (int k = 0; k < TW_MAX_SIDES; k++)
		h->asked[k] = -1;
	h->seat = -1;
	if (mode && strcmp(mode, "virtual") != 0 && strcmp(mode, "real") != 0) {
		fprintf(stderr, "tinwar play: --host-clock wants real or virtual, not '%s'\n", mode);
		return CLI_BAD;
	}
	h->on = tw_host_keeps(tw_game_state(g));
	h->virt = mode && strcmp(mode, "virtual") == 0;
	h->base = tw_host_resume(g);
	h->now_ms = h->base > 0 ? h->base : TW_HOST_VIRTUAL_START_MS;
	h->t0 = mono();
	if (h->on && !h->virt)
		setvbuf(stdin, NULL, _IONBF, 0); // no line read ahead of poll(): stdin's buffer stays empty
	return CLI_OK;
}

int64_t cli_host_now(const cli_host *h)
{
	if (h->virt)
		return tw_host_time(h->now_ms);
	return tw_host_time(h->base + (int64_t)floor((mono() - h->t0) * 1000.0));
}

void cli_host_sleep_to(cli_host *h, int64_t t)
{
	if (h->virt) {
		if (t > h->now_ms)
			h->now_ms = t;
		return;
	}
	for (int64_t left; (left = t - cli_host_now(h)) > 0;)
		(void)poll(NULL, 0, left > 1000 ? 1000 : (int)left);
}

int cli_host_read(cli_host *h, const tw_state *s, const char *who, char *line, size_t n)
{
	int64_t due = tw_host_due(s);
	if (h->on && !h->virt && due > 0) {
		// On a terminal the countdown is told again at 10 and 5 s left, with the prompt.
		bool tty = isatty(1) != 0;
		int64_t told = due - cli_host_now(h);
		for (;;) {
			int64_t left = due - cli_host_now(h);
			if (left <= 0)
				return 0; // the host's order is due: the caller gives it
			for (int mark = 10000; tty && mark >= 5000; mark -= 5000)
				if (told > mark && left <= mark) {
					char clk[96];
					cli_host_status(h, s, clk, sizeof clk);
					printf("\n  (%s)\n%s%s)> ", clk + 2, who ? who : "", clk);
					fflush(stdout);
					told = left;
				}
			struct pollfd p = {.fd = 0, .events = POLLIN};
			int r = poll(&p, 1, left > 250 ? 250 : (int)left);
			if (r > 0)
				break;
			if (r < 0 && errno != EINTR)
				break;
		}
	}
	return fgets(line, (int)n, stdin) ? 1 : -1;
}

void cli_host_status(const cli_host *h, const tw_state *s, char *buf, size_t n)
{
	buf[0] = 0;
	int64_t due = tw_host_due(s);
	if (!h->on || due <= 0)
		return;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int host = tw_order_type_with(rs, TW_OD_HOST);
	int64_t now = cli_host_now(h), left = due - now;
	snprintf(buf, n, ", host %.3f s, %s in %.1f s", (double)now / 1000.0, host >= 0 ? rs->orders[host].name : "host",
		 (double)(left > 0 ? left : 0) / 1000.0);
}

void cli_host_time(const cli_host *h, const tw_state *s)
{
	if (!h->on)
		return;
	int64_t now = cli_host_now(h), due = tw_host_due(s);
	printf("  the host's clock (%s): %.3f s", h->virt ? "virtual, 'wait SECONDS' moves it" : "real time", (double)now / 1000.0);
	if (due > 0) {
		const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
		int host = tw_order_type_with(rs, TW_OD_HOST);
		printf("; the host's %s at %.3f s (in %.3f s)", host >= 0 ? rs->orders[host].name : "order", (double)due / 1000.0,
		       (double)(due > now ? due - now : 0) / 1000.0);
	}
	printf("\n");
}

bool cli_host_wait(cli_host *h, const char *arg)
{
	char *end = NULL;
	double secs = arg ? strtod(arg, &end) : -1;
	if (!arg || end == arg || *end || !(secs > 0) || secs > 86400) {
		printf("  wait: expected seconds (more than 0, at most 86400), not '%s'\n", arg ? arg : "");
		return false;
	}
	if (!h->on) {
		printf("  wait: this game keeps no host's clock\n");
		return false;
	}
	if (!h->virt) {
		printf("  wait: the host's clock is real time here (--host-clock virtual for scripts)\n");
		return false;
	}
	h->wait_until = h->now_ms + (int64_t)llround(secs * 1000.0);
	return true;
}

int cli_take_dice(int *argc, char **argv, uint8_t *faces, int max, char *why, size_t nwhy)
{
	int at = -1;
	for (int i = 1; i < *argc; i++)
		if (strcmp(argv[i], "dice") == 0)
			at = i;
	if (at < 0)
		return 0;
	int n = 0;
	for (int i = at + 1; i < *argc; i++) {
		char *end = NULL;
		long f = strtol(argv[i], &end, 10);
		if (end == argv[i] || *end || f < 1 || f > 100) {
			snprintf(why, nwhy, "  dice: a face is a number 1-100, not '%s'", argv[i]);
			return -1;
		}
		if (n >= max) {
			snprintf(why, nwhy, "  dice: %d faces at most", max);
			return -1;
		}
		faces[n++] = (uint8_t)f;
	}
	if (n == 0) {
		snprintf(why, nwhy, "  dice: expected the faces after 'dice'");
		return -1;
	}
	*argc = at;
	return n;
}

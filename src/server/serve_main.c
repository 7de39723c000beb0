// `tinwar serve`: options, start, wait for a signal, stop.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "srv.h"

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static const char *opt(int argc, char **argv, const char *name)
{
	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return argv[i + 1];
	return NULL;
}

/// A whole number option within lo..hi; false (and a message) if it is not one.
static bool int_opt(const char *name, const char *text, long lo, long hi, int *out)
{
	char *end = NULL;
	long v = strtol(text, &end, 10);
	if (!end || end == text || *end || v < lo || v > hi) {
		fprintf(stderr, "tinwar serve: %s must be %ld..%ld\n", name, lo, hi);
		return false;
	}
	*out = (int)v;
	return true;
}

int tw_server_main(int argc, char **argv)
{
	tw_server_opts o;
	tw_server_opts_default(&o);
	static const char *const with_value[] = {"--bind",       "--port",      "--db",
						 "--origin",     "--allow-host", "--max-conns",
						 "--max-conns-per-addr", "--max-games-per-addr", "--max-figures",
						 "--stack-kib"};
	for (int i = 1; i < argc; i++) {
		bool known = strcmp(argv[i], "--quiet") == 0;
		for (size_t k = 0; k < TW_ARRAY_COUNT(with_value); k++)
			if (strcmp(argv[i], with_value[k]) == 0 && i + 1 < argc) {
				known = true;
				i++;
			}
		if (!known) {
			fprintf(stderr, "tinwar serve: unexpected '%s'\nusage: %s\n", argv[i], TW_SERVE_USAGE);
			return 2;
		}
	}
	const char *port = opt(argc, argv, "--port");
	if (opt(argc, argv, "--bind"))
		o.bind = opt(argc, argv, "--bind");
	if (port && !int_opt("--port", port, 0, 65535, &o.port))
		return 2;
	struct {
		const char *name;
		long lo, hi;
		int *field;
	} ints[] = {{"--max-conns", 1, 100000, &o.max_conns},
		    {"--max-conns-per-addr", 1, 100000, &o.max_conns_per_addr},
		    {"--max-games-per-addr", 1, 1000000, &o.max_games_per_addr},
		    {"--max-figures", 1, 100000, &o.max_figures},
		    {"--stack-kib", 256, 1 << 20, &o.stack_kib}};
	for (size_t k = 0; k < TW_ARRAY_COUNT(ints); k++) {
		const char *v = opt(argc, argv, ints[k].name);
		if (v && !int_opt(ints[k].name, v, ints[k].lo, ints[k].hi, ints[k].field))
			return 2;
	}
	o.db = opt(argc, argv, "--db") ? opt(argc, argv, "--db") : "tinwar-web.db";
	o.origin = opt(argc, argv, "--origin");
	o.allow_hosts = opt(argc, argv, "--allow-host");
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--quiet") == 0)
			o.quiet = true;
	tw_error err;
	tw_error_clear(&err);
	signal(SIGPIPE, SIG_IGN);
	tw_server *s = tw_server_start(&o, &err);
	if (!s) {
		fprintf(stderr, "tinwar serve: %s\n", err.message);
		return 1;
	}
	printf("tinwar serve: http://%s:%d/ (games in %s; Ctrl-C stops)\n", o.bind, tw_server_port(s), o.db);
	fflush(stdout);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	while (!stop_flag)
		pause();
	tw_server_stop(s);
	return 0;
}

// A test's own server (srv_test.h).
#include "srv_test.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

tw_server_opts tw_test_server_opts(void)
{
	tw_server_opts o;
	tw_server_opts_default(&o);
	o.port = 0;
	o.db = NULL;
	o.quiet = getenv("TW_VERBOSE") == NULL;
	return o;
}

tw_server *tw_test_server_start(const tw_server_opts *o)
{
	tw_error err;
	tw_error_clear(&err);
	tw_server *s = tw_server_start(o, &err);
	if (!s)
		fail_msg("server: %s", err.message);
	return s;
}

tw_server *tw_test_server(const char *db, int max_message)
{
	tw_server_opts o = tw_test_server_opts();
	o.db = db;
	if (max_message > 0)
		o.max_message = max_message;
	return tw_test_server_start(&o);
}

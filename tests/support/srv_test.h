// A test's own server (tests of src/server): the options every test starts from, and the start
// that fails the test with the server's error. Shared by the server tests.
#ifndef TW_TEST_SRV_TEST_H
#define TW_TEST_SRV_TEST_H

#include "tinwar/server.h"

/// tw_server_opts_default with port 0 (the system's choice), no store, and quiet unless
/// TW_VERBOSE is set.
tw_server_opts tw_test_server_opts(void);
/// Starts a server with o; the test fails (cmocka) with the server's message if it cannot.
tw_server *tw_test_server_start(const tw_server_opts *o);
/// tw_test_server_start with the test options, the store db (NULL: none) and max_message
/// (0: the default).
tw_server *tw_test_server(const char *db, int max_message);

#endif

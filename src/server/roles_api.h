// Issue 16: POST /api/roles, the roles a scenario gives its sides (roles_api.c), for the lobby.
#ifndef TW_SRV_ROLES_API_H
#define TW_SRV_ROLES_API_H
struct mg_connection;
/// POST /api/roles (cbdata: the srv_server).
int srv_roles_handler(struct mg_connection *conn, void *cbdata);
#include <stddef.h>
#include "tinwar/base.h"
/// The answer of POST /api/roles for a request body (malloc'd JSON text), or NULL with *err: what
/// the handler runs on the work pool; fuzz_web calls it directly.
char *srv_roles_answer(int max_figures, const char *text, size_t len, tw_error *err);
#endif

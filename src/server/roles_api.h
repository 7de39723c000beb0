// Issue 16: POST /api/roles, the roles a scenario gives its sides (roles_api.c), for the lobby.
#ifndef TW_SRV_ROLES_API_H
#define TW_SRV_ROLES_API_H
struct mg_connection;
/// POST /api/roles (cbdata: the srv_server).
int srv_roles_handler(struct mg_connection *conn, void *cbdata);
#endif

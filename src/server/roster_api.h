// The roster editor's endpoints (roster_api.c, ll-web).
#ifndef TW_SRV_ROSTER_API_H
#define TW_SRV_ROSTER_API_H
struct mg_connection;
/// GET /api/roster/new, POST /api/roster/check (cbdata: the srv_server).
int srv_roster_handler(struct mg_connection *conn, void *cbdata);
#endif

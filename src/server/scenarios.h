// The lobby's bundled scenarios and a seat's game status (issue 19): src/server/scenarios.c.
#ifndef TW_SRV_SCENARIOS_H
#define TW_SRV_SCENARIOS_H
#include <stddef.h>

struct mg_connection;
struct srv_room;
struct json_t;

/// One bundled scenario file, scenarios/<ruleset>/<file>.json, embedded at build time
/// (cmake/embed_scenarios.cmake). The table ends with a NULL ruleset.
typedef struct srv_scenario_file {
	const char *ruleset;
	const char *file; ///< the file's name without ".json"
	const unsigned char *data;
	size_t len;
} srv_scenario_file;

extern const srv_scenario_file srv_scenario_files[];

/// GET /api/scenarios[/RULESET[/FILE.json|FILE.svg]] (cbdata: the srv_server).
int srv_scenarios_handler(struct mg_connection *conn, void *cbdata);
/// POST /api/status {"game": ID, "token": T}: that seat's game in brief (cbdata: the srv_server).
int srv_status_handler(struct mg_connection *conn, void *cbdata);
/// The title of the bundled scenario of that rule set whose "name" is `name`, or NULL.
const char *srv_scenario_title(const char *ruleset, const char *name);
/// Sets r->title from the scenario a game was made from: its "title", else the bundled scenario's
/// of that name, else its name. On the work pool (it may load the bundled scenarios).
void srv_room_set_title(struct srv_room *r, const struct json_t *scenario);

#endif

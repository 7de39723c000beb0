// The page's files, embedded in the binary at build time (web/ -> web_assets.c).
#include <string.h>

#include "srv.h"

extern const srv_asset srv_assets[];

const srv_asset *srv_asset_find(const char *path)
{
	for (const srv_asset *a = srv_assets; a->path; a++)
		if (strcmp(a->path, path) == 0)
			return a;
	return NULL;
}

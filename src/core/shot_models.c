// The registry of shot models: one explicit list, looked up by name.
#include <string.h>

#include "tinwar/physics.h"
#include "tinwar/shot.h"

typedef const tw_shot_model *model_fn(void);

static model_fn *const models[] = {
	tw_shot_model_fast,
	tw_shot_model_physics,
};

const tw_shot_model *tw_shot_model_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < TW_ARRAY_COUNT(models); i++) {
		const tw_shot_model *m = models[i]();
		if (m && strcmp(m->name, name) == 0)
			return m;
	}
	return NULL;
}

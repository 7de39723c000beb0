/// tinwar: everything public.
#ifndef TINWAR_H
#define TINWAR_H
#include "tinwar/base.h"
#include "tinwar/chance.h"
#include "tinwar/event.h"
#include "tinwar/figure.h"
#include "tinwar/game.h"
#include "tinwar/general.h"
#include "tinwar/geom.h"
#include "tinwar/host_clock.h"
#include "tinwar/io.h"
#include "tinwar/los.h"
#include "tinwar/order.h"
#include "tinwar/record.h"
#include "tinwar/registry.h"
#include "tinwar/rng.h"
#include "tinwar/series.h"
#include "tinwar/ruleset.h"
#include "tinwar/shot.h"
#include "tinwar/spatial.h"
#include "tinwar/state.h"
#include "tinwar/terrain.h"
#endif

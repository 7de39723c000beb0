/// The shot-model interface: how a gun's projectile flies and what it touches.
/// Kill rules (LW.FIRE) are applied by the rule set to the contacts a model reports.
#ifndef TINWAR_SHOT_H
#define TINWAR_SHOT_H
#include "tinwar/geom.h"
#include "tinwar/rng.h"

struct tw_state;

#define TW_SHOT_MAX_CONTACTS 64
#define TW_SHOT_MAX_SAMPLES 96

typedef enum tw_contact_how {
	TW_CONTACT_TOUCHED = 1, ///< touched, left standing
	TW_CONTACT_KNOCKED = 2, ///< knocked over by the projectile
	TW_CONTACT_FELLED = 3,  ///< knocked over by a falling figure
	TW_CONTACT_LEANING = 4, ///< left leaning past his tipping point
} tw_contact_how;

typedef enum tw_contact_via {
	TW_VIA_FLIGHT = 0, ///< the shot in flight
	TW_VIA_REBOUND = 1,///< after bouncing off the floor or glancing off an object
	TW_VIA_ROLL = 2,   ///< rolling along the floor
	TW_VIA_FALL = 3,   ///< a falling man
} tw_contact_via;

typedef struct tw_shot_contact {
	int32_t figure; ///< figure id
	double t;       ///< seconds after firing
	uint8_t how;    ///< tw_contact_how
	uint8_t via;    ///< tw_contact_via
	tw_vec2 at;     ///< contact point
	double speed;   ///< projectile speed at contact, in/s
} tw_shot_contact;

typedef struct tw_shot_sample {
	float t, x, y, z;
} tw_shot_sample;

/// A shot to fire. Origin is the muzzle; bearing and elevation in degrees.
typedef struct tw_shot_request {
	int32_t gun;
	int side;
	int model;        ///< gun model index
	tw_vec2 origin;   ///< muzzle point, inches
	double z0;        ///< muzzle height above the floor, inches
	double bearing;   ///< degrees (0 = +y)
	double elevation; ///< degrees
	double aim_sigma; ///< gunner's aim error, degrees (1 sigma); 0 = perfect
	/// The figures' mass for a body model (physics), g per in^3 of r^2 H; 0 = the model's own
	/// (hollow-cast lead, 78: a 2 in infantryman 14 g). Plastic figures are far lighter (svl).
	double fig_mass_k;
} tw_shot_request;

typedef struct tw_shot_result {
	int ncontacts; ///< contacts in time order
	tw_shot_contact contacts[TW_SHOT_MAX_CONTACTS];
	int nsamples; ///< trajectory samples for pictures
	tw_shot_sample samples[TW_SHOT_MAX_SAMPLES];
	tw_vec2 rest;        ///< where the projectile came to rest
	int32_t blocked_by;  ///< terrain id that stopped it, or -1
	bool misfire;        ///< the projectile never left the barrel
	double bearing, elevation; ///< as actually fired (after aim error)
} tw_shot_result;

typedef struct tw_shot_model {
	const char *name;
	/// Flies one shot over the state's table and figures; draws only from rng.
	tw_status (*fire)(const struct tw_shot_model *m, const struct tw_state *s,
			  const tw_shot_request *req, tw_rng *rng, tw_shot_result *out);
	void *ctx;
} tw_shot_model;

/// Trajectory sampling shared by the shot models: samples every `dt` seconds of flight; when the
/// result is full, every other sample is dropped and the rate halves, so the samples stay evenly
/// spread over the whole flight.
typedef struct tw_shot_sampler {
	double dt, next;
} tw_shot_sampler;
/// True if a sample is due at time t (always when `force`); makes room first if the result is full.
bool tw_shot_sample_due(tw_shot_sampler *sp, tw_shot_result *r, double t, bool force);
/// Records the sample that tw_shot_sample_due said was due.
void tw_shot_sample_put(tw_shot_sampler *sp, tw_shot_result *r, double t, double x, double y, double z);

/// The fast deterministic ballistic model (flight, bounce, roll, knock-down).
const tw_shot_model *tw_shot_model_fast(void);
/// Looks up a model by name ("fast"; "physics" when built). NULL if unknown.
const tw_shot_model *tw_shot_model_find(const char *name);

// ---- recording and replaying outcomes (stored in game logs) ----

/// A shot model that fires through `inner` and keeps every result in order (recording), or
/// hands back kept results in order without simulating (replaying). Create with
/// tw_shot_recorder_new; its `model` member is the tw_shot_model to pass to a game.
typedef struct tw_shot_recorder tw_shot_recorder;

/// A recorder firing through inner (NULL: replay only). NULL on OOM.
tw_shot_recorder *tw_shot_recorder_new(const tw_shot_model *inner);
void tw_shot_recorder_free(tw_shot_recorder *r);
/// The model to use: fires through inner and records, or replays once tw_shot_recorder_replay
/// has been called. Each kept result remembers how many 64-bit draws its shot took; a replay
/// simulates nothing but advances the generator by that many draws, so the game's later
/// chances are unchanged. Fails with TW_ERR_STATE when the recording runs out.
const tw_shot_model *tw_shot_recorder_model(tw_shot_recorder *r);
/// Number of results kept.
int tw_shot_recorder_count(const tw_shot_recorder *r);
/// The k-th result kept, or NULL. Results are kept packed; this unpacks one into a buffer the
/// recorder keeps (contacts and samples beyond the counts zero), good until the next call.
const tw_shot_result *tw_shot_recorder_get(const tw_shot_recorder *r, int k);
/// Generator draws the k-th shot took, or -1.
int64_t tw_shot_recorder_draws(const tw_shot_recorder *r, int k);
/// Appends a result and its draw count (e.g. read back from a game log).
tw_status tw_shot_recorder_push(tw_shot_recorder *r, const tw_shot_result *res, uint64_t draws);
/// From now on, hand back the kept results from the first, in order.
void tw_shot_recorder_replay(tw_shot_recorder *r);
/// From now on, re-run every shot through the inner model (which must not be NULL) and hand
/// back its result, but refuse (TW_ERR_STATE) the first shot whose outcome (contacts, rest
/// point, trajectory, aim, misfire) or draw count differs from the kept result, in order from
/// the first. Checks a recorded game: physics is deterministic on a given build.
void tw_shot_recorder_verify(tw_shot_recorder *r);
/// Index of the shot whose re-run differed from its kept result (tw_shot_recorder_verify), or
/// -1; `why` (if not NULL) gets what differed.
int tw_shot_recorder_mismatch(const tw_shot_recorder *r, char *why, size_t n);
/// Replaying or verifying: kept results not handed back yet (0 when recording).
int tw_shot_recorder_unused(const tw_shot_recorder *r);

/// A new recorder that hands back src's outcomes from the first (to re-run a recorded game).
tw_shot_recorder *tw_shot_recorder_replayer(const tw_shot_recorder *src);
/// Index of the shot most recently fired or handed back (-1 before the first).
int tw_shot_recorder_position(const tw_shot_recorder *r);
/// The recorder behind a model returned by tw_shot_recorder_model, or NULL for any other model.
tw_shot_recorder *tw_shot_recorder_of(const tw_shot_model *m);

#endif

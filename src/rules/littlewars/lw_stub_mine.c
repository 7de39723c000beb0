// TEMPORARY: symbols of modules not yet written (removed module by module).
#include "lw.h"
bool lw_beyond_own_line(const tw_state *s, int side, tw_vec2 p) { (void)s; (void)side; (void)p; return false; }
bool lw_on_enemy_line(const tw_state *s, int side, tw_vec2 p) { (void)s; (void)side; (void)p; return false; }
int lw_gun_crew_count(const tw_state *s, const tw_gun *g, int side) { (void)s; (void)g; (void)side; return 0; }
bool lw_gun_in_action(const tw_state *s, const tw_gun *g, int side) { (void)s; (void)g; (void)side; return false; }
tw_status lw_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }
tw_status lw_validate_fire(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_fire(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev) { (void)s; (void)o; (void)ctx; (void)ev; return TW_OK; }
tw_status lw_validate_trail(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_trail(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }
tw_status lw_validate_lie(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_lie(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }
void lw_fix_trails(tw_state *s, tw_events *ev) { (void)s; (void)ev; }
void lw_aim_at(const tw_state *s, const tw_gun *g, tw_vec2 target, double *bearing, double *elevation) { (void)s; (void)g; (void)target; *bearing = 0; *elevation = 0; }
tw_status lw_validate_move(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_move(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }
tw_status lw_check_standing(const tw_state *s, const tw_figure *f, tw_vec2 p, tw_error *err) { (void)s; (void)f; (void)p; (void)err; return TW_OK; }
tw_status lw_check_leg(const tw_state *s, tw_vec2 a, tw_vec2 b, tw_error *err) { (void)s; (void)a; (void)b; (void)err; return TW_OK; }
void lw_score(const tw_state *s, double *points) { for (int i = 0; i < s->nsides; i++) points[i] = 0; }
void lw_check_end(tw_state *s, tw_events *ev) { (void)s; (void)ev; }
int lw_free_on_field(const tw_state *s, int side) { return tw_state_count(s, side, TW_FS_ACTIVE); }
double lw_move_allowance_minutes(const tw_state *s, int side) { (void)s; (void)side; return 0; }
int lw_allowance_formula(int men, int guns) { (void)men; (void)guns; return 0; }
tw_status lw_setup(tw_state *s, tw_error *err) { (void)s; (void)err; return TW_OK; }
tw_status lw_validate_setup_order(const tw_state *s, const tw_order *o, tw_error *err) { (void)s; (void)o; return tw_error_set(err, TW_ERR_ILLEGAL, "", "todo"); }
tw_status lw_apply_setup_order(tw_state *s, const tw_order *o, tw_events *ev) { (void)s; (void)o; (void)ev; return TW_OK; }
double lw_force_points(int infantry, int cavalry, int guns) { return infantry + 1.5 * cavalry + 10.0 * guns; }
bool lw_deploy_zone_ok(const tw_state *s, int side, const tw_figure *f, tw_vec2 p) { (void)s; (void)side; (void)f; (void)p; return true; }
void lw_begin_move(tw_state *s, int side, tw_events *ev) { (void)s; (void)side; (void)ev; }
tw_status lw_end_move(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err) { (void)s; (void)o; (void)ev; (void)err; return TW_OK; }
int lw_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max) { (void)s; (void)side; (void)r; (void)out; (void)max; return 0; }

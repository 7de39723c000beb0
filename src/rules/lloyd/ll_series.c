// placeholder
#include <jansson.h>
#include "ll.h"
tw_status ll_series_start(json_t *carry, const json_t *config, tw_error *err) { (void)carry; (void)config; (void)err; return TW_OK; }
tw_status ll_series_prepare(const json_t *carry, int seq, tw_state *s, tw_error *err) { (void)carry; (void)seq; (void)s; (void)err; return TW_OK; }
void ll_series_roles(const json_t *carry, int seq, int nplayers, int nsides, int *player_of_side) { (void)carry; (void)seq; (void)nplayers; (void)nsides; (void)player_of_side; }
tw_status ll_series_record(json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err) { (void)carry; (void)seq; (void)fin; (void)over; (void)err; return TW_OK; }

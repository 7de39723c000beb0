// Hook's Farm driver (the lead's, kept by h7-hook): N battles (default 50) lw-default v
// lw-default, fast shot model, seeds 100-108 in turn, undo off; prints CPU ms a battle, the
// average game moves and a hash of every final state (the same hash = the same games). The
// allocator is tuned as the tinwar programs tune it (tw_tune_process_allocator) unless HF_NO_TUNE is set.
// Build against a build directory's libraries (from the source root):
//   gcc -O2 -g -std=c17 -Iinclude bench/driver/hf.c -o build/release/hf -Wl,--start-group \
//     build/release/lib*.a -Wl,--end-group $(pkg-config --libs jansson sqlite3 lua5.4 ode cairo \
//     libsodium) -lm -lpthread
// Run: build/release/hf [BATTLES] [SCENARIO]
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tinwar/tinwar.h"
static double cpu_now(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){
 if(!getenv("HF_NO_TUNE")) tw_tune_process_allocator(); // s31: as the tinwar programs do (HF_NO_TUNE=1: not)
 tw_register_builtin();
 tw_state sc; memset(&sc,0,sizeof sc); tw_error err;
 if(tw_state_load(&sc,argc>2?argv[2]:"scenarios/littlewars/hooks-farm.json",&err)!=TW_OK){printf("%s\n",err.message);return 1;}
 int n=argc>1?atoi(argv[1]):50; double t0=cpu_now(); long mv=0; unsigned long long h=0;
 for(int i=0;i<n;i++){ uint64_t seed=100+(uint64_t)(i%9);
  tw_game*g=tw_game_new(&sc,seed,tw_shot_model_fast(),&err); tw_game_set_undo(g,false);
  const tw_ruleset*rs=tw_game_ruleset(g);
  tw_general*gens[2]={tw_general_new("default",rs,0,seed),tw_general_new("default",rs,1,seed)};
  tw_play_out(g,gens,1000000,&err); mv+=tw_game_state(g)->move_no;
  h=h*31+tw_state_hash(tw_game_state(g));
  tw_general_free(gens[0]);tw_general_free(gens[1]);tw_game_free(g);}
 double t=cpu_now()-t0; printf("%.3f ms/battle, %.1f moves, hash %llx\n",t*1e3/n,(double)mv/n,h); return 0;}

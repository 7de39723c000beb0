// Studies over Open MPI (-DTINWAR_MPI=ON): each rank plays a contiguous block of the games
// (seeded from the master seed and the game index, as in one process), with cfg->jobs threads,
// and rank 0 gathers every result in index order. The results equal a single-process run.
#ifdef TINWAR_MPI
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/sim.h"

tw_status tw_sim_run_mpi(const tw_sim_config *cfg, tw_sim_game *out, int *rank_out, tw_error *err);

static void finish(void) { MPI_Finalize(); }

tw_status tw_sim_run_mpi(const tw_sim_config *cfg, tw_sim_game *out, int *rank_out, tw_error *err)
{
	int inited = 0;
	MPI_Initialized(&inited);
	if (!inited) {
		int provided;
		MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
		atexit(finish);
	}
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	*rank_out = rank;
	int n = cfg->games;
	int first = (int)((long long)n * rank / size), last = (int)((long long)n * (rank + 1) / size);
	tw_sim_config mine = *cfg;
	if (rank != 0)
		mine.progress = NULL;
	// A rank plays its block with its own threads: a sub-study whose game i is study game first + i.
	tw_sim_game *part = calloc((size_t)(last - first > 0 ? last - first : 1), sizeof *part);
	tw_status st = part ? TW_OK : tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (st == TW_OK)
		st = tw_sim_run_range(&mine, first, last - first, part, err);
	int bad = st != TW_OK, anybad = 0;
	MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (anybad) {
		free(part);
		if (st == TW_OK)
			st = tw_error_set(err, TW_ERR_STATE, "", "another rank failed");
		return st;
	}
	int *counts = NULL, *displs = NULL;
	if (rank == 0) {
		counts = malloc((size_t)size * sizeof *counts);
		displs = malloc((size_t)size * sizeof *displs);
		for (int r = 0; r < size; r++) {
			int f = (int)((long long)n * r / size), l = (int)((long long)n * (r + 1) / size);
			counts[r] = (l - f) * (int)sizeof(tw_sim_game);
			displs[r] = f * (int)sizeof(tw_sim_game);
		}
	}
	MPI_Gatherv(part, (last - first) * (int)sizeof(tw_sim_game), MPI_BYTE, out, counts, displs, MPI_BYTE, 0,
		    MPI_COMM_WORLD);
	free(counts);
	free(displs);
	free(part);
	return TW_OK;
}
#else
typedef int tw_sim_mpi_unused; // ISO C wants something in a translation unit
#endif

// Sorting small arrays of ints ascending without a comparison callback (s25-speed, issue 18):
// the candidate lists of the move checks (lw_move.c) went through qsort, whose merge sort calls a
// function per comparison and allocates its buffer (4% of a 600-a-side game). An ascending array
// of ints is the same whatever sort made it, so this gives qsort's result exactly.
#include "lw.h"

static void insertion(int *v, int n)
{
	for (int i = 1; i < n; i++) {
		int x = v[i], j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static inline void swap(int *a, int *b)
{
	int t = *a;
	*a = *b;
	*b = t;
}

void lw_sort_ints(int *v, int n)
{
	// Quicksort (median of three, Hoare's partition) down to short runs, the smaller side first
	// by recursion (depth at most log2 n), the larger by the loop; insertion sort for the rest.
	while (n > 24) {
		int m = n / 2;
		if (v[m] < v[0])
			swap(&v[m], &v[0]);
		if (v[n - 1] < v[0])
			swap(&v[n - 1], &v[0]);
		if (v[n - 1] < v[m])
			swap(&v[n - 1], &v[m]);
		int pivot = v[m], i = -1, j = n;
		for (;;) {
			do
				i++;
			while (v[i] < pivot);
			do
				j--;
			while (v[j] > pivot);
			if (i >= j)
				break;
			swap(&v[i], &v[j]);
		}
		// v[0..j] <= pivot <= v[j+1..n-1], both parts non-empty.
		int left = j + 1, right = n - left;
		if (left < right) {
			lw_sort_ints(v, left);
			v += left;
			n = right;
		} else {
			lw_sort_ints(v + left, right);
			n = left;
		}
	}
	insertion(v, n);
}

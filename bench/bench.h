/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The benchmark's view of one implementation (our XArray, the 6.1 tree's
 * XArray, JudyL, a plain array): the same workloads on each, so the
 * driver can time them side by side.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>

enum workload {
	W_STORE_DENSE,		/* store 0..n-1 in order */
	W_LOAD_SEQ,		/* load 0..n-1 in order */
	W_LOAD_RANDOM,		/* load 0..n-1 in a random order */
	W_ITERATE,		/* visit every entry */
	W_ITERATE_MARKED,	/* visit the 1 in 16 marked entries */
	W_ERASE,		/* erase every entry */
	W_STORE_SPARSE,		/* store sparse_n indices spread over 2^40 */
	W_ALLOC,		/* allocate n IDs */
	W_STORE_RANGE,		/* store n/64 entries of 64 indices each */
	W_RCU_READ,		/* random loads while a writer stores */
	NR_WORKLOADS
};

struct bench_input {
	unsigned long n;		/* entries */
	const unsigned long *order;	/* a permutation of 0..n-1 */
	const unsigned long *sparse;	/* sparse_n distinct indices < 2^40 */
	unsigned long sparse_n;		/* n, at most SPARSE_MAX */
};

/* 1e7 indices spread over 2^40 would take some 27 GB of XArray nodes. */
#define SPARSE_MAX	1000000UL

/*
 * run() does workload @w on a structure that has just done the workloads
 * before @w in enum order (the setup they need, untimed, is run()'s own
 * business) and returns how many of its operations gave the right
 * result, which must be bench_expected(); it returns 0 without setting
 * *@seconds when the implementation cannot do @w.  bytes() is the memory
 * the structure uses now, for bytes per entry.
 */
struct bench_impl {
	const char *name;
	void *(*create)(const struct bench_input *in);
	unsigned long (*run)(void *s, enum workload w,
			     const struct bench_input *in, double *seconds);
	size_t (*bytes)(void *s);
	void (*destroy)(void *s);
};

extern const struct bench_impl bench_ours, bench_tree, bench_judy,
	bench_array;

double bench_now(void);
/* How often a read-only workload repeats, so it does 1e6 operations. */
unsigned long bench_passes(unsigned long n);
/*
 * How often store_range and store_sparse start again from empty, so that
 * they time tens of thousands of indices even at 1e3 entries (15 ranges
 * take a few microseconds, 1000 sparse stores a few hundred: too little
 * to time against the noise); only the stores are timed.  store_sparse
 * empties its one structure between passes; store_range fills this many
 * empty structures in one timed stretch.
 */
unsigned long bench_fill_passes(unsigned long n);
/* How many operations workload @w does on @in, all of them right. */
unsigned long bench_expected(enum workload w, const struct bench_input *in);
/* One xorshift step of *@state, which must not be 0. */
unsigned long bench_xorshift(unsigned long *state);

/*
 * rcu_read's writer stores at this rate whatever the implementation, so
 * that the readers of each see the same number of stores per second.
 */
#define BENCH_WRITER_RATE	1000000.0
/* Wait until store @i of a writer that started at @t0 is due. */
void bench_writer_pace(double t0, unsigned long i);
/* Print the rate the writer reached: "WRITER SIZE IMPL STORES SECONDS". */
void bench_writer_report(unsigned long n, const char *impl,
			 unsigned long stores, double seconds);

#endif

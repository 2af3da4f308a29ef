// SPDX-License-Identifier: GPL-2.0+
/*
 * Benchmark driver: bench [-q] [SIZE...]
 *
 * For each size (default 1000 100000 10000000) and repetition, runs every
 * workload on each implementation in turn, rotating which goes first, and
 * prints one line per measurement:
 *
 *	RESULT SIZE WORKLOAD IMPL REP OPS SECONDS
 *	BYTES SIZE dense|sparse IMPL BYTES_PER_ENTRY
 *	(the sparse workload stores at most SPARSE_MAX entries)
 *	NA SIZE WORKLOAD IMPL		(the implementation cannot do it)
 *	WRITER SIZE IMPL STORES SECONDS	(rcu_read's writer, paced)
 *
 * Inputs come from a fixed seed, so every implementation and every run
 * sees the same indices.  Each implementation's repetition runs in a
 * child process of its own (run_impl_forked()).  -q is a smoke run
 * (size 1000, two repetitions).  Exits 1 if any implementation gave a
 * wrong result.
 */
#include <limits.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <urcu.h>

#include "bench.h"

static const char *const workload_names[NR_WORKLOADS] = {
	"store_dense", "load_seq", "load_random", "iterate",
	"iterate_marked", "erase", "store_sparse", "alloc",
	"store_range", "rcu_read",
};

static const struct bench_impl *const impls[] = {
	&bench_ours, &bench_tree, &bench_judy, &bench_array,
};
#define NR_IMPLS	(sizeof(impls) / sizeof(impls[0]))

double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

unsigned long bench_passes(unsigned long n)
{
	return n >= 1000000 ? 1 : 1000000 / n;
}

unsigned long bench_fill_passes(unsigned long n)
{
	return n >= 65536 ? 1 : 65536 / n;
}

unsigned long bench_xorshift(unsigned long *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

void bench_writer_pace(double t0, unsigned long i)
{
	double due = t0 + i / BENCH_WRITER_RATE;

	while (bench_now() < due)
		caa_cpu_relax();
}

void bench_writer_report(unsigned long n, const char *impl,
			 unsigned long stores, double seconds)
{
	printf("WRITER %lu %s %lu %.9f\n", n, impl, stores, seconds);
}

unsigned long bench_expected(enum workload w, const struct bench_input *in)
{
	unsigned long n = in->n;

	switch (w) {
	case W_LOAD_SEQ:
	case W_LOAD_RANDOM:
	case W_ITERATE:
		return bench_passes(n) * n;
	case W_ITERATE_MARKED:
		return bench_passes(n / 16 + 1) * ((n + 15) / 16);
	case W_STORE_SPARSE:
		return bench_fill_passes(in->sparse_n) * in->sparse_n;
	case W_STORE_RANGE:
		return bench_fill_passes(n) * (n / 64);
	case W_RCU_READ:
		return n < 4000000 ? 4000000 : n;
	default:
		return n;
	}
}

static unsigned long rng = 0x2545f4914f6cdd1dUL;

/*
 * n distinct indices below 2^40, well spread: multiplying by an odd
 * number and xor-shifting are both one-to-one on 40-bit numbers.
 */
static unsigned long *sparse_indices(unsigned long n)
{
	const unsigned long mask = (1UL << 40) - 1;
	unsigned long *s = malloc(n * sizeof(*s)), i, x;

	for (i = 0; i < n; i++) {
		x = (i * 0x9e3779b97f4a7c15UL) & mask;
		x ^= x >> 20;
		s[i] = (x * 0xbf58476d1ce4e5b9UL) & mask;
	}
	return s;
}

static unsigned long *permutation(unsigned long n)
{
	unsigned long *p = malloc(n * sizeof(*p)), i, j, t;

	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = bench_xorshift(&rng) % (i + 1);
		t = p[i];
		p[i] = p[j];
		p[j] = t;
	}
	return p;
}

static int repetitions(unsigned long n, int quick)
{
	if (quick)
		return 2;
	return n <= 1000 ? 15 : n <= 100000 ? 7 : 3;
}

/* One implementation through every workload; false on a wrong result. */
static int run_impl(const struct bench_impl *impl,
		    const struct bench_input *in, int rep)
{
	void *s = impl->create(in);
	int ok = 1, w;

	for (w = 0; w < NR_WORKLOADS; w++) {
		double seconds = -1;
		unsigned long ops = impl->run(s, w, in, &seconds);

		if (!ops && seconds < 0) {
			printf("NA %lu %s %s\n", in->n, workload_names[w],
			       impl->name);
		} else if (ops != bench_expected(w, in)) {
			printf("WRONG %lu %s %s\n", in->n, workload_names[w],
			       impl->name);
			ok = 0;
		} else {
			printf("RESULT %lu %s %s %d %lu %.9f\n", in->n,
			       workload_names[w], impl->name, rep, ops,
			       seconds);
		}
		if (w == W_STORE_DENSE || w == W_STORE_SPARSE)
			if (ops)
				printf("BYTES %lu %s %s %.2f\n", in->n,
				       w == W_STORE_DENSE ? "dense" : "sparse",
				       impl->name, (double)impl->bytes(s) /
				       (w == W_STORE_DENSE ? in->n : in->sparse_n));
		fflush(stdout);
	}
	impl->destroy(s);
	return ok;
}

/*
 * Grow the heap by what a repetition at this size may allocate at its
 * peak (the sparse stores' nodes are the most: up to seven 576-byte
 * nodes an entry when few are shared, 1.7 KB an entry at 1e6), touch
 * every page and free it all again, with trimming off: the workloads then
 * allocate from memory the process has mapped already, as one that has
 * run for a while does.  Page faults are the kernel's work, and as many
 * for every implementation (427,000 for 1e6 sparse stores), but what
 * one costs is not steady: in a virtual machine a guest page the host
 * has not backed yet costs several times more, and 1e6 sparse stores of
 * ours took 1.1 s to 3.1 s from one run to the next, the spread all in
 * system time; from a warm heap, with 2 page faults, 0.55 s in each of
 * three runs.
 * The heap is grown in chunks below glibc's mmap threshold, so that they
 * come from the heap, and kept under the trim threshold's int range.
 */
static void warm_heap(const struct bench_input *in)
{
	const size_t chunk = 64 << 10, page = 4096;
	size_t bytes = in->sparse_n * 4096 + in->n * 16, nr, i, j;
	char **chunks;

	if (bytes > INT_MAX - (64UL << 20))
		bytes = INT_MAX - (64UL << 20);
	nr = bytes / chunk;
	chunks = malloc(nr * sizeof(*chunks));
	if (!chunks || !mallopt(M_TRIM_THRESHOLD, INT_MAX)) {
		fprintf(stderr, "bench: cannot keep a warm heap\n");
		exit(2);
	}
	for (i = 0; i < nr; i++) {
		chunks[i] = malloc(chunk);
		if (!chunks[i]) {
			perror("bench: warming the heap");
			exit(2);
		}
		for (j = 0; j < chunk; j += page)
			chunks[i][j] = 1;
	}
	while (nr)
		free(chunks[--nr]);
	free(chunks);
}

/*
 * run_impl() in a child process forked from a parent that runs no
 * workload, so that every implementation starts each repetition from
 * the same heap.  In one process, the chunks one implementation freed
 * were the next one's allocations, and at 1e3 entries, where a timed
 * pass is a handful of node allocations, that decided which was faster.
 */
static int run_impl_forked(const struct bench_impl *impl,
			   const struct bench_input *in, int rep)
{
	int status;
	pid_t pid;

	fflush(stdout);
	call_rcu_before_fork();
	pid = fork();
	if (pid < 0) {
		perror("bench: fork");
		exit(2);
	}
	if (!pid) {
		call_rcu_after_fork_child();
		/* The RCU callback thread, started now rather than timed. */
		get_default_call_rcu_data();
		warm_heap(in);
		status = run_impl(impl, in, rep);
		fflush(stdout);
		_exit(status ? 0 : 1);
	}
	call_rcu_after_fork_parent();
	if (waitpid(pid, &status, 0) < 0) {
		perror("bench: waitpid");
		exit(2);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
		fprintf(stderr, "bench: %s died at %lu entries\n", impl->name,
			in->n);
		exit(2);
	}
	return !WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	unsigned long sizes[16] = { 1000, 100000, 10000000 };
	int nr_sizes = 3, quick = 0, ok = 1, i, rep;
	unsigned int k;

	rcu_register_thread();
	if (argc > 1 && !strcmp(argv[1], "-q")) {
		quick = 1;
		sizes[0] = 1000;
		nr_sizes = 1;
		argc--;
		argv++;
	}
	if (argc > 1) {
		for (nr_sizes = 0; nr_sizes < argc - 1 && nr_sizes < 16;
		     nr_sizes++)
			sizes[nr_sizes] = strtoul(argv[nr_sizes + 1], NULL, 0);
	}
	for (i = 0; i < nr_sizes; i++) {
		struct bench_input in = { .n = sizes[i] };
		unsigned long *order, *sparse;

		if (in.n < 64) {
			fprintf(stderr, "bench: sizes start at 64\n");
			return 2;
		}
		in.sparse_n = in.n < SPARSE_MAX ? in.n : SPARSE_MAX;
		in.order = order = permutation(in.n);
		in.sparse = sparse = sparse_indices(in.sparse_n);
		for (rep = 0; rep < repetitions(in.n, quick); rep++)
			for (k = 0; k < NR_IMPLS; k++)
				ok &= run_impl_forked(impls[(k + rep) % NR_IMPLS],
						      &in, rep);
		free(order);
		free(sparse);
	}
	rcu_unregister_thread();
	return ok ? 0 : 1;
}

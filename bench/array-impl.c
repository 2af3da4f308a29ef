// SPDX-License-Identifier: GPL-2.0+
/*
 * The floor: a plain C array of n pointers indexed directly (through
 * out-of-line load and store functions), with a bitmap for the marks.
 * It cannot hold indices spread over 2^40 (the sparse workload is not
 * run); IDs come from a cursor over the array; RCU readers load slots
 * the writer stores with relaxed atomics.
 */
#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#define BITS	(8 * sizeof(unsigned long))

struct plain {
	void **slot;
	unsigned long *marks;
	unsigned long n, next_id;
};

static void *ab_create(const struct bench_input *in)
{
	struct plain *a = calloc(1, sizeof(*a));

	a->n = in->n;
	a->slot = calloc(in->n, sizeof(void *));
	a->marks = calloc(in->n / BITS + 1, sizeof(unsigned long));
	return a;
}

static size_t ab_bytes(void *s)
{
	struct plain *a = s;

	return a->n * sizeof(void *) + (a->n / BITS + 1) * sizeof(long);
}

static void ab_destroy(void *s)
{
	struct plain *a = s;

	free(a->slot);
	free(a->marks);
	free(a);
}

static void *value(unsigned long i)
{
	return (void *)(i * 2 + 1);
}

/*
 * Loads and stores go through out-of-line functions, as every other
 * implementation's do: otherwise the compiler vectorizes the loops and
 * the floor measures something no container API offers.
 */
static __attribute__((noinline)) void *array_load(struct plain *a,
						  unsigned long i)
{
	return a->slot[i];
}

static __attribute__((noinline)) void array_store(struct plain *a,
						  unsigned long i, void *v)
{
	a->slot[i] = v;
}

struct writer_arg {
	struct plain *a;
	volatile int stop;
	unsigned long ops;
	double seconds;
};

static void *writer(void *p)
{
	struct writer_arg *w = p;
	unsigned long x = 88172645463325252UL;
	double t0 = bench_now();

	while (!w->stop) {
		bench_writer_pace(t0, w->ops);
		bench_xorshift(&x);
		__atomic_store_n(&w->a->slot[x % w->a->n], value(x >> 2),
				 __ATOMIC_RELEASE);
		__atomic_add_fetch(&w->ops, 1, __ATOMIC_RELAXED);
	}
	w->seconds = bench_now() - t0;
	return NULL;
}

static unsigned long rcu_read(struct plain *a, const struct bench_input *in,
			      double *seconds)
{
	struct writer_arg w = { .a = a };
	unsigned long i, loads = bench_expected(W_RCU_READ, in), found = 0;
	pthread_t t;
	double t0;

	pthread_create(&t, NULL, writer, &w);
	while (!__atomic_load_n(&w.ops, __ATOMIC_RELAXED))
		;
	t0 = bench_now();
	for (i = 0; i < loads; i++)
		found += __atomic_load_n(&a->slot[in->order[i % in->n]],
					 __ATOMIC_CONSUME) != NULL;
	*seconds = bench_now() - t0;
	w.stop = 1;
	pthread_join(t, NULL);
	bench_writer_report(in->n, "array", w.ops, w.seconds);
	return found;
}

static unsigned long ab_run(void *s, enum workload w,
			    const struct bench_input *in, double *seconds)
{
	struct plain *a = s;
	unsigned long n = in->n, i, p, ops = 0, word, bits, pass;
	double t0;

	switch (w) {
	case W_STORE_DENSE:
		t0 = bench_now();
		for (i = 0; i < n; i++)
			array_store(a, i, value(i));
		ops = n;
		break;
	case W_LOAD_SEQ:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++)
				ops += array_load(a, i) == value(i);
		break;
	case W_LOAD_RANDOM:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++)
				ops += array_load(a, in->order[i]) ==
					value(in->order[i]);
		break;
	case W_ITERATE:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++)
				ops += array_load(a, i) == value(i);
		break;
	case W_ITERATE_MARKED:
		for (i = 0; i < n; i += 16)
			a->marks[i / BITS] |= 1UL << (i % BITS);
		t0 = bench_now();
		for (p = 0; p < bench_passes(n / 16 + 1); p++)
			for (word = 0; word <= n / BITS; word++)
				for (bits = a->marks[word]; bits;
				     bits &= bits - 1) {
					i = word * BITS + __builtin_ctzl(bits);
					ops += array_load(a, i) == value(i);
				}
		break;
	case W_ERASE:
		t0 = bench_now();
		for (i = 0; i < n; i++) {
			ops += array_load(a, i) != NULL;
			array_store(a, i, NULL);
			a->marks[i / BITS] &= ~(1UL << (i % BITS));
		}
		break;
	case W_ALLOC:
		t0 = bench_now();
		for (i = 0; i < n; i++) {
			while (a->next_id < n && a->slot[a->next_id])
				a->next_id++;
			if (a->next_id < n) {
				array_store(a, a->next_id, value(i));
				ops += a->next_id == i;
			}
		}
		break;
	case W_STORE_RANGE:	/* the one array, refilled */
		t0 = bench_now();
		for (pass = 0; pass < bench_fill_passes(n); pass++)
			for (i = 0; i + 64 <= n; i += 64) {
				for (p = i; p < i + 64; p++)
					array_store(a, p, value(i));
				ops++;
			}
		break;
	case W_RCU_READ:
		for (i = 0; i < n; i++)
			a->slot[i] = value(i);
		return rcu_read(a, in, seconds);
	default:
		return 0;
	}
	*seconds = bench_now() - t0;
	return ops;
}

const struct bench_impl bench_array = {
	.name = "array",
	.create = ab_create,
	.run = ab_run,
	.bytes = ab_bytes,
	.destroy = ab_destroy,
};

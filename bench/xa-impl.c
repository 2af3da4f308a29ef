// SPDX-License-Identifier: GPL-2.0+
/*
 * The workloads on an XArray, through the public API only.  Built twice:
 * as bench_ours against our lib/xarray.c, and as bench_tree with
 * build/bench/tree-names.h forced in, which renames every function the
 * tree's lib/xarray.c defines to tree_NAME, the names its object file is
 * given.  Both builds use the same header, shims and flags.
 */
#include <linux/xarray.h>
#include <pthread.h>
#include <urcu.h>

#include "bench.h"

#ifndef IMPL
#define IMPL	ours
#endif
#define GLUE(a, b)	a ## b
#define XGLUE(a, b)	GLUE(a, b)
#define IMPL_NAME	XGLUE(bench_, IMPL)
#define STR(x)		#x
#define XSTR(x)		STR(x)

extern long xa_nodes_allocated;	/* userspace/shim.c: live nodes */

struct xa_bench {
	struct xarray xa;
	long nodes_before;
};

static void *xb_create(const struct bench_input *in)
{
	struct xa_bench *b = calloc(1, sizeof(*b));

	(void)in;
	rcu_barrier();	/* earlier structures' nodes are really gone */
	xa_init(&b->xa);
	b->nodes_before = uatomic_read(&xa_nodes_allocated);
	return b;
}

static size_t xb_bytes(void *s)
{
	struct xa_bench *b = s;

	rcu_barrier();	/* nodes already erased are not counted */
	return (uatomic_read(&xa_nodes_allocated) - b->nodes_before) *
		sizeof(struct xa_node);
}

static void xb_destroy(void *s)
{
	struct xa_bench *b = s;

	xa_destroy(&b->xa);
	free(b);
}

static void *value(unsigned long i)
{
	return xa_mk_value(i & (LONG_MAX >> 1));
}

struct writer_arg {
	struct xarray *xa;
	unsigned long n;
	volatile int stop;
	unsigned long ops;
	double seconds;
};

/* Store over random existing indices, paced, until told to stop. */
static void *rcu_writer(void *p)
{
	struct writer_arg *w = p;
	unsigned long x = 88172645463325252UL;
	double t0 = bench_now();

	rcu_register_thread();
	while (!w->stop) {
		bench_writer_pace(t0, w->ops);
		bench_xorshift(&x);
		xa_store(w->xa, x % w->n, value(x), GFP_KERNEL);
		uatomic_inc(&w->ops);
	}
	w->seconds = bench_now() - t0;
	rcu_unregister_thread();
	return NULL;
}

static unsigned long rcu_read(struct xarray *xa, const struct bench_input *in,
			      double *seconds)
{
	struct writer_arg w = { .xa = xa, .n = in->n };
	unsigned long i, loads = bench_expected(W_RCU_READ, in), found = 0;
	pthread_t t;
	double t0;

	pthread_create(&t, NULL, rcu_writer, &w);
	while (!uatomic_read(&w.ops))
		caa_cpu_relax();
	t0 = bench_now();
	for (i = 0; i < loads; i++)
		found += xa_load(xa, in->order[i % in->n]) != NULL;
	*seconds = bench_now() - t0;
	w.stop = 1;
	pthread_join(t, NULL);
	bench_writer_report(in->n, XSTR(IMPL), w.ops, w.seconds);
	return found;
}

/*
 * Untimed: start again from an empty array, and wait for the freed nodes
 * to be really freed, so that the RCU callback thread is not still
 * freeing them on the other CPU while the next workload is timed.
 */
static void xb_reset(struct xarray *xa, gfp_t flags)
{
	xa_destroy(xa);
	rcu_barrier();
	xa_init_flags(xa, flags);
}

/*
 * Fill bench_fill_passes(n) empty arrays with ranges in one timed
 * stretch.  Emptying one array between passes takes an rcu_barrier(),
 * which sleeps some 10 ms; at 1e3 entries each pass then timed a
 * microsecond or two of a thread just woken, in a VM mostly the wake-up.
 */
static unsigned long store_ranges(const struct bench_input *in,
				  double *seconds)
{
	unsigned long passes = bench_fill_passes(in->n), p, i, ops = 0;
	struct xarray *xas = calloc(passes, sizeof(*xas));
	double t0;

	for (p = 0; p < passes; p++)
		xa_init(&xas[p]);
	t0 = bench_now();
	for (p = 0; p < passes; p++)
		for (i = 0; i + 64 <= in->n; i += 64)
			ops += !xa_is_err(xa_store_range(&xas[p], i, i + 63,
					value(i), GFP_KERNEL));
	*seconds = bench_now() - t0;
	for (p = 0; p < passes; p++)
		xa_destroy(&xas[p]);
	rcu_barrier();
	free(xas);
	return ops;
}

static unsigned long xb_run(void *s, enum workload w,
			    const struct bench_input *in, double *seconds)
{
	struct xa_bench *b = s;
	struct xarray *xa = &b->xa;
	unsigned long n = in->n, i, p, ops = 0, index;
	void *entry;
	double t0;
	u32 id;

	switch (w) {
	case W_STORE_DENSE:
		t0 = bench_now();
		for (i = 0; i < n; i++)
			ops += !xa_is_err(xa_store(xa, i, value(i), GFP_KERNEL));
		break;
	case W_LOAD_SEQ:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++)
				ops += xa_load(xa, i) == value(i);
		break;
	case W_LOAD_RANDOM:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++)
				ops += xa_load(xa, in->order[i]) ==
					value(in->order[i]);
		break;
	case W_ITERATE:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			xa_for_each(xa, index, entry)
				ops += entry == value(index);
		break;
	case W_ITERATE_MARKED:
		for (i = 0; i < n; i += 16)
			xa_set_mark(xa, i, XA_MARK_0);
		t0 = bench_now();
		for (p = 0; p < bench_passes(n / 16 + 1); p++)
			xa_for_each_marked(xa, index, entry, XA_MARK_0)
				ops += entry == value(index);
		break;
	case W_ERASE:
		t0 = bench_now();
		for (i = 0; i < n; i++)
			ops += xa_erase(xa, i) != NULL;
		break;
	case W_STORE_SPARSE:
		*seconds = 0;
		for (p = 0; p < bench_fill_passes(in->sparse_n); p++) {
			xb_reset(xa, 0);	/* waits for RCU frees, untimed */
			t0 = bench_now();
			for (i = 0; i < in->sparse_n; i++)
				ops += !xa_is_err(xa_store(xa, in->sparse[i],
						value(i), GFP_KERNEL));
			*seconds += bench_now() - t0;
		}
		return ops;
	case W_ALLOC:
		xb_reset(xa, XA_FLAGS_ALLOC);
		t0 = bench_now();
		for (i = 0; i < n; i++)
			ops += !xa_alloc(xa, &id, value(i), xa_limit_32b,
					 GFP_KERNEL) && id == i;
		break;
	case W_STORE_RANGE:
		return store_ranges(in, seconds);
	case W_RCU_READ:
		xb_reset(xa, 0);
		for (i = 0; i < n; i++)
			xa_store(xa, i, value(i), GFP_KERNEL);
		return rcu_read(xa, in, seconds);
	default:
		return 0;
	}
	*seconds = bench_now() - t0;
	return ops;
}

const struct bench_impl IMPL_NAME = {
	.name = XSTR(IMPL),
	.create = xb_create,
	.run = xb_run,
	.bytes = xb_bytes,
	.destroy = xb_destroy,
};

// SPDX-License-Identifier: GPL-2.0+
/*
 * In-kernel XArray benchmark, loaded only inside the QEMU guest, in the
 * stock and in the patched kernel alike: the userspace benchmark's
 * single-threaded workloads (bench/bench.h) through the public API, at a
 * few sizes, printing one line per measurement:
 *
 *	XARRAY-BENCH SIZE WORKLOAD REP OPS NANOSECONDS
 *
 * The host takes the median of the repetitions and compares kernels.
 * Module parameter sizes= (default 1000,100000,1000000) and reps= (5).
 * Returns -EIO, failing insmod, if any workload gave a wrong result.
 */
#include <linux/module.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/vmalloc.h>
#include <linux/xarray.h>
#include <asm/tsc.h>

static unsigned long sizes[4] = { 1000, 100000, 1000000 };
static int nr_sizes = 3;
module_param_array(sizes, ulong, &nr_sizes, 0444);
MODULE_PARM_DESC(sizes, "entries to measure at");
static unsigned int reps = 5;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "repetitions of each measurement");

#define SPARSE_MAX	100000UL	/* the guest has 512 MiB */

enum workload {
	W_STORE_DENSE, W_LOAD_SEQ, W_LOAD_RANDOM, W_ITERATE,
	W_ITERATE_MARKED, W_ERASE, W_STORE_SPARSE, W_ALLOC, NR_WORKLOADS
};

static const char *const names[NR_WORKLOADS] = {
	"store_dense", "load_seq", "load_random", "iterate",
	"iterate_marked", "erase", "store_sparse", "alloc",
};

/*
 * The guest's clocksource is refined-jiffies (no ACPI or HPET in this
 * config), 4 ms steps, and the kernel leaves tsc_khz at 0 under TCG: time
 * with the TSC, calibrated once against 200 ms of jiffies.
 */
static u64 tsc_per_ms;

static void calibrate_tsc(void)
{
	unsigned long end = jiffies + 1;
	u64 start;

	while (time_before(jiffies, end))
		cpu_relax();
	start = rdtsc_ordered();
	end = jiffies + msecs_to_jiffies(200);
	while (time_before(jiffies, end))
		cpu_relax();
	tsc_per_ms = max_t(u64, div_u64(rdtsc_ordered() - start, 200), 1);
}

static u64 now_ns(void)
{
	return div64_u64(rdtsc_ordered() * 1000000, tsc_per_ms);
}

static DEFINE_XARRAY(array);
static DEFINE_XARRAY_ALLOC(ids);

static void *value(unsigned long i)
{
	return xa_mk_value(i & (LONG_MAX >> 1));
}

/* Distinct indices spread over 2^40: both steps are one-to-one. */
static unsigned long sparse_index(unsigned long i)
{
	const unsigned long mask = (1UL << 40) - 1;
	unsigned long x = (i * 0x9e3779b97f4a7c15UL) & mask;

	x ^= x >> 20;
	return (x * 0xbf58476d1ce4e5b9UL) & mask;
}

/* Runs @w, returns the operations done or 0 on a wrong result. */
static unsigned long run(enum workload w, unsigned long n,
			 const unsigned long *order, u64 *ns)
{
	unsigned long i, ops = 0, expect = n, index;
	unsigned long sparse_n = min(n, SPARSE_MAX);
	void *entry;
	u64 t0;
	u32 id;

	if (w == W_ITERATE_MARKED)
		for (i = 0; i < n; i += 16)
			xa_set_mark(&array, i, XA_MARK_0);
	/*
	 * Nodes an earlier workload freed (the erase, the untimed
	 * xa_destroy() after the sparse stores) go back to the allocator
	 * through RCU callbacks; wait for them here, untimed, or they run
	 * inside this workload's window, and more of them the faster the
	 * earlier workload was.
	 */
	rcu_barrier();
	t0 = now_ns();
	switch (w) {
	case W_STORE_DENSE:
		for (i = 0; i < n; i++)
			ops += !xa_is_err(xa_store(&array, i, value(i),
						   GFP_KERNEL));
		break;
	case W_LOAD_SEQ:
		for (i = 0; i < n; i++)
			ops += xa_load(&array, i) == value(i);
		break;
	case W_LOAD_RANDOM:
		for (i = 0; i < n; i++)
			ops += xa_load(&array, order[i]) == value(order[i]);
		break;
	case W_ITERATE:
		xa_for_each(&array, index, entry)
			ops += entry == value(index);
		break;
	case W_ITERATE_MARKED:
		xa_for_each_marked(&array, index, entry, XA_MARK_0)
			ops += entry == value(index);
		expect = (n + 15) / 16;
		break;
	case W_ERASE:
		for (i = 0; i < n; i++)
			ops += xa_erase(&array, i) != NULL;
		break;
	case W_STORE_SPARSE:
		for (i = 0; i < sparse_n; i++)
			ops += !xa_is_err(xa_store(&array, sparse_index(i),
						   value(i), GFP_KERNEL));
		expect = sparse_n;
		break;
	case W_ALLOC:
		for (i = 0; i < n; i++)
			ops += !xa_alloc(&ids, &id, value(i), xa_limit_32b,
					 GFP_KERNEL) && id == i;
		break;
	default:
		break;
	}
	*ns = now_ns() - t0;
	if (w == W_STORE_SPARSE)
		xa_destroy(&array);
	if (w == W_ALLOC)
		xa_destroy(&ids);
	return ops == expect ? ops : 0;
}

static unsigned long *permutation(unsigned long n)
{
	unsigned long *p = vmalloc(array_size(n, sizeof(*p))), i, j;

	if (!p)
		return NULL;
	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = get_random_u32() % (i + 1);
		swap(p[i], p[j]);
	}
	return p;
}

static int __init xarray_bench_init(void)
{
	unsigned long *order, ops;
	int s, wrong = 0;
	unsigned int r;
	enum workload w;
	u64 ns;

	calibrate_tsc();
	pr_info("xarray_bench: %llu TSC cycles per ms\n", tsc_per_ms);
	for (s = 0; s < nr_sizes; s++) {
		order = permutation(sizes[s]);
		if (!order)
			return -ENOMEM;
		for (r = 0; r < reps; r++) {
			for (w = 0; w < NR_WORKLOADS; w++) {
				ops = run(w, sizes[s], order, &ns);
				if (!ops)
					wrong++;
				pr_info("XARRAY-BENCH %lu %s %u %lu %llu\n",
					sizes[s], names[w], r, ops, ns);
				cond_resched();
			}
			xa_destroy(&array);
		}
		vfree(order);
	}
	pr_info("xarray_bench: %s\n", wrong ? "wrong results" : "done");
	return wrong ? -EIO : 0;
}

static void __exit xarray_bench_exit(void)
{
}

module_init(xarray_bench_init);
module_exit(xarray_bench_exit);
MODULE_DESCRIPTION("XArray benchmark: the userspace workloads in the kernel");
MODULE_LICENSE("GPL");

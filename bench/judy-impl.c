// SPDX-License-Identifier: GPL-2.0+
/*
 * The workloads on JudyL (libjudy), the usual userspace sparse array.
 * Judy has no marks: the marked entries are a Judy1 set beside the
 * JudyL array, as a Judy user would keep them.  It has no multi-index
 * entries (a range is 64 inserts) and no concurrent readers (the RCU
 * workload is not run).
 */
#include <Judy.h>
#include <stdlib.h>

#include "bench.h"

struct judy {
	Pvoid_t array;
	Pvoid_t marked;
};

static void *jb_create(const struct bench_input *in)
{
	(void)in;
	return calloc(1, sizeof(struct judy));
}

static size_t jb_bytes(void *s)
{
	struct judy *j = s;

	return JudyLMemUsed(j->array) + Judy1MemUsed(j->marked);
}

static void jb_clear(struct judy *j)
{
	JudyLFreeArray(&j->array, PJE0);
	Judy1FreeArray(&j->marked, PJE0);
}

static void jb_destroy(void *s)
{
	jb_clear(s);
	free(s);
}

static unsigned long jb_store(struct judy *j, Word_t index, Word_t v)
{
	PWord_t slot = (PWord_t)JudyLIns(&j->array, index, PJE0);

	if (slot == PJERR)
		return 0;
	*slot = v;
	return 1;
}

/* Fill bench_fill_passes(n) empty arrays with ranges, 64 inserts each. */
static unsigned long store_ranges(const struct bench_input *in,
				  double *seconds)
{
	unsigned long passes = bench_fill_passes(in->n), p, i, ops = 0;
	struct judy *js = calloc(passes, sizeof(*js));
	Word_t index;
	double t0;

	t0 = bench_now();
	for (p = 0; p < passes; p++)
		for (i = 0; i + 64 <= in->n; i += 64) {
			for (index = i; index < i + 64; index++)
				jb_store(&js[p], index, i + 1);
			ops++;
		}
	*seconds = bench_now() - t0;
	for (p = 0; p < passes; p++)
		jb_clear(&js[p]);
	free(js);
	return ops;
}

static unsigned long jb_run(void *s, enum workload w,
			    const struct bench_input *in, double *seconds)
{
	struct judy *j = s;
	unsigned long n = in->n, i, p, ops = 0;
	PWord_t slot;
	Word_t index;
	double t0;
	int rc;

	switch (w) {
	case W_STORE_DENSE:
		t0 = bench_now();
		for (i = 0; i < n; i++)
			ops += jb_store(j, i, i + 1);
		break;
	case W_LOAD_SEQ:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++) {
				slot = (PWord_t)JudyLGet(j->array, i, PJE0);
				ops += slot && *slot == i + 1;
			}
		break;
	case W_LOAD_RANDOM:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++)
			for (i = 0; i < n; i++) {
				index = in->order[i];
				slot = (PWord_t)JudyLGet(j->array, index, PJE0);
				ops += slot && *slot == index + 1;
			}
		break;
	case W_ITERATE:
		t0 = bench_now();
		for (p = 0; p < bench_passes(n); p++) {
			index = 0;
			for (slot = (PWord_t)JudyLFirst(j->array, &index, PJE0);
			     slot;
			     slot = (PWord_t)JudyLNext(j->array, &index, PJE0))
				ops += *slot == index + 1;
		}
		break;
	case W_ITERATE_MARKED:
		for (i = 0; i < n; i += 16)
			Judy1Set(&j->marked, i, PJE0);
		t0 = bench_now();
		for (p = 0; p < bench_passes(n / 16 + 1); p++) {
			index = 0;
			for (rc = Judy1First(j->marked, &index, PJE0); rc;
			     rc = Judy1Next(j->marked, &index, PJE0)) {
				slot = (PWord_t)JudyLGet(j->array, index, PJE0);
				ops += slot && *slot == index + 1;
			}
		}
		break;
	case W_ERASE:
		t0 = bench_now();
		for (i = 0; i < n; i++) {
			ops += JudyLDel(&j->array, i, PJE0) == 1;
			if (i % 16 == 0)
				Judy1Unset(&j->marked, i, PJE0);
		}
		break;
	case W_STORE_SPARSE:
		*seconds = 0;
		for (p = 0; p < bench_fill_passes(in->sparse_n); p++) {
			jb_clear(j);
			t0 = bench_now();
			for (i = 0; i < in->sparse_n; i++)
				ops += jb_store(j, in->sparse[i], i + 1);
			*seconds += bench_now() - t0;
		}
		return ops;
	case W_ALLOC:
		jb_clear(j);
		t0 = bench_now();
		for (i = 0; i < n; i++) {
			index = 0;
			if (JudyLFirstEmpty(j->array, &index, PJE0) == 1)
				ops += jb_store(j, index, i + 1) && index == i;
		}
		break;
	case W_STORE_RANGE:
		return store_ranges(in, seconds);
	default:
		return 0;
	}
	*seconds = bench_now() - t0;
	return ops;
}

const struct bench_impl bench_judy = {
	.name = "judy",
	.create = jb_create,
	.run = jb_run,
	.bytes = jb_bytes,
	.destroy = jb_destroy,
};

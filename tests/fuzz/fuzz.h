/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The differential fuzzer's common ground: one API call decoded from the
 * input (struct op), what it gave back (struct res), the two
 * implementations that run it (tests/fuzz/impl.c, built once against our
 * lib/xarray.c and once against the 6.1 tree's) and the model.
 */
#ifndef XA_FUZZ_H
#define XA_FUZZ_H

#include <linux/xarray.h>

enum op_kind {
	OP_STORE,		/* xa_store() and its __/_bh/_irq forms */
	OP_ERASE,		/* xa_erase() and its forms */
	OP_STORE_RANGE,		/* xa_store_range() */
	OP_INSERT,		/* xa_insert() and its forms */
	OP_CMPXCHG,		/* xa_cmpxchg() and its forms */
	OP_RESERVE,		/* xa_reserve(); xa_release() as variant 1 */
	OP_SET_MARK,
	OP_CLEAR_MARK,
	OP_GET_MARK,
	OP_LOAD,
	OP_FIND,		/* xa_find() */
	OP_FIND_AFTER,		/* xa_find_after() */
	OP_FIND_BEFORE,		/* xa_find_before(): ours and the model only */
	OP_EXTRACT,		/* xa_extract() */
	OP_GET_ORDER,		/* xa_get_order() */
	OP_ALLOC,		/* xa_alloc() and its forms */
	OP_ALLOC_CYCLIC,	/* xa_alloc_cyclic() and its forms */
	OP_XAS_STORE,		/* xas_store() of any order, xas_nomem() loop */
	OP_SPLIT,		/* xas_split_alloc() + xas_split() */
	OP_WALK,		/* xas_for_each(_marked) with pauses and a store */
	OP_STEP,		/* xas_next()/xas_prev() from an index */
	OP_CONFLICT,		/* xas_for_each_conflict(), xas_get_order() */
	OP_REVERSE,		/* xa_for_each_reverse(): ours and the model */
	OP_DESTROY,
	OP_NR
};

/* Normal-API forms: plain, __ under xa_lock, _bh and _irq. */
enum { FORM_PLAIN, FORM_LOCKED, FORM_BH, FORM_IRQ, FORM_NR };

#define FUZZ_TRACE	64	/* entries a walk or step op records */

struct op {
	enum op_kind kind;
	unsigned int form;
	unsigned int order, new_order;	/* multi-index stores, splits */
	xa_mark_t mark;			/* a mark, or XA_PRESENT */
	unsigned long index, last;	/* index; end of a range, or max */
	void *entry, *old;		/* what is stored; cmpxchg's old */
	unsigned int n;			/* extract's n; walk's pause period */
	unsigned long steps;		/* OP_STEP: bit i set is a step back */
	unsigned long mutate_index;	/* OP_WALK: store here at a pause */
	void *mutate_entry;
	u32 next;			/* alloc_cyclic's next, in and out */
};

struct res {
	long ret;			/* an error, 0/1, a mark, an order */
	void *entry;			/* the entry returned, if any */
	unsigned long index;		/* the index returned, if any */
	u32 next;
	unsigned int nr;		/* trace entries */
	unsigned long trace_index[FUZZ_TRACE];
	void *trace_entry[FUZZ_TRACE];
	bool trace_bounds[FUZZ_TRACE];	/* the cursor was out of bounds */
	bool unended;			/* a walk ran past FUZZ_TRACE entries */
	bool mid_entry;			/* model: a walk met an entry inside */
};

/* Record one step of a walk; past FUZZ_TRACE, only that there was more. */
static inline void res_trace(struct res *res, unsigned long index,
			     void *entry, bool bounds)
{
	if (res->nr == FUZZ_TRACE) {
		res->unended = true;
		return;
	}
	res->trace_index[res->nr] = index;
	res->trace_entry[res->nr] = entry;
	res->trace_bounds[res->nr] = bounds;
	res->nr++;
}

struct xa_impl {
	const char *name;
	void (*run)(struct xarray *xa, const struct op *op, struct res *res);
};

extern const struct xa_impl impl_ours, impl_tree;

/* The model: what the array should hold, as a list of ranges. */
struct model_range {
	unsigned long first, last;
	void *entry;			/* XA_ZERO_ENTRY for a reservation */
	unsigned int marks;		/* bit N: mark N */
};

#define MODEL_MAX	4096

struct model {
	unsigned int nr;
	struct model_range r[MODEL_MAX];
	bool alloc, alloc1, wrapped;
};

void model_init(struct model *m, unsigned int flags);
/* False if the model cannot take the op (full, or beyond its rules). */
bool model_allows(const struct model *m, const struct op *op);
void model_run(struct model *m, const struct op *op, struct res *res);
const struct model_range *model_find(const struct model *m,
				     unsigned long index);

#endif

// SPDX-License-Identifier: GPL-2.0+
/*
 * Allocation-failure sweep.  Each scenario is a fixed pseudo-random
 * sequence of API calls.  It is run once to count the node allocations
 * it makes (N), then 2N more times: failing only the k-th allocation,
 * and failing the k-th and every later one, for k = 1..N.
 *
 * Every call goes to two arrays: A, whose allocations fail, and B, a
 * shadow that never fails.  A call on A must either give B's result
 * (a failed GFP_NOWAIT allocation is retried with the caller's flags) or
 * return -ENOMEM and leave A as it was.  After every call the checker
 * walks A, and A must hold what B holds.  After every run no node may be
 * left allocated; ASan's leak checker runs at exit.
 */
#include "check.h"

struct ctx {
	struct xarray xa;
	u32 next;			/* xa_alloc_cyclic()'s cursor */
	/*
	 * A store through the advanced API that gives up with -ENOMEM
	 * leaves the nodes it built, empty, until a later store there or
	 * xa_destroy() (its caller dropped the lock, so it cannot prune).
	 */
	bool empty_ok;
};

struct outcome {
	int err;
	unsigned long val;
};

struct call {
	unsigned int op;
	unsigned long index, last;
	unsigned int order;
	xa_mark_t mark;
	void *entry;
	struct xa_limit limit;
};

/* The allocation counter and failure point, live only while injecting. */
static bool injecting;
static unsigned long allocs, fail_at;
static bool fail_after;

static bool sweep_fail(gfp_t gfp)
{
	(void)gfp;
	if (!injecting)
		return false;
	allocs++;
	return fail_at && (allocs == fail_at ||
			   (fail_after && allocs > fail_at));
}

static unsigned long rng_state;

static unsigned long rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

enum {
	OP_STORE, OP_STORE_VALUE, OP_ERASE, OP_INSERT, OP_RESERVE,
	OP_RELEASE, OP_CMPXCHG, OP_SET_MARK, OP_CLEAR_MARK, OP_STORE_RANGE,
	OP_STORE_ORDER, OP_SPLIT, OP_STORE_NOWAIT, OP_ALLOC, OP_ALLOC_CYCLIC,
	OP_COUNT
};

static struct outcome from_entry(void *entry)
{
	struct outcome o = { xa_err(entry), (unsigned long)entry };

	/* An entry that covered a whole subtree reads back as its node. */
	if (o.err || xa_is_node(entry))
		o.val = 0;
	return o;
}

static void *store_locked(struct xarray *xa, unsigned long index,
			  void *entry)
{
	if (xa->xa_flags & XA_FLAGS_LOCK_IRQ)
		return xa_store_irq(xa, index, entry, GFP_KERNEL);
	if (xa->xa_flags & XA_FLAGS_LOCK_BH)
		return xa_store_bh(xa, index, entry, GFP_KERNEL);
	return xa_store(xa, index, entry, GFP_KERNEL);
}

static struct outcome store_order(struct xarray *xa, const struct call *c)
{
	XA_STATE_ORDER(xas, xa, c->index, c->order);
	void *old;

	do {
		xas_lock(&xas);
		old = xas_store(&xas, c->entry);
		/* As __xa_store() does; xas_store() leaves marks alone. */
		if (xa->xa_flags & XA_FLAGS_TRACK_FREE)
			xas_clear_mark(&xas, XA_FREE_MARK);
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	if (xas_error(&xas))
		return (struct outcome){ xas_error(&xas), 0 };
	return from_entry(old);
}

static struct outcome split(struct xarray *xa, const struct call *c)
{
	int order = xa_get_order(xa, c->index);
	unsigned long start = c->index & ~((1UL << order) - 1);
	XA_STATE(xas, xa, start);
	void *entry = xa_load(xa, start);

	if (order == 0 || !entry || xa_is_zero(entry))
		return (struct outcome){ 0, 0 };
	xas_split_alloc(&xas, entry, order, GFP_KERNEL);
	if (!xas_error(&xas)) {
		xas_lock(&xas);
		xas_split(&xas, entry, order);
		xas_unlock(&xas);
	}
	xas_destroy(&xas);
	return (struct outcome){ xas_error(&xas), (unsigned long)order };
}

static struct outcome store_nowait(struct xarray *xa, const struct call *c)
{
	void *old;

	xa_lock(xa);
	old = __xa_store(xa, c->index, c->entry, GFP_NOWAIT);
	xa_unlock(xa);
	return from_entry(old);
}

static struct outcome alloc_id(struct ctx *x, const struct call *c)
{
	struct outcome o = { 0, 0 };
	u32 id = 0;

	if (c->op == OP_ALLOC)
		o.err = xa_alloc(&x->xa, &id, c->entry, c->limit, GFP_KERNEL);
	else
		o.err = xa_alloc_cyclic(&x->xa, &id, c->entry, c->limit,
					&x->next, GFP_KERNEL);
	if (o.err >= 0)
		o.val = id;
	return o;
}

static struct outcome apply(struct ctx *x, const struct call *c)
{
	struct xarray *xa = &x->xa;

	switch (c->op) {
	case OP_STORE:
	case OP_STORE_VALUE:
		return from_entry(store_locked(xa, c->index, c->entry));
	case OP_ERASE:
		return from_entry(xa_erase(xa, c->index));
	case OP_INSERT:
		return (struct outcome){
			xa_insert(xa, c->index, c->entry, GFP_KERNEL), 0 };
	case OP_RESERVE:
		return (struct outcome){
			xa_reserve(xa, c->index, GFP_KERNEL), 0 };
	case OP_RELEASE:
		xa_release(xa, c->index);
		return (struct outcome){ 0, 0 };
	case OP_CMPXCHG:
		return from_entry(xa_cmpxchg(xa, c->index, xa_load(xa, c->index),
					     c->entry, GFP_KERNEL));
	case OP_SET_MARK:
		xa_set_mark(xa, c->index, c->mark);
		return (struct outcome){ 0, 0 };
	case OP_CLEAR_MARK:
		xa_clear_mark(xa, c->index, c->mark);
		return (struct outcome){ 0, 0 };
	case OP_STORE_RANGE:
		return from_entry(xa_store_range(xa, c->index, c->last,
						 c->entry, GFP_KERNEL));
	case OP_STORE_ORDER:
		return store_order(xa, c);
	case OP_SPLIT:
		return split(xa, c);
	case OP_STORE_NOWAIT:
		return store_nowait(xa, c);
	default:
		return alloc_id(x, c);
	}
}

/* Only these may change the array and still fail with -ENOMEM. */
static bool partial_on_failure(unsigned int op)
{
	return op == OP_STORE_RANGE;
}

static unsigned long pick_index(void)
{
	switch (rng() % 8) {
	case 0:
		return rng() & ((1UL << 40) - 1);
	case 1:
		return ULONG_MAX - rng() % 70;
	case 2:
		return rng() % 5000;
	default:
		return rng() % 300;
	}
}

/*
 * xa_store_range() may build sibling runs that are not a power of two
 * long, which xas_split() is not for, so no scenario has both.
 */
#define OPS_ALL		((1U << OP_COUNT) - 1)
#define OPS_NO_ALLOC	(OPS_ALL & ~(1U << OP_ALLOC | 1U << OP_ALLOC_CYCLIC))
#define OPS_SPLIT	(OPS_ALL & ~(1U << OP_STORE_RANGE))
#define OPS_RANGE	(OPS_ALL & ~(1U << OP_SPLIT))

static void make_call(struct call *c, unsigned int ops, bool allocating,
		      unsigned long serial)
{
	do {
		c->op = rng() % OP_COUNT;
	} while (!(ops & (1U << c->op)));
	c->index = pick_index();
	c->order = 1 + rng() % 9;
	c->index &= ~((1UL << c->order) - 1);
	c->last = c->index + rng() % 200;
	if (c->last < c->index)
		c->last = ULONG_MAX;
	c->mark = (xa_mark_t)(allocating ? 1 + rng() % 2 : rng() % 3);
	c->entry = (void *)(4096 + serial * 4);
	if (c->op == OP_STORE_VALUE || rng() % 4 == 0)
		c->entry = xa_mk_value(serial);
	c->limit = XA_LIMIT(rng() % 100, 100 + rng() % 400);
}

struct scenario {
	const char *name;
	gfp_t flags;
	unsigned int ops;		/* OP_ bits */
	unsigned int calls;
};

struct tally {
	unsigned long enomem, retried, problems;
};

/* How many indices the entry the cursor is on covers, siblings and all. */
static unsigned long entry_span(const struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;
	unsigned int offset = xas->xa_offset + 1;

	if (xas_top(node))
		return 1;
	while (offset < XA_CHUNK_SIZE &&
	       xa_is_sibling(xa_entry_locked(xas->xa, node, offset)))
		offset++;
	return (unsigned long)(offset - xas->xa_offset) << node->shift;
}

/*
 * Make @to hold what @from holds, after a call that may have changed
 * @from part way before it failed.
 */
static void copy_array(struct xarray *from, struct xarray *to)
{
	XA_STATE(xas, from, 0);
	void *entry;

	xa_destroy(to);
	xas_for_each(&xas, entry, ULONG_MAX) {
		unsigned long last = xas.xa_index + entry_span(&xas) - 1;
		xa_mark_t mark;

		if (xa_own_entry(from, xas.xa_index, entry))
			continue;
		if (xa_is_zero(entry) ?
		    xa_reserve(to, xas.xa_index, GFP_KERNEL) :
		    xa_err(xa_store_range(to, xas.xa_index, last, entry,
					  GFP_KERNEL)))
			abort();	/* @to's allocations never fail */
		for_each_mark(mark) {
			if (xas_get_mark(&xas, mark))
				xa_set_mark(to, xas.xa_index, mark);
			else
				xa_clear_mark(to, xas.xa_index, mark);
		}
	}
}

static void run_call(struct ctx *a, struct ctx *b, const struct call *c,
		     struct tally *t)
{
	unsigned long before = allocs;
	struct outcome ra, rb;

	injecting = true;
	ra = apply(a, c);
	injecting = false;
	if (ra.err == -ENOMEM) {
		t->enomem++;
		if (c->op == OP_STORE_ORDER)
			a->empty_ok = true;
		if (partial_on_failure(c->op)) {
			copy_array(&a->xa, &b->xa);
			b->next = a->next;
		}
	} else {
		rb = apply(b, c);
		if (ra.err != rb.err || ra.val != rb.val || a->next != b->next) {
			printf("     op %u at %lu: %d/%lu, shadow %d/%lu\n",
			       c->op, c->index, ra.err, ra.val, rb.err,
			       rb.val);
			t->problems++;
		}
		if (fail_at && before < fail_at && allocs >= fail_at)
			t->retried++;
	}
	/*
	 * Until the failure point is reached, the replay is the first,
	 * failure-free run of the scenario (the same calls from the same
	 * seed), whose arrays were checked after every call.
	 */
	if (fail_at && allocs < fail_at)
		return;
	t->problems += xa_check(&a->xa, a->empty_ok) + xa_diff(&a->xa, &b->xa);
}

static void run_scenario(const struct scenario *s, struct tally *t)
{
	struct ctx a = { .next = 0 }, b = a;
	bool allocating = s->flags & XA_FLAGS_TRACK_FREE;
	struct call c;
	unsigned int i;

	xa_init_flags(&a.xa, s->flags);
	xa_init_flags(&b.xa, s->flags);
	allocs = 0;
	rng_state = 0x9e3779b97f4a7c15UL;
	for (i = 0; i < s->calls; i++) {
		make_call(&c, s->ops, allocating, i + 1);
		run_call(&a, &b, &c, t);
	}
	xa_destroy(&a.xa);
	xa_destroy(&b.xa);
	rcu_barrier();
	if (xa_nodes_allocated) {
		printf("     %ld nodes leaked\n", xa_nodes_allocated);
		t->problems++;
	}
}

static bool sweep(const struct scenario *s)
{
	struct tally t = { 0 };
	unsigned long n, k;

	fail_at = 0;
	run_scenario(s, &t);
	n = allocs;
	for (k = 1; k <= n; k++) {
		fail_at = k;
		fail_after = false;
		run_scenario(s, &t);
		fail_after = true;
		run_scenario(s, &t);
	}
	fail_at = 0;
	printf("%s %s: %u calls, %lu allocations, %lu failure points tried, "
	       "%lu calls returned -ENOMEM, %lu succeeded after a failed "
	       "allocation, %lu problems\n",
	       t.problems || !t.enomem ? "FAIL" : "ok  ", s->name, s->calls,
	       n, 2 * n, t.enomem, t.retried, t.problems);
	return !t.problems && t.enomem;
}

static const struct scenario scenarios[] = {
	{ "plain_array_split", 0, OPS_SPLIT & OPS_NO_ALLOC, 400 },
	{ "plain_array_store_range", 0, OPS_RANGE & OPS_NO_ALLOC, 400 },
	{ "bh_locked_array", XA_FLAGS_LOCK_BH, OPS_SPLIT & OPS_NO_ALLOC, 200 },
	{ "irq_locked_array", XA_FLAGS_LOCK_IRQ, OPS_RANGE & OPS_NO_ALLOC, 200 },
	{ "allocating_array", XA_FLAGS_ALLOC, OPS_SPLIT, 400 },
	{ "allocating_array_from_1", XA_FLAGS_ALLOC1, OPS_RANGE, 200 },
};

int main(void)
{
	unsigned int i, passed = 0, failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);	/* LSan exits without flushing */
	rcu_register_thread();
	xa_alloc_fail_hook = sweep_fail;
	for (i = 0; i < CAA_ARRAY_SIZE(scenarios); i++) {
		if (sweep(&scenarios[i]))
			passed++;
		else
			failed++;
	}
	xa_alloc_fail_hook = NULL;
	rcu_unregister_thread();
	printf("%u passed, %u failed\n", passed, failed);
	return failed != 0;
}

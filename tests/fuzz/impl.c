// SPDX-License-Identifier: GPL-2.0+
/*
 * One decoded API call, run on an array.  Built twice: against our
 * lib/xarray.c (IMPL=ours) and against the 6.1 tree's, whose exported
 * names the build renames to tree_NAME in both its object and this file
 * (-include tree-names.h), so the header's inlines call the right one.
 */
#include "fuzz.h"

#define IMPL_TABLE(name)	IMPL_TABLE_(name)
#define IMPL_TABLE_(name)	impl_##name
#define IMPL_NAME(name)		IMPL_NAME_(name)
#define IMPL_NAME_(name)	#name

/* What the normal API returned: an entry, or an error encoded as one. */
static void res_entry(struct res *res, void *curr)
{
	res->ret = xa_err(curr);
	res->entry = xa_is_err(curr) ? NULL : curr;
}

static void run_store(struct xarray *xa, const struct op *op, struct res *res)
{
	void *curr;

	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		curr = __xa_store(xa, op->index, op->entry, GFP_KERNEL);
		xa_unlock(xa);
		break;
	case FORM_BH:
		curr = xa_store_bh(xa, op->index, op->entry, GFP_KERNEL);
		break;
	case FORM_IRQ:
		curr = xa_store_irq(xa, op->index, op->entry, GFP_KERNEL);
		break;
	default:
		curr = xa_store(xa, op->index, op->entry, GFP_KERNEL);
	}
	res_entry(res, curr);
}

static void run_erase(struct xarray *xa, const struct op *op, struct res *res)
{
	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		res->entry = __xa_erase(xa, op->index);
		xa_unlock(xa);
		break;
	case FORM_BH:
		res->entry = xa_erase_bh(xa, op->index);
		break;
	case FORM_IRQ:
		res->entry = xa_erase_irq(xa, op->index);
		break;
	default:
		res->entry = xa_erase(xa, op->index);
	}
}

static void run_insert(struct xarray *xa, const struct op *op, struct res *res)
{
	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		res->ret = __xa_insert(xa, op->index, op->entry, GFP_KERNEL);
		xa_unlock(xa);
		break;
	case FORM_BH:
		res->ret = xa_insert_bh(xa, op->index, op->entry, GFP_KERNEL);
		break;
	case FORM_IRQ:
		res->ret = xa_insert_irq(xa, op->index, op->entry, GFP_KERNEL);
		break;
	default:
		res->ret = xa_insert(xa, op->index, op->entry, GFP_KERNEL);
	}
}

static void run_cmpxchg(struct xarray *xa, const struct op *op,
			struct res *res)
{
	unsigned long i = op->index;
	void *curr;

	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		curr = __xa_cmpxchg(xa, i, op->old, op->entry, GFP_KERNEL);
		xa_unlock(xa);
		break;
	case FORM_BH:
		curr = xa_cmpxchg_bh(xa, i, op->old, op->entry, GFP_KERNEL);
		break;
	case FORM_IRQ:
		curr = xa_cmpxchg_irq(xa, i, op->old, op->entry, GFP_KERNEL);
		break;
	default:
		curr = xa_cmpxchg(xa, i, op->old, op->entry, GFP_KERNEL);
	}
	res_entry(res, curr);
}

static void run_reserve(struct xarray *xa, const struct op *op,
			struct res *res)
{
	if (op->form & 1) {
		xa_release(xa, op->index);
		return;
	}
	if (op->form == FORM_BH)
		res->ret = xa_reserve_bh(xa, op->index, GFP_KERNEL);
	else if (op->form == FORM_IRQ)
		res->ret = xa_reserve_irq(xa, op->index, GFP_KERNEL);
	else
		res->ret = xa_reserve(xa, op->index, GFP_KERNEL);
}

static void run_mark(struct xarray *xa, const struct op *op, struct res *res)
{
	bool set = op->kind == OP_SET_MARK;

	if (op->form != FORM_LOCKED) {
		if (set)
			xa_set_mark(xa, op->index, op->mark);
		else
			xa_clear_mark(xa, op->index, op->mark);
		return;
	}
	xa_lock(xa);
	if (set)
		__xa_set_mark(xa, op->index, op->mark);
	else
		__xa_clear_mark(xa, op->index, op->mark);
	xa_unlock(xa);
	(void)res;
}

static void run_alloc(struct xarray *xa, const struct op *op, struct res *res)
{
	struct xa_limit limit = XA_LIMIT(op->index, op->last);
	u32 id = 0xdead;

	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		res->ret = __xa_alloc(xa, &id, op->entry, limit, GFP_KERNEL);
		xa_unlock(xa);
		break;
	case FORM_BH:
		res->ret = xa_alloc_bh(xa, &id, op->entry, limit, GFP_KERNEL);
		break;
	case FORM_IRQ:
		res->ret = xa_alloc_irq(xa, &id, op->entry, limit, GFP_KERNEL);
		break;
	default:
		res->ret = xa_alloc(xa, &id, op->entry, limit, GFP_KERNEL);
	}
	res->index = res->ret < 0 ? 0 : id;
}

static void run_alloc_cyclic(struct xarray *xa, const struct op *op,
			     struct res *res)
{
	struct xa_limit limit = XA_LIMIT(op->index, op->last);
	void *entry = op->entry;
	u32 id = 0xdead, next = op->next;

	switch (op->form) {
	case FORM_LOCKED:
		xa_lock(xa);
		res->ret = __xa_alloc_cyclic(xa, &id, entry, limit, &next,
					     GFP_KERNEL);
		xa_unlock(xa);
		break;
	case FORM_BH:
		res->ret = xa_alloc_cyclic_bh(xa, &id, entry, limit, &next,
					      GFP_KERNEL);
		break;
	case FORM_IRQ:
		res->ret = xa_alloc_cyclic_irq(xa, &id, entry, limit, &next,
					       GFP_KERNEL);
		break;
	default:
		res->ret = xa_alloc_cyclic(xa, &id, entry, limit, &next,
					   GFP_KERNEL);
	}
	res->index = res->ret < 0 ? 0 : id;
	res->next = next;
}

static void run_find(struct xarray *xa, const struct op *op, struct res *res)
{
	unsigned long index = op->index;

	if (op->kind == OP_FIND)
		res->entry = xa_find(xa, &index, op->last, op->mark);
	else if (op->kind == OP_FIND_AFTER)
		res->entry = xa_find_after(xa, &index, op->last, op->mark);
	else
		res->entry = xa_find_before(xa, &index, op->last, op->mark);
	res->index = index;
}

static void run_extract(struct xarray *xa, const struct op *op,
			struct res *res)
{
	void *dst[FUZZ_TRACE];
	long i;

	res->ret = xa_extract(xa, dst, op->index, op->last, op->n, op->mark);
	for (i = 0; i < res->ret; i++)
		res_trace(res, 0, dst[i], false);
}

static void run_xas_store(struct xarray *xa, const struct op *op,
			  struct res *res)
{
	XA_STATE_ORDER(xas, xa, op->index, op->order);
	void *curr;

	do {
		xas_lock(&xas);
		curr = xas_store(&xas, op->entry);
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	res->ret = xas_error(&xas);
	res->entry = res->ret ? NULL : curr;
}

static void run_split(struct xarray *xa, const struct op *op, struct res *res)
{
	XA_STATE_ORDER(xas, xa, op->index, op->new_order);

	xas_split_alloc(&xas, op->entry, op->order, GFP_KERNEL);
	res->ret = xas_error(&xas);
	if (res->ret)
		return;
	xas_lock(&xas);
	xas_split(&xas, op->entry, op->order);
	xas_unlock(&xas);
	res->ret = xas_error(&xas);
	xas_destroy(&xas);
}

/* Store or erase at a pause of a walk, outside the RCU read lock. */
static void walk_mutate(struct xarray *xa, const struct op *op)
{
	if (op->mutate_entry)
		xa_store(xa, op->mutate_index, op->mutate_entry, GFP_KERNEL);
	else
		xa_erase(xa, op->mutate_index);
}

/* Returns true when the walk should stop. */
static bool walk_saw(struct xarray *xa, const struct op *op, struct res *res,
		     struct xa_state *xas, void *entry)
{
	res_trace(res, xas->xa_index, entry, false);
	if (res->unended)
		return true;
	if (op->n && res->nr % op->n == 0) {
		xas_pause(xas);
		rcu_read_unlock();
		if (res->nr == op->n)
			walk_mutate(xa, op);
		rcu_read_lock();
	}
	return false;
}

static void run_walk(struct xarray *xa, const struct op *op, struct res *res)
{
	XA_STATE(xas, xa, op->index);
	void *entry;

	rcu_read_lock();
	if (op->mark == XA_PRESENT) {
		xas_for_each(&xas, entry, op->last) {
			if (xas_retry(&xas, entry))
				continue;
			if (walk_saw(xa, op, res, &xas, entry))
				break;
		}
	} else {
		xas_for_each_marked(&xas, entry, op->last, op->mark) {
			if (xas_retry(&xas, entry))
				continue;
			if (walk_saw(xa, op, res, &xas, entry))
				break;
		}
	}
	rcu_read_unlock();
}

static void run_step(struct xarray *xa, const struct op *op, struct res *res)
{
	XA_STATE(xas, xa, op->index);
	unsigned int i;
	void *entry;

	rcu_read_lock();
	entry = xas_load(&xas);
	res_trace(res, xas.xa_index, entry, xas.xa_node == XAS_BOUNDS);
	for (i = 0; i < op->n; i++) {
		if (op->steps & (1UL << i))
			entry = xas_prev(&xas);
		else
			entry = xas_next(&xas);
		res_trace(res, xas.xa_index, entry, xas.xa_node == XAS_BOUNDS);
	}
	rcu_read_unlock();
}

static void run_conflict(struct xarray *xa, const struct op *op,
			 struct res *res)
{
	XA_STATE_ORDER(xas, xa, op->index, op->order);
	void *entry;

	xas_lock(&xas);
	xas_for_each_conflict(&xas, entry) {
		/* The cursor is on the entry found: its order is there. */
		res_trace(res, xas_get_order(&xas), entry, false);
		if (res->unended)
			break;
	}
	xas_unlock(&xas);
}

static void run_reverse(struct xarray *xa, const struct op *op,
			struct res *res)
{
	unsigned long index;
	void *entry;

	(void)op;
	xa_for_each_reverse(xa, index, entry) {
		res_trace(res, index, entry, false);
		if (res->unended)
			break;
	}
}

static void run(struct xarray *xa, const struct op *op, struct res *res)
{
	switch (op->kind) {
	case OP_STORE:
		return run_store(xa, op, res);
	case OP_ERASE:
		return run_erase(xa, op, res);
	case OP_STORE_RANGE:
		res_entry(res, xa_store_range(xa, op->index, op->last,
					      op->entry, GFP_KERNEL));
		return;
	case OP_INSERT:
		return run_insert(xa, op, res);
	case OP_CMPXCHG:
		return run_cmpxchg(xa, op, res);
	case OP_RESERVE:
		return run_reserve(xa, op, res);
	case OP_SET_MARK:
	case OP_CLEAR_MARK:
		return run_mark(xa, op, res);
	case OP_GET_MARK:
		res->ret = xa_get_mark(xa, op->index, op->mark);
		return;
	case OP_LOAD:
		res->entry = xa_load(xa, op->index);
		return;
	case OP_FIND:
	case OP_FIND_AFTER:
	case OP_FIND_BEFORE:
		return run_find(xa, op, res);
	case OP_EXTRACT:
		return run_extract(xa, op, res);
	case OP_GET_ORDER:
		res->ret = xa_get_order(xa, op->index);
		return;
	case OP_ALLOC:
		return run_alloc(xa, op, res);
	case OP_ALLOC_CYCLIC:
		return run_alloc_cyclic(xa, op, res);
	case OP_XAS_STORE:
		return run_xas_store(xa, op, res);
	case OP_SPLIT:
		return run_split(xa, op, res);
	case OP_WALK:
		return run_walk(xa, op, res);
	case OP_STEP:
		return run_step(xa, op, res);
	case OP_CONFLICT:
		return run_conflict(xa, op, res);
	case OP_REVERSE:
		return run_reverse(xa, op, res);
	case OP_DESTROY:
		xa_destroy(xa);
		return;
	case OP_NR:
		break;
	}
}

const struct xa_impl IMPL_TABLE(IMPL) = { .name = IMPL_NAME(IMPL),
				       .run = run };

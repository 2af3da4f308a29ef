// SPDX-License-Identifier: GPL-2.0+
/*
 * The fuzzer's model of an XArray: a sorted list of disjoint ranges, each
 * one entry with its marks.  It follows the documented behaviour:
 *
 *  - A store or erase at any index of a multi-index entry acts on the
 *    whole entry; a store keeps the entry's marks, an erase drops them.
 *  - A multi-index store replaces every entry inside its range; the new
 *    entry has every mark any of them had.
 *  - xa_store_range() stores runs of slots, as xas_set_range() cuts them
 *    at this geometry (XA_CHUNK_SHIFT).
 *  - Allocating arrays store a reservation for NULL; an array that
 *    allocates from 1 never hands out 0.
 *
 * Where the API leaves the result open (a multi-index store whose range
 * ends inside a larger entry), model_allows() refuses the call.
 */
#include "fuzz.h"

void model_init(struct model *m, unsigned int flags)
{
	m->nr = 0;
	m->alloc = flags & XA_FLAGS_TRACK_FREE;
	m->alloc1 = flags & XA_FLAGS_ZERO_BUSY;
	m->wrapped = false;
}

/* The position of the first range that ends at or after @index. */
static unsigned int model_pos(const struct model *m, unsigned long index)
{
	unsigned int lo = 0, hi = m->nr;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (m->r[mid].last < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct model_range *model_find(const struct model *m,
				     unsigned long index)
{
	unsigned int i = model_pos(m, index);

	if (i < m->nr && m->r[i].first <= index)
		return &m->r[i];
	return NULL;
}

static void model_remove(struct model *m, unsigned int i)
{
	memmove(&m->r[i], &m->r[i + 1], (m->nr - i - 1) * sizeof(m->r[0]));
	m->nr--;
}

static void model_add(struct model *m, unsigned long first,
		      unsigned long last, void *entry, unsigned int marks)
{
	unsigned int i = model_pos(m, first);

	memmove(&m->r[i + 1], &m->r[i], (m->nr - i) * sizeof(m->r[0]));
	m->r[i] = (struct model_range){ first, last, entry, marks };
	m->nr++;
}

/* The user's view of an entry: a reservation reads as NULL. */
static void *model_visible(void *entry)
{
	return xa_is_zero(entry) ? NULL : entry;
}

/* A store of @entry over [@first, @last], the whole of one run. */
static void model_store_run(struct model *m, unsigned long first,
			    unsigned long last, void *entry)
{
	unsigned int i = model_pos(m, first), marks = 0;
	struct model_range *r = &m->r[i];

	if (i < m->nr && r->first <= first &&
	    (r->first < first || r->last > last)) {
		/* A larger entry holds the run's first index: all of it. */
		if (entry)
			r->entry = entry;
		else
			model_remove(m, i);
		return;
	}
	while (i < m->nr && m->r[i].first <= last) {
		marks |= m->r[i].marks;
		model_remove(m, i);
	}
	if (entry)
		model_add(m, first, last, entry, marks);
}

/* Does a store over [@first, @last] have a result the API defines? */
static bool model_run_defined(const struct model *m, unsigned long first,
			      unsigned long last)
{
	unsigned int i = model_pos(m, first);

	if (i < m->nr && m->r[i].first < first && m->r[i].last < last)
		return false;
	for (; i < m->nr && m->r[i].first <= last; i++)
		if (m->r[i].first > first && m->r[i].last > last)
			return false;
	return true;
}

/*
 * The level (a shift) of the slots of a run from @first over @span + 1
 * indices: the highest whose slots @first is aligned to and the run
 * fills at least one of.
 */
static unsigned int run_shift(unsigned long first, unsigned long span)
{
	unsigned int shift = 0;

	while (shift + XA_CHUNK_SHIFT < BITS_PER_LONG &&
	       !(first & ((XA_CHUNK_SIZE << shift) - 1)) &&
	       span >= (XA_CHUNK_SIZE << shift) - 1)
		shift += XA_CHUNK_SHIFT;
	return shift;
}

/*
 * The last index of the first run xa_store_range() stores for [@first,
 * @last]: the highest level whose slots @first is aligned to and the
 * range fills at least one of, then as many whole slots of that level as
 * the range fills and the node has room for.
 */
static unsigned long range_run_last(unsigned long first, unsigned long last)
{
	unsigned long span = last - first, slots, room;
	unsigned int shift = run_shift(first, span);

	if (span == ULONG_MAX)
		slots = (ULONG_MAX >> shift) + 1;
	else
		slots = (span + 1) >> shift;
	room = XA_CHUNK_SIZE - ((first >> shift) & XA_CHUNK_MASK);
	return first + (min(slots, room) << shift) - 1;
}

typedef bool (*run_fn)(struct model *m, unsigned long first,
		       unsigned long last, void *entry);

static bool range_runs(struct model *m, unsigned long first,
		       unsigned long last, void *entry, run_fn fn)
{
	for (;;) {
		unsigned long end = range_run_last(first, last);

		if (!fn(m, first, end, entry))
			return false;
		if (end == last)
			return true;
		first = end + 1;
	}
}

static bool run_defined(struct model *m, unsigned long first,
			unsigned long last, void *entry)
{
	(void)entry;
	return model_run_defined(m, first, last);
}

static bool run_store(struct model *m, unsigned long first,
		      unsigned long last, void *entry)
{
	model_store_run(m, first, last, entry);
	return true;
}

static unsigned long order_last(unsigned long index, unsigned int order)
{
	return order >= BITS_PER_LONG ? ULONG_MAX :
	       index + (1UL << order) - 1;
}

bool model_allows(const struct model *m, const struct op *op)
{
	struct model *mm = (struct model *)m;
	const struct model_range *r;

	if (m->nr + (1u << XA_CHUNK_SHIFT) * 2 >= MODEL_MAX)
		return op->kind != OP_STORE_RANGE && op->kind != OP_SPLIT;
	switch (op->kind) {
	case OP_STORE_RANGE:
		return op->last >= op->index &&
		       range_runs(mm, op->index, op->last, NULL, run_defined);
	case OP_XAS_STORE:
		return model_run_defined(m, op->index,
					 order_last(op->index, op->order));
	case OP_SPLIT:
		/* As many pieces as the model has room for. */
		if (op->order - op->new_order > 10 ||
		    m->nr + (1u << (op->order - op->new_order)) >= MODEL_MAX)
			return false;
		r = model_find(m, op->index);
		return r && r->first == op->index &&
		       r->last == order_last(op->index, op->order) &&
		       !(op->index & order_last(0, op->order));
	default:
		return true;
	}
}

/* The level, as a shift, of the node that holds range @r. */
static unsigned int range_shift(const struct model_range *r)
{
	return run_shift(r->first, r->last - r->first);
}

static unsigned int range_order(const struct model_range *r)
{
	unsigned int shift = range_shift(r), order = 0;
	unsigned long slots = ((r->last - r->first) >> shift) + 1;

	while ((1UL << order) < slots)
		order++;
	return shift + order;
}

static bool range_matches(const struct model_range *r, xa_mark_t filter)
{
	if (xa_is_zero(r->entry))
		return false;
	if ((__force unsigned int)filter < XA_MAX_MARKS)
		return r->marks & (1u << (__force unsigned int)filter);
	return true;
}

/*
 * Where a marked search that starts at @index inside @r says it found
 * @r: the start of the slot it is in if that is @r's first slot, else
 * @r's first index (the search moves back to the entry's canonical slot).
 */
static unsigned long marked_index(const struct model_range *r,
				  unsigned long index)
{
	unsigned int shift = range_shift(r);

	if (r->first >= index)
		return r->first;
	if ((index & ~((1UL << shift) - 1)) == r->first)
		return index;
	return r->first;
}

/* xa_find(): the first match at or after @index, up to @max. */
static const struct model_range *model_find_from(const struct model *m,
						 unsigned long *index,
						 unsigned long max,
						 xa_mark_t filter)
{
	unsigned int i;

	for (i = model_pos(m, *index); i < m->nr; i++) {
		const struct model_range *r = &m->r[i];

		if (r->first > max)
			return NULL;
		if (!range_matches(r, filter))
			continue;
		if ((__force unsigned int)filter < XA_MAX_MARKS)
			*index = marked_index(r, *index);
		else
			*index = max(*index, r->first);
		return r;
	}
	return NULL;
}

/* The first match that starts after @index, up to @max. */
static const struct model_range *model_find_after(const struct model *m,
						  unsigned long index,
						  unsigned long max,
						  xa_mark_t filter)
{
	unsigned int i;

	for (i = model_pos(m, index); i < m->nr; i++) {
		const struct model_range *r = &m->r[i];

		if (r->first > max)
			return NULL;
		if (r->first > index && range_matches(r, filter))
			return r;
	}
	return NULL;
}

static void model_store(struct model *m, unsigned long index, void *entry,
			struct res *res)
{
	const struct model_range *r = model_find(m, index);

	res->entry = r ? model_visible(r->entry) : NULL;
	model_store_run(m, index, index, entry);
}

static void model_cmpxchg(struct model *m, const struct op *op,
			  struct res *res)
{
	const struct model_range *r = model_find(m, op->index);
	void *curr = r ? r->entry : NULL;

	res->entry = model_visible(curr);
	if (curr == op->old)
		model_store_run(m, op->index, op->index, op->entry);
}

/*
 * The lowest free index in [@min, @max], in *@id; false if there is
 * none.  (An index does not fit a long's sign on a 32-bit machine, so it
 * is not returned beside an error code.)
 */
static bool model_free(const struct model *m, unsigned long min,
		       unsigned long max, unsigned long *id)
{
	unsigned long index = min;
	unsigned int i;

	if (m->alloc1 && !index)
		index = 1;
	for (i = model_pos(m, index); i < m->nr; i++) {
		if (m->r[i].first > index)
			break;
		if (m->r[i].last == ULONG_MAX)
			return false;
		index = m->r[i].last + 1;
	}
	*id = index;
	return index <= max && index >= min;
}

static void model_alloc(struct model *m, unsigned long min,
			unsigned long max, void *entry, struct res *res)
{
	unsigned long id;

	if (!model_free(m, min, max, &id)) {
		res->ret = -EBUSY;
		return;
	}
	res->ret = 0;
	res->index = id;
	model_add(m, id, id, entry ? entry : XA_ZERO_ENTRY, 0);
}

static void model_alloc_cyclic(struct model *m, const struct op *op,
			       struct res *res)
{
	unsigned long lowest = op->index;
	unsigned long from = max(lowest, (unsigned long)op->next);

	model_alloc(m, from, op->last, op->entry, res);
	if (!res->ret) {
		res->ret = m->wrapped;
		m->wrapped = false;
	} else if (from > lowest) {
		model_alloc(m, lowest, op->last, op->entry, res);
		if (!res->ret)
			res->ret = 1;
	}
	res->next = op->next;
	if (res->ret < 0)
		return;
	res->next = (u32)(res->index + 1);
	if (!res->next)
		m->wrapped = true;
}

static void model_split(struct model *m, const struct op *op)
{
	const struct model_range *r = model_find(m, op->index);
	unsigned long first = r->first, last = r->last, size;
	unsigned int marks = r->marks;

	model_remove(m, r - m->r);
	size = 1UL << op->new_order;
	for (;;) {
		model_add(m, first, first + size - 1, op->entry, marks);
		if (first + size - 1 == last)
			break;
		first += size;
	}
}

/* The walk's store at its first pause: xa_store(), or xa_erase(). */
static void model_walk_mutate(struct model *m, const struct op *op)
{
	model_store_run(m, op->mutate_index, op->mutate_index,
			op->mutate_entry);
}

/*
 * xas_for_each(_marked)() with xas_pause() after every @op->n entries
 * and a store at the first pause: after a pause the walk starts afresh
 * past the entry it was on, else it goes on to the next entry.
 */
static void model_walk(struct model *m, const struct op *op, struct res *res)
{
	const struct model_range *r;
	unsigned long index = op->index, last = 0;
	bool fresh = true;

	for (;;) {
		if (fresh) {
			r = model_find_from(m, &index, op->last, op->mark);
		} else {
			r = model_find_after(m, last, op->last, op->mark);
			if (r)
				index = r->first;
		}
		if (!r || index > op->last)
			return;
		res_trace(res, index, r->entry, false);
		if (res->unended)
			return;
		res->mid_entry |= index != r->first;
		last = r->last;
		fresh = op->n && res->nr % op->n == 0;
		if (fresh && res->nr == op->n)
			model_walk_mutate(m, op);
		if (last == ULONG_MAX)
			return;
		if (fresh)
			index = last + 1;
	}
}

/* What xas_load() and a step read at @index: reservations included. */
static void *model_raw(const struct model *m, unsigned long index)
{
	const struct model_range *r = model_find(m, index);

	return r ? r->entry : NULL;
}

static void model_step(struct model *m, const struct op *op, struct res *res)
{
	unsigned long index = op->index;
	unsigned int i;

	res_trace(res, index, model_raw(m, index), false);
	for (i = 0; i < op->n; i++) {
		bool back = op->steps & (1UL << i);
		bool wraps = back ? index == 0 : index == ULONG_MAX;

		index += back ? -1UL : 1UL;
		/*
		 * "Bounds" here marks a step past either end of the index
		 * space: one taken from inside the tree must leave the
		 * cursor out of bounds, reading NULL.
		 */
		res_trace(res, index, model_raw(m, index), wraps);
	}
}

static void model_conflict(struct model *m, const struct op *op,
			   struct res *res)
{
	unsigned long first = op->index & ~(order_last(0, op->order));
	unsigned long last = order_last(first, op->order);
	unsigned int i;

	for (i = model_pos(m, first); i < m->nr && m->r[i].first <= last; i++)
		res_trace(res, range_order(&m->r[i]), m->r[i].entry, false);
}

static void model_extract(struct model *m, const struct op *op,
			  struct res *res)
{
	unsigned long index = op->index;
	const struct model_range *r;

	r = model_find_from(m, &index, op->last, op->mark);
	while (r && res->nr < op->n) {
		res_trace(res, 0, r->entry, false);
		r = model_find_after(m, r->last, op->last, op->mark);
		if (r && r[-1].last == ULONG_MAX)
			break;
	}
	res->ret = res->nr;
}

static void model_reverse(struct model *m, struct res *res)
{
	unsigned int i;

	for (i = m->nr; i-- > 0;) {
		if (!xa_is_zero(m->r[i].entry))
			res_trace(res, m->r[i].first, m->r[i].entry, false);
		if (res->unended)
			return;
	}
}

static void model_find_before(struct model *m, const struct op *op,
			      struct res *res)
{
	unsigned int i = model_pos(m, op->index);

	res->index = op->index;
	if (op->index < op->last)
		return;
	if (i == m->nr || m->r[i].first > op->index)
		i--;	/* wraps to UINT_MAX when there is nothing below */
	for (; i < m->nr; i--) {
		const struct model_range *r = &m->r[i];

		if (r->last < op->last)
			return;
		if (range_matches(r, op->mark)) {
			res->entry = r->entry;
			res->index = r->first;
			return;
		}
	}
}

static void model_mark(struct model *m, const struct op *op, struct res *res)
{
	struct model_range *r = (struct model_range *)model_find(m, op->index);
	unsigned int bit = 1u << (__force unsigned int)op->mark;

	if (!r)
		return;
	if (op->kind == OP_SET_MARK)
		r->marks |= bit;
	else if (op->kind == OP_CLEAR_MARK)
		r->marks &= ~bit;
	else
		res->ret = !!(r->marks & bit);
}

static void model_find_op(struct model *m, const struct op *op,
			  struct res *res)
{
	const struct model_range *r;
	unsigned long index = op->index;

	if (op->kind == OP_FIND) {
		r = model_find_from(m, &index, op->last, op->mark);
	} else {
		r = index == ULONG_MAX ? NULL :
		    model_find_after(m, index, op->last, op->mark);
		if (r)
			index = r->first;
	}
	if (r && index > op->last)
		r = NULL;
	res->entry = r ? r->entry : NULL;
	res->index = r ? index : op->index;
}

void model_run(struct model *m, const struct op *op, struct res *res)
{
	const struct model_range *r;
	void *entry = op->entry;

	switch (op->kind) {
	case OP_STORE:
		if (!entry && m->alloc)
			entry = XA_ZERO_ENTRY;
		return model_store(m, op->index, entry, res);
	case OP_ERASE:
		return model_store(m, op->index, NULL, res);
	case OP_STORE_RANGE:
		range_runs(m, op->index, op->last, entry, run_store);
		return;
	case OP_INSERT:
		if (model_find(m, op->index)) {
			res->ret = -EBUSY;
			return;
		}
		model_add(m, op->index, op->index,
			  entry ? entry : XA_ZERO_ENTRY, 0);
		return;
	case OP_CMPXCHG:
		return model_cmpxchg(m, op, res);
	case OP_RESERVE: {
		struct op c = *op;

		c.old = op->form & 1 ? XA_ZERO_ENTRY : NULL;
		c.entry = op->form & 1 ? NULL : XA_ZERO_ENTRY;
		return model_cmpxchg(m, &c, res);
	}
	case OP_SET_MARK:
	case OP_CLEAR_MARK:
	case OP_GET_MARK:
		return model_mark(m, op, res);
	case OP_LOAD:
		r = model_find(m, op->index);
		res->entry = r ? model_visible(r->entry) : NULL;
		return;
	case OP_FIND:
	case OP_FIND_AFTER:
		return model_find_op(m, op, res);
	case OP_FIND_BEFORE:
		return model_find_before(m, op, res);
	case OP_EXTRACT:
		return model_extract(m, op, res);
	case OP_GET_ORDER:
		r = model_find(m, op->index);
		res->ret = r ? range_order(r) : 0;
		return;
	case OP_ALLOC:
		return model_alloc(m, op->index, op->last, op->entry, res);
	case OP_ALLOC_CYCLIC:
		return model_alloc_cyclic(m, op, res);
	case OP_XAS_STORE:
		model_store_run(m, op->index, order_last(op->index, op->order),
				op->entry);
		return;
	case OP_SPLIT:
		return model_split(m, op);
	case OP_WALK:
		return model_walk(m, op, res);
	case OP_STEP:
		return model_step(m, op, res);
	case OP_CONFLICT:
		return model_conflict(m, op, res);
	case OP_REVERSE:
		return model_reverse(m, res);
	case OP_DESTROY:
		m->nr = 0;
		return;
	case OP_NR:
		break;
	}
}

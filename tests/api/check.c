// SPDX-License-Identifier: GPL-2.0+
/*
 * The structural checker and the content comparison declared in check.h.
 */
#include "check.h"

#define REPORT_MAX	5

struct walk {
	struct xarray *xa;
	bool allow_empty;
	unsigned long problems;
};

static void problem(struct walk *w, const struct xa_node *node,
		    unsigned int offset, const char *what)
{
	if (w->problems++ < REPORT_MAX)
		printf("     check: node %p shift %u slot %u: %s\n",
		       (void *)node, node ? node->shift : 0, offset, what);
}

static bool any_mark(const struct xa_node *node, xa_mark_t mark)
{
	return !bitmap_empty(node->marks[(__force unsigned int)mark],
			     XA_CHUNK_SIZE);
}

static bool slot_is_value(const struct xa_node *node, unsigned int offset)
{
	void *entry = xa_entry_locked(node->array, node, offset);

	if (xa_is_sibling(entry))
		entry = xa_entry_locked(node->array, node,
					xa_to_sibling(entry));
	return xa_is_value(entry);
}

static void check_sibling(struct walk *w, const struct xa_node *node,
			  unsigned int offset, void *entry)
{
	unsigned int head = xa_to_sibling(entry), i;

	if (head >= offset) {
		problem(w, node, offset, "sibling points forward");
		return;
	}
	for (i = head + 1; i < offset; i++)
		if (xa_entry_locked(w->xa, node, i) != entry)
			problem(w, node, offset, "sibling run has a gap");
	entry = xa_entry_locked(w->xa, node, head);
	if (!entry || xa_is_sibling(entry) || xa_is_node(entry))
		problem(w, node, offset, "sibling of no entry");
}

static void check_slot_marks(struct walk *w, const struct xa_node *node,
			     unsigned int offset, void *entry)
{
	bool track = w->xa->xa_flags & XA_FLAGS_TRACK_FREE;
	xa_mark_t mark;

	for_each_mark(mark) {
		bool set = test_bit(offset,
				    node->marks[(__force unsigned int)mark]);

		if (xa_is_node(entry)) {
			if (set != any_mark(xa_to_node(entry), mark))
				problem(w, node, offset,
					"inner mark disagrees with child");
		} else if (track && mark == XA_FREE_MARK) {
			if (set != !entry)
				problem(w, node, offset,
					"free mark disagrees with slot");
		} else if (set && (!entry || xa_is_sibling(entry))) {
			problem(w, node, offset, "mark on empty or sibling");
		}
	}
}

static void check_node(struct walk *w, struct xa_node *node,
		       struct xa_node *parent, unsigned int offset);

static void check_slots(struct walk *w, struct xa_node *node)
{
	unsigned int i, count = 0, values = 0;

	for (i = 0; i < XA_CHUNK_SIZE; i++) {
		void *entry = xa_entry_locked(w->xa, node, i);

		if (!entry)
			goto marks;
		count++;
		values += slot_is_value(node, i);
		if (xa_is_sibling(entry))
			check_sibling(w, node, i, entry);
		else if (xa_is_node(entry) && node->shift == 0)
			problem(w, node, i, "node below a leaf");
		else if (xa_is_node(entry))
			check_node(w, xa_to_node(entry), node, i);
		else if (xa_is_retry(entry))
			problem(w, node, i, "retry entry in a live node");
marks:
		check_slot_marks(w, node, i, entry);
	}
	if (count != node->count)
		problem(w, node, 0, "count is wrong");
	if (values != node->nr_values)
		problem(w, node, 0, "nr_values is wrong");
	if (!count && !w->allow_empty)
		problem(w, node, 0, "empty node left in the tree");
}

static void check_node(struct walk *w, struct xa_node *node,
		       struct xa_node *parent, unsigned int offset)
{
	if (node->array != w->xa)
		problem(w, node, offset, "node belongs to another array");
	if (xa_parent_locked(w->xa, node) != parent)
		problem(w, node, offset, "parent link is wrong");
	if (parent && node->offset != offset)
		problem(w, node, offset, "offset is wrong");
	if (parent && node->shift + XA_CHUNK_SHIFT != parent->shift)
		problem(w, node, offset, "shift is wrong");
	if (node->shift % XA_CHUNK_SHIFT)
		problem(w, node, offset, "shift not a multiple of a chunk");
	check_slots(w, node);
}

static void check_array_marks(struct walk *w, void *head)
{
	xa_mark_t mark;

	if (!xa_is_node(head))
		return;
	for_each_mark(mark)
		if (xa_marked(w->xa, mark) != any_mark(xa_to_node(head), mark))
			problem(w, NULL, 0, "array mark disagrees with root");
}

unsigned long xa_check(struct xarray *xa, bool allow_empty)
{
	struct walk w = { .xa = xa, .allow_empty = allow_empty };
	void *head;

	xa_lock(xa);
	head = xa_head_locked(xa);
	if (xa_is_node(head))
		check_node(&w, xa_to_node(head), NULL, 0);
	else if (xa_is_internal(head) && !xa_is_zero(head))
		problem(&w, NULL, 0, "internal entry in xa_head");
	check_array_marks(&w, head);
	xa_unlock(xa);
	return w.problems;
}

bool xa_own_entry(const struct xarray *xa, unsigned long index,
		  const void *entry)
{
	/* How an array that allocates from 1 keeps 0 taken. */
	return !index && xa_is_zero(entry) &&
	       (xa->xa_flags & XA_FLAGS_ZERO_BUSY);
}

struct item {
	unsigned long index;
	void *entry;
	unsigned int order;
	unsigned int marks;
};

struct contents {
	struct item *items;
	size_t nr, size;
};

static void add_item(struct contents *c, const struct item *item)
{
	if (c->nr == c->size) {
		c->size = c->size ? 2 * c->size : 64;
		c->items = realloc(c->items, c->size * sizeof(*c->items));
		if (!c->items)
			abort();
	}
	c->items[c->nr++] = *item;
}

static void read_contents(struct xarray *xa, struct contents *c)
{
	XA_STATE(xas, xa, 0);
	struct item item;
	xa_mark_t mark;

	xa_lock(xa);
	xas_for_each(&xas, item.entry, ULONG_MAX) {
		if (xa_own_entry(xa, xas.xa_index, item.entry))
			continue;
		item.index = xas.xa_index;
		item.order = xa_get_order(xa, xas.xa_index);
		item.marks = 0;
		for_each_mark(mark)
			if (xas_get_mark(&xas, mark))
				item.marks |= 1U << (__force unsigned int)mark;
		add_item(c, &item);
	}
	xa_unlock(xa);
}

static bool same_item(const struct item *x, const struct item *y)
{
	return x->index == y->index && x->entry == y->entry &&
	       x->order == y->order && x->marks == y->marks;
}

unsigned long xa_diff(struct xarray *a, struct xarray *b)
{
	struct contents ca = { 0 }, cb = { 0 };
	unsigned long diffs = 0;
	size_t i;

	read_contents(a, &ca);
	read_contents(b, &cb);
	if (ca.nr != cb.nr) {
		printf("     diff: %zu entries vs %zu\n", ca.nr, cb.nr);
		diffs++;
	}
	for (i = 0; i < ca.nr && i < cb.nr; i++) {
		if (same_item(&ca.items[i], &cb.items[i]))
			continue;
		if (diffs++ < REPORT_MAX)
			printf("     diff: %lu:%p/%u/%x vs %lu:%p/%u/%x\n",
			       ca.items[i].index, ca.items[i].entry,
			       ca.items[i].order, ca.items[i].marks,
			       cb.items[i].index, cb.items[i].entry,
			       cb.items[i].order, cb.items[i].marks);
	}
	free(ca.items);
	free(cb.items);
	return diffs;
}

// SPDX-License-Identifier: GPL-2.0+
/*
 * The XArray: an array of pointers indexed by unsigned long.
 *
 * These notes are the map of the file.  Its sections, in order: flags
 * and marks; index arithmetic; the cursor-free walker; walking with a
 * cursor; node allocation; growing the tree; shrinking and freeing;
 * storing; marks; splitting; moving the cursor; the normal API (loads
 * and stores); allocating IDs; the normal API (marks); searching;
 * extracting, deleting and destroying; dumping.
 *
 * Glossary
 * --------
 * head          xa_head: the array's one pointer to its contents, which
 *               is NULL, the entry at index 0 alone, or the root node.
 * node          struct xa_node, XA_CHUNK_SIZE slots; a leaf has shift 0.
 * shift         a node's slots each cover 2^shift indices.
 * slot          one pointer in a node; offset: its number in the node.
 * entry         what a slot holds: a pointer, a value (xa_mk_value), or
 *               an internal entry (node, sibling, retry or zero).
 * canonical slot  the first slot of a multi-index entry, which holds the
 *               entry and its marks; the others hold siblings naming it.
 * cursor        struct xa_state: an index and where the walk to it got
 *               (xa_node, xa_offset), or an error or bounds state.  The
 *               xas_ functions take one; the xa_ functions do not.
 * fast path     a common case done with fewer steps than the general
 *               one, which it falls back to (see "Fast paths" below).
 *
 * Layout
 * ------
 * The array is a tree of nodes of XA_CHUNK_SIZE = 2^XA_CHUNK_SHIFT slots
 * (XA_CHUNK_SHIFT is 6, or 4 with CONFIG_BASE_SMALL).  A node's slots
 * each cover 2^shift indices, its children's 2^(shift - XA_CHUNK_SHIFT);
 * leaves have shift 0.  The root is the only node with a NULL @parent,
 * and its shift says how much of the index space the tree covers.  An
 * array whose only entry is at index 0 keeps that entry in the head,
 * with no node at all.  With 64 slots:
 *
 *   xa_head --> [ node shift 6 | 0 | 1 | ... | 63 ]      indices 0-4095
 *                                |   |
 *                                |   +--> [ node shift 0 ]  64-127
 *                                +------> [ node shift 0 ]  0-63
 *
 * Every node records its slot in its parent (@offset), how many of its
 * slots are non-NULL (@count) and how many hold values or siblings of
 * values (@nr_values, for the page cache's shadow entries).  Each node
 * has one bitmap per mark; a bit is set in a leaf when that entry has
 * the mark, and in an inner node when any entry below that slot has it,
 * so a marked search skips unmarked subtrees by looking at one word.
 * The array-wide "some entry has mark N" bits live in xa_flags.
 *
 * Entries
 * -------
 * The two low bits of a slot tell what it holds (see xarray.h): user
 * pointers end in 00, values in 1, internal entries in 10.  A
 * multi-index entry of order N sits in the node whose shift is N rounded
 * down to a multiple of XA_CHUNK_SHIFT, and fills 2^(N mod XA_CHUNK_SHIFT)
 * consecutive slots there: its canonical slot, then siblings.  Marks are
 * kept on canonical slots only, so no search ever stops at a sibling.
 * Allocating arrays (XA_FLAGS_TRACK_FREE) use XA_FREE_MARK inverted: it
 * is set on free slots, so xa_alloc() is a marked search.
 *
 * RCU publication
 * ---------------
 * Readers walk the tree under rcu_read_lock() with no other lock, and
 * writers keep these rules for them; the code cites them by number.
 *
 * R1. Complete, then published.  A new node is filled in (slots, marks,
 *     shift, offset, parent, counts) before the one store that makes it
 *     reachable, which is a release (rcu_assign_pointer()).  So are the
 *     nodes a split builds.
 * R2. Fixed shifts.  A node's shift is its parent's less XA_CHUNK_SHIFT
 *     and never changes while the node is in the tree: the walker counts
 *     the shift down instead of reading it.
 * R3. Entries are released.  A store of a user entry is a release, so
 *     a reader that finds the entry also sees what the writer did to the
 *     object before storing it, and the marks set before it.  NULL,
 *     retry entries and stores no reader needs ordered (a node's fields
 *     before it is published) are plain stores (RCU_INIT_POINTER()).
 * R4. Marks before NULL.  An entry's marks are cleared before the entry
 *     is erased, so a marked walk never finds a marked NULL.
 * R5. Unlinked, then freed.  A node leaves its parent's slot (or the
 *     head) before it is handed to call_rcu(), so no reader that starts
 *     after the free was queued can reach it; this holds under any RCU
 *     flavour, including the userspace one, where the xa_lock does not
 *     hold off grace periods.
 * R6. Retry entries for readers inside.  A node that readers may still
 *     be in when it leaves the tree has its slots replaced by retry
 *     entries, which send them back to the top (xas_retry()).
 * R7. Siblings are checked.  A sibling names a lower slot of the same
 *     node.  A reader that follows one reads its own slot again
 *     afterwards, and walks again if it changed: the canonical slot may
 *     meanwhile hold a smaller entry that does not cover its index.
 *     6.1 does not check (doc/xarray.rst).  A store of a multi-index
 *     entry writes its canonical slot before its siblings, so a sibling
 *     a reader finds names a slot that already holds the entry.
 * R8. Shared words are marked.  A word a reader loads under RCU alone
 *     while the lock holder may change it is written with one marked
 *     store and read with one marked load, so that neither is torn,
 *     fused or repeated by the compiler, and KCSAN (the kernel's
 *     data-race detector, run in make test) sees an intended race:
 *     slots (rcu_assign_pointer() and RCU_INIT_POINTER() against
 *     rcu_dereference(), R1 and R3), mark bitmaps (node_change_mark()
 *     against xa_chunk_next_bit() and test_bit()), and the array-wide
 *     mark bits in xa_flags (xa_mark_set() and xa_mark_clear() against
 *     xa_marked()).  The writer reads such a word plainly: only the lock
 *     holder changes it.  A node's other fields are written before it
 *     is published (R1) or never read by readers (count, nr_values),
 *     and stay plain.
 *
 * Every store a reader can see is in one of these functions:
 *   new nodes       xas_add_root(), xas_create() (R1); xas_split() (R1, R7)
 *   entries         xas_store() and its helper xas_store_slots(),
 *                   xas_store_in_place(), xas_store_in_leaf() (R3, R7);
 *                   xas_take_over_siblings() (R7)
 *   erasing         xas_store(NULL) (R4), xa_erase_in_leaf() (R4: it
 *                   leaves marked entries to xas_store())
 *   nodes leaving   xas_delete_node(), xas_shrink(), xas_free_subtree()
 *                   with xas_retire_leaf() and xas_free_children() (R5,
 *                   R6); xa_node_free() queues the free (R5)
 *
 * Locking
 * -------
 * Every modification happens under xa_lock (or, for the radix tree and
 * IDR, a lock of the caller's that serialises writers).  The normal API
 * takes the lock itself; the __xa_ functions and the xas_ functions
 * expect it held.  XA_FLAGS_LOCK_IRQ and XA_FLAGS_LOCK_BH tell the
 * normal API how the array is locked, so that it can drop and retake the
 * lock the same way when it must allocate.
 *
 * Allocation failure
 * ------------------
 * A store allocates nodes with GFP_NOWAIT under the lock.  If that fails
 * the cursor is left in the -ENOMEM error state and nothing has been
 * changed that a retry would not redo.  The caller then calls
 * xas_nomem() (with the lock dropped), or the normal API's own
 * __xas_nomem() (which drops the lock only if the GFP flags allow
 * sleeping): it allocates one node with the caller's GFP flags, parks
 * it in xas->xa_alloc and says "try again".  Each retry makes progress
 * by at least one node, and xas_nomem() frees whatever is left over once
 * the operation succeeds.
 *
 * Fast paths
 * ----------
 * A cursor pays for its generality at every level of a walk: it records
 * node, offset and shift as it goes, and handles multi-index entries,
 * bounds and errors.  The common cases below skip it and walk with
 * xa_walk_down() (the cursor-free walker), which counts the shift down
 * from the root's (R2).  Each requires a shape of tree it can check as
 * it goes; anything else returns a retry entry or false, and the
 * caller falls back to the general path, which starts afresh (or, for
 * F2, from the empty slot the walk found).  None of them changes the
 * tree's shape, so each either does all of its work or none.
 *
 * F1. xa_load() (xa_walk()): under RCU.  Falls back to a cursor
 *     (xa_load_internal()) when the walk ends on an internal entry: a
 *     sibling, a retry or a zero entry.
 * F2. __xa_store() (xas_store_in_leaf()): under the lock, an ordinary
 *     entry over nothing or a single-index entry in an existing leaf of
 *     an array that does not track free IDs.  Only the slot and the
 *     counts change (R3); marks belong to the index and stay.
 * F3. __xa_erase() (xa_erase_in_leaf()): under the lock, an unmarked
 *     single-index entry in a leaf below the root that keeps other
 *     entries, in an array that does not track free IDs: no mark, node or
 *     height changes.
 * F4. __xa_alloc() (xas_find_free()): under the lock, the walker follows
 *     XA_FREE_MARK to the first free slot at or after the lowest ID
 *     allowed; falls back to xas_find_marked() when that slot is not
 *     plainly empty or is past the limit.
 * F5. xa_find_after() (xa_find_in_leaf()): under RCU, the rest of the
 *     leaf after the index, when it holds single-index entries; the full
 *     search goes on from the leaf's end, or from the index.
 * F6. xas_store() (xas_store_in_place()): the one with a cursor, already
 *     on a leaf slot that holds nothing or a single-index entry, storing
 *     an entry of one index: no node comes or goes.
 */

#include <asm/barrier.h>
#include <linux/bitmap.h>
#include <linux/export.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/xarray.h>

/* Nodes come from the radix tree's slab, which is shared with it. */
#include "radix-tree.h"

/* A freed node's @array, to catch use after free in a debugger. */
#define XA_RCU_FREE	((struct xarray *)1)

/*
 * ==================================================================
 * Flags and marks
 * ==================================================================
 */

static inline unsigned int xa_lock_type(const struct xarray *xa)
{
	return (__force unsigned int)xa->xa_flags & 3;
}

static inline bool xa_track_free(const struct xarray *xa)
{
	return xa->xa_flags & XA_FLAGS_TRACK_FREE;
}

static inline bool xa_zero_busy(const struct xarray *xa)
{
	return xa->xa_flags & XA_FLAGS_ZERO_BUSY;
}

/*
 * Which entries the normal API refuses.  The kernel's are the sibling and
 * retry entries (xa_is_advanced()): its pointers may be only 2-byte
 * aligned (m68k; the self-test stores name + 1 ... name + 7), and such a
 * pointer reads back correctly from a node.  The userspace shims define
 * XA_STRICT_ENTRIES: there the library refuses every internal entry but
 * the zero entry (xa_reserve() stores that one), because a char * is
 * often such a pointer and the library promises -EINVAL for it.
 */
#ifndef XA_STRICT_ENTRIES
#define XA_STRICT_ENTRIES	0
#endif

static inline bool xa_refuses_entry(const void *entry)
{
	if (XA_STRICT_ENTRIES)
		return xa_is_internal(entry) && !xa_is_zero(entry);
	return xa_is_advanced(entry);
}

/*
 * The array-wide mark bits change under the lock and are read without it
 * (xa_marked(), mapping_tagged()): R8.
 */
static inline void xa_mark_set(struct xarray *xa, xa_mark_t mark)
{
	if (!(xa->xa_flags & XA_FLAGS_MARK(mark)))
		WRITE_ONCE(xa->xa_flags, xa->xa_flags | XA_FLAGS_MARK(mark));
}

static inline void xa_mark_clear(struct xarray *xa, xa_mark_t mark)
{
	if (xa->xa_flags & XA_FLAGS_MARK(mark))
		WRITE_ONCE(xa->xa_flags, xa->xa_flags & ~XA_FLAGS_MARK(mark));
}

/*
 * The bitmap of @mark in @node.  The set and clear helpers report the
 * bit's old value, which is how the mark walkers know when to stop.
 */
static __always_inline unsigned long *node_marks(struct xa_node *node,
						 xa_mark_t mark)
{
	return node->marks[(__force unsigned int)mark];
}

static __always_inline bool node_get_mark(struct xa_node *node,
					  unsigned int offset, xa_mark_t mark)
{
	const unsigned long *bits = node_marks(node, mark);

	return test_bit(offset, bits);
}

/*
 * Set or clear one bit of a mark's bitmap and report its old value.
 * Only the lock holder changes a bitmap, so reading the word plainly is
 * exact; the word goes back with one marked store because readers load
 * it under RCU alone (R8).  An unchanged word is not written at all.
 */
static __always_inline bool node_change_mark(struct xa_node *node,
					     unsigned int offset,
					     xa_mark_t mark, bool set)
{
	unsigned long *word = node_marks(node, mark) + BIT_WORD(offset);
	unsigned long bit = BIT_MASK(offset);
	unsigned long old = *word;

	if (set && !(old & bit))
		WRITE_ONCE(*word, old | bit);
	else if (!set && (old & bit))
		WRITE_ONCE(*word, old & ~bit);
	return old & bit;
}

static __always_inline bool node_set_mark(struct xa_node *node,
					  unsigned int offset, xa_mark_t mark)
{
	return node_change_mark(node, offset, mark, true);
}

static __always_inline bool node_clear_mark(struct xa_node *node,
					    unsigned int offset, xa_mark_t mark)
{
	return node_change_mark(node, offset, mark, false);
}

/* Does any slot of @node have @mark? */
static __always_inline bool node_any_mark(struct xa_node *node, xa_mark_t mark)
{
	return xa_chunk_next_bit(node_marks(node, mark), 0) < XA_CHUNK_SIZE;
}

static inline void node_mark_all(struct xa_node *node, xa_mark_t mark)
{
	bitmap_fill(node_marks(node, mark), XA_CHUNK_SIZE);
}

/* Marks are small integers; iterate over them with a plain counter. */
#define for_each_xa_mark(m)						\
	for (m = XA_MARK_0; (__force unsigned int)m <=			\
			(__force unsigned int)XA_MARK_MAX;		\
	     m = (__force xa_mark_t)((__force unsigned int)m + 1))

/*
 * Collapse the marks of the slots a multi-index store is about to cover
 * onto its canonical slot, so that the new entry is marked if any of
 * the entries it replaces was.
 */
static void xas_squash_marks(const struct xa_state *xas)
{
	unsigned int first = xas->xa_offset;
	unsigned int end = first + xas->xa_sibs + 1;
	unsigned int offset;
	xa_mark_t mark;

	if (!xas->xa_sibs)
		return;
	for_each_xa_mark(mark) {
		struct xa_node *node = xas->xa_node;

		if (find_next_bit(node_marks(node, mark), end, first) >= end)
			continue;
		node_set_mark(node, first, mark);
		for (offset = first + 1; offset < end; offset++)
			node_clear_mark(node, offset, mark);
	}
}

/*
 * ==================================================================
 * Index arithmetic
 * ==================================================================
 */

/* The slot for @index in a node whose slots each cover 2^@shift indices. */
static __always_inline unsigned int offset_at(unsigned long index,
					      unsigned int shift)
{
	return (index >> shift) & XA_CHUNK_MASK;
}

static __always_inline unsigned int get_offset(unsigned long index,
					       const struct xa_node *node)
{
	return offset_at(index, node->shift);
}

static __always_inline void xas_set_offset(struct xa_state *xas)
{
	xas->xa_offset = get_offset(xas->xa_index, xas->xa_node);
}

/*
 * The first index of slot @offset in the node, with slots of 2^@shift
 * indices, that holds @index.  @offset may be XA_CHUNK_SIZE: that is the
 * first index past the node.
 */
static __always_inline unsigned long slot_first(unsigned long index,
						unsigned int shift,
						unsigned long offset)
{
	return (index & (~XA_CHUNK_MASK << shift)) + (offset << shift);
}

/* Point xa_index at the first index of slot @offset of the current node. */
static __always_inline void xas_move_index(struct xa_state *xas,
					   unsigned long offset)
{
	xas->xa_index = slot_first(xas->xa_index, xas->xa_node->shift, offset);
}

static __always_inline void xas_next_offset(struct xa_state *xas)
{
	xas->xa_offset++;
	xas_move_index(xas, xas->xa_offset);
}

static __always_inline void *set_bounds(struct xa_state *xas)
{
	xas->xa_node = XAS_BOUNDS;
	return NULL;
}

/*
 * The node @entry points to, or %NULL if it is not a node pointer.  This
 * is xa_is_node() asked of the pointer with its internal tag (2) already
 * taken off: a walk needs that pointer for its next load anyway, and one
 * register then serves the test and the load.
 */
static __always_inline struct xa_node *entry_node(const void *entry)
{
	unsigned long node = (unsigned long)entry - 2;

	if ((node & 3) || node < 4096)
		return NULL;
	return (struct xa_node *)node;
}

/* The highest index a tree whose root is @entry can hold. */
static __always_inline unsigned long max_index(void *entry)
{
	if (!xa_is_node(entry))
		return 0;
	return (XA_CHUNK_SIZE << xa_to_node(entry)->shift) - 1;
}

/*
 * ==================================================================
 * The cursor-free walker
 * ==================================================================
 *
 * Every downward walk that does without a cursor (the fast paths F1 to
 * F5 of the design notes) goes through xa_walk_down(), which is always
 * inlined so that each caller gets a loop specialised for its mode.
 */

/* Which slot xa_walk_down() follows in each node. */
enum xa_walk_mode {
	XA_WALK_INDEX,		/* the slot for the index */
	XA_WALK_FREE,		/* the first free slot at or after it */
};

/* Where xa_walk_down() stopped. */
struct xa_walk {
	struct xa_node *node;	/* the lowest node reached; NULL if none */
	unsigned int shift;	/* its shift */
	unsigned int offset;	/* its slot the walk stopped at */
	unsigned long index;	/* @index; with XA_WALK_FREE, moved up */
};

/*
 * The slot xa_walk_down() follows in @node, whose slots cover 2^@shift
 * indices: the one for *@indexp, or with XA_WALK_FREE the first free one
 * from there (moving *@indexp up to its first index), XA_CHUNK_SIZE if
 * there is none.
 */
static __always_inline unsigned int xa_walk_slot(struct xa_node *node,
						 unsigned int shift,
						 unsigned long *indexp,
						 enum xa_walk_mode mode)
{
	unsigned int start = offset_at(*indexp, shift);
	unsigned int offset;

	if (mode != XA_WALK_FREE)
		return start;
	offset = xa_chunk_next_bit(node_marks(node, XA_FREE_MARK), start);
	if (offset != start && offset < XA_CHUNK_SIZE)
		*indexp = slot_first(*indexp, shift, offset);
	return offset;
}

/*
 * xa_walk_down() - Walk from xa_head towards @index without a cursor.
 * @xa: The array; the caller holds the RCU read lock or the xa_lock.
 * @index: Where to go.
 * @mode: XA_WALK_INDEX follows the slot for @index in each node.
 *	XA_WALK_FREE follows the first slot at or after it that has
 *	XA_FREE_MARK (allocating arrays), moving the index up to that
 *	slot's first index when it is further along.
 * @w: Filled in with where the walk stopped.
 *
 * The walk goes down while the slot it is at holds a node.  It counts
 * the shift down from the root's, each level covering XA_CHUNK_SHIFT
 * fewer bits of the index, instead of reading it from every node: on a
 * lookup that saves a dependent load per level.  It relies on rules
 * R1 and R2: a node it reaches is complete, and a node's shift is that
 * of its parent less XA_CHUNK_SHIFT.
 *
 * Return: What the slot the walk stopped at holds: an entry, %NULL, or
 * an internal entry (sibling, retry or zero) for the caller to judge.
 * When the head is not a node, w->node is %NULL and the return is the
 * head for index 0 and %NULL for any other; when the tree does not
 * reach @index (or, for XA_WALK_FREE, a node on the way has no free slot
 * at or after it), w->node is %NULL and the return %NULL.
 */
static __always_inline void *xa_walk_down(struct xarray *xa,
					  unsigned long index,
					  enum xa_walk_mode mode,
					  struct xa_walk *w)
{
	void *entry = xa_head(xa);
	struct xa_node *node, *child;
	unsigned int shift, offset;

	w->node = NULL;
	if (!xa_is_node(entry))
		return index ? NULL : entry;
	node = xa_to_node(entry);
	shift = node->shift;
	if ((index >> shift) >= XA_CHUNK_SIZE)
		return NULL;
	/*
	 * The leaf level is the loop's last turn written out: the test of
	 * the shift then comes before each load, as the loop's condition,
	 * which makes the tightest loop for xa_load().
	 */
	for (; shift; shift -= XA_CHUNK_SHIFT) {
		offset = xa_walk_slot(node, shift, &index, mode);
		if (offset == XA_CHUNK_SIZE)
			return NULL;
		entry = xa_entry(xa, node, offset);
		child = entry_node(entry);
		if (!child)
			goto stop;
		node = child;
	}
	offset = xa_walk_slot(node, 0, &index, mode);
	if (offset == XA_CHUNK_SIZE)
		return NULL;
	entry = xa_entry(xa, node, offset);
stop:
	w->node = node;
	w->shift = shift;
	w->offset = offset;
	w->index = index;
	return entry;
}

/*
 * The highest index the operation described by @xas touches.  A
 * multi-index entry that starts at 0 must not end up in xa_head, which
 * only ever stands for index 0 alone, so its range is stretched by one
 * (unless it is the whole index space, which needs a full-height tree
 * anyway).
 */
static unsigned long xas_max(struct xa_state *xas)
{
	unsigned long last = xas->xa_index;

	if (xas->xa_shift || xas->xa_sibs) {
		unsigned long mask = ((xas->xa_sibs + 1UL) << xas->xa_shift) - 1;

		last |= mask;
		if (last == mask && mask != ULONG_MAX)
			last++;
	}
	return last;
}

/*
 * ==================================================================
 * Walking with a cursor
 * ==================================================================
 */

/*
 * Begin a walk: the entry at the top of the tree, or the entry the cursor
 * already points at.  A cursor whose index lies beyond what the tree can
 * hold is put in the bounds state.
 */
static void *xas_start(struct xa_state *xas)
{
	void *head;

	if (xas_valid(xas))
		return xas_reload(xas);
	if (xas_error(xas))
		return NULL;

	head = xa_head(xas->xa);
	/* A tree too short to hold xa_index has nothing there. */
	if (xas->xa_index > max_index(head))
		return set_bounds(xas);
	xas->xa_node = NULL;
	return head;
}

/*
 * Step into @node towards xa_index.  A sibling is followed to its
 * canonical slot; if that now holds a node, a split is in progress and
 * the walk must start again.
 */
static void *xas_descend(struct xa_state *xas, struct xa_node *node)
{
	unsigned int start = get_offset(xas->xa_index, node);
	unsigned int offset = start;
	void *sibling = xa_entry(xas->xa, node, offset);
	void *entry = sibling;

	xas->xa_node = node;
	/*
	 * Under RCU the canonical slot a sibling names may since have become
	 * a sibling of a larger entry; follow the chain.  Siblings always
	 * name a lower slot, so it ends.
	 */
	while (xa_is_sibling(entry)) {
		offset = xa_to_sibling(entry);
		entry = xa_entry(xas->xa, node, offset);
		/* A canonical slot holds a node only while it is split. */
		if (node->shift && xa_is_node(entry))
			entry = XA_RETRY_ENTRY;
	}
	/*
	 * R7: the entry the sibling named may have been erased and the
	 * canonical slot refilled with a smaller entry that does not reach
	 * our index.  If the slot we came in by has changed, look again.
	 */
	if (offset != start) {
		/* Read the canonical slot before reading our slot again. */
		smp_rmb();
		if (xa_entry(xas->xa, node, start) != sibling)
			entry = XA_RETRY_ENTRY;
	}
	xas->xa_offset = offset;
	return entry;
}

/**
 * xas_load() - Walk the cursor to its index and read the entry there.
 * @xas: The cursor.
 *
 * Walks to the entry at xa_index and leaves the cursor on its slot.  For
 * a cursor set up for a multi-index operation the walk stops at the node
 * whose slots are that size, and may return a node pointer if smaller
 * entries lie below.  A retry entry means the caller must call
 * xas_retry() and walk again.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read lock.
 * Return: The entry, or one of the internal entries described above.
 */
void *xas_load(struct xa_state *xas)
{
	void *entry = xas_start(xas);

	/* Down while the slot holds a node no coarser than our order. */
	while (xa_is_node(entry) && xas->xa_shift <= xa_to_node(entry)->shift) {
		struct xa_node *node = xa_to_node(entry);

		entry = xas_descend(xas, node);
		if (!node->shift)	/* leaves hold no nodes */
			break;
	}
	return entry;
}
EXPORT_SYMBOL_GPL(xas_load);

/*
 * ==================================================================
 * Node allocation and freeing
 * ==================================================================
 */

/*
 * Free a node that has left the tree once no RCU reader can be in it.
 * The caller has unlinked it (R5).
 */
static void xa_node_free(struct xa_node *node)
{
	XA_NODE_BUG_ON(node, !list_empty(&node->private_list));
	node->array = XA_RCU_FREE;
	call_rcu(&node->rcu_head, radix_tree_node_rcu_free);
}

/**
 * xas_destroy() - Release the spare nodes an xa_state holds.
 * @xas: The cursor.
 *
 * Frees the spare nodes xas_nomem() or xas_split_alloc() left in the
 * xa_state.  They were never visible to readers, so no grace period is
 * needed.  Usually called for you by xas_nomem().
 */
void xas_destroy(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_alloc;

	while (node) {
		struct xa_node *next = rcu_dereference_raw(node->parent);

		XA_NODE_BUG_ON(node, !list_empty(&node->private_list));
		radix_tree_node_rcu_free(&node->rcu_head);
		node = next;
	}
	xas->xa_alloc = NULL;
}

/* Allocate a node with @gfp, charged to the memcg if the array says so. */
static struct xa_node *xas_node_alloc(struct xa_state *xas, gfp_t gfp)
{
	if (xas->xa->xa_flags & XA_FLAGS_ACCOUNT)
		gfp |= __GFP_ACCOUNT;
	return kmem_cache_alloc_lru(radix_tree_node_cachep, xas->xa_lru, gfp);
}

/* Add one node, allocated with @gfp, to the spares; false if none came. */
static bool xas_add_spare(struct xa_state *xas, gfp_t gfp)
{
	struct xa_node *node = xas_node_alloc(xas, gfp);

	if (!node)
		return false;
	/* The slab constructor leaves it empty; the free paths check so too. */
	WARN_ON_ONCE(!list_empty(&node->private_list));
	RCU_INIT_POINTER(node->parent, xas->xa_alloc);
	xas->xa_alloc = node;
	return true;
}

/*
 * xas_add_spare() with the xa_lock dropped around the allocation, in
 * the flavour the array is locked with.
 */
static bool xas_add_spare_unlocked(struct xa_state *xas, gfp_t gfp)
	__must_hold(xas->xa->xa_lock)
{
	struct xarray *xa = xas->xa;
	bool got;

	switch (xa_lock_type(xa)) {
	case XA_LOCK_IRQ:
		xa_unlock_irq(xa);
		got = xas_add_spare(xas, gfp);
		xa_lock_irq(xa);
		break;
	case XA_LOCK_BH:
		xa_unlock_bh(xa);
		got = xas_add_spare(xas, gfp);
		xa_lock_bh(xa);
		break;
	default:
		xa_unlock(xa);
		got = xas_add_spare(xas, gfp);
		xa_lock(xa);
	}
	return got;
}

/*
 * The body of xas_nomem() and __xas_nomem(): after an -ENOMEM, add a
 * spare node (dropping the xa_lock around the allocation if @unlock) and
 * ask for a retry; after anything else, free the spares.
 */
static bool xas_refill(struct xa_state *xas, gfp_t gfp, bool unlock)
{
	bool got;

	if (xas->xa_node != XA_ERROR(-ENOMEM)) {
		xas_destroy(xas);
		return false;
	}
	got = unlock ? xas_add_spare_unlocked(xas, gfp) :
		       xas_add_spare(xas, gfp);
	if (got)
		xas->xa_node = XAS_RESTART;
	return got;
}

/**
 * xas_nomem() - Supply a node after -ENOMEM so the caller can retry.
 * @xas: The cursor.
 * @gfp: How to allocate a node if one is needed.
 *
 * Call after an operation, with the xa_lock dropped.  If the operation
 * failed for lack of memory, allocates a node with @gfp so a retry can
 * make progress, and returns true: go round again.  Otherwise frees any
 * spare memory and returns false.
 *
 * Return: true when the caller should retry the operation, else false.
 */
bool xas_nomem(struct xa_state *xas, gfp_t gfp)
{
	return xas_refill(xas, gfp, false);
}
EXPORT_SYMBOL_GPL(xas_nomem);

static void xas_drop_empty_path(const struct xa_state *xas);

/*
 * As xas_nomem(), called with the xa_lock held.  The lock is dropped
 * around the allocation only if @gfp may sleep.  When the operation
 * gives up with -ENOMEM, the nodes it had already linked in for its
 * index, still empty, are removed again.
 */
static bool __xas_nomem(struct xa_state *xas, gfp_t gfp)
	__must_hold(xas->xa->xa_lock)
{
	if (xas_refill(xas, gfp, gfpflags_allow_blocking(gfp)))
		return true;
	if (xas_error(xas) == -ENOMEM)
		xas_drop_empty_path(xas);
	return false;
}

static __always_inline void xas_update(struct xa_state *xas,
				       struct xa_node *node)
{
	if (xas->xa_update)
		xas->xa_update(node);
	else
		XA_NODE_BUG_ON(node, !list_empty(&node->private_list));
}

/*
 * Take a node for the slot the cursor is on (or for the root when the
 * cursor is at the top): a spare if there is one, else a GFP_NOWAIT
 * allocation.  On failure the cursor is put in the -ENOMEM state.
 */
static struct xa_node *xas_alloc(struct xa_state *xas, unsigned int shift)
{
	struct xa_node *parent = xas->xa_node;
	struct xa_node *node = xas->xa_alloc;

	if (xas_invalid(xas))
		return NULL;
	if (node)
		xas->xa_alloc = rcu_dereference_raw(node->parent);
	else
		node = xas_node_alloc(xas, GFP_NOWAIT | __GFP_NOWARN);
	if (!node) {
		xas_set_err(xas, -ENOMEM);
		return NULL;
	}

	XA_NODE_BUG_ON(node, shift > BITS_PER_LONG);
	XA_NODE_BUG_ON(node, !list_empty(&node->private_list));
	node->shift = shift;	/* R2: the parent's less XA_CHUNK_SHIFT */
	node->count = 0;
	node->nr_values = 0;
	node->array = xas->xa;
	RCU_INIT_POINTER(node->parent, parent);
	if (parent) {
		/* The slot the node will fill counts from now on. */
		node->offset = xas->xa_offset;
		parent->count++;
		WARN_ON_ONCE(parent->count > XA_CHUNK_SIZE);
		xas_update(xas, parent);
	}
	return node;
}

#ifdef CONFIG_XARRAY_MULTI
/* How many indices this operation covers (1 for a single index). */
static unsigned long xas_size(const struct xa_state *xas)
{
	return (xas->xa_sibs + 1UL) << xas->xa_shift;
}
#endif

/*
 * ==================================================================
 * Growing the tree
 * ==================================================================
 */

/*
 * Copy the array-wide mark bits into slot 0 of a new root, which is about
 * to take the old root (or head entry) as its first child.  For the free
 * mark of an allocating array every other slot of the new root is free,
 * and slot 0 is free only if the old tree had room.
 */
static void xa_root_marks(struct xarray *xa, struct xa_node *node)
{
	xa_mark_t mark;

	for_each_xa_mark(mark) {
		if (xa_track_free(xa) && mark == XA_FREE_MARK) {
			node_mark_all(node, mark);
			if (!xa_marked(xa, mark)) {
				node_clear_mark(node, 0, mark);
				xa_mark_set(xa, mark);
			}
		} else if (xa_marked(xa, mark)) {
			node_set_mark(node, 0, mark);
		}
	}
}

/* The shift of the slots of a root covering @max, plus XA_CHUNK_SHIFT. */
static unsigned int xa_height_shift(unsigned long max)
{
	unsigned int shift = XA_CHUNK_SHIFT;

	while (shift < BITS_PER_LONG && (max >> shift))
		shift += XA_CHUNK_SHIFT;
	return shift;
}

/*
 * Put a new root with slots of 2^@shift indices above @head, which
 * becomes its slot 0.  The root is filled in before it is published.
 * Returns the new head, or %NULL with the cursor holding -ENOMEM.
 */
static void *xas_add_root(struct xa_state *xas, void *head, unsigned int shift)
{
	struct xarray *xa = xas->xa;
	struct xa_node *root = xas_alloc(xas, shift);

	if (!root)
		return NULL;
	RCU_INIT_POINTER(root->slots[0], head);
	root->count = 1;
	root->nr_values = xa_is_value(head);
	xa_root_marks(xa, root);
	if (xa_is_node(head)) {
		struct xa_node *old = xa_to_node(head);

		old->offset = 0;
		rcu_assign_pointer(old->parent, root);
	}
	rcu_assign_pointer(xa->xa_head, xa_mk_node(root));	/* R1 */
	xas_update(xas, root);
	return xa_mk_node(root);
}

/*
 * Grow the tree until it covers xas_max().  Returns the shift the walk
 * down from xa_head starts at (the root's shift plus XA_CHUNK_SHIFT; 0
 * when xa_head itself will do), or -ENOMEM.  An empty array gets no node
 * here: xas_create() builds the whole path on its way down.
 */
static int xas_expand(struct xa_state *xas, void *head)
{
	unsigned long max = xas_max(xas);
	unsigned int shift = 0;

	if (!head)
		return max ? xa_height_shift(max) : 0;
	if (xa_is_node(head))
		shift = xa_to_node(head)->shift + XA_CHUNK_SHIFT;

	xas->xa_node = NULL;
	while (max > max_index(head)) {
		head = xas_add_root(xas, head, shift);
		if (!head)
			return -ENOMEM;
		shift += XA_CHUNK_SHIFT;
	}
	if (xa_is_node(head))
		xas->xa_node = xa_to_node(head);
	return shift;
}

/*
 * Make sure the nodes on the path to xa_index exist, down to the level
 * the cursor's order needs, and leave the cursor on the slot there.
 * @allow_root: the entry may live in xa_head rather than in a node.
 * Returns the entry currently in that slot; on failure the cursor holds
 * the error.  Must be called with the xa_lock held.
 */
static void *xas_create(struct xa_state *xas, bool allow_root)
{
	struct xarray *xa = xas->xa;
	int order = xas->xa_shift;
	void __rcu **slot;
	void *entry;
	int shift;

	if (xas_error(xas))
		return NULL;
	if (xas_top(xas->xa_node)) {
		void *head = xa_head_locked(xa);

		xas->xa_node = NULL;
		/* Index 0 of an array that allocates from 1 is taken. */
		if (!head && xa_zero_busy(xa))
			head = XA_ZERO_ENTRY;
		shift = xas_expand(xas, head);
		if (shift < 0)
			return NULL;
		if (!shift && !allow_root)
			shift = XA_CHUNK_SHIFT;
		slot = &xa->xa_head;
	} else {
		shift = xas->xa_node->shift;
		slot = &xas->xa_node->slots[xas->xa_offset];
	}
	entry = rcu_dereference_protected(*slot, lockdep_is_held(&xa->xa_lock));

	while (shift > order) {
		struct xa_node *node;

		shift -= XA_CHUNK_SHIFT;
		if (entry && !xa_is_node(entry))
			break;		/* a multi-index entry covers it */
		if (entry) {
			node = xa_to_node(entry);
			entry = xas_descend(xas, node);
		} else {
			node = xas_alloc(xas, shift);
			if (!node)
				break;
			if (xa_track_free(xa))
				node_mark_all(node, XA_FREE_MARK);
			rcu_assign_pointer(*slot, xa_mk_node(node));	/* R1 */
			/* A new node is empty: no need to read the slot. */
			xas->xa_node = node;
			xas_set_offset(xas);
		}
		slot = &node->slots[xas->xa_offset];
	}
	return entry;
}

/**
 * xas_create_range() - Build every node a range of stores will need.
 * @xas: The cursor.
 *
 * Creates every node needed to store an entry at each index of the range
 * the cursor describes, so that later stores there cannot fail.  On
 * success the cursor becomes a single-index cursor on the first index,
 * ready for xas_store() and xas_next() across the range.  On failure it
 * holds the error and keeps its order; the nodes made so far stay in the
 * tree (empty, for the retry to use).
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void xas_create_range(struct xa_state *xas)
{
	unsigned long first = xas->xa_index;
	unsigned char shift = xas->xa_shift;
	unsigned char sibs = xas->xa_sibs;
	unsigned long last = first | (((sibs + 1UL) << shift) - 1);

	if (xas_error(xas))
		return;
	xas->xa_shift = 0;
	xas->xa_sibs = 0;
	/* Work down from the last leaf, one leaf node at a time. */
	xas->xa_index = last;
	xas->xa_node = XAS_RESTART;
	for (;;) {
		xas_create(xas, true);
		if (xas_error(xas))
			break;
		if ((xas->xa_index & ~XA_CHUNK_MASK) <= first)
			break;
		xas->xa_index = (xas->xa_index & ~XA_CHUNK_MASK) - 1;
		xas->xa_node = XAS_RESTART;
	}
	xas->xa_index = first;
	if (xas_error(xas)) {
		xas->xa_shift = shift;
		xas->xa_sibs = sibs;
	} else if (xas->xa_node) {
		/* The last chunk made holds @first: stay on it. */
		xas_set_offset(xas);
	}
}
EXPORT_SYMBOL_GPL(xas_create_range);

/*
 * ==================================================================
 * Shrinking and freeing
 * ==================================================================
 */

static void xas_free_subtree(struct xa_state *xas, struct xa_node *node);

/*
 * A leaf of a subtree being freed: turn each of its entries into a retry
 * entry (R6), stopping once it has met as many as the leaf counts.  Returns
 * how many of those it did not meet (0 unless the count is wrong).
 */
static unsigned int xas_retire_leaf(struct xa_state *xas,
				    struct xa_node *node)
{
	unsigned int left = node->count;
	unsigned int i;

	for (i = 0; i < XA_CHUNK_SIZE && left; i++) {
		if (!xa_entry_locked(xas->xa, node, i))
			continue;
		RCU_INIT_POINTER(node->slots[i], XA_RETRY_ENTRY);
		left--;
	}
	return left;
}

/*
 * An inner node of a subtree being freed: free each child node, turn
 * every other entry (a multi-index entry or one of its siblings) into a
 * retry entry, and stop as xas_retire_leaf() does.
 */
static unsigned int xas_free_children(struct xa_state *xas,
				      struct xa_node *node)
{
	unsigned int left = node->count;
	unsigned int i;

	for (i = 0; i < XA_CHUNK_SIZE && left; i++) {
		void *entry = xa_entry_locked(xas->xa, node, i);

		if (!entry)
			continue;
		if (xa_is_node(entry))
			xas_free_subtree(xas, xa_to_node(entry));
		else
			RCU_INIT_POINTER(node->slots[i], XA_RETRY_ENTRY);
		left--;
	}
	return left;
}

/*
 * Free a subtree that has already been unlinked from the array.  Readers
 * may still be walking it, so every entry they could reach is turned
 * into a retry entry before the nodes are queued for freeing.  The scan
 * of a node stops once it has met as many entries as the node counts, so
 * a sparse tree is freed without reading every empty slot.  The
 * recursion is as deep as the tree is tall, at most 22 levels.
 */
static void xas_free_subtree(struct xa_state *xas, struct xa_node *node)
{
	unsigned int missed;

	if (node->shift)
		missed = xas_free_children(xas, node);
	else
		missed = xas_retire_leaf(xas, node);
	WARN_ON_ONCE(missed);
	node->count = 0;
	node->nr_values = 0;
	xas_update(xas, node);
	xa_node_free(node);
}

/*
 * The root has one child and it is in slot 0: let the child be the root
 * (or, for a leaf's lone entry at index 0, let xa_head hold the entry),
 * as often as possible.  The old root leaves the tree before it is freed.
 */
static void xas_shrink(struct xa_state *xas)
{
	struct xarray *xa = xas->xa;
	struct xa_node *root = xas->xa_node;

	while (root->count == 1) {
		void *only = xa_entry_locked(xa, root, 0);
		bool child = xa_is_node(only);

		/* A multi-index entry in an inner node cannot move up. */
		if (!only || (!child && root->shift))
			return;
		xas->xa_node = XAS_BOUNDS;
		/* An allocating array has free room if slot 0 had. */
		if (xa_track_free(xa) && !node_get_mark(root, 0, XA_FREE_MARK))
			xa_mark_clear(xa, XA_FREE_MARK);
		/*
		 * @only was published long ago, but a reader that finds it
		 * through the head has not synchronised with that store:
		 * publish it again with release semantics (R3), as any
		 * checker of the memory model expects.
		 */
		if (xa_is_zero(only) && xa_zero_busy(xa))
			RCU_INIT_POINTER(xa->xa_head, NULL);
		else
			rcu_assign_pointer(xa->xa_head, only);
		/* Readers still in the old root must look again (R6). */
		if (!child)
			RCU_INIT_POINTER(root->slots[0], XA_RETRY_ENTRY);
		root->count = 0;
		root->nr_values = 0;
		xas_update(xas, root);
		/*
		 * A reader that came in through the new root may climb to
		 * its parent: cut that link before the old root is queued
		 * for freeing (R5), or the grace period need not wait for it.
		 */
		if (child)
			RCU_INIT_POINTER(xa_to_node(only)->parent, NULL);
		xa_node_free(root);
		if (!child)
			return;
		root = xa_to_node(only);
	}
}

/*
 * The node the cursor is on may have become empty: remove it, and any
 * ancestors that become empty in turn, then shrink the tree's height if
 * it can be.  Each node is unlinked before it is freed (R5).
 */
static void xas_delete_node(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;

	while (!node->count) {
		struct xa_node *parent = xa_parent_locked(xas->xa, node);
		unsigned int offset = node->offset;

		if (parent)
			RCU_INIT_POINTER(parent->slots[offset], NULL);
		else
			RCU_INIT_POINTER(xas->xa->xa_head, NULL);
		xa_node_free(node);
		if (!parent) {
			xas->xa_node = XAS_BOUNDS;
			return;
		}
		xas->xa_node = parent;
		xas->xa_offset = offset;
		parent->count--;
		xas_update(xas, parent);
		node = parent;
	}
	if (!xa_parent_locked(xas->xa, node))
		xas_shrink(xas);
}

/*
 * Remove the empty nodes at the end of the path to @xas's index: what a
 * store that failed for lack of memory had built towards it.  If the
 * path never got that far, lower the roots it added over the old head
 * (for an array that allocates from 1 they may hold nothing but the
 * busy entry at 0, and the array must read as empty again).
 */
static void xas_drop_empty_path(const struct xa_state *xas)
{
	XA_STATE(path, xas->xa, xas->xa_index);
	void *head;

	path.xa_update = xas->xa_update;
	xas_load(&path);
	if (!xas_top(path.xa_node) && !path.xa_node->count) {
		xas_delete_node(&path);
		return;
	}
	head = xa_head_locked(xas->xa);
	if (xa_is_node(head)) {
		path.xa_node = xa_to_node(head);
		xas_shrink(&path);
	}
}

/*
 * ==================================================================
 * Storing
 * ==================================================================
 */

/* Apply the changes a store made to the counts of the cursor's node. */
static void xas_account(struct xa_state *xas, int count, int values)
{
	struct xa_node *node = xas->xa_node;

	if (count == 0 && values == 0)
		return;
	node->count += count;
	node->nr_values += values;
	XA_NODE_BUG_ON(node, node->count > XA_CHUNK_SIZE);
	XA_NODE_BUG_ON(node, node->nr_values > XA_CHUNK_SIZE);
	xas_update(xas, node);
	if (count < 0)
		xas_delete_node(xas);
}

/*
 * The slots from @offset on that are siblings are the rest of @curr, the
 * last entry the store overwrote.  A store over part of a multi-index
 * entry replaces all of it, so they become siblings of @entry (which
 * also keeps them from naming a slot that is now itself a sibling).
 * Returns how many of them changed from value to not, or back.
 */
static int xas_take_over_siblings(struct xa_state *xas, unsigned int offset,
				  void *entry, void *curr)
{
	struct xa_node *node = xas->xa_node;
	void *sibling = xa_mk_sibling(xas->xa_offset);
	int values = 0;

	for (; offset < XA_CHUNK_SIZE; offset++) {
		void *old = xa_entry_locked(xas->xa, node, offset);

		if (!xa_is_sibling(old))
			break;
		if (old != sibling)	/* R7: after the canonical slot */
			rcu_assign_pointer(node->slots[offset], sibling);
		values += xa_is_value(entry) - xa_is_value(curr);
	}
	return values;
}

/*
 * Write @entry into the slots of the node the cursor is on.  A non-NULL
 * entry fills xa_offset to xa_offset + xa_sibs (the canonical slot, then
 * siblings); NULL clears that range and the rest of any multi-index
 * entry it ends inside.  Child nodes that get overwritten are freed.
 * Returns the last entry (canonical, not sibling) that was overwritten.
 */
static void *xas_store_slots(struct xa_state *xas, void *entry, void *curr)
{
	struct xa_node *node = xas->xa_node;
	unsigned int offset = xas->xa_offset;
	unsigned int last = offset + xas->xa_sibs;
	void *fill = entry;
	int count = 0, values = 0;

	for (;;) {
		void *old = xa_entry_locked(xas->xa, node, offset);

		if (!xa_is_sibling(old))
			curr = old;
		/*
		 * R3: rcu_assign_pointer() orders the mark changes made by
		 * our caller before the new entry becomes visible.  The
		 * canonical slot comes first, then its siblings (R7).
		 */
		rcu_assign_pointer(node->slots[offset], fill);
		if (node->shift && xa_is_node(old))
			xas_free_subtree(xas, xa_to_node(old));
		count += !old - !fill;
		values += xa_is_value(entry) - xa_is_value(curr);
		/* Every slot an erase frees is free, not only the first. */
		if (!fill && xa_track_free(xas->xa))
			node_set_mark(node, offset, XA_FREE_MARK);

		if (++offset == XA_CHUNK_SIZE)
			break;
		if (entry) {
			if (offset > last) {
				values += xas_take_over_siblings(xas, offset,
								 entry, curr);
				break;
			}
			fill = xa_mk_sibling(xas->xa_offset);
		} else if (offset > last &&
			   !xa_is_sibling(xa_entry_locked(xas->xa, node, offset))) {
			break;
		}
	}

	xas_account(xas, count, values);
	return curr;
}

/*
 * The leaf that holds @index, found by the walker (fast paths F3, F5), or
 * %NULL when there is none or the way down passes a multi-index entry:
 * the cursor path deals with those.  *@entryp is what the leaf's slot for
 * @index holds.
 */
static __always_inline struct xa_node *xa_leaf(struct xarray *xa,
					       unsigned long index,
					       void **entryp)
{
	struct xa_walk w;

	*entryp = xa_walk_down(xa, index, XA_WALK_INDEX, &w);
	return w.node && !w.shift ? w.node : NULL;
}

/*
 * Is slot @offset of leaf @node an entry of one index (or empty)?  Not
 * if it is internal (a sibling, retry or zero entry), nor if it is the
 * canonical slot of a multi-index entry, whose siblings follow it.
 */
static bool slot_is_single(const struct xarray *xa, struct xa_node *node,
			   unsigned int offset, void *entry)
{
	if (xa_is_internal(entry))
		return false;
	return !IS_ENABLED(CONFIG_XARRAY_MULTI) || !entry ||
	       offset == XA_CHUNK_MASK ||
	       !xa_is_sibling(xa_entry_locked(xa, node, offset + 1));
}

/*
 * xas_store()'s common case (fast path F6, the one with a cursor): a
 * cursor on a slot of a leaf that holds
 * nothing or a single-index entry, and an ordinary or zero @entry of
 * one index.  No mark changes (the entry is not %NULL) and no node
 * comes or goes; the slot and the counts do.  Returns false when the
 * general path must do the store.
 */
static bool xas_store_in_place(struct xa_state *xas, void *entry,
			       void **currp)
{
	struct xa_node *node = xas->xa_node;
	unsigned int offset = xas->xa_offset;
	void *curr;

	if (!entry || !xas_is_node(xas) || node->shift || xas->xa_shift ||
	    xas->xa_sibs || (xa_is_internal(entry) && !xa_is_zero(entry)))
		return false;
	curr = xa_entry_locked(xas->xa, node, offset);
	if (!slot_is_single(xas->xa, node, offset, curr))
		return false;
	*currp = curr;
	if (curr != entry) {
		rcu_assign_pointer(node->slots[offset], entry);	/* R3 */
		xas_account(xas, !curr,
			    (int)xa_is_value(entry) - (int)xa_is_value(curr));
	}
	return true;
}

/**
 * xas_store() - Put an entry at the cursor's index or range.
 * @xas: The cursor.
 * @entry: The entry to store.
 *
 * Stores @entry at the cursor's index (or, for a multi-index cursor,
 * over its whole range), replacing whatever was there, including a
 * multi-index entry the index lies in.  Storing %NULL erases, clears the
 * marks, and frees nodes that become empty.  The only error is -ENOMEM,
 * left in the cursor for xas_nomem().
 *
 * Return: What the cursor's index held before.
 */
void *xas_store(struct xa_state *xas, void *entry)
{
	struct xa_node *node;
	void *curr;

	if (xas_store_in_place(xas, entry, &curr))
		return curr;
	if (entry)
		curr = xas_create(xas, !xa_is_node(entry) && !xa_is_zero(entry));
	else
		curr = xas_load(xas);
	if (xas_invalid(xas))
		return curr;

	node = xas->xa_node;
	if (node && xas->xa_shift < node->shift)
		xas->xa_sibs = 0;
	if (curr == entry && !xas->xa_sibs)
		return curr;

	if (node && xas->xa_sibs)
		xas_squash_marks(xas);
	if (!entry)
		xas_init_marks(xas);	/* R4 */

	if (!node) {
		rcu_assign_pointer(xas->xa->xa_head, entry);	/* R3 */
		if (xa_is_node(curr))
			xas_free_subtree(xas, xa_to_node(curr));
		return curr;
	}
	return xas_store_slots(xas, entry, curr);
}
EXPORT_SYMBOL_GPL(xas_store);

/*
 * ==================================================================
 * Marks
 * ==================================================================
 */

/**
 * xas_get_mark() - Test a mark on the entry under the cursor.
 * @xas: The cursor.
 * @mark: Which mark.
 *
 * Return: Whether @mark is set; false also for a cursor in an error
 * state.
 */
bool xas_get_mark(const struct xa_state *xas, xa_mark_t mark)
{
	if (xas_invalid(xas))
		return false;
	if (xas->xa_node)
		return node_get_mark(xas->xa_node, xas->xa_offset, mark);
	return xa_marked(xas->xa, mark);
}
EXPORT_SYMBOL_GPL(xas_get_mark);

/*
 * Set or clear @mark on the cursor's slot and up the path to the array.
 * Setting stops at a bit that was set already (all above it are too);
 * clearing stops at a bit that was clear, or at a node where another
 * slot still has the mark.
 */
static void xas_mark_path(const struct xa_state *xas, xa_mark_t mark, bool set)
{
	struct xa_node *node = xas->xa_node;
	unsigned int offset = xas->xa_offset;

	if (xas_invalid(xas))
		return;
	for (; node; offset = node->offset,
	     node = xa_parent_locked(xas->xa, node)) {
		if (set ? node_set_mark(node, offset, mark) :
			  !node_clear_mark(node, offset, mark) ||
			  node_any_mark(node, mark))
			return;
	}
	if (set)
		xa_mark_set(xas->xa, mark);
	else
		xa_mark_clear(xas->xa, mark);
}

/**
 * xas_set_mark() - Set a mark on the cursor's entry and up the tree.
 * @xas: The cursor.
 * @mark: Which mark.
 *
 * Sets @mark on the entry the cursor is on, and on every ancestor slot
 * up to the array.  Does nothing for a cursor in an error state.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void xas_set_mark(const struct xa_state *xas, xa_mark_t mark)
{
	xas_mark_path(xas, mark, true);
}
EXPORT_SYMBOL_GPL(xas_set_mark);

/**
 * xas_clear_mark() - Clear a mark on the cursor's entry and up the tree.
 * @xas: The cursor.
 * @mark: Which mark.
 *
 * Clears @mark on the entry the cursor is on, and on each ancestor slot
 * whose subtree no longer has any entry with it.  Does nothing for a
 * cursor in an error state.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void xas_clear_mark(const struct xa_state *xas, xa_mark_t mark)
{
	xas_mark_path(xas, mark, false);
}
EXPORT_SYMBOL_GPL(xas_clear_mark);

/**
 * xas_init_marks() - Give the cursor's entry the marks of an empty slot.
 * @xas: The cursor.
 *
 * Puts the marks of the entry the cursor is on in the state of an empty
 * slot: all clear, except the free mark of an allocating array, which is
 * set.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void xas_init_marks(const struct xa_state *xas)
{
	bool track = xa_track_free(xas->xa);
	xa_mark_t mark;

	for_each_xa_mark(mark) {
		if (track && mark == XA_FREE_MARK)
			xas_set_mark(xas, mark);
		else
			xas_clear_mark(xas, mark);
	}
}
EXPORT_SYMBOL_GPL(xas_init_marks);

/*
 * ==================================================================
 * Splitting
 * ==================================================================
 */

#ifdef CONFIG_XARRAY_MULTI
/* The marks set on one slot, as a bitmask (bit N for mark N). */
static unsigned int node_get_marks(struct xa_node *node, unsigned int offset)
{
	unsigned int marks = 0;
	xa_mark_t mark;

	for_each_xa_mark(mark)
		if (node_get_mark(node, offset, mark))
			marks |= 1U << (__force unsigned int)mark;
	return marks;
}

/* Set the marks in the bitmask @marks on slot @offset of @node. */
static void node_set_marks(struct xa_node *node, unsigned int offset,
			   unsigned int marks)
{
	xa_mark_t mark;

	for_each_xa_mark(mark)
		if (marks & (1U << (__force unsigned int)mark))
			node_set_mark(node, offset, mark);
}

/* How many nodes splitting an entry of @order to the cursor's size needs. */
static unsigned long xas_split_nodes(const struct xa_state *xas,
				     unsigned int order)
{
	unsigned int top = order - order % XA_CHUNK_SHIFT;
	unsigned long per_slot = 0, level = 1;
	unsigned int shift;

	if (top <= xas->xa_shift)
		return 0;
	/* Each slot of the old entry becomes a subtree down to xa_shift. */
	for (shift = top; shift > xas->xa_shift; shift -= XA_CHUNK_SHIFT) {
		per_slot += level;
		level *= XA_CHUNK_SIZE;
	}
	return per_slot << (order % XA_CHUNK_SHIFT);
}

/**
 * xas_split_alloc() - Preallocate the nodes xas_split() will use.
 * @xas: The cursor.
 * @entry: What each smaller entry will be.
 * @order: The order of the entry being split.
 * @gfp: How to allocate a node if one is needed.
 *
 * Allocates the nodes that xas_split() will need to split an entry of
 * @order into entries of the cursor's order, without holding the lock.
 * Entries of any size can be split; one that spans more than one level
 * needs a subtree of nodes for each of its slots.  Nothing is needed
 * when the new entries fit in the node the old one is in.  On failure
 * the cursor holds -ENOMEM (or -EINVAL if @entry is an internal entry
 * other than a zero entry) and nothing is kept.
 *
 * Context: Sleeps only if @gfp allows blocking.
 */
void xas_split_alloc(struct xa_state *xas, void *entry, unsigned int order,
		     gfp_t gfp)
{
	unsigned long nodes = xas_split_nodes(xas, order);

	/* The pieces must be entries the normal API could store. */
	if (WARN_ON_ONCE(xa_refuses_entry(entry))) {
		xas_set_err(xas, -EINVAL);
		return;
	}
	while (nodes--) {
		if (!xas_add_spare(xas, gfp)) {
			xas_destroy(xas);
			xas_set_err(xas, -ENOMEM);
			return;
		}
	}
}
EXPORT_SYMBOL_GPL(xas_split_alloc);

/* Take a spare node that xas_split_alloc() provided. */
static struct xa_node *xas_take_spare(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_alloc;

	xas->xa_alloc = rcu_dereference_raw(node->parent);
	return node;
}

static void xas_fill_split(struct xa_state *xas, struct xa_node *node,
			   void *entry, unsigned int marks);

/*
 * Build, from the spares, the node that replaces slot @offset of @parent
 * in a split, filled in and ready to publish; the slot keeps @marks.
 */
static struct xa_node *xas_split_child(struct xa_state *xas,
				       struct xa_node *parent,
				       unsigned int offset, void *entry,
				       unsigned int marks)
{
	struct xa_node *child = xas_take_spare(xas);

	child->shift = parent->shift - XA_CHUNK_SHIFT;
	child->offset = offset;
	child->array = xas->xa;
	RCU_INIT_POINTER(child->parent, parent);
	xas_fill_split(xas, child, entry, marks);
	node_set_marks(parent, offset, marks);
	return child;
}

/*
 * Fill @node, which covers part of a split entry, with @entry in pieces
 * of the cursor's size, each carrying @marks; nodes below the cursor's
 * level are built recursively from the spares.
 */
static void xas_fill_split(struct xa_state *xas, struct xa_node *node,
			   void *entry, unsigned int marks)
{
	unsigned int i;

	node->count = XA_CHUNK_SIZE;
	node->nr_values = xa_is_value(entry) ? XA_CHUNK_SIZE : 0;
	for (i = 0; i < XA_CHUNK_SIZE; i++) {
		void *slot;

		if (node->shift > xas->xa_shift) {
			slot = xa_mk_node(xas_split_child(xas, node, i, entry,
							  marks));
		} else if (i & xas->xa_sibs) {
			slot = xa_mk_sibling(i & ~xas->xa_sibs);
		} else {
			slot = entry;
			node_set_marks(node, i, marks);
		}
		RCU_INIT_POINTER(node->slots[i], slot);
		if (xa_is_node(slot))
			xas_update(xas, xa_to_node(slot));
	}
	if (node->shift > xas->xa_shift)
		node->nr_values = 0;
}

/**
 * xas_split() - Break a multi-index entry into ones of the cursor's order.
 * @xas: The cursor.
 * @entry: What each smaller entry will be.
 * @order: The order of the entry being split.
 *
 * Replaces the entry of @order that contains the cursor's index with
 * entries of the cursor's order, each @entry and each with the old
 * entry's marks.  The nodes this needs must come from xas_split_alloc().
 * Readers see either the old entry or the new ones at every index.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void xas_split(struct xa_state *xas, void *entry, unsigned int order)
{
	unsigned int slots = 1U << (order % XA_CHUNK_SHIFT);
	unsigned int first, offset, marks;
	struct xa_node *node;
	void *curr = xas_load(xas);
	int values = 0;

	node = xas->xa_node;
	if (xas_top(node))
		return;

	marks = node_get_marks(node, xas->xa_offset);
	first = xas->xa_offset;
	/*
	 * Last slot first, each new child built before it is published
	 * (R1): a reader that finds a new sibling follows it to a slot that
	 * still holds the old entry, which covers its index too.
	 */
	for (offset = first + slots; offset-- > first; ) {
		if (xas->xa_shift < node->shift) {
			struct xa_node *child = xas_split_child(xas, node,
						offset, entry, marks);

			rcu_assign_pointer(node->slots[offset],
					   xa_mk_node(child));
			values -= xa_is_value(curr);
			xas_update(xas, child);
		} else if ((offset - first) & xas->xa_sibs) {
			unsigned int canon = offset & ~xas->xa_sibs;

			rcu_assign_pointer(node->slots[offset],
					   xa_mk_sibling(canon));
			values += xa_is_value(entry) - xa_is_value(curr);
		} else {
			node_set_marks(node, offset, marks);
			rcu_assign_pointer(node->slots[offset], entry);
			values += xa_is_value(entry) - xa_is_value(curr);
		}
	}

	xas_account(xas, 0, values);
}
EXPORT_SYMBOL_GPL(xas_split);
#endif

/*
 * ==================================================================
 * Moving the cursor
 * ==================================================================
 */

/**
 * xas_pause() - Make a walk safe to resume after the lock is dropped.
 * @xas: The cursor.
 *
 * Call before dropping the lock in the middle of a walk.  The cursor is
 * moved past the entry it is on (past all of a multi-index entry) and
 * reset, so the next xas_find() or xas_next_entry() starts from the
 * index after it, even if the array changed meanwhile.
 *
 * Context: Any context; the caller still holds the lock it will drop.
 */
void xas_pause(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;

	if (xas_invalid(xas))
		return;

	if (node) {
		unsigned long offset = xas->xa_offset;

		while (++offset < XA_CHUNK_SIZE) {
			if (!xa_is_sibling(xa_entry(xas->xa, node, offset)))
				break;
		}
		/* The start of the next entry, not an offset from this index. */
		xas_move_index(xas, offset);
		xas->xa_node = xas->xa_index ? XAS_RESTART : XAS_BOUNDS;
	} else {
		xas->xa_index++;
		xas->xa_node = XAS_RESTART;
	}
}
EXPORT_SYMBOL_GPL(xas_pause);

/*
 * Walk down from the cursor's slot, which may hold a node, to the entry
 * at xa_index in the lowest node on the path.
 */
static void *xas_walk_down(struct xa_state *xas)
{
	for (;;) {
		void *entry = xa_entry(xas->xa, xas->xa_node, xas->xa_offset);

		if (!xa_is_node(entry))
			return entry;
		xas->xa_node = xa_to_node(entry);
		xas_set_offset(xas);
	}
}

/*
 * After a step of xa_index: if it left the slot the old index was in, go
 * to the neighbouring slot in that direction.  The cursor may be on the
 * canonical slot of a multi-index entry rather than on the old index's own
 * slot, so the move is made from the old index's slot.
 */
static __always_inline void xas_step_offset(struct xa_state *xas, int step)
{
	unsigned int old = get_offset(xas->xa_index - step, xas->xa_node);

	if (old != get_offset(xas->xa_index, xas->xa_node))
		xas->xa_offset = old + step;
}

/*
 * The slow path of xas_next() and xas_prev(): move one index in direction
 * @step (+1 or -1), climbing out of the node when the cursor leaves it
 * and walking down again.  An offset moved below 0 wraps to 255, so one
 * range check catches leaving the node at either end.
 */
static void *xas_step(struct xa_state *xas, int step)
{
	if (!xas_frozen(xas->xa_node))
		xas->xa_index += step;
	if (!xas->xa_node)
		return set_bounds(xas);
	if (xas_not_node(xas->xa_node))
		return xas_load(xas);
	/* A step past either end of the index space leaves the tree. */
	if (xas->xa_index == (step > 0 ? 0 : ULONG_MAX))
		return set_bounds(xas);

	xas_step_offset(xas, step);
	while (xas->xa_offset >= XA_CHUNK_SIZE) {
		xas->xa_offset = xas->xa_node->offset + step;
		xas->xa_node = xa_parent(xas->xa, xas->xa_node);
		if (!xas->xa_node)
			return set_bounds(xas);
	}
	return xas_walk_down(xas);
}

/**
 * __xas_prev() - Move to the previous index, the slow way.
 * @xas: The cursor.
 *
 * Called by xas_prev() when the cursor is not inside a node it can
 * simply step back in: the cursor is at the start of its node, in a
 * node above the bottom level, on the canonical slot of a multi-index entry
 * rather than its own, at the top, or in an error or restart state.
 * Use xas_prev() instead.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read lock.
 * Return: Whatever the new index holds, %NULL and internal entries
 * included; %NULL with the cursor out of bounds below index 0.
 */
void *__xas_prev(struct xa_state *xas)
{
	return xas_step(xas, -1);
}
EXPORT_SYMBOL_GPL(__xas_prev);

/**
 * __xas_next() - Move to the next index, the slow way.
 * @xas: The cursor.
 *
 * Called by xas_next() when the cursor is not inside a node it can
 * simply step forward in: the cursor is at the end of its node, in a
 * node above the bottom level, on the canonical slot of a multi-index entry
 * rather than its own, at the top, or in an error or restart state.
 * Use xas_next() instead.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read lock.
 * Return: Whatever the new index holds, %NULL and internal entries
 * included; %NULL with the cursor out of bounds above %ULONG_MAX.
 */
void *__xas_next(struct xa_state *xas)
{
	return xas_step(xas, 1);
}
EXPORT_SYMBOL_GPL(__xas_next);

/*
 * If @entry, in the cursor's slot, is a node, walk down through first
 * slots to the first thing that is not one, and return it.
 */
static void *xas_descend_first(struct xa_state *xas, void *entry)
{
	while (xa_is_node(entry)) {
		xas->xa_node = xa_to_node(entry);
		xas->xa_offset = 0;
		entry = xa_entry(xas->xa, xas->xa_node, 0);
	}
	return entry;
}

/*
 * Leave a node whose slots are used up for the next slot of its parent.
 * xa_index already points there.  Returns false at the top of the tree.
 */
static bool xas_climb(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;

	xas->xa_offset = node->offset + 1;
	xas->xa_node = xa_parent(xas->xa, node);
	return xas->xa_node;
}

/**
 * xas_find() - Advance the cursor to the next present entry.
 * @xas: The cursor.
 * @max: Look no further than this index.
 *
 * With a reset cursor, returns the entry at xa_index if there is one
 * (even in the middle of a multi-index entry), else the next present
 * entry up to @max.  With a cursor already on an entry, returns the next
 * one after it.  Retry and zero entries are returned too, for the caller
 * to handle with xas_retry().
 *
 * Running past @max leaves the cursor on the node it reached with
 * xa_index above @max; running off the end of the tree leaves it in the
 * bounds state.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read lock.
 * Return: The entry found, or %NULL if there is none.
 */
void *xas_find(struct xa_state *xas, unsigned long max)
{
	void *entry;

	if (xas_error(xas) || xas->xa_node == XAS_BOUNDS)
		return NULL;
	if (xas->xa_index > max)
		return set_bounds(xas);
	if (!xas->xa_node) {
		/* The head entry was index 0; the array holds nothing else. */
		xas->xa_index = 1;
		return set_bounds(xas);
	}
	if (xas->xa_node == XAS_RESTART) {
		entry = xas_load(xas);
		if (entry || xas_not_node(xas->xa_node))
			return entry;
	} else if (!xas->xa_node->shift &&
		   xas->xa_offset != (xas->xa_index & XA_CHUNK_MASK)) {
		/* xa_index was moved within the leaf: resume just before it. */
		xas->xa_offset = ((xas->xa_index - 1) & XA_CHUNK_MASK) + 1;
	}

	for (;;) {
		xas_next_offset(xas);
		while (xas->xa_offset == XA_CHUNK_SIZE) {
			if (xas->xa_index > max)
				return NULL;
			if (!xas_climb(xas))
				return set_bounds(xas);
		}
		if (xas->xa_index > max)
			return NULL;
		entry = xa_entry(xas->xa, xas->xa_node, xas->xa_offset);
		entry = xas_descend_first(xas, entry);
		/* Empty, or the tail of an entry already passed: step on. */
		if (entry && !xa_is_sibling(entry))
			return entry;
	}
}
EXPORT_SYMBOL_GPL(xas_find);

/* xas_find_marked() found nothing up to @max. */
static void *xas_marked_past_max(struct xa_state *xas)
{
	xas->xa_node = XAS_RESTART;
	return NULL;
}

/* xas_find_marked() ran off the top of the tree (or started past it). */
static void *xas_marked_end(struct xa_state *xas, unsigned long max)
{
	if (xas->xa_index > max)
		return xas_marked_past_max(xas);
	return set_bounds(xas);
}

/*
 * Move the cursor back to the canonical slot of the entry its slot is in
 * and return what is there (following a chain of siblings, as in
 * xas_descend()).
 */
static void *xas_to_canonical(struct xa_state *xas)
{
	void *entry = xa_entry(xas->xa, xas->xa_node, xas->xa_offset);

	while (xa_is_sibling(entry)) {
		xas->xa_offset = xa_to_sibling(entry);
		xas_move_index(xas, xas->xa_offset);
		entry = xa_entry(xas->xa, xas->xa_node, xas->xa_offset);
	}
	return entry;
}

/*
 * Begin a marked search at the top of the tree.  Returns true if that
 * settles it, with the result in *@entry; otherwise the cursor is on the
 * root's slot for xa_index.
 */
static bool xas_marked_top(struct xa_state *xas, unsigned long max,
			   xa_mark_t mark, void **entry)
{
	void *head = xa_head(xas->xa);

	xas->xa_node = NULL;
	if (xas->xa_index > max_index(head)) {
		*entry = xas_marked_end(xas, max);
		return true;
	}
	if (!xa_is_node(head)) {
		if (xa_marked(xas->xa, mark)) {
			*entry = head;
			return true;
		}
		xas->xa_index = 1;
		*entry = xas_marked_end(xas, max);
		return true;
	}
	xas->xa_node = xa_to_node(head);
	xas->xa_offset = xas->xa_index >> xas->xa_node->shift;
	return false;
}

/**
 * xas_find_marked() - Advance the cursor to the next entry with a mark.
 * @xas: The cursor.
 * @max: Look no further than this index.
 * @mark: The mark an entry must have.
 *
 * As xas_find(), for entries with @mark set.  In an allocating array the
 * free mark is set on empty slots, so searching for it can return %NULL
 * with the cursor on a free slot.
 *
 * Nothing found up to @max leaves the cursor reset (XAS_RESTART) with
 * xa_index past @max; running off the end of the tree leaves it in the
 * bounds state with xa_index just past the tree.  xa_alloc() relies on
 * the difference.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read lock.
 * Return: The entry found, or %NULL if there is none.
 */
void *xas_find_marked(struct xa_state *xas, unsigned long max, xa_mark_t mark)
{
	bool advance = true;	/* step past the slot the cursor is on */
	void *entry;

	/* As for xas_find(), the bounds state (a pause past ULONG_MAX) ends it. */
	if (xas_error(xas) || xas->xa_node == XAS_BOUNDS)
		return NULL;
	if (xas->xa_index > max)
		return xas_marked_past_max(xas);
	if (!xas->xa_node) {
		xas->xa_index = 1;
		return xas_marked_end(xas, max);
	}
	if (xas_top(xas->xa_node)) {
		if (xas_marked_top(xas, max, mark, &entry))
			return entry;
		advance = false;
	}

	while (xas->xa_index <= max) {
		unsigned int offset;

		if (unlikely(xas->xa_offset == XA_CHUNK_SIZE)) {
			if (!xas_climb(xas))
				break;
			advance = false;
			continue;
		}
		if (!advance)
			xas_to_canonical(xas);
		offset = xas_find_chunk(xas, advance, mark);
		advance = false;
		if (offset > xas->xa_offset) {
			xas_move_index(xas, offset);
			/* Past @max, or wrapped to 0 past the top of the tree. */
			if (xas->xa_index - 1 >= max)
				return xas_marked_past_max(xas);
			xas->xa_offset = offset;
			if (offset == XA_CHUNK_SIZE)
				continue;
		}

		entry = xa_entry(xas->xa, xas->xa_node, xas->xa_offset);
		/* An empty slot matches only as a free slot of an ID array. */
		if (!entry && !(xa_track_free(xas->xa) && mark == XA_FREE_MARK))
			continue;
		/*
		 * Marks sit on an entry's canonical slot, so a marked sibling
		 * is a multi-index store under way that has yet to clear
		 * the mark: the entry it belongs to starts before the cursor.
		 */
		if (xa_is_sibling(entry)) {
			advance = true;
			continue;
		}
		if (!xa_is_node(entry))
			return entry;
		xas->xa_node = xa_to_node(entry);
		xas_set_offset(xas);
	}
	return xas_marked_end(xas, max);
}
EXPORT_SYMBOL_GPL(xas_find_marked);

/*
 * Step a conflict search to the next slot of the range, leaving nodes
 * below the range's level as they run out.  False once the range is done.
 */
static bool xas_conflict_next(struct xa_state *xas)
{
	for (;;) {
		struct xa_node *node = xas->xa_node;

		if (node->shift == xas->xa_shift) {
			/*
			 * The first call may have stopped, by a sibling, on
			 * the head of an entry that starts before the range
			 * (a run that xa_store_range() made), so that
			 * xas_get_order() sees all of it.  Go on from the
			 * range's own first slot.
			 */
			unsigned int first = get_offset(xas->xa_index, node);

			if (xas->xa_offset < first)
				xas->xa_offset = first;
			if ((xas->xa_offset & xas->xa_sibs) == xas->xa_sibs)
				return false;
			break;
		}
		if (xas->xa_offset != XA_CHUNK_MASK)
			break;
		xas->xa_offset = node->offset;
		xas->xa_node = xa_parent_locked(xas->xa, node);
		if (!xas->xa_node)
			return false;
	}
	xas->xa_offset++;
	return true;
}

/**
 * xas_find_conflict() - Step through the entries a store would overlap.
 * @xas: The cursor.
 *
 * Returns, one per call, each entry that overlaps the range the cursor
 * describes (its index and order), so a caller can check a multi-index
 * store will not overwrite something it should not.
 *
 * Context: Any context; the caller holds the xa_lock.
 * Return: The next overlapping entry, or %NULL when there are no more.
 */
void *xas_find_conflict(struct xa_state *xas)
{
	void *curr;

	if (xas_error(xas) || !xas->xa_node)
		return NULL;

	if (xas_top(xas->xa_node)) {
		/* First call: whatever covers the range's first index. */
		curr = xas_start(xas);
		if (!curr)
			return NULL;
		while (xa_is_node(curr))
			curr = xas_descend(xas, xa_to_node(curr));
		if (curr)
			return curr;
	}
	/* The walk stopped above the range's level: one entry covers it. */
	if (xas->xa_node->shift > xas->xa_shift)
		return NULL;

	while (xas_conflict_next(xas)) {
		curr = xa_entry_locked(xas->xa, xas->xa_node, xas->xa_offset);
		if (!xa_is_sibling(curr))
			curr = xas_descend_first(xas, curr);
		if (curr && !xa_is_sibling(curr))
			return curr;
	}
	/* Back on the range's first slot, ready for the store. */
	xas->xa_offset -= xas->xa_sibs;
	return NULL;
}
EXPORT_SYMBOL_GPL(xas_find_conflict);

/*
 * ==================================================================
 * The normal API: loads and stores
 * ==================================================================
 */

/*
 * xa_load()'s walk (fast path F1): xas_load() without a cursor to keep up
 * to date at each level, which is most of a lookup's work.  An internal
 * entry (a sibling, retry or zero entry) is returned as it is found, for
 * xa_load_internal() to deal with.  The caller holds the RCU read lock.
 */
static __always_inline void *xa_walk(struct xarray *xa, unsigned long index)
{
	struct xa_walk w;

	return xa_walk_down(xa, index, XA_WALK_INDEX, &w);
}

/*
 * The walk ended on an internal entry.  A reservation reads as %NULL; a
 * sibling or retry entry (a multi-index entry, or a concurrent change)
 * sends the load through a cursor.
 */
static noinline void *xa_load_internal(struct xarray *xa, unsigned long index,
				       void *entry)
{
	XA_STATE(xas, xa, index);

	if (xa_is_zero(entry))
		return NULL;
	do {
		xas_reset(&xas);
		entry = xas_load(&xas);
	} while (xa_is_retry(entry));
	return xa_is_zero(entry) ? NULL : entry;
}

/**
 * xa_load() - Read the entry at an index.
 * @xa: The array.
 * @index: The index to read.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: The entry at @index in @xa; %NULL for an empty or reserved
 * index.  Never an internal entry.
 */
void *xa_load(struct xarray *xa, unsigned long index)
{
	void *entry;

	rcu_read_lock();
	entry = xa_walk(xa, index);
	if (unlikely(xa_is_internal(entry)))
		entry = xa_load_internal(xa, index, entry);
	rcu_read_unlock();

	return entry;
}
EXPORT_SYMBOL(xa_load);

/*
 * What the normal API hands back: the error the cursor holds if there is
 * one, else the entry that was there, a reservation showing as %NULL.
 */
static void *xas_outcome(struct xa_state *xas, void *curr)
{
	if (xas_error(xas))
		return xas->xa_node;
	return xa_is_zero(curr) ? NULL : curr;
}

/* When the normal API's store goes ahead. */
enum xa_store_when {
	XA_STORE_ALWAYS,	/* xa_store() */
	XA_STORE_IF_OLD,	/* xa_cmpxchg(): the slot holds @old */
	XA_STORE_IF_EMPTY,	/* xa_insert(): the slot holds nothing */
};

/*
 * The store loop behind __xa_store(), __xa_cmpxchg() and __xa_insert():
 * look at the slot if @when has a condition, store @entry if it allows,
 * and go round again after allocating if the store ran out of memory.
 * An allocating array's free mark comes off a slot that is now in use.
 * Returns what was in the slot; an error is left in the cursor.
 */
static void *xas_store_if(struct xa_state *xas, void *old, void *entry,
			  enum xa_store_when when, gfp_t gfp)
	__must_hold(xas->xa->xa_lock)
{
	bool track = xa_track_free(xas->xa);
	void *curr;

	do {
		if (when == XA_STORE_ALWAYS) {
			/* No condition: xas_store() says what it replaced. */
			curr = xas_store(xas, entry);
		} else {
			curr = xas_load(xas);
			if (when == XA_STORE_IF_EMPTY && curr) {
				xas_set_err(xas, -EBUSY);
				continue;
			}
			if (when == XA_STORE_IF_OLD && curr != old)
				continue;
			xas_store(xas, entry);
		}
		if (track && (when != XA_STORE_IF_OLD || (entry && !curr)))
			xas_clear_mark(xas, XA_FREE_MARK);
	} while (__xas_nomem(xas, gfp));

	return curr;
}

/*
 * __xa_store()'s common case (fast path F2): an ordinary @entry replaces
 * nothing or another single-index entry in an existing leaf of an array
 * that does not track free IDs.  Marks belong to the index and stay; only
 * the counts change.  Returns a retry entry when the cursor path must do
 * the work; if the way down ended at an empty slot above the leaf level,
 * the cursor is left on that slot, for xas_store() to build the rest of
 * the path from there rather than walk down again.
 */
static void *xas_store_in_leaf(struct xa_state *xas, void *entry)
{
	struct xarray *xa = xas->xa;
	struct xa_walk w;
	void *old;

	if (xa_track_free(xa))
		return XA_RETRY_ENTRY;
	old = xa_walk_down(xa, xas->xa_index, XA_WALK_INDEX, &w);
	if (!w.node)
		return XA_RETRY_ENTRY;
	if (w.shift) {
		if (!old) {
			xas->xa_node = w.node;
			xas->xa_offset = w.offset;
		}
		return XA_RETRY_ENTRY;
	}
	if (!slot_is_single(xa, w.node, w.offset, old))
		return XA_RETRY_ENTRY;
	rcu_assign_pointer(w.node->slots[w.offset], entry);	/* R3 */
	/*
	 * Write the node's header only when a count changes: readers
	 * under RCU read ->shift from the same cache line at every level.
	 */
	if (!old)
		w.node->count++;
	if (xa_is_value(entry) != xa_is_value(old))
		w.node->nr_values += xa_is_value(entry) ? 1 : -1;
	return old;
}

/* Does any mark sit on slot @offset of @node? */
static bool node_marked_at(struct xa_node *node, unsigned int offset)
{
	xa_mark_t mark;

	for_each_xa_mark(mark)
		if (node_get_mark(node, offset, mark))
			return true;
	return false;
}

/*
 * __xa_erase()'s common case (fast path F3): an unmarked single-index
 * entry leaves a leaf below the root that keeps other entries, so no mark,
 * node or tree height changes, in an array that does not track free IDs.
 * Returns a retry entry when the cursor path must do the work.
 */
static void *xa_erase_in_leaf(struct xarray *xa, unsigned long index)
{
	void *old;
	struct xa_node *node = xa_leaf(xa, index, &old);
	unsigned int offset;

	if (!node || xa_track_free(xa) || node->count < 2 ||
	    !xa_parent_locked(xa, node))
		return XA_RETRY_ENTRY;
	offset = offset_at(index, 0);
	if (!slot_is_single(xa, node, offset, old) ||
	    (old && node_marked_at(node, offset)))
		return XA_RETRY_ENTRY;
	if (old) {
		RCU_INIT_POINTER(node->slots[offset], NULL);
		node->count--;
		node->nr_values -= xa_is_value(old);
	}
	return old;
}

/**
 * __xa_erase() - Remove the entry at an index, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 *
 * Erases the entry at @index (all of a multi-index entry) and its marks.
 *
 * Context: Any context; the caller holds the xa_lock.
 * Return: What @index held before, or %NULL.
 */
void *__xa_erase(struct xarray *xa, unsigned long index)
{
	XA_STATE(xas, xa, index);
	void *old = xa_erase_in_leaf(xa, index);

	if (!xa_is_retry(old))
		return old;
	old = xas_store(&xas, NULL);
	return xas_outcome(&xas, old);
}
EXPORT_SYMBOL(__xa_erase);

/**
 * xa_erase() - Remove the entry at an index.
 * @xa: The array.
 * @index: The index to work on.
 *
 * The same as storing %NULL, except in an allocating array, where
 * storing %NULL keeps the index allocated and this frees it.
 *
 * Context: Any context; takes the xa_lock itself.
 * Return: What @index held before, or %NULL.
 */
void *xa_erase(struct xarray *xa, unsigned long index)
{
	void *old;

	xa_lock(xa);
	old = __xa_erase(xa, index);
	xa_unlock(xa);
	return old;
}
EXPORT_SYMBOL(xa_erase);

/**
 * __xa_store() - Put an entry at an index, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_store(), for a caller that holds the xa_lock.  The lock may be
 * dropped to allocate memory if @gfp allows.
 *
 * Context: Any context; the caller holds the xa_lock.  It is dropped and
 * retaken around a node allocation if @gfp allows blocking.
 * Return: What @index held before, or an xa_err() value on failure.
 */
void *__xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	XA_STATE(xas, xa, index);
	void *old;

	if (WARN_ON_ONCE(xa_refuses_entry(entry)))
		return XA_ERROR(-EINVAL);
	if (entry && !xa_is_internal(entry)) {
		old = xas_store_in_leaf(&xas, entry);
		if (!xa_is_retry(old))
			return old;
	}
	/* In an allocating array, NULL keeps the ID: store a reservation. */
	if (!entry && xa_track_free(xa))
		entry = XA_ZERO_ENTRY;
	old = xas_store_if(&xas, NULL, entry, XA_STORE_ALWAYS, gfp);
	return xas_outcome(&xas, old);
}
EXPORT_SYMBOL(__xa_store);

/**
 * xa_store() - Put an entry at an index.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * Replaces whatever is at @index, including all of a multi-index entry
 * that contains it.  Storing %NULL is erasing, except in an allocating
 * array, where the index stays allocated (reserved) until xa_erase().
 * Internal entries cannot be stored (-EINVAL).
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: What @index held before (%NULL if nothing); xa_err(-EINVAL)
 * for an internal @entry; xa_err(-ENOMEM) when a node could not be had.
 */
void *xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	void *old;

	xa_lock(xa);
	old = __xa_store(xa, index, entry, gfp);
	xa_unlock(xa);
	return old;
}
EXPORT_SYMBOL(xa_store);

/**
 * __xa_cmpxchg() - Swap in an entry if @old is there, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 * @old: The entry expected at @index.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_cmpxchg(), for a caller that holds the xa_lock.
 *
 * Context: Any context; the caller holds the xa_lock.  It is dropped and
 * retaken around a node allocation if @gfp allows blocking.
 * Return: What @index held before, or an xa_err() value on failure.
 */
void *__xa_cmpxchg(struct xarray *xa, unsigned long index,
		   void *old, void *entry, gfp_t gfp)
{
	XA_STATE(xas, xa, index);
	void *curr;

	if (WARN_ON_ONCE(xa_refuses_entry(entry)))
		return XA_ERROR(-EINVAL);
	curr = xas_store_if(&xas, old, entry, XA_STORE_IF_OLD, gfp);
	return xas_outcome(&xas, curr);
}
EXPORT_SYMBOL(__xa_cmpxchg);

/**
 * __xa_insert() - Put an entry at an empty index, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_insert(), for a caller that holds the xa_lock.  A reserved index
 * is occupied; inserting %NULL reserves the index.
 *
 * Context: Any context; the caller holds the xa_lock.  It is dropped and
 * retaken around a node allocation if @gfp allows blocking.
 * Return: 0 once stored; -EBUSY if @index was occupied (reserved counts);
 * -ENOMEM when a node could not be had; -EINVAL for an internal @entry.
 */
int __xa_insert(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	XA_STATE(xas, xa, index);

	if (WARN_ON_ONCE(xa_refuses_entry(entry)))
		return -EINVAL;
	xas_store_if(&xas, NULL, entry ? entry : XA_ZERO_ENTRY,
		     XA_STORE_IF_EMPTY, gfp);
	return xas_error(&xas);
}
EXPORT_SYMBOL(__xa_insert);

#ifdef CONFIG_XARRAY_MULTI
/*
 * Aim the cursor at the first piece of [@first, @last] that one store can
 * cover: the highest level whose slots @first is aligned to and the range
 * fills at least one of, then as many whole slots of that level as the
 * range fills and the node has left.
 */
static void xas_set_range(struct xa_state *xas, unsigned long first,
			  unsigned long last)
{
	unsigned long span = last - first;
	unsigned long slots, room;
	unsigned int shift = 0;

	xas_set(xas, first);
	while (shift + XA_CHUNK_SHIFT < BITS_PER_LONG &&
	       !(first & ((XA_CHUNK_SIZE << shift) - 1)) &&
	       span >= (XA_CHUNK_SIZE << shift) - 1)
		shift += XA_CHUNK_SHIFT;

	/* Whole slots of 2^shift indices in the range (span + 1 may wrap). */
	if (span == ULONG_MAX)
		slots = (ULONG_MAX >> shift) + 1;
	else
		slots = (span + 1) >> shift;
	room = XA_CHUNK_SIZE - ((first >> shift) & XA_CHUNK_MASK);
	xas->xa_shift = shift;
	xas->xa_sibs = min(slots, room) - 1;
}

/*
 * The cursor is on the first piece of [@first, @last] (xas_set_range()).
 * If that piece is not the whole range, make the tree tall enough for
 * @last before the pieces are stored from @first up, then aim the cursor
 * at the first piece again.  A range one store covers needs none of
 * this: the store grows the tree for its own last index, which is @last.
 */
static void xas_grow_for_range(struct xa_state *xas, unsigned long first,
			       unsigned long last)
{
	unsigned int order = BITS_PER_LONG;

	if (last - first == xas_size(xas) - 1)
		return;
	if (last + 1)
		order = __ffs(last + 1);
	xas_set_order(xas, last, order);
	xas_create(xas, true);
	if (!xas_error(xas))
		xas_set_range(xas, first, last);
}

/**
 * xa_store_range() - Make every index of a range read as one entry.
 * @xa: The array.
 * @first: Start of the range.
 * @last: End of the range, included.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * After this, every index from @first to @last reads as @entry; the
 * range is covered with as few multi-index entries as alignment allows.
 * Storing %NULL erases the range.  Any entry the range overlaps is
 * replaced as a whole.
 *
 * Context: Process context; takes the xa_lock itself.  Sleeps only if
 * @gfp allows blocking.
 * Return: %NULL when done; xa_err(-EINVAL) for an internal @entry, or
 * xa_err(-ENOMEM) when a node could not be allocated.
 */
void *xa_store_range(struct xarray *xa, unsigned long first,
		     unsigned long last, void *entry, gfp_t gfp)
{
	XA_STATE(xas, xa, 0);

	if (WARN_ON_ONCE(xa_is_internal(entry)))
		return XA_ERROR(-EINVAL);
	if (last < first)
		return XA_ERROR(-EINVAL);

	xa_lock_as(xa, xa_lock_type(xa));
	do {
		unsigned long index = first;

		xas_set_range(&xas, index, last);
		if (entry)
			xas_grow_for_range(&xas, first, last);
		while (!xas_error(&xas)) {
			xas_store(&xas, entry);
			if (xas_error(&xas))
				break;
			if (entry && xa_track_free(xa))
				xas_clear_mark(&xas, XA_FREE_MARK);
			index += xas_size(&xas);
			if (!index || index > last)
				break;
			xas_set_range(&xas, index, last);
		}
	} while (__xas_nomem(&xas, gfp));
	if (xas_error(&xas) == -ENOMEM) {
		/* The first step may have built a path to @last, too. */
		XA_STATE(end, xa, last);

		xas_drop_empty_path(&end);
	}
	xa_unlock_as(xa, xa_lock_type(xa));

	return xas_outcome(&xas, NULL);
}
EXPORT_SYMBOL(xa_store_range);

/**
 * xas_get_order() - Tell how many indices the cursor's entry spans.
 * @xas: The cursor.
 *
 * Called after xas_load(); the cursor must be on an entry.
 *
 * Return: The entry's order, from 0 (a single index) to 63.
 */
int xas_get_order(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;
	void *sibling = xa_mk_sibling(xas->xa_offset);
	unsigned int slots = 1;

	if (!node)
		return 0;
	/*
	 * An entry of 2^k slots has a sibling 2^(k-1) slots past its head.
	 * It must name this head: the next slot may start a run of its own.
	 */
	while (xas->xa_offset + slots < XA_CHUNK_SIZE &&
	       xa_entry(xas->xa, node, xas->xa_offset + slots) == sibling)
		slots *= 2;
	return node->shift + __ffs(slots);
}
EXPORT_SYMBOL_GPL(xas_get_order);

/**
 * xa_get_order() - Tell how many indices the entry at an index spans.
 * @xa: The array.
 * @index: The index to look at.
 *
 * Return: The entry's order, from 0 (a single index) to 63; 0 also
 * when @index is empty.
 */
int xa_get_order(struct xarray *xa, unsigned long index)
{
	XA_STATE(xas, xa, index);
	int order;

	rcu_read_lock();
	order = xas_load(&xas) ? xas_get_order(&xas) : 0;
	rcu_read_unlock();
	return order;
}
EXPORT_SYMBOL(xa_get_order);
#endif /* CONFIG_XARRAY_MULTI */

/*
 * ==================================================================
 * Allocating IDs
 * ==================================================================
 */

/*
 * xa_alloc()'s usual search (fast path F4): the walker follows the free
 * mark down to the first free slot at or after xa_index.  Returns true
 * with the cursor on that slot (a leaf slot, or the empty slot of a node
 * whose subtree is not built yet), or false, the cursor untouched, for
 * xas_find_marked() to search: a free slot only before xa_index in some
 * node on the way, one past @max, an index past the top of the tree, or a
 * slot that is not plainly empty.
 */
static bool xas_find_free(struct xa_state *xas, unsigned long max)
{
	struct xa_walk w;
	void *entry;

	entry = xa_walk_down(xas->xa, xas->xa_index, XA_WALK_FREE, &w);
	if (!w.node || entry || w.index > max)
		return false;
	xas->xa_node = w.node;
	xas->xa_offset = w.offset;
	xas->xa_index = w.index;
	return true;
}

/**
 * __xa_alloc() - Store an entry at a free ID, lock already held.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc(), for a caller that holds the xa_lock.
 *
 * Context: Any context; the caller holds the xa_lock.  It is dropped and
 * retaken around a node allocation if @gfp allows blocking.
 * Return: 0 with *@id set; -EBUSY when every ID in @limit is taken;
 * -ENOMEM when a node could not be had; -EINVAL for an internal @entry
 * or for an array that does not allocate.
 */
int __xa_alloc(struct xarray *xa, u32 *id, void *entry,
	       struct xa_limit limit, gfp_t gfp)
{
	XA_STATE(xas, xa, 0);

	if (WARN_ON_ONCE(xa_refuses_entry(entry)) ||
	    WARN_ON_ONCE(!xa_track_free(xa)))
		return -EINVAL;

	do {
		xas_set(&xas, limit.min);
		if (!xas_find_free(&xas, limit.max))
			xas_find_marked(&xas, limit.max, XA_FREE_MARK);
		/*
		 * Reset means nothing is free up to limit.max.  The bounds
		 * state means the first free index is past the tree, where
		 * the store will grow it.
		 */
		if (xas.xa_node == XAS_RESTART) {
			xas_set_err(&xas, -EBUSY);
			continue;
		}
		xas_store(&xas, entry ? entry : XA_ZERO_ENTRY);
		xas_clear_mark(&xas, XA_FREE_MARK);
	} while (__xas_nomem(&xas, gfp));

	if (!xas_error(&xas))
		*id = xas.xa_index;
	return xas_error(&xas);
}
EXPORT_SYMBOL(__xa_alloc);

/**
 * __xa_alloc_cyclic() - Store an entry at the next free ID in turn, locked.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @next: Where the search starts; left one past the ID handed out.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc_cyclic(), for a caller that holds the xa_lock.
 *
 * Context: Any context; the caller holds the xa_lock.  It is dropped and
 * retaken around a node allocation if @gfp allows blocking.
 * Return: 0 when a free ID turned up before the end of @limit, 1 when
 * the search had to wrap round to the bottom to find one, -EBUSY when
 * every ID in @limit is taken, -ENOMEM when a node could not be had.
 */
int __xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
		      struct xa_limit limit, u32 *next, gfp_t gfp)
{
	u32 lowest = limit.min;
	bool wrapped = false;
	int err;

	limit.min = max(lowest, *next);
	err = __xa_alloc(xa, id, entry, limit, gfp);
	if (!err) {
		/* The previous ID was the last one: this one wrapped. */
		wrapped = xa->xa_flags & XA_FLAGS_ALLOC_WRAPPED;
		xa->xa_flags &= ~XA_FLAGS_ALLOC_WRAPPED;
	} else if (err == -EBUSY && limit.min > lowest) {
		/* Only a full upper range wraps; -ENOMEM is just returned. */
		limit.min = lowest;
		err = __xa_alloc(xa, id, entry, limit, gfp);
		wrapped = true;
	}
	if (err)
		return err;

	*next = *id + 1;
	if (!*next)
		xa->xa_flags |= XA_FLAGS_ALLOC_WRAPPED;
	return wrapped;
}
EXPORT_SYMBOL(__xa_alloc_cyclic);

/*
 * ==================================================================
 * The normal API: marks
 * ==================================================================
 */

/* Set or clear @mark on the entry at @index; an empty index has none. */
static void xa_change_mark(struct xarray *xa, unsigned long index,
			   xa_mark_t mark, bool set)
{
	XA_STATE(xas, xa, index);

	if (!xas_load(&xas))
		return;
	if (set)
		xas_set_mark(&xas, mark);
	else
		xas_clear_mark(&xas, mark);
}

/**
 * __xa_set_mark() - Mark the entry at an index, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 * @mark: Which mark.
 *
 * An empty index cannot carry a mark; setting one there does nothing.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void __xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_change_mark(xa, index, mark, true);
}
EXPORT_SYMBOL(__xa_set_mark);

/**
 * __xa_clear_mark() - Unmark the entry at an index, lock already held.
 * @xa: The array.
 * @index: The index to work on.
 * @mark: Which mark.
 *
 * Context: Any context; the caller holds the xa_lock.
 */
void __xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_change_mark(xa, index, mark, false);
}
EXPORT_SYMBOL(__xa_clear_mark);

/**
 * xa_get_mark() - Test a mark on the entry at an index.
 * @xa: The array.
 * @index: The index to work on.
 * @mark: Which mark.
 *
 * The answer is read under RCU alone and may be stale by the time it is
 * used; hold the xa_lock across the test and its use when that matters.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: Whether the entry at @index has @mark (false if none is there).
 */
bool xa_get_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	XA_STATE(xas, xa, index);
	bool marked;
	void *entry;

	rcu_read_lock();
	entry = xas_start(&xas);
	/* Follow the mark down the path; a clear bit anywhere means no. */
	for (marked = xas_get_mark(&xas, mark); marked && xa_is_node(entry);
	     marked = xas_get_mark(&xas, mark))
		entry = xas_descend(&xas, xa_to_node(entry));
	rcu_read_unlock();
	return marked;
}
EXPORT_SYMBOL(xa_get_mark);

/**
 * xa_set_mark() - Mark the entry at an index.
 * @xa: The array.
 * @index: The index to work on.
 * @mark: Which mark.
 *
 * An empty index cannot carry a mark; setting one there does nothing.
 *
 * Context: Process context; takes the xa_lock itself.
 */
void xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_lock(xa);
	xa_change_mark(xa, index, mark, true);
	xa_unlock(xa);
}
EXPORT_SYMBOL(xa_set_mark);

/**
 * xa_clear_mark() - Unmark the entry at an index.
 * @xa: The array.
 * @index: The index to work on.
 * @mark: Which mark.
 *
 * Clearing a mark that is not set is harmless.
 *
 * Context: Process context; takes the xa_lock itself.
 */
void xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_lock(xa);
	xa_change_mark(xa, index, mark, false);
	xa_unlock(xa);
}
EXPORT_SYMBOL(xa_clear_mark);

/*
 * ==================================================================
 * Searching
 * ==================================================================
 */

/* One step of a forward search: marked, or any present entry. */
static void *xas_find_filtered(struct xa_state *xas, unsigned long max,
			       xa_mark_t filter)
{
	if ((__force unsigned int)filter < XA_MAX_MARKS)
		return xas_find_marked(xas, max, filter);
	return xas_find(xas, max);
}

/**
 * xa_find() - Look for the first matching entry at or after an index.
 * @xa: The array.
 * @indexp: In, where to start; out, where the entry was found.
 * @max: Look no further than this index.
 * @filter: A mark, or %XA_PRESENT for any entry.
 *
 * Finds the entry in @xa that matches @filter (a mark, or %XA_PRESENT for
 * any entry) with the lowest index at or above *@indexp and at or below
 * @max, and sets *@indexp to its index.  A multi-index entry that
 * contains *@indexp is found at *@indexp.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: The entry found, or %NULL with *@indexp left as it was.
 */
void *xa_find(struct xarray *xa, unsigned long *indexp,
	      unsigned long max, xa_mark_t filter)
{
	XA_STATE(xas, xa, *indexp);
	void *entry;

	rcu_read_lock();
	for (;;) {
		entry = xas_find_filtered(&xas, max, filter);
		if (!xas_retry(&xas, entry))
			break;
	}
	rcu_read_unlock();

	if (!entry)
		return NULL;
	*indexp = xas.xa_index;
	return entry;
}
EXPORT_SYMBOL(xa_find);

/*
 * Is the cursor past the first index of the entry it is on?  Then it is
 * an entry xa_find_after() has already returned.
 */
static bool xas_past_head(const struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;
	unsigned long head;

	if (!IS_ENABLED(CONFIG_XARRAY_MULTI) || !node)
		return false;
	head = slot_first(xas->xa_index, node->shift, xas->xa_offset);
	return xas->xa_index > head;
}

/*
 * xa_find_after()'s common case (fast path F5), a walk over a leaf that
 * holds entries of one index each: go down to the leaf for *@indexp + 1
 * without a cursor and look along that leaf only.  Returns the first
 * ordinary entry there that matches @filter (and sets *@indexp), or %NULL.
 * On %NULL, *@leafp is the leaf when the rest of it has no match (the full
 * search goes on from its end), or %NULL when the full search has to start
 * at *@indexp + 1: there is no leaf on the way, or the leaf holds
 * something only the full search deals with (a multi-index, retry or zero
 * entry).  The caller holds the RCU read lock and has checked that
 * *@indexp + 1 does not wrap.
 */
static void *xa_find_in_leaf(struct xarray *xa, unsigned long *indexp,
			     unsigned long max, xa_mark_t filter,
			     struct xa_node **leafp)
{
	unsigned long index = *indexp + 1;
	void *entry;
	struct xa_node *node = xa_leaf(xa, index, &entry);
	unsigned int offset;

	*leafp = NULL;
	if (!node)
		return NULL;
	for (offset = offset_at(index, 0); ; offset++) {
		if ((__force unsigned int)filter < XA_MAX_MARKS)
			offset = xa_chunk_next_bit(node_marks(node, filter),
						   offset);
		index = (index & ~(unsigned long)XA_CHUNK_MASK) | offset;
		if (offset >= XA_CHUNK_SIZE || index > max) {
			*leafp = node;
			return NULL;
		}
		entry = xa_entry(xa, node, offset);
		if (xa_is_internal(entry))
			return NULL;
		if (entry) {
			*indexp = index;
			return entry;
		}
		if ((__force unsigned int)filter < XA_MAX_MARKS)
			return NULL;
	}
}

/*
 * xa_find_after()'s full search, under the RCU read lock: on from the end
 * of @leaf if the leaf pass searched it, else from *@indexp + 1.  Out of
 * line so that the leaf pass, which usually finds the entry, does not pay
 * for setting up a cursor.
 */
static noinline void *xa_find_after_slow(struct xarray *xa,
					 unsigned long *indexp,
					 struct xa_node *leaf,
					 unsigned long max, xa_mark_t filter)
{
	XA_STATE(xas, xa, *indexp + 1);
	void *entry;

	if (leaf) {
		/* As if the cursor had just looked at the leaf's last slot. */
		xas.xa_node = leaf;
		xas.xa_offset = XA_CHUNK_MASK;
		xas.xa_index |= XA_CHUNK_MASK;
	}
	do {
		entry = xas_find_filtered(&xas, max, filter);
		if (xas_invalid(&xas))
			break;
		/*
		 * A marked search that starts inside a multi-index entry
		 * moves the cursor back to the entry's first index (6.1's
		 * does too, and xa_for_each_marked() then never ends): an
		 * entry that starts at or before *@indexp was seen already.
		 */
	} while (xas_past_head(&xas) || xas.xa_index <= *indexp ||
		 xas_retry(&xas, entry));

	if (entry)
		*indexp = xas.xa_index;
	return entry;
}

/**
 * xa_find_after() - Look for the first matching entry after an index.
 * @xa: The array.
 * @indexp: In, where to start; out, where the entry was found.
 * @max: Look no further than this index.
 * @filter: A mark, or %XA_PRESENT for any entry.
 *
 * As xa_find(), for the first entry after *@indexp.  A multi-index entry
 * that contains *@indexp is not found again.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: The entry found, or %NULL with *@indexp left as it was.
 */
void *xa_find_after(struct xarray *xa, unsigned long *indexp,
		    unsigned long max, xa_mark_t filter)
{
	struct xa_node *leaf;
	void *entry;

	if (*indexp == ULONG_MAX)
		return NULL;

	rcu_read_lock();
	entry = xa_find_in_leaf(xa, indexp, max, filter, &leaf);
	if (!entry)
		entry = xa_find_after_slow(xa, indexp, leaf, max, filter);
	rcu_read_unlock();
	return entry;
}
EXPORT_SYMBOL(xa_find_after);

/* Does the entry in slot @offset of @node count for xa_find_before()? */
static bool slot_matches(struct xa_node *node, unsigned int offset,
			 void *entry, xa_mark_t filter)
{
	if (!entry || xa_is_sibling(entry) || xa_is_zero(entry))
		return false;
	if ((__force unsigned int)filter < XA_MAX_MARKS)
		return node_get_mark(node, offset, filter);
	return true;
}

/* The last index of slot @offset of @node, for an @index in that node. */
static __always_inline unsigned long slot_last(const struct xa_node *node,
					       unsigned int offset,
					       unsigned long index)
{
	return slot_first(index, node->shift, offset) +
	       (1UL << node->shift) - 1;
}

/*
 * Search downwards from *@indexp for the highest matching entry whose
 * range reaches @min or above.  On success *@indexp is the entry's first
 * index.  Returns a retry entry if the tree changed under the walk.
 */
static void *xa_find_before_rcu(struct xarray *xa, unsigned long *indexp,
				unsigned long min, xa_mark_t filter)
{
	void *entry = xa_head(xa);
	unsigned long index = *indexp;
	struct xa_node *node;
	unsigned int offset;

	if (!xa_is_node(entry)) {
		if (min || xa_is_zero(entry))
			return NULL;
		if ((__force unsigned int)filter < XA_MAX_MARKS &&
		    !xa_marked(xa, filter))
			return NULL;
		*indexp = 0;
		return entry;
	}
	node = xa_to_node(entry);
	index = min(index, max_index(entry));
	offset = get_offset(index, node);
	for (;;) {
		if (slot_last(node, offset, index) < min)
			return NULL;
		entry = xa_entry(xa, node, offset);
		/*
		 * The tail of a multi-index entry: its end, checked above,
		 * reaches @min, so it is the canonical slot that is judged.
		 */
		while (xa_is_sibling(entry)) {
			offset = xa_to_sibling(entry);
			entry = xa_entry(xa, node, offset);
		}
		if (xa_is_retry(entry))
			return entry;
		if (slot_matches(node, offset, entry, filter)) {
			if (!node->shift || !xa_is_node(entry)) {
				*indexp = slot_last(node, offset, index) &
					  ~((1UL << node->shift) - 1);
				return entry;
			}
			/* Into the subtree, starting at its last slot. */
			index = min(index, slot_last(node, offset, index));
			node = xa_to_node(entry);
			offset = get_offset(index, node);
			continue;
		}
		while (!offset) {
			struct xa_node *parent = xa_parent(xa, node);

			if (!parent)
				return NULL;
			offset = node->offset;
			node = parent;
		}
		offset--;
		index = slot_last(node, offset, index);
	}
}

/**
 * xa_find_before() - Search the XArray backwards for an entry.
 * @xa: The array.
 * @indexp: In, where to start; out, where the entry was found.
 * @min: Minimum index to search to.
 * @filter: A mark, or %XA_PRESENT for any entry.
 *
 * Finds the entry in @xa that matches @filter (a mark, or %XA_PRESENT
 * for any entry) with the highest index at or below *@indexp and at or
 * above @min, and sets *@indexp to the first index of that entry (for a
 * multi-index entry, its start).  Reserved indices are skipped.  This
 * function is not in Linux 6.1; xa_for_each_reverse() is built on it.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: The entry found, or %NULL with *@indexp left as it was.
 */
void *xa_find_before(struct xarray *xa, unsigned long *indexp,
		     unsigned long min, xa_mark_t filter)
{
	unsigned long index;
	void *entry;

	if (*indexp < min)
		return NULL;
	rcu_read_lock();
	do {
		index = *indexp;
		entry = xa_find_before_rcu(xa, &index, min, filter);
	} while (xa_is_retry(entry));
	rcu_read_unlock();

	if (entry)
		*indexp = index;
	return entry;
}
EXPORT_SYMBOL(xa_find_before);

/*
 * ==================================================================
 * Extracting, deleting and destroying
 * ==================================================================
 */

/* Copy up to @n entries that xas_find_filtered() yields into @dst. */
static unsigned int xas_extract(struct xa_state *xas, void **dst,
				unsigned long max, unsigned int n,
				xa_mark_t filter)
{
	unsigned int copied = 0;

	rcu_read_lock();
	while (copied < n) {
		void *entry = xas_find_filtered(xas, max, filter);

		if (!entry)
			break;
		if (!xas_retry(xas, entry))
			dst[copied++] = entry;
	}
	rcu_read_unlock();

	return copied;
}

/**
 * xa_extract() - Gather matching entries into a C array.
 * @xa: The array to read.
 * @dst: Where the entries go.
 * @start: First index to copy from.
 * @max: Last index to copy from.
 * @n: Room in @dst, in entries.
 * @filter: A mark, or %XA_PRESENT for any entry.
 *
 * Copies up to @n entries that match @filter from @start to @max, in
 * index order, into @dst.  The copy is not atomic: entries stored or
 * erased meanwhile may or may not be seen.
 *
 * Context: Any context; takes the RCU read lock itself.
 * Return: How many entries were put in @dst.
 */
unsigned int xa_extract(struct xarray *xa, void **dst, unsigned long start,
			unsigned long max, unsigned int n, xa_mark_t filter)
{
	XA_STATE(xas, xa, start);

	if (!n)
		return 0;
	return xas_extract(&xas, dst, max, n, filter);
}
EXPORT_SYMBOL(xa_extract);

/**
 * xa_delete_node() - Unlink a node of shadow entries (page cache only).
 * @node: The node to unlink and free.
 * @update: Hook run for each node whose counts change.
 *
 * Removes @node, which holds nothing but value entries the caller no
 * longer wants, from its array.
 *
 * Context: The caller holds the xa_lock throughout.
 */
void xa_delete_node(struct xa_node *node, xa_update_node_t update)
{
	struct xarray *xa = node->array;
	XA_STATE(xas, xa, 0);

	/* A cursor on @node's slot in its parent, as large as @node. */
	xas.xa_node = xa_parent_locked(xa, node);
	xas.xa_offset = node->offset;
	xas.xa_shift = node->shift + XA_CHUNK_SHIFT;
	xas.xa_index = (unsigned long)node->offset << xas.xa_shift;
	xas_set_update(&xas, update);
	xas_store(&xas, NULL);
}
EXPORT_SYMBOL_GPL(xa_delete_node);	/* test_xarray calls it */

/**
 * xa_destroy() - Empty an array and free its nodes.
 * @xa: The array.
 *
 * Empties the array and frees its nodes.  The entries themselves are the
 * caller's to free.  The array can be used again afterwards.
 *
 * Context: Any context; takes the xa_lock itself with interrupts off.
 */
void xa_destroy(struct xarray *xa)
{
	XA_STATE(xas, xa, 0);
	unsigned long flags;
	xa_mark_t mark;
	void *head;

	xas_lock_irqsave(&xas, flags);
	head = xa_head_locked(xa);
	RCU_INIT_POINTER(xa->xa_head, NULL);
	/* An empty array: no marks, but all IDs free if it allocates from 0. */
	for_each_xa_mark(mark)
		xa_mark_clear(xa, mark);
	if (xa_track_free(xa) && !xa_zero_busy(xa))
		xa_mark_set(xa, XA_FREE_MARK);
	if (xa_is_node(head))
		xas_free_subtree(&xas, xa_to_node(head));
	xas_unlock_irqrestore(&xas, flags);
}
EXPORT_SYMBOL(xa_destroy);

#ifdef XA_DEBUG
/*
 * The dump functions print whole lines only: "%p" pointers (hashed in
 * the kernel, which is enough to match nodes up within one dump) and
 * no continuation lines.
 */

/*
 * ==================================================================
 * Dumping
 * ==================================================================
 */

/* Format @node's mark bitmaps into @buf, a word at a time. */
static void xa_format_marks(char *buf, size_t size,
			    const struct xa_node *node)
{
	size_t len = 0;
	unsigned int m, w;

	for (m = 0; m < XA_MAX_MARKS; m++)
		for (w = 0; w < XA_MARK_LONGS && len < size; w++)
			len += snprintf(buf + len, size - len, "%s%lx",
					w ? "." : " ", node->marks[m][w]);
}

/**
 * xa_dump_node() - Print one node's bookkeeping on a line of its own.
 * @node: The node, or an xa_state special value.
 */
void xa_dump_node(const struct xa_node *node)
{
	/* Each word: a separator and up to 16 hex digits. */
	char marks[XA_MAX_MARKS * XA_MARK_LONGS * 18 + 1];

	if (!node)
		return;
	if ((unsigned long)node & 3) {
		pr_info("cursor state %lu\n", (unsigned long)node);
		return;
	}
	xa_format_marks(marks, sizeof(marks), node);
	pr_info("node %p: shift %u, %s %u, %u used, %u values, parent %p, array %p, private %p/%p, marks%s\n",
		node, node->shift, node->parent ? "slot" : "root of",
		node->offset, node->count, node->nr_values, node->parent,
		node->array, node->private_list.prev, node->private_list.next,
		marks);
}

/**
 * xa_dump_index() - Print the indices one slot covers, on a line.
 * @index: First index.
 * @shift: The slot covers 2^@shift indices.
 */
void xa_dump_index(unsigned long index, unsigned int shift)
{
	unsigned long last = shift >= BITS_PER_LONG ? ULONG_MAX :
			     index | ((1UL << shift) - 1);

	if (last == index)
		pr_info("[%lu]\n", index);
	else
		pr_info("[%lu..%lu]\n", index, last);
}

/* Print what one slot holds, after its index line. */
static void xa_dump_payload(const void *entry)
{
	if (xa_is_value(entry))
		pr_info("  value %lu (%#lx)\n", xa_to_value(entry),
			xa_to_value(entry));
	else if (!xa_is_internal(entry))
		pr_info("  pointer %p\n", entry);
	else if (xa_is_sibling(entry))
		pr_info("  sibling of slot %lu\n", xa_to_sibling(entry));
	else if (xa_is_retry(entry))
		pr_info("  retry entry\n");
	else if (xa_is_zero(entry))
		pr_info("  zero entry (reserved)\n");
	else if (xa_is_node(entry))
		pr_info("  node-like pointer %p\n", entry);
	else
		pr_info("  internal entry %lu\n", xa_to_internal(entry));
}

/* Print the slot covering 2^@shift indices from @index, and its subtree. */
static void xa_dump_tree(const void *entry, unsigned long index,
			 unsigned int shift)
{
	const struct xa_node *node;
	unsigned int i;

	if (!entry)
		return;
	xa_dump_index(index, shift);
	if (!shift || !xa_is_node(entry)) {
		xa_dump_payload(entry);
		return;
	}
	node = xa_to_node(entry);
	xa_dump_node(node);
	for (i = 0; i < XA_CHUNK_SIZE; i++)
		xa_dump_tree(node->slots[i],
			     index + ((unsigned long)i << node->shift),
			     node->shift);
}

/**
 * xa_dump() - Print the whole array, one line per node and per entry.
 * @xa: The array.
 */
void xa_dump(const struct xarray *xa)
{
	void *head = xa->xa_head;

	pr_info("xarray %p: flags %x, marks %d%d%d, head %p\n", xa,
		xa->xa_flags, xa_marked(xa, XA_MARK_0),
		xa_marked(xa, XA_MARK_1), xa_marked(xa, XA_MARK_2), head);
	xa_dump_tree(head, 0, xa_is_node(head) ?
		     xa_to_node(head)->shift + XA_CHUNK_SHIFT : 0);
}

/* One DOT line for slot @i of @node, which holds @entry (not a node). */
static void xa_dot_slot(const struct xa_node *node, unsigned int i,
			const void *entry)
{
	if (xa_is_value(entry))
		pr_info("  s%u_n%p [shape=plaintext, label=\"%u: v%lu\"]; n%p -> s%u_n%p;\n",
			i, node, i, xa_to_value(entry), node, i, node);
	else if (xa_is_sibling(entry))
		pr_info("  s%u_n%p [shape=plaintext, label=\"%u: sib%lu\"]; n%p -> s%u_n%p;\n",
			i, node, i, xa_to_sibling(entry), node, i, node);
	else
		pr_info("  s%u_n%p [shape=plaintext, label=\"%u: %s\"]; n%p -> s%u_n%p;\n",
			i, node, i, xa_is_zero(entry) ? "zero" :
			xa_is_retry(entry) ? "retry" : "ptr", node, i, node);
}

/* A node of the DOT graph, an edge per child and a leaf per entry. */
static void xa_dot_node(const struct xa_node *node)
{
	unsigned int i;

	pr_info("  n%p [shape=box, label=\"shift %u count %u values %u\"];\n",
		node, node->shift, node->count, node->nr_values);
	for (i = 0; i < XA_CHUNK_SIZE; i++) {
		void *entry = node->slots[i];

		if (!entry)
			continue;
		if (node->shift && xa_is_node(entry)) {
			pr_info("  n%p -> n%p [label=\"%u\"];\n", node,
				xa_to_node(entry), i);
			xa_dot_node(xa_to_node(entry));
		} else {
			xa_dot_slot(node, i, entry);
		}
	}
}

/**
 * xa_dump_dot() - Print the array's tree as a Graphviz DOT graph.
 * @xa: The array.
 *
 * Each node is a box with an edge to each child node and to a label for
 * each entry; pipe the output to `dot -Tpng`.  Not in Linux 6.1.
 */
void xa_dump_dot(const struct xarray *xa)
{
	void *entry = xa->xa_head;

	pr_info("digraph xarray {\n");
	pr_info("  head [label=\"xarray flags %x\"];\n", xa->xa_flags);
	if (xa_is_node(entry)) {
		pr_info("  head -> n%p;\n", xa_to_node(entry));
		xa_dot_node(xa_to_node(entry));
	} else if (entry) {
		pr_info("  entry0 [shape=plaintext, label=\"0: %s\"]; head -> entry0;\n",
			xa_is_value(entry) ? "value" : "ptr");
	}
	pr_info("}\n");
}
#endif

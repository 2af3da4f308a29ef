/* SPDX-License-Identifier: GPL-2.0+ */
#ifndef _LINUX_XARRAY_H
#define _LINUX_XARRAY_H
/*
 * The XArray: an automatically resizing array of pointers, indexed by an
 * unsigned long, with three search marks per entry, RCU-safe lookups and
 * an embedded lock.  The implementation and its design notes are in
 * lib/xarray.c; Documentation/core-api/xarray.rst describes the API.
 *
 * This header is API- and layout-compatible with Linux 6.1: the radix
 * tree, the IDR and the page cache reach into struct xa_node and
 * struct xa_state directly, so neither may change shape.
 */

#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct list_lru;

/*
 * Entry encoding.  What a slot holds is told by its two low bits:
 *
 *   ...00  a pointer the user stored (kernel pointers are 4-byte aligned)
 *   ...x1  a value entry: an integer shifted left by one
 *   ...10  an internal entry, which the XArray reserves for itself:
 *          0-62 sibling entries (the slot belongs to the entry in slot N),
 *          256 retry, 257 zero, -4095..-1 errors (only ever returned),
 *          and any value above 4096 is a pointer to an xa_node.
 *
 * A user may also keep two tag bits in an aligned pointer with
 * xa_tag_pointer(); tag 2 makes it look internal, so such an entry must
 * only be handed to the normal API once untagged.
 */

#define BITS_PER_XA_VALUE	(BITS_PER_LONG - 1)

/**
 * xa_mk_value() - Encode an integer as a value entry.
 * @v: An integer from 0 to LONG_MAX.
 *
 * Context: Any context; no lock needed.
 * Return: A value entry that may be stored in any XArray.
 */
static inline void *xa_mk_value(unsigned long v)
{
	WARN_ON((long)v < 0);
	return (void *)((v << 1) | 1);
}

/**
 * xa_to_value() - Decode the integer in a value entry.
 * @entry: An entry.
 *
 * Context: Any context; no lock needed.
 * Return: The integer.
 */
static inline unsigned long xa_to_value(const void *entry)
{
	return (unsigned long)entry >> 1;
}

/**
 * xa_is_value() - Tell a value entry from a pointer.
 * @entry: An entry.
 *
 * Context: Any context; no lock needed.
 * Return: %true for a value entry, %false for a pointer.
 */
static inline bool xa_is_value(const void *entry)
{
	return (unsigned long)entry & 1;
}

/**
 * xa_tag_pointer() - Encode a pointer and a 2-bit tag as one entry.
 * @p: A pointer whose two low bits are clear.
 * @tag: 0, 1 or 3.
 *
 * Context: Any context; no lock needed.
 * Return: The encoded entry.
 */
static inline void *xa_tag_pointer(void *p, unsigned long tag)
{
	return (void *)((unsigned long)p | tag);
}

/**
 * xa_untag_pointer() - Strip the tag from a tagged-pointer entry.
 * @entry: An entry.
 *
 * Context: Any context; no lock needed.
 * Return: The pointer without its tag.
 */
static inline void *xa_untag_pointer(void *entry)
{
	return (void *)((unsigned long)entry & ~3UL);
}

/**
 * xa_pointer_tag() - Read the tag of a tagged-pointer entry.
 * @entry: An entry.
 *
 * Context: Any context; no lock needed.
 * Return: The tag, 0 to 3.
 */
static inline unsigned int xa_pointer_tag(void *entry)
{
	return (unsigned long)entry & 3UL;
}

/*
 * xa_mk_internal() - Encode a number as an internal entry.
 * @v: The payload of the internal entry.
 *
 * Internal entries are only seen by users of the advanced API; the normal
 * API never stores one and never returns one other than an error.
 */
static inline void *xa_mk_internal(unsigned long v)
{
	return (void *)((v << 2) | 2);
}

/*
 * xa_to_internal() - Decode the number in an internal entry.
 * @entry: An entry.
 */
static inline unsigned long xa_to_internal(const void *entry)
{
	return (unsigned long)entry >> 2;
}

/*
 * xa_is_internal() - Test for an entry the XArray reserves for itself.
 * @entry: An entry.
 */
static inline bool xa_is_internal(const void *entry)
{
	return ((unsigned long)entry & 3) == 2;
}

#define XA_ZERO_ENTRY		xa_mk_internal(257)

/**
 * xa_is_zero() - Test for the entry that marks a reserved index.
 * @entry: An entry read from an array.
 *
 * The normal API stores a zero entry for xa_reserve() and returns it to
 * its callers as %NULL; the advanced API sees it as it is.
 *
 * Return: %true for a zero entry.
 */
static inline bool xa_is_zero(const void *entry)
{
	return unlikely(entry == XA_ZERO_ENTRY);
}

/**
 * xa_is_err() - Test whether a returned entry encodes an errno.
 * @entry: What an XArray call returned.
 *
 * A function that can fail and returns an entry encodes the errno as an
 * internal entry; this tells such an entry apart from a stored one.
 *
 * Context: Any context; no lock needed.
 * Return: %true for an encoded errno.
 */
static __always_inline bool xa_is_err(const void *entry)
{
	return unlikely(xa_is_internal(entry) &&
			entry >= xa_mk_internal(-MAX_ERRNO));
}

/**
 * xa_err() - Extract the errno from a returned entry.
 * @entry: What an XArray call returned.
 *
 * Context: Any context; no lock needed.
 * Return: A negative errno, or 0 if @entry is not an error.
 */
static __always_inline int xa_err(void *entry)
{
	if (xa_is_err(entry))
		return (long)entry >> 2;
	return 0;
}

/**
 * struct xa_limit - The inclusive bounds of an ID search.
 * @min: Lowest ID that may be handed out.
 * @max: Highest ID that may be handed out.
 *
 * Used with xa_alloc() and friends; xa_limit_32b, xa_limit_31b and
 * xa_limit_16b are the common ranges.
 */
struct xa_limit {
	u32 max;
	u32 min;
};

#define XA_LIMIT(_min, _max) ((struct xa_limit) { .max = _max, .min = _min })

#define xa_limit_32b	XA_LIMIT(0, UINT_MAX)
#define xa_limit_31b	XA_LIMIT(0, INT_MAX)
#define xa_limit_16b	XA_LIMIT(0, USHRT_MAX)

typedef unsigned __bitwise xa_mark_t;
#define XA_MARK_0		((__force xa_mark_t)0U)
#define XA_MARK_1		((__force xa_mark_t)1U)
#define XA_MARK_2		((__force xa_mark_t)2U)
#define XA_PRESENT		((__force xa_mark_t)8U)
#define XA_MARK_MAX		XA_MARK_2
#define XA_FREE_MARK		XA_MARK_0

enum xa_lock_type {
	XA_LOCK_IRQ = 1,
	XA_LOCK_BH = 2,
};

/*
 * xa_flags.  The low bits say how the array is locked and allocated; the
 * bits above the GFP flags cache "some entry has mark N" for the whole
 * array.  The radix tree keeps GFP flags in the same word.
 */
#define XA_FLAGS_LOCK_IRQ	((__force gfp_t)XA_LOCK_IRQ)
#define XA_FLAGS_LOCK_BH	((__force gfp_t)XA_LOCK_BH)
#define XA_FLAGS_TRACK_FREE	((__force gfp_t)4U)
#define XA_FLAGS_ZERO_BUSY	((__force gfp_t)8U)
#define XA_FLAGS_ALLOC_WRAPPED	((__force gfp_t)16U)
#define XA_FLAGS_ACCOUNT	((__force gfp_t)32U)
#define XA_FLAGS_MARK(mark)	((__force gfp_t)((1U << __GFP_BITS_SHIFT) << \
						(__force unsigned)(mark)))

/* ALLOC hands out IDs from 0, ALLOC1 from 1 (0 is never free). */
#define XA_FLAGS_ALLOC	(XA_FLAGS_TRACK_FREE | XA_FLAGS_MARK(XA_FREE_MARK))
#define XA_FLAGS_ALLOC1	(XA_FLAGS_TRACK_FREE | XA_FLAGS_ZERO_BUSY)

/**
 * struct xarray - Root of an XArray: its lock, flags and top entry.
 * @xa_lock: Serialises changes to the array.
 *
 * Embed it in your data structure or define it statically; it is three
 * words.  The lock may protect your own data as well.
 *
 * @xa_head is %NULL for an empty array, the entry itself when the only
 * entry is at index 0, and otherwise a node pointer.
 */
struct xarray {
	spinlock_t	xa_lock;
/* private: only the XArray's own code touches the rest. */
	gfp_t		xa_flags;
	void __rcu *	xa_head;
};

#define XARRAY_INIT(name, flags) {				\
	.xa_lock = __SPIN_LOCK_UNLOCKED(name.xa_lock),		\
	.xa_flags = flags,					\
	.xa_head = NULL,					\
}

/**
 * DEFINE_XARRAY_FLAGS() - Define a static XArray with the given flags.
 * @name: Identifier of the new array.
 * @flags: XA_FLAGS_* bits.
 *
 * Defines and initialises an XArray at file or function scope.
 */
#define DEFINE_XARRAY_FLAGS(name, flags)				\
	struct xarray name = XARRAY_INIT(name, flags)

/**
 * DEFINE_XARRAY() - Define a static, empty XArray.
 * @name: Identifier of the new array.
 */
#define DEFINE_XARRAY(name) DEFINE_XARRAY_FLAGS(name, 0)

/**
 * DEFINE_XARRAY_ALLOC() - Define an allocating XArray whose IDs start at 0.
 * @name: Identifier of the new array.
 */
#define DEFINE_XARRAY_ALLOC(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC)

/**
 * DEFINE_XARRAY_ALLOC1() - Define an allocating XArray whose IDs start at 1.
 * @name: Identifier of the new array.
 */
#define DEFINE_XARRAY_ALLOC1(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC1)

void *xa_load(struct xarray *, unsigned long index);
void *xa_store(struct xarray *, unsigned long index, void *entry, gfp_t);
void *xa_erase(struct xarray *, unsigned long index);
void *xa_store_range(struct xarray *, unsigned long first, unsigned long last,
			void *entry, gfp_t);
bool xa_get_mark(struct xarray *, unsigned long index, xa_mark_t);
void xa_set_mark(struct xarray *, unsigned long index, xa_mark_t);
void xa_clear_mark(struct xarray *, unsigned long index, xa_mark_t);
void *xa_find(struct xarray *xa, unsigned long *index,
		unsigned long max, xa_mark_t) __attribute__((nonnull(2)));
void *xa_find_after(struct xarray *xa, unsigned long *index,
		unsigned long max, xa_mark_t) __attribute__((nonnull(2)));
void *xa_find_before(struct xarray *xa, unsigned long *index,
		unsigned long min, xa_mark_t filter) __attribute__((nonnull(2)));
unsigned int xa_extract(struct xarray *, void **dst, unsigned long start,
		unsigned long max, unsigned int n, xa_mark_t);
void xa_destroy(struct xarray *);

/**
 * xa_init_flags() - Set up an empty XArray with the given flags.
 * @xa: The array.
 * @flags: XA_FLAGS_* bits.
 *
 * For an XArray that is not defined with DEFINE_XARRAY_FLAGS().
 *
 * Context: Any context; no lock needed.
 */
static inline void xa_init_flags(struct xarray *xa, gfp_t flags)
{
	spin_lock_init(&xa->xa_lock);
	xa->xa_flags = flags;
	xa->xa_head = NULL;
}

/**
 * xa_init() - Set up an empty XArray.
 * @xa: The array.
 *
 * Context: Any context; no lock needed.
 */
static inline void xa_init(struct xarray *xa)
{
	xa_init_flags(xa, 0);
}

/**
 * xa_empty() - Test whether an array holds nothing at all.
 * @xa: The array.
 *
 * Context: Any context; no lock needed.
 * Return: %true when no index holds anything.
 */
static inline bool xa_empty(const struct xarray *xa)
{
	return xa->xa_head == NULL;
}

/**
 * xa_marked() - Test whether any entry of the array has a mark.
 * @xa: The array.
 * @mark: Which mark.
 *
 * Context: Any context; no lock needed.
 * Return: %true if at least one entry carries @mark.
 */
static inline bool xa_marked(const struct xarray *xa, xa_mark_t mark)
{
	return READ_ONCE(xa->xa_flags) & XA_FLAGS_MARK(mark);
}

/**
 * xa_for_each_range() - Loop over the present entries between two indices.
 * @xa: The array.
 * @index: Loop variable, the index of @entry.
 * @entry: Loop variable for each entry.
 * @start: First index visited.
 * @last: Last index visited.
 *
 * Runs the loop body once for each present entry from @start to @last,
 * with @index set to it.  The array may change under the loop; each step
 * is a fresh xa_find_after() under the RCU lock, so this is O(n log n),
 * and it neither sees an entry twice nor misses one present throughout.
 * Use xas_for_each() for a faster walk under a lock you already hold.
 *
 * Context: Any context; takes the RCU read lock itself.
 */
#define xa_for_each_range(xa, index, entry, start, last)		\
	for (index = start,						\
	     entry = xa_find(xa, &index, last, XA_PRESENT);		\
	     entry;							\
	     entry = xa_find_after(xa, &index, last, XA_PRESENT))

/**
 * xa_for_each_start() - Loop over the present entries from an index on.
 * @xa: The array.
 * @index: Loop variable, the index of @entry.
 * @entry: Loop variable for each entry.
 * @start: First index visited.
 *
 * As xa_for_each_range(), up to the end of the array.
 *
 * Context: Any context; takes the RCU read lock itself.
 */
#define xa_for_each_start(xa, index, entry, start) \
	xa_for_each_range(xa, index, entry, start, ULONG_MAX)

/**
 * xa_for_each() - Loop over every present entry.
 * @xa: The array.
 * @index: Loop variable, the index of @entry.
 * @entry: Loop variable for each entry.
 *
 * As xa_for_each_range(), over the whole array.
 *
 * Context: Any context; takes the RCU read lock itself.
 */
#define xa_for_each(xa, index, entry) \
	xa_for_each_start(xa, index, entry, 0)

/**
 * xa_for_each_marked() - Loop over every entry that has a mark.
 * @xa: The array.
 * @index: Loop variable, the index of @entry.
 * @entry: Loop variable for each entry.
 * @filter: A mark, or %XA_PRESENT for any entry.
 *
 * As xa_for_each(), visiting only the entries that have mark @filter.
 *
 * Context: Any context; takes the RCU read lock itself.
 */
#define xa_for_each_marked(xa, index, entry, filter) \
	for (index = 0, entry = xa_find(xa, &index, ULONG_MAX, filter); \
	     entry; entry = xa_find_after(xa, &index, ULONG_MAX, filter))

/**
 * xa_for_each_reverse() - Iterate over present entries from last to first.
 * @xa: The array.
 * @index: Index of @entry; the loop starts at the highest one.
 * @entry: Loop variable for each entry.
 *
 * Runs the loop body for each present entry, highest index first.  The
 * same guarantees as xa_for_each() hold in the other direction.  This is
 * not in Linux 6.1.
 *
 * Context: Any context; takes the RCU read lock itself.
 */
#define xa_for_each_reverse(xa, index, entry)				\
	for (index = ULONG_MAX,						\
	     entry = xa_find_before(xa, &index, 0, XA_PRESENT);		\
	     entry;							\
	     entry = index ? (index--,					\
		     xa_find_before(xa, &index, 0, XA_PRESENT)) : NULL)

#define xa_trylock(xa)		spin_trylock(&(xa)->xa_lock)
#define xa_lock(xa)		spin_lock(&(xa)->xa_lock)
#define xa_unlock(xa)		spin_unlock(&(xa)->xa_lock)
#define xa_lock_bh(xa)		spin_lock_bh(&(xa)->xa_lock)
#define xa_unlock_bh(xa)	spin_unlock_bh(&(xa)->xa_lock)
#define xa_lock_irq(xa)		spin_lock_irq(&(xa)->xa_lock)
#define xa_unlock_irq(xa)	spin_unlock_irq(&(xa)->xa_lock)
#define xa_lock_irqsave(xa, flags) \
				spin_lock_irqsave(&(xa)->xa_lock, flags)
#define xa_unlock_irqrestore(xa, flags) \
				spin_unlock_irqrestore(&(xa)->xa_lock, flags)
#define xa_lock_nested(xa, subclass) \
				spin_lock_nested(&(xa)->xa_lock, subclass)
#define xa_lock_bh_nested(xa, subclass) \
				spin_lock_bh_nested(&(xa)->xa_lock, subclass)
#define xa_lock_irq_nested(xa, subclass) \
				spin_lock_irq_nested(&(xa)->xa_lock, subclass)
#define xa_lock_irqsave_nested(xa, flags, subclass) \
		spin_lock_irqsave_nested(&(xa)->xa_lock, flags, subclass)

/*
 * The __xa_ functions expect the xa_lock to be held, and may drop and
 * retake it to allocate memory when @gfp allows blocking.
 */
void *__xa_erase(struct xarray *, unsigned long index);
void *__xa_store(struct xarray *, unsigned long index, void *entry, gfp_t);
void *__xa_cmpxchg(struct xarray *, unsigned long index, void *old,
		void *entry, gfp_t);
int __must_check __xa_insert(struct xarray *, unsigned long index,
		void *entry, gfp_t);
int __must_check __xa_alloc(struct xarray *, u32 *id, void *entry,
		struct xa_limit, gfp_t);
int __must_check __xa_alloc_cyclic(struct xarray *, u32 *id, void *entry,
		struct xa_limit, u32 *next, gfp_t);
void __xa_set_mark(struct xarray *, unsigned long index, xa_mark_t);
void __xa_clear_mark(struct xarray *, unsigned long index, xa_mark_t);

/*
 * Private: the normal API's locked calls, for each way of taking the
 * xa_lock (@type is 0, XA_LOCK_BH or XA_LOCK_IRQ, always a constant, so
 * the choice is made at compile time).
 */
static inline void xa_lock_as(struct xarray *xa, unsigned int type)
	__acquires(&xa->xa_lock)
{
	if (type == XA_LOCK_IRQ)
		xa_lock_irq(xa);
	else if (type == XA_LOCK_BH)
		xa_lock_bh(xa);
	else
		xa_lock(xa);
}

static inline void xa_unlock_as(struct xarray *xa, unsigned int type)
	__releases(&xa->xa_lock)
{
	if (type == XA_LOCK_IRQ)
		xa_unlock_irq(xa);
	else if (type == XA_LOCK_BH)
		xa_unlock_bh(xa);
	else
		xa_unlock(xa);
}

static inline void *xa_store_as(struct xarray *xa, unsigned long index,
				void *entry, gfp_t gfp, unsigned int type)
{
	void *old;

	might_alloc(gfp);
	xa_lock_as(xa, type);
	old = __xa_store(xa, index, entry, gfp);
	xa_unlock_as(xa, type);
	return old;
}

static inline void *xa_erase_as(struct xarray *xa, unsigned long index,
				unsigned int type)
{
	void *old;

	xa_lock_as(xa, type);
	old = __xa_erase(xa, index);
	xa_unlock_as(xa, type);
	return old;
}

static inline void *xa_cmpxchg_as(struct xarray *xa, unsigned long index,
				  void *old, void *entry, gfp_t gfp,
				  unsigned int type)
{
	void *curr;

	might_alloc(gfp);
	xa_lock_as(xa, type);
	curr = __xa_cmpxchg(xa, index, old, entry, gfp);
	xa_unlock_as(xa, type);
	return curr;
}

static inline int xa_insert_as(struct xarray *xa, unsigned long index,
			       void *entry, gfp_t gfp, unsigned int type)
{
	int err;

	might_alloc(gfp);
	xa_lock_as(xa, type);
	err = __xa_insert(xa, index, entry, gfp);
	xa_unlock_as(xa, type);
	return err;
}

static inline int xa_alloc_as(struct xarray *xa, u32 *id, void *entry,
			      struct xa_limit limit, u32 *next, gfp_t gfp,
			      unsigned int type)
{
	int err;

	might_alloc(gfp);
	xa_lock_as(xa, type);
	if (next)
		err = __xa_alloc_cyclic(xa, id, entry, limit, next, gfp);
	else
		err = __xa_alloc(xa, id, entry, limit, gfp);
	xa_unlock_as(xa, type);
	return err;
}

/**
 * xa_store_bh() - xa_store() with softirqs disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_store(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Return: What @index held before, or an xa_err() value on failure.
 */
static inline void *xa_store_bh(struct xarray *xa, unsigned long index,
		void *entry, gfp_t gfp)
{
	return xa_store_as(xa, index, entry, gfp, XA_LOCK_BH);
}

/**
 * xa_store_irq() - xa_store() with interrupts disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_store(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.
 * Return: What @index held before, or an xa_err() value on failure.
 */
static inline void *xa_store_irq(struct xarray *xa, unsigned long index,
		void *entry, gfp_t gfp)
{
	return xa_store_as(xa, index, entry, gfp, XA_LOCK_IRQ);
}

/**
 * xa_erase_bh() - xa_erase() with softirqs disabled.
 * @xa: The array.
 * @index: The index to work on.
 *
 * As xa_erase(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Return: What @index held before, or %NULL.
 */
static inline void *xa_erase_bh(struct xarray *xa, unsigned long index)
{
	return xa_erase_as(xa, index, XA_LOCK_BH);
}

/**
 * xa_erase_irq() - xa_erase() with interrupts disabled.
 * @xa: The array.
 * @index: The index to work on.
 *
 * As xa_erase(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.
 * Return: What @index held before, or %NULL.
 */
static inline void *xa_erase_irq(struct xarray *xa, unsigned long index)
{
	return xa_erase_as(xa, index, XA_LOCK_IRQ);
}

/**
 * xa_cmpxchg() - Swap in an entry if the expected one is there.
 * @xa: The array.
 * @index: The index to work on.
 * @old: The entry expected at @index.
 * @entry: The entry to swap in.
 * @gfp: How to allocate a node if one is needed.
 *
 * Stores @entry at @index only if the entry there is @old.  A reserved
 * index holds a zero entry: it does not match an @old of %NULL (so
 * xa_reserve() of a reserved index changes nothing), and it is returned
 * as %NULL.
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: What @index held (swapped or not), or an xa_err() value.
 */
static inline void *xa_cmpxchg(struct xarray *xa, unsigned long index,
			void *old, void *entry, gfp_t gfp)
{
	return xa_cmpxchg_as(xa, index, old, entry, gfp, 0);
}

/**
 * xa_cmpxchg_bh() - xa_cmpxchg() with softirqs disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @old: The entry expected at @index.
 * @entry: The entry to swap in.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_cmpxchg(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Sleeps only if @gfp allows blocking.
 * Return: What @index held (swapped or not), or an xa_err() value.
 */
static inline void *xa_cmpxchg_bh(struct xarray *xa, unsigned long index,
			void *old, void *entry, gfp_t gfp)
{
	return xa_cmpxchg_as(xa, index, old, entry, gfp, XA_LOCK_BH);
}

/**
 * xa_cmpxchg_irq() - xa_cmpxchg() with interrupts disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @old: The entry expected at @index.
 * @entry: The entry to swap in.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_cmpxchg(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.  Sleeps only if @gfp allows blocking.
 * Return: What @index held (swapped or not), or an xa_err() value.
 */
static inline void *xa_cmpxchg_irq(struct xarray *xa, unsigned long index,
			void *old, void *entry, gfp_t gfp)
{
	return xa_cmpxchg_as(xa, index, old, entry, gfp, XA_LOCK_IRQ);
}

/**
 * xa_insert() - Put an entry at an index that holds nothing.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * Stores @entry at @index if nothing is there; a reserved index counts
 * as occupied.  Inserting %NULL reserves the index.
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: 0 once stored; -EBUSY if @index was occupied (reserved counts);
 * -ENOMEM when a node could not be had; -EINVAL for an internal @entry.
 */
static inline int __must_check xa_insert(struct xarray *xa,
		unsigned long index, void *entry, gfp_t gfp)
{
	return xa_insert_as(xa, index, entry, gfp, 0);
}

/**
 * xa_insert_bh() - xa_insert() with softirqs disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_insert(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Sleeps only if @gfp allows blocking.
 * Return: 0 once stored; -EBUSY if @index was occupied (reserved counts);
 * -ENOMEM when a node could not be had; -EINVAL for an internal @entry.
 */
static inline int __must_check xa_insert_bh(struct xarray *xa,
		unsigned long index, void *entry, gfp_t gfp)
{
	return xa_insert_as(xa, index, entry, gfp, XA_LOCK_BH);
}

/**
 * xa_insert_irq() - xa_insert() with interrupts disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @entry: The entry to store.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_insert(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.  Sleeps only if @gfp allows blocking.
 * Return: 0 once stored; -EBUSY if @index was occupied (reserved counts);
 * -ENOMEM when a node could not be had; -EINVAL for an internal @entry.
 */
static inline int __must_check xa_insert_irq(struct xarray *xa,
		unsigned long index, void *entry, gfp_t gfp)
{
	return xa_insert_as(xa, index, entry, gfp, XA_LOCK_IRQ);
}

/**
 * xa_alloc() - Store an entry at the lowest free ID.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @gfp: How to allocate a node if one is needed.
 *
 * Stores @entry at the lowest free index within @limit and writes that
 * index to @id.  The array must have been initialised with
 * XA_FLAGS_ALLOC or XA_FLAGS_ALLOC1.  @id is unchanged on failure.
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: 0 with *@id set; -EBUSY when every ID in @limit is taken;
 * -ENOMEM when a node could not be had.
 */
static inline __must_check int xa_alloc(struct xarray *xa, u32 *id,
		void *entry, struct xa_limit limit, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, NULL, gfp, 0);
}

/**
 * xa_alloc_bh() - xa_alloc() with softirqs disabled.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Sleeps only if @gfp allows blocking.
 * Return: 0 with *@id set; -EBUSY when every ID in @limit is taken;
 * -ENOMEM when a node could not be had.
 */
static inline int __must_check xa_alloc_bh(struct xarray *xa, u32 *id,
		void *entry, struct xa_limit limit, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, NULL, gfp, XA_LOCK_BH);
}

/**
 * xa_alloc_irq() - xa_alloc() with interrupts disabled.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.  Sleeps only if @gfp allows blocking.
 * Return: 0 with *@id set; -EBUSY when every ID in @limit is taken;
 * -ENOMEM when a node could not be had.
 */
static inline int __must_check xa_alloc_irq(struct xarray *xa, u32 *id,
		void *entry, struct xa_limit limit, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, NULL, gfp, XA_LOCK_IRQ);
}

/**
 * xa_alloc_cyclic() - Store an entry at the next free ID in turn.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @next: Where the search starts; left one past the ID handed out.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc(), but the search starts at *@next and wraps around to
 * the bottom of @limit; *@next is left one past the ID handed out.
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: 0 when a free ID turned up before the end of @limit, 1 when
 * the search had to wrap round to the bottom to find one, -EBUSY when
 * every ID in @limit is taken, -ENOMEM when a node could not be had.
 */
static inline int xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
		struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, next, gfp, 0);
}

/**
 * xa_alloc_cyclic_bh() - xa_alloc_cyclic() with softirqs disabled.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @next: Where the search starts; left one past the ID handed out.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc_cyclic(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Sleeps only if @gfp allows blocking.
 * Return: 0 when a free ID turned up before the end of @limit, 1 when
 * the search had to wrap round to the bottom to find one, -EBUSY when
 * every ID in @limit is taken, -ENOMEM when a node could not be had.
 */
static inline int xa_alloc_cyclic_bh(struct xarray *xa, u32 *id, void *entry,
		struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, next, gfp, XA_LOCK_BH);
}

/**
 * xa_alloc_cyclic_irq() - xa_alloc_cyclic() with interrupts disabled.
 * @xa: The array.
 * @id: Receives the ID handed out.
 * @entry: The entry to store.
 * @limit: Lowest and highest ID allowed.
 * @next: Where the search starts; left one past the ID handed out.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_alloc_cyclic(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.  Sleeps only if @gfp allows blocking.
 * Return: 0 when a free ID turned up before the end of @limit, 1 when
 * the search had to wrap round to the bottom to find one, -EBUSY when
 * every ID in @limit is taken, -ENOMEM when a node could not be had.
 */
static inline int xa_alloc_cyclic_irq(struct xarray *xa, u32 *id, void *entry,
		struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return xa_alloc_as(xa, id, entry, limit, next, gfp, XA_LOCK_IRQ);
}

/**
 * xa_reserve() - Allocate room at an index ahead of a store.
 * @xa: The array.
 * @index: The index to work on.
 * @gfp: How to allocate a node if one is needed.
 *
 * Makes sure the memory to store at @index exists, so that a later
 * store there under a spinlock need not allocate.  Until then the index
 * reads as %NULL, but xa_insert() and xa_alloc() treat it as in use.
 * Nothing happens if an entry is already present.
 *
 * Context: Any context; takes the xa_lock itself.  Sleeps only if @gfp
 * allows blocking.
 * Return: 0 once the room exists, or -ENOMEM.
 */
static inline __must_check
int xa_reserve(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

/**
 * xa_reserve_bh() - xa_reserve() with softirqs disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_reserve(), taking the xa_lock with softirqs disabled.
 *
 * Context: Any context; takes the xa_lock itself with softirqs off.
 * Return: 0 once the room exists, or -ENOMEM.
 */
static inline __must_check
int xa_reserve_bh(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg_bh(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

/**
 * xa_reserve_irq() - xa_reserve() with interrupts disabled.
 * @xa: The array.
 * @index: The index to work on.
 * @gfp: How to allocate a node if one is needed.
 *
 * As xa_reserve(), taking the xa_lock with interrupts disabled.
 *
 * Context: Process context; takes the xa_lock itself with interrupts
 * off.
 * Return: 0 once the room exists, or -ENOMEM.
 */
static inline __must_check
int xa_reserve_irq(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg_irq(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

/**
 * xa_release() - Give back an index xa_reserve() kept.
 * @xa: The array.
 * @index: The index to work on.
 *
 * Undoes xa_reserve(); an index that has since been stored to is left
 * alone.
 *
 * Context: Any context; takes the xa_lock itself.
 */
static inline void xa_release(struct xarray *xa, unsigned long index)
{
	xa_cmpxchg(xa, index, XA_ZERO_ENTRY, NULL, 0);
}

/*
 * Everything below is the advanced API and the tree's internals.  Nodes
 * hold XA_CHUNK_SIZE slots; the radix tree shares the node type.  A
 * smaller node costs less memory per sparse entry and a larger one makes
 * the tree shallower; on 64-bit a node is 576 bytes, seven to a page.
 */
#ifndef XA_CHUNK_SHIFT
#define XA_CHUNK_SHIFT		(CONFIG_BASE_SMALL ? 4 : 6)
#endif
#define XA_CHUNK_SIZE		(1UL << XA_CHUNK_SHIFT)
#define XA_CHUNK_MASK		(XA_CHUNK_SIZE - 1)
#define XA_MAX_MARKS		3
#define XA_MARK_LONGS		DIV_ROUND_UP(XA_CHUNK_SIZE, BITS_PER_LONG)

/*
 * @count counts the non-NULL slots of any kind (entries, siblings, retry
 * entries, child nodes); @nr_values counts value entries and the sibling
 * slots of value entries.  @tags is the radix tree's name for @marks.
 */
struct xa_node {
	unsigned char	shift;		/* A slot covers 2^shift indices */
	unsigned char	offset;		/* Our slot in the parent */
	unsigned char	count;		/* Non-empty slots */
	unsigned char	nr_values;	/* Slots with value entries */
	struct xa_node __rcu *parent;	/* NULL for the root */
	struct xarray	*array;		/* Owning XArray */
	union {
		struct list_head private_list;	/* Left to the array's user */
		struct rcu_head	rcu_head;	/* Deferred free */
	};
	void __rcu	*slots[XA_CHUNK_SIZE];
	union {
		unsigned long	tags[XA_MAX_MARKS][XA_MARK_LONGS];
		unsigned long	marks[XA_MAX_MARKS][XA_MARK_LONGS];
	};
};

void xa_dump(const struct xarray *);
void xa_dump_node(const struct xa_node *);
void xa_dump_dot(const struct xarray *xa);

#ifdef XA_DEBUG
#define XA_BUG_ON(xa, x) do {					\
		if (x) {					\
			xa_dump(xa);				\
			BUG();					\
		}						\
	} while (0)
#define XA_NODE_BUG_ON(node, x) do {				\
		if (x) {					\
			if (node)				\
				xa_dump_node(node);		\
			BUG();					\
		}						\
	} while (0)
#else
#define XA_BUG_ON(xa, x)	do { } while (0)
#define XA_NODE_BUG_ON(node, x)	do { } while (0)
#endif

/* Internal to the XArray */
static inline void *xa_head(const struct xarray *xa)
{
	return rcu_dereference_check(xa->xa_head,
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline void *xa_head_locked(const struct xarray *xa)
{
	return rcu_dereference_protected(xa->xa_head,
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline void *xa_entry(const struct xarray *xa,
				const struct xa_node *node, unsigned int offset)
{
	XA_NODE_BUG_ON(node, offset >= XA_CHUNK_SIZE);
	return rcu_dereference_check(node->slots[offset],
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline void *xa_entry_locked(const struct xarray *xa,
				const struct xa_node *node, unsigned int offset)
{
	XA_NODE_BUG_ON(node, offset >= XA_CHUNK_SIZE);
	return rcu_dereference_protected(node->slots[offset],
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline struct xa_node *xa_parent(const struct xarray *xa,
					const struct xa_node *node)
{
	return rcu_dereference_check(node->parent,
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline struct xa_node *xa_parent_locked(const struct xarray *xa,
					const struct xa_node *node)
{
	return rcu_dereference_protected(node->parent,
					lockdep_is_held(&xa->xa_lock));
}

/* Internal to the XArray */
static inline void *xa_mk_node(const struct xa_node *node)
{
	return (void *)((unsigned long)node | 2);
}

/* Internal to the XArray */
static inline struct xa_node *xa_to_node(const void *entry)
{
	return (struct xa_node *)((unsigned long)entry - 2);
}

/* Internal to the XArray */
static __always_inline bool xa_is_node(const void *entry)
{
	return xa_is_internal(entry) && (unsigned long)entry > 4096;
}

/* Internal to the XArray */
static inline void *xa_mk_sibling(unsigned int offset)
{
	return xa_mk_internal(offset);
}

/* Internal to the XArray */
static inline unsigned long xa_to_sibling(const void *entry)
{
	return xa_to_internal(entry);
}

/**
 * xa_is_sibling() - Test for an entry that names a canonical slot.
 * @entry: An entry read from an array.
 *
 * Return: %true for a sibling entry.
 */
static inline bool xa_is_sibling(const void *entry)
{
	return IS_ENABLED(CONFIG_XARRAY_MULTI) && xa_is_internal(entry) &&
		(entry < xa_mk_sibling(XA_CHUNK_SIZE - 1));
}

#define XA_RETRY_ENTRY		xa_mk_internal(256)

/**
 * xa_is_retry() - Test for the entry that tells a reader to walk again.
 * @entry: An entry read from an array.
 *
 * Return: %true for a retry entry.
 */
static inline bool xa_is_retry(const void *entry)
{
	return unlikely(entry == XA_RETRY_ENTRY);
}

/**
 * xa_is_advanced() - Test for an entry only the advanced API may store.
 * @entry: The entry about to be stored.
 *
 * Return: %true for a sibling or retry entry, which the normal API
 * refuses to store.
 */
static inline bool xa_is_advanced(const void *entry)
{
	return xa_is_internal(entry) && (entry <= XA_RETRY_ENTRY);
}

/**
 * typedef xa_update_node_t - Hook run when a node's counts change.
 * @node: The node that changed.
 *
 * Called by the XArray whenever it changes the count or nr_values of a
 * node, and just before it frees one; the page cache uses it to keep its
 * list of shadow-entry nodes.  Called with the xa_lock held; it must not
 * drop it.
 */
typedef void (*xa_update_node_t)(struct xa_node *node);

void xa_delete_node(struct xa_node *, xa_update_node_t);

/*
 * The xa_state is the cursor of the advanced API, usually on the stack.
 *
 * @xa_node is NULL when the cursor is at the head of the array (the
 * entry at index 0 with no nodes above it), a node pointer when it is in
 * a node, XAS_RESTART when it must walk from the top again, XAS_BOUNDS
 * when it ran past what the tree holds, or an XA_ERROR() value after a
 * failure.  @xa_offset is the slot in @xa_node.  @xa_shift and @xa_sibs
 * describe the size of a multi-index operation.  @xa_alloc holds memory
 * that xas_nomem() allocated for the next attempt.
 */
struct xa_state {
	struct xarray *xa;
	unsigned long xa_index;
	unsigned char xa_shift;
	unsigned char xa_sibs;
	unsigned char xa_offset;
	unsigned char xa_pad;		/* Unused; fills the hole */
	struct xa_node *xa_node;
	struct xa_node *xa_alloc;
	xa_update_node_t xa_update;
	struct list_lru *xa_lru;
};

/*
 * Error values live in @xa_node; once one is set the cursor is invalid
 * until reset, so the caller can drop the lock and fix the cause.
 */
#define XA_ERROR(errno) ((struct xa_node *)(((unsigned long)errno << 2) | 2UL))
#define XAS_BOUNDS	((struct xa_node *)1UL)
#define XAS_RESTART	((struct xa_node *)3UL)

#define __XA_STATE(array, index, shift, sibs)  {	\
	.xa = array,					\
	.xa_index = index,				\
	.xa_shift = shift,				\
	.xa_sibs = sibs,				\
	.xa_offset = 0,					\
	.xa_pad = 0,					\
	.xa_node = XAS_RESTART,				\
	.xa_alloc = NULL,				\
	.xa_update = NULL,				\
	.xa_lru = NULL,					\
}

/**
 * XA_STATE() - Put a cursor for one index on the stack.
 * @name: Identifier for the cursor, often xas.
 * @array: The XArray the cursor walks.
 * @index: The index the cursor starts at.
 *
 * The cursor starts in the restart state, so its first use walks from the head.
 */
#define XA_STATE(name, array, index)				\
	struct xa_state name = __XA_STATE(array, index, 0, 0)

/**
 * XA_STATE_ORDER() - Put a cursor for an aligned range on the stack.
 * @name: Identifier for the cursor, often xas.
 * @array: The XArray the cursor walks.
 * @index: The index the cursor starts at.
 * @order: The range is 2^@order indices long.
 *
 * As XA_STATE(), for an operation on the 2^@order indices that contain
 * @index.
 */
#define XA_STATE_ORDER(name, array, index, order)		\
	struct xa_state name = __XA_STATE(array,		\
			(index >> order) << order,		\
			order - (order % XA_CHUNK_SHIFT),	\
			(1U << (order % XA_CHUNK_SHIFT)) - 1)

#define xas_marked(xas, mark)	xa_marked((xas)->xa, (mark))
#define xas_trylock(xas)	xa_trylock((xas)->xa)
#define xas_lock(xas)		xa_lock((xas)->xa)
#define xas_unlock(xas)		xa_unlock((xas)->xa)
#define xas_lock_bh(xas)	xa_lock_bh((xas)->xa)
#define xas_unlock_bh(xas)	xa_unlock_bh((xas)->xa)
#define xas_lock_irq(xas)	xa_lock_irq((xas)->xa)
#define xas_unlock_irq(xas)	xa_unlock_irq((xas)->xa)
#define xas_lock_irqsave(xas, flags) \
				xa_lock_irqsave((xas)->xa, flags)
#define xas_unlock_irqrestore(xas, flags) \
				xa_unlock_irqrestore((xas)->xa, flags)

/**
 * xas_error() - The errno a cursor is holding, if any.
 * @xas: The cursor.
 *
 * Return: The negative errno, or 0 for a cursor without an error.
 */
static __always_inline int xas_error(const struct xa_state *xas)
{
	return xa_err(xas->xa_node);
}

/**
 * xas_set_err() - Put a cursor into an error state.
 * @xas: The cursor.
 * @err: A negative errno.
 *
 * @err must be below zero: the cursor keeps errors as negative numbers
 * and tells them from node pointers by that.  xas_reset() is the way to
 * forget an error.
 */
static inline void xas_set_err(struct xa_state *xas, long err)
{
	xas->xa_node = XA_ERROR(err);
}

/**
 * xas_invalid() - Test for a cursor that is in an error or restart state.
 * @xas: The cursor.
 *
 * Return: %true if the cursor is in an error or restart state.
 */
static inline bool xas_invalid(const struct xa_state *xas)
{
	return (unsigned long)xas->xa_node & 3;
}

/**
 * xas_valid() - Test for a cursor that is usable as it stands.
 * @xas: The cursor.
 *
 * Return: %true unless the cursor is in an error or restart state.
 */
static inline bool xas_valid(const struct xa_state *xas)
{
	return !xas_invalid(xas);
}

/**
 * xas_is_node() - Test for a cursor that is inside a real node.
 * @xas: The cursor.
 *
 * Return: %true if the cursor's node is a real node, not a state.
 */
static inline bool xas_is_node(const struct xa_state *xas)
{
	return xas_valid(xas) && xas->xa_node;
}

/* Is @node one of the cursor states rather than a real node? */
static inline bool xas_not_node(struct xa_node *node)
{
	return ((unsigned long)node & 3) || !node;
}

/* Is the cursor restarting or holding an error? */
static inline bool xas_frozen(struct xa_node *node)
{
	return (unsigned long)node & 2;
}

/* Is the cursor at the head, restarting, or out of bounds? */
static inline bool xas_top(struct xa_node *node)
{
	return node <= XAS_RESTART;
}

/**
 * xas_reset() - Send a cursor back to the head on its next walk.
 * @xas: The cursor.
 *
 * Makes the next operation walk from the top of the tree again; it also
 * clears any error.  Needed after the array may have changed while the
 * cursor was not protected by a lock or RCU.
 *
 * Context: Any context; no lock needed.
 */
static inline void xas_reset(struct xa_state *xas)
{
	xas->xa_node = XAS_RESTART;
}

/**
 * xas_retry() - Handle the entries a walk must not return.
 * @xas: The cursor.
 * @entry: What the last step of the walk returned.
 *
 * A retry entry means the cursor saw the tree change under it; the
 * cursor is reset so the walk starts again.  Zero entries are skipped
 * too, as the normal API does not return them.
 *
 * Context: Any context; no lock needed.
 * Return: %true if the operation needs to be retried.
 */
static inline bool xas_retry(struct xa_state *xas, const void *entry)
{
	if (xa_is_zero(entry))
		return true;
	if (!xa_is_retry(entry))
		return false;
	xas_reset(xas);
	return true;
}

void *xas_load(struct xa_state *);
void *xas_store(struct xa_state *, void *entry);
void *xas_find(struct xa_state *, unsigned long max);
void *xas_find_conflict(struct xa_state *);

bool xas_get_mark(const struct xa_state *, xa_mark_t);
void xas_set_mark(const struct xa_state *, xa_mark_t);
void xas_clear_mark(const struct xa_state *, xa_mark_t);
void *xas_find_marked(struct xa_state *, unsigned long max, xa_mark_t);
void xas_init_marks(const struct xa_state *);

bool xas_nomem(struct xa_state *, gfp_t);
void xas_destroy(struct xa_state *);
void xas_pause(struct xa_state *);

void xas_create_range(struct xa_state *);

#ifdef CONFIG_XARRAY_MULTI
int xa_get_order(struct xarray *, unsigned long index);
int xas_get_order(struct xa_state *xas);
void xas_split(struct xa_state *, void *entry, unsigned int order);
void xas_split_alloc(struct xa_state *, void *entry, unsigned int order, gfp_t);
#else
static inline int xa_get_order(struct xarray *xa, unsigned long index)
{
	return 0;
}

static inline int xas_get_order(struct xa_state *xas)
{
	return 0;
}

static inline void xas_split(struct xa_state *xas, void *entry,
		unsigned int order)
{
	xas_store(xas, entry);
}

static inline void xas_split_alloc(struct xa_state *xas, void *entry,
		unsigned int order, gfp_t gfp)
{
}
#endif

/**
 * xas_reload() - Read the cursor's slot again.
 * @xas: The cursor.
 *
 * Re-reads the slot the cursor is on, without walking the tree, for
 * callers that took a reference on the entry and must check it is still
 * there.  A multi-index entry is returned whichever of its slots the
 * cursor is on.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read
 * lock, and the cursor is valid.
 * Return: What the slot holds now.
 */
static inline void *xas_reload(struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;
	void *entry;

	if (!node)
		return xa_head(xas->xa);
	entry = xa_entry(xas->xa, node, xas->xa_offset);
	/* Siblings name lower slots, so a chain of them (a race) ends. */
	while (IS_ENABLED(CONFIG_XARRAY_MULTI) && xa_is_sibling(entry))
		entry = xa_entry(xas->xa, node, xa_to_sibling(entry));
	return entry;
}

/**
 * xas_set() - Move a cursor to another index.
 * @xas: The cursor.
 * @index: Where the cursor goes.
 *
 * Points the cursor at @index and resets it, so the next operation walks
 * down from the head; xas_next() and xas_prev() are cheaper for a
 * neighbouring index.
 */
static inline void xas_set(struct xa_state *xas, unsigned long index)
{
	xas->xa_index = index;
	xas->xa_node = XAS_RESTART;
}

/**
 * xas_advance() - Move a cursor to the last slot of the entry it is on.
 * @xas: The cursor.
 * @index: Last index the entry covers.
 *
 * Moves the cursor to @index, which must be in the node it is in (the
 * last index of the multi-index entry it is on), so the next xas_next()
 * or iteration step goes past that entry.
 */
static inline void xas_advance(struct xa_state *xas, unsigned long index)
{
	unsigned char shift = xas_is_node(xas) ? xas->xa_node->shift : 0;

	xas->xa_index = index;
	xas->xa_offset = (index >> shift) & XA_CHUNK_MASK;
}

/**
 * xas_set_order() - Aim a cursor at an aligned range of indices.
 * @xas: The cursor.
 * @index: Any index inside the range.
 * @order: The range is 2^@order indices long.
 */
static inline void xas_set_order(struct xa_state *xas, unsigned long index,
					unsigned int order)
{
#ifdef CONFIG_XARRAY_MULTI
	xas->xa_index = order < BITS_PER_LONG ? (index >> order) << order : 0;
	xas->xa_shift = order - (order % XA_CHUNK_SHIFT);
	xas->xa_sibs = (1 << (order % XA_CHUNK_SHIFT)) - 1;
	xas->xa_node = XAS_RESTART;
#else
	BUG_ON(order > 0);
	xas_set(xas, index);
#endif
}

/**
 * xas_set_update() - Give a cursor a hook for node count changes.
 * @xas: The cursor.
 * @update: Hook run for each node whose counts change.
 *
 * The XArray calls @update whenever it changes a node's counts; only
 * the page cache needs this.
 */
static inline void xas_set_update(struct xa_state *xas, xa_update_node_t update)
{
	xas->xa_update = update;
}

/* Nodes this cursor allocates are charged to @lru (the page cache's). */
static inline void xas_set_lru(struct xa_state *xas, struct list_lru *lru)
{
	xas->xa_lru = lru;
}

/**
 * xas_next_entry() - Step a walk on to the next present entry.
 * @xas: The cursor.
 * @max: Look no further than this index.
 *
 * The fast path of xas_find() for a cursor already in a leaf node: it
 * steps along the node's slots while they hold ordinary entries and
 * calls xas_find() for anything harder.
 *
 * Return: The next present entry up to @max, or %NULL.
 */
static inline void *xas_next_entry(struct xa_state *xas, unsigned long max)
{
	struct xa_node *node = xas->xa_node;
	void *entry = NULL;

	/* Only a cursor on the leaf slot of its own index is fast. */
	if (unlikely(xas_not_node(node) || node->shift ||
		     xas->xa_offset != (xas->xa_index & XA_CHUNK_MASK)))
		return xas_find(xas, max);

	while (!entry) {
		if (unlikely(xas->xa_index >= max ||
			     xas->xa_offset == XA_CHUNK_MASK))
			return xas_find(xas, max);
		entry = xa_entry(xas->xa, node, xas->xa_offset + 1);
		if (unlikely(xa_is_internal(entry)))
			return xas_find(xas, max);
		xas->xa_offset++;
		xas->xa_index++;
	}
	return entry;
}

/*
 * Private: the first bit at or after @start in a node's bitmap of one
 * mark, or XA_CHUNK_SIZE if there is none.  A node's marks fit in one
 * word unless nodes have more slots than a word has bits; bits past
 * XA_CHUNK_SIZE in that word do not count (bitmap_fill() sets them).
 * Under RCU alone the writer may be changing the word as we read it.
 */
static __always_inline unsigned int xa_chunk_next_bit(const unsigned long *bits,
						      unsigned int start)
{
	unsigned long word;

	if (XA_CHUNK_SIZE > BITS_PER_LONG)
		return find_next_bit(bits, XA_CHUNK_SIZE, start);
	if (start >= XA_CHUNK_SIZE)
		return XA_CHUNK_SIZE;
	word = READ_ONCE(*bits);
	/* The modulo keeps the shift in range where this line is dead. */
	if (XA_CHUNK_SIZE < BITS_PER_LONG)
		word &= (1UL << (XA_CHUNK_SIZE % BITS_PER_LONG)) - 1;
	word >>= start;
	return word ? start + __ffs(word) : XA_CHUNK_SIZE;
}

/* Private: next slot in this node at or after the cursor with @mark set */
static inline unsigned int xas_find_chunk(struct xa_state *xas, bool advance,
					  xa_mark_t mark)
{
	return xa_chunk_next_bit(xas->xa_node->marks[(__force unsigned)mark],
				 xas->xa_offset + advance);
}

/**
 * xas_next_marked() - Step a walk on to the next entry with a mark.
 * @xas: The cursor.
 * @max: Look no further than this index.
 * @mark: The mark an entry must have.
 *
 * The fast path of xas_find_marked() for a cursor in a leaf node.
 *
 * Return: The next entry with @mark up to @max, or %NULL.
 */
static inline void *xas_next_marked(struct xa_state *xas, unsigned long max,
								xa_mark_t mark)
{
	struct xa_node *node = xas->xa_node;
	unsigned int offset;
	void *entry = NULL;

	if (unlikely(xas_not_node(node) || node->shift))
		return xas_find_marked(xas, max, mark);
	offset = xas_find_chunk(xas, true, mark);
	xas->xa_offset = offset;
	xas->xa_index = (xas->xa_index & ~XA_CHUNK_MASK) + offset;
	if (xas->xa_index > max)
		return NULL;
	if (offset < XA_CHUNK_SIZE)
		entry = xa_entry(xas->xa, node, offset);
	/*
	 * Past the leaf, a mark on an empty slot, or a mark on a slot that
	 * a multi-index store has just made a sibling: the slow path.
	 */
	if (!entry || xa_is_sibling(entry))
		return xas_find_marked(xas, max, mark);
	return entry;
}

/*
 * A loop over the array under a lock drops the lock and reschedules
 * every XA_CHECK_SCHED entries.
 */
enum {
	XA_CHECK_SCHED = 4096,
};

/**
 * xas_for_each() - Loop a cursor over the present entries up to a limit.
 * @xas: The cursor.
 * @entry: Loop variable for each entry.
 * @max: Last index visited.
 *
 * Runs the loop body for each present entry from the cursor to @max.
 * Entries may be deleted in the body.  Hold the RCU lock or the xa_lock;
 * call xas_pause() before dropping it.
 */
#define xas_for_each(xas, entry, max) \
	for (entry = xas_find(xas, max); entry; \
	     entry = xas_next_entry(xas, max))

/**
 * xas_for_each_marked() - Loop a cursor over marked entries up to a limit.
 * @xas: The cursor.
 * @entry: Loop variable for each entry.
 * @max: Last index visited.
 * @mark: The mark an entry must have.
 *
 * As xas_for_each(), for the entries that have @mark set.
 */
#define xas_for_each_marked(xas, entry, max, mark) \
	for (entry = xas_find_marked(xas, max, mark); entry; \
	     entry = xas_next_marked(xas, max, mark))

/**
 * xas_for_each_conflict() - Loop over the entries a store would overlap.
 * @xas: The cursor.
 * @entry: Loop variable for each entry.
 *
 * Runs the loop body for each entry that overlaps the range the cursor
 * describes (its index, shift and sibs); hold the xa_lock.
 */
#define xas_for_each_conflict(xas, entry) \
	while ((entry = xas_find_conflict(xas)))

void *__xas_next(struct xa_state *);
void *__xas_prev(struct xa_state *);

/*
 * Is the cursor on its own slot of a leaf?  A walk that met a sibling
 * leaves it on the canonical slot of the entry instead, and only the slow
 * path knows how to step from there.
 */
static inline bool xas_on_leaf_slot(const struct xa_state *xas)
{
	struct xa_node *node = xas->xa_node;

	return !xas_not_node(node) && !node->shift &&
	       xas->xa_offset == (xas->xa_index & XA_CHUNK_MASK);
}

/**
 * xas_prev() - Step the cursor down one index.
 * @xas: The cursor.
 *
 * Moves the cursor down one index and returns what is there, present or
 * not; on an error state it does nothing.  Moving below index 0 leaves
 * the cursor at ULONG_MAX in the bounds state.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read
 * lock.
 * Return: Whatever the new index holds: an entry, %NULL, or an internal
 * entry such as a retry entry.
 */
static inline void *xas_prev(struct xa_state *xas)
{
	/* Within a leaf, the previous index is the previous slot. */
	if (likely(xas_on_leaf_slot(xas) && xas->xa_offset)) {
		xas->xa_index--;
		return xa_entry(xas->xa, xas->xa_node, --xas->xa_offset);
	}
	return __xas_prev(xas);
}

/**
 * xas_next() - Step the cursor up one index.
 * @xas: The cursor.
 *
 * Moves the cursor up one index and returns what is there, present or
 * not; on an error state it does nothing.  Moving past ULONG_MAX leaves
 * the cursor at 0 in the bounds state.
 *
 * Context: Any context; the caller holds the xa_lock or the RCU read
 * lock.
 * Return: Whatever the new index holds: an entry, %NULL, or an internal
 * entry such as a retry entry.
 */
static inline void *xas_next(struct xa_state *xas)
{
	/* Within a leaf, the next index is the next slot. */
	if (likely(xas_on_leaf_slot(xas) && xas->xa_offset < XA_CHUNK_MASK)) {
		xas->xa_index++;
		return xa_entry(xas->xa, xas->xa_node, ++xas->xa_offset);
	}
	return __xas_next(xas);
}

#endif /* _LINUX_XARRAY_H */

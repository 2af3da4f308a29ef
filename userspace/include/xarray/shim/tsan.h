/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Publication as a race detector sees it; included at the end of
 * <xarray/xarray.h>, and compiled only when the program is built with
 * ThreadSanitizer (XA_SHIM_TSAN, xarray/shim/rcu.h).
 *
 * A writer fills an object, then stores it; a reader loads it and reads
 * what the writer wrote.  The library orders the two with a release
 * store and a dependent load, but it is not instrumented, so
 * ThreadSanitizer sees neither and reports the reader's reads as races
 * with the writer's.  Here each call that stores an entry releases the
 * object it points to first, and each call that returns an entry
 * acquires the object it points to: a store is a release of the stored
 * object, a load or a step of an iteration that returns it an acquire.
 * Value entries, tagged pointers and NULL are not objects and are left
 * alone.  Each wrapper calls the function by its parenthesised name, so
 * its address can still be taken.
 *
 * The layer, file by file:
 *   xarray/shim/rcu.h	finds out whether the program is built with
 *			ThreadSanitizer (XA_SHIM_TSAN) and makes grace
 *			periods visible: a read-side section's end releases,
 *			synchronize_rcu(), rcu_barrier() and each callback
 *			acquire
 *   xarray/shim/tsan.h	this file: entries stored and returned
 *   userspace/shim.c	the library's own call_rcu() and callbacks, through
 *			weak __tsan_* hooks that are there only when the
 *			program runs under ThreadSanitizer
 *   tests/api/tsan.supp	liburcu's internals, which it cannot follow
 *   scripts/library/check-tsan-wrappers.sh  fails when a function of the header
 *			that returns an entry has no wrapper here and no
 *			exemption there
 */
#ifndef XARRAY_SHIM_TSAN_H
#define XARRAY_SHIM_TSAN_H

#ifdef XA_SHIM_TSAN

static inline int xa_shim_tsan_is_object(const void *entry)
{
	return entry && !((unsigned long)entry & 3);
}

/* @entry has been returned: what its writer did happened before. */
static inline void *xa_shim_tsan_received(void *entry)
{
	if (xa_shim_tsan_is_object(entry))
		__tsan_acquire(entry);
	return entry;
}

/* @entry is about to be stored: what was done to it happens before. */
static inline void *xa_shim_tsan_sent(void *entry)
{
	if (xa_shim_tsan_is_object(entry))
		__tsan_release(entry);
	return entry;
}

static inline unsigned int xa_shim_tsan_extract(struct xarray *xa,
		void **dst, unsigned long start, unsigned long max,
		unsigned int n, xa_mark_t filter)
{
	unsigned int i, got = (xa_extract)(xa, dst, start, max, n, filter);

	for (i = 0; i < got; i++)
		xa_shim_tsan_received(dst[i]);
	return got;
}

#define xa_shim_tsan_in(call)		xa_shim_tsan_received(call)
#define xa_shim_tsan_out(e)		xa_shim_tsan_sent(e)

#define xa_load(xa, i)			xa_shim_tsan_in((xa_load)(xa, i))
#define xa_find(xa, i, max, f)		xa_shim_tsan_in((xa_find)(xa, i, max, f))
#define xa_find_after(xa, i, max, f)	xa_shim_tsan_in((xa_find_after)(xa, i, max, f))
#define xa_find_before(xa, i, min, f)	xa_shim_tsan_in((xa_find_before)(xa, i, min, f))
#define xa_extract			xa_shim_tsan_extract
#define xa_store(xa, i, e, g)		xa_shim_tsan_in((xa_store)(xa, i, xa_shim_tsan_out(e), g))
#define xa_store_bh(xa, i, e, g)	xa_shim_tsan_in((xa_store_bh)(xa, i, xa_shim_tsan_out(e), g))
#define xa_store_irq(xa, i, e, g)	xa_shim_tsan_in((xa_store_irq)(xa, i, xa_shim_tsan_out(e), g))
#define __xa_store(xa, i, e, g)		xa_shim_tsan_in((__xa_store)(xa, i, xa_shim_tsan_out(e), g))
#define xa_store_range(xa, f, l, e, g)	xa_shim_tsan_in((xa_store_range)(xa, f, l, xa_shim_tsan_out(e), g))
#define xa_erase(xa, i)			xa_shim_tsan_in((xa_erase)(xa, i))
#define xa_erase_bh(xa, i)		xa_shim_tsan_in((xa_erase_bh)(xa, i))
#define xa_erase_irq(xa, i)		xa_shim_tsan_in((xa_erase_irq)(xa, i))
#define __xa_erase(xa, i)		xa_shim_tsan_in((__xa_erase)(xa, i))
#define xa_cmpxchg(xa, i, o, e, g)	xa_shim_tsan_in((xa_cmpxchg)(xa, i, o, xa_shim_tsan_out(e), g))
#define xa_cmpxchg_bh(xa, i, o, e, g)	xa_shim_tsan_in((xa_cmpxchg_bh)(xa, i, o, xa_shim_tsan_out(e), g))
#define xa_cmpxchg_irq(xa, i, o, e, g)	xa_shim_tsan_in((xa_cmpxchg_irq)(xa, i, o, xa_shim_tsan_out(e), g))
#define __xa_cmpxchg(xa, i, o, e, g)	xa_shim_tsan_in((__xa_cmpxchg)(xa, i, o, xa_shim_tsan_out(e), g))
#define xa_insert(xa, i, e, g)		(xa_insert)(xa, i, xa_shim_tsan_out(e), g)
#define xa_insert_bh(xa, i, e, g)	(xa_insert_bh)(xa, i, xa_shim_tsan_out(e), g)
#define xa_insert_irq(xa, i, e, g)	(xa_insert_irq)(xa, i, xa_shim_tsan_out(e), g)
#define __xa_insert(xa, i, e, g)	(__xa_insert)(xa, i, xa_shim_tsan_out(e), g)
#define xa_alloc(xa, id, e, l, g)	(xa_alloc)(xa, id, xa_shim_tsan_out(e), l, g)
#define xa_alloc_bh(xa, id, e, l, g)	(xa_alloc_bh)(xa, id, xa_shim_tsan_out(e), l, g)
#define xa_alloc_irq(xa, id, e, l, g)	(xa_alloc_irq)(xa, id, xa_shim_tsan_out(e), l, g)
#define __xa_alloc(xa, id, e, l, g)	(__xa_alloc)(xa, id, xa_shim_tsan_out(e), l, g)
#define xa_alloc_cyclic(xa, id, e, l, n, g) \
	(xa_alloc_cyclic)(xa, id, xa_shim_tsan_out(e), l, n, g)
#define xa_alloc_cyclic_bh(xa, id, e, l, n, g) \
	(xa_alloc_cyclic_bh)(xa, id, xa_shim_tsan_out(e), l, n, g)
#define xa_alloc_cyclic_irq(xa, id, e, l, n, g) \
	(xa_alloc_cyclic_irq)(xa, id, xa_shim_tsan_out(e), l, n, g)
#define __xa_alloc_cyclic(xa, id, e, l, n, g) \
	(__xa_alloc_cyclic)(xa, id, xa_shim_tsan_out(e), l, n, g)
#define xas_load(xas)			xa_shim_tsan_in((xas_load)(xas))
#define xas_reload(xas)			xa_shim_tsan_in((xas_reload)(xas))
#define xas_store(xas, e)		xa_shim_tsan_in((xas_store)(xas, xa_shim_tsan_out(e)))
#define xas_find(xas, max)		xa_shim_tsan_in((xas_find)(xas, max))
#define xas_find_conflict(xas)		xa_shim_tsan_in((xas_find_conflict)(xas))
#define xas_find_marked(xas, max, m)	xa_shim_tsan_in((xas_find_marked)(xas, max, m))
#define xas_next_entry(xas, max)	xa_shim_tsan_in((xas_next_entry)(xas, max))
#define xas_next_marked(xas, max, m)	xa_shim_tsan_in((xas_next_marked)(xas, max, m))
#define xas_next(xas)			xa_shim_tsan_in((xas_next)(xas))
#define xas_prev(xas)			xa_shim_tsan_in((xas_prev)(xas))

#endif
#endif

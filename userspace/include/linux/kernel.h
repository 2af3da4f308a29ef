/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The kernel primitives lib/xarray.c and include/linux/xarray.h use, for
 * building them as a userspace library: locks are pthread mutexes, RCU is
 * liburcu's default flavour, node allocation is malloc with a failure
 * hook, BUG and WARN print to stderr.  This directory is the only place
 * that knows it is not in the kernel; the other linux/ headers here only
 * include this one.
 */
#ifndef _XARRAY_USERSPACE_KERNEL_H
#define _XARRAY_USERSPACE_KERNEL_H

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <urcu.h>

/* Compiler and sparse annotations. */
#define __rcu
#define __force
#define __bitwise
#define __must_check		__attribute__((warn_unused_result))
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define noinline		__attribute__((__noinline__))
#ifndef __always_inline		/* glibc's <sys/cdefs.h> may have it */
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define EXPORT_SYMBOL(sym)	extern int xa_export_##sym
#define EXPORT_SYMBOL_GPL(sym)	extern int xa_export_##sym

/* Configuration: a 64-slot node, multi-index entries on. */
#define CONFIG_BASE_SMALL	0
#define CONFIG_XARRAY_MULTI	1
#define IS_ENABLED(opt)		(opt)

typedef uint32_t u32;
typedef unsigned int gfp_t;

#define BITS_PER_LONG		(CHAR_BIT * (int)sizeof(long))
#define MAX_ERRNO		4095
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))

/* BUG and WARN: report on stderr; BUG aborts. */
#define BUG() do {							\
		fprintf(stderr, "xarray: BUG at %s:%d\n", __FILE__, __LINE__);\
		abort();						\
	} while (0)
#define BUG_ON(cond)		do { if (unlikely(cond)) BUG(); } while (0)
#define WARN_ON(cond) ({						\
		bool __warn = !!(cond);					\
		if (unlikely(__warn))					\
			fprintf(stderr, "xarray: WARNING at %s:%d: %s\n", \
				__FILE__, __LINE__, #cond);		\
		__warn;							\
	})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define pr_info(...)		printf(__VA_ARGS__)
#define pr_cont(...)		printf(__VA_ARGS__)

/*
 * Bit operations on unsigned long bitmaps.  RCU readers test marks while
 * the writer (holding the lock) changes them, as in the kernel; the
 * words are read and written with relaxed atomics, which are plain moves
 * on the machines we build for, so that ThreadSanitizer sees it too.
 */
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define bit_word_load(p)	READ_ONCE(*(p))
#define bit_word_store(p, v)	__atomic_store_n(p, v, __ATOMIC_RELAXED)

static inline bool test_bit(unsigned long nr, const unsigned long *addr)
{
	return bit_word_load(&addr[BIT_WORD(nr)]) & BIT_MASK(nr);
}

static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	unsigned long *word = &addr[BIT_WORD(nr)];

	bit_word_store(word, bit_word_load(word) | BIT_MASK(nr));
}

static inline bool __test_and_set_bit(unsigned long nr, unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline bool __test_and_clear_bit(unsigned long nr, unsigned long *addr)
{
	unsigned long *word = &addr[BIT_WORD(nr)];
	bool old = test_bit(nr, addr);

	bit_word_store(word, bit_word_load(word) & ~BIT_MASK(nr));
	return old;
}

static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* A word at a time, as the kernel's does. */
static inline unsigned long find_next_bit(const unsigned long *addr,
		unsigned long size, unsigned long offset)
{
	unsigned long word;

	if (offset >= size)
		return size;
	word = bit_word_load(&addr[BIT_WORD(offset)]) &
	       (~0UL << (offset % BITS_PER_LONG));
	while (!word) {
		offset = (offset | (BITS_PER_LONG - 1)) + 1;
		if (offset >= size)
			return size;
		word = bit_word_load(&addr[BIT_WORD(offset)]);
	}
	offset = (offset & ~(BITS_PER_LONG - 1UL)) + __ffs(word);
	return offset < size ? offset : size;
}

static inline bool bitmap_empty(const unsigned long *addr, unsigned int bits)
{
	return find_next_bit(addr, bits, 0) >= bits;
}

static inline void bitmap_fill(unsigned long *addr, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < bits; i++)
		__set_bit(i, addr);
}

static inline void bitmap_clear(unsigned long *addr, unsigned int start,
		unsigned int len)
{
	while (len--)
		__test_and_clear_bit(start++, addr);
}

/* Lists: only the node's private list head is touched. */
struct list_head {
	struct list_head *next, *prev;
};

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

/* Locks: a spinlock is a pthread mutex; irq and bh flavours are the same. */
typedef pthread_mutex_t spinlock_t;
#define __SPIN_LOCK_UNLOCKED(name)	PTHREAD_MUTEX_INITIALIZER
#define spin_lock_init(l)		pthread_mutex_init(l, NULL)
#define spin_lock(l)			pthread_mutex_lock(l)
#define spin_unlock(l)			pthread_mutex_unlock(l)
#define spin_trylock(l)			(pthread_mutex_trylock(l) == 0)
#define spin_lock_bh(l)			spin_lock(l)
#define spin_unlock_bh(l)		spin_unlock(l)
#define spin_lock_irq(l)		spin_lock(l)
#define spin_unlock_irq(l)		spin_unlock(l)
#define spin_lock_irqsave(l, f)		do { (f) = 0; spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); spin_unlock(l); } while (0)
#define spin_lock_nested(l, s)		spin_lock(l)
#define spin_lock_bh_nested(l, s)	spin_lock(l)
#define spin_lock_irq_nested(l, s)	spin_lock(l)
#define spin_lock_irqsave_nested(l, f, s) spin_lock_irqsave(l, f)
#define lockdep_is_held(l)		((void)(l), 1)

/* RCU: liburcu provides rcu_read_lock(), call_rcu() and struct rcu_head. */
#define rcu_dereference_check(p, c)	({ (void)(c); rcu_dereference(p); })
#define rcu_dereference_protected(p, c)	((void)(c), (p))
#define rcu_dereference_raw(p)		rcu_dereference(p)
#define smp_rmb()			cmm_smp_rmb()
#ifdef __SANITIZE_THREAD__
/*
 * ThreadSanitizer cannot see that a grace period separates a reader's
 * last access to an object from the RCU callback that frees it, nor
 * that call_rcu() orders the caller's accesses before the callback.
 * Tell it: rcu_read_unlock() and call_rcu() release, every callback
 * acquires.
 */
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
extern char xa_tsan_grace_period;
#undef rcu_read_unlock
#define rcu_read_unlock() do {						\
		__tsan_release(&xa_tsan_grace_period);			\
		urcu_memb_read_unlock();				\
	} while (0)
#undef call_rcu
#define call_rcu(head, func) do {					\
		__tsan_release(&xa_tsan_grace_period);			\
		urcu_memb_call_rcu(head, func);				\
	} while (0)
#define rcu_callback_begin()	__tsan_acquire(&xa_tsan_grace_period)
#elif defined(XA_SHIM_DEFER_RCU)
/*
 * Single-threaded tests (the fuzzer): a callback waits in a list until
 * the test, between two calls, says that no reader can be left by
 * calling xa_shim_grace_period().  Frees then happen at a point that
 * does not depend on a callback thread, so node counts are exact.
 */
void xa_shim_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *));
void xa_shim_grace_period(void);
#undef call_rcu
#define call_rcu(head, func)	xa_shim_call_rcu(head, func)
#define rcu_callback_begin()	do { } while (0)
#else
#define rcu_callback_begin()	do { } while (0)
#endif
/* Publication as C11 atomics, which ThreadSanitizer understands. */
#define RCU_INIT_POINTER(p, v)		__atomic_store_n(&(p), v, __ATOMIC_RELAXED)
#undef rcu_assign_pointer
#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), v, __ATOMIC_RELEASE)

/* Allocation flags: only whether the caller may wait matters here. */
#define __GFP_BITS_SHIFT	26
#define __GFP_DIRECT_RECLAIM	0x400u
#define __GFP_ACCOUNT		0x400000u
#define __GFP_NOWARN		0x2000u
#define __GFP_ZERO		0x100u
#define GFP_NOWAIT		0u
#define GFP_ATOMIC		0x20u
#define GFP_KERNEL		(__GFP_DIRECT_RECLAIM | 0xc0u)
#define GFP_NOFS		(__GFP_DIRECT_RECLAIM | 0x40u)
#define might_alloc(gfp)	do { (void)(gfp); } while (0)

static inline bool gfpflags_allow_blocking(gfp_t gfp)
{
	return gfp & __GFP_DIRECT_RECLAIM;
}

/* The node "slab": see userspace/shim.c. */
struct kmem_cache;
struct list_lru;
void *kmem_cache_alloc_lru(struct kmem_cache *cache, struct list_lru *lru,
		gfp_t gfp);

/*
 * Failure injection for tests: when set, called before every node
 * allocation; returning true makes that allocation fail.
 */
extern bool (*xa_alloc_fail_hook)(gfp_t gfp);
/* Nodes currently allocated (for leak checks). */
extern long xa_nodes_allocated;

#endif

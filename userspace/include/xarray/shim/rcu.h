/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * RCU from liburcu's default flavour: a program that includes
 * <xarray/xarray.h> has liburcu's rcu_read_lock(), rcu_register_thread()
 * and the rest.  Pointers are published with a release store and read
 * with liburcu's rcu_dereference().
 */
#ifndef XARRAY_SHIM_RCU_H
#define XARRAY_SHIM_RCU_H

#include <urcu.h>

#define xa_shim_rcu_dereference_check(p, c)	((void)(c), rcu_dereference(p))
#define xa_shim_rcu_dereference_protected(p, c)	((void)(c), (p))
#define xa_shim_rcu_dereference_raw(p)		rcu_dereference(p)
#define XA_SHIM_RCU_INIT_POINTER(p, v)	__atomic_store_n(&(p), v, __ATOMIC_RELAXED)
#define xa_shim_rcu_assign_pointer(p, v) __atomic_store_n(&(p), v, __ATOMIC_RELEASE)

/*
 * rcu_register_thread() also watches for the thread's end: a thread
 * that ends while registered leaves liburcu's list of readers pointing
 * at its freed thread-local state, and a later grace period hangs or
 * crashes.  The library aborts at the thread's end instead, with a
 * message that names rcu_unregister_thread().
 */
#ifdef __cplusplus
extern "C" {
#endif
void xa_shim_rcu_register_thread(void);
#ifdef __cplusplus
}
#endif
#undef rcu_register_thread
#define rcu_register_thread xa_shim_rcu_register_thread

/*
 * Grace periods as a race detector sees them.  liburcu's own
 * synchronisation is invisible to ThreadSanitizer, so a program built
 * with it would be told that an RCU callback's free() races with the
 * readers that were done with the object before the grace period.
 * Under ThreadSanitizer a read-side section's end releases one
 * synchronisation object, every callback acquires it before it runs
 * (call_rcu() wraps it) and synchronize_rcu() and rcu_barrier() acquire
 * it once they return.  The object is liburcu's grace-period state: its
 * address only, nothing is written there.  Built without
 * ThreadSanitizer, none of this is compiled.
 */
#if defined(__SANITIZE_THREAD__)
#define XA_SHIM_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define XA_SHIM_TSAN 1
#endif
#endif

#ifdef __cplusplus
extern "C" struct urcu_gp urcu_memb_gp;
#else
struct urcu_gp;
extern struct urcu_gp urcu_memb_gp;
#endif
#define XA_SHIM_GRACE_PERIODS	((void *)&urcu_memb_gp)

#ifdef XA_SHIM_TSAN
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);
#ifdef __cplusplus
}
#endif

static inline void xa_shim_tsan_read_unlock(void)
{
	__tsan_release(XA_SHIM_GRACE_PERIODS);
	urcu_memb_read_unlock();
}

static inline void xa_shim_tsan_synchronize_rcu(void)
{
	urcu_memb_synchronize_rcu();
	__tsan_acquire(XA_SHIM_GRACE_PERIODS);
}

/*
 * rcu_barrier() allocates what its own callbacks free on the call_rcu
 * threads, synchronised in ways ThreadSanitizer cannot see: the calling
 * thread's part of that is not recorded.
 */
static inline void xa_shim_tsan_rcu_barrier(void)
{
	__tsan_ignore_thread_begin();
	urcu_memb_barrier();
	__tsan_ignore_thread_end();
	__tsan_acquire(XA_SHIM_GRACE_PERIODS);
}

/* A callback queued by call_rcu(), and what it was queued for. */
struct xa_shim_tsan_callback {
	struct rcu_head head;
	struct rcu_head *user;
	void (*func)(struct rcu_head *head);
};

static inline void xa_shim_tsan_run_callback(struct rcu_head *head)
{
	struct xa_shim_tsan_callback *cb =
		caa_container_of(head, struct xa_shim_tsan_callback, head);

	__tsan_acquire(XA_SHIM_GRACE_PERIODS);
	cb->func(cb->user);
	__tsan_release(XA_SHIM_GRACE_PERIODS);
	free(cb);
}

/* Without the memory to wrap it, the callback is queued as it is. */
static inline void xa_shim_tsan_call_rcu(struct rcu_head *head,
					 void (*func)(struct rcu_head *head))
{
	struct xa_shim_tsan_callback *cb =
		(struct xa_shim_tsan_callback *)malloc(sizeof(*cb));

	if (!cb) {
		__tsan_release(XA_SHIM_GRACE_PERIODS);
		urcu_memb_call_rcu(head, func);
		return;
	}
	cb->user = head;
	cb->func = func;
	__tsan_release(XA_SHIM_GRACE_PERIODS);
	urcu_memb_call_rcu(&cb->head, xa_shim_tsan_run_callback);
}

#undef rcu_read_unlock
#define rcu_read_unlock			xa_shim_tsan_read_unlock
#undef synchronize_rcu
#define synchronize_rcu			xa_shim_tsan_synchronize_rcu
#undef rcu_barrier
#define rcu_barrier			xa_shim_tsan_rcu_barrier
#undef call_rcu
#define call_rcu			xa_shim_tsan_call_rcu
#endif

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: see linux/compiler.h.  Inside the library, rcu_read_lock()
 * and call_rcu() first check that the calling thread is registered with
 * liburcu: an unregistered reader is invisible to grace periods, so the
 * nodes it walks could be freed under it.  A program that forgets
 * rcu_register_thread() gets a one-line message and an abort instead of
 * a use-after-free.
 */
#ifndef _XARRAY_USERSPACE_RCUPDATE_H
#define _XARRAY_USERSPACE_RCUPDATE_H

#include <xarray/shim/rcu.h>
#include <linux/compiler.h>

#define rcu_dereference_check(p, c)	xa_shim_rcu_dereference_check(p, c)
#define rcu_dereference_protected(p, c)	xa_shim_rcu_dereference_protected(p, c)
#define rcu_dereference_raw(p)		xa_shim_rcu_dereference_raw(p)
#define RCU_INIT_POINTER(p, v)		XA_SHIM_RCU_INIT_POINTER(p, v)
#undef rcu_assign_pointer
#define rcu_assign_pointer(p, v)	xa_shim_rcu_assign_pointer(p, v)

void xa_shim_rcu_unregistered(const char *caller) __attribute__((__noreturn__));

/* Abort with a message naming @caller if this thread is not registered. */
#define rcu_check_registered()	do {					\
		if (unlikely(!URCU_TLS(urcu_memb_reader).registered))	\
			xa_shim_rcu_unregistered(__func__);			\
	} while (0)

#undef rcu_read_lock
#define rcu_read_lock() do {						\
		rcu_check_registered();					\
		urcu_memb_read_lock();					\
	} while (0)

/*
 * The library's RCU callbacks go through shim.c: a race detector's view
 * of grace periods (see xarray/shim/rcu.h, which also covers the
 * library's own readers when it is built with ThreadSanitizer) and the
 * check that a fork()ed child has a call_rcu thread before it queues
 * anything.
 */
void xa_shim_rcu_queue(struct rcu_head *head, void (*func)(struct rcu_head *));
void xa_shim_rcu_callback_begin(void);
#ifdef XA_SHIM_DEFER_RCU
/*
 * Single-threaded tests (the fuzzer): a callback waits in a list until
 * the test, between two calls, says that no reader can be left by
 * calling xa_shim_grace_period().  Frees then happen at a point that
 * does not depend on a callback thread, so node counts are exact.
 */
void xa_shim_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *));
void xa_shim_grace_period(void);
#define rcu_queue_callback(head, func)	xa_shim_call_rcu(head, func)
#define rcu_callback_begin()	do { } while (0)
#else
#define rcu_queue_callback(head, func)	xa_shim_rcu_queue(head, func)
#define rcu_callback_begin()	xa_shim_rcu_callback_begin()
#endif

#undef call_rcu
#define call_rcu(head, func) do {					\
		rcu_check_registered();					\
		rcu_queue_callback(head, func);				\
	} while (0)

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * RCU from liburcu's default flavour: a program that includes
 * <xarray/xarray.h> has liburcu's rcu_read_lock(), rcu_register_thread()
 * and the rest.  Pointers are published with a release store and read
 * with liburcu's rcu_dereference(), which ThreadSanitizer understands.
 */
#ifndef XARRAY_SHIM_RCU_H
#define XARRAY_SHIM_RCU_H

#include <urcu.h>

#define xa_shim_rcu_dereference_check(p, c)	((void)(c), rcu_dereference(p))
#define xa_shim_rcu_dereference_protected(p, c)	((void)(c), (p))
#define xa_shim_rcu_dereference_raw(p)		rcu_dereference(p)
#define XA_SHIM_RCU_INIT_POINTER(p, v)	__atomic_store_n(&(p), v, __ATOMIC_RELAXED)
#define xa_shim_rcu_assign_pointer(p, v) __atomic_store_n(&(p), v, __ATOMIC_RELEASE)

#endif

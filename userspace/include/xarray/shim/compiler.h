/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Compiler hints and sparse annotations that <xarray/xarray.h> uses, under
 * names of the library's own.  Sparse's annotations mean nothing to a C
 * compiler and expand to nothing.
 */
#ifndef XARRAY_SHIM_COMPILER_H
#define XARRAY_SHIM_COMPILER_H

#define xa_shim_rcu
#define xa_shim_force
#define xa_shim_bitwise
#define xa_shim_acquires(x)
#define xa_shim_releases(x)
#define xa_shim_must_check	__attribute__((__warn_unused_result__))
#define xa_shim_always_inline	inline __attribute__((__always_inline__))
#define xa_shim_likely(x)	__builtin_expect(!!(x), 1)
#define xa_shim_unlikely(x)	__builtin_expect(!!(x), 0)
/* One load the compiler may neither tear, repeat nor move out of a loop. */
#define XA_SHIM_READ_ONCE(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Building lib/xarray.c in userspace.  Each header in this directory
 * gives the kernel's names to what <xarray/shim/...> defines, in lines of
 * the form "#define kernel_name xa_shim_name" that userspace/gen-header.sh
 * also reads, to write the installed <xarray/xarray.h> with the shim's
 * names.  Names only lib/xarray.c uses are defined here directly: they
 * never reach a user.
 */
#ifndef _XARRAY_USERSPACE_COMPILER_H
#define _XARRAY_USERSPACE_COMPILER_H

#include <xarray/shim/compiler.h>

#undef __always_inline		/* glibc's <sys/cdefs.h> has its own */
#undef __rcu			/* and so has liburcu's <urcu/compiler.h> */
#define __rcu			xa_shim_rcu
#define __force			xa_shim_force
#define __bitwise		xa_shim_bitwise
#define __acquires(x)		xa_shim_acquires(x)
#define __releases(x)		xa_shim_releases(x)
#define __must_check		xa_shim_must_check
#define __always_inline		xa_shim_always_inline
#define likely(x)		xa_shim_likely(x)
#define unlikely(x)		xa_shim_unlikely(x)
#define READ_ONCE(x)		XA_SHIM_READ_ONCE(x)

#define __must_hold(x)
#define WRITE_ONCE(x, val)	__atomic_store_n(&(x), (val), __ATOMIC_RELAXED)
#define noinline		__attribute__((__noinline__))

#endif

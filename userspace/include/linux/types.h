/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: see linux/compiler.h.  The system's <linux/types.h> comes
 * first: the C library's headers include it too (s390x's signal.h for
 * __vector128), and this one, first on the library's include path,
 * must not hide it.
 */
#include_next <linux/types.h>

#ifndef _XARRAY_USERSPACE_TYPES_H
#define _XARRAY_USERSPACE_TYPES_H

#include <errno.h>
#include <string.h>
#include <xarray/shim/types.h>

#define u32			xa_shim_u32
#define BITS_PER_LONG		XA_SHIM_BITS_PER_LONG
#define MAX_ERRNO		XA_SHIM_MAX_ERRNO
#define DIV_ROUND_UP(n, d)	XA_SHIM_DIV_ROUND_UP(n, d)
#define min(a, b)		xa_shim_min(a, b)
#define max(a, b)		xa_shim_max(a, b)

#endif

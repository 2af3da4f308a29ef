/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Integer types, limits and the build configuration <xarray/xarray.h>
 * uses: the library is built with 64-slot nodes and multi-index entries,
 * as distributions build the kernel.
 */
#ifndef XARRAY_SHIM_TYPES_H
#define XARRAY_SHIM_TYPES_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

typedef uint32_t xa_shim_u32;

#define XA_SHIM_BITS_PER_LONG		(CHAR_BIT * (int)sizeof(long))
#define XA_SHIM_MAX_ERRNO		4095
#define XA_SHIM_DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define xa_shim_min(a, b)		((a) < (b) ? (a) : (b))
#define xa_shim_max(a, b)		((a) > (b) ? (a) : (b))

#define XA_SHIM_CONFIG_BASE_SMALL	0
#define XA_SHIM_CONFIG_XARRAY_MULTI	1
#define XA_SHIM_IS_ENABLED(option)	(option)

#endif

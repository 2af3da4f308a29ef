/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Allocation flags.  Of the kernel's flags, the library only asks whether
 * the caller may wait (GFP_KERNEL, GFP_NOFS) or not (GFP_NOWAIT,
 * GFP_ATOMIC): it never waits itself, but it only retries a failed
 * allocation outside the lock for a caller who may.  The values are the
 * kernel's, so that flags stored in xa_flags line up with its.
 */
#ifndef XARRAY_SHIM_GFP_H
#define XARRAY_SHIM_GFP_H

#include <xarray/shim/types.h>

typedef unsigned int xa_shim_gfp_t;

#define XA_SHIM_GFP_BITS_SHIFT		26
#define XA_SHIM_GFP_DIRECT_RECLAIM	0x400u
#define __GFP_ACCOUNT			0x400000u
#define __GFP_NOWARN			0x2000u
#define GFP_NOWAIT			0u
#define GFP_ATOMIC			0x20u
#define GFP_KERNEL			(XA_SHIM_GFP_DIRECT_RECLAIM | 0xc0u)
#define GFP_NOFS			(XA_SHIM_GFP_DIRECT_RECLAIM | 0x40u)

#define xa_shim_might_alloc(gfp)	((void)(gfp))

static inline bool xa_shim_gfpflags_allow_blocking(xa_shim_gfp_t gfp)
{
	return gfp & XA_SHIM_GFP_DIRECT_RECLAIM;
}

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: see linux/compiler.h. */
#ifndef _XARRAY_USERSPACE_GFP_H
#define _XARRAY_USERSPACE_GFP_H

#include <xarray/shim/gfp.h>

#define gfp_t				xa_shim_gfp_t
#define __GFP_BITS_SHIFT		XA_SHIM_GFP_BITS_SHIFT
#define __GFP_DIRECT_RECLAIM		XA_SHIM_GFP_DIRECT_RECLAIM
#define might_alloc(gfp)		xa_shim_might_alloc(gfp)
#define gfpflags_allow_blocking(gfp)	xa_shim_gfpflags_allow_blocking(gfp)

#endif

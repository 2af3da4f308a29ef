/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: see linux/compiler.h. */
#ifndef _XARRAY_USERSPACE_BUG_H
#define _XARRAY_USERSPACE_BUG_H

#include <xarray/shim/bug.h>

#define BUG()			XA_SHIM_BUG()
#define BUG_ON(cond)		XA_SHIM_BUG_ON(cond)
#define WARN_ON(cond)		XA_SHIM_WARN_ON(cond)

#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define pr_info(...)		printf(__VA_ARGS__)
#define pr_cont(...)		printf(__VA_ARGS__)

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: see linux/compiler.h. */
#ifndef _XARRAY_USERSPACE_KCONFIG_H
#define _XARRAY_USERSPACE_KCONFIG_H

#include <xarray/shim/types.h>

#define CONFIG_BASE_SMALL	XA_SHIM_CONFIG_BASE_SMALL
#define CONFIG_XARRAY_MULTI	XA_SHIM_CONFIG_XARRAY_MULTI
#define IS_ENABLED(option)	XA_SHIM_IS_ENABLED(option)

/* The normal API refuses pointers whose low bits are 10 (lib/xarray.c). */
#define XA_STRICT_ENTRIES	1

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: see linux/compiler.h.  As in the kernel, linux/kernel.h
 * brings in the rest.
 */
#ifndef _XARRAY_USERSPACE_KERNEL_H
#define _XARRAY_USERSPACE_KERNEL_H

#include <asm/barrier.h>
#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#endif

/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: see linux/compiler.h.  The library's exports are made from
 * the EXPORT_SYMBOL lines (userspace/lib.mk writes a version script from
 * them), so the macro itself has nothing to do.
 */
#ifndef _XARRAY_USERSPACE_EXPORT_H
#define _XARRAY_USERSPACE_EXPORT_H

#define EXPORT_SYMBOL(sym)	extern int xa_export_##sym
#define EXPORT_SYMBOL_GPL(sym)	extern int xa_export_##sym

#endif

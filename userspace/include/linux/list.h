/* SPDX-License-Identifier: GPL-2.0+ */
/* Userspace: see linux/compiler.h. */
#ifndef _XARRAY_USERSPACE_LIST_H
#define _XARRAY_USERSPACE_LIST_H

#include <xarray/shim/list.h>

#define list_head		xa_shim_list_head
#define INIT_LIST_HEAD(list)	xa_shim_init_list_head(list)
#define list_empty(head)	xa_shim_list_empty(head)
#define list_lru		xa_shim_list_lru

#endif

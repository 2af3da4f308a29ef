/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The list head in struct xa_node, which the XArray leaves to its user
 * (the kernel's page cache keeps shadow nodes on it); the library only
 * initialises it.
 */
#ifndef XARRAY_SHIM_LIST_H
#define XARRAY_SHIM_LIST_H

#include <xarray/shim/types.h>

struct xa_shim_list_head {
	struct xa_shim_list_head *next, *prev;
};

static inline void xa_shim_init_list_head(struct xa_shim_list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline bool xa_shim_list_empty(const struct xa_shim_list_head *head)
{
	return head->next == head;
}

#endif

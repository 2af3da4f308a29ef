/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Userspace: the node "slab" of userspace/shim.c, with the two hooks the
 * tests use.  Neither is exported from the shared library.
 */
#ifndef _XARRAY_USERSPACE_SLAB_H
#define _XARRAY_USERSPACE_SLAB_H

#include <linux/gfp.h>
#include <linux/list.h>

struct kmem_cache;
struct list_lru;
void *kmem_cache_alloc_lru(struct kmem_cache *cache, struct list_lru *lru,
			   gfp_t gfp);

/*
 * Failure injection for tests: when set, called before every node
 * allocation; returning true makes that allocation fail.
 */
extern bool (*xa_alloc_fail_hook)(gfp_t gfp);
/* Nodes currently allocated (for leak checks). */
extern long xa_nodes_allocated;

#endif

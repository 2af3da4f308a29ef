// SPDX-License-Identifier: GPL-2.0+
/*
 * The node allocator lib/xarray.c expects from the kernel's radix tree
 * (radix_tree_node_cachep, kmem_cache_alloc_lru() and
 * radix_tree_node_rcu_free()), over calloc() and free(), with a hook that
 * lets tests fail any allocation and a count of live nodes.
 */
#include <linux/slab.h>
#include <linux/xarray.h>

#include "../lib/radix-tree.h"

struct kmem_cache {
	size_t size;
};

static struct kmem_cache node_cache = { sizeof(struct xa_node) };
struct kmem_cache *radix_tree_node_cachep = &node_cache;
#ifdef __SANITIZE_THREAD__
char xa_tsan_grace_period;
#endif
bool (*xa_alloc_fail_hook)(gfp_t gfp);
long xa_nodes_allocated;

void xa_shim_rcu_unregistered(const char *caller)
{
	fprintf(stderr, "xarray: %s() called from a thread that is not registered with RCU; call rcu_register_thread() in the thread first\n",
		caller);
	abort();
}

void *kmem_cache_alloc_lru(struct kmem_cache *cache, struct list_lru *lru,
			   gfp_t gfp)
{
	struct xa_node *node;

	(void)lru;
	if (xa_alloc_fail_hook && xa_alloc_fail_hook(gfp))
		return NULL;
	node = calloc(1, cache->size);
	if (!node)
		return NULL;
	INIT_LIST_HEAD(&node->private_list);
	uatomic_inc(&xa_nodes_allocated);
	return node;
}

void radix_tree_node_rcu_free(struct rcu_head *head)
{
	struct xa_node *node = caa_container_of(head, struct xa_node, rcu_head);

	rcu_callback_begin();
	free(node);
	uatomic_dec(&xa_nodes_allocated);
}

#ifdef XA_SHIM_DEFER_RCU
static struct rcu_head *deferred;

void xa_shim_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *))
{
	head->func = func;
	head->next.next = (struct cds_wfcq_node *)deferred;
	deferred = head;
}

void xa_shim_grace_period(void)
{
	while (deferred) {
		struct rcu_head *head = deferred;

		deferred = (struct rcu_head *)head->next.next;
		head->func(head);
	}
}
#endif

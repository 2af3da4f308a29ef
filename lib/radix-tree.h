/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * What lib/radix-tree.c shares with lib/xarray.c: the slab cache both
 * take their nodes from, and the RCU callback that gives a node back to
 * it in the state the cache's constructor leaves.
 */
#ifndef _LIB_RADIX_TREE_H
#define _LIB_RADIX_TREE_H

struct kmem_cache;
struct rcu_head;

extern struct kmem_cache *radix_tree_node_cachep;
void radix_tree_node_rcu_free(struct rcu_head *head);

#endif /* _LIB_RADIX_TREE_H */

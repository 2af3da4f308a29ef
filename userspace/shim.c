// SPDX-License-Identifier: GPL-2.0+
/*
 * The node allocator lib/xarray.c expects from the kernel's radix tree
 * (radix_tree_node_cachep, kmem_cache_alloc_lru() and
 * radix_tree_node_rcu_free()), over calloc() and free(), with a hook that
 * lets tests fail any allocation and a count of live nodes; and the
 * checks that turn a program's misuse of the lock or of RCU, which would
 * hang it, into an abort with a message that names the fix.
 */
#include <linux/slab.h>
#include <linux/xarray.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../lib/radix-tree.h"

struct kmem_cache {
	size_t size;
};

static struct kmem_cache node_cache = { sizeof(struct xa_node) };
struct kmem_cache *radix_tree_node_cachep = &node_cache;
bool (*xa_alloc_fail_hook)(gfp_t gfp);
long xa_nodes_allocated;

/*
 * ThreadSanitizer's annotations, when the program runs under it (its
 * runtime defines them); NULL otherwise.  See xarray/shim/rcu.h.
 */
extern void __tsan_acquire(void *addr) __attribute__((__weak__));
extern void __tsan_release(void *addr) __attribute__((__weak__));

void xa_shim_rcu_unregistered(const char *caller)
{
	fprintf(stderr, "xarray: %s() called from a thread that is not registered with RCU; call rcu_register_thread() in the thread first\n",
		caller);
	abort();
}

/*
 * The array's lock could not be taken at once (xarray/shim/spinlock.h).
 * glibc records the thread that holds a mutex: when it is this one, the
 * wait would never end.
 */
void xa_shim_spin_lock_contended(xa_shim_spinlock_t *lock)
{
#ifdef __GLIBC__
	if (lock->__data.__owner == (int)syscall(SYS_gettid)) {
		fputs("xarray: this thread already holds the array's lock; inside xa_lock(), call __xa_store(), __xa_erase() and the other __xa_*() functions, not the xa_*() ones that take the lock\n",
		      stderr);
		abort();
	}
#endif
	pthread_mutex_lock(lock);
}

/* The end of a thread rcu_register_thread() registered (xarray/shim/rcu.h). */
static pthread_key_t thread_end_key;
static pthread_once_t thread_end_once = PTHREAD_ONCE_INIT;

static void thread_ended(void *unused)
{
	(void)unused;
	if (URCU_TLS(urcu_memb_reader).registered) {
		fputs("xarray: a thread ended while registered with RCU; call rcu_unregister_thread() before it returns\n",
		      stderr);
		abort();
	}
}

static void make_thread_end_key(void)
{
	if (pthread_key_create(&thread_end_key, thread_ended))
		thread_end_key = (pthread_key_t)-1;
}

void xa_shim_rcu_register_thread(void)
{
	urcu_memb_register_thread();
	pthread_once(&thread_end_once, make_thread_end_key);
	if (thread_end_key != (pthread_key_t)-1)
		pthread_setspecific(thread_end_key, &thread_end_key);
}

/*
 * A fork()ed child has no call_rcu thread until it calls
 * call_rcu_after_fork_child(): callbacks queued before that wait for
 * ever, and so does rcu_barrier().  Once a fork has happened, the first
 * callback the library queues checks that the thread is there.
 */
static int forked;

static void note_fork(void)
{
	forked = 1;
}

__attribute__((__constructor__)) static void watch_forks(void)
{
	pthread_atfork(NULL, NULL, note_fork);
}

static void check_call_rcu_thread(void)
{
	struct call_rcu_data *crdp = get_default_call_rcu_data();

	if (crdp && pthread_kill(get_call_rcu_thread(crdp), 0) != 0) {
		fputs("xarray: used in a fork()ed child that has no call_rcu thread; call call_rcu_before_fork() before fork(), then call_rcu_after_fork_parent() in the parent and call_rcu_after_fork_child() in the child\n",
		      stderr);
		abort();
	}
	forked = 0;
}

void xa_shim_rcu_queue(struct rcu_head *head, void (*func)(struct rcu_head *))
{
	if (unlikely(forked))
		check_call_rcu_thread();
	if (__tsan_release)
		__tsan_release(XA_SHIM_GRACE_PERIODS);
	urcu_memb_call_rcu(head, func);
}

void xa_shim_rcu_callback_begin(void)
{
	if (__tsan_acquire)
		__tsan_acquire(XA_SHIM_GRACE_PERIODS);
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

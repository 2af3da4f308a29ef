// SPDX-License-Identifier: GPL-2.0+
/*
 * Heap objects published through the array, as a program of the
 * installed library does it: writers malloc() an object, fill it and
 * xa_store() it, and free the one it replaced with call_rcu(); readers
 * walk and load under rcu_read_lock() and read what the writer wrote.
 * Run under ThreadSanitizer it must report nothing, under AddressSanitizer
 * and valgrind find no error and no leak.
 * Usage: publish [MILLISECONDS]
 */
#include <xarray/xarray.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define KEYS	256
#define READERS	2
#define WRITERS	2

struct object {
	unsigned long key;
	unsigned long serial;
	unsigned long check;
	struct rcu_head rcu;
};

static DEFINE_XARRAY(array);
static int stop;

static int stopped(void)
{
	return __atomic_load_n(&stop, __ATOMIC_RELAXED);
}

static void check(const struct object *o, unsigned long index)
{
	if (o->key != index || o->check != (o->key ^ o->serial)) {
		fprintf(stderr, "publish: object at %lu holds key %lu check %lu\n",
			index, o->key, o->check);
		abort();
	}
}

static void free_object(struct rcu_head *head)
{
	free(caa_container_of(head, struct object, rcu));
}

static void *reader(void *arg)
{
	unsigned long index, passes = 0;
	struct object *o;

	(void)arg;
	rcu_register_thread();
	while (!stopped()) {
		rcu_read_lock();
		xa_for_each(&array, index, o)
			check(o, index);
		for (index = 0; index < KEYS; index++) {
			o = xa_load(&array, index);
			if (o)
				check(o, index);
		}
		rcu_read_unlock();
		passes++;
	}
	rcu_unregister_thread();
	return (void *)passes;
}

static void *writer(void *arg)
{
	unsigned long serial = (unsigned long)arg * 1000000000UL;
	unsigned int seed = (unsigned int)(unsigned long)arg;

	rcu_register_thread();
	while (!stopped()) {
		struct object *o = malloc(sizeof(*o)), *old;

		if (!o)
			abort();
		o->key = (unsigned long)rand_r(&seed) % KEYS;
		o->serial = ++serial;
		o->check = o->key ^ o->serial;
		old = xa_store(&array, o->key, o, GFP_KERNEL);
		if (xa_is_err(old))
			abort();
		if (old)
			call_rcu(&old->rcu, free_object);
	}
	rcu_unregister_thread();
	return NULL;
}

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 1000;
	struct timespec pause = { ms / 1000, ms % 1000 * 1000000 };
	pthread_t threads[READERS + WRITERS];
	unsigned long i, passes = 0;
	struct object *o;
	void *ret;

	rcu_register_thread();
	for (i = 0; i < READERS; i++)
		pthread_create(&threads[i], NULL, reader, NULL);
	for (i = 0; i < WRITERS; i++)
		pthread_create(&threads[READERS + i], NULL, writer, (void *)(i + 1));
	nanosleep(&pause, NULL);
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < READERS + WRITERS; i++) {
		pthread_join(threads[i], &ret);
		passes += (unsigned long)ret;
	}
	xa_for_each(&array, i, o) {
		xa_erase(&array, i);
		call_rcu(&o->rcu, free_object);
	}
	xa_destroy(&array);
	rcu_barrier();
	rcu_unregister_thread();
	printf("publish: %lu reader passes\n", passes);
	return 0;
}
